// The first worker of a crash-isolated run, forked before `main`.
//
// A worker started with exec loads the Swift runtime and Foundation again: ~8 ms of a one-scenario run's ~30 ms,
// on its critical path. Forked from the supervisor before `main`, it has all of that already. It has to happen
// here: by the time an async `main` runs, the Swift runtime has started threads, and a process that forks once
// threads exist may only exec. So a C constructor forks the process when its arguments look like a run, and the
// child waits as a worker for its configuration on stdin; the supervisor hands it its first configuration, or lets
// it go (closes its stdin: it exits). Every other worker (-j N, a worker replaced after a crash or a timeout) is
// started with exec, as before. Not on macOS (CoreFoundation may not be used in a forked child without exec), not
// in test bundles (*.xctest), not when SPECRUN_PREFORK=0.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "SpecRunSystem.h"


#ifdef __linux__
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

static int prefork_worker = 0;
static int prefork_pid = -1;
static int prefork_fds[3] = {-1, -1, -1};
static char prefork_token[96];

static int ends_with(const char *text, const char *suffix) {
    size_t length = strlen(text), suffix_length = strlen(suffix);
    return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

// Whether this process may be a supervisor: a run (the default command or `run`) with isolation.
static int looks_like_isolated_run(int argc, char **argv) {
    const char *setting = getenv("SPECRUN_PREFORK");
    if (setting != NULL && strcmp(setting, "0") == 0) return 0;
    if (argc < 1 || argv == NULL || argv[0] == NULL || ends_with(argv[0], ".xctest")) return 0;
    static const char *commands[] = {"gherkin", "report", "init", "completions", "man", "check", "import", "help"};
    if (argc > 1 && argv[1] != NULL) {
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
            if (strcmp(argv[1], commands[i]) == 0) return 0;
        }
    }
    static const char *flags[] = {"--worker", "--no-isolation", "--dry-run", "-d", "--help", "-h", "--version",
                                  "--i18n-languages", "--i18n-keywords"};
    for (int i = 1; i < argc && argv[i] != NULL; i++) {
        if (strcmp(argv[i], "--") == 0) break;
        for (size_t j = 0; j < sizeof flags / sizeof flags[0]; j++) {
            if (strcmp(argv[i], flags[j]) == 0) return 0;
        }
    }
    return 1;
}

static void close_pair(int pair[2]) {
    if (pair[0] >= 0) close(pair[0]);
    if (pair[1] >= 0) close(pair[1]);
}

__attribute__((constructor)) static void specrun_prefork(int argc, char **argv, char **envp) {
    (void)envp;
    if (!looks_like_isolated_run(argc, argv)) return;
    unsigned long long random = 0;
    if (getrandom(&random, sizeof random, GRND_NONBLOCK) != (ssize_t)sizeof random) random = (unsigned long long)getpid() * 2654435761ULL;
    if (random == 0) random = 1;
    // The same form as ProcessControl.newToken: supervisor pid, worker number, random.
    snprintf(prefork_token, sizeof prefork_token, "%d.0.%llu", (int)getpid(), random);
    int input[2] = {-1, -1}, output[2] = {-1, -1}, errors[2] = {-1, -1};
    if (pipe2(input, O_CLOEXEC) != 0 || pipe2(output, O_CLOEXEC) != 0 || pipe2(errors, O_CLOEXEC) != 0) {
        close_pair(input); close_pair(output); close_pair(errors);
        return;
    }
    // A worker writes its envelopes in bursts of up to 1 MiB (the prelude: every document, pickle and test case):
    // a pipe of that size lets it go on while the supervisor decodes, instead of waiting for every 64 KiB.
    specrun_enlarge_pipe(output[1]);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close_pair(input); close_pair(output); close_pair(errors);
        return;
    }
    if (pid == 0) {
        // The worker: a process group of its own at once (the terminal's Ctrl-C goes to the supervisor, which
        // passes it on), its stdio the pipes, nothing else of the supervisor's open.
        setpgid(0, 0);
        if (dup2(input[0], STDIN_FILENO) < 0 || dup2(output[1], STDOUT_FILENO) < 0 || dup2(errors[1], STDERR_FILENO) < 0) _exit(70);
        // dup2 onto itself (a process started with stdio closed got the pipe there) keeps close-on-exec: clear it.
        for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) fcntl(fd, F_SETFD, 0);
        if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) {
            for (int fd = 3; fd < 1024; fd++) close(fd);
        }
        // As an exec'd worker's environment: crashes end the process at once (no backtracer: the supervisor
        // reports them), and the token marks every process its steps start.
        static const int crashes[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE};
        for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
        setenv("SWIFT_BACKTRACE", "enable=no", 0);
        setenv("SPECRUN_WORKER_TOKEN", prefork_token, 1);
        prefork_worker = 1;
        return;
    }
    close(input[0]);
    close(output[1]);
    close(errors[1]);
    // The supervisor-to-be: a signal that ends a run, from now on, ends it with its reports (signals.c).
    specrun_watch_signals_early();
    prefork_pid = pid;
    prefork_fds[0] = input[1];
    prefork_fds[1] = output[0];
    prefork_fds[2] = errors[0];
}

int specrun_prefork_is_worker(void) { return prefork_worker; }

int specrun_prefork_take(int *stdin_fd, int *stdout_fd, int *stderr_fd, char *token, int token_size) {
    int pid = __atomic_exchange_n(&prefork_pid, -1, __ATOMIC_SEQ_CST);
    if (pid < 0) return -1;
    *stdin_fd = prefork_fds[0];
    *stdout_fd = prefork_fds[1];
    *stderr_fd = prefork_fds[2];
    if (token != NULL && token_size > 0) snprintf(token, (size_t)token_size, "%s", prefork_token);
    return pid;
}

void specrun_prefork_release(void) {
    int pid = __atomic_exchange_n(&prefork_pid, -1, __ATOMIC_SEQ_CST);
    if (pid < 0) return;
    for (int i = 0; i < 3; i++) close(prefork_fds[i]);
}

#else

int specrun_prefork_is_worker(void) { return 0; }
int specrun_prefork_take(int *stdin_fd, int *stdout_fd, int *stderr_fd, char *token, int token_size) {
    (void)stdin_fd; (void)stdout_fd; (void)stderr_fd; (void)token; (void)token_size;
    return -1;
}
void specrun_prefork_release(void) {}

#endif
