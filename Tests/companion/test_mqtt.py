#!/usr/bin/env python3
"""The companion's Home Assistant link end to end: the box (`sleepbox run --hardware sim`),
`sleepbox-companion` and a Mosquitto broker, all real; mosquitto_sub and mosquitto_pub are Home
Assistant. The device discovery message (against golden/discovery.json and against what Home
Assistant's documentation requires), availability and the last will, the state topics, the
commands, the alarm's events, Home Assistant's birth message, a refused password.

Usage: test_mqtt.py PATH/TO/sleepbox PATH/TO/sleepbox-companion
SLEEPBOX_GOLDEN_RECORD=1 writes golden/discovery.json anew (review it with git diff).
Prints one line per check; exits 1 when any fails. SLEEPBOX_KEEP_TMP=1 keeps the temporary folder.
"""
import json
import os
import re
import secrets
import sys
import time

sys.dont_write_bytecode = True  # nothing written beside the tests: no __pycache__
import harness  # noqa: E402
from harness import DAYS, Box, Broker, Companion, Subscription, check, days_of, note, wait_until  # noqa: E402

BOX = os.path.abspath(sys.argv[1])
COMPANION = os.path.abspath(sys.argv[2])
T0 = time.monotonic()
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "discovery.json")
RECORD = os.environ.get("SLEEPBOX_GOLDEN_RECORD") == "1"
ID = "sleepbox_0123456789ab"
BASE = f"sleepbox/{ID}"
DISCOVERY = f"homeassistant/device/{ID}/config"
ISO_WITH_OFFSET = r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)"
AVAILABILITY = f"{BASE}/availability"

# --- what Home Assistant requires ------------------------------------------------------------------
# From Home Assistant's documentation of MQTT discovery:
# - https://www.home-assistant.io/integrations/mqtt/#device-discovery-payload: the root of a device
#   discovery message must include `device` (dev) and `origin` (o); `origin` needs `name`; the
#   components go under `components` (cmps), each with `platform` (p) and at least one option of
#   its own; entity components must have `unique_id` (and take the device context from the root).
# - each platform's page, https://www.home-assistant.io/integrations/<platform>.mqtt/, the options
#   marked "required" (besides `platform`):
REQUIRED = {
    "sensor": ["state_topic"],               # sensor.mqtt
    "switch": ["command_topic"],             # switch.mqtt
    "text": ["command_topic"],               # text.mqtt
    "number": ["command_topic"],             # number.mqtt
    "button": ["command_topic"],             # button.mqtt
    "event": ["state_topic", "event_types"],  # event.mqtt
    "light": ["command_topic"],              # light.mqtt (and `schema: json` for the JSON schema)
}
# The same pages give these rules for values: number `min` < `max` (defaults 1 and 100), `step` at
# least 0.001; text `min`/`max` 0 to 255 (defaults 0, 255), `pattern` a regular expression; light
# (JSON schema) `supported_color_modes` from onoff, brightness, color_temp, hs, xy, rgb, rgbw, rgbww,
# white, onoff or brightness only alone; `*_topic` options are topic names (no wildcards). Keys may
# be abbreviated (the integration's table of abbreviations); those that can appear here:
ABBREVIATIONS = {"p": "platform", "cmps": "components", "dev": "device", "o": "origin", "uniq_id": "unique_id",
                 "stat_t": "state_topic", "cmd_t": "command_topic", "evt_typ": "event_types", "avty_t": "availability_topic",
                 "avty": "availability", "ids": "identifiers", "cns": "connections", "dev_cla": "device_class",
                 "pl_prs": "payload_press", "pl_on": "payload_on", "pl_off": "payload_off", "sw": "sw_version",
                 "url": "support_url", "mf": "manufacturer", "mdl": "model", "unit_of_meas": "unit_of_measurement",
                 "sup_clrm": "supported_color_modes", "bri_scl": "brightness_scale", "clr_temp_k": "color_temp_kelvin",
                 "min_k": "min_kelvin", "max_k": "max_kelvin", "ic": "icon"}
COLOR_MODES = {"onoff", "brightness", "color_temp", "hs", "xy", "rgb", "rgbw", "rgbww", "white"}


