#!/bin/sh
# Self-test of the HIL infrastructure, without sleepbox: the gpio-sim chip and its pulls and
# edges (libgpiod 1.6 tools), i2c-stub block writes and reads (i2c-tools), the snd-aloop loop
# (alsa-utils), the light's pwm-sim chip through the PWM class's sysfs ABI, and hiltool's level
# meter, fade check and display check.
. /hil/lib.sh
gpio_env

plan gpio-chip gpio-pull gpio-bounce gpio-quadrature i2c-block i2c-dump-oled audio-loopback \
    audio-loopback-s32 pwm-sysfs pwm-unbind level-meter fade-check

# --- GPIO -------------------------------------------------------------------------------------------
det=$(gpiodetect 2>&1)
log "gpiodetect: $det"
names=$(gpioinfo "$SIM_CHIP" 2>&1 | grep -c '"leaf"\|"skip"\|"timer"\|"knob_a"\|"knob_b"\|"knob_switch"\|"led"')
found=$(gpiofind leaf 2>&1)
if echo "$det" | grep -q "^$SIM_CHIP \[$GPIO_LABEL\] (8 lines)" && [ "$names" = 7 ] &&
    [ "$found" = "$SIM_CHIP $(line_offset leaf)" ]; then
    result gpio-chip PASS "$(echo "$det" | grep "$GPIO_LABEL"); gpiofind leaf: $found"
else
    result gpio-chip FAIL "gpiodetect: $det; named lines: $names of 7; gpiofind leaf: $found"
fi

off=$(line_offset leaf)
v1=$(gpioget "$SIM_CHIP" "$off" 2>&1)
set_pull leaf down
v2=$(gpioget "$SIM_CHIP" "$off" 2>&1)
set_pull leaf up
v3=$(gpioget "$SIM_CHIP" "$off" 2>&1)
if [ "$v1$v2$v3" = 101 ]; then
    result gpio-pull PASS "leaf (line $off) reads 1 pulled up, 0 pulled down (pressed), 1 again"
else
    result gpio-pull FAIL "gpioget gave '$v1' '$v2' '$v3' for pull-up, pull-down, pull-up (want 1 0 1)"
fi

# gpio_watch FILE OFFSETS...: gpiomon in the background until the lines are requested.
gpio_watch() {
    f=$1
    shift
    gpiomon -b -F '%o %e %s %n' "$SIM_CHIP" "$@" >"$f" 2>&1 &
    MON_PID=$!
    wait_until 5 sh -c "gpioinfo $SIM_CHIP | grep -q '\"gpiomon\"'"
}
gpio_unwatch() {
    usleep 300000
    kill "$MON_PID" 2>/dev/null
    wait "$MON_PID" 2>/dev/null
}

PRESSES=5
gpio_watch /tmp/mon.txt "$off"
EDGES_WRITTEN=0
i=0
while [ $i -lt $PRESSES ]; do press leaf 30; i=$((i + 1)); done
gpio_unwatch
n=$(wc -l </tmp/mon.txt)
pattern=$(awk '{ printf "%s", ($2 == 1 ? "R" : "F") }' /tmp/mon.txt)
# Every edge written (a bounce cut short when the machine was slow has fewer), in order.
want=$EDGES_WRITTEN
want_pattern=$(awk -v n="$want" 'BEGIN { for (i = 0; i < n; i++) printf "%s", (i % 2 ? "R" : "F") }')
# How far each bounce spread by the kernel's event times: edges less than 20 ms apart are one.
spans=$(awk '{ t = $3 * 1e9 + $4 }
    NR > 1 && t - p < 20e6 { s += t - p; p = t; next }
    NR > 1 { print s / 1e6 } { s = 0; p = t } END { print s / 1e6 }' /tmp/mon.txt |
    sort -n | awk '{ v[NR] = $1 } END { printf "median %.1f ms, max %.1f ms over %d", v[int((NR + 1) / 2)], v[NR], NR }')
if [ "$n" = "$want" ] && [ "$pattern" = "$want_pattern" ] && [ "$n" -ge $((2 * PRESSES)) ]; then
    result gpio-bounce PASS "gpiomon saw all $n edges of $PRESSES bounced presses in order ($((2 * BOUNCE_EDGES * PRESSES)) unless cut short); bounce spread $spans (sleepbox's lock-out: 5 ms)"
else
    result gpio-bounce FAIL "gpiomon saw $n of $want edges written ($pattern, want $want_pattern)"
