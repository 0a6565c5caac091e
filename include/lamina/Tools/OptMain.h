//===- OptMain.h - The reusable driver behind lamina-opt ------------------===//
#pragma once

#include "lamina/IR/MLIRContext.h"

#include <string>
#include <string_view>

namespace lamina {

/// Runs the lamina-opt command line: parse, verify, (optionally check
/// diagnostics), print or write bytecode. Returns the process exit code, to
/// be returned from main: except in sanitizer builds, the last input's IR
/// and context are not freed and the thread that ran them is left waiting,
/// for the process to end (tearing them down took tens of milliseconds
/// after a large input). Use optMainInMemory to run several command lines.
int optMain(int argc, char **argv, const char *toolName, DialectRegistry &registry);

/// optMain for callers that run many command lines in one process (the fuzz
/// targets): the flags start from their defaults, the input is `input`
/// (named as the command line's input file, or "<stdin>"), the output is
/// appended to `output` instead of written to `-o`, and the run happens on
/// the calling thread, which must have a stack as large as optMain gives
/// its own (deeply nested custom operations recurse). Returns the exit code.
int optMainInMemory(int argc, char **argv, const char *toolName, DialectRegistry &registry, std::string_view input,
                    std::string &output);

} // namespace lamina
