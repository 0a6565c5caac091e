//===- XeVMDialect.cpp - The xevm dialect ---------------------------------===//
//
// The dialect class and the op verifiers of MLIR's
// XeVMDialect.cpp. Partial: the 2D block load/store/prefetch verifiers
// (tile and block size rules) accept every op.
//
#include "lamina/Dialect/LLVMIR/XeVMDialect.h"

#include "lamina/Dialect/GPU/GPUOps.gen.h"
#include "lamina/IR/Diagnostics.h"


using namespace lamina;
using namespace lamina::xevm;

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// MLIR's verify1DBlockArg: the vector sizes a 1D block load/store moves.
static LogicalResult verify1DBlockArg(Operation *op, Type type) {
  auto vTy = dyn_cast<VectorType>(type);
  if (!vTy)
    return success();
  int64_t n = vTy.getNumElements();
  if (vTy.getElementType().getIntOrFloatBitWidth() / 8 == 1) {
    if (n == 2 || n == 4 || n == 8 || n == 16)
      return success();
    return op->emitOpError("vector size must be 2, 4, 8 or 16 for 8-bit element type");
  }
  if (n == 2 || n == 4 || n == 8)
    return success();
  return op->emitOpError("vector size must be 2, 4 or 8 for element type > 8 bits");
}

LogicalResult BlockLoadOp::verify() { return verify1DBlockArg(getOperation(), getRes().getType()); }
LogicalResult BlockStoreOp::verify() { return verify1DBlockArg(getOperation(), getVal().getType()); }

LogicalResult MMAOp::verify() {
  if (getC() && getD().getType() != getC().getType())
    return emitOpError("type of C operand must match result type");
  return success();
}

LogicalResult BlockLoad2dOp::verify() { return success(); }
LogicalResult BlockStore2dOp::verify() { return success(); }
LogicalResult BlockPrefetch2dOp::verify() { return success(); }

/// mlir-opt 22 accepts any #xevm.target parameters (`O = 5`, an empty
/// triple): nothing is checked here either.
LogicalResult XeVMTargetAttr::verify(function_ref<InFlightDiagnostic()>, int, std::string_view, std::string_view,
                                     DictionaryAttr, ArrayAttr) {
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

XeVMDialect::XeVMDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<XeVMDialect>()) {
  registerGenerated();
  // The gpu::TargetAttrInterface mlir-opt attaches to #xevm.target.
  auto &target = const_cast<AbstractAttribute &>(AbstractAttribute::lookup(TypeID::get<XeVMTargetAttr>(), ctx));
  gpu::TargetAttrInterface::Trait<XeVMTargetAttr>::attachInterface(target.interfaces);
}

XeVMDialect::~XeVMDialect() = default;

Attribute XeVMDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void XeVMDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
