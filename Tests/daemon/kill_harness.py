#!/usr/bin/env python3
"""Crash recovery: SIGKILL the running daemon (--hardware sim) at random moments of a scripted
session, restart it, and check each time that it comes back as it was: the same mode, the same
item, the same timer deadline and the same alarm, and the item resumed 3 s before the position in
the state file at the kill, or before the place it had been heard to before an earlier kill when
the sound had not got back there yet (never ahead of where the sound had got to, and at most the
15 s save interval plus those 3 s behind it; kills in a row do not walk it back further). The
history is checked too: the session the state file had open at each kill is in history.db after
the restart (closed as "crash", or as it really ended when that was written before the save), each
session is there once, and no two overlap.

Usage: kill_harness.py PATH/TO/sleepbox [--kills 100] [--seed 1]
Prints one line per kill and the figures; exits non-zero when any check fails.
"""
import argparse
import json
import math
import os
import sqlite3
import random
import statistics
import sys
import time

from sleepboxd import Daemon

p = argparse.ArgumentParser()
p.add_argument("binary")
p.add_argument("--kills", type=int, default=100)
p.add_argument("--seed", type=int, default=1)
a = p.parse_args()
rng = random.Random(a.seed)

d = Daemon(a.binary).start()
# The session: meditation, a 30-minute sleep timer, an alarm, the volume down a little.
d.request({"cmd": "press", "button": "leaf"})
d.request({"cmd": "alarm", "time": "06:45", "days": ["mon", "tue", "wed", "thu", "fri"]})
d.request({"cmd": "volume", "percent": 35})
time.sleep(0.3)
d.request({"cmd": "press", "button": "timer"})
time.sleep(0.1)
d.request({"cmd": "turn", "detents": 2})
time.sleep(0.2)
d.request({"cmd": "press", "button": "knob"})
time.sleep(0.3)

def history(state_dir):
    """The sessions in history.db: (key, start, end, ending), in start order."""
    path = os.path.join(state_dir, "history.db")
    if not os.path.exists(path):
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute("select key, started_at, ended_at, ending from sessions order by started_at, key").fetchall()
    finally:
        db.close()


def session_key(o):
    return f"{o['itemID']}@{math.floor(o['startedAt'] * 1000 + 0.5)}"


