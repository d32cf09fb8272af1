#!/usr/bin/env bash
# deploy/deploy.sh: installs the sleepbox Debian package on a box over SSH (deploy/README.md).
#
#   deploy/deploy.sh [--package FILE.deb] [--config FILE.toml] [user@]host
#   deploy/deploy.sh --rollback [user@]host
#
# Without --package it builds the package here (make deb), which works when this machine has
# the box's architecture; for a Pi (arm64) build it on an arm64 machine and pass --package.
# --config installs FILE.toml as /etc/sleepbox/sleepbox.toml first (the package never
# overwrites that file afterwards). Before installing, it checks the box: reachable, Debian-like,
# sudo, the package's architecture, room on the disk; a package that is not sleepbox is refused.
# It keeps the installed package as the previous one (/var/lib/sleepbox-deploy/previous.deb),
# and when the new one's service does not answer `sleepbox ctl status` it puts the previous one
# back by itself. --rollback puts the previous one back on demand.
# One SSH connection is opened (ControlMaster) and used for every step: one SSH password at
# most; sudo on the box must not ask for one (root, or NOPASSWD as Raspberry Pi OS sets up).
# DEPLOY_SSH_OPTIONS adds options to ssh (e.g. "-p 2222 -i key" or "-F ssh_config").
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE=""
CONFIG=""
ROLLBACK=""
HOST=""
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --package) PACKAGE=${2:?--package needs a file}; shift 2 ;;
        --config) CONFIG=${2:?--config needs a file}; shift 2 ;;
        --rollback) ROLLBACK=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "deploy: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) [ -z "$HOST" ] || { echo "deploy: one host only" >&2; exit 2; }; HOST=$1; shift ;;
    esac
done
[ -n "$HOST" ] || { usage >&2; exit 2; }
T0=$(date +%s)
say() { echo "deploy: [$(($(date +%s) - T0)) s] $*" >&2; }
die() { echo "deploy: error: $*" >&2; exit 1; }
# Where the box keeps what deploy.sh needs: the previous package, the one being installed.
KEEP=/var/lib/sleepbox-deploy
# How long the service gets to answer after an install (a Pi Zero 2 W starts in a few seconds).
# Longer than the unit's TimeoutStartSec (90 s): a slow start is waited for, not called failed.
READY_TIMEOUT=${DEPLOY_READY_TIMEOUT:-120}

# --- the package --------------------------------------------------------------------------------
if [ -z "$ROLLBACK" ]; then
    if [ -z "$PACKAGE" ]; then
        say "building the package here (make deb)"
        make -C "$REPO" --no-print-directory deb >&2 || die "make deb failed"
        PACKAGE=$(tail -n 1 "$REPO/.build/deb.path")
    fi
    [ -f "$PACKAGE" ] || die "$PACKAGE: no such file"
    name=$(dpkg-deb -f "$PACKAGE" Package 2>/dev/null) || die "$PACKAGE is not a Debian package"
    [ "$name" = sleepbox ] || die "$PACKAGE is the package '$name', not sleepbox: nothing installed"
    VERSION=$(dpkg-deb -f "$PACKAGE" Version)
    ARCH=$(dpkg-deb -f "$PACKAGE" Architecture)
    SIZE_KB=$(( $(stat -c %s "$PACKAGE") / 1024 + $(dpkg-deb -f "$PACKAGE" Installed-Size) ))
    if [ -n "$CONFIG" ]; then
        [ -f "$CONFIG" ] || die "$CONFIG: no such file"
    fi
fi

# --- one SSH connection -------------------------------------------------------------------------
CTL=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-deploy.XXXXXX")
# shellcheck disable=SC2206 # the options are meant to be split
SSH=(ssh ${DEPLOY_SSH_OPTIONS:-} -o ControlMaster=auto -o "ControlPath=$CTL/%C" -o ControlPersist=120)
cleanup() {
    "${SSH[@]}" -O exit "$HOST" >/dev/null 2>&1 || true
    rm -rf "$CTL"
}
trap cleanup EXIT
say "connecting to $HOST"
if ! out=$("${SSH[@]}" -o ConnectTimeout=15 "$HOST" 'echo connected' 2>&1) || [ "$(echo "$out" | tail -n 1)" != connected ]; then
    die "cannot reach $HOST over SSH: $(echo "$out" | tail -n 2 | tr '\n' ' ')(nothing was changed)"
fi
remote() { "${SSH[@]}" "$HOST" "$@"; }

