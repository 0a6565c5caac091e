#!/usr/bin/env bash
# Second command of the README (and what CI runs): build, then run every test.
#
#  1. Release (build/): everything; unit and lit tests (ctest), the
#     conformance baseline (no passing case may regress; of emit-bytecode,
#     which runs mlir-opt per case, a deterministic half of the cases). ctest also runs
#     the C API and Python tests and `install` (scripts/test-install.sh:
#     Lamina installed into a temporary prefix, examples/standalone built
#     against it and its lit tests, pkg-config programs).
#  2. ASan+UBSan (build-asan/, clang-22 if installed, -O1, only what the tests use: the
#     lamina-test-deps target): the same tests, the fuzz regression replays
#     among them, and every baseline case of every suite but emit-bytecode
#     (which Release runs; it needs mlir-opt for each case), replayed
#     in-process by lamina-corpus-replay (unittests/Fuzz/CorpusReplay.cpp:
#     lamina-opt's driver on each case's command line and input, checked as
#     run.py checks it; one process per core instead of one instrumented
#     lamina-opt per case, whose start cost more than the case). Any
#     sanitizer report aborts the process that made it, which fails its test
#     or the replay (its log names the case).
#  3. TSan (build-tsan/, -O1): only what uses threads. CMake defines, in a
#     TSan build, the unit tests marked THREADS (unittests/CMakeLists.txt)
#     and a lit test that runs the lit tests matching LAMINA_TSAN_LIT_FILTER
#     (test/CMakeLists.txt: parallel parsing, verification, printing,
#     bytecode, parallel passes; a test named *parallel* or *threading* is
#     picked up on its own); ctest runs them.
#
# Each step prints its wall and CPU time; a table of them ends the run.
# LAMINA_SANITIZERS=0 runs only step 1 (a quick local check).
# Only the conformance cases listed in the baseline are run (it judges no
# other): scripts/baseline-corpus.py.
set -euo pipefail
cd "$(dirname "$0")/.."

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1"
# Sanitizer builds: optimized for speed of compiling and running, with
# enough debug information for symbolized stacks.
# (Warnings are the Release build's business: -Werror there.)
SANITIZER_FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1"
                 "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1")
# The ASan+UBSan build uses clang-22 when it is installed: g++ 12 takes 1.85
# times as long to compile with -fsanitize=address,undefined (5.8 s of CPU
# per translation unit against 3.15 s, over a sample of nine), and clang's
# lamina-opt also starts faster. The TSan build stays with g++ (cheaper to
# compile than Release).
ASAN_COMPILERS=()
if command -v clang++-22 >/dev/null && command -v clang-22 >/dev/null; then
  ASAN_COMPILERS=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)
fi
JOBS=$(nproc)

# Step timing: wall seconds and the CPU seconds (user+sys) of the processes
# the step ran, from the shell's `times` (children are counted once waited
# for; every step waits for all of its processes).
TIMES=$(mktemp -t lamina-times-XXXXXX)
SUMMARY=$(mktemp -t lamina-summary-XXXXXX)
CORPUS=""
RECORDS=""
DONE=0
trap '[ "$DONE" = 1 ] || summary; rm -f "$TIMES" "$SUMMARY" ${CORPUS:+"$CORPUS"} ${RECORDS:+"$RECORDS"}' EXIT
# `times` must run in this shell (a $(...) subshell has no children yet).
child_cpu() {
  times > "$TIMES"
  CPU=$(awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] } printf "%.1f", n }' "$TIMES")
}
START=$(date +%s)
STEP=""
step_end() {
  [ -n "$STEP" ] || return 0
  local wall cpu
  wall=$(( $(date +%s) - STEP_START ))
  child_cpu
  cpu=$(awk -v a="$CPU" -v b="$STEP_CPU" 'BEGIN { printf "%.0f", a - b }')
  printf '%-34s %6d %7d\n' "$STEP" "$wall" "$cpu" >> "$SUMMARY"
  echo "test.sh: $STEP took ${wall}s wall, ${cpu}s CPU"
  STEP=""
}
step() {
  step_end
  STEP="$*"
  STEP_START=$(date +%s)
  child_cpu
  STEP_CPU=$CPU
  echo "test.sh: $* ($(date +%T))"
}
summary() {
  step_end
  echo "test.sh: step                                wall(s) CPU(s)"
  sed 's/^/test.sh: /' "$SUMMARY"
  child_cpu
  printf 'test.sh: %-34s %6d %7.0f\n' "total" "$(( $(date +%s) - START ))" "$CPU"
  DONE=1
}

