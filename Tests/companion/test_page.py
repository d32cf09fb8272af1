#!/usr/bin/env python3
"""The companion's page end to end: the box (`sleepbox run --hardware sim`), `sleepbox-companion`
and headless Chromium, all real. Pairing with the code the box shows, the page and its forms, the
refusals (cookie, Origin, Sec-Fetch-Site, Host, size), wrong codes slowed down and pairing closed,
forgetting devices, the ringing alarm's forms, switching the companion off on the box.

Usage: test_page.py PATH/TO/sleepbox PATH/TO/sleepbox-companion [--picture FILE.png]
  --picture: also saves the paired page as a phone shows it (390 px wide, the whole page).
Prints one line per check; exits 1 when any fails. SLEEPBOX_KEEP_TMP=1 keeps the temporary folder.
"""
import argparse
import os
import re
import socket
import sys
import time

sys.dont_write_bytecode = True  # nothing written beside the tests: no __pycache__
import harness  # noqa: E402
from harness import DAYS, Box, Browser, Companion, check, days_of, form_post, header, note, parse_html, request, wait_until  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("box")
p.add_argument("companion")
p.add_argument("--picture", help="save a phone-sized screenshot of the paired page here (PNG)")
a = p.parse_args()
BOX = os.path.abspath(a.box)
COMPANION = os.path.abspath(a.companion)
PICTURE = os.path.abspath(a.picture) if a.picture else None
T0 = time.monotonic()


Abort = harness.Abort


