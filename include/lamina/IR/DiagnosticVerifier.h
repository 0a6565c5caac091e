//===- DiagnosticVerifier.h - Checks diagnostics against expected-* lines ===//
#pragma once

#include "lamina/IR/Diagnostics.h"

#include <memory>

namespace lamina {

/// Collects `expected-error/warning/remark/note` annotations from the source
/// buffers and checks emitted diagnostics against them (mlir-opt's
/// --verify-diagnostics). Unexpected diagnostics and unmatched expectations
/// are reported as errors by `verify()`.
class SourceMgrDiagnosticVerifierHandler {
public:
  SourceMgrDiagnosticVerifierHandler(SourceMgr &mgr, MLIRContext *ctx);
  ~SourceMgrDiagnosticVerifierHandler();
  /// Reports expectations that were not produced; fails if any diagnostic
  /// was unexpected or any expectation unmet.
  LogicalResult verify();

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace lamina