history_lost, history_checked = 0, 0
REWIND = 3.0  # PlaybackSettings.resumeRewindSeconds
SAVE_INTERVAL = 15.0  # [playback] persist_interval_seconds
failures = 0
position_errors, restarts, deadline_errors = [], [], []
actions = ["none", "none", "none", "skip", "turn", "leaf-poetry"]
for i in range(1, a.kills + 1):
    # Sometimes do something first, so kills land right after changes too.
    act = rng.choice(actions)
    if act == "skip":
        d.request({"cmd": "press", "button": "skip"})
    elif act == "turn":
        d.request({"cmd": "turn", "detents": rng.choice([-1, 1])})
    elif act == "leaf-poetry" and d.status()["mode"] == "meditation":
        d.request({"cmd": "press", "button": "leaf"})
    time.sleep(rng.uniform(0.05, 1.2))
    before = d.status()
    t_before = time.monotonic()
    wall_before = time.time()
    d.kill()
    t_kill = time.monotonic()
    with open(os.path.join(d.state, "state.json")) as f:
        state = json.load(f)
    saved = state.get("item") or {}
    open_session = state.get("openSession")
    d.start()
    after = d.status()
    t_after = time.monotonic()
    restarts.append(d.ready_after)
    problems = []
    if after["mode"] != before["mode"]:
        problems.append(f"mode {before['mode']} -> {after['mode']}")
    bi, ai = before["item"], after["item"]
    # A crossfade or fade in progress at the kill: it comes back as the item it was going to.
    if before["phase"] in ("playing", "crossfading"):
        if not ai or ai["id"] != bi["id"]:
            problems.append(f"item {bi and bi['id']} -> {ai and ai['id']}")
        else:
            # Where the sound had got to at the kill, at most; and the restarted box has played
            # for at most the time since the kill.
            at_kill = bi["position"] + (t_kill - t_before)
            played = t_after - t_kill
            # After a restart the save keeps how far the sound had been heard before ("heard"), until
            # the sound is back there: the rewind counts from there, once, however many kills in a row.
            heard = max(saved.get("position", 0.0), saved.get("heard") or 0.0)
            expected = max(0.0, heard - REWIND) if saved.get("id") == bi["id"] else None
            if expected is None:
                problems.append(f"the state file names {saved.get('id')}, not {bi['id']}")
            elif not (expected - 0.05 <= ai["position"] <= expected + played + 0.05):
                problems.append(f"resumed at {ai['position']:.2f} - up to {played:.2f}, not at {expected:.2f}")
            elif saved["position"] > at_kill + 0.05:
                problems.append(f"saved {saved['position']:.2f} ahead of the sound at {at_kill:.2f}")
            elif at_kill - expected > SAVE_INTERVAL + REWIND + 1:
                problems.append(f"resumed {at_kill - expected:.2f} s behind the sound")
            else:
                position_errors.append(at_kill - expected)
    bt, at = before["timer"], after["timer"]
    if (bt is None) != (at is None):
        problems.append(f"timer {bt} -> {at}")
    elif bt and bt["remaining"] is not None:
        deadline_before = wall_before + bt["remaining"]
        deadline_after = time.time() + at["remaining"]
        deadline_errors.append(abs(deadline_after - deadline_before))
        if abs(deadline_after - deadline_before) > 0.5 or bt["choice"] != at["choice"]:
            problems.append(f"timer deadline moved by {deadline_after - deadline_before:.2f} s")
    if before["alarm"] != after["alarm"]:
        problems.append(f"alarm {before['alarm']} -> {after['alarm']}")
    if before["volume"] != after["volume"]:
        problems.append(f"volume {before['volume']} -> {after['volume']}")
    if open_session:
        # The restart wrote the crash record before answering (the start's batch goes before the
        # first save, and the socket answers after the start).
        deadline = time.monotonic() + 5
        keys = set()
        while time.monotonic() < deadline:
            keys = {k for k, _, _, _ in history(d.state)}
            if session_key(open_session) in keys:
                break
            time.sleep(0.05)
        history_checked += 1
        if session_key(open_session) not in keys:
            history_lost += 1
            problems.append(f"history: the open session {session_key(open_session)} is not in history.db")
    status = "ok  " if not problems else "FAIL"
    failures += bool(problems)
    print(f"{status} kill {i:3d} ({act:11s}) {before['mode']:10s} {before['phase']:11s} "
          f"{(bi or {}).get('id', '-'):22s} {', '.join(problems)}", flush=True)

d.kill()
sessions = history(d.state)
keys = [k for k, _, _, _ in sessions]
overlaps = [(a[0], b[0]) for a, b in zip(sessions, sessions[1:]) if b[1] < a[2] - 0.01]
endings = {}
for _, _, _, ending in sessions:
    endings[ending] = endings.get(ending, 0) + 1
print(f"\nhistory: {len(sessions)} sessions ({', '.join(f'{n} {e}' for e, n in sorted(endings.items()))}); "
      f"{history_checked} kills with a session open, {history_lost} of them lost; "
      f"{len(keys) - len(set(keys))} doubled; {len(overlaps)} overlapping")
if history_lost or len(keys) != len(set(keys)) or overlaps:
    failures += 1
    for a_, b_ in overlaps[:5]:
        print(f"FAIL history: {a_} overlaps {b_}")
n = len(position_errors)
print(f"\n{a.kills} kills: {a.kills - failures} came back as they were, {failures} did not")
if n:
    print(f"resumed behind the sound: median {statistics.median(position_errors):.3f} s, "
          f"min {min(position_errors):.3f} s, max {max(position_errors):.3f} s over {n} kills while playing")
if deadline_errors:
    print(f"timer deadline moved: max {max(deadline_errors) * 1000:.1f} ms")
print(f"restart to answering on the socket: median {statistics.median(restarts) * 1000:.0f} ms, max {max(restarts) * 1000:.0f} ms")
print(f"{a.kills - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
