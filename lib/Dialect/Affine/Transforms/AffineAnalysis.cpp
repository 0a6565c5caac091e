//===- AffineAnalysis.cpp - Iteration domains and memref dependences ------===//
//
// MLIR's FlatAffineValueConstraints domain builders (affine.for / if /
// parallel), MemRefAccess and checkMemrefAccessDependence, on
// IntegerConstraints. The dependence system has the columns MLIR's has:
// [src dims, dst dims, symbols, locals, constant], the src/dst dims being
// the iteration domains' dims (induction variables, then any other dim
// operand of the access), the symbols merged by value.
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"

#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/IR/AffineFlattening.h"
#include "lamina/IR/Block.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/Region.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::affine;

//===----------------------------------------------------------------------===//
// Bounds from maps and sets
//===----------------------------------------------------------------------===//

/// The column of `cst` for `value`, appending a symbol (with its constant
/// value as an equality if it is a constant) if it is not there yet.
static std::optional<unsigned> getOrAddVar(IntegerConstraints &cst, Value value, bool asDim) {
  unsigned pos;
  if (cst.findVar(value, &pos))
    return pos;
  if (asDim && !isValidSymbol(value)) {
    pos = cst.appendVar(VarKind::Dim);
    cst.setValue(pos, value);
    return pos;
  }
  if (!isValidSymbol(value))
    return std::nullopt;
  pos = cst.appendVar(VarKind::Symbol);
  cst.setValue(pos, value);
  APInt constant;
  if (matchConstantInt(value, &constant))
    cst.addBound(BoundType::EQ, pos, constant.getSExtValue());
  return pos;
}

LogicalResult affine::flattenIntoSystem(IntegerConstraints &cst, ArrayRef<AffineExpr> exprs, unsigned numDims,
                                       unsigned numSymbols, ArrayRef<unsigned> operandCols,
                                       std::vector<std::vector<int64_t>> &rows) {
  std::vector<std::vector<int64_t>> flat;
  std::vector<FlatLocalDivision> locals;
  if (!flattenAffineExprs(exprs, numDims, numSymbols, flat, locals))
    return failure();
  unsigned numInputs = numDims + numSymbols;
  std::vector<unsigned> localCols;
  // Maps a flat row (over inputs, the first `numLocalsKnown` locals and the
  // constant) to the columns of `cst`.
  auto place = [&](const std::vector<int64_t> &flatRow) {
    std::vector<int64_t> row(cst.getNumCols(), 0);
    for (unsigned i = 0; i < numInputs; ++i)
      row[operandCols[i]] += flatRow[i];
    for (unsigned l = 0; l < localCols.size(); ++l)
      row[localCols[l]] += flatRow[numInputs + l];
    row.back() += flatRow.back();
    return row;
  };
  for (const FlatLocalDivision &local : locals) {
    if (local.divisor <= 0)
      return failure();
    std::vector<int64_t> dividend = place(local.dividend);
    localCols.push_back(cst.addLocalFloorDiv(dividend, local.divisor));
  }
  rows.clear();
  for (const std::vector<int64_t> &f : flat)
    rows.push_back(place(f));
  return success();
}

LogicalResult affine::addBoundFromMap(IntegerConstraints &cst, BoundType type, unsigned pos, AffineMap map,
                                      ArrayRef<Value> boundOperands, bool closed) {
  SmallVector<Value, 4> operands;
  for (Value v : boundOperands)
    operands.push_back(v);
  fullyComposeAffineMapAndOperands(&map, &operands);
  map = simplifyAffineMap(map);
  canonicalizeMapAndOperands(&map, &operands);
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < operands.size(); ++i) {
    std::optional<unsigned> col = getOrAddVar(cst, operands[i], i < map.getNumDims());
    if (!col)
      return failure();
    cols.push_back(*col);
  }
  // Appending symbols shifts the locals: look the columns up again.
  for (unsigned i = 0; i < operands.size(); ++i)
    cst.findVar(operands[i], &cols[i]);
  std::vector<std::vector<int64_t>> rows;
  if (failed(flattenIntoSystem(cst, map.getResults(), map.getNumDims(), map.getNumSymbols(), cols, rows)))
    return failure();
  bool lower = type == BoundType::LB;
  for (std::vector<int64_t> &row : rows) {
    if (row[pos] != 0)
      continue;
    std::vector<int64_t> ineq(row.size());
    for (unsigned j = 0; j < row.size(); ++j)
      ineq[j] = lower ? -row[j] : row[j];
    ineq[pos] = lower ? 1 : -1;
    // Lower bounds are closed; upper bounds are exclusive unless `closed`.
    if (!closed && type == BoundType::UB)
      ineq.back() -= 1;
    if (type == BoundType::EQ)
      cst.addEquality(ineq);
    else
      cst.addInequality(ineq);
  }
  return success();
}

LogicalResult affine::addAffineForOpDomain(IntegerConstraints &cst, AffineForOp forOp) {
  unsigned pos;
  if (!cst.findVar(forOp.getInductionVar(), &pos))
    return failure();
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  int64_t step = forOp.getStepAsInt();
  if (step != 1 && lbMap.isSingleConstant()) {
    // (iv - lb) == step * q with q = (iv - lb) floordiv step.
    int64_t lb = lbMap.getSingleConstantResult();
    std::vector<int64_t> dividend(cst.getNumCols(), 0);
    dividend[pos] = 1;
    dividend.back() = -lb;
    unsigned qPos = cst.addLocalFloorDiv(dividend, step);
    std::vector<int64_t> eq(cst.getNumCols(), 0);
    eq[pos] = 1;
    eq.back() = -lb;
    eq[qPos] = -step;
    cst.addEquality(eq);
  }
  if (lbMap.isSingleConstant()) {
    cst.addBound(BoundType::LB, pos, lbMap.getSingleConstantResult());
  } else {
    std::vector<Value> ops(forOp.getLowerBoundOperands().begin(), forOp.getLowerBoundOperands().end());
    if (failed(addBoundFromMap(cst, BoundType::LB, pos, lbMap, ops)))
      return failure();
  }
  if (ubMap.isSingleConstant()) {
    cst.addBound(BoundType::UB, pos, ubMap.getSingleConstantResult() - 1);
    return success();
  }
  std::vector<Value> ops(forOp.getUpperBoundOperands().begin(), forOp.getUpperBoundOperands().end());
  return addBoundFromMap(cst, BoundType::UB, pos, ubMap, ops);
}

