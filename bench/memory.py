#!/usr/bin/env python3
"""Benchmark 2: peak memory (RSS) of `sleepbox play`, and where it goes.

- Peak RSS (/usr/bin/time -f %M) of `sleepbox --help` (the Swift runtime, Foundation and the
  shared libraries, loaded and relocated, nothing else), of `sleepbox play --null` for the MP3
  and for a 48 kHz WAV, and of two tiny Swift programs built here with the same compiler: one
  without Foundation, one that imports it (what the runtime alone and Foundation cost).
- A breakdown of the playing process's RSS by mapping (/proc/PID/smaps, sampled while it plays):
  the program, the Swift runtime, Foundation, ICU, other shared libraries, heap and stacks.

  bench/memory.py [--reps 3] [--json FILE]

With SLEEPBOX_STATIC set to a build made with `swift build -c release --product sleepbox
--static-swift-stdlib --scratch-path .build-static`, that build is measured too.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

HELLO_PLAIN = 'print("hello")\n'
HELLO_FOUNDATION = 'import Foundation\nprint("hello \\(Date().timeIntervalSince1970 > 0)")\n'


def build_hello(name, source):
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    d = common.work_dir("hello")
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, name + ".swift")
    exe = os.path.join(d, name)
    with open(src, "w") as f:
        f.write(source)
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        r = subprocess.run([swiftc, "-O", src, "-o", exe], capture_output=True, text=True)
        if r.returncode != 0:
            return None
    return exe


def category(path):
    if path in ("[heap]",):
        return "heap (brk)"
    if path.startswith("[stack"):
        return "stacks"
    if path == "":
        return "anonymous (malloc arenas, thread stacks, Swift metadata)"
    if path.startswith("["):
        return "kernel ([vdso], [vvar])"
    base = os.path.basename(path)
    if base == "sleepbox":
        return "the sleepbox program"
    if "FoundationICU" in base:
        return "ICU data and code (lib_FoundationICU)"
    if base.startswith("libFoundation"):
        return "Foundation (libFoundation, Essentials, Internationalization)"
    if "/swift/" in path:
        return "Swift runtime (libswiftCore, Concurrency, Dispatch, ...)"
    if any(k in base for k in ("espeak", "pcaudio", "libpulse", "libX", "libxcb", "libsonic", "libdbus",
                                "libsystemd", "libsndio", "libasyncns", "libapparmor", "libXau", "libXdmcp")) \
            or "/pulseaudio/" in path:
        return "espeak-ng and what it links (pcaudio, PulseAudio, X11, ...)"
    if base.startswith("libcrypto"):
        return "libcrypto (OpenSSL, for SHA-256)"
    if base.startswith("libnettle"):
        return "libnettle (Nettle, for SHA-256)"
    return "other shared libraries (libc, libstdc++, libsndfile, codecs, libsoxr, ALSA, ...)"


def smaps_breakdown(pid):
    rows = {}
    files = {}
    path = ""
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
                path = parts[5] if len(parts) >= 6 else ""
            elif parts[0] == "Rss:":
                kb = int(parts[1])
                c = category(path)
                rows[c] = rows.get(c, 0) + kb
                name = os.path.basename(path) if path.startswith("/") else (path or "(anonymous)")
                files[name] = files.get(name, 0) + kb
    return rows, files


def median(v):
    v = sorted(v)
    return v[len(v) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=1 if common.QUICK else 3)
    ap.add_argument("--json")
    a = ap.parse_args()
    binary = common.sleepbox_binary()
    mp3 = common.test_mp3(5 if common.QUICK else 20)
    wav = common.test_wav48(mp3)
    seconds = 300 if common.QUICK else 1200
    fade_at = str(seconds - 30)

    cases = [("sleepbox --help (runtime + Foundation + libraries, baseline)", [binary, "--help"])]
    plain = build_hello("hello-plain", HELLO_PLAIN)
    found = build_hello("hello-foundation", HELLO_FOUNDATION)
    if plain:
        cases.append(("a Swift hello world without Foundation (swiftc -O)", [plain]))
    if found:
        cases.append(("a Swift hello world importing Foundation (swiftc -O)", [found]))
    cases += [
        ("sleepbox play MP3 --null (decode + resample + mix)", [binary, "play", mp3, "--null", "--fade-out-after", fade_at]),
        ("sleepbox play 48 kHz WAV --null (no resampler)", [binary, "play", wav, "--null", "--fade-out-after", fade_at]),
        ("sleepbox play MP3 --wav OUT (WAV sink)", [binary, "play", mp3, "--wav", common.work_dir("memory-out.wav"),
                                                     "--fade-out-after", "60"]),
    ]
    static = os.environ.get("SLEEPBOX_STATIC")
    if static and os.access(static, os.X_OK):
        cases += [
            ("static Swift stdlib build: `sleepbox --help`", [static, "--help"]),
            ("static Swift stdlib build: play MP3 --null", [static, "play", mp3, "--null", "--fade-out-after", fade_at]),
        ]
    results = []
    for label, argv in cases:
        vals = [common.gnu_time(argv)["maxrss_kb"] for _ in range(a.reps)]
        results.append({"case": label, "command": " ".join(argv), "maxrss_kb": median(vals), "all_kb": vals})
    base = results[0]["maxrss_kb"]
    print(f"Peak RSS (/usr/bin/time -f %M, median of {a.reps})")
    print()
    print(common.table(["process", "peak RSS MiB", "over `sleepbox --help`"],
                       [[r["case"], f"{r['maxrss_kb'] / 1024:.1f}", f"{(r['maxrss_kb'] - base) / 1024:+.1f} MiB"]
                        for r in results]))

    # Where a playing process's RSS is: sample smaps half-way through a play.
    p = subprocess.Popen([binary, "play", mp3, "--null"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3 if common.QUICK else 1.0)
    rows, files = smaps_breakdown(p.pid)
    with open(f"/proc/{p.pid}/status") as f:
        vm = {l.split(":")[0]: l.split(":")[1].strip() for l in f if l.startswith(("VmRSS", "VmHWM", "RssAnon", "RssFile"))}
    p.wait()
    total = sum(rows.values())
    print()
    print("RSS of `sleepbox play MP3 --null` while playing, by mapping (/proc/PID/smaps):")
    print()
    print(common.table(["mapping", "RSS MiB", "share"],
                       [[k, f"{v / 1024:.1f}", f"{100 * v / total:.0f} %"]
                        for k, v in sorted(rows.items(), key=lambda kv: -kv[1])] +
                       [["total", f"{total / 1024:.1f}", "100 %"]]))
    print()
    print("The largest single mappings:")
    print()
    top = sorted(files.items(), key=lambda kv: -kv[1])[:12]
    print(common.table(["file", "RSS MiB"], [[k, f"{v / 1024:.2f}"] for k, v in top]))
    print()
    print(f"/proc/PID/status at that moment: {', '.join(f'{k} {v}' for k, v in vm.items())} "
          "(RssFile: pages of the program and its shared libraries, clean and shareable; RssAnon: "
          "heap, stacks and the libraries' relocated data).")
    play = next(r for r in results if r["case"].startswith("sleepbox play MP3 --null"))["maxrss_kb"]
    print()
    print(f"Goal: under 12 MB for the engine in a small player process. The engine's own increase "
          f"while playing the MP3: {(play - base) / 1024:+.1f} MiB over the {base / 1024:.1f} MiB baseline "
          f"-> {'met' if play - base < 12 * 1024 else 'NOT met'} for the engine; the whole process peaks at "
          f"{play / 1024:.1f} MiB -> {'met' if play < 12 * 1024 else 'NOT met'} for the process.")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"results": results, "smaps_kb": rows, "files_kb": dict(top), "status": vm}, f, indent=1)


if __name__ == "__main__":
    main()
