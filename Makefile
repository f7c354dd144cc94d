# uncontended: `make check` model-checks everything and prints the results table;
# `make test` runs every test of the project. `make help` lists the rest: the `## ` comment on each
# target's line, grouped under the `##@ ` lines, in the order of this file.
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

# The step budgets (minutes) of make test, and of .ci/run and CI: written once, in .ci/budgets.
include .ci/budgets

.PHONY: help check test modes check-witnesses check-deep check-lb properties list-models scale-measure trace \
	trace-deep trace-check docs-check docs unit test-java explorer-test jcstress jcstress-broken jcstress-deep \
	jcstress-mutants jcstress-jars mutation mutation-impl mutation-runner build runner peer-sources examples clean

##@ The two commands
# Every model, then the access-mode check; both always run, either failing fails the target. The
# results also go to target/junit/model-check.xml (JUnit XML) and target/model-check/summary.md.
check: runner ## model-check every CI model, print the table (MODEL=A,B for some), then make modes
	@status=0; $(RUNNER) --out $(OUT)/model-check --size ci $(if $(MODEL),--model $(MODEL)) \
	  --junit $(OUT)/junit/model-check.xml --summary $(OUT)/model-check/summary.md || status=$$?; \
	  $(ACCESS_MODES) || status=1; exit $$status

# make test's steps, each under its budget in minutes (.ci/budgets) and timed (.ci/step.sh: "== step
# NAME: ..." and target/step-times.tsv), then the closing summary (.ci/test-summary.sh).
STEP := bash .ci/step.sh
test: ## everything CI runs: unit, explorer-test, jcstress(-broken), check, examples, trace-check, docs-check
	@rm -f $(OUT)/step-times.tsv
	@$(STEP) unit $(BUDGET_UNIT) $(MAKE) unit
	@$(STEP) explorer-test $(BUDGET_EXPLORER_TEST) $(MAKE) explorer-test
	@$(STEP) jcstress $(BUDGET_JCSTRESS) $(MAKE) jcstress
	@$(STEP) jcstress-broken $(BUDGET_JCSTRESS_BROKEN) $(MAKE) jcstress-broken
	@$(STEP) check $(BUDGET_CHECK) $(MAKE) check
	@$(STEP) examples $(BUDGET_EXAMPLES) $(MAKE) examples
	@$(STEP) trace-check $(BUDGET_TRACE_CHECK) $(MAKE) trace-check
	@$(STEP) docs-check $(BUDGET_DOCS_CHECK) $(MAKE) docs-check
	@bash .ci/test-summary.sh

##@ Checks: models, access modes, traces, pages
# The access-mode check (docs/memory-model.md): every shared-memory access of java-impl has the
# mode its weak-memory model (specs/*/memory/) declares; a weaker one names the model that shows why.
# The peers' class files are read too.
ACCESS_MODES := $(JAVA) -jar $(RUNNER_JAR) modes --specs specs \
                --classes java-impl/target/classes --out $(OUT)/access-modes.json

modes: runner ## the access-mode check: each access, ours and the peers', has its model's mode
	$(ACCESS_MODES)

# make check checks a witness inside its model's run (reached or not, and where); here each CI
# witness runs alone, as --pin does: its pinned counts and its counterexample (docs/runner.md).
check-witnesses: runner ## each CI witness in a TLC run of its own (target/model-check-witnesses)
	$(RUNNER) --out $(OUT)/model-check-witnesses --size ci --witnesses $(if $(MODEL),--model $(MODEL))

# DISTRIBUTED=N checks every exhaustive model that TLC's distributed mode can check (no temporal
# property: it would skip one silently) on a TLCServer and N local TLCWorkers, the others in one
# process as usual; TLC_SERVER=HOST:PORT puts the server's RMI registry there, for workers on other
# machines (docs/runner.md, docs/scale.md). CONNECT_TIMEOUT (s): how long a server waits for workers.
# The deep models include one large simulated model per design (random behaviours, a budget).
DISTRIBUTED     ?=
TLC_SERVER      ?=
CONNECT_TIMEOUT ?=
DISTRIBUTED_OPTS = $(if $(DISTRIBUTED),--distributed $(DISTRIBUTED)) $(if $(TLC_SERVER),--server $(TLC_SERVER)) \
                   $(if $(CONNECT_TIMEOUT),--connect-timeout $(CONNECT_TIMEOUT))

