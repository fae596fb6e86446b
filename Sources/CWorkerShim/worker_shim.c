#define _GNU_SOURCE
#include "CWorkerShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

int pbw_set_parent_death_signal(int signal) {
#ifdef __linux__
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
#else
    (void)signal;
    return 0;
#endif
}

/* Makes a pipe whose two ends close on exec, so no other worker started meanwhile inherits them. */
static int cloexec_pipe(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int pbw_spawn(const char *path, char *const argv[], char *const envp[], int *pid_out,
              int *stdin_out, int *stdout_out, int *stderr_out) {
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    int result = -1;
    posix_spawn_file_actions_t actions;
    if (cloexec_pipe(in) != 0 || cloexec_pipe(out) != 0 || cloexec_pipe(err) != 0) goto fail;
    if (posix_spawn_file_actions_init(&actions) != 0) goto fail;
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
#ifdef __linux__
    /* Descriptors the runner opened without close-on-exec (a report file, another library's) stay out too. */
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    /* The child starts with every signal at its default and none blocked, whatever this thread blocks or the
       runner ignores (it takes SIGINT and SIGTERM over, and its slot threads block SIGPIPE). */
    posix_spawnattr_t attributes;
    if (posix_spawnattr_init(&attributes) != 0) { posix_spawn_file_actions_destroy(&actions); goto fail; }
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid;
    int status = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) { errno = status; goto fail; }
    close(in[0]); close(out[1]); close(err[1]);
    *pid_out = pid;
    *stdin_out = in[1];
    *stdout_out = out[0];
    *stderr_out = err[0];
    return 0;
fail:
    result = errno;
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0) close(in[i]);
        if (out[i] >= 0) close(out[i]);
        if (err[i] >= 0) close(err[i]);
    }
    return result == 0 ? -1 : result;
}

int pbw_wait(int pid, int *signal_out, int *status_out) {
    int status = 0;
    int r;
    do { r = waitpid(pid, &status, 0); } while (r < 0 && errno == EINTR);
    if (r < 0) return -1;
    if (WIFSIGNALED(status)) { *signal_out = 1; *status_out = WTERMSIG(status); }
    else { *signal_out = 0; *status_out = WIFEXITED(status) ? WEXITSTATUS(status) : 0; }
    return 0;
}

void pbw_block_broken_pipe(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}