/// The sizes of the result groups of an affine.parallel bound.
static std::vector<unsigned> getGroups(Operation *op, std::string_view name) {
  std::vector<unsigned> sizes;
  if (auto elements = dyn_cast_or_null<DenseIntElementsAttr>(op->getAttr(name)))
    for (const APInt &v : elements.getIntValues())
      sizes.push_back(unsigned(v.getZExtValue()));
  return sizes;
}

LogicalResult affine::addAffineParallelOpDomain(IntegerConstraints &cst, Operation *parallelOp) {
  auto lbAttr = dyn_cast_or_null<AffineMapAttr>(parallelOp->getAttr("lowerBoundsMap"));
  auto ubAttr = dyn_cast_or_null<AffineMapAttr>(parallelOp->getAttr("upperBoundsMap"));
  if (!lbAttr || !ubAttr)
    return failure();
  AffineMap lbMap = lbAttr.getValue(), ubMap = ubAttr.getValue();
  std::vector<unsigned> lbGroups = getGroups(parallelOp, "lowerBoundsGroups");
  std::vector<unsigned> ubGroups = getGroups(parallelOp, "upperBoundsGroups");
  std::vector<Value> operands;
  for (Value v : parallelOp->getOperands())
    operands.push_back(v);
  if (operands.size() < lbMap.getNumInputs())
    return failure();
  ArrayRef<Value> lbOperands(operands.data(), lbMap.getNumInputs());
  ArrayRef<Value> ubOperands(operands.data() + lbMap.getNumInputs(), operands.size() - lbMap.getNumInputs());
  Block &body = parallelOp->getRegion(0).front();
  unsigned lbStart = 0, ubStart = 0;
  for (unsigned iv = 0; iv < body.getNumArguments(); ++iv) {
    unsigned pos;
    if (!cst.findVar(body.getArgument(iv), &pos) || iv >= lbGroups.size() || iv >= ubGroups.size())
      return failure();
    AffineMap lb = lbMap.getSliceMap(lbStart, lbGroups[iv]);
    AffineMap ub = ubMap.getSliceMap(ubStart, ubGroups[iv]);
    lbStart += lbGroups[iv];
    ubStart += ubGroups[iv];
    if (lb.isConstant() && lb.getNumResults() == 1)
      cst.addBound(BoundType::LB, pos, lb.getSingleConstantResult());
    else if (failed(addBoundFromMap(cst, BoundType::LB, pos, lb, lbOperands)))
      return failure();
    if (ub.isConstant() && ub.getNumResults() == 1)
      cst.addBound(BoundType::UB, pos, ub.getSingleConstantResult() - 1);
    else if (failed(addBoundFromMap(cst, BoundType::UB, pos, ub, ubOperands)))
      return failure();
  }
  return success();
}

LogicalResult affine::addAffineIfOpDomain(IntegerConstraints &cst, AffineIfOp ifOp) {
  IntegerSet set = ifOp.getIntegerSet();
  if (!set)
    return failure();
  SmallVector<Value, 4> operands;
  for (Value v : ifOp->getOperands())
    operands.push_back(v);
  canonicalizeSetAndOperands(&set, &operands);
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < operands.size(); ++i) {
    std::optional<unsigned> col = getOrAddVar(cst, operands[i], i < set.getNumDims());
    if (!col)
      return failure();
    cols.push_back(*col);
  }
  for (unsigned i = 0; i < operands.size(); ++i)
    cst.findVar(operands[i], &cols[i]);
  std::vector<std::vector<int64_t>> rows;
  if (failed(flattenIntoSystem(cst, set.getConstraints(), set.getNumDims(), set.getNumSymbols(), cols, rows)))
    return failure();
  for (unsigned i = 0; i < rows.size(); ++i) {
    if (set.isEq(i))
      cst.addEquality(rows[i]);
    else
      cst.addInequality(rows[i]);
  }
  return success();
}

