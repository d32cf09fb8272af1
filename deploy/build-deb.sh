#!/usr/bin/env bash
# deploy/build-deb.sh: the Debian package of sleepbox for this machine's architecture
# (deploy/README.md, "The package"). `make deb` runs it.
#
#   deploy/build-deb.sh [--binary PATH] [--companion PATH] [--version VERSION] [--out DIR]
#
# Without --binary it builds the two release binaries itself (sleepbox and sleepbox-companion),
# with the Swift runtime linked in (`swift build -c release --static-swift-stdlib`), so the target
# needs no Swift toolchain. With --binary, the companion is --companion's, else the
# sleepbox-companion beside the given binary.
# The version is VERSION's, plus +gitN.HASH in a git checkout (N commits: a later commit is a
# newer package); --version sets it outright. Prints the path of the .deb on its last line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEB_DIR=$REPO/deploy/debian
BINARY=""
COMPANION=""
VERSION=""
OUT=$REPO/.build/deb
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) BINARY=$2; shift 2 ;;
        --companion) COMPANION=$2; shift 2 ;;
        --version) VERSION=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-deb.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
say() { echo "deb: $*" >&2; }
die() { echo "deb: error: $*" >&2; exit 1; }
for t in dpkg-deb dpkg-shlibdeps fakeroot; do
    command -v "$t" >/dev/null || die "$t is missing (apt-get install dpkg-dev fakeroot)"
done

# --- version and time -------------------------------------------------------------------------
base=$(tr -d ' \n' <"$REPO/VERSION")
if git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    : "${VERSION:=$base+git$(git -C "$REPO" rev-list --count HEAD).$(git -C "$REPO" rev-parse --short=8 HEAD)}"
    : "${SOURCE_DATE_EPOCH:=$(git -C "$REPO" log -1 --format=%ct)}"
    COMMIT=$(git -C "$REPO" rev-parse HEAD)
    git -C "$REPO" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || say "note: Sources/ has changes not committed; the version names HEAD"
else
    : "${VERSION:=$base}"
    : "${SOURCE_DATE_EPOCH:=$(stat -c %Y "$REPO/VERSION")}"
    COMMIT=""
fi
export SOURCE_DATE_EPOCH
ARCH=$(dpkg --print-architecture)

# --- the binaries ------------------------------------------------------------------------------
if [ -z "$BINARY" ]; then
    say "swift build -c release --static-swift-stdlib (sleepbox, sleepbox-companion)"
    # Full RELRO (-z relro -z now): the relocations are resolved at start and made read-only.
    for product in sleepbox sleepbox-companion; do
        (cd "$REPO" && swift build -c release --product "$product" --static-swift-stdlib \
            -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now >&2) || die "the release build of $product failed"
    done
    BINARY=$REPO/.build/release/sleepbox
fi
: "${COMPANION:=$(dirname "$BINARY")/sleepbox-companion}"
# Every library a binary loads must come from a Debian package: no Swift runtime from a
# toolchain folder, nothing unresolved.
check_binary() {
    local bin=$1 libs path
    [ -x "$bin" ] || die "$bin is not an executable"
    libs=$(ldd "$bin") || die "ldd $bin failed"
    if echo "$libs" | grep -q 'not found'; then die "$bin links libraries not found here: $(echo "$libs" | grep 'not found' | tr '\n' ' ')"; fi
    if echo "$libs" | grep -q 'swift'; then
        die "$bin loads the Swift runtime from the toolchain ($(echo "$libs" | grep swift | awk '{ print $1 }' | tr '\n' ' ')): build it with --static-swift-stdlib"
    fi
    for path in $(echo "$libs" | awk '$2 == "=>" { print $3 } $1 ~ /^\// { print $1 }'); do
        dpkg -S "$path" >/dev/null 2>&1 || dpkg -S "$(readlink -f "$path")" >/dev/null 2>&1 ||
            dpkg -S "${path#/usr}" >/dev/null 2>&1 || dpkg -S "/usr$path" >/dev/null 2>&1 ||
            die "$path, which $bin links, is in no Debian package"
    done
}
check_binary "$BINARY"
check_binary "$COMPANION"

# --- the tree -----------------------------------------------------------------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sleepbox-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
R=$WORK/root
install -d "$R/DEBIAN" "$R/usr/bin" "$R/lib/systemd/system" "$R/lib/udev/rules.d" "$R/etc/sleepbox" \
    "$R/usr/share/sleepbox" "$R/usr/share/doc/sleepbox" "$R/usr/share/man/man1" "$R/usr/share/lintian/overrides"
