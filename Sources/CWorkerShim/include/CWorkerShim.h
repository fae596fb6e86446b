#ifndef CWORKERSHIM_H
#define CWORKERSHIM_H

/// What the worker processes need from Linux that Swift cannot call directly (prctl is variadic).

/// Asks the kernel to send `signal` to this process when the thread that started it ends (the runner dying
/// included, however it dies). Returns 0, or -1 with errno set; elsewhere than Linux it does nothing and returns 0.
int pbw_set_parent_death_signal(int signal);

#endif
