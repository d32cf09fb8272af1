# The guest test library (busybox sh): results, the simulated buttons and knob, audio capture
# and levels, the i2c-stub registers, and the control socket. Sourced by /init and the tests.
#
# Results go to the second serial port as plain lines the host collects:
#   PLAN name            a result that must come (the host fails a planned name that never does)
#   PASS name: detail    FAIL name: detail    SKIP name: detail
#   INFO text            kept in results.txt, not judged
#   FILE name / B64 .. / ENDFILE name    a file for .build-hil/last/files/ (base64)
#   DONE seconds         the guest finished (a missing DONE fails the run)

RESULTS=/dev/ttyS1
HIL_GPIO_ENV=/run/hil-gpio.env
# The simulated board: one gpio-sim bank labelled like this, lines in this order.
GPIO_LABEL=sleepbox-sim
GPIO_LINES="leaf skip timer knob_a knob_b knob_switch led spare"
GPIO_INPUTS="leaf skip timer knob_a knob_b knob_switch"
I2C_ADDR=0x3c
# busybox-static runs its own applets of these names before PATH: use i2c-tools' by path.
i2cget() { /usr/sbin/i2cget "$@"; }
i2cset() { /usr/sbin/i2cset "$@"; }
i2cdump() { /usr/sbin/i2cdump "$@"; }
i2cdetect() { /usr/sbin/i2cdetect "$@"; }
i2ctransfer() { /usr/sbin/i2ctransfer "$@"; }
PLAY_DEV=hw:Loopback,0,0
CAPTURE_DEV=hw:Loopback,1,0

# --- time and logging ------------------------------------------------------------------------------
uptime_s() { cut -d' ' -f1 /proc/uptime; }
now_ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }
log() { echo "[hil $(uptime_s)] $*" >/dev/console; }
# sleep_ms MS: busybox usleep takes microseconds.
sleep_ms() { usleep $(($1 * 1000)); }

# --- results ---------------------------------------------------------------------------------------
results_open() {
    stty -F "$RESULTS" raw -echo -onlcr 2>/dev/null || RESULTS=/dev/console
}
results_line() {
    echo "$*" >>"$RESULTS"
    log "$*"
}
plan() { local n; for n in "$@"; do results_line "PLAN $n"; done; }
# result NAME PASS|FAIL|SKIP DETAIL...
result() {
    local name=$1 status=$2
    shift 2
    results_line "$status $name: $*"
}
info() { results_line "INFO $*"; }
# check NAME DETAIL COMMAND...: PASS when COMMAND succeeds; its output joins the detail.
check() {
    local name=$1 detail=$2 out
    shift 2
    if out=$("$@" 2>&1); then
        result "$name" PASS "$detail ${out:+- $(echo "$out" | tr '\n' ' ')}"
    else
        result "$name" FAIL "$detail - $(echo "$out" | tr '\n' ' ')"
    fi
}
# sendfile NAME PATH: a file to the host, base64 over the results port.
sendfile() {
    [ -f "$2" ] || return 0
    {
        echo "FILE $1"
        base64 "$2" | sed 's/^/B64 /'
        echo "ENDFILE $1"
    } >>"$RESULTS"
}