check-deep: runner ## CI and deep models (DISTRIBUTED=N), then make check-witnesses, make check-lb and make trace-deep
	$(RUNNER) --out $(OUT)/model-check-deep --size all --workers auto $(if $(MODEL),--model $(MODEL)) $(DISTRIBUTED_OPTS)
	$(if $(MODEL),,$(MAKE) check-witnesses check-lb trace-deep)

# The load-buffering pass (docs/runner.md) on every accepted weak-memory CI model, exempt or not:
# each must show no open shape or carry a reviewed "lbExempt", else it fails (--lb require). make
# check leaves this repository's models out of the pass (--lb auto: only models on the layer the jar
# carries): the pass is one more TLC run or more per model, minutes for the 36, so it runs here and
# in make check-deep, not in make test.
check-lb: runner ## the CI models, load-buffering pass on each accepted weak-memory model; fails on an open shape without lbExempt
	$(RUNNER) --out $(OUT)/model-check-lb --size ci --lb require $(if $(MODEL),--model $(MODEL))

# Which of each named model's properties its behaviours violate, each checked alone
# (docs/runner.md, "Which properties does a model violate?"): make properties MODEL=A,B
properties: runner ## which of a model's properties it violates, each checked alone (MODEL=A,B)
	@[ -n "$(MODEL)" ] || { echo "properties: name the models: make properties MODEL=A,B"; exit 2; }
	$(RUNNER) --out $(OUT)/properties --each-property --model $(MODEL)

list-models: runner ## every model (ci and deep) in every specs/*/manifest.json
	@$(RUNNER) --list --size all

# The measurements of docs/scale.md, on any model: states per minute with -workers 1, -workers 2 and
# TLC's distributed mode (a TLCServer and 2 local TLCWorkers), SCALE_MINUTES each, with the load
# average (the runner's scale subcommand; TLC's logs in target/scale/).
SCALE_MODEL   ?= PendingListLarge
SCALE_MINUTES ?= 10
SCALE_ENGINES ?= w1,w2,d2
scale-measure: runner ## states per minute of one model, -workers 1, 2 and distributed (docs/scale.md)
	$(JAVA) -XX:+UseParallelGC -jar $(RUNNER_JAR) scale --specs specs --model $(SCALE_MODEL) --minutes $(SCALE_MINUTES) \
		--engines '$(SCALE_ENGINES)' --logs $(OUT)/scale

# Trace validation (docs/method.md): stress runs of the implementations recorded with the Trace
# hooks on (java-impl, *TraceRecordingTest, their own JVM), then TLC checks each log against the
# design's trace spec. Real implementations' traces must be accepted, broken variants' rejected.
# `make unit` records them too (the recording execution is part of java-impl's test phase).
TRACE_SCALE ?= 1
TRACE_LOGS  := java-impl/target/traces

trace: ## record stress runs with the Trace hooks on, check them with TLC (trace validation)
	rm -rf $(TRACE_LOGS)
	$(MVN) -pl tlc-runner,java-impl package -DskipTests
	$(MVN) -pl java-impl surefire:test@trace-recording -Dtrace.scale=$(TRACE_SCALE)
	$(MAKE) trace-check

# More and longer recordings: each workload 5 times larger.
trace-deep: ## the same with workloads 5 times larger
	$(MAKE) trace TRACE_SCALE=5

trace-check: ## TLC on the recordings already in java-impl/target/traces
	$(JAVA) -jar $(RUNNER_JAR) trace --specs specs --out $(OUT)/trace-check $(TRACE_LOGS)

