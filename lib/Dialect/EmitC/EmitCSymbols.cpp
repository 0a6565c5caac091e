//===- EmitCSymbols.cpp - emitc's functions, globals and classes ----------===//
//
// As mlir/lib/Dialect/EmitC/IR/EmitC.cpp: emitc.func's and emitc.include's
// syntax, the type-and-initial-value directives of emitc.global and
// emitc.field, the verifiers of func, return, global and field and the
// symbol checks of call, declare_func, get_global and get_field.
//
#include "lamina/Dialect/EmitC/EmitCDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionImplementation.h"

using namespace lamina;
using namespace lamina::emitc;

/// The function type of a function op (null if malformed).
static FunctionType functionTypeOf(TypeAttr attr) {
  return attr ? dyn_cast<FunctionType>(attr.getValue()) : FunctionType();
}

//===----------------------------------------------------------------------===//
// emitc.func, emitc.return, emitc.call, emitc.declare_func
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, getOperation(), /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

LogicalResult FuncOp::verify() {
  FunctionType fnType = functionTypeOf(getFunctionTypeAttr());
  if (!fnType)
    return success();
  for (Type t : fnType.getInputs())
    if (isa<LValueType>(t))
      return emitOpError("cannot have lvalue type as argument");
  if (fnType.getNumResults() > 1)
    return emitOpError("requires zero or exactly one result, but has ") << fnType.getNumResults();
  if (fnType.getNumResults() == 1 && isa<ArrayType>(fnType.getResult(0)))
    return emitOpError("cannot return array type");
  return success();
}

LogicalResult ReturnOp::verify() {
  Operation *op = getOperation();
  auto function = dyn_cast_or_null<FuncOp>(op->getParentOp());
  if (!function)
    return success();
  FunctionType fnType = functionTypeOf(function.getFunctionTypeAttr());
  if (!fnType)
    return success();
  std::string_view name = function.getSymNameAttr() ? function.getSymNameAttr().getValue() : std::string_view();
  if (op->getNumOperands() != fnType.getNumResults())
    return emitOpError("has ") << op->getNumOperands() << " operands, but enclosing function (@" << name
                               << ") returns " << fnType.getNumResults();
  if (fnType.getNumResults() == 1 && op->getOperand(0).getType() != fnType.getResult(0))
    return op->emitError() << "type of the return operand (" << op->getOperand(0).getType()
                           << ") doesn't match function result type (" << fnType.getResult(0) << ")"
                           << " in function @" << name;
  return success();
}

LogicalResult CallOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr fnAttr = CallOp(op).getCalleeAttr();
  if (!fnAttr)
    return op->emitOpError("requires a 'callee' symbol reference attribute");
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(op, fnAttr);
  if (!fn)
    return op->emitOpError() << "'" << fnAttr.getValue() << "' does not reference a valid function";
  FunctionType fnType = functionTypeOf(fn.getFunctionTypeAttr());
  if (!fnType)
    return success();
  if (fnType.getNumInputs() != op->getNumOperands())
    return op->emitOpError("incorrect number of operands for callee");
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (op->getOperand(i).getType() != fnType.getInput(i))
      return op->emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInput(i) << ", but provided " << op->getOperand(i).getType() << " for operand number "
             << i;
  if (fnType.getNumResults() != op->getNumResults())
    return op->emitOpError("incorrect number of results for callee");
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (op->getResult(i).getType() != fnType.getResult(i)) {
      InFlightDiagnostic diag = op->emitOpError("result type mismatch at index ") << i;
      Diagnostic &opNote = diag.attachNote();
      opNote << "      op result types: ";
      for (unsigned j = 0; j < op->getNumResults(); ++j)
        opNote << (j ? ", " : "") << op->getResult(j).getType();
      Diagnostic &fnNote = diag.attachNote();
      fnNote << "function result types: ";
      for (unsigned j = 0; j < fnType.getNumResults(); ++j)
        fnNote << (j ? ", " : "") << fnType.getResult(j);
      return diag;
    }
  return success();
}

