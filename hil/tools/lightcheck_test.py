#!/usr/bin/env python3
"""Tests of lightcheck.py on made-up chip records: a right dawn passes every check, and each
kind of wrong dawn fails the check that should catch it. Run: python3 hil/tools/lightcheck_test.py
(hil/run.sh runs it before it judges a record)."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lightcheck  # noqa: E402

CHANNELS = [(2200.0, 1.0, 1.0), (4500.0, 1.2, 0.9)]
PERIOD = 1_000_000
START, RING, DISMISS, HOLD, FADE = 1000.0, 1900.0, 1930.0, 10.0, 30.0


LIGHT = lightcheck.Light(CHANNELS)


def duties_for(l_star, kelvin):
    """Duty fractions that show (L*, kelvin) on CHANNELS, by bisection on the cool share."""
    light = LIGHT
    y = lightcheck.luminance(l_star) * light.full
    if y <= 0:
        return [0.0, 0.0]
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        k, _ = light.mix([(1 - mid) / CHANNELS[0][1], mid / CHANNELS[1][1]])
        lo, hi = (mid, hi) if k < kelvin else (lo, mid)
    share = (lo + hi) / 2
    warm, cool = y * (1 - share), y * share
    # A channel past its maximum hands the rest to the other (the colour gives way).
    cool_max, warm_max = CHANNELS[1][1] * CHANNELS[1][2], CHANNELS[0][1] * CHANNELS[0][2]
    if cool > cool_max:
        warm, cool = warm + cool - cool_max, cool_max
    if warm > warm_max:
        warm, cool = warm_max, min(cool_max, cool + warm - warm_max)
    return [warm / CHANNELS[0][1], cool / CHANNELS[1][1]]


def record(level_at, times):
    """A pwm-sim record: at each wall time, the two channels written one after the other."""
    lines, seq = [], 0
    for t in times:
        for ch, d in enumerate(level_at(t)):
            ns = int(t * 1e9) + ch * 1000
            lines.append(f"{seq} {ns} {ns} apply {ch} {PERIOD} {int(round(d * PERIOD))} {1 if d > 0 else 0} normal")
            seq += 1
    return "\n".join(lines) + "\n"


def good(t, lstar=lambda f: 100 * f, kelvin=lambda f: 1900 + 2100 * f):
    if t < START:
        return [0.0, 0.0]
    if t <= RING:
        f = (t - START) / (RING - START)
        return duties_for(lstar(f), kelvin(f))
    if t <= DISMISS + HOLD:
        return duties_for(100, 4000)
    f = min(1.0, (t - DISMISS - HOLD) / FADE)
    return duties_for(100 * (1 - f), 4000) if f < 1 else [0.0, 0.0]


TIMES = [START + i * 3.0 for i in range(0, 301)] + [RING + 1 + i * 1.0 for i in range(0, 75)]


def run(level_at, times=TIMES):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(record(level_at, times))
    out = io.StringIO()
    args = ["dawn", f.name, f"start={START}", f"ring={RING}", f"dismiss={DISMISS}", f"hold={HOLD}", f"fade={FADE}",
            "ch0=2200:1:1", "ch1=4500:1.2:0.9", "lag=1.5"]
    with contextlib.redirect_stdout(out):
        lightcheck.main(args)
    os.unlink(f.name)
    return {line.split(":")[0].split()[1]: line.split()[0] for line in out.getvalue().splitlines()}


class LightCheckTests(unittest.TestCase):
    def test_a_right_dawn_passes_all(self):
        self.assertEqual(set(run(good).values()), {"PASS"}, run(good))

    def test_a_gamma_curve_fails_the_lstar_check(self):
        # Linear in duty (Y), not in L*: far below the line in the middle.
        got = run(lambda t: good(t, lstar=lambda f: lightcheck.lightness(f)))
        self.assertEqual(got["sb-light-lstar"], "FAIL")

    def test_a_dip_fails_the_rise_check(self):
        got = run(lambda t: [d * (0.97 if 1400 <= t < 1404 else 1) for d in good(t)])
        self.assertEqual(got["sb-light-dawn"], "FAIL")

    def test_cool_to_warm_fails_the_colour_check(self):
        got = run(lambda t: good(t, kelvin=lambda f: 4000 - 2100 * f))
        self.assertEqual(got["sb-light-colour"], "FAIL")

    def test_short_of_full_at_the_ring_fails(self):
        got = run(lambda t: [d * 0.95 for d in good(t)] if t > RING else good(t))
        self.assertEqual(got["sb-light-ring"], "FAIL")

    def test_no_fade_fails(self):
        got = run(lambda t: duties_for(100, 4000) if t > RING else good(t))
        self.assertEqual(got["sb-light-fade"], "FAIL")

    def test_fading_during_the_hold_fails(self):
        got = run(lambda t: good(t + HOLD) if t > DISMISS else good(t))
        self.assertEqual(got["sb-light-fade"], "FAIL")

    def test_a_chip_stuck_halfway_fails(self):
        got = run(lambda t: good(min(t, 1450)))
        self.assertEqual(got["sb-light-lstar"], "FAIL")
        self.assertEqual(got["sb-light-ring"], "FAIL")

    def test_the_channels_written_apart_are_one_update(self):
        # Two writes 1 us apart (record() does that) count as one update, not two.
        updates, _ = lightcheck.read_record_lines(record(good, [START + 10, START + 11]).splitlines(), 2)
        self.assertEqual(len(updates), 2)

    def test_lightness_and_luminance_are_inverse(self):
        for l_star in (0, 0.5, 7.9, 8.1, 50, 100):
            self.assertAlmostEqual(lightcheck.lightness(lightcheck.luminance(l_star)), l_star, places=9)


if __name__ == "__main__":
    unittest.main()
