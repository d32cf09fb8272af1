#!/usr/bin/env python3
"""Benchmark 6: how fast the mixer and each source render, in seconds of audio per second of wall
time (release build, in process, 1024-frame blocks at 48 kHz).

Builds bench/enginebench's `mixerbench` (release) and runs it: the mix of an item (a looped 30 s
pink-noise clip), a rain bed and an ocean alarm with gain ramps and the volume, over 600 s of
audio; then each generator alone and the two gain-ramp curves over 150 s.

  bench/mixer.py [--seconds 600] [--json FILE]
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
    argv = [swift, "build", "-c", "release", "--package-path", PACKAGE, "--product", "mixerbench"]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("bench: building bench/enginebench's mixerbench failed:\n" + (r.stdout + r.stderr)[-3000:])
    out = subprocess.run([swift, "build", "-c", "release", "--package-path", PACKAGE, "--show-bin-path"],
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "mixerbench")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60 if common.QUICK else 600)
    ap.add_argument("--json")
    a = ap.parse_args()
    exe = build()
    r = subprocess.run([exe, "--seconds", str(a.seconds), "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("bench: mixerbench failed: " + (r.stdout + r.stderr)[-2000:])
    recs = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    print(f"Render speed in seconds of audio per second of wall time, release build, 1024-frame blocks "
          f"at 48 kHz ({a.seconds} s of audio for the mix, {a.seconds // 4} s for each source and ramp)")
    print()
    print(common.table(["what", "× real time"], [[rec["name"], str(rec["speed"])] for rec in recs]))
    print()
    print(f"Command: `{os.path.relpath(exe, common.ROOT)} --seconds {a.seconds} --json`")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(recs, f, indent=1)


if __name__ == "__main__":
    main()
