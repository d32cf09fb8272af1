#!/usr/bin/env python3
"""Benchmark: the natural voice process's peak memory while it reads the bundled library.

Starts the box's voice server (Sources/SleepBoxSpeech/piper_server.py, as the box starts it) with
the Python of the voice's environment and sends it the stretches of speech of the bundled
scripts, one request a stretch, as the box does when it renders them. After each answer it reads
the process's VmHWM (the peak resident set, /proc/PID/status) and VmRSS; at the end it prints the
peak, the stretch that raised it, and the longest item.

Stretches are cut as the box cuts them: a script with pause markers (`(3s)`) is spoken from marker
to marker, its lines joined; one without is spoken sentence by sentence (docs/content.md, Pauses).

  bench/voice_memory.py [--voice-env .venv-voice] [--server PATH] [--content content]
                        [--items ID ...] [--rate 140] [--budget MIB] [--json FILE]

--budget exits 1 when the peak passes MIB.
"""

import argparse
import json
import os
import platform
import re
import struct
import subprocess
import sys
import time

MARKER = re.compile(r"\(\s*\d+(?:\.\d+)?\s*(?:s|sec|seconds?|m|min|minutes?)\s*\)", re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])[\"'\u201d\u2019)\]]*\s+")


def stretches(path):
    """The stretches of speech of the script at `path`."""
    text = open(path, encoding="utf-8").read()
    body = text.split("\n---\n", 1)[1] if "\n---\n" in text else text
    lines = [line for line in body.splitlines() if not line.lstrip().startswith("#")]
    body = "\n".join(lines)
    if MARKER.search(body):
        parts = MARKER.split(body)
    else:
        parts = [s for paragraph in re.split(r"\n\s*\n", body) for s in SENTENCE.split(paragraph)]
    return [" ".join(p.split()) for p in parts if any(c.isalnum() for c in p)]


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                fields[key] = int(value.split()[0]) / 1024
    return fields


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voice-env", default=os.path.join(repo, ".venv-voice"))
    parser.add_argument("--server", default=os.path.join(repo, "Sources/SleepBoxSpeech/piper_server.py"))
    parser.add_argument("--content", default=os.path.join(repo, "content"))
    parser.add_argument("--items", nargs="*", help="item ids (file names without .txt); default every script")
    parser.add_argument("--rate", type=int, default=140, help="words a minute, as [voice] rate (the box's length scale "
                        "for it: (225 / rate) ^ (1 / 0.78), between 0.6 and 2, NaturalVoiceEngine.lengthScale)")
    parser.add_argument("--budget", type=float, help="MiB: exit 1 when the peak passes it")
    parser.add_argument("--json")
    args = parser.parse_args()

    length_scale = min(max((225 / args.rate) ** (1 / 0.78), 0.6), 2.0)
    scripts = []
    for folder, _, files in sorted(os.walk(args.content)):
        for name in sorted(files):
            if name.endswith(".txt") and (not args.items or name[:-4] in args.items):
                scripts.append((name[:-4], os.path.join(folder, name)))
    if not scripts:
        sys.exit("no scripts found")

    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.Popen([os.path.join(args.voice_env, "bin/python3"), args.server], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=env)
    ready = json.loads(proc.stdout.readline())
    if not ready.get("ready"):
        sys.exit(f"the voice did not load: {ready}")
    loaded = status(proc.pid)
    print(f"length scale {length_scale:.3f} ({args.rate} words a minute)")
    print(f"voice {ready['voice']} ({ready['version']}), loaded: VmRSS {loaded['VmRSS']:.0f} MiB, VmHWM {loaded['VmHWM']:.0f} MiB")

    peak, peak_by, longest, total_audio = loaded["VmHWM"], "loading", (0, ""), 0.0
    started = time.process_time()
    wall = time.monotonic()
    per_item = []
    for item, path in scripts:
        chars = 0
        for text in stretches(path):
            chars += len(text)
            request = json.dumps({"text": text, "length_scale": length_scale, "volume": 1.0}) + "\n"
            proc.stdin.write(request.encode())
            proc.stdin.flush()
            tag, length = struct.unpack("<4sI", proc.stdout.read(8))
            payload = proc.stdout.read(length)
            if tag != b"PCM ":
                sys.exit(f"{item}: {payload.decode(errors='replace')}")
            total_audio += length / 2 / ready["sample_rate"]
            now = status(proc.pid)
            if now["VmHWM"] > peak:
                peak, peak_by = now["VmHWM"], f"{item}: a stretch of {len(text)} characters"
        per_item.append((item, chars, peak))
        longest = max(longest, (chars, item))
        print(f"{item:34} {chars:6} characters  VmHWM so far {peak:6.0f} MiB", flush=True)
    proc.stdin.close()
    proc.wait()
    children = os.times()
    cpu = children.children_user + children.children_system
    result = {"machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} CPUs",
              "peak_mib": round(peak, 1), "peak_by": peak_by, "longest_item": longest[1], "longest_chars": longest[0],
              "audio_seconds": round(total_audio, 1), "voice_cpu_seconds": round(cpu, 1),
              "wall_seconds": round(time.monotonic() - wall, 1), "items": len(scripts), "length_scale": round(length_scale, 3)}
    print(f"peak VmHWM {peak:.0f} MiB ({peak_by}); longest item {longest[1]} ({longest[0]} characters); "
          f"{total_audio / 60:.1f} min of speech in {cpu:.0f} CPU-s of the voice process")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    if args.budget is not None and peak > args.budget:
        print(f"over the budget of {args.budget:.0f} MiB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