# --- GPIO: the gpio-sim chip -----------------------------------------------------------------------
# Creates the chip through configfs: one bank, 8 named lines, every input pulled up (the buttons
# and encoder contacts are active-low: released = high). Prints what it made.
gpio_sim_create() {
    local cfg=/sys/kernel/config/gpio-sim/hil i name dev chip dir
    cfg=/sys/kernel/config/gpio-sim/hil
    mkdir "$cfg" "$cfg/bank0" || return 1
    set -- $GPIO_LINES
    echo $# >"$cfg/bank0/num_lines"
    echo "$GPIO_LABEL" >"$cfg/bank0/label"
    i=0
    for name in $GPIO_LINES; do
        mkdir "$cfg/bank0/line$i" && echo "$name" >"$cfg/bank0/line$i/name"
        i=$((i + 1))
    done
    echo 1 >"$cfg/live" || return 1
    dev=$(cat "$cfg/dev_name") chip=$(cat "$cfg/bank0/chip_name")
    dir=/sys/devices/platform/$dev/$chip
    [ -d "$dir" ] || { echo "no $dir"; return 1; }
    echo "SIM_DEV=$dev SIM_CHIP=$chip SIM_DIR=$dir" >"$HIL_GPIO_ENV"
    for name in $GPIO_INPUTS; do echo pull-up >"$dir/sim_gpio$(line_offset "$name")/pull"; done
    echo "$chip ($dev) label $GPIO_LABEL, $# lines, inputs pulled up"
}
gpio_env() { [ -n "$SIM_DIR" ] || . "$HIL_GPIO_ENV"; }
# line_offset NAME: the line's offset on the chip (its place in GPIO_LINES).
line_offset() {
    local i=0 n
    for n in $GPIO_LINES; do
        [ "$n" = "$1" ] && { echo $i; return 0; }
        i=$((i + 1))
    done
    echo "line_offset: no line $1" >&2
    return 1
}
pull_path() { gpio_env; echo "$SIM_DIR/sim_gpio$(line_offset "$1")/pull"; }
value_path() { gpio_env; echo "$SIM_DIR/sim_gpio$(line_offset "$1")/value"; }
# set_pull NAME up|down
set_pull() { echo "pull-$2" >"$(pull_path "$1")"; }
line_value() { cat "$(value_path "$1")"; }

# Contact bounce, as hiltool seq tokens for one pull file: the contact closes (pull-down: the
# inputs are active-low), opens again and closes for good within about 1-3 ms; opening does the
# same the other way. hiltool runs on the CPU of the line's irq thread and makes sure the kernel
# has taken each edge before the next (gpio-sim drops an edge that comes while the last one is
# still being handled), and cuts a bounce short after BOUNCE_WINDOW_US (going straight to the
# final level), so that a slow moment under TCG does not spread it past sleepbox's 5 ms
# debounce lock-out. press logs an INFO line when a bounce was cut short or spread wider.
BOUNCE_EDGES=3
BOUNCE_WINDOW_US=2000
# sleepbox-hil.toml sets [board] debounce_ms = 15: a bounce that spreads past most of it is suspect.
BOUNCE_LIMIT_US=13500
bounce_close() { echo "$1=pull-down @150 $1=pull-up @250 $1=pull-down"; }
bounce_open() { echo "$1=pull-up @200 $1=pull-down @150 $1=pull-up"; }
# edges NAME WITHIN_US TOKENS...: runs hiltool seq (WITHIN_US 0: no window, no bounce checks);
# returns 2 when the bounce spread wider than BOUNCE_LIMIT_US (the daemon may have seen two
# presses: a test can try again). EDGES_WRITTEN counts the edges made (a shell variable: call
# press and turn in the test's own shell, not in $(...), to keep the count).
EDGES_WRITTEN=0
edges() {
    local name=$1 within=$2 out span rc=0
    shift 2
    if [ "$within" = 0 ]; then
        out=$(HILTOOL_VERBOSE=1 hiltool seq "$@" 2>&1 >/dev/null)
    else
        out=$(HILTOOL_VERBOSE=1 hiltool seq --within "$within" "$@" 2>&1 >/dev/null)
        span=$(echo "$out" | sed -n 's/.*span_us=\([0-9]*\).*/\1/p')
        if [ "${span:-0}" -gt "$BOUNCE_LIMIT_US" ]; then
            info "$name: bounce spread over $span us under TCG (sleepbox's lock-out here: 15000 us)"
            rc=2
        fi
        echo "$out" | grep -q 'shortened=0' || log "$name: bounce cut short (the machine was slow)"
    fi
    echo "$out" | grep -q 'late=0' || info "$name: $(echo "$out" | tail -n 1)"
    EDGES_WRITTEN=$((EDGES_WRITTEN + $(echo "$out" | sed -n 's/.*edges=\([0-9]*\).*/\1/p' | tail -n 1)))
    return $rc
}

