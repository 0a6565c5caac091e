//===- SimplifyAffineStructures.cpp - Simplifying affine maps and sets ----===//
//
// affine-simplify-structures (MLIR 22's SimplifyAffineStructures on
// func.func): every affine map attribute is simplified (simplifyAffineMap)
// and every integer set attribute too (simplifyIntegerSet: the constraint
// system decides emptiness and drops trivially redundant constraints); then
// the canonicalization patterns of affine.apply, affine.for and affine.if
// run greedily on those ops (and the ops they create).
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <map>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

struct SimplifyAffineStructuresPass : impl::SimplifyAffineStructuresBase<SimplifyAffineStructuresPass> {
  void runOnOperation() override {
    Operation *func = getOperation();
    MLIRContext *ctx = func->getContext();
    RewritePatternSet patterns(ctx);
    for (std::string_view name : {"affine.apply", "affine.for", "affine.if"})
      if (std::optional<OperationName> opName = OperationName::lookupRegistered(name, ctx))
        if (auto fn = opName->getInfo().getCanonicalizationPatterns)
          fn(patterns, ctx);
    FrozenRewritePatternSet frozen(std::move(patterns));

    // Each distinct attribute is simplified once.
    std::map<const void *, Attribute> simplified;
    std::vector<Operation *> opsToSimplify;
    func->walk([&](Operation *op) {
      std::vector<std::pair<StringAttr, Attribute>> updates;
      for (const NamedAttribute &attr : op->getAttrs()) {
        Attribute value = attr.getValue();
        auto it = simplified.find(value.getAsOpaquePointer());
        if (it == simplified.end()) {
          Attribute result = value;
          if (auto mapAttr = dyn_cast<AffineMapAttr>(value)) {
            AffineMap map = simplifyAffineMap(mapAttr.getValue());
            if (map != mapAttr.getValue())
              result = AffineMapAttr::get(map);
          } else if (auto setAttr = dyn_cast<IntegerSetAttr>(value)) {
            IntegerSet set = simplifyIntegerSet(setAttr.getValue());
            if (set != setAttr.getValue())
              result = IntegerSetAttr::get(set);
          }
          it = simplified.emplace(value.getAsOpaquePointer(), result).first;
        }
        if (it->second != value)
          updates.emplace_back(attr.getName(), it->second);
      }
      for (auto &[name, value] : updates)
        op->setAttr(name, value);
      if (isa<AffineForOp>(op) || isa<AffineIfOp>(op) || isa<AffineApplyOp>(op))
        opsToSimplify.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(opsToSimplify, frozen, config);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createSimplifyAffineStructuresPass() {
  return std::make_unique<SimplifyAffineStructuresPass>();
}
