#!/usr/bin/env python3
"""Benchmark 0: instruction counts, figures that do not depend on how busy the machine is.

Counted with `valgrind --tool=callgrind` (every instruction the process executes in user space,
its libraries included; the kernel's work is not counted). Two measurements:

1. The audio path per hour of audio: `sleepbox play FILE --null` beside SoX doing the same work
   and mpg123 decoding alone (the floor), on the same MP3 in the same run. Each command runs on a
   short and a long cut of the file; the difference divided by the difference in length is the
   cost per second of audio, without the start-up (which would otherwise be scaled up with it).
2. The daemon's loop per playing minute: `sleepbox run --hardware sim --audio wav:FILE` under
   callgrind with collection switched off; once the speech is cached and a meditation plays,
   collection is switched on for a while (`callgrind_control -i on/off`) and the count is divided
   by the audio frames the daemon wrote meanwhile (from the WAV's size), so a daemon slowed down
   by valgrind still reports instructions per minute of audio, not per minute of wall time.
3. The same loop on the simulator's virtual clock: `sleepbox simulate --script` (the daemon's core,
   engine and display with a virtual clock and simulated devices) plays the same meditation for a
   short and a long stretch, recording its audio (`--audio-out`); the difference divided by the
   difference in playing minutes is the loop's cost per playing minute with no wall clock in it,
   so valgrind's slowness cannot change what is counted (the daemon's real-time figure above wakes
   less often under valgrind and renders more per wake-up).

The Pi Zero 2 W estimate: seconds = instructions x A / (IPC x f), with f = 1 GHz (its Cortex-A53
clock), IPC = 0.7 (an in-order dual-issue core on branchy decoder and Swift code; it reaches 1.0
and more only on straight NEON loops) and A = 1.2 (AArch64 code runs about 10-30 % more
instructions than the x86-64 code counted here: fixed-length instructions, no memory operands).

  bench/instructions.py [--short 1] [--long 3] [--play-seconds 20] [--sim-minutes 2,6] [--json FILE]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

PI_CLOCK_HZ = 1.0e9
PI_IPC = 0.7
PI_A64_FACTOR = 1.2
RATE = 48000


def pi_seconds(instructions):
    return instructions * PI_A64_FACTOR / (PI_IPC * PI_CLOCK_HZ)


def callgrind_total(out_file):
    """The `summary:`/`totals:` Ir of a callgrind output file."""
    total = None
    with open(out_file) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    if total is None:
        sys.exit(f"bench: no totals in {out_file}")
    return total


def count(argv, tag, env=None):
    out = common.work_dir("callgrind", tag + ".out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + list(argv),
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    if r.returncode != 0:
        sys.exit(f"bench: callgrind {' '.join(argv)} failed ({r.returncode}): {r.stderr[-800:]}")
    return callgrind_total(out)


def without_debug_info(binary):
    """A copy of `binary` without its DWARF (`objcopy --strip-debug`): valgrind 3.19 cannot read
    the DWARF 5 Swift 6 writes and gives up. The code, and so the count, is the same."""
    common.need("objcopy")
    # Beside the original: the daemon finds the checkout's content/ and board/ from where it is.
    copy = binary + "-nodebug"
    if not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(binary):
        subprocess.run(["objcopy", "--strip-debug", binary, copy + ".tmp"], check=True)
        os.replace(copy + ".tmp", copy)
    return copy


def cut(mp3, seconds):
    """The first `seconds` of the benchmark's MP3, as an MP3 of the same encoding (sox, LAME)."""
    path = common.work_dir(f"cut-{seconds}s.mp3")
    if not os.path.exists(path):
        subprocess.run(["sox", mp3, "-C", "192", path, "trim", "0", str(seconds)], check=True,
                       stderr=subprocess.DEVNULL)
    return path


def speech_cut(seconds):
    """Speech-like sound at the voice's rate: 22,050 Hz mono 16-bit WAV, pink noise low-passed
    at 8 kHz with a syllable-rate tremolo (sox)."""
    path = common.work_dir(f"speech-{seconds}s.wav")
    if not os.path.exists(path):
        subprocess.run(["sox", "-n", "-r", "22050", "-c", "1", "-b", "16", path, "synth", str(seconds), "pinknoise",
                        "lowpass", "8000", "tremolo", "4", "80", "vol", "0.3"], check=True, stderr=subprocess.DEVNULL)
    return path


