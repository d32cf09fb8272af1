#!/usr/bin/env bash
# hil/run.sh: the host side of the hardware-in-the-loop test (see hil/README.md).
#
#   hil/run.sh [--sleepbox PATH] [--only selftest|sleepbox|light] [--timeout SECONDS] [--memory MB]
#   hil/run.sh --kernel-only FILE     (the kernel and gpio-sim only; their paths into FILE)
#
# Fetches Debian bookworm's newest linux-image-6.1.0-NN-amd64 and what the guest needs with
# `apt-get download`, builds gpio-sim.ko and irq_sim.ko out of tree against the same kernel
# version, makes an initramfs (busybox-static, the modules, the guest test files, hiltool, the
# Debian tools with their libraries and, with --sleepbox, the binary with its libraries and
# data), boots it in qemu-system-x86_64 under TCG and collects the PASS/FAIL lines the guest
# writes to its second serial port. Exits non-zero on any FAIL, a missing result or a time-out.
#
# Downloads and builds are cached in .build-hil/ (HIL_BUILD), keyed by package version; the
# last run's console log, results and files are in .build-hil/last/.
# Environment: HIL_BUILD (cache folder), HIL_KERNEL (e.g. 6.1.0-56-amd64 instead of the newest),
# HIL_MEMORY (MB, 1024), HIL_SMP (vCPUs, 2), HIL_APPEND (more kernel arguments, e.g.
# hil.hardware=sim to dry-run the sleepbox tests against the simulator).

set -euo pipefail

HIL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$HIL_DIR")
BUILD=${HIL_BUILD:-$REPO/.build-hil}
SLEEPBOX=""
ONLY=all
GUEST_TIMEOUT=""
KERNEL_ONLY=""
MEMORY=${HIL_MEMORY:-1024}
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --sleepbox) SLEEPBOX=$2; shift 2 ;;
        --sleepbox=*) SLEEPBOX=${1#*=}; shift ;;
        --only) ONLY=$2; shift 2 ;;
        --timeout) GUEST_TIMEOUT=$2; shift 2 ;;
        --memory) MEMORY=$2; shift 2 ;;
        --kernel-only) KERNEL_ONLY=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "hil/run.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$ONLY" in all|selftest|sleepbox|light) ;; *) echo "hil/run.sh: --only selftest|sleepbox|light" >&2; exit 2 ;; esac
if [ -n "$SLEEPBOX" ]; then
    [ -x "$SLEEPBOX" ] || { echo "hil/run.sh: $SLEEPBOX is not an executable" >&2; exit 2; }
    SLEEPBOX=$(cd "$(dirname "$SLEEPBOX")" && pwd)/$(basename "$SLEEPBOX")
fi
# The guest powers itself off after this; the host gives it 45 s more before killing qemu.
[ -n "$GUEST_TIMEOUT" ] || { [ -n "$SLEEPBOX" ] && GUEST_TIMEOUT=720 || GUEST_TIMEOUT=90; }

mkdir -p "$BUILD/debs"
LAST=$BUILD/last
rm -rf "$LAST" && mkdir -p "$LAST/files"
: >"$LAST/timings.txt"

say() { echo "hil: $*" >&2; }
die() { echo "hil: error: $*" >&2; exit 1; }
T_ALL=$(date +%s.%N)
T_STAGE=""
STAGE=""
elapsed() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.1f", a - b }'; }
stage_end() { # prints the running stage's time
    local now
    now=$(date +%s.%N)
    [ -z "$STAGE" ] || printf 'stage: %-10s %5.1f s\n' "$STAGE" "$(awk -v a="$now" -v b="$T_STAGE" 'BEGIN { print a - b }')" | tee -a "$LAST/timings.txt"
    STAGE=""
}
stage() { stage_end; STAGE=$1; T_STAGE=$(date +%s.%N); } # stage NAME: the next stage begins

