//===- AffineFolders.cpp - Folders of the affine ops ----------------------===//
//
// Every `hasFolder` of mlir/Dialect/Affine/IR/AffineOps.td and the folders
// of the two C++ ops (dma_start, dma_wait), with MLIR 22's rules:
//
//  * affine.apply folds to a dim/symbol operand, or to the constant (or
//    poison) its map evaluates to;
//  * affine.for folds constant bounds, composes and canonicalizes its bound
//    maps in place, and folds to its inits when it runs zero times;
//  * affine.if composes and canonicalizes its condition in place;
//  * affine.min/max fold constant results, or fold their map in place;
//  * affine.parallel composes its bound maps in place;
//  * memory ops fold memref.cast operands into themselves; affine.load also
//    reads elements of constant memref.globals;
//  * delinearize_index / linearize_index move constant basis operands into
//    the static basis, and evaluate constant indices.
//
// Also the dialect's constant materialization.
//
#include "AffineOpsImpl.h"

#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/IR/Block.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

OperandRange impl::getOperandSegment(Operation *op, unsigned index) {
  auto sizes = cast<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes")).asArrayRef();
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += unsigned(sizes[i]);
  return op->getOperands().slice(start, unsigned(sizes[index]));
}

void impl::setOperandSegment(Operation *op, unsigned index, ArrayRef<Value> operands) {
  auto sizesRef = cast<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes")).asArrayRef();
  std::vector<int32_t> sizes(sizesRef.begin(), sizesRef.end());
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += unsigned(sizes[i]);
  op->setOperands(start, unsigned(sizes[index]), ValueRange(operands));
  sizes[index] = int32_t(operands.size());
  op->setAttr("operandSegmentSizes", DenseI32ArrayAttr::get(op->getContext(), sizes));
}

LogicalResult impl::foldMemRefCast(Operation *op, Value inner) {
  bool folded = false;
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    Operation *cast = v.getDefiningOp();
    if (!cast || cast->getName().getStringRef() != "memref.cast" || cast->getNumOperands() != 1 || v == inner)
      continue;
    if (isa<UnrankedMemRefType>(cast->getOperand(0).getType()))
      continue;
    operand.set(cast->getOperand(0));
    folded = true;
  }
  return success(folded);
}

std::optional<int64_t> impl::getConstantIntValue(OpFoldResult ofr) {
  if (Attribute attr = ofr.getAttribute()) {
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return i.getValue().getSExtValue();
    return std::nullopt;
  }
  APInt value;
  if (Value v = ofr.getValue(); v && matchConstantInt(v, &value))
    return value.getSExtValue();
  return std::nullopt;
}

/// The static basis of delinearize_index / linearize_index.
static ArrayRef<int64_t> getStaticBasis(Operation *op) {
  return cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
}

SmallVector<OpFoldResult, 4> impl::getMixedBasis(Operation *op) {
  MLIRContext *ctx = op->getContext();
  OperandRange dynamic = ods::getOperandGroup(op, "dynamic_basis");
  SmallVector<OpFoldResult, 4> mixed;
  unsigned d = 0;
  for (int64_t v : getStaticBasis(op)) {
    if (ShapedType::isDynamic(v))
      mixed.push_back(d < dynamic.size() ? OpFoldResult(dynamic[d++]) : OpFoldResult());
    else
      mixed.push_back(IntegerAttr::get(IndexType::get(ctx), v));
  }
  return mixed;
}

//===----------------------------------------------------------------------===//
// affine.apply
//===----------------------------------------------------------------------===//

static OpFoldResult foldApply(Operation *op, ArrayRef<Attribute> operands) {
  AffineMap map = AffineApplyOp(op).getMap();
  if (!map || map.getNumResults() != 1 || map.getNumInputs() != op->getNumOperands())
    return {};
  AffineExpr expr = map.getResult(0);
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return op->getOperand(dim.getPosition());
  if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
    return op->getOperand(map.getNumDims() + sym.getPosition());
  std::vector<int64_t> results;
  bool hasPoison = false;
  bool folded = map.constantFold(operands, results, &hasPoison);
  if (hasPoison)
    return ub::PoisonAttr::get(op->getContext());
  if (!folded)
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), results[0]);
}

//===----------------------------------------------------------------------===//
// affine.for
//===----------------------------------------------------------------------===//