CONFORMANCE=../shared/conformance
if [ -d "$CONFORMANCE" ]; then
  CORPUS=$(mktemp -t lamina-baseline-XXXXXX.jsonl)
  RECORDS=$(mktemp -t lamina-replay-XXXXXX)
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
  python3 "$CONFORMANCE/run.py" --tool "$tool" --corpus "$CORPUS" $suites --dialects all --passes all \
    --baseline test/conformance/baseline.txt | tee "$log" || status=1
  if grep -Eq "crashes [1-9]" "$log"; then
    echo "test.sh: $tool crashed on conformance cases (a sanitizer report or a signal)" >&2
    status=1
  fi
  rm -f "$log"
  return $status
}

# replay TOOL: the baseline cases (all suites but emit-bytecode) through
# lamina-corpus-replay, one process per core, each a share of the cases.
replay() {
  local tool=$1
  [ -n "$CORPUS" ] || return 0
  local status=0 k
  python3 scripts/baseline-corpus.py test/conformance/baseline.txt "$CONFORMANCE/cases" "$RECORDS" \
    --records --skip emit-bytecode
  local pids=() logs=()
  for ((k = 0; k < JOBS; k++)); do
    logs+=("$RECORDS.$k.log")
    # Allocation stacks of 10 frames instead of 30: recording them took a
    # sixth of the replay's profile samples (not measurably faster on a
    # loaded machine; reports keep 10 frames of where a block was
    # allocated and freed).
    ASAN_OPTIONS="$ASAN_OPTIONS:malloc_context_size=10" "$tool" --part "$k/$JOBS" "$RECORDS" 2> "${logs[k]}" &
    pids+=($!)
  done
  for ((k = 0; k < JOBS; k++)); do
    if ! wait "${pids[k]}"; then
      status=1
      echo "test.sh: $tool --part $k/$JOBS failed; the end of its log:" >&2
      grep -v "^lamina-corpus-replay: case " "${logs[k]}" | tail -n 60 >&2
      grep "^lamina-corpus-replay: case " "${logs[k]}" | tail -n 1 | sed 's/^/test.sh: the last case started: /' >&2
    fi
    grep -h "cases pass" "${logs[k]}" || true
    rm -f "${logs[k]}"
  done
  return $status
}

step "Release build"
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release -DLAMINA_WERROR=ON >/dev/null
cmake --build build
step "Release tests"
(cd build && ctest --output-on-failure -j "$JOBS")
step "Release conformance baseline"
# emit-bytecode runs the reference mlir-opt on each case (~120 ms to start,
# ten times lamina-opt): a deterministic half of its cases (by the CRC-32 of
# the case id): all of them took roughly half of this step's 714 s.
conformance build/bin/lamina-opt --skip emit-bytecode
conformance build/bin/lamina-opt --only emit-bytecode --part 0/2

if [ "${LAMINA_SANITIZERS:-1}" = 0 ]; then
  summary
  exit 0
fi

step "ASan+UBSan build"
cmake -G Ninja -B build-asan "${SANITIZER_FLAGS[@]}" ${ASAN_COMPILERS[@]+"${ASAN_COMPILERS[@]}"} -DLAMINA_ENABLE_ASAN=ON >/dev/null
cmake --build build-asan --target lamina-test-deps
step "ASan+UBSan tests"
(cd build-asan && ctest --output-on-failure -j "$JOBS")
step "ASan+UBSan conformance replay"
replay build-asan/bin/lamina-corpus-replay

step "TSan build"
cmake -G Ninja -B build-tsan "${SANITIZER_FLAGS[@]}" -DLAMINA_ENABLE_TSAN=ON >/dev/null
cmake --build build-tsan --target lamina-test-deps
step "TSan tests"
(cd build-tsan && ctest --output-on-failure -j "$JOBS")
summary