# The pages against the last make check (docs/, docs/records/): see DocsCheck in tlc-runner. The embedded
# counterexamples as make check wrote them, the promises tables as the design manifests' contracts give them, File.java:NN references still on their code, every
# relative link to a file that exists and an anchor it has, and every duration quoted for a command,
# in the help text here too (each target's `## ` comment), as docs/records/durations.md has it (DurationsCheck).
# The pages that teach (all but docs/records/) name no ticket of this project and stay within the page
# budget docs/README.md states; docs/README.md links every page (PageRules).
DOCS_PAGES := $(wildcard docs/*.md docs/*/*.md) README.md CONTRIBUTING.md
DOCS_CHECK := $(JAVA) -jar $(RUNNER_JAR) docs --counterexamples $(OUT)/model-check/counterexamples \
              --durations docs/records/durations.md --makefile Makefile --exercises docs/learn.md --answers docs/learn-answers.md \
              --records docs/records --index docs/README.md

docs-check: bench-results-check ## pages in step: counterexamples, promises tables, File.java:NN references, durations, links, page budget
	@[ -f $(RUNNER_JAR) ] || $(MVN) -pl tlc-runner,jcstress-tests -am package -DskipTests
	@[ -d $(OUT)/model-check/counterexamples ] || { echo "docs-check: no counterexamples yet: run make check first"; exit 1; }
	$(DOCS_CHECK) $(DOCS_PAGES)

docs: check ## regenerate the pages' counterexamples and promises tables (runs make check), move moved line references
	$(DOCS_CHECK) --update $(DOCS_PAGES)

##@ Tests: JUnit, Lincheck, jcstress, the browser, mutation
# examples/spsc-ring, the minimal example of an outside project (docs/adopting.md), from the runner jar
# alone: a temporary folder holding the jar, the example's specs and its class compiled with javac; check
# and modes pass there, and modes fails on two broken variants of the class (examples/run-from-jar.sh).
# The same example through the Maven plugin is uncontended-maven-plugin's invoker test, part of its
# mvn verify (so of make unit).
examples: ## examples/spsc-ring from the runner jar alone: check, modes, and modes failing on two broken variants
	@[ -f $(RUNNER_JAR) ] || $(MVN) -pl tlc-runner -am package -DskipTests
	bash examples/run-from-jar.sh $(RUNNER_JAR)

# Unit tests of every module (runner fixtures, implementations, Lincheck), building all jars;
# `verify`, not `package`: the runner's *IT tests run the built jar on a spec folder of their own.
# -T 2: after java-impl, the runner's fixtures (TLC runs, one worker each) and the Lincheck tests (one
# thread checking at a time) build and test side by side; each is nearly single-threaded, so on a
# 2-core machine this takes 3 min 48 s where one module at a time takes about 6.5 (EPYC VM, quiet).
unit: ## build every module, run its JUnit tests (runner fixtures, implementations, Lincheck)
	$(MVN) -T 2 verify

# The Java tests alone, on whatever JDK JAVA_HOME and PATH name (.ci/run: JDK 25 after make test on 17):
# every module but the runner built afresh with that JDK, its JUnit and Lincheck tests, and the
# jcstress selection that must pass. TLC, the broken jcstress variants and the docs need one JDK only.
JAVA_MODULES := java-impl,lincheck-tests,jcstress-tests,benchmarks
# LINCHECK_MODES=stress leaves Lincheck's model checking out (CI's JDK 25 pass; LincheckRuns says why).
LINCHECK_MODES ?=
test-java: ## the Java tests only (implementations, Lincheck, jcstress) on the JDK JAVA_HOME names
	$(MVN) -T 2 -pl $(JAVA_MODULES) clean verify $(if $(LINCHECK_MODES),-Dlincheck.modes=$(LINCHECK_MODES))
	$(MAKE) jcstress JCSTRESS_OUT=$(JCSTRESS_OUT)

