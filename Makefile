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
# must be reported FAILED; every other test must pass. Mode `quick` (50 to 100 s a test on 2 cores)
# is the cheapest mode that reliably finds races: `sanity` missed 5 of the 10 broken variants in our
# measurements. Each selection runs in one jcstress invocation; the broken variants stop once each
# has been caught (jcstress-tests/run-jcstress.sh); `make jcstress-deep` uses `default`, every fork.
export JCSTRESS_FULL
JCSTRESS_MODE   ?= quick
JCSTRESS_OUT    ?= $(OUT)/jcstress
JCSTRESS_OK     := ^io\.github\.uncontended\.(?!.*\.broken\.).*
JCSTRESS_BROKEN := ^io\.github\.uncontended\..*\.broken\..*

.PHONY: help check check-witnesses check-deep check-lb scale-measure list-models properties test test-java unit build runner jcstress jcstress-broken jcstress-deep explorer-test \
	clean trace trace-check trace-deep docs docs-check modes jcstress-mutants mutation \
	mutation-impl mutation-runner peer-sources examples

help:
	@echo "make check               model-check every CI model, print the table (MODEL=<name> for one),"
	@echo "                         then make modes; also target/junit/model-check.xml and target/model-check/summary.md"
	@echo "make modes               the access-mode check: each Java access (ours, and the peers' class files) has the mode"
	@echo "                         its weak-memory model declares"
	@echo "make check-witnesses     every CI witness in a TLC run of its own (make check checks a witness inside its"
	@echo "                         model's run): their pinned counts, their counterexamples in target/model-check-witnesses"
	@echo "make check-deep          CI models plus the deep ones (-workers auto), then make check-witnesses and"
	@echo "                         make trace-deep; the deep ones"
	@echo "                         include one large simulated model per design (random behaviours, a budget)"
	@echo "                         DISTRIBUTED=N: each exhaustive model TLC's distributed mode can check on a TLCServer"
	@echo "                         and N local TLCWorkers; TLC_SERVER=HOST:PORT: workers on other machines may join"
	@echo "make check-lb            the CI models with the load-buffering pass on every accepted weak-memory model"
	@echo "                         (check --lb all; make check runs it only on models using the jar's own layer)"
	@echo "make scale-measure       states per minute of one model: -workers 1, -workers 2, distributed with 2 local"
	@echo "                         workers (SCALE_MODEL, SCALE_MINUTES, SCALE_ENGINES; docs/scale.md)"
	@echo "make list-models         every model (ci and deep) in every specs/*/manifest.json"
	@echo "make properties MODEL=A  which of a model's properties it violates, each checked alone"
	@echo "make test                everything CI runs: unit, explorer-test, jcstress (and broken variants), check, trace-check, docs-check"
	@echo "make test-java           the Java tests only (implementations, Lincheck, jcstress), on the JDK JAVA_HOME names"
	@echo "make unit                build every module and run its JUnit tests (runner fixtures, implementations, Lincheck)"
	@echo "make explorer-test       the counterexample explorer (<model>.explore.html) in headless Chromium (Selenium):"
	@echo "                         stepped to the violation and back; a broken page must fail (needs chromium, chromium-driver)"
	@echo "make build               build every jar, no tests"
	@echo "make trace               record stress runs with the Trace hooks on, check them with TLC (trace validation)"
	@echo "make trace-deep          the same with workloads 5 times larger"
	@echo "make trace-check         TLC on the recordings already in java-impl/target/traces"
	@echo "make jcstress            jcstress tests that must pass (JCSTRESS_MODE=$(JCSTRESS_MODE))"
	@echo "make jcstress-broken     jcstress tests on broken variants, each must be reported FAILED (stops once each"
	@echo "                         is caught: target/jcstress-broken/caught.tsv names the fork; JCSTRESS_FULL=1: every fork)"
	@echo "make jcstress-deep       both, in jcstress's default mode (longer, more samples), every fork"
	@echo "make jcstress-mutants    the jcstress suites against every access-mode mutant: what x86 can show (~1 h)"
	@echo "make docs-check          design pages in step: embedded counterexamples as make check wrote them,"
	@echo "                         File.java:NN references still on their code, durations as docs/durations.md has them,"
	@echo "                         every relative link to a file that exists and an anchor it has"
	@echo "make docs                regenerate the pages' embedded counterexamples (runs make check) and move"
	@echo "                         line references whose code moved"
	@echo "make bench               the JMH plan (benchmarks/plan.txt; BENCH_JAVA=<JDK 22+ java> adds ArenaBench)"
	@echo "make bench-headline      its headline lines: the matched sequencer harness, ladder and A/A pairs at 1 and 2 publishers"
	@echo "make bench-quick         every plan line, one fork of one 100 ms iteration, and the report: never a result"
	@echo "make bench-plan          the plan's estimated time, line by line and for each target"
	@echo "make bench-report        charts and verdict tables from the newest benchmarks/results/ folder"
	@echo "make bench-results-check benchmarks/results/ under 15 MB, its large JSON gzipped (run by docs-check)"
	@echo "make mutation            PIT (STRONGER mutators) on java-impl with its unit tests (make mutation-impl;"
	@echo "                         CLASSES=pattern narrows it), then on the runner's verdict and exit-code classes"
	@echo "                         (make mutation-runner): <module>/target/pit-reports/, and a line each of killed /"
	@echo "                         survived / no coverage / timed out"
	@echo "make peer-sources        the sources jars (and jars) of the peers the pages cite, from Maven Central, into"
	@echo "                         target/peer-sources, with JDK 25's and JDK 17's src.zip and a SHA256SUMS (docs/peers.md)"
	@echo "make clean               remove build output"