# --- host tools --------------------------------------------------------------------------------------
stage host
apt_updated=""
apt_update() { [ -n "$apt_updated" ] || { say "apt-get update"; $SUDO apt-get update -qq; apt_updated=1; }; }
need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v cpio >/dev/null || need+=(cpio)
command -v depmod >/dev/null && command -v modprobe >/dev/null || need+=(kmod)
command -v xz >/dev/null || need+=(xz-utils)
command -v gcc-12 >/dev/null || need+=(gcc-12)
command -v make >/dev/null || need+=(make)
command -v readelf >/dev/null || need+=(binutils)
command -v python3 >/dev/null || need+=(python3) # hil/tools/lightcheck.py judges the light's record
[ -f /usr/lib/x86_64-linux-gnu/libc.a ] || need+=(libc6-dev)
# The module build runs linux-kbuild-6.1's prebuilt tools, which link libelf1 and libssl3.
for lib in libelf.so.1 libssl.so.3 libcrypto.so.3; do
    [ -e /usr/lib/x86_64-linux-gnu/$lib ] || [ -e /lib/x86_64-linux-gnu/$lib ] || {
        case $lib in libelf*) need+=(libelf1) ;; *) need+=(libssl3) ;; esac
    }
done
if [ ${#need[@]} -gt 0 ]; then
    need=($(printf '%s\n' "${need[@]}" | sort -u))
    say "installing host tools: ${need[*]}"
    apt_update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# --- which kernel ------------------------------------------------------------------------------------
stage resolve
candidate() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2 }'; }
kernels() { apt-cache pkgnames linux-image-6.1.0- 2>/dev/null | grep -E '^linux-image-6\.1\.0-[0-9]+-amd64$' | sort -rV; }
# apt answers the same until its lists change: the answer is kept, keyed by the lists' times.
LISTS_KEY=$(ls -l --time-style=+%s /var/lib/apt/lists/ 2>/dev/null | grep Packages | sha1sum | cut -c1-12)
RESOLVED=$BUILD/resolved-$LISTS_KEY${HIL_KERNEL:+-$HIL_KERNEL}
KPKG="" KV="" HV=""
[ ! -f "$RESOLVED" ] || read -r KPKG KV HV <"$RESOLVED"
if [ -z "$HV" ]; then
    [ -n "$(kernels)" ] || apt_update
    if [ -n "${HIL_KERNEL:-}" ]; then list="linux-image-$HIL_KERNEL"; else list=$(kernels); fi
    # The newest kernel whose module build is complete in the archive: its headers, their common
    # part, linux-kbuild-6.1 and linux-source-6.1 all at the headers' version (a mirror can list a
    # new kernel before, or keep it after, the kbuild of its version).
    has() { apt-cache madison "$1" 2>/dev/null | awk -v v="$2" '$3 == v { found = 1 } END { exit !found }'; }
    for p in $list; do
        v=$(candidate "$p")
        [ -n "$v" ] && [ "$v" != "(none)" ] || continue
        kv=${p#linux-image-}
        h=$(candidate "linux-headers-$kv")
        [ -n "$h" ] && [ "$h" != "(none)" ] || { say "skipping $p: no linux-headers-$kv"; continue; }
        if has "linux-headers-${kv%-amd64}-common" "$h" && has linux-kbuild-6.1 "$h" && has linux-source-6.1 "$h"; then
            KPKG=$p KV=$v HV=$h
            break
        fi
        say "skipping $p: linux-kbuild-6.1 or linux-source-6.1 $h is not in the archive"
    done
    [ -n "$KPKG" ] || die "apt knows no linux-image-6.1.0-NN-amd64 (bookworm's kernel) with its headers, kbuild and source: check /etc/apt/sources.list"
    rm -f "$BUILD"/resolved-*
    echo "$KPKG $KV $HV" >"$RESOLVED"
fi
KVER=${KPKG#linux-image-}     # 6.1.0-56-amd64
KABI=${KVER%-amd64}           # 6.1.0-56
[ "$HV" = "$KV" ] || say "note: $KPKG is $KV, its headers $HV; building gpio-sim against $HV"
say "kernel $KPKG $KV"
KERNEL_PKGS=("$KPKG=$KV" "linux-headers-$KVER=$HV" "linux-headers-$KABI-common=$HV"
             "linux-kbuild-6.1=$HV" "linux-source-6.1=$HV")
GUEST_PKGS=(busybox-static libc6 libasound2 libasound2-data alsa-utils i2c-tools libi2c0 gpiod libgpiod2)

# The Debian packages of the libraries the daemon links (the Swift runtime comes from the
# toolchain: /opt/swift/usr/lib/swift/linux or wherever the binary's RUNPATH points).
SWIFT_LIBS=()
if [ -n "$SLEEPBOX" ]; then
    declare -A VARIANTS=()
    all=()
    while read -r soname path; do
        case "$path" in */swift/linux/*) SWIFT_LIBS+=("$path"); continue ;; esac
        real=$(readlink -f "$path")
        # ldd may name /lib/... where dpkg knows /usr/lib/... (or the other way): ask for all.
        VARIANTS[$soname]="$path $real /usr$path /usr$real ${path#/usr} ${real#/usr}"
        all+=(${VARIANTS[$soname]})
    done < <(ldd "$SLEEPBOX" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')
    owners=$(dpkg -S "${all[@]}" 2>/dev/null || true)
    for soname in "${!VARIANTS[@]}"; do
        pkg=""
        for cand in ${VARIANTS[$soname]}; do
            pkg=$(echo "$owners" | awk -v f="$cand" 'index($0, ": " f) && substr($0, index($0, ": " f) + 2) == f && !found { sub(/:.*/, ""); print; found = 1 }')
            [ -z "$pkg" ] || break
        done
        [ -n "$pkg" ] || die "$soname, which $SLEEPBOX links, is in no Debian package here"
        GUEST_PKGS+=("$pkg")
    done
fi
GUEST_PKGS=($(printf '%s\n' "${GUEST_PKGS[@]}" | sort -u))

# --- fetch ------------------------------------------------------------------------------------------
stage fetch
# uris SPEC...: "URL FILE" per package, for the version apt would fetch now.
uris() { apt-get download --print-uris "$@" 2>/dev/null | awk '{ print $1, $2 }'; }
fetch() {
    local list missing=() f
    list=$(uris "$@") && [ "$(echo "$list" | grep -c .)" -ge $# ] || {
        apt_update
        list=$(uris "$@") || die "apt-get download --print-uris $* failed"
    }
    for f in $(echo "$list" | awk '{ print $2 }'); do
        [ -s "$BUILD/debs/$f" ] || missing+=("$f")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "downloading ${#missing[@]} packages"
        (cd "$BUILD/debs" && apt-get -qq download "$@" 2>&1 | { grep -v '^W: Download is performed unsandboxed' || true; } >&2) ||
            { apt_update; (cd "$BUILD/debs" && apt-get -qq download "$@" >/dev/null 2>&1) || die "apt-get download $* failed (apt's lists were updated: run again to use the versions they name now)"; }
    fi
    echo "$list" | awk '{ print $2 }' | sed "s|^|$BUILD/debs/|"
}
fetch "${KERNEL_PKGS[@]}" "${GUEST_PKGS[@]}" >"$LAST/debs.txt" || die "fetching the packages failed"
mapfile -t ALL_DEBS <"$LAST/debs.txt"
[ ${#ALL_DEBS[@]} -ge $((${#KERNEL_PKGS[@]} + ${#GUEST_PKGS[@]})) ] || die "apt-get listed fewer packages than asked for"
for d in "${ALL_DEBS[@]}"; do [ -s "$d" ] || die "missing $d after download"; done
deb_of() { printf "%s\n" "${ALL_DEBS[@]}" | grep -F "/$1_" | head -n 1 || true; } # deb_of PACKAGE: its file
# A newer kernel replaces the cached one: drop the old version's packages and trees.
for f in "$BUILD"/debs/linux-*.deb; do
    [ -e "$f" ] && ! grep -qxF "$f" "$LAST/debs.txt" && rm -f "$f"
done
for d in "$BUILD"/kernel/* "$BUILD"/kbuild/*; do
    [ -d "$d" ] && case "$d" in */"${KVER}_$KV"|*/"${KVER}_$HV") ;; *) rm -rf "$d" ;; esac
done
GUEST_DEBS=()
for p in "${GUEST_PKGS[@]}"; do d=$(deb_of "$p"); [ -n "$d" ] || die "no .deb for $p"; GUEST_DEBS+=("$d"); done

# --- unpack -----------------------------------------------------------------------------------------
stage unpack
KDIR=$BUILD/kernel/${KVER}_$KV      # the image: vmlinux, modules (+ gpio-sim), depmod
BDIR=$BUILD/kbuild/${KVER}_$HV      # headers, kbuild, the four source files, the module build
SYSKEY=$(printf '%s\n' "${GUEST_DEBS[@]##*/}" | sha1sum | cut -c1-12)
SYSROOT=$BUILD/sysroot/$SYSKEY      # the guest packages, unpacked together
pids=()
if [ ! -f "$KDIR/.unpacked" ]; then
    rm -rf "$KDIR" && mkdir -p "$KDIR"
    ( dpkg-deb -x "$(deb_of "$KPKG")" "$KDIR/root" && touch "$KDIR/.unpacked" ) &
    pids+=($!)
fi
if [ ! -f "$BDIR/.unpacked" ]; then
    rm -rf "$BDIR" && mkdir -p "$BDIR/src"
    (
        set +o pipefail
        for p in "linux-headers-$KVER" "linux-headers-$KABI-common" linux-kbuild-6.1; do
            dpkg-deb -x "$(deb_of "$p")" "$BDIR/root"
        done
        # Only four files of the 140 MB source tarball; tar stops once it has them all.
        files="drivers/gpio/gpio-sim.c drivers/gpio/gpiolib.h drivers/gpio/gpio-mockup.c kernel/irq/irq_sim.c"
        dpkg-deb --fsys-tarfile "$(deb_of linux-source-6.1)" | tar -xO ./usr/src/linux-source-6.1.tar.xz |
            xz -dc 2>/dev/null | tar -x --occurrence=1 -C "$BDIR/src" --strip-components=1 \
                $(for f in $files; do echo "linux-source-6.1/$f"; done) 2>/dev/null
        for f in $files; do [ -s "$BDIR/src/$f" ] || { echo "hil: $f not in linux-source-6.1" >&2; exit 1; }; done
        touch "$BDIR/.unpacked"
    ) &
    pids+=($!)
fi
if [ ! -f "$SYSROOT/.unpacked" ]; then
    rm -rf "$SYSROOT" && mkdir -p "$SYSROOT"
    ( for d in "${GUEST_DEBS[@]}"; do dpkg-deb -x "$d" "$SYSROOT/root"; done
      printf '%s\n' "${GUEST_DEBS[@]##*/}" >"$SYSROOT/packages.txt"
      touch "$SYSROOT/.unpacked" ) &
    pids+=($!)
fi
for p in "${pids[@]}"; do wait "$p" || die "unpacking failed"; done

# --- gpio-sim -----------------------------------------------------------------------------------------
stage gpio-sim
MOD=$BDIR/mod
if [ ! -f "$MOD/.built" ]; then
    rm -rf "$MOD" && mkdir -p "$MOD"
    HDR=$BDIR/root/usr/src/linux-headers-$KVER
    # The flavour's Makefile includes the common one by its absolute /usr/src path.
    sed -i "s|^include /usr/src/|include $BDIR/root/usr/src/|" "$HDR/Makefile"
    cp "$BDIR/src/drivers/gpio/gpio-sim.c" "$BDIR/src/drivers/gpio/gpiolib.h" "$BDIR/src/kernel/irq/irq_sim.c" "$MOD/"
    # CONFIG_IRQ_SIM is off in Debian's kernel, so irq_sim is built as a module too: 6.1 does not
    # export irq_to_desc, and a module needs a licence.
    sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$MOD/irq_sim.c"
    grep -q 'generic_handle_irq(irqnum);' "$MOD/irq_sim.c" || die "irq_sim.c: the irq_to_desc call to replace is not there"
    echo 'MODULE_LICENSE("GPL");' >>"$MOD/irq_sim.c"
    echo 'obj-m := irq_sim.o gpio-sim.o' >"$MOD/Kbuild"
    make -s -C "$HDR" M="$MOD" -j2 modules >"$MOD/build.log" 2>&1 || { tail -n 30 "$MOD/build.log" >&2; die "building gpio-sim failed"; }
    ! grep -q 'undefined!' "$MOD/build.log" || { cat "$MOD/build.log" >&2; die "gpio-sim: undefined symbols"; }
    touch "$MOD/.built"
fi
# pwm-sim, the simulated PWM chip (hil/tools/pwm-sim.c): its own folder, rebuilt when it changes.
PWMMOD=$BDIR/pwm-sim-$(sha1sum "$HIL_DIR/tools/pwm-sim.c" | cut -c1-12)
if [ ! -f "$PWMMOD/.built" ]; then
    rm -rf "$BDIR"/pwm-sim-* && mkdir -p "$PWMMOD"
    HDR=$BDIR/root/usr/src/linux-headers-$KVER
    sed -i "s|^include /usr/src/|include $BDIR/root/usr/src/|" "$HDR/Makefile"
    cp "$HIL_DIR/tools/pwm-sim.c" "$PWMMOD/"
    echo 'obj-m := pwm-sim.o' >"$PWMMOD/Kbuild"
    make -s -C "$HDR" M="$PWMMOD" modules >"$PWMMOD/build.log" 2>&1 || { tail -n 30 "$PWMMOD/build.log" >&2; die "building pwm-sim failed"; }
    ! grep -qE 'undefined!|warning:' "$PWMMOD/build.log" || { cat "$PWMMOD/build.log" >&2; die "pwm-sim: warnings or undefined symbols"; }
    touch "$PWMMOD/.built"
fi

# --- vmlinux and modules ------------------------------------------------------------------------------
stage kernel
if [ ! -f "$KDIR/.vmlinux" ]; then
    Z=$KDIR/root/boot/vmlinuz-$KVER
    # The xz payload of the bzImage: QEMU boots the uncompressed ELF through its PVH entry.
    off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$Z" | awk 'NR == 1' | cut -d: -f1)
    [ -n "$off" ] || die "no xz payload in $Z"
    tail -c +$((off + 1)) "$Z" | xz -dc --single-stream >"$KDIR/vmlinux" 2>/dev/null || true
    readelf -h "$KDIR/vmlinux" >/dev/null 2>&1 || die "extracting vmlinux from $Z failed"
    touch "$KDIR/.vmlinux"
fi
MODDIR=$KDIR/root/lib/modules/$KVER
if [ ! -f "$KDIR/.depmod" ] || [ "$MOD/gpio-sim.ko" -nt "$KDIR/.depmod" ] || [ "$PWMMOD/pwm-sim.ko" -nt "$KDIR/.depmod" ]; then
    mkdir -p "$MODDIR/extra"
    cp "$MOD/gpio-sim.ko" "$MOD/irq_sim.ko" "$PWMMOD/pwm-sim.ko" "$MODDIR/extra/"
    depmod -b "$KDIR/root" "$KVER"
    touch "$KDIR/.depmod"
fi
# The stand-in Pi (hil/standin) boots the same kernel with the same gpio-sim build.
if [ -n "$KERNEL_ONLY" ]; then
    stage_end
    printf 'KVER=%s\nKPKG=%s\nKV=%s\nKDIR=%s\nVMLINUX=%s\nKROOT=%s\n' "$KVER" "$KPKG" "$KV" "$KDIR" \
        "$KDIR/vmlinux" "$KDIR/root" >"$KERNEL_ONLY"
    exit 0
fi
# Load order with dependencies: modprobe --show-depends against the unpacked tree.
declare -A PARAMS=([i2c_stub]="chip_addr=0x3c functionality=0xffffffff")
MODLIST=()
for m in i2c-dev i2c-stub snd-aloop gpio-sim pwm-sim; do
    out=$(modprobe -d "$KDIR/root" -S "$KVER" --show-depends "$m") || die "modprobe --show-depends $m failed"
    while read -r kind path _; do
        [ "$kind" = insmod ] || continue
        case " ${MODLIST[*]} " in *" $path "*) ;; *) MODLIST+=("$path") ;; esac
    done <<<"$out"
