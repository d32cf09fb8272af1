#ifndef SLEEPBOX_CNETTLE_SHIM_H
#define SLEEPBOX_CNETTLE_SHIM_H
/* GNU Nettle, for SHA-256 (the speech cache's keys): a small library with no global set-up,
   where OpenSSL's libcrypto cost the daemon 3.3 MiB of resident memory for this one hash. */
#include <nettle/sha2.h>
#endif