# Mutation testing (issue 30): PIT mutates main code and runs the unit tests that cover each mutant
# (profile mutation of java-impl/pom.xml and of tlc-runner/pom.xml). Not part of make test.
# make mutation runs both parts: mutation-impl (java-impl; CLASSES=io.github.uncontended.sharded.*
# narrows it to some classes) and mutation-runner (the runner's classes that decide a verdict or an
# exit code; CLASSES=io.github.uncontended.tlc.check.Pin* narrows it too). Neither installs anything: test-compile in the same reactor gives PIT the classes,
# java-impl's included for the runner's tests (its own PIT run skipped there).
PIT     := org.pitest:pitest-maven:1.30.2:mutationCoverage
CLASSES ?=
define pit-summary
@xml=$(1)/target/pit-reports/mutations.xml; \
	  for s in KILLED SURVIVED NO_COVERAGE TIMED_OUT MEMORY_ERROR RUN_ERROR; do \
	    printf '%s %s; ' "$$(grep -o "status='$$s'" $$xml | wc -l)" "$$s" | tr 'A-Z_' 'a-z '; done; \
	  echo "of $$(grep -o '<mutation ' $$xml | wc -l) mutants (report: $(1)/target/pit-reports/index.html)"
endef

mutation: mutation-impl mutation-runner

mutation-impl:
	$(MVN) -P mutation -pl java-impl test-compile $(PIT) $(if $(CLASSES),-Dmutation.targetClasses='$(CLASSES)')
	$(call pit-summary,java-impl)

mutation-runner:
	$(MVN) -P mutation -pl tlc-runner -am test-compile $(PIT) -Dmutation.impl.skip=true \
	  $(if $(CLASSES),-Dmutation.runner.targetClasses='$(CLASSES)')
	@if ! git diff --quiet -- tlc-runner/src/test/resources 2>/dev/null; then \
	  echo "mutation-runner: a mutant wrote into the runner's test fixtures; kills after it may be false:"; \
	  git diff --stat -- tlc-runner/src/test/resources; exit 1; fi
	$(call pit-summary,tlc-runner)

