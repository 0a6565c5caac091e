//===- ROCDLDialect.cpp - The rocdl dialect -------------------------------===//
//
// The dialect class, `rocdl.kernel` on functions, #rocdl.target and the
// syntax of the raw buffer ops (MLIR's ROCDLDialect.cpp).
//
#include "lamina/Dialect/LLVMIR/ROCDLDialect.h"

#include "lamina/Dialect/GPU/GPUOps.gen.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::ROCDL;

//===----------------------------------------------------------------------===//
// Raw buffer ops
//===----------------------------------------------------------------------===//

/// `%rsrc, %offset, %soffset, %aux : type`.
ParseResult RawBufferLoadOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> ops;
  Type type;
  if (parser.parseOperandList(ops, 4) || parser.parseColonType(type))
    return failure();
  result.addType(type);
  Type i32 = IntegerType::get(parser.getContext(), 32);
  Type types[] = {VectorType::get({4}, i32), i32, i32, i32};
  return parser.resolveOperands(ops, ArrayRef<Type>(types), parser.getNameLoc(), result.operands);
}

void RawBufferLoadOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOperands(getOperation()->getOperands());
  p << " : " << getRes().getType();
}

/// `%vdata, %rsrc, %offset, %soffset, %aux : type(vdata)`.
static ParseResult parseRawBufferStoreLike(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 5> ops;
  Type type;
  if (parser.parseOperandList(ops, 5) || parser.parseColonType(type))
    return failure();
  Type i32 = IntegerType::get(parser.getContext(), 32);
  Type types[] = {type, VectorType::get({4}, i32), i32, i32, i32};
  return parser.resolveOperands(ops, ArrayRef<Type>(types), parser.getNameLoc(), result.operands);
}

static void printRawBufferStoreLike(OpAsmPrinter &p, Operation *op) {
  p << " ";
  p.printOperands(op->getOperands());
  p << " : " << op->getOperand(0).getType();
}

ParseResult RawBufferStoreOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseRawBufferStoreLike(parser, result);
}
void RawBufferStoreOp::print(OpAsmPrinter &p) { printRawBufferStoreLike(p, getOperation()); }
ParseResult RawBufferAtomicFAddOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseRawBufferStoreLike(parser, result);
}
void RawBufferAtomicFAddOp::print(OpAsmPrinter &p) { printRawBufferStoreLike(p, getOperation()); }
ParseResult RawBufferAtomicFMaxOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseRawBufferStoreLike(parser, result);
}
void RawBufferAtomicFMaxOp::print(OpAsmPrinter &p) { printRawBufferStoreLike(p, getOperation()); }
ParseResult RawBufferAtomicSMaxOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseRawBufferStoreLike(parser, result);
}
void RawBufferAtomicSMaxOp::print(OpAsmPrinter &p) { printRawBufferStoreLike(p, getOperation()); }
ParseResult RawBufferAtomicUMinOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseRawBufferStoreLike(parser, result);
}
void RawBufferAtomicUMinOp::print(OpAsmPrinter &p) { printRawBufferStoreLike(p, getOperation()); }

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// MLIR 22 declares #rocdl.target's checks but its parser does not run them
/// (mlir-opt accepts `#rocdl.target<O = 5>`); so does Lamina.
LogicalResult ROCDLTargetAttr::verify(function_ref<InFlightDiagnostic()>, int, std::string_view, std::string_view,
                                      std::string_view, std::string_view, DictionaryAttr, ArrayAttr) {
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

ROCDLDialect::ROCDLDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ROCDLDialect>()) {
  registerGenerated();
  // The gpu::TargetAttrInterface external model mlir-opt attaches to
  // #rocdl.target (MLIR's registerROCDLTargetInterfaceExternalModels).
  auto &target = const_cast<AbstractAttribute &>(AbstractAttribute::lookup(TypeID::get<ROCDLTargetAttr>(), ctx));
  gpu::TargetAttrInterface::Trait<ROCDLTargetAttr>::attachInterface(target.interfaces);
}

ROCDLDialect::~ROCDLDialect() = default;

Attribute ROCDLDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void ROCDLDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult ROCDLDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getNameStr() == "rocdl.kernel" && !isa<LLVM::LLVMFuncOp>(op))
    return op->emitError() << "'" << Attribute(attr.getName()) << "' attribute attached to unexpected op";
  return success();
}
