//===- PDLOps.cpp - What the pdl dialect writes by hand -------------------===//
//
// As mlir/lib/Dialect/PDL/IR/PDL.cpp and PDLTypes.cpp: `!pdl.range<T>`, the
// custom directives (OperationOpAttributes, RangeType, ResultsValueType) and
// the verifiers: binding uses in matchers, inferable result types in
// rewrites, connected patterns.
//
#include "lamina/Dialect/PDL/PDLDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/InferTypeOpInterface.h"

#include <unordered_set>

using namespace lamina;
using namespace lamina::pdl;

//===----------------------------------------------------------------------===//
// The dialect and its types
//===----------------------------------------------------------------------===//

PDLDialect::PDLDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<PDLDialect>()) {
  registerGenerated();
}

PDLDialect::~PDLDialect() = default;

Type PDLDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void PDLDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

bool PDLType::classof(Type type) { return type.getDialect().getNamespace() == PDLDialect::getDialectNamespace(); }

Type pdl::getRangeElementTypeOrSelf(Type type) {
  if (auto range = dyn_cast<RangeType>(type))
    return range.getElementType();
  return type;
}

/// A pdl type written without its `!pdl.` prefix (inside `!pdl.range<...>`).
static Type parsePDLType(AsmParser &parser) {
  std::string_view tag;
  if (failed(parser.parseKeyword(&tag)))
    return Type();
  MLIRContext *ctx = parser.getContext();
  if (tag == "attribute")
    return AttributeType::get(ctx);
  if (tag == "operation")
    return OperationType::get(ctx);
  if (tag == "type")
    return TypeType::get(ctx);
  if (tag == "value")
    return ValueType::get(ctx);
  if (tag == "range")
    return RangeType::parse(parser);
  parser.emitError(parser.getNameLoc(), "invalid 'pdl' type: `") << tag << "'";
  return Type();
}

Type RangeType::parse(AsmParser &parser) {
  if (failed(parser.parseLess()))
    return Type();
  SMLoc elementLoc = parser.getCurrentLocation();
  Type elementType = parsePDLType(parser);
  if (!elementType || failed(parser.parseGreater()))
    return Type();
  if (isa<RangeType>(elementType)) {
    parser.emitError(elementLoc) << "element of pdl.range cannot be another range, but got" << elementType;
    return Type();
  }
  return RangeType::get(elementType.getContext(), elementType);
}

void RangeType::print(AsmPrinter &printer) const {
  printer << "<";
  Type element = getElementType();
  if (isa<AttributeType>(element))
    printer << "attribute";
  else if (isa<OperationType>(element))
    printer << "operation";
  else if (isa<TypeType>(element))
    printer << "type";
  else if (isa<ValueType>(element))
    printer << "value";
  else
    printer.printType(element);
  printer << ">";
}

LogicalResult RangeType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  if (!isa<PDLType>(elementType) || isa<RangeType>(elementType))
    return emitError() << "expected element of pdl.range to be one of [!pdl.attribute, !pdl.operation, !pdl.type, "
                          "!pdl.value], but got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// Binding uses
//===----------------------------------------------------------------------===//

/// Whether `op` is used by a binding pdl op: anything but pdl.result(s),
/// which bind only when they are themselves bound (explicit worklist).
static bool hasBindingUse(Operation *op) {
  SmallVector<Operation *, 8> worklist{op};
  std::unordered_set<Operation *> seen;
  while (!worklist.empty()) {
    Operation *cur = worklist.back();
    worklist.pop_back();
    if (!seen.insert(cur).second)
      continue;
    for (unsigned r = 0; r < cur->getNumResults(); ++r)
      for (Operation *user : cur->getResult(r).getUsers()) {
        if (!isa<ResultOp>(user) && !isa<ResultsOp>(user))
          return true;
        worklist.push_back(user);
      }
  }
  return false;
}

static LogicalResult verifyHasBindingUse(Operation *op) {
  if (!isa_and_nonnull<PatternOp>(op->getParentOp()))
    return success();
  if (hasBindingUse(op))
    return success();
  return op->emitOpError("expected a bindable user when defined in the matcher body of a `pdl.pattern`");
}

