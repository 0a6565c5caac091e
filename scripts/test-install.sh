#!/usr/bin/env bash
# Lamina as an installed dependency (ctest runs this as the test `install`):
#
#  1. `cmake --install BUILD_DIR` into a fresh prefix (BUILD_DIR/install-test/prefix);
#  2. the installed tree holds no test-only code (no file named *test*, no
#     definition of the test dialect or test passes in the libraries);
#  3. examples/standalone, configured against that prefix alone with
#     find_package(Lamina) (warnings are errors), builds and passes its lit tests;
#  4. a C program (pkg-config lamina-c) and a C++ program (pkg-config lamina)
#     from test/Install build, run and print what FileCheck expects;
#  5. the installed Python package imports and parses (when the bindings
#     were built).
#
# usage: scripts/test-install.sh BUILD_DIR
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: test-install.sh BUILD_DIR}" && pwd)
work=$build/install-test
prefix=$work/prefix
PATH=/usr/lib/llvm-22/bin:$PATH
step() { echo "test-install.sh: $*"; }

step "installing into $prefix"
rm -rf "$prefix"
mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null

step "checking that no test-only code is installed"
leaked=$(find "$prefix" -iname '*test*' ! -path '*/python_packages/*/__pycache__/*')
if [ -n "$leaked" ]; then
  echo "test-install.sh: test-only files installed:" >&2
  echo "$leaked" >&2
  exit 1
fi
for lib in "$prefix"/lib/libLamina*; do
  [ -L "$lib" ] && continue
  if nm -C --defined-only "$lib" 2>/dev/null | grep -Eq 'MLIRTestDialect|registerPassManagerTestPasses'; then
    echo "test-install.sh: $lib defines test-only code" >&2
    exit 1
  fi
done

step "building examples/standalone against the installed Lamina"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -G Ninja -S "$src/examples/standalone" -B "$work/standalone" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_CXX_FLAGS=-Werror \
  "${launcher[@]}" >/dev/null
# Two jobs: ctest runs this beside other tests on small CI machines.
cmake --build "$work/standalone" --parallel 2
step "running the standalone dialect's lit tests"
LIT_OPTS="-j2 ${LIT_OPTS:-}" cmake --build "$work/standalone" --target check-standalone

step "building C and C++ programs with pkg-config"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# Shared libraries are found beside the programs' prefix at run time.
export LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror "$src/test/Install/c-program.c" -o "$work/c-program" \
  $(pkg-config --cflags --libs lamina-c)
"$work/c-program" | FileCheck "$src/test/Install/c-program.c"
# shellcheck disable=SC2046
c++ -Wall -Wextra -Wno-unused-parameter -Werror -fno-exceptions "$src/test/Install/cxx-program.cpp" -o "$work/cxx-program" \
  $(pkg-config --cflags --libs lamina)
"$work/cxx-program" | FileCheck "$src/test/Install/cxx-program.cpp"

if [ -d "$prefix/python_packages/lamina" ]; then
  step "importing the installed Python package"
  python=$(sed -n 's/^LAMINA_PYTHON_EXECUTABLE:INTERNAL=//p' "$build/CMakeCache.txt")
  (cd "$work" && PYTHONPATH=$prefix/python_packages "${python:-python3}" -c '
import lamina
from lamina.ir import Context, Module
with Context():
    assert str(Module.parse("func.func @h() { return }")).startswith("module {")
print("lamina", lamina.__version__, "from", lamina.__file__)')
fi
step "passed"
