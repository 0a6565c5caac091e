//===- LLVMFolders.cpp - Folders of llvm ops ------------------------------===//
//
// The folders of MLIR 22's LLVMOps.cpp that Lamina has so far: the casts
// that cancel out. (The others - constants, extractvalue, arithmetic,
// icmp, zext, gep - are not written yet.)
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/Dialect/LLVMIR/LLVMOps.gen.h"
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
} // namespace

void LLVM::detail::addFolders(LLVMDialect *dialect) {
  ods::attachFolder(*dialect, BitcastOp::getOperationName(), foldBitcast);
  ods::attachFolder(*dialect, AddrSpaceCastOp::getOperationName(), foldAddrSpaceCast);
}
