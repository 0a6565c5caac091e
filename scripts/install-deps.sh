#!/usr/bin/env bash
# Installs what Lamina needs on a fresh Debian 12 machine (needs root or sudo).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
# Build: compiler, CMake, Ninja, ccache. Tests: GoogleTest, Google Benchmark,
# and lit/FileCheck/not/split-file plus the reference mlir-opt (llvm-22-tools,
# mlir-22-tools) used by the text tests and the conformance runner.
# Python bindings: pybind11 and Python's headers; pytest runs their tests.
# pkg-config: the test that builds against an installed Lamina uses it.
# libmimalloc-dev: lamina-opt's allocator (see the README).
# clang-22 (with libclang-rt-22-dev: the sanitizer runtimes and libFuzzer):
# scripts/test.sh builds the ASan+UBSan build with it (it compiles that
# build almost twice as fast as g++ does), and the fuzz targets need it.
$SUDO apt-get install -y --no-install-recommends \
  g++ cmake ninja-build ccache python3 \
  libgtest-dev libgmock-dev libbenchmark-dev \
  llvm-22-tools mlir-22-tools \
  pybind11-dev python3-dev python3-pytest pkg-config \
  clang-22 libclang-rt-22-dev libmimalloc-dev
