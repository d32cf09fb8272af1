#!/usr/bin/env python3
"""lightcheck: judges, from the PWM chip's side, what a wake light did (hil/README.md).

Reads the record of hil/tools/pwm-sim.c (one line per event: "SEQ MONO_NS REAL_NS apply CH
PERIOD_NS DUTY_NS ENABLED POLARITY", or "... probe|remove DEVICE") and prints PASS/FAIL lines.

    lightcheck.py dawn RECORD start=T ring=T dismiss=T [key=value...]
        A dawn from wall time `start` to the ring at `ring`, the alarm dismissed at `dismiss`:
        PREFIX-dawn    the light only rises during the dawn (the luminance of both channels
                       together never falls from one update to the next) and it moved through
                       at least `min_updates` levels
        PREFIX-lstar   each update's CIE L* lies on the straight line from `lfrom` at `start`
                       to `lto` at `ring`, within `tol` L*, at a time at most `lag` s (wall)
                       before the write reached the chip
        PREFIX-colour  the mix's correlated colour temperature (from L* 10 up, where both
                       channels' duties are large enough to say) follows `kfrom` to `kto` K
                       within `ktol` K, and the cool share never falls
        PREFIX-ring    from the ring to the dismissal the light is at `lto`, colour `kto`
        PREFIX-fade    after the dismissal it holds for `hold` s, then falls (never rising) along
                       the straight L* line to dark over `fade` s, and is dark at the end
    lightcheck.py full RECORD after=T within=S name=NAME
        NAME: within S seconds (wall) after T the light reaches `lto` (at most `ltol` below).

Keys: ch0=KELVIN:OUTPUT:MAXIMUM (and ch1, ...; the channels as `[light]` describes them: the
LEDs' colour temperature, their light at full duty relative to each other, the highest duty
allowed, 0..1), lfrom=0 lto=100 kfrom=1900 kto=4000 tol=1.0 lag=2 ktol=150 hold=0 fade=0
min_updates=50 prefix=sb-light. The model (the light's full output is every channel at its
maximum; Y is what the channels give over that; L* from Y by CIE 1976; the mix's chromaticity
from each channel's point on the blackbody line, weighted by its X+Y+Z) is written here from
the formulas, not taken from the daemon.
"""
import sys

EPSILON = 216.0 / 24389.0
KAPPA = 24389.0 / 27.0


def lightness(y):
    """CIE 1976 L* of a relative luminance 0..1."""
    y = min(1.0, max(0.0, y))
    return 116.0 * y ** (1.0 / 3.0) - 16.0 if y > EPSILON else KAPPA * y


def luminance(l_star):
    """Relative luminance 0..1 of an L* 0..100."""
    l_star = min(100.0, max(0.0, l_star))
    return ((l_star + 16.0) / 116.0) ** 3 if l_star > 8 else l_star / KAPPA


def chromaticity(kelvin):
    """CIE 1931 xy of a blackbody at `kelvin` (Kim et al.'s cubic spline, 1667..25000 K)."""
    t = min(25000.0, max(1667.0, kelvin))
    if t <= 4000:
        x = -0.2661239e9 / t ** 3 - 0.2343589e6 / t ** 2 + 0.8776956e3 / t + 0.179910
    else:
        x = -3.0258469e9 / t ** 3 + 2.1070379e6 / t ** 2 + 0.2226347e3 / t + 0.240390
    if t <= 2222:
        y = -1.1063814 * x ** 3 - 1.34811020 * x ** 2 + 2.18555832 * x - 0.20219683
    elif t <= 4000:
        y = -0.9549476 * x ** 3 - 1.37418593 * x ** 2 + 2.09137015 * x - 0.16748867
    else:
        y = 3.0817580 * x ** 3 - 5.87338670 * x ** 2 + 3.75112997 * x - 0.37001483
    return x, y


