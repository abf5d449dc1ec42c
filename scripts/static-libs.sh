#!/usr/bin/env bash
# Makes `make build` link folio's C libraries statically: usage `static-libs.sh DIR`.
#
# Why: with Debian's shared Cairo, every start of `folio` loaded 26 libraries (Cairo's X11, xcb,
# fontconfig, expat, brotli trees among them) and bound ~4,700 symbols across them, before any
# work: 0.7 of `folio --version`'s time, and the same ~2 ms for every chart and table a cron job
# renders. Linked from the static archives Debian's -dev packages ship, only libc, libm and
# libgcc_s remain, and nothing is looked up by name.
#
# How: SwiftPM links a system-library target with the flags of its pkg-config file, and the linker
# takes `-lNAME` from the first `-L` folder that holds libNAME.so or libNAME.a. This writes
# DIR/lib, links to the archives only, and DIR/pkgconfig/{cairo-ft,libpng}.pc naming DIR/lib first;
# `make build` puts DIR/pkgconfig on PKG_CONFIG_PATH. Every `-lcairo`, `-lsqlite3`, `-lstdc++`… of
# the link then finds the archive. The compile flags are the system's own, so nothing recompiles.
# `swift build` without the Makefile (tests, the bench) links the shared libraries as before.
set -euo pipefail

dir=${1:?usage: static-libs.sh DIR}
mkdir -p "$dir/lib" "$dir/pkgconfig"
dir=$(cd "$dir" && pwd)

# Cairo's, FreeType's and libpng's own dependencies (`pkg-config --static --libs cairo-ft libpng`,
# less what the link does not reach: X11, xcb, glib), SQLite (GRDB's), libdeflate, and libstdc++
# (for the ICU in Swift's static Foundation).
archives=(cairo pixman-1 fontconfig expat freetype png16 z brotlidec brotlicommon deflate sqlite3 stdc++)
# A library without its archive is linked shared, as before: slower to start, the same program.
for name in "${archives[@]}"; do
    archive=$("${CC:-cc}" -print-file-name="lib$name.a" 2>/dev/null || true)
    if [ -f "$archive" ]; then
        ln -sfn "$archive" "$dir/lib/lib$name.a"
    else
        rm -f "$dir/lib/lib$name.a"
        echo "static-libs: no lib$name.a here (its -dev package ships it); folio links the shared library" >&2
    fi
done

# The order of each Libs line is the link order after the archives SwiftPM names itself: an archive
# before those whose symbols it uses.
pc() {  # pc NAME CFLAGS-OF LIBS
    local cflags
    cflags=$(pkg-config --cflags "$2")
    cat >"$dir/pkgconfig/$1.pc.tmp" <<EOF
# Written by scripts/static-libs.sh: $2's compile flags, its libraries from $dir/lib (static).
Name: $1
Description: $2, linked from static archives
Version: $(pkg-config --modversion "$2")
Cflags: $cflags
Libs: -L$dir/lib $3
EOF
    mv "$dir/pkgconfig/$1.pc.tmp" "$dir/pkgconfig/$1.pc"
}
pc cairo-ft cairo-ft "-lcairo -lpixman-1 -lfontconfig -lexpat -lfreetype -lpng16 -lbrotlidec -lbrotlicommon -lz -lm"
pc libpng libpng "-lpng16 -lz -lm"
