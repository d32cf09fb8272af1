#!/bin/sh
# The stand-in's guest-side checks, run over SSH as root by hil/standin/checks-host.sh:
#   checks.sh leaf           a bounced press of leaf on the gpio-sim line: meditation, playing
#   checks.sh playing        waits (30 s) until the box plays
#   checks.sh sound SECONDS  captures the loopback: sound is coming out
#   checks.sh display        the SSD1306 init stream and the frame `ctl frame` reports, on i2c-stub
#   checks.sh status         `sleepbox ctl status`
#   checks.sh voice-sandbox  the natural voice's process: a child of the box, its ids and sandbox, no capability
#   checks.sh speech-package the sleepbox-speech package's items render from the package alone
#   checks.sh companion-closed   the companion switched off: its path unit waits, its service is
#                                inactive, nothing listens on port 8080
#   checks.sh companion-open     switched on: the path unit started it under its unit, as its user,
#                                without capabilities; the page answers on port 8080 (by 127.0.0.1
#                                and by the box's own address)
#   checks.sh companion-mqtt     the man page's MQTT drop-in (the password as a credential): the
#                                companion starts with it and stays up; the drop-in removed again
#   checks.sh companion-ended    switched off: the service ended with status 0 (inactive, not
#                                failed), the port is closed, the path unit waits again
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
# The companion's units, its flag file and its port.
CSVC=sleepbox-companion.service CPATH=sleepbox-companion.path CFLAG=/run/sleepbox/companion CPORT=8080
# listening PORT: a TCP socket listens on PORT, IPv4 or IPv6 (/proc/net/tcp*: the image has no ss).
listening() {
    awk -v p=":$(printf '%04X' "$1")" 'FNR > 1 && $4 == "0A" && substr($2, length($2) - 4) == p { f = 1 } END { exit !f }' \
        /proc/net/tcp /proc/net/tcp6
}
active() { systemctl is-active "$1" 2>/dev/null; }
companion_log() { journalctl -u "$CSVC" -o cat --no-pager -n "${1:-4}" 2>/dev/null | tr '\n' ' ' | cut -c1-400; }
# page URL [HOST]: GET URL with curl (Host: HOST when given) into /tmp/standin-page.html; prints
# the status and the content type, or curl's error.
page() {
    set -- "$1" "${2:+Host: $2}"
    curl -sS -m 20 -o /tmp/standin-page.html -w '%{http_code} %{content_type}' ${2:+-H "$2"} "$1" 2>/tmp/standin-curl.err ||
        echo " (curl exit $?: $(tr '\n' ' ' </tmp/standin-curl.err))"
}

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
voice-sandbox)
    # The box starts its voice to render the stand-in's own spoken item (not in the package).
    main=$(systemctl show -p MainPID --value sleepbox)
    vpid="" i=0
    while [ -z "$vpid" ] && [ $i -lt 120 ]; do
        for d in /proc/[0-9]*; do
            [ "$(cut -d' ' -f4 "$d/stat" 2>/dev/null)" = "$main" ] || continue
            tr '\0' ' ' <"$d/cmdline" 2>/dev/null | grep -q sleepbox_piper_server && vpid=${d#/proc/}
        done
        [ -n "$vpid" ] || { sleep 1; i=$((i + 1)); }
    done
    [ -n "$vpid" ] || bad "no voice process under the box ($main) within 120 s"
    field() { grep -E "^($2):" "/proc/$1/status" | tr -s '\t ' '  ' | tr '\n' ' '; }
    ids='Uid|Gid|Groups|NoNewPrivs|Seccomp|CapBnd' held='CapPrm|CapEff|CapAmb'
    b=$(field "$main" "$ids") v=$(field "$vpid" "$ids")
    cb=$(cat "/proc/$main/cgroup") cv=$(cat "/proc/$vpid/cgroup")
    [ "$b" = "$v" ] || bad "the voice $vpid has other ids or confinement than the box $main: $v / $b"
    [ "$cb" = "$cv" ] || bad "the voice $vpid is in $cv, the box in $cb"
    echo "$v" | grep -q 'NoNewPrivs: 1 Seccomp: 2' || bad "the voice $vpid is not confined: $v"
    # The box holds CAP_SYS_TIME (it sets the clock) and hands it on to nothing.
    vc=$(field "$vpid" "$held") bc=$(field "$main" "$held")
    [ "$vc" = "CapPrm: 0000000000000000 CapEff: 0000000000000000 CapAmb: 0000000000000000 " ] ||
        bad "the voice $vpid has capabilities: $vc (the box: $bc)"
    ok "the voice $vpid ($(tr '\0' ' ' <"/proc/$vpid/cmdline" | cut -c1-60)) under the box $main in $cv, with the box's ids and confinement ($v) and no capability ($vc; the box: $bc)"
    ;;
speech-package)
    [ -d /usr/share/sleepbox/speech ] || bad "no /usr/share/sleepbox/speech: sleepbox-speech is not installed"
    clips=$(find /usr/share/sleepbox/speech -name '*.flac' | wc -l)
    items=$(sed -n 's/^This package was built from these items only: \(.*\)\.$/\1/p' /usr/share/doc/sleepbox-speech/README)
    d=$(mktemp -d)
    trap 'rm -rf "$d"' EXIT
    # The bundled library as the package built it: with --items, the other spoken items left out.
    cp -r /usr/share/sleepbox/content "$d/content"
    if [ -n "$items" ]; then
        find "$d/content" \( -name '*.txt' -o -name '*.timeline.toml' \) | while read -r f; do
            id=$(basename "$f"); id=${id%.timeline.toml}; id=${id%.txt}
            case " $(echo "$items" | tr ',' ' ') " in *" $id "*) ;; *) rm -f "$f" ;; esac
        done
    fi
    # The sample configuration the package was built with (config/sleepbox.toml of the source).
    awk -v c="$d/content" '{ print } /^\[paths\]/ { print "content = \"" c "\"" }' "$S/sample-sleepbox.toml" >"$d/sleepbox.toml"
    $SLEEPBOX content render --config "$d/sleepbox.toml" --state-dir "$d/state" >"$d/out" 2>"$d/err" ||
        bad "sleepbox content render failed: $(tail -n 2 "$d/err" | tr '\n' ' ')"
    line=$(grep 'stretches rendered' "$d/out" | head -n 1)
    echo "$line" | grep -q '(0 stretches rendered, [1-9][0-9]* from the cache)' ||
        bad "the package's items were not all in it: $line"
    ok "${items:-the whole library}: $line; the package has $clips clips"
    ;;
