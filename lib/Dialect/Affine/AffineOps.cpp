//===- AffineOps.cpp - The affine ops: definitions, syntax, verifiers -----===//
//
// Definitions follow mlir/Dialect/Affine/IR/AffineOps.td as of LLVM 22
// (delinearize_index/linearize_index with a mixed static/dynamic basis,
// vector ops on non-0-D vectors) plus the two ops MLIR writes in C++
// (affine.dma_start, affine.dma_wait).
//
// Custom syntax and verifiers of the affine control-flow and index ops, as
// mlir/lib/Dialect/Affine/IR/AffineOps.cpp (LLVM 22) defines them. Those of
// the memory ops live in AffineMemoryOps.cpp, those of
// delinearize_index/linearize_index in AffineIndexOps.cpp.
//
#include "AffineOpsImpl.h"

#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/IR/Block.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/ShapedOpInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

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
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, AffineYieldOp::getOperationName());
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
  OpTrait::impl::ensureImplicitTerminator(*thenRegion, result.location, AffineYieldOp::getOperationName());
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    OpTrait::impl::ensureImplicitTerminator(*elseRegion, result.location, AffineYieldOp::getOperationName());
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
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, AffineYieldOp::getOperationName());
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
// Constraints
//===----------------------------------------------------------------------===//

/// `Variadic<T>`: the summary MLIR prints is "variadic of <T summary>".
static ods::TypeConstraint variadicOf(ods::TypeConstraint c) {
  c.summary = "variadic of " + c.summary;
  return c;
}

/// `AnyVectorOfNonZeroRank`.
static ods::TypeConstraint anyVectorOfNonZeroRank() {
  return ods::TypeOf("vector of any type values", [](Type t) {
    auto v = dyn_cast<VectorType>(t);
    return v && v.getRank() > 0;
  });
}

/// `I32ElementsAttr`.
static ods::AttrConstraint i32ElementsAttr() {
  return ods::AttrOf("32-bit signless integer elements attribute", [](Attribute a) {
    auto d = dyn_cast<DenseIntElementsAttr>(a);
    return d && d.getElementType().isSignlessInteger(32);
  });
}

/// `TypedArrayAttrBase<AtomicRMWKindAttr, "Reduction ops">`.
static ods::AttrConstraint reductionsAttr() {
  return ods::AttrOf("Reduction ops", [](Attribute a) {
    auto array = dyn_cast<ArrayAttr>(a);
    if (!array)
      return false;
    for (Attribute e : array.getValue()) {
      auto i = dyn_cast<IntegerAttr>(e);
      if (!i || !i.getType().isSignlessInteger(64) || !stringifyAtomicRMWKind(i.getValue().getSExtValue()))
        return false;
    }
    return true;
  });
}

/// `ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>`.
static ods::AttrConstraint localityHintAttr() {
  ods::AttrConstraint c = ods::IntAttr(32);
  auto base = c.pred;
  c.summary += " whose minimum value is 0 whose maximum value is 3";
  c.pred = [base](Attribute a) {
    if (!base(a))
      return false;
    int64_t v = cast<IntegerAttr>(a).getValue().getSExtValue();
    return v >= 0 && v <= 3;
  };
  return c;
}

/// `UnitProp` of linearize_index: a UnitAttr when set, BoolAttr `false`
/// (its attribute form) when not.
static ods::AttrConstraint unitPropAttr() {
  ods::AttrConstraint c = ods::AttrOf("unit property", [](Attribute a) {
    return isa<lamina::UnitAttr>(a) || isa<BoolAttr>(a);
  });
  c.constBuilder = [](MLIRContext *ctx, std::string_view) -> Attribute { return BoolAttr::get(ctx, false); };
  return c;
}

//===----------------------------------------------------------------------===//
// Interface implementations
//===----------------------------------------------------------------------===//

