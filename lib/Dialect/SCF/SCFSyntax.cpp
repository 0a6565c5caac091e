//===- SCFSyntax.cpp - Hand-written syntax of the scf ops -----------------===//
//
// The custom parsers and printers of the scf ops MLIR writes by hand
// (SCF.cpp, hasCustomAssemblyFormat), reproducing mlir-opt's spelling and
// spacing byte for byte:
//
//   scf.execute_region -> (types) [no_inline] { ... } {attrs}
//   scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(%a = %init) -> (types)] [: type] { ... } {attrs}
//   scf.forall (%i, ...) in (ubs) | = (lbs) to (ubs) step (steps)
//              [shared_outs(%o = %t) -> (types)] { ... } {attrs}
//   scf.forall.in_parallel { ... } {attrs}
//   scf.if %c [-> (types)] { ... } [else { ... }] {attrs}
//   scf.parallel (%i, ...) = (lbs) to (ubs) step (steps) [init (%v, ...)] [-> types] { ... } {attrs}
//   scf.while [(%a = %init, ...)] : (types) -> types { ... } do { ... } [attributes {attrs}]
//   scf.index_switch ... case 2 { ... } ...            (the SwitchCases directive)
//
// The bodies are parsed with parseRegion, which recurses into the parser for
// nested custom ops; no further recursion is added here.
//
#include "SCFDetail.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpTraitVerifiers.h"

#include <algorithm>
#include <limits>

using namespace lamina;
using namespace lamina::scf;

namespace {
using UnresolvedOperand = OpAsmParser::UnresolvedOperand;
using Argument = OpAsmParser::Argument;

/// ShapedType::kDynamic: the static-list placeholder for a dynamic value.
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();
} // namespace

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::optional<int64_t> scf::getConstantIntValue(Value v) {
  if (!v)
    return std::nullopt;
  Operation *def = v.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  auto attr = dyn_cast_or_null<IntegerAttr>(def->getAttr("value"));
  if (!attr || !attr.getValue().isSignedIntN(64))
    return std::nullopt;
  return attr.getValue().getSExtValue();
}

/// Prints `<prefix>(%inner = %outer, ...)`; nothing if there are no
/// initializers.
static void printInitializationList(OpAsmPrinter &p, ValueRange blockArgs, ValueRange initializers,
                                    std::string_view prefix) {
  if (initializers.empty())
    return;
  raw_ostream &os = p.getStream();
  os << prefix << '(';
  for (size_t i = 0, e = initializers.size(); i != e; ++i) {
    if (i)
      os << ", ";
    if (i < blockArgs.size())
      p.printOperand(blockArgs[i]);
    os << " = ";
    p.printOperand(initializers[i]);
  }
  os << ')';
}

/// The entry block arguments of `region` (empty if it has no block).
static ValueRange entryArguments(Region &region) {
  return region.empty() ? ValueRange() : region.front().getArguments();
}

/// The value of the boolean unit attribute `name` (present or not).
static bool hasUnitAttr(Operation *op, std::string_view name) { return bool(op->getAttr(name)); }

/// resolveOperands with MLIR 22's count check ("number of operands and types
/// do not match").
static ParseResult resolveOperandList(OpAsmParser &parser, ArrayRef<UnresolvedOperand> operands, TypeRange types,
                                      SMLoc loc, SmallVectorImpl<Value> &result) {
  if (operands.size() != types.size())
    return parser.emitError(loc) << "number of operands and types do not match: got " << unsigned(operands.size())
                                 << " operands and " << unsigned(types.size()) << " types";
  for (size_t i = 0; i < operands.size(); ++i)
    if (parser.resolveOperand(operands[i], types[i], result))
      return failure();
  return success();
}

/// `(%a, %b)` with MLIR's diagnostics ("expected '(' in operand list",
/// "expected N operands"); `requiredCount` -1 accepts any number.
static ParseResult parseParenOperandList(OpAsmParser &parser, SmallVector<UnresolvedOperand, 4> &result,
                                         int requiredCount = -1) {
  SMLoc startLoc = parser.getCurrentLocation();
  size_t before = result.size();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren,
          [&]() -> ParseResult {
            UnresolvedOperand operand;
            if (parser.parseOperand(operand))
              return failure();
            result.push_back(operand);
            return success();
          },
          " in operand list"))
    return failure();
  if (requiredCount != -1 && result.size() - before != size_t(requiredCount))
    return parser.emitError(startLoc, "expected ") << requiredCount << " operands";
  return success();
}

