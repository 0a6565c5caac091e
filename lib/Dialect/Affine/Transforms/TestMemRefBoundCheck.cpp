//===- TestMemRefBoundCheck.cpp - mlir-opt's test of memref bound checks --===//
//
// test-memref-bound-check (mlir-opt's TestMemRefBoundCheck): every affine
// load and store whose region (MLIR's MemRefRegion at loop depth 0, without
// the memref's shape as bounds) may reach past a static dimension gets
// "memref out of upper bound access along dimension #N", and one that may
// reach below 0 "memref out of lower bound access along dimension #N" (as
// MLIR's boundCheckLoadOrStoreOp).
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

void boundCheckLoadOrStoreOp(Operation *op) {
  MemRefRegion region;
  if (failed(computeMemRefRegion(op, region, /*addMemRefDimBounds=*/false)))
    return;
  auto memRefType = cast<MemRefType>(region.memref.getType());
  for (unsigned r = 0, rank = unsigned(memRefType.getRank()); r < rank; ++r) {
    if (memRefType.isDynamicDim(r))
      continue;
    IntegerConstraints ucst = region.cst;
    ucst.addBound(BoundType::LB, r, memRefType.getDimSize(r));
    if (!ucst.isEmpty())
      (void)(op->emitOpError() << "memref out of upper bound access along dimension #" << (r + 1));
    IntegerConstraints lcst = region.cst;
    lcst.addBound(BoundType::UB, r, -1);
    if (!lcst.isEmpty())
      (void)(op->emitOpError() << "memref out of lower bound access along dimension #" << (r + 1));
  }
}

struct TestMemRefBoundCheckPass : impl::TestMemRefBoundCheckBase<TestMemRefBoundCheckPass> {
  void runOnOperation() override {
    std::vector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<AffineReadOpInterface>(op) || isa<AffineWriteOpInterface>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses)
      boundCheckLoadOrStoreOp(op);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestMemRefBoundCheckPass() { return std::make_unique<TestMemRefBoundCheckPass>(); }
