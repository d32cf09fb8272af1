#!/usr/bin/env python3
"""Runs one benchmark script for bench/run.sh: prints and saves its output (OUT/NAME.md, and its
--json as OUT/NAME.json) with a footer saying how busy the rest of the machine was meanwhile
(all cores' busy time from /proc/stat less the benchmark's own CPU time): other processes distort
CPU and timing numbers.

  bench/runone.py NAME OUT
"""
import os
import resource
import subprocess
import sys
import time


def cpu_jiffies():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    idle = v[3] + v[4]
    return sum(v) - idle, sum(v)


def main():
    name, out = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    tick = os.sysconf("SC_CLK_TCK")
    busy0, total0 = cpu_jiffies()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, os.path.join(here, name + ".py"), "--json", os.path.join(out, name + ".json")],
                       stdout=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy1, total1 = cpu_jiffies()
    own = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    cores = os.cpu_count() or 1
    others = max(0.0, (busy1 - busy0) / tick - own)
    text = p.stdout.rstrip() + "\n\n" + (
        f"_While this ran ({wall:.0f} s): the benchmark used {own:.0f} CPU-seconds; everything else on the "
        f"machine {others:.0f} CPU-seconds, {100 * others / (wall * cores):.0f} % of its {cores} cores._\n")
    with open(os.path.join(out, name + ".md"), "w") as f:
        f.write(text)
    print(text)
    sys.exit(p.returncode)


if __name__ == "__main__":
    main()
