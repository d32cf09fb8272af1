#ifndef SLEEPBOX_CI2C_SHIM_H
#define SLEEPBOX_CI2C_SHIM_H
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
#include <sys/ioctl.h>

/* ioctl is variadic; Swift cannot call it. */
static inline int sleepbox_i2c_set_address(int fd, long address) {
    return ioctl(fd, I2C_SLAVE, address);
}
static inline int sleepbox_i2c_functionality(int fd, unsigned long *funcs) {
    return ioctl(fd, I2C_FUNCS, funcs);
}
#endif