def expand(value):
    if isinstance(value, dict):
        return {ABBREVIATIONS.get(k, k): expand(v) for k, v in value.items()}
    if isinstance(value, list):
        return [expand(v) for v in value]
    return value


def home_assistant_problems(message):
    """What Home Assistant's documentation would refuse in a device discovery message."""
    problems = []
    doc = expand(message)
    device = doc.get("device")
    if not isinstance(device, dict) or not (device.get("identifiers") or device.get("connections")):
        problems.append("root: `device` with identifiers or connections")
    origin = doc.get("origin")
    if not isinstance(origin, dict) or not isinstance(origin.get("name"), str) or not origin["name"]:
        problems.append("root: `origin` with a name")
    if "availability_topic" in doc and "availability" in doc:
        problems.append("root: availability and availability_topic together")
    components = doc.get("components")
    if not isinstance(components, dict) or not components:
        problems.append("root: `components`, a mapping")
        return problems
    ids = []
    for key, c in components.items():
        where = f"components.{key}"
        if not re.fullmatch(r"[a-zA-Z0-9_-]+", key):
            problems.append(f"{where}: an id of a-z, A-Z, 0-9, _ and -")
        if not isinstance(c, dict):
            problems.append(f"{where}: a mapping")
            continue
        platform = c.get("platform")
        if platform not in REQUIRED:
            problems.append(f"{where}: platform {platform!r}")
            continue
        if len(c) < 2:
            problems.append(f"{where}: at least one option besides platform")
        if not isinstance(c.get("unique_id"), str) or not c["unique_id"]:
            problems.append(f"{where}: unique_id (entity components need one)")
        ids.append(c.get("unique_id"))
        for option in REQUIRED[platform]:
            if option not in c:
                problems.append(f"{where}: {platform} requires {option}")
        for k, v in c.items():
            if k.endswith("_topic") and (not isinstance(v, str) or not v or "+" in v or "#" in v):
                problems.append(f"{where}: {k} {v!r} is not a topic name")
        if platform == "event" and (not isinstance(c.get("event_types"), list) or not c["event_types"]
                                    or not all(isinstance(t, str) for t in c["event_types"])):
            problems.append(f"{where}: event_types, a list of strings")
        if platform == "number":
            lo, hi, step = c.get("min", 1), c.get("max", 100), c.get("step", 1)
            if not (isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and lo < hi):
                problems.append(f"{where}: min < max ({lo}, {hi})")
            if not (isinstance(step, (int, float)) and step >= 0.001):
                problems.append(f"{where}: step {step}")
        if platform == "text":
            lo, hi = c.get("min", 0), c.get("max", 255)
            if not (isinstance(lo, int) and isinstance(hi, int) and 0 <= lo <= hi <= 255):
                problems.append(f"{where}: min/max 0 to 255 ({lo}, {hi})")
            if "pattern" in c:
                try:
                    re.compile(c["pattern"])
                except (re.error, TypeError):
                    problems.append(f"{where}: pattern {c['pattern']!r}")
        if platform == "light":
            if c.get("schema") != "json":
                problems.append(f"{where}: schema json")
            modes = c.get("supported_color_modes", [])
            if not isinstance(modes, list) or not set(modes) <= COLOR_MODES or (
                    ({"onoff", "brightness"} & set(modes)) and len(modes) > 1):
                problems.append(f"{where}: supported_color_modes {modes}")
    if len(ids) != len(set(ids)):
        problems.append("components: unique_id values are not unique")
    return problems


