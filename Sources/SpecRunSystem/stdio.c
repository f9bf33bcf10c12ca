// The few OS calls Swift 6 cannot make itself, or not portably.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "SpecRunSystem.h"

#include <fcntl.h>
#include <stdio.h>

void specrun_line_buffered_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

void specrun_enlarge_pipe(int fd) {
#ifdef F_SETPIPE_SZ
    // 1 MiB, the most an unprivileged process may ask for by default (/proc/sys/fs/pipe-max-size); a refusal
    // leaves the pipe as it was.
    (void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
    (void)fd;
#endif
}