done

# --- tools --------------------------------------------------------------------------------------------
stage hiltool
HILTOOL=$BUILD/tools/hiltool-$(sha1sum "$HIL_DIR/tools/hiltool.c" | cut -c1-12)
if [ ! -x "$HILTOOL" ]; then
    mkdir -p "$BUILD/tools"
    gcc-12 -O2 -static -Wall -Wextra -o "$HILTOOL.tmp" "$HIL_DIR/tools/hiltool.c" -lm && mv "$HILTOOL.tmp" "$HILTOOL"
fi

# --- initramfs ----------------------------------------------------------------------------------------
stage initramfs
STAGING=$BUILD/initramfs/root
rm -rf "$STAGING" && mkdir -p "$STAGING"
cd "$STAGING"
mkdir -p bin sbin usr/bin usr/sbin usr/local/bin usr/lib/x86_64-linux-gnu lib64 lib/modules hil \
    etc proc sys dev tmp run root var/lib usr/share/alsa
ln -s usr/lib/x86_64-linux-gnu lib/x86_64-linux-gnu
S=$SYSROOT/root
cp "$S/bin/busybox" bin/busybox
for a in $("$S/bin/busybox" --list); do [ "$a" = busybox ] || ln -sf busybox "bin/$a"; done
[ "$(id -u)" != 0 ] || { mknod -m 600 dev/console c 5 1; mknod -m 666 dev/null c 1 3; }
cp "$HILTOOL" usr/bin/hiltool
install -m 0755 "$HIL_DIR/guest/init" init
cp "$HIL_DIR/guest/lib.sh" "$HIL_DIR/guest/selftest.sh" "$HIL_DIR/guest/sleepbox-tests.sh" \
    "$HIL_DIR/guest/light-tests.sh" "$HIL_DIR/guest/hil-sim.toml.in" "$HIL_DIR/guest/sleepbox-hil.toml" \
    "$HIL_DIR/guest/sleepbox-light.toml" hil/