def submit(d, button, timeout=10):
    """Clicks a form's button in Chromium and waits until the page it leads to has loaded."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    old = d.find_element(By.TAG_NAME, "html")
    button.click()
    try:
        WebDriverWait(d, timeout).until(expected_conditions.staleness_of(old))
        WebDriverWait(d, timeout).until(lambda drv: drv.execute_script("return document.readyState") == "complete")
    except Exception:  # noqa: BLE001 - the check that follows says what is wrong
        pass


def main():
    root = harness.temp_folder("sleepbox-companion-page-")
    box = Box(BOX, os.path.join(root, "box"))
    port = harness.free_port()
    base = f"http://127.0.0.1:{port}"
    comp = Companion(COMPANION, box.socket, os.path.join(root, "companion-state"), port, os.path.join(root, "companion.log"))
    parts.update({"the companion's log": comp.log, "the box's log": box.log})

    # --- the box, the companion switched on ------------------------------------------------------
    box.start()
    answer = box.request({"cmd": "companion", "set": "on"})
    check("the box takes {\"cmd\":\"companion\",\"set\":\"on\"}", answer == {"ok": True}, answer)
    content = harness.tail(box.companion_file).strip()
    check("while on, the box keeps <socket dir>/companion saying `epoch N`", re.fullmatch(r"epoch \d+", content) is not None,
          repr(content))
    c = box.companion()
    check("status.companion: enabled, an epoch, a language, no pairing shown",
          c.get("enabled") is True and isinstance(c.get("epoch"), int) and c.get("language") in ("en", "de")
          and "pairing" in c and c.get("pairing") is None, c)
    epoch0 = c.get("epoch")

    # --- the companion waits for the box -------------------------------------------------------
    box.stop()
    comp.start()
    time.sleep(1.5)
    check("without the box the companion waits: it runs and serves nothing yet",
          comp.running() and not harness.port_open(port), (comp.proc.poll(), comp.log_text()[-500:]))
    box.start()
    check("the box keeps the companion switched on across a restart", box.companion().get("enabled") is True, box.companion())
    serving = comp.wait_serving(15)
    check("once the box answers, switched on, the page is served", serving, comp.log_text()[-1500:])
    if not serving:
        if not comp.running():
            note(f"the companion exited with {comp.proc.returncode}; starting it again with the box up")
            box.request({"cmd": "companion", "set": "on"})
            comp.start()
        if not comp.wait_serving(15):
            raise Abort(f"the page is not served on {base}: {comp.log_text()[-2000:]}")

    # --- the pairing form, to a plain client ------------------------------------------------------
    status, hs, body = request(port, "GET", "/")
    doc = parse_html(body)
    check("GET / without a cookie: 200 and the pairing form (form#pair post /pair, input#code name=code, a submit button)",
          status == 200 and harness.pairing_form(doc) is not None, (status, body[:600]))
    csp = header(hs, "content-security-policy")
    check("a Content-Security-Policy forbids every script", harness.scripts_forbidden(csp), csp)
    check("the page has no script in it", "<script" not in body.lower() and "javascript:" not in body.lower())
    html = doc.find(lambda e: e.tag == "html")
    lang = html[0].attrs.get("lang") if html else None
    check("<html lang> is the box's language", lang == c.get("language"), (lang, c.get("language")))

    # --- Chromium: the pairing form -----------------------------------------------------------------
    from selenium.webdriver.common.by import By
    browser = Browser(root)
    d = browser.driver
    d.get(base + "/")
    forms = d.find_elements(By.CSS_SELECTOR, "form#pair")
    check("Chromium, unpaired: the pairing form shows",
          len(forms) == 1 and (forms[0].get_dom_attribute("method") or "").lower() == "post"
          and forms[0].get_dom_attribute("action") == "/pair" and len(d.find_elements(By.CSS_SELECTOR, "form#pair input#code[name=code]")) == 1,
          d.page_source[:600])

    # --- the box's code, and a wrong one ------------------------------------------------------------
    code, steps = box.show_pairing_code()
    check("the box shows a six-digit code at Settings > Connect > Pair a device (status.companion.pairing.code)",
          code is not None and re.fullmatch(r"\d{6}", code) is not None, "; ".join(steps))
    if code is None:
        raise Abort("no pairing code: the rest needs one")
    pairing = box.companion().get("pairing") or {}
    check("status.companion.pairing has code, address, secondsLeft, triesLeft",
          all(k in pairing for k in ("code", "address", "secondsLeft", "triesLeft")), pairing)
    wrong = f"{(int(code) + 1) % 1000000:06d}"
    status, hs, body = form_post(port, "/pair", {"code": wrong}, source="127.0.0.2")
    doc = parse_html(body)
    error = doc.by_id("error")
    reason = error.text() if error is not None else None
    note(f"a wrong code: {status} {reason!r}")
    check("a wrong code: 403, the pairing form again and <p id=error> with the box's reason",
          status == 403 and harness.pairing_form(doc) is not None and error is not None and error.tag == "p"
          and "wrong code" in (reason or "").lower(), (status, body[:600]))
    tries = box.companion().get("pairing") or {}
    m = re.search(r"(\d+) more tr", reason or "")
    check("the reason says how many tries this code has left, as the box counts them (\"4 more tries for this code\")",
          m is not None and int(m.group(1)) == 4 and tries.get("triesLeft") == 4, (reason, tries))
    status, hs, body = form_post(port, "/pair", {"code": wrong}, source="127.0.0.2")
    retry = header(hs, "retry-after")
    check("a second wrong try at once from the same address: 429 with Retry-After",
          status == 429 and retry is not None and retry.isdigit() and int(retry) >= 1, (status, retry, body[:300]))

    # --- pairing in Chromium ------------------------------------------------------------------------
    d.find_element(By.ID, "code").send_keys(code)
    submit(d, d.find_element(By.CSS_SELECTOR, "form#pair button[type=submit], form#pair input[type=submit]"))
    paired = wait_until(lambda: d.find_elements(By.ID, "volume"), 10)
    check("Chromium: the code the box shows, typed into the form, pairs it and the page shows", bool(paired),
          d.page_source[:800])
    if not paired:
        raise Abort("Chromium did not pair")
    cookie = d.get_cookie("sleepbox_device") or {}
    token = cookie.get("value", "")
    check("the device's cookie: sleepbox_device=<64 hex>, Path=/, HttpOnly, SameSite=Strict",
          re.fullmatch(r"[0-9a-f]{64}", token) is not None and cookie.get("path") == "/" and cookie.get("httpOnly") is True
          and cookie.get("sameSite") == "Strict", cookie)

    def ids_present(*ids):
        return [i for i in ids if not d.find_elements(By.ID, i)]

    missing = ids_present("plain-http", "playing", "volume", "next-alarm", "alarms", "timer", "nights", "devices", "forget")
    check("the page has plain-http, playing, volume, next-alarm, alarms, timer, nights, devices, forget", not missing,
          f"missing: {missing}")
    banner = d.find_elements(By.ID, "plain-http")
    check("the banner says the page is plain HTTP", bool(banner) and "http" in banner[0].get_attribute("textContent").lower(),
          banner[0].get_attribute("textContent") if banner else None)

    def form_ok(ident, action):
        f = d.find_elements(By.CSS_SELECTOR, f"form#{ident}")
        return bool(f) and (f[0].get_dom_attribute("method") or "").lower() == "post" and f[0].get_dom_attribute("action") == action

    check("form#volume posts to /volume with an input named percent",
          form_ok("volume", "/volume") and len(d.find_elements(By.CSS_SELECTOR, "form#volume input[name=percent]")) == 1)
    bad_alarms = []
    for n in range(1, 5):
        sel = f"#alarms form#alarm-{n}"
        f = d.find_elements(By.CSS_SELECTOR, sel)
        problems = []
        if not f or not form_ok(f"alarm-{n}", "/alarm"):
            problems.append("form post /alarm")
        else:
            hidden = d.find_elements(By.CSS_SELECTOR, f"{sel} input[type=hidden][name=alarm]")
            if not hidden or hidden[0].get_dom_attribute("value") != str(n):
                problems.append("hidden alarm=N")
            if len(d.find_elements(By.CSS_SELECTOR, f"{sel} input[name=time][type=time]")) != 1:
                problems.append("input time")
            values = sorted(e.get_dom_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, f"{sel} input[type=checkbox][name=days]"))
            if values != sorted(DAYS):
                problems.append(f"days {values}")
            for name in ("enabled", "skip"):
                if len(d.find_elements(By.CSS_SELECTOR, f"{sel} input[type=checkbox][name={name}]")) != 1:
                    problems.append(name)
            if not d.find_elements(By.CSS_SELECTOR, f"{sel} button[type=submit], {sel} input[type=submit], {sel} button:not([type])"):
                problems.append("submit")
        if problems:
            bad_alarms.append((n, problems))
    check("#alarms holds forms alarm-1..alarm-4 (post /alarm, alarm=N, time, days mon..sun, enabled, skip, submit)",
          not bad_alarms, bad_alarms)
    timer_set = d.find_elements(By.CSS_SELECTOR, "form#timer select[name=set], form#timer input[name=set]")
    options = [o.get_dom_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "form#timer select[name=set] option")]
    check("form#timer posts to /timer with `set`: minutes, end or off",
          form_ok("timer", "/timer") and bool(timer_set)
          and (timer_set[0].tag_name == "input" or ("end" in options and "off" in options and any((o or "").isdigit() for o in options))),
          options)
    check("nights is an inline <svg>", bool(d.find_elements(By.CSS_SELECTOR, "svg#nights, #nights svg")))
    check("#devices holds form#forget posting to /forget",
          form_ok("forget", "/forget") and bool(d.find_elements(By.CSS_SELECTOR, "#devices form#forget")))
    has_light = (box.status().get("light") or {}).get("device", "none") != "none"
    check(f"form#light only when the box has a light (this one: {'a light' if has_light else 'none'})",
          bool(d.find_elements(By.CSS_SELECTOR, "form#light")) == has_light)
    check("no snooze or dismiss form while no alarm rings",
          not d.find_elements(By.CSS_SELECTOR, "form#snooze, form#dismiss"))
    status, hs, body = request(port, "GET", "/", {"Cookie": f"sleepbox_device={token}"})
    check("the paired page, to a plain client with the cookie: 200, its CSP forbids scripts, no script in it",
          status == 200 and harness.is_paired_page(parse_html(body)) and harness.scripts_forbidden(header(hs, "content-security-policy"))
          and "<script" not in body.lower(), (status, header(hs, "content-security-policy")))

    # --- alarm 2 in Chromium: 07:15 at the weekend ---------------------------------------------------
    form = d.find_element(By.ID, "alarm-2")
    if not form.is_displayed():
        for summary in form.find_elements(By.XPATH, "ancestor::details[1]/summary"):
            summary.click()
    time_input = form.find_element(By.CSS_SELECTOR, "input[name=time]")
    # Typed as a person would: hour, minute, and "A" for a.m. where the input shows 12 hours
    # (Debian's Chromium knows en-US alone); a 24-hour input ignores the "A".
    time_input.send_keys("0715A")
    typed = time_input.get_property("value")
    for box_ in form.find_elements(By.CSS_SELECTOR, "input[type=checkbox][name=days]"):
        if box_.is_selected() != (box_.get_dom_attribute("value") in ("sat", "sun")):
            box_.click()
    for name, want in (("enabled", True), ("skip", False)):
        for e in form.find_elements(By.CSS_SELECTOR, f"input[type=checkbox][name={name}]"):
            if e.is_selected() != want:
                e.click()
    submit(d, form.find_element(By.CSS_SELECTOR, "button[type=submit], input[type=submit], button:not([type])"))
    a2 = wait_until(lambda: (lambda x: x if x and x.get("time") == "07:15" else None)(box.status()["alarms"][1]), 8)
    a2 = box.status()["alarms"][1]
    note(f"the form typed {typed!r}; status.alarms[1] is now {a2}")
    check("Chromium sets alarm 2: status.alarms[1] is 07:15, enabled", bool(a2) and a2.get("time") == "07:15" and a2.get("enabled") is True, a2)
    check("... on sat and sun only", bool(a2) and days_of(a2.get("days")) == {"sat", "sun"}, (a2 or {}).get("days"))
    nxt = d.find_elements(By.ID, "next-alarm")
    text = nxt[0].get_attribute("textContent") if nxt else ""
    note(f"next-alarm reads {text.strip()!r} (status.nextRingAt {box.status().get('nextRingAt')})")
    check("the page, reloaded after the change, gives 07:15 as the next alarm", "07:15" in text or "7:15" in text, text)

    # --- the volume in Chromium -----------------------------------------------------------------------
    percent = d.find_element(By.CSS_SELECTOR, "form#volume input[name=percent]")
    percent.clear()
    percent.send_keys("35")
    submit(d, d.find_element(By.CSS_SELECTOR, "form#volume button[type=submit], form#volume input[type=submit], form#volume button:not([type])"))
    check("Chromium sets the volume: status.volume 35", wait_until(lambda: box.status()["volume"] == 35, 8), box.status()["volume"])

    if PICTURE:
        d.get(base + "/")
        wait_until(lambda: d.find_elements(By.ID, "volume"), 5)
        size = browser.screenshot(PICTURE)
        got = harness.png_size(PICTURE)
        check(f"--picture: the paired page as a phone shows it, {got} px, in {PICTURE}",
              got is not None and got[0] == 390 and got[1] >= 844, (size, got))

    # --- refusals, from a plain client ---------------------------------------------------------------
    status, hs, _ = form_post(port, "/volume", {"percent": "40"}, cookie=token)
    check("a change with the cookie and the page's Origin: 303 to /",
          status == 303 and (header(hs, "location") or "") in ("/", base + "/") and wait_until(lambda: box.status()["volume"] == 40, 3),
          (status, header(hs, "location"), box.status()["volume"]))
    status, _, _ = form_post(port, "/volume", {"percent": "20"})
    check("POST without a cookie: 401, nothing changed", status == 401 and box.status()["volume"] == 40, (status, box.status()["volume"]))
    status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie="0" * 64)
    check("POST with a cookie of no paired device: 401", status == 401, status)
    status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie=token, origin="http://evil.example")
    check("POST with the cookie and Origin http://evil.example: 403, nothing changed", status == 403 and box.status()["volume"] == 40,
          (status, box.status()["volume"]))
    status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie=token, origin=None)
    check("POST with the cookie and no Origin: 403", status == 403, status)
    status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie=token, extra={"Sec-Fetch-Site": "cross-site"})
    check("POST with the cookie, the Origin, and Sec-Fetch-Site: cross-site: 403", status == 403 and box.status()["volume"] == 40, status)
    status, _, _ = request(port, "GET", "/", host="evil.example")
    check("GET / with Host: evil.example: 421", status == 421, status)
    status, _, _ = request(port, "GET", "/", host=f"evil.example:{port}")
    check(f"GET / with Host: evil.example:{port}: 421", status == 421, status)
    status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie=token, host=f"evil.example:{port}")
    check("POST with the cookie and Host and Origin of another name (DNS rebinding): 421, nothing changed",
          status == 421 and box.status()["volume"] == 40, status)
    status, _, _ = request(port, "GET", "/", host=f"localhost:{port}")
    check(f"GET / with Host: localhost:{port} is served", status == 200, status)
    hostname = socket.gethostname().lower()
    names = [hostname, hostname + ".local"] + harness.interface_addresses()[:1]
    served = {n: request(port, "GET", "/", host=f"{n}:{port}")[0] for n in names}
    check("GET / naming the box by its host name, <name>.local or an address of its own is served", all(s == 200 for s in served.values()),
          served)
    status, _, _ = form_post(port, "/volume", {"percent": "20", "pad": "x" * 9000}, cookie=token)
    check("a body over 8 KiB: 413, nothing changed", status == 413 and box.status()["volume"] == 40, status)

    # --- the ringing alarm's forms ---------------------------------------------------------------------
    box.ok({"cmd": "alarm", "alarm": 1, "time": "06:45", "days": DAYS})
    box.ok({"cmd": "clock", "set": "2026-11-25T06:44:57"})
    ringing = wait_until(lambda: box.status().get("phase") in ("ringing", "greeting"), 10)
    check("the box rings at 06:45 (sim clock set to 06:44:57)", ringing, box.status().get("phase"))
    d.get(base + "/")
    wait_until(lambda: d.find_elements(By.ID, "volume"), 5)
    check("while it rings: form#snooze (post /snooze) and form#dismiss (post /dismiss)",
          form_ok("snooze", "/snooze") and form_ok("dismiss", "/dismiss"))
    if d.find_elements(By.CSS_SELECTOR, "form#snooze"):
        submit(d, d.find_element(By.CSS_SELECTOR, "form#snooze button, form#snooze input[type=submit]"))
        check("Chromium: snooze snoozes the box", wait_until(lambda: box.status().get("phase") == "snoozed", 5), box.status().get("phase"))
    if d.find_elements(By.CSS_SELECTOR, "form#dismiss"):
        submit(d, d.find_element(By.CSS_SELECTOR, "form#dismiss button, form#dismiss input[type=submit]"))
        check("Chromium: dismiss stops the alarm", wait_until(lambda: box.status().get("phase") not in ("ringing", "snoozed"), 5),
              box.status().get("phase"))

    # --- the page in the box's language ---------------------------------------------------------------
    box.ok({"cmd": "setting", "key": "language", "value": "de"})
    status, _, body = request(port, "GET", "/", {"Cookie": f"sleepbox_device={token}"})
    check("the box in German: <html lang=\"de\">", re.search(r"<html[^>]*\blang=\"de\"", body) is not None
          and box.companion().get("language") == "de", (box.companion().get("language"), body[:120]))
    box.ok({"cmd": "setting", "key": "language", "value": None})

    # --- wrong codes: slower and slower, then pairing closes until the box shows a new code --------------
    code2, steps = box.show_pairing_code(previous=code)
    check("the box shows a new code when Pair a device is opened again", code2 is not None and code2 != code, "; ".join(steps))
    failures = 1  # the wrong try from 127.0.0.2 above
    token2 = None
    if code2:
        wrong2 = f"{(int(code2) + 1) % 1000000:06d}"
        waits = []
        statuses = []
        for i in range(3):
            status, _, _ = form_post(port, "/pair", {"code": wrong2}, source="127.0.0.3")
            statuses.append(status)
            failures += status == 403
            status, hs, _ = form_post(port, "/pair", {"code": wrong2}, source="127.0.0.3")
            retry = header(hs, "retry-after")
            waits.append((status, retry))
            if i < 2 and retry and retry.isdigit():
                time.sleep(int(retry) + 0.1)
        note(f"from 127.0.0.3: wrong tries {statuses}, each followed at once by {waits}")
        check("wrong tries from one address: each 403, then at once 429 with Retry-After 1, 2, 4 s (doubling)",
              statuses == [403] * 3 and waits == [(429, "1"), (429, "2"), (429, "4")], (statuses, waits))
        reasons = []
        n = 4
        while failures < 10 and n < 40:
            status, _, body = form_post(port, "/pair", {"code": wrong2}, source=f"127.0.0.{n}")
            e = parse_html(body).by_id("error")
            reasons.append((status, e.text() if e is not None else None))
            failures += status == 403
            n += 1
            if status != 403:
                break
        note(f"wrong tries from fresh addresses: {reasons}")
        check("ten wrong tries within 15 minutes (from 8 addresses here), each refused with 403", failures == 10, (failures, reasons))
        status, hs, body = form_post(port, "/pair", {"code": wrong2}, source=f"127.0.0.{n}")
        e = parse_html(body).by_id("error")
        check("after ten wrong tries pairing is closed: the next try, from a fresh address, 429 with Retry-After",
              status == 429 and header(hs, "retry-after") is not None, (status, header(hs, "retry-after"), e.text() if e else None))
        shown = (box.companion().get("pairing") or {}).get("code")
        if shown:
            status, _, _ = form_post(port, "/pair", {"code": shown}, source=f"127.0.0.{n + 1}")
            check("closed, even the code the box shows is refused (429)", status == 429, status)
        code3, steps = box.show_pairing_code(previous=shown or code2)
        check("the box shows another code", code3 is not None, "; ".join(steps))
        if code3:
            status, hs, body = form_post(port, "/pair", {"code": code3}, source=f"127.0.0.{n + 2}")
            set_cookie = header(hs, "set-cookie") or ""
            cookie_parts = [x.strip() for x in set_cookie.split(";")]
            m = re.fullmatch(r"sleepbox_device=([0-9a-f]{64})", cookie_parts[0]) if cookie_parts else None
            check("a new code opens pairing again: 303 to / with Set-Cookie sleepbox_device=<64 hex>; Path=/; HttpOnly; SameSite=Strict",
                  status == 303 and (header(hs, "location") or "") in ("/", base + "/") and m is not None
                  and {"Path=/", "HttpOnly", "SameSite=Strict"} <= set(cookie_parts[1:]), (status, header(hs, "location"), set_cookie))
            token2 = m.group(1) if m else None
            if token2:
                status, _, body = request(port, "GET", "/", {"Cookie": f"sleepbox_device={token2}"})
                check("that cookie gets the page", status == 200 and harness.is_paired_page(parse_html(body)), status)

    # --- forgetting, from the box --------------------------------------------------------------------
    before = box.companion().get("epoch")
    answer = box.request({"cmd": "companion", "forget": True})
    after = box.companion().get("epoch")
    check("{\"cmd\":\"companion\",\"forget\":true}: ok, and the epoch moves on (in the status and the file)",
          answer == {"ok": True} and isinstance(after, int) and after != before
          and harness.tail(box.companion_file).strip() == f"epoch {after}",
          (answer, before, after, harness.tail(box.companion_file)))
    for name, t in (("the browser's", token), ("the new", token2)):
        if not t:
            continue
        status, _, body = request(port, "GET", "/", {"Cookie": f"sleepbox_device={t}"})
        doc = parse_html(body)
        check(f"forgotten on the box: {name} cookie gets the pairing form again",
              status == 200 and harness.pairing_form(doc) is not None and not harness.is_paired_page(doc), (status, body[:300]))
        status, _, _ = form_post(port, "/volume", {"percent": "20"}, cookie=t)
        check(f"... and its changes are refused (401)", status == 401, status)

    # --- forgetting, from the page -------------------------------------------------------------------
    d.get(base + "/")
    check("Chromium's cookie, forgotten too, gets the pairing form", bool(d.find_elements(By.CSS_SELECTOR, "form#pair"))
          and not d.find_elements(By.ID, "volume"))
    code4, steps = box.show_pairing_code(previous=(box.companion().get("pairing") or {}).get("code"))
    if code4 and d.find_elements(By.ID, "code"):
        d.find_element(By.ID, "code").send_keys(code4)
        submit(d, d.find_element(By.CSS_SELECTOR, "form#pair button[type=submit], form#pair input[type=submit]"))
    token3 = (d.get_cookie("sleepbox_device") or {}).get("value")
    check("Chromium pairs again with a new code", code4 is not None and bool(d.find_elements(By.ID, "forget")), "; ".join(steps))
    if d.find_elements(By.ID, "forget"):
        before = box.companion().get("epoch")
        submit(d, d.find_element(By.CSS_SELECTOR, "form#forget button, form#forget input[type=submit]"))
        check("Chromium: the page's forget (POST /forget) brings back the pairing form",
              bool(d.find_elements(By.CSS_SELECTOR, "form#pair")) and box.companion().get("epoch") != before,
              (before, box.companion().get("epoch")))
        status, _, body = request(port, "GET", "/", {"Cookie": f"sleepbox_device={token3}"})
        check("the cookie it had gets the pairing form", status == 200 and harness.pairing_form(parse_html(body)) is not None, status)
    browser.quit()

    # --- switched off on the box ---------------------------------------------------------------------
    answer = box.request({"cmd": "companion", "set": "off"})
    rc = comp.wait_exit(10)
    check("companion off on the box: ok, the companion exits 0", answer == {"ok": True} and rc == 0, (answer, rc, comp.log_text()[-800:]))
    check("... its port is closed", wait_until(lambda: not harness.port_open(port), 3))
    check("... and the box's companion file is gone", not os.path.exists(box.companion_file))
    c = box.companion()
    check("status.companion.enabled is false", c.get("enabled") is False, c)
    note(f"epoch at start {epoch0}, at the end {c.get('epoch')}")


parts = {}  # logs to show when a check fails
harness.run_main(main, parts, T0, tail_bytes=4000)
