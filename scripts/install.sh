#!/usr/bin/env bash
# Lays Folio out under a prefix, as `make install` and `make deb` do:
#   PREFIX/bin/folio                            the binary (finds its files in ../share/folio)
#   PREFIX/share/folio/{fonts,reports,commit}   its fonts (with their licence), report definitions, the commit
#   PREFIX/share/man/man1/folio*.1              folio(1) and a page per command
#   PREFIX/share/doc/folio/{README.md,docs/}    the manual (README's links into docs/ keep working)
#   PREFIX/share/bash-completion/completions/folio, PREFIX/share/zsh/site-functions/_folio,
#   PREFIX/share/fish/vendor_completions.d/folio.fish
# Usage: install.sh FOLIO MAN_DIR PREFIX [COMMIT]  |  install.sh --uninstall PREFIX
set -euo pipefail

files=(bin/folio share/folio share/man/man1 share/doc/folio share/bash-completion/completions/folio
       share/zsh/site-functions/_folio share/fish/vendor_completions.d/folio.fish)

if [ "${1:-}" = "--uninstall" ]; then
    prefix=${2:?usage: install.sh --uninstall PREFIX}
    rm -f "$prefix/bin/folio" "$prefix"/share/man/man1/folio.1 "$prefix"/share/man/man1/folio.*.1 \
        "$prefix/share/bash-completion/completions/folio" "$prefix/share/zsh/site-functions/_folio" \
        "$prefix/share/fish/vendor_completions.d/folio.fish"
    rm -rf "$prefix/share/folio" "$prefix/share/doc/folio/docs"
    rm -f "$prefix/share/doc/folio/README.md"
    rmdir "$prefix/share/doc/folio" 2>/dev/null || true  # a package's copyright may be there too
    echo "removed Folio from $prefix"
    exit 0
fi

folio=${1:?usage: install.sh FOLIO MAN_DIR PREFIX [COMMIT]}
man=${2:?}
prefix=${3:?}
commit=${4:-}
here=$(cd "$(dirname "$0")/.." && pwd)

install -d "$prefix/bin" "$prefix/share/folio" "$prefix/share/man/man1" "$prefix/share/doc/folio" \
    "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$folio" "$prefix/bin/folio"
rm -rf "$prefix/share/folio/fonts" "$prefix/share/folio/reports"
cp -R "$here/fonts" "$here/reports" "$prefix/share/folio/"
rm -f "$prefix/share/folio/commit"   # never a stale one: a build without git records none
if [ -n "$commit" ] && [ "$commit" != "-dirty" ]; then echo "$commit" > "$prefix/share/folio/commit"; fi
install -m 644 "$man"/*.1 "$prefix/share/man/man1/"
rm -rf "$prefix/share/doc/folio/docs"
install -m 644 "$here/README.md" "$prefix/share/doc/folio/"
cp -R "$here/docs" "$prefix/share/doc/folio/"
"$folio" completions bash > "$prefix/share/bash-completion/completions/folio"
"$folio" completions zsh > "$prefix/share/zsh/site-functions/_folio"
"$folio" completions fish > "$prefix/share/fish/vendor_completions.d/folio.fish"
echo "installed Folio under $prefix: ${files[*]}"
