#!/usr/bin/env python3
"""Benchmark 7: the daemon's memory, by mapping, in three fixed scenarios, against a hello world.

Memory is counted as what the kernel cannot take back: anonymous memory (RssAnon in
/proc/PID/status: heap, stacks, no file behind it), with RSS (VmRSS) beside it. File-backed pages
(the program's code, the libraries, read-only data) are dropped and read again under pressure.

1. The first boot: `sleepbox run --hardware sim --audio wav:FILE` on an empty state folder renders
   the library's speech in the background. VmRSS and RssAnon are sampled every 0.2 s until the
   daemon's CPU goes quiet; the peaks, VmHWM, and /proc/PID/smaps by mapping at the largest RSS.
2. Playing with the speech cached: the same state folder, a new daemon; once quiet, `ctl press
   leaf` (the first meditation, spoken, over its ambient bed); after 60 s RssAnon, VmRSS, VmHWM
   and the mappings. The speech cache's size and file count are reported too.
2b. The same after an idle start: a third daemon on that state folder, from the state file the
   second began with (so the same item plays), idles until its CPU has been still for
   --idle-seconds (a box started in the day waits like this until bedtime), then `press leaf` and
   the same measurement. This is the memory figure (goal: RssAnon <= 12 MiB).
3. The reference: a Swift hello world built by the same compiler with the same Swift runtime
   linking (`swiftc -O -static-stdlib`) that waits on its standard input after printing: its
   RssAnon and VmRSS then. The daemon's RssAnon as a multiple of the hello world's does not
   depend on the machine as much as MiB do.

  bench/daemon_memory.py [--play-seconds 60] [--idle-seconds 20] [--check RATIO] [--check-render RATIO]
                         [--json FILE]

With --check, exits 1 when the daemon's RssAnon while playing after the idle start is more than
RATIO hello worlds' RssAnon, with --check-render when the peak RssAnon while rendering the library
ahead is (the memory check, `make memcheck`, `make memcheck-ci`). SLEEPBOX: the binary (build it
with --static-swift-stdlib).
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
import memory  # noqa: E402


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rollup(pid):
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1])
    return out


DONE = "speech is rendered into the cache"


def follow(d, quiet=2.0, limit=900.0, sample=0.2, log=None):
    """Samples the daemon's RSS and RssAnon until its CPU has been still for `quiet` seconds (and,
    with `log`, the log says the library is rendered: the renderer runs at idle priority and a
    busy machine can stall it for seconds); returns the peak VmRSS (KiB), the mapping breakdown at
    that peak, the smaps_rollup there, the seconds it took, and the peak RssAnon (KiB)."""
    t0 = time.monotonic()
    last = cpu_seconds(d.proc.pid)
    still = time.monotonic()
    peak, peak_map, peak_roll, peak_anon = 0, {}, {}, 0
    while time.monotonic() - t0 < limit:
        time.sleep(sample)
        vm = d.vm_status()
        rss = vm["VmRSS"]
        peak_anon = max(peak_anon, vm.get("RssAnon", 0))
        if rss > peak:
            peak = rss
            peak_map = memory.smaps_breakdown(d.proc.pid)[0]
            peak_roll = rollup(d.proc.pid)
        now = cpu_seconds(d.proc.pid)
        if now != last:
            last, still = now, time.monotonic()
        elif time.monotonic() - still >= quiet and (log is None or DONE in open(log).read()):
            break
    return peak, peak_map, peak_roll, time.monotonic() - t0, peak_anon


def restart(first, wav, log_name):
    """A new daemon on `first`'s state folder (the speech cached), recording to `wav`; started and
    answering. Returns it and its log's path."""
    d = common.Daemon.__new__(common.Daemon)
    d.__dict__.update(first.__dict__)
    d.argv = [x if not x.endswith("memory-first.wav") else "wav:" + common.work_dir(wav) for x in first.argv]
    log = os.path.join(first.dir, log_name)
    d.log = open(log, "w")
    d.conn = None
    d.start()
    d.wait_for_socket(timeout=30)
    return d, log