/// A hand-written parser's inherent attributes reach the op's properties
/// through a dyn_cast to their storage class: a value of another kind given
/// in the attribute dictionary is silently dropped (unless it is duplicated,
/// which the op parser reports).
static void dropMistypedInherentAttr(NamedAttrList &attrs, std::string_view name, bool (*isInstance)(Attribute)) {
  std::vector<NamedAttribute> kept;
  unsigned count = 0;
  bool mistyped = false;
  for (const NamedAttribute &attr : attrs) {
    if (attr.getNameStr() != name)
      continue;
    ++count;
    mistyped = !isInstance(attr.getValue());
  }
  if (count != 1 || !mistyped)
    return;
  NamedAttrList filtered;
  for (const NamedAttribute &attr : attrs)
    if (attr.getNameStr() != name)
      filtered.append(attr);
  attrs = std::move(filtered);
}

/// Whether every attribute of `op` (inherent and discardable) is in
/// `elided`, checked without building the merged dictionary getAttrs()
/// returns.
static bool onlyElidedAttrs(Operation *op, ArrayRef<std::string_view> elided) {
  if (!op->getDiscardableAttrs().empty())
    return false;
  ArrayRef<StringAttr> names = op->getName().getAttributeNames();
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  if (names.size() != slots.size())
    return false;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (!slots[i])
      continue;
    if (std::find(elided.begin(), elided.end(), names[i].getValue()) == elided.end())
      return false;
  }
  return true;
}

/// printOptionalAttrDict(op->getAttrs(), elided), or its `attributes`
/// keyword form.
static void printAttrDict(OpAsmPrinter &p, Operation *op, ArrayRef<std::string_view> elided = {},
                          bool withKeyword = false) {
  if (onlyElidedAttrs(op, elided))
    return;
  if (withKeyword)
    p.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
  else
    p.printOptionalAttrDict(op->getAttrs(), elided);
}

static bool isUnitAttr(Attribute attr) { return isa<lamina::UnitAttr>(attr); }
static bool isArrayAttr(Attribute attr) { return isa<lamina::ArrayAttr>(attr); }

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

ParseResult scf::parseExecuteRegionOp(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("no_inline")))
    result.addAttribute("no_inline", parser.getBuilder().getUnitAttr());
  Region *body = result.addRegion();
  if (parser.parseRegion(*body) || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  dropMistypedInherentAttr(result.attributes, "no_inline", isUnitAttr);
  return success();
}

void scf::printExecuteRegionOp(Operation *op, OpAsmPrinter &p) {
  p.printOptionalArrowTypeList(op->getResultTypes());
  if (hasUnitAttr(op, "no_inline"))
    p << " no_inline";
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
  printAttrDict(p, op, {"no_inline"});
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

ParseResult scf::parseForOp(OpAsmParser &parser, OperationState &result) {
  Builder builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute("unsignedCmp", builder.getUnitAttr());

  Argument inductionVariable;
  UnresolvedOperand lb, ub, step;
  if (parser.parseOperand(inductionVariable.ssaName) || parser.parseEqual() || parser.parseOperand(lb) ||
      parser.parseKeyword("to") || parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step))
    return failure();

  std::vector<Argument> regionArgs;
  SmallVector<UnresolvedOperand, 4> operands;
  regionArgs.push_back(inductionVariable);
  bool hasIterArgs = succeeded(parser.parseOptionalKeyword("iter_args"));
  if (hasIterArgs) {
    if (parser.parseAssignmentList(regionArgs, operands) || parser.parseArrowTypeList(result.types))
      return failure();
  }
  if (regionArgs.size() != result.types.size() + 1)
    return parser.emitError(parser.getNameLoc(), "mismatch in number of loop-carried values and defined values");

  Type type;
  if (failed(parser.parseOptionalColon()))
    type = builder.getIndexType();
  else if (parser.parseType(type))
    return failure();

  regionArgs.front().type = type;
  for (size_t i = 0; i < operands.size(); ++i)
    regionArgs[i + 1].type = result.types[i];

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, "scf.yield");

  // Operands are resolved after the body, as in MLIR (which diagnoses
  // operands defined inside it that way): errors in the body come first.
  if (parser.resolveOperand(lb, type, result.operands) || parser.resolveOperand(ub, type, result.operands) ||
      parser.resolveOperand(step, type, result.operands))
    return failure();
  for (size_t i = 0; i < operands.size(); ++i)
    if (parser.resolveOperand(operands[i], result.types[i], result.operands))
      return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  dropMistypedInherentAttr(result.attributes, "unsignedCmp", isUnitAttr);
  return success();
}

