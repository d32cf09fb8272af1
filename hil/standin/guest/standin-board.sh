#!/bin/sh
# The stand-in Pi's "hardware", made at boot before sleepbox starts (standin-board.service):
# i2c-stub at 0x3c for the display, snd-aloop for the speaker, the gpio-sim chip
# "sleepbox-sim" for the buttons and the knob, and the board profile that names them
# (/run/standin/board.toml, from the HIL's hil-sim.toml.in with the stub's bus number).
set -e
S=/usr/local/lib/standin
modprobe i2c-dev
modprobe i2c-stub chip_addr=0x3c functionality=0xffffffff
modprobe snd-aloop
modprobe gpio-sim
mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
mkdir -p /run/standin
. "$S/lib.sh"
[ -d /sys/kernel/config/gpio-sim/hil ] || gpio_sim_create
bus=$(i2c_stub_bus)
sed "s/@I2C_BUS@/$bus/" "$S/hil-sim.toml.in" >/run/standin/board.toml.tmp
mv /run/standin/board.toml.tmp /run/standin/board.toml
# The new chip's node gets its group from the package's udev rules (60-sleepbox.rules) once
# udev has seen it: wait for that (not for the whole udev queue, which is slow under TCG).
chip=$(. /run/hil-gpio.env; echo "$SIM_CHIP")
if [ -f /lib/udev/rules.d/60-sleepbox.rules ]; then
    i=0
    while [ "$(stat -c %G "/dev/$chip" 2>/dev/null)" != gpio ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
fi
echo "standin board: gpio $(. /run/hil-gpio.env; echo "$SIM_CHIP"), i2c-$bus, $(grep -c Loopback /proc/asound/cards) Loopback card"