# --- what this box's contract says -----------------------------------------------------------------
def contract_problems(doc, has_light, base=BASE):
    problems = []
    device = doc.get("device") or {}
    for k in ("identifiers", "name", "manufacturer", "model", "sw_version"):
        if k not in device:
            problems.append(f"device.{k} missing")
    origin = doc.get("origin") or {}
    # support_url is optional in Home Assistant's schema; an offline box names no web address.
    for k in ("name", "sw_version"):
        if k not in origin:
            problems.append(f"origin.{k} missing")
    avail = doc.get("availability_topic") or [a.get("topic") for a in doc.get("availability") or [] if isinstance(a, dict)]
    if avail != f"{base}/availability" and (not isinstance(avail, list) or f"{base}/availability" not in avail):
        problems.append(f"availability topic {avail!r}, not {base}/availability")
    comps = doc.get("components") or {}
    want = {"next_alarm": "sensor", "volume": "number", "playing": "sensor", "snooze": "button", "dismiss": "button",
            "skip_next": "button", "alarm_event": "event"}
    for n in range(1, 5):
        want[f"alarm_{n}"] = "switch"
        want[f"alarm_{n}_time"] = "text"
    if has_light:
        want.update({"light": "light", "start_dawn": "button"})
    got = {k: (v or {}).get("platform") for k, v in comps.items()}
    if got != want:
        problems.append(f"components {sorted(got.items())}, not {sorted(want.items())}")
    for k, c in comps.items():
        for option in ("platform", "unique_id", "name"):
            if option not in c:
                problems.append(f"{k}.{option} missing")
    def opt(key, option):
        return (comps.get(key) or {}).get(option)
    if opt("next_alarm", "device_class") != "timestamp":
        problems.append("next_alarm.device_class is not timestamp")
    for n in range(1, 5):
        if opt(f"alarm_{n}", "command_topic") != f"{base}/alarm/{n}/set":
            problems.append(f"alarm_{n}.command_topic {opt(f'alarm_{n}', 'command_topic')!r}")
        if opt(f"alarm_{n}_time", "command_topic") != f"{base}/alarm/{n}/time/set":
            problems.append(f"alarm_{n}_time.command_topic {opt(f'alarm_{n}_time', 'command_topic')!r}")
        pattern = opt(f"alarm_{n}_time", "pattern") or ""
        try:
            ok = all(re.fullmatch(pattern, t) for t in ("00:00", "06:45", "23:59")) and \
                not any(re.fullmatch(pattern, t) for t in ("6:45", "24:00", "06:60", "0645"))
        except re.error:
            ok = False
        if not ok:
            problems.append(f"alarm_{n}_time.pattern {pattern!r} is not HH:MM")
        if not opt(f"alarm_{n}", "state_topic") or not opt(f"alarm_{n}_time", "state_topic"):
            problems.append(f"alarm_{n}: state topics")
    if opt("volume", "command_topic") != f"{base}/volume/set" or opt("volume", "min") != 0 or opt("volume", "max") != 100:
        problems.append(f"volume: {comps.get('volume')}")
    for b in ("snooze", "dismiss", "skip_next") + (("start_dawn",) if has_light else ()):
        c = comps.get(b) or {}
        if b != "start_dawn" and c.get("command_topic") != f"{base}/{b}":
            problems.append(f"{b}.command_topic {c.get('command_topic')!r}")
        if c.get("payload_press", "PRESS") != "PRESS":
            problems.append(f"{b}.payload_press {c.get('payload_press')!r}")
    if sorted(opt("alarm_event", "event_types") or []) != sorted(["rang", "snoozed", "dismissed"]):
        problems.append(f"alarm_event.event_types {opt('alarm_event', 'event_types')}")
    for k in ("next_alarm", "volume", "playing", "alarm_event"):
        if not opt(k, "state_topic"):
            problems.append(f"{k}.state_topic missing")
    if has_light:
        c = comps.get("light") or {}
        if c.get("schema") != "json" or not c.get("brightness") or "color_temp" not in (c.get("supported_color_modes") or []) \
                or c.get("color_temp_kelvin") is not True:
            problems.append(f"light: {c}")
    return problems


