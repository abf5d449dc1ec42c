# Folio: `make demo` builds and runs the main job on the sample database; `make test` runs the tests.
SWIFT ?= swift
DEMO_DB := samples/demo.sqlite
RELEASE := .build/release

.PHONY: deps build demo test bench clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product folio

demo: build
	scripts/make-demo-db.sh $(RELEASE)/folio $(DEMO_DB)
	$(RELEASE)/folio info --db $(DEMO_DB)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product folio-bench
	$(RELEASE)/folio-bench --workloads ../shared/bench --data ../shared/data --out out/bench

clean:
	rm -rf .build out $(DEMO_DB)
