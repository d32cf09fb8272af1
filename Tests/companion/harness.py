"""The parts of the companion's end-to-end tests, all real: the box (`sleepbox run --hardware sim`),
`sleepbox-companion`, a Mosquitto broker and its command-line clients, headless Chromium through
chromedriver. Everything lives in one temporary folder, listens on the loopback on free ports, and
every process started here is stopped when the test ends, however it ends (`cleanup`).
"""
import atexit
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from html.parser import HTMLParser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "daemon"))
from sleepboxd import Daemon  # noqa: E402

os.environ["SLEEPBOX_VOICE_ENV"] = "off"

# --- checks, as Tests/daemon/test_daemon.py prints them ------------------------------------------
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok - {name}", flush=True)
    else:
        failed += 1
        print(f"not ok - {name}" + (f"  {detail}" if detail != "" else ""), flush=True)
    return bool(condition)


def note(text):
    print(f"# {text}", flush=True)


def summary(started):
    print(f"{passed} passed, {failed} failed ({time.monotonic() - started:.1f} s)", flush=True)
    return 1 if failed else 0


def wait_until(predicate, timeout=5.0, step=0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except (OSError, ValueError, KeyError, TypeError):
            value = None
        if value:
            return value
        time.sleep(step)
    try:
        return predicate()
    except (OSError, ValueError, KeyError, TypeError):
        return None


# --- every process started here, stopped at the end ----------------------------------------------
_processes = []  # (Popen, own process group)
_folders = []


def started(proc, group=False):
    _processes.append((proc, group))
    return proc


def stop_process(proc, group=False, timeout=5.0):
    """SIGTERM, then SIGKILL after `timeout`; its exit status (None if it was not ours to wait)."""
    if proc.poll() is None:
        try:
            if group:
                os.killpg(proc.pid, signal.SIGTERM)
            else:
                proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=timeout)
        except (subprocess.TimeoutExpired, ProcessLookupError, PermissionError):
            pass
    if group:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # what is left of the group (chromium's children)
        except (ProcessLookupError, PermissionError):
            pass
    if proc.poll() is None:
        try:
            proc.kill()
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    return proc.returncode


_browsers = []


def cleanup():
    for b in list(_browsers):
        b.quit()
    while _processes:
        proc, group = _processes.pop()
        stop_process(proc, group)
    if os.environ.get("SLEEPBOX_KEEP_TMP") != "1":
        for f in _folders:
            shutil.rmtree(f, ignore_errors=True)


atexit.register(cleanup)


def _on_signal(signum, _frame):
    raise SystemExit(128 + signum)  # unwinds through `finally` and atexit


signal.signal(signal.SIGTERM, _on_signal)
signal.signal(signal.SIGINT, _on_signal)


