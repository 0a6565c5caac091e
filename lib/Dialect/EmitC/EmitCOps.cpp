//===- EmitCOps.cpp - What the emitc dialect's ops write by hand ----------===//
//
// As mlir/lib/Dialect/EmitC/IR/EmitC.cpp: the custom syntax of
// emitc.expression, for, if, do, func and include, the custom directives
// (global and field types with initial values, switch cases), the
// verifiers and the symbol checks of call, declare_func, get_global and
// get_field. Not checked: ExpressionOp's CExpressionInterface conditions
// (unsupported ops, side effects reachable twice, always-inline roots).
//
#include "lamina/Dialect/EmitC/EmitCDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionImplementation.h"

#include <unordered_set>

using namespace lamina;
using namespace lamina::emitc;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static Type resultType(Operation *op, unsigned i = 0) { return op->getResult(i).getType(); }

/// The initial value of a constant or variable matches its result type.
static LogicalResult verifyInitializationAttribute(Operation *op, Attribute value) {
  if (!value || isa<emitc::OpaqueAttr>(value))
    return success();
  if (isa<StringAttr>(value))
    return op->emitOpError() << "string attributes are not supported, use #emitc.opaque instead";
  Type type = resultType(op);
  if (auto lType = dyn_cast<LValueType>(type))
    type = lType.getValueType();
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed)
    return success();
  Type attrType = typed.getType();
  if (isPointerWideType(type) && attrType.isIndex())
    return success();
  if (type != attrType)
    return op->emitOpError() << "requires attribute to either be an #emitc.opaque attribute or it's type ("
                             << attrType << ") to match the op's result type (" << type << ")";
  return success();
}

static void printOperandList(OpAsmPrinter &p, ValueRange values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(values[i]);
  }
}

//===----------------------------------------------------------------------===//
// Arithmetic, pointers and values
//===----------------------------------------------------------------------===//

LogicalResult AddressOfOp::verify() {
  auto referenceType = dyn_cast<LValueType>(getReference().getType());
  auto pointerType = dyn_cast<PointerType>(resultType(getOperation()));
  if (referenceType && pointerType && referenceType.getValueType() != pointerType.getPointee())
    return emitOpError("requires result to be a pointer to the type referenced by operand");
  return success();
}

LogicalResult AddOp::verify() {
  Type lhsType = getLhs().getType();
  Type rhsType = getRhs().getType();
  if (isa<PointerType>(lhsType) && isa<PointerType>(rhsType))
    return emitOpError("requires that at most one operand is a pointer");
  auto intOrOpaque = [](Type t) { return isa<IntegerType>(t) || isa<emitc::OpaqueType>(t); };
  if ((isa<PointerType>(lhsType) && !intOrOpaque(rhsType)) || (isa<PointerType>(rhsType) && !intOrOpaque(lhsType)))
    return emitOpError("requires that one operand is an integer or of opaque type if the other is a pointer");
  return success();
}

LogicalResult SubOp::verify() {
  Type lhsType = getLhs().getType();
  Type rhsType = getRhs().getType();
  Type type = resultType(getOperation());
  if (isa<PointerType>(rhsType) && !isa<PointerType>(lhsType))
    return emitOpError("rhs can only be a pointer if lhs is a pointer");
  if (isa<PointerType>(lhsType) && !isa<IntegerType>(rhsType) && !isa<emitc::OpaqueType>(rhsType) &&
      !isa<PointerType>(rhsType))
    return emitOpError("requires that rhs is an integer, pointer or of opaque type if lhs is a pointer");
  if (isa<PointerType>(lhsType) && isa<PointerType>(rhsType) && !isa<IntegerType>(type) &&
      !isa<PtrDiffTType>(type) && !isa<emitc::OpaqueType>(type))
    return emitOpError("requires that the result is an integer, ptrdiff_t or of opaque type if lhs and rhs are "
                       "pointers");
  return success();
}

LogicalResult ApplyOp::verify() {
  std::string_view op = getApplicableOperatorAttr() ? getApplicableOperatorAttr().getValue() : std::string_view();
  if (op.empty())
    return emitOpError("applicable operator must not be empty");
  if (op != "&" && op != "*")
    return emitOpError("applicable operator is illegal");
  Type operandType = getOperand().getType();
  Type type = resultType(getOperation());
  if (op == "&") {
    if (!isa<LValueType>(operandType))
      return emitOpError("operand type must be an lvalue when applying `&`");
    if (!isa<PointerType>(type))
      return emitOpError("result type must be a pointer when applying `&`");
  } else if (!isa<PointerType>(operandType)) {
    return emitOpError("operand type must be a pointer when applying `*`");
  }
  return success();
}

