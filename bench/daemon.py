#!/usr/bin/env python3
"""Benchmark 4: the daemon (`sleepbox run --hardware sim`).

1. Wake-ups per minute while idle: the status's `timerWakeups` (the box's own timers) and
   `wakeups` (every poll() return) over a few idle minutes, with the kernel's count of the
   process's voluntary context switches (all threads) and its CPU time beside them. Three daemons
   side by side: `--audio none`, `--audio wav:FILE` (the engine, recording in real time), and one
   playing (below).
2. Peak RSS while playing: `--audio wav:FILE`, `ctl press leaf`, VmHWM/VmRSS from
   /proc/PID/status after 30 s (and before the press).
3. Start-up: from the moment before the process is spawned to (a) the first PNG frame the
   simulated display writes (`--display DIR`, the file's mtime) and (b) the control socket's first
   answer; the status's `t` at that answer is the time since the Daemon object was made.
4. Button-to-sound latency with the WAV output (paced by the monotonic clock, 10 ms periods):
   a press that makes the confirmation tick from silence (`[audio] cues = true`: the knob
   committing the timer chooser, or the timer button cancelling a timer; `press leaf` from off is
   no use here: a program starts after its own start_delay, 3 s); the WAV's frame k was due at
   fileStart + k/48000 on CLOCK_MONOTONIC (the same clock this script reads), so the first
   non-zero sample after the press gives the press-to-sound delay in the recording, and watching
   the file grow gives when that sample was actually written. fileStart is calibrated through the
   status: an answer's `t` and the frame count the next answer reports (the recording is caught up
   to that iteration's time before the next request is read).

5. Detent-to-speech latency of the spoken menus (`[voice] speak_menus = true`, espeak-ng):
   the library menu opened, then one detent at a time down its rows to the last and back, from
   silence (a row's first time is rendered, later ones are kept rendered); the same recording and calibration as 4, the first non-zero sample after the
   turn request is the start of the row's words. A requested turn's detent is decoded at its
   fourth quadrature edge, 15 ms after the request (`BoxRunner.turnEdgeSeconds`), so the
   detent-to-sound time is the measured one less 15 ms.

  bench/daemon.py [--idle-seconds 150] [--presses 50] [--starts 5] [--turns 40] [--json FILE]
"""
import argparse
import glob
import json
import os
import re
import socket
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import memory  # noqa: E402

RATE = 48000


def proc_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / tick


def proc_ctxt(pid):
    total = 0
    for task in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            with open(task) as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches"):
                        total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


def wait_until_quiet(d, quiet=1.0, limit=240.0):
    """Waits until the daemon has used no CPU for `quiet` seconds (the voice has prepared the
    library in the background); returns when its CPU time last moved, in seconds after its start."""
    t0 = time.monotonic()
    last = proc_cpu_seconds(d.proc.pid)
    still = time.monotonic()
    while time.monotonic() - t0 < limit:
        time.sleep(0.1)
        now = proc_cpu_seconds(d.proc.pid)
        if now != last:
            last = now
            still = time.monotonic()
        elif time.monotonic() - still >= quiet:
            return still - d.start_mono
    return float("nan")


def supports_audio(binary):
    return "--audio" in common.run_help(binary, "run")


# --- 1 + 2: idle wake-ups and RSS ------------------------------------------------------------