# --- what the box is ----------------------------------------------------------------------------
facts=$(remote 'sh -s' <<'EOF'
. /etc/os-release 2>/dev/null || true
echo "id=${ID:-unknown} like=${ID_LIKE:-} name=$(echo "${PRETTY_NAME:-unknown}" | tr ' ' _)"
command -v dpkg >/dev/null && echo "arch=$(dpkg --print-architecture)" || echo "arch=none"
if [ "$(id -u)" = 0 ]; then echo sudo=root
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then echo sudo=yes
elif command -v sudo >/dev/null; then echo sudo=password
else echo sudo=none; fi
[ -d /run/systemd/system ] && echo systemd=yes || echo systemd=no
echo "free_var=$(df -Pk /var | awk 'NR == 2 { print $4 }') free_usr=$(df -Pk /usr | awk 'NR == 2 { print $4 }')"
echo "installed=$(dpkg-query -W -f='${Version}' sleepbox 2>/dev/null || true)"
[ -f /var/lib/sleepbox-deploy/previous.deb ] && echo previous=yes || echo previous=no
EOF
) || die "cannot run commands on $HOST"
fact() { echo "$facts" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
case " $(fact id) $(fact like) " in
    *" debian "*|*" raspbian "*|*" ubuntu "*) ;;
    *) die "$HOST is not Debian-like ($(fact name | tr _ ' ')): the package needs dpkg and apt" ;;
esac
[ "$(fact arch)" != none ] || die "$HOST has no dpkg"
[ "$(fact systemd)" = yes ] || die "$HOST does not run systemd: the box runs as a systemd service"
# sudo without a password, as Raspberry Pi OS sets up its first user: the steps run over the
# one connection without a terminal, where sudo could not ask (and Debian's sudo remembers a
# password per terminal only).
case "$(fact sudo)" in
    root) SUDO="" ;;
    yes) SUDO="sudo -n" ;;
    password) die "sudo on $HOST asks for a password: deploy as root, or allow the user sudo without one (a line 'USER ALL=(ALL) NOPASSWD: ALL' in /etc/sudoers.d/, as Raspberry Pi OS has for its first user); nothing was changed" ;;
    *) die "$HOST has no sudo (and its user is not root): install sudo or deploy as root; nothing was changed" ;;
esac
say "$HOST: $(fact name | tr _ ' '), $(fact arch), sleepbox $(fact installed)$( [ -n "$(fact installed)" ] || echo 'not installed')"

# check_ready: the service is active and answers `sleepbox ctl status` (as root, over its socket).
check_ready() {
    remote "$SUDO sh -s" <<EOF
deadline=\$((\$(date +%s) + $READY_TIMEOUT))
while :; do
    if systemctl is-active --quiet sleepbox && sleepbox ctl status 2>/dev/null | grep -q '"ok":true'; then
        sleepbox ctl status | cut -c1-200
        exit 0
    fi
    # Restarted too often (a program that exits at once): systemd gave up; no use waiting.
    ! systemctl is-failed --quiet sleepbox || break
    [ \$(date +%s) -lt \$deadline ] || break
    sleep 1
done
echo "the service did not answer within $READY_TIMEOUT s:"
systemctl status --no-pager -n 0 sleepbox 2>&1 | sed -n '1,6p'
journalctl -u sleepbox -n 8 --no-pager -o cat 2>&1
exit 1
EOF
}
# install_remote FILE: dpkg installs FILE on the box, keeping the owner's configuration.
install_remote() {
    remote "$SUDO env DEBIAN_FRONTEND=noninteractive dpkg --force-confold --force-confdef -i '$1' 2>&1 | tail -n 20" >&2
    remote "dpkg-query -W -f='\${Status}' sleepbox 2>/dev/null | grep -q 'install ok installed'"
}

# --- rollback on demand -------------------------------------------------------------------------
# The box keeps current.deb (what the last deploy installed) and previous.deb (the one before);
# a rollback installs previous.deb and swaps the two, so a second rollback goes forward again.
if [ -n "$ROLLBACK" ]; then
    [ "$(fact previous)" = yes ] || die "$HOST keeps no previous package ($KEEP/previous.deb): nothing to roll back to"
    prev=$(remote "dpkg-deb -f $KEEP/previous.deb Version")
    say "rolling back $HOST from $(fact installed) to $prev"
    remote "$SUDO systemctl reset-failed sleepbox" >/dev/null 2>&1 || true
    install_remote "$KEEP/previous.deb" || die "installing $prev failed: see the output above"
    remote "$SUDO sh -c 'cd $KEEP && if [ -f current.deb ]; then mv current.deb swap.deb; mv previous.deb current.deb; mv swap.deb previous.deb; else mv previous.deb current.deb; fi'"
    if out=$(check_ready); then
        say "rolled back to $prev; the box answers: $out"
        exit 0
    fi
    echo "$out" | sed 's/^/  /' >&2
    die "rolled back to $prev, but the service does not answer"