/// setLowerBound / setUpperBound.
static void setForBound(Operation *op, bool lower, ArrayRef<Value> operands, AffineMap map) {
  setOperandSegment(op, lower ? 0 : 1, operands);
  op->setAttr(lower ? "lowerBoundMap" : "upperBoundMap", AffineMapAttr::get(map));
}

/// foldLoopBounds: a bound whose map folds to constants becomes the
/// constant max (lower) or min (upper) of them.
static bool foldLoopBounds(AffineForOp forOp) {
  Operation *op = forOp.getOperation();
  auto foldBound = [&](bool lower) {
    OperandRange boundOperands = lower ? forOp.getLowerBoundOperands() : forOp.getUpperBoundOperands();
    SmallVector<Attribute, 8> constants;
    for (Value v : boundOperands) {
      Attribute cst;
      matchConstant(v, &cst);
      constants.push_back(cst);
    }
    AffineMap map = lower ? forOp.getLowerBoundMap() : forOp.getUpperBoundMap();
    std::vector<int64_t> folded;
    // constantFold declines a map whose inputs do not match the operands.
    if (!map.constantFold(constants, folded) || folded.empty())
      return false;
    int64_t bound = folded[0];
    for (int64_t v : folded)
      bound = lower ? std::max(bound, v) : std::min(bound, v);
    setForBound(op, lower, {}, AffineMap::getConstantMap(bound, op->getContext()));
    return true;
  };
  bool folded = false;
  if (!forOp.getLowerBoundMap().isSingleConstant())
    folded |= foldBound(/*lower=*/true);
  if (!forOp.getUpperBoundMap().isSingleConstant())
    folded |= foldBound(/*lower=*/false);
  return folded;
}

/// canonicalizeLoopBounds. (As in MLIR, the upper bound is simplified with
/// its operands before it is composed.)
static bool canonicalizeLoopBounds(AffineForOp forOp) {
  // Bounds whose operands do not match their maps (let through by the
  // generic form) stay as they are.
  if (forOp.getLowerBoundMap().getNumInputs() != forOp.getLowerBoundOperands().size() ||
      forOp.getUpperBoundMap().getNumInputs() != forOp.getUpperBoundOperands().size())
    return false;
  SmallVector<Value, 4> lbOperands, ubOperands;
  for (Value v : forOp.getLowerBoundOperands())
    lbOperands.push_back(v);
  for (Value v : forOp.getUpperBoundOperands())
    ubOperands.push_back(v);
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  AffineMap prevLbMap = lbMap, prevUbMap = ubMap;

  composeAffineMapAndOperands(&lbMap, &lbOperands);
  canonicalizeMapAndOperands(&lbMap, &lbOperands);
  simplifyMinOrMaxExprWithOperands(lbMap, lbOperands, /*isMax=*/true);
  simplifyMinOrMaxExprWithOperands(ubMap, ubOperands, /*isMax=*/false);
  lbMap = removeDuplicateExprs(lbMap);

  composeAffineMapAndOperands(&ubMap, &ubOperands);
  canonicalizeMapAndOperands(&ubMap, &ubOperands);
  ubMap = removeDuplicateExprs(ubMap);

  if (lbMap == prevLbMap && ubMap == prevUbMap)
    return false;
  if (lbMap != prevLbMap)
    setForBound(forOp.getOperation(), /*lower=*/true, lbOperands, lbMap);
  if (ubMap != prevUbMap)
    setForBound(forOp.getOperation(), /*lower=*/false, ubOperands, ubMap);
  return true;
}

static LogicalResult foldFor(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &results) {
  AffineForOp forOp(op);
  bool folded = foldLoopBounds(forOp);
  folded |= canonicalizeLoopBounds(forOp);
  std::optional<uint64_t> tripCount = getTrivialConstantTripCount(op);
  if (tripCount && *tripCount == 0 && op->getNumResults() != 0) {
    // The loop runs zero times: its results are its inits. (Not for a loop
    // without results, which folding could never remove.)
    for (Value v : forOp.getInits())
      results.push_back(v);
    folded = true;
  }
  return success(folded);
}

std::optional<uint64_t> impl::getTrivialConstantTripCount(Operation *op) {
  AffineForOp forOp(op);
  int64_t step = forOp.getStepAsInt();
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  if (!lbMap.isSingleConstant() || !ubMap.isSingleConstant() || step <= 0)
    return std::nullopt;
  return ceilTripCount(lbMap.getSingleConstantResult(), ubMap.getSingleConstantResult(), step);
}

