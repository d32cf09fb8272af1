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
sleepbox doctor || true
echo "sleepbox is installed and running: systemctl status sleepbox, journalctl -u sleepbox -f"