fi

a=$(line_offset knob_a) b=$(line_offset knob_b)
gpio_watch /tmp/quad.txt "$a" "$b"
turn 2
turn -1
gpio_unwatch
# gpiomon reads the two lines' events from two descriptors: put them in time order.
seqab=$(sort -k3,3n -k4,4n /tmp/quad.txt | awk -v a="$a" '{ printf "%s%s ", ($1 == a ? "A" : "B"), ($2 == 1 ? "+" : "-") }')
want="A- B- A+ B+ A- B- A+ B+ B- A- B+ A+ "
if [ "$seqab" = "$want" ]; then
    result gpio-quadrature PASS "2 detents clockwise, 1 back: $seqab"
else
    result gpio-quadrature FAIL "edges '$seqab', want '$want'"
fi

# --- I2C --------------------------------------------------------------------------------------------
bus=$(i2c_stub_bus)
data="0x11 0x22 0x33 0x44 0x55 0x66 0x77 0x88 0x99 0xaa 0xbb 0xcc 0xdd 0xee 0xff 0x01"
data="$data 0x02 0x03 0x04 0x05 0x06 0x07 0x08 0x09 0x0a 0x0b 0x0c 0x0d 0x0e 0x0f 0x10 0x12"
if out=$(i2cset -y "$bus" "$I2C_ADDR" 0x40 $data i 2>&1); then
    back=$(i2cget -y "$bus" "$I2C_ADDR" 0x40 i 32 2>&1)
    if [ "$back" = "$data" ]; then
        result i2c-block PASS "a 32-byte I2C-block write with command 0x40 to 0x3c on i2c-$bus reads back"
    else
        result i2c-block FAIL "wrote '$data', read '$back'"
    fi
else
    result i2c-block FAIL "i2cset: $out"
fi
if i2ctransfer -y "$bus" w2@"$I2C_ADDR" 0x40 0x55 >/dev/null 2>&1; then
    info "plain I2C transfers work on i2c-stub (the notes say they do not)"
else
    info "plain I2C (I2C_RDWR) is refused by i2c-stub, as expected: only SMBus transfers"
fi

# As a display driver would: an init command stream, a page-addressing write (page 3, column 40)
# and a 20-byte data chunk; the register dump must match a frame holding those bytes there.
i2cset -y "$bus" "$I2C_ADDR" 0x00 0xae 0xd5 0x80 0xa8 0x3f 0xd3 0x00 0x40 0x8d 0x14 i
i2cset -y "$bus" "$I2C_ADDR" 0x00 0xb3 0x08 0x12 i
chunk="0x3c 0x42 0x81 0x81 0x42 0x3c 0x00 0x7e 0x04 0x08 0x04 0x7e 0x00 0x00 0xff 0x81 0x81 0xff 0x00 0x18"
i2cset -y "$bus" "$I2C_ADDR" 0x40 $chunk i
regs=$(i2c_regs "$bus")
frame=$(awk -v chunk="$chunk" 'BEGIN {
    n = split(chunk, c, " ")
    for (i = 0; i < 1024; i++) b[i] = "00"
    for (i = 1; i <= n; i++) b[3 * 128 + 40 + i - 1] = substr(c[i], 3, 2)
    for (i = 0; i < 1024; i++) printf "%s", b[i]
    print "" }')
if out=$(hiltool oled "$frame" "$regs" 2>&1) && echo "$regs" | grep -q '^b30812a83fd30040'; then
    result i2c-dump-oled PASS "$(echo "$out" | tail -n 1); init bytes kept past the 3-byte write"
else
    result i2c-dump-oled FAIL "$(echo "$out" | tr '\n' ' '); regs $(echo "$regs" | cut -c1-40)..."
fi
info "i2c-stub keeps one 256-register map: the data registers hold only the last chunk written"

# --- audio ------------------------------------------------------------------------------------------
hiltool tone 440 1 -6 300 >/tmp/tone.raw
capture 3 /tmp/cap.raw
usleep 500000
if ! out=$(play /tmp/tone.raw 2>&1); then
    result audio-loopback FAIL "aplay: $out"
    capture_wait /tmp/cap.raw
