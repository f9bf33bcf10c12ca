// SIGPIPE sent by another process (`kill -PIPE`), told apart from a broken pipe.
//
// A reader that goes away (`specrun … | head`) must not end a run before its reports are written, so SIGPIPE
// cannot end the process; yet SIGPIPE sent with `kill` ends a run like the other ending signals. SIG_IGN drops
// both, and a dispatch signal source does not help: libdispatch never blocks SIGPIPE on its threads (it is
// synchronous for a write), so an ignored SIGPIPE is dropped when it is sent, before any signal source can see it.
// This handler tells them apart by the sender: the kernel sends a broken pipe's SIGPIPE as the writing process
// itself (si_pid is our own pid); another process's `kill` names that process. The latter writes one byte to a
// pipe the run watches.
#include "SpecRunSystem.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t notify_fd = -1;

static void on_sigpipe(int signal_number, siginfo_t *info, void *context) {
    (void)signal_number;
    (void)context;
    if (info == NULL || info->si_pid == 0 || info->si_pid == getpid() || notify_fd < 0) return;
    int saved = errno;
    char byte = 1;
    ssize_t ignored = write(notify_fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

int specrun_watch_sigpipe_from_others(int fd) {
    notify_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigpipe;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGPIPE, &action, NULL);
}
