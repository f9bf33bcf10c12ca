// Whether a signal was sent to a thread of this process through the C library since the run last asked.
//
// A thread of the concurrency pool blocks the signals that end a process: one a step raises on its own thread
// (`raise(SIGTERM)`, `pthread_kill(pthread_self(), SIGUSR1)`) stays pending there, and the run asks after each
// step (`StepSignals.takePending` in SpecRunWorkers). Asking is a system call (`sigpending`): at c50k's 350,000
// steps, asking never was 1.15 → 1.04 s of wall time, and asking as this file allows 1.11 → 1.06 s (2026-12-02,
// release static `bench-specs`, 7 and 9 alternated rounds; docs/PERFORMANCE.md). So `raise`,
// `pthread_kill` and `tgkill` are wrapped here (this file defines them; glibc's are called through
// dlsym(RTLD_NEXT), as work.c does for pthread_create): each notes that a thread-directed signal was sent, and the
// run asks the kernel after a step only then. One the kernel itself sends to a thread (SIGXFSZ) or a raw `syscall`
// does not pass here: the run asks after each test case's last step in any case, so it never reaches another
// scenario.
//
// Linux with glibc only; elsewhere `specrun_take_thread_signal_sent` always says 1 (ask after every step).
#define _GNU_SOURCE
#include "SpecRunSystem.h"

#ifdef __linux__
#include <features.h>  // __GLIBC__
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static atomic_int sent = 0;

typedef int (*raise_function)(int);
typedef int (*pthread_kill_function)(pthread_t, int);
typedef int (*tgkill_function)(pid_t, pid_t, int);

/// A sanitizer's own wrappers, when the program is built with one: they must see every signal sent.
extern int __interceptor_raise(int) __attribute__((weak));
extern int __interceptor_pthread_kill(pthread_t, int) __attribute__((weak));

static _Atomic(raise_function) real_raise = 0;
static _Atomic(pthread_kill_function) real_pthread_kill = 0;
static _Atomic(tgkill_function) real_tgkill = 0;

/// Found before `main` (no `dlsym` where a signal handler calls `raise`), or at the first call before that.
static void find_real_functions(void) {
    if (!atomic_load(&real_raise))
        atomic_store(&real_raise, __interceptor_raise ? __interceptor_raise : (raise_function)dlsym(RTLD_NEXT, "raise"));
    if (!atomic_load(&real_pthread_kill))
        atomic_store(
            &real_pthread_kill, __interceptor_pthread_kill ? __interceptor_pthread_kill
                                                           : (pthread_kill_function)dlsym(RTLD_NEXT, "pthread_kill"));
    if (!atomic_load(&real_tgkill)) atomic_store(&real_tgkill, (tgkill_function)dlsym(RTLD_NEXT, "tgkill"));
}

__attribute__((constructor)) static void find_at_load(void) { find_real_functions(); }

// (Noted after the call: the signal is pending by the time anyone reads the note.)

int raise(int signal_number) {
    raise_function real = atomic_load(&real_raise);
    if (!real) find_real_functions(), real = atomic_load(&real_raise);
    int result = real ? real(signal_number) : (int)syscall(SYS_tgkill, getpid(), (pid_t)syscall(SYS_gettid), signal_number);
    atomic_store(&sent, 1);
    return result;
}

int pthread_kill(pthread_t thread, int signal_number) {
    pthread_kill_function real = atomic_load(&real_pthread_kill);
    if (!real) find_real_functions(), real = atomic_load(&real_pthread_kill);
    int result = real ? real(thread, signal_number) : ESRCH;
    if (signal_number != 0) atomic_store(&sent, 1);
    return result;
}

int tgkill(pid_t process, pid_t thread, int signal_number) {
    tgkill_function real = atomic_load(&real_tgkill);
    if (!real) find_real_functions(), real = atomic_load(&real_tgkill);
    int result = real ? real(process, thread, signal_number) : (int)syscall(SYS_tgkill, process, thread, signal_number);
    if (signal_number != 0) atomic_store(&sent, 1);
    return result;
}

// (Read first: asked after every step, and a plain load is no locked instruction.)
int specrun_take_thread_signal_sent(void) {
    return atomic_load_explicit(&sent, memory_order_relaxed) != 0 && atomic_exchange(&sent, 0) != 0;
}

#else

int specrun_take_thread_signal_sent(void) { return 1; }

#endif
