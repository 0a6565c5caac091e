//===- AffineOps.cpp - affine.apply, for, if, min, max, parallel, yield ----===//
//
// Custom syntax and verifiers of the affine control-flow and index ops, as
// mlir/lib/Dialect/Affine/IR/AffineOps.cpp (LLVM 22) defines them. The
// memory ops live in AffineMemoryOps.cpp.
//
#include "AffineOpsImpl.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

//===----------------------------------------------------------------------===//
// Op class accessors
//===----------------------------------------------------------------------===//

AffineMap AffineApplyOp::getMap() const {
  AffineMapAttr attr = getMapAttr(state, "map");
  return attr ? attr.getValue() : AffineMap();
}

AffineMap AffineForOp::getLowerBoundMap() const {
  AffineMapAttr attr = getMapAttr(state, "lowerBoundMap");
  return attr ? attr.getValue() : AffineMap();
}
AffineMap AffineForOp::getUpperBoundMap() const {
  AffineMapAttr attr = getMapAttr(state, "upperBoundMap");
  return attr ? attr.getValue() : AffineMap();
}
OperandRange AffineForOp::getLowerBoundOperands() const { return ods::getODSOperands(state, 0); }
OperandRange AffineForOp::getUpperBoundOperands() const { return ods::getODSOperands(state, 1); }
OperandRange AffineForOp::getInits() const { return ods::getODSOperands(state, 2); }
int64_t AffineForOp::getStepAsInt() const {
  auto step = dyn_cast_or_null<IntegerAttr>(state->getAttr("step"));
  return step ? step.getValue().getSExtValue() : 1;
}
Value AffineForOp::getInductionVar() const { return state->getRegion(0).front().getArgument(0); }

IntegerSet AffineIfOp::getIntegerSet() const {
  auto attr = dyn_cast_or_null<IntegerSetAttr>(state->getAttr("condition"));
  return attr ? attr.getValue() : IntegerSet();
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

AffineMapAttr impl::getMapAttr(Operation *op, std::string_view name) {
  return dyn_cast_or_null<AffineMapAttr>(op->getAttr(name));
}

void impl::printDimAndSymbolList(OpAsmPrinter &p, OperandRange operands, unsigned numDims) {
  if (numDims > operands.size())
    numDims = unsigned(operands.size());
  p << '(';
  p.printOperands(operands.take_front(numDims));
  p << ')';
  if (operands.size() > numDims) {
    p << '[';
    p.printOperands(operands.drop_front(numDims));
    p << ']';
  }
}

ParseResult impl::parseDimAndSymbolList(OpAsmParser &parser, SmallVectorImpl<Value> &operands, unsigned &numDims) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> infos;
  if (parser.parseOperandList(infos, OpAsmParser::Delimiter::Paren))
    return failure();
  numDims = unsigned(infos.size());
  Type indexTy = parser.getBuilder().getIndexType();
  return failure(parser.parseOperandList(infos, OpAsmParser::Delimiter::OptionalSquare) ||
                 parser.resolveOperands(infos, indexTy, operands));
}

LogicalResult impl::verifyDimAndSymbolIdentifiers(Operation *op, OperandRange operands, unsigned numDims) {
  Region *scope = getAffineScope(op);
  unsigned i = 0;
  for (Value operand : operands) {
    if (i++ < numDims) {
      if (!isValidDim(operand, scope))
        return op->emitOpError("operand cannot be used as a dimension id");
    } else if (!isValidSymbol(operand, scope)) {
      return op->emitOpError("operand cannot be used as a symbol");
    }
  }
  return success();
}

bool impl::isValidAffineIndexOperand(Value value, Region *region) {
  return isValidDim(value, region) || isValidSymbol(value, region);
}

void impl::ensureTerminator(Region &region, Location loc) {
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OperationState state(loc, AffineYieldOp::getOperationName());
  block.push_back(Operation::create(state));
}

/// The operands of `op` from `begin` on, clamped to its operand count.
static OperandRange operandsFrom(Operation *op, unsigned begin, unsigned count) {
  unsigned n = op->getNumOperands();
  if (begin > n)
    begin = n;
  if (begin + count > n)
    count = n - begin;
  return op->getOperands().slice(begin, count);
}

//===----------------------------------------------------------------------===//
// affine.apply
//===----------------------------------------------------------------------===//

ParseResult impl::parseApplyOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  AffineMapAttr mapAttr;
  unsigned numDims;
  if (parser.parseAttribute(mapAttr, "map", result.attributes) ||
      parseDimAndSymbolList(parser, result.operands, numDims) || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  AffineMap map = mapAttr.getValue();
  if (map.getNumDims() != numDims || numDims + map.getNumSymbols() != result.operands.size())
    return parser.emitError(parser.getNameLoc(), "dimension or symbol index mismatch");
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    result.types.push_back(indexTy);
  return success();
}

void impl::printApplyOp(Operation *op, OpAsmPrinter &p) {
  AffineMapAttr mapAttr = getMapAttr(op, "map");
  p << " " << Attribute(mapAttr);
  printDimAndSymbolList(p, op->getOperands(), mapAttr ? mapAttr.getValue().getNumDims() : 0);
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
}

