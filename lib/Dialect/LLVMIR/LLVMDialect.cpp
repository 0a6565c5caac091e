//===- LLVMDialect.cpp - The llvm dialect ----------------------------------===//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::LLVM;

LLVMDialect::LLVMDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<LLVMDialect>()) {
  // The types MLIR defines without a TypeDef.
  addTypes<LLVMVoidType, LLVMTokenType, LLVMLabelType, LLVMMetadataType, LLVMStructType>();
  registerGenerated();
  LLVM::detail::addBytecodeInterface(this);
  LLVM::detail::addDataLayoutInterface(this);
  LLVM::detail::addMemorySlotInterfaces(this);
  LLVM::detail::addFolders(this);
  // As MLIR: not every LLVM operation is registered.
  allowUnknownOperations();
}

LLVMDialect::~LLVMDialect() = default;

Attribute LLVMDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void LLVMDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

/// Checks an LLVM data layout string's specifications (`e-m:e-i64:64-...`):
/// the error (without the "invalid data layout descriptor: " prefix), or
/// empty if valid.
static std::string checkDataLayoutString(std::string_view descr) {
  size_t pos = 0;
  while (pos < descr.size()) {
    size_t end = descr.find('-', pos);
    if (end == std::string_view::npos)
      end = descr.size();
    std::string_view spec = descr.substr(pos, end - pos);
    if (spec.empty())
      return "empty specification is not allowed";
    char c = spec[0];
    static constexpr std::string_view kSpecifiers = "eEmSAPGpifvaFnT";
    if (kSpecifiers.find(c) == std::string_view::npos)
      return std::string("unknown specifier '") + c + "'";
    if ((c == 'e' || c == 'E') && spec.size() != 1)
      return std::string("malformed specification, must be just '") + c + "'";
    pos = end + 1;
  }
  return "";
}

LogicalResult LLVMDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getNameStr() != "llvm.data_layout")
    return success();
  if (auto str = dyn_cast<StringAttr>(attr.getValue())) {
    std::string error = checkDataLayoutString(str.getValue());
    if (!error.empty())
      return op->emitOpError() << "invalid data layout descriptor: " << error;
    return success();
  }
  return op->emitOpError() << "expected 'llvm.data_layout' to be a string attributes";
}

/// The checks of MLIR's LLVMDialect::verifyParameterAttribute.
static LogicalResult verifyParameterAttribute(Operation *op, Type paramType, NamedAttribute paramAttr) {
  // Values of types LLVM cannot represent yet are not checked.
  bool verifyValueType = isCompatibleType(paramType);
  std::string_view name = paramAttr.getNameStr();
  StringAttr nameAttr = paramAttr.getName();
  Attribute value = paramAttr.getValue();
  auto checkUnit = [&]() -> LogicalResult {
    if (!isa<lamina::UnitAttr>(value))
      return op->emitError() << nameAttr << " should be a unit attribute";
    return success();
  };
  auto checkTypeAttr = [&]() -> LogicalResult {
    if (!isa<lamina::TypeAttr>(value))
      return op->emitError() << nameAttr << " should be a type attribute";
    return success();
  };
  auto checkIntegerAttr = [&]() -> LogicalResult {
    if (!isa<IntegerAttr>(value))
      return op->emitError() << nameAttr << " should be an integer attribute";
    return success();
  };
  auto checkPointer = [&]() -> LogicalResult {
    if (verifyValueType && !isa<LLVMPointerType>(paramType))
      return op->emitError() << nameAttr << " attribute attached to non-pointer LLVM type";
    return success();
  };
  auto checkInteger = [&]() -> LogicalResult {
    if (verifyValueType && !isa<IntegerType>(paramType))
      return op->emitError() << nameAttr << " attribute attached to non-integer LLVM type";
    return success();
  };
  auto is = [&](std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
      if (n == name)
        return true;
    return false;
  };
  if (is({"llvm.noalias", "llvm.readonly", "llvm.readnone", "llvm.writeonly", "llvm.nest", "llvm.nocapture",
          "llvm.nofree", "llvm.nonnull"}))
    return failure(failed(checkUnit()) || failed(checkPointer()));
  if (is({"llvm.sret", "llvm.byval", "llvm.byref", "llvm.elementtype", "llvm.inalloca", "llvm.preallocated"}))
    return failure(failed(checkTypeAttr()) || failed(checkPointer()));
  if (is({"llvm.signext", "llvm.zeroext"}))
    return failure(failed(checkUnit()) || failed(checkInteger()));
  if (is({"llvm.align", "llvm.dereferenceable", "llvm.dereferenceable_or_null"}))
    return failure(failed(checkIntegerAttr()) || failed(checkPointer()));
  if (is({"llvm.alignstack"}))
    return checkIntegerAttr();
  if (is({"llvm.noundef", "llvm.inreg", "llvm.returned"}))
    return checkUnit();
  return success();
}

LogicalResult LLVMDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned argIndex,
                                                    NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || argIndex >= func.getArgumentTypes().size())
    return success();
  return verifyParameterAttribute(op, func.getArgumentTypes()[argIndex], attr);
}

LogicalResult LLVMDialect::verifyRegionResultAttribute(Operation *op, unsigned, unsigned resultIndex,
                                                       NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || resultIndex >= func.getResultTypes().size())
    return success();
  Type resultType = func.getResultTypes()[resultIndex];
  if (isa<LLVMVoidType>(resultType))
    return op->emitError() << "cannot attach result attributes to functions with a void return";
  std::string_view name = attr.getNameStr();
  for (std::string_view forbidden :
       {"llvm.allocalign", "llvm.allocptr", "llvm.byval", "llvm.byref", "llvm.inalloca", "llvm.nest",
        "llvm.nocapture", "llvm.nofree", "llvm.preallocated", "llvm.readnone", "llvm.readonly", "llvm.returned",
        "llvm.alignstack", "llvm.sret", "llvm.writeonly"})
    if (name == forbidden)
      return op->emitError() << attr.getName() << " is not a valid result attribute";
  return verifyParameterAttribute(op, resultType, attr);
}
