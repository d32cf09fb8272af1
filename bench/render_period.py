#!/usr/bin/env python3
"""Benchmark 3: the time to render one 10 ms period (480 frames at 48 kHz), in process.

Builds bench/enginebench (release; its targets are links to the project's SleepBoxCore and
SleepBoxAudio sources) and runs it: AudioEngine.render timed with CLOCK_MONOTONIC around each
call, with the item (the test MP3, decoded and resampled), its crossfade partner (a crossfade to
a random place in the file every 5 s, over 4.9 s), an ambient bed (RainGenerator) and the alarm
(WakeSound on a rising ramp) all live, for 100 000 periods after 100 warm-up periods. Run three
times: alone, with one busy thread beside it in the process (decoding the MP3 in a loop, as the
daemon's worker does while it prepares a program: the machine has 2 cores, so this leaves one for
the engine), and with two (more busy threads than cores).

  bench/render_period.py [--periods 100000] [--json FILE]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "enginebench")


def build():
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    r = subprocess.run([swift, "build", "-c", "release", "--package-path", PACKAGE],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("bench: building bench/enginebench failed:\n" + (r.stdout + r.stderr)[-3000:])
    out = subprocess.run([swift, "build", "-c", "release", "--package-path", PACKAGE, "--show-bin-path"],
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "enginebench")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--periods", type=int, default=20000 if common.QUICK else 100000)
    ap.add_argument("--json")
    a = ap.parse_args()
    exe = build()
    mp3 = common.test_mp3(5 if common.QUICK else 20)
    runs = []
    sources = []
    opens = []
    for load in (0, 1, 2):
        argv = [exe, "--file", mp3, "--periods", str(a.periods), "--load", str(load), "--json"]
        if load == 0:
            argv.append("--sources")
        r = subprocess.run(argv, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("bench: enginebench failed: " + r.stderr[-2000:])
        for line in r.stdout.splitlines():
            rec = json.loads(line)
            {"mix": runs, "source": sources, "open": opens}[rec["kind"]].append(rec)

    def us(ns):
        return f"{ns / 1000:.0f}" if ns >= 100_000 else f"{ns / 1000:.1f}"

    def pct(ns):
        return f"{100 * ns / 10_000_000:.2f} %"

    print(f"Render time of one 480-frame (10 ms) period, release build, {a.periods} periods "
          "(item MP3 44.1->48 kHz + crossfade partner + rain bed + rising alarm)")
    print()
    labels = {0: "engine alone", 1: "+1 busy thread (1 core left)", 2: "+2 busy threads (oversubscribed)"}
    rows = []
    for r in runs:
        rows.append([labels[r["load"]], f"{r['all_four_active']}/{r['periods']}",
                     f"{us(r['mean_ns'])} ({pct(r['mean_ns'])})", f"{us(r['p99_ns'])} ({pct(r['p99_ns'])})",
                     f"{us(r['p999_ns'])}", f"{us(r['max_ns'])} ({pct(r['max_ns'])})", r["over_1ms"]])
    print(common.table(["run", "periods with all 4 live", "mean µs (of 10 ms)", "p99 µs", "p99.9 µs",
                        "max µs", "periods > 1 ms"], rows))
    print()
    c = runs[0]
    print(f"The crossfade command itself (opening the MP3 and seeking to a random place in its first "
          f"15 minutes, on the caller's thread, between periods): {c['crossfade_commands']} times, mean "
          f"{c['crossfade_mean_ns'] / 1e6:.1f} ms, max {c['crossfade_max_ns'] / 1e6:.1f} ms.")
    print()
    print("Opening the MP3 and seeking (best and worst of 5):")
    print()
    print(common.table(["operation", "min ms", "max ms"],
                       [[o["name"], f"{o['min_ns'] / 1e6:.2f}", f"{o['max_ns'] / 1e6:.2f}"] for o in opens]))
    print()
    print("One period of each source alone (3000 periods):")
    print()
    print(common.table(["source", "mean µs", "p99 µs", "max µs"],
                       [[s["name"], us(s["mean_ns"]), us(s["p99_ns"]), us(s["max_ns"])] for s in sources]))
    print()
    print(f"Command: `{os.path.relpath(exe, common.ROOT)} --file test-20min.mp3 --periods {a.periods} "
          "--load 0|1|2 --json [--sources]`")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"runs": runs, "sources": sources, "opens": opens}, f, indent=1)


if __name__ == "__main__":
    main()
