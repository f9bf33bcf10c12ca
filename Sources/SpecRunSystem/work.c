// Blame for work left running: which test case started the thread or the Task that a worker crashes or exits on.
//
// A step may start a Thread or a Task and return, leaving it running; when that work later traps, faults or calls
// exit, the scenario running then (B) dies with it, though an earlier one (A) started the work. To name A:
//
// - Threads: pthread_create is wrapped (this file defines it; glibc's is called through dlsym(RTLD_NEXT)), so each
//   new thread starts in `started`, which keeps in a thread-local the test case that was running when it was
//   created (the creating thread's own origin when it has one: a thread A's thread starts is A's too). The
//   concurrency pool's and Dispatch's worker threads are never tagged (their start routine lies in libdispatch or
//   libswift_Concurrency, or is one `specrun_work_note_pool_thread` was called on): they run every scenario's work.
// - Tasks: a Task has an id from one counter that grows as tasks are made (swift_task_getJobTaskId). Every job the
//   runtime enqueues to the global or main executor passes a hook that keeps the largest id seen; at each test
//   case's start and end the worker notes that largest id (and its own task's), so a task whose id lies after a
//   test case's start and at or before its end was made while it ran. (A task whose first enqueue the hooks do not
//   see — one made on a custom actor's executor — counts from its first hop to the pool.)
//
// - At a timeout (the worker's watchdog, right before it ends): each thread of the pool is asked with SIGPROF which
//   test case made the task it runs (`specrun_work_busy_origins`): Tasks an earlier one left spinning may have
//   held every thread.
//
// Nothing here makes a system call per test case: a start and an end are a few atomic loads and stores. Linux with
// glibc only; elsewhere every function below does nothing (and no work is ever named).
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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// MARK: The test case running

/// The test case running (its index + 1), 0 between test cases.
static atomic_long running = 0;

/// Tasks with ids in (first, last] were made while the test case `serial` (index + 1) ran; `last` is UINT64_MAX
/// while it runs. The last `SPANS` test cases, oldest overwritten.
#define SPANS 64
struct span {
    atomic_long serial;
    _Atomic uint64_t first;
    _Atomic uint64_t last;
};
static struct span spans[SPANS];
/// How many spans ended; the open one (when `open`) is `spans[ended % SPANS]`.
static atomic_ulong ended = 0;
static atomic_int open_span = 0;
/// The largest task id the enqueue hooks saw.
static _Atomic uint64_t newest_task = 0;

// MARK: Tasks

typedef struct SwiftJob SwiftJob;
typedef void(__attribute__((swiftcall)) * enqueue_original)(SwiftJob *);
typedef void(__attribute__((swiftcall)) * enqueue_hook)(SwiftJob *, enqueue_original);
extern enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));
extern enqueue_hook swift_task_enqueueMainExecutor_hook __attribute__((weak));
extern __attribute__((swiftcall, weak)) uint64_t swift_task_getJobTaskId(SwiftJob *);
extern __attribute__((swiftcall, weak)) SwiftJob *swift_task_getCurrent(void);

static enqueue_hook previous_global = 0;
static enqueue_hook previous_main = 0;
static atomic_int watching = 0;

static int tasks_known(void) { return swift_task_getJobTaskId != 0 && swift_task_getCurrent != 0; }

static void note_task(SwiftJob *job) {
    uint64_t id = swift_task_getJobTaskId(job);
    uint64_t newest = atomic_load_explicit(&newest_task, memory_order_relaxed);
    while (id > newest && !atomic_compare_exchange_weak_explicit(&newest_task, &newest, id, memory_order_relaxed,
                                                                 memory_order_relaxed)) {
    }
}

static __attribute__((swiftcall)) void global_enqueued(SwiftJob *job, enqueue_original original) {
    note_task(job);
    if (previous_global)
        previous_global(job, original);
    else
        original(job);
}