LogicalResult impl::verifyApplyOp(Operation *op) {
  AffineMap map = getMapAttr(op, "map").getValue();
  if (op->getNumOperands() != map.getNumDims() + map.getNumSymbols())
    return op->emitOpError("operand count and affine map dimension and symbol count must match");
  if (map.getNumResults() != 1)
    return op->emitOpError("mapping must produce one value");
  // Valid dims may not be used in symbol positions. Operands that are
  // neither dims nor symbols are allowed (uses outside affine ops).
  Region *region = getAffineScope(op);
  for (Value operand : op->getOperands().drop_front(map.getNumDims()))
    if (isValidDim(operand, region) && !isValidSymbol(operand, region))
      return op->emitError("dimensional operand cannot be used as a symbol");
  return success();
}

//===----------------------------------------------------------------------===//
// affine.for
//===----------------------------------------------------------------------===//

/// A loop bound: `max`/`min` prefix, then an SSA value, an integer, or a map
/// applied to dims and symbols.
static ParseResult parseBound(bool isLower, OperationState &result, OpAsmParser &p) {
  bool failedToParseMinMax = failed(p.parseOptionalKeyword(isLower ? "max" : "min"));
  Builder builder = p.getBuilder();
  std::string_view boundAttrName = isLower ? "lowerBoundMap" : "upperBoundMap";

  // An SSA value: the symbol identity map.
  SmallVector<OpAsmParser::UnresolvedOperand, 4> boundOpInfos;
  if (p.parseOperandList(boundOpInfos))
    return failure();
  if (!boundOpInfos.empty()) {
    if (boundOpInfos.size() > 1)
      return p.emitError(p.getNameLoc(), "expected only one loop bound operand");
    if (p.resolveOperand(boundOpInfos.front(), builder.getIndexType(), result.operands))
      return failure();
    AffineMap map = AffineMap::get(0, 1, getAffineSymbolExpr(0, builder.getContext()));
    result.addAttribute(boundAttrName, AffineMapAttr::get(map));
    return success();
  }

  SMLoc attrLoc = p.getCurrentLocation();
  Attribute boundAttr;
  if (p.parseAttribute(boundAttr, builder.getIndexType()))
    return failure();

  // The full form: a map followed by its dim and symbol operands.
  if (auto mapAttr = dyn_cast<AffineMapAttr>(boundAttr)) {
    result.addAttribute(boundAttrName, mapAttr);
    size_t currentNumOperands = result.operands.size();
    unsigned numDims;
    if (parseDimAndSymbolList(p, result.operands, numDims))
      return failure();
    AffineMap map = mapAttr.getValue();
    if (map.getNumDims() != numDims)
      return p.emitError(p.getNameLoc(), "dim operand count and affine map dim count must match");
    size_t numDimAndSymbolOperands = result.operands.size() - currentNumOperands;
    if (numDims + map.getNumSymbols() != numDimAndSymbolOperands)
      return p.emitError(p.getNameLoc(), "symbol operand count and affine map symbol count must match");
    if (map.getNumResults() > 1 && failedToParseMinMax) {
      if (isLower)
        return p.emitError(attrLoc, "lower loop bound affine map with multiple results requires 'max' prefix");
      return p.emitError(attrLoc, "upper loop bound affine map with multiple results requires 'min' prefix");
    }
    return success();
  }

  // An integer: the constant map.
  if (auto intAttr = dyn_cast<IntegerAttr>(boundAttr)) {
    AffineMap map = AffineMap::getConstantMap(intAttr.getValue().getSExtValue(), builder.getContext());
    result.addAttribute(boundAttrName, AffineMapAttr::get(map));
    return success();
  }

  return p.emitError(p.getNameLoc(), "expected valid affine map representation for loop bounds");
}