cp -r "$HIL_DIR/guest/content" hil/
echo "root:x:0:0:root:/root:/bin/sh" >etc/passwd
echo "root:x:0:" >etc/group
# The modules, flat, with their parameters, in load order.
for path in "${MODLIST[@]}"; do
    name=$(basename "$path")
    case "$name" in
        *.ko.xz) xz -dc "$path" >"lib/modules/${name%.xz}"; name=${name%.xz} ;;
        *.ko.zst) zstd -qdc "$path" >"lib/modules/${name%.zst}"; name=${name%.zst} ;;
        *) cp "$path" "lib/modules/$name" ;;
    esac
    mod=${name%.ko}
    echo "$name ${PARAMS[${mod//-/_}]:-}" >>hil/modules.list
done
# ALSA's configuration, from libasound2-data.
cp -r "$S/usr/share/alsa/alsa.conf" "$S/usr/share/alsa/cards" "$S/usr/share/alsa/pcm" usr/share/alsa/
# The Debian tools, and every library they and the daemon need (ELF NEEDED, recursively).
for t in usr/bin/aplay usr/bin/arecord usr/sbin/i2cget usr/sbin/i2cset usr/sbin/i2cdump \
    usr/sbin/i2cdetect usr/sbin/i2ctransfer usr/bin/gpiodetect usr/bin/gpioinfo usr/bin/gpioget \
    usr/bin/gpioset usr/bin/gpiomon usr/bin/gpiofind; do
    [ -e "$S/$t" ] || die "$t is not in the guest packages"
    cp -L "$S/$t" "$t"