# The counterexample explorer (<model>.explore.html) in a real browser: ExplorerBrowserTest generates
# pages from real counterexamples and has the system's Chromium, headless, driven by Selenium, step
# through them; the same walk on a deliberately broken page must fail. Needs the Debian packages
# chromium and chromium-driver (.ci/run installs them): without them this fails naming them (the test
# itself, run through mvn, skips only when told to: -Dexplorer.browser=skip). Both are found on the
# PATH (google-chrome where there is no chromium, as on GitHub's runners) and passed to the test by
# path; CHROMIUM=... CHROMEDRIVER=... name others.
CHROMIUM     ?= $(or $(shell command -v chromium 2>/dev/null),$(shell command -v google-chrome 2>/dev/null))
CHROMEDRIVER ?= $(shell command -v chromedriver 2>/dev/null)
explorer-test: ## the counterexample explorer in headless Chromium; a broken page must fail
	@missing=; [ -n "$(CHROMIUM)" ] || missing=" chromium"; [ -n "$(CHROMEDRIVER)" ] || missing="$$missing chromium-driver"; \
	  [ -z "$$missing" ] || { echo "explorer-test: missing Debian package(s):$$missing (apt-get install -y --no-install-recommends chromium chromium-driver)"; exit 1; }
	$(MVN) -pl tlc-runner -am test -Dtest=ExplorerBrowserTest -Dsurefire.failIfNoSpecifiedTests=false -Dtlc.excludedGroups=none \
	  -Dexplorer.chromium=$(CHROMIUM) -Dexplorer.chromedriver=$(CHROMEDRIVER)

# jcstress, through the runner's jcstress subcommand (`java -jar tlc-runner.jar jcstress --help`):
# tests under a package named `broken` exercise deliberately broken variants and must be reported
# FAILED; every other test must pass. Mode `quick` (50 to 100 s a test on 2 cores) is the cheapest
# mode that reliably finds races: `sanity` missed 5 of the 10 broken variants in our measurements.
# Each selection runs in one jcstress invocation, under a budget per test and a watchdog that stops
# it when no fork has reported for a while (JCSTRESS_TEST_BUDGET=S, JCSTRESS_STALL=S override the
# mode's defaults); the broken variants stop once each has been caught (target/jcstress-broken/caught.tsv
# names the fork that caught each; JCSTRESS_FULL=1 runs every fork, jcstress's own Main).
# JCSTRESS_OK=REGEX narrows the selection that must pass (e.g. JCSTRESS_OK=sharded.WrapAroundTest).
JCSTRESS_MODE   ?= quick
JCSTRESS_OUT    ?= $(OUT)/jcstress
JCSTRESS_OK     := ^io\.github\.uncontended\.(?!.*\.broken\.).*
JCSTRESS_BROKEN := ^io\.github\.uncontended\..*\.broken\..*
JCSTRESS = $(JAVA) -jar $(RUNNER_JAR) jcstress --jar $(JCSTRESS_JAR) --mode $(JCSTRESS_MODE) \
           $(if $(filter 1,$(JCSTRESS_FULL)),--full) $(if $(JCSTRESS_STALL),--stall $(JCSTRESS_STALL)) \
           $(if $(JCSTRESS_TEST_BUDGET),--budget-per-test $(JCSTRESS_TEST_BUDGET))

jcstress-jars:
	@[ -f $(JCSTRESS_JAR) ] || $(MVN) -pl jcstress-tests -am package -DskipTests
	@[ -f $(RUNNER_JAR) ] || $(MVN) -pl tlc-runner -am package -DskipTests

jcstress: jcstress-jars ## jcstress tests that must pass (JCSTRESS_MODE=quick; JCSTRESS_OK=REGEX narrows them)
	$(JCSTRESS) --expect pass --tests '$(JCSTRESS_OK)' --out $(JCSTRESS_OUT)

jcstress-broken: jcstress-jars ## jcstress on the broken variants: each must be reported FAILED (stops once caught)
	$(JCSTRESS) --expect fail --tests '$(JCSTRESS_BROKEN)' --out $(OUT)/jcstress-broken

jcstress-deep: ## both, in jcstress's default mode (longer, more samples), every fork
	$(MAKE) jcstress jcstress-broken JCSTRESS_MODE=default JCSTRESS_FULL=1