std::optional<uint64_t> impl::ceilTripCount(int64_t lb, int64_t ub, int64_t step) {
  // MLIR computes `ub - lb <= 0 ? 0 : (ub - lb + step - 1) / step` in int64_t;
  // where that overflows, mlir-opt behaves as the comparison `ub <= lb` and
  // the rest in 64-bit unsigned arithmetic (e.g. 0 to 2 step 2^63-1 runs
  // once, -2^63 to 2^63-1 step 1 has a huge count): do exactly that.
  if (ub <= lb)
    return 0;
  return (uint64_t(ub) - uint64_t(lb) + uint64_t(step) - 1) / uint64_t(step);
}

//===----------------------------------------------------------------------===//
// affine.if
//===----------------------------------------------------------------------===//

static LogicalResult foldIf(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  IntegerSet set = AffineIfOp(op).getIntegerSet();
  if (!set)
    return failure();
  SmallVector<Value, 4> operands;
  for (Value v : op->getOperands())
    operands.push_back(v);
  composeSetAndOperands(set, operands);
  canonicalizeSetAndOperands(&set, &operands);
  if (set == AffineIfOp(op).getIntegerSet() && operands.size() == op->getNumOperands() &&
      std::equal(operands.begin(), operands.end(), op->getOperands().begin()))
    return failure();
  op->setAttr("condition", IntegerSetAttr::get(set));
  op->setOperands(ValueRange(ArrayRef<Value>(operands)));
  return success();
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

/// The constant value of `global` (memref::GlobalOp::getConstantInitValue).
static DenseElementsAttr getConstantInitValue(Operation *global) {
  if (!global->getAttr("constant"))
    return DenseElementsAttr();
  return dyn_cast_or_null<DenseElementsAttr>(global->getAttr("initial_value"));
}

static OpFoldResult foldLoad(Operation *op, ArrayRef<Attribute>) {
  // load(memrefcast) -> load
  if (succeeded(foldMemRefCast(op)))
    return op->getResult(0);

  // A load from a constant global memref.
  Operation *getGlobal = op->getOperand(0).getDefiningOp();
  if (!getGlobal || getGlobal->getName().getStringRef() != "memref.get_global")
    return {};
  auto nameAttr = dyn_cast_or_null<FlatSymbolRefAttr>(getGlobal->getAttr("name"));
  if (!nameAttr)
    return {};
  Operation *symbolTableOp = getGlobal->getParentOp();
  while (symbolTableOp && !symbolTableOp->hasTrait<OpTrait::SymbolTable>())
    symbolTableOp = symbolTableOp->getParentOp();
  if (!symbolTableOp)
    return {};
  Operation *global = SymbolTable::lookupSymbolIn(symbolTableOp, nameAttr.getAttr());
  if (!global || global->getName().getStringRef() != "memref.global")
    return {};
  DenseElementsAttr cst = getConstantInitValue(global);
  if (!cst)
    return {};
  if (cst.isSplat())
    return cst.getValue(0);
  AffineMap map = getMapAttr(op, "map").getValue();
  if (!map.isConstant())
    return {};
  // The row-major position of the constant indices.
  auto type = dyn_cast<ShapedType>(cst.getType());
  if (!type)
    return {};
  ArrayRef<int64_t> shape = type.getShape();
  std::vector<int64_t> indices = map.getConstantResults();
  if (indices.size() != shape.size())
    return {};
  int64_t flat = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= shape[i])
      return {};
    flat = flat * shape[i] + indices[i];
  }
  return cst.getValue(flat);
}

static LogicalResult foldStore(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  // store(memrefcast) -> store
  return foldMemRefCast(op, op->getOperand(0));
}

static LogicalResult foldMemRefCastOnly(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  return foldMemRefCast(op);
}

//===----------------------------------------------------------------------===//
// affine.min / affine.max
//===----------------------------------------------------------------------===//

template <bool isMin> static OpFoldResult foldMinMax(Operation *op, ArrayRef<Attribute> operands) {
  AffineMap map = getMapAttr(op, "map").getValue();
  std::vector<int64_t> results;
  AffineMap foldedMap = map.partialConstantFold(operands, &results);
  if (foldedMap.getNumSymbols() == 1 && foldedMap.isSymbolIdentity())
    return op->getOperand(0);
  if (results.empty()) {
    if (foldedMap == map)
      return {};
    op->setAttr("map", AffineMapAttr::get(foldedMap));
    return op->getResult(0);
  }
  int64_t value = isMin ? *std::min_element(results.begin(), results.end())
                        : *std::max_element(results.begin(), results.end());
  return IntegerAttr::get(IndexType::get(op->getContext()), value);
}