namespace {
/// The map attribute `name` of `op` as a NamedAttribute.
NamedAttribute namedMap(Operation *op, std::string_view name) {
  return NamedAttribute(StringAttr::get(op->getContext(), name), op->getAttr(name));
}

/// Loads and stores: one memref, indexed by the `map` attribute.
NamedAttribute mapForMemRef(Operation *op, Value) { return namedMap(op, "map"); }
AffineMap mapOf(Operation *op) {
  auto attr = dyn_cast_or_null<AffineMapAttr>(op->getAttr("map"));
  return attr ? attr.getValue() : AffineMap();
}
Value operand0(Operation *op) { return op->getOperand(0); }
Value operand1(Operation *op) { return op->getOperand(1); }
Value result0(Operation *op) { return op->getResult(0); }
OperandRange operandsAfter1(Operation *op) { return op->getOperands().drop_front(1); }
OperandRange operandsAfter2(Operation *op) { return op->getOperands().drop_front(2); }

ods::Trait affineRead() {
  return ods::Implements<AffineReadOpInterface>({operand0, mapOf, operandsAfter1, result0});
}
ods::Trait affineWrite() {
  return ods::Implements<AffineWriteOpInterface>({operand1, mapOf, operandsAfter2, operand0});
}
ods::Trait mapAccess() { return ods::Implements<AffineMapAccessInterface>({mapForMemRef}); }

/// affine.dma_start: the source, destination and tag memrefs each have a
/// map; the operand layout follows from the maps' inputs.
struct DmaOperands {
  unsigned src = 0, dst = 0, tag = 0;
  bool valid = false;
};
DmaOperands dmaStartOperands(Operation *op) {
  auto s = dyn_cast_or_null<AffineMapAttr>(op->getAttr("src_map"));
  auto d = dyn_cast_or_null<AffineMapAttr>(op->getAttr("dst_map"));
  DmaOperands r;
  if (!s || !d || !op->getAttr("tag_map"))
    return r;
  r.dst = 1 + s.getValue().getNumInputs();
  r.tag = r.dst + 1 + d.getValue().getNumInputs();
  r.valid = r.tag < op->getNumOperands();
  return r;
}
NamedAttribute dmaStartMapForMemRef(Operation *op, Value memref) {
  DmaOperands l = dmaStartOperands(op);
  if (l.valid && memref == op->getOperand(l.src))
    return namedMap(op, "src_map");
  if (l.valid && memref == op->getOperand(l.dst))
    return namedMap(op, "dst_map");
  return namedMap(op, "tag_map");
}
NamedAttribute dmaWaitMapForMemRef(Operation *op, Value) { return namedMap(op, "tag_map"); }

/// AffineDmaStartOp::getEffects: reads the source and the tag, writes the
/// destination.
void dmaStartEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  DmaOperands l = dmaStartOperands(op);
  if (!l.valid)
    return;
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(l.src)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), &op->getOpOperand(l.dst)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(l.tag)));
}
/// AffineDmaWaitOp::getEffects: reads the tag.
void dmaWaitEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (op->getNumOperands())
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(0)));
}

/// The constant the single-result map `attr` yields, if any.
std::optional<int64_t> constantBound(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<AffineMapAttr>(op->getAttr(name));
  if (!attr || attr.getValue().getNumResults() != 1)
    return std::nullopt;
  if (auto c = dyn_cast<AffineConstantExpr>(attr.getValue().getResult(0)))
    return c.getValue();
  return std::nullopt;
}

/// getTrivialConstantTripCount: the trip count of a loop with constant
/// bounds and a positive step.
std::optional<uint64_t> forTripCount(Operation *op) {
  int64_t step = AffineForOp(op).getStepAsInt();
  std::optional<int64_t> lb = constantBound(op, "lowerBoundMap"), ub = constantBound(op, "upperBoundMap");
  if (!lb || !ub || step <= 0)
    return std::nullopt;
  return impl::ceilTripCount(*lb, *ub, step);
}

ValueRange forIterArgs(Operation *op) {
  Region &body = op->getRegion(0);
  if (body.empty() || body.front().getNumArguments() == 0)
    return ValueRange();
  return body.front().getArguments().drop_front(1);
}

