"""Shared helpers of the sleepbox benchmarks (bench/*.py).

Environment:
  SLEEPBOX    the binary to measure (default: .build/release/sleepbox in the repository)
  BENCH_WORK  a folder for test media and scratch files (default: /tmp/sleepbox-bench)
  BENCH_QUICK 1 = shorter runs (for trying the scripts out, not for the numbers in the docs)
"""
import os
import platform
import resource
import shutil
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("BENCH_WORK", "/tmp/sleepbox-bench")
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
NULL_PCM = "benchnull"


def sleepbox_binary():
    path = os.environ.get("SLEEPBOX") or os.path.join(ROOT, ".build", "release", "sleepbox")
    if not os.access(path, os.X_OK):
        sys.exit(f"bench: no sleepbox binary at {path}: run `swift build -c release --product sleepbox` "
                 "or set SLEEPBOX")
    return os.path.abspath(path)


def need(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        sys.exit("bench: missing tools: " + ", ".join(missing)
                 + " (Debian: sox libsox-fmt-mp3 mpg123 alsa-utils time)")


def work_dir(*parts):
    path = os.path.join(WORK, *parts)
    os.makedirs(os.path.dirname(path) if parts else path, exist_ok=True)
    return path


def test_mp3(minutes):
    """A `minutes`-long 44.1 kHz stereo MP3 (192 kb/s CBR, LAME through sox): independent pink
    noise in each channel plus two steady tones, -10 dBFS peak. Made once and kept in WORK."""
    need("sox")
    path = work_dir(f"test-{minutes}min.mp3")
    if not os.path.exists(path):
        seconds = str(int(minutes * 60))
        tmp = path + ".tmp.mp3"
        synth = subprocess.Popen(
            ["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", "-t", "wav", "-",
             "synth", seconds, "pinknoise", "pinknoise", "vol", "0.25",
             "synth", seconds, "sine", "mix", "220", "sine", "mix", "330", "vol", "0.5"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        subprocess.run(["sox", "-t", "wav", "-", "-C", "192", tmp], stdin=synth.stdout, check=True,
                       stderr=subprocess.DEVNULL)
        synth.wait()
        os.replace(tmp, path)
    return path


def test_wav48(mp3):
    """The MP3 decoded and resampled to 48 kHz 16-bit stereo WAV (what aplay plays)."""
    path = mp3[:-4] + "-48k.wav"
    if not os.path.exists(path):
        tmp = path + ".tmp.wav"
        subprocess.run(["sox", mp3, "-r", "48000", "-b", "16", tmp, "rate", "-h"], check=True,
                       stderr=subprocess.DEVNULL)
        os.replace(tmp, path)
    return path


def alsa_null_env():
    """An ALSA configuration with a `benchnull` PCM: the file plugin over the null plugin, writing
    raw audio to /dev/null. It is not paced in real time: it always wants data."""
    conf = work_dir("asound-bench.conf")
    with open(conf, "w") as f:
        f.write("</usr/share/alsa/alsa.conf>\n"
                f"pcm.{NULL_PCM} {{ type file; slave.pcm \"null\"; file \"/dev/null\"; format \"raw\" }}\n")
    env = dict(os.environ)
    env["ALSA_CONFIG_PATH"] = conf
    return env


def measure(argv, env=None, stdout=subprocess.DEVNULL, check=True):
    """Runs a command to its end under GNU time; returns its user and system CPU seconds (from
    wait4() on GNU time, which includes the command it waited for: microsecond resolution), its
    peak RSS in KiB (GNU time's %M: the command's own; wait4's ru_maxrss of a child forked from
    Python would count the Python copy before exec) and the wall seconds."""
    need("/usr/bin/time")
    t0 = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "@@ %M"] + list(argv), env=env, stdout=stdout,
                         stderr=subprocess.PIPE)
    err = p.stderr.read().decode(errors="replace")
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    rc = os.waitstatus_to_exitcode(status)
    marks = [l for l in err.splitlines() if l.startswith("@@ ")]
    if check and (rc != 0 or not marks):
        sys.exit(f"bench: {' '.join(argv)} failed ({rc}): {err.strip()[:500]}")
    return {"user": ru.ru_utime, "sys": ru.ru_stime, "cpu": ru.ru_utime + ru.ru_stime,
            "maxrss_kb": int(marks[-1].split()[1]) if marks else 0, "wall": wall, "rc": rc}


def gnu_time(argv, env=None):
    """/usr/bin/time -f '%U %S %M %e': user s, system s, peak RSS KiB, wall s."""
    need("/usr/bin/time")
    r = subprocess.run(["/usr/bin/time", "-f", "@@ %U %S %M %e"] + argv, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = [l for l in r.stderr.splitlines() if l.startswith("@@ ")]
    if r.returncode != 0 or not line:
        sys.exit(f"bench: {' '.join(argv)} failed: {r.stderr.strip()[:500]}")
    u, s, m, e = line[-1].split()[1:]
    return {"user": float(u), "sys": float(s), "maxrss_kb": int(m), "wall": float(e)}


def table(headers, rows, align=None):
    """A Markdown table."""
    align = align or ["l"] + ["r"] * (len(headers) - 1)
    out = ["| " + " | ".join(headers) + " |",
           "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out)


def percentile(values, p):
    v = sorted(values)
    if not v:
        return float("nan")
    k = max(0, min(len(v) - 1, int(-(-p * len(v) // 1)) - 1))
    return v[k]


def machine():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        swift = "?"
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(), "swift": swift}


# --- the daemon ---------------------------------------------------------------------------

class Daemon:
    """`sleepbox run --hardware sim` in a fresh state folder, with a JSON-lines connection to its
    control socket."""

    def __init__(self, binary, name, extra=(), env=None, config=""):
        self.dir = work_dir("daemon-" + name)
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.socket_path = os.path.join(self.dir, "control.sock")
        self.argv = [binary, "run", "--hardware", "sim", "--state-dir", os.path.join(self.dir, "state"),
                     "--socket", self.socket_path, "--config", os.path.join(self.dir, "none.toml"),
                     "--seed", "7"] + list(extra)
        # The factory settings (an empty file), whatever is in /etc, plus `config`.
        with open(os.path.join(self.dir, "none.toml"), "w") as f:
            f.write(config)
        self.log = open(os.path.join(self.dir, "daemon.log"), "w")
        self.env = env
        self.proc = None
        self.conn = None
        self.start_mono = None
        self.start_wall = None

    def start(self):
        self.start_wall = time.time()
        self.start_mono = time.monotonic()
        self.proc = subprocess.Popen(self.argv, stdout=self.log, stderr=self.log, env=self.env)
        return self

    def wait_for_socket(self, timeout=10.0, poll=0.0005):
        """Connects as soon as the socket accepts; returns the monotonic time it first answered
        a status request."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daemon exited ({self.proc.returncode}); log: {self.dir}/daemon.log")
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(self.socket_path)
                self.conn = s
                self.reader = s.makefile("rb")
                status = self.request({"cmd": "status"})
                return time.monotonic(), status
            except (FileNotFoundError, ConnectionRefusedError):
                s.close()
                time.sleep(poll)
        raise RuntimeError("the daemon's socket did not answer")

    def request(self, obj):
        import json
        for attempt in (0, 1):
            try:
                self.conn.sendall((json.dumps(obj) + "\n").encode())
                line = self.reader.readline()
            except (BrokenPipeError, ConnectionResetError):
                line = b""
            if line:
                return json.loads(line)
            if attempt == 0:
                # The daemon closes a connection left idle for 10 s: connect again.
                self.conn.close()
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(self.socket_path)
                self.conn, self.reader = s, s.makefile("rb")
        raise RuntimeError("the daemon closed the socket")

    def status(self):
        return self.request({"cmd": "status"})["status"]

    def vm_status(self):
        """VmRSS, VmHWM, RssAnon and RssFile (KiB) from /proc/PID/status. RssAnon is the memory
        the kernel cannot take back (heap, stacks: no file to read it from again)."""
        out = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                    out[k] = int(v.split()[0])
        return out

    def stop(self):
        if self.conn:
            self.conn.close()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        return self.proc.returncode if self.proc else None


def run_help(binary, sub):
    return subprocess.run([binary, sub, "--help"], capture_output=True, text=True).stdout