ParseResult impl::parseForOp(OpAsmParser &parser, OperationState &result) {
  Builder builder = parser.getBuilder();
  Type indexTy = builder.getIndexType();
  OpAsmParser::Argument inductionVariable;
  inductionVariable.type = indexTy;
  if (parser.parseArgument(inductionVariable) || parser.parseEqual())
    return failure();

  size_t numOperands = result.operands.size();
  if (parseBound(/*isLower=*/true, result, parser))
    return failure();
  int32_t numLbOperands = int32_t(result.operands.size() - numOperands);
  if (parser.parseKeyword("to", " between bounds"))
    return failure();
  numOperands = result.operands.size();
  if (parseBound(/*isLower=*/false, result, parser))
    return failure();
  int32_t numUbOperands = int32_t(result.operands.size() - numOperands);

  if (failed(parser.parseOptionalKeyword("step"))) {
    result.addAttribute("step", IntegerAttr::get(indexTy, int64_t(1)));
  } else {
    SMLoc stepLoc = parser.getCurrentLocation();
    IntegerAttr stepAttr;
    if (parser.parseAttribute(stepAttr, indexTy, "step", result.attributes))
      return failure();
    if (stepAttr.getValue().isNegative())
      return parser.emitError(stepLoc, "expected step to be representable as a positive signed integer");
  }

  std::vector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  regionArgs.push_back(inductionVariable);
  if (succeeded(parser.parseOptionalKeyword("iter_args"))) {
    if (parser.parseAssignmentList(regionArgs, operands) || parser.parseArrowTypeList(result.types))
      return failure();
    for (size_t i = 0; i + 1 < regionArgs.size() && i < operands.size() && i < result.types.size(); ++i) {
      regionArgs[i + 1].type = result.types[i];
      if (parser.resolveOperand(operands[i], result.types[i], result.operands))
        return failure();
    }
  }

  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(builder.getContext(), std::vector<int32_t>{numLbOperands, numUbOperands,
                                                                                         int32_t(operands.size())}));

  Region *body = result.addRegion();
  if (regionArgs.size() != result.types.size() + 1)
    return parser.emitError(parser.getNameLoc(), "mismatch between the number of loop-carried values and results");
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  ensureTerminator(*body, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

static void printBound(OpAsmPrinter &p, AffineMapAttr boundMap, OperandRange boundOperands, const char *prefix) {
  AffineMap map = boundMap.getValue();
  // The short forms only for a zero-operand constant map and the
  // single-symbol identity map (they round-trip losslessly).
  if (map.getNumResults() == 1) {
    AffineExpr expr = map.getResult(0);
    if (map.getNumDims() == 0 && map.getNumSymbols() == 0) {
      if (auto constExpr = dyn_cast<AffineConstantExpr>(expr)) {
        p << (long long)constExpr.getValue();
        return;
      }
    }
    if (map.getNumDims() == 0 && map.getNumSymbols() == 1 && isa<AffineSymbolExpr>(expr) &&
        !boundOperands.empty()) {
      p.printOperand(boundOperands[0]);
      return;
    }
  } else {
    p << prefix << ' ';
  }
  p << Attribute(boundMap);
  printDimAndSymbolList(p, boundOperands, map.getNumDims());
}

void impl::printForOp(Operation *op, OpAsmPrinter &p) {
  AffineForOp forOp(op);
  Block &body = op->getRegion(0).front();
  p << ' ';
  p.printRegionArgument(body.getArgument(0), {}, /*omitType=*/true);
  p << " = ";
  printBound(p, getMapAttr(op, "lowerBoundMap"), forOp.getLowerBoundOperands(), "max");
  p << " to ";
  printBound(p, getMapAttr(op, "upperBoundMap"), forOp.getUpperBoundOperands(), "min");
  if (forOp.getStepAsInt() != 1)
    p << " step " << (long long)forOp.getStepAsInt();

  bool printBlockTerminators = false;
  OperandRange inits = forOp.getInits();
  if (!inits.empty()) {
    p << " iter_args(";
    ValueRange regionArgs = body.getArguments().drop_front();
    for (size_t i = 0; i < inits.size() && i < regionArgs.size(); ++i) {
      if (i)
        p << ", ";
      p.printOperand(regionArgs[i]);
      p << " = ";
      p.printOperand(inits[i]);
    }
    p << ") -> (" << op->getResultTypes() << ")";
    printBlockTerminators = true;
  }
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, printBlockTerminators);
  p.printOptionalAttrDict(op->getAttrs(), {"lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"});
}

LogicalResult impl::verifyForOpRegions(Operation *op) {
  AffineForOp forOp(op);
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() == 0 || !body.getArgument(0).getType().isIndex())
    return op->emitOpError("expected body to have a single index argument for the induction variable");

  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  if (lbMap.getNumInputs() > 0 &&
      failed(verifyDimAndSymbolIdentifiers(op, forOp.getLowerBoundOperands(), lbMap.getNumDims())))
    return failure();
  if (ubMap.getNumInputs() > 0 &&
      failed(verifyDimAndSymbolIdentifiers(op, forOp.getUpperBoundOperands(), ubMap.getNumDims())))
    return failure();
  if (lbMap.getNumResults() < 1)
    return op->emitOpError("expected lower bound map to have at least one result");
  if (ubMap.getNumResults() < 1)
    return op->emitOpError("expected upper bound map to have at least one result");

  unsigned numResults = op->getNumResults();
  if (numResults == 0)
    return success();
  unsigned numIterOperands = op->getNumOperands() - lbMap.getNumInputs() - ubMap.getNumInputs();
  if (numIterOperands != numResults)
    return op->emitOpError("mismatch between the number of loop-carried values and results");
  if (body.getNumArguments() - 1 != numResults)
    return op->emitOpError("mismatch between the number of basic block args and results");
  return success();
}


//===----------------------------------------------------------------------===//
// affine.if
//===----------------------------------------------------------------------===//

ParseResult impl::parseIfOp(OpAsmParser &parser, OperationState &result) {
  IntegerSetAttr conditionAttr;
  unsigned numDims;
  if (parser.parseAttribute(conditionAttr, "condition", result.attributes) ||
      parseDimAndSymbolList(parser, result.operands, numDims))
    return failure();
  IntegerSet set = conditionAttr.getValue();
  if (set.getNumDims() != numDims)
    return parser.emitError(parser.getNameLoc(), "dim operand count and integer set dim count must match");
  if (numDims + set.getNumSymbols() != result.operands.size())
    return parser.emitError(parser.getNameLoc(), "symbol operand count and integer set symbol count must match");
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();

  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion))
    return failure();
  ensureTerminator(*thenRegion, result.location);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    ensureTerminator(*elseRegion, result.location);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void impl::printIfOp(Operation *op, OpAsmPrinter &p) {
  auto conditionAttr = dyn_cast_or_null<IntegerSetAttr>(op->getAttr("condition"));
  p << " " << Attribute(conditionAttr);
  printDimAndSymbolList(p, op->getOperands(), conditionAttr ? conditionAttr.getValue().getNumDims() : 0);
  p.printOptionalArrowTypeList(op->getResultTypes());
  p << ' ';
  bool printTerminators = op->getNumResults() != 0;
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, printTerminators);
  Region &elseRegion = op->getRegion(1);
  if (!elseRegion.empty()) {
    p << " else ";
    p.printRegion(elseRegion, /*printEntryBlockArgs=*/false, printTerminators);
  }
  p.printOptionalAttrDict(op->getAttrs(), {"condition"});
}

