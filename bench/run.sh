#!/usr/bin/env bash
# Runs every sleepbox benchmark and rewrites bench/results/latest.md (between the bench:results
# markers) with what they printed; docs/performance.md holds the budgets those figures are checked
# against. Needs a release build (`swift build -c release --product sleepbox`; `make bench` does
# both) and the Debian packages sox libsox-fmt-mp3 mpg123 alsa-utils time valgrind.
#
#   bench/run.sh [--quick] [--no-docs] [NAME ...]     NAME: instructions audio_cpu memory render_period daemon simulator mixer mixlayers companion
#
# Environment: SLEEPBOX (the binary, default .build/release/sleepbox), BENCH_WORK (scratch folder,
# default /tmp/sleepbox-bench), BENCH_QUICK=1 (same as --quick: short runs to try the scripts, not
# numbers for the docs). Takes about 20 minutes in full on a 2-core machine; keep the machine
# otherwise idle while it runs: the numbers are CPU and timing measurements.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$(dirname "$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)"):$PATH"

docs=1
names=()
for a in "$@"; do
  case "$a" in
    --quick) export BENCH_QUICK=1 ;;
    --no-docs) docs=0 ;;
    instructions|audio_cpu|memory|render_period|daemon|simulator|mixer|mixlayers|companion) names+=("$a") ;;
    *) echo "bench/run.sh: unknown argument $a" >&2; exit 2 ;;
  esac
done
[ ${#names[@]} -gt 0 ] || names=(instructions audio_cpu memory render_period daemon simulator mixer mixlayers companion)

export SLEEPBOX="${SLEEPBOX:-$ROOT/.build/release/sleepbox}"
[ -x "$SLEEPBOX" ] || { echo "bench/run.sh: no release binary at $SLEEPBOX (swift build -c release --product sleepbox)" >&2; exit 1; }
WORK="${BENCH_WORK:-/tmp/sleepbox-bench}"
OUT="$WORK/results"
mkdir -p "$OUT"

commit="${BENCH_COMMIT:-$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no -- Sources Package.swift 2>/dev/null)" ]; then
  commit="$commit (with uncommitted changes)"
fi
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')
{
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`bench/run.sh${BENCH_QUICK:+ --quick}\` on: $cpu, $(nproc) cores,"
  echo "$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo) RAM, Linux $(uname -r) $(uname -m);"
  echo "$(swift --version 2>/dev/null | head -1); \`swift build -c release\` of commit $commit."
  if [ -n "${BENCH_QUICK:-}" ]; then echo; echo "**Quick run: shortened measurements, not for comparison.**"; fi
} > "$OUT/header.md"

for n in "${names[@]}"; do
  echo "== bench/$n.py" >&2
  python3 bench/runone.py "$n" "$OUT"
done

if [ "$docs" = 1 ]; then
  python3 - "$ROOT/bench/results/latest.md" "$OUT" "${names[@]}" <<'EOF'
import os, sys
doc, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
titles = {"instructions": "0. Instruction counts (callgrind)", "audio_cpu": "1. Audio CPU per hour of audio", "memory": "2. Peak memory of `sleepbox play`",
          "render_period": "3. Render time of one 10 ms period", "daemon": "4. The daemon",
          "simulator": "5. The simulator", "mixer": "6. Mixer and source render speed",
          "mixlayers": "7. A mix's cost per layer (callgrind)", "companion": "8. The companion"}
begin, end = "<!-- bench:results:begin -->", "<!-- bench:results:end -->"
text = open(doc).read() if os.path.exists(doc) else "# The last full benchmark run\n"
old = {}
if begin in text and end in text:
    body = text.split(begin, 1)[1].split(end, 1)[0]
    # Keep the sections of benchmarks not run this time.
    for part in body.split("\n### ")[1:]:
        title = part.split("\n", 1)[0].strip()
        old[title] = "### " + part.rstrip() + "\n"
parts = ["", open(os.path.join(out, "header.md")).read().strip(), ""]
for key in ["instructions", "audio_cpu", "memory", "render_period", "daemon", "simulator", "mixer", "mixlayers", "companion"]:
    title = titles[key]
    if key in names:
        parts += [f"### {title}", "", open(os.path.join(out, key + ".md")).read().strip(), ""]
    elif title in old:
        kept = old[title].strip()
        note = "_(From an earlier run: not measured this time.)_"
        if note not in kept:
            head, _, rest = kept.partition("\n")
            kept = head + "\n\n" + note + "\n" + rest
        parts += [kept, ""]
section = begin + "\n" + "\n".join(parts) + "\n" + end
if begin in text and end in text:
    text = text.split(begin, 1)[0] + section + text.split(end, 1)[1]
else:
    text = text.rstrip() + "\n\n" + section + "\n"
open(doc, "w").write(text)
print(f"bench/run.sh: results written to {doc}", file=sys.stderr)
EOF
fi