def temp_folder(prefix):
    d = tempfile.mkdtemp(prefix=prefix)
    _folders.append(d)
    return d


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port, host="127.0.0.1"):
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def interface_addresses():
    """This machine's IPv4 addresses other than the loopback's (from `ip`), for Host headers."""
    try:
        out = subprocess.run(["ip", "-4", "-o", "addr", "show"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [a for a in re.findall(r"\binet (\d+\.\d+\.\d+\.\d+)", out) if not a.startswith("127.")]


def tail(path, n=3000):
    try:
        with open(path, errors="replace") as f:
            return f.read()[-n:]
    except OSError:
        return ""


# --- the box --------------------------------------------------------------------------------------
class Box:
    """`sleepbox run --hardware sim` with its control socket `<dir>/control.sock` (Daemon of
    Tests/daemon/sleepboxd.py); the box keeps its `companion` file beside the socket."""

    def __init__(self, binary, folder, config=None):
        os.makedirs(folder, exist_ok=True)
        self.daemon = Daemon(binary, workdir=folder, config=config)
        self.dir = folder
        self.socket = self.daemon.socket
        self.companion_file = os.path.join(folder, "companion")

    def start(self):
        try:
            self.daemon.start()
        finally:
            if self.daemon.proc is not None:
                started(self.daemon.proc)
        return self

    def stop(self):
        return stop_process(self.daemon.proc)

    @property
    def log(self):
        return self.daemon.log

    def request(self, obj):
        return self.daemon.request(obj)

    def ok(self, obj):
        answer = self.request(obj)
        if not answer.get("ok"):
            raise RuntimeError(f"the box refused {json.dumps(obj)}: {answer}")
        return answer

    def status(self):
        return self.daemon.status()

    def companion(self):
        return self.status().get("companion") or {}

    # The box's menus, read from status.menu {title,row} after each step.
    def _menu(self):
        return self.status().get("menu")

    def _hold_knob(self, seconds=1.0):
        """Holds the knob (back one level; at the top the menu closes), waits for the screen to
        change and for the hold to end (a request while the knob is still down is no new hold)."""
        before = self.status()
        key = (json.dumps(before.get("menu")), before.get("screen"), json.dumps((before.get("companion") or {}).get("pairing")))
        t0 = time.monotonic()
        self.ok({"cmd": "hold", "button": "knob", "seconds": seconds})
        wait_until(lambda: (lambda s: (json.dumps(s.get("menu")), s.get("screen"),
                                       json.dumps((s.get("companion") or {}).get("pairing"))) != key)(self.status()), seconds + 3)
        time.sleep(max(0.0, t0 + seconds + 0.15 - time.monotonic()))

    def _press_knob(self):
        before = json.dumps(self.status().get("menu"))
        t0 = time.monotonic()
        self.ok({"cmd": "press", "button": "knob"})
        wait_until(lambda: json.dumps(self.status().get("menu")) != before, 3)
        time.sleep(max(0.0, t0 + 0.3 - time.monotonic()))  # a press is 150 ms down, then up

    def _find_row(self, label, steps):
        """Turns the knob to the row that reads `label`; the rows seen on the way (for the report)."""
        want = label.casefold()

        def matches(menu):
            return menu and (menu.get("row") or "").casefold().strip().startswith(want)

        menu = self._menu()
        seen = [(menu or {}).get("row")]
        if matches(menu):
            return True, seen
        for direction in (1, -1):
            last = json.dumps(menu)
            for _ in range(60):
                self.ok({"cmd": "turn", "detents": direction})
                menu = wait_until(lambda: (lambda m: m if json.dumps(m) != last else None)(self._menu()), 0.5) or self._menu()
                if json.dumps(menu) == last:
                    break  # the end of the list
                last = json.dumps(menu)
                seen.append((menu or {}).get("row"))
                if matches(menu):
                    return True, seen
                if len(seen) > 2 and seen[-1] == seen[0] and direction == 1:
                    break  # went round
        steps.append(f"no row {label!r} in menu {(menu or {}).get('title')!r}; rows seen: {seen}")
        return False, seen

    def show_pairing_code(self, path=("Settings", "Connect", "Pair a device"), previous=None):
        """Opens Settings > Connect > Pair a device on the box, from wherever it is, and returns
        (the code it shows, the steps taken); a code other than `previous` when one is given."""
        steps = []
        pairing = self.companion().get("pairing")
        if pairing and pairing.get("code") and pairing.get("code") != previous:
            return pairing["code"], steps
        # Back out (a held knob goes back one level) to one of the path's menus, or to no menu.
        parents = [label.casefold() for label in path[:-1]]
        start = None
        for _ in range(8):
            menu = self._menu()
            if menu is None:
                break
            title = (menu.get("title") or "").casefold()
            if title in parents and not self.companion().get("pairing"):
                start = parents.index(title) + 1
                break
            self._hold_knob()
            steps.append(f"hold knob -> menu {self._menu()}")
        if start is None:
            # The library menu opens with the knob held; Settings is among its last rows.
            self._hold_knob()
            steps.append(f"hold knob -> menu {self._menu()}")
            if not self._menu():
                steps.append(f"no menu opened; screen {self.status().get('screen')!r}")
                return None, steps
            start = 0
        for label in path[start:]:
            found, _ = self._find_row(label, steps)
            if not found:
                return None, steps
            self._press_knob()
            steps.append(f"press on {label!r} -> menu {self._menu()}")
        pairing = wait_until(lambda: (lambda p: p if p and p.get("code") and p.get("code") != previous else None)(
            self.companion().get("pairing")), 3)
        if not pairing:
            steps.append(f"no pairing code shown: companion {self.companion()}, screen {self.status().get('screen')!r}")
            return None, steps
        return pairing["code"], steps


DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def days_of(value):
    """The days an alarm's `days` names, as a set of mon..sun ("weekends", "sat,sun", a list...)."""
    words = value if isinstance(value, list) else str(value or "").replace(" ", "").split(",")
    out = set()
    for w in words:
        w = str(w).lower()
        if w in ("daily", "everyday", "all"):
            out |= set(DAYS)
        elif w in ("weekdays", "weekday"):
            out |= set(DAYS[:5])
        elif w in ("weekends", "weekend"):
            out |= {"sat", "sun"}
        elif w[:3] in DAYS:
            out.add(w[:3])
    return out


# --- the companion -------------------------------------------------------------------------------
class Companion:
    def __init__(self, binary, box_socket, state_dir, port, log, mqtt=None):
        self.binary = binary
        self.args = [binary, "--socket", box_socket, "--state-dir", state_dir, "--listen", "127.0.0.1", "--port", str(port)]
        if mqtt:
            self.args += mqtt
        self.port = port
        self.log = log
        self.proc = None

    def start(self):
        logf = open(self.log, "ab")
        self.proc = started(subprocess.Popen(self.args, stdout=logf, stderr=logf, stdin=subprocess.DEVNULL))
        logf.close()
        return self

    def serving(self):
        """Whether the page answers GET / (any status but 503)."""
        try:
            status, _, _ = request(self.port, "GET", "/")
            return status != 503
        except OSError:
            return False

    def wait_serving(self, timeout=15):
        return wait_until(lambda: self.proc.poll() is None and self.serving(), timeout, 0.1)

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def wait_exit(self, timeout):
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        return stop_process(self.proc)

    def kill9(self):
        self.proc.kill()
        return self.proc.wait(timeout=5)

    def log_text(self):
        return tail(self.log, 20000)


# --- HTTP, as a plain client (no browser) --------------------------------------------------------
def request(port, method, path, headers=None, body=None, host=None, source=None, timeout=10):
    """One request on its own connection: (status, headers {lower-case name: [values]}, body text).
    `host`: the Host header (default 127.0.0.1:port); `source`: the loopback address to send from."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
        data = body.encode() if isinstance(body, str) else body
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if data is not None:
            conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        r = conn.getresponse()
        text = r.read().decode("utf-8", "replace")
        hs = {}
        for k, v in r.getheaders():
            hs.setdefault(k.lower(), []).append(v)
        return r.status, hs, text
    finally:
        conn.close()


def header(headers, name):
    values = headers.get(name.lower())
    return values[0] if values else None


def form_post(port, path, fields, cookie=None, origin="same", host=None, source=None, extra=None):
    """A form's POST as a browser on the page would send it (`origin="same"`: http://<Host>)."""
    from urllib.parse import urlencode
    h = {"Content-Type": "application/x-www-form-urlencoded"}
    the_host = host if host is not None else f"127.0.0.1:{port}"
    if origin == "same":
        h["Origin"] = f"http://{the_host}"
    elif origin is not None:
        h["Origin"] = origin
    if cookie:
        h["Cookie"] = f"sleepbox_device={cookie}"
    h.update(extra or {})
    return request(port, "POST", path, h, urlencode(fields, doseq=True), host=host, source=source)


# --- HTML, read without a browser -----------------------------------------------------------------
class Element:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parent = parent
        self.children = []
        self.text_parts = []

    def text(self):
        return "".join(self.text_parts + [c.text() for c in self.children]).strip()

    def iter(self):
        yield self
        for c in self.children:
            yield from c.iter()

    def find(self, pred):
        return [e for e in self.iter() if pred(e)]

    def by_id(self, ident):
        found = self.find(lambda e: e.attrs.get("id") == ident)
        return found[0] if found else None


class _TreeBuilder(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", [], None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        e = Element(tag, attrs, self.cur)
        self.cur.children.append(e)
        if tag not in self.VOID:
            self.cur = e

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Element(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        e = self.cur
        while e is not None and e.tag != tag:
            e = e.parent
        if e is not None and e.parent is not None:
            self.cur = e.parent

    def handle_data(self, data):
        self.cur.text_parts.append(data)


def parse_html(text):
    b = _TreeBuilder()
    b.feed(text)
    b.close()
    return b.root


def pairing_form(doc):
    """The pairing form as the contract has it, or None."""
    f = doc.by_id("pair")
    if f is None or f.tag != "form" or (f.attrs.get("method") or "").lower() != "post" or f.attrs.get("action") != "/pair":
        return None
    code = [e for e in f.find(lambda e: e.tag == "input" and e.attrs.get("name") == "code" and e.attrs.get("id") == "code")]
    submit = f.find(lambda e: (e.tag == "button" and (e.attrs.get("type") or "submit") == "submit")
                    or (e.tag == "input" and e.attrs.get("type") == "submit"))
    return f if code and submit else None


def is_paired_page(doc):
    return doc.by_id("volume") is not None and doc.by_id("alarms") is not None


def scripts_forbidden(csp):
    """Whether a Content-Security-Policy forbids every script: script-src 'none', or
    default-src 'none' with no script-src that loosens it."""
    if not csp:
        return False
    directives = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), [w.lower() for w in words[1:]])
    for name in ("script-src-elem", "script-src", "default-src"):
        if name in directives:
            return directives[name] == ["'none'"]
    return False


# --- headless Chromium --------------------------------------------------------------------------
class Browser:
    """Headless Chromium through Debian's chromedriver, a phone's viewport (390 x 844 CSS px), its
    own profile in the test's folder."""

    def __init__(self, folder, width=390, height=844):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        profile = os.path.join(folder, "chromium-profile")
        os.makedirs(profile, exist_ok=True)
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                  "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-breakpad", "--disable-crash-reporter",
                  f"--user-data-dir={profile}", f"--window-size={width},{height}"]:
            options.add_argument(a)
        self.log = os.path.join(folder, "chromedriver.log")
        self.service = Service("/usr/bin/chromedriver", log_path=self.log, popen_kw={"start_new_session": True})
        self.driver = None
        _browsers.append(self)
        try:
            self.driver = webdriver.Chrome(service=self.service, options=options)
        finally:
            if self.service.process is not None:
                started(self.service.process, group=True)
        self.width, self.height = width, height
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})

    def quit(self):
        if self in _browsers:
            _browsers.remove(self)
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:  # noqa: BLE001 - the group is killed below in any case
                pass
            self.driver = None
        if self.service.process is not None:
            stop_process(self.service.process, group=True, timeout=3)

    def screenshot(self, path):
        """The whole page at the phone's width (as tall as the page, at least the phone's height)."""
        import base64
        metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics.get("cssContentSize") or metrics.get("contentSize")
        height = max(self.height, int(size["height"] + 0.99))
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": self.width, "height": height, "scale": 1}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        return self.width, height


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