IntegerSet affine::simplifyIntegerSet(IntegerSet set) {
  MLIRContext *ctx = set.getContext();
  IntegerConstraints cst(set.getNumDims(), set.getNumSymbols(), 0);
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < set.getNumInputs(); ++i)
    cols.push_back(i);
  std::vector<std::vector<int64_t>> rows;
  if (failed(flattenIntoSystem(cst, set.getConstraints(), set.getNumDims(), set.getNumSymbols(), cols, rows)))
    return set;
  // MLIR adds the set's constraints first, then those of its locals.
  IntegerConstraints ordered(set.getNumDims(), set.getNumSymbols(), cst.getNumLocalVars());
  for (unsigned i = 0; i < rows.size(); ++i) {
    if (set.isEq(i))
      ordered.addEquality(rows[i]);
    else
      ordered.addInequality(rows[i]);
  }
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r)
    ordered.addInequality(cst.getInequality(r));
  if (ordered.isEmpty())
    return IntegerSet::getEmptySet(set.getNumDims(), set.getNumSymbols(), ctx);
  if (ordered.getNumLocalVars() != 0)
    return set;
  ordered.removeTrivialRedundancy();
  std::vector<AffineExpr> exprs;
  SmallVector<bool, 8> eqFlags;
  auto toExpr = [&](ArrayRef<int64_t> row) {
    return getAffineExprFromFlatForm(row, set.getNumDims(), set.getNumSymbols(), {}, ctx);
  };
  for (unsigned r = 0; r < ordered.getNumEqualities(); ++r) {
    exprs.push_back(toExpr(ordered.getEquality(r)));
    eqFlags.push_back(true);
  }
  for (unsigned r = 0; r < ordered.getNumInequalities(); ++r) {
    exprs.push_back(toExpr(ordered.getInequality(r)));
    eqFlags.push_back(false);
  }
  if (exprs.empty()) {
    exprs.push_back(getAffineConstantExpr(0, ctx));
    eqFlags.push_back(true);
  }
  return IntegerSet::get(set.getNumDims(), set.getNumSymbols(), exprs,
                         ArrayRef<bool>(eqFlags.data(), eqFlags.size()));
}

//===----------------------------------------------------------------------===//
// Iteration domains
//===----------------------------------------------------------------------===//

static bool isLoopOrIf(Operation *op) {
  return isa<AffineForOp>(op) || isa<AffineIfOp>(op) || isa<AffineParallelOp>(op);
}

Region *affine::getAffineAnalysisScope(Operation *op) {
  Operation *curOp = op;
  while (Operation *parentOp = curOp->getParentOp()) {
    if (!isLoopOrIf(parentOp))
      return curOp->getParentRegion();
    curOp = parentOp;
  }
  return nullptr;
}

void affine::getEnclosingAffineOps(Operation &op, SmallVectorImpl<Operation *> *ops) {
  ops->clear();
  Operation *child = &op;
  Operation *curOp = op.getParentOp();
  while (curOp && !isAffineScopeOp(curOp)) {
    if (isa<AffineIfOp>(curOp)) {
      // Only the then branch is constrained by the set.
      if (child->getParentRegion() == &curOp->getRegion(0))
        ops->push_back(curOp);
    } else if (isa<AffineForOp>(curOp) || isa<AffineParallelOp>(curOp)) {
      ops->push_back(curOp);
    }
    child = curOp;
    curOp = curOp->getParentOp();
  }
  std::reverse(ops->begin(), ops->end());
}

/// The induction variables of an affine.for or affine.parallel.
static void appendIVs(Operation *op, std::vector<Value> &ivs) {
  if (auto forOp = dyn_cast<AffineForOp>(op)) {
    ivs.push_back(forOp.getInductionVar());
    return;
  }
  if (isa<AffineParallelOp>(op))
    for (Value iv : op->getRegion(0).front().getArguments())
      ivs.push_back(iv);
}

LogicalResult affine::getIndexSet(ArrayRef<Operation *> ops, IntegerConstraints *domain) {
  std::vector<Value> ivs;
  for (Operation *op : ops) {
    if (!isLoopOrIf(op))
      return failure();
    appendIVs(op, ivs);
  }
  *domain = IntegerConstraints(unsigned(ivs.size()), 0, 0);
  for (unsigned i = 0; i < ivs.size(); ++i)
    domain->setValue(i, ivs[i]);
  for (Operation *op : ops) {
    if (auto forOp = dyn_cast<AffineForOp>(op)) {
      if (failed(addAffineForOpDomain(*domain, forOp)))
        return failure();
    } else if (auto ifOp = dyn_cast<AffineIfOp>(op)) {
      if (failed(addAffineIfOpDomain(*domain, ifOp)))
        return failure();
    } else if (failed(addAffineParallelOpDomain(*domain, op))) {
      return failure();
    }
  }
  return success();
}

LogicalResult affine::getOpIndexSet(Operation *op, IntegerConstraints *domain) {
  SmallVector<Operation *, 4> ops;
  getEnclosingAffineOps(*op, &ops);
  return getIndexSet(ArrayRef<Operation *>(ops.data(), ops.size()), domain);
}

void affine::getAffineForIVs(Operation &op, SmallVectorImpl<Operation *> *loops) {
  for (Operation *cur = op.getParentOp(); cur; cur = cur->getParentOp())
    if (isa<AffineForOp>(cur))
      loops->push_back(cur);
  std::reverse(loops->begin(), loops->end());
}

/// The induction variables of the affine.for and affine.parallel ops around
/// `op`, outermost first (MLIR's getAffineIVs).
static std::vector<Value> getAffineIVs(Operation &op) {
  std::vector<Operation *> loops;
  for (Operation *cur = op.getParentOp(); cur; cur = cur->getParentOp())
    if (isa<AffineForOp>(cur) || isa<AffineParallelOp>(cur))
      loops.push_back(cur);
  std::vector<Value> ivs;
  for (auto it = loops.rbegin(); it != loops.rend(); ++it)
    appendIVs(*it, ivs);
  return ivs;
}

unsigned affine::getNumCommonSurroundingLoops(Operation &a, Operation &b) {
  std::vector<Value> ivsA = getAffineIVs(a), ivsB = getAffineIVs(b);
  unsigned n = 0;
  while (n < ivsA.size() && n < ivsB.size() && ivsA[n] == ivsB[n])
    ++n;
  return n;
}

//===----------------------------------------------------------------------===//
// Memref accesses
//===----------------------------------------------------------------------===//

