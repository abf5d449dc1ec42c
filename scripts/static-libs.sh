#!/usr/bin/env bash
# Makes `make build` link folio's C libraries statically: usage `static-libs.sh DIR`.
#
# Why: with Debian's shared Cairo, every start of `folio` loaded 26 libraries (Cairo's X11, xcb,
# fontconfig, expat, brotli trees among them) and bound ~4,700 symbols across them, before any
# work. Linked from the static archives Debian's -dev packages ship, only libc, libm and libgcc_s
# remain: `folio --version` takes 0.62 of its time, a chart 0.86 (in pairs), and so for every
# chart and table a cron job renders.
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
# The C compiler's search finds each archive where the system keeps it (any architecture): $CC, else
# gcc's cc, else the clang beside swift.
compiler=""
for candidate in "${CC:-}" cc gcc clang "$(dirname "$(readlink -f "$(command -v swift)")")/clang"; do
    if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1; then compiler=$candidate; break; fi
done
if [ -z "$compiler" ]; then
    echo "static-libs: no C compiler to find the static libraries with; folio links the shared ones" >&2
fi

# A library without its archive is linked shared, as before: slower to start, the same program.
for name in "${archives[@]}"; do
    archive=""
    [ -n "$compiler" ] && archive=$("$compiler" -print-file-name="lib$name.a" 2>/dev/null || true)
    if [ -f "$archive" ]; then
        ln -sfn "$archive" "$dir/lib/lib$name.a"
    else
        rm -f "$dir/lib/lib$name.a"
        [ -n "$compiler" ] && echo "static-libs: $compiler finds no lib$name.a; folio links the shared library" >&2
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