LogicalResult impl::verifyIfOp(Operation *op) {
  auto conditionAttr = dyn_cast_or_null<IntegerSetAttr>(op->getAttr("condition"));
  if (!conditionAttr)
    return op->emitOpError("requires an integer set attribute named 'condition'");
  IntegerSet condition = conditionAttr.getValue();
  if (op->getNumOperands() != condition.getNumInputs())
    return op->emitOpError("operand count and condition integer set dimension and symbol count must match");
  return verifyDimAndSymbolIdentifiers(op, op->getOperands(), condition.getNumDims());
}

//===----------------------------------------------------------------------===//
// affine.min / affine.max
//===----------------------------------------------------------------------===//

ParseResult impl::parseMinMaxOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  SmallVector<OpAsmParser::UnresolvedOperand, 4> dimInfos, symInfos;
  AffineMapAttr mapAttr;
  return failure(parser.parseAttribute(mapAttr, "map", result.attributes) ||
                 parser.parseOperandList(dimInfos, OpAsmParser::Delimiter::Paren) ||
                 parser.parseOperandList(symInfos, OpAsmParser::Delimiter::OptionalSquare) ||
                 parser.parseOptionalAttrDict(result.attributes) ||
                 parser.resolveOperands(dimInfos, indexTy, result.operands) ||
                 parser.resolveOperands(symInfos, indexTy, result.operands) ||
                 (result.types.push_back(indexTy), false));
}

void impl::printMinMaxOp(Operation *op, OpAsmPrinter &p) {
  AffineMapAttr mapAttr = getMapAttr(op, "map");
  p << ' ' << op->getAttr("map");
  OperandRange operands = op->getOperands();
  unsigned numDims = mapAttr ? mapAttr.getValue().getNumDims() : 0;
  if (numDims > operands.size())
    numDims = unsigned(operands.size());
  p << '(';
  p.printOperands(operands.take_front(numDims));
  p << ')';
  if (operands.size() != numDims) {
    p << '[';
    p.printOperands(operands.drop_front(numDims));
    p << ']';
  }
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
}

LogicalResult impl::verifyMinMaxOp(Operation *op) {
  AffineMap map = getMapAttr(op, "map").getValue();
  if (op->getNumOperands() != map.getNumDims() + map.getNumSymbols())
    return op->emitOpError("operand count and affine map dimension and symbol count must match");
  if (map.getNumResults() == 0)
    return op->emitOpError("affine map expect at least one result");
  return success();
}

//===----------------------------------------------------------------------===//
// arith::AtomicRMWKind (the reductions of affine.parallel)
//===----------------------------------------------------------------------===//

/// The cases of arith::AtomicRMWKind in LLVM 22's numbering.
static const char *const kAtomicRMWKinds[] = {"addf",    "addi", "andi", "assign",   "maximumf", "maxnumf",
                                              "maxs",    "maxu", "minimumf", "minnumf", "mins", "minu",
                                              "mulf",    "muli", "ori",  "xori"};

const char *impl::stringifyAtomicRMWKind(int64_t value) {
  if (value < 0 || value >= int64_t(sizeof(kAtomicRMWKinds) / sizeof(kAtomicRMWKinds[0])))
    return nullptr;
  return kAtomicRMWKinds[value];
}

std::optional<int64_t> impl::symbolizeAtomicRMWKind(std::string_view str) {
  for (size_t i = 0; i < sizeof(kAtomicRMWKinds) / sizeof(kAtomicRMWKinds[0]); ++i)
    if (str == kAtomicRMWKinds[i])
      return int64_t(i);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// affine.parallel
//===----------------------------------------------------------------------===//

/// The i32 elements of a groups attribute (empty if it is not one).
static std::vector<int64_t> getGroupSizes(Attribute attr) {
  std::vector<int64_t> sizes;
  auto elements = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!elements)
    return sizes;
  for (const APInt &v : elements.getIntValues())
    sizes.push_back(int64_t(v.getZExtValue()));
  return sizes;
}

static Attribute getI32TensorAttr(MLIRContext *ctx, ArrayRef<int32_t> values) {
  std::vector<APInt> ints;
  for (int32_t v : values)
    ints.push_back(APInt(32, uint64_t(int64_t(v)), /*isSigned=*/true));
  auto type = RankedTensorType::get({int64_t(values.size())}, IntegerType::get(ctx, 32));
  return DenseElementsAttr::get(type, ArrayRef<APInt>(ints));
}

static Attribute getI64ArrayAttr(MLIRContext *ctx, ArrayRef<int64_t> values) {
  std::vector<Attribute> attrs;
  Type i64 = IntegerType::get(ctx, 64);
  for (int64_t v : values)
    attrs.push_back(IntegerAttr::get(i64, v));
  return ArrayAttr::get(ctx, attrs);
}