def cct(x, y):
    """Correlated colour temperature of xy near the blackbody line (McCamy)."""
    n = (x - 0.3320) / (0.1858 - y)
    return 449 * n ** 3 + 3525 * n ** 2 + 6823.3 * n + 5520.33


class Light:
    """The channels as configured, and what a set of duty fractions shows."""

    def __init__(self, channels):
        self.channels = channels  # [(kelvin, output, maximum)]
        self.full = sum(o * m for _, o, m in channels)
        self.points = [chromaticity(k) for k, _, _ in channels]

    def luminance(self, duties):
        return sum(d * o for d, (_, o, _) in zip(duties, self.channels)) / self.full

    def mix(self, duties):
        """(CCT of the mix, cool share of its luminance) or None when dark."""
        lights = [d * o for d, (_, o, _) in zip(duties, self.channels)]
        total = sum(lights)
        if total <= 0:
            return None
        weights = [l / p[1] for l, p in zip(lights, self.points)]  # X+Y+Z per unit of Y is 1/y
        x = sum(w * p[0] for w, p in zip(weights, self.points)) / sum(weights)
        y = sum(w * p[1] for w, p in zip(weights, self.points)) / sum(weights)
        return cct(x, y), lights[self.coolest] / total

    @property
    def warmest(self):
        return min(range(len(self.channels)), key=lambda i: self.channels[i][0])

    @property
    def coolest(self):
        return max(range(len(self.channels)), key=lambda i: self.channels[i][0])

    def reachable(self, y):
        """The warmest and the coolest colour (K) the warmest and coolest channels can mix at
        relative luminance y, each channel at most at its maximum."""
        want = y * self.full
        ends = []
        for first in (self.warmest, self.coolest):
            other = self.coolest if first == self.warmest else self.warmest
            duties = [0.0] * len(self.channels)
            _, o1, m1 = self.channels[first]
            _, o2, m2 = self.channels[other]
            given = min(want, o1 * m1)
            duties[first] = given / o1
            duties[other] = min(m2, (want - given) / o2) if o2 > 0 else 0.0
            ends.append(self.mix(duties)[0])
        return ends[0], ends[1]

    def target(self, kelvin, y):
        """`kelvin` as near as the channels can give it at luminance y."""
        low, high = self.reachable(y)
        return min(high, max(low, kelvin)), not low < kelvin < high


def read_record(path, nchannels):
    with open(path) as f:
        return read_record_lines(f, nchannels)


def read_record_lines(lines, nchannels):
    """The record as updates: (wall seconds, [duty fraction per channel]) after each group of
    writes that belong together (one write per channel, less than 0.1 s apart: the daemon sets
    the channels one after the other), and the events that are not writes."""
    updates, events = [], []
    state = [0.0] * nchannels
    group_channels, group_end = set(), None
    for line in lines:
        p = line.split()
        if len(p) < 5:
            continue
        wall, mono = int(p[2]) / 1e9, int(p[1]) / 1e9
        if p[3] != "apply":
            events.append((wall, p[3]))
            continue
        ch, period, duty, enabled, polarity = int(p[4]), int(p[5]), int(p[6]), p[7] == "1", p[8]
        if ch >= nchannels:
            continue
        frac = duty / period if period > 0 else 0.0
        if polarity == "inversed":
            frac = 1.0 - frac
        if ch in group_channels or (group_end is not None and mono - group_end[0] > 0.1):
            updates.append((group_end[1], list(state)))
            group_channels = set()
        state[ch] = frac if enabled else 0.0
        group_channels.add(ch)
        group_end = (mono, wall)
    if group_end is not None:
        updates.append((group_end[1], list(state)))
    return updates, events


def ramp(t, t0, t1, v0, v1):
    if t1 <= t0:
        return v1 if t >= t1 else v0
    f = min(1.0, max(0.0, (t - t0) / (t1 - t0)))
    return v0 + (v1 - v0) * f


def state_at(updates, t):
    """The duties in force at wall time t (the last update at or before it)."""
    current = None
    for w, duties in updates:
        if w > t:
            break
        current = duties
    return current