def play_and_measure(d, seconds):
    """`press leaf`, `seconds` of play, then the status, VmRSS/VmHWM, the mappings and smaps_rollup;
    the daemon is stopped."""
    # The control socket closes a connection idle for 10 s: a new one for each request.
    d.wait_for_socket()
    d.request({"cmd": "press", "button": "leaf"})
    time.sleep(seconds)
    status = d.wait_for_socket()[1]["status"]
    vm = d.vm_status()
    mapping = memory.smaps_breakdown(d.proc.pid)[0]
    roll = rollup(d.proc.pid)
    d.stop()
    return status, vm, mapping, roll


def hello_world():
    """RssAnon and VmRSS (KiB) of a static-stdlib Swift hello world waiting on its standard input
    after printing, each the median of 5 runs."""
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    d = common.work_dir("hello")
    os.makedirs(d, exist_ok=True)
    src, exe = os.path.join(d, "hello-static-wait.swift"), os.path.join(d, "hello-static-wait")
    with open(src, "w") as f:
        f.write('import Foundation\nprint("hello \\(Date().timeIntervalSince1970 > 0)")\n'
                'fflush(stdout)\n_ = readLine()\n')
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run([swiftc, "-O", "-static-stdlib", src, "-o", exe], check=True, capture_output=True)
    anon, rss = [], []
    for _ in range(5):
        p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        p.stdout.readline()
        with open(f"/proc/{p.pid}/status") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        anon.append(int(fields["RssAnon"].split()[0]))
        rss.append(int(fields["VmRSS"].split()[0]))
        p.communicate(b"\n")
    return {"RssAnon": sorted(anon)[2], "VmRSS": sorted(rss)[2]}


def mib(kb):
    return f"{kb / 1024:.1f}"


