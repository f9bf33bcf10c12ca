// The allocator's tuning (glibc's mallopt; <malloc.h> is not in Swift's Glibc module).
#include "SpecRunSystem.h"

#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

void specrun_limit_malloc_arenas(int count) {
#ifdef __GLIBC__
    if (getenv("MALLOC_ARENA_MAX") == NULL) (void)mallopt(M_ARENA_MAX, count);
#else
    (void)count;
#endif
}
