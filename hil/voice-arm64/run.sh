#!/usr/bin/env bash
# hil/voice-arm64/run.sh: the natural voice's arm64 package on an arm64 system, on this machine
# (hil/voice-arm64/README.md). `make voice-arm64-check` runs it; it needs root.
#
# 1. sleepbox-voice for arm64 and for this machine (deploy/build-voice-deb.sh, both kept in its
#    cache once built);
# 2. a Debian bookworm arm64 root with python3.11 (debootstrap; its second stage and everything
#    after run under qemu-user-static), kept in VOICE_ARM64_CACHE (/var/cache/sleepbox-arm64);
# 3. in a user namespace with no network and a binfmt_misc of its own (hil/voice-arm64/userns.py:
#    nothing of this machine's is registered or changed): `dpkg -i` of the arm64 package in that
#    root, offline, then its voice server speaks one sentence under emulation; the amd64 package's
#    server speaks the same sentence here;
# 4. the two clips compared: the same length within 25 ms, the same loudness within 1 LU.
# The last run's clips and logs are in .build-voice-arm64/last/.
set -euo pipefail

SD=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SD/../.." && pwd)
CACHE=${VOICE_ARM64_CACHE:-/var/cache/sleepbox-arm64}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SENTENCE="The house is quiet now, and the night moves slowly, like a river under the stars."
LAST=$REPO/.build-voice-arm64/last
T0=$(date +%s)
say() { echo "voice-arm64: [$(($(date +%s) - T0)) s] $*" >&2; }
die() { echo "voice-arm64: error: $*" >&2; exit 1; }
PASSED=0 FAILED=0
pass() { echo "PASS $1: $2" | tee -a "$LAST/results.txt"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL $1: $2" | tee -a "$LAST/results.txt"; FAILED=$((FAILED + 1)); }
[ "$(id -u)" = 0 ] || die "run as root (debootstrap, and the root's file owners)"
# A binfmt_misc of a user namespace's own came with Linux 6.7; before it, registering the
# emulator would change the whole machine's, which this check never does.
kernel=$(uname -r | cut -d- -f1)
[ "$(printf '%s\n' 6.7 "$kernel" | sort -V | head -n 1)" = 6.7 ] ||
    die "Linux $kernel is older than 6.7: no binfmt_misc of a namespace's own, so qemu-user cannot be registered without changing this machine's (run the check on a newer kernel)"
for t in debootstrap qemu-aarch64-static python3.11 dpkg-deb; do
    command -v "$t" >/dev/null || die "$t is missing (make voice-arm64-check installs what it needs)"
done
rm -rf "$LAST" && mkdir -p "$LAST" "$CACHE"
ns() { python3 "$SD/userns.py" sh "$SD/inside.sh" "$@"; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-voice-arm64.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# --- 1. the packages ------------------------------------------------------------------------------
ARM=$("$REPO/deploy/build-voice-deb.sh" --arch arm64 --out "$WORK/debs" 2>"$LAST/build-arm64.log" | tail -n 1) ||
    { tail -n 5 "$LAST/build-arm64.log" >&2; die "building the arm64 package failed"; }
AMD=$("$REPO/deploy/build-voice-deb.sh" --arch amd64 --out "$WORK/debs" 2>"$LAST/build-amd64.log" | tail -n 1) ||
    { tail -n 5 "$LAST/build-amd64.log" >&2; die "building the amd64 package failed"; }
say "$(basename "$ARM") and $(basename "$AMD")"

# --- 2. the arm64 root ----------------------------------------------------------------------------
KEY=$(printf '%s\n' "bookworm arm64 minbase python3.11" "$(dpkg-query -W -f='${Version}' debootstrap)" | sha1sum | cut -c1-12)
TAR=$CACHE/rootfs-$KEY.tar
if [ ! -f "$TAR" ]; then
    say "debootstrap: an arm64 Debian bookworm with python3.11 (a few minutes, once)"
    B=$WORK/build-root
    debootstrap --foreign --arch=arm64 --variant=minbase --include=python3.11 bookworm "$B" "$MIRROR" \
        >"$LAST/debootstrap-1.log" 2>&1 || { tail -n 5 "$LAST/debootstrap-1.log" >&2; die "debootstrap (first stage) failed"; }
    # The second stage runs arm64 programs: in the namespace, with the emulator registered there.
    ns second-stage "$B" >"$LAST/debootstrap-2.log" 2>&1 || { tail -n 5 "$LAST/debootstrap-2.log" >&2; die "debootstrap (second stage, emulated) failed"; }
    tar -C "$B" -cf "$TAR.tmp" . && mv "$TAR.tmp" "$TAR"
    rm -rf "$B"
    find "$CACHE" -name 'rootfs-*.tar' ! -name "rootfs-$KEY.tar" -delete
fi
R=$WORK/root
mkdir -p "$R" && tar -C "$R" -xf "$TAR"
say "the arm64 root ($(du -sh "$TAR" | cut -f1))"

# --- 3. offline install and one sentence under emulation, and the same here ---------------------------
t=$(date +%s)
if ns install "$R" "$ARM" >"$LAST/install.log" 2>&1 && grep -q '^sleepbox-voice .* arm64 install ok installed$' "$LAST/install.log"; then
    pass arm64-install "dpkg -i $(basename "$ARM") in an arm64 bookworm root with no network: $(tail -n 1 "$LAST/install.log") in $(($(date +%s) - t)) s (its postinst compiled the modules under emulation)"
else
    fail arm64-install "$(tail -n 5 "$LAST/install.log" | tr '\n' ' ')"
fi
arm=$(ns speak "$R" "$LAST/arm64.wav" "$SENTENCE" 2>"$LAST/speak-arm64.log") || true
mkdir -p "$WORK/amd64" && dpkg-deb -x "$AMD" "$WORK/amd64"
amd=$(ns speak-here "$WORK/amd64" "$LAST/amd64.wav" "$SENTENCE" 2>"$LAST/speak-amd64.log") || true
echo "arm64 $arm" >"$LAST/clips.txt"
echo "amd64 $amd" >>"$LAST/clips.txt"
field() { python3 -c 'import json, sys; print(json.loads(sys.argv[1]).get(sys.argv[2], ""))' "$1" "$2" 2>/dev/null; }
if [ "$(field "$arm" ok)" = True ]; then
    pass arm64-speaks "the arm64 package's server under qemu-user: $(field "$arm" seconds) s of speech, loaded in $(field "$arm" load_s) s, spoken in $(field "$arm" speak_s) s ($(field "$arm" version))"
else
    fail arm64-speaks "${arm:-no answer}: $(tail -n 3 "$LAST/speak-arm64.log" | tr '\n' ' ')"
fi
if [ "$(field "$amd" ok)" = True ]; then
    pass amd64-speaks "the amd64 package's server here: $(field "$amd" seconds) s of speech, loaded in $(field "$amd" load_s) s, spoken in $(field "$amd" speak_s) s"
else
    fail amd64-speaks "${amd:-no answer}: $(tail -n 3 "$LAST/speak-amd64.log" | tr '\n' ' ')"
fi

# --- 4. the same clip? ---------------------------------------------------------------------------------
if [ "$(field "$arm" ok)" = True ] && [ "$(field "$amd" ok)" = True ]; then
    dms=$(awk -v a="$(field "$arm" seconds)" -v b="$(field "$amd" seconds)" 'BEGIN { d = (a - b) * 1000; if (d < 0) d = -d; printf "%.1f", d }')
    dlu=$(awk -v a="$(field "$arm" lufs)" -v b="$(field "$amd" lufs)" 'BEGIN { d = a - b; if (d < 0) d = -d; printf "%.2f", d }')
    line="arm64 $(field "$arm" samples) samples, amd64 $(field "$amd" samples) at $(field "$arm" rate) Hz"
    if awk -v d="$dms" 'BEGIN { exit !(d <= 25) }'; then pass same-length "$line: $dms ms apart (25 wanted at most)"; else fail same-length "$line: $dms ms apart (25 wanted at most)"; fi
    line="arm64 $(field "$arm" lufs) LUFS, amd64 $(field "$amd" lufs) LUFS"
    if awk -v d="$dlu" 'BEGIN { exit !(d <= 1.0) }'; then pass same-loudness "$line: $dlu LU apart (1 wanted at most)"; else fail same-loudness "$line: $dlu LU apart (1 wanted at most)"; fi
fi
say "done in $(($(date +%s) - T0)) s"
echo "voice-arm64: $PASSED passed, $FAILED failed (.build-voice-arm64/last/results.txt)"
[ "$FAILED" = 0 ] && [ "$PASSED" -gt 0 ]
