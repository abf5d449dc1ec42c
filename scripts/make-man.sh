#!/usr/bin/env bash
# Manual pages from the help the commands print: ArgumentParser's generate-manual run on FOLIO (folio(1)
# and one page per command), then made clean for troff. generate-manual copies the help text into
# mdoc as it is, so a blank line between paragraphs ("mdoc warning: Empty input line") becomes .Pp, and
# a text line that starts with a dot or a quote (".NAME.fingerprint", which troff reads as a macro)
# gets the zero-width escape \& in front; the lines generate-manual writes as macros (.Sh, .It, .\")
# stay as they are. `man --warnings -l PAGE` is then silent (scripts/test-deb.sh checks it).
# Usage: make-man.sh GENERATE_MANUAL FOLIO DATE OUT_DIR
set -euo pipefail
generate=${1:?usage: make-man.sh GENERATE_MANUAL FOLIO DATE OUT_DIR}
folio=${2:?}
date=${3:?}
out=${4:?}
rm -rf "$out" && mkdir -p "$out"
"$generate" "$folio" --multi-page --date "$date" -o "$out"
sed -i -e 's/^$/.Pp/' -e "/^\\.\\([A-Z][a-z]\\( \\|\$\\)\\|\\\\\"\\)/!s/^[.']/\\\\\\&&/" "$out"/*.1