# Every design's jcstress suite against every access-mode mutant (one access weakened one step):
# which weakenings this x86 machine can show at all (the runner's jcstress-mutants subcommand;
# target/jcstress-mutants/mutants.tsv). A measurement for docs/memory-model.md, not a gate. By default
# in jcstress's VM configuration with C2's scheduling randomizers only (the configuration that lets
# C2 reorder; about an hour for 31 mutants x 2-3 tests in quick mode); MUTANT_JVM_ARGS= (empty) runs
# all four of jcstress's configurations. MUTANTS=<regex> runs some.
MUTANTS ?= .
MUTANT_JVM_ARGS ?= -XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressGCM -XX:+StressIGVN -XX:+StressCCP
jcstress-mutants: build ## each design's jcstress suite on every access-mode mutant (~1 h; MUTANTS=REGEX)
	$(JAVA) -jar $(RUNNER_JAR) jcstress-mutants --specs specs --jar $(JCSTRESS_JAR) --mode $(JCSTRESS_MODE) \
	  --out $(OUT)/jcstress-mutants --only '$(MUTANTS)' --jvm-args='$(MUTANT_JVM_ARGS)'

# Mutation testing (issue 30): PIT mutates main code and runs the unit tests that cover each mutant
# (profile mutation of java-impl/pom.xml and of tlc-runner/pom.xml). Not part of make test.
# make mutation runs both parts: mutation-impl (java-impl; CLASSES=io.github.uncontended.sharded.*
# narrows it to some classes) and mutation-runner (the runner's classes that decide a verdict or an
# exit code; CLASSES=io.github.uncontended.tlc.check.Pin* narrows it too). Neither installs anything: test-compile in the same reactor gives PIT the classes,
# java-impl's included for the runner's tests (its own PIT run skipped there). Each prints a line of
# killed / survived / no coverage / timed out; the reports are in <module>/target/pit-reports/.
PIT     := org.pitest:pitest-maven:1.30.2:mutationCoverage
CLASSES ?=
define pit-summary
@xml=$(1)/target/pit-reports/mutations.xml; \
	  for s in KILLED SURVIVED NO_COVERAGE TIMED_OUT MEMORY_ERROR RUN_ERROR; do \
	    printf '%s %s; ' "$$(grep -o "status='$$s'" $$xml | wc -l)" "$$s" | tr 'A-Z_' 'a-z '; done; \
	  echo "of $$(grep -o '<mutation ' $$xml | wc -l) mutants (report: $(1)/target/pit-reports/index.html)"
endef

mutation: mutation-impl mutation-runner ## PIT on java-impl, then on the runner's verdict and exit-code classes

mutation-impl: ## PIT (STRONGER mutators) on java-impl with its unit tests (CLASSES=pattern)
	$(MVN) -P mutation -pl java-impl test-compile $(PIT) $(if $(CLASSES),-Dmutation.targetClasses='$(CLASSES)')
	$(call pit-summary,java-impl)

mutation-runner: ## PIT on the runner's classes that decide a verdict or an exit code (CLASSES=...)
	$(MVN) -P mutation -pl tlc-runner -am test-compile $(PIT) -Dmutation.impl.skip=true \
	  $(if $(CLASSES),-Dmutation.runner.targetClasses='$(CLASSES)')
	@if ! git diff --quiet -- tlc-runner/src/test/resources 2>/dev/null; then \
	  echo "mutation-runner: a mutant wrote into the runner's test fixtures; kills after it may be false:"; \
	  git diff --stat -- tlc-runner/src/test/resources; exit 1; fi
	$(call pit-summary,tlc-runner)

