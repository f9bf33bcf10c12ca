// Files: what Swift's Glibc module does not declare.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "SpecRunSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int specrun_rename_exchange(const char *from, const char *to) {
#if defined(__GLIBC__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}
