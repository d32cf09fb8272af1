# The stand-in's checks, sourced by hil/standin/run.sh (its functions: g, boot, wait_ssh,
# stage, pass, fail, info, die; its variables: REPO, SD, P, PACKAGE, VERSION, LAST, DISK, QPID).

DEPLOY=$REPO/deploy/deploy.sh
GUEST_CONF=$SD/guest/sleepbox.toml
# chk NAME GUEST-CHECK ARGS...: runs checks.sh on the stand-in; PASS or FAIL with its line.
chk() {
    local name=$1 out
    shift
    if out=$(g sudo /usr/local/lib/standin/checks.sh "$@" 2>>"$LAST/guest-stderr.log"); then
        pass "$name" "${out#ok }"
    else
        fail "$name" "${out#bad }"
    fi
}
show() { g sudo systemctl show -p "$1" --value sleepbox 2>/dev/null; }
installed() { g "dpkg-query -W -f='\${Version}' sleepbox" 2>/dev/null; }
# deploy_expect NAME LOG RC-WANTED PATTERN ARGS...: runs deploy.sh; PASS when it exits as wanted
# and its output has PATTERN.
deploy_run() {
    local log=$LAST/deploy-$1.log
    shift
    "$DEPLOY" "$@" >"$log" 2>&1
}

# voice_checks: after the upgrade with sleepbox-voice and sleepbox-speech, installed without a
# network (the stand-in has none: QEMU's user network is restricted): doctor names the natural
# voice, its process runs in the box's sandbox with nothing more than the box, and the items of
# sleepbox-speech are rendered from nothing (every stretch is in the package).
voice_checks() {
    stage voice
    local out
    out=$(g sudo sleepbox doctor 2>&1 | grep -E '^voice  ' | cut -c1-240)
    if echo "$out" | grep -q 'ok *the natural voice.*/usr/lib/sleepbox/voice'; then
        pass voice-doctor "installed offline; sleepbox doctor: $out"
    else
        fail voice-doctor "sleepbox doctor: ${out:-no voice line}"
    fi
    chk voice-sandbox voice-sandbox
    # The speech package's items rendered by the installed box's own loader into an empty state
    # folder: every stretch must come from the package (the CI builds it from two items).
    chk speech-package speech-package
}

# companion_checks: the owner switches the companion on and off on the box (`sleepbox ctl
# companion on|off`, as root like the other ctl calls here): the path unit starts its service, the
# page answers on port 8080 from inside its sandbox, whose exposure is at most 2.0, the man page's
# MQTT drop-in works, and switched off the companion ends by itself (inactive, not failed) and the
# port closes.
companion_checks() {
    stage companion
    local out level
    if out=$(g sudo sleepbox ctl companion on 2>&1); then
        chk companion-on companion-open
    else
        fail companion-on "sleepbox ctl companion on: $(echo "$out" | tr '\n' ' ')"
    fi
    out=$(g sudo systemd-analyze security --no-pager sleepbox-companion.service 2>&1 | tail -n 1)
    g sudo systemd-analyze security --no-pager sleepbox-companion.service >"$LAST/systemd-analyze-security-companion.txt" 2>&1 || true
    level=$(echo "$out" | grep -o '[0-9][0-9]*\.[0-9]' | head -n 1)
    if [ -n "$level" ] && fcmp_host "$level" '<=' 2.0; then
        pass companion-exposure "systemd-analyze security inside the stand-in: $out"
    else
        fail companion-exposure "systemd-analyze security: $out"
    fi
    chk companion-mqtt companion-mqtt
    if out=$(g sudo sleepbox ctl companion off 2>&1); then
        chk companion-off companion-ended
    else
        fail companion-off "sleepbox ctl companion off: $(echo "$out" | tr '\n' ' ')"
    fi
    out=$(g sudo journalctl -u sleepbox-companion -o cat --no-pager | grep -E 'EPERM|EACCES|Permission denied|Operation not permitted|not permitted' | head -n 3 || true)
    g sudo journalctl -u sleepbox-companion -o short-monotonic --no-pager >"$LAST/journal-companion.txt" 2>&1 || true
    if [ -z "$out" ]; then
        pass companion-no-eperm "journalctl -u sleepbox-companion: no EPERM/EACCES in $(wc -l <"$LAST/journal-companion.txt") lines"
    else
        fail companion-no-eperm "$out"
    fi
}

