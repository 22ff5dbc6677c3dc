# saltlab — see README.md.
#   make lab    build images, run the scenarios against a fresh lab, write reports, tear down
#   make test   unit tests, Docker integration tests and the end-to-end runs on the Salt double
#   make down   remove every saltlab container, network and volume on this engine
#   make bench  time `saltlab up` to healthy for the hot topology (3 and 50 minions)
#   make fuzz   run each fuzzer of the parsers of untrusted text for FUZZTIME

SALT     ?= auto
TOPOLOGY ?= failover
TAGS     ?=
GO       ?= go
BIN      := bin/saltlab
export GOTOOLCHAIN := local

.PHONY: lab test unit vet images down build prereqs test-prereqs bench fuzz

build:
	$(GO) build -o $(BIN) ./cmd/saltlab

# debootstrap builds the base image where no container registry is reachable.
prereqs:
	@command -v debootstrap >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "saltlab: installing debootstrap (builds the base image without a registry)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; \
	  else \
	    echo "saltlab: debootstrap is missing; install it: sudo apt-get install debootstrap" >&2; exit 1; \
	  fi; }

# salt-pepper is the real salt-api client the tests of the double drive.
test-prereqs: prereqs
	@command -v salt-pepper >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "saltlab: installing salt-pepper (the salt-api client the tests drive)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq salt-pepper >/dev/null; \
	  else \
	    echo "saltlab: salt-pepper is missing; install it: sudo apt-get install salt-pepper" >&2; exit 1; \
	  fi; }

lab: prereqs build
	$(BIN) run --topology $(TOPOLOGY) --salt $(SALT) $(if $(TAGS),--tags '$(TAGS)')

images: prereqs build
	$(BIN) images --salt $(SALT)

down: build
	$(BIN) down --all

vet:
	$(GO) vet ./...
	$(GO) vet -tags docker ./...

unit:
	$(GO) test ./...

# The parsers of untrusted text: Salt CLI output, --set values, tag
# expressions, compose overrides and feature files. `unit` runs their seed
# corpora; this runs each fuzzer for FUZZTIME (one worker: CI machines are
# small and shared), about 2 minutes in all with the default.
FUZZTIME ?= 10s
FUZZERS := ./internal/tagexpr:FuzzParse ./internal/knobs:FuzzParseSets ./steps:FuzzCheckFeature \
	./internal/lab:FuzzLoadOverride ./internal/saltout:FuzzParseCall ./internal/saltout:FuzzParseKeyList \
	./internal/saltout:FuzzParseLocalFingers ./internal/saltout:FuzzParseStream
fuzz:
	@set -e; for f in $(FUZZERS); do \
	  echo "fuzz $${f#*:} ($${f%%:*}) for $(FUZZTIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$${f#*:}$$" -fuzztime $(FUZZTIME) -parallel 1 "$${f%%:*}"; \
	done

# Docker-backed packages run one at a time (-p 1): they share one engine.
test: test-prereqs vet unit fuzz
	$(GO) test -tags docker -p 1 -count=1 -timeout 45m ./...

# Wall time of `saltlab up` to healthy (images cached), hot topology with 3
# and 50 minions; one timed up per size (BENCHTIME=3x for more).
BENCHTIME ?= 1x
bench: prereqs
	$(GO) test -tags docker -p 1 -count=1 -run '^$$' -bench BenchmarkUp -benchtime $(BENCHTIME) -timeout 30m ./internal/e2e
