//===- DiagnosticVerifier.cpp - Checks diagnostics against expected-* -----===//
// TEMPORARY STUB: being implemented.
#include "lamina/IR/DiagnosticVerifier.h"

#include "lamina/Support/SourceMgr.h"

using namespace lamina;

struct SourceMgrDiagnosticVerifierHandler::Impl {
  std::unique_ptr<SourceMgrDiagnosticHandler> handler;
};

SourceMgrDiagnosticVerifierHandler::SourceMgrDiagnosticVerifierHandler(SourceMgr &mgr, MLIRContext *ctx)
    : impl(std::make_unique<Impl>()) {
  impl->handler = std::make_unique<SourceMgrDiagnosticHandler>(mgr, ctx);
}
SourceMgrDiagnosticVerifierHandler::~SourceMgrDiagnosticVerifierHandler() = default;
LogicalResult SourceMgrDiagnosticVerifierHandler::verify() { return failure(); }