# press BUTTON [MS]: close the contact with bounce, hold MS (default 120), open it with bounce.
# Returns 2 when a bounce spread past the lock-out (see edges), 1 on other errors.
press() {
    local p rc=0
    p=$(pull_path "$1") || return 1
    edges "press $1" "$BOUNCE_WINDOW_US" $(bounce_close "$p") || rc=$?
    usleep $((${2:-120} * 1000))
    edges "release $1" "$BOUNCE_WINDOW_US" $(bounce_open "$p") || rc=$?
    return $rc
}
# hold BUTTON SECONDS: a long press (fractions allowed: hold skip 1.5).
hold() {
    local ms
    ms=$(awk -v s="$2" 'BEGIN { printf "%d", s * 1000 }')
    press "$1" "$ms"
}
# turn N [EDGE_MS]: N detents of a full-step encoder (negative: counter-clockwise), 4 edges per
# detent, EDGE_MS (default 3) between edges and 40 ms between detents; the rest state is both
# contacts open (pulled up). Clockwise, A closes before B.
turn() {
    local n=$1 edge_us=$((${2:-3} * 1000)) a b first second seq
    a=$(pull_path knob_a) && b=$(pull_path knob_b) || return 1
    if [ "$n" -lt 0 ]; then
        n=$((-n))
        first=$b second=$a
    else
        first=$a second=$b
    fi
    seq=""
    while [ "$n" -gt 0 ]; do
        seq="$seq $first=pull-down @$edge_us $second=pull-down @$edge_us $first=pull-up @$edge_us $second=pull-up @40000"
        n=$((n - 1))
    done
    edges "turn $1" 0 $seq
}

# --- I2C: the i2c-stub adapter ---------------------------------------------------------------------
# i2c_stub_bus: the bus number of the "SMBus stub driver" adapter.
i2c_stub_bus() {
    local d
    for d in /sys/class/i2c-adapter/i2c-*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "SMBus stub driver" ] && { echo "${d##*/i2c-}"; return 0; }
    done
    return 1
}
# i2c_regs BUS: the chip's 256 registers as one line of hex (i2cdump in I2C-block mode: eight
# 32-byte reads, quick enough to catch a frame between two updates).
i2c_regs() {
    i2cdump -y "$1" "$I2C_ADDR" i 2>/dev/null |
        awk '/^[0-9a-f]0: / { for (i = 2; i <= 17; i++) printf "%s", $i } END { print "" }'
}

# --- PWM: the pwm-sim chip (hil/tools/pwm-sim.c) ------------------------------------------------------
# The chip is in the kernel's PWM class (/sys/class/pwm/pwmchipN) with 2 channels; what the PWM
# core told it is in debugfs: one line per event, "SEQ MONO_NS REAL_NS apply CH PERIOD DUTY
# ENABLED POLARITY" or "SEQ MONO_NS REAL_NS probe|remove DEVICE".
PWM_DEV=pwm-sim.0
PWM_DEBUG=/sys/kernel/debug/pwm-sim
PWM_DRIVER=/sys/bus/platform/drivers/pwm-sim
# pwm_chip: the pwmchipN of the pwm-sim device (1 when it is not there).
pwm_chip() {
    local c
    for c in /sys/class/pwm/pwmchip*; do
        [ "$(basename "$(readlink -f "$c/device" 2>/dev/null)")" = "$PWM_DEV" ] && { echo "${c##*/}"; return 0; }
    done
    return 1
}
pwm_log() { cat "$PWM_DEBUG/log"; }
pwm_log_clear() { echo 1 >"$PWM_DEBUG/log"; }
# pwm_applies: the applied states of the record without the times, "CH PERIOD DUTY ENABLED POLARITY".
pwm_applies() { pwm_log | awk '$4 == "apply" { print $5, $6, $7, $8, $9 }'; }
pwm_unbind() { echo "$PWM_DEV" >"$PWM_DRIVER/unbind"; }
pwm_bind() { echo "$PWM_DEV" >"$PWM_DRIVER/bind"; }

