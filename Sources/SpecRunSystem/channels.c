// One writer per channel: a copy of a worker forked by a step (fork() without exec) loses the worker's channels.
//
// A worker's two channels to its supervisor (its instructions in, its messages out) are the worker's alone. A step
// that forks without exec makes a copy of the worker that holds them too: a copy that goes on running the worker's
// code (returns from the step) would write the worker's messages a second time, read its instructions, and keep the
// message pipe open after the worker's end. A pthread_atfork child handler points both descriptors, in the child, at
// /dev/null opened the wrong way round (reads and writes on them fail with EBADF), keeping their numbers taken so that
// nothing else the child opens lands there, and notes that this process is a forked copy. (A child forked with the
// raw system call runs no handler: the outbox's owner check and the supervisor's plan check catch it.)
#include "SpecRunSystem.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static int guarded_instructions = -1;
static int guarded_messages = -1;
static volatile int forked_copy = 0;

static void replace(int fd, int flags) {
    if (fd < 0) return;
    int null = open("/dev/null", flags | O_CLOEXEC);
    if (null < 0) {
        close(fd);
        return;
    }
    if (null != fd) {
        dup2(null, fd);
        close(null);
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
}

static void guard_child(void) {
    forked_copy = 1;
    replace(guarded_instructions, O_WRONLY);  // read(2) on it: EBADF
    replace(guarded_messages, O_RDONLY);      // write(2) on it: EBADF
}

int specrun_guard_channels(int instructions, int messages) {
    guarded_instructions = instructions;
    guarded_messages = messages;
    return pthread_atfork(NULL, NULL, guard_child);
}

int specrun_is_forked_copy(void) { return forked_copy; }
