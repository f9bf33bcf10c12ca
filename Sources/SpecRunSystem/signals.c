// The signals that end a run, heard without a window in which one is lost.
//
// Each is caught by a handler that writes its number (one byte) to a pipe the run reads: a signal that comes
// before the reader is ready waits in the pipe. (Dispatch signal sources need SIG_IGN first, and a signal that
// comes between the two is dropped; libdispatch never blocks SIGPIPE on its threads, so an ignored SIGPIPE is
// always dropped.)
//
// SIGPIPE is told apart from a broken pipe by its sender: the kernel sends a broken pipe's SIGPIPE as the writing
// process itself (si_pid is our own pid) — the write then fails with EPIPE and nothing more happens; another
// process's `kill` names that process.
//
// A byte in the pipe is a signal only while the handler counted one not yet taken (`specrun_take_caught`): under
// `--no-isolation` a step runs in this process, and one that writes to every descriptor writes into the pipe too.
// There, too, a signal the process sends itself is the running step's (`specrun_self_signals_are_steps`).
#include "SpecRunSystem.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t notify_fd = -1;
/// The first signal that came while no one read them (`specrun_watch_signals_early`), 0 if none.
static volatile sig_atomic_t early_signal = 0;

static const int ending_signals[] = {SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGPIPE};
static const int ending_count = (int)(sizeof ending_signals / sizeof ending_signals[0]);

#define SLOTS 65
/// Per signal: caught and written to the pipe, not yet taken by its reader.
static atomic_int caught[SLOTS];
/// Per signal: whether the last one caught came from the kernel (a terminal's Ctrl-C or hangup), not a process.
static atomic_int from_kernel[SLOTS];
static atomic_int steps_here = 0;
static atomic_int self_sent = 0;

/// Sent by this very process (not by the kernel for a broken pipe, nor by another process).
static int sent_by_itself(const siginfo_t *info) {
    return info != NULL && info->si_pid == getpid() && (info->si_code == SI_USER || info->si_code == SI_QUEUE
#ifdef SI_TKILL
                                                            || info->si_code == SI_TKILL
#endif
                                                            );
}

static void on_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    if (signal_number == SIGPIPE && (info == NULL || info->si_pid == 0 || info->si_pid == getpid())) return;
    if (atomic_load(&steps_here) && sent_by_itself(info)) {
        int none = 0;
        atomic_compare_exchange_strong(&self_sent, &none, signal_number);
        return;
    }
    int fd = notify_fd;
    if (fd < 0) {
        if (early_signal == 0) early_signal = signal_number;
        return;
    }
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (signal_number > 0 && signal_number < SLOTS) {
        atomic_store(&from_kernel[signal_number], info != NULL && info->si_code == SI_KERNEL);
        atomic_fetch_add(&caught[signal_number], 1);
    }
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

int specrun_watch_signals(int fd, const int *signal_numbers, int count) {
    notify_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < count; index++) {
        if (sigaction(signal_numbers[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

/// SIGTSTP (a terminal's Ctrl-Z, `kill -TSTP`): its byte goes to the same pipe; the run's reader pauses the run.
static void on_stop_signal(int signal_number) {
    int fd = notify_fd;
    if (fd < 0) return;
    int saved = errno;
    atomic_fetch_add(&caught[signal_number], 1);
    unsigned char byte = (unsigned char)signal_number;
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

int specrun_watch_stop_signal(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGTSTP, &action, NULL);
}

void specrun_stop_self(void) {
    struct sigaction dfl, handler;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    if (sigaction(SIGTSTP, &dfl, &handler) != 0) return;
    sigset_t only, before;
    sigemptyset(&only);
    sigaddset(&only, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only, &before);
    // Sent to this thread, which does not block it: the whole process stops right here, and goes on from here
    // once continued. (In an orphaned process group the kernel drops it: no terminal's job control applies.)
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    sigaction(SIGTSTP, &handler, NULL);
}

int specrun_ending_signal(int index) { return index >= 0 && index < ending_count ? ending_signals[index] : 0; }

void specrun_watch_signals_early(void) { specrun_watch_signals(-1, ending_signals, ending_count); }

int specrun_take_early_signal(void) {
    int signal_number = early_signal;
    early_signal = 0;
    return signal_number;
}

void specrun_release_signals(void) {
    for (int index = 0; index < ending_count; index++) {
        if (ending_signals[index] != SIGPIPE) signal(ending_signals[index], SIG_DFL);
    }
    int signal_number = specrun_take_early_signal();
    if (signal_number != 0 && signal_number != SIGPIPE) raise(signal_number);
}

int specrun_take_caught(int signal_number) {
    if (signal_number <= 0 || signal_number >= SLOTS) return 0;
    int count = atomic_load(&caught[signal_number]);
    while (count > 0) {
        if (atomic_compare_exchange_weak(&caught[signal_number], &count, count - 1)) return 1;
    }
    return 0;
}

int specrun_ending_signal_caught(void) {
    for (int index = 0; index < ending_count; index++) {
        if (atomic_load_explicit(&caught[ending_signals[index]], memory_order_relaxed) > 0) return 1;
    }
    return 0;
}

void specrun_note_caught(int signal_number) {
    if (signal_number > 0 && signal_number < SLOTS) atomic_fetch_add(&caught[signal_number], 1);
}

void specrun_self_signals_are_steps(int on) { atomic_store(&steps_here, on ? 1 : 0); }

static atomic_int process_sent = 0;

void specrun_note_process_signal(int signal_number) { atomic_store_explicit(&process_sent, signal_number, memory_order_relaxed); }

// (Read first: asked after every test case, and a plain load is no locked instruction.)
int specrun_take_process_signal(void) {
    return atomic_load_explicit(&process_sent, memory_order_relaxed) == 0 ? 0 : atomic_exchange(&process_sent, 0);
}

// (Read first: asked after every step, and a plain load is no locked instruction.)
int specrun_take_self_signal(void) {
    return atomic_load_explicit(&self_sent, memory_order_relaxed) == 0 ? 0 : atomic_exchange(&self_sent, 0);
}

int specrun_signal_came_from_kernel(int signal_number) {
    return signal_number > 0 && signal_number < SLOTS ? atomic_load(&from_kernel[signal_number]) : 0;
}