class Report:
    def __init__(self):
        self.failed = 0

    def result(self, name, ok, detail):
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
        self.failed += 0 if ok else 1


def check_dawn(opts, record):
    light = Light(opts["channels"])
    updates, events = read_record(record, len(light.channels))
    start, ring, dismiss = opts["start"], opts["ring"], opts["dismiss"]
    lfrom, lto, kfrom, kto = opts["lfrom"], opts["lto"], opts["kfrom"], opts["kto"]
    tol, lag, ktol = opts["tol"], opts["lag"], opts["ktol"]
    prefix, rep = opts["prefix"], Report()
    lost = [e for e in events if e[1] == "remove"]
    dawn = [(w, d) for w, d in updates if start - lag <= w < ring]
    levels = [(w, lightness(light.luminance(d)), d) for w, d in dawn]

    # 1. it only rises
    falls = [(w, a, b) for (_, a, _), (w, b, _) in zip(levels, levels[1:]) if b < a - 1e-9]
    distinct = len({tuple(d) for _, _, d in levels})
    steps = [b - a for (_, a, _), (_, b, _) in zip(levels, levels[1:])]
    per_channel = []
    for i in range(len(light.channels)):
        seq = [d[i] for _, _, d in levels]
        per_channel.append("rises" if all(b >= a for a, b in zip(seq, seq[1:])) else "falls at times")
    detail = (f"{len(levels)} updates, {distinct} distinct duty pairs from L* {levels[0][1]:.2f} to {levels[-1][1]:.2f}, "
              f"largest step {max(steps, default=0):.2f} L*; channel by channel: {', '.join(per_channel)}"
              if levels else "no update of the chip during the dawn")
    if lost:
        detail += f"; the chip was removed {len(lost)} time(s)"
    ok = bool(levels) and not falls and distinct >= opts["min_updates"] and not lost
    if falls:
        w, a, b = falls[0]
        detail += f"; {len(falls)} fall(s), the first at {w - start:.1f} s: L* {a:.3f} -> {b:.3f}"
    rep.result(f"{prefix}-dawn", ok, detail)

    # 2. the L* curve
    worst, bad, span = 0.0, [], None
    for w, l_star, _ in levels:
        if w < start:
            continue
        lo = ramp(w - lag, start, ring, lfrom, lto) - tol
        hi = ramp(w, start, ring, lfrom, lto) + tol
        dev = l_star - ramp(w, start, ring, lfrom, lto)
        if abs(dev) > abs(worst):
            worst = dev
        if not lo <= l_star <= hi:
            bad.append((w, l_star, lo + tol, hi - tol))
    inside = [(w, l) for w, l, _ in levels if w >= start]
    if inside:
        span = (ramp(inside[0][0], start, ring, lfrom, lto), ramp(inside[-1][0], start, ring, lfrom, lto))
    covered = span is not None and span[0] <= lfrom + 0.1 * (lto - lfrom) and span[1] >= lto - 0.1 * (lto - lfrom)
    detail = (f"{len(inside)} updates against L* {lfrom:g} at {start:.0f} to {lto:g} at the ring {ring:.0f} "
              f"(tolerance {tol:g} L*, the level of up to {lag:g} s before the write): largest deviation {worst:+.2f} L*")
    if span:
        detail += f", the updates cover L* {span[0]:.1f}-{span[1]:.1f} of the line"
    if bad:
        w, l_star, lo, hi = bad[0]
        detail += f"; {len(bad)} outside, the first at {w - start:.1f} s: L* {l_star:.2f}, the line {lo:.2f}-{hi:.2f}"
    rep.result(f"{prefix}-lstar", bool(inside) and not bad and covered, detail)

    # 3. colour, warm to cool
    colours = []
    for w, l_star, d in levels:
        if w < start or l_star < 10:
            continue
        k, share = light.mix(d)
        y = light.luminance(d)
        lo, clamped_lo = light.target(ramp(w - lag, start, ring, kfrom, kto), y)
        hi, clamped_hi = light.target(ramp(w, start, ring, kfrom, kto), y)
        colours.append((w, l_star, k, share, lo - ktol <= k <= hi + ktol, clamped_lo or clamped_hi))
    off_line = [c for c in colours if not c[4]]
    # The cool share rises while the colour asked for can be given; past that the channels give
    # what they can (a cool channel at its maximum: the warm one adds the rest).
    free = [c for c in colours if not c[5]]
    share_falls = [(a, b) for a, b in zip(free, free[1:]) if b[3] < a[3] - 1e-3]
    detail = "no update at L* 10 or more"
    ok = False
    if colours:
        first, last = colours[0], colours[-1]
        coolest = max(colours, key=lambda c: c[2])
        detail = (f"from L* {first[1]:.0f}: {first[2]:.0f} K (cool share {first[3]:.3f}) to {coolest[2]:.0f} K "
                  f"(cool share {coolest[3]:.3f}) at L* {coolest[1]:.0f}, {last[2]:.0f} K at L* {last[1]:.0f}; "
                  f"{len(colours)} updates on the line {kfrom:g} -> {kto:g} K within {ktol:g} K "
                  f"({len(colours) - len(free)} where the channels cannot give it and give the nearest)")
        ok = not off_line and not share_falls and coolest[2] - first[2] >= (kto - kfrom) / 4 and len(free) >= 2
        if off_line:
            w, l_star, k = off_line[0][:3]
            want, _ = light.target(ramp(w, start, ring, kfrom, kto), luminance(l_star))
            detail += f"; {len(off_line)} off the line, the first at {w - start:.1f} s: {k:.0f} K, want {want:.0f}"
        if share_falls:
            detail += f"; the cool share fell {len(share_falls)} time(s)"
    rep.result(f"{prefix}-colour", ok, detail)

    # 4. full at the ring, until the dismissal
    at_ring = state_at(updates, ring + opts["ring_grace"])
    held = [(w, d) for w, d in updates if ring + opts["ring_grace"] <= w <= dismiss]
    states = ([at_ring] if at_ring else []) + [d for _, d in held]
    ls = [lightness(light.luminance(d)) for d in states]
    ks = [light.mix(d)[0] for d in states if light.mix(d)]
    k_want = light.target(kto, luminance(lto))[0]
    ok = bool(states) and min(ls) >= lto - opts["ltol"] and ks and abs(ks[-1] - k_want) <= ktol
    detail = (f"at the ring (+{opts['ring_grace']:g} s) to the dismissal: L* {min(ls):.2f}-{max(ls):.2f} "
              f"(want {lto:g}, at most {opts['ltol']:g} below), {ks[-1]:.0f} K (want {k_want:.0f}: {kto:g} "
              f"as near as the channels give it at that level); duties "
              + " ".join(f"{x:.4f}" for x in states[-1]) if states and ks else "no light at the ring")
    rep.result(f"{prefix}-ring", ok, detail)

    # 5. hold, then fade out
    hold, fade = opts["hold"], opts["fade"]
    after = [(w, lightness(light.luminance(d))) for w, d in updates if w > dismiss]
    early = [(w, l) for w, l in after if w < dismiss + hold - lag and l < lto - opts["ltol"]]
    falling = [(w, l) for w, l in after if w >= dismiss + hold - lag]
    rises = [(a, b) for a, b in zip(falling, falling[1:]) if b[1] > a[1] + 1e-9]
    fade_bad = []
    for w, l in falling:
        lo = ramp(w, dismiss + hold, dismiss + hold + fade, lto, 0) - tol
        hi = ramp(w - lag, dismiss + hold, dismiss + hold + fade, lto, 0) + tol
        if not lo <= l <= hi:
            fade_bad.append((w, l, lo + tol, hi - tol))
    end = state_at(updates, dismiss + hold + fade + opts["end_grace"])
    dark = end is not None and light.luminance(end) == 0
    ok = bool(falling) and not early and not rises and not fade_bad and dark and len(falling) >= 5
    detail = (f"dismissed at {dismiss:.1f}: {len(after) - len(falling)} updates in the {hold:g} s hold, "
              f"{len(falling)} in the fade (want L* {lto:g} -> 0 over {fade:g} s, tolerance {tol:g} L*); "
              f"dark {opts['end_grace']:g} s after its end: {'yes' if dark else 'no'}")
    if early:
        detail += f"; fell during the hold at +{early[0][0] - dismiss:.1f} s to L* {early[0][1]:.1f}"
    if rises:
        detail += f"; rose {len(rises)} time(s) in the fade"
    if fade_bad:
        w, l, lo, hi = fade_bad[0]
        detail += f"; {len(fade_bad)} off the line, the first at +{w - dismiss:.1f} s: L* {l:.2f}, the line {lo:.2f}-{hi:.2f}"
    rep.result(f"{prefix}-fade", ok, detail)
    return rep.failed