# The checks judge every command themselves: a failing one is a FAIL line, not the end of the run.
deploy_checks() {
    set +e
    # --- 1. the first deploy ----------------------------------------------------------------------
    stage deploy
    local t0 rc out
    t0=$(date +%s)
    # Device events keep coming while the package installs (a Pi's USB, Wi-Fi and sound do the
    # same): udevd reads the package's rules when they are unpacked, so the groups they name must
    # exist by then (preinst), or the GPIO chip stays root's and the service cannot open it.
    g sudo systemd-run --quiet --unit=standin-uevents sh -c \
        "'while :; do echo change >/sys/class/mem/null/uevent; sleep 0.5; done'" || true
    deploy_run first --config "$GUEST_CONF" --package "$P/older.deb" standin
    rc=$?
    g sudo systemctl stop standin-uevents 2>/dev/null || true
    if [ $rc = 0 ]; then
        pass deploy-first "deploy.sh installed $(installed) in $(($(date +%s) - t0)) s: $(tail -n 1 "$LAST/deploy-first.log")"
    else
        fail deploy-first "deploy.sh failed: $(tail -n 8 "$LAST/deploy-first.log" | tr '\n' ' ')"
        return 0
    fi
    # Type=notify: systemd calls it active (running) only after READY=1.
    out="Type=$(show Type) $(show ActiveState)/$(show SubState) NotifyAccess=$(show NotifyAccess) WatchdogUSec=$(show WatchdogUSec)"
    if [ "$(show Type)" = notify ] && [ "$(show SubState)" = running ] &&
        g sudo journalctl -u sleepbox -o cat --no-pager | grep -q '^Started sleepbox.service'; then
        pass systemd-ready "$out; the journal: $(g sudo journalctl -u sleepbox -o cat --no-pager | grep '^Started sleepbox.service' | tail -n 1)"
    else
        fail systemd-ready "$out"
    fi
    # The companion is off until the owner switches it on: a fresh install opens no port.
    chk companion-off-at-install companion-closed
    g "ls -l /dev/gpiochip* /dev/i2c-* /dev/snd/pcmC*" >"$LAST/devices.txt" 2>&1 || true
    chk leaf-gpio leaf
    chk sound sound 4
    chk display display
    # The control socket: a member of the group sleepbox (a new login after adduser), not others.
    g sudo adduser --quiet owner sleepbox >/dev/null
    if out=$(ssh -F "$SSH_CONFIG" -o ControlPath=none standin sleepbox ctl status 2>&1) && echo "$out" | grep -q '"ok":true'; then
        pass ctl-group "owner (in group sleepbox): $(echo "$out" | cut -c1-120)"
    else
        fail ctl-group "owner (in group sleepbox): $out"
    fi
    if out=$(g sudo -u other sleepbox ctl status 2>&1); then
        fail ctl-refused "other (not in group sleepbox) got an answer: $out"
    else
        pass ctl-refused "other (not in group sleepbox): $(echo "$out" | head -n 1)"
    fi

    # --- 2. the watchdog, restarts, reload ----------------------------------------------------------
    stage watchdog
    local pid1 pid2 t_stop wd wdline killed
    # systemctl prints it as 10s, 2min or 1min 30s.
    wd=$(show WatchdogUSec | awk '{ t = 0; for (i = 1; i <= NF; i++) { v = $i + 0; t += ($i ~ /min$/) ? v * 60 : v } print t }')
    pid1=$(show MainPID)
    # The guest's clock just after the stop and the journal's time of the watchdog's kill: SSH's
    # own delays on a loaded host do not enter the figure.
    t_stop=$(g "sudo sh -c 'kill -STOP $pid1 && date +%s.%N'" | head -n 1)
    pid2=$pid1
    for _ in $(seq $(( wd * 2 + 20 ))); do
        sleep 0.5
        pid2=$(show MainPID)
        [ "$pid2" = "$pid1" ] || [ "$pid2" = 0 ] || break
    done
    wdline=$(g sudo journalctl -u sleepbox -o short-unix --no-pager | grep -i 'watchdog timeout' |
        awk -v t="$t_stop" '$1 >= t' | head -n 1)
    killed=$(echo "$wdline" | awk -v t="$t_stop" '{ printf "%.1f", $1 - t }')
    # systemd kills it at most WatchdogSec after the last ping, which came before the stop; its
    # timer and the journal add a little (under TCG on a loaded host, up to a second or so).
    if [ "$pid2" != "$pid1" ] && [ -n "$wdline" ] && fcmp_host "$killed" '<=' "$((wd + 2))"; then
        pass watchdog-stop "SIGSTOP to $pid1: killed by the watchdog $killed s later by the guest's journal (WatchdogSec=$wd), then a new process $pid2; the journal: ${wdline#* }"
    else
        fail watchdog-stop "SIGSTOP to $pid1 at $t_stop: MainPID $pid2; the journal: ${wdline:-no watchdog line after the stop}"
    fi
    chk watchdog-resumes playing
    chk watchdog-sound sound 3
    pid1=$(show MainPID)
    g sudo kill -KILL "$pid1"
    sleep 3
    chk sigkill-restarts playing
    pid2=$(show MainPID)
    [ "$pid2" != "$pid1" ] && pass sigkill-new-process "SIGKILL to $pid1, now $pid2 ($(show NRestarts) restarts)" ||
        fail sigkill-new-process "MainPID still $pid1"
    # Reload: the configured volume changes from 50 to 40; the box reads it on SIGHUP.
    g "sudo sed -i 's/^volume = 50/volume = 40/' /etc/sleepbox/sleepbox.toml"
    pid1=$(show MainPID)
    g sudo systemctl reload sleepbox
    sleep 2
    if [ "$(show MainPID)" = "$pid1" ] && g sudo journalctl -u sleepbox -o cat --no-pager -n 40 | grep -q 'configuration reloaded'; then
        pass reload "systemctl reload: the same process $pid1; the journal: $(g sudo journalctl -u sleepbox -o cat --no-pager -n 40 | grep 'configuration reloaded' | tail -n 1)"
    else
        fail reload "MainPID $pid1 -> $(show MainPID); the journal's last lines: $(g sudo journalctl -u sleepbox -o cat --no-pager -n 5 | tr '\n' ' ')"
    fi
    g "sudo sed -i 's/^volume = 40/volume = 50/' /etc/sleepbox/sleepbox.toml && sudo systemctl reload sleepbox"

    # --- 3. the hardening -----------------------------------------------------------------------------
    stage security
    out=$(g sudo systemd-analyze security --no-pager sleepbox.service 2>&1 | tail -n 1)
    g sudo systemd-analyze security --no-pager sleepbox.service >"$LAST/systemd-analyze-security.txt" 2>&1 || true
    local level
    level=$(echo "$out" | grep -o '[0-9][0-9]*\.[0-9]' | head -n 1)
    if [ -n "$level" ] && fcmp_host "$level" '<=' 2.0; then
        pass exposure "systemd-analyze security inside the stand-in: $out"
    else
        fail exposure "systemd-analyze security: $out"
    fi

    companion_checks

    # --- 4. upgrade, rollback, a failing package, bad input -------------------------------------------
    stage upgrade
    local conf_before conf_after item_before item_after older
    older=$(installed)
    conf_before=$(g sha256sum /etc/sleepbox/sleepbox.toml | cut -c1-16)
    item_before=$(g sudo sleepbox ctl status | grep -o '"item":{[^}]*}' | grep -o '"id":"[^"]*"')
    # The upgrade brings the voice and the speech packages (--with) in the same deploy.
    local with=() w
    for w in "${WITH[@]}"; do with+=(--package "$w"); done
    if deploy_run upgrade --package "$PACKAGE" "${with[@]}" standin; then
        conf_after=$(g sha256sum /etc/sleepbox/sleepbox.toml | cut -c1-16)
        item_after=$(g sudo sleepbox ctl status | grep -o '"item":{[^}]*}' | grep -o '"id":"[^"]*"')
        if [ "$(installed)" = "$VERSION" ] && [ "$conf_after" = "$conf_before" ] && [ -n "$item_before" ] && [ "$item_after" = "$item_before" ]; then
            pass upgrade "$older -> $VERSION$( [ ${#WITH[@]} = 0 ] || echo " with $(for w in "${WITH[@]}"; do dpkg-deb -f "$w" Package; done | paste -sd' ')"): the configuration kept (sha256 $conf_after...), the state kept (playing $item_after again)"
        else
            fail upgrade "now $(installed); configuration $conf_before -> $conf_after; item $item_before -> $item_after"
        fi
    else
        fail upgrade "deploy.sh failed: $(tail -n 5 "$LAST/deploy-upgrade.log" | tr '\n' ' ')"
    fi
    [ ${#WITH[@]} = 0 ] || voice_checks
    if deploy_run failing --package "$P/failing.deb" standin; then
        fail failing-rolled-back "deploy.sh accepted a package whose service fails"
    elif [ "$(installed)" = "$VERSION" ] && g sudo sleepbox ctl status | grep -q '"ok":true'; then
        pass failing-rolled-back "deploy.sh: $(grep -E 'rolling back|runs .* again' "$LAST/deploy-failing.log" | tr '\n' ' ')"
    else
        fail failing-rolled-back "now $(installed): $(tail -n 5 "$LAST/deploy-failing.log" | tr '\n' ' ')"
    fi

    # The previous set is the older sleepbox alone: the rollback removes the voice and the speech.
    local others
    if deploy_run rollback --rollback standin && [ "$(installed)" = "$older" ] &&
        others=$(g "dpkg-query -W -f='\${Package} \${Status}\n' sleepbox-voice sleepbox-speech 2>/dev/null | grep 'ok installed'"; true) &&
        [ -z "$others" ]; then
        pass rollback "deploy.sh --rollback: $(installed) again$( [ ${#WITH[@]} = 0 ] || echo ', the voice and the speech removed with it'); $(tail -n 1 "$LAST/deploy-rollback.log")"
    else
        fail rollback "now $(installed)${others:+, still installed: $others}: $(tail -n 5 "$LAST/deploy-rollback.log" | tr '\n' ' ')"
    fi

    stage bad-input
    local pid ver
    pid=$(show MainPID) ver=$(installed)
    untouched() { [ "$(show MainPID)" = "$pid" ] && [ "$(installed)" = "$ver" ]; }
    # bad NAME PATTERN ARGS...: deploy.sh must fail, say PATTERN, and leave the box as it was.
    bad() {
        local name=$1 pattern=$2
        shift 2
        if deploy_run "$name" "$@"; then
            fail "$name" "deploy.sh succeeded"
        elif grep -qi "$pattern" "$LAST/deploy-$name.log" && untouched; then
            pass "$name" "$(grep -i "$pattern" "$LAST/deploy-$name.log" | head -n 1)"
        else
            fail "$name" "box untouched: $(untouched && echo yes || echo no); $(tail -n 3 "$LAST/deploy-$name.log" | tr '\n' ' ')"
        fi
    }
    local closed
    closed=$(free_port)
    DEPLOY_SSH_OPTIONS="-F $SSH_CONFIG -p $closed" bad bad-unreachable "cannot reach" --package "$PACKAGE" standin
    bad bad-arch "is for arm64" --package "$P/otherarch.deb" standin
    bad bad-notours "not sleepbox" --package "$P/notours.deb" standin
    bad bad-garbage "not a Debian package" --package "$P/garbage.deb" standin
    # A full disk: all but 8 MB of the root file system taken by a file.
    local free_kb
    free_kb=$(g "df -Pk /var | awk 'NR == 2 { print \$4 }'")
    g "sudo fallocate -l $(( (free_kb - 8192) * 1024 )) /var/tmp/filler"
    bad bad-full-disk "MB free" --package "$PACKAGE" standin
    g sudo rm -f /var/tmp/filler

    # --- 3b. no permission errors in the whole run ----------------------------------------------------
    out=$(g sudo journalctl -u sleepbox -o cat --no-pager | grep -E 'EPERM|EACCES|Permission denied|Operation not permitted|not permitted' | head -n 3 || true)
    g sudo journalctl -u sleepbox -o short-monotonic --no-pager >"$LAST/journal-sleepbox.txt" 2>&1 || true
    if [ -z "$out" ]; then
        pass no-eperm "journalctl -u sleepbox: no EPERM/EACCES in $(wc -l <"$LAST/journal-sleepbox.txt") lines of the whole run"
    else
        fail no-eperm "$out"
    fi
}

# st_lines FILE: the agent's complete ST lines with the box playing (a cut can leave the last
# line half written).
st_lines() {
    if [ -n "$(tail -c 1 "$1")" ]; then sed '$d' "$1"; else cat "$1"; fi | awk '$1 == "ST" && $4 == "playing" && NF == 7'
}
# beat_lines FILE: the agent's complete heartbeat lines.
beat_lines() {
    if [ -n "$(tail -c 1 "$1")" ]; then sed '$d' "$1"; else cat "$1"; fi | awk '$1 == "T" && NF == 2'
}
fcmp_host() { awk -v a="$1" -v b="$3" "BEGIN { exit !(a $2 b) }"; }

# --- the voice's cache under power cuts --------------------------------------------------------
# The stand-in's content has a spoken item of its own (guest/content): the box renders its clips
# in the background. The package's own binary renders the same items on the host with the same
# configuration in a fresh process, as the box does after a start: the reference, byte for byte.
# Before each cut's boot the clips are deleted from the disk, so the box renders them again while
# it plays and the cut can land in a write. After the cut each clip on the disk is intact (the
# reference's bytes), damaged (other bytes) or missing; the box's own loader then reads a copy
# (`sleepbox content render`: what it finds damaged it deletes and renders again) and must take
# exactly the intact ones from the cache and render the rest. (Its renders of a few clips are
# not compared with the reference: espeak-ng's sound depends on what it spoke before in the same
# process.)
SPEECH_DIR=/var/lib/sleepbox/speech-cache
speech_setup() {
    SB=$LAST/speech
    rm -rf "$SB" && mkdir -p "$SB"
    dpkg-deb -x "$PACKAGE" "$SB/pkg"
    sed "s|^content = .*|content = \"$ROOTFS/usr/local/share/standin/content\"|" "$GUEST_CONF" >"$SB/host.toml"
    "$SB/pkg/usr/bin/sleepbox" content render --config "$SB/host.toml" --state-dir "$SB/ref" >"$SB/ref.log" 2>&1 &&
        (cd "$SB/ref/speech-cache" && sha256sum -- *) >"$SB/ref.sum" && [ -s "$SB/ref.sum" ]
}
# speech_on_guest: waits (up to 300 s) until the running box's cache holds the reference's clips.
speech_on_guest() {
    local deadline=$(($(date +%s) + 300))
    while [ "$(date +%s)" -lt "$deadline" ]; do
        g "sudo sh -c 'cd $SPEECH_DIR && sha256sum -c --quiet'" <"$SB/ref.sum" >/dev/null 2>&1 && return 0
        sleep 3
    done
    return 1
}
# speech_clear: the clips deleted from the (stopped) stand-in's disk.
speech_clear() {
    debugfs -R "ls -p $SPEECH_DIR" "$DISK" 2>/dev/null |
        awk -F/ 'NF >= 7 && $6 != "." && $6 != ".." && $6 != "" { print "rm '"$SPEECH_DIR"'/" $6 }' >"$SB/clear.cmds"
    [ -s "$SB/clear.cmds" ] || return 0
    debugfs -w -f "$SB/clear.cmds" "$DISK" >/dev/null 2>&1
}
# speech_after_cut: the clips as the cut left them, read by the box's loader; sets SPEECH_LINE
# (what was found) and returns 1 with SPEECH_PROBLEM when a clip is not the reference's after it.
speech_after_cut() {
    local d=$SB/cut st=$SB/cut/state/speech-cache sum name intact=0 short=0 missing=0 temps extra
    local counts rendered cached
    rm -rf "$d" && mkdir -p "$d/state"
    debugfs -R "rdump $SPEECH_DIR $d/state" "$DISK" >/dev/null 2>&1 || true
    mkdir -p "$st"
    temps=$(find "$st" -maxdepth 1 -name '.*.part' | wc -l)
    : >"$d/intact.sum"
    while read -r sum name; do
        if [ ! -e "$st/$name" ]; then
            missing=$((missing + 1))
        elif [ "$(sha256sum <"$st/$name" | cut -d' ' -f1)" = "$sum" ]; then
            intact=$((intact + 1))
            echo "$sum  $name" >>"$d/intact.sum"
        else
            short=$((short + 1))
        fi
    done <"$SB/ref.sum"
    SPEECH_LINE="speech cache: $intact clips intact, $short damaged by the cut, $missing not written yet, $temps temporary files"
    [ $short -gt 0 ] || [ $temps -gt 0 ] && SPEECH_WRITES=$((SPEECH_WRITES + 1))
    if ! "$SB/pkg/usr/bin/sleepbox" content render --config "$SB/host.toml" --state-dir "$d/state" >"$d/render.log" 2>&1; then
        SPEECH_PROBLEM="sleepbox content render on the cut's clips failed: $(tail -n 2 "$d/render.log" | tr '\n' ' ')"
        return 1
    fi
    # Its summary: "(N stretches rendered, M from the cache)". Only the intact clips may come
    # from the cache; a damaged one it took for a good one would be one more.
    counts=$(sed -n 's/.*(\([0-9]*\) stretches rendered, \([0-9]*\) from the cache).*/\1 \2/p' "$d/render.log" | head -n 1)
    rendered=${counts% *} cached=${counts#* }
    if [ -z "$counts" ] || [ "$cached" != "$intact" ] || [ "$rendered" != $((short + missing)) ]; then
        SPEECH_PROBLEM="the box's loader took $cached clips from the cache and rendered ${rendered:-?} (the intact: $intact; damaged or missing: $((short + missing))): a damaged clip taken for a good one"
        return 1
    fi
    if [ -s "$d/intact.sum" ] && ! (cd "$st" && sha256sum -c --quiet "$d/intact.sum") >"$d/check.log" 2>&1; then
        SPEECH_PROBLEM="an intact clip changed when it was loaded: $(head -n 2 "$d/check.log" | tr '\n' ' ')"
        return 1
    fi
    extra=$(find "$st" -mindepth 1 | grep -v -F -f <(awk '{ print $2 }' "$SB/ref.sum") | wc -l)
    if [ "$extra" -gt 0 ] || [ "$(find "$st" -mindepth 1 | wc -l)" != "$(wc -l <"$SB/ref.sum")" ]; then
        SPEECH_PROBLEM="the cache after the loader is not the reference's clips: $extra other files (a temporary file left behind?)"
        return 1
    fi
    if [ $short -gt 0 ] || [ $temps -gt 0 ]; then
        SPEECH_LINE="$SPEECH_LINE; the box's loader rendered the damaged again and left no temporary file"
    fi
}

# boot_trouble: what the agent, the console and QEMU last said, for a boot that went wrong.
boot_trouble() {
    local alive=running
    kill -0 "$QPID" 2>/dev/null || alive="QEMU ended"
    echo "$alive; agent: $(tail -n 3 "$LAST/serial1.log" | tr '\n' ' '); console: $(tail -n 3 "$LAST/console-$CONSOLE_N.log" | tr '\n' ' '); qemu: $(tail -n 2 "$LAST/qemu.out" 2>/dev/null | tr '\n' ' ')"
}

# power_cuts N: N times, while the box plays and saves, QEMU is killed at a random moment; the
# disk is checked on the host (the journal replayed, then e2fsck -fn must be clean; the state
# file read with debugfs must parse), the stand-in booted again, and the box must resume the
# same item no later than where its sound had got to.
power_cuts() {
    set +e
    local n=$1 i
    stage power-cuts
    SPEECH_WRITES=0
    local speech=""
    if ! speech_setup; then
        fail speech-first "the package's binary could not render the stand-in's spoken items on the host: $(tail -n 2 "$SB/ref.log" | tr '\n' ' ')"
    elif speech_on_guest; then
        speech=1
        pass speech-first "the box rendered its $(wc -l <"$SB/ref.sum") clips in the background, byte for byte as the package renders them on the host"
    else
        fail speech-first "after 300 s the box's cache does not hold the $(wc -l <"$SB/ref.sum") clips of its spoken item as the package renders them on the host"
    fi
    stop_vm
    RANDOM=${STANDIN_SEED:-$$}
    info "power cuts: seed $RANDOM"
    local cut_ok=0 cut_bad=0
    SOUNDS_OK=0
    # These boots need no network and no SSH: the agent reports on the serial port.
    CUT_ARGS="standin.agent=1 systemd.mask=ssh.service systemd.mask=systemd-networkd.service systemd.mask=ssh.socket systemd.mask=systemd-networkd.socket"
    for i in $(seq 1 "$n"); do
        [ -z "$speech" ] || speech_clear
        # A boot whose system never came up (no UP from the agent: QEMU ended or the kernel
        # found no disk) is the stand-in's, not the box's: it is said and tried once more. The
        # disk it left was checked clean after the cut, so a second such boot is a failure.
        local try deadline
        for try in 1 2; do
            boot $CUT_ARGS
            T_BOOTED=$(date +%s.%N)
            # Wait for the agent's first ST line with phase playing.
            deadline=$(($(date +%s) + 240))
            while ! grep -q '^ST .* playing ' "$LAST/serial1.log" 2>/dev/null; do
                kill -0 "$QPID" 2>/dev/null || break
                [ "$(date +%s)" -lt "$deadline" ] || break
                sleep 0.5
            done
            grep -q '^UP ' "$LAST/serial1.log" && break
            [ "$try" = 2 ] && break
            info "boot $i: the stand-in's system did not come up ($(boot_trouble)); booting again"
            kill -9 "$QPID" 2>/dev/null || true; wait "$QPID" 2>/dev/null || true; QPID=""
        done
        if ! grep -q '^ST .* playing ' "$LAST/serial1.log"; then
            fail "cut-$i" "the box was not playing before the cut: $(boot_trouble)"
            cut_bad=$((cut_bad + 1))
            kill -9 "$QPID" 2>/dev/null || true; wait "$QPID" 2>/dev/null || true; QPID=""
            continue
        fi
        local boot_s
        boot_s=$(awk '/^START/ { print $2 / 1000; exit }' "$LAST/serial1.log")
        # The previous cut's state, as the box came back with it (the first ST line after START).
        if [ -n "${CUT_ITEM:-}" ]; then
            local first
            first=$(st_lines "$LAST/serial1.log" | head -n 1)
            local f_item f_pos f_ms start_ms
            f_ms=$(echo "$first" | cut -d' ' -f2) f_item=$(echo "$first" | cut -d' ' -f5) f_pos=$(echo "$first" | cut -d' ' -f6)
            start_ms=$(awk '/^START/ { print $3; exit }' "$LAST/serial1.log")
            # From its saved position, the box can have played at most as long as it has run.
            local ran
            ran=$(awk -v a="$f_ms" -v b="$start_ms" 'BEGIN { printf "%.1f", (a - b) / 1000 }')
            if [ "$f_item" = "$CUT_ITEM" ] && fcmp_host "$f_pos" '<=' "$(awk -v a="$CUT_SOUND" -v r="$ran" 'BEGIN { print a + r + 1 }')"; then
                pass "resume-$((i - 1))" "after cut $((i - 1)): $f_item at $f_pos s, $ran s after systemd started it; its sound had got to $CUT_SOUND s at most"
            else
                fail "resume-$((i - 1))" "after cut $((i - 1)): $f_item at $f_pos s ($ran s after start); before the cut: $CUT_ITEM, sound at $CUT_SOUND s"
            fi
        fi
        # The agent's sound check comes first (the box plays again after the cut), then the cut
        # at a random moment 1-20 s later: past the knob's saves and, often, the periodic one.
        deadline=$(($(date +%s) + 30))
        while ! grep -q '^SOUND ' "$LAST/serial1.log" && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.5; done
        if grep -q '^SOUND ok' "$LAST/serial1.log"; then
            SOUNDS_OK=$((SOUNDS_OK + 1))
        else
            info "boot $i: $(grep '^SOUND' "$LAST/serial1.log" | head -n 1 || echo 'no SOUND line from the agent')"
        fi
        # Meanwhile the host watches the reports arrive: a report was written after the poll
        # before the one that first saw it, so the sound at the cut is at most its position plus
        # the time from that poll to the kill (under TCG the reports can lag by many seconds).
        # The reports' positions are read after their times, so the sound at the cut is at most a
        # report's position plus the guest's clock at the cut minus the report's time; the
        # guest's clock at the cut is at most the last heartbeat plus the time from the poll
        # before the one that first saw it to the kill.
        local t_end last="" beat="" line seen_after now prev_poll
        t_end=$(awk -v r="$RANDOM" -v t="$(date +%s.%N)" 'BEGIN { printf "%.2f", t + 1 + (r % 1900) / 100 }')
        prev_poll=$T_BOOTED seen_after=$T_BOOTED
        while :; do
            line=$(beat_lines "$LAST/serial1.log" | tail -n 1)
            now=$(date +%s.%N)
            [ "$line" = "$beat" ] || { beat=$line; seen_after=$prev_poll; }
            prev_poll=$now
            fcmp_host "$now" '<' "$t_end" || break
            sleep 0.2
        done
        kill -9 "$QPID" 2>/dev/null || true
        local t_cut
        t_cut=$(date +%s.%N)
        wait "$QPID" 2>/dev/null || true
        QPID=""
        last=$(st_lines "$LAST/serial1.log" | tail -n 1)
        CUT_ITEM=$(echo "$last" | cut -d' ' -f5)
        CUT_SOUND=$(awk -v p="$(echo "$last" | cut -d' ' -f6)" -v ts="$(echo "$last" | cut -d' ' -f2)" \
            -v b="$(echo "$beat" | cut -d' ' -f2)" -v k="$t_cut" -v w="$seen_after" \
            'BEGIN { printf "%.3f", p + (b + (k - w)) - ts / 1000 }')
        cp "$LAST/serial1.log" "$LAST/serial1-cut-$i.log"
        # The disk as the guest left it.
        local fsck1 fsck2 rc2 state files
        fsck1=$(e2fsck -E journal_only -y "$DISK" 2>&1 | tail -n 2 | tr '\n' ' ') || true
        rc2=0
        fsck2=$(e2fsck -fn "$DISK" 2>&1) || rc2=$?
        state=$(debugfs -R "cat /var/lib/sleepbox/state.json" "$DISK" 2>/dev/null)
        files=$(debugfs -R "ls -l /var/lib/sleepbox" "$DISK" 2>/dev/null)
        local problems=""
        [ $rc2 = 0 ] || problems="$problems e2fsck -fn exit $rc2: $(echo "$fsck2" | grep -v '^Pass\|^e2fsck\|^standin' | head -n 3 | tr '\n' ' ');"
        local parsed
        if parsed=$(printf '%s' "$state" | python3 -c '
import json, sys
s = json.load(sys.stdin)
item = s.get("item") or {}
print(item.get("id", "-"), item.get("position", -1), item.get("playing", False))' 2>&1); then
            :
        else
            problems="$problems state.json does not parse ($(printf '%s' "$state" | wc -c) bytes): $parsed;"
        fi
        # Empty files, or a corrupt state or history moved aside by the box, are data lost
        # (SQLite's write-ahead log and its index are empty after a checkpoint, and the lock file
        # holds only the running process's id, written without an fsync: not data).
        local empty
        empty=$(echo "$files" | awk '$6 == 0 && $NF != "." && $NF != ".." && $1 !~ /^40/ && $NF !~ /-(wal|shm)$/ && $NF != "lock" { print $NF }' | tr '\n' ' ')
        [ -z "$empty" ] || problems="$problems empty files: $empty;"
        ! echo "$files" | grep -q 'corrupt' || problems="$problems a state file or the history was moved aside as corrupt;"
        # The history as the cut left it, read as the next start reads it (the database and its
        # write-ahead log): SQLite's integrity check passes, and every session is there once.
        local hist history=""
        hist=$(mktemp -d)
        debugfs -R "dump /var/lib/sleepbox/history.db $hist/history.db" "$DISK" >/dev/null 2>&1 || true
        debugfs -R "dump /var/lib/sleepbox/history.db-wal $hist/history.db-wal" "$DISK" >/dev/null 2>&1 || true
        if [ -s "$hist/history.db" ]; then
            if history=$(python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
check = db.execute("PRAGMA integrity_check").fetchone()[0]
n, distinct = db.execute("SELECT count(*), count(DISTINCT item_id || char(124) || started_at) FROM sessions").fetchone()
if check != "ok" or n != distinct:
    sys.exit(f"integrity_check {check}, {n} sessions, {distinct} distinct")
print(f"history.db: {n} sessions")' "$hist/history.db" 2>&1); then
                history="; $history"
            else
                problems="$problems the history does not check: $history;"
            fi
        fi
        rm -rf "$hist"
        local speech_line=""
        if [ -n "$speech" ]; then
            if speech_after_cut; then speech_line="; $SPEECH_LINE"; else problems="$problems $SPEECH_PROBLEM ($SPEECH_LINE);"; fi
        fi
        set -- $parsed
        local s_item=${1:-} s_pos=${2:-}
        if [ -n "$s_item" ] && [ "$s_item" != "$CUT_ITEM" ]; then
            problems="$problems the saved item $s_item is not the one playing ($CUT_ITEM);"
        fi
        if [ -n "$s_pos" ] && ! fcmp_host "$s_pos" '<=' "$CUT_SOUND"; then
            problems="$problems the saved position $s_pos is past where the sound had got to ($CUT_SOUND);"
        fi
        if [ -z "$problems" ]; then
            cut_ok=$((cut_ok + 1))
            pass "cut-$i" "killed after $(grep -c '^ST' "$LAST/serial1.log") reports (sleepbox answered $boot_s s after boot); fsck clean after the journal replay; state.json: $s_item at $s_pos s (its sound had got to $CUT_SOUND s at most)$history$speech_line"
        else
            cut_bad=$((cut_bad + 1))
            fail "cut-$i" "$problems"
        fi
    done
    # The last cut's resume.
    boot standin.agent=1
    local deadline=$(($(date +%s) + 240))
    while ! grep -q '^ST .* playing ' "$LAST/serial1.log" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.5; done
    local first f_item f_pos
    first=$(st_lines "$LAST/serial1.log" | head -n 1)
    f_item=$(echo "$first" | cut -d' ' -f5) f_pos=$(echo "$first" | cut -d' ' -f6)
    if [ "$n" = 0 ]; then
        : # --cuts 0: no cut to resume from
    elif [ "$f_item" = "${CUT_ITEM:-}" ]; then
        pass "resume-$n" "after cut $n: $f_item at $f_pos s"
    else
        fail "resume-$n" "after cut $n: '$first'; before: ${CUT_ITEM:-} at ${CUT_SOUND:-} s"
    fi
    info "power cuts: $cut_ok of $n clean; sound on the loopback after $SOUNDS_OK of $n boots; $SPEECH_WRITES cuts landed while the voice was writing its cache"
    wait_ssh 120 || true
}

# removal_checks: `dpkg -r` stops the service and keeps the configuration and the state;
# `dpkg --purge` removes both (the user and the groups stay).
removal_checks() {
    set +e
    stage removal
    local st
    g sudo dpkg -r sleepbox >"$LAST/remove.log" 2>&1
    st=$(g "dpkg-query -W -f='\${db:Status-Abbrev}' sleepbox" 2>/dev/null)
    if [ "$st" = "rc " ] && [ "$(g sudo systemctl is-active sleepbox)" != active ] &&
        [ "$(g sudo systemctl is-active sleepbox-companion.path)" != active ] &&
        g sudo test -s /var/lib/sleepbox/state.json && g test -s /etc/sleepbox/sleepbox.toml; then
        pass remove "dpkg -r: the service and the companion's path unit stopped; /etc/sleepbox/sleepbox.toml and /var/lib/sleepbox/state.json kept"
    else
        fail remove "dpkg -r: status '$st', service $(g sudo systemctl is-active sleepbox), companion path $(g sudo systemctl is-active sleepbox-companion.path), state $(g sudo ls /var/lib/sleepbox 2>&1 | tr '\n' ' ')"
    fi
    g sudo dpkg --purge sleepbox >>"$LAST/remove.log" 2>&1
    if ! g sudo test -e /var/lib/sleepbox && ! g sudo test -e /var/lib/sleepbox-companion && ! g test -e /etc/sleepbox/sleepbox.toml &&
        g getent passwd sleepbox >/dev/null && g getent passwd sleepbox-companion >/dev/null; then
        pass purge "dpkg --purge: /var/lib/sleepbox, /var/lib/sleepbox-companion and the configuration gone, the users sleepbox and sleepbox-companion kept"
    else
        fail purge "dpkg --purge: $(g sudo ls -d /var/lib/sleepbox /var/lib/sleepbox-companion /etc/sleepbox/sleepbox.toml 2>&1 | tr '\n' ' ')"
    fi
}
