//===- OptMain.h - The reusable driver behind lamina-opt ------------------===//
#pragma once

#include "lamina/IR/MLIRContext.h"

namespace lamina {

/// Runs the lamina-opt command line: parse, verify, (optionally check
/// diagnostics), print or write bytecode. Returns the process exit code.
int optMain(int argc, char **argv, const char *toolName, DialectRegistry &registry);

} // namespace lamina
