#!/usr/bin/env bash
# Second command of the README (and what CI runs): build, then run every test:
# unit tests and lit text tests through ctest, then the conformance baseline
# (no passing case may regress).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release -DLAMINA_WERROR=ON >/dev/null
cmake --build build
(cd build && ctest --output-on-failure -j "$(nproc)")
if [ -d ../shared/conformance ]; then
  python3 ../shared/conformance/run.py --tool build/bin/lamina-opt --baseline test/conformance/baseline.txt
else
  echo "test.sh: ../shared/conformance not found; skipping the conformance baseline" >&2
fi