/// A bound of affine.parallel: groups of one expression, or `max(...)` /
/// `min(...)` groups of several.
static void printMinMaxBound(OpAsmPrinter &p, AffineMapAttr mapAttr, Attribute groupsAttr, OperandRange operands,
                             std::string_view keyword) {
  AffineMap map = mapAttr.getValue();
  unsigned numDims = map.getNumDims();
  if (numDims > operands.size())
    numDims = unsigned(operands.size());
  ValueRange dimOperands = operands.take_front(numDims);
  ValueRange symOperands = operands.drop_front(numDims);
  unsigned start = 0;
  for (int64_t groupSize : getGroupSizes(groupsAttr)) {
    if (start != 0)
      p << ", ";
    unsigned size = unsigned(groupSize);
    if (start + size > map.getNumResults())
      break;
    if (size == 1) {
      p.printAffineExprOfSSAIds(map.getResult(start), dimOperands, symOperands);
      ++start;
    } else {
      p << keyword << '(';
      p.printAffineMapOfSSAIds(AffineMapAttr::get(map.getSliceMap(start, size)), operands);
      p << ')';
      start += size;
    }
  }
}

void impl::printParallelOp(Operation *op, OpAsmPrinter &p) {
  AffineMapAttr lbMap = getMapAttr(op, "lowerBoundsMap");
  AffineMapAttr ubMap = getMapAttr(op, "upperBoundsMap");
  unsigned numLbInputs = lbMap.getValue().getNumInputs();
  Block &body = op->getRegion(0).front();
  p << " (";
  p.printOperands(body.getArguments());
  p << ") = (";
  printMinMaxBound(p, lbMap, op->getAttr("lowerBoundsGroups"), operandsFrom(op, 0, numLbInputs), "max");
  p << ") to (";
  printMinMaxBound(p, ubMap, op->getAttr("upperBoundsGroups"), operandsFrom(op, numLbInputs, op->getNumOperands()),
                   "min");
  p << ')';

  std::vector<int64_t> steps;
  if (auto stepsAttr = dyn_cast_or_null<ArrayAttr>(op->getAttr("steps")))
    for (Attribute a : stepsAttr.getValue())
      if (auto i = dyn_cast<IntegerAttr>(a))
        steps.push_back(i.getValue().getSExtValue());
  bool elideSteps = true;
  for (int64_t s : steps)
    elideSteps &= s == 1;
  if (!elideSteps) {
    p << " step (";
    for (size_t i = 0; i < steps.size(); ++i) {
      if (i)
        p << ", ";
      p << (long long)steps[i];
    }
    p << ')';
  }
  if (op->getNumResults()) {
    p << " reduce (";
    bool first = true;
    if (auto reductions = dyn_cast_or_null<ArrayAttr>(op->getAttr("reductions")))
      for (Attribute a : reductions.getValue()) {
        if (!first)
          p << ", ";
        first = false;
        const char *kind = nullptr;
        if (auto i = dyn_cast<IntegerAttr>(a))
          kind = stringifyAtomicRMWKind(i.getValue().getSExtValue());
        p << "\"" << (kind ? kind : "") << "\"";
      }
    p << ") -> (" << op->getResultTypes() << ")";
  }
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/op->getNumResults() != 0);
  p.printOptionalAttrDict(op->getAttrs(), {"reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap",
                                           "upperBoundsGroups", "steps"});
}

/// Resolves lists of operands, deduplicating them; `replacements` gets the
/// dim (or symbol) expression each parsed operand maps to.
static ParseResult deduplicateAndResolveOperands(OpAsmParser &parser,
                                                 const std::vector<SmallVector<OpAsmParser::UnresolvedOperand, 4>> &operands,
                                                 SmallVectorImpl<Value> &uniqueOperands,
                                                 std::vector<AffineExpr> &replacements, bool isDim) {
  Type indexType = parser.getBuilder().getIndexType();
  for (const auto &list : operands) {
    SmallVector<Value, 4> values;
    if (parser.resolveOperands(list, indexType, values))
      return failure();
    for (Value operand : values) {
      unsigned pos = 0;
      while (pos < uniqueOperands.size() && uniqueOperands[pos] != operand)
        ++pos;
      if (pos == uniqueOperands.size())
        uniqueOperands.push_back(operand);
      replacements.push_back(isDim ? getAffineDimExpr(pos, parser.getContext())
                                   : getAffineSymbolExpr(pos, parser.getContext()));
    }
  }
  return success();
}

