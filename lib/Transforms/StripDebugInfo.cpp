//===- StripDebugInfo.cpp - Replace every location by `unknown` -----------===//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/BuiltinLocations.h"

using namespace lamina;

namespace {
struct StripDebugInfoPass : impl::StripDebugInfoBase<StripDebugInfoPass> {
  void runOnOperation() override {
    Location unknownLoc = UnknownLoc::get(&getContext());
    getOperation()->walk([&](Operation *op) {
      op->setLoc(unknownLoc);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value arg : block.getArguments())
            BlockArgument(arg).setLoc(unknownLoc);
    });
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createStripDebugInfoPass() { return std::make_unique<StripDebugInfoPass>(); }