LogicalResult DeclareFuncOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr fnAttr = DeclareFuncOp(op).getSymNameAttr();
  if (!fnAttr)
    return op->emitOpError("requires a 'sym_name' symbol reference attribute");
  if (!symbolTable.lookupNearestSymbolFrom<FuncOp>(op, fnAttr))
    return op->emitOpError() << "'" << fnAttr.getValue() << "' does not reference a valid function";
  return success();
}

//===----------------------------------------------------------------------===//
// emitc.include
//===----------------------------------------------------------------------===//

ParseResult IncludeOp::parse(OpAsmParser &parser, OperationState &result) {
  bool standardInclude = succeeded(parser.parseOptionalLess());
  StringAttr include;
  std::optional<ParseResult> parsed = parser.parseOptionalAttribute(include);
  if (!parsed.has_value())
    return parser.emitError(parser.getNameLoc()) << "expected string attribute";
  if (failed(*parsed))
    return failure();
  result.addAttribute("include", include);
  if (standardInclude && failed(parser.parseOptionalGreater()))
    return parser.emitError(parser.getNameLoc()) << "expected trailing '>' for standard include";
  if (standardInclude)
    result.addAttribute("is_standard_include", lamina::UnitAttr::get(parser.getContext()));
  return success();
}

void IncludeOp::print(OpAsmPrinter &p) {
  bool standardInclude = getIsStandardInclude();
  p << " ";
  if (standardInclude)
    p << "<";
  p << "\"" << (getIncludeAttr() ? getIncludeAttr().getValue() : std::string_view()) << "\"";
  if (standardInclude)
    p << ">";
}

//===----------------------------------------------------------------------===//
// emitc.global, emitc.field, emitc.get_global, emitc.get_field
//===----------------------------------------------------------------------===//

/// The type an array's initial value is parsed with: the tensor of its shape.
static Type getInitializerType(Type type) {
  if (auto array = dyn_cast<ArrayType>(type))
    return RankedTensorType::get(array.getShape(), array.getElementType());
  return type;
}

/// `type (= initial-value)?`.
static ParseResult parseTypeAndInitialValue(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  Type type;
  if (failed(parser.parseType(type)))
    return failure();
  *args[0]->attr = TypeAttr::get(type);
  if (failed(parser.parseOptionalEqual()))
    return success();
  Attribute initialValue;
  if (failed(parser.parseAttribute(initialValue, getInitializerType(type))))
    return failure();
  if (!isa<ElementsAttr>(initialValue) && !isa<IntegerAttr>(initialValue) && !isa<FloatAttr>(initialValue) &&
      !isa<emitc::OpaqueAttr>(initialValue))
    return parser.emitError(parser.getNameLoc())
           << "initial value should be a integer, float, elements or opaque attribute";
  *args[1]->attr = initialValue;
  return success();
}

static void printTypeAndInitialValue(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto typeAttr = dyn_cast_or_null<TypeAttr>(args[0].attr))
    p.printType(typeAttr.getValue());
  if (args[1].attr) {
    p << " = ";
    p.printAttributeWithoutType(args[1].attr);
  }
}

ods::CustomDirective emitc::getEmitCGlobalOpTypeAndInitialValueDirective() {
  return {"EmitCGlobalOpTypeAndInitialValue", parseTypeAndInitialValue, printTypeAndInitialValue, nullptr};
}

ods::CustomDirective emitc::getEmitCFieldOpTypeAndInitialValueDirective() {
  return {"EmitCFieldOpTypeAndInitialValue", parseTypeAndInitialValue, printTypeAndInitialValue, nullptr};
}

