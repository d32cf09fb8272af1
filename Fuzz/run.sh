#!/bin/sh
# Builds the libFuzzer targets (AddressSanitizer; release unless FUZZ_BUILD=debug) and runs each for a bounded time.
# Usage: Fuzz/run.sh [TARGET...]   (targets: script timeline content-item state-file config sim-script control history-rows companion-page
#        board-profile mix wav-header; default all)
# FUZZ_SECONDS (default 60) is the time per target; FUZZ_RUNS=N runs N inputs each instead. Exits 1 on the first crash, leak, trap or
# input slower than FUZZ_TIMEOUT seconds (default 10; 60 for a debug build), and prints how to replay it.
# FUZZ_BUILD=debug builds the targets unoptimised (a cold build in a fifth of the time, inputs about
# ten times slower): what `make fuzz-ci` uses; release (the default) is for long runs.
# New inputs go to Fuzz/.build/corpus/<name>/ (the seeds in Fuzz/Corpus/<name>/ are only read);
# failing inputs to Fuzz/.build/artifacts/.
set -eu
cd "$(dirname "$0")"
SECONDS_EACH=${FUZZ_SECONDS:-60}
if [ -n "${FUZZ_RUNS:-}" ]; then LIMIT="-runs=$FUZZ_RUNS"; else LIMIT="-max_total_time=$SECONDS_EACH"; fi
SWIFT=${SWIFT:-swift}
CONFIG=${FUZZ_BUILD:-release}
case "$CONFIG" in debug|release) ;; *) echo "fuzz: FUZZ_BUILD must be debug or release, not '$CONFIG'" >&2; exit 2 ;; esac
# An input slower than this fails; unoptimised code is about ten times slower.
if [ "$CONFIG" = debug ]; then TIMEOUT=${FUZZ_TIMEOUT:-60}; else TIMEOUT=${FUZZ_TIMEOUT:-10}; fi
# name:Target[:libFuzzer options, comma-separated]. The timeline target reads TOML through
# SleepBoxTOML, which parses with TOMLKit, whose string getter leaks a strdup'd copy of every
# string value read (bounded in the box: content and the configuration are read once at start;
# about 2 KB per input here); the leak check of the timeline, content-item, config, board-profile
# and mix targets is off and their memory limit higher while that is so.
ALL="script:FuzzScript timeline:FuzzTimeline:-detect_leaks=0,-rss_limit_mb=8192
content-item:FuzzContentItem:-detect_leaks=0,-rss_limit_mb=8192 state-file:FuzzStateFile
config:FuzzConfig:-detect_leaks=0,-rss_limit_mb=8192 sim-script:FuzzSimulatorScript control:FuzzControlRequest
history-rows:FuzzHistoryRows board-profile:FuzzBoardProfile:-detect_leaks=0,-rss_limit_mb=8192
mix:FuzzMix:-detect_leaks=0,-rss_limit_mb=8192 wav-header:FuzzWAVHeader companion-page:FuzzCompanionPage"

"$SWIFT" build -c "$CONFIG" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
    | grep -v "Cannot export local symbol" || true
BIN=$("$SWIFT" build -c "$CONFIG" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)

wanted=${*:-}
status=0
mkdir -p .build/artifacts
for entry in $ALL; do
    name=${entry%%:*}
    rest=${entry#*:}
    target=${rest%%:*}
    extra=""
    [ "$rest" != "$target" ] && extra=$(echo "${rest#*:}" | tr ',' ' ')
    if [ -n "$wanted" ] && ! echo " $wanted " | grep -q " $name "; then continue; fi
    [ -x "$BIN/$target" ] || { echo "fuzz: $target was not built" >&2; exit 1; }
    mkdir -p ".build/corpus/$name"
    log=".build/$name.log"
    asan=${ASAN_OPTIONS:-}
    case "$extra" in *-detect_leaks=0*) asan="detect_leaks=0${asan:+:$asan}" ;; esac
    if ASAN_OPTIONS="$asan" "$BIN/$target" ".build/corpus/$name" "Corpus/$name" "$LIMIT" -timeout="$TIMEOUT" \
        -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix=".build/artifacts/$name-" $extra >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
        echo "fuzz $name: $runs executions in ${took:-?}s, no crash"
    else
        status=1
        echo "fuzz $name: FAILED, see Fuzz/$log; replay with: $BIN/$target <the artifact below>" >&2
        grep -E "ERROR|Fatal error|SUMMARY|Test unit written|Slowest unit|timeout" "$log" | head -20 >&2
    fi
done
exit $status
