#!/usr/bin/env python3
"""The time libespeak-ng takes to say one menu row, in process (ctypes, AUDIO_OUTPUT_SYNCHRONOUS,
the samples counted in the synth callback and dropped): the part of the spoken menus' latency
that grows on a slower CPU. Ten rows of the library menu and the sleep timer, five times each,
at the menu voice's rate (140 + 40 words per minute).

  bench/espeak_rows.py
"""
import ctypes
import statistics
import time

ROWS = [b"Library. Featured tonight", b"Continue listening", b"Favorites", b"Yoga nidra", b"Sleep stories",
        b"Meditations", b"The Lighthouse Keeper's Evening", b"Sleep timer. Off", b"15 min", b"Back"]


def main():
    lib = ctypes.CDLL("libespeak-ng.so.1")
    callback_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)
    callback = callback_type(lambda wav, count, events: 0)
    if lib.espeak_Initialize(2, 0, None, 0) <= 0:  # AUDIO_OUTPUT_SYNCHRONOUS
        raise SystemExit("bench: espeak_Initialize failed (is espeak-ng-data installed?)")
    lib.espeak_SetSynthCallback(callback)
    lib.espeak_SetVoiceByName(b"en-us")
    lib.espeak_SetParameter(1, 180, 0)  # espeakRATE
    times = []
    for _ in range(5):
        for row in ROWS:
            start = time.perf_counter()
            lib.espeak_Synth(row, len(row) + 1, 0, 1, 0, 1, None, None)  # POS_CHARACTER, espeakCHARS_UTF8
            lib.espeak_Synchronize()
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"espeak-ng, one menu row ({len(times)} renders): median {statistics.median(times):.2f} ms, "
          f"p90 {times[int(len(times) * 0.9)]:.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
