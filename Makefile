# Makefile: installs what a fresh Debian 12 machine lacks, then builds and tests with CMake.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
DEB_PACKAGES = binutils llvm-19-dev llvm-19 llvm-19-tools clang-19 clang-tidy-19 clang-format-19 lld-19 libclang-rt-19-dev libgsl-dev libglpk-dev libffi-dev libjansson-dev nettle-dev libseccomp-dev \
               cmake make gcc pkg-config graphviz lcov chromium valgrind libopenmpi-dev openmpi-bin groff-base \
               libnewlib-dev libnewlib-arm-none-eabi picolibc-riscv64-unknown-elf csmith libcsmith-dev

.PHONY: all deps build demo test check clean test-sanitize fuzz install lint format format-check mutants

all: build

# Installs only the packages that are missing; a no-op (and no root needed) when all are there.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/freqsys run examples/newton/newton.fspec

# The benchmarks' own programs are built on demand only; building them here keeps
# them compiling as the code they use changes.
BENCH_TARGETS = sampling-bench sensitivity-bench rare-bench rare-tool
# The layout check comes first: it takes seconds, the suite takes most of an hour.
test: build
	@$(MAKE) --no-print-directory format-check
	cmake --build $(BUILD) -j $(JOBS) --target $(BENCH_TARGETS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory test-sanitize

# The fast part of the suite, for the edit-build-check loop: every test but those
# labelled slow (tests/CMakeLists.txt). `make test` stays the whole suite.
check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

clean:
	rm -rf $(BUILD)

# Plausible slips in the statistics and the provers (tests/mutants/list), each applied
# to a copy of the tree: the fast suite must kill every one. Long (a build and a suite
# run a mutant), so not part of `make test`; run it before changing those files.
# MUTANTS="id ..." runs some of them.
mutants: deps
	tests/mutants/run $(MUTANTS)

# clang-tidy over the sources with the checks in .clang-tidy (the static analyzer,
# bugprone, performance; docs/robustness.md). Any finding fails: `make test` runs it.
# LINT_FILES is a regex on the paths in compile_commands.json; it also takes in the
# tests under tests/stats/, tests/harness/ and tests/distributions/.
LINT_FILES = .*/(freqsys|stats|harness|distributions)/
lint: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
	run-clang-tidy-19 -p $(BUILD) -quiet -j $(JOBS) '$(LINT_FILES)'
	@$(MAKE) --no-print-directory format-check

# The tool's own C code, which .clang-format lays out: the programs under test
# (tests' and the benchmarks' subject programs) keep the layout their line numbers
# are checked against, so they are left out. New files count before they are added.
FORMAT_FILES = $(shell git ls-files --cached --others --exclude-standard 'freqsys/*.[ch]' 'stats/*.[ch]' 'harness/*.[ch]' 'distributions/*.[ch]' 'include/*.h' \
                 'tests/*.[ch]' | grep -v -E '^tests/(e2e/programs|plan/programs|fuzz/data|transform/ir)/')

# Lays out every file of FORMAT_FILES by .clang-format.
format: deps
	@clang-format-19 -i $(FORMAT_FILES)

# Fails, naming the lines, where a file of FORMAT_FILES is not laid out by .clang-format
# (`make lint`, and so `make test`, runs it).
format-check: deps
	@clang-format-19 --dry-run -Werror $(FORMAT_FILES)

# Installs bin/freqsys, lib/freqsys/libfreqsys_rt.a, include/freqsys, the manual pages,
# bash completion, pkg-config and CMake files, and the documentation under PREFIX.
# It builds what is missing but never installs packages (that is `make deps`, which
# may need root): an installing user's machine is left as it is.
PREFIX ?= /usr/local
install:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)
	cmake --install $(BUILD) --prefix $(PREFIX)

# The whole suite again, built with AddressSanitizer and UBSan (docs/robustness.md).
# ASan's own SEGV handler would turn a crashing trial into a worker's exit status;
# handle_segv=0 leaves the signal to the harness, as without ASan. Leaks are checked.
SANITIZE_BUILD ?= build-asan
SANITIZE_ENV = ASAN_OPTIONS=handle_segv=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# hostile-t needs the workers' address-space limit to refuse an unbounded allocation;
# ASan reserves terabytes of shadow memory, so the limit is off in this build.
# valgrind-t runs memcheck, which cannot run an ASan-built program.
# csmith-t checks the proofs on 100 random programs, which the plain build checks
# alike; under ASan its runs would take some 20 minutes more of CI's 90.
SANITIZE_EXCLUDE ?= ^(hostile|valgrind|csmith)-t$$

test-sanitize: deps
	@cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_PROJECT_INCLUDE=$(CURDIR)/cmake/sanitize.cmake -DFREQSYS_SANITIZE=ON >/dev/null
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS) $(if $(SANITIZE_EXCLUDE),-E '$(SANITIZE_EXCLUDE)')

# Fuzzes each parser for FUZZ_TIME seconds with libFuzzer (clang-19), starting from
# tests/fuzz/corpus/<target>; new inputs go to $(FUZZ_BUILD)/corpus/<target>, crashes
# to $(FUZZ_BUILD)/artifacts/.
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME ?= 300
FUZZ_TARGETS = spec expression

fuzz: deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang-19 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_PROJECT_INCLUDE=$(CURDIR)/cmake/sanitize.cmake -DFREQSYS_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(addprefix fuzz-,$(FUZZ_TARGETS))
	@mkdir -p $(FUZZ_BUILD)/artifacts
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  $(FUZZ_BUILD)/tests/fuzz/fuzz-$$t -max_total_time=$(FUZZ_TIME) -timeout=10 \
	    -dict=tests/fuzz/spec.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$t- \
	    $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t || exit 1; \
	done