static __attribute__((swiftcall)) void main_enqueued(SwiftJob *job, enqueue_original original) {
    note_task(job);
    if (previous_main)
        previous_main(job, original);
    else
        original(job);
}

/// The largest task id known now: the hooks' and the running task's own.
static uint64_t newest_now(void) {
    uint64_t newest = atomic_load_explicit(&newest_task, memory_order_relaxed);
    if (tasks_known()) {
        SwiftJob *task = swift_task_getCurrent();
        if (task) {
            uint64_t id = swift_task_getJobTaskId(task);
            if (id > newest) newest = id;
        }
    }
    return newest;
}

/// The test case (index + 1) while which the task `id` was made, 0 if none the spans remember.
static long task_origin(uint64_t id) {
    unsigned long count = atomic_load(&ended);
    int is_open = atomic_load(&open_span);
    for (unsigned long back = is_open ? 0 : 1; back < SPANS && back <= count; back++) {
        struct span *span = &spans[(count - back) % SPANS];
        long serial = atomic_load(&span->serial);
        if (serial == 0) continue;
        uint64_t first = atomic_load(&span->first), last = atomic_load(&span->last);
        if (id > last) return 0;  // made between two test cases
        if (id > first) return serial;
    }
    return 0;
}

// MARK: Threads

/// The test case (index + 1) running when this thread was made, 0 for none or a pool thread.
static _Thread_local long thread_origin = 0;
/// This thread's start routine (0: the main thread, or made before this file's wrapper ran).
static _Thread_local void *thread_routine = 0;

#define POOL_ROUTINES 4
static void *_Atomic pool_routines[POOL_ROUTINES];

/// The test case (index + 1) whose work runs here: the running task's, else the thread's; 0 when neither is known.
static long origin_here(void) {
    if (tasks_known() && atomic_load_explicit(&watching, memory_order_relaxed)) {
        SwiftJob *task = swift_task_getCurrent();
        // (On a task, the thread says nothing: a pool thread runs every scenario's tasks.)
        if (task) return task_origin(swift_task_getJobTaskId(task));
    }
    return thread_origin;
}

static int is_pool_routine(void *routine) {
    for (int index = 0; index < POOL_ROUTINES; index++) {
        if (atomic_load(&pool_routines[index]) == routine) return 1;
    }
    Dl_info info;
    if (dladdr(routine, &info) && info.dli_fname) {
        if (strstr(info.dli_fname, "libdispatch") || strstr(info.dli_fname, "libswift_Concurrency")) return 1;
    }
    return 0;
}

typedef int (*create_function)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

/// A thread made through the wrapper, from its start until it ends: on the list of threads alive (for asking,
/// at a timeout, whose tasks the pool's threads run).
struct start {
    void *(*routine)(void *);
    void *argument;
    long origin;
    pthread_t thread;
    /// The test case (index + 1) whose work the thread runs, + 1, as it answered `specrun_work_busy_origins`; 0:
    /// not answered yet.
    atomic_long answer;
    struct start *next;
    struct start *previous;
};

static pthread_mutex_t alive_lock = PTHREAD_MUTEX_INITIALIZER;
static struct start *alive = 0;
static pthread_key_t alive_key;
static pthread_once_t alive_once = PTHREAD_ONCE_INIT;
static int alive_keyed = 0;
static _Thread_local struct start *this_thread = 0;

static void thread_ended(void *pointer) {
    struct start *start = pointer;
    pthread_mutex_lock(&alive_lock);
    if (start->previous) start->previous->next = start->next;
    else if (alive == start) alive = start->next;
    if (start->next) start->next->previous = start->previous;
    pthread_mutex_unlock(&alive_lock);
    free(start);
}

static void make_alive_key(void) { alive_keyed = pthread_key_create(&alive_key, thread_ended) == 0; }

