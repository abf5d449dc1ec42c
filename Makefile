# Folio: `make demo` builds and runs the main job on the sample database; `make test` runs the tests.
SWIFT ?= swift
DEMO_DB := samples/demo.sqlite
RELEASE := .build/release
# `folio` is built with the Swift runtime and Foundation linked in, in its own build tree so that the
# different link flags do not make SwiftPM rebuild the benchmark's tree (and the other way round).
FOLIO_BUILD := .build-static
FOLIO := $(FOLIO_BUILD)/release/folio

.PHONY: deps build demo test bench clean install uninstall man deb package-test

# Where `make install` puts Folio (`DESTDIR` stages it for a package): the binary in bin/, its fonts and
# report definitions in share/folio/ (the binary finds them from there), manual pages, completions.
PREFIX ?= /usr/local
DESTDIR ?=
# The version is written once, in FolioVersion.swift; the commit is recorded beside the binary.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/FolioCore/FolioVersion.swift)
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)

deps:
	@scripts/install-deps.sh

# Static linking saves resolving thousands of runtime symbols at every start: a `folio chart` run takes
# 33 ms instead of 42.5 ms (median), paid per chart by cron jobs that render many.
# Not position-independent: a PIE of the static Swift runtime and Foundation makes the loader apply 99,000
# relative relocations at every start, writing (so copying) every page that holds a pointer; at a fixed
# address there are none: `folio --version` 813 → 576 page faults, 0.90 of its time (same run).
# C libraries from their static archives (scripts/static-libs.sh): no 26 shared libraries to load and
# bind at every start; `folio --version` 0.62 of its time, a chart 0.86, a holdings table 0.80 (pairs).
# No dynamic symbol table of its own (--no-export-dynamic undoes the Swift driver's -export-dynamic):
# nothing loads against `folio`, and glibc's dladdr, which Foundation calls as it starts, walked the
# 15,000 exported symbols one by one: `folio --version` 0.92 of its time (pairs). Crash backtraces
# read the full symbol table, which stays.
# Generic types' metadata through their accessors, not by mangled name: instantiating a type such as
# `Dictionary<AssetCode, Quote>` from its name makes the Swift runtime look up `AssetCode: Hashable` by
# scanning all 7,154 conformance records of the executable (~100 µs for Hashable, which thousands of
# types conform to) the first time in every process; an accessor is passed the conformance the compiler
# already knows. +0.3 MB; `folio --version` 0.79 of its time, a chart 0.84, a holdings table 0.81 (pairs).
NO_MANGLED_METADATA := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
build: deps
	scripts/static-libs.sh $(FOLIO_BUILD)/static-libs
	PKG_CONFIG_PATH="$(abspath $(FOLIO_BUILD))/static-libs/pkgconfig" \
	$(SWIFT) build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic $(NO_MANGLED_METADATA) \
		--scratch-path $(FOLIO_BUILD) --product folio
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

# The command-line tests run a second time against the `folio` users run (`make build`: static C
# libraries, its own link and compile flags), so that the tests cover that binary too.
test: deps build
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	FOLIO_BIN="$(abspath $(FOLIO))" $(SWIFT) test --skip-build --filter FolioCLITests

# The whole-process and batch cases run the `folio` of `make build`, as users run it.
bench: build
	$(SWIFT) build -c release --product folio-bench
	$(RELEASE)/folio-bench --workloads ../shared/bench --data ../shared/data --out out/bench --folio $(FOLIO)

# Manual pages from the help the commands print (ArgumentParser's generate-manual, run on the binary
# being installed): folio(1) and one page per command, so that they never drift from --help.
MAN_DIR := $(FOLIO_BUILD)/man
man: build
	$(SWIFT) build --product generate-manual
	rm -rf $(MAN_DIR) && mkdir -p $(MAN_DIR)
	.build/debug/generate-manual $(FOLIO) --multi-page --date "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" -o $(MAN_DIR)

install: man
	scripts/install.sh "$(FOLIO)" "$(MAN_DIR)" "$(DESTDIR)$(PREFIX)" "$(COMMIT)"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

# A Debian package of what `make install PREFIX=/usr` lays out (scripts/make-deb.sh); scripts/test-deb.sh
# installs it into a clean Debian 12 root and renders the demo's reports there.
deb: man
	scripts/make-deb.sh "$(FOLIO)" "$(MAN_DIR)" "$(VERSION)" "$(COMMIT)" out

# The package installed into a clean Debian 12 root, the demo's reports rendered there (needs root).
package-test: deb
	@test -f $(DEMO_DB) || scripts/make-demo-db.sh $(FOLIO) $(DEMO_DB)
	scripts/test-deb.sh "out/folio_$(VERSION)_$$(dpkg --print-architecture).deb" $(DEMO_DB)

clean:
	rm -rf .build $(FOLIO_BUILD) out $(DEMO_DB)
