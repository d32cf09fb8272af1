#!/usr/bin/env python3
"""The companion's cost: its binary's size (stripped), its memory while idle and after pages
(RssAnon, with RSS beside it), its threads, the time of a page kept alive (1000 GETs of the paired
page, each asking the box for its status and nights), and its wake-ups while idle (voluntary
context switches of all its threads over 30 s).

Needs release builds of `sleepbox` and `sleepbox-companion` (SLEEPBOX, COMPANION; default
.build/release/...). Runs the box as `run --hardware sim` in a scratch folder and the companion on
the loopback; touches nothing else.
"""
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
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

COMPANION = os.environ.get("COMPANION") or os.path.join(common.ROOT, ".build", "release", "sleepbox-companion")


def status_kb(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def switches(pid):
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/status") as f:
            m = re.search(r"voluntary_ctxt_switches:\s+(\d+)", f.read())
            total += int(m.group(1)) if m else 0
    return total


def request(sock, obj):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(sock)
        s.sendall((json.dumps(obj) + "\n").encode())
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return json.loads(data)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_pairing(sock):
    """Settings > Connect > Pair a device, by the box's own controls; the code it shows."""
    for _ in range(200):
        st = request(sock, {"cmd": "status"})["status"]
        pairing = st.get("companion", {}).get("pairing")
        if pairing:
            return pairing["code"]
        menu = st.get("menu")
        row = (menu or {}).get("row")
        if menu is None:
            request(sock, {"cmd": "hold", "button": "knob", "seconds": 1.2})
        elif row in ("Settings", "Connect", "Pair a device"):
            request(sock, {"cmd": "press", "button": "knob"})
        else:
            request(sock, {"cmd": "turn", "detents": 1})
        time.sleep(0.05)
    raise RuntimeError("could not reach the pairing page")


def main():
    box = common.sleepbox_binary()
    if not os.access(COMPANION, os.X_OK):
        sys.exit(f"bench: no companion at {COMPANION}: swift build -c release --product sleepbox-companion")
    work = tempfile.mkdtemp(prefix="companion-bench-")
    sock = os.path.join(work, "control.sock")
    env = dict(os.environ, SLEEPBOX_VOICE_ENV="off")
    procs = []
    try:
        stripped = os.path.join(work, "stripped")
        shutil.copy(COMPANION, stripped)
        subprocess.run(["strip", stripped], check=True)
        size = os.path.getsize(stripped)
        procs.append(subprocess.Popen([box, "run", "--hardware", "sim", "--state-dir", os.path.join(work, "state"),
                                       "--socket", sock, "--seed", "5"], env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(500):
            if os.path.exists(sock):
                try:
                    request(sock, {"cmd": "status"})
                    break
                except OSError:
                    pass
            time.sleep(0.02)
        request(sock, {"cmd": "companion", "set": "on"})
        port = free_port()
        comp = subprocess.Popen([COMPANION, "--socket", sock, "--state-dir", os.path.join(work, "companion-state"),
                                 "--listen", "127.0.0.1", "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(comp)
        host = f"127.0.0.1:{port}"
        for _ in range(500):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.02)
        time.sleep(1)
        idle_anon, idle_rss = status_kb(comp.pid, "RssAnon"), status_kb(comp.pid, "VmRSS")
        threads = len(os.listdir(f"/proc/{comp.pid}/task"))
        quiet = 10 if common.QUICK else 30
        s0 = switches(comp.pid)
        time.sleep(quiet)
        wakeups = switches(comp.pid) - s0
        code = open_pairing(sock)
        c = http.client.HTTPConnection("127.0.0.1", port)
        c.request("POST", "/pair", body=f"code={code}", headers={"Host": host, "Origin": "http://" + host,
                                                                  "Content-Type": "application/x-www-form-urlencoded"})
        r = c.getresponse()
        answer = r.read()
        if r.getheader("Set-Cookie") is None:
            sys.exit(f"bench: pairing with {code} failed: {r.status} {answer.decode()[-400:]}")
        cookie = r.getheader("Set-Cookie").split(";")[0]
        pages = 200 if common.QUICK else 1000
        t0 = time.monotonic()
        for _ in range(pages):
            c.request("GET", "/", headers={"Host": host, "Cookie": cookie})
            r = c.getresponse()
            body = r.read()
            assert r.status == 200 and b'id="alarms"' in body, r.status
        per_page = (time.monotonic() - t0) / pages * 1000
        c.close()
        after_anon, after_rss = status_kb(comp.pid, "RssAnon"), status_kb(comp.pid, "VmRSS")
        result = {"strippedBytes": size, "idleRssAnonKiB": idle_anon, "idleRssKiB": idle_rss, "threads": threads,
                  "idleWakeups": wakeups, "idleSeconds": quiet, "pages": pages, "msPerPage": round(per_page, 2),
                  "afterPagesRssAnonKiB": after_anon, "afterPagesRssKiB": after_rss}
        print("| measure | value |\n|---|---|")
        print(f"| binary, stripped (release, static Swift runtime) | {size / 1e6:.1f} MB |")
        print(f"| memory idle, RssAnon (RSS) | {idle_anon / 1024:.2f} MiB ({idle_rss / 1024:.1f} MiB) |")
        print(f"| memory after {pages} pages, RssAnon (RSS) | {after_anon / 1024:.2f} MiB ({after_rss / 1024:.1f} MiB) |")
        print(f"| threads | {threads} |")
        print(f"| wake-ups idle (voluntary switches, all threads) | {wakeups} in {quiet} s |")
        print(f"| a page kept alive (status + nights from the box, HTML) | {per_page:.2f} ms |")
        if "--json" in sys.argv:
            with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
                json.dump(result, f)
    finally:
        for p in reversed(procs):
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