/// AffineForOp::getSuccessorRegions: the body or the parent, narrowed by a
/// constant trip count.
void forSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  std::optional<uint64_t> tripCount = forTripCount(op);
  if (point.isParent() && tripCount) {
    if (*tripCount > 0) {
      regions.push_back(RegionSuccessor(&op->getRegion(0), forIterArgs(op)));
      return;
    }
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  if (!point.isParent() && tripCount == 1) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  regions.push_back(RegionSuccessor(&op->getRegion(0), forIterArgs(op)));
  regions.push_back(RegionSuccessor::parent(op));
}

OperandRange forEntryOperands(Operation *op, RegionSuccessor) { return AffineForOp(op).getInits(); }

/// A loop with step 1 terminates whatever its bounds.
Speculation::Speculatability forSpeculatability(Operation *op) {
  return AffineForOp(op).getStepAsInt() == 1 ? Speculation::RecursivelySpeculatable : Speculation::NotSpeculatable;
}

SmallVector<Region *, 1> firstRegion(Operation *op) {
  SmallVector<Region *, 1> regions;
  regions.push_back(&op->getRegion(0));
  return regions;
}
/// AffineForOp's getLoopLowerBounds/UpperBounds/Steps: constant bounds as
/// i64 attributes (nothing for a non-constant bound).
std::optional<SmallVector<OpFoldResult, 2>> forConstantBound(AffineMap map, MLIRContext *ctx) {
  if (!map.isSingleConstant())
    return std::nullopt;
  return SmallVector<OpFoldResult, 2>{
      OpFoldResult(IntegerAttr::get(IntegerType::get(ctx, 64), APInt(64, uint64_t(map.getSingleConstantResult()))))};
}
std::optional<SmallVector<OpFoldResult, 2>> forLowerBound(Operation *op) {
  return forConstantBound(AffineForOp(op).getLowerBoundMap(), op->getContext());
}
std::optional<SmallVector<OpFoldResult, 2>> forUpperBound(Operation *op) {
  return forConstantBound(AffineForOp(op).getUpperBoundMap(), op->getContext());
}
std::optional<SmallVector<OpFoldResult, 2>> forStep(Operation *op) {
  return SmallVector<OpFoldResult, 2>{OpFoldResult(
      IntegerAttr::get(IntegerType::get(op->getContext(), 64), APInt(64, uint64_t(AffineForOp(op).getStepAsInt()))))};
}

std::optional<SmallVector<Value, 2>> forInductionVars(Operation *op) {
  SmallVector<Value, 2> ivs;
  Region &body = op->getRegion(0);
  if (!body.empty() && body.front().getNumArguments())
    ivs.push_back(body.front().getArgument(0));
  return ivs;
}
MutableArrayRef<OpOperand> forInits(Operation *op) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 2);
  return op->getOpOperands().slice(start, length);
}
std::optional<MutableArrayRef<OpOperand>> forYielded(Operation *op) {
  Region &body = op->getRegion(0);
  if (body.empty() || body.front().empty() || !isa<AffineYieldOp>(&body.front().back()))
    return std::nullopt;
  return body.front().back().getOpOperands();
}
std::optional<ResultRange> allResults(Operation *op) { return op->getResults(); }

std::optional<SmallVector<Value, 2>> allBodyArgs(Operation *op) {
  SmallVector<Value, 2> ivs;
  Region &body = op->getRegion(0);
  if (!body.empty())
    for (Value arg : body.front().getArguments())
      ivs.push_back(arg);
  return ivs;
}