void scf::printForOp(Operation *op, OpAsmPrinter &p) {
  raw_ostream &os = p.getStream();
  Region &region = op->getRegion(0);
  ValueRange blockArgs = entryArguments(region);
  ValueRange initArgs = op->getOperands().drop_front(3);
  os << ' ';
  if (hasUnitAttr(op, "unsignedCmp"))
    os << "unsigned ";
  if (!blockArgs.empty())
    p.printOperand(blockArgs[0]);
  os << " = ";
  p.printOperand(op->getOperand(0));
  os << " to ";
  p.printOperand(op->getOperand(1));
  os << " step ";
  p.printOperand(op->getOperand(2));
  printInitializationList(p, blockArgs.empty() ? blockArgs : blockArgs.drop_front(1), initArgs, " iter_args");
  if (!initArgs.empty()) {
    os << " -> (";
    p << TypeRange(initArgs);
    os << ')';
  }
  os << ' ';
  Type ivType = blockArgs.empty() ? op->getOperand(0).getType() : blockArgs[0].getType();
  if (!isa<IndexType>(ivType)) {
    os << " : ";
    p.printType(ivType);
    os << ' ';
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/!initArgs.empty());
  printAttrDict(p, op, {"unsignedCmp"});
}

//===----------------------------------------------------------------------===//
// scf.forall
//===----------------------------------------------------------------------===//

/// `(%a, 4, %b)`: a list mixing SSA values and integers, as MLIR's
/// parseDynamicIndexList (integers land in `integers`; each value adds a
/// kDynamic placeholder).
static ParseResult parseDynamicIndexList(OpAsmParser &parser, SmallVector<UnresolvedOperand, 4> &values,
                                         std::vector<int64_t> &integers) {
  auto parseIntegerOrValue = [&]() -> ParseResult {
    UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    bool scalable = succeeded(parser.parseOptionalLSquare());
    if (res.has_value() && succeeded(*res)) {
      values.push_back(operand);
      integers.push_back(kDynamic);
    } else {
      int64_t integer;
      if (failed(parser.parseInteger(integer)))
        return failure();
      integers.push_back(integer);
    }
    if (scalable && failed(parser.parseOptionalRSquare()))
      return failure();
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, parseIntegerOrValue, " in dynamic index list"))
    return parser.emitError(parser.getNameLoc()) << "expected SSA value or integer";
  return success();
}

/// Prints `(%a, 4, %b)` from the static list and its dynamic values.
static void printDynamicIndexList(OpAsmPrinter &p, ValueRange values, ArrayRef<int64_t> integers) {
  raw_ostream &os = p.getStream();
  os << '(';
  size_t dynamicIdx = 0;
  for (size_t i = 0; i < integers.size(); ++i) {
    if (i)
      os << ", ";
    if (integers[i] == kDynamic) {
      if (dynamicIdx < values.size())
        p.printOperand(values[dynamicIdx]);
      ++dynamicIdx;
    } else {
      os << (long long)integers[i];
    }
  }
  os << ')';
}