LogicalResult AssignOp::verify() {
  Value variable = getVar();
  if (!variable.getDefiningOp())
    return emitOpError() << "cannot assign to block argument";
  Type valueType = getValue().getType();
  auto lvalue = dyn_cast<LValueType>(variable.getType());
  if (!lvalue)
    return success();
  Type variableType = lvalue.getValueType();
  if (variableType != valueType) {
    InFlightDiagnostic diag = emitOpError();
    diag << "requires value's type (" << valueType << ") to match variable's type (" << variableType
         << ")\n  variable: ";
    std::string text;
    {
      raw_string_ostream os(text);
      variable.print(os);
      os << "\n  value: ";
      getValue().print(os);
      os << "\n";
    }
    diag << text;
    return diag;
  }
  return success();
}

bool CastOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (inputs.empty() || outputs.empty())
    return false;
  Type input = inputs.front(), output = outputs.front();
  if (auto arrayType = dyn_cast<ArrayType>(input)) {
    if (auto pointerType = dyn_cast<PointerType>(output))
      return arrayType.getElementType() == pointerType.getPointee() && arrayType.getShape().size() == 1 &&
             arrayType.getShape()[0] >= 1;
    return false;
  }
  auto castable = [](Type t) {
    return isIntegerIndexOrOpaqueType(t) || isSupportedFloatType(t) || isa<PointerType>(t);
  };
  return castable(input) && castable(output);
}

LogicalResult CallOpaqueOp::verify() {
  Operation *op = getOperation();
  std::string_view callee = getCalleeAttr() ? getCalleeAttr().getValue() : std::string_view();
  if (callee.empty())
    return emitOpError("callee must not be empty");
  if (ArrayAttr args = getArgsAttr()) {
    for (Attribute arg : args) {
      auto intAttr = dyn_cast<IntegerAttr>(arg);
      if (intAttr && isa<IndexType>(intAttr.getType())) {
        int64_t index = intAttr.getInt();
        if (index < 0 || index >= int64_t(op->getNumOperands()))
          return emitOpError("index argument is out of range");
      } else if (isa<ArrayAttr>(arg)) {
        return emitOpError("array argument has no type");
      }
    }
  }
  if (ArrayAttr templateArgs = getTemplateArgsAttr())
    for (Attribute tArg : templateArgs)
      if (!isa<TypeAttr>(tArg) && !isa<IntegerAttr>(tArg) && !isa<FloatAttr>(tArg) && !isa<emitc::OpaqueAttr>(tArg))
        return emitOpError("template argument has invalid type");
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (isa<ArrayType>(resultType(op, i)))
      return emitOpError() << "cannot return array type";
  return success();
}

LogicalResult ConstantOp::verify() {
  Attribute value = getValueAttr();
  if (failed(verifyInitializationAttribute(getOperation(), value)))
    return failure();
  if (auto opaqueValue = dyn_cast_or_null<emitc::OpaqueAttr>(value))
    if (opaqueValue.getValue().empty())
      return emitOpError() << "value must not be empty";
  return success();
}

LogicalResult VariableOp::verify() { return verifyInitializationAttribute(getOperation(), getValueAttr()); }

LogicalResult DereferenceOp::verify() {
  auto pointerType = dyn_cast<PointerType>(getPointer().getType());
  auto lvalue = dyn_cast<LValueType>(resultType(getOperation()));
  if (pointerType && lvalue && pointerType.getPointee() != lvalue.getValueType())
    return emitOpError("requires result to be an lvalue of the type pointed to by operand");
  return success();
}

LogicalResult LiteralOp::verify() {
  if (!getValueAttr() || getValueAttr().getValue().empty())
    return emitOpError() << "value must not be empty";
  return success();
}

