#!/usr/bin/env bash
# Installs the system packages Folio builds and tests against, when any is missing.
# A fresh machine has Swift but none of these; run as root (CI and `make` call this first).
set -euo pipefail

packages=(
    libsqlite3-dev        # GRDB links the system SQLite
    libcairo2-dev         # FolioRender draws with Cairo
    libpng-dev            # FolioRender encodes PNG through libpng
    libdeflate-dev        # FolioRender deflates PNG pixels with libdeflate (much faster than zlib)
    libfreetype-dev       # fonts are loaded from fonts/ through FreeType
    libcurl4-openssl-dev  # FolioNet's HTTP and SMTP are built against libcurl's header
    libcurl4              # ...and `folio fetch` and `folio mail` load libcurl.so.4 when they run (not linked)
    poppler-utils         # tests read PDFs with pdfinfo, pdftotext, pdftoppm
    pkg-config            # SwiftPM finds the C libraries through it
)

# The tests' servers are Python programs (Tests/Support): python3, and aiosmtpd for the SMTP one.
command -v python3 >/dev/null 2>&1 || packages+=(python3 python3-pip)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "install-deps: missing ${missing[*]}; run 'sudo $0' or install them with apt-get" >&2
        exit 1
    fi
    echo "install-deps: installing ${missing[*]}" >&2
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
    echo "install-deps: installing aiosmtpd (the tests' SMTP server) from PyPI" >&2
    python3 -m pip install --quiet aiosmtpd 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages aiosmtpd
fi
