#!/usr/bin/env bash
# deploy/deploy.sh: installs sleepbox's Debian packages on a box over SSH (deploy/README.md).
#
#   deploy/deploy.sh [--package FILE.deb|FOLDER]... [--config FILE.toml] [user@]host
#   deploy/deploy.sh --rollback [user@]host
#
# The packages are sleepbox, sleepbox-voice (the natural voice) and sleepbox-speech (the bundled
# library's speech); --package names one file or a folder of them and may be given again. Without
# --package it builds them here (make deb), which works when this machine has the box's
# architecture; for a Pi (arm64) build them on an arm64 machine and pass --package.
# --config installs FILE.toml as /etc/sleepbox/sleepbox.toml first (the package never
# overwrites that file afterwards). Before installing, it checks the box: reachable, Debian-like,
# sudo, each package's architecture, room on the disk; a package that is not sleepbox's is
# refused. They are installed together (one dpkg run). The box keeps the set that works
# (/var/lib/sleepbox-deploy/current/) and the one before it (previous/); when the service does not
# answer `sleepbox ctl status` after an install, every package of it is put back as it was, by
# itself. --rollback puts the previous set back on demand, all its packages together.
# One SSH connection is opened (ControlMaster) and used for every step: one SSH password at
# most; sudo on the box must not ask for one (root, or NOPASSWD as Raspberry Pi OS sets up).
# DEPLOY_SSH_OPTIONS adds options to ssh (e.g. "-p 2222 -i key" or "-F ssh_config").
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGES=()
CONFIG=""
ROLLBACK=""
HOST=""
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --package) PACKAGES+=("${2:?--package needs a file or a folder}"); shift 2 ;;
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
# Where the box keeps what deploy.sh needs: the set that works, the one before, the incoming one.
KEEP=/var/lib/sleepbox-deploy
# How long the service gets to answer after an install (a Pi Zero 2 W starts in a few seconds).
# Longer than the unit's TimeoutStartSec (90 s): a slow start is waited for, not called failed.
READY_TIMEOUT=${DEPLOY_READY_TIMEOUT:-120}
OURS="sleepbox sleepbox-voice sleepbox-speech"

# --- the packages -------------------------------------------------------------------------------
# FILES[i] is the package NAMES[i] at version VERSIONS[i]; one of each name at most.
FILES=() NAMES=() VERSIONS=() ARCHES=()
SIZE_KB=0
if [ -z "$ROLLBACK" ]; then
    if [ ${#PACKAGES[@]} = 0 ]; then
        say "building the packages here (make deb)"
        make -C "$REPO" --no-print-directory deb >&2 || die "make deb failed"
        mapfile -t PACKAGES <"$REPO/.build/deb.path"
    fi
    for p in "${PACKAGES[@]}"; do
        if [ -d "$p" ]; then
            found=$(find "$p" -maxdepth 1 -type f -name '*.deb' | LC_ALL=C sort)
            [ -n "$found" ] || die "$p: a folder with no .deb in it"
            while read -r f; do FILES+=("$f"); done <<<"$found"
        elif [ -f "$p" ]; then
            FILES+=("$p")
        else
            die "$p: no such file"
        fi
    done
    for f in "${FILES[@]}"; do
        name=$(dpkg-deb -f "$f" Package 2>/dev/null) || die "$f is not a Debian package"
        case " $OURS " in
            *" $name "*) ;;
            *) die "$f is the package '$name', not sleepbox or its voice or speech: nothing installed" ;;
        esac
        for i in "${!NAMES[@]}"; do
            [ "${NAMES[$i]}" != "$name" ] ||
                die "$name is given twice (${FILES[$i]} and $f): one of each package (a folder must hold only the ones to install; make deb leaves earlier builds in .build/deb); nothing installed"
        done
        NAMES+=("$name")
        VERSIONS+=("$(dpkg-deb -f "$f" Version)")
        ARCHES+=("$(dpkg-deb -f "$f" Architecture)")
        SIZE_KB=$((SIZE_KB + $(stat -c %s "$f") / 1024 + $(dpkg-deb -f "$f" Installed-Size)))
    done
    if [ -n "$CONFIG" ]; then
        [ -f "$CONFIG" ] || die "$CONFIG: no such file"
    fi
fi
# what: "sleepbox 1.2, sleepbox-voice 1.8.0+joe1.0.0+r3" for the given packages.
what() { local i out=""; for i in "${!NAMES[@]}"; do out="$out${out:+, }${NAMES[$i]} ${VERSIONS[$i]}"; done; echo "$out"; }

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
for n in sleepbox sleepbox-voice sleepbox-speech; do
    echo "installed_$n=$(dpkg-query -W -f='${Status} ${Version}' $n 2>/dev/null | sed -n 's/^install ok installed //p')"
