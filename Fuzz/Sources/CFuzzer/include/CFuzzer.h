#ifndef SLEEPBOX_CFUZZER_H
#define SLEEPBOX_CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program that has its own main: SwiftPM names an executable's entry
/// point <Target>_main and links main to it, so the fuzz targets call the driver from there.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