runner:
	$(MVN) -pl tlc-runner,jcstress-tests -am package -DskipTests

# Every model, then the access-mode check; both always run, either failing fails the target.
check: runner
	@status=0; $(RUNNER) --out $(OUT)/model-check --size ci $(if $(MODEL),--model $(MODEL)) \
	  --junit $(OUT)/junit/model-check.xml --summary $(OUT)/model-check/summary.md || status=$$?; \
	  $(ACCESS_MODES) || status=1; exit $$status

# The access-mode check (docs/memory-model.md): every shared-memory access of java-impl has the
# mode its weak-memory model (specs/*/memory/) declares; a weaker one names the model that shows why.
ACCESS_MODES := $(JAVA) -jar $(RUNNER_JAR) modes --specs specs \
                --classes java-impl/target/classes --out $(OUT)/access-modes.json

modes: runner
	$(ACCESS_MODES)

# DISTRIBUTED=N checks every exhaustive model that TLC's distributed mode can check (no temporal
# property: it would skip one silently) on a TLCServer and N local TLCWorkers, the others in one
# process as usual; TLC_SERVER=HOST:PORT puts the server's RMI registry there, for workers on other
# machines (docs/runner.md, docs/scale.md). CONNECT_TIMEOUT (s): how long a server waits for workers.
DISTRIBUTED     ?=
TLC_SERVER      ?=
CONNECT_TIMEOUT ?=
DISTRIBUTED_OPTS = $(if $(DISTRIBUTED),--distributed $(DISTRIBUTED)) $(if $(TLC_SERVER),--server $(TLC_SERVER)) \
                   $(if $(CONNECT_TIMEOUT),--connect-timeout $(CONNECT_TIMEOUT))

# make check checks a witness inside its model's run (reached or not, and where); here each CI
# witness runs alone, as --pin does: its pinned counts and its counterexample (docs/runner.md).
check-witnesses: runner
	$(RUNNER) --out $(OUT)/model-check-witnesses --size ci --witnesses $(if $(MODEL),--model $(MODEL))

check-deep: runner
	$(RUNNER) --out $(OUT)/model-check-deep --size all --workers auto $(if $(MODEL),--model $(MODEL)) $(DISTRIBUTED_OPTS)
	$(if $(MODEL),,$(MAKE) check-witnesses trace-deep)

# The load-buffering pass (docs/runner.md) on every accepted weak-memory model, exempt or not: each
# must show no open shape or carry a reviewed "lbExempt". make check leaves this repository's models
# out of the pass (--lb auto: only models on the layer the jar carries), so it costs make check nothing.
check-lb: runner
	$(RUNNER) --out $(OUT)/model-check-lb --size ci --lb all $(if $(MODEL),--model $(MODEL))

# The measurements of docs/scale.md, on any model: states per minute with -workers 1, -workers 2 and
# TLC's distributed mode (a TLCServer and 2 local TLCWorkers), SCALE_MINUTES each, with the load
# average (the runner's scale subcommand; TLC's logs in target/scale/).
SCALE_MODEL   ?= PendingListLarge
SCALE_MINUTES ?= 10
SCALE_ENGINES ?= w1,w2,d2
scale-measure: runner
	$(JAVA) -XX:+UseParallelGC -jar $(RUNNER_JAR) scale --specs specs --model $(SCALE_MODEL) --minutes $(SCALE_MINUTES) \
		--engines '$(SCALE_ENGINES)' --logs $(OUT)/scale

list-models: runner
	@$(RUNNER) --list --size all

# Which of each named model's properties its behaviours violate, each checked alone
# (docs/runner.md, "Which properties does a model violate?"): make properties MODEL=A,B
properties: runner
	@[ -n "$(MODEL)" ] || { echo "properties: name the models: make properties MODEL=A,B"; exit 2; }
	$(RUNNER) --out $(OUT)/properties --each-property --model $(MODEL)

