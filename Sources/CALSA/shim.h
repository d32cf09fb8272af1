#ifndef SLEEPBOX_CALSA_SHIM_H
#define SLEEPBOX_CALSA_SHIM_H
#include <alsa/asoundlib.h>
/* The I/O plugin SDK: lets a test build an in-process PCM whose state it controls. */
#include <alsa/pcm_ioplug.h>

/* snd_lib_error_handler_t is variadic, which Swift can neither implement nor call. */
static void sleepbox_alsa_null_handler(const char *file, int line, const char *function,
                                       int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/* Stops libasound printing "ALSA lib ..." lines on stderr (snd_lib_error_set_handler). */
static inline int sleepbox_alsa_quiet(void) {
    return snd_lib_error_set_handler(sleepbox_alsa_null_handler);
}

/* Gives libasound its default stderr printer back (snd_lib_error_set_handler(NULL)). */
static inline int sleepbox_alsa_loud(void) {
    return snd_lib_error_set_handler(NULL);
}

/* SND_PCM_IOPLUG_VERSION is a macro expression Swift does not import. */
static inline unsigned int sleepbox_alsa_ioplug_version(void) {
    return SND_PCM_IOPLUG_VERSION;
}

#endif