else
    capture_wait /tmp/cap.raw
    got=$(hiltool active /tmp/cap.raw -60)
    rms=$(echo "$got" | sed -n 's/.*rms_dbfs=\([-0-9.]*\).*/\1/p')
    freq=$(echo "$got" | sed -n 's/.*freq_hz=\([-0-9.]*\).*/\1/p')
    first=$(echo "$got" | sed -n 's/.*first_ms=\([0-9]*\).*/\1/p')
    last=$(echo "$got" | sed -n 's/.*last_ms=\([0-9]*\).*/\1/p')
    len=$((${last:-0} - ${first:-0}))
    # A -6 dBFS sine has an RMS of -9.03 dBFS; the stretch measured is the tone less its edges.
    if fcmp "$rms" '>' -10.03 && fcmp "$rms" '<' -8.03 && fcmp "$freq" '>' 438 && fcmp "$freq" '<' 442 &&
        [ "$len" -ge 700 ] && [ "$len" -le 1100 ]; then
        result audio-loopback PASS "a 1 s 440 Hz tone at -6 dBFS peak came back: $got"
    else
        result audio-loopback FAIL "want rms -9.03+-1 dBFS, 440+-2 Hz, about 800 ms: $got"
    fi
fi
hiltool level /tmp/cap.raw >/tmp/cap-levels.txt
sendfile selftest-capture-levels.txt /tmp/cap-levels.txt

# As with sleepbox, which opens the card with S32_LE: playback first, and capture() follows its
# format (snd-aloop insists) and converts.
HILTOOL_FORMAT=S32_LE hiltool tone 440 2 -6 300 >/tmp/tone32.raw
aplay -q -D "$PLAY_DEV" -f S32_LE -r 48000 -c 2 -t raw /tmp/tone32.raw 2>/tmp/aplay32.err &
APLAY=$!
wait_until 3 sh -c "grep -q '^format: S32_LE' /proc/asound/Loopback/pcm0p/sub0/hw_params"
capture 2 /tmp/cap32.raw
capture_wait /tmp/cap32.raw
wait "$APLAY"
got=$(hiltool active /tmp/cap32.raw -60)
rms=$(echo "$got" | sed -n 's/.*rms_dbfs=\([-0-9.]*\).*/\1/p')
freq=$(echo "$got" | sed -n 's/.*freq_hz=\([-0-9.]*\).*/\1/p')
if [ "$CAPTURE_FMT" = S32_LE ] && fcmp "${rms:--200}" '>' -10.03 && fcmp "$rms" '<' -8.03 &&
    fcmp "$freq" '>' 438 && fcmp "$freq" '<' 442; then
    result audio-loopback-s32 PASS "captured as $CAPTURE_FMT while S32_LE played, converted: $got"
else
    result audio-loopback-s32 FAIL "capture format $CAPTURE_FMT; $got; aplay: $(cat /tmp/aplay32.err)"
fi

# --- PWM: the light's chip, driven through the sysfs ABI as the daemon drives it --------------------
# What a shell writes to /sys/class/pwm/pwmchipN must reach the driver's .apply as the same states,
# in order, and a write the PWM core refuses (a duty above the period) must not reach it.
PWM_OK=""
if chip=$(pwm_chip); then
    P=/sys/class/pwm/$chip
    pwm_log_clear
    {
        echo 0 >"$P/export" && echo 1 >"$P/export" &&
        echo 1000000 >"$P/pwm0/period" && echo 250000 >"$P/pwm0/duty_cycle" && echo 1 >"$P/pwm0/enable" &&
        echo 1000000 >"$P/pwm1/period" && echo inversed >"$P/pwm1/polarity" &&
        echo 500000 >"$P/pwm1/duty_cycle" && echo 1 >"$P/pwm1/enable" &&
        echo 0 >"$P/pwm0/duty_cycle"
    } 2>/tmp/pwm.err
    refused=no
    echo 2000000 >"$P/pwm0/duty_cycle" 2>/dev/null || refused=yes
    echo 0 >"$P/pwm0/enable"
    echo 0 >"$P/pwm1/enable"
    read_back="$(cat "$P/pwm1/period" "$P/pwm1/duty_cycle" "$P/pwm1/enable" "$P/pwm1/polarity" 2>&1 | tr '\n' ' ')"
    echo 0 >"$P/unexport" && echo 1 >"$P/unexport"
    got=$(pwm_applies | tr '\n' ';')
    want="0 1000000 0 0 normal;0 1000000 250000 0 normal;0 1000000 250000 1 normal;1 1000000 0 0 normal;1 1000000 0 0 inversed;1 1000000 500000 0 inversed;1 1000000 500000 1 inversed;0 1000000 0 1 normal;0 1000000 0 0 normal;1 1000000 500000 0 inversed;"
    ordered=$(pwm_log | awk '$2 < last || $3 < lastr { bad++ } { last = $2; lastr = $3 } END { print bad + 0 }')
    state=$(tr '\n' ';' <"$PWM_DEBUG/state")
    if [ "$got" = "$want" ] && [ "$refused" = yes ] && [ "$ordered" = 0 ] && [ ! -s /tmp/pwm.err ] &&
        [ "$read_back" = "1000000 500000 0 inversed " ]; then
        result pwm-sysfs PASS "export, period, duty_cycle, polarity, enable on $chip's 2 channels reached the driver as 10 states in order, with rising times; a duty above the period refused; state $state"
        PWM_OK=1
    else
        result pwm-sysfs FAIL "driver got '$got', want '$want'; duty>period refused: $refused; out-of-order times: $ordered; errors: $(cat /tmp/pwm.err | tr '\n' ' '); read back '$read_back'"
    fi