/// `(e1, max(e2, e3), ...)`: the flat map and the group sizes.
static ParseResult parseAffineMapWithMinMax(OpAsmParser &parser, OperationState &result, bool isMin) {
  std::string_view mapName = isMin ? "upperBoundsMap" : "lowerBoundsMap";
  std::string_view groupsName = isMin ? "upperBoundsGroups" : "lowerBoundsGroups";
  MLIRContext *ctx = parser.getContext();

  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen())) {
    result.addAttribute(mapName, AffineMapAttr::get(AffineMap::get(ctx)));
    result.addAttribute(groupsName, getI32TensorAttr(ctx, {}));
    return success();
  }

  std::vector<AffineExpr> flatExprs;
  std::vector<SmallVector<OpAsmParser::UnresolvedOperand, 4>> flatDimOperands, flatSymOperands;
  std::vector<int32_t> numMapsPerGroup;
  auto parseOperands = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalKeyword(isMin ? "min" : "max"))) {
      SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
      Attribute mapAttr;
      NamedAttrList scratch;
      if (parser.parseAffineMapOfSSAIds(mapOperands, mapAttr, "__pseudo_bound_map", scratch,
                                        OpAsmParser::Delimiter::Paren))
        return failure();
      AffineMap map = cast<AffineMapAttr>(mapAttr).getValue();
      for (AffineExpr e : map.getResults())
        flatExprs.push_back(e);
      SmallVector<OpAsmParser::UnresolvedOperand, 4> dims(mapOperands.begin(), mapOperands.begin() + map.getNumDims());
      SmallVector<OpAsmParser::UnresolvedOperand, 4> syms(mapOperands.begin() + map.getNumDims(), mapOperands.end());
      for (unsigned i = 0; i < map.getNumResults(); ++i) {
        flatDimOperands.push_back(dims);
        flatSymOperands.push_back(syms);
      }
      numMapsPerGroup.push_back(int32_t(map.getNumResults()));
      return success();
    }
    flatDimOperands.emplace_back();
    flatSymOperands.emplace_back();
    flatExprs.emplace_back();
    if (parser.parseAffineExprOfSSAIds(flatDimOperands.back(), flatSymOperands.back(), flatExprs.back()))
      return failure();
    numMapsPerGroup.push_back(1);
    return success();
  };
  if (parser.parseCommaSeparatedList(parseOperands) || parser.parseRParen())
    return failure();

  unsigned totalNumDims = 0, totalNumSyms = 0;
  for (size_t i = 0; i < flatExprs.size(); ++i) {
    unsigned numDims = unsigned(flatDimOperands[i].size());
    unsigned numSyms = unsigned(flatSymOperands[i].size());
    flatExprs[i] = flatExprs[i].shiftDims(numDims, totalNumDims).shiftSymbols(numSyms, totalNumSyms);
    totalNumDims += numDims;
    totalNumSyms += numSyms;
  }

  SmallVector<Value, 4> dimOperands, symOperands;
  std::vector<AffineExpr> dimReplacements, symReplacements;
  if (deduplicateAndResolveOperands(parser, flatDimOperands, dimOperands, dimReplacements, /*isDim=*/true) ||
      deduplicateAndResolveOperands(parser, flatSymOperands, symOperands, symReplacements, /*isDim=*/false))
    return failure();
  result.operands.insert(result.operands.end(), dimOperands.begin(), dimOperands.end());
  result.operands.insert(result.operands.end(), symOperands.begin(), symOperands.end());

  AffineMap flatMap = AffineMap::get(totalNumDims, totalNumSyms, flatExprs, ctx);
  flatMap = flatMap.replaceDimsAndSymbols(dimReplacements, symReplacements, unsigned(dimOperands.size()),
                                          unsigned(symOperands.size()));
  result.addAttribute(mapName, AffineMapAttr::get(flatMap));
  result.addAttribute(groupsName, getI32TensorAttr(ctx, numMapsPerGroup));
  return success();
}