done
cp -L "$S/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" lib64/
SWIFT_DIRS=()
if [ -n "$SLEEPBOX" ]; then
    cp "$SLEEPBOX" usr/local/bin/sleepbox
    mkdir -p usr/local/share/sleepbox etc/sleepbox
    [ ! -d "$REPO/board" ] || cp -r "$REPO/board" usr/local/share/sleepbox/
    [ ! -d "$REPO/content" ] || cp -r "$REPO/content" usr/local/share/sleepbox/
    [ ! -f "$REPO/config/sleepbox.toml" ] || cp "$REPO/config/sleepbox.toml" etc/sleepbox/
    for l in "${SWIFT_LIBS[@]}"; do
        d=$(dirname "$l")
        case " ${SWIFT_DIRS[*]:-} " in *" $d "*) ;; *) SWIFT_DIRS+=("$d") ;; esac
    done
fi
declare -A HAVE=()
missing=()
resolve() { # resolve ELF...: copies the libraries each needs, and theirs
    local f soname src d
    for f in "$@"; do
        for soname in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            [ -z "${HAVE[$soname]:-}" ] || continue
            HAVE[$soname]=1
            src=""
            for d in "$S/lib/x86_64-linux-gnu" "$S/usr/lib/x86_64-linux-gnu"; do
                [ -e "$d/$soname" ] && { src=$d/$soname; break; }
            done
            # Some libraries live in a private subfolder with an RPATH (libpulsecommon in
            # pulseaudio/): find them anywhere in the unpacked packages.
            [ -n "$src" ] || src=$(find "$S/usr/lib/x86_64-linux-gnu" "$S/lib/x86_64-linux-gnu" -name "$soname" 2>/dev/null | awk 'NR == 1')
            if [ -n "$src" ]; then
                cp -L "$src" "usr/lib/x86_64-linux-gnu/$soname"
                resolve "usr/lib/x86_64-linux-gnu/$soname"
                continue
            fi
            for d in "${SWIFT_DIRS[@]}"; do
                if [ -e "$d/$soname" ]; then
                    mkdir -p ".$d"
                    cp -L "$d/$soname" ".$d/$soname"
                    src=$d/$soname
                    resolve ".$d/$soname"
                    break
                fi
            done
            [ -n "$src" ] || missing+=("$soname (for $f)")
        done
    done
}
resolve usr/bin/* usr/sbin/* usr/local/bin/*
[ ${#missing[@]} -eq 0 ] || die "libraries not found in the guest packages: ${missing[*]}"
find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --owner 0:0 --quiet >"$BUILD/initramfs/initramfs.cpio"
cd "$REPO"
say "initramfs $(du -m "$BUILD/initramfs/initramfs.cpio" | cut -f1) MB, ${#MODLIST[@]} modules${SLEEPBOX:+, sleepbox $(basename "$SLEEPBOX")}"

# --- boot -------------------------------------------------------------------------------------------
stage boot
HOST_TIMEOUT=$((GUEST_TIMEOUT + 45))
RESULTS=$LAST/results.raw
# The kernel's command line: the console on the first serial port, no reboot on panic, and what
# saves time under TCG (/init after about 1.7 s instead of 3): no delay-loop calibration, no TSC
# watchdog, no crypto self-tests, no audit or LSMs beyond capabilities, no speculation
# mitigations, no PS/2 probing.
KARGS="console=ttyS0 rdinit=/init panic=-1 loglevel=4 mitigations=off i8042.noaux i8042.nokbd"
KARGS="$KARGS lpj=8000000 no_timer_check tsc=reliable cryptomgr.notests random.trust_cpu=on audit=0 lsm=capability"
: >"$RESULTS"
# -rtc: the PC's CMOS clock (rtc_cmos, /dev/rtc0) starts at the host's time in UTC, as a
# battery-backed RTC would; the guest may set it (sb-rtc-set).
QEMU=(qemu-system-x86_64 -accel tcg -M pc -cpu max -smp "${HIL_SMP:-2}" -m "$MEMORY" -rtc base=utc
      -nodefaults -no-user-config -display none -no-reboot
      -kernel "$KDIR/vmlinux" -initrd "$BUILD/initramfs/initramfs.cpio"
      -append "$KARGS hil.timeout=$GUEST_TIMEOUT hil.only=$ONLY${HIL_APPEND:+ $HIL_APPEND}"
      -serial "file:$LAST/console.log" -serial "file:$RESULTS")
printf '%q ' "${QEMU[@]}" >"$LAST/qemu.cmd"
echo >>"$LAST/qemu.cmd"
timeout --kill-after=5 "$HOST_TIMEOUT" "${QEMU[@]}" </dev/null >"$LAST/qemu.out" 2>&1 &
QPID=$!
# Show the results as they come.
seen=0
show_new() {
    local n
    n=$(wc -l <"$RESULTS")
    if [ "$n" -gt "$seen" ]; then
        sed -n "$((seen + 1)),${n}p" "$RESULTS" | tr -d '\r' | grep -E '^(PASS|FAIL|SKIP) ' | sed 's/^/  /' || true
        seen=$n
    fi
}
while kill -0 "$QPID" 2>/dev/null; do
    sleep 0.5
    show_new
done
wait "$QPID" && qrc=0 || qrc=$?
show_new

# --- results ------------------------------------------------------------------------------------------
stage results
tr -d '\r' <"$RESULTS" >"$LAST/results.all"
# Files the guest sent (FILE name / B64 lines / ENDFILE name).
awk -v dir="$LAST/files" '
    /^FILE / { name = $2; file = dir "/" name ".b64"; printf "" > file; next }
    /^B64 / && name != "" { print substr($0, 5) >> file; next }
    /^ENDFILE / { close(file); name = ""; next }' "$LAST/results.all"
for f in "$LAST"/files/*.b64; do
    [ -e "$f" ] || continue
    base64 -d "$f" >"${f%.b64}" 2>/dev/null && rm -f "$f"
done
grep -v -E '^(B64|FILE|ENDFILE) ' "$LAST/results.all" >"$LAST/results.txt" || true
rm -f "$LAST/results.all"
# Checks the guest leaves to the host: "HOSTCHECK lightcheck MODE FILE KEY=VALUE...", a record
# the guest sent (files/FILE) judged by hil/tools/lightcheck.py, whose PASS/FAIL lines join the
# results (their names are planned by the guest, so a check that never runs fails). The checker's
# own tests run first: a checker that cannot tell a wrong dawn from a right one judges nothing.
if grep -q '^HOSTCHECK ' "$LAST/results.txt"; then
    if ! checker_test=$(cd "$HIL_DIR/tools" && python3 lightcheck_test.py 2>&1); then
        echo "$checker_test" | tail -n 20 >&2
        checker_broken="hil/tools/lightcheck_test.py fails"
    fi
    while read -r _ tool mode file args; do
        [ "$tool" = lightcheck ] || { echo "FAIL hostcheck: unknown checker $tool" >>"$LAST/results.txt"; continue; }
        case "$file" in */*|.*) echo "FAIL hostcheck: bad file name $file" >>"$LAST/results.txt"; continue ;; esac
        if [ -n "${checker_broken:-}" ]; then
            out=$(python3 "$HIL_DIR/tools/lightcheck.py" "$mode" "$LAST/files/$file" $args 2>&1 | sed -n 's/^\(PASS\|FAIL\) \([^:]*\):.*/FAIL \2: not judged: '"$checker_broken"'/p')
        else
            out=$(python3 "$HIL_DIR/tools/lightcheck.py" "$mode" "$LAST/files/$file" $args 2>&1) || true
        fi
        echo "$out" | grep -E '^(PASS|FAIL) ' >>"$LAST/results.txt" || true
        echo "$out" | grep -E '^(PASS|FAIL) ' | sed 's/^/  /' || true
        echo "$out" | grep -v -E '^(PASS|FAIL) ' | sed 's/^/  lightcheck: /' >&2 || true
    done < <(grep '^HOSTCHECK ' "$LAST/results.txt")
