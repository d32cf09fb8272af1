#ifndef SLEEPBOX_CMOSQUITTO_SHIM_H
#define SLEEPBOX_CMOSQUITTO_SHIM_H
/* libmosquitto, the MQTT client library by the Mosquitto broker's authors (Debian's libmosquitto1):
   keep-alive, the last will and reconnection are its own, on a thread of its own. */
#include <mosquitto.h>
#endif