MemRefAccess::MemRefAccess(Operation *op) : opInst(op) {
  if (auto read = dyn_cast<AffineReadOpInterface>(op)) {
    memref = read.getMemRef();
    for (Value v : read.getMapOperands())
      indices.push_back(v);
  } else if (auto write = dyn_cast<AffineWriteOpInterface>(op)) {
    memref = write.getMemRef();
    for (Value v : write.getMapOperands())
      indices.push_back(v);
  }
}

bool MemRefAccess::isStore() const { return isa<AffineWriteOpInterface>(opInst); }

void MemRefAccess::getAccessMap(AffineMap *map, SmallVectorImpl<Value> *operands) const {
  if (auto read = dyn_cast<AffineReadOpInterface>(opInst))
    *map = read.getAffineMap();
  else
    *map = cast<AffineWriteOpInterface>(opInst).getAffineMap();
  operands->clear();
  for (Value v : indices)
    operands->push_back(v);
  fullyComposeAffineMapAndOperands(map, operands);
  *map = simplifyAffineMap(*map);
  canonicalizeMapAndOperands(map, operands);
}

//===----------------------------------------------------------------------===//
// Memref regions
//===----------------------------------------------------------------------===//


LogicalResult affine::computeMemRefRegion(Operation *op, MemRefRegion &region, bool addMemRefDimBounds) {
  MemRefAccess access(op);
  region.memref = access.memref;
  auto memRefType = cast<MemRefType>(access.memref.getType());
  unsigned rank = unsigned(memRefType.getRank());
  IntegerConstraints domain;
  if (failed(getOpIndexSet(op, &domain)))
    return failure();
  AffineMap map;
  SmallVector<Value, 4> operands;
  access.getAccessMap(&map, &operands);
  // The access function's columns in the domain.
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < operands.size(); ++i) {
    unsigned pos;
    if (!domain.findVar(operands[i], &pos)) {
      if (!isValidSymbol(operands[i]))
        return failure();
      pos = domain.appendVar(VarKind::Symbol);
      domain.setValue(pos, operands[i]);
      APInt constant;
      if (matchConstantInt(operands[i], &constant))
        domain.addBound(BoundType::EQ, pos, constant.getSExtValue());
    }
  }
  for (unsigned i = 0; i < operands.size(); ++i) {
    unsigned pos = 0;
    domain.findVar(operands[i], &pos);
    cols.push_back(pos);
  }
  std::vector<std::vector<int64_t>> rows;
  if (failed(flattenIntoSystem(domain, map.getResults(), map.getNumDims(), map.getNumSymbols(), cols, rows))) {
    (void)op->emitError("getMemRefRegion: compose affine map failed");
    return failure();
  }
  // Memref dims first: [mem dims, domain dims, symbols, locals].
  unsigned numDomainDims = domain.getNumDimVars();
  IntegerConstraints cst = domain;
  cst.insertVar(VarKind::Dim, 0, rank);
  for (unsigned k = 0; k < rank && k < rows.size(); ++k) {
    std::vector<int64_t> eq(rank, 0);
    eq.insert(eq.end(), rows[k].begin(), rows[k].end());
    for (int64_t &v : eq)
      v = -v;
    eq[k] = 1;
    cst.addEquality(eq);
  }
  // Project out the IVs, then the locals.
  cst.projectOut(rank, numDomainDims);
  cst.projectOut(cst.getNumDimAndSymbolVars(), cst.getNumLocalVars());
  cst.constantFoldVarRange(cst.getNumDimVars(), cst.getNumSymbolVars());
  if (addMemRefDimBounds) {
    for (unsigned r = 0; r < rank; ++r) {
      cst.addBound(BoundType::LB, r, 0);
      if (!memRefType.isDynamicDim(r))
        cst.addBound(BoundType::UB, r, memRefType.getDimSize(r) - 1);
    }
  }
  cst.removeTrivialRedundancy();
  region.cst = std::move(cst);
  return success();
}

//===----------------------------------------------------------------------===//
// Min/max simplification under constraints
//===----------------------------------------------------------------------===//

/// The constant an OpFoldResult holds (an IntegerAttr or a constant value).
static std::optional<int64_t> getConstantValue(OpFoldResult ofr) {
  if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute()))
    return attr.getValue().getSExtValue();
  APInt value;
  if (Value v = ofr.getValue(); v && matchConstantInt(v, &value))
    return value.getSExtValue();
  return std::nullopt;
}

LogicalResult affine::addLoopRangeConstraints(IntegerConstraints &cst, Value iv, OpFoldResult lb, OpFoldResult ub,
                                              OpFoldResult step) {
  std::optional<int64_t> stepConst = getConstantValue(step);
  if (!stepConst)
    return failure();
  int64_t stepInt = *stepConst;
  MLIRContext *ctx = iv.getContext();
  unsigned dimIv = cst.appendVar(VarKind::Dim);
  cst.setValue(dimIv, iv);
  unsigned symLb = cst.appendVar(VarKind::Symbol);
  cst.setValue(symLb, lb.getValue());
  unsigned symUb = cst.appendVar(VarKind::Symbol);
  cst.setValue(symUb, ub.getValue());
  std::optional<int64_t> lbValue = getConstantValue(lb), ubValue = getConstantValue(ub);
  bool lbConst = lbValue.has_value(), ubConst = ubValue.has_value();
  int64_t lbInt = lbValue.value_or(0), ubInt = ubValue.value_or(0);
  if (lbConst)
    cst.addBound(BoundType::EQ, symLb, lbInt);
  if (ubConst)
    cst.addBound(BoundType::EQ, symUb, ubInt);
  std::vector<int64_t> ineqLb(cst.getNumCols(), 0);
  ineqLb[dimIv] = 1;
  ineqLb[symLb] = -1;
  cst.addInequality(ineqLb);
  unsigned numDims = cst.getNumDimVars();
  AffineExpr ivUb;
  if (lbConst && ubConst && lbInt + stepInt >= ubInt) {
    ivUb = getAffineSymbolExpr(symLb - numDims, ctx) + 1;
  } else {
    AffineExpr exprLb = lbConst ? getAffineConstantExpr(lbInt, ctx) : getAffineSymbolExpr(symLb - numDims, ctx);
    AffineExpr exprUb = ubConst ? getAffineConstantExpr(ubInt, ctx) : getAffineSymbolExpr(symUb - numDims, ctx);
    ivUb = exprLb + 1 + (stepInt * ((exprUb - exprLb - 1).floorDiv(stepInt)));
  }
  AffineMap map = AffineMap::get(cst.getNumDimVars(), cst.getNumSymbolVars(), ivUb);
  return addAlignedBound(cst, BoundType::UB, dimIv, map);
}