ParseResult scf::parseForallOp(OpAsmParser &parser, OperationState &result) {
  Builder b = parser.getBuilder();
  Type indexType = b.getIndexType();

  std::vector<Argument> ivs;
  if (parser.parseArgumentList(ivs, AsmParser::Delimiter::Paren))
    return failure();

  std::vector<int64_t> staticLbs, staticUbs, staticSteps;
  SmallVector<UnresolvedOperand, 4> dynamicLbs, dynamicUbs, dynamicSteps;
  if (succeeded(parser.parseOptionalKeyword("in"))) {
    if (parseDynamicIndexList(parser, dynamicUbs, staticUbs) ||
        parser.resolveOperands(dynamicUbs, indexType, result.operands))
      return failure();
    staticLbs.assign(ivs.size(), 0);
    staticSteps.assign(ivs.size(), 1);
  } else {
    if (parser.parseEqual() || parseDynamicIndexList(parser, dynamicLbs, staticLbs) ||
        parser.resolveOperands(dynamicLbs, indexType, result.operands))
      return failure();
    if (parser.parseKeyword("to") || parseDynamicIndexList(parser, dynamicUbs, staticUbs) ||
        parser.resolveOperands(dynamicUbs, indexType, result.operands))
      return failure();
    if (parser.parseKeyword("step") || parseDynamicIndexList(parser, dynamicSteps, staticSteps) ||
        parser.resolveOperands(dynamicSteps, indexType, result.operands))
      return failure();
  }

  std::vector<Argument> regionOutArgs;
  SmallVector<UnresolvedOperand, 4> outOperands;
  SMLoc outOperandsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("shared_outs"))) {
    if (parser.parseAssignmentList(regionOutArgs, outOperands) ||
        parser.parseOptionalArrowTypeList(result.types) ||
        resolveOperandList(parser, outOperands, TypeRange(result.types), outOperandsLoc, result.operands))
      return failure();
  }

  std::vector<Argument> regionArgs;
  for (Argument &iv : ivs) {
    iv.type = indexType;
    regionArgs.push_back(iv);
  }
  for (size_t i = 0; i < regionOutArgs.size(); ++i) {
    regionOutArgs[i].type = result.types[i];
    regionArgs.push_back(regionOutArgs[i]);
  }
  auto region = std::make_unique<Region>();
  if (parser.parseRegion(*region, regionArgs))
    return failure();

  // The implicit scf.forall.in_parallel carries an (empty) body block, as
  // InParallelOp's builder creates one.
  Block &last = region->empty() ? *region->emplaceBlock() : region->back();
  if (last.empty() || !last.back().hasTrait<OpTrait::IsTerminator>()) {
    OperationState state(result.location, OperationName("scf.forall.in_parallel", result.getContext()));
    state.addRegion()->emplaceBlock();
    last.push_back(Operation::create(state));
  }
  result.addRegion(std::move(region));

  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  dropMistypedInherentAttr(result.attributes, "mapping", isArrayAttr);
  result.addAttribute("staticLowerBound", b.getDenseI64ArrayAttr(staticLbs));
  result.addAttribute("staticUpperBound", b.getDenseI64ArrayAttr(staticUbs));
  result.addAttribute("staticStep", b.getDenseI64ArrayAttr(staticSteps));
  result.addAttribute("operandSegmentSizes",
                      b.getDenseI32ArrayAttr({int32_t(dynamicLbs.size()), int32_t(dynamicUbs.size()),
                                              int32_t(dynamicSteps.size()), int32_t(outOperands.size())}));
  return success();
}

/// Is every entry of a mixed static/dynamic list the constant `value`?
static bool allConstantEqual(ArrayRef<int64_t> integers, ValueRange values, int64_t value) {
  size_t dynamicIdx = 0;
  for (int64_t integer : integers) {
    if (integer != kDynamic) {
      if (integer != value)
        return false;
      continue;
    }
    if (dynamicIdx >= values.size())
      return false;
    std::optional<int64_t> cst = getConstantIntValue(values[dynamicIdx++]);
    if (!cst || *cst != value)
      return false;
  }
  return true;
}

