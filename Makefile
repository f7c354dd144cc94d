# uncontended: `make check` model-checks everything and prints the results table;
# `make test` runs every test of the project. `make help` lists the rest.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

MVN   ?= mvn -B -q
JAVA  ?= java
OUT   := target
MODEL ?=

RUNNER_JAR   := tlc-runner/target/tlc-runner.jar
JCSTRESS_JAR := jcstress-tests/target/jcstress.jar
# Litmus models are compared with the @Outcome declarations of their jcstress tests, read from the jar.
RUNNER       := $(JAVA) -XX:+UseParallelGC -jar $(RUNNER_JAR) --specs specs --jcstress $(JCSTRESS_JAR)

# jcstress: tests under a package named `broken` exercise deliberately broken variants and
# must be reported FAILED; every other test must pass. Mode `quick` is the cheapest mode
# that reliably finds races on 2 cores (../shared/TOOLCHAIN.md); `make jcstress-deep` uses `default`.
JCSTRESS_MODE   ?= quick
JCSTRESS_OK     := ^io\.github\.uncontended\.(?!.*\.broken\.).*
JCSTRESS_BROKEN := ^io\.github\.uncontended\..*\.broken\..*

.PHONY: help check check-deep list-models test unit build runner jcstress jcstress-broken jcstress-deep clean

help:
	@echo "make check               model-check every CI model, print the table (MODEL=<name> for one)"
	@echo "make check-deep          CI models plus the deep ones, -workers auto"
	@echo "make list-models         every model in every specs/*/manifest.json"
	@echo "make test                unit + Lincheck tests, jcstress CI selection (and broken variants), CI models"
	@echo "make jcstress            jcstress tests that must pass (JCSTRESS_MODE=$(JCSTRESS_MODE))"
	@echo "make jcstress-broken     jcstress tests on broken variants, each must be reported FAILED"
	@echo "make clean               remove build output"

runner:
	$(MVN) -pl tlc-runner,jcstress-tests -am package -DskipTests

check: runner
	$(RUNNER) --out $(OUT)/model-check --size ci $(if $(MODEL),--model $(MODEL))

check-deep: runner
	$(RUNNER) --out $(OUT)/model-check-deep --size all --workers auto $(if $(MODEL),--model $(MODEL))

list-models: runner
	@$(RUNNER) --list

# Unit tests of every module (runner fixtures, implementations, Lincheck), building all jars.
unit:
	$(MVN) package

build:
	$(MVN) package -DskipTests

jcstress:
	@[ -f $(JCSTRESS_JAR) ] || $(MVN) -pl jcstress-tests -am package -DskipTests
	bash jcstress-tests/run-jcstress.sh expect-pass '$(JCSTRESS_OK)' $(JCSTRESS_MODE) $(OUT)/jcstress

jcstress-broken:
	@[ -f $(JCSTRESS_JAR) ] || $(MVN) -pl jcstress-tests -am package -DskipTests
	bash jcstress-tests/run-jcstress.sh expect-fail '$(JCSTRESS_BROKEN)' $(JCSTRESS_MODE) $(OUT)/jcstress-broken

jcstress-deep:
	$(MAKE) jcstress jcstress-broken JCSTRESS_MODE=default

test: unit
	$(MAKE) jcstress
	$(MAKE) jcstress-broken
	$(MAKE) check
	@bash .ci/test-summary.sh

clean:
	$(MVN) clean
	rm -rf $(OUT)
