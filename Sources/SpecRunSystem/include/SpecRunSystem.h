#ifndef SPECRUN_SYSTEM_H
#define SPECRUN_SYSTEM_H

/// The OS calls of specrun that are made in C.

// MARK: The first worker process, forked before `main` (Linux only; see prefork.c).

/// 1 in the forked worker itself, 0 everywhere else.
int specrun_prefork_is_worker(void);

/// In the supervisor, once: the forked worker's pid and the supervisor's ends of its stdin, stdout and stderr,
/// and the token its environment carries (`SPECRUN_WORKER_TOKEN`, at most `token_size` bytes with its 0).
/// Returns -1 when there is none (not Linux, not a run, already taken or released).
int specrun_prefork_take(int *stdin_fd, int *stdout_fd, int *stderr_fd, char *token, int token_size);

/// In the supervisor: the forked worker is not needed (the run is in-process, or no run at all). It reads the
/// end of its stdin and exits.
void specrun_prefork_release(void);

// MARK: channels.c

/// In a worker: in any child it forks from now on (fork(), not exec), `instructions` and `messages` read and write
/// nothing (EBADF) and `specrun_is_forked_copy` says 1. 0 on success.
int specrun_guard_channels(int instructions, int messages);

/// 1 in a child forked (without exec) by a worker that guards its channels, 0 everywhere else.
int specrun_is_forked_copy(void);

// MARK: stdio.c

/// A pipe (given by either end) that holds 1 MiB instead of 64 KiB (Linux; elsewhere nothing): a worker writes its
/// envelopes in bursts, and with a small pipe it waits for the supervisor every 64 KiB.
void specrun_enlarge_pipe(int fd);

/// stdout written line by line (C's stdout is a global Swift 6 may not touch).
void specrun_line_buffered_stdout(void);

// MARK: process.c

/// This process adopts its orphaned descendants (Linux PR_SET_CHILD_SUBREAPER; elsewhere nothing). 0 on success.
int specrun_become_subreaper(void);

// MARK: files.c

/// `from` and `to` swapped atomically (Linux renameat2 with RENAME_EXCHANGE): 0 on success, -1 with errno set
/// otherwise (ENOSYS where the system has no such call).
int specrun_rename_exchange(const char *from, const char *to);

/// An exclusive advisory lock (flock) on the folder at `path`, waited for up to `timeout_ms`: the open descriptor that holds it (close it to release; the kernel releases it when the
/// process ends, however it ends), or -1 with errno set (EWOULDBLOCK when still held by another after the wait).
int specrun_lock_exclusive(const char *path, int timeout_ms);

// MARK: signals.c

/// From now on each of `signal_numbers` writes its number (one byte) to `fd` (a pipe's write end, non-blocking),
/// with -1 nothing. SIGPIPE only when another process sent it: a broken pipe's (sent by the kernel as this
/// process) does nothing but fail the write with EPIPE. 0 on success. (Processes this one starts get the
/// defaults back at exec.)
int specrun_watch_signals(int fd, const int *signal_numbers, int count);

/// The signals that end a run, by index from 0 (0 past the last): HUP, INT, TERM, QUIT, USR1, USR2, ALRM, XCPU,
/// XFSZ, PIPE.
int specrun_ending_signal(int index);

/// Before `main`, in a process that will be a run's supervisor: each ending signal is caught and the first kept
/// (`specrun_take_early_signal`) until the run reads them (`specrun_watch_signals`) or lets them go.
void specrun_watch_signals_early(void);

/// The first ending signal that came before the run read them, or 0 (and forgets it).
int specrun_take_early_signal(void);

/// Not a run after all: every ending signal but SIGPIPE gets its default back, and one that came early is raised.
void specrun_release_signals(void);

/// After `specrun_watch_signals`: SIGTSTP (a terminal's Ctrl-Z) is caught too, its number written to the same pipe,
/// so that the run stops its workers (each in a process group of its own, which the terminal does not reach)
/// before it stops itself (`specrun_stop_self`). 0, or -1 if it could not be caught (it keeps its default).
int specrun_watch_stop_signal(void);

/// Stops this process as SIGTSTP's default would, on the calling thread, and returns once it is continued
/// (SIGCONT: a shell's `fg` or `bg`); at once where job control does not apply (an orphaned process group).
/// SIGTSTP is caught again afterwards.
void specrun_stop_self(void);

/// Whether a byte read from the signal pipe stands for a signal caught (and not yet taken): 1, and it is taken;
/// 0 for a byte something else wrote there (under `--no-isolation` a step that writes to every descriptor).
int specrun_take_caught(int signal_number);

/// Whether the last `signal_number` caught came from the kernel (a terminal's Ctrl-C, Ctrl-\ or hangup, sent to
/// the terminal's whole foreground process group) rather than from a process (`kill`): 1 or 0.
int specrun_signal_came_from_kernel(int signal_number);

/// Whether the handler caught an ending signal that the pipe's reader has not taken yet: 1 or 0.
int specrun_ending_signal_caught(void);

/// A signal caught before the pipe existed, whose byte the reader writes there itself: counted as caught.
void specrun_note_caught(int signal_number);

/// Whether steps run in this process (`--no-isolation`, `--dry-run`): then an ending signal this process sends
/// itself (`kill(getpid(), …)`, `raise` on a thread that does not block it) is the running step's, kept for
/// `specrun_take_self_signal` rather than read as one from outside.
void specrun_self_signals_are_steps(int on);

/// The first ending signal this process sent itself while steps run in it, or 0 (and forgets it).
int specrun_take_self_signal(void);

/// An ending signal sent to this whole process and seen pending by the thread that runs the steps, which blocks it
/// (`StepSignals.letProcessSignalAct`): noted, then taken (0 if none, and forgotten).
void specrun_note_process_signal(int signal_number);
int specrun_take_process_signal(void);

// MARK: sent.c

/// Whether `raise`, `pthread_kill` or `tgkill` sent a signal since the last ask (1, and forgotten), else 0; always 1
/// where they are not wrapped (not Linux with glibc).
int specrun_take_thread_signal_sent(void);

// MARK: work.c (Linux with glibc; elsewhere nothing, and no origin is ever known)

/// In a worker, before its first test case: the Swift runtime's enqueue hooks note every task's id from now on.
void specrun_work_watch(void);

/// Called on a thread of the concurrency pool or of Dispatch: threads made with its start routine are never
/// tagged with a test case (they run every test case's work).
void specrun_work_note_pool_thread(void);

/// This thread is the worker's own (its watchdog, say): no test case started it.
void specrun_work_forget_origin(void);

/// The test case at `index` of the supervisor's plan starts / ended (a few atomic stores; no system call).
void specrun_work_case_started(long index);
void specrun_work_case_ended(void);

/// The index of the test case that started the thread or task this code runs on, when that is not the test case
/// running now (it is work an earlier one left running); -1 otherwise or when unknown. Async-signal-safe.
long specrun_work_origin(void);

/// Writes `{"specrunWorker":{"kind":"startedBy","testCase":N}}` and a newline to `fd` when `specrun_work_origin`
/// knows N; 1 when written. Async-signal-safe: for the crash and exit handlers.
int specrun_work_write_origin(int fd);

/// At a timeout: the test cases (indexes, at most `capacity`, each once) other than the running one whose tasks
/// the concurrency pool's threads run now — each thread is asked with SIGPROF, the one asynchronous signal
/// Dispatch leaves unblocked on its threads, and answers within `wait_ms`. Its handler stays installed: call it
/// only when the process ends right after (the worker's watchdog).
int specrun_work_busy_origins(long *origins, int capacity, int wait_ms);

#endif
