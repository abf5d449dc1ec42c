# Folio: `make demo` builds and runs the main job on the sample database; `make test` runs the tests.
SWIFT ?= swift
DEMO_DB := samples/demo.sqlite
RELEASE := .build/release
# `folio` is built with the Swift runtime and Foundation linked in, in its own build tree so that the
# different link flags do not make SwiftPM rebuild the benchmark's tree (and the other way round).
FOLIO_BUILD := .build-static
FOLIO := $(FOLIO_BUILD)/release/folio

.PHONY: deps build demo test check lint format bench fuzz clean install uninstall man deb package-test

# Where `make install` puts Folio (`DESTDIR` stages it for a package): the binary in bin/, its fonts and
# report definitions in share/folio/ (the binary finds them from there), manual pages, completions.
PREFIX ?= /usr/local
DESTDIR ?=
# The version is written once, in FolioVersion.swift; the commit is recorded beside the binary.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/FolioCore/FolioVersion.swift)
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)

deps:
	@scripts/install-deps.sh

# The `folio` users run: the Swift runtime and the C libraries linked in statically, at a fixed address,
# exporting no symbols, generic metadata through accessors. Each flag makes every start cheaper; why and
# by how much is in docs/performance.md ("Start-up").
NO_MANGLED_METADATA := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# Static Foundation's one call of mktemp goes to folio's own (Sources/folio/StaticLinkMktemp.swift), so the
# linker has no "use of `mktemp' is dangerous" to warn about.
NO_MKTEMP := -Xlinker --wrap=mktemp
build: deps
	scripts/static-libs.sh $(FOLIO_BUILD)/static-libs
	PKG_CONFIG_PATH="$(abspath $(FOLIO_BUILD))/static-libs/pkgconfig" \
	$(SWIFT) build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic $(NO_MANGLED_METADATA) \
		$(NO_MKTEMP) --scratch-path $(FOLIO_BUILD) --product folio
	@rm -f $(FOLIO_BUILD)/release/folio.commit
	@if [ -n "$(COMMIT)" ] && [ "$(COMMIT)" != "-dirty" ]; then echo "$(COMMIT)" > $(FOLIO_BUILD)/release/folio.commit; fi

demo: build
	scripts/make-demo-db.sh $(FOLIO) $(DEMO_DB)
	$(FOLIO) info --db $(DEMO_DB)
	mkdir -p out
	$(FOLIO) report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale uk --out out/portfolio-uk.pdf
	$(FOLIO) report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale en --out out/portfolio-en.pdf
	$(FOLIO) report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale en --theme dark --out out/portfolio-en-dark.pdf
	$(FOLIO) report portfolio --db $(DEMO_DB) --portfolio "DSX crypto" --locale en --out out/portfolio-dsx-en.pdf
	$(FOLIO) report market --db $(DEMO_DB) --locale uk --out out/market-uk.pdf
	$(FOLIO) report market --db $(DEMO_DB) --locale en --out out/market-en.pdf
	$(FOLIO) report budget --db $(DEMO_DB) --locale uk --out out/budget-uk.pdf
	$(FOLIO) report budget --db $(DEMO_DB) --locale en --out out/budget-en.pdf
	$(FOLIO) report tax --db $(DEMO_DB) --portfolio "Demo UAH" --year 2017 --out out/tax-2017-uk.pdf
	$(FOLIO) report tax --db $(DEMO_DB) --portfolio "Demo UAH" --year 2017 --locale en --out out/tax-2017-en.pdf
	$(FOLIO) report daily --db $(DEMO_DB) --portfolio "Demo UAH" --locale uk --out out/daily

# The in-process tests, then the command-line tests once, against the `folio` users run (`make build`:
# static C libraries, its own link and compile flags). `swift test --filter FolioCLITests` runs them
# against the debug build while editing.
test: deps build
	python3 scripts/check-imports.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip FolioCLITests
	FOLIO_BIN="$(abspath $(FOLIO))" $(SWIFT) test --skip-build --filter FolioCLITests

# The edit-test loop: a debug build and the in-process tests, with no apt, no static link and no
# command-line tests (those run `folio` as a child process; `make test` runs them).
check:
	python3 scripts/check-imports.py
	python3 scripts/check-function-length.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip FolioCLITests

# The code's shape: swift-format's rules (.swift-format), the module boundaries of DESIGN.md's table
# (check-imports.py) and no function over 80 lines where length has cost the most to change.
# `make format` rewrites the files in place; the lint fails on anything it would change.
SWIFT_FILES := Package.swift Sources Tests
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)
	python3 scripts/check-imports.py
	python3 scripts/check-function-length.py

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

# The whole-process and batch cases run the `folio` of `make build`, as users run it.
bench: build
	$(SWIFT) build -c release --product folio-bench
	$(RELEASE)/folio-bench --workloads samples/bench --data samples --out out/bench --folio $(FOLIO)

# A fuzzer per file format (Sources/folio-fuzz), built with libFuzzer and AddressSanitizer in its own
# build tree, each target run for FUZZ_SECONDS (scripts/fuzz.sh says what it found and where); with
# FUZZ_RUNS=N, N inputs per target from a fixed seed (CI's short pass: the same inputs every time).
# swiftc links with gold by default, which cannot link libFuzzer's runtime here: lld, which Swift ships.
FUZZ_SECONDS ?= 60
FUZZ_BUILD := .build-fuzz
fuzz: deps
	$(SWIFT) build -c release --product folio-fuzz --scratch-path $(FUZZ_BUILD) \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFOLIO_FUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
	scripts/fuzz.sh $(FUZZ_BUILD)/release/folio-fuzz $(FUZZ_SECONDS) out/fuzz

# Manual pages from the help the commands print (ArgumentParser's generate-manual, run on the binary
# being installed): folio(1) and one page per command, so that they never drift from --help; made clean
# for troff by scripts/make-man.sh.
MAN_DIR := $(FOLIO_BUILD)/man
man: build
	$(SWIFT) build --product generate-manual
	scripts/make-man.sh .build/debug/generate-manual $(FOLIO) "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" $(MAN_DIR)

install: man
	scripts/install.sh "$(FOLIO)" "$(MAN_DIR)" "$(DESTDIR)$(PREFIX)" "$(COMMIT)"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

# A Debian package of what `make install PREFIX=/usr` lays out, its binary stripped, and the debug
# symbols in a folio-dbgsym package beside it (scripts/make-deb.sh); scripts/test-deb.sh installs it
# into a clean Debian 12 root and renders the demo's reports there.
deb: man
	scripts/make-deb.sh "$(FOLIO)" "$(MAN_DIR)" "$(VERSION)" "$(COMMIT)" out

# The package installed into a clean Debian 12 root, the demo's reports rendered there (needs root).
package-test: deb
	@test -f $(DEMO_DB) || scripts/make-demo-db.sh $(FOLIO) $(DEMO_DB)
	scripts/test-deb.sh "out/folio_$(VERSION)_$$(dpkg --print-architecture).deb" $(DEMO_DB)

clean:
	rm -rf .build $(FOLIO_BUILD) out $(DEMO_DB)