/// Adds `map`'s bound on `pos` where `map`'s dims and symbols are those of
/// `cst` (MLIR's FlatLinearConstraints::addBound; upper bounds exclusive).
LogicalResult affine::addAlignedBound(IntegerConstraints &cst, BoundType type, unsigned pos, AffineMap map) {
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < cst.getNumDimAndSymbolVars(); ++i)
    cols.push_back(i);
  std::vector<std::vector<int64_t>> rows;
  if (failed(flattenIntoSystem(cst, map.getResults(), map.getNumDims(), map.getNumSymbols(), cols, rows)))
    return failure();
  bool lower = type == BoundType::LB || type == BoundType::EQ;
  for (std::vector<int64_t> &row : rows) {
    if (row[pos] != 0)
      continue;
    std::vector<int64_t> ineq(row.size());
    for (unsigned j = 0; j < row.size(); ++j)
      ineq[j] = lower ? -row[j] : row[j];
    ineq[pos] = lower ? 1 : -1;
    if (type == BoundType::UB)
      ineq.back() -= 1;
    if (type == BoundType::EQ)
      cst.addEquality(ineq);
    else
      cst.addInequality(ineq);
  }
  return success();
}

/// MLIR's alignAndAddBound: `map` over `operands` aligned with the dims and
/// symbols of `cst` by value (operands found nowhere become new symbols).
static LogicalResult alignAndAddBound(IntegerConstraints &cst, BoundType type, unsigned pos, AffineMap map,
                                      ArrayRef<Value> operands) {
  MLIRContext *ctx = map.getContext();
  std::vector<AffineExpr> dimRepl(map.getNumDims()), symRepl(map.getNumSymbols());
  for (unsigned i = 0; i < operands.size(); ++i) {
    Value v = operands[i];
    AffineExpr replacement;
    unsigned found = ~0u;
    for (unsigned d = 0; d < cst.getNumDimVars() && found == ~0u; ++d)
      if (cst.getValue(d) == v)
        found = d;
    if (found != ~0u) {
      replacement = getAffineDimExpr(found, ctx);
    } else {
      for (unsigned s = 0; s < cst.getNumSymbolVars() && found == ~0u; ++s)
        if (cst.getValue(cst.getNumDimVars() + s) == v)
          found = s;
      if (found == ~0u) {
        unsigned p = cst.appendVar(VarKind::Symbol);
        cst.setValue(p, v);
        found = cst.getNumSymbolVars() - 1;
      }
      replacement = getAffineSymbolExpr(found, ctx);
    }
    if (i < map.getNumDims())
      dimRepl[i] = replacement;
    else
      symRepl[i - map.getNumDims()] = replacement;
  }
  AffineMap aligned = map.replaceDimsAndSymbols(dimRepl, symRepl, cst.getNumDimVars(), cst.getNumSymbolVars());
  return addAlignedBound(cst, type, pos, aligned);
}

/// MLIR's getLowerAndUpperBound for variable `offset` (num = 1) in terms of
/// the other dims and the symbols (no locals): one result per bounding row.
static std::pair<AffineMap, AffineMap> getLowerAndUpperBound(const IntegerConstraints &cst, unsigned offset,
                                                             MLIRContext *ctx) {
  unsigned dimCount = cst.getNumDimVars() - 1, symCount = cst.getNumSymbolVars();
  auto dropCol = [&](ArrayRef<int64_t> row) {
    std::vector<int64_t> out;
    for (unsigned i = 0; i < row.size(); ++i)
      if (i != offset)
        out.push_back(row[i]);
    return out;
  };
  std::vector<AffineExpr> lbExprs, ubExprs;
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r) {
    ArrayRef<int64_t> ineq = cst.getInequality(r);
    int64_t c = ineq[offset];
    if (c >= 1) {
      std::vector<int64_t> lb = dropCol(ineq);
      for (int64_t &v : lb)
        v = -v;
      AffineExpr expr = getAffineExprFromFlatForm(lb, dimCount, symCount, {}, ctx);
      lbExprs.push_back((expr + (c - 1)).floorDiv(c));
    }
  }
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r) {
    ArrayRef<int64_t> ineq = cst.getInequality(r);
    int64_t c = ineq[offset];
    if (c <= -1) {
      AffineExpr expr = getAffineExprFromFlatForm(dropCol(ineq), dimCount, symCount, {}, ctx);
      ubExprs.push_back(expr.floorDiv(-c) + 1);
    }
  }
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r) {
    ArrayRef<int64_t> eq = cst.getEquality(r);
    int64_t c = eq[offset];
    if (c == 0)
      continue;
    std::vector<int64_t> b = dropCol(eq);
    if (c > 0)
      for (int64_t &v : b)
        v = -v;
    AffineExpr expr = getAffineExprFromFlatForm(b, dimCount, symCount, {}, ctx);
    int64_t d = c < 0 ? -c : c;
    ubExprs.push_back(expr.floorDiv(d) + 1);
    lbExprs.push_back(expr.ceilDiv(d));
  }
  return {AffineMap::get(dimCount, symCount, lbExprs, ctx), AffineMap::get(dimCount, symCount, ubExprs, ctx)};
}

