#ifndef SLEEPBOX_CCRYPTO_SHIM_H
#define SLEEPBOX_CCRYPTO_SHIM_H
/* OpenSSL's libcrypto, for SHA-256 (the speech cache's keys). */
#include <openssl/sha.h>
#endif
