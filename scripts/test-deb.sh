#!/usr/bin/env bash
# Installs out/folio_*.deb into a clean Debian 12 root — debootstrap's minbase: no Swift, no -dev
# packages, no fonts — and renders the demo's reports there, from another working directory, with no
# variable set: the check that the package carries everything folio needs besides libc. Run as root
# (debootstrap and chroot need it); the root is made once in ROOT (default .build-deb-root) and reused.
# Usage: scripts/test-deb.sh [DEB] [DEMO_DB]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
deb=${1:-$(ls "$here"/out/folio_*.deb | tail -1)}
demo=${2:-$here/samples/demo.sqlite}
root=${ROOT:-$here/.build-deb-root}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

[ "$(id -u)" -eq 0 ] || { echo "test-deb: run as root (debootstrap and chroot need it)" >&2; exit 1; }
[ -f "$deb" ] || { echo "test-deb: no package at $deb; make deb first" >&2; exit 1; }
[ -f "$demo" ] || { echo "test-deb: no demo database at $demo; make demo first" >&2; exit 1; }
command -v debootstrap >/dev/null || apt-get install -y -qq --no-install-recommends debootstrap >/dev/null

if [ ! -x "$root/usr/bin/dpkg" ]; then
    echo "test-deb: making a clean Debian 12 root in $root (debootstrap --variant=minbase)" >&2
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
fi
# Nothing of a previous run: the package is installed afresh each time.
chroot "$root" dpkg --purge folio >/dev/null 2>&1 || true
rm -rf "$root/tmp/folio-test" && mkdir -p "$root/tmp/folio-test/work"
cp "$deb" "$root/tmp/folio-test/folio.deb"
cp "$demo" "$root/tmp/folio-test/demo.sqlite"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT

echo "test-deb: dpkg -i $(basename "$deb") in the clean root" >&2
chroot "$root" dpkg -i /tmp/folio-test/folio.deb
chroot "$root" sh -c 'ls /usr/include/swift 2>/dev/null; command -v swift cc gcc' && { echo "test-deb: the root is not clean" >&2; exit 1; }
chroot "$root" folio --version
# A manual page for every command folio --help lists.
for command in $(chroot "$root" folio --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ {print $1}'); do
    [ -f "$root/usr/share/man/man1/folio.$command.1" ] || { echo "test-deb: no manual page for folio $command" >&2; exit 1; }
done
grep -q 'folio.report 1' "$root/usr/share/man/man1/folio.1" || { echo "test-deb: folio(1) does not name its commands" >&2; exit 1; }
# From a directory of the user's, no variable set: the installed binary finds /usr/share/folio itself.
chroot "$root" env -i PATH=/usr/bin:/bin HOME=/tmp/folio-test sh -ec '
    cd /tmp/folio-test/work
    folio report portfolio --db ../demo.sqlite --portfolio "Demo UAH" --locale uk --out portfolio-uk.pdf
    folio report portfolio --db ../demo.sqlite --portfolio "DSX crypto" --locale en --out portfolio-dsx-en.pdf
    folio report market --db ../demo.sqlite --locale uk --out market-uk.pdf
    folio report budget --db ../demo.sqlite --locale en --out budget-en.pdf
    folio report daily --db ../demo.sqlite --portfolio "Demo UAH" --out daily
    folio chart donut --db ../demo.sqlite --portfolio "Demo UAH" --out donut.png
    man -w folio >/dev/null 2>&1 || test -f /usr/share/man/man1/folio.1
'
for pdf in "$root"/tmp/folio-test/work/*.pdf; do
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
    fonts=$(pdffonts "$pdf" | tail -n +3 | wc -l)
    echo "test-deb: $(basename "$pdf"): $pages pages, $fonts embedded fonts"
    [ "$pages" -gt 0 ] && [ "$fonts" -gt 0 ]
done
ls "$root/tmp/folio-test/work/daily" | sed 's/^/test-deb: daily\//'
echo "test-deb: ok — $(basename "$deb") renders the demo's reports in a clean Debian 12 root"
