#!/usr/bin/env bash
# hil/standin/run.sh: the stand-in Pi (hil/standin/README.md). A Debian bookworm amd64 system
# made with debootstrap, booted in QEMU (TCG) with Debian's kernel and the HIL's simulated board
# (gpio-sim, i2c-stub, snd-aloop, the VM's RTC), SSH on a loopback port; the package deployed to
# it with deploy/deploy.sh as an owner would, then checked under real systemd, upgraded, rolled
# back and power-cut.
#
#   hil/standin/run.sh --package FILE.deb [--with FILE.deb]... [--cuts N] [--only deploy|cuts] [--keep]
#
# --package    the sleepbox package; --with adds sleepbox-voice or sleepbox-speech, which the
#              upgrade installs beside it (and the rollback removes again)
# --cuts N     power cuts (default 20); --only deploy skips them, --only cuts runs only them
#              (after one deploy); --keep leaves the VM running at the end (its SSH config is
#              printed).
# Environment: STANDIN_CACHE (default /var/cache/sleepbox-standin: the kernel and gpio-sim,
# the debootstrap tree, the initramfs, keyed by what made them), STANDIN_MEMORY (MB, 1024),
# STANDIN_SMP (2), STANDIN_SEED (the power cuts' random moments).
# The last run's logs are in .build-standin/last/ (console.log, results.txt, timings.txt).

set -euo pipefail

main() {
SD=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SD/../.." && pwd)
CACHE=${STANDIN_CACHE:-/var/cache/sleepbox-standin}
PACKAGE=""
WITH=()
CUTS=20
ONLY=all
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --package) PACKAGE=$2; shift 2 ;;
        --with) [ -f "$2" ] || { echo "standin: --with $2: no such file" >&2; exit 2; }; WITH+=("$(readlink -f "$2")"); shift 2 ;;
        --cuts) CUTS=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "standin: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$PACKAGE" ] && [ -f "$PACKAGE" ] || { echo "standin: --package FILE.deb is needed (make deb makes it)" >&2; exit 2; }
PACKAGE=$(readlink -f "$PACKAGE")
case "$ONLY" in all|deploy|cuts) ;; *) echo "standin: --only deploy|cuts" >&2; exit 2 ;; esac
[ "$(id -u)" = 0 ] || { echo "standin: run as root (debootstrap, and the image's file ownership)" >&2; exit 2; }