def check_full(opts, record):
    light = Light(opts["channels"])
    updates, _ = read_record(record, len(light.channels))
    t0, within, name = opts["after"], opts["within"], opts["name"]
    reached = [(w, lightness(light.luminance(d))) for w, d in updates
               if t0 <= w <= t0 + within and lightness(light.luminance(d)) >= opts["lto"] - opts["ltol"]]
    before = state_at(updates, t0)
    was = lightness(light.luminance(before)) if before else 0.0
    rep = Report()
    if reached:
        rep.result(name, True, f"L* {reached[0][1]:.2f} {reached[0][0] - t0:.1f} s after {t0:.1f} (L* {was:.2f} before)")
    else:
        last = state_at(updates, t0 + within)
        now = lightness(light.luminance(last)) if last else 0.0
        rep.result(name, False, f"not at L* {opts['lto']:g} within {within:g} s of {t0:.1f}: L* {was:.2f} before, {now:.2f} after")
    return rep.failed


DEFAULTS = {"lfrom": 0.0, "lto": 100.0, "kfrom": 1900.0, "kto": 4000.0, "tol": 1.0, "lag": 2.0,
            "ktol": 150.0, "hold": 0.0, "fade": 0.0, "min_updates": 50, "ltol": 0.5, "ring_grace": 2.0,
            "end_grace": 3.0, "prefix": "sb-light", "after": 0.0, "within": 10.0, "name": "sb-light-full"}