# --- Mosquitto ------------------------------------------------------------------------------------
class Broker:
    """/usr/sbin/mosquitto on 127.0.0.1:port, no anonymous clients, one user, no persistence."""

    def __init__(self, folder, user, password):
        self.dir = folder
        os.makedirs(folder, exist_ok=True)
        self.port = free_port()
        self.user, self.password = user, password
        self.passwords = os.path.join(folder, "passwords")
        subprocess.run(["mosquitto_passwd", "-b", "-c", self.passwords, user, password], check=True,
                       capture_output=True, timeout=10)
        os.chmod(self.passwords, 0o600)
        self.config = os.path.join(folder, "mosquitto.conf")
        import pwd
        with open(self.config, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {self.passwords}\n"
                    "persistence false\nlog_dest stdout\nconnection_messages true\n"
                    # Started by root, mosquitto would become the user mosquitto, who cannot read
                    # the test's folder: it stays the user who runs the test.
                    f"user {pwd.getpwuid(os.getuid()).pw_name}\n")
        self.log = os.path.join(folder, "mosquitto.log")
        self.proc = None

    def start(self):
        logf = open(self.log, "ab")
        self.proc = started(subprocess.Popen(["/usr/sbin/mosquitto", "-c", self.config], stdout=logf, stderr=logf,
                                             stdin=subprocess.DEVNULL))
        logf.close()
        if not wait_until(lambda: self.proc.poll() is None and port_open(self.port), 10):
            raise RuntimeError(f"mosquitto did not listen on {self.port}: {tail(self.log)}")
        return self

    def client_args(self):
        return ["-h", "127.0.0.1", "-p", str(self.port), "-u", self.user, "-P", self.password]

    def publish(self, topic, payload, retain=False):
        args = ["mosquitto_pub", *self.client_args(), "-q", "1", "-t", topic, "-m", payload]
        if retain:
            args.append("-r")
        subprocess.run(args, check=True, capture_output=True, timeout=10)

    def retained(self, topic, timeout=3):
        """The retained message on `topic` as a fresh subscriber gets it: (payload, retain flag) or None."""
        r = subprocess.run(["mosquitto_sub", *self.client_args(), "-t", topic, "-C", "1", "-W", str(timeout), "-F", "%j"],
                           capture_output=True, text=True, timeout=timeout + 10)
        line = r.stdout.strip().splitlines()
        if not line:
            return None
        m = json.loads(line[0])
        return m.get("payload"), bool(m.get("retain"))


