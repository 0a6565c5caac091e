//===- EmulateUnsupportedFloats.cpp - Float ops computed in a wider type ---===//
//
// arith-emulate-unsupported-floats (MLIR 22's ArithEmulateUnsupportedFloats),
// a partial conversion: every arith op (but bitcast, extf, truncf, constant
// and select) with an operand or result of a source type (or a vector or
// tensor of it) is recreated on the target type; its operands are extended
// (`arith.extf ... fastmath<contract>`, once per value, right after the
// value's definition or at the start of its block) and its float results
// truncated back right after it.
//
#include "lamina/Dialect/Arith/Passes.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/MLIRContext.h"

#include <unordered_map>
#include <vector>

using namespace lamina;
using namespace lamina::arith;

namespace {

struct Emulator {
  std::vector<Type> sourceTypes;
  Type targetType;
  MLIRContext *ctx;
  std::unordered_map<const void *, Value> extended; // original value -> its extension

  bool isSource(Type t) const {
    Type elt = t;
    if (auto shaped = dyn_cast<ShapedType>(t))
      elt = shaped.getElementType();
    for (Type s : sourceTypes)
      if (s == elt)
        return true;
    return false;
  }
  Type convert(Type t) const {
    if (!isSource(t))
      return t;
    if (auto shaped = dyn_cast<ShapedType>(t))
      return shaped.clone(targetType);
    return targetType;
  }
  bool isIllegal(Operation *op) const {
    if (op->getName().getStringRef().substr(0, 6) != "arith.")
      return false;
    std::string_view name = op->getName().getStringRef();
    if (name == "arith.bitcast" || name == "arith.extf" || name == "arith.truncf" || name == "arith.constant" ||
        name == "arith.select")
      return false;
    for (Value v : op->getOperands())
      if (isSource(v.getType()))
        return true;
    for (Value v : op->getResults())
      if (isSource(v.getType()))
        return true;
    return false;
  }
  NamedAttribute contract() const {
    return NamedAttribute(StringAttr::get(ctx, "fastmath"), FastMathFlagsAttr::get(ctx, FastMathFlags::contract));
  }
  /// The extension of `v` to the target type, created once, right after its
  /// definition (at the start of its block for a block argument).
  Value extend(OpBuilder &b, Value v) {
    auto it = extended.find(v.getAsOpaquePointer());
    if (it != extended.end())
      return it->second;
    OpBuilder::InsertionGuard guard(b);
    if (Operation *def = v.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    OperationState state(v.getLoc(), "arith.extf");
    state.addOperand(v);
    state.addAttribute("fastmath", contract().getValue());
    state.addType(convert(v.getType()));
    Value ext = b.create(state)->getResult(0);
    extended[v.getAsOpaquePointer()] = ext;
    return ext;
  }
  void rewrite(OpBuilder &b, Operation *op) {
    std::vector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(isSource(v.getType()) ? extend(b, v) : v);
    b.setInsertionPoint(op);
    OperationState state(op->getLoc(), op->getName().getStringRef());
    state.addOperands(ValueRange(operands));
    for (const NamedAttribute &a : op->getAttrs())
      state.addAttribute(a.getName().getValue(), a.getValue());
    for (Value r : op->getResults())
      state.addType(convert(r.getType()));
    Operation *newOp = b.create(state);
    b.setInsertionPointAfter(newOp);
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      Value result = newOp->getResult(i);
      Type original = op->getResult(i).getType();
      if (original != result.getType()) {
        OperationState trunc(op->getLoc(), "arith.truncf");
        trunc.addOperand(result);
        trunc.addAttribute("fastmath", contract().getValue());
        trunc.addType(original);
        result = b.create(trunc)->getResult(0);
      }
      op->getResult(i).replaceAllUsesWith(result);
    }
    op->erase();
  }
};

struct ArithEmulateUnsupportedFloats : lamina::impl::ArithEmulateUnsupportedFloatsBase<ArithEmulateUnsupportedFloats> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<VectorDialect>(); }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Emulator emulator;
    emulator.ctx = ctx;
    for (const std::string &s : sourceTypeStrs) {
      Type t = parseType(s, ctx);
      if (!t)
        return signalPassFailure();
      emulator.sourceTypes.push_back(t);
    }
    emulator.targetType = parseType(targetTypeStr.getValue(), ctx);
    if (!emulator.targetType)
      return signalPassFailure();
    std::vector<Operation *> ops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != getOperation() && emulator.isIllegal(op))
        ops.push_back(op);
    });
    OpBuilder b(ctx);
    for (Operation *op : ops)
      emulator.rewrite(b, op);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createArithEmulateUnsupportedFloatsPass() {
  return std::make_unique<ArithEmulateUnsupportedFloats>();
}