/// MLIR's getSliceBounds for the single variable `offset`: its own value when
/// constant bounds meet, else its bounds in terms of the others (on a copy
/// without redundant inequalities, when there are no locals), else constant
/// bounds. Returns the lower and upper (exclusive) bound maps.
static std::pair<AffineMap, AffineMap> getSliceBound(IntegerConstraints &cst, unsigned offset, MLIRContext *ctx) {
  cst.normalizeConstraintsByGCD();
  unsigned numMapDims = cst.getNumDimVars() - 1, numMapSymbols = cst.getNumSymbolVars();
  std::optional<int64_t> lbConst = cst.getConstantBound(BoundType::LB, offset);
  std::optional<int64_t> ubConst = cst.getConstantBound(BoundType::UB, offset);
  if (lbConst && ubConst && *lbConst == *ubConst) {
    AffineExpr expr = getAffineConstantExpr(*lbConst, ctx);
    return {AffineMap::get(numMapDims, numMapSymbols, expr), AffineMap::get(numMapDims, numMapSymbols, expr + 1)};
  }
  AffineMap lbMap, ubMap;
  if (cst.getNumLocalVars() == 0) {
    IntegerConstraints tmp(cst);
    tmp.removeRedundantInequalities();
    std::tie(lbMap, ubMap) = getLowerAndUpperBound(tmp, offset, ctx);
  }
  if ((!lbMap || lbMap.getNumResults() > 1) && lbConst)
    lbMap = AffineMap::get(numMapDims, numMapSymbols, getAffineConstantExpr(*lbConst, ctx));
  if ((!ubMap || ubMap.getNumResults() > 1) && ubConst)
    ubMap = AffineMap::get(numMapDims, numMapSymbols, getAffineConstantExpr(*ubConst + 1, ctx));
  return {lbMap, ubMap};
}

static AffineMap addConstToResults(AffineMap map, int64_t val) {
  std::vector<AffineExpr> results;
  for (AffineExpr r : map.getResults())
    results.push_back(r + val);
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, map.getContext());
}

