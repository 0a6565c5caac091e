//===- LLVMFolders.cpp - Folders of llvm ops ------------------------------===//
//
// The folders of MLIR 22's LLVMOps.cpp that Lamina has so far: the constant
// ops (so the greedy driver deduplicates and hoists them, materializing
// them again through LLVMDialect::materializeConstant) and the casts that
// cancel out. (The others - extractvalue, arithmetic, icmp, zext, gep - are
// not written yet.)
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/Dialect/LLVMIR/LLVMOps.gen.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::LLVM;

namespace {
/// MLIR's foldChainableCast: cast(x : T to T) -> x;
/// cast(cast(x : T to U) : U to T) -> x; cast(cast(x : T to U) : U to V) ->
/// cast(x : T to V), updated in place.
OpFoldResult foldCastPair(Operation *op, std::string_view name) {
  Value arg = op->getOperand(0);
  Type type = op->getResult(0).getType();
  if (arg.getType() == type)
    return arg;
  if (Operation *prev = arg.getDefiningOp(); prev && prev->getName().getStringRef() == name) {
    if (prev->getOperand(0).getType() == type)
      return prev->getOperand(0);
    op->setOperand(0, prev->getOperand(0));
    return op->getResult(0);
  }
  return OpFoldResult();
}

OpFoldResult foldBitcast(Operation *op, ArrayRef<Attribute>) { return foldCastPair(op, BitcastOp::getOperationName()); }
OpFoldResult foldAddrSpaceCast(Operation *op, ArrayRef<Attribute>) {
  return foldCastPair(op, AddrSpaceCastOp::getOperationName());
}
OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return ConstantOp(op).getValueAttr(); }
OpFoldResult foldUndef(Operation *op, ArrayRef<Attribute>) { return UndefAttr::get(op->getContext()); }
OpFoldResult foldPoison(Operation *op, ArrayRef<Attribute>) { return PoisonAttr::get(op->getContext()); }
OpFoldResult foldZero(Operation *op, ArrayRef<Attribute>) { return ZeroAttr::get(op->getContext()); }
OpFoldResult foldAddressOf(Operation *op, ArrayRef<Attribute>) { return AddressOfOp(op).getGlobalNameAttr(); }

/// An op of `name` with result `type` and the given inherent attribute.
Operation *createConstantLike(OpBuilder &builder, Location loc, std::string_view name, Type type,
                              std::string_view attrName = {}, Attribute attr = {}) {
  OperationState state(loc, name);
  if (attr)
    state.addAttribute(attrName, attr);
  state.addType(type);
  return builder.create(state);
}

/// MLIR's isCompatibleType, for the types constants take: builtin integers
/// and floats, vectors of them, and the llvm dialect's types.
bool isCompatibleConstantType(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return true;
  if (auto vector = dyn_cast<VectorType>(type))
    return isCompatibleConstantType(vector.getElementType());
  return type.getDialect().getNamespace() == LLVMDialect::getDialectNamespace();
}
} // namespace

Operation *LLVMDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(value)) {
    if (isa<LLVMPointerType>(type))
      return createConstantLike(builder, loc, AddressOfOp::getOperationName(), type, "global_name", symbol);
    return nullptr;
  }
  if (isa<UndefAttr>(value))
    return createConstantLike(builder, loc, UndefOp::getOperationName(), type);
  if (isa<PoisonAttr>(value))
    return createConstantLike(builder, loc, PoisonOp::getOperationName(), type);
  if (isa<ZeroAttr>(value))
    return createConstantLike(builder, loc, ZeroOp::getOperationName(), type);
  // ConstantOp::materialize: a typed attribute of exactly this type.
  Type valueType;
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    valueType = intAttr.getType();
  else if (auto floatAttr = dyn_cast<FloatAttr>(value))
    valueType = floatAttr.getType();
  else if (auto elements = dyn_cast<DenseElementsAttr>(value))
    valueType = elements.getType();
  if (!valueType || valueType != type || !isCompatibleConstantType(type))
    return nullptr;
  return createConstantLike(builder, loc, ConstantOp::getOperationName(), type, "value", value);
}

void LLVM::detail::addFolders(LLVMDialect *dialect) {
  ods::attachFolder(*dialect, ConstantOp::getOperationName(), foldConstant);
  ods::attachFolder(*dialect, UndefOp::getOperationName(), foldUndef);
  ods::attachFolder(*dialect, PoisonOp::getOperationName(), foldPoison);
  ods::attachFolder(*dialect, ZeroOp::getOperationName(), foldZero);
  ods::attachFolder(*dialect, AddressOfOp::getOperationName(), foldAddressOf);
  ods::attachFolder(*dialect, BitcastOp::getOperationName(), foldBitcast);
  ods::attachFolder(*dialect, AddrSpaceCastOp::getOperationName(), foldAddrSpaceCast);
}
