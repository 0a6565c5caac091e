//===- FuzzSupport.h - Running lamina-opt from a fuzz target ---------------===//
//
// The fuzz targets drive the real lamina-opt: its main() is compiled into
// them under another name (see CMakeLists.txt), so they register exactly
// the dialects lamina-opt registers and parse its flags. Inputs and outputs
// go through files in $TMPDIR named after the process, removed at exit.
//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lamina::fuzz {

/// A file of this process, `<TMPDIR>/lamina-fuzz-<pid>-<name>`.
const std::string &tempPath(const char *name);

/// Writes `data` to `path`; false on an I/O error.
bool writeFile(const std::string &path, std::string_view data);
/// The contents of `path` (empty if it cannot be read).
std::string readFile(const std::string &path);

/// Runs lamina-opt's main with `args` (without the program name), the
/// input file and `-o output` appended. Returns its exit code.
int runLaminaOpt(std::vector<std::string> args, const std::string &input, const std::string &output);

/// Runs the reference mlir-opt ($LAMINA_FUZZ_MLIR_OPT, by default
/// /usr/lib/llvm-22/bin/mlir-opt) as a subprocess the way runLaminaOpt runs
/// lamina-opt, its diagnostics discarded. Returns its exit code, or -1 if
/// it cannot be run. The targets ask it only to judge a difference they
/// found: Lamina must behave as mlir-opt, and mlir-opt itself is not
/// idempotent on everything (affine expressions simplify again when read
/// back; some constants print in a form it rejects).
int runReference(const std::vector<std::string> &args, const std::string &input, const std::string &output);

/// FNV-1a of the input: picks the options of a run, so that a given input
/// always runs the same way.
uint64_t hashInput(std::string_view data);

/// True for inputs that start with the bytecode magic number.
bool isBytecode(std::string_view data);

/// Reports a broken promise (the input and what differed) and aborts, so
/// that libFuzzer saves the input as a crash.
[[noreturn]] void fail(const char *what, std::string_view expected, std::string_view actual);

} // namespace lamina::fuzz