static void *started(void *pointer) {
    struct start *start = pointer;
    thread_routine = (void *)start->routine;
    thread_origin = start->origin;
    start->thread = pthread_self();
    pthread_once(&alive_once, make_alive_key);
    if (alive_keyed && pthread_setspecific(alive_key, start) == 0) {
        pthread_mutex_lock(&alive_lock);
        start->previous = 0;
        start->next = alive;
        if (alive) alive->previous = start;
        alive = start;
        pthread_mutex_unlock(&alive_lock);
        this_thread = start;
        return start->routine(start->argument);
    }
    void *(*routine)(void *) = start->routine;
    void *argument = start->argument;
    free(start);
    return routine(argument);
}

/// A sanitizer's own wrapper (AddressSanitizer, ThreadSanitizer), when the program is built with one: it must
/// see every thread made.
extern int __interceptor_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *)
    __attribute__((weak));

static create_function real_create(void) {
    static _Atomic(create_function) real = 0;
    create_function function = atomic_load_explicit(&real, memory_order_acquire);
    if (!function) {
        function = __interceptor_pthread_create ? __interceptor_pthread_create
                                                : (create_function)dlsym(RTLD_NEXT, "pthread_create");
        atomic_store_explicit(&real, function, memory_order_release);
    }
    return function;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*routine)(void *), void *argument) {
    create_function real = real_create();
    if (!real) return EAGAIN;
    struct start *start = malloc(sizeof *start);
    if (!start) return real(thread, attributes, routine, argument);
    long origin = 0;
    if (atomic_load_explicit(&running, memory_order_relaxed) != 0 || thread_origin != 0 || atomic_load(&ended) != 0) {
        origin = origin_here();
        if (origin == 0) origin = atomic_load_explicit(&running, memory_order_relaxed);
        if (origin != 0 && is_pool_routine((void *)routine)) origin = 0;
    }
    *start = (struct start){.routine = routine, .argument = argument, .origin = origin};
    atomic_init(&start->answer, 0);
    int result = real(thread, attributes, started, start);
    if (result != 0) free(start);
    return result;
}

// MARK: The worker's side

// (A copy forked without exec has only the forking thread: the list starts empty, its lock free.)
static void fork_prepare(void) { pthread_mutex_lock(&alive_lock); }
static void fork_parent(void) { pthread_mutex_unlock(&alive_lock); }
static void fork_child(void) {
    alive = 0;
    pthread_mutex_init(&alive_lock, 0);
}

void specrun_work_watch(void) {
    if (atomic_exchange(&watching, 1)) return;
    pthread_atfork(fork_prepare, fork_parent, fork_child);
    if (!tasks_known()) return;
    if (&swift_task_enqueueGlobal_hook) {
        previous_global = swift_task_enqueueGlobal_hook;
        swift_task_enqueueGlobal_hook = global_enqueued;
    }
    if (&swift_task_enqueueMainExecutor_hook) {
        previous_main = swift_task_enqueueMainExecutor_hook;
        swift_task_enqueueMainExecutor_hook = main_enqueued;
    }
}

void specrun_work_note_pool_thread(void) {
    void *routine = thread_routine;
    thread_origin = 0;
    if (!routine) return;
    for (int index = 0; index < POOL_ROUTINES; index++) {
        void *expected = 0;
        if (atomic_load(&pool_routines[index]) == routine) return;
        if (atomic_compare_exchange_strong(&pool_routines[index], &expected, routine)) return;
    }
}

void specrun_work_forget_origin(void) { thread_origin = 0; }

void specrun_work_case_started(long index) {
    unsigned long count = atomic_load_explicit(&ended, memory_order_relaxed);
    struct span *span = &spans[count % SPANS];
    atomic_store_explicit(&span->serial, 0, memory_order_relaxed);
    atomic_store_explicit(&span->first, newest_now(), memory_order_relaxed);
    atomic_store_explicit(&span->last, UINT64_MAX, memory_order_relaxed);
    atomic_store_explicit(&span->serial, index + 1, memory_order_release);
    atomic_store_explicit(&open_span, 1, memory_order_release);
    atomic_store_explicit(&running, index + 1, memory_order_release);
}

