# nonet — the two commands a newcomer needs:
#   make run    install what is missing, build Release, solve the bundled examples
#   make test   install what is missing, build with ASan+UBSan, run every test
BUILD      ?= build/release
TEST_BUILD ?= build/sanitize
JOBS       ?= $(shell nproc)
SUDO       := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
PACKAGES   := cmake g++ make pkg-config libcli11-dev nlohmann-json3-dev libcpp-httplib-dev \
              libgtest-dev libgmock-dev libbenchmark-dev qqwing librsvg2-bin

.PHONY: run test build bench deps clean

# Installs only the Debian packages that are missing, so it is quick and
# quiet once everything is there.
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNONET_TESTS=OFF >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@echo "== examples/classic.txt"
	$(BUILD)/nonet solve --format grid examples/classic.txt
	@echo "== examples/diagonal.txt"
	$(BUILD)/nonet solve --format grid --variant diagonal examples/diagonal.txt

test: deps
	cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNONET_SANITIZE=ON >/dev/null
	cmake --build $(TEST_BUILD) -j $(JOBS)
	cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS)

# Benchmarks side by side with QQwing; see docs/performance.md and docs/generate.md.
bench: build
	bench/run_bench.sh $(BUILD)
	bench/run_generate_bench.sh $(BUILD)

clean:
	rm -rf build