LogicalResult SubscriptOp::verify() {
  Type valueType = getValue().getType();
  OperandRange indices = getIndices();
  auto lvalue = dyn_cast<LValueType>(resultType(getOperation()));
  Type type = lvalue ? lvalue.getValueType() : resultType(getOperation());
  if (auto arrayType = dyn_cast<ArrayType>(valueType)) {
    size_t rank = arrayType.getShape().size();
    if (indices.size() != rank)
      return emitOpError() << "on array operand requires number of indices (" << indices.size()
                           << ") to match the rank of the array type (" << rank << ")";
    for (unsigned i = 0, e = indices.size(); i != e; ++i) {
      Type t = indices[i].getType();
      if (!isIntegerIndexOrOpaqueType(t))
        return emitOpError() << "on array operand requires index operand " << i << " to be integer-like, but got "
                             << t;
    }
    Type elementType = arrayType.getElementType();
    if (elementType != type)
      return emitOpError() << "on array operand requires element type (" << elementType << ") and result type ("
                           << type << ") to match";
    return success();
  }
  if (auto pointerType = dyn_cast<PointerType>(valueType)) {
    if (indices.size() != 1)
      return emitOpError() << "on pointer operand requires one index operand, but got " << indices.size();
    Type t = indices[0].getType();
    if (!isIntegerIndexOrOpaqueType(t))
      return emitOpError() << "on pointer operand requires index operand to be integer-like, but got " << t;
    Type pointeeType = pointerType.getPointee();
    if (pointeeType != type)
      return emitOpError() << "on pointer operand requires pointee type (" << pointeeType << ") and result type ("
                           << type << ") to match";
  }
  return success();
}

LogicalResult VerbatimOp::verify() {
  std::string_view fmt = getValueAttr() ? getValueAttr().getValue() : std::string_view();
  OperandRange args = getFmtArgs();
  if (args.empty())
    return success();
  size_t placeholders = 0;
  while (!fmt.empty()) {
    size_t idx = fmt.find('{');
    if (idx == std::string_view::npos)
      break;
    fmt.remove_prefix(idx);
    if (fmt.size() < 2)
      return emitOpError() << "expected '}' after unescaped '{' at end of string";
    if (fmt[1] == '{') {
      fmt.remove_prefix(2);
      continue;
    }
    if (fmt[1] == '}') {
      ++placeholders;
      fmt.remove_prefix(2);
      continue;
    }
    return emitOpError() << "expected '}' after unescaped '{'";
  }
  if (placeholders != args.size())
    return emitOpError() << "requires operands for each placeholder in the format string";
  return success();
}

LogicalResult YieldOp::verify() {
  Operation *op = getOperation();
  Operation *containingOp = op->getParentOp();
  Value result = op->getNumOperands() ? op->getOperand(0) : Value();
  bool inDo = isa_and_nonnull<DoOp>(containingOp);
  if (!containingOp)
    return success();
  if (!inDo && result && containingOp->getNumResults() != 1)
    return emitOpError() << "yields a value not returned by parent";
  if (!inDo && !result && containingOp->getNumResults() != 0)
    return emitOpError() << "does not yield a value to be returned by parent";
  if (result && isa<LValueType>(result.getType()) && !isa<ExpressionOp>(containingOp))
    return emitOpError() << "yielding lvalues is not supported for this op";
  return success();
}

//===----------------------------------------------------------------------===//
// emitc.expression
//===----------------------------------------------------------------------===//

ParseResult ExpressionOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  if (failed(parser.parseOperandList(operands)))
    return parser.emitError(parser.getCurrentLocation()) << "expected operands";
  if (succeeded(parser.parseOptionalKeyword("noinline")))
    result.addAttribute("do_not_inline", lamina::UnitAttr::get(parser.getContext()));
  Type type;
  if (failed(parser.parseColonType(type)))
    return parser.emitError(parser.getCurrentLocation(), "expected function type");
  auto fnType = dyn_cast<FunctionType>(type);
  if (!fnType)
    return parser.emitError(parser.getCurrentLocation(), "expected function type");
  if (failed(parser.resolveOperands(ArrayRef<OpAsmParser::UnresolvedOperand>(operands.data(), operands.size()),
                                    TypeRange(fnType.getInputs()), parser.getCurrentLocation(), result.operands)))
    return failure();
  if (fnType.getNumResults() != 1)
    return parser.emitError(parser.getCurrentLocation(), "expected single return type");
  result.addTypes(fnType.getResults());
  Region *body = result.addRegion();
  std::unordered_set<const void *> unique;
  for (Value v : result.operands)
    unique.insert(v.getAsOpaquePointer());
  bool enableNameShadowing = unique.size() == result.operands.size();
  std::vector<OpAsmParser::Argument> argsInfo;
  if (enableNameShadowing) {
    for (size_t i = 0; i < operands.size(); ++i) {
      OpAsmParser::Argument arg;
      arg.ssaName = operands[i];
      arg.type = fnType.getInput(unsigned(i));
      argsInfo.push_back(arg);
    }
  }
  SMLoc beforeRegionLoc = parser.getCurrentLocation();
  if (failed(parser.parseRegion(*body, argsInfo, enableNameShadowing)))
    return failure();
  if (!enableNameShadowing && (body->empty() || body->front().getNumArguments() < result.operands.size()))
    return parser.emitError(beforeRegionLoc, "with recurring operands expected block arguments");
  return success();
}

void ExpressionOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  OperandRange operands = getDefs();
  printOperandList(p, operands);
  // As MLIR 22's printer: `noinline` is not printed (the custom form loses it).
  p << " : ";
  p.printFunctionalType(op);
  std::unordered_set<const void *> unique;
  for (Value v : operands)
    unique.insert(v.getAsOpaquePointer());
  bool printEntryBlockArgs = true;
  if (unique.size() == operands.size()) {
    p.shadowRegionArgs(getRegion(), operands);
    printEntryBlockArgs = false;
  }
  p << ' ';
  p.printRegion(getRegion(), printEntryBlockArgs);
}

LogicalResult ExpressionOp::verify() {
  Operation *op = getOperation();
  Type type = resultType(op);
  Region &region = getRegion();
  if (region.empty())
    return success();
  Block &body = region.front();
  if (!body.mightHaveTerminator())
    return emitOpError("must yield a value at termination");
  Operation *yield = body.getTerminator();
  Value yieldResult = yield->getNumOperands() ? yield->getOperand(0) : Value();
  if (!yieldResult)
    return emitOpError("must yield a value at termination");
  Operation *rootOp = yieldResult.getDefiningOp();
  if (!rootOp)
    return emitOpError("yielded value has no defining op");
  if (rootOp->getParentOp() != op)
    return emitOpError("yielded value not defined within expression");
  if (type != yieldResult.getType())
    return emitOpError("requires yielded type to match return type");
  for (Operation &inner : body) {
    if (&inner == yield)
      break;
    if (inner.getNumResults() != 1)
      return emitOpError("requires exactly one result for each operation");
    if (inner.getResult(0).use_empty())
      return emitOpError("contains an unused operation");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow: for, if, do, switch
//===----------------------------------------------------------------------===//

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument inductionVariable;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  if (failed(parser.parseOperand(inductionVariable.ssaName)) || failed(parser.parseEqual()) ||
      failed(parser.parseOperand(lb)) || failed(parser.parseKeyword("to")) || failed(parser.parseOperand(ub)) ||
      failed(parser.parseKeyword("step")) || failed(parser.parseOperand(step)))
    return failure();
  Type type;
  if (failed(parser.parseOptionalColon()))
    type = IndexType::get(parser.getContext());
  else if (failed(parser.parseType(type)))
    return failure();
  inductionVariable.type = type;
  if (failed(parser.resolveOperand(lb, type, result.operands)) ||
      failed(parser.resolveOperand(ub, type, result.operands)) ||
      failed(parser.resolveOperand(step, type, result.operands)))
    return failure();
  Region *body = result.addRegion();
  std::vector<OpAsmParser::Argument> regionArgs{inductionVariable};
  if (failed(parser.parseRegion(*body, regionArgs)))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, YieldOp::getOperationName());
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  Region &region = getRegion();
  BlockArgument iv = region.front().getArgument(0);
  p << " ";
  p.printOperand(iv);
  p << " = ";
  p.printOperand(getLowerBound());
  p << " to ";
  p.printOperand(getUpperBound());
  p << " step ";
  p.printOperand(getStep());
  p << ' ';
  if (Type t = iv.getType(); !t.isIndex()) {
    p << " : ";
    p.printType(t);
    p << ' ';
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
  p.printOptionalAttrDict(op->getAttrs());
}

LogicalResult ForOp::verifyRegions() {
  Region &region = getRegion();
  if (region.empty() || region.front().getNumArguments() != 1)
    return emitOpError("expected body to have a single block argument for the induction variable");
  if (region.front().getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("expected induction variable to be same type as bounds and step");
  return success();
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  OpAsmParser::UnresolvedOperand cond;
  if (failed(parser.parseOperand(cond)) ||
      failed(parser.resolveOperand(cond, IntegerType::get(parser.getContext(), 1), result.operands)))
    return failure();
  if (failed(parser.parseRegion(*thenRegion, {})))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*thenRegion, result.location, YieldOp::getOperationName());
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (failed(parser.parseRegion(*elseRegion, {})))
      return failure();
    OpTrait::impl::ensureImplicitTerminator(*elseRegion, result.location, YieldOp::getOperationName());
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOperand(getCondition());
  p << ' ';
  p.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
  Region &elseRegion = getElseRegion();
  if (!elseRegion.empty()) {
    p << " else ";
    p.printRegion(elseRegion, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
  }
  p.printOptionalAttrDict(getOperation()->getAttrs());
}

void IfOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(getOperation()));
    return;
  }
  regions.push_back(RegionSuccessor(&getThenRegion()));
  if (getElseRegion().empty())
    regions.push_back(RegionSuccessor::parent(getOperation()));
  else
    regions.push_back(RegionSuccessor(&getElseRegion()));
}