ParseResult impl::parseParallelOp(OpAsmParser &parser, OperationState &result) {
  Builder builder = parser.getBuilder();
  MLIRContext *ctx = builder.getContext();
  Type indexType = builder.getIndexType();
  std::vector<OpAsmParser::Argument> ivs;
  if (parser.parseArgumentList(ivs, OpAsmParser::Delimiter::Paren) || parser.parseEqual() ||
      parseAffineMapWithMinMax(parser, result, /*isMin=*/false) || parser.parseKeyword("to") ||
      parseAffineMapWithMinMax(parser, result, /*isMin=*/true))
    return failure();

  if (failed(parser.parseOptionalKeyword("step"))) {
    result.addAttribute("steps", getI64ArrayAttr(ctx, std::vector<int64_t>(ivs.size(), 1)));
  } else {
    SmallVector<OpAsmParser::UnresolvedOperand, 4> stepsMapOperands;
    Attribute stepsMapAttr;
    NamedAttrList stepsAttrs;
    if (parser.parseAffineMapOfSSAIds(stepsMapOperands, stepsMapAttr, "steps", stepsAttrs,
                                      OpAsmParser::Delimiter::Paren))
      return failure();
    std::vector<int64_t> steps;
    for (AffineExpr e : cast<AffineMapAttr>(stepsMapAttr).getValue().getResults()) {
      auto constExpr = dyn_cast<AffineConstantExpr>(e);
      if (!constExpr)
        return parser.emitError(parser.getNameLoc(), "steps must be constant integers");
      steps.push_back(constExpr.getValue());
    }
    result.addAttribute("steps", getI64ArrayAttr(ctx, steps));
  }

  // `reduce ("addf", "maxf")`: strings naming AtomicRMWKind cases.
  std::vector<Attribute> reductions;
  if (succeeded(parser.parseOptionalKeyword("reduce"))) {
    if (parser.parseLParen())
      return failure();
    auto parseReduction = [&]() -> ParseResult {
      StringAttr attrVal;
      SMLoc loc = parser.getCurrentLocation();
      if (parser.parseAttribute(attrVal, builder.getNoneType()))
        return failure();
      std::optional<int64_t> reduction = symbolizeAtomicRMWKind(attrVal.getValue());
      if (!reduction)
        return parser.emitError(loc, "invalid reduction value: ") << Attribute(attrVal);
      reductions.push_back(IntegerAttr::get(IntegerType::get(ctx, 64), *reduction));
      return success();
    };
    if (parser.parseCommaSeparatedList(parseReduction) || parser.parseRParen())
      return failure();
  }
  result.addAttribute("reductions", ArrayAttr::get(ctx, reductions));

  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();

  Region *body = result.addRegion();
  for (auto &iv : ivs)
    iv.type = indexType;
  if (parser.parseRegion(*body, ivs) || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  ensureTerminator(*body, result.location);
  return success();
}

/// Whether a reduction kind accepts `type` (isResultTypeMatchAtomicRMWKind).
static bool resultTypeMatchesReduction(Type type, int64_t kind) {
  auto intType = dyn_cast<IntegerType>(type);
  std::string_view name = stringifyAtomicRMWKind(kind) ? stringifyAtomicRMWKind(kind) : "";
  if (name == "addf" || name == "mulf" || name == "maximumf" || name == "minimumf")
    return isa<FloatType>(type);
  if (name == "addi" || name == "muli" || name == "ori" || name == "andi")
    return bool(intType);
  if (name == "assign")
    return true;
  if (name == "maxs" || name == "mins")
    return intType && intType.isSigned();
  if (name == "maxu" || name == "minu")
    return intType && intType.isUnsigned();
  return false;
}

LogicalResult impl::verifyParallelOp(Operation *op) {
  Block &body = op->getRegion(0).front();
  auto steps = cast<ArrayAttr>(op->getAttr("steps"));
  auto lbGroups = cast<DenseIntElementsAttr>(op->getAttr("lowerBoundsGroups"));
  auto ubGroups = cast<DenseIntElementsAttr>(op->getAttr("upperBoundsGroups"));
  size_t numDims = steps.size();
  if (size_t(lbGroups.getNumElements()) != numDims || size_t(ubGroups.getNumElements()) != numDims ||
      body.getNumArguments() != numDims)
    return op->emitOpError() << "the number of region arguments (" << body.getNumArguments()
                             << ") and the number of map groups for lower (" << (long long)lbGroups.getNumElements()
                             << ") and upper bound (" << (long long)ubGroups.getNumElements()
                             << "), and the number of steps (" << (unsigned long long)steps.size()
                             << ") must all match";

  AffineMap lbMap = getMapAttr(op, "lowerBoundsMap").getValue();
  AffineMap ubMap = getMapAttr(op, "upperBoundsMap").getValue();
  unsigned expectedNumLBResults = 0;
  for (int64_t v : getGroupSizes(lbGroups)) {
    if (unsigned(v) == 0)
      return op->emitOpError() << "expected lower bound map to have at least one result";
    expectedNumLBResults += unsigned(v);
  }
  if (expectedNumLBResults != lbMap.getNumResults())
    return op->emitOpError() << "expected lower bounds map to have " << expectedNumLBResults << " results";
  unsigned expectedNumUBResults = 0;
  for (int64_t v : getGroupSizes(ubGroups)) {
    if (unsigned(v) == 0)
      return op->emitOpError() << "expected upper bound map to have at least one result";
    expectedNumUBResults += unsigned(v);
  }
  if (expectedNumUBResults != ubMap.getNumResults())
    return op->emitOpError() << "expected upper bounds map to have " << expectedNumUBResults << " results";

  auto reductions = cast<ArrayAttr>(op->getAttr("reductions"));
  if (reductions.size() != op->getNumResults())
    return op->emitOpError("a reduction must be specified for each output");
  for (size_t i = 0; i < reductions.size(); ++i) {
    auto intAttr = dyn_cast<IntegerAttr>(reductions.getValue()[i]);
    if (!intAttr || !stringifyAtomicRMWKind(intAttr.getValue().getSExtValue()))
      return op->emitOpError("invalid reduction attribute");
    if (!resultTypeMatchesReduction(op->getResult(unsigned(i)).getType(), intAttr.getValue().getSExtValue()))
      return op->emitOpError("result type cannot match reduction attribute");
  }

  unsigned numLbInputs = lbMap.getNumInputs();
  if (failed(verifyDimAndSymbolIdentifiers(op, operandsFrom(op, 0, numLbInputs), lbMap.getNumDims())))
    return failure();
  return verifyDimAndSymbolIdentifiers(op, operandsFrom(op, numLbInputs, op->getNumOperands()), ubMap.getNumDims());
}

//===----------------------------------------------------------------------===//
// affine.yield
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyYieldOp(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || (!isa<AffineParallelOp>(parent) && !isa<AffineIfOp>(parent) && !isa<AffineForOp>(parent)))
    return op->emitOpError() << "only terminates affine.if/for/parallel regions";
  if (parent->getNumResults() != op->getNumOperands())
    return op->emitOpError() << "parent of yield must have same number of results as the yield operands";
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (parent->getResult(i).getType() != op->getOperand(i).getType())
      return op->emitOpError() << "types mismatch between yield op and its parent";
  return success();
}

//===----------------------------------------------------------------------===//
// affine.delinearize_index / affine.linearize_index
//===----------------------------------------------------------------------===//

/// Counts the kDynamic markers of a static basis.
static size_t countDynamic(ArrayRef<int64_t> basis) {
  size_t n = 0;
  for (int64_t v : basis)
    n += ShapedType::isDynamic(v);
  return n;
}

static const char *const kBasisMismatch =
    "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this "
    "can only happen due to an incorrect fold/rewrite";

LogicalResult impl::verifyDelinearizeIndexOp(Operation *op) {
  ArrayRef<int64_t> staticBasis = cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
  if (op->getNumResults() != staticBasis.size() && op->getNumResults() != staticBasis.size() + 1)
    return op->emitOpError("should return an index for each basis element and up to one extra index");
  if (countDynamic(staticBasis) != ods::getOperandGroup(op, "dynamic_basis").size())
    return op->emitOpError(kBasisMismatch);
  for (int64_t v : staticBasis)
    if (v <= 0 && !ShapedType::isDynamic(v))
      return op->emitOpError("no basis element may be statically non-positive");
  return success();
}

