//===- FuzzSupport.h - Running lamina-opt from a fuzz target ---------------===//
//
// The fuzz targets drive the real lamina-opt: its main() is compiled into
// them under another name (see CMakeLists.txt), so they register exactly
// the dialects and passes lamina-opt registers (once per process) and run
// its driver (optMainInMemory: lamina-opt's command line, the input and
// output in memory instead of files). Each run parses its flags from their
// defaults and builds a fresh context per buffer, as a new lamina-opt
// process would. Only the reference mlir-opt, asked to judge a difference,
// reads and writes files in $TMPDIR named after the process, removed at exit.
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

/// Runs lamina-opt with `args` (flags, without the program name or the
/// input file) on `input`, in this process, on a thread with lamina-opt's
/// large stack; its output (text or bytecode) replaces `output`. The input
/// is named `inputName` on the command line ("-": standard input, which
/// diagnostics and locations call `<stdin>`). Returns its exit code. With
/// $LAMINA_FUZZ_RERUN set (as ctest's replays set it), each run is done
/// twice and must give the same exit code and output: no state of one run
/// may leak into the next.
int runLaminaOpt(const std::vector<std::string> &args, std::string_view input, std::string &output,
                 const char *inputName = "input.mlir");

/// Runs the reference mlir-opt ($LAMINA_FUZZ_MLIR_OPT, by default
/// /usr/lib/llvm-22/bin/mlir-opt) as a subprocess with `args` on `input`
/// (written to a file of this process), its diagnostics discarded; its
/// output replaces `output`. Returns its exit code, or -1 if it cannot be
/// run. The targets ask it only to judge a difference they found: Lamina
/// must behave as mlir-opt, and mlir-opt itself is not idempotent on
/// everything (affine expressions simplify again when read back; some
/// constants print in a form it rejects).
int runReference(const std::vector<std::string> &args, std::string_view input, std::string &output);

/// FNV-1a of the input: picks the options of a run, so that a given input
/// always runs the same way.
uint64_t hashInput(std::string_view data);

/// True for inputs that start with the bytecode magic number.
bool isBytecode(std::string_view data);

/// Reports a broken promise (the input and what differed) and aborts, so
/// that libFuzzer saves the input as a crash.
[[noreturn]] void fail(const char *what, std::string_view expected, std::string_view actual);

} // namespace lamina::fuzz