# --- audio: snd-aloop ------------------------------------------------------------------------------
# capture SECONDS FILE: records from the loopback's capture side in the background into FILE as
# raw S16_LE stereo 48 kHz (CAPTURE_RATE Hz when set); capture_wait FILE waits for it. snd-aloop makes the capture side take
# the format the playback side is open with (sleepbox prefers S32_LE): capture in that format
# and convert afterwards.
playback_format() {
    local f
    f=$(sed -n 's/^format: //p' /proc/asound/Loopback/pcm0p/sub0/hw_params 2>/dev/null)
    echo "${f:-S16_LE}"
}
capture() {
    CAPTURE_FMT=$(playback_format)
    local out=$2
    [ "$CAPTURE_FMT" = S16_LE ] || out=$2.$CAPTURE_FMT
    arecord -q -D "$CAPTURE_DEV" -f "$CAPTURE_FMT" -r "${CAPTURE_RATE:-48000}" -c 2 -t raw -d "$1" "$out" 2>"$2.err" &
    CAPTURE_PID=$!
}
capture_wait() {
    local rc
    wait "$CAPTURE_PID"
    rc=$?
    [ -s "$1.err" ] && log "arecord: $(cat "$1.err")"
    if [ "$CAPTURE_FMT" != S16_LE ]; then
        hiltool to16 "$CAPTURE_FMT" "$1.$CAPTURE_FMT" "$1" && rm -f "$1.$CAPTURE_FMT"
        log "captured $CAPTURE_FMT (the playback side's format), converted to S16_LE"
    fi
    return $rc
}
# play FILE: a raw S16_LE stereo 48 kHz file to the loopback's playback side.
play() { aplay -q -D "$PLAY_DEV" -f S16_LE -r 48000 -c 2 -t raw "$1"; }

# --- the control socket ----------------------------------------------------------------------------
SLEEPBOX=/usr/local/bin/sleepbox
SOCK=/run/sleepbox/control.sock
ctl() { "$SLEEPBOX" ctl --socket "$SOCK" "$@" 2>&1; }
# json_str KEY JSON / json_num KEY JSON: the first "KEY":"value" / "KEY":number in a JSON line.
json_str() { echo "$2" | grep -o "\"$1\":\"[^\"]*\"" | head -n 1 | sed 's/^"[^"]*":"\(.*\)"$/\1/'; }
json_num() { echo "$2" | grep -o "\"$1\":-\{0,1\}[0-9][0-9.eE+-]*" | head -n 1 | cut -d: -f2; }
# menu_field KEY STATUS: a field of the status's "menu" object (title, row), there while a menu is open.
menu_field() { json_str "$1" "$(echo "$2" | grep -o '"menu":{[^}]*}')"; }
# item_field KEY STATUS: a field of the status's "item" object.
item_field() {
    local obj
    obj=$(echo "$2" | grep -o '"item":{[^}]*}')
    json_str "$1" "$obj" | grep . || json_num "$1" "$obj"
}
# wait_until SECONDS COMMAND...: polls COMMAND every 0.2 s until it succeeds; 1 on time-out.
wait_until() {
    local deadline
    deadline=$(($(now_ms) + $1 * 1000))
    shift
    while ! "$@" >/dev/null 2>&1; do
        [ "$(now_ms)" -lt "$deadline" ] || return 1
        usleep 200000
    done
}
# fcmp A OP B: floating-point comparison (awk).
fcmp() { awk -v a="$1" -v b="$3" "BEGIN { exit !(a $2 b) }"; }
