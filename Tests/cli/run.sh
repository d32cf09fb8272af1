#!/usr/bin/env bash
# End-to-end tests of the `sleepbox` command: exit codes, error messages, the examples in
# docs/simulator.md exactly as written, and the interactive simulator in a real terminal (tmux).
# Usage: Tests/cli/run.sh PATH/TO/sleepbox
set -uo pipefail
BIN=$(realpath "${1:-.build/debug/sleepbox}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# Everything the tests write goes into one fresh folder, removed at exit: the docs' examples
# write to /tmp, so they run with /tmp/ replaced by $WORK/tmp/; tmux keeps its socket there too.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-cli.XXXXXX")
export TMUX_TMPDIR="$WORK"
trap 'tmux kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
T="$WORK/tmp"
mkdir -p "$T"
# An empty configuration (every setting at its default): the box reads regular files only, not /dev/null.
: > "$WORK/empty.toml"
cd "$ROOT"
pass=0; fail=0
ok()   { pass=$((pass+1)); echo "ok   $1"; }
bad()  { fail=$((fail+1)); echo "FAIL $1"; [ -n "${2:-}" ] && echo "     $2"; }

# expect_exit NAME CODE PATTERN -- command...: the exit code and a pattern in stderr.
expect_exit() {
  local name=$1 code=$2 pattern=$3; shift 4
  "$@" >"$WORK/out" 2>"$WORK/err" </dev/null; local got=$?
  if [ "$got" != "$code" ]; then bad "$name" "exit $got, expected $code: $(head -c 300 "$WORK/err")"; return; fi
  if ! grep -qE -- "$pattern" "$WORK/err"; then bad "$name" "stderr lacks /$pattern/: $(head -c 300 "$WORK/err")"; return; fi
  ok "$name"
}

# --- exit codes and messages ---------------------------------------------------------------
expect_exit "bad option exits 64" 64 "frame-scale" -- "$BIN" simulate --script docs/examples/night.jsonl --frame-scale 99
expect_exit "unknown option exits 64" 64 "Unknown option" -- "$BIN" simulate --script docs/examples/night.jsonl --no-such-option
expect_exit "no terminal and no script exits 64" 64 "no terminal" -- "$BIN" simulate
printf '{"at":"0s","press":"leaf"}\n{"at":"1s","press":"elbow"}\n' >"$WORK/bad.jsonl"
expect_exit "unknown button exits 65 naming the line" 65 "bad.jsonl:2" -- "$BIN" simulate --script "$WORK/bad.jsonl"
printf '{"at":"0s","press":"leaf"}\n{"at":"1s", press\n' >"$WORK/broken.jsonl"
expect_exit "malformed JSON exits 65 naming the line" 65 "broken.jsonl:2" -- "$BIN" simulate --script "$WORK/broken.jsonl"
printf '{"at":"0s","dance":"leaf"}\n' >"$WORK/unknown.jsonl"
expect_exit "unknown event exits 65" 65 "unknown.jsonl:1" -- "$BIN" simulate --script "$WORK/unknown.jsonl"
expect_exit "missing script exits 66" 66 "nowhere.jsonl" -- "$BIN" simulate --script "$WORK/nowhere.jsonl"
printf '[alarm]\ntime = "06:45"\nsnooze_minute = 9\n' >"$WORK/typo.toml"
expect_exit "unknown config key exits 78 with key and line" 78 "typo.toml:3.*snooze_minute" -- "$BIN" simulate --config "$WORK/typo.toml" --script docs/examples/crash-part2.jsonl
printf '[timer]\nfade_out_seconds = "slow"\n' >"$WORK/type.toml"
expect_exit "wrong config type exits 78" 78 "type.toml:2.*fade_out_seconds" -- "$BIN" config check "$WORK/type.toml"
printf '[audio]\nvolume = 140\n' >"$WORK/range.toml"
expect_exit "out-of-range config exits 78" 78 "range.toml:2.*volume" -- "$BIN" config check "$WORK/range.toml"
# Outputs that cannot be written are refused before the night is simulated, naming the option.
printf 'x' >"$WORK/plain"
expect_exit "--frames-out naming a regular file exits 73" 73 "--frames-out $WORK/plain: a regular file, not a folder" -- \
  "$BIN" simulate --script docs/examples/night.jsonl --frames-out "$WORK/plain"
expect_exit "--audio-envelope in a folder that is a file exits 73 at once" 73 "--audio-envelope $WORK/plain/level.png: its folder $WORK/plain does not exist" -- \
  "$BIN" simulate --script docs/examples/night.jsonl --audio-envelope "$WORK/plain/level.png"
if grep -q "sleepbox simulate:" "$WORK/out"; then bad "--audio-envelope: nothing was simulated" "$(head -c 200 "$WORK/out")"; else ok "--audio-envelope: nothing was simulated"; fi
expect_exit "--audio-envelope naming a folder exits 73" 73 "--audio-envelope $WORK: a folder, not a file" -- \
  "$BIN" simulate --script docs/examples/night.jsonl --audio-envelope "$WORK"
# A state folder that cannot be written: the night runs with its state in memory and the alarm rings.
"$BIN" simulate --config docs/examples/demo.toml --script docs/examples/night.jsonl --start 2026-11-22T22:30:00 --seed 7 \
  --state-dir "$WORK/plain/state" >"$WORK/ro.out" 2>"$WORK/ro.err"; rc=$?
if [ $rc = 0 ] && grep -q "alarm:   rang at 2026-11-23T06:45" "$WORK/ro.out" && grep -q "state is kept in memory" "$WORK/ro.err"; then
  ok "a state folder that cannot be written: the simulated alarm still rings"
else bad "a state folder that cannot be written: the simulated alarm still rings" "rc $rc: $(head -c 300 "$WORK/ro.err") $(grep alarm "$WORK/ro.out")"; fi
# A control socket path taken by a file or a folder is named for what it is.
expect_exit "run --socket naming a regular file exits 73" 73 "control socket's path $WORK/plain is a regular file, not a socket" -- \
  "$BIN" run --hardware sim --state-dir "$WORK/sock-state" --socket "$WORK/plain"
mkdir -p "$WORK/sockdir"
expect_exit "run --socket naming a folder exits 73" 73 "control socket's path $WORK/sockdir is a folder, not a socket" -- \
  "$BIN" run --hardware sim --state-dir "$WORK/sock-state" --socket "$WORK/sockdir"
if "$BIN" config check config/sleepbox.toml >/dev/null 2>&1; then ok "shipped config/sleepbox.toml is valid"; else bad "shipped config/sleepbox.toml is valid"; fi

# A one-shot command gives up on a sound card that is not there (the daemon keeps retrying).
python3 -c "import wave; w = wave.open('$WORK/tone.wav', 'wb'); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000); w.writeframes(bytes(96000)); w.close()"
expect_exit "play with no sound card gives up after 5 s with 69" 69 "no-such-card.*gave up after 5 s" -- \
  timeout 60 "$BIN" play "$WORK/tone.wav" --device hw:no-such-card

# --- every command answers --help ------------------------------------------------------------
for cmd in "" run ctl simulate play content "content list" "content add" "content remove" "content check" \
           "content render" doctor config "config check" history "history list" "history stats" "history export" \
           "history delete" "history chart"; do
  for flag in --help -h; do
    # shellcheck disable=SC2086
    if "$BIN" $cmd $flag >"$WORK/help.out" 2>&1 && grep -q "USAGE:" "$WORK/help.out"; then :; else
      bad "sleepbox $cmd $flag answers with its usage" "$(head -c 200 "$WORK/help.out")"; continue 2
    fi
  done
  ok "sleepbox $cmd --help and -h answer with the usage"
done
if "$BIN" ctl help >"$WORK/help.out" 2>&1 && grep -q "alarm \[N\] set HH:MM" "$WORK/help.out"; then ok "sleepbox ctl help lists the commands"
else bad "sleepbox ctl help lists the commands" "$(head -c 200 "$WORK/help.out")"; fi

# --- every example in docs/simulator.md, as written ----------------------------------------
mkdir -p "$WORK/bin" && ln -s "$BIN" "$WORK/bin/sleepbox"
n=0
while IFS= read -r line; do
  n=$((n+1))
  command=${line#\$ }
  if PATH="$WORK/bin:$PATH" bash -c "${command//\/tmp\//$T/}" >"$WORK/ex.out" 2>"$WORK/ex.err"; then
    ok "docs example $n: ${line:2:60}..."
  else
    bad "docs example $n: ${line:2:60}..." "$(tail -n 3 "$WORK/ex.err")"
  fi
done < <(grep -E '^\$ ' docs/simulator.md)

# --- what the examples produced --------------------------------------------------------------
check() { # NAME PYTHON-EXPRESSION over `recs` (the trace's records)
  local name=$1 file=$2 expr=$3
  if python3 - "$file" "$expr" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
  then ok "$name"; else bad "$name" "$expr"; fi
}
check "night: the sleep timer fades out and stops" "$T/night.jsonl" \
  "any(r['phase']=='fadingOut' and 'rampGain' in r['commands'] for r in recs) and any(r['contentCompleted'] for r in recs)"
check "night: the alarm rings once at 06:45 and the greeting is spoken 5 s later" "$T/night.jsonl" \
  "[r['clock'] for r in recs if 'startAlarm' in r['commands']][:1]==['2026-11-23T06:45:00'] and [r['clock'] for r in recs if 'speak' in r['commands']]==['2026-11-23T06:45:05']"
check "night: snooze and dismissal" "$T/night.jsonl" \
  "any(r['phase']=='snoozed' for r in recs) and recs[-1]['phase']=='idle' and recs[-1]['event']=='end'"
check "night: the trace ends at 8h30m" "$T/night.jsonl" "recs[-1]['t']==30600 and recs[-1]['clock']=='2026-11-23T07:00:00'"
check "alarms: two alarms set with the knob alone are in the trace" "$T/alarms.jsonl" \
  "[a and (a['time'], a['days']) for a in recs[-1]['alarms']]==[('06:45','weekdays'),('07:30','daily'),None,None]"
check "alarms: both ring, 06:45 then 07:30, and each is dismissed" "$T/alarms.jsonl" \
  "[(r['clock'], r['nextRing']) for r in recs if 'startAlarm' in r['commands']]==[('2026-11-23T06:45:00',{'alarm':2,'at':'2026-11-23T07:30:00'}),('2026-11-23T07:30:00',{'alarm':1,'at':'2026-11-24T06:45:00'})] and recs[-1]['phase']=='idle'"
printf '{"at":"0s","alarm":3,"set":"05:10","days":"mon,wed"}\n{"at":"1s","alarm":3,"skipNext":true}\n{"at":"2s","setting":"language","value":"de"}\n' >"$WORK/alarm3.jsonl"
"$BIN" simulate --script "$WORK/alarm3.jsonl" --start 2026-11-22T22:30:00 --trace-out "$WORK/alarm3-trace.jsonl" >/dev/null 2>&1
check "script: an alarm by number and a setting, as ctl says them" "$WORK/alarm3-trace.jsonl" \
  "(lambda a: a['time']=='05:10' and a['days']=='mon,wed' and a['skipNext'])(recs[-1]['alarms'][2]) and recs[-1]['nextRing']=={'alarm':3,'at':'2026-11-25T05:10:00'}"
check "dst: one ring, at 03:30 summer time" "$T/dst.jsonl" \
  "[r['clock'] for r in recs if 'startAlarm' in r['commands']]==['2026-03-29T03:30:00']"
check "crash: the restart resumes the same item, never ahead of where it was, at most a save interval and 3 s behind" "$T/part2.jsonl" \
  "recs[0]['event']=='restore' and recs[0]['phase']=='playing' and recs[0]['item']['id']==[json.loads(l) for l in open('$T/part1.jsonl')][-1]['item']['id'] and 0<=[json.loads(l) for l in open('$T/part1.jsonl')][-1]['item']['position']-recs[0]['item']['position']<=15+3"
check "library: the menu opens, 4-7-8 Breathing plays from it and the breathing screen follows" "$T/library.jsonl" \
  "any(r['screen']=='menu' for r in recs) and recs[-1]['item']['id']=='breath-478' and recs[-1]['screen']=='breathing'"
check "captions: each row the knob reaches is said, and the timer's choices" "$T/captions.jsonl" \
  "[r['spoken'] for r in recs if r['spoken']]==['Library. Featured tonight','Favorites','Yoga nidra','Sleep stories',\"Sleep stories. The Lighthouse Keeper's Evening\",\"The Lighthouse Keeper's Evening, 10 min\",'Sleep timer. Off','15 min']"
check "captions: the now-playing screen shows the sentences in turn, and none between them" "$T/captions.jsonl" \
  "len({r['caption'] for r in recs if r['screen']=='nowPlaying' and r['caption']})>=8 and any(r['caption']=='' for r in recs) and any(r['caption']=='The wind has dropped to a breath from the west.' and 45<=r['t']<=48 for r in recs)"
# The frame on the screen 33 s in: the last one written at or before then (frames are written
# when the screen changes, on the item's whole seconds).
f33=$(ls "$T/captions-frames" 2>/dev/null | awk '$0 <= "00h00m33.000s.png"' | tail -n 1)
if [ -n "$f33" ] && cmp -s "$T/captions-frames/$f33" docs/images/captions.png; then
  ok "captions: the frame 33 s in is the README's picture"
else
  bad "captions: the frame 33 s in is the README's picture" "$(ls "$T/captions-frames" 2>/dev/null | head -3)"
fi
if python3 -c "import json,sys; sys.exit(0 if json.load(open('$T/sleepbox-library/state.json')).get('favorites')==['breath-478'] else 1)"; then
  ok "library: 4-7-8 Breathing is a favourite in the state file"
else bad "library: the favourite is saved" "$(head -c 300 "$T/sleepbox-library/state.json")"; fi
check "mixes: a mix made with the knob alone is in the trace, Rain at 0 dB over Brown Noise at -12 dB, named Calm" "$T/mixes.jsonl" \
  "recs[-1]['mixes']==[{'id':'mix-mine-1','name':'Calm','layers':[{'sound':'ambient-rain','levelDB':0},{'sound':'ambient-brown-noise','levelDB':-12}]}]"
check "mixes: played from the library, its layers sent with the play, and it plays on" "$T/mixes.jsonl" \
  "[r['commands'][:1] for r in recs if 'play' in r['commands']]==[['play']] and recs[-1]['phase']=='playing' and recs[-1]['item']['id']=='mix-mine-1' and recs[-1]['item']['title']=='Calm'"
if python3 -c "import json,sys; s=json.load(open('$T/sleepbox-mixes/state.json')); sys.exit(0 if s.get('favorites')==['mix-mine-1'] and [m['name'] for m in s.get('mixes',[])]==['calm'] else 1)"; then
  ok "mixes: the mix and its favourite are in the state file"
else bad "mixes: the mix and its favourite are in the state file" "$(head -c 300 "$T/sleepbox-mixes/state.json")"; fi
for pic in "mix-edit:00h01m32.015s" "mix-list:00h01m44.150s" "mix-favorite:00h02m21.815s"; do
  if cmp -s "$T/mixes-frames/${pic#*:}.png" "docs/images/${pic%%:*}.png"; then ok "mixes: the ${pic%%:*} frame is the README's picture"
  else bad "mixes: the ${pic%%:*} frame is the README's picture" "$(ls "$T/mixes-frames" 2>/dev/null | tail -3)"; fi
done
check "timers: the meditation timer starts with its bell and bed, paces the 4-7-8 breath with tones and ends with its bell" "$T/timers.jsonl" \
  "[r['commands'] for r in recs if r['event']=='release knob' and r['session']][:1]==[['playCue','startBed','persist']] and {r['session']['breath'] for r in recs if r['session'] and r['session']['kind']=='meditation'}>={'inhale','hold','exhale'} and any(r['screen']=='meditationTimer' for r in recs) and [r['clock'] for r in recs if r['commands']==['playCue','stopBed','record','persist']]==['2026-11-22T22:33:09']"
check "timers: a bell every minute of the 3-minute meditation (at 1 and 2 minutes)" "$T/timers.jsonl" \
  "{'2026-11-22T22:31:09','2026-11-22T22:32:09'} <= {r['clock'] for r in recs if r['commands'][:1]==['playCue']}"
check "timers: the meditation timer ends on the completion screen (3 min, its 4-7-8 cycles), which skip puts away" "$T/timers.jsonl" \
  "[r['clock'] for r in recs if r['screen']=='completion'][:1]==['2026-11-22T22:33:09'] and [r['screen'] for r in recs if r['event']=='press skip']==['idle']"
if cmp -s "$T/timers-frames/00h03m09.150s.png" docs/images/completion.png; then ok "timers: the completion frame is the README's picture"
else bad "timers: the completion frame is the README's picture" "$(ls "$T/timers-frames" 2>/dev/null | grep 00h03m0 | head -3)"; fi
check "timers: the 4-7-8 guide breathes in 4, holds 7, out 8 and pauses 1" "$T/timers.jsonl" \
  "(lambda s: [round(b[0]-a[0]) for a, b in zip(s, s[1:])][:4]==[4,7,8,1] and [x[1] for x in s][:5]==['inhale','hold','exhale','rest','inhale'])([(r['t'], r['session']['breath']) for i, r in enumerate(recs) if r['session'] and r['session']['breath'] and (i == 0 or not recs[i-1]['session'] or recs[i-1]['session']['breath'] != r['session']['breath'])])"
check "timers: the 2-minute nap ends in the alarm with its own ramp, snoozed and dismissed" "$T/timers.jsonl" \
  "[r['clock'] for r in recs if 'startAlarm' in r['commands']]==['2026-11-22T22:35:41'] and any(r['session'] and r['session']['kind']=='nap' for r in recs) and any(r['phase']=='snoozed' for r in recs) and recs[-1]['phase']=='idle'"
# --- the history: the simulated month (docs/simulator.md), its statistics, screens and chart ---------
if python3 - "$T/month-stats.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
want = {"tonight": "2026-11-30", "streakMinutes": 5,
        "week": {"first": "2026-11-30", "last": "2026-11-30", "nights": 1, "minutes": 5, "sessions": 1,
                 "currentStreak": 10, "longestStreak": 10, "averageBedtime": "22:43"},
        "last30Days": {"first": "2026-11-01", "last": "2026-11-30", "nights": 25, "minutes": 250, "sessions": 27,
                       "currentStreak": 10, "longestStreak": 10, "averageBedtime": "22:26"},
        "allTime": {"first": "2026-11-01", "last": "2026-11-30", "nights": 25, "minutes": 250, "sessions": 27,
                    "currentStreak": 10, "longestStreak": 10, "averageBedtime": "22:26"},
        "lastNight": "2026-11-30: Yoga Nidra: Short Rest, 22:43 -> played to the end, woke 06:47",
        "sessionsRecorded": 27}
sys.exit(0 if s == want else print(json.dumps(s)) or 1)
PY
then ok "history: the month's statistics, exactly"; else bad "history: the month's statistics, exactly"; fi
MONTH="$T/sleepbox-month"
if python3 - "$MONTH/history.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
endings = dict(db.execute("select ending, count(*) from sessions group by ending"))
kinds = dict(db.execute("select kind, count(*) from events group by kind"))
nights = [r[0] for r in db.execute("select distinct date(started_at + start_offset - 43200, 'unixepoch') from sessions order by 1")]
ok = (endings == {"finished": 20, "sleepTimer": 5, "skipped": 1, "stopped": 1}
      and kinds == {"alarmRang": 30, "snoozed": 5, "dismissed": 30, "greetingSpoken": 21}
      and len(nights) == 26 and "2026-11-05" not in nights and "2026-11-15" in nights
      and db.execute("pragma user_version").fetchone()[0] == 2
      and db.execute("select count(*) from sessions where kind='meditationTimer' and timer_minutes=20 and heard_seconds=1200").fetchone()[0] == 4)
sys.exit(0 if ok else print(endings, kinds, nights) or 1)
PY
then ok "history: the month's sessions, endings, alarms and nights in history.db"; else bad "history: the month's database"; fi
for pic in "nights:00h00m06.150s" "calendar:00h00m12.015s"; do
  if cmp -s "$T/month-frames/${pic#*:}.png" "docs/images/${pic%%:*}.png"; then ok "history: the ${pic%%:*} frame is the README's picture"
  else bad "history: the ${pic%%:*} frame is the README's picture" "$(ls "$T/month-frames" 2>/dev/null | tail -3)"; fi
done
if cmp -s "$T/month-chart.png" docs/images/nights-chart.png; then ok "history: the chart is the README's picture"
else bad "history: the chart is the README's picture"; fi
H=(--state-dir "$MONTH" --config docs/examples/month.toml)
# Six weeks later: the last 30 days are empty, all time is still the month, its longest streak ever 10.
"$BIN" history stats "${H[@]}" --now 2027-01-15T08:00 --json >"$WORK/later-stats.json" 2>/dev/null
"$BIN" history stats "${H[@]}" --now 2027-01-15T08:00 >"$WORK/later-stats.txt" 2>/dev/null
if python3 -c "import json,sys; s=json.load(open('$WORK/later-stats.json')); sys.exit(0 if s['last30Days']['nights']==0 and s['allTime']=={'first':'2026-11-01','last':'2027-01-14','nights':25,'minutes':250,'sessions':27,'currentStreak':0,'longestStreak':10,'averageBedtime':'22:26'} else 1)" \
   && grep -q "all time" "$WORK/later-stats.txt" && grep -Eq "^longest streak +0 +0 +10$" "$WORK/later-stats.txt"; then
  ok "history stats: all time, summed by SQLite, beside empty recent periods"
else bad "history stats: all time" "$(head -c 400 "$WORK/later-stats.json")"; fi
"$BIN" history list "${H[@]}" --kind meditationTimer >"$WORK/list.out" 2>&1
if [ "$(wc -l <"$WORK/list.out")" = 4 ] && grep -q "2026-11-03T22:34:09+01:00   20.0 min  finished   meditationTimer: Meditation timer" "$WORK/list.out"; then
  ok "history list --kind: the four meditation timers"; else bad "history list --kind" "$(head -c 300 "$WORK/list.out")"; fi
"$BIN" history list "${H[@]}" --from 2026-11-29 --to 2026-11-30 >"$WORK/list.out" 2>&1
if [ "$(wc -l <"$WORK/list.out")" = 1 ] && grep -q "^2026-11-29T22:26:00+01:00" "$WORK/list.out"; then ok "history list --from --to"
else bad "history list --from --to" "$(head -c 300 "$WORK/list.out")"; fi
"$BIN" history export "${H[@]}" --csv --out "$WORK/month.csv" >/dev/null 2>&1
if [ "$(head -n 1 "$WORK/month.csv")" = "night,start,end,kind,item_id,title,heard_seconds,ending,breathing_cycles,timer_minutes" ] \
   && [ "$(wc -l <"$WORK/month.csv")" = 28 ] && grep -q '^2026-11-15,2026-11-16T00:20:00+01:00,' "$WORK/month.csv"; then
  ok "history export --csv: a header, a line a session, ISO times with offsets, the night"
else bad "history export --csv" "$(head -n 3 "$WORK/month.csv")"; fi
"$BIN" history export "${H[@]}" --json >"$WORK/month-export.json" 2>/dev/null
if python3 -c "import json,sys; d=json.load(open('$WORK/month-export.json')); sys.exit(0 if len(d['sessions'])==27 and len(d['events'])==86 and d['events'][0]['planned']=='2026-11-02T06:45:00+01:00' else 1)"; then
  ok "history export --json: sessions and night events"; else bad "history export --json" "$(head -c 300 "$WORK/month-export.json")"; fi
expect_exit "history: no database exits 66" 66 "no history at .*nowhere/history.db" -- "$BIN" history list --state-dir "$WORK/nowhere"
expect_exit "history: a date that does not parse exits 64" 64 '--from "2026-11-31" is not a date' -- "$BIN" history list "${H[@]}" --from 2026-11-31
expect_exit "history: a bad date is said before a missing history" 64 '--to "tomorrow" is not a date' -- "$BIN" history list --state-dir "$WORK/nowhere" --to tomorrow
expect_exit "history: an unknown kind exits 64 with the kinds" 64 "meditationTimer, nap" -- "$BIN" history list "${H[@]}" --kind podcast
expect_exit "history: export to an unwritable path exits 73" 73 "cannot write $WORK/no/such/dir/x.csv" -- "$BIN" history export "${H[@]}" --out "$WORK/no/such/dir/x.csv"
expect_exit "history: chart --nights takes 30 or 90" 64 "30 or 90" -- "$BIN" history chart "${H[@]}" --png "$WORK/c.png" --nights 7
expect_exit "history: delete needs --before or --all" 64 "before DATE or --all" -- "$BIN" history delete "${H[@]}"
cp -r "$MONTH" "$WORK/month-copy"
C=(--state-dir "$WORK/month-copy" --config docs/examples/month.toml)
if ! echo n | "$BIN" history delete "${C[@]}" --before 2026-11-15 >"$WORK/del.out" 2>&1 && grep -q "Delete 12 sessions" "$WORK/del.out" \
   && grep -q "Nothing deleted" "$WORK/del.out"; then ok "history delete asks first and deletes nothing on no (exit 1)"
else bad "history delete asks first" "$(head -c 300 "$WORK/del.out")"; fi
if echo y | "$BIN" history delete "${C[@]}" --before 2026-11-15 >"$WORK/del.out" 2>&1 && grep -q "Deleted 12 sessions" "$WORK/del.out" \
   && [ "$("$BIN" history list "${C[@]}" | wc -l)" = 15 ]; then ok "history delete --before: 12 go, 15 stay"
else bad "history delete --before" "$(head -c 300 "$WORK/del.out")"; fi
if "$BIN" history delete "${C[@]}" --all --yes >"$WORK/del.out" 2>&1 && "$BIN" history list "${C[@]}" | grep -q "No sessions recorded yet"; then
  ok "history delete --all --yes empties it; list says so"; else bad "history delete --all" "$(head -c 300 "$WORK/del.out")"; fi
expect_exit "history: chart of an empty history exits 1" 1 "nothing to draw" -- "$BIN" history chart "${C[@]}" --png "$WORK/c.png"
printf 'not a database, only text that is long enough to be read as a header by sqlite........\n' >"$WORK/month-copy/history.db"
"$BIN" simulate --script docs/examples/crash-part1.jsonl --start 2026-11-22T22:00:00 --seed 3 --state-dir "$WORK/month-copy" >"$WORK/corrupt.out" 2>&1
if grep -q "history.db: .*moved aside as .*history.db.corrupt-" "$WORK/corrupt.out" && ls "$WORK/month-copy" | grep -q "history.db.corrupt-" \
   && [ "$("$BIN" history list "${C[@]}" | wc -l)" = 1 ]; then ok "history: a corrupt database is moved aside with a log line, a new one started"
else bad "history: a corrupt database is moved aside" "$(grep -i history "$WORK/corrupt.out" | head -3)"; fi
# Hostile: export and chart replace none of the box's files and nothing but a regular file; the
# read-only commands change nothing in the state folder and say what is wrong.
cp -r "$MONTH" "$WORK/month-guard"
G=(--state-dir "$WORK/month-guard" --config docs/examples/month.toml)
expect_exit "history export --out the database itself is refused with 73" 73 "state folder" -- "$BIN" history export "${G[@]}" --out "$WORK/month-guard/history.db"
expect_exit "history chart --png state.json is refused with 73" 73 "state folder" -- "$BIN" history chart "${G[@]}" --png "$WORK/month-guard/state.json"
if [ "$("$BIN" history list "${G[@]}" | wc -l)" = 27 ]; then ok "history: the refused export left the database whole"
else bad "history: the refused export left the database whole"; fi
mkfifo "$WORK/chart.fifo"
expect_exit "history chart --png FIFO is refused at once with 73" 73 "not a regular file \\(a FIFO\\)" -- timeout 20 "$BIN" history chart "${G[@]}" --png "$WORK/chart.fifo"
expect_exit "history export --out a symbolic link is refused" 73 "symbolic link" -- bash -c "ln -s '$WORK/x.csv' '$WORK/link.csv' && exec '$BIN' history export --state-dir '$WORK/month-guard' --config docs/examples/month.toml --out '$WORK/link.csv'"
expect_exit "history list --from after --to exits 64" 64 "is not before --to" -- "$BIN" history list "${G[@]}" --from 9999-12-31 --to 0001-01-01
mkdir -p "$WORK/ro"
printf 'not a database, only text that is long enough to be read as a header by sqlite........\n' >"$WORK/ro/history.db"
expect_exit "history list on a damaged file exits 74 and says so" 74 "is damaged.*nothing was changed" -- "$BIN" history list --state-dir "$WORK/ro"
if [ "$(ls -A "$WORK/ro")" = history.db ]; then ok "history list moved and created nothing"; else bad "history list moved and created nothing" "$(ls -A "$WORK/ro")"; fi
check "clock jump: the late alarm still rings" "$T/jump.jsonl" \
  "[r['clock'] for r in recs if 'startAlarm' in r['commands']]==['2026-11-23T07:05:00']"
if python3 - "$T/evening.wav" <<'PY'
import struct, math, sys
# The box writes WAVE_FORMAT_EXTENSIBLE (RF64 that stayed small): read the chunks by hand.
b = open(sys.argv[1], "rb").read()
fmt = b.index(b"fmt "); rate = struct.unpack_from("<I", b, fmt + 12)[0]; channels = struct.unpack_from("<H", b, fmt + 10)[0]
data = b.index(b"data") + 8
pcm = memoryview(b)[data:]
n = len(pcm) // 4
assert rate == 48000 and channels == 2, (rate, channels)
assert abs(n / 48000 - 300) < 0.05, n
def rms(a, c):
    s = struct.unpack_from("<%dh" % (2 * int((c - a) * 48000)), pcm, 4 * int(a * 48000))
    return math.sqrt(sum(x * x for x in s) / len(s)) if s else 0
sound = max(rms(t, t + 1) for t in range(5, 45))
silent = max(rms(t, t + 1) for t in range(63, 175))
# Speech plays at the box's one loudness (-26 LUFS) at the demo's volume: an RMS near 80 of 32767.
sys.exit(0 if sound > 30 and silent == 0 else 1)
PY
then ok "evening audio: 5 minutes recorded, voice before the timer, digital silence after its fade"
else bad "evening audio" "see $T/evening.wav"; fi
# --- the timers with the real engine: bells, the bed and the breath tones sound; silence after the
# closing bell's bed fade and through the nap; the nap's alarm sounds, and nothing once snoozed.
if "$BIN" simulate --config docs/examples/timers.toml --script docs/examples/timers.jsonl --start 2026-11-22T22:30:00 --seed 1 \
     --audio-out "$WORK/timers.wav" >/dev/null 2>&1 && python3 - "$WORK/timers.wav" <<'PY'
import math, struct, sys
b = open(sys.argv[1], "rb").read()
pcm = memoryview(b)[b.index(b"data") + 8:]
def db(a, c):
    s = struct.unpack_from("<%dh" % (2 * int((c - a) * 48000)), pcm, 4 * int(a * 48000))
    r = math.sqrt(sum(x * x for x in s) / len(s))
    return 20 * math.log10(r / 32768) if r > 0 else -math.inf
levels = {"menu": db(1, 8), "start bell": db(9.2, 10.2), "bed": db(11, 13.5), "inhale tone": db(15, 17),
          "closing bell": db(189.2, 190.2), "after the bed": db(200, 209), "nap": db(240, 330), "nap alarm": db(345, 355),
          "snoozed": db(365, 369)}
print(", ".join("%s %.1f dBFS" % kv for kv in levels.items()))
quiet = [levels[k] for k in ("menu", "after the bed", "nap", "snoozed")]
heard = [levels[k] for k in ("start bell", "bed", "inhale tone", "closing bell", "nap alarm")]
sys.exit(0 if all(q == -math.inf for q in quiet) and all(h > -75 for h in heard) else 1)
PY
then ok "timers audio: bells, bed and breath tones sound, silence after and through the nap, then its alarm"
else bad "timers audio: bells, bed and breath tones sound, silence after and through the nap, then its alarm"; fi
# --- the sleep-timer fade waits for the end of a sentence -----------------------------------
# One long sentence, then a 5 s pause: a 6 s timer runs out mid-sentence, and the fade must begin
# where the sentence ends (digital silence in the recording), and that is the place saved.
mkdir -p "$WORK/lib/meditations"
cat >"$WORK/lib/meditations/med-one-sentence.txt" <<'TXT'
title: One Long Sentence
kind: meditation
author: sleepbox
---
Let the long slow breath of evening carry you down into the soft and quiet dark, where nothing more is asked of you tonight. (5s)
And rest.
TXT
cat >"$WORK/grace.toml" <<TOML
time_zone = "Europe/Berlin"
[timer]
choices = [0.1]
fade_out_seconds = 3
[paths]
content = "$WORK/lib"
TOML
printf '{"at":"0s","press":"leaf"}\n{"at":"0.3s","press":"timer"}\n{"at":"0.5s","turn":1}\n{"at":"0.7s","press":"knob"}\n{"at":"30s","end":true}\n' >"$WORK/grace.jsonl"
if "$BIN" simulate --config "$WORK/grace.toml" --script "$WORK/grace.jsonl" --start 2026-11-22T22:30:00 --seed 1 \
     --state-dir "$WORK/grace-state" --audio-out "$WORK/grace.wav" --trace-out "$WORK/grace-trace.jsonl" >/dev/null 2>"$WORK/grace.err" \
   && python3 - "$WORK/grace.wav" "$WORK/grace-trace.jsonl" "$WORK/grace-state/state.json" <<'PY'
import json, math, struct, sys
b = open(sys.argv[1], "rb").read()
pcm = memoryview(b)[b.index(b"data") + 8:]
def samples(a, c):
    return struct.unpack_from("<%dh" % (2 * int((c - a) * 48000)), pcm, 4 * int(a * 48000))
def rms(a, c):
    s = samples(a, c)
    return math.sqrt(sum(x * x for x in s) / len(s))
recs = [json.loads(l) for l in open(sys.argv[2])]
fade = [r for r in recs if "rampGain" in r["commands"]][0]
t = fade["t"]
saved = json.load(open(sys.argv[3]))["progress"]["med-one-sentence"]["position"]
peak = max(abs(x) for x in samples(t, t + 0.3))
print("fade begins at %.3f s (timer ran out at 6.7 s); saved %.3f s; voice before %.0f rms, after: peak %d" % (t, saved, rms(t - 0.5, t), peak))
# Waited past the deadline, to a point where the voice has just stopped (the natural voice's clips
# vary from run to run: its last 0.5 s is 53 to 62 rms, and its pause may keep a sample of 1 LSB,
# -90 dBFS), and saved exactly there.
sys.exit(0 if t > 6.8 and rms(t - 0.5, t) > 25 and peak <= 2 and abs(saved - fade["item"]["position"]) < 0.002 and abs(saved - t) < 0.002 else 1)
PY
then ok "the sleep-timer fade waits for the end of the sentence and saves that place"
else bad "the sleep-timer fade waits for the end of the sentence" "$(tail -n 3 "$WORK/grace.err")"; fi

# --- hostile content: a non-UTF-8 text names its line; one owner file clashing with a bundled id --
printf 'Caf\xe9 au lait.\n' >"$WORK/latin1.txt"
expect_exit "content add of a non-UTF-8 text exits 65 naming the line" 65 "latin1.txt:1:4: error: the file is not UTF-8" -- \
  "$BIN" content add --config "$WORK/empty.toml" --state-dir "$WORK/add-state" --kind story --title "Cafe" "$WORK/latin1.txt"
mkdir -p "$WORK/own-state/user-content/stories"
cp content/stories/story-night-train.txt "$WORK/own-state/user-content/stories/"
"$BIN" content check --config "$WORK/empty.toml" --state-dir "$WORK/own-state" "$WORK/own-state/user-content/stories/story-night-train.txt" >"$WORK/out" 2>/dev/null
code=$?
if [ "$code" = 65 ] && grep -q 'the id "story-night-train" is already used by the bundled item' "$WORK/out"; then
  ok "content check of one owner file reports its clash with a bundled id"
else bad "content check of one owner file reports its clash with a bundled id" "exit $code: $(head -c 300 "$WORK/out")"; fi

# --- docs/content.md's check and add, as written, on a fresh state folder ----------------------
printf 'title: My Story\nkind: story\nauthor: me\n---\nThe lamp is low. (3s)\nThe house is still.\n' >"$WORK/my-story.txt"
printf 'The evening lamp is lit,\nand the house is still.\n' >"$WORK/evening-lamp.txt"
"$BIN" content check --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" content/poems/poem-stars.txt "$WORK/my-story.txt" >"$WORK/out" 2>/dev/null
code=$?
if [ "$code" = 0 ] && grep -qE '^content/poems/poem-stars.txt: poem-stars, ~0:[0-9]{2} \(estimated' "$WORK/out" \
   && grep -qE 'my-story.txt: my-story, ~0:[0-9]{2} ' "$WORK/out" && grep -qx '2 files, 0 errors' "$WORK/out"; then
  ok "content check takes several files and prints each one's length"
else bad "content check takes several files and prints each one's length" "exit $code: $(head -c 300 "$WORK/out")"; fi
printf '(2 x)\n' >>"$WORK/my-story.txt"
"$BIN" content check --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" content/poems/poem-stars.txt "$WORK/my-story.txt" >"$WORK/out" 2>/dev/null
code=$?
if [ "$code" = 65 ] && grep -q '^content/poems/poem-stars.txt: poem-stars, .*, 0 errors$' "$WORK/out" && grep -qx '2 files, 1 error' "$WORK/out"; then
  ok "content check of several files fails when one of them has an error"
else bad "content check of several files fails when one of them has an error" "exit $code: $(head -c 300 "$WORK/out")"; fi
# --speech-out is checked before the library is rendered: a voice that is not the natural one, a
# file where the folder should be, or a single-item mode beside it, each refused at once.
: > "$WORK/speech-file"
expect_exit "content render --speech-out without the natural voice exits 73 before rendering" 73 "not the natural voice" -- \
  env SLEEPBOX_VOICE_ENV=off "$BIN" content render --config "$WORK/empty.toml" --state-dir "$WORK/speech-state" --speech-out "$WORK/speech-out"
if [ ! -e "$WORK/speech-out" ] && [ -z "$(ls -A "$WORK/speech-state/speech-cache" 2>/dev/null)" ]; then ok "a refused --speech-out renders and writes nothing"
else bad "a refused --speech-out renders and writes nothing" "$(find "$WORK/speech-state" "$WORK/speech-out" 2>/dev/null | head)"; fi
expect_exit "content render --speech-out naming a file exits 73" 73 "speech-file is not a folder" -- \
  "$BIN" content render --config "$WORK/empty.toml" --state-dir "$WORK/speech-state" --speech-out "$WORK/speech-file"
expect_exit "content render --speech-out with --wav exits 64" 64 "speech-out goes with a render of the whole library" -- \
  "$BIN" content render --config "$WORK/empty.toml" --state-dir "$WORK/speech-state" --wav "$WORK/x.wav" --speech-out "$WORK/speech-out" "$WORK/evening-lamp.txt"
expect_exit "content add of a poem without --source names the option and writes nothing" 64 "--source" -- \
  "$BIN" content add --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" --kind poem --title "The Evening Lamp" "$WORK/evening-lamp.txt"
if [ ! -e "$WORK/doc-state/user-content" ] && [ -s "$WORK/evening-lamp.txt" ]; then ok "a refused add leaves the library and the owner's file as they were"
else bad "a refused add leaves the library and the owner's file as they were" "$(find "$WORK/doc-state" | head)"; fi
"$BIN" content add --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" --kind poem --title "The Evening Lamp" --source "My notebook, 2026" "$WORK/evening-lamp.txt" >"$WORK/out" 2>/dev/null
code=$?
if [ "$code" = 0 ] && grep -q "^added poem-the-evening-lamp: $WORK/doc-state/user-content/poems/poem-the-evening-lamp.txt" "$WORK/out" \
   && "$BIN" content list --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" 2>/dev/null | grep -q '^poem-the-evening-lamp '; then
  ok "content add as docs/content.md shows gives the documented id"
else bad "content add as docs/content.md shows gives the documented id" "exit $code: $(head -c 300 "$WORK/out")"; fi
# The bundled-library table in docs/content.md is what `sleepbox content list` gives (make docs).
if TMPDIR="$WORK" python3 docs/library-table.py --sleepbox "$BIN" --check >"$WORK/table.out" 2>&1; then
  ok "docs/content.md's library table is the library's (sleepbox content list)"
else bad "docs/content.md's library table is the library's (sleepbox content list)" "$(head -n 12 "$WORK/table.out")"; fi

frames=$(ls "$T/night-frames" | wc -l)
if [ "$frames" -gt 50 ] && file "$T/night-frames/00h00m00.000s.png" | grep -q "PNG image data, 512 x 256"; then
  ok "night: $frames PNG frames, 512x256"
else
  bad "night: PNG frames" "$frames frames"
fi

# --- the docs say what the commands do --------------------------------------------------------
# Every option `simulate --help` lists is in docs/simulator.md's table and the other way round;
# every screen and event name the example scripts produce in a trace is in the trace's table.
"$BIN" simulate --help >"$WORK/simulate-help.txt" 2>&1
mkdir -p "$WORK/doc-traces"
for script in docs/examples/*.jsonl; do
  "$BIN" simulate --config docs/examples/demo.toml --script "$script" --start 2026-11-22T22:30:00 --seed 7 \
    --trace-out "$WORK/doc-traces/$(basename "$script")" >/dev/null 2>&1
done
if python3 - "$WORK/simulate-help.txt" docs/simulator.md "$WORK/doc-traces" >"$WORK/docs.out" 2>&1 <<'PY'
import json, os, re, sys
helptext, doc, traces = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
problems = []
help_opts = set(re.findall(r"^\s+(--[a-z][a-z-]+)", helptext, re.M)) - {"--help", "--version"}
table_opts = set(re.findall(r"^\| `(--[a-z][a-z-]+)", doc, re.M))
problems += ["--help lists %s, the docs' table does not" % o for o in sorted(help_opts - table_opts)]
problems += ["the docs' table lists %s, --help does not" % o for o in sorted(table_opts - help_opts)]
row = lambda name: next(l for l in doc.splitlines() if l.startswith("| `%s` |" % name))
screens, events = row("screen"), row("event")
for f in sorted(os.listdir(traces)):
    for line in open(os.path.join(traces, f)):
        r = json.loads(line)
        if "`%s`" % r["screen"] not in screens:
            problems.append("%s: screen %s is not in the docs" % (f, r["screen"]))
        e = r.get("event")
        if e and not re.search(r"`%s[` ]" % re.escape(e.split(" ")[0]), events):
            problems.append("%s: event %s is not in the docs" % (f, e))
for p in sorted(set(problems)): print(p)
sys.exit(1 if problems else 0)
PY
then ok "docs/simulator.md names every option, screen and event the commands produce"
else bad "docs/simulator.md names every option, screen and event the commands produce" "$(head -n 5 "$WORK/docs.out")"; fi

# --- the interactive simulator in a real terminal ---------------------------------------------
if command -v tmux >/dev/null; then
  tmux kill-session -t sleepbox-cli-test 2>/dev/null
  tmux new-session -d -s sleepbox-cli-test -x 140 -y 50 "$BIN simulate --start 2026-11-22T22:30:00 --seed 1 --speed 10"
  # wait_for PATTERN: poll the terminal for up to 10 s (a real terminal runs in real time).
  wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t sleepbox-cli-test 2>/dev/null | grep -q "$1" && return 0; sleep 0.1; done; return 1; }
  if wait_for "mode off" && wait_for "▀\|▄\|█"; then ok "terminal: display drawn with half blocks"; else bad "terminal: display drawn"; fi
  tmux send-keys -t sleepbox-cli-test l
  if wait_for "mode meditation"; then ok "terminal: the leaf key starts meditation"
  else bad "terminal: the leaf key starts meditation" "$(tmux capture-pane -p -t sleepbox-cli-test | tail -n 8)"; fi
  tmux send-keys -t sleepbox-cli-test q
  for _ in $(seq 50); do tmux has-session -t sleepbox-cli-test 2>/dev/null || break; sleep 0.1; done
  if tmux has-session -t sleepbox-cli-test 2>/dev/null; then bad "terminal: q quits"; else ok "terminal: q quits"; fi
  # An 80-column terminal: the display in Braille cells, nothing wider than the terminal.
  tmux kill-session -t sleepbox-cli-test 2>/dev/null
  tmux new-session -d -s sleepbox-cli-test -x 80 -y 30 "$BIN simulate --start 2026-11-22T22:30:00 --seed 1 --speed 10"
  if wait_for "mode off" && wait_for "│⠀"; then
    widest=$(tmux capture-pane -p -t sleepbox-cli-test | python3 -c 'import sys; print(max(len(l.rstrip()) for l in sys.stdin))')
    if [ "$widest" -le 80 ]; then ok "terminal of 80 columns: display in Braille cells, lines at most $widest wide"
    else bad "terminal of 80 columns: lines fit" "$widest columns"; fi
  else
    bad "terminal of 80 columns: display in Braille cells" "$(tmux capture-pane -p -t sleepbox-cli-test | head -n 5)"
  fi
  tmux send-keys -t sleepbox-cli-test q
else
  bad "terminal test" "tmux is missing"
fi

# --- what a new owner tripped over (issue 30) ---------------------------------------------------
if "$BIN" --version >"$WORK/out" 2>&1 && grep -qx "$(cat VERSION)" "$WORK/out"; then ok "sleepbox --version prints VERSION"
else bad "sleepbox --version prints VERSION" "$(head -c 200 "$WORK/out")"; fi
expect_exit "sleepbox NOSUCH --help names the unknown command and exits 64" 64 "unknown command 'NOSUCH'" -- "$BIN" NOSUCH --help
expect_exit "sleepbox content NOSUCH names the unknown command with content's usage" 64 "Usage: sleepbox content " -- "$BIN" content NOSUCH
expect_exit "a content remove error shows content remove's usage" 64 "Usage: sleepbox content remove " -- \
  "$BIN" content remove --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" "Not An Id"
expect_exit "a content add error shows content add's usage" 64 "Usage: sleepbox content add " -- \
  "$BIN" content add --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" --kind poem --title "The Evening Lamp" "$WORK/evening-lamp.txt"
expect_exit "a ctl error shows ctl's usage" 64 "Usage: sleepbox ctl " -- "$BIN" ctl --socket "$WORK/none.sock" alarm 9 on
if grep -q "Usage: sleepbox <subcommand>" "$WORK/err"; then bad "a ctl error does not show the top-level usage"; else ok "a ctl error does not show the top-level usage"; fi
COLUMNS=80 "$BIN" ctl --help >"$WORK/ctl-help.txt" 2>&1
if python3 - "$WORK/ctl-help.txt" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
table = lines[lines.index("Commands:") + 1:]
table = table[:table.index("")]
# Every row of the table is a command at two spaces or its explanation aligned under the others:
# nothing wrapped to the left margin, nothing wider than 80 columns.
sys.exit(0 if len(table) > 20 and all(l.startswith("  ") and len(l) <= 80 for l in table) else print("\n".join(table)) or 1)
PY
then ok "ctl --help's command table fits 80 columns"; else bad "ctl --help's command table fits 80 columns"; fi
for sub in stats list chart; do
  if "$BIN" history $sub --help 2>&1 | grep -q -- "--now"; then ok "history $sub --help lists --now"; else bad "history $sub --help lists --now"; fi
done
"$BIN" content check --config "$WORK/empty.toml" --state-dir "$WORK/check-state" content/poems/poem-stars.txt >/dev/null 2>&1
if [ ! -e "$WORK/check-state" ]; then ok "content check FILE creates no state folder"; else bad "content check FILE creates no state folder" "$(find "$WORK/check-state" | head -3)"; fi
printf 'title: Broken\nkind: poem\nauthor: me\nsource: x, 2026\n---\nOne line (2 x)\n' >"$WORK/broken-poem.txt"
mkdir -p "$WORK/one-error/poems" && cp "$WORK/broken-poem.txt" "$WORK/one-error/poems/poem-broken.txt"
printf '[paths]\nuser_content = "%s"\n' "$WORK/one-error" >"$WORK/one-error.toml"
"$BIN" content check --config "$WORK/one-error.toml" --state-dir "$WORK/check-state" >"$WORK/out" 2>/dev/null
if grep -qE '^[0-9]+ items, 1 error$' "$WORK/out"; then ok "content check counts 1 error, not 1 errors"
else bad "content check counts 1 error, not 1 errors" "$(tail -n 2 "$WORK/out")"; fi
sed -i '$d' "$WORK/my-story.txt" # without the line an earlier check added as an error
"$BIN" content add --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" --kind story --title "Night Rain" "$WORK/my-story.txt" >"$WORK/out" 2>&1
"$BIN" content remove --config "$WORK/empty.toml" --state-dir "$WORK/doc-state" story-night-rain >>"$WORK/out" 2>&1
if grep -q "^added story-night-rain: " "$WORK/out" && grep -qx "removed story-night-rain" "$WORK/out"; then
  ok "content add and remove say what they did in one wording"
else bad "content add and remove say what they did in one wording" "$(head -c 300 "$WORK/out")"; fi
# A program copied away from its checkout finds no content: doctor says where it looked and how to
# point it there (SLEEPBOX_SHARE), and with SLEEPBOX_SHARE it finds the checkout's.
mkdir -p "$WORK/away" && cp "$BIN" "$WORK/away/sleepbox"
"$WORK/away/sleepbox" doctor --state-dir "$WORK/away-state" --socket "$WORK/away.sock" >"$WORK/out" 2>&1
if grep -q "^content folder  *FAIL  no bundled content found" "$WORK/out" && grep -q "SLEEPBOX_SHARE" "$WORK/out"; then
  ok "doctor of a program away from its checkout: no content found, and SLEEPBOX_SHARE named"
else bad "doctor of a program away from its checkout: no content found, and SLEEPBOX_SHARE named" "$(grep content "$WORK/out")"; fi
SLEEPBOX_SHARE="$ROOT" "$WORK/away/sleepbox" doctor --state-dir "$WORK/away-state" --socket "$WORK/away.sock" >"$WORK/out" 2>&1
if grep -q "^content folder  *ok    $ROOT/content" "$WORK/out"; then ok "SLEEPBOX_SHARE points a program away from its checkout to the content"
else bad "SLEEPBOX_SHARE points a program away from its checkout to the content" "$(grep content "$WORK/out")"; fi
# simulate --start: local time in the zone set on the box when the state folder has one.
printf '{"at":"0s","setting":"time_zone","value":"Asia/Tokyo"}\n{"at":"1s","end":true}\n' >"$WORK/tokyo.jsonl"
printf '{"at":"1s","end":true}\n' >"$WORK/end.jsonl"
TZ=UTC "$BIN" simulate --config "$WORK/empty.toml" --state-dir "$WORK/tokyo" --script "$WORK/tokyo.jsonl" --start 2026-11-22T22:30:00 >/dev/null 2>&1
TZ=UTC "$BIN" simulate --config "$WORK/empty.toml" --state-dir "$WORK/tokyo" --script "$WORK/end.jsonl" --start 2026-11-22T22:30:00 >"$WORK/out" 2>&1
if grep -q "^sleepbox simulate: 2026-11-22T22:30:00 -> " "$WORK/out"; then ok "simulate --start is in the box's time zone from the state folder"
else bad "simulate --start is in the box's time zone from the state folder" "$(head -n 1 "$WORK/out")"; fi

. "$ROOT/Tests/cli/hostile-files.sh" # issue 28's files and numbers
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