//===----------------------------------------------------------------------===//
// affine.parallel
//===----------------------------------------------------------------------===//

static LogicalResult foldParallel(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  AffineMap lbMap = getMapAttr(op, "lowerBoundsMap").getValue();
  AffineMap ubMap = getMapAttr(op, "upperBoundsMap").getValue();
  unsigned numLb = lbMap.getNumInputs();
  if (numLb > op->getNumOperands())
    return failure();
  SmallVector<Value, 4> lbOperands, ubOperands;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    (i < numLb ? lbOperands : ubOperands).push_back(op->getOperand(i));

  // AffineValueMap::canonicalize: compose, report any change.
  auto canonicalize = [](AffineMap &map, SmallVectorImpl<Value> &operands) {
    AffineMap newMap = map;
    SmallVector<Value, 4> newOperands(operands);
    composeAffineMapAndOperands(&newMap, &newOperands);
    if (newMap == map && newOperands.size() == operands.size() &&
        std::equal(newOperands.begin(), newOperands.end(), operands.begin()))
      return false;
    map = newMap;
    operands.assign(newOperands.begin(), newOperands.end());
    return true;
  };
  bool lbChanged = canonicalize(lbMap, lbOperands);
  bool ubChanged = canonicalize(ubMap, ubOperands);
  if (!lbChanged && !ubChanged)
    return failure();
  SmallVector<Value, 8> newOperands(lbOperands);
  for (Value v : ubOperands)
    newOperands.push_back(v);
  op->setOperands(ValueRange(ArrayRef<Value>(newOperands)));
  if (lbChanged)
    op->setAttr("lowerBoundsMap", AffineMapAttr::get(lbMap));
  if (ubChanged)
    op->setAttr("upperBoundsMap", AffineMapAttr::get(ubMap));
  return success();
}

//===----------------------------------------------------------------------===//
// affine.delinearize_index / affine.linearize_index
//===----------------------------------------------------------------------===//

/// foldCstValueToCstAttrBasis: erases the constant dynamic basis operands
/// and returns the new static basis, or nullopt if none is constant.
static std::optional<std::vector<int64_t>> foldConstantBasis(Operation *op, unsigned dynamicSegment,
                                                             ArrayRef<Attribute> dynamicConstants) {
  SmallVector<OpFoldResult, 4> mixed = getMixedBasis(op);
  SmallVector<Value, 4> kept;
  OperandRange dynamic = ods::getOperandGroup(op, "dynamic_basis");
  for (unsigned i = 0; i < dynamicConstants.size() && i < dynamic.size(); ++i)
    if (!dynamicConstants[i])
      kept.push_back(dynamic[i]);
  if (kept.size() == dynamic.size())
    return std::nullopt;
  std::vector<int64_t> staticBasis;
  for (const OpFoldResult &basis : mixed) {
    std::optional<int64_t> v = getConstantIntValue(basis);
    staticBasis.push_back(v ? *v : ShapedType::kDynamic);
  }
  if (dynamicSegment == ~0u) {
    // delinearize_index: the dynamic basis follows the linear index.
    op->setOperands(1, unsigned(dynamic.size()), ValueRange(ArrayRef<Value>(kept)));
  } else {
    setOperandSegment(op, dynamicSegment, kept);
  }
  return staticBasis;
}

static LogicalResult foldDelinearize(Operation *op, ArrayRef<Attribute> operands,
                                     SmallVectorImpl<OpFoldResult> &results) {
  if (std::optional<std::vector<int64_t>> staticBasis =
          foldConstantBasis(op, ~0u, operands.drop_front(1))) {
    op->setAttr("static_basis", DenseI64ArrayAttr::get(op->getContext(), *staticBasis));
    return success();
  }
  // Nothing to divide when the only basis element is advisory.
  if (op->getNumResults() == 1) {
    results.push_back(op->getOperand(0));
    return success();
  }
  auto linear = dyn_cast_or_null<IntegerAttr>(operands[0]);
  if (!linear || operands.size() != 1)
    return failure();
  int64_t highPart = linear.getValue().getSExtValue();
  Type type = op->getOperand(0).getType();
  ArrayRef<int64_t> staticBasis = getStaticBasis(op);
  if (staticBasis.size() == op->getNumResults())
    staticBasis = staticBasis.drop_front();
  std::vector<Attribute> reversed;
  for (auto it = staticBasis.rbegin(); it != staticBasis.rend(); ++it) {
    int64_t modulus = *it;
    if (modulus <= 0)
      return failure();
    int64_t r = highPart % modulus;
    if (r < 0)
      r += modulus;
    reversed.push_back(IntegerAttr::get(type, r));
    int64_t q = highPart / modulus;
    highPart = (highPart % modulus != 0 && highPart < 0) ? q - 1 : q;
  }
  reversed.push_back(IntegerAttr::get(type, highPart));
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
    results.push_back(*it);
  return success();
}