LAST=$REPO/.build-standin/last
rm -rf "$LAST" && mkdir -p "$LAST" "$CACHE"
: >"$LAST/timings.txt"
: >"$LAST/results.txt"
say() { echo "standin: $*" >&2; }
die() { echo "standin: error: $*" >&2; exit 1; }
T_ALL=$(date +%s.%N)
STAGE="" T_STAGE=""
stage_end() {
    [ -z "$STAGE" ] || printf 'stage: %-12s %6.1f s\n' "$STAGE" "$(awk -v a="$(date +%s.%N)" -v b="$T_STAGE" 'BEGIN { print a - b }')" | tee -a "$LAST/timings.txt" >&2
    STAGE=""
}
stage() { stage_end; STAGE=$1; T_STAGE=$(date +%s.%N); }
PASSED=0 FAILED=0
pass() { PASSED=$((PASSED + 1)); echo "PASS $1: ${*:2}" | tee -a "$LAST/results.txt" >&2; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL $1: ${*:2}" | tee -a "$LAST/results.txt" >&2; }
info() { echo "INFO $*" | tee -a "$LAST/results.txt" >&2; }

# --- host tools ---------------------------------------------------------------------------------
stage host
need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v mkfs.ext4 >/dev/null && command -v debugfs >/dev/null || need+=(e2fsprogs)
command -v ssh >/dev/null || need+=(openssh-client)
command -v cpio >/dev/null || need+=(cpio)
command -v gcc-12 >/dev/null || need+=(gcc-12)
if [ ${#need[@]} -gt 0 ]; then
    say "installing host tools: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# --- the kernel and gpio-sim: hil/run.sh's, cached by their package versions -----------------------
stage kernel
HIL_BUILD=$CACHE/hil "$REPO/hil/run.sh" --kernel-only "$LAST/kernel.env" >"$LAST/kernel.log" 2>&1 ||
    { tail -n 20 "$LAST/kernel.log" >&2; die "hil/run.sh --kernel-only failed"; }
. "$LAST/kernel.env"
HIL_DEBS=$CACHE/hil/debs
say "kernel $KPKG $KV"

# --- the system: debootstrap, keyed by the package list and this recipe ---------------------------
stage rootfs
# The runtime libraries are the packages' own Depends (the image is what a Pi with Raspberry Pi
# OS would have after `apt-get install ./sleepbox*.deb`, python3.11 for the voice among them, which
# Raspberry Pi OS has anyway; the stand-in has no network to fetch them).
DEPENDS=$(for p in "$PACKAGE" "${WITH[@]}"; do dpkg-deb -f "$p" Depends; echo ,; done | tr ',' '\n' |
    sed 's/(.*)//; s/|.*//; s/ //g' | grep . | grep -v '^sleepbox' | LC_ALL=C sort -u | tr '\n' ',' | sed 's/,$//')
# curl: the companion's page fetched on the stand-in itself (a test instrument, as a phone's browser).
BASE_PKGS="systemd,systemd-sysv,udev,openssh-server,sudo,kmod,curl,$DEPENDS"
RECIPE=$(sed -n '/^# >>> rootfs recipe/,/^# <<< rootfs recipe/p' "$0")
ROOTKEY=$(printf '%s\n%s\n%s\n' "$BASE_PKGS" "$KVER $KV" "$RECIPE" | sha1sum | cut -c1-12)
ROOTFS=$CACHE/rootfs-$ROOTKEY
SSHKEY=$CACHE/ssh/id_ed25519
mkdir -p "$CACHE/ssh"
[ -f "$SSHKEY" ] || ssh-keygen -q -t ed25519 -N '' -C standin-owner -f "$SSHKEY"
# >>> rootfs recipe (a change here makes a new image)
if [ ! -f "$ROOTFS/.done" ]; then
    rm -rf "$ROOTFS" "$ROOTFS.tmp"
    mkdir -p "$CACHE/debootstrap-debs"
    say "debootstrap bookworm: $BASE_PKGS"
    debootstrap --variant=minbase --include="$BASE_PKGS" --cache-dir="$CACHE/debootstrap-debs" \
        bookworm "$ROOTFS.tmp" http://deb.debian.org/debian >"$LAST/debootstrap.log" 2>&1 ||
        { tail -n 30 "$LAST/debootstrap.log" >&2; die "debootstrap failed"; }
    R=$ROOTFS.tmp
    echo standin >"$R/etc/hostname"
    printf '127.0.0.1 localhost\n127.0.1.1 standin\n' >"$R/etc/hosts"
    printf '/dev/vda / ext4 errors=remount-ro 0 1\n' >"$R/etc/fstab"
    printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=ipv4\n' >"$R/etc/systemd/network/20-wired.network"
    chroot "$R" systemctl enable systemd-networkd.service >/dev/null 2>&1
    # The owner's account (as a Pi's first user: sudo without a password, an SSH key), and a
    # second user who is not in the group sleepbox.
    chroot "$R" useradd -m -s /bin/bash -G sudo owner
    chroot "$R" useradd -m -s /bin/bash other
    echo 'owner ALL=(ALL) NOPASSWD:ALL' >"$R/etc/sudoers.d/owner" && chmod 0440 "$R/etc/sudoers.d/owner"
    install -d -m 0700 -o 1000 -g 1000 "$R/home/owner/.ssh"
    install -m 0600 -o 1000 -g 1000 "$SSHKEY.pub" "$R/home/owner/.ssh/authorized_keys"
    printf 'PasswordAuthentication no\nUseDNS no\n' >"$R/etc/ssh/sshd_config.d/standin.conf"
    # No getty on the serial console (it is the log), no timers that wake up to do work.
    chroot "$R" systemctl mask serial-getty@ttyS0.service getty@tty1.service apt-daily.timer \
        apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer >/dev/null 2>&1 || true
    # The kernel's modules (without the graphics, wireless, media and InfiniBand drivers), with
    # gpio-sim and irq_sim in extra/.
    mkdir -p "$R/lib/modules"
    (cd "$KROOT/lib/modules" && tar -cf - --exclude="$KVER/kernel/drivers/gpu" --exclude="$KVER/kernel/drivers/net/wireless" \
        --exclude="$KVER/kernel/drivers/media" --exclude="$KVER/kernel/drivers/infiniband" \
        --exclude="$KVER/kernel/drivers/staging" --exclude="$KVER/kernel/sound/soc" "$KVER") | tar -xf - -C "$R/lib/modules"
    depmod -b "$R" "$KVER"
    chroot "$R" apt-get clean
    rm -rf "$R/var/lib/apt/lists/"* "$R/var/cache/apt/"*.bin
    touch "$R/.done"
    mv "$ROOTFS.tmp" "$ROOTFS"
fi
# <<< rootfs recipe
for d in "$CACHE"/rootfs-*; do [ "$d" = "$ROOTFS" ] || rm -rf "$d"; done

# --- the initramfs: busybox, the modules for the disk, switch_root --------------------------------
stage initramfs
BUSYBOX_DEB=$(ls "$HIL_DEBS"/busybox-static_*.deb | head -n 1)
INITRD_KEY=$(printf '%s\n%s\n' "$KVER $KV $(basename "$BUSYBOX_DEB")" "$(cat "$SD/guest/initramfs-init")" | sha1sum | cut -c1-12)
INITRD=$CACHE/initramfs-$INITRD_KEY.cpio
if [ ! -f "$INITRD" ]; then
    T=$LAST/initramfs && rm -rf "$T" && mkdir -p "$T/bin" "$T/lib/modules" "$T/proc" "$T/sys" "$T/dev" "$T/newroot"
    dpkg-deb --fsys-tarfile "$BUSYBOX_DEB" | tar -xO ./bin/busybox >"$T/bin/busybox"
    chmod 0755 "$T/bin/busybox"
    for m in virtio_pci virtio_blk ext4; do
        modprobe -d "$KROOT" -S "$KVER" --show-depends "$m" | awk '$1 == "insmod" { print $2 }'
    done | awk '!seen[$0]++' | while read -r path; do
        name=$(basename "$path")
        case "$name" in *.ko.xz) xz -dc "$path" >"$T/lib/modules/${name%.xz}"; name=${name%.xz} ;; *) cp "$path" "$T/lib/modules/" ;; esac
        echo "$name" >>"$T/modules.list"
    done
    install -m 0755 "$SD/guest/initramfs-init" "$T/init"
    (cd "$T" && find . | LC_ALL=C sort | cpio -o -H newc --owner 0:0 --quiet) >"$INITRD.tmp"
    mv "$INITRD.tmp" "$INITRD"
    rm -f $(ls "$CACHE"/initramfs-*.cpio | grep -vxF "$INITRD")
fi

# --- the test tools and the disk -----------------------------------------------------------------
stage image
# In /usr/local/lib/standin (rewritten each run): the HIL's guest library and board profile,
# hiltool (static), busybox's applets for the library's usleep and friends, arecord and i2cdump
# (from Debian's alsa-utils and i2c-tools, the binaries only: the packages would bring udev
# rules and groups that the package itself has to provide).
L=$ROOTFS/usr/local/lib/standin
rm -rf "$L" "$ROOTFS/usr/local/share/standin" && mkdir -p "$L/bin" "$L/bb" "$ROOTFS/usr/local/share/standin"
HILTOOL=$CACHE/hiltool-$(sha1sum "$REPO/hil/tools/hiltool.c" | cut -c1-12)
[ -x "$HILTOOL" ] || gcc-12 -O2 -static -Wall -Wextra -o "$HILTOOL" "$REPO/hil/tools/hiltool.c" -lm
cp "$HILTOOL" "$L/bin/hiltool"
dpkg-deb --fsys-tarfile "$BUSYBOX_DEB" | tar -xO ./bin/busybox >"$L/bb/busybox" && chmod 0755 "$L/bb/busybox"
for a in usleep base64 awk sed grep cut tr head tail wc sort sleep uptime; do ln -sf busybox "$L/bb/$a"; done
dpkg-deb --fsys-tarfile "$(ls "$HIL_DEBS"/alsa-utils_*.deb | head -n 1)" | tar -xO ./usr/bin/aplay >"$L/bin/arecord" # arecord is a link to aplay, which looks at its name
dpkg-deb --fsys-tarfile "$(ls "$HIL_DEBS"/i2c-tools_*.deb | head -n 1)" | tar -xO ./usr/sbin/i2cdump >"$L/bin/i2cdump"
chmod 0755 "$L/bin/arecord" "$L/bin/i2cdump"
# i2c-tools' i2cdump needs libi2c0, which the package's Depends brought.
sed -e 's|/usr/sbin/i2c|/usr/local/lib/standin/bin/i2c|g' "$REPO/hil/guest/lib.sh" >"$L/lib.sh"
cp "$REPO/hil/guest/hil-sim.toml.in" "$SD/guest/standin-board.sh" "$SD/guest/checks.sh" "$SD/guest/agent.sh" "$L/"
# The sample configuration sleepbox-speech is built with (the speech-package check).
cp "$REPO/config/sleepbox.toml" "$L/sample-sleepbox.toml"
cp -r "$REPO/hil/guest/content" "$ROOTFS/usr/local/share/standin/"
cp -r "$SD/guest/content/." "$ROOTFS/usr/local/share/standin/content/"
install -m 0644 "$SD/guest/standin-board.service" "$SD/guest/standin-agent.service" "$ROOTFS/etc/systemd/system/"
ln -sf /etc/systemd/system/standin-board.service "$ROOTFS/etc/systemd/system/multi-user.target.wants/standin-board.service"
ln -sf /etc/systemd/system/standin-agent.service "$ROOTFS/etc/systemd/system/multi-user.target.wants/standin-agent.service"
# Boot time under TCG: no units that only matter on real hardware or for maintenance.
for u in e2scrub_reap.service getty-static.service modprobe@dm_mod.service modprobe@fuse.service \
    modprobe@loop.service modprobe@efi_pstore.service systemd-pstore.service; do
    ln -sf /dev/null "$ROOTFS/etc/systemd/system/$u"
done
ln -sf /lib/systemd/system/multi-user.target "$ROOTFS/etc/systemd/system/default.target"
DISK=$REPO/.build-standin/disk.raw
rm -f "$DISK"
mkfs.ext4 -q -F -L standin -d "$ROOTFS" "$DISK" 3G >"$LAST/mkfs.log" 2>&1 || { cat "$LAST/mkfs.log" >&2; die "mkfs.ext4 -d failed"; }

# --- the VM --------------------------------------------------------------------------------------
PORT=""
QPID=""
CONSOLE_N=0
SSH_CONFIG=$LAST/ssh_config
# The harness's own SSH commands share one connection per boot (deploy.sh opens its own).
CTL_DIR=$(mktemp -d /tmp/standin-ssh.XXXXXX)
KARGS="console=ttyS0 root=/dev/vda ro panic=-1 loglevel=4 mitigations=off i8042.noaux i8042.nokbd"
KARGS="$KARGS lpj=8000000 no_timer_check tsc=reliable cryptomgr.notests random.trust_cpu=on audit=0"
KARGS="$KARGS systemd.show_status=0 net.ifnames=0"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# boot [KERNEL ARGS...]: starts QEMU in the background; the disk bypasses the host's page cache
# (cache=none: O_DIRECT), so what the guest kernel had not written when QEMU dies is lost.
boot() {
    PORT=$(free_port)
    CONSOLE_N=$((CONSOLE_N + 1))
    : >"$LAST/serial1.log"
    QEMU=(qemu-system-x86_64 -accel tcg -M pc -cpu max -smp "${STANDIN_SMP:-2}" -m "${STANDIN_MEMORY:-1024}"
          -nodefaults -no-user-config -display none -no-reboot
          -kernel "$VMLINUX" -initrd "$INITRD" -append "$KARGS $*"
          -drive "file=$DISK,format=raw,if=virtio,cache=none,aio=threads"
          -netdev "user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:$PORT-:22" -device virtio-net-pci,netdev=n0
          -device virtio-rng-pci -rtc base=utc,clock=host
          -serial "file:$LAST/console-$CONSOLE_N.log" -serial "file:$LAST/serial1.log")
    printf '%q ' "${QEMU[@]}" >"$LAST/qemu.cmd"
    "${QEMU[@]}" </dev/null >>"$LAST/qemu.out" 2>&1 &
    QPID=$!
    cat >"$SSH_CONFIG" <<EOF
Host standin
    HostName 127.0.0.1
    Port $PORT
    User owner
    IdentityFile $SSHKEY
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    ConnectTimeout 10
    ControlMaster auto
    ControlPath $CTL_DIR/%C
    ControlPersist 600
EOF
}
T_BOOT=0
# wait_ssh SECONDS: until the guest answers over SSH.
wait_ssh() {
    local t0 deadline
    t0=$(date +%s.%N) deadline=$(($(date +%s) + $1))
    while ! ssh -F "$SSH_CONFIG" -o BatchMode=yes standin true 2>/dev/null; do
        kill -0 "$QPID" 2>/dev/null || { tail -n 30 "$LAST/console-$CONSOLE_N.log" >&2; die "QEMU ended while booting"; }
        [ "$(date +%s)" -lt "$deadline" ] || { tail -n 30 "$LAST/console-$CONSOLE_N.log" >&2; die "no SSH after $1 s"; }
        sleep 1
    done
    T_BOOT=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN { printf "%.1f", a - b }')
}
# g COMMAND: runs COMMAND on the stand-in as its owner (sudo for root).
g() { ssh -F "$SSH_CONFIG" -o BatchMode=yes standin "$@"; }
stop_vm() { # a clean power-off, then QEMU gone
    [ -n "$QPID" ] || return 0
    g sudo systemctl poweroff >/dev/null 2>&1 || true
    for _ in $(seq 60); do kill -0 "$QPID" 2>/dev/null || break; sleep 1; done
    kill -9 "$QPID" 2>/dev/null || true
    wait "$QPID" 2>/dev/null || true
    QPID=""
}
cleanup() {
    [ -n "$KEEP" ] || rm -rf "$CTL_DIR"
    [ -z "$QPID" ] || [ -n "$KEEP" ] || { kill -9 "$QPID" 2>/dev/null || true; }
}
trap cleanup EXIT
export DEPLOY_SSH_OPTIONS="-F $SSH_CONFIG"

boot
# The packages: the one given (the newer), an older one (the same, version ~older), one whose
# service fails (the same with a program that exits at once), and bad ones.
stage packages # (while the stand-in boots)
P=$LAST/packages && mkdir -p "$P"
VERSION=$(dpkg-deb -f "$PACKAGE" Version)
repack() { # repack NAME VERSION [EDIT-COMMAND]: $P/NAME.deb from the given package
    local d=$P/$1.tree
    rm -rf "$d" && dpkg-deb -R "$PACKAGE" "$d"
    sed -i "s/^Version: .*/Version: $2/" "$d/DEBIAN/control"
    [ -z "${3:-}" ] || (cd "$d" && eval "$3")
    dpkg-deb --root-owner-group -Zgzip -z1 -b "$d" "$P/$1.deb" >/dev/null
    rm -rf "$d"
}
pids=()
repack older "${VERSION}~older" & pids+=($!)
repack failing "${VERSION}+failing" 'printf "#!/bin/sh\necho \"sleepbox: this build fails on purpose\" >&2\nexit 1\n" >usr/bin/sleepbox.new && cat usr/bin/sleepbox.new >usr/bin/sleepbox && rm usr/bin/sleepbox.new && sed -i "/usr\/bin\/sleepbox/d" DEBIAN/md5sums' & pids+=($!)
repack otherarch "$VERSION" 'sed -i "s/^Architecture: .*/Architecture: arm64/" DEBIAN/control' & pids+=($!)
for p in "${pids[@]}"; do wait "$p" || die "repacking the test packages failed"; done
printf 'not a package\n' >"$P/garbage.deb"
( d=$P/notours.tree && mkdir -p "$d/DEBIAN" && printf 'Package: hello-world\nVersion: 1.0\nArchitecture: all\nMaintainer: x <x@example.org>\nDescription: x\n x\n' >"$d/DEBIAN/control" &&
  dpkg-deb --root-owner-group -b "$d" "$P/notours.deb" >/dev/null && rm -rf "$d" )

stage boot
wait_ssh 300
say "SSH after $T_BOOT s more (port $PORT)"
info "first boot: SSH $T_BOOT s after the test packages were made"

. "$SD/checks-host.sh"

if [ "$ONLY" != cuts ]; then
    deploy_checks
else
    stage deploy
    "$REPO/deploy/deploy.sh" --config "$SD/guest/sleepbox.toml" --package "$PACKAGE" standin >"$LAST/deploy-1.log" 2>&1 ||
        { cat "$LAST/deploy-1.log" >&2; die "the first deploy failed"; }
    g sudo /usr/local/lib/standin/checks.sh leaf >/dev/null 2>&1 || true
fi
if [ "$ONLY" != deploy ]; then
    power_cuts "$CUTS"
fi
removal_checks

stage_end
printf 'stage: %-12s %6.1f s\n' total "$(awk -v a="$(date +%s.%N)" -v b="$T_ALL" 'BEGIN { print a - b }')" | tee -a "$LAST/timings.txt" >&2
if [ -n "$KEEP" ]; then
    say "the stand-in is still running: ssh -F $SSH_CONFIG standin"
else
    stop_vm
fi
echo "standin: $PASSED passed, $FAILED failed (.build-standin/last/results.txt)"
[ "$FAILED" = 0 ] && [ "$PASSED" -gt 0 ]
}
main "$@"
exit $?