void scf::printForallOp(Operation *op, OpAsmPrinter &p) {
  raw_ostream &os = p.getStream();
  auto staticList = [&](std::string_view name) -> ArrayRef<int64_t> {
    if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr(name)))
      return attr.asArrayRef();
    return {};
  };
  ArrayRef<int64_t> staticLbs = staticList("staticLowerBound");
  ArrayRef<int64_t> staticUbs = staticList("staticUpperBound");
  ArrayRef<int64_t> staticSteps = staticList("staticStep");
  OperandRange dynamicLbs = ods::getODSOperands(op, 0);
  OperandRange dynamicUbs = ods::getODSOperands(op, 1);
  OperandRange dynamicSteps = ods::getODSOperands(op, 2);
  OperandRange outputs = ods::getODSOperands(op, 3);

  Region &region = op->getRegion(0);
  ValueRange blockArgs = entryArguments(region);
  size_t rank = std::min(staticLbs.size(), blockArgs.size());
  os << " (";
  p << blockArgs.take_front(rank);
  if (allConstantEqual(staticLbs, dynamicLbs, 0) && allConstantEqual(staticSteps, dynamicSteps, 1)) {
    os << ") in ";
    printDynamicIndexList(p, dynamicUbs, staticUbs);
  } else {
    os << ") = ";
    printDynamicIndexList(p, dynamicLbs, staticLbs);
    os << " to ";
    printDynamicIndexList(p, dynamicUbs, staticUbs);
    os << " step ";
    printDynamicIndexList(p, dynamicSteps, staticSteps);
  }
  ValueRange outArgs = blockArgs.drop_front(rank);
  printInitializationList(p, outArgs, outputs, " shared_outs");
  os << ' ';
  if (!outArgs.empty()) {
    os << "-> (";
    p << TypeRange(op->getResults());
    os << ") ";
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/op->getNumResults() > 0);
  printAttrDict(p, op, {"operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"});
}

//===----------------------------------------------------------------------===//
// scf.forall.in_parallel
//===----------------------------------------------------------------------===//

ParseResult scf::parseInParallelOp(OpAsmParser &parser, OperationState &result) {
  auto region = std::make_unique<Region>();
  if (parser.parseRegion(*region))
    return failure();
  if (region->empty())
    region->emplaceBlock();
  result.addRegion(std::move(region));
  return parser.parseOptionalAttrDict(result.attributes);
}

void scf::printInParallelOp(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
  printAttrDict(p, op);
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

ParseResult scf::parseIfOp(OpAsmParser &parser, OperationState &result) {
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  UnresolvedOperand cond;
  if (parser.parseOperand(cond) || parser.resolveOperand(cond, parser.getBuilder().getI1Type(), result.operands))
    return failure();
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();
  if (parser.parseRegion(*thenRegion))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*thenRegion, result.location, "scf.yield");
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    OpTrait::impl::ensureImplicitTerminator(*elseRegion, result.location, "scf.yield");
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void scf::printIfOp(Operation *op, OpAsmPrinter &p) {
  raw_ostream &os = p.getStream();
  bool printBlockTerminators = false;
  os << ' ';
  p.printOperand(op->getOperand(0));
  if (op->getNumResults()) {
    os << " -> (";
    p << TypeRange(op->getResults());
    os << ')';
    printBlockTerminators = true;
  }
  os << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, printBlockTerminators);
  Region &elseRegion = op->getRegion(1);
  if (!elseRegion.empty()) {
    os << " else ";
    p.printRegion(elseRegion, /*printEntryBlockArgs=*/false, printBlockTerminators);
  }
  printAttrDict(p, op);
}

//===----------------------------------------------------------------------===//
// scf.parallel
//===----------------------------------------------------------------------===//

ParseResult scf::parseParallelOp(OpAsmParser &parser, OperationState &result) {
  Builder builder = parser.getBuilder();
  Type indexType = builder.getIndexType();
  std::vector<Argument> ivs;
  if (parser.parseArgumentList(ivs, AsmParser::Delimiter::Paren))
    return failure();
  int numIvs = int(ivs.size());

  SmallVector<UnresolvedOperand, 4> lower, upper, steps;
  if (parser.parseEqual() || parseParenOperandList(parser, lower, numIvs) ||
      parser.resolveOperands(lower, indexType, result.operands))
    return failure();
  if (parser.parseKeyword("to") || parseParenOperandList(parser, upper, numIvs) ||
      parser.resolveOperands(upper, indexType, result.operands))
    return failure();
  if (parser.parseKeyword("step") || parseParenOperandList(parser, steps, numIvs) ||
      parser.resolveOperands(steps, indexType, result.operands))
    return failure();

  SmallVector<UnresolvedOperand, 4> initVals;
  if (succeeded(parser.parseOptionalKeyword("init"))) {
    if (parseParenOperandList(parser, initVals))
      return failure();
  }
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();

  Region *body = result.addRegion();
  for (Argument &iv : ivs)
    iv.type = indexType;
  if (parser.parseRegion(*body, ivs))
    return failure();

  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr({int32_t(lower.size()), int32_t(upper.size()),
                                                    int32_t(steps.size()), int32_t(initVals.size())}));
  if (parser.parseOptionalAttrDict(result.attributes) ||
      resolveOperandList(parser, initVals, TypeRange(result.types), parser.getNameLoc(), result.operands))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, "scf.reduce");
  return success();
}

