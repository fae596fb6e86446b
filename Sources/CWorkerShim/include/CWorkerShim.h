#ifndef CWORKERSHIM_H
#define CWORKERSHIM_H

struct pbw_watch;

/// What the worker processes need from Linux that Swift cannot call directly (prctl is variadic; the spawn
/// needs pipes that close on exec and a child that inherits no other descriptor).

/// Asks the kernel to send `signal` to this process when the thread that started it ends (the runner dying
/// included, however it dies). Returns 0, or -1 with errno set; elsewhere than Linux it does nothing and returns 0.
int pbw_set_parent_death_signal(int signal);

/// Starts `path` with `argv` and `envp` (both NULL-terminated), its standard input, output and error each a new
/// pipe, and no other descriptor of this process open in it. On success returns 0 and gives the child's process
/// id and this side's three ends (write, read, read); otherwise returns an errno value and opens nothing.
int pbw_spawn(const char *path, char *const argv[], char *const envp[], int *pid_out,
              int *stdin_out, int *stdout_out, int *stderr_out);

/// Waits for child `pid` to end. Gives whether a signal ended it and that signal, or its exit status.
/// Returns 0, or -1 with errno set.
int pbw_wait(int pid, int *signal_out, int *status_out);

/// Blocks SIGPIPE on the calling thread only: a write to a worker that has died then fails with EPIPE instead of
/// ending the runner (the signal a failed write raises goes to the thread that wrote).
void pbw_block_broken_pipe(void);

/// The hard wall-time bound of one job slot (see `HardBound`): a thread of its own that kills the armed process
/// once its deadline passes (on the monotonic clock). NULL when the thread could not be made.
struct pbw_watch *pbw_watch_start(void);

/// Arms the watch: `pid` is killed with SIGKILL `seconds` from now unless `pbw_watch_finish` comes first.
void pbw_watch_arm(struct pbw_watch *watch, int pid, double seconds);

/// Disarms the watch. Returns 1 when the armed process was killed, else 0.
int pbw_watch_finish(struct pbw_watch *watch);

/// Stops the watch's thread and frees it (NULL is ignored).
void pbw_watch_end(struct pbw_watch *watch);

#endif