# Unit tests of every module (runner fixtures, implementations, Lincheck), building all jars;
# `verify`, not `package`: the runner's *IT tests run the built jar on a spec folder of their own.
# -T 2: after java-impl, the runner's fixtures (TLC runs, one worker each) and the Lincheck tests (one
# thread checking at a time) build and test side by side; each is nearly single-threaded, so on a
# 2-core machine this takes 3 min 48 s where one module at a time takes about 6.5 (EPYC VM, quiet).
unit:
	$(MVN) -T 2 verify

build:
	$(MVN) package -DskipTests

jcstress:
	@[ -f $(JCSTRESS_JAR) ] || $(MVN) -pl jcstress-tests -am package -DskipTests
	bash jcstress-tests/run-jcstress.sh expect-pass '$(JCSTRESS_OK)' $(JCSTRESS_MODE) $(JCSTRESS_OUT)

jcstress-broken:
	@[ -f $(JCSTRESS_JAR) ] || $(MVN) -pl jcstress-tests -am package -DskipTests
	bash jcstress-tests/run-jcstress.sh expect-fail '$(JCSTRESS_BROKEN)' $(JCSTRESS_MODE) $(OUT)/jcstress-broken

jcstress-deep:
	$(MAKE) jcstress jcstress-broken JCSTRESS_MODE=default JCSTRESS_FULL=1

# Every design's jcstress suite against every access-mode mutant (one access weakened one step):
# which weakenings this x86 machine can show at all. A measurement for docs/memory-model.md, not a
# gate. By default in jcstress's VM configuration with C2's scheduling randomizers only (the
# configuration that lets C2 reorder; about an hour for 31 mutants x 2-3 tests in quick mode);
# MUTANT_JVM_ARGS= (empty) runs all four of jcstress's configurations. MUTANTS=<regex> runs some.
MUTANTS ?= .
MUTANT_JVM_ARGS ?= -XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressGCM -XX:+StressIGVN -XX:+StressCCP
jcstress-mutants: build
	MUTANT_JVM_ARGS='$(MUTANT_JVM_ARGS)' bash jcstress-tests/run-mutants.sh $(JCSTRESS_MODE) $(OUT)/jcstress-mutants '$(MUTANTS)'

# make test's steps, each under a budget in minutes and timed (.ci/step.sh: "== step NAME: ..." and
# target/step-times.tsv). A budget is the slowest run of the step seen on a 2-core VM, with at least
# 30% margin (docs/method.md, "Failing fast"); STEP_BUDGET_SCALE=2 doubles them on a slower machine.
STEP := bash .ci/step.sh
test:
	@rm -f $(OUT)/step-times.tsv
	@$(STEP) unit 17 $(MAKE) unit
	@$(STEP) explorer-test 3 $(MAKE) explorer-test
	@$(STEP) jcstress 25 $(MAKE) jcstress
	@$(STEP) jcstress-broken 10 $(MAKE) jcstress-broken
	@$(STEP) check 25 $(MAKE) check
	@$(STEP) examples 2 $(MAKE) examples
	@$(STEP) trace-check 5 $(MAKE) trace-check
	@$(STEP) docs-check 3 $(MAKE) docs-check
	@bash .ci/test-summary.sh

# examples/spsc-ring, the minimal example of an outside project (docs/adopting.md), from the runner jar
# alone: a temporary folder holding the jar, the example's specs and its class compiled with javac; check
# and modes pass there, and modes fails on two broken variants of the class (examples/run-from-jar.sh).
# The same example through the Maven plugin is uncontended-maven-plugin's invoker test, part of its
# mvn verify (so of make unit).
examples:
	@[ -f $(RUNNER_JAR) ] || $(MVN) -pl tlc-runner -am package -DskipTests
	bash examples/run-from-jar.sh $(RUNNER_JAR)