LogicalResult GlobalOp::verify() {
  Type type = getTypeAttr() ? getTypeAttr().getValue() : Type();
  if (!type)
    return success();
  if (!isSupportedEmitCType(type))
    return emitOpError("expected valid emitc type");
  if (Attribute initValue = getInitialValueAttr()) {
    if (auto elementsAttr = dyn_cast<ElementsAttr>(initValue)) {
      if (!isa<ArrayType>(type))
        return emitOpError("expected array type, but got ") << type;
      Type initType = elementsAttr.getType();
      if (initType != getInitializerType(type))
        return emitOpError("initial value expected to be of type ") << type << ", but was of type " << initType;
    } else if (auto intAttr = dyn_cast<IntegerAttr>(initValue)) {
      if (intAttr.getType() != type)
        return emitOpError("initial value expected to be of type ") << type << ", but was of type "
                                                                    << intAttr.getType();
    } else if (auto floatAttr = dyn_cast<FloatAttr>(initValue)) {
      if (floatAttr.getType() != type)
        return emitOpError("initial value expected to be of type ") << type << ", but was of type "
                                                                    << floatAttr.getType();
    } else if (!isa<emitc::OpaqueAttr>(initValue)) {
      return emitOpError("initial value should be a integer, float, elements or opaque attribute, but got ")
             << initValue;
    }
  }
  if (getStaticSpecifier() && getExternSpecifier())
    return emitOpError("cannot have both static and extern specifiers");
  return success();
}

LogicalResult GetGlobalOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr nameAttr = GetGlobalOp(op).getNameAttr();
  if (!nameAttr)
    return success();
  std::string_view name = nameAttr.getValue();
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalOp>(op, nameAttr);
  if (!global)
    return op->emitOpError("'") << name << "' does not reference a valid emitc.global";
  Type type = op->getResult(0).getType();
  Type globalType = global.getTypeAttr() ? global.getTypeAttr().getValue() : Type();
  if (isa_and_nonnull<ArrayType>(globalType)) {
    if (globalType != type)
      return op->emitOpError("on array type expects result type ")
             << type << " to match type " << globalType << " of the global @" << name;
    return success();
  }
  auto lvalueType = dyn_cast<LValueType>(type);
  if (!lvalueType)
    return op->emitOpError("on non-array type expects result type to be an lvalue type for the global @") << name;
  if (lvalueType.getValueType() != globalType)
    return op->emitOpError("on non-array type expects result inner type ")
           << lvalueType.getValueType() << " to match type " << globalType << " of the global @" << name;
  return success();
}

LogicalResult FieldOp::verify() {
  Type type = getTypeAttr() ? getTypeAttr().getValue() : Type();
  if (type && !isSupportedEmitCType(type))
    return emitOpError("expected valid emitc type");
  Operation *parentOp = getOperation()->getParentOp();
  if (!isa_and_nonnull<ClassOp>(parentOp))
    return emitOpError("field must be nested within an emitc.class operation");
  StringAttr symName = getSymNameAttr();
  if (!symName || symName.getValue().empty())
    return emitOpError("field must have a non-empty symbol name");
  return success();
}

LogicalResult GetFieldOp::verify() {
  if (!getOperation()->getParentOfType<ClassOp>())
    return emitOpError(" must be nested within an emitc.class operation");
  return success();
}

LogicalResult GetFieldOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr fieldNameAttr = GetFieldOp(op).getFieldNameAttr();
  if (!fieldNameAttr)
    return success();
  auto fieldOp = symbolTable.lookupNearestSymbolFrom<FieldOp>(op, fieldNameAttr);
  if (!fieldOp)
    return op->emitOpError("field '") << fieldNameAttr << "' not found in the class";
  Type resultType = op->getResult(0).getType();
  Type fieldType = fieldOp.getTypeAttr() ? fieldOp.getTypeAttr().getValue() : Type();
  if (fieldType != resultType)
    return op->emitOpError("result type ") << resultType << " does not match field '" << fieldNameAttr << "' type "
                                           << fieldType;
  return success();
}