LogicalResult impl::verifyLinearizeIndexOp(Operation *op) {
  ArrayRef<int64_t> staticBasis = cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
  size_t numIndexes = ods::getOperandGroup(op, "multi_index").size();
  if (numIndexes != staticBasis.size() && numIndexes != staticBasis.size() + 1)
    return op->emitOpError("should be passed a basis element for each index except possibly the first");
  if (countDynamic(staticBasis) != ods::getOperandGroup(op, "dynamic_basis").size())
    return op->emitOpError(kBasisMismatch);
  return success();
}

/// `(%a, 4, %b)`: SSA values and integers; integers go to the static list,
/// values leave a kDynamic marker there.
static ParseResult parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                         std::vector<int64_t> &integers) {
  auto parseIntegerOrValue = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    // A `[` marks a scalable index (accepted, not recorded here).
    bool scalable = succeeded(parser.parseOptionalLSquare());
    if (res.has_value() && succeeded(*res)) {
      values.push_back(operand);
      integers.push_back(ShapedType::kDynamic);
    } else {
      if (res.has_value())
        return failure();
      int64_t integer = 0;
      if (parser.parseInteger(integer))
        return failure();
      integers.push_back(integer);
    }
    if (scalable && failed(parser.parseOptionalRSquare()))
      return parser.emitError(parser.getNameLoc(), "requires an `]` after scalable index");
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseIntegerOrValue, " in dynamic index list"))
    return parser.emitError(parser.getNameLoc()) << "expected SSA value or integer";
  return success();
}

static void printDynamicIndexList(OpAsmPrinter &p, OperandRange values, ArrayRef<int64_t> integers) {
  p << '(';
  size_t dynamicIndex = 0;
  for (size_t i = 0; i < integers.size(); ++i) {
    if (i)
      p << ", ";
    if (ShapedType::isDynamic(integers[i])) {
      if (dynamicIndex < values.size())
        p.printOperand(values[dynamicIndex]);
      ++dynamicIndex;
    } else {
      p << (long long)integers[i];
    }
  }
  p << ')';
}

ParseResult impl::parseDynamicIndexListDirective(OpAsmParser &parser, OperationState &state,
                                                 ArrayRef<ods::CustomParseArg *> args) {
  std::vector<int64_t> integers;
  if (parseDynamicIndexList(parser, *args[0]->operands, integers))
    return failure();
  *args[1]->attr = DenseI64ArrayAttr::get(parser.getContext(), integers);
  return success();
}

void impl::printDynamicIndexListDirective(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args) {
  ArrayRef<int64_t> integers;
  if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr))
    integers = attr.asArrayRef();
  printDynamicIndexList(p, args[0].operands, integers);
}

/// `disjoint`? `[` multi_index `]` `by` (basis) attr-dict `:` type. Written
/// by hand because `disjoint` is a UnitProp: its property slot holds a
/// BoolAttr `false` when absent (printed `disjoint = false` in the generic
/// form), which the declarative format cannot express.
ParseResult impl::parseLinearizeIndexOp(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Type indexTy = parser.getBuilder().getIndexType();
  if (succeeded(parser.parseOptionalKeyword("disjoint")))
    result.addAttribute("disjoint", lamina::UnitAttr::get(ctx));
  SmallVector<OpAsmParser::UnresolvedOperand, 4> multiIndex, dynamicBasis;
  std::vector<int64_t> staticBasis;
  if (parser.parseLSquare() || parser.parseOperandList(multiIndex) || parser.parseRSquare() ||
      parser.parseKeyword("by") || parseDynamicIndexList(parser, dynamicBasis, staticBasis))
    return failure();
  result.addAttribute("static_basis", DenseI64ArrayAttr::get(ctx, staticBasis));
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  Type resultType;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(resultType))
    return failure();
  if (!isa<IndexType>(resultType))
    return parser.emitError(typeLoc, "invalid kind of type specified: expected builtin.index, but found '")
           << resultType << "'";
  result.types.push_back(resultType);
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(multiIndex.size()),
                                                                        int32_t(dynamicBasis.size())}));
  if (parser.resolveOperands(multiIndex, resultType, result.operands) ||
      parser.resolveOperands(dynamicBasis, indexTy, result.operands))
    return failure();
  return success();
}

void impl::printLinearizeIndexOp(Operation *op, OpAsmPrinter &p) {
  if (isa_and_nonnull<lamina::UnitAttr>(op->getAttr("disjoint")) ||
      (isa_and_nonnull<BoolAttr>(op->getAttr("disjoint")) && cast<BoolAttr>(op->getAttr("disjoint")).getValue()))
    p << " disjoint";
  p << " [";
  p.printOperands(ods::getOperandGroup(op, "multi_index"));
  p << "] by ";
  ArrayRef<int64_t> integers;
  if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr("static_basis")))
    integers = attr.asArrayRef();
  printDynamicIndexList(p, ods::getOperandGroup(op, "dynamic_basis"), integers);
  p.printOptionalAttrDict(op->getAttrs(), {"disjoint", "static_basis", "operandSegmentSizes"});
  p << " : " << op->getResult(0).getType();
}
