#!/usr/bin/env bash
# Builds out/folio_VERSION_ARCH.deb from what `make install PREFIX=/usr` lays out (scripts/install.sh),
# with dpkg-deb, its binary stripped; the debug symbols go into out/folio-dbgsym_VERSION_ARCH.deb, as
# Debian ships them: /usr/lib/debug/.build-id/XX/YYYY.debug, which gdb and the backtracer find by the
# binary's build id. Depends: what the static binary still loads (libc6, libgcc-s1, the glibc version its
# symbols need); Recommends: libcurl4, which `folio fetch` and `folio mail` load when they run (every
# other command works without it). usr/share/doc/folio/copyright lists the fonts' and the statically
# linked libraries' licences.
# Usage: make-deb.sh FOLIO MAN_DIR VERSION COMMIT OUT_DIR
set -euo pipefail
folio=${1:?usage: make-deb.sh FOLIO MAN_DIR VERSION COMMIT OUT_DIR}
man=${2:?}
version=${3:?}
commit=${4:-}
out=${5:?}
here=$(cd "$(dirname "$0")/.." && pwd)
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
dbg=$(mktemp -d)
trap 'rm -rf "$root" "$dbg"' EXIT

"$here/scripts/install.sh" "$folio" "$man" "$root/usr" "$commit" >/dev/null
bin=$root/usr/bin/folio
build_id=$(readelf -n "$bin" | awk '/Build ID:/ {print $3}')
[ -n "$build_id" ] || { echo "make-deb: $folio has no build id to name its debug symbols by" >&2; exit 1; }
debug_file=$dbg/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug
install -d "$(dirname "$debug_file")"
objcopy --only-keep-debug --compress-debug-sections=zlib "$bin" "$debug_file"
chmod 644 "$debug_file"
# As dh_strip does: the symbol table and debug sections out, .comment too; the build-id note stays.
strip --remove-section=.comment "$bin"
# The package depends on libc6 and libgcc-s1 alone: a library static-libs.sh had to link shared would be
# missing on the machine the package is installed on, so it stops the package here.
extra=$(objdump -p "$root/usr/bin/folio" | awk '/NEEDED/ {print $2}' \
    | grep -v -E '^(libc|libm|libgcc_s|ld-linux-[a-z0-9-]+|libpthread|libdl|librt)\.so' || true)
if [ -n "$extra" ]; then
    echo "make-deb: folio loads $(echo $extra), which the package would not bring; install the static archives" \
         "(scripts/install-deps.sh) and make build again" >&2
    exit 1
fi
# The newest glibc symbol version the binary needs is the oldest libc6 it runs on.
glibc=$(objdump -T "$root/usr/bin/folio" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
install -d "$root/DEBIAN" "$root/usr/share/doc/folio"
cat > "$root/DEBIAN/control" <<CONTROL
Package: folio
Version: $version
Architecture: $arch
Maintainer: Folio maintainers <folio@example.com>
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: libc6 (>= $glibc), libgcc-s1
Recommends: libcurl4
Section: utils
Priority: optional
Homepage: https://github.com/folio
Description: charts and reports from market quotes and portfolio history
 Folio keeps quotes and portfolio history in SQLite, computes what investors
 look at (returns, drawdowns, allocation, income) and renders PNG charts and
 vector PDF reports, in Ukrainian and English. It fetches quotes (NBU,
 CoinGecko, Monobank, PrivatBank, Stooq) and mails reports through libcurl.
CONTROL
cat > "$root/usr/share/doc/folio/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: folio
Comment: Folio ${version}${commit:+ (commit $commit)}. The binary links the Swift runtime, Foundation and
 the C libraries below statically; their licences follow.

Files: usr/share/folio/fonts/*
Copyright: Google LLC and the Noto Project Authors
License: OFL-1.1
 The SIL Open Font License 1.1, in usr/share/folio/fonts/OFL.txt.

Files: usr/bin/folio
Comment: statically linked components and their licences:
 Swift standard library, Foundation, Dispatch: Apache-2.0 with the Runtime Library Exception;
 swift-argument-parser, swift-mustache, swift-collections: Apache-2.0;
 GRDB.swift, Yams (and libyaml): MIT;
 SQLite: public domain;
 Cairo: LGPL-2.1 or MPL-1.1; pixman: MIT; fontconfig: MIT-style (HPND);
 FreeType: FreeType License (FTL) or GPL-2; expat: MIT; libpng: libpng-2.0;
 zlib: Zlib; brotli: MIT; libdeflate: MIT; libstdc++: GPL-3 with the GCC Runtime Library Exception.
License: Apache-2.0
 On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0.
COPYRIGHT
chmod 644 "$root/DEBIAN/control" "$root/usr/share/doc/folio/copyright"
install -d "$dbg/DEBIAN" "$dbg/usr/share/doc"
ln -s folio "$dbg/usr/share/doc/folio-dbgsym"
cat > "$dbg/DEBIAN/control" <<CONTROL
Package: folio-dbgsym
Source: folio
Version: $version
Architecture: $arch
Maintainer: Folio maintainers <folio@example.com>
Installed-Size: $(du -sk "$dbg/usr" | cut -f1)
Depends: folio (= $version)
Section: debug
Priority: optional
Auto-Built-Package: debug-symbols
Build-Ids: $build_id
Description: debug symbols for folio
CONTROL
chmod 644 "$dbg/DEBIAN/control"
mkdir -p "$out"
deb="$out/folio_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$deb" >/dev/null
dpkg-deb --root-owner-group --build "$dbg" "$out/folio-dbgsym_${version}_${arch}.deb" >/dev/null
echo "$deb"