static OpFoldResult foldLinearize(Operation *op, ArrayRef<Attribute> operands) {
  OperandRange multiIndex = ods::getOperandGroup(op, "multi_index");
  size_t numIndices = multiIndex.size();
  if (std::optional<std::vector<int64_t>> staticBasis =
          foldConstantBasis(op, /*dynamicSegment=*/1, operands.drop_front(numIndices))) {
    op->setAttr("static_basis", DenseI64ArrayAttr::get(op->getContext(), *staticBasis));
    return op->getResult(0);
  }
  Type type = op->getResult(0).getType();
  if (numIndices == 0)
    return IntegerAttr::get(type, int64_t(0));
  if (numIndices == 1)
    return multiIndex[0];
  ArrayRef<Attribute> indexConstants = operands.take_front(numIndices);
  for (Attribute a : indexConstants)
    if (!a || !isa<IntegerAttr>(a))
      return {};
  if (operands.size() != numIndices)
    return {};
  ArrayRef<int64_t> staticBasis = getStaticBasis(op);
  uint64_t result = 0, stride = 1;
  size_t n = std::min(staticBasis.size(), numIndices);
  for (size_t i = 0; i < n; ++i) {
    int64_t length = staticBasis[staticBasis.size() - 1 - i];
    int64_t index = cast<IntegerAttr>(indexConstants[numIndices - 1 - i]).getValue().getSExtValue();
    result += uint64_t(index) * stride;
    stride *= uint64_t(length);
  }
  if (numIndices != staticBasis.size())
    result += uint64_t(cast<IntegerAttr>(indexConstants[0]).getValue().getSExtValue()) * stride;
  return IntegerAttr::get(type, int64_t(result));
}

//===----------------------------------------------------------------------===//
// Registration and materialization
//===----------------------------------------------------------------------===//

void impl::registerAffineFolders(AffineDialect &dialect) {
  using ods::attachFolder;
  attachFolder(dialect, AffineApplyOp::getOperationName(), foldApply);
  attachFolder(dialect, AffineForOp::getOperationName(), foldFor);
  attachFolder(dialect, AffineIfOp::getOperationName(), foldIf);
  attachFolder(dialect, AffineLoadOp::getOperationName(), foldLoad);
  attachFolder(dialect, AffineStoreOp::getOperationName(), foldStore);
  attachFolder(dialect, AffineMinOp::getOperationName(), foldMinMax<true>);
  attachFolder(dialect, AffineMaxOp::getOperationName(), foldMinMax<false>);
  attachFolder(dialect, AffinePrefetchOp::getOperationName(), foldMemRefCastOnly);
  attachFolder(dialect, AffineParallelOp::getOperationName(), foldParallel);
  attachFolder(dialect, AffineDmaStartOp::getOperationName(), foldMemRefCastOnly);
  attachFolder(dialect, AffineDmaWaitOp::getOperationName(), foldMemRefCastOnly);
  attachFolder(dialect, AffineDelinearizeIndexOp::getOperationName(), foldDelinearize);
  attachFolder(dialect, AffineLinearizeIndexOp::getOperationName(), foldLinearize);
}

Operation *AffineDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (auto poison = dyn_cast<ub::PoisonAttr>(value)) {
    OperationState state(loc, ub::PoisonOp::getOperationName());
    state.addAttribute("value", poison);
    state.addType(type);
    return builder.create(state);
  }
  // arith::ConstantOp::materialize: only values arith.constant can hold.
  Dialect *arith = getContext()->getLoadedDialect("arith");
  return arith ? arith->materializeConstant(builder, value, type, loc) : nullptr;
}
