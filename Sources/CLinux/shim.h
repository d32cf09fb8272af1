#ifndef SLEEPBOX_CLINUX_SHIM_H
#define SLEEPBOX_CLINUX_SHIM_H
/* Linux interfaces the daemon's event loop uses that Swift's Glibc module does not bring in. */
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/timex.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <linux/rtc.h>
#include <sched.h>
#include <pthread.h>
#include <malloc.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <errno.h>

/* Clears the calling process's ambient capabilities (PR_CAP_AMBIENT_CLEAR_ALL; prctl is variadic):
   its own permitted and effective sets stay, but a program it starts afterwards (one without file
   capabilities) gets none. No privilege needed. 0 or an errno. */
static inline int sleepbox_clear_ambient_capabilities(void) {
    return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) == 0 ? 0 : errno;
}

/* The terminal's width in columns, or 0 when `fd` is not a terminal (TIOCGWINSZ; ioctl is variadic,
   so Swift cannot call it directly). */
static inline int sleepbox_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
/* The real-time clock's time, UTC (RTC_RD_TIME; ioctl is variadic). 0 or -1 with errno. */
static inline int sleepbox_rtc_read_time(int fd, struct rtc_time *time) {
    return ioctl(fd, RTC_RD_TIME, time);
}

/* Sets the real-time clock, UTC (RTC_SET_TIME; needs CAP_SYS_TIME). 0 or -1 with errno. */
static inline int sleepbox_rtc_set_time(int fd, const struct rtc_time *time) {
    return ioctl(fd, RTC_SET_TIME, time);
}

/* Puts the calling thread, only it, under SCHED_IDLE (it runs when no other thread wants the CPU;
   no privilege needed to lower oneself). 0 or an errno. SCHED_IDLE needs _GNU_SOURCE in glibc. */
static inline int sleepbox_thread_sched_idle(void) {
#ifndef SCHED_IDLE
#define SCHED_IDLE 5
#endif
    struct sched_param param = { 0 };
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
}

/* The calling thread's scheduling policy (SCHED_OTHER 0, SCHED_IDLE 5, ...), or -1. */
static inline int sleepbox_thread_policy(void) {
    struct sched_param param;
    int policy;
    return pthread_getschedparam(pthread_self(), &policy, &param) == 0 ? policy : -1;
}

/* Sets the nice value of the calling thread only (Linux keeps one per thread: setpriority with
   the thread's id). 0 or -1 with errno. */
static inline int sleepbox_thread_nice(int value) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), value);
}

/* glibc: returns free heap memory at the top of each arena and whole free pages inside them to the
   system (malloc_trim(0)). 1 when some was released. */
static inline int sleepbox_malloc_trim(void) { return malloc_trim(0); }

/* glibc: at most `count` malloc arenas (mallopt(M_ARENA_MAX)); each thread that contends for the
   lock otherwise gets an arena of its own, up to 8 per core, each keeping its free memory. */
static inline int sleepbox_malloc_arena_max(int count) { return mallopt(M_ARENA_MAX, count); }
#endif