void IfOp::getEntrySuccessorRegions(ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) {
  auto boolAttr = operands.empty() ? BoolAttr() : dyn_cast_or_null<BoolAttr>(operands[0]);
  if (!boolAttr || boolAttr.getValue())
    regions.push_back(RegionSuccessor(&getThenRegion()));
  if (!boolAttr || !boolAttr.getValue()) {
    if (!getElseRegion().empty())
      regions.push_back(RegionSuccessor(&getElseRegion()));
    else
      regions.push_back(RegionSuccessor::parent(getOperation()));
  }
}

void IfOp::getRegionInvocationBounds(ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  if (auto cond = operands.empty() ? BoolAttr() : dyn_cast_or_null<BoolAttr>(operands[0])) {
    bounds.push_back(InvocationBounds(0, cond.getValue() ? 1 : 0));
    bounds.push_back(InvocationBounds(0, cond.getValue() ? 0 : 1));
    return;
  }
  bounds.assign(2, InvocationBounds(0, 1));
}

ParseResult DoOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *bodyRegion = result.addRegion();
  Region *condRegion = result.addRegion();
  if (failed(parser.parseRegion(*bodyRegion, {})) || failed(parser.parseKeyword("while")) ||
      failed(parser.parseRegion(*condRegion, {})))
    return failure();
  if (bodyRegion->empty())
    bodyRegion->emplaceBlock();
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void DoOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printRegion(getBodyRegion(), /*printEntryBlockArgs=*/false);
  p << " while ";
  p.printRegion(getConditionRegion());
  p.printOptionalAttrDictWithKeyword(getOperation()->getAttrs());
}

LogicalResult DoOp::verify() {
  if (getConditionRegion().empty() || getBodyRegion().empty())
    return success();
  Block &condBlock = getConditionRegion().front();
  size_t numOps = 0;
  for (Operation &op : condBlock) {
    (void)op;
    ++numOps;
  }
  if (numOps != 2)
    return emitOpError("condition region must contain exactly two operations: 'emitc.expression' followed by "
                       "'emitc.yield', but found ")
           << numOps << " operations";
  Operation &first = condBlock.front();
  auto exprOp = dyn_cast<ExpressionOp>(&first);
  if (!exprOp)
    return emitOpError("expected first op in condition region to be 'emitc.expression', but got ")
           << first.getName().getStringRef();
  if (!first.getResult(0).getType().isInteger(1))
    return emitOpError("emitc.expression in condition region must return 'i1', but returns ")
           << first.getResult(0).getType();
  Operation &last = condBlock.back();
  if (!isa<YieldOp>(&last))
    return emitOpError("expected last op in condition region to be 'emitc.yield', but got ")
           << last.getName().getStringRef();
  if (last.getNumOperands() != 1)
    return emitOpError("expected condition region to return 1 value, but it returns ")
           << last.getNumOperands() << " values";
  if (last.getOperand(0) != first.getResult(0))
    return emitError("'emitc.yield' must return result of 'emitc.expression' from this condition region");
  if (getBodyRegion().front().mightHaveTerminator())
    return emitOpError("body region must not contain terminator");
  return success();
}