//===----------------------------------------------------------------------===//
// Op verifiers
//===----------------------------------------------------------------------===//

LogicalResult ApplyNativeConstraintOp::verify() {
  if (getOperation()->getNumOperands() == 0)
    return emitOpError("expected at least one argument");
  return success();
}

LogicalResult ApplyNativeRewriteOp::verify() {
  if (getOperation()->getNumOperands() == 0 && getOperation()->getNumResults() == 0)
    return emitOpError("expected at least one argument or result");
  return success();
}

LogicalResult AttributeOp::verify() {
  if (!getValueAttr()) {
    if (isa_and_nonnull<RewriteOp>(getOperation()->getParentOp()))
      return emitOpError("expected constant value when specified within a `pdl.rewrite`");
    return verifyHasBindingUse(getOperation());
  }
  if (getValueType())
    return emitOpError("expected only one of [`type`, `value`] to be set");
  return success();
}

LogicalResult OperandOp::verify() { return verifyHasBindingUse(getOperation()); }
LogicalResult OperandsOp::verify() { return verifyHasBindingUse(getOperation()); }

/// Whether the result types of a pdl.operation inside a pdl.rewrite can be
/// inferred (MLIR's verifyResultTypesAreInferrable).
static LogicalResult verifyResultTypesAreInferrable(OperationOp op, OperandRange resultTypes) {
  Operation *self = op.getOperation();
  Block *rewriterBlock = self->getBlock();
  for (OpOperand &use : op.getOp().getUses()) {
    auto repl = dyn_cast<ReplaceOp>(use.getOwner());
    if (!repl || use.getOperandNumber() == 0)
      continue;
    Operation *replacedOp = repl.getOpValue().getDefiningOp();
    if (replacedOp && (replacedOp->getBlock() != rewriterBlock || replacedOp->isBeforeInBlock(self)))
      return success();
  }

  if (resultTypes.empty()) {
    StringAttr rawName = op.getOpNameAttr();
    if (!rawName)
      return success();
    OperationName opName(rawName.getValue(), self->getContext());
    if (!opName.isRegistered())
      return success();
    // Lamina records no VariadicResults tag: only ops with exactly one
    // result are known to expect results.
    if (!opName.hasTrait<OpTrait::ZeroResults>() && opName.hasTrait<OpTrait::OneResult>()) {
      InFlightDiagnostic diag =
          op.emitOpError("must have inferable or constrained result types when nested within `pdl.rewrite`");
      diag.attachNote() << "operation is created in a non-inferrable context, but '" << rawName.getValue()
                        << "' does not implement InferTypeOpInterface";
      return diag;
    }
    return success();
  }

  for (unsigned i = 0; i < resultTypes.size(); ++i) {
    Operation *resultTypeOp = resultTypes[i].getDefiningOp();
    if (!resultTypeOp || isa<ApplyNativeRewriteOp>(resultTypeOp))
      continue;
    auto constrainsInput = [&](Operation *typeOp) {
      for (Operation *user : typeOp->getResult(0).getUsers())
        if (user->getBlock() != rewriterBlock &&
            (isa<OperandOp>(user) || isa<OperandsOp>(user) || isa<OperationOp>(user)))
          return true;
      return false;
    };
    if (auto typeOp = dyn_cast<TypeOp>(resultTypeOp)) {
      if (typeOp.getConstantTypeAttr() || constrainsInput(resultTypeOp))
        continue;
    } else if (auto typesOp = dyn_cast<TypesOp>(resultTypeOp)) {
      if (typesOp.getConstantTypesAttr() || constrainsInput(resultTypeOp))
        continue;
    }
    InFlightDiagnostic diag =
        op.emitOpError("must have inferable or constrained result types when nested within `pdl.rewrite`");
    diag.attachNote() << "result type #" << i << " was not constrained";
    return diag;
  }
  return success();
}

