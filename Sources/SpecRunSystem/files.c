// Files: what Swift's Glibc module does not declare.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "SpecRunSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

int specrun_rename_exchange(const char *from, const char *to) {
#if defined(__GLIBC__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

int specrun_lock_exclusive(const char *path, int timeout_ms) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY);
    if (fd < 0) return -1;
    int waited_ms = 0;
    for (;;) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
        if (errno == EINTR) continue;
        if (errno != EWOULDBLOCK || waited_ms >= timeout_ms) {
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        struct timespec pause = {0, 5 * 1000 * 1000};
        nanosleep(&pause, NULL);
        waited_ms += 5;
    }
}