companion-closed)
    [ "$(active $CPATH)" = active ] || bad "$CPATH is $(active $CPATH), not active (waiting for $CFLAG)"
    [ "$(active $CSVC)" = inactive ] || bad "$CSVC is $(active $CSVC), not inactive: $(companion_log)"
    [ ! -e $CFLAG ] || bad "$CFLAG is there with the companion switched off"
    ! listening $CPORT || bad "TCP port $CPORT listens with the companion switched off"
    ok "$CPATH $(systemctl show -p SubState --value $CPATH), $CSVC inactive, no $CFLAG, nothing listens on TCP port $CPORT"
    ;;
companion-open)
    wait_until 20 test -e $CFLAG || bad "no $CFLAG 20 s after the companion was switched on"
    wait_until 60 systemctl is-active --quiet $CSVC || bad "$CSVC is $(active $CSVC) 60 s after $CFLAG appeared: $(companion_log)"
    wait_until 60 listening $CPORT || bad "$CSVC is $(active $CSVC) but nothing listens on TCP port $CPORT after 60 s: $(companion_log)"
    pid=$(systemctl show -p MainPID --value $CSVC)
    [ "$pid" -gt 0 ] 2>/dev/null || bad "$CSVC has no main process: $(companion_log)"
    # Started by the path unit, in the unit's cgroup, as its user, with nothing more.
    trig=$(systemctl show -p TriggeredBy --value $CSVC)
    case " $trig " in *" $CPATH "*) ;; *) bad "$CSVC is not triggered by $CPATH (TriggeredBy=$trig)" ;; esac
    grep -q "/$CSVC\$" /proc/$pid/cgroup || bad "the companion $pid is in $(cat /proc/$pid/cgroup)"
    st() { grep -E "^($1):" /proc/$pid/status | tr -s '\t ' '  ' | tr '\n' ' '; }
    [ "$(awk '/^Uid:/ { print $2 }' /proc/$pid/status)" = "$(id -u sleepbox-companion)" ] &&
        [ "$(awk '/^Gid:/ { print $2 }' /proc/$pid/status)" = "$(getent group sleepbox | cut -d: -f3)" ] ||
        bad "the companion $pid runs as $(st 'Uid|Gid'), not sleepbox-companion:sleepbox"
    caps=$(st 'CapPrm|CapEff|CapBnd|CapAmb')
    [ "$caps" = "CapPrm: 0000000000000000 CapEff: 0000000000000000 CapBnd: 0000000000000000 CapAmb: 0000000000000000 " ] ||
        bad "the companion $pid has capabilities: $caps"
    st 'NoNewPrivs|Seccomp' | grep -q 'NoNewPrivs: 1 Seccomp: 2' || bad "the companion $pid is not confined: $(st 'NoNewPrivs|Seccomp')"
    # The page, as the brief check asks for it, then by the box's own address on its network (the
    # Host check knows it from getifaddrs(), over netlink, inside the sandbox).
    got=$(page http://127.0.0.1:$CPORT/ 127.0.0.1:$CPORT)
    [ "${got%% *}" = 200 ] || bad "GET http://127.0.0.1:$CPORT/ (Host 127.0.0.1:$CPORT): '$got', $(head -c 200 /tmp/standin-page.html | tr '\n' ' ')"
    grep -qi '<html' /tmp/standin-page.html || bad "GET / answered 200 ($got) without an HTML page: $(head -c 200 /tmp/standin-page.html | tr '\n' ' ')"
    title=$(tr '\n' ' ' </tmp/standin-page.html | sed -n 's/.*<title>\([^<]*\)<\/title>.*/\1/p' | cut -c1-60)
    bytes=$(wc -c </tmp/standin-page.html)
    addr=$(hostname -I 2>/dev/null | awk '{ print $1 }')
    [ -n "$addr" ] || bad "the stand-in has no address of its own (hostname -I)"
    got2=$(page http://$addr:$CPORT/)
    [ "${got2%% *}" = 200 ] || bad "GET http://$addr:$CPORT/ (the box's own address): '$got2', $(head -c 200 /tmp/standin-page.html | tr '\n' ' ')"
    rm -f /tmp/standin-page.html
    ok "$CSVC started by $CPATH: pid $pid in its cgroup as sleepbox-companion:sleepbox, no capability, NoNewPrivs and seccomp; TCP $CPORT listens; GET / (Host 127.0.0.1:$CPORT): $got, $bytes bytes of HTML (title '$title'); by $addr:$CPORT: ${got2%% *}"
    ;;
companion-mqtt)
    D=/etc/systemd/system/$CSVC.d
    install -d -m 0700 /etc/sleepbox-companion
    (umask 077 && echo standin-secret >/etc/sleepbox-companion/mqtt-password)
    install -d "$D"
    # As the man page writes it (a broker on the box itself: none is running, the link retries).
    printf '%s\n' '[Service]' 'LoadCredential=mqtt-password:/etc/sleepbox-companion/mqtt-password' \
        'Environment="MQTT_OPTIONS=--mqtt-host 127.0.0.1 --mqtt-user sleepbox --mqtt-password-file %d/mqtt-password"' >"$D/mqtt.conf"
    undo() { rm -rf "$D" /etc/sleepbox-companion; systemctl daemon-reload; systemctl restart $CSVC; }
    systemctl daemon-reload
    systemctl restart $CSVC
    wait_until 60 listening $CPORT || { undo; bad "with the MQTT drop-in nothing listens on $CPORT: $(active $CSVC); $(companion_log 6)"; }
    pid=$(systemctl show -p MainPID --value $CSVC)
    cmd=$(tr '\0' ' ' </proc/$pid/cmdline 2>/dev/null)
    sleep 3
    pid2=$(systemctl show -p MainPID --value $CSVC)
    state=$(active $CSVC)
    log=$(journalctl -o cat --no-pager _PID=$pid 2>/dev/null | tail -n 2 | tr '\n' ' ' | cut -c1-200)
    undo
    wait_until 60 listening $CPORT || bad "the drop-in removed, nothing listens on $CPORT again: $(active $CSVC); $(companion_log 6)"
    [ "$pid2" = "$pid" ] && [ "$state" = active ] || bad "with the MQTT drop-in the companion did not stay up ($pid, then $pid2, $state): $log"
    case "$cmd" in *"--mqtt-host 127.0.0.1 --mqtt-user sleepbox --mqtt-password-file /run/credentials/$CSVC/mqtt-password"*) ;;
        *) bad "the companion's command line with the drop-in: $cmd" ;; esac
    ok "the MQTT drop-in: pid $pid ran '$(echo "$cmd" | cut -c1-200)' and stayed up (no broker there: $log); removed again, the page back without MQTT"
    ;;
