# saltlab — see README.md.
#   make lab    build images (real Salt by default: SALT=real|sim|auto), run the default scenarios (TAGS='not @slow'; TAGS= for all) against a fresh lab, write reports, tear down
#   make test   unit tests, Docker integration tests and the end-to-end runs on the Salt double
#   make down   remove every saltlab container, network and volume on this engine
#   make test-swarm  the swarm tests in full, on a three-node swarm it builds and removes
#   make bench  time `saltlab up` (hot, 3 and 50 minions; and paired with docker-compose on the same file), the default suite per topology, and a fleet of 10, 100 and 1000 minions with its cost curves, on the Salt double
#   make fuzz   run each fuzzer of the parsers of untrusted text for FUZZTIME executions
#   make matrix run every topology's default selection on real Salt per release line, add the runs to docs/release-matrix.json and write docs/release-matrix.md and README.md's table

SALT     ?= real
TOPOLOGY ?= failover
# The default selection leaves out scenarios tagged @slow (over ~90 s on
# the double); `make lab TAGS=` runs every scenario of the topology, and
# `make lab TAGS='@keys'` any tag expression.
TAGS     ?= not @slow
BIN      := bin/saltlab
export GOTOOLCHAIN := local

# GO is the go that internal/toolchain/ensure-go picks: GO from the command
# line or environment (default: the go on PATH) when it is new enough for
# go.mod, else Debian's golang package unpacked into .cache/. It expands on
# first use only, so targets that run no go never run the script, and once.
GO_WANTED := $(or $(GO),go)
override GO = $(eval override GO := $$(shell GO='$(GO_WANTED)' internal/toolchain/ensure-go))$(or $(GO),$(error saltlab: no usable go; see the message above))
unexport GO
# saltlab execs "go" by name (it builds the simulator's binary); it must find
# the same one. (go test already puts its own GOROOT/bin first on PATH.)
WITH_GO = PATH="$(patsubst %/,%,$(dir $(GO))):$$PATH"

.PHONY: lab test unit vet images down build prereqs test-prereqs bench fuzz matrix test-swarm

build:
	$(GO) build -o $(BIN) ./cmd/saltlab

# apt_need,COMMAND,PACKAGE,WHY is a recipe line: when COMMAND is missing it
# installs Debian's PACKAGE (as root, with apt-get), else names the fix.
define apt_need
@command -v $(1) >/dev/null 2>&1 || { \
  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
    echo "saltlab: installing $(2) ($(3))"; \
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
  else \
    echo "saltlab: $(1) is missing; install it: sudo apt-get install $(2)" >&2; exit 1; \
  fi; }
endef