class Subscription:
    """mosquitto_sub on `topics`, every message kept with the time it arrived."""

    def __init__(self, broker, topics=("#",)):
        args = ["mosquitto_sub", *broker.client_args(), "-q", "1", "-F", "%j"]
        for t in topics:
            args += ["-t", t]
        self.messages = []  # dicts: topic, payload, retain, at (monotonic)
        self.lock = threading.Lock()
        self.proc = started(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                             stdin=subprocess.DEVNULL, text=True))
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for line in self.proc.stdout:
            at = time.monotonic()
            try:
                m = json.loads(line)
            except ValueError:
                continue
            with self.lock:
                self.messages.append({"topic": m.get("topic"), "payload": m.get("payload") or "",
                                      "retain": bool(m.get("retain")), "at": at})

    def on(self, topic, since=0.0):
        with self.lock:
            return [m for m in self.messages if m["topic"] == topic and m["at"] >= since]

    def last(self, topic):
        got = self.on(topic)
        return got[-1]["payload"] if got else None

    def wait(self, topic, predicate=lambda p: True, since=0.0, timeout=5.0):
        """The first message on `topic` since `since` whose payload passes `predicate`, or None."""
        def find():
            for m in self.on(topic, since):
                try:
                    if predicate(m["payload"]):
                        return m
                except (ValueError, KeyError, TypeError):
                    pass
            return None
        return wait_until(find, timeout)

    def stop(self):
        stop_process(self.proc)


class Abort(Exception):
    """The checks that follow cannot run (what they need failed): said as one failed check."""


def run_main(main, parts, started, tail_bytes=3000):
    """Runs a test's `main`: a break or a stop is a failed check; on any failure the end of each
    log in `parts` ({name: path}) is shown; every process started is stopped; exits with the
    summary's status."""
    try:
        main()
    except Abort as e:
        check("the rest of the checks could run", False, str(e))
    except BaseException as e:  # noqa: BLE001 - a test that breaks, or is stopped, is a failure
        if not isinstance(e, (SystemExit, KeyboardInterrupt)):
            import traceback
            traceback.print_exc()
        check("the test ran to its end", False, f"{type(e).__name__}: {e}")
    finally:
        if failed:
            for name, path in parts.items():
                note(f"--- the end of {name} ({path}) ---")
                for line in tail(path, tail_bytes).splitlines():
                    note(line)
        cleanup()
    sys.exit(summary(started))