install -m 0755 "$BINARY" "$R/usr/bin/sleepbox"
install -m 0755 "$COMPANION" "$R/usr/bin/sleepbox-companion"
for b in sleepbox sleepbox-companion; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$R/usr/bin/$b"
done
# The companion's service is started by its path unit alone (the package enables only that).
for u in sleepbox.service sleepbox-companion.service sleepbox-companion.path; do
    install -m 0644 "$REPO/deploy/$u" "$R/lib/systemd/system/$u"
done
install -m 0644 "$DEB_DIR/60-sleepbox.rules" "$R/lib/udev/rules.d/60-sleepbox.rules"
install -m 0644 "$REPO/config/sleepbox.toml" "$R/etc/sleepbox/sleepbox.toml"
cp -r "$REPO/content" "$REPO/board" "$R/usr/share/sleepbox/"
rm -f "$R/usr/share/sleepbox/board/README.md" # in /usr/share/doc/sleepbox as README.board.md
for f in README.md deploy/README.md:README.deploy.md board/README.md:README.board.md; do
    src=${f%%:*} dst=${f#*:}
    [ "$dst" != "$f" ] || dst=$(basename "$src")
    install -m 0644 "$REPO/$src" "$R/usr/share/doc/sleepbox/$dst"
done
install -m 0644 "$DEB_DIR/copyright" "$R/usr/share/doc/sleepbox/copyright"
for m in sleepbox sleepbox-companion; do gzip -9nc "$DEB_DIR/$m.1" >"$R/usr/share/man/man1/$m.1.gz"; done
install -m 0644 "$DEB_DIR/lintian-overrides" "$R/usr/share/lintian/overrides/sleepbox"
{
    echo "sleepbox ($VERSION) unstable; urgency=medium"
    echo
    if [ -n "$COMMIT" ]; then echo "  * Built from commit $COMMIT."; else echo "  * Built from a source tree."; fi
    echo
    echo " -- sleepbox maintainers <maintainers@users.noreply.a-seed-36482bee.example>  $(date -R -u -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$R/usr/share/doc/sleepbox/changelog.gz"
chmod 0644 "$R/usr/share/doc/sleepbox/changelog.gz"
find "$R/usr/share" -type d -exec chmod 0755 {} + && find "$R/usr/share" -type f -exec chmod 0644 {} +

# --- control ------------------------------------------------------------------------------------
# Depends: what dpkg-shlibdeps finds for the libraries the binaries link (it wants a debian/
# folder to stand in; libmosquitto1 is the companion's), plus adduser for the maintainer scripts.
mkdir -p "$WORK/src/debian"
printf 'Source: sleepbox\n\nPackage: sleepbox\nArchitecture: any\n' >"$WORK/src/debian/control"
shlibs=$(cd "$WORK/src" && dpkg-shlibdeps -O "$R/usr/bin/sleepbox" "$R/usr/bin/sleepbox-companion" 2>"$WORK/shlibdeps.err") ||
    { cat "$WORK/shlibdeps.err" >&2; die "dpkg-shlibdeps failed"; }
depends=$(echo "$shlibs" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"
depends="adduser, $depends"
cp "$DEB_DIR/preinst" "$DEB_DIR/postinst" "$DEB_DIR/prerm" "$DEB_DIR/postrm" "$R/DEBIAN/"
chmod 0755 "$R/DEBIAN/preinst" "$R/DEBIAN/postinst" "$R/DEBIAN/prerm" "$R/DEBIAN/postrm"
install -m 0644 "$DEB_DIR/conffiles" "$R/DEBIAN/conffiles"
size=$(du -sk --exclude=DEBIAN "$R" | cut -f1)
sed -e "s|@VERSION@|$VERSION|" -e "s|@ARCH@|$ARCH|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
    "$DEB_DIR/control.in" >"$R/DEBIAN/control"
(cd "$R" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) >"$R/DEBIAN/md5sums"
chmod 0644 "$R/DEBIAN/md5sums" "$R/DEBIAN/control"
find "$R" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$OUT"
DEB=$OUT/sleepbox_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group -Zxz --build "$R" "$DEB" >/dev/null || die "dpkg-deb --build failed"
say "$(basename "$DEB"): $(du -h "$DEB" | cut -f1), Depends: $depends"
echo "$DEB"
