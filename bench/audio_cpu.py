#!/usr/bin/env python3
"""Benchmark 1: CPU per hour of audio.

The engine's whole file path (libsndfile/libmpg123 MP3 decode, libsoxr HQ resample 44.1 -> 48 kHz,
the sleep-timer fade, the mixer with its soft limiter, a null sink) against the same work done by
sox, with mpg123 decoding alone as the floor and aplay writing the pre-decoded 48 kHz WAV to ALSA's
null PCM, all in the same run, interleaved, best of N. CPU is user + system time of the process
from wait4().

  bench/audio_cpu.py [--minutes 20] [--reps 3] [--json FILE]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=5 if common.QUICK else 20)
    ap.add_argument("--reps", type=int, default=1 if common.QUICK else 3)
    ap.add_argument("--fade", type=int, default=30, help="fade-out seconds (sleepbox's default)")
    ap.add_argument("--json")
    a = ap.parse_args()
    common.need("sox", "mpg123", "aplay")
    binary = common.sleepbox_binary()
    mp3 = common.test_mp3(int(a.minutes))
    wav = common.test_wav48(mp3)
    seconds = int(a.minutes * 60)
    fade_at = seconds - a.fade
    alsa = common.alsa_null_env()

    # Each does the whole file once. The fade ends exactly at the end of `seconds`.
    cases = [
        ("sleepbox", "sleepbox play: MP3 decode + soxr HQ resample + fade + mix/limiter, null sink",
         [binary, "play", mp3, "--null", "--fade-out-after", str(fade_at)], None),
        ("sox", "sox: MP3 decode + rate -h 48 kHz + fade, null output",
         ["sox", mp3, "-r", "48000", "-t", "null", "-", "rate", "-h", "fade", "l", "0", str(seconds), str(a.fade)],
         None),
        ("mpg123", "mpg123 -t: MP3 decode alone (the floor)", ["mpg123", "-q", "-t", mp3], None),
        ("aplay", "aplay: the pre-decoded 48 kHz WAV to ALSA's null PCM",
         ["aplay", "-q", "-D", common.NULL_PCM, wav], alsa),
        ("sleepbox-wav48", "sleepbox play of the 48 kHz WAV (no decode, no resample), null sink",
         [binary, "play", wav, "--null", "--fade-out-after", str(fade_at)], None),
        ("sleepbox-alsa", "sleepbox play: the MP3 to ALSA's null PCM (engine + ALSA writes)",
         [binary, "play", mp3, "--device", common.NULL_PCM, "--fade-out-after", str(fade_at)], alsa),
    ]
    best = {}
    for rep in range(a.reps):
        for key, _, argv, env in cases:
            r = common.measure(argv, env=env)
            if key not in best or r["cpu"] < best[key]["cpu"]:
                best[key] = r
    sox_cpu = best["sox"]["cpu"]
    rows = []
    results = []
    for key, label, argv, _ in cases:
        r = best[key]
        per_hour = r["cpu"] * 3600 / seconds
        results.append({"case": key, "command": " ".join(argv), "user_s": r["user"], "sys_s": r["sys"],
                        "cpu_s": r["cpu"], "cpu_s_per_audio_hour": per_hour, "ratio_to_sox": r["cpu"] / sox_cpu,
                        "maxrss_kb": r["maxrss_kb"], "wall_s": r["wall"]})
        rows.append([label, f"{r['user']:.2f}", f"{r['sys']:.2f}", f"{per_hour:.2f}",
                     f"{100 * per_hour / 3600:.3f} %", f"{r['cpu'] / sox_cpu:.2f}x", f"{seconds / r['cpu']:.0f}x",
                     f"{r['maxrss_kb'] / 1024:.1f}"])
    print(f"Audio CPU: {a.minutes:g} min of 44.1 kHz stereo MP3 at 192 kb/s, best of {a.reps} "
          f"(user + system CPU of each process, wait4)")
    print()
    print(common.table(["what", "user s", "sys s", "CPU s per audio hour", "of one core", "vs sox",
                        "faster than real time", "peak RSS MiB"], rows))
    ratio = best["sleepbox"]["cpu"] / sox_cpu
    print()
    print(f"Goal: sleepbox at most 0.40x of sox's CPU for the same work. Measured: {ratio:.2f}x "
          f"-> {'met' if ratio <= 0.40 else 'NOT met'}. "
          f"mpg123's decode floor: {best['mpg123']['cpu'] / sox_cpu:.2f}x.")
    print()
    print("Commands:")
    for key, _, argv, _ in cases:
        print(f"- {key}: `{' '.join(os.path.basename(x) if x == binary else x for x in argv)}`")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"minutes": a.minutes, "reps": a.reps, "results": results, "ratio": ratio}, f, indent=1)


if __name__ == "__main__":
    main()