# ---------------------------------------------------------------------------------------------
##@ Benchmarks (JMH; never part of make test)
# Benchmarks (issue 8; the plan since issue 48). benchmarks/plan.txt is the plan, written once as
# a list: one line a benchmark method, its thread counts (one JMH invocation each, `-t N`), the
# implementations measured together (their A/A twins `~aa` among them), and options where not the
# plan's defaults (5 forks a point, 3 warm-up and 4 measured iterations of 1 s). benchmarks/run-plan.sh
# runs it: each invocation writes BENCH_OUT/<line>-t<N>.json, JSON over 64 KB is gzipped, and
# BENCH_OUT/machine.json records host, cores, CPU, JDK and load at the start. `make bench-plan`
# prints the estimate of every line and of each target (forks x (warm-up + measurement + 1 s a
# fork) x implementations x thread counts), from the plan itself.
#   make bench            every line tagged headline or full; ArenaBench too when BENCH_JAVA is a JDK 22+
#                         java and the jar was built with it
#   make bench-headline   the lines tagged headline: the matched sequencer harness, its ladder and
#                         A/A pairs at 1 and 2 publishers (issue 48's done-when), into BENCH_OUT-headline
#   make bench-quick      every line with one fork of one 100 ms iteration, into target/bench-quick,
#                         then the report on it (into target/): proves the jar, the plan and the
#                         report work, never a result
BENCH_JAR    := benchmarks/target/benchmarks.jar
BENCH_JAVA   ?= $(JAVA)
BENCH_STAMP  := $(shell date -u +%Y%m%dT%H%M%SZ)
BENCH_OUT    ?= benchmarks/results/$(BENCH_STAMP)
# BENCH_OPTS: JMH options added to every invocation (e.g. -prof gc), none the plan already sets.
BENCH_OPTS   ?=
BENCH_PLAN_RUN = bash benchmarks/run-plan.sh run --java '$(BENCH_JAVA)' --jar $(BENCH_JAR) $(if $(BENCH_OPTS),--extra '$(BENCH_OPTS)')

.PHONY: bench bench-headline bench-quick bench-plan bench-report bench-jar bench-results-check

bench-jar:
	@[ -f $(BENCH_JAR) ] || $(MVN) -pl benchmarks -am package -DskipTests

bench-meta = mkdir -p $(1) && bash benchmarks/machine-info.sh '$(BENCH_JAVA)' > $(1)/machine.json

bench: bench-jar ## the JMH plan, benchmarks/plan.txt (BENCH_JAVA=<JDK 22+ java> adds ArenaBench)
	$(call bench-meta,$(BENCH_OUT))
	$(BENCH_PLAN_RUN) --out $(BENCH_OUT) --tags headline,full

bench-headline: bench-jar ## its headline lines: the sequencer harness, ladder and A/A pairs, 1 and 2 publishers
	$(call bench-meta,$(BENCH_OUT)-headline)
	$(BENCH_PLAN_RUN) --out $(BENCH_OUT)-headline --tags headline

bench-quick: bench-jar ## every plan line, one fork of one 100 ms iteration, and the report: never a result
	rm -rf $(OUT)/bench-quick
	$(call bench-meta,$(OUT)/bench-quick)
	$(BENCH_PLAN_RUN) --out $(OUT)/bench-quick --tags headline,full --quick
	$(JAVA) -Djava.awt.headless=true -cp $(BENCH_JAR) io.github.uncontended.bench.report.Report $(OUT)/bench-quick \
	  $(OUT)/bench-quick/img $(OUT)/bench-quick/performance.md

bench-plan: ## the plan's estimated time, line by line and for each target
	@bash benchmarks/run-plan.sh estimate --tags headline,full
	@bash benchmarks/run-plan.sh estimate --tags headline | tail -n 1
	@bash benchmarks/run-plan.sh estimate --tags headline,full --quick | tail -n 1