/// AffineIfOp::getSuccessorRegions.
void ifSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  regions.push_back(RegionSuccessor(&thenRegion, thenRegion.getArguments()));
  if (elseRegion.empty())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&elseRegion, elseRegion.getArguments()));
}
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void impl::registerAffineOps(AffineDialect &dialect) {
  ods::TypeConstraint indexList = variadicOf(ods::Index());
  ods::Trait implicitTerminator = ods::SingleBlockImplicitTerminator(AffineYieldOp::getOperationName());

  // Ops MLIR defines in C++ (no properties: the maps are discardable).
  ods::OpDef(AffineDmaStartOp::getOperationName(), TypeID::get<AffineDmaStartOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Implements<AffineMapAccessInterface>({dmaStartMapForMemRef}),
               ods::Implements<MemoryEffectOpInterface>({dmaStartEffects})})
      .customAssembly(parseDmaStartOp, printDmaStartOp)
      .verifier(verifyDmaStartOp)
      .registerIn(dialect);

  ods::OpDef(AffineDmaWaitOp::getOperationName(), TypeID::get<AffineDmaWaitOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Implements<AffineMapAccessInterface>({dmaWaitMapForMemRef}),
               ods::Implements<MemoryEffectOpInterface>({dmaWaitEffects})})
      .customAssembly(parseDmaWaitOp, printDmaWaitOp)
      .verifier(verifyDmaWaitOp)
      .registerIn(dialect);

  ods::OpDef(AffineApplyOp::getOperationName(), TypeID::get<AffineApplyOp>())
      .attr("map", ods::AffineMapAttr())
      .variadicOperand("mapOperands", indexList)
      .result("", ods::Index())
      .traits({ods::Pure()})
      .customAssembly(parseApplyOp, printApplyOp)
      .verifier(verifyApplyOp)
      .registerIn(dialect);

  ods::OpDef(AffineForOp::getOperationName(), TypeID::get<AffineForOp>())
      .variadicOperand("lowerBoundOperands", indexList)
      .variadicOperand("upperBoundOperands", indexList)
      .variadicOperand("inits")
      .attr("lowerBoundMap", ods::AffineMapAttr())
      .attr("upperBoundMap", ods::AffineMapAttr())
      .attr("step", ods::IndexAttr())
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AttrSizedOperandSegments(), ods::AutomaticAllocationScope(), implicitTerminator,
               ods::Implements<ConditionallySpeculatable>({forSpeculatability}), ods::RecursiveMemoryEffects(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion,
                                                     .getLoopInductionVars = forInductionVars,
                                                     .getInitsMutable = forInits,
                                                     .getRegionIterArgs = forIterArgs,
                                                     .getYieldedValuesMutable = forYielded,
                                                     .getLoopResults = allResults,
                                                     .getLoopLowerBounds = forLowerBound,
                                                     .getLoopUpperBounds = forUpperBound,
                                                     .getLoopSteps = forStep}),
               ods::Implements<RegionBranchOpInterface>(
                   {.getEntrySuccessorOperands = forEntryOperands, .getSuccessorRegions = forSuccessors})})
      .customAssembly(parseForOp, printForOp)
      .regionVerifier(verifyForOpRegions)
      .registerIn(dialect);

  ods::OpDef(AffineIfOp::getOperationName(), TypeID::get<AffineIfOp>())
      .variadicOperand("")
      .attr("condition", ods::IntegerSetAttr())
      .variadicResult("results")
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::AnyRegion())
      .traits({implicitTerminator, ods::RecursivelySpeculatable(), ods::RecursiveMemoryEffects(),
               ods::NoRegionArguments(), ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = ifSuccessors})})
      .customAssembly(parseIfOp, printIfOp)
      .verifier(verifyIfOp)
      .registerIn(dialect);

  ods::OpDef(AffineLoadOp::getOperationName(), TypeID::get<AffineLoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result")
      .traits({affineRead(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseLoadOp, printLoadOp)
      .verifier(verifyLoadOp)
      .registerIn(dialect);

  for (std::string_view name : {AffineMinOp::getOperationName(), AffineMaxOp::getOperationName()}) {
    TypeID id = name == AffineMinOp::getOperationName() ? TypeID::get<AffineMinOp>() : TypeID::get<AffineMaxOp>();
    ods::OpDef(name, id)
        .attr("map", ods::AffineMapAttr())
        .variadicOperand("operands", indexList)
        .result("", ods::Index())
        .traits({ods::Pure()})
        .customAssembly(parseMinMaxOp, printMinMaxOp)
        .verifier(verifyMinMaxOp)
        .registerIn(dialect);
  }

  ods::OpDef(AffineParallelOp::getOperationName(), TypeID::get<AffineParallelOp>())
      .attr("reductions", reductionsAttr())
      .attr("lowerBoundsMap", ods::AffineMapAttr())
      .attr("lowerBoundsGroups", i32ElementsAttr())
      .attr("upperBoundsMap", ods::AffineMapAttr())
      .attr("upperBoundsGroups", i32ElementsAttr())
      .attr("steps", ods::IntArrayAttr(64))
      .variadicOperand("mapOperands", indexList)
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AutomaticAllocationScope(), implicitTerminator, ods::RecursivelySpeculatable(),
               ods::RecursiveMemoryEffects(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion, .getLoopInductionVars = allBodyArgs}),
               ods::MemRefsNormalizable()})
      .customAssembly(parseParallelOp, printParallelOp)
      .verifier(verifyParallelOp)
      .registerIn(dialect);

  ods::OpDef(AffinePrefetchOp::getOperationName(), TypeID::get<AffinePrefetchOp>())
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("isWrite", ods::BoolAttr())
      .attr("localityHint", localityHintAttr())
      .attr("isDataCache", ods::BoolAttr())
      .attr("map", ods::AffineMapAttr())
      .traits({mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parsePrefetchOp, printPrefetchOp)
      .verifier(verifyPrefetchOp)
      .registerIn(dialect);

  ods::OpDef(AffineStoreOp::getOperationName(), TypeID::get<AffineStoreOp>())
      .operand("value")
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({affineWrite(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseStoreOp, printStoreOp)
      .verifier(verifyStoreOp)
      .registerIn(dialect);

  ods::OpDef(AffineYieldOp::getOperationName(), TypeID::get<AffineYieldOp>())
      .variadicOperand("operands")
      .traits({ods::Pure(), ods::IsTerminator(), ods::ReturnLike(), ods::MemRefsNormalizable()})
      .format("attr-dict ($operands^ `:` type($operands))?")
      .verifier(verifyYieldOp)
      .registerIn(dialect);

  ods::OpDef(AffineVectorLoadOp::getOperationName(), TypeID::get<AffineVectorLoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result", anyVectorOfNonZeroRank())
      .traits({affineRead(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseVectorLoadOp, printVectorLoadOp)
      .verifier(verifyVectorLoadOp)
      .registerIn(dialect);

  ods::OpDef(AffineVectorStoreOp::getOperationName(), TypeID::get<AffineVectorStoreOp>())
      .operand("value", anyVectorOfNonZeroRank())
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({affineWrite(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseVectorStoreOp, printVectorStoreOp)
      .verifier(verifyVectorStoreOp)
      .registerIn(dialect);

  ods::CustomDirective dynamicIndexList{"DynamicIndexList", parseDynamicIndexListDirective,
                                        printDynamicIndexListDirective, nullptr};

  ods::OpDef(AffineDelinearizeIndexOp::getOperationName(), TypeID::get<AffineDelinearizeIndexOp>())
      .operand("linear_index", ods::Index())
      .variadicOperand("dynamic_basis", indexList)
      .attr("static_basis", ods::DenseI64ArrayAttr())
      .variadicResult("multi_index", indexList)
      .traits({ods::Pure()})
      .directive(dynamicIndexList)
      .format("$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis, \"{}\", "
              "\"::mlir::AsmParser::Delimiter::Paren\") attr-dict `:` type($multi_index)")
      .verifier(verifyDelinearizeIndexOp)
      .registerIn(dialect);

  ods::OpDef(AffineLinearizeIndexOp::getOperationName(), TypeID::get<AffineLinearizeIndexOp>())
      .variadicOperand("multi_index", indexList)
      .variadicOperand("dynamic_basis", indexList)
      .attr("static_basis", ods::DenseI64ArrayAttr())
      .defaultAttr("disjoint", unitPropAttr(), "false")
      .result("linear_index", ods::Index())
      .traits({ods::Pure(), ods::AttrSizedOperandSegments()})
      .customAssembly(parseLinearizeIndexOp, printLinearizeIndexOp)
      .verifier(verifyLinearizeIndexOp)
      .registerIn(dialect);
}
