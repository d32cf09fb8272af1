"""Start, talk to and stop a `sleepbox run --hardware sim` daemon, for the daemon tests."""
import json
import os
import signal
import socket
import subprocess
import tempfile
import time


class Daemon:
    def __init__(self, binary, workdir=None, config=None, extra=(), wrapper=()):
        self.binary = binary
        # A program to start the daemon under (setpriv, to drop a capability), with its arguments.
        self.wrapper = list(wrapper)
        self.dir = workdir or tempfile.mkdtemp(prefix="sleepboxd-")
        self.state = os.path.join(self.dir, "state")
        self.socket = os.path.join(self.dir, "control.sock")
        self.log = os.path.join(self.dir, "daemon.log")
        self.config = config
        self.extra = list(extra)
        self.proc = None

    def start(self, timeout=10.0):
        args = self.wrapper + [self.binary, "run", "--hardware", "sim", "--state-dir", self.state, "--socket", self.socket, "--seed", "5"]
        if self.config:
            args += ["--config", self.config]
        args += self.extra
        logf = open(self.log, "ab")
        self.started_at = time.monotonic()
        self.proc = subprocess.Popen(args, stdout=logf, stderr=logf, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daemon exited with {self.proc.returncode}: {open(self.log).read()[-2000:]}")
            try:
                self.request({"cmd": "status"})
                self.ready_after = time.monotonic() - self.started_at
                return self
            except OSError:
                time.sleep(0.01)
        raise RuntimeError("daemon did not answer on its socket")

    def request(self, obj):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(self.socket)
            s.sendall((json.dumps(obj) + "\n").encode())
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        return json.loads(data)

    def status(self):
        return self.request({"cmd": "status"})["status"]

    def kill(self, sig=signal.SIGKILL):
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=10)