fi
passed=$(grep -c '^PASS ' "$LAST/results.txt" || true)
failed=$(grep -c '^FAIL ' "$LAST/results.txt" || true)
skipped=$(grep -c '^SKIP ' "$LAST/results.txt" || true)
missing=()
for n in $(sed -n 's/^PLAN //p' "$LAST/results.txt"); do
    grep -qE "^(PASS|FAIL|SKIP) $n:" "$LAST/results.txt" || missing+=("$n")
done
done_line=$(grep '^DONE' "$LAST/results.txt" || true)
stage_end
total=$(elapsed "$T_ALL")
echo "stage: total      $total s" | tee -a "$LAST/timings.txt"
ok=1
[ "$failed" = 0 ] || ok=0
if [ ${#missing[@]} -gt 0 ]; then
    ok=0
    for n in "${missing[@]}"; do echo "  FAIL $n: no result (the guest stopped before it)"; done
fi
if [ -z "$done_line" ]; then
    ok=0
    failed=$((failed + 1))
    case $qrc in
        124|137) echo "  FAIL guest: qemu killed after $HOST_TIMEOUT s (host time-out)" ;;
        *) echo "  FAIL guest: no DONE from the guest (qemu exit $qrc)" ;;
    esac
fi
if [ "$skipped" -gt 0 ]; then
    echo "hil: ${passed} passed, $((failed + ${#missing[@]})) failed, $skipped skipped (the SKIP lines say why)"
else
    echo "hil: ${passed} passed, $((failed + ${#missing[@]})) failed"
fi
if [ $ok = 1 ]; then
    say "all passed; console log: ${LAST#$REPO/}/console.log"
    exit 0
fi
echo "hil: --- the last 40 lines of ${LAST#$REPO/}/console.log ---"
tail -n 40 "$LAST/console.log" | tr -d '\r'
[ ! -s "$LAST/qemu.out" ] || { echo "hil: --- qemu ---"; tail -n 10 "$LAST/qemu.out"; }
echo "hil: FAILED; kept: ${LAST#$REPO/}/ (console.log, results.txt, files/, qemu.cmd)"
exit 1
