//===- GenerateRuntimeVerification.cpp - Runtime op verification ----------===//
//
// MLIR's `generate-runtime-verification`: every op implementing
// RuntimeVerifiableOpInterface (gathered first, so that the checks created
// are not checked in turn) generates its checks in front of itself. A
// failed check's message names the op: at verbose-level 1 (the default) the
// op as printed (local scope, regions skipped, large elements elided, the
// names numbered once over the IR the pass started from, the command line's
// --mlir-print-* flags applying), at level 0 only
// the message and the op's location.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/Builders.h"
#include "lamina/Interfaces/RuntimeVerifiableOpInterface.h"
#include "lamina/Support/RawOstream.h"

#include <vector>

using namespace lamina;

namespace {
struct GenerateRuntimeVerificationPass : impl::GenerateRuntimeVerificationBase<GenerateRuntimeVerificationPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (verboseLevel > 1) {
      (void)root->emitError("generate-runtime-verification pass: set verboseLevel to 0 or 1");
      return signalPassFailure();
    }

    std::vector<Operation *> ops;
    root->walk([&](Operation *op) {
      if (isa<RuntimeVerifiableOpInterface>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;

    // The command line's printing flags (as MLIR's default-constructed
    // OpPrintingFlags), made fast for many messages.
    OpPrintingFlags flags = OpPrintingFlags::getCommandLineDefaults();
    flags.elideLargeElementsAttrs().skipRegions().useLocalScope();
    AsmState state(root, flags, AsmState::NumberEagerly());
    unsigned level = verboseLevel;
    auto errorMessage = [&](Operation *op, std::string_view msg) {
      std::string buffer;
      raw_string_ostream os(buffer);
      os << "ERROR: Runtime op verification failed\n";
      if (level == 1) {
        op->print(os, state);
        os << "\n^ " << msg;
      } else {
        os << "^ " << msg;
      }
      os << "\nLocation: ";
      op->getLoc().print(os);
      os.flush();
      return buffer;
    };

    OpBuilder builder(root->getContext());
    for (Operation *op : ops) {
      builder.setInsertionPoint(op);
      cast<RuntimeVerifiableOpInterface>(op).generateRuntimeVerification(builder, op->getLoc(), errorMessage);
    }
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createGenerateRuntimeVerificationPass() {
  return std::make_unique<GenerateRuntimeVerificationPass>();
}
