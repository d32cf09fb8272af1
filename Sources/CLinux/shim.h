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
#endif