done
K=/var/lib/sleepbox-deploy
{ [ -f $K/previous.deb ] || ls $K/previous/*.deb >/dev/null 2>&1; } && echo previous=yes || echo previous=no
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
installed() { fact "installed_$1"; }
say "$HOST: $(fact name | tr _ ' '), $(fact arch), sleepbox $(installed sleepbox)$( [ -n "$(installed sleepbox)" ] || echo 'not installed')$( [ -z "$(installed sleepbox-voice)" ] || echo ", its voice $(installed sleepbox-voice)")$( [ -z "$(installed sleepbox-speech)" ] || echo ", its speech $(installed sleepbox-speech)")"

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
# install_remote FILE...: dpkg installs the files on the box in one run, keeping the owner's
# configuration; then each must be installed.
install_remote() {
    local f names=""
    remote "$SUDO env DEBIAN_FRONTEND=noninteractive dpkg --force-confold --force-confdef -i $* 2>&1 | tail -n 20" >&2
    for f in "$@"; do names="$names \$(dpkg-deb -f $f Package)"; done
    remote "for n in $names; do dpkg-query -W -f='\${Status}' \$n 2>/dev/null | grep -q 'install ok installed' || exit 1; done"
}
# remove_remote NAME...: dpkg removes the packages (their configuration kept).
remove_remote() {
    [ $# -gt 0 ] || return 0
    remote "$SUDO env DEBIAN_FRONTEND=noninteractive dpkg -r $* 2>&1 | tail -n 5" >&2
}
# keep_layout: the keeping folder as deploy.sh kept it before sets (current.deb and previous.deb,
# sleepbox alone) becomes current/ and previous/.
keep_layout() {
    remote "$SUDO sh -c 'cd $KEEP 2>/dev/null || exit 0
        for s in current previous; do
            if [ -f \$s.deb ]; then mkdir -p \$s && mv \$s.deb \$s/sleepbox.deb; fi
        done'"
}
# set_changes FROM TO: how to go from the installed set to the set in $KEEP/TO: the files there
# whose version is not the installed one (INSTALL), the packages in FROM but not in TO (REMOVE).
set_changes() {
    local out
    out=$(remote "sh -s" <<EOF
cd $KEEP
for f in $2/*.deb; do
    [ -f "\$f" ] || continue
    n=\$(dpkg-deb -f "\$f" Package) v=\$(dpkg-deb -f "\$f" Version)
    [ "\$(dpkg-query -W -f='\${Status} \${Version}' \$n 2>/dev/null)" = "install ok installed \$v" ] || echo "install $KEEP/\$f"
done
for f in $1/*.deb; do
    [ -f "\$f" ] || continue
    n=\$(basename "\$f" .deb)
    [ -f "$2/\$n.deb" ] || ! dpkg-query -W -f='\${Status}' \$n 2>/dev/null | grep -q 'ok installed' || echo "remove \$n"
done
EOF
)
    INSTALL=$(echo "$out" | sed -n 's/^install //p' | tr '\n' ' ')
    REMOVE=$(echo "$out" | sed -n 's/^remove //p' | tr '\n' ' ')
}

# --- rollback on demand -------------------------------------------------------------------------
# The box keeps current/ (what the last deploy left working) and previous/ (the set before); a
# rollback installs previous/ (what differs from the installed packages), removes what only
# current/ has, and swaps the two, so a second rollback goes forward again.
if [ -n "$ROLLBACK" ]; then
    [ "$(fact previous)" = yes ] || die "$HOST keeps no previous packages ($KEEP/previous/): nothing to roll back to"
    keep_layout
    set_changes current previous
    prev=$(remote "for f in $KEEP/previous/*.deb; do dpkg-deb -f \$f Package Version | cut -d' ' -f2 | paste -sd' '; done" | paste -sd, | sed 's/,/, /g')
    say "rolling back $HOST to $prev"
    remote "$SUDO systemctl reset-failed sleepbox" >/dev/null 2>&1 || true
    # shellcheck disable=SC2086 # lists of files and names
    { [ -z "$INSTALL" ] || install_remote $INSTALL; } || die "installing $prev failed: see the output above"
    # shellcheck disable=SC2086
    remove_remote $REMOVE
    remote "$SUDO sh -c 'cd $KEEP && rm -rf swap && mv previous swap && { [ ! -d current ] || mv current previous; } && mv swap current'"
    if out=$(check_ready); then
        say "rolled back to $prev; the box answers: $out"
        exit 0
    fi
    echo "$out" | sed 's/^/  /' >&2
    die "rolled back to $prev, but the service does not answer"
fi

# --- the packages fit this box? -------------------------------------------------------------------
for i in "${!NAMES[@]}"; do
    [ "${ARCHES[$i]}" = "$(fact arch)" ] || [ "${ARCHES[$i]}" = all ] ||
        die "${NAMES[$i]} is for ${ARCHES[$i]}, $HOST is $(fact arch): build the packages on a $(fact arch) machine (deploy/README.md) and pass --package (nothing was changed)"
done
# Room for the uploads and the unpacked packages, twice (the old ones stay until the new ones are in).
need_kb=$((SIZE_KB * 2 + 20480))
for fs in var usr; do
    free=$(fact free_$fs)
    [ "${free:-0}" -ge "$need_kb" ] ||
        die "$HOST has $((free / 1024)) MB free on /$fs, the packages need about $((need_kb / 1024)) MB: make room first (nothing was changed)"
done

# --- upload, install, check ---------------------------------------------------------------------
say "uploading ${NAMES[*]} ($((SIZE_KB / 1024)) MB with the unpacked size)"
IN=$KEEP/incoming
remote "$SUDO install -d -m 0755 $KEEP && $SUDO rm -rf $IN && $SUDO install -d -m 0755 $IN"
TARGETS=()
for i in "${!NAMES[@]}"; do
    t=$IN/${NAMES[$i]}.deb
    if ! "${SSH[@]}" "$HOST" "$SUDO sh -c 'cat >$t'" <"${FILES[$i]}" ||
        ! remote "[ \"\$(stat -c %s $t)\" = $(stat -c %s "${FILES[$i]}") ]"; then
        remote "$SUDO rm -rf $IN" || true
        die "uploading ${NAMES[$i]} to $HOST failed or is incomplete (a full disk?): nothing was changed"
    fi
    TARGETS+=("$t")
done
if [ -n "$CONFIG" ]; then
    say "installing $CONFIG as /etc/sleepbox/sleepbox.toml"
    remote "$SUDO install -d -m 0755 /etc/sleepbox && $SUDO sh -c 'cat >/etc/sleepbox/sleepbox.toml.new' && $SUDO mv /etc/sleepbox/sleepbox.toml.new /etc/sleepbox/sleepbox.toml" <"$CONFIG"
fi
keep_layout
old=$(for n in "${NAMES[@]}"; do [ -z "$(installed "$n")" ] || printf '%s %s, ' "$n" "$(installed "$n")"; done | sed 's/, $//')
# put_back: the given packages as they were: the kept ones installed again, the new ones removed.
put_back() {
    local n back="" new=""
    for n in "${NAMES[@]}"; do
        if remote "[ -f $KEEP/current/$n.deb ]"; then back="$back $KEEP/current/$n.deb"
        elif [ -z "$(installed "$n")" ]; then new="$new $n"
        fi
    done
    # A service that failed fast may have hit systemd's start limit: clear it, or the previous
    # package's start would be refused too.
    remote "$SUDO systemctl reset-failed sleepbox" >/dev/null 2>&1 || true
    # shellcheck disable=SC2086 # lists of files and names
    { [ -z "$back" ] || install_remote $back; } && remove_remote $new
}
say "installing $(what)${old:+ (replacing $old)}"
if ! install_remote "${TARGETS[@]}"; then
    say "the install failed: putting back what was there"
    put_back || true
    remote "$SUDO rm -rf $IN" || true
    die "dpkg could not install $(what) on $HOST (see above)"
fi
if out=$(check_ready); then
    # The set that worked is the current one; the set it replaced becomes the previous (hard
    # links: a package in both takes its room once).
    remote "$SUDO sh -c 'cd $KEEP && rm -rf previous.new && mkdir previous.new && { [ ! -d current ] || cp -al current/. previous.new/; } && rm -rf previous && mv previous.new previous && mkdir -p current && mv incoming/*.deb current/ && rmdir incoming'"
    say "$(what) running on $HOST: $out"
    exit 0
fi
echo "$out" | sed 's/^/  /' >&2
if remote "ls $KEEP/current/*.deb" >/dev/null 2>&1; then
    say "$(what) does not come up: rolling back"
    put_back || die "rolling back failed too: see journalctl -u sleepbox on $HOST"
    remote "$SUDO rm -rf $IN"
    if out=$(check_ready); then
        die "$(what) did not come up; $HOST runs ${old:-what it had} again: $out"
    fi
    die "$(what) did not come up, and ${old:-what it had} does not either: see journalctl -u sleepbox on $HOST"
fi
remote "$SUDO rm -rf $IN"
die "$(what) is installed but does not come up, and there is no earlier package to go back to: see journalctl -u sleepbox on $HOST"