# The Java tests alone, on whatever JDK JAVA_HOME and PATH name (.ci/run: JDK 25 after make test on 17):
# every module but the runner built afresh with that JDK, its JUnit and Lincheck tests, and the
# jcstress selection that must pass. TLC, the broken jcstress variants and the docs need one JDK only.
JAVA_MODULES := java-impl,lincheck-tests,jcstress-tests,benchmarks
# LINCHECK_MODES=stress leaves Lincheck's model checking out (CI's JDK 25 pass; LincheckRuns says why).
LINCHECK_MODES ?=
test-java:
	$(MVN) -T 2 -pl $(JAVA_MODULES) clean verify $(if $(LINCHECK_MODES),-Dlincheck.modes=$(LINCHECK_MODES))
	$(MAKE) jcstress JCSTRESS_OUT=$(JCSTRESS_OUT)

# The design pages against the last make check (docs/*.md): see DocsCheck in tlc-runner. Every
# duration quoted for a command, here in the help text too, must be docs/durations.md's (DurationsCheck).
DOCS_PAGES := $(wildcard docs/*.md) README.md CONTRIBUTING.md
DOCS_CHECK := $(JAVA) -jar $(RUNNER_JAR) docs --counterexamples $(OUT)/model-check/counterexamples \
              --durations docs/durations.md --makefile Makefile --exercises docs/learn.md --answers docs/learn-answers.md

docs-check: bench-results-check
	@[ -f $(RUNNER_JAR) ] || $(MVN) -pl tlc-runner,jcstress-tests -am package -DskipTests
	@[ -d $(OUT)/model-check/counterexamples ] || { echo "docs-check: no counterexamples yet: run make check first"; exit 1; }
	$(DOCS_CHECK) $(DOCS_PAGES)

docs: check
	$(DOCS_CHECK) --update $(DOCS_PAGES)

# Trace validation (docs/method.md): stress runs of the implementations recorded with the Trace
# hooks on (java-impl, *TraceRecordingTest, their own JVM), then TLC checks each log against the
# design's trace spec. Real implementations' traces must be accepted, broken variants' rejected.
# `make unit` records them too (the recording execution is part of java-impl's test phase).
TRACE_SCALE ?= 1
TRACE_LOGS  := java-impl/target/traces

trace:
	rm -rf $(TRACE_LOGS)
	$(MVN) -pl tlc-runner,java-impl package -DskipTests
	$(MVN) -pl java-impl surefire:test@trace-recording -Dtrace.scale=$(TRACE_SCALE)
	$(MAKE) trace-check

trace-check:
	$(JAVA) -jar $(RUNNER_JAR) trace --specs specs --out $(OUT)/trace-check $(TRACE_LOGS)

# The counterexample explorer (<model>.explore.html) in a real browser: ExplorerBrowserTest generates
# pages from real counterexamples and has the system's Chromium, headless, driven by Selenium, step
# through them; the same walk on a deliberately broken page must fail. Needs the Debian packages
# chromium and chromium-driver (.ci/run installs them): without them this fails naming them (the test
# itself, run through mvn, skips only when told to: -Dexplorer.browser=skip). Both are found on the
# PATH (google-chrome where there is no chromium, as on GitHub's runners) and passed to the test by
# path; CHROMIUM=... CHROMEDRIVER=... name others.
CHROMIUM     ?= $(or $(shell command -v chromium 2>/dev/null),$(shell command -v google-chrome 2>/dev/null))
CHROMEDRIVER ?= $(shell command -v chromedriver 2>/dev/null)
explorer-test:
	@missing=; [ -n "$(CHROMIUM)" ] || missing=" chromium"; [ -n "$(CHROMEDRIVER)" ] || missing="$$missing chromium-driver"; \
	  [ -z "$$missing" ] || { echo "explorer-test: missing Debian package(s):$$missing (apt-get install -y --no-install-recommends chromium chromium-driver)"; exit 1; }
	$(MVN) -pl tlc-runner -am test -Dtest=ExplorerBrowserTest -Dsurefire.failIfNoSpecifiedTests=false -Dtlc.excludedGroups=none \
	  -Dexplorer.chromium=$(CHROMIUM) -Dexplorer.chromedriver=$(CHROMEDRIVER)

# More and longer recordings: each workload 5 times larger.
trace-deep:
	$(MAKE) trace TRACE_SCALE=5

# The peers' sources the pages under docs/peers*.md cite, so that a reader can re-read what the models
# were written from (issue 45): each peer's sources jar and jar (whose class files make modes reads)
# from Maven Central; JDK 25's lib/src.zip (JDK25_HOME, else Temurin 25 where .ci/run puts it); and,
# not being on Maven Central, JDK 17's source from Debian's openjdk-17-source package (apt-get
# download: no install), whose version is the archive's current one: the target prints it, and the
# installed JDK 17's version, whose class files make modes reads (they may differ: docs/peers-jdk.md).
PEER_SOURCES   := $(OUT)/peer-sources
PEER_ARTIFACTS := org.jctools:jctools-core:4.0.5 com.lmax:disruptor:4.0.0 org.agrona:agrona:2.6.0
JDK25_SRC      ?= $(or $(JDK25_HOME),/usr/lib/jvm/temurin-25-jdk-amd64)/lib/src.zip
peer-sources:
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

clean:
	$(MVN) clean
	rm -rf $(OUT)

# ---------------------------------------------------------------------------------------------
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

bench: bench-jar
	$(call bench-meta,$(BENCH_OUT))
	$(BENCH_PLAN_RUN) --out $(BENCH_OUT) --tags headline,full

bench-headline: bench-jar
	$(call bench-meta,$(BENCH_OUT)-headline)
	$(BENCH_PLAN_RUN) --out $(BENCH_OUT)-headline --tags headline

bench-quick: bench-jar
	rm -rf $(OUT)/bench-quick
	$(call bench-meta,$(OUT)/bench-quick)
	$(BENCH_PLAN_RUN) --out $(OUT)/bench-quick --tags headline,full --quick
	$(JAVA) -Djava.awt.headless=true -cp $(BENCH_JAR) io.github.uncontended.bench.report.Report $(OUT)/bench-quick \
	  $(OUT)/bench-quick/img $(OUT)/bench-quick/performance.md

bench-plan:
	@bash benchmarks/run-plan.sh estimate --tags headline,full
	@bash benchmarks/run-plan.sh estimate --tags headline | tail -n 1
	@bash benchmarks/run-plan.sh estimate --tags headline,full --quick | tail -n 1

# benchmarks/results/ under 15 MB, no uncompressed JSON over 64 KB (issue 48, item 6); a du and a
# find, run by docs-check (so by make test).
bench-results-check:
	@bash benchmarks/results-check.sh benchmarks/results

# Charts (docs/img/) and the ratio table (generated section of docs/performance.md) from one
# results directory; default: the newest make bench wrote (named by its stamp alone, so a folder
# of a narrower run, named <stamp>-<what>, is taken only when named).
BENCH_RESULTS ?= $(shell ls -d benchmarks/results/*/ 2>/dev/null | grep -E '/[0-9]{8}T[0-9]{6}Z/$$' | sort | tail -n 1)
BENCH_IMG     ?= docs/img
BENCH_DOC     ?= docs/performance.md

bench-report: bench-jar
	@[ -n "$(BENCH_RESULTS)" ] || { echo "no results: run make bench or pass BENCH_RESULTS=DIR"; exit 1; }
	$(JAVA) -Djava.awt.headless=true -cp $(BENCH_JAR) io.github.uncontended.bench.report.Report $(BENCH_RESULTS) $(BENCH_IMG) $(BENCH_DOC)
