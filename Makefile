# nonet — the two commands a newcomer needs:
#   make run    install what is missing, build Release, solve the bundled examples
#   make test   install what is missing, build with ASan+UBSan, run every test;
#               then the threaded tests built with ThreadSanitizer
# and the web app:
#   make serve  build Release and start `nonet serve` on http://127.0.0.1:8080/
# and the fuzzing (clang's libFuzzer, ASan+UBSan; docs/fuzzing.md):
#   make fuzz   FUZZ_SECONDS (default 600) per target, one after another
# and the install:
#   make install PREFIX=/usr/local   (DESTDIR=/stage for a staged install)
#   make deb    a Debian package of the Release build: build/release/nonet_*.deb
# and the Python module:
#   make wheel  a wheel of the nonet package for $(PYTHON): build/dist/nonet-*.whl
BUILD      ?= build/release
TEST_BUILD ?= build/sanitize
TSAN_BUILD ?= build/tsan
JOBS       ?= $(shell nproc)
SUDO       := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
PACKAGES   := cmake g++ make pkg-config libcli11-dev nlohmann-json3-dev libcpp-httplib-dev \
              libgtest-dev libgmock-dev libbenchmark-dev qqwing librsvg2-bin \
              libcairo2-dev poppler-utils dpkg-dev file \
              pybind11-dev python3-dev python3-numpy
# The browser tests: Debian's Chromium, driven by playwright-core from npm
# (tests/browser/package-lock.json); no browser is ever downloaded.
# The man page and completion tests: man and groff, bash-completion, zsh.
# The Python tests: pytest, and Dask for nonet.dask's test on a local cluster.
# `make fuzz`: clang 14 and its runtime (libFuzzer, the sanitizers); `make test`
# replays the fuzz corpus with g++ and needs neither.
FUZZ_PACKAGES := clang-14 libclang-rt-14-dev
TEST_PACKAGES := chromium man-db groff-base bash-completion zsh \
                 python3-pytest python3-dask python3-distributed
# A wheel or sdist, offline: python3 -m build --no-isolation (pyproject.toml).
WHEEL_PACKAGES := python3-build python3-setuptools python3-wheel
# Debian's interpreter, whose pybind11 and NumPy the module is built against
# (not whichever python3 is first on PATH).
PYTHON     ?= /usr/bin/python3
BROWSER_DIR := tests/browser
PORT       ?= 8080
PREFIX     ?= /usr/local
FUZZ_BUILD ?= build/fuzz
FUZZ_SECONDS ?= 600

.PHONY: run test build bench deps test-deps fuzz-deps fuzz serve screenshots clean install deb wheel

# Installs only the Debian packages of $(1) that are missing, so it is quick
# and quiet once everything is there.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call install_missing,$(PACKAGES))

fuzz-deps: deps
	$(call install_missing,$(FUZZ_PACKAGES))

# Chromium, Node.js where the machine has none, and the npm packages of the
# browser tests (npm ci: exactly the committed lock file).
test-deps: deps
	@missing=$$(for p in $(TEST_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	command -v node >/dev/null && command -v npm >/dev/null || missing="$$missing nodejs npm"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@if [ ! -d $(BROWSER_DIR)/node_modules/playwright-core ] || [ $(BROWSER_DIR)/package-lock.json -nt $(BROWSER_DIR)/node_modules ]; then \
	  echo "npm ci in $(BROWSER_DIR)"; \
	  cd $(BROWSER_DIR) && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null && touch node_modules; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNONET_TESTS=OFF >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@echo "== examples/classic.txt"
	$(BUILD)/nonet solve --format grid examples/classic.txt
	@echo "== examples/diagonal.txt"
	$(BUILD)/nonet solve --format grid --variant diagonal examples/diagonal.txt
	@echo "== examples/killer.txt (a 6x6 killer in ISS's text; docs/variants.md)"
	$(BUILD)/nonet solve --format grid examples/killer.txt

# Both sanitizer trees at -O1 -g1: half the compile time of -O2 -g, and still
# file and line in every report's stack.
SANITIZER_FLAGS := -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
                   -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"

test: test-deps
	cmake -S . -B $(TEST_BUILD) $(SANITIZER_FLAGS) -DNONET_SANITIZE=ON \
	  -DNONET_PYTHON=ON -DPython3_EXECUTABLE=$(PYTHON) >/dev/null
	cmake --build $(TEST_BUILD) -j $(JOBS)
	cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS)
	cmake -S . -B $(TSAN_BUILD) $(SANITIZER_FLAGS) -DNONET_TSAN=ON -DNONET_BENCH=OFF -DNONET_INSTALL=OFF >/dev/null
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target nonet_thread_tests
	cd $(TSAN_BUILD) && ctest --output-on-failure -j $(JOBS)

serve: build
	$(BUILD)/nonet serve --port $(PORT)

# nonet and nonet-serve, the man page, the completions, the headers, libnonet,
# the CMake package and nonet.pc under $(PREFIX) (and $(DESTDIR), if set).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# The same files in a Debian package under /usr (Depends from dpkg-shlibdeps).
deb: build
	cd $(BUILD) && cpack -G DEB
	@ls $(BUILD)/nonet_*.deb

# The Python package as a wheel (the extension built by CMake from setup.py).
wheel: deps
	$(call install_missing,$(WHEEL_PACKAGES))
	NONET_JOBS=$(JOBS) $(PYTHON) -m build --no-isolation --wheel --outdir build/dist .
	@ls build/dist/nonet-*.whl

# The README's pictures of the page, taken by the browser tests from the real page.
screenshots: test-deps build
	NONET_BINARY=$(BUILD)/nonet NONET_SCREENSHOTS=docs/screenshots node --test $(BROWSER_DIR)/

# Each fuzz target for FUZZ_SECONDS, one at a time (the reader last), from
# fuzz/corpus into a scratch corpus ($(FUZZ_BUILD)/corpus, kept between runs);
# prints executions and coverage, fails on a finding ($(FUZZ_BUILD)/findings/).
fuzz: fuzz-deps
	FUZZ_BUILD=$(abspath $(FUZZ_BUILD)) JOBS=$(JOBS) fuzz/run.sh $(FUZZ_SECONDS)

# Benchmarks side by side with QQwing; see docs/performance.md and docs/generate.md.
bench: build
	bench/run_bench.sh $(BUILD)
	bench/run_generate_bench.sh $(BUILD)

clean:
	rm -rf build
