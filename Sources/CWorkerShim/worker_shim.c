#define _GNU_SOURCE
#include "CWorkerShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <time.h>
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

/* The hard wall-time bound of one job slot: a thread that sleeps on the monotonic clock until the armed deadline
   and then kills the armed process. Arming and finishing only take a lock (and wake the thread only when the new
   deadline comes before the one it sleeps towards), so a file costs no timer of its own. */
struct pbw_watch {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    int pid;                   /* the process to kill; 0 while nothing is armed */
    struct timespec deadline;  /* when to kill it (CLOCK_MONOTONIC) */
    struct timespec sleeping;  /* what the thread sleeps towards; {0,0}: no deadline */
    int killed;                /* the armed process was killed */
    int ending;
};

static int before(struct timespec a, struct timespec b) {
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

static void *watch_main(void *argument) {
    struct pbw_watch *w = argument;
    pthread_mutex_lock(&w->lock);
    while (!w->ending) {
        if (w->pid == 0) {
            w->sleeping.tv_sec = 0; w->sleeping.tv_nsec = 0;
            pthread_cond_wait(&w->wake, &w->lock);
            continue;
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!before(now, w->deadline)) {
            kill(w->pid, SIGKILL);
            w->killed = 1;
            w->pid = 0;
            continue;
        }
        w->sleeping = w->deadline;
        pthread_cond_timedwait(&w->wake, &w->lock, &w->deadline);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

struct pbw_watch *pbw_watch_start(void) {
    struct pbw_watch *w = calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    /* A small stack: the thread only sleeps and kills. Every signal blocked, as in any helper thread. */
    pthread_attr_t thread_attributes;
    pthread_attr_init(&thread_attributes);
    pthread_attr_setstacksize(&thread_attributes, 64 * 1024);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int status = pthread_create(&w->thread, &thread_attributes, watch_main, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&thread_attributes);
    if (status != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    return w;
}

void pbw_watch_arm(struct pbw_watch *w, int pid, double seconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    /* The runner allows at most a million seconds; the cap keeps the conversion below defined whatever comes. */
    if (!(seconds > 0)) seconds = 0;
    if (seconds > 1e9) seconds = 1e9;
    double whole = (double)(long long)seconds;
    deadline.tv_sec += (time_t)whole;
    deadline.tv_nsec += (long)((seconds - whole) * 1e9);
    if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec += 1; deadline.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&w->lock);
    w->pid = pid;
    w->deadline = deadline;
    w->killed = 0;
    /* Asleep without a deadline, or towards a later one: it must look again. */
    if ((w->sleeping.tv_sec == 0 && w->sleeping.tv_nsec == 0) || before(deadline, w->sleeping))
        pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
}

int pbw_watch_finish(struct pbw_watch *w) {
    pthread_mutex_lock(&w->lock);
    int killed = w->killed;
    w->pid = 0;
    w->killed = 0;
    pthread_mutex_unlock(&w->lock);
    return killed;
}

void pbw_watch_end(struct pbw_watch *w) {
    if (w == NULL) return;
    pthread_mutex_lock(&w->lock);
    w->ending = 1;
    w->pid = 0;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}