LogicalResult OperationOp::verify() {
  Operation *self = getOperation();
  bool isWithinRewrite = isa_and_nonnull<RewriteOp>(self->getParentOp());
  if (isWithinRewrite && !getOpNameAttr())
    return emitOpError("must have an operation name when nested within a `pdl.rewrite`");
  ArrayAttr attributeNames = getAttributeValueNamesAttr();
  size_t numNames = attributeNames ? attributeNames.size() : 0;
  OperandRange attributeValues = getAttributeValues();
  if (numNames != attributeValues.size())
    return emitOpError() << "expected the same number of attribute values and attribute names, got " << numNames
                         << " names and " << attributeValues.size() << " values";

  if (isWithinRewrite) {
    // mightHaveTypeInference: unregistered ops might; registered ones must
    // implement InferTypeOpInterface.
    bool mightInfer = false;
    if (StringAttr rawName = getOpNameAttr()) {
      OperationName opName(rawName.getValue(), self->getContext());
      mightInfer = !opName.isRegistered() || opName.hasInterface<InferTypeOpInterface>();
    }
    if (!mightInfer && failed(verifyResultTypesAreInferrable(*this, getTypeValues())))
      return failure();
  }
  return verifyHasBindingUse(self);
}

/// Marks the pdl.operand(s), pdl.result(s) and pdl.operation(s) connected to
/// `start` inside a pattern (MLIR's visit, with an explicit worklist).
static void visitConnected(Operation *start, std::unordered_set<Operation *> &visited) {
  SmallVector<Operation *, 16> worklist{start};
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    if (!op || !isa_and_nonnull<PatternOp>(op->getParentOp()) || isa<RewriteOp>(op))
      continue;
    if (!visited.insert(op).second)
      continue;
    if (auto operation = dyn_cast<OperationOp>(op)) {
      for (Value operand : operation.getOperandValues())
        worklist.push_back(operand.getDefiningOp());
    } else if (auto result = dyn_cast<ResultOp>(op)) {
      worklist.push_back(result.getParent().getDefiningOp());
    } else if (auto results = dyn_cast<ResultsOp>(op)) {
      worklist.push_back(results.getParent().getDefiningOp());
    }
    for (unsigned r = 0; r < op->getNumResults(); ++r)
      for (Operation *user : op->getResult(r).getUsers())
        worklist.push_back(user);
  }
}

std::string_view PatternOp::getDefaultDialect() { return PDLDialect::getDialectNamespace(); }

LogicalResult PatternOp::verifyRegions() {
  Region &body = getBodyRegion();
  if (body.empty() || body.front().empty())
    return success();
  Operation *term = &body.front().back();
  if (!isa<RewriteOp>(term)) {
    InFlightDiagnostic diag = emitOpError("expected body to terminate with `pdl.rewrite`");
    diag.attachNote(term->getLoc()) << "see terminator defined here";
    return diag;
  }

  // Every op of the body (nested ones included) is a pdl op.
  Operation *nonPDL = nullptr;
  body.walk([&](Operation *op) {
    if (!nonPDL && (!op->getDialect() || op->getDialect()->getNamespace() != PDLDialect::getDialectNamespace()))
      nonPDL = op;
  });
  if (nonPDL) {
    InFlightDiagnostic diag = emitOpError("expected only `pdl` operations within the pattern body");
    diag.attachNote(nonPDL->getLoc()) << "see non-`pdl` operation defined here";
    return diag;
  }

  bool hasOperation = false;
  for (Operation &op : body.front())
    hasOperation |= isa<OperationOp>(&op);
  if (!hasOperation)
    return emitOpError("the pattern must contain at least one `pdl.operation`");

  bool first = true;
  std::unordered_set<Operation *> visited;
  for (Operation &op : body.front()) {
    if (!isa<OperandOp>(&op) && !isa<OperandsOp>(&op) && !isa<ResultOp>(&op) && !isa<ResultsOp>(&op) &&
        !isa<OperationOp>(&op))
      continue;
    bool hasUserInRewrite = false;
    for (unsigned r = 0; r < op.getNumResults() && !hasUserInRewrite; ++r)
      for (Operation *user : op.getResult(r).getUsers()) {
        Region *region = user->getParentRegion();
        if (isa<RewriteOp>(user) || (region && isa_and_nonnull<RewriteOp>(region->getParentOp()))) {
          hasUserInRewrite = true;
          break;
        }
      }
    if (!hasUserInRewrite)
      continue;
    if (first) {
      visitConnected(&op, visited);
      first = false;
    } else if (!visited.count(&op)) {
      InFlightDiagnostic diag = emitOpError("the operations must form a connected component");
      diag.attachNote(op.getLoc()) << "see a disconnected value / operation here";
      return diag;
    }
  }
  return success();
}