def audio_path(binary, short_s, long_s, fade):
    mp3 = common.test_mp3(max(1, -(-long_s // 60)))
    supports_rate = "--rate" in common.run_help(binary, "play")
    at48 = ["--rate", "48000"] if supports_rate else []
    cases = [
        ("sleepbox", "sleepbox play --null: the MP3 (decode, engine, fade, mix/limiter)",
         lambda s: [binary, "play", cut(mp3, s), "--null", "--fade-out-after", str(s - fade)]),
        ("sleepbox-48k", "sleepbox play --null: the MP3 to 48 kHz (a device that takes only 48 kHz: soxr HQ)",
         lambda s: [binary, "play", cut(mp3, s), "--null", "--fade-out-after", str(s - fade)] + at48),
        ("sleepbox-speech", "sleepbox play --null: 22.05 kHz mono speech to 48 kHz",
         lambda s: [binary, "play", speech_cut(s), "--null", "--fade-out-after", str(s - fade)] + at48),
        ("sox", "sox: the MP3 -> 48 kHz rate -h + fade, null output",
         lambda s: ["sox", cut(mp3, s), "-r", "48000", "-t", "null", "-", "rate", "-h", "fade", "l", "0", str(s), str(fade)]),
        ("sox-44k", "sox: the MP3 + fade (no resampling), null output",
         lambda s: ["sox", cut(mp3, s), "-t", "null", "-", "fade", "l", "0", str(s), str(fade)]),
        ("mpg123", "mpg123 -t: the MP3 decoded alone (the floor)", lambda s: ["mpg123", "-q", "-t", cut(mp3, s)]),
    ]
    rows, results = [], {}
    for key, label, make in cases:
        counts = {}
        for s in (short_s, long_s):
            counts[s] = count(make(s), f"{key}-{s}")
        per_second = (counts[long_s] - counts[short_s]) / (long_s - short_s)
        results[key] = {"label": label, "counts": counts, "per_audio_hour": per_second * 3600,
                        "startup": counts[short_s] - per_second * short_s, "command": " ".join(make(long_s))}
    floor = results["mpg123"]["per_audio_hour"]
    sox = results["sox"]["per_audio_hour"]
    for key, r in results.items():
        rows.append([r["label"], f"{r['per_audio_hour'] / 1e9:.1f}", f"{r['per_audio_hour'] / floor:.2f}x",
                     f"{r['per_audio_hour'] / sox:.2f}x", f"{r['startup'] / 1e6:.0f}",
                     f"{pi_seconds(r['per_audio_hour']):.0f} s ({100 * pi_seconds(r['per_audio_hour']) / 3600:.1f} %)"])
    print(f"Audio path: instructions per hour of audio (callgrind; the 44.1 kHz stereo 192 kb/s MP3 cut to "
          f"{short_s} s and {long_s} s, the difference scaled to an hour, so start-up is left out; a {fade} s fade "
          "at the end)")
    print()
    print(common.table(["what", "G instructions per audio hour", "vs mpg123", "vs sox", "start-up M instr.",
                        "Pi Zero 2 W CPU per audio hour (est.)"], rows))
    ratio = results["sleepbox"]["per_audio_hour"] / floor
    print()
    print(f"Goal: sleepbox at most 1.3x the decoder alone. Measured: {ratio:.2f}x -> "
          f"{'met' if ratio <= 1.3 else 'NOT met'}.")
    print()
    print("Commands (the long cut):")
    for key, r in results.items():
        print(f"- {key}: `{r['command'].replace(binary, 'sleepbox')}`")
    return {"results": results, "ratio_to_mpg123": ratio}


def wav_frames(path):
    try:
        return max(0, (os.path.getsize(path) - 44) // 4)
    except OSError:
        return 0


def daemon_loop(binary, play_seconds):
    if not shutil.which("callgrind_control"):
        print("\nDaemon loop: no callgrind_control here; skipped.")
        return None
    # Fill the speech cache natively first: under valgrind the first render would take many minutes.
    warm = common.Daemon(binary, "instr")
    warm.argv += ["--audio", "none"]
    warm.start()
    warm.wait_for_socket()
    from daemon import wait_until_quiet
    wait_until_quiet(warm)
    warm.stop()
    wav = common.work_dir("instr-loop.wav")
    out = common.work_dir("callgrind", "daemon.out")
    d = common.Daemon.__new__(common.Daemon)
    d.__dict__.update(warm.__dict__)
    d.argv = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=" + out] + \
        [a for a in warm.argv if a not in ("--audio", "none")] + ["--audio", "wav:" + wav]
    d.log = open(os.path.join(d.dir, "daemon-callgrind.log"), "w")
    d.start()
    d.wait_for_socket(timeout=120)
    time.sleep(5)
    # The same item every run: the leaf pressed until the mode is meditation.
    for _ in range(4):
        if d.status().get("mode") == "meditation":
            break
        d.request({"cmd": "press", "button": "leaf"})
        time.sleep(3)
    time.sleep(5)
    pid = str(d.proc.pid)
    w0 = d.status()["wakeups"]
    f0 = wav_frames(wav)
    t0 = time.monotonic()
    subprocess.run(["callgrind_control", "-i", "on", pid], check=True, stdout=subprocess.DEVNULL)
    time.sleep(play_seconds)
    subprocess.run(["callgrind_control", "-i", "off", pid], check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    f1 = wav_frames(wav)
    status = d.status()
    mode = status.get("mode", "?")
    wakeups = status["wakeups"] - w0 - 1
    d.stop()
    instr = callgrind_total(out)
    frames = f1 - f0
    per_minute = instr * RATE * 60 / max(1, frames)
    print()
    print(f"Daemon loop while playing (`run --hardware sim --audio wav:FILE`, `press leaf`: "
          f"{mode}; callgrind collecting for {wall:.0f} s of wall time, "
          f"{frames / RATE:.1f} s of audio written, {wakeups} wake-ups: {wakeups * RATE / max(1, frames):.0f} a second of "
          f"audio, where the daemon at full speed wakes about 100): **{per_minute / 1e9:.2f} G instructions per playing "
          f"minute** ({per_minute / 60 / 1e6:.1f} M per second of audio); Pi Zero 2 W estimate "
          f"{100 * pi_seconds(per_minute) / 60:.1f} % of one core. Slowed down by valgrind, the daemon wakes less often "
          "than it would at full speed and renders more audio per wake-up, so the per-wake-up work (the display, the "
          "loop itself) is under-counted by about the ratio of the wake-ups.")
    loop = status.get("loop")
    if loop:
        print()
        print(f"The loop's iterations under callgrind (slowed down many times; the distribution on the "
              f"machine itself is in section 4): p50 {loop['p50Ms']} ms, p99 {loop['p99Ms']} ms, max {loop['maxMs']} ms.")
    return {"instructions": instr, "frames": frames, "wakeups": wakeups, "wall": wall, "per_playing_minute": per_minute,
            "pi_core_fraction": pi_seconds(per_minute) / 60}


def simulator_loop(binary, short_min, long_min):
    """Instructions per playing minute on the simulator's virtual clock (see the module's text)."""
    state = common.work_dir("sim-state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    env = dict(os.environ, SLEEPBOX_VOICE_ENV="off")

    def script(minutes):
        path = common.work_dir(f"sim-{minutes}m.jsonl")
        with open(path, "w") as f:
            f.write('{"at":"2s","press":"leaf"}\n')
            f.write('{"at":"%ds","end":true}\n' % (2 + 60 * minutes))
        return path

    def argv(minutes, tag):
        return [binary, "simulate", "--script", script(minutes), "--start", "2026-11-23T22:30:00", "--seed", "7",
                "--state-dir", common.work_dir("sim-state"), "--audio-out", common.work_dir(f"sim-{tag}.wav")]

    # The speech is rendered into the state folder's cache once, natively, before anything is counted;
    # each counted run starts from the same state (the run's own save is thrown away).
    subprocess.run(argv(long_min, "warm"), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    saved = os.path.join(state, "state.json")
    if os.path.exists(saved):
        os.remove(saved)
    counts = {}
    for minutes in (short_min, long_min):
        counts[minutes] = count(argv(minutes, f"{minutes}m"), f"sim-{minutes}m", env=env)
        if os.path.exists(saved):
            os.remove(saved)
    per_minute = (counts[long_min] - counts[short_min]) / (long_min - short_min)
    startup = counts[short_min] - per_minute * short_min
    print()
    print(f"The loop on the simulator's virtual clock (`sleepbox simulate --script`, the leaf pressed: a meditation "
          f"plays; {short_min} and {long_min} playing minutes, audio recorded to a WAV): **{per_minute / 1e9:.2f} G "
          f"instructions per playing minute** ({per_minute / 60 / 1e6:.1f} M per second of audio; start-up and the "
          f"first {short_min} minutes {counts[short_min] / 1e9:.2f} G); Pi Zero 2 W estimate "
          f"{100 * pi_seconds(per_minute) / 60:.1f} % of one core.")
    print(f"Command: `valgrind --tool=callgrind {' '.join(argv(long_min, 'long')).replace(binary, 'sleepbox')}`")
    return {"counts": counts, "per_playing_minute": per_minute, "pi_core_fraction": pi_seconds(per_minute) / 60}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", type=int, default=20 if common.QUICK else 60, help="seconds")
    ap.add_argument("--long", type=int, default=60 if common.QUICK else 180, help="seconds")
    ap.add_argument("--fade", type=int, default=10)
    ap.add_argument("--play-seconds", type=float, default=10 if common.QUICK else 30)
    ap.add_argument("--skip-daemon", action="store_true")
    ap.add_argument("--skip-audio", action="store_true")
    ap.add_argument("--skip-simulator", action="store_true")
    ap.add_argument("--sim-minutes", default="1,3" if common.QUICK else "2,6",
                    help="the short and the long playing minutes on the simulator, e.g. 2,6")
    ap.add_argument("--json")
    a = ap.parse_args()
    common.need("valgrind", "sox", "mpg123")
    binary = without_debug_info(common.sleepbox_binary())
    out = {} if a.skip_audio else {"audio": audio_path(binary, a.short, a.long, a.fade)}
    if not a.skip_daemon:
        out["daemon"] = daemon_loop(binary, a.play_seconds)
    if not a.skip_simulator:
        short_min, long_min = (int(x) for x in a.sim_minutes.split(","))
        out["simulator"] = simulator_loop(binary, short_min, long_min)
    print()
    print(f"Pi Zero 2 W: seconds = instructions x {PI_A64_FACTOR} (AArch64 vs x86-64 count) / "
          f"({PI_IPC} IPC x {PI_CLOCK_HZ / 1e9:g} GHz), an estimate for the Cortex-A53.")
    print()
    print("Commands: `valgrind --tool=callgrind --callgrind-out-file=OUT COMMAND` (Ir from the file's totals).")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