void scf::printParallelOp(Operation *op, OpAsmPrinter &p) {
  raw_ostream &os = p.getStream();
  Region &region = op->getRegion(0);
  os << " (";
  p << entryArguments(region);
  os << ") = (";
  p << ods::getODSOperands(op, 0);
  os << ") to (";
  p << ods::getODSOperands(op, 1);
  os << ") step (";
  p << ods::getODSOperands(op, 2);
  os << ')';
  OperandRange initVals = ods::getODSOperands(op, 3);
  if (!initVals.empty()) {
    os << " init (";
    p << initVals;
    os << ')';
  }
  p.printOptionalArrowTypeList(op->getResultTypes());
  os << ' ';
  p.printRegion(region, /*printEntryBlockArgs=*/false);
  printAttrDict(p, op, {"operandSegmentSizes"});
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

ParseResult scf::parseWhileOp(OpAsmParser &parser, OperationState &result) {
  std::vector<Argument> regionArgs;
  SmallVector<UnresolvedOperand, 4> operands;
  Region *before = result.addRegion();
  Region *after = result.addRegion();

  std::optional<ParseResult> listResult = parser.parseOptionalAssignmentList(regionArgs, operands);
  if (listResult && failed(*listResult))
    return failure();

  FunctionType functionType;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseColonType(functionType)))
    return failure();
  result.addTypes(functionType.getResults());
  if (functionType.getInputs().size() != operands.size())
    return parser.emitError(typeLoc) << "expected as many input types as operands "
                                     << "(expected " << unsigned(operands.size()) << " got "
                                     << unsigned(functionType.getInputs().size()) << ")";
  if (failed(resolveOperandList(parser, operands, TypeRange(functionType.getInputs()), parser.getCurrentLocation(),
                                result.operands)))
    return failure();
  for (size_t i = 0, e = regionArgs.size(); i != e; ++i)
    regionArgs[i].type = functionType.getInputs()[i];

  return failure(parser.parseRegion(*before, regionArgs) || parser.parseKeyword("do") ||
                 parser.parseRegion(*after) || parser.parseOptionalAttrDictWithKeyword(result.attributes));
}

void scf::printWhileOp(Operation *op, OpAsmPrinter &p) {
  raw_ostream &os = p.getStream();
  printInitializationList(p, entryArguments(op->getRegion(0)), op->getOperands(), " ");
  os << " : ";
  p.printFunctionalType(TypeRange(op->getOperands()), TypeRange(op->getResults()));
  os << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
  os << " do ";
  p.printRegion(op->getRegion(1));
  printAttrDict(p, op, {}, /*withKeyword=*/true);
}

//===----------------------------------------------------------------------===//
// scf.index_switch: custom<SwitchCases>($cases, $caseRegions)
//===----------------------------------------------------------------------===//

ParseResult scf::parseSwitchCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Attribute &cases = *args[0]->attr;
  std::vector<std::unique_ptr<Region>> &caseRegions = *args[1]->regions;
  std::vector<int64_t> caseValues;
  while (succeeded(parser.parseOptionalKeyword("case"))) {
    int64_t value;
    caseRegions.push_back(std::make_unique<Region>());
    if (parser.parseInteger(value) || parser.parseRegion(*caseRegions.back()))
      return failure();
    caseValues.push_back(value);
  }
  cases = parser.getBuilder().getDenseI64ArrayAttr(caseValues);
  return success();
}

void scf::printSwitchCases(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto cases = dyn_cast_or_null<DenseI64ArrayAttr>(args[0].attr);
  ArrayRef<int64_t> values = cases ? cases.asArrayRef() : ArrayRef<int64_t>();
  const std::vector<Region *> &regions = args[1].regions;
  for (size_t i = 0, e = std::min(values.size(), regions.size()); i != e; ++i) {
    p.printNewline();
    p << "case " << (long long)values[i] << ' ';
    p.printRegion(*regions[i], /*printEntryBlockArgs=*/false);
  }
}
