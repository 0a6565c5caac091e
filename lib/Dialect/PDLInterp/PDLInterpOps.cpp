//===- PDLInterpOps.cpp - What the pdl_interp dialect writes by hand ------===//
//
// As mlir/lib/Dialect/PDLInterp/IR/PDLInterp.cpp: the syntax of
// pdl_interp.foreach and pdl_interp.func, the custom directives
// (CreateOperationOpAttributes, CreateOperationOpResults, RangeType) and the
// verifiers (create_operation, create_range, foreach, the switches).
//
#include "lamina/Dialect/PDLInterp/PDLInterpDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/InferTypeOpInterface.h"

using namespace lamina;
using namespace lamina::pdl_interp;

PDLInterpDialect::PDLInterpDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<PDLInterpDialect>()) {
  registerGenerated();
}

PDLInterpDialect::~PDLInterpDialect() = default;

Type pdl_interp::getGetValueTypeOpValueType(Type type) {
  Type valueTy = pdl::ValueType::get(type.getContext());
  return isa<pdl::RangeType>(type) ? Type(pdl::RangeType::get(type.getContext(), valueTy)) : valueTy;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// As many case destinations (the successors after the default) as case
/// values (the op's first property: an array or dense elements).
static LogicalResult verifySwitchOp(Operation *op) {
  size_t numDests = op->getNumSuccessors() ? op->getNumSuccessors() - 1 : 0;
  size_t numValues = 0;
  Attribute values = op->getPropertySlots()[0];
  if (auto array = dyn_cast_or_null<ArrayAttr>(values))
    numValues = array.size();
  else if (auto dense = dyn_cast_or_null<DenseElementsAttr>(values))
    numValues = size_t(dense.getNumElements());
  if (numDests != numValues)
    return op->emitOpError("expected number of cases to match the number of case values, got ")
           << numDests << " but expected " << numValues;
  return success();
}

LogicalResult SwitchAttributeOp::verify() { return verifySwitchOp(getOperation()); }
LogicalResult SwitchOperandCountOp::verify() { return verifySwitchOp(getOperation()); }
LogicalResult SwitchOperationNameOp::verify() { return verifySwitchOp(getOperation()); }
LogicalResult SwitchResultCountOp::verify() { return verifySwitchOp(getOperation()); }
LogicalResult SwitchTypeOp::verify() { return verifySwitchOp(getOperation()); }
LogicalResult SwitchTypesOp::verify() { return verifySwitchOp(getOperation()); }

LogicalResult CreateOperationOp::verify() {
  if (!getInferredResultTypes())
    return success();
  if (!getInputResultTypes().empty())
    return emitOpError("with inferred results cannot also have explicit result types");
  std::string_view name = getNameAttr() ? getNameAttr().getValue() : std::string_view();
  OperationName opName(name, getOperation()->getContext());
  if (!opName.hasInterface<InferTypeOpInterface>())
    return emitOpError() << "has inferred results, but the created operation '" << name
                         << "' does not support result type inference (or is not registered)";
  return success();
}

LogicalResult CreateRangeOp::verify() {
  Operation *op = getOperation();
  auto rangeType = dyn_cast<pdl::RangeType>(op->getResult(0).getType());
  if (!rangeType)
    return success();
  Type elementType = rangeType.getElementType();
  for (Value operand : getArguments()) {
    Type operandElementType = pdl::getRangeElementTypeOrSelf(operand.getType());
    if (operandElementType != elementType)
      return emitOpError("expected operand to have element type ") << elementType << ", but got "
                                                                    << operandElementType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// pdl_interp.foreach, pdl_interp.func
//===----------------------------------------------------------------------===//

ParseResult ForEachOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument loopVariable;
  OpAsmParser::UnresolvedOperand operandInfo;
  if (failed(parser.parseArgument(loopVariable, /*allowType=*/true)) ||
      failed(parser.parseKeyword("in", " after loop variable")) || failed(parser.parseOperand(operandInfo)))
    return failure();
  Type rangeType = pdl::RangeType::get(parser.getContext(), loopVariable.type);
  if (failed(parser.resolveOperand(operandInfo, rangeType, result.operands)))
    return failure();
  Region *body = result.addRegion();
  Block *successor = nullptr;
  std::vector<OpAsmParser::Argument> args{loopVariable};
  if (failed(parser.parseRegion(*body, args)) || failed(parser.parseOptionalAttrDict(result.attributes)) ||
      failed(parser.parseArrow()) || failed(parser.parseSuccessor(successor)))
    return failure();
  result.addSuccessors(successor);
  return success();
}

void ForEachOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  Region &region = getRegion();
  p << ' ';
  if (!region.empty() && region.front().getNumArguments() == 1) {
    BlockArgument arg = region.front().getArgument(0);
    p.printOperand(arg);
    p << " : ";
    p.printType(arg.getType());
  }
  p << " in ";
  p.printOperand(getValues());
  p << ' ';
  p.printRegion(region, /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDict(op->getAttrs());
  p << " -> ";
  p.printSuccessor(op->getSuccessor(0));
}

LogicalResult ForEachOp::verify() {
  Region &region = getRegion();
  if (region.empty() || region.front().getNumArguments() != 1)
    return emitOpError("requires exactly one argument");
  Type argType = region.front().getArgument(0).getType();
  Type rangeType = pdl::RangeType::get(argType.getContext(), argType);
  if (rangeType != getValues().getType())
    return emitOpError("operand must be a range of loop variable type");
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, getOperation(), /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `{"name" = %value, ...}` (nothing when there is no attribute).
static ParseResult parseCreateOperationOpAttributes(OpAsmParser &p, OperationState &,
                                                    ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &attrOperands = *args[0]->operands;
  SmallVector<Attribute, 4> attrNames;
  if (succeeded(p.parseOptionalLBrace())) {
    auto parseOperands = [&]() -> ParseResult {
      StringAttr nameAttr;
      OpAsmParser::UnresolvedOperand operand;
      if (failed(p.parseAttribute(nameAttr)) || failed(p.parseEqual()) || failed(p.parseOperand(operand)))
        return failure();
      attrNames.push_back(nameAttr);
      attrOperands.push_back(operand);
      return success();
    };
    if (failed(p.parseCommaSeparatedList(parseOperands)) || failed(p.parseRBrace()))
      return failure();
  }
  *args[1]->attr = ArrayAttr::get(p.getContext(), attrNames);
  return success();
}

static void printCreateOperationOpAttributes(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange attrArgs = args[0].operands;
  auto attrNames = dyn_cast_or_null<ArrayAttr>(args[1].attr);
  if (!attrNames || attrNames.empty())
    return;
  p << " {";
  for (size_t i = 0; i < attrNames.size(); ++i) {
    if (i)
      p << ", ";
    p.printAttribute(attrNames[i]);
    p << " = ";
    if (i < attrArgs.size())
      p.printOperand(attrArgs[i]);
  }
  p << '}';
}

ods::CustomDirective pdl_interp::getCreateOperationOpAttributesDirective() {
  return {"CreateOperationOpAttributes", parseCreateOperationOpAttributes, printCreateOperationOpAttributes,
          nullptr};
}

/// `-> <inferred>`, `-> (%types : !pdl.type, ...)`, or nothing.
static ParseResult parseCreateOperationOpResults(OpAsmParser &p, OperationState &,
                                                 ArrayRef<ods::CustomParseArg *> args) {
  if (failed(p.parseOptionalArrow()))
    return success();
  if (succeeded(p.parseOptionalLess())) {
    if (failed(p.parseKeyword("inferred")) || failed(p.parseGreater()))
      return failure();
    *args[2]->attr = lamina::UnitAttr::get(p.getContext());
    return success();
  }
  return failure(failed(p.parseLParen()) || failed(p.parseOperandList(*args[0]->operands)) ||
                 failed(p.parseColonTypeList(*args[1]->types)) || failed(p.parseRParen()));
}

static void printCreateOperationOpResults(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[2].attr) {
    p << " -> <inferred>";
    return;
  }
  if (args[1].types.empty())
    return;
  p << " -> (";
  for (size_t i = 0; i < args[0].operands.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(args[0].operands[i]);
  }
  p << " : ";
  for (size_t i = 0; i < args[1].types.size(); ++i) {
    if (i)
      p << ", ";
    p.printType(args[1].types[i]);
  }
  p << ")";
}

ods::CustomDirective pdl_interp::getCreateOperationOpResultsDirective() {
  return {"CreateOperationOpResults", parseCreateOperationOpResults, printCreateOperationOpResults, nullptr};
}

/// The result type of a range: inferred from the arguments, else `: type`.
static ParseResult parseRangeType(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<Type> &argumentTypes = *args[0]->types;
  if (!argumentTypes.empty()) {
    Type element = pdl::getRangeElementTypeOrSelf(argumentTypes[0]);
    args[1]->types->push_back(pdl::RangeType::get(element.getContext(), element));
    return success();
  }
  Type resultType;
  if (failed(p.parseColonType(resultType)))
    return failure();
  args[1]->types->push_back(resultType);
  return success();
}

static void printRangeType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].types.empty() && !args[1].types.empty()) {
    p << ": ";
    p.printType(args[1].types[0]);
  }
}

ods::CustomDirective pdl_interp::getRangeTypeDirective() {
  return {"RangeType", parseRangeType, printRangeType, nullptr};
}
