#!/usr/bin/env python3
"""Benchmark 7: a mix's cost per layer in instructions, and how many layers a Pi Zero 2 W mixes.

Builds bench/enginebench's `mixlayers` (release: the project's own SleepBoxContent, SleepBoxAudio
and SleepBoxCore sources) and counts, with valgrind's callgrind, the instructions of an owner's
mix played through the library's `MixSource` in 10 ms blocks at 48 kHz, as the box plays one:

1. every sound a mix can play, as a one-layer mix: the bundled generators and tones, and a
   recording (a 44.1 kHz stereo Ogg Vorbis of noise, written by `mixlayers --write-ogg`, so the
   layer decodes, resamples to 48 kHz, loops and filters its offset);
2. mixes of one to seven layers, the costliest sounds first;
3. mixes of six and of seven recordings (the worst mix an owner can make: every layer decoded,
   resampled, looped and filtered).

Each case runs at two lengths; the difference divided by the difference in seconds is the cost
per second of audio, without the library's load and the process's start.

The Pi Zero 2 W estimate (as bench/instructions.py): seconds = instructions x 1.2 / (0.7 x 1 GHz),
as a share of one of its four Cortex-A53 cores.

  bench/mixlayers.py [--short 2] [--long 8] [--json FILE]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from instructions import callgrind_total, pi_seconds, without_debug_info  # noqa: E402

PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "enginebench")
CONTENT = os.path.join(common.ROOT, "content")
GENERATORS = ["ambient-rain", "ambient-ocean", "ambient-forest", "ambient-white-noise", "ambient-pink-noise",
              "ambient-brown-noise", "tone-binaural-delta", "tone-isochronic-theta"]
RECORDING = "rec-bench-noise"
RECORDINGS = [RECORDING] + [f"{RECORDING}-{n}" for n in range(2, 8)]


def build():
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    argv = [swift, "build", "-c", "release", "--package-path", PACKAGE, "--product", "mixlayers"]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("bench: building bench/enginebench's mixlayers failed:\n" + (r.stdout + r.stderr)[-3000:])
    out = subprocess.run([swift, "build", "-c", "release", "--package-path", PACKAGE, "--show-bin-path"],
                         capture_output=True, text=True).stdout.strip()
    # valgrind cannot read Swift 6's DWARF 5: the count runs on a copy without it.
    return without_debug_info(os.path.join(out, "mixlayers"))


def user_folder(exe):
    """A user content folder with seven recordings of one file: 30 s of noise at 44.1 kHz, Ogg Vorbis."""
    folder = common.work_dir("mixlayers-content")
    rec = os.path.join(folder, "recordings")
    os.makedirs(rec, exist_ok=True)
    ogg = os.path.join(rec, RECORDING + ".ogg")
    if not os.path.exists(ogg):
        subprocess.run([exe, "--write-ogg", ogg, "--seconds", "30"], check=True)
    for name in RECORDINGS:
        with open(os.path.join(rec, name + ".toml"), "w") as f:
            f.write(f'title = "{name}"\nkind = "ambient"\nauthor = "sleepbox"\nnarrator = "none"\n'
                    'description = "Noise for the benchmark."\naudio = "' + RECORDING + '.ogg"\n')
    return folder


def count(exe, user, sounds, seconds, tag):
    out = common.work_dir("callgrind", f"mixlayers-{tag}-{seconds}.out")
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, exe, "--content", CONTENT, "--user", user,
            "--sounds", ",".join(sounds), "--seconds", str(seconds)]
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({r.returncode}): {(r.stdout + r.stderr)[-800:]}")
    return callgrind_total(out)


def per_second(exe, user, sounds, short, long, tag):
    a = count(exe, user, sounds, short, tag)
    b = count(exe, user, sounds, long, tag)
    return (b - a) / (long - short)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", type=int, default=1 if common.QUICK else 2)
    ap.add_argument("--long", type=int, default=3 if common.QUICK else 8)
    ap.add_argument("--json")
    a = ap.parse_args()
    common.need("valgrind")
    exe = build()
    user = user_folder(exe)
    single = {}
    for sound in GENERATORS + [RECORDING]:
        single[sound] = per_second(exe, user, [sound], a.short, a.long, sound)
    order = sorted(single, key=lambda s: -single[s])
    share = lambda n: 100 * pi_seconds(n)  # % of one Pi core: pi seconds per second of audio
    print(f"One layer (callgrind, M instructions per second of audio at 48 kHz, {a.short} s and {a.long} s runs)")
    print()
    print(common.table(["sound", "M instr./s", "Pi Zero 2 W, % of one core (est.)"],
                       [[s, f"{single[s] / 1e6:.2f}", f"{share(single[s]):.2f} %"] for s in order]))
    print()
    mixes = []
    for n in range(1, 8):
        total = per_second(exe, user, order[:n], a.short, a.long, f"mix{n}")
        mixes.append({"layers": n, "sounds": order[:n], "per_second": total})
    rows = []
    for i, m in enumerate(mixes):
        step = m["per_second"] - (mixes[i - 1]["per_second"] if i else 0)
        rows.append([str(m["layers"]), ", ".join(m["sounds"][-1:]), f"{m['per_second'] / 1e6:.2f}", f"{step / 1e6:.2f}",
                     f"{share(m['per_second']):.2f} %"])
    print("Mixes of 1 to 7 layers, the costliest sounds first (M instructions per second of audio)")
    print()
    print(common.table(["layers", "layer added", "mix M instr./s", "added M instr./s", "Pi Zero 2 W, % of one core (est.)"],
                       rows))
    print()
    worst = []
    for n in (6, 7):
        total = per_second(exe, user, RECORDINGS[:n], a.short, a.long, f"rec{n}")
        mixes.append({"layers": n, "sounds": RECORDINGS[:n], "per_second": total})
        worst.append([f"{n} recordings", f"{total / 1e6:.2f}", f"{share(total):.2f} %", f"{2 * share(total):.2f} %"])
    print("The worst mixes: every layer a recording (M instructions per second of audio)")
    print()
    print(common.table(["mix", "M instr./s", "Pi Zero 2 W, % of one core (est.)", "two of them crossfading"], worst))
    print()
    print(f"Command: `{os.path.relpath(exe, common.ROOT)} --content content --user {user} --sounds ID,... --seconds N` "
          "under `valgrind --tool=callgrind`")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"single": single, "mixes": mixes}, f, indent=1)


if __name__ == "__main__":
    main()