prereqs:
	$(call apt_need,debootstrap,debootstrap,builds the base image without a registry)
	$(call apt_need,pip3,python3-pip,the host pip that fills real Salt's wheelhouse from the package index)

test-prereqs: prereqs
	$(call apt_need,salt-pepper,salt-pepper,the salt-api client the tests drive)
	$(call apt_need,shellcheck,shellcheck,lints the shell scripts the tests check)
	$(call apt_need,xmllint,libxml2-utils,validates junit.xml against the JUnit schema)
	$(call apt_need,chromium,chromium chromium-driver,renders report.html as a browser does)
	$(call apt_need,docker-compose,docker-compose,reads the topologies as a by-hand user's compose 1.29 does)
	$(call apt_need,flock,util-linux,make test's image build holds the lab pool's build lock with flock and setsid)

lab: prereqs build
	$(WITH_GO) $(BIN) run --topology $(TOPOLOGY) --salt $(SALT) $(if $(SALT_VERSION),--salt-version '$(SALT_VERSION)') $(if $(TAGS),--tags '$(TAGS)')

# The release matrix (docs/real-salt.md#release-matrix): every topology's
# default selection on real Salt, per release line (a line such as 3008 is
# its newest release; an exact release such as 3008.4 works too). A failed
# suite does not stop it: failover-dns and ai-infra-matrix fail by design,
# and a red cell is a result. Runs accumulate under reports/matrix, and
# their records in the committed ledger docs/release-matrix.json; the
# table is rendered from every record there, the newest run per cell, so
# a machine without the old run folders (reports/ is not committed) keeps
# their cells. A run cut short before its reports has no summary.json and
# is named and left out, so one release whose image cannot be built does
# not cost the table of the others.
MATRIX_RELEASES   ?= 3006 3007 3008
MATRIX_TOPOLOGIES ?= failover hot syndic failover-pki failover-dns ai-infra-matrix
MATRIX_REPORTS    := reports/matrix
matrix: prereqs build
	@for release in $(MATRIX_RELEASES); do for topo in $(MATRIX_TOPOLOGIES); do \
	  echo "matrix: Salt $$release, topology $$topo"; \
	  $(WITH_GO) $(BIN) run --salt real --salt-version "$$release" --topology "$$topo" --tags 'not @slow' --reports $(MATRIX_REPORTS) \
	    || echo "matrix: Salt $$release, topology $$topo: exit $$? (tabulated as it ran)"; \
	done; done
	@runs=; for d in $(MATRIX_REPORTS)/*/; do \
	  if [ -f "$$d/summary.json" ]; then runs="$$runs $$d"; \
	  else echo "matrix: $$d has no summary.json (cut short before its reports); left out" >&2; fi; \
	done; \
	$(BIN) matrix --ledger docs/release-matrix.json --out docs/release-matrix.md --readme README.md $$runs

images: prereqs build
	$(WITH_GO) $(BIN) images --salt $(SALT) $(if $(SALT_VERSION),--salt-version '$(SALT_VERSION)')

down: build
	$(BIN) down --all

# One pass with both build tags: no file is built only without a tag, so
# this vets every file the three passes did, for one cold compile, not three.
vet:
	$(GO) vet -tags docker,browser ./...

unit:
	$(GO) test ./...

# The parsers of untrusted text: Salt CLI output, --set values, tag
# expressions, compose overrides and the compose policy, drop-in keys and
# Salt option lists, feature files, pip's output, SALT_VERSION, saved
# histories, Salt event lines, x-saltlab roles, /etc/hosts and the release
# matrix's ledger. `unit` runs their seed corpora; this runs each fuzzer
# for FUZZTIME executions (one worker: CI machines are small and shared),
# about 2 minutes in all with its compiles. A count, not a
# duration: Go 1.26's fuzz coordinator can fail a duration run at its
# deadline with a bare "context deadline exceeded" and no failing input
# (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to race.
FUZZTIME ?= 20000x
FUZZERS := ./internal/run/tagexpr:FuzzParse ./internal/lab/knobs:FuzzParseSets ./internal/scenario/features:FuzzCheckFeature \
	./internal/lab:FuzzLoadOverride ./internal/lab/policy:FuzzCheck ./internal/salt/saltout:FuzzParseCall ./internal/salt/saltout:FuzzParseKeyList \
	./internal/salt/saltout:FuzzParseLocalFingers ./internal/salt/saltout:FuzzParseStream \
	./internal/salt/saltout:FuzzParseRunner ./internal/salt/saltver:FuzzParseReported ./internal/salt/saltout:FuzzParseSums ./internal/salt/saltout:FuzzParseStateRun ./internal/salt/saltout:FuzzParseRenderError \
	./internal/images/saltdist:FuzzParseReleases ./internal/images/saltdist:FuzzParseSpec ./internal/evidence/history:FuzzRead ./internal/evidence/history:FuzzLedgerWindows \
	./internal/client/eventlog:FuzzParseLine ./internal/lab/roles:FuzzParse ./internal/salt/nginxconf:FuzzParse ./internal/salt/saltcfg:FuzzParseMasterEntry \
	./internal/salt/etchosts:FuzzParse ./internal/usage/valid:FuzzValidators ./internal/evidence/compare:FuzzParseKnown ./internal/evidence/matrix:FuzzParseLedger \
	./internal/images/saltdist:FuzzParseLock ./internal/images/saltdist:FuzzBuildRequires \
	./internal/salt/saltopts:FuzzKeys ./internal/salt/saltopts:FuzzParse ./internal/scenario:FuzzParseProbe ./internal/shell:FuzzQuote ./internal/run/ready:FuzzStartedMinion \
	./internal/drill/spec:FuzzParse ./internal/drill:FuzzParseLearnerLines ./internal/swarm/stack:FuzzPreflight
# The slow ones run FUZZTIME_SLOW: each execution loads a compose project
# (about 210 a second) or folds a ledger of windows, so 20000 took 97 s and
# 47 s of a CI run (measured 2026-11-26); the rest take 1-3 s each.
FUZZTIME_SLOW ?= 4000x
SLOW_FUZZERS  := ./internal/lab:FuzzLoadOverride ./internal/evidence/history:FuzzLedgerWindows ./internal/swarm/stack:FuzzPreflight
fuzz:
	@set -e; for f in $(FUZZERS); do \
	  n=$(FUZZTIME); case " $(SLOW_FUZZERS) " in *" $$f "*) n=$(FUZZTIME_SLOW);; esac; \
	  echo "fuzz $${f#*:} ($${f%%:*}) for $$n"; \
	  $(GO) test -run '^$$' -fuzz "^$${f#*:}$$" -fuzztime $$n -parallel 1 "$${f%%:*}"; \
	done

# The Docker pass runs only the packages with Docker tests (`unit` already
# ran every package's other tests), on one engine and one pool of lab
# slots (internal/testenv/labpool, lock files every test binary takes its
# slots from): three labs of the double at a time on two cores, a
# real-Salt lab or an image build alone (they need both cores). First
# the packages other than internal/e2e, at once (-p 4): their tests run
# one after another, each waiting for its slots, and beside the
# end-to-end package's twenty parallel tests such a chain waited 30
# minutes in all for its turns. Then internal/e2e, whose tests that wait
# for a shared run hold no lab, so go test's -parallel only needs to let
# every test start. -v prints each test's time and each lab's slot hold,
# which docs/testing.md's CI figures come from; with several packages at
# once go test prints a package's output when it ends.
DOCKER_PKGS = $(sort $(patsubst %/,./%,$(dir $(shell grep -rl --include='*_test.go' '^//go:build docker' cmd internal steps))))
# Real Salt's image takes about 9 to 12 minutes from nothing (the wheel
# builder's compiler packages, then the wheelhouse: mostly downloads, so
# the cores are half idle), and the Docker tests that run real Salt need
# it. internal/testenv/prebuild builds it in the background from the
# start, holding the lab pool's build lock, and the Docker pass starts as
# soon as vet and the unit tests end: a test that takes every lab slot
# (real Salt, an image build) waits for that lock first, and the labs of
# the double run meanwhile (internal/testenv/labpool). It is a head start
# only: should it fail (no package index, say), the Docker tests build it
# again or skip, saying why. Its log: $(PREBUILD_LOG); a line says when it
# ended. The fuzzers run beside the Docker pass, at the lowest CPU
# priority (nice 19): the pass's labs mostly wait on Salt's timers, and
# the kernel gives a lab's processes the cores whenever they want them, so
# the fuzzers use what the labs leave (3.5 minutes of one core from a cold
# build cache). Their output goes to $(FUZZ_LOG), printed when they end; a
# failing fuzzer fails make test after the pass.
PREBUILD_LOG := .cache/prebuild-real-image.log
FUZZ_LOG     := .cache/fuzz.log
# make's own, under another name: a recipe line that names $(MAKE) runs
# even under make -n, and this one would start the Docker tests.
SUBMAKE = $(MAKE) --no-print-directory
# The lab pool every Docker test binary shares; the default is the one
# labpool.Machine picks without it.
export SALTLAB_LAB_POOL ?= $(or $(TMPDIR),/tmp)/saltlab-lab-pool-$(shell id -u)
test: test-prereqs build
	@set -e; mkdir -p $(dir $(PREBUILD_LOG)); \
	$(WITH_GO) setsid internal/testenv/prebuild $(BIN) $(PREBUILD_LOG) "$$SALTLAB_LAB_POOL" & prebuild=$$!; \
	fuzz=; trap 'kill -- -$$prebuild 2>/dev/null || true; test -z "$$fuzz" || kill $$fuzz 2>/dev/null || true' EXIT; trap 'exit 130' INT TERM; \
	echo "saltlab: building real Salt's image in the background ($(PREBUILD_LOG)), $$(date +%T)"; \
	$(SUBMAKE) vet unit GO='$(GO)'; \
	echo "saltlab: vet and unit tests done, $$(date +%T)"; \
	$(GO) test -tags browser -count=1 ./internal/evidence/report ./internal/drill/board; \
	echo "saltlab: the Docker pass, beside the image build and the fuzzers at nice 19 ($(FUZZ_LOG)), $$(date +%T)"; \
	nice -n 19 $(SUBMAKE) fuzz GO='$(GO)' >$(FUZZ_LOG) 2>&1 & fuzz=$$!; \
	pass=0; $(GO) test -tags docker -p 4 -parallel 2 -count=1 -v -timeout 45m $(filter-out ./internal/e2e,$(DOCKER_PKGS)) || pass=$$?; \
	echo "saltlab: the end-to-end package, $$(date +%T)"; \
	$(GO) test -tags docker -parallel 64 -count=1 -v -timeout 45m ./internal/e2e || pass=$$?; \
	echo "saltlab: the Docker pass ended with $$pass, $$(date +%T)"; \
	fuzzed=0; wait $$fuzz || fuzzed=$$?; \
	echo "saltlab: the fuzzers ended with $$fuzzed, $$(date +%T):"; cat $(FUZZ_LOG); \
	test $$pass = 0 && test $$fuzzed = 0

# The swarm tests in full, beside make test's reduced swarm run (cmd/saltlab's
# TestRunOnTheSwarm, on a swarm of its own): a three-node swarm SWARM_NAME
# built with `saltlab swarm up` and `swarm load`, the deploy and node-pause
# tests of internal/swarm/stack and TestRunOnTheSwarm on it, one package at a
# time (they label and pause its nodes), and TestSwarmAcrossNodes; the swarm
# is removed at the end, also on failure or Ctrl-C (docs/swarm.md).
SWARM_NAME ?= tswarm
test-swarm: test-prereqs build
	@set -e; trap '$(BIN) swarm down --name $(SWARM_NAME)' EXIT; trap 'exit 130' INT TERM; \
	$(BIN) swarm up --name $(SWARM_NAME) --root .; \
	$(BIN) swarm load --name $(SWARM_NAME); \
	SALTLAB_TEST_SWARM=$(SWARM_NAME) $(WITH_GO) $(GO) test -tags docker -p 1 -count=1 -v -timeout 45m -run 'OnTheSwarm|^TestSwarmAcrossNodes$$' ./internal/swarm/... ./cmd/saltlab

# Wall time (images cached) of `saltlab up` to healthy, hot topology with 3
# and 50 minions, and of the default suite (not @slow) per built-in
# topology, bring-up to teardown; one timed op each (BENCHTIME=3x for more).
# BENCH narrows it: make bench BENCH='BenchmarkSuite/hot'.
# BenchmarkUpVsCompose (BenchmarkUp matches it) pairs `saltlab up` with
# docker-compose's up plus its wait for healthy on the same file. The
# paired comparison of parallel labs (one lab against the machine's
# default) runs only when named: make bench BENCH=BenchmarkParallelSuite
# [SALT=real] [SALTLAB_BENCH_LABS=2] (the parallel side with --parallel 2:
# real Salt's default on two cores is one lab).
# BenchmarkFleet measures 10, 100 and 1000 minions on the double (healthy,
# a salt '*' test.ping round, memory, the failover spread), prints each
# against 10 and draws reports/bench/fleet-curves.svg (SALTLAB_FLEET_PLOT
# names another file; docs/fleet-curves.svg is the one the README shows).
# SALT=real [SALT_VERSION=3007] measures real Salt at 10, 100 and 200 and
# prints the memory check's refusal of 1000 (reports/bench/fleet-curves-real.svg);
# beyond 10 a real fleet runs 50 minions to a container. It took 27 min on
# two cores (2026-11-28); BENCHTIMEOUT (default 60m) bounds the whole run.
# SALTLAB_BENCH_SWARM=NAME deploys the fleets on that swarm (`saltlab swarm
# up --name NAME`), drawing fleet-curves[-real]-swarm.svg.
BENCHTIME ?= 1x
BENCHTIMEOUT ?= 60m
BENCH     ?= BenchmarkUp|BenchmarkSuite|BenchmarkFleet
bench: prereqs
	$(call apt_need,docker-compose,docker-compose,the baseline of BenchmarkUpVsCompose)
	$(WITH_GO) $(GO) test -tags docker -p 1 -count=1 -run '^$$' -bench '$(BENCH)' -benchtime $(BENCHTIME) -timeout $(BENCHTIMEOUT) ./internal/e2e
