#!/usr/bin/env bash
# First command of the README: install dependencies, build (Release), and run
# lamina-opt on the example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build
build/bin/lamina-opt examples/matmul.mlir