FailureOr<std::pair<AffineMap, std::vector<Value>>>
affine::simplifyConstrainedMinMaxOp(Operation *op, IntegerConstraints constraints) {
  bool isMin = isa<AffineMinOp>(op);
  auto mapAttr = dyn_cast_or_null<AffineMapAttr>(op->getAttr("map"));
  if (!mapAttr)
    return failure();
  AffineMap map = mapAttr.getValue();
  MLIRContext *ctx = op->getContext();
  std::vector<Value> operands(op->getOperands().begin(), op->getOperands().end());
  unsigned numResults = map.getNumResults();
  unsigned dimOp = constraints.appendVar(VarKind::Dim);
  unsigned dimOpBound = constraints.appendVar(VarKind::Dim);
  unsigned resultDimStart = constraints.appendVar(VarKind::Dim, numResults);
  AffineMap mapLbUb = isMin ? addConstToResults(map, 1) : map;
  if (failed(alignAndAddBound(constraints, isMin ? BoundType::UB : BoundType::LB, dimOp, mapLbUb, operands)))
    return failure();
  auto [opLb, opUb] = getSliceBound(constraints, dimOp, ctx);
  AffineMap sliceBound = isMin ? opUb : opLb;
  if (!sliceBound || sliceBound.getNumResults() != 1)
    return failure();
  AffineMap boundMap = isMin ? addConstToResults(sliceBound, -1) : sliceBound;
  AffineMap alignedBoundMap = boundMap.shiftDims(1, dimOp);
  if (failed(addAlignedBound(constraints, BoundType::EQ, dimOpBound, alignedBoundMap)))
    return failure();
  if (constraints.isEmpty())
    return failure();
  for (unsigned i = resultDimStart; i < resultDimStart + numResults; ++i) {
    IntegerConstraints newConstr(constraints);
    if (failed(alignAndAddBound(newConstr, BoundType::EQ, i, map.getSubMap({i - resultDimStart}), operands)))
      return failure();
    std::vector<int64_t> ineq(newConstr.getNumCols(), 0);
    ineq[dimOpBound] = isMin ? 1 : -1;
    ineq[i] = isMin ? -1 : 1;
    ineq.back() = -1;
    newConstr.addInequality(ineq);
    if (!newConstr.isEmpty())
      return failure();
  }
  AffineMap newMap = alignedBoundMap;
  std::vector<Value> newOperands;
  for (unsigned i = 0; i < constraints.getNumDimAndSymbolVars(); ++i)
    newOperands.push_back(constraints.getValue(i));
  for (unsigned i = 0, e = constraints.getNumDimAndSymbolVars(); i < e; ++i) {
    APInt constant;
    if (!newOperands[i] || matchConstantInt(newOperands[i], &constant))
      continue;
    if (std::optional<int64_t> bound = constraints.getConstantBound(BoundType::EQ, i)) {
      AffineExpr expr = i < newMap.getNumDims() ? getAffineDimExpr(i, ctx)
                                                : getAffineSymbolExpr(i - newMap.getNumDims(), ctx);
      newMap = newMap.replace(expr, getAffineConstantExpr(*bound, ctx), newMap.getNumDims(), newMap.getNumSymbols());
    }
  }
  // Inputs without a value (the op, its bound, the results) must be unused.
  for (unsigned i = 0; i < newOperands.size(); ++i) {
    if (newOperands[i])
      continue;
    bool used = i < newMap.getNumDims() ? newMap.isFunctionOfDim(i)
                                        : newMap.isFunctionOfSymbol(i - newMap.getNumDims());
    if (used)
      return failure();
  }
  // Drop the unused value-less inputs (canonicalization drops unused ones).
  std::vector<AffineExpr> dimRepl, symRepl;
  SmallVector<Value, 4> kept;
  unsigned numDims = 0, numSyms = 0;
  for (unsigned i = 0; i < newMap.getNumDims(); ++i) {
    if (!newOperands[i]) {
      dimRepl.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    dimRepl.push_back(getAffineDimExpr(numDims++, ctx));
    kept.push_back(newOperands[i]);
  }
  unsigned keptDims = numDims;
  for (unsigned i = 0; i < newMap.getNumSymbols(); ++i) {
    Value v = newOperands[newMap.getNumDims() + i];
    if (!v) {
      symRepl.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    symRepl.push_back(getAffineSymbolExpr(numSyms++, ctx));
    kept.push_back(v);
  }
  newMap = newMap.replaceDimsAndSymbols(dimRepl, symRepl, keptDims, numSyms);
  canonicalizeMapAndOperands(&newMap, &kept);
  return std::make_pair(newMap, std::vector<Value>(kept.begin(), kept.end()));
}

//===----------------------------------------------------------------------===//
// Dependences
//===----------------------------------------------------------------------===//

/// The innermost block holding both ops (through their ancestors) within
/// their common affine analysis scope.
static Block *getCommonBlockInAffineScope(Operation *a, Operation *b) {
  Region *scope = getAffineAnalysisScope(a);
  if (!scope || scope != getAffineAnalysisScope(b))
    return nullptr;
  auto ancestry = [&](Operation *op) {
    std::vector<Block *> blocks;
    for (Operation *cur = op; cur; cur = cur->getParentOp()) {
      blocks.push_back(cur->getBlock());
      if (cur->getParentRegion() == scope)
        break;
    }
    std::reverse(blocks.begin(), blocks.end());
    return blocks;
  };
  std::vector<Block *> aBlocks = ancestry(a), bBlocks = ancestry(b);
  Block *common = nullptr;
  for (unsigned i = 0; i < aBlocks.size() && i < bBlocks.size() && aBlocks[i] == bBlocks[i]; ++i)
    common = aBlocks[i];
  return common;
}

namespace {
/// An access's iteration domain with the access function as rows over its
/// columns.
struct AccessSystem {
  IntegerConstraints domain;
  std::vector<std::vector<int64_t>> accessRows;
};
} // namespace

static LogicalResult buildAccessSystem(const MemRefAccess &access, AccessSystem &result) {
  if (failed(getOpIndexSet(access.opInst, &result.domain)))
    return failure();
  AffineMap map;
  SmallVector<Value, 4> operands;
  access.getAccessMap(&map, &operands);
  IntegerConstraints &cst = result.domain;
  std::vector<unsigned> cols(operands.size());
  for (unsigned i = 0; i < operands.size(); ++i) {
    std::optional<unsigned> col = getOrAddVar(cst, operands[i], i < map.getNumDims());
    if (!col)
      return failure();
  }
  for (unsigned i = 0; i < operands.size(); ++i)
    cst.findVar(operands[i], &cols[i]);
  return flattenIntoSystem(cst, map.getResults(), map.getNumDims(), map.getNumSymbols(), cols, result.accessRows);
}

static bool isLoopIV(Value v) { return v && (getForInductionVarOwner(v) || isAffineInductionVar(v)); }

static unsigned getNumCommonLoops(const IntegerConstraints &src, const IntegerConstraints &dst,
                                  std::vector<Operation *> *commonLoops = nullptr) {
  unsigned minNumLoops = std::min(src.getNumDimVars(), dst.getNumDimVars());
  unsigned n = 0;
  for (; n < minNumLoops; ++n) {
    Value s = src.getValue(n), d = dst.getValue(n);
    if (!isLoopIV(s) || !isLoopIV(d) || s != d)
      break;
    if (commonLoops)
      commonLoops->push_back(getForInductionVarOwner(s));
  }
  return n;
}

static bool srcAppearsBeforeDstInAncestralBlock(const MemRefAccess &src, const MemRefAccess &dst) {
  Block *common = getCommonBlockInAffineScope(src.opInst, dst.opInst);
  Operation *srcOp = common->findAncestorOpInBlock(*src.opInst);
  Operation *dstOp = common->findAncestorOpInBlock(*dst.opInst);
  return srcOp->isBeforeInBlock(dstOp);
}

DependenceResult affine::checkMemrefAccessDependence(const MemRefAccess &srcAccess, const MemRefAccess &dstAccess,
                                                     unsigned loopDepth,
                                                     std::vector<DependenceComponent> *dependenceComponents,
                                                     bool allowRAR) {
  if (srcAccess.memref != dstAccess.memref)
    return DependenceResult::NoDependence;
  if (!allowRAR && !srcAccess.isStore() && !dstAccess.isStore())
    return DependenceResult::NoDependence;
  if (getAffineAnalysisScope(srcAccess.opInst) != getAffineAnalysisScope(dstAccess.opInst))
    return DependenceResult::Failure;
  if (!getCommonBlockInAffineScope(srcAccess.opInst, dstAccess.opInst))
    return DependenceResult::Failure;

  AccessSystem src, dst;
  if (failed(buildAccessSystem(srcAccess, src)) || failed(buildAccessSystem(dstAccess, dst)))
    return DependenceResult::Failure;
  if (src.accessRows.size() != dst.accessRows.size())
    return DependenceResult::Failure;

  unsigned numCommonLoops = getNumCommonLoops(src.domain, dst.domain);
  if (!allowRAR && loopDepth > numCommonLoops && !srcAppearsBeforeDstInAncestralBlock(srcAccess, dstAccess))
    return DependenceResult::NoDependence;

  // The dependence system: [src dims, dst dims, symbols, src locals, dst
  // locals, constant].
  unsigned numSrcDims = src.domain.getNumDimVars(), numDstDims = dst.domain.getNumDimVars();
  std::vector<Value> symbols;
  for (const IntegerConstraints *d : {&src.domain, &dst.domain})
    for (unsigned i = d->getNumDimVars(); i < d->getNumDimAndSymbolVars(); ++i)
      if (std::find(symbols.begin(), symbols.end(), d->getValue(i)) == symbols.end())
        symbols.push_back(d->getValue(i));
  unsigned numSrcLocals = src.domain.getNumLocalVars(), numDstLocals = dst.domain.getNumLocalVars();
  IntegerConstraints dep(numSrcDims + numDstDims, unsigned(symbols.size()), numSrcLocals + numDstLocals);
  for (unsigned i = 0; i < numSrcDims; ++i)
    dep.setValue(i, src.domain.getValue(i));
  for (unsigned i = 0; i < numDstDims; ++i)
    dep.setValue(numSrcDims + i, dst.domain.getValue(i));
  for (unsigned i = 0; i < symbols.size(); ++i)
    dep.setValue(numSrcDims + numDstDims + i, symbols[i]);
  unsigned symbolStart = numSrcDims + numDstDims;
  unsigned localStart = symbolStart + unsigned(symbols.size());

  auto place = [&](const IntegerConstraints &d, const std::vector<int64_t> &row, unsigned dimOffset,
                   unsigned localOffset) {
    std::vector<int64_t> out(dep.getNumCols(), 0);
    for (unsigned i = 0; i < d.getNumDimVars(); ++i)
      out[dimOffset + i] = row[i];
    for (unsigned i = d.getNumDimVars(); i < d.getNumDimAndSymbolVars(); ++i) {
      unsigned s = unsigned(std::find(symbols.begin(), symbols.end(), d.getValue(i)) - symbols.begin());
      out[symbolStart + s] += row[i];
    }
    for (unsigned i = 0; i < d.getNumLocalVars(); ++i)
      out[localOffset + i] = row[d.getNumDimAndSymbolVars() + i];
    out.back() = row.back();
    return out;
  };
  auto addDomain = [&](const IntegerConstraints &d, unsigned dimOffset, unsigned localOffset) {
    for (unsigned r = 0; r < d.getNumEqualities(); ++r) {
      ArrayRef<int64_t> eq = d.getEquality(r);
      dep.addEquality(place(d, std::vector<int64_t>(eq.begin(), eq.end()), dimOffset, localOffset));
    }
    for (unsigned r = 0; r < d.getNumInequalities(); ++r) {
      ArrayRef<int64_t> ineq = d.getInequality(r);
      dep.addInequality(place(d, std::vector<int64_t>(ineq.begin(), ineq.end()), dimOffset, localOffset));
    }
  };
  // The access functions agree.
  for (unsigned k = 0; k < src.accessRows.size(); ++k) {
    std::vector<int64_t> s = place(src.domain, src.accessRows[k], 0, localStart);
    std::vector<int64_t> d = place(dst.domain, dst.accessRows[k], numSrcDims, localStart + numSrcLocals);
    for (unsigned c = 0; c < s.size(); ++c)
      s[c] -= d[c];
    dep.addEquality(s);
  }
  addDomain(src.domain, 0, localStart);
  addDomain(dst.domain, numSrcDims, localStart + numSrcLocals);

  // src happens before dst: equal common IVs above `loopDepth`, and dst's
  // later at `loopDepth`.
  unsigned numCommonLoopConstraints = std::min(numCommonLoops, loopDepth);
  for (unsigned i = 0; i < numCommonLoopConstraints; ++i) {
    std::vector<int64_t> eq(dep.getNumCols(), 0);
    eq[i] = -1;
    eq[i + numSrcDims] = 1;
    if (i == loopDepth - 1) {
      eq.back() = -1;
      dep.addInequality(eq);
    } else {
      dep.addEquality(eq);
    }
  }

  if (dep.isEmpty())
    return DependenceResult::NoDependence;

  if (dependenceComponents) {
    std::vector<Operation *> commonLoops;
    unsigned n = getNumCommonLoops(src.domain, dst.domain, &commonLoops);
    if (n != 0) {
      unsigned numToEliminate = dep.getNumVars();
      dep.insertVar(VarKind::Dim, 0, n);
      for (unsigned j = 0; j < n; ++j) {
        std::vector<int64_t> eq(dep.getNumCols(), 0);
        eq[j] = 1;
        eq[j + n] = 1;
        eq[j + n + numSrcDims] = -1;
        dep.addEquality(eq);
      }
      dep.projectOut(n, numToEliminate);
      dependenceComponents->resize(n);
      for (unsigned j = 0; j < n; ++j) {
        (*dependenceComponents)[j].op = commonLoops[j];
        (*dependenceComponents)[j].lb = dep.getConstantBound(BoundType::LB, j);
        (*dependenceComponents)[j].ub = dep.getConstantBound(BoundType::UB, j);
      }
    }
  }
  return DependenceResult::HasDependence;
}
