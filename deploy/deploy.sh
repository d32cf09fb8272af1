#!/usr/bin/env bash
# Deploys this checkout to a Raspberry Pi over SSH and installs it there (Swift builds natively
# on the Pi). Usage: deploy/deploy.sh [user@]host [remote-folder]
#   deploy/deploy.sh pi@sleepbox.local
set -euo pipefail
host=${1:?usage: deploy/deploy.sh [user@]host [remote-folder]}
dir=${2:-sleepbox}
cd "$(dirname "$0")/.."
# The tracked files only (no build folders), as they are in the working tree.
git ls-files -z | tar --null -T - -czf - | ssh "$host" "mkdir -p '$dir' && tar -xzf - -C '$dir'"
ssh -t "$host" "cd '$dir' && sudo deploy/install.sh"
