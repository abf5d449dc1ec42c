#!/usr/bin/env bash
# Installs out/folio_*.deb into a clean Debian 12 root — debootstrap's minbase: no Swift, no -dev
# packages, no fonts — and renders the demo's reports there, from another working directory, with no
# variable set: the check that the package carries everything folio needs besides libc. It checks the
# package's other promises too: a stripped binary, the manual in /usr/share/doc/folio, manual pages
# troff reads without a warning, and bash completion that offers import kinds and portfolios. Run as root
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
fail() { echo "test-deb: $*" >&2; exit 1; }
missing=""
for tool in debootstrap:debootstrap file:file man:man-db groff:groff-base; do
    command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool#*:}"
done
if [ -n "$missing" ]; then
    apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null || fail "cannot install$missing"
fi

# Made into a sibling and moved into place only when debootstrap finished: a run killed half-way never
# leaves a root that a later run would take for a whole one.
if [ ! -f "$root/.folio-complete" ]; then
    echo "test-deb: making a clean Debian 12 root in $root (debootstrap --variant=minbase)" >&2
    for dir in "$root" "$root.new"; do
        for mounted in proc sys dev; do umount "$dir/$mounted" 2>/dev/null || true; done
        rm -rf --one-file-system "$dir"
    done
    debootstrap --variant=minbase bookworm "$root.new" "$mirror" >/dev/null || fail "debootstrap failed"
    touch "$root.new/.folio-complete"
    mv "$root.new" "$root"
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
# dash's command -v looks at one name at a time.
chroot "$root" sh -c '[ ! -e /usr/include/swift ] && ! command -v swift && ! command -v cc && ! command -v gcc' >/dev/null \
    || fail "the root is not clean: it has Swift or a C compiler"
chroot "$root" folio --version
# A manual page for every command folio --help lists.
commands=$(chroot "$root" folio --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ {print $1}')
[ "$(echo "$commands" | wc -w)" -ge 15 ] || fail "folio --help lists only: $commands"
for command in $commands; do
    [ -f "$root/usr/share/man/man1/folio.$command.1" ] || fail "no manual page for folio $command"
done
grep -q 'folio.report 1' "$root/usr/share/man/man1/folio.1" || fail "folio(1) does not name its commands"
for page in "$root"/usr/share/man/man1/folio*.1; do
    warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man --warnings -l $(basename "$page"): $warnings"
done
# Stripped (the symbols are in folio-dbgsym), and the manual beside the copyright.
file "$root/usr/bin/folio" | grep -q ', stripped' || fail "the binary is not stripped: $(file -b "$root/usr/bin/folio")"
for page in README.md "$here"/docs/*.md; do
    page=${page#"$here"/}
    [ -f "$root/usr/share/doc/folio/$page" ] || fail "/usr/share/doc/folio has no $page"
done
# Bash completion as bash offers it after a TAB: WORDS is the line, the last word being completed.
offers() {
    chroot "$root" env -i PATH=/usr/bin:/bin FOLIO_DB=/tmp/folio-test/demo.sqlite bash -c '
        source /usr/share/bash-completion/completions/folio
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _folio folio "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
        printf "%s\n" "${COMPREPLY[@]}"' completion "$@"
}
offers folio import "" | grep -qx trading212 || fail "bash completion offers no trading212 after 'folio import '"
offers folio table "" | grep -qx holdings || fail "bash completion offers no table names after 'folio table '"
offers folio report portfolio --portfolio D | grep -qx "Demo UAH" \
    || fail "bash completion offers no portfolio of \$FOLIO_DB after '--portfolio D'"
# From a directory of the user's, no variable set: the installed binary finds /usr/share/folio itself.
chroot "$root" env -i PATH=/usr/bin:/bin HOME=/tmp/folio-test sh -ec '
    cd /tmp/folio-test/work
    folio report portfolio --db ../demo.sqlite --portfolio "Demo UAH" --locale uk --out portfolio-uk.pdf
    folio report portfolio --db ../demo.sqlite --portfolio "DSX crypto" --locale en --out portfolio-dsx-en.pdf
    folio report market --db ../demo.sqlite --locale uk --out market-uk.pdf
    folio report budget --db ../demo.sqlite --locale en --out budget-en.pdf
    folio report tax --db ../demo.sqlite --portfolio "Demo UAH" --year 2017 --out tax-2017-uk.pdf
    folio report daily --db ../demo.sqlite --portfolio "Demo UAH" --out daily
    folio chart donut --db ../demo.sqlite --portfolio "Demo UAH" --out donut.png
    man -w folio >/dev/null 2>&1 || test -f /usr/share/man/man1/folio.1
'
for pdf in "$root"/tmp/folio-test/work/*.pdf; do
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
    fonts=$(pdffonts "$pdf" | tail -n +3 | wc -l)
    echo "test-deb: $(basename "$pdf"): $pages pages, $fonts embedded fonts"
    [ "${pages:-0}" -gt 0 ] || fail "$(basename "$pdf") has no pages"
    [ "$fonts" -gt 0 ] || fail "$(basename "$pdf") embeds no fonts"
done
ls "$root/tmp/folio-test/work/daily" | sed 's/^/test-deb: daily\//'
echo "test-deb: ok — $(basename "$deb") renders the demo's reports in a clean Debian 12 root"
