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
	mkdir -p out
	$(RELEASE)/folio report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale uk --out out/portfolio-uk.pdf
	$(RELEASE)/folio report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale en --out out/portfolio-en.pdf
	$(RELEASE)/folio report portfolio --db $(DEMO_DB) --portfolio "Demo UAH" --locale en --theme dark --out out/portfolio-en-dark.pdf
	$(RELEASE)/folio report portfolio --db $(DEMO_DB) --portfolio "DSX crypto" --locale en --out out/portfolio-dsx-en.pdf
	$(RELEASE)/folio report market --db $(DEMO_DB) --locale uk --out out/market-uk.pdf
	$(RELEASE)/folio report market --db $(DEMO_DB) --locale en --out out/market-en.pdf
	$(RELEASE)/folio report budget --db $(DEMO_DB) --locale uk --out out/budget-uk.pdf
	$(RELEASE)/folio report budget --db $(DEMO_DB) --locale en --out out/budget-en.pdf
	$(RELEASE)/folio report daily --db $(DEMO_DB) --portfolio "Demo UAH" --locale uk --out out/daily

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product folio-bench
	$(RELEASE)/folio-bench --workloads ../shared/bench --data ../shared/data --out out/bench

clean:
	rm -rf .build out $(DEMO_DB)
