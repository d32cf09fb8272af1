#!/bin/sh
# The stand-in's guest-side checks, run over SSH as root by hil/standin/checks-host.sh:
#   checks.sh leaf           a bounced press of leaf on the gpio-sim line: meditation, playing
#   checks.sh playing        waits (30 s) until the box plays
#   checks.sh sound SECONDS  captures the loopback: sound is coming out
#   checks.sh display        the SSD1306 init stream and the frame `ctl frame` reports, on i2c-stub
#   checks.sh status         `sleepbox ctl status`
# Each prints one line ("ok ..." or "bad ...") and exits 0 or 1.
S=/usr/local/lib/standin
export PATH=$S/bin:/usr/sbin:/usr/bin:/sbin:/bin
. "$S/lib.sh"
RESULTS=/dev/null
log() { echo "[guest $(uptime_s)] $*" >&2; }
usleep() { "$S/bb/busybox" usleep "$@"; }
SLEEPBOX=/usr/bin/sleepbox
gpio_env
status() { ctl status; }
field() { json_str "$1" "$(status)"; }
mode_is() { [ "$(field mode)" = "$1" ]; }
phase_is() { [ "$(field phase)" = "$1" ]; }
ok() { echo "ok $*"; exit 0; }
bad() { echo "bad $*"; exit 1; }

case "$1" in
leaf)
    wait_until 30 sh -c "$SLEEPBOX ctl --socket $SOCK status | grep -q '\"ok\":true'" || bad "the box does not answer"
    mode_is off || bad "mode is $(field mode) before the press, not off"
    tries=0 note=""
    while :; do
        tries=$((tries + 1))
        press leaf
        spoilt=$?
        wait_until 5 mode_is meditation && break
        [ $spoilt = 2 ] && [ $tries -lt 3 ] || break
        note=" (try $tries: the bounce spread past the lock-out under TCG)"
        for i in 1 2 3; do mode_is off && break; ctl press leaf >/dev/null; wait_until 3 mode_is off; done
    done
    mode_is meditation || bad "mode after a press of leaf: $(field mode)$note"
    wait_until 10 phase_is playing || bad "meditation but not playing: $(status | cut -c1-200)"
    ok "leaf pressed on the gpio-sim line$note: mode meditation, playing $(item_field id "$(status)")"
    ;;
playing)
    wait_until 30 phase_is playing || bad "not playing after 30 s: $(status | cut -c1-200)"
    ok "playing $(item_field id "$(status)") at $(item_field position "$(status)") s"
    ;;
sound)
    capture "${2:-4}" /tmp/standin-sound.raw
    capture_wait /tmp/standin-sound.raw
    set -- $(hiltool level /tmp/standin-sound.raw | awk -v from=1000 '
        $1 >= from { n++; if ($2 > -60) loud++; if (max == "" || $2 > max) max = $2 }
        END { printf "%d %d %.1f\n", n, loud, (max == "" ? -200 : max) }')
    rm -f /tmp/standin-sound.raw
    if [ "$1" -gt 0 ] && [ $(($2 * 5)) -ge "$1" ] && fcmp "$3" '>' -45; then
        ok "sound on the loopback: $2 of $1 windows above -60 dBFS, loudest $3 dBFS"
    fi
    bad "too little sound on the loopback: $2 of $1 windows above -60 dBFS (a fifth wanted), loudest $3 dBFS (above -45 wanted)"
    ;;
display)
    BUS=$(i2c_stub_bus) || bad "no i2c-stub bus"
    cmd=" $(i2c_regs "$BUS" | cut -c1-64 | sed 's/../& /g')"
    case "$cmd" in *" a8 3f "*) ;; *) bad "no SSD1306 init (a8 3f) in the command registers:$cmd" ;; esac
    # The playing screen changes every second and the register dump can take longer than that
    # under TCG: compare a paused screen (the knob pauses; it plays on afterwards).
    paused=""
    if phase_is playing; then
        ctl press knob >/dev/null
        wait_until 5 phase_is paused && paused=" (paused for the comparison)"
    fi
    tries=0 verdict="" found=""
    while [ $tries -lt 6 ] && [ -z "$found" ]; do
        tries=$((tries + 1))
        f1=$(json_str frame "$(ctl frame)")
        regs=$(i2c_regs "$BUS")
        f2=$(json_str frame "$(ctl frame)")
        if [ ${#f1} = 2048 ] && out=$(hiltool oled "$f1" "$regs" 0 2>&1); then
            found="init stream and the frame on i2c-stub$paused: $(echo "$out" | tr '\n' ' ')"
        elif [ ${#f2} = 2048 ] && out=$(hiltool oled "$f2" "$regs" 0 2>&1); then
            found="init stream and the frame on i2c-stub (the frame after the dump)$paused: $(echo "$out" | tr '\n' ' ')"
        else
            verdict=$(echo "$out" | tr '\n' ' ')
            usleep 300000
        fi
    done
    if [ -n "$paused" ]; then
        ctl press knob >/dev/null
        wait_until 5 phase_is playing || bad "paused for the comparison, then not playing again: $(status | cut -c1-200)"
    fi
    [ -n "$found" ] && ok "$found"
    bad "the i2c-stub registers do not match the frame$paused: $verdict"
    ;;
status)
    out=$(status)
    echo "$out" | grep -q '"ok":true' && ok "$out"
    bad "$out"
    ;;
*)
    bad "checks.sh: unknown check $1"
    ;;
esac