fi

# --- the package fits this box? -----------------------------------------------------------------
[ "$ARCH" = "$(fact arch)" ] || [ "$ARCH" = all ] ||
    die "the package is for $ARCH, $HOST is $(fact arch): build the package on a $(fact arch) machine (deploy/README.md) and pass --package (nothing was changed)"
# Room for the upload and the unpacked package, twice (the old one stays until the new one is in).
need_kb=$((SIZE_KB * 2 + 20480))
for fs in var usr; do
    free=$(fact free_$fs)
    [ "${free:-0}" -ge "$need_kb" ] ||
        die "$HOST has $((free / 1024)) MB free on /$fs, the package needs about $((need_kb / 1024)) MB: make room first (nothing was changed)"
done

# --- upload, install, check ---------------------------------------------------------------------
say "uploading $(basename "$PACKAGE") ($((SIZE_KB / 1024)) MB with the unpacked size)"
remote "$SUDO install -d -m 0755 $KEEP && $SUDO rm -f $KEEP/incoming.deb"
if ! "${SSH[@]}" "$HOST" "$SUDO sh -c 'cat >$KEEP/incoming.deb'" <"$PACKAGE"; then
    remote "$SUDO rm -f $KEEP/incoming.deb" || true
    die "uploading to $HOST failed (a full disk?): nothing was changed"
fi
remote "[ \"\$(stat -c %s $KEEP/incoming.deb)\" = $(stat -c %s "$PACKAGE") ]" ||
    { remote "$SUDO rm -f $KEEP/incoming.deb" || true; die "the upload to $HOST is incomplete (a full disk?): nothing was changed"; }
if [ -n "$CONFIG" ]; then
    say "installing $CONFIG as /etc/sleepbox/sleepbox.toml"
    remote "$SUDO install -d -m 0755 /etc/sleepbox && $SUDO sh -c 'cat >/etc/sleepbox/sleepbox.toml.new' && $SUDO mv /etc/sleepbox/sleepbox.toml.new /etc/sleepbox/sleepbox.toml" <"$CONFIG"
fi
old=$(fact installed)
say "installing sleepbox $VERSION${old:+ (replacing $old)}"
if ! install_remote "$KEEP/incoming.deb"; then
    if [ -n "$old" ] && remote "[ -f $KEEP/current.deb ]"; then
        say "the install failed: putting $old back"
        install_remote "$KEEP/current.deb" || true
    fi
    die "dpkg could not install $VERSION on $HOST (see above)"
fi
if out=$(check_ready); then
    # The package that worked is the current one; the one it replaced becomes the previous.
    remote "$SUDO sh -c '[ ! -f $KEEP/current.deb ] || mv $KEEP/current.deb $KEEP/previous.deb; mv $KEEP/incoming.deb $KEEP/current.deb'"
    say "sleepbox $VERSION is running on $HOST: $out"
    exit 0
fi
echo "$out" | sed 's/^/  /' >&2
if remote "[ -f $KEEP/current.deb ]"; then
    prev=$(remote "dpkg-deb -f $KEEP/current.deb Version")
    say "sleepbox $VERSION does not come up: rolling back to $prev"
    # A service that failed fast may have hit systemd's start limit: clear it, or the previous
    # package's start would be refused too.
    remote "$SUDO systemctl reset-failed sleepbox" >/dev/null 2>&1 || true
    install_remote "$KEEP/current.deb" || die "rolling back to $prev failed too: see journalctl -u sleepbox on $HOST"
    remote "$SUDO rm -f $KEEP/incoming.deb"
    if out=$(check_ready); then
        die "sleepbox $VERSION did not come up; $HOST runs $prev again: $out"
    fi
    die "sleepbox $VERSION did not come up, and $prev does not either: see journalctl -u sleepbox on $HOST"
fi
remote "$SUDO rm -f $KEEP/incoming.deb"
die "sleepbox $VERSION is installed but does not come up, and there is no earlier package to go back to: see journalctl -u sleepbox on $HOST"