def parse(args):
    opts = dict(DEFAULTS)
    channels = {}
    for a in args:
        key, _, value = a.partition("=")
        if key.startswith("ch") and key[2:].isdigit():
            k, o, m = (float(v) for v in value.split(":"))
            channels[int(key[2:])] = (k, o, m)
        elif key in ("prefix", "name"):
            opts[key] = value
        elif key == "min_updates":
            opts[key] = int(value)
        elif key in DEFAULTS or key in ("start", "ring", "dismiss"):
            opts[key] = float(value)
        else:
            raise ValueError(f"unknown key {key}")
    if sorted(channels) != list(range(len(channels))) or not channels:
        raise ValueError("channels ch0=KELVIN:OUTPUT:MAXIMUM, ch1=... are needed, numbered from 0")
    opts["channels"] = [channels[i] for i in range(len(channels))]
    return opts


def main(argv):
    if len(argv) < 3 or argv[0] not in ("dawn", "full"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        opts = parse(argv[2:])
        if argv[0] == "dawn":
            for key in ("start", "ring", "dismiss"):
                if key not in opts:
                    raise ValueError(f"{key}= is needed")
            return 1 if check_dawn(opts, argv[1]) else 0
        return 1 if check_full(opts, argv[1]) else 0
    except (OSError, ValueError) as e:
        print(f"lightcheck: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