GOAL_ANON_KB = 12 * 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--play-seconds", type=float, default=60)
    ap.add_argument("--idle-seconds", type=float, default=20,
                    help="how long the third daemon idles, once its CPU is still, before the press")
    ap.add_argument("--check", type=float,
                    help="fail when RssAnon playing after the idle start exceeds this many hello worlds' RssAnon")
    ap.add_argument("--check-render", type=float,
                    help="fail when the peak RssAnon while rendering the library ahead exceeds this many hello worlds'")
    ap.add_argument("--json")
    a = ap.parse_args()
    binary = common.sleepbox_binary()
    env = dict(os.environ, SLEEPBOX_VOICE_ENV="off")

    first = common.Daemon(binary, "memory", ["--audio", "wav:" + common.work_dir("memory-first.wav")], env=env)
    first.start()
    first.wait_for_socket(timeout=30)
    render_peak, render_map, render_roll, render_s, render_anon = follow(first, log=os.path.join(first.dir, "daemon.log"))
    render_hwm = first.vm_status()["VmHWM"]
    first.stop()
    cache = os.path.join(first.dir, "state", "speech-cache")
    files = os.listdir(cache) if os.path.isdir(cache) else []
    cache_kb = int(subprocess.run(["du", "-sk", cache], capture_output=True, text=True).stdout.split()[0]) if files else 0

    # The same state folder, a new daemon: the speech is cached. Its state file is kept aside so the
    # third start below begins from the same state and plays the same item.
    state_file = os.path.join(first.dir, "state", "state.json")
    kept_state = state_file + ".bench-kept"
    if os.path.exists(state_file):
        shutil.copyfile(state_file, kept_state)
    second, _ = restart(first, "memory-play.wav", "daemon-2.log")
    _, _, _, start_s, _ = follow(second)
    status, play, play_map, play_roll = play_and_measure(second, a.play_seconds)
    if os.path.exists(kept_state):
        os.replace(kept_state, state_file)

    # A third start that idles (as a box started in the day does until bedtime), then plays the
    # same way: the memory figure.
    third, _ = restart(first, "memory-idle.wav", "daemon-3.log")
    follow(third)
    time.sleep(a.idle_seconds)
    idle = third.vm_status()
    idle_status, idle_play, idle_map, idle_roll = play_and_measure(third, a.play_seconds)
    hello = hello_world()

    def row(name, vm, roll, anon=None):
        anon = vm.get("RssAnon", 0) if anon is None else anon
        return [name, mib(anon), mib(vm["VmRSS"]), mib(vm.get("VmHWM", 0)) if "VmHWM" in vm else "-",
                mib(roll.get("Rss", 0) - roll.get("Pss_Anon", 0)) if roll else "-",
                f"{anon / hello['RssAnon']:.2f}"]

    print(f"The daemon (`{os.path.relpath(binary, common.ROOT)}`), first boot on an empty state folder, "
          f"then restarts playing; a static-stdlib hello world waiting on its input: RssAnon {mib(hello['RssAnon'])} MiB, "
          f"VmRSS {mib(hello['VmRSS'])} MiB.")
    print()
    print(common.table(
        ["scenario", "RssAnon MiB", "VmRSS MiB", "VmHWM MiB", "Rss file-backed MiB", "RssAnon x hello world"],
        [row("rendering the library ahead (peaks of 0.2 s samples, %.0f s)" % render_s,
             {"VmRSS": render_peak, "VmHWM": render_hwm}, render_roll, anon=render_anon),
         row(f"playing `press leaf` with the speech cached, after {a.play_seconds:.0f} s", play, play_roll),
         row(f"idle, {a.idle_seconds:.0f} s after the start went quiet", idle, {}),
         row(f"playing after that idle start, after {a.play_seconds:.0f} s (the memory figure)", idle_play, idle_roll)]))
    print()
    print(f"Playing: mode {status.get('mode')}, phase {status.get('phase')}, audio \"{status.get('audio')}\". "
          f"Speech cache: {len(files)} files, {cache_kb / 1024:.0f} MiB.")
    print()
    print("RSS by mapping (/proc/PID/smaps), MiB:")
    print()
    cats = sorted(set(render_map) | set(play_map) | set(idle_map),
                  key=lambda c: -max(render_map.get(c, 0), play_map.get(c, 0), idle_map.get(c, 0)))
    print(common.table(["mapping", "rendering ahead (at the peak)", "playing, cached", "playing after the idle start"],
                       [[c, mib(render_map.get(c, 0)), mib(play_map.get(c, 0)), mib(idle_map.get(c, 0))] for c in cats] +
                       [["total", mib(sum(render_map.values())), mib(sum(play_map.values())), mib(sum(idle_map.values()))]]))
    ratio = idle_play.get("RssAnon", 0) / hello["RssAnon"]
    render_ratio = render_anon / hello["RssAnon"]
    result = {"hello_kb": hello, "render_peak_kb": render_peak, "render_peak_anon_kb": render_anon,
              "render_hwm_kb": render_hwm, "render_seconds": render_s, "play": play, "cache_files": len(files),
              "cache_kb": cache_kb, "render_map_kb": render_map, "play_map_kb": play_map, "render_rollup": render_roll,
              "play_rollup": play_roll, "startup_quiet_seconds": start_s, "idle": idle, "idle_play": idle_play,
              "idle_play_map_kb": idle_map, "idle_play_rollup": idle_roll, "anon_ratio": ratio,
              "render_anon_ratio": render_ratio, "idle_status_mode": idle_status.get("mode")}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)
    print()
    anon = idle_play.get("RssAnon", 0)
    print(f"goal: RssAnon playing after an idle start {mib(anon)} MiB (VmRSS {mib(idle_play['VmRSS'])} MiB), "
          f"goal {mib(GOAL_ANON_KB)} MiB: {'met' if anon <= GOAL_ANON_KB else 'NOT met'}")
    failed = False
    if a.check is not None:
        ok = ratio <= a.check
        failed |= not ok
        print(f"memory check: RssAnon playing after an idle start {mib(anon)} MiB = {ratio:.2f} hello worlds, "
              f"limit {a.check:.2f}: {'pass' if ok else 'FAIL'}")
    if a.check_render is not None:
        ok = render_ratio <= a.check_render
        failed |= not ok
        print(f"memory check: rendering ahead, peak RssAnon {mib(render_anon)} MiB = {render_ratio:.2f} hello worlds, "
              f"limit {a.check_render:.2f}: {'pass' if ok else 'FAIL'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