# Charts (docs/img/) and the ratio table (generated section of docs/performance.md) from one
# results directory; default: the newest make bench wrote (named by its stamp alone, so a folder
# of a narrower run, named <stamp>-<what>, is taken only when named).
BENCH_RESULTS ?= $(shell ls -d benchmarks/results/*/ 2>/dev/null | grep -E '/[0-9]{8}T[0-9]{6}Z/$$' | sort | tail -n 1)
BENCH_IMG     ?= docs/img
BENCH_DOC     ?= docs/performance.md

bench-report: bench-jar ## charts and verdict tables from the newest benchmarks/results/ (BENCH_RESULTS=DIR)
	@[ -n "$(BENCH_RESULTS)" ] || { echo "no results: run make bench or pass BENCH_RESULTS=DIR"; exit 1; }
	$(JAVA) -Djava.awt.headless=true -cp $(BENCH_JAR) io.github.uncontended.bench.report.Report $(BENCH_RESULTS) $(BENCH_IMG) $(BENCH_DOC)

# benchmarks/results/ under 15 MB, no uncompressed JSON over 64 KB (issue 48, item 6); a du and a
# find, run by docs-check (so by make test).
bench-results-check: ## benchmarks/results/ under 15 MB, its large JSON gzipped (run by docs-check)
	@bash benchmarks/results-check.sh benchmarks/results

##@ Maintenance
build: ## build every jar, no tests
	$(MVN) package -DskipTests

runner:
	$(MVN) -pl tlc-runner,jcstress-tests -am package -DskipTests

# The peers' sources the pages under docs/peers*.md cite, so that a reader can re-read what the models
# were written from (issue 45): each peer's sources jar and jar (whose class files make modes reads)
# from Maven Central; JDK 25's lib/src.zip (JDK25_HOME, else Temurin 25 where .ci/run puts it); and,
# not being on Maven Central, JDK 17's source from Debian's openjdk-17-source package (apt-get
# download: no install), whose version is the archive's current one: the target prints it, and the
# installed JDK 17's version, whose class files make modes reads (they may differ: docs/peers-jdk.md).
# A SHA256SUMS of them all.
PEER_SOURCES   := $(OUT)/peer-sources
PEER_ARTIFACTS := org.jctools:jctools-core:4.0.5 com.lmax:disruptor:4.0.0 org.agrona:agrona:2.6.0
JDK25_SRC      ?= $(or $(JDK25_HOME),/usr/lib/jvm/temurin-25-jdk-amd64)/lib/src.zip
peer-sources: ## the peers' sources and jars, JDK 25's and 17's src.zip, into target/peer-sources
	@mkdir -p $(PEER_SOURCES)
	for a in $(PEER_ARTIFACTS); do \
	  $(MVN) -N dependency:copy -Dartifact=$$a:jar:sources -DoutputDirectory=$(PEER_SOURCES); \
	  $(MVN) -N dependency:copy -Dartifact=$$a:jar -DoutputDirectory=$(PEER_SOURCES); done
	@if [ -f $(JDK25_SRC) ]; then cp $(JDK25_SRC) $(PEER_SOURCES)/jdk25-src.zip; \
	  else echo "peer-sources: no JDK 25 src.zip at $(JDK25_SRC) (set JDK25_HOME)"; exit 1; fi
	@if command -v apt-get >/dev/null; then \
	  rm -rf $(PEER_SOURCES)/jdk17 && mkdir -p $(PEER_SOURCES)/jdk17 && \
	  (cd $(PEER_SOURCES)/jdk17 && apt-get download openjdk-17-source >/dev/null 2>&1) && \
	  dpkg-deb -x $(PEER_SOURCES)/jdk17/openjdk-17-source_*.deb $(PEER_SOURCES)/jdk17/deb && \
	  cp $(PEER_SOURCES)/jdk17/deb/usr/lib/jvm/openjdk-17/lib/src.zip $(PEER_SOURCES)/jdk17-src.zip && \
	  rm -rf $(PEER_SOURCES)/jdk17/deb && \
	  echo "peer-sources: JDK 17 source: $$(ls $(PEER_SOURCES)/jdk17/*.deb | sed 's|.*/||')"; \
	else echo "peer-sources: no apt-get: JDK 17's source is Debian's openjdk-17-source (or the JDK's own lib/src.zip)"; exit 1; fi
	@for v in 17 25; do echo "peer-sources: jdk$$v-src.zip is JDK $$(unzip -p $(PEER_SOURCES)/jdk$$v-src.zip \
	  java.base/java/lang/VersionProps.java | grep -m1 -o '"[0-9][0-9.]*"')"; done
	@echo "peer-sources: make modes reads the class files of the running JDK ($(JAVA)): $$($(JAVA) -version 2>&1 | head -1)"
	cd $(PEER_SOURCES) && sha256sum *.jar *.zip > SHA256SUMS && cat SHA256SUMS

clean: ## remove build output
	$(MVN) clean
	rm -rf $(OUT)

# The list above: each target line's `## ` comment, under the `##@ ` group lines, in this file's order.
help: ## this list
	@awk 'BEGIN { FS = ":[^=#]*## " } /^##@ / { printf "\n%s\n", substr($$0, 5) } \
	  /^[A-Za-z0-9_.-]+:[^=#]*## / { printf "  make %-20s %s\n", $$1, $$2 }' $(firstword $(MAKEFILE_LIST))