void specrun_work_case_ended(void) {
    if (!atomic_load_explicit(&open_span, memory_order_relaxed)) return;
    unsigned long count = atomic_load_explicit(&ended, memory_order_relaxed);
    atomic_store_explicit(&spans[count % SPANS].last, newest_now(), memory_order_relaxed);
    atomic_store_explicit(&running, 0, memory_order_release);
    atomic_store_explicit(&ended, count + 1, memory_order_release);
    atomic_store_explicit(&open_span, 0, memory_order_release);
}

long specrun_work_origin(void) {
    long origin = origin_here();
    if (origin == 0 || origin == atomic_load(&running)) return -1;
    return origin - 1;
}

int specrun_work_write_origin(int fd) {
    long index = specrun_work_origin();
    if (index < 0 || fd < 0) return 0;
    static const char head[] = "{\"specrunWorker\":{\"kind\":\"startedBy\",\"testCase\":";
    char line[sizeof head + 24];
    size_t length = sizeof head - 1;
    memcpy(line, head, length);
    char digits[24];
    int count = 0;
    unsigned long value = (unsigned long)index;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    while (count > 0) line[length++] = digits[--count];
    line[length++] = '}';
    line[length++] = '}';
    line[length++] = '\n';
    size_t offset = 0;
    while (offset < length) {
        ssize_t written = write(fd, line + offset, length - offset);
        if (written > 0)
            offset += (size_t)written;
        else if (!(written < 0 && errno == EINTR))
            return 0;
    }
    return 1;
}

// MARK: At a timeout: whose tasks the pool runs

static void answer_origin(int signal) {
    (void)signal;
    struct start *me = this_thread;
    if (me) atomic_store(&me->answer, origin_here() + 1);
}

int specrun_work_busy_origins(long *origins, int capacity, int wait_ms) {
    // Dispatch blocks every asynchronous signal on its threads but SIGPROF (for profilers): that one asks them.
    // The handler stays: the worker ends right after, and a late answer must not end it with SIGPROF's default.
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = answer_origin;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGPROF, &action, 0) != 0) return 0;
    long now = atomic_load(&running);
    int count = 0;
    // (Held throughout: a thread that ends meanwhile waits in its destructor, so none is freed while asked.)
    pthread_mutex_lock(&alive_lock);
    int threads = 0;
    for (struct start *thread = alive; thread; thread = thread->next, threads++) {
        atomic_store(&thread->answer, 0);
        if (pthread_equal(thread->thread, pthread_self()) || !is_pool_routine((void *)thread->routine) ||
            pthread_kill(thread->thread, SIGPROF) != 0)
            atomic_store(&thread->answer, 1);  // not asked: no test case's
    }
    for (int waited = 0; waited < wait_ms; waited++) {
        int answered = 0;
        for (struct start *thread = alive; thread; thread = thread->next) answered += atomic_load(&thread->answer) != 0;
        if (answered >= threads) break;
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, 0);
    }
    for (struct start *thread = alive; thread && count < capacity; thread = thread->next) {
        long serial = atomic_load(&thread->answer) - 1;
        if (serial <= 0 || serial == now) continue;
        int known = 0;
        for (int index = 0; index < count; index++) known |= origins[index] == serial - 1;
        if (!known) origins[count++] = serial - 1;
    }
    pthread_mutex_unlock(&alive_lock);
    return count;
}

#else

int specrun_work_busy_origins(long *origins, int capacity, int wait_ms) {
    (void)origins;
    (void)capacity;
    (void)wait_ms;
    return 0;
}
void specrun_work_watch(void) {}
void specrun_work_note_pool_thread(void) {}
void specrun_work_forget_origin(void) {}
void specrun_work_case_started(long index) { (void)index; }
void specrun_work_case_ended(void) {}
long specrun_work_origin(void) { return -1; }
int specrun_work_write_origin(int fd) {
    (void)fd;
    return 0;
}

#endif