def idle_and_rss(binary, idle_seconds):
    daemons = {
        "idle, --audio none": common.Daemon(binary, "idle-none", ["--audio", "none"]),
    }
    audio = supports_audio(binary)
    if audio:
        daemons["idle, --audio wav"] = common.Daemon(binary, "idle-wav",
                                                     ["--audio", "wav:" + common.work_dir("idle.wav")])
        daemons["playing, --audio wav"] = common.Daemon(binary, "playing",
                                                        ["--audio", "wav:" + common.work_dir("playing.wav")])
    for d in daemons.values():
        d.start()
    for d in daemons.values():
        d.wait_for_socket()
    watched = list(daemons)[-1]
    smaps = {"at start (socket answering)": memory.smaps_breakdown(daemons[watched].proc.pid)[0]}
    rss_start = {k: d.vm_status() for k, d in daemons.items()}
    prep = {k: wait_until_quiet(d) for k, d in daemons.items()}
    smaps["after the voice prepared the library"] = memory.smaps_breakdown(daemons[watched].proc.pid)[0]
    rss_before = {k: d.vm_status() for k, d in daemons.items()}
    if audio:
        daemons["playing, --audio wav"].request({"cmd": "press", "button": "leaf"})
    t0 = time.monotonic()
    first = {k: (d.status(), proc_ctxt(d.proc.pid), proc_cpu_seconds(d.proc.pid)) for k, d in daemons.items()}
    rss_30 = None
    while time.monotonic() - t0 < idle_seconds:
        time.sleep(1)
        if rss_30 is None and time.monotonic() - t0 >= 30:
            rss_30 = {k: d.vm_status() for k, d in daemons.items()}
            play_status = daemons["playing, --audio wav"].status() if audio else None
            smaps["playing, after 30 s" if audio else "30 s later"] = memory.smaps_breakdown(daemons[watched].proc.pid)[0]
    elapsed = time.monotonic() - t0
    last = {k: (d.status(), proc_ctxt(d.proc.pid), proc_cpu_seconds(d.proc.pid)) for k, d in daemons.items()}
    rss_end = {k: d.vm_status() for k, d in daemons.items()}
    for d in daemons.values():
        d.stop()
    rows = []
    out = []
    for k in daemons:
        s0, c0, u0 = first[k]
        s1, c1, u1 = last[k]
        per_min = lambda a, b: (b - a) * 60 / elapsed  # noqa: E731
        r = {"case": k, "seconds": elapsed,
             "timer_wakeups_per_min": per_min(s0["timerWakeups"], s1["timerWakeups"]),
             # Each status request is one wake-up (two per sample here: first and last).
             "wakeups_per_min": per_min(s0["wakeups"], s1["wakeups"] - 1),
             "ctxt_switches_per_min": per_min(c0, c1 - 2),
             # Frames the runner rendered (the screen model changed): at most 60 a minute playing.
             "renders_per_min": per_min(s0.get("renders", 0), s1.get("renders", 0)),
             "cpu_percent": 100 * (u1 - u0) / elapsed,
             "prepare_seconds": prep[k],
             "rss_start_kb": rss_start[k], "rss_before_kb": rss_before[k], "rss_30s_kb": rss_30[k] if rss_30 else None, "rss_end_kb": rss_end[k]}
        r["smaps_kb"] = smaps if k == watched else None
        out.append(r)
        rows.append([k, f"{r['timer_wakeups_per_min']:.1f}", f"{r['wakeups_per_min']:.1f}", f"{r['renders_per_min']:.1f}",
                     f"{r['ctxt_switches_per_min']:.1f}", f"{r['cpu_percent']:.3f} %",
                     f"{rss_start[k]['VmRSS'] / 1024:.1f}", f"{rss_before[k]['VmRSS'] / 1024:.1f}",
                     f"{rss_30[k]['VmHWM'] / 1024:.1f}" if rss_30 else "-",
                     f"{rss_end[k]['VmRSS'] / 1024:.1f}"])
    print(f"Idle wake-ups and memory over {elapsed:.0f} s, after the voice finished preparing the library "
          f"(its CPU went quiet {', '.join(f'{v:.1f} s' for v in prep.values())} after start; fresh state folders, "
          "so the speech cache was cold)")
    print()
    print(common.table(["daemon", "timer wake-ups/min", "poll wake-ups/min", "frames rendered/min", "context switches/min (all threads)",
                        "CPU", "VmRSS at start MiB", "VmRSS after preparing MiB",
                        "VmHWM 30 s later MiB", "VmRSS at end MiB"], rows))
    cats = []
    for rows_ in smaps.values():
        for c in rows_:
            if c not in cats:
                cats.append(c)
    cats.sort(key=lambda c: -max(r.get(c, 0) for r in smaps.values()))
    print()
    print(f"RSS of the `{watched}` daemon by mapping (/proc/PID/smaps), MiB:")
    print()
    print(common.table(["mapping"] + list(smaps),
                       [[c] + [f"{r.get(c, 0) / 1024:.1f}" for r in smaps.values()] for c in cats] +
                       [["total"] + [f"{sum(r.values()) / 1024:.1f}" for r in smaps.values()]]))
    sizes = {}
    for k, d in daemons.items():
        out_ = subprocess.run(["du", "-sk", os.path.join(d.dir, "state")], capture_output=True, text=True).stdout
        sizes[k] = int(out_.split()[0]) if out_ else 0
    print()
    print("State folders (the voice's render cache): " + ", ".join(f"{k}: {v / 1024:.0f} MiB" for k, v in sizes.items()))
    loops = []
    for k in daemons:
        s0, s1 = first[k][0].get("loop"), last[k][0].get("loop")
        if not s0 or not s1:
            continue
        h0 = {b: n for b, n in s0["histogram100us"]}
        diff = {b: n - h0.get(b, 0) for b, n in s1["histogram100us"] if n - h0.get(b, 0) > 0}
        total = sum(diff.values())
        if not total:
            continue

        def edge(p):
            rank, seen = max(1, int(-(-p * total // 1))), 0
            for b in sorted(diff):
                seen += diff[b]
                if seen >= rank:
                    return (b + 1) / 10
            return max(diff) / 10
        top = max(diff)
        loops.append({"case": k, "iterations": total, "p50_ms": edge(0.5), "p99_ms": edge(0.99),
                      "p999_ms": edge(0.999), "max_bucket_ms": (top + 1) / 10, "over_2ms": sum(n for b, n in diff.items() if b >= 20),
                      "slowest_since_start": s1["slowest"]})
    if loops:
        print()
        print(f"The loop's iterations over the same {elapsed:.0f} s (from `poll()` returning to the next `poll()`; the "
              "status's `loop` histogram in 0.1 ms steps, the later status less the earlier): upper edges of the steps")
        print()
        print(common.table(["daemon", "iterations", "p50 ms", "p99 ms", "p99.9 ms", "slowest ms", "over 2 ms"],
                           [[l["case"], l["iterations"], f"{l['p50_ms']:.1f}", f"{l['p99_ms']:.1f}", f"{l['p999_ms']:.1f}",
                             f"{l['max_bucket_ms']:.1f}", l["over_2ms"]] for l in loops]))
        play_loop = next((l for l in loops if l["case"].startswith("playing")), None)
        if play_loop:
            print()
            print(f"Goal while playing: p99.9 at most 2 ms. Measured: {play_loop['p999_ms']:.1f} ms -> "
                  f"{'met' if play_loop['p999_ms'] <= 2 else 'NOT met'}. The slowest iterations since that daemon "
                  "started, with what they did: " + "; ".join(f"{x['ms']} ms ({x['did']})" for x in play_loop["slowest_since_start"]))
        out.append({"loop": loops})
    if audio and rss_30:
        play = [r for r in out if r.get("case") == "playing, --audio wav"][0]
        print()
        print(f"While playing (`press leaf`, status after 30 s: mode {play_status['mode']}, phase "
              f"{play_status['phase']}, audio \"{play_status['audio']}\"): VmHWM {rss_30['playing, --audio wav']['VmHWM'] / 1024:.1f} MiB "
              f"-> goal under 20 MB {'met' if rss_30['playing, --audio wav']['VmHWM'] < 20 * 1000 else 'NOT met'}.")
    return out


# --- 3: start-up ------------------------------------------------------------------------------

def startup(binary, starts):
    rows = []
    out = []
    for i in range(starts):
        frames = common.work_dir(f"startup-frames-{i}")
        subprocess.run(["rm", "-rf", frames])
        os.makedirs(frames)
        d = common.Daemon(binary, f"startup-{i}", ["--display", frames])
        d.start()
        answered, status = d.wait_for_socket()
        pngs = sorted(glob.glob(os.path.join(frames, "*.png")), key=os.path.getmtime)
        first_png = os.stat(pngs[0]).st_mtime_ns / 1e9 - d.start_wall if pngs else float("nan")
        d.stop()
        r = {"socket_ms": 1000 * (answered - d.start_mono), "first_frame_ms": 1000 * first_png,
             "status_t_ms": 1000 * status["status"]["t"]}
        out.append(r)
    for k, label in (("first_frame_ms", "process spawn -> first PNG frame written (mtime)"),
                     ("socket_ms", "process spawn -> control socket's first status answer"),
                     ("status_t_ms", "status `t` at that answer (since the Daemon object was made)")):
        v = [r[k] for r in out]
        rows.append([label, f"{min(v):.1f}", f"{sorted(v)[len(v) // 2]:.1f}", f"{max(v):.1f}"])
    help_runs = [common.measure([binary, "--help"])["wall"] * 1000 for _ in range(starts)]
    rows.append(["for scale: `sleepbox --help`, spawn to exit", f"{min(help_runs):.1f}",
                 f"{sorted(help_runs)[len(help_runs) // 2]:.1f}", f"{max(help_runs):.1f}"])
    print()
    print(f"Start-up, {starts} starts, each in a fresh state folder (`--display DIR`, `--audio none`)")
    print()
    print(common.table(["interval", "min ms", "median ms", "max ms"], rows))
    med = sorted(r["first_frame_ms"] for r in out)[len(out) // 2]
    print()
    print(f"Goal: first frame under 150 ms. Median {med:.0f} ms -> {'met' if med < 150 else 'NOT met'} "
          f"(here; see the Pi estimate).")
    return out


# --- 4: button-to-sound latency ----------------------------------------------------------------

class WavWatch:
    """Reads the daemon's WAV recording while it grows."""

    def __init__(self, path):
        self.path = path
        self.data_offset = None
        self.frame_bytes = None
        self.kind = None

    def header(self):
        with open(self.path, "rb") as f:
            head = f.read(4096)
        if len(head) < 12 or head[:4] != b"RIFF":
            return False
        pos = 12
        while pos + 8 <= len(head):
            cid, size = head[pos:pos + 4], struct.unpack("<I", head[pos + 4:pos + 8])[0]
            if cid == b"fmt ":
                fmt, ch, rate, _, align, bits = struct.unpack("<HHIIHH", head[pos + 8:pos + 24])
                if fmt == 0xFFFE:
                    fmt = struct.unpack("<H", head[pos + 32:pos + 34])[0]
                self.frame_bytes = align
                self.kind = ("f" if fmt == 3 else "h" if bits == 16 else "i", ch, bits)
            if cid == b"data":
                self.data_offset = pos + 8
                return True
            pos += 8 + size + (size & 1)
        return False

    def frames_on_disk(self):
        return (os.stat(self.path).st_size - self.data_offset) // self.frame_bytes

    def first_nonzero(self, start, end):
        """The first frame in [start, end) with a non-zero sample, and whether [start - 0.2 s,
        start) was all zero."""
        code, ch, bits = self.kind
        before = max(0, start - RATE // 5)
        with open(self.path, "rb") as f:
            f.seek(self.data_offset + before * self.frame_bytes)
            raw = f.read((end - before) * self.frame_bytes)
        n = len(raw) // self.frame_bytes
        if code == "i" and bits == 24:
            return None, False  # not used by the daemon's recorder
        values = struct.unpack("<" + code * (n * ch), raw[:n * self.frame_bytes])
        silent_before = all(v == 0 for v in values[:(start - before) * ch])
        for i in range((start - before) * ch, len(values)):
            if values[i] != 0:
                return before + i // ch, silent_before
        return None, silent_before


def calibrate(d):
    """The monotonic time the daemon's WAV recording started (its frame 0), and the error bound
    in ms: the monotonic time of the daemon's startUptime, and fileStart - startUptime."""
    lo, hi, offsets = -1e9, 1e9, []
    for _ in range(20):
        s0 = time.monotonic()
        a = d.status()
        r0 = time.monotonic()
        b = d.status()
        lo, hi = max(lo, s0 - a["t"]), min(hi, r0 - a["t"])
        m = re.search(r"(\d+) frames", b["audio"])
        if m:
            offsets.append(a["t"] - int(m.group(1)) / RATE)
        time.sleep(0.05)
    offsets.sort()
    start_mono = (lo + hi) / 2
    return start_mono + offsets[len(offsets) // 2], 1000 * ((hi - lo) / 2 + (offsets[-1] - offsets[0]))


def latency(binary, presses):
    wav = common.work_dir("latency.wav")
    d = common.Daemon(binary, "latency", ["--audio", "wav:" + wav], config="[audio]\ncues = true\n")
    d.start()
    d.wait_for_socket()
    prep = wait_until_quiet(d)
    watch = WavWatch(wav)
    if not watch.header():
        d.stop()
        print("\nLatency: the WAV recording has no header yet; skipped")
        return None
    file_start, calib_err_ms = calibrate(d)

    results = []
    skipped = 0
    buttons = {}
    for i in range(presses):
        # A press that makes the confirmation tick from silence: the knob committing the timer
        # chooser (opened by a timer press first), or the timer press cancelling a running timer.
        if d.status()["timer"] is not None:
            button = "timer"
        else:
            d.request({"cmd": "press", "button": "timer"})
            time.sleep(0.3)
            button = "knob"
        time.sleep(0.3 + (i % 10) * 0.0011)  # spread the presses over the 10 ms period
        samples = []
        t_press = time.monotonic()
        d.conn.sendall(('{"cmd":"press","button":"%s"}\n' % button).encode())
        # Watch the file grow for 60 ms: when was each size first seen?
        while time.monotonic() - t_press < 0.06:
            samples.append((time.monotonic(), watch.frames_on_disk()))
            time.sleep(0.0002)
        d.reader.readline()
        time.sleep(0.3)
        k0 = int((t_press - file_start) * RATE) - 1
        k1, silent = watch.first_nonzero(max(0, k0), k0 + RATE // 4)
        if k1 is None or not silent:
            skipped += 1
            continue
        buttons[button] = buttons.get(button, 0) + 1
        in_file = (file_start + k1 / RATE) - t_press
        written = next((t for t, n in samples if n > k1), None)
        results.append({"button": button, "in_file_ms": 1000 * in_file,
                        "written_ms": 1000 * (written - t_press) if written is not None else None})
    d.stop()

    def stats(v):
        v = [x for x in v if x is not None]
        if not v:
            return ["-"] * 4
        return [f"{common.percentile(v, 0.5):.2f}", f"{common.percentile(v, 0.99):.2f}", f"{max(v):.2f}", f"{len(v)}"]

    print()
    print(f"Button-to-sound latency: a press that makes the confirmation tick (`[audio] cues = true`) from "
          f"silence ({', '.join(f'{v} {k}' for k, v in buttons.items())} presses; `--audio wav:FILE`, 10 ms "
          f"periods; {skipped} skipped: no silence before or no sound after); "
          f"clock calibration within ±{calib_err_ms:.2f} ms; the voice had prepared the library "
          f"{prep:.1f} s after start")
    print()
    print(common.table(["interval", "p50 ms", "p99 ms", "max ms", "n"], [
        ["press sent -> first non-zero sample's place in the recording"] + stats([r["in_file_ms"] for r in results]),
        ["press sent -> that sample written to the file"] + stats([r["written_ms"] for r in results]),
    ]))
    w = [r["written_ms"] for r in results if r["written_ms"] is not None]
    if w:
        p99 = common.percentile(w, 0.99)
        print()
        print(f"Goal: p99 under 15 ms from the line event to the first changed sample written. Here "
              f"(control socket instead of a GPIO line, file instead of ALSA): p99 {p99:.1f} ms -> "
              f"{'met' if p99 < 15 else 'NOT met'}.")
    return {"results": results, "skipped": skipped, "calibration_ms": calib_err_ms, "prepare_seconds": prep}


# --- 4b: detent-to-speech latency of the spoken menus ------------------------------------------

TURN_DETENT_MS = 15.0  # the fourth quadrature edge of a requested turn (BoxRunner.turnEdgeSeconds x 3)


def menu_latency(binary, turns):
    wav = common.work_dir("menu-latency.wav")
    d = common.Daemon(binary, "menu-latency", ["--audio", "wav:" + wav],
                      config='[voice]\nengine = "espeak"\nspeak_menus = true\n')
    d.start()
    d.wait_for_socket()
    prep = wait_until_quiet(d)
    watch = WavWatch(wav)
    if not watch.header():
        d.stop()
        print("\nMenu latency: the WAV recording has no header yet; skipped")
        return None
    file_start, calib_err_ms = calibrate(d)
    d.request({"cmd": "hold", "button": "knob", "seconds": 1})
    time.sleep(3.5)  # the menu is open and "Library. Featured tonight" has been said
    # Down the rows to the last and back, again and again: a row's first time is rendered, later
    # ones come from the voice's rows kept rendered (MenuVoice.keptRows).
    results, skipped = [], 0
    row, step, visited = 0, 1, set()
    for i in range(turns):
        if d.status()["screen"] != "menu":
            d.request({"cmd": "hold", "button": "knob", "seconds": 1})
            time.sleep(3.5)
            row = 0
        time.sleep(0.3 + (i % 10) * 0.0011)  # spread the turns over the 10 ms period
        samples = []
        t_turn = time.monotonic()
        d.conn.sendall(('{"cmd":"turn","detents":%d}\n' % step).encode())
        while time.monotonic() - t_turn < 0.25:
            samples.append((time.monotonic(), watch.frames_on_disk()))
            time.sleep(0.0005)
        d.reader.readline()
        time.sleep(1.8)  # the row is said ("Continue listening" is about a second)
        k0 = int((t_turn - file_start) * RATE) - 1
        k1, silent = watch.first_nonzero(max(0, k0), k0 + RATE // 2)
        if k1 is None and silent:
            step = -step  # the last row (or the first): the knob stops, nothing is said; turn back
            continue
        if k1 is None or not silent:
            skipped += 1
            continue
        row += step
        again = row in visited
        visited.add(row)
        in_file = (file_start + k1 / RATE) - t_turn
        written = next((t for t, n in samples if n > k1), None)
        results.append({"again": again, "in_file_ms": 1000 * in_file - TURN_DETENT_MS,
                        "written_ms": 1000 * (written - t_turn) - TURN_DETENT_MS if written is not None else None})
    d.stop()

    def stats(v):
        v = [x for x in v if x is not None]
        if not v:
            return ["-"] * 4
        return [f"{common.percentile(v, 0.5):.1f}", f"{common.percentile(v, 0.99):.1f}", f"{max(v):.1f}", f"{len(v)}"]

    print()
    print(f"Spoken menus: detent-to-speech latency (`[voice] speak_menus = true`, espeak-ng; {turns} single "
          f"detents down the library's rows and back, from silence; `--audio wav:FILE`, 10 ms periods; "
          f"{skipped} skipped: no silence before or no sound after; the detent counted {TURN_DETENT_MS:.0f} ms "
          f"after the request); clock calibration within ±{calib_err_ms:.2f} ms; the voice had prepared "
          f"the library {prep:.1f} s after start")
    print()
    first = [r for r in results if not r["again"]]
    again = [r for r in results if r["again"]]
    print(common.table(["interval", "p50 ms", "p99 ms", "max ms", "n"], [
        ["a row said the first time: detent -> first sample of the words in the recording"]
        + stats([r["in_file_ms"] for r in first]),
        ["  ... -> that sample written to the file"] + stats([r["written_ms"] for r in first]),
        ["a row said again (kept rendered): detent -> first sample in the recording"]
        + stats([r["in_file_ms"] for r in again]),
        ["  ... -> that sample written to the file"] + stats([r["written_ms"] for r in again]),
    ]))
    w = [r["written_ms"] for r in results if r["written_ms"] is not None]
    if w:
        p99 = common.percentile(w, 0.99)
        print()
        print(f"Goal: the words start within 150 ms of the detent. Here p99 {p99:.0f} ms -> "
              f"{'met' if p99 < 150 else 'NOT met'}.")
    return {"results": results, "skipped": skipped, "calibration_ms": calib_err_ms, "prepare_seconds": prep}


# --- 5: where a playing daemon's CPU goes (perf, when it works here) ---------------------------

PROFILE = [
    ("Daemon.iterate (the whole loop)", "0C0C7iterate"),
    ("Daemon.redraw (display frame + render, each wake-up)", "0C0C6redraw"),
    ("  Box.display(at:) (DisplayFrame)", "0B0V7display2at"),
    ("    LocalClock.fields (Foundation Calendar/TimeZone)", "LocalClockV6fields"),
    ("  ScreenRenderer.render (the 128x64 frame)", "ScreenRendererO6render"),
    ("Daemon.runDue", "0C0C6runDue"),
    ("  RecordingAudioOutput.service (render + write)", "RecordingAudioOutputC7service"),
    ("    AudioEngine.render (the mix)", "0C6EngineC6render4into"),
    ("    WAVFileSink.write (convert + write(2))", "WAVFileSinkC5write"),
    ("Daemon.armTimers (timerfd_settime)", "0C0C9armTimers"),
    ("poll() (libc + kernel)", "__poll"),
    ("write(2) (libc + kernel: the WAV file)", "__GI___libc_write"),
]


def profile(binary, seconds):
    import shutil as _sh
    if not _sh.which("perf"):
        print("\nProfile: no `perf` here (Debian: linux-perf); skipped.")
        return None
    d = common.Daemon(binary, "profile", ["--audio", "wav:" + common.work_dir("profile.wav")])
    d.start()
    d.wait_for_socket()
    wait_until_quiet(d)
    d.request({"cmd": "press", "button": "leaf"})
    time.sleep(3)
    data = common.work_dir("perf.data")
    c0 = proc_cpu_seconds(d.proc.pid)
    t0 = time.monotonic()
    rec = subprocess.run(["perf", "record", "-F", "2999", "-g", "-o", data, "-p", str(d.proc.pid), "--",
                          "sleep", str(seconds)], capture_output=True, text=True)
    cpu = (proc_cpu_seconds(d.proc.pid) - c0) / (time.monotonic() - t0)
    status = d.status()
    d.stop()
    if rec.returncode != 0:
        print("\nProfile: perf record failed here; skipped.")
        return None
    rep = subprocess.run(["perf", "report", "-i", data, "--children", "--sort", "symbol", "--stdio", "-g", "none"],
                         capture_output=True, text=True).stdout
    shares = {}
    for line in rep.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
        if not m:
            continue
        for label, key in PROFILE:
            if key in m.group(3) and label not in shares:
                shares[label] = float(m.group(1))
    print()
    print(f"Where a playing daemon's CPU goes (`perf record -g` for {seconds} s, {status['mode']} playing "
          f"{status['item']['id'] if status.get('item') else '?'}, `--audio wav`): {100 * cpu:.2f} % of one core "
          "in all; inclusive share of that per function:")
    print()
    print(common.table(["function", "share of the daemon's CPU"],
                       [[label, f"{shares[label]:.1f} %" if label in shares else "-"] for label, _ in PROFILE]))
    return {"cpu_fraction": cpu, "shares": shares}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--idle-seconds", type=float, default=20 if common.QUICK else 150)
    ap.add_argument("--presses", type=int, default=5 if common.QUICK else 50)
    ap.add_argument("--starts", type=int, default=3 if common.QUICK else 7)
    ap.add_argument("--json")
    ap.add_argument("--turns", type=int, default=6 if common.QUICK else 40)
    ap.add_argument("--only", choices=["idle", "startup", "latency", "menu", "profile"])
    ap.add_argument("--profile-seconds", type=float, default=5 if common.QUICK else 15)
    a = ap.parse_args()
    binary = common.sleepbox_binary()
    out = {}
    if a.only in (None, "idle"):
        out["idle"] = idle_and_rss(binary, a.idle_seconds)
    if a.only in (None, "startup"):
        out["startup"] = startup(binary, a.starts)
    if a.only in (None, "latency"):
        if supports_audio(binary):
            out["latency"] = latency(binary, a.presses)
        else:
            print("\nLatency: this build's `sleepbox run` has no --audio option; not measured.")
    if a.only in (None, "menu") and supports_audio(binary):
        out["menu_latency"] = menu_latency(binary, a.turns)
    if a.only in (None, "profile") and supports_audio(binary):
        out["profile"] = profile(binary, a.profile_seconds)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