def state_problems(doc, messages):
    """Payloads on the components' state topics that Home Assistant's documentation refuses:
    text.mqtt: "Text state updates should match the pattern (if set) and meet the size constraints
    min and max"; number.mqtt: a number within min and max; switch.mqtt: payload_on or payload_off
    (state_on/state_off); sensor.mqtt with device_class timestamp: ISO 8601 with its offset (or
    "None", unknown); event.mqtt: a JSON object whose event_type is one of event_types."""
    problems = []
    comps = expand(doc).get("components") or {}
    for key, c in comps.items():
        topic = c.get("state_topic")
        for m in [m for m in messages if m["topic"] == topic]:
            p = m["payload"]
            bad = False
            if c.get("platform") == "text":
                bad = not (c.get("min", 0) <= len(p) <= c.get("max", 255)) or ("pattern" in c and not re.fullmatch(c["pattern"], p))
            elif c.get("platform") == "number":
                try:
                    bad = not (c.get("min", 1) <= float(p) <= c.get("max", 100))
                except ValueError:
                    bad = p != "None"
            elif c.get("platform") == "switch":
                bad = p not in (c.get("state_on", c.get("payload_on", "ON")), c.get("state_off", c.get("payload_off", "OFF")), "None")
            elif c.get("platform") == "sensor" and c.get("device_class") == "timestamp":
                bad = p != "None" and not re.fullmatch(ISO_WITH_OFFSET, p)
            elif c.get("platform") == "event":
                try:
                    bad = json.loads(p).get("event_type") not in c.get("event_types", [])
                except (ValueError, AttributeError):
                    bad = True
            if bad:
                problems.append(f"{key}: {p!r} on {topic}")
    return sorted(set(problems))