companion-ended)
    wait_until 30 sh -c "! systemctl is-active --quiet $CSVC" || bad "$CSVC still $(active $CSVC) 30 s after the companion was switched off: $(companion_log)"
    state=$(active $CSVC) result=$(systemctl show -p Result --value $CSVC) code=$(systemctl show -p ExecMainStatus --value $CSVC)
    [ "$state" = inactive ] && [ "$result" = success ] && [ "$code" = 0 ] ||
        bad "$CSVC after the switch-off: $state, Result=$result, status $code: $(companion_log)"
    wait_until 10 sh -c "! test -e $CFLAG" || bad "$CFLAG still there"
    ! listening $CPORT || bad "TCP port $CPORT still listens"
    # The path unit waits for the next switch-on, and does not start the companion again meanwhile.
    sleep 3
    [ "$(active $CSVC)" = inactive ] || bad "$CSVC is $(active $CSVC) again after it ended"
    [ "$(systemctl show -p SubState --value $CPATH)" = waiting ] || bad "$CPATH is $(active $CPATH)/$(systemctl show -p SubState --value $CPATH), not waiting"
    ok "$CSVC inactive (Result=$result, status $code), $CFLAG gone, TCP port $CPORT closed, $CPATH waiting; the journal: $(companion_log 2)"
    ;;
*)
    bad "checks.sh: unknown check $1"
    ;;
esac