LogicalResult RangeOp::verify() {
  Operation *op = getOperation();
  auto rangeType = dyn_cast<RangeType>(op->getResult(0).getType());
  if (!rangeType)
    return success();
  Type elementType = rangeType.getElementType();
  for (Value operand : getArguments()) {
    Type operandElementType = getRangeElementTypeOrSelf(operand.getType());
    if (operandElementType != elementType)
      return emitOpError("expected operand to have element type ") << elementType << ", but got "
                                                                    << operandElementType;
  }
  return success();
}

LogicalResult ReplaceOp::verify() {
  if (getReplOperation() && !getReplValues().empty())
    return emitOpError() << "expected no replacement values to be provided when the replacement operation is "
                            "present";
  return success();
}

LogicalResult ResultsOp::verify() {
  if (!getIndexAttr() && isa<ValueType>(getVal().getType()))
    return emitOpError() << "expected `pdl.range<value>` result type when no index is specified, but got: "
                         << getVal().getType();
  return success();
}

std::string_view RewriteOp::getDefaultDialect() { return PDLDialect::getDialectNamespace(); }

LogicalResult RewriteOp::verifyRegions() {
  Region &rewriteRegion = getBodyRegion();
  if (getNameAttr()) {
    if (!rewriteRegion.empty())
      return emitOpError() << "expected rewrite region to be empty when rewrite is external";
    return success();
  }
  if (rewriteRegion.empty())
    return emitOpError() << "expected rewrite region to be non-empty if external name is not specified";
  if (!getExternalArgs().empty())
    return emitOpError() << "expected no external arguments when the rewrite is specified inline";
  return success();
}

LogicalResult TypeOp::verify() {
  if (!getConstantTypeAttr())
    return verifyHasBindingUse(getOperation());
  return success();
}

LogicalResult TypesOp::verify() {
  if (!getConstantTypesAttr())
    return verifyHasBindingUse(getOperation());
  return success();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `{"name" = %value, ...}` (nothing when there is no attribute).
static ParseResult parseOperationOpAttributes(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
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

static void printOperationOpAttributes(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
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

ods::CustomDirective pdl::getOperationOpAttributesDirective() {
  return {"OperationOpAttributes", parseOperationOpAttributes, printOperationOpAttributes, nullptr};
}

/// The result type of a range: inferred from the arguments, else `: type`.
static ParseResult parseRangeType(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<Type> &argumentTypes = *args[0]->types;
  if (!argumentTypes.empty()) {
    Type element = getRangeElementTypeOrSelf(argumentTypes[0]);
    args[1]->types->push_back(RangeType::get(element.getContext(), element));
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

ods::CustomDirective pdl::getRangeTypeDirective() { return {"RangeType", parseRangeType, printRangeType, nullptr}; }

/// `-> type` after an index; `!pdl.range<value>` without one.
static ParseResult parseResultsValueType(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  if (!*args[0]->attr) {
    args[1]->types->push_back(RangeType::get(p.getContext(), ValueType::get(p.getContext())));
    return success();
  }
  Type resultType;
  if (failed(p.parseArrow()) || failed(p.parseType(resultType)))
    return failure();
  args[1]->types->push_back(resultType);
  return success();
}

static void printResultsValueType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].attr && !args[1].types.empty()) {
    p << " -> ";
    p.printType(args[1].types[0]);
  }
}

ods::CustomDirective pdl::getResultsValueTypeDirective() {
  return {"ResultsValueType", parseResultsValueType, printResultsValueType, nullptr};
}
