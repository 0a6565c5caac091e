#!/usr/bin/env bash
# Second command of the README (and what CI runs): build, then run every test.
#
#  1. Release (build/): unit and lit tests (ctest), the conformance baseline
#     (no passing case may regress). ctest also runs the C API and Python
#     tests and `install` (scripts/test-install.sh: Lamina installed into a
#     temporary prefix, examples/standalone built against it and its lit
#     tests, pkg-config programs).
#  2. ASan+UBSan (build-asan/): the same tests, the fuzz regression replays
#     among them, and the baseline cases of every suite but emit-bytecode
#     (which Release runs; it needs mlir-opt for each case). Any sanitizer
#     report aborts the process that made it, which fails its test or case.
#  3. TSan (build-tsan/): the tests that run threads: every unit test, and
#     the lit tests whose path matches $TSAN_LIT_FILTER (parallel parsing,
#     verification, printing, bytecode, parallel passes). A test named
#     *parallel* or *threading* is picked up on its own.
#
# LAMINA_SANITIZERS=0 runs only step 1 (a quick local check).
# Only the conformance cases listed in the baseline are run (it judges no
# other): scripts/baseline-corpus.py.
set -euo pipefail
cd "$(dirname "$0")/.."

TSAN_LIT_FILTER='parallel|threading|print-numbering|Verifier/|Pass/'
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1"
# Sanitizer builds: optimized for speed of compiling and running, with
# enough debug information for symbolized stacks.
SANITIZER_FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1")

step() { echo "test.sh: $* ($(date +%T))"; }

CONFORMANCE=../shared/conformance
CORPUS=""
if [ -d "$CONFORMANCE" ]; then
  CORPUS=$(mktemp -t lamina-baseline-XXXXXX.jsonl)
  trap 'rm -f "$CORPUS"' EXIT
else
  echo "test.sh: $CONFORMANCE not found; skipping the conformance baseline" >&2
fi

# conformance TOOL [--skip SUITE]...: the baseline cases through TOOL; with
# a sanitizer build, a crash (an aborting report) in any case fails too.
conformance() {
  local tool=$1
  shift
  [ -n "$CORPUS" ] || return 0
  local suites log status=0
  suites=$(python3 scripts/baseline-corpus.py test/conformance/baseline.txt "$CONFORMANCE/cases" "$CORPUS" "$@")
  log=$(mktemp)
  # shellcheck disable=SC2086
  python3 "$CONFORMANCE/run.py" --tool "$tool" --corpus "$CORPUS" $suites \
    --baseline test/conformance/baseline.txt | tee "$log" || status=1
  if grep -Eq "crashes [1-9]" "$log"; then
    echo "test.sh: $tool crashed on conformance cases (a sanitizer report or a signal)" >&2
    status=1
  fi
  rm -f "$log"
  return $status
}

step "Release build"
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release -DLAMINA_WERROR=ON >/dev/null
cmake --build build
step "Release tests"
(cd build && ctest --output-on-failure -j "$(nproc)")
step "Release conformance baseline"
conformance build/bin/lamina-opt

if [ "${LAMINA_SANITIZERS:-1}" = 0 ]; then
  exit 0
fi

step "ASan+UBSan build"
cmake -G Ninja -B build-asan "${SANITIZER_FLAGS[@]}" -DLAMINA_ENABLE_ASAN=ON >/dev/null
cmake --build build-asan
step "ASan+UBSan tests"
(cd build-asan && ctest --output-on-failure -j "$(nproc)")
step "ASan+UBSan conformance baseline"
conformance build-asan/bin/lamina-opt --skip emit-bytecode

step "TSan build"
cmake -G Ninja -B build-tsan "${SANITIZER_FLAGS[@]}" -DLAMINA_ENABLE_TSAN=ON >/dev/null
cmake --build build-tsan
step "TSan tests"
(cd build-tsan && ctest --output-on-failure -j "$(nproc)" -E '^lit$')
/usr/lib/llvm-22/bin/lit -sv --param build_dir="$PWD/build-tsan" --filter "$TSAN_LIT_FILTER" test
step "done"
