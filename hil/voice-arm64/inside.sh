#!/bin/sh
# hil/voice-arm64/inside.sh: run by run.sh through userns.py (root of a user namespace with no
# network). Registers qemu-aarch64-static in the namespace's own binfmt_misc, then:
#   inside.sh second-stage ROOT                     debootstrap's second stage in ROOT
#   inside.sh install ROOT DEB                      dpkg -i DEB in ROOT (its maintainer scripts emulated)
#   inside.sh speak ROOT WAV TEXT                   ROOT's voice server speaks TEXT into WAV
#   inside.sh speak-here DIR WAV TEXT               the voice server unpacked in DIR, on this machine
set -eu
SD=$(cd "$(dirname "$0")" && pwd)
mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
# The aarch64 ELF header; F: the emulator is opened now, so it need not be inside the root.
printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:F' \
    >/proc/sys/fs/binfmt_misc/register
VOICE=/usr/lib/sleepbox/voice
# The root sees this machine's /proc (the namespace's mounts go with it).
[ "$1" = speak-here ] || mount --rbind /proc "$2/proc"
case "$1" in
second-stage)
    # debootstrap's test of device nodes is skipped as in a container: the first stage made them.
    chroot "$2" env container=lxc /debootstrap/debootstrap --second-stage
    ;;
install)
    cp "$3" "$2/tmp/voice.deb"
    chroot "$2" env DEBIAN_FRONTEND=noninteractive dpkg -i /tmp/voice.deb
    rm -f "$2/tmp/voice.deb"
    chroot "$2" dpkg-query -W -f='${Package} ${Version} ${Architecture} ${Status}\n' sleepbox-voice
    ;;
speak)
    python3 "$SD/speak.py" --wav "$3" --text "$4" -- chroot "$2" $VOICE/bin/python3 $VOICE/sleepbox_piper_server.py
    ;;
speak-here)
    PYTHONPATH=$2$VOICE/lib/python3.11/site-packages python3 "$SD/speak.py" --wav "$3" --text "$4" -- \
        python3.11 -s "$2$VOICE/sleepbox_piper_server.py"
    ;;
*)
    echo "inside.sh: unknown step $1" >&2
    exit 2
    ;;
esac
