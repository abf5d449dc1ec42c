# Folio: `make demo` builds and runs the main job on the sample database; `make test` runs the tests.
SWIFT ?= swift
DEMO_DB := samples/demo.sqlite
RELEASE := .build/release
# `folio` is built with the Swift runtime and Foundation linked in, in its own build tree so that the
# different link flags do not make SwiftPM rebuild the benchmark's tree (and the other way round).
FOLIO_BUILD := .build-static
FOLIO := $(FOLIO_BUILD)/release/folio

.PHONY: deps build demo test bench clean

deps:
	@scripts/install-deps.sh

# Static linking saves resolving thousands of runtime symbols at every start: ~6 ms of the ~37 ms CPU a
# `folio chart` run takes, paid per chart by cron jobs that render many.
build: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(FOLIO_BUILD) --product folio

demo: build
	scripts/make-demo-db.sh $(FOLIO) $(DEMO_DB)
	$(FOLIO) info --db $(DEMO_DB)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product folio-bench
	$(RELEASE)/folio-bench --workloads ../shared/bench --data ../shared/data --out out/bench

clean:
	rm -rf .build $(FOLIO_BUILD) out $(DEMO_DB)
