// Process attributes Swift's Glibc module does not reach (prctl).
#include "SpecRunSystem.h"

#ifdef __linux__
#include <sys/prctl.h>

int specrun_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

#else

int specrun_become_subreaper(void) { return -1; }

#endif