def masked(value):
    """The discovery message with every sw_version masked (the build's version), for the golden."""
    if isinstance(value, dict):
        return {k: ("<sw_version>" if k == "sw_version" else masked(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v) for v in value]
    return value


def canonical(value):
    return json.dumps(masked(value), sort_keys=True, indent=2, ensure_ascii=False) + "\n"



def main():
    root = harness.temp_folder("sleepbox-companion-mqtt-")
    password = secrets.token_hex(12)
    broker = Broker(os.path.join(root, "mqtt"), "sleepbox", password).start()
    parts["the broker's log"] = broker.log
    sub = Subscription(broker)
    box = Box(BOX, os.path.join(root, "box")).start()
    parts["the box's log"] = box.log
    box.ok({"cmd": "companion", "set": "on"})
    # The sim box has a light only with a [light] section in its configuration; this one has none.
    has_light = (box.status().get("light") or {}).get("device", "none") != "none"
    password_file = os.path.join(root, "mqtt-password")
    with open(password_file, "w") as f:
        f.write(password + "\n")
    os.chmod(password_file, 0o600)

    def companion(name, password_path):
        port = harness.free_port()
        log = os.path.join(root, f"{name}.log")
        parts[f"the log of {name}"] = log
        return Companion(COMPANION, box.socket, os.path.join(root, "companion-state"), port, log, mqtt=[
            "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker.port), "--mqtt-user", "sleepbox",
            "--mqtt-password-file", password_path, "--mqtt-id", ID]).start()

    comp = companion("companion", password_file)
    check("the companion serves the page with MQTT on", comp.wait_serving(15), comp.log_text()[-1500:])

    # --- discovery --------------------------------------------------------------------------------
    m = sub.wait(DISCOVERY, timeout=10)
    check(f"a discovery message on {DISCOVERY}", m is not None, comp.log_text()[-1500:])
    if m is None:
        raise RuntimeError("no discovery message: the rest needs it")
    kept = broker.retained(DISCOVERY)
    check("... retained (a fresh subscriber gets it, with the retain flag)", kept is not None and kept[1] and kept[0] == m["payload"],
          kept)
    others = sorted({x["topic"] for x in sub.messages if x["topic"].startswith("homeassistant/") and x["topic"] != DISCOVERY})
    check("... the only one: no per-component discovery topics", not others, others)
    try:
        doc = json.loads(m["payload"])
    except ValueError as e:
        check("the discovery message is JSON", False, f"{e}: {m['payload'][:300]}")
        raise RuntimeError("discovery is not JSON")
    if RECORD:
        os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
        with open(GOLDEN, "w") as f:
            f.write(canonical(doc))
        check(f"golden recorded: {GOLDEN}", True)
    else:
        try:
            with open(GOLDEN) as f:
                golden = f.read()
        except OSError:
            golden = None
        same = golden is not None and canonical(json.loads(golden)) == canonical(doc)
        if not same and golden is not None:
            import difflib
            for line in difflib.unified_diff(canonical(json.loads(golden)).splitlines(), canonical(doc).splitlines(),
                                             "golden/discovery.json", "published", lineterm="", n=1):
                note(line)
        check("the discovery message equals golden/discovery.json (keys sorted, sw_version masked)", same,
              "no golden file: record it with SLEEPBOX_GOLDEN_RECORD=1" if golden is None else "see the diff above")
    problems = home_assistant_problems(doc)
    check("the discovery message has what Home Assistant's documentation requires (device, origin, each platform's options)",
          not problems, problems)
    problems = contract_problems(doc, has_light)
    check(f"the discovery message has the components, topics and fields of the contract ({'with' if has_light else 'no'} light)",
          not problems, problems)
    comps = doc.get("components") or {}

    def topic(key, option="state_topic"):
        return (comps.get(key) or {}).get(option)

    # --- availability and state -----------------------------------------------------------------------
    check("availability: online", sub.wait(AVAILABILITY, lambda p: p == "online", timeout=5) is not None, sub.on(AVAILABILITY))
    check("... retained", broker.retained(AVAILABILITY) == ("online", True), broker.retained(AVAILABILITY))
    status = box.status()

    def state_is(key, want, timeout=5):
        t = topic(key)
        return t is not None and wait_until(lambda: sub.last(t) == want, timeout)

    check(f"the volume's state topic says the box's volume ({status['volume']})", state_is("volume", str(status["volume"])),
          sub.last(topic("volume")))
    check("the alarms' state topics say OFF (none set)", all(state_is(f"alarm_{n}", "OFF") for n in range(1, 5)),
          [sub.last(topic(f"alarm_{n}")) for n in range(1, 5)])
    check("next_alarm says None (no alarm set)", state_is("next_alarm", "None"), sub.last(topic("next_alarm")))
    check("playing has a state", topic("playing") is not None and wait_until(lambda: sub.last(topic("playing")) is not None, 3))
    box.ok({"cmd": "alarm", "alarm": 2, "time": "08:15", "days": DAYS[:5]})
    ring_at = box.status().get("nextRingAt")
    check("alarm 2 set on the box: its switch says ON and its time 08:15", state_is("alarm_2", "ON") and state_is("alarm_2_time", "08:15"),
          (sub.last(topic("alarm_2")), sub.last(topic("alarm_2_time"))))
    got = wait_until(lambda: (lambda p: p if p and re.fullmatch(ISO_WITH_OFFSET, p) else None)(sub.last(topic("next_alarm"))), 5)
    check(f"next_alarm says when, ISO 8601 with the offset ({ring_at})", got is not None and got.startswith((ring_at or "?")[:16]),
          sub.last(topic("next_alarm")))

    # --- commands ------------------------------------------------------------------------------------------
    broker.publish(f"{BASE}/volume/set", "35")
    check(f"{BASE}/volume/set 35: the box's volume is 35", wait_until(lambda: box.status()["volume"] == 35, 5), box.status()["volume"])
    check("... and its state topic says 35", state_is("volume", "35"), sub.last(topic("volume")))
    broker.publish(f"{BASE}/volume/set", "loud")
    time.sleep(0.5)
    check("volume/set loud is refused: the volume stays, the companion runs on", box.status()["volume"] == 35 and comp.running())
    broker.publish(f"{BASE}/alarm/2/set", "OFF")
    check("alarm/2/set OFF switches alarm 2 off", wait_until(lambda: box.status()["alarms"][1]["enabled"] is False, 5),
          box.status()["alarms"][1])
    check("... and its switch says OFF", state_is("alarm_2", "OFF"), sub.last(topic("alarm_2")))
    broker.publish(f"{BASE}/alarm/2/set", "ON")
    check("alarm/2/set ON switches it on again", wait_until(lambda: box.status()["alarms"][1]["enabled"] is True, 5),
          box.status()["alarms"][1])
    a2 = box.status()["alarms"][1]
    check("... keeping its time and days", a2["time"] == "08:15" and days_of(a2["days"]) == set(DAYS[:5]), a2)
    broker.publish(f"{BASE}/alarm/1/time/set", "06:45")
    check("alarm/1/time/set 06:45 sets alarm 1 to 06:45",
          wait_until(lambda: (box.status()["alarms"][0] or {}).get("time") == "06:45", 5), box.status()["alarms"][0])
    note(f"alarm 1 after the time alone: {box.status()['alarms'][0]}")
    check("... and its time says 06:45", state_is("alarm_1_time", "06:45"), sub.last(topic("alarm_1_time")))

    # --- the alarm's moments ----------------------------------------------------------------------------------
    events = topic("alarm_event")
    box.ok({"cmd": "alarm", "alarm": 1, "time": "06:45", "days": DAYS})
    since = time.monotonic()
    box.ok({"cmd": "clock", "set": "2026-11-25T06:44:57"})

    def event(kind, alarm=None):
        def matches(p):
            e = json.loads(p)
            return e.get("event_type") == kind and (alarm is None or e.get("alarm") == alarm)
        return sub.wait(events, matches, since=since, timeout=10) if events else None

    rang = event("rang", 1)
    check('the ring (sim clock 3 s before alarm 1) arrives on the event topic as {"event_type":"rang","alarm":1}', rang is not None,
          [x["payload"] for x in sub.on(events or "?", since)])
    if rang:
        note(f"the event: {rang['payload']}")
    since = time.monotonic()
    broker.publish(topic("snooze", "command_topic") or f"{BASE}/snooze", "PRESS")
    check("the snooze button snoozes the box", wait_until(lambda: box.status().get("phase") == "snoozed", 5), box.status().get("phase"))
    check("... and arrives as snoozed", event("snoozed") is not None, [x["payload"] for x in sub.on(events or "?", since)])
    since = time.monotonic()
    broker.publish(topic("dismiss", "command_topic") or f"{BASE}/dismiss", "PRESS")
    check("the dismiss button stops the alarm", wait_until(lambda: box.status().get("phase") not in ("ringing", "snoozed"), 5),
          box.status().get("phase"))
    check("... and arrives as dismissed", event("dismissed") is not None, [x["payload"] for x in sub.on(events or "?", since)])
    before = box.status().get("nextRingAt")
    broker.publish(topic("skip_next", "command_topic") or f"{BASE}/skip_next", "PRESS")
    check("the skip-next button skips the next alarm",
          wait_until(lambda: any(a and a.get("skipNext") for a in box.status()["alarms"]), 5) and box.status().get("nextRingAt") != before,
          (box.status()["alarms"], before, box.status().get("nextRingAt")))

    problems = state_problems(doc, sub.messages)
    check("every state published so far is one Home Assistant's documentation takes (text pattern and length, number range, "
          "switch payloads, timestamp, event types)", not problems, problems)

    # --- Home Assistant's birth message ------------------------------------------------------------------------
    since = time.monotonic()
    broker.publish("homeassistant/status", "online")
    again = sub.wait(DISCOVERY, since=since, timeout=5)
    delay = again["at"] - since if again else None
    check(f"Home Assistant's birth message (online on homeassistant/status): discovery again after 0.2-2 s ({delay and round(delay, 2)} s)",
          again is not None and 0.15 <= delay <= 2.5 and json.loads(again["payload"]) == doc, delay)

    # --- switched off, on again, killed -----------------------------------------------------------------------------
    since = time.monotonic()
    box.ok({"cmd": "companion", "set": "off"})
    rc = comp.wait_exit(10)
    check("switched off on the box: the companion exits 0", rc == 0, (rc, comp.log_text()[-800:]))
    check("... and availability says offline (retained)", sub.wait(AVAILABILITY, lambda p: p == "offline", since=since, timeout=5) is not None
          and broker.retained(AVAILABILITY) == ("offline", True), broker.retained(AVAILABILITY))
    box.ok({"cmd": "companion", "set": "on"})
    since = time.monotonic()
    comp = companion("companion-again", password_file)
    check("started again: online again", sub.wait(AVAILABILITY, lambda p: p == "online", since=since, timeout=10) is not None,
          comp.log_text()[-800:])
    sub.wait(DISCOVERY, since=since, timeout=5)
    since = time.monotonic()
    comp.kill9()
    check("kill -9: the broker gives the last will, offline", sub.wait(AVAILABILITY, lambda p: p == "offline", since=since, timeout=10) is not None,
          sub.on(AVAILABILITY, since))
    check("... retained", broker.retained(AVAILABILITY) == ("offline", True), broker.retained(AVAILABILITY))

    # --- a wrong password ---------------------------------------------------------------------------------------------
    wrong_file = os.path.join(root, "mqtt-wrong-password")
    with open(wrong_file, "w") as f:
        f.write("not-" + password + "\n")
    since = time.monotonic()
    comp = companion("companion-wrong-password", wrong_file)
    check("with a wrong password the page is still served", comp.wait_serving(15), comp.log_text()[-800:])
    refusal = wait_until(lambda: re.search(r"(refus|not authori[sz]ed|bad user name or password)[^\n]*", comp.log_text(), re.I), 10)
    check("... the companion logs the broker's refusal", refusal is not None, comp.log_text()[-800:])
    if refusal:
        note(f"it logs: {refusal.group(0)[:200]}")
    time.sleep(2)
    check("... and keeps running, the page served", comp.running() and comp.serving())
    check("... and nothing of it reaches the broker (no online)", not [x for x in sub.on(AVAILABILITY, since) if x["payload"] == "online"])
    comp.stop()
    box.stop()

    # --- a box with a light: the light and the dawn button too -----------------------------------------------------
    config = os.path.join(root, "light.toml")
    with open(config, "w") as f:
        f.write("[light]\nchip = 0\nchannels = [0, 1]\nkelvin = [1800, 5000]\n")
    lit = Box(BOX, os.path.join(root, "box-with-light"), config=config).start()
    parts["the log of the box with a light"] = lit.log
    lit.ok({"cmd": "companion", "set": "on"})
    light_id = ID[:-1] + "c"
    log = os.path.join(root, "companion-light.log")
    parts["the log of the companion of the box with a light"] = log
    since = time.monotonic()
    comp = Companion(COMPANION, lit.socket, os.path.join(root, "companion-light-state"), harness.free_port(), log, mqtt=[
        "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker.port), "--mqtt-user", "sleepbox",
        "--mqtt-password-file", password_file, "--mqtt-id", light_id]).start()
    m = sub.wait(f"homeassistant/device/{light_id}/config", since=since, timeout=10)
    check("the box with [light] in its configuration has a light (status.light.device)",
          (lit.status().get("light") or {}).get("device", "none") != "none", lit.status().get("light"))
    lit_doc = json.loads(m["payload"]) if m else {}
    lit_comps = lit_doc.get("components") or {}
    check("its discovery has a light (platform light) and a start_dawn button",
          (lit_comps.get("light") or {}).get("platform") == "light" and (lit_comps.get("start_dawn") or {}).get("platform") == "button",
          sorted(lit_comps))
    problems = home_assistant_problems(lit_doc) + contract_problems(lit_doc, True, f"sleepbox/{light_id}")
    check("... with what Home Assistant requires of a JSON light (schema json, brightness, color temperature in kelvin) and the contract",
          not problems, problems)
    light = lit_comps.get("light") or {}
    if light.get("command_topic"):
        # By day: in the night hours the box keeps the light under [light] night_max.
        lit.ok({"cmd": "clock", "set": "2026-11-25T12:00:00"})
        scale = light.get("brightness_scale", 255)
        broker.publish(light["command_topic"], json.dumps({"state": "ON", "brightness": round(scale * 0.4)}))
        check("the light's command {\"state\":\"ON\",\"brightness\":40 %} lights it at 40",
              wait_until(lambda: abs((lit.status().get("light") or {}).get("lstar", 0) - 40) <= 2, 5), lit.status().get("light"))
        state = wait_until(lambda: (lambda p: json.loads(p) if p and json.loads(p).get("state") == "ON" else None)(
            sub.last(light.get("state_topic") or "?")), 5)
        check("... and its state topic says ON", state is not None, sub.last(light.get("state_topic") or "?"))
        status, _, body = harness.request(comp.port, "GET", "/")
        check("with the light on, the companion still reads the box: its page answers 200", status == 200, (status, body[:200]))
    comp.stop()


parts = {}  # logs to show when a check fails
harness.run_main(main, parts, T0, tail_bytes=3000)
