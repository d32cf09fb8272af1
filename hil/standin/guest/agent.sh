#!/bin/sh
# The stand-in's power-cut agent (standin-agent.service, only with standin.agent=1 on the kernel
# command line): reports the box on the second serial port, which the host keeps whatever
# happens to the guest's disk:
#   UP uptime                        the agent started (the system is up)
#   START uptime_ms ready_ms         sleepbox answers; when systemd started it (ms since boot)
#   ST uptime_ms mode phase item position volume    every 0.5 s (the time read before the status)
#   T uptime                         every 0.2 s
#   SOUND ok|bad detail              a 2 s capture after the start
# It turns the knob every fourth report (the volume, down from 50 or up to it: a change the box
# saves at once), so that the cuts also land on saves, not only on the periodic one.
S=/usr/local/lib/standin
export PATH=$S/bin:/usr/sbin:/usr/bin:/sbin:/bin
. "$S/lib.sh"
RESULTS=/dev/ttyS1
stty -F "$RESULTS" raw -echo -onlcr 2>/dev/null
log() { :; }
usleep() { "$S/bb/busybox" usleep "$@"; }
SLEEPBOX=/usr/bin/sleepbox
gpio_env
out() { echo "$*" >>"$RESULTS"; }
out "UP $(uptime_s)"
# A heartbeat with no work between reading the clock and writing it: the host, which sees when
# each line arrives, bounds the guest's clock at the moment of the cut by it.
( while :; do read -r up _ </proc/uptime; echo "T $up" >>"$RESULTS"; usleep 200000; done ) &
wait_until 120 sh -c "$SLEEPBOX ctl --socket $SOCK status | grep -q '\"ok\":true'"
started=$(systemctl show -p ExecMainStartTimestampMonotonic --value sleepbox)
out "START $(now_ms) $((started / 1000))"
# The time is read before the status: the position in it is no older than that time.
report() {
    t=$(now_ms)
    st=$(ctl status)
    out "ST $t $(json_str mode "$st") $(json_str phase "$st") $(item_field id "$st") $(item_field position "$st") $(json_num volume "$st")"
}
report
# Nothing playing (the first boot after the deploy checks left it off): start it with leaf.
if [ "$(json_str mode "$(ctl status)")" = off ]; then press leaf; usleep 500000; report; fi
r=$("/usr/local/lib/standin/checks.sh" sound 2 2>/dev/null)
out "SOUND $r"
n=0
while :; do
    report
    n=$((n + 1))
    # Toward the configured 50 from either side: a cut between two turns must not walk the
    # volume down over twenty boots until the sound check hears too little.
    if [ $((n % 4)) = 0 ]; then
        if [ "$(json_num volume "$st")" -ge 50 ] 2>/dev/null; then turn -1; else turn 1; fi
    fi
    usleep 500000
done