else
    result pwm-sysfs FAIL "no pwmchip of $PWM_DEV in /sys/class/pwm"
fi
# The chip goes away under an exported, enabled channel (unbind, as a PCA9685 whose bus went away)
# and comes back (bind): the channel is gone with it, a write through a file opened before fails,
# the record says so, and the re-registered chip reports the state the "hardware" kept.
if [ -n "$PWM_OK" ] && chip=$(pwm_chip); then
    P=/sys/class/pwm/$chip
    echo 0 >"$P/export" && echo 1000000 >"$P/pwm0/period" && echo 400000 >"$P/pwm0/duty_cycle" && echo 1 >"$P/pwm0/enable"
    pwm_log_clear
    exec 7>"$P/pwm0/duty_cycle"
    pwm_unbind
    gone=$([ -e "$P" ] && echo "still there" || echo gone)
    late=$( (echo 300000 >&7) 2>&1 && echo "write accepted" || echo "write failed")
    exec 7>&-
    pwm_bind
    chip2=$(pwm_chip)
    echo 0 >"/sys/class/pwm/$chip2/export"
    kept=$(cat "/sys/class/pwm/$chip2/pwm0/period" "/sys/class/pwm/$chip2/pwm0/duty_cycle" "/sys/class/pwm/$chip2/pwm0/enable" | tr '\n' ' ')
    echo 0 >"/sys/class/pwm/$chip2/pwm0/enable"
    echo 0 >"/sys/class/pwm/$chip2/unexport"
    events=$(pwm_log | awk '{ printf "%s%s ", $4, ($4 == "apply" ? "(" $5 "," $7 "," $8 ")" : "") }')
    if [ "$gone" = gone ] && case "$late" in *failed*) true ;; *) false ;; esac &&
        [ "$kept" = "1000000 400000 1 " ] && [ "$events" = "remove probe apply(0,400000,0) " ]; then
        result pwm-unbind PASS "$chip unbound under an enabled channel: gone, a late write through an open file failed ($(echo "$late" | head -n 1 | tr '\n' ' ')); bound again as $chip2 reporting period duty enable $kept; record: $events"
    else
        result pwm-unbind FAIL "after unbind $P $gone; late write: $late; after bind $chip2 reports '$kept' (want 1000000 400000 1); record: $events"
    fi
else
    result pwm-unbind FAIL "not run: pwm-sysfs failed"
fi

# --- hiltool itself ---------------------------------------------------------------------------------
hiltool tone 1000 1 -20 500 >/tmp/t20.raw
lv=$(hiltool level /tmp/t20.raw | awk '
    $1 < 1000 { if ($2 < -23.2 || $2 > -22.8) bad++; n++ }
    $1 >= 1000 { if ($2 != -200.0) bad++; s++ }
    END { printf "%d %d %d", n, s, bad }')
set -- $lv
if [ "$1" = 10 ] && [ "$2" = 5 ] && [ "$3" = 0 ]; then
    result level-meter PASS "a -20 dBFS sine reads -23.0 dBFS RMS in each of 10 windows, silence -200 in 5"
else
    result level-meter FAIL "windows: $1 tone, $2 silence, $3 wrong"
fi
hiltool tone 440 8 -6 3000 5 >/tmp/fade.raw
if out=$(hiltool fade /tmp/fade.raw 5 8000 300); then
    result fade-check PASS "a synthetic 5 s fade to silence is recognised ($(echo "$out" | tail -n 1))"
else
    result fade-check FAIL "$(echo "$out" | tr '\n' ' ')"
fi