/// `case 1 { ... }` per case region.
static ParseResult parseSwitchCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::vector<int64_t> caseValues;
  while (succeeded(parser.parseOptionalKeyword("case"))) {
    int64_t value;
    auto region = std::make_unique<Region>();
    if (failed(parser.parseInteger(value)) || failed(parser.parseRegion(*region, {})))
      return failure();
    args[1]->regions->push_back(std::move(region));
    caseValues.push_back(value);
  }
  *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), ArrayRef<int64_t>(caseValues.data(), caseValues.size()));
  return success();
}

static void printSwitchCases(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto cases = dyn_cast_or_null<DenseI64ArrayAttr>(args[0].attr);
  if (!cases)
    return;
  ArrayRef<int64_t> values = cases.asArrayRef();
  const std::vector<Region *> &regions = args[1].regions;
  for (size_t i = 0; i < values.size() && i < regions.size(); ++i) {
    p.printNewline();
    p << "case " << values[i] << ' ';
    p.printRegion(*regions[i], /*printEntryBlockArgs=*/false);
  }
}

ods::CustomDirective emitc::getSwitchCasesDirective() {
  return {"SwitchCases", parseSwitchCases, printSwitchCases, nullptr};
}

static LogicalResult verifySwitchRegion(SwitchOp op, Region &region, const std::string &name) {
  if (region.empty() || region.front().empty())
    return success();
  Operation &last = region.front().back();
  if (!isa<YieldOp>(&last))
    return op.emitOpError("expected region to end with emitc.yield, but got ") << last.getName().getStringRef();
  if (last.getNumOperands() != 0) {
    InFlightDiagnostic diag = op.emitOpError("expected each region to return ");
    diag << "0 values, but " << name << " returns " << last.getNumOperands();
    diag.attachNote(last.getLoc()) << "see yield operation here";
    return diag;
  }
  return success();
}

LogicalResult SwitchOp::verify() {
  Operation *op = getOperation();
  if (!isIntegerIndexOrOpaqueType(getArg().getType()))
    return emitOpError("unsupported type ") << getArg().getType();
  size_t numCaseRegions = op->getNumRegions() - 1;
  ArrayRef<int64_t> cases = getCases();
  if (cases.size() != numCaseRegions)
    return emitOpError("has ") << numCaseRegions << " case regions but " << cases.size() << " case values";
  std::unordered_set<int64_t> seen;
  for (int64_t value : cases)
    if (!seen.insert(value).second)
      return emitOpError("has duplicate case value: ") << value;
  if (failed(verifySwitchRegion(*this, getDefaultRegion(), "default region")))
    return failure();
  for (size_t i = 0; i < numCaseRegions; ++i)
    if (failed(verifySwitchRegion(*this, op->getRegion(unsigned(i + 1)), "case region #" + std::to_string(i))))
      return failure();
  return success();
}

void SwitchOp::getSuccessorRegions(RegionBranchPoint, SmallVectorImpl<RegionSuccessor> &regions) {
  for (Region &r : getOperation()->getRegions())
    regions.push_back(RegionSuccessor(&r));
}

void SwitchOp::getEntrySuccessorRegions(ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) {
  auto arg = operands.empty() ? IntegerAttr() : dyn_cast_or_null<IntegerAttr>(operands[0]);
  if (!arg) {
    getSuccessorRegions(RegionBranchPoint::parent(), regions);
    return;
  }
  ArrayRef<int64_t> cases = getCases();
  for (size_t i = 0; i < cases.size(); ++i)
    if (cases[i] == arg.getInt()) {
      regions.push_back(RegionSuccessor(&getOperation()->getRegion(unsigned(i + 1))));
      return;
    }
  regions.push_back(RegionSuccessor(&getDefaultRegion()));
}

void SwitchOp::getRegionInvocationBounds(ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  unsigned numRegions = getOperation()->getNumRegions();
  auto value = operands.empty() ? IntegerAttr() : dyn_cast_or_null<IntegerAttr>(operands[0]);
  if (!value) {
    for (unsigned i = 0; i < numRegions; ++i)
      bounds.push_back(InvocationBounds(0, 1));
    return;
  }
  // MLIR indexes regions by case position: the default (region 0) when no
  // case matches is numbered last.
  ArrayRef<int64_t> cases = getCases();
  unsigned liveIndex = numRegions - 1;
  for (size_t i = 0; i < cases.size(); ++i)
    if (cases[i] == value.getInt()) {
      liveIndex = unsigned(i);
      break;
    }
  for (unsigned i = 0; i < numRegions; ++i)
    bounds.push_back(InvocationBounds(0, i == liveIndex ? 1 : 0));
}
