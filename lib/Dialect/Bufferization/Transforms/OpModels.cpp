//===- OpModels.cpp - How upstream ops bufferize ---------------------------===//
//
// The OpModels (MLIR's BufferizableOpInterface external models, as far as
// the analysis uses them) of the tensor, bufferization, arith, scf and
// linalg ops. The func models live with module bufferization.
//
#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"

#include "BufferizeOps.h"
#include "lamina/Dialect/Bufferization/Transforms/Bufferize.h"

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/ViewLikeInterface.h"

#include <mutex>

using namespace lamina;
using namespace lamina::bufferization;

void registerFuncOpModels();

namespace {

bool isTensor(Type t) { return isa<TensorType>(t); }
bool yes(OpOperand &, const AnalysisState &) { return true; }
bool no(OpOperand &, const AnalysisState &) { return false; }
bool notWritable(Value, const AnalysisState &) { return false; }
bool isAllocation(Value) { return true; }
bool resultNotWritten(OpResult, const AnalysisState &) { return false; }

AliasingValueList equivalentResult0(OpOperand &o, const AnalysisState &) {
  return {{o.getOwner()->getResult(0), BufferRelation::Equivalent, true}};
}
AliasingValueList unknownResult0(OpOperand &o, const AnalysisState &) {
  return {{o.getOwner()->getResult(0), BufferRelation::Unknown, true}};
}

//===----------------------------------------------------------------------===//
// Subsets
//===----------------------------------------------------------------------===//

/// The constant value of a mixed offset/size/stride, if known.
std::optional<int64_t> getConstant(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getName().getStringRef() != "arith.constant")
    return std::nullopt;
  if (auto attr = def->getAttrOfType<IntegerAttr>("value"))
    return attr.getInt();
  return std::nullopt;
}

struct Mixed {
  int64_t constant;
  Value value;
};

/// The offsets (0), sizes (1) or strides (2) of an offset-size-stride op.
std::vector<Mixed> getMixed(Operation *op, int which) {
  auto iface = cast<OffsetSizeAndStrideOpInterface>(op);
  ArrayRef<int64_t> statics = which == 0 ? iface.getStaticOffsets()
                              : which == 1 ? iface.getStaticSizes()
                                           : iface.getStaticStrides();
  OperandRange dynamics = which == 0 ? iface.getOffsets() : which == 1 ? iface.getSizes() : iface.getStrides();
  std::vector<Mixed> r;
  unsigned d = 0;
  for (int64_t s : statics) {
    if (s == ShapedType::kDynamic) {
      Value v = dynamics[d++];
      std::optional<int64_t> c = getConstant(v);
      r.push_back({c ? *c : ShapedType::kDynamic, c ? Value() : v});
    } else {
      r.push_back({s, Value()});
    }
  }
  return r;
}

bool sameMixed(const std::vector<Mixed> &a, const std::vector<Mixed> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].value || b[i].value) {
      if (a[i].value != b[i].value)
        return false;
    } else if (a[i].constant != b[i].constant) {
      return false;
    }
  }
  return true;
}

/// An extract_slice result `candidate` reads the subset an insert-slice-like
/// op writes: equivalent source/dest and the same offsets, sizes, strides.
bool sliceIsEquivalentSubset(Operation *op, Value candidate, const AnalysisState &state) {
  Operation *extract = candidate.getDefiningOp();
  if (!extract || extract->getName().getStringRef() != "tensor.extract_slice")
    return false;
  Value dest = op->getOperand(1);
  if (!state.areEquivalentBufferizedValues(extract->getOperand(0), dest))
    return false;
  for (int which = 0; which < 3; ++which)
    if (!sameMixed(getMixed(extract, which), getMixed(op, which)))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// tensor
//===----------------------------------------------------------------------===//

bool insertSliceRead(OpOperand &o, const AnalysisState &) {
  Operation *op = o.getOwner();
  if (o.getOperandNumber() == 0)
    return true;
  // The destination is not read if the slice overwrites all of it.
  auto destType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!destType)
    return true;
  std::vector<Mixed> offsets = getMixed(op, 0), sizes = getMixed(op, 1), strides = getMixed(op, 2);
  for (const Mixed &m : offsets)
    if (m.value || m.constant != 0)
      return true;
  ArrayRef<int64_t> shape = destType.getShape();
  if (sizes.size() != shape.size())
    return true;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i].value || sizes[i].constant != shape[i])
      return true;
  for (const Mixed &m : strides)
    if (m.value || m.constant != 1)
      return true;
  return false;
}
bool operand0(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() == 0; }
bool operand1(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() == 1; }
AliasingValueList operand1EquivalentResult0(OpOperand &o, const AnalysisState &s) {
  if (o.getOperandNumber() != 1)
    return {};
  return equivalentResult0(o, s);
}
AliasingValueList reshapeAliasing(OpOperand &o, const AnalysisState &s) {
  if (o.getOperandNumber() != 0)
    return {};
  return equivalentResult0(o, s);
}
bool reshapeRead(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() == 1; }

//===----------------------------------------------------------------------===//
// vector
//===----------------------------------------------------------------------===//

/// vector.transfer_write does not read a statically shaped destination that
/// it overwrites entirely (zero indices, no mask, vector at least as large).
bool transferWriteRead(OpOperand &o, const AnalysisState &) {
  Operation *op = o.getOwner();
  auto destType = dyn_cast<RankedTensorType>(o.get().getType());
  auto vectorType = dyn_cast<VectorType>(op->getOperand(0).getType());
  if (!destType || !vectorType || !destType.hasStaticShape())
    return true;
  unsigned rank = unsigned(destType.getRank());
  for (unsigned i = 0; i < rank; ++i) {
    std::optional<int64_t> c = getConstant(op->getOperand(2 + i));
    if (!c || *c != 0)
      return true;
  }
  if (op->getNumOperands() > 2 + rank)
    return true;
  ArrayRef<int64_t> d = destType.getShape(), v = vectorType.getShape();
  for (size_t i = 0; i < d.size() && i < v.size(); ++i)
    if (d[i] > v[i])
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// bufferization
//===----------------------------------------------------------------------===//

bool allocTensorResultWrites(OpResult r, const AnalysisState &) {
  for (OpOperand &o : r.getOwner()->getOpOperands())
    if (isTensor(o.get().getType()))
      return true;
  return false;
}
bool toTensorWritable(Value v, const AnalysisState &) { return v.getDefiningOp()->hasAttr("writable"); }
bool toBufferWrite(OpOperand &o, const AnalysisState &) { return !o.getOwner()->hasAttr("read_only"); }
bool materializeRead(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() == 0; }
bool materializeWrite(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() == 1; }
AliasingValueList materializeAliasing(OpOperand &o, const AnalysisState &s) {
  if (o.getOperandNumber() != 1 || o.getOwner()->getNumResults() == 0)
    return {};
  return equivalentResult0(o, s);
}
bool materializeIsEquivalentSubset(Operation *op, Value candidate, const AnalysisState &state) {
  return state.areEquivalentBufferizedValues(op->getOperand(1), candidate);
}

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

AliasingValueList selectAliasing(OpOperand &o, const AnalysisState &) {
  return {{o.getOwner()->getResult(0), BufferRelation::Equivalent, false}};
}

//===----------------------------------------------------------------------===//
// scf
//===----------------------------------------------------------------------===//

Operation *getYield(Region &r) { return r.empty() || r.front().empty() ? nullptr : &r.front().back(); }

/// scf.for: a result is equivalent to its init if the yielded value is
/// equivalent to the iter_arg.
BufferRelation forResultRelation(Operation *forOp, unsigned resultNumber, const AnalysisState &state) {
  Block &body = forOp->getRegion(0).front();
  Value iterArg = body.getArgument(resultNumber + 1);
  Operation *yield = &body.back();
  return state.areEquivalentBufferizedValues(iterArg, yield->getOperand(resultNumber)) ? BufferRelation::Equivalent
                                                                                         : BufferRelation::Unknown;
}
bool forRead(OpOperand &o, const AnalysisState &state) {
  // A loop that may run zero times returns its inits: they are read.
  std::optional<int64_t> lb = getConstant(o.getOwner()->getOperand(0));
  std::optional<int64_t> ub = getConstant(o.getOwner()->getOperand(1));
  if (!lb || !ub || *ub <= *lb)
    return true;
  auto loop = cast<LoopLikeOpInterface>(o.getOwner());
  BlockArgument arg = loop.getTiedLoopRegionIterArg(&o);
  return arg && state.isValueRead(arg);
}
AliasingValueList forAliasing(OpOperand &o, const AnalysisState &state) {
  Operation *op = o.getOwner();
  unsigned numControl = 3;
  if (o.getOperandNumber() < numControl)
    return {};
  unsigned resultNumber = o.getOperandNumber() - numControl;
  BufferRelation relation = forResultRelation(op, resultNumber, state);
  return {{op->getResult(resultNumber), relation, relation == BufferRelation::Equivalent}};
}
bool forWrite(OpOperand &o, const AnalysisState &) { return o.getOperandNumber() >= 3; }
bool writableTrue(Value, const AnalysisState &) { return true; }
LogicalResult forVerify(Operation *op, const AnalysisState &state) {
  if (state.getOptions().allowReturnAllocsFromLoops)
    return success();
  Block &body = op->getRegion(0).front();
  Operation *yield = &body.back();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    if (!isTensor(op->getResult(i).getType()))
      continue;
    if (forResultRelation(op, i, state) != BufferRelation::Equivalent) {
      yield->emitError() << "Yield operand #" << i << " is not equivalent to the corresponding iter bbArg";
      return failure();
    }
  }
  return success();
}

AliasingValueList yieldAliasing(OpOperand &o, const AnalysisState &) {
  Operation *parent = o.getOwner()->getParentOp();
  std::string_view name = parent->getName().getStringRef();
  if (name == "scf.if")
    return {{parent->getResult(o.getOperandNumber()), BufferRelation::Equivalent, false}};
  if (name == "scf.execute_region")
    return {{parent->getResult(o.getOperandNumber()), BufferRelation::Equivalent, true}};
  return {};
}

AliasingOpOperandList ifAliasingOpOperands(Value v, const AnalysisState &) {
  auto r = cast<OpResult>(v);
  Operation *op = r.getOwner();
  AliasingOpOperandList result;
  // scf.index_switch: the cases, then the default region (region 0).
  bool isSwitch = op->getName().getStringRef() == "scf.index_switch";
  unsigned n = op->getNumRegions();
  for (unsigned k = 0; k < n; ++k) {
    Region &region = op->getRegion(isSwitch ? (k + 1) % n : k);
    if (Operation *yield = getYield(region))
      result.push_back({&yield->getOpOperand(r.getResultNumber()), BufferRelation::Equivalent, false});
  }
  return result;
}
/// The only scf.yield terminating a block of the region, or null.
Operation *getUniqueYield(Region &region) {
  Operation *result = nullptr;
  for (Block &b : region) {
    if (b.empty() || b.back().getName().getStringRef() != "scf.yield")
      continue;
    if (result)
      return nullptr;
    result = &b.back();
  }
  return result;
}
AliasingOpOperandList executeRegionAliasingOpOperands(Value v, const AnalysisState &) {
  auto r = dyn_cast<OpResult>(v);
  if (!r)
    return getBranchAliasingOpOperands(v);
  Operation *yield = getUniqueYield(r.getOwner()->getRegion(0));
  if (!yield)
    return {};
  return {{&yield->getOpOperand(r.getResultNumber()), BufferRelation::Equivalent, true}};
}
LogicalResult executeRegionVerify(Operation *op, const AnalysisState &) {
  if (!getUniqueYield(op->getRegion(0))) {
    (void)op->emitOpError("op without unique scf.yield is not supported");
    return failure();
  }
  return success();
}

/// scf.forall: the shared_outs are its last operands; their block arguments
/// follow the induction variables.
unsigned forallNumOutputs(Operation *op) { return op->getNumResults(); }
unsigned forallFirstOutput(Operation *op) { return op->getNumOperands() - forallNumOutputs(op); }
/// All shared_outs are assumed to be read by the loop.
bool forallRead(OpOperand &, const AnalysisState &) { return true; }
bool forallWrite(OpOperand &o, const AnalysisState &) {
  return o.getOperandNumber() >= forallFirstOutput(o.getOwner());
}
AliasingValueList forallAliasing(OpOperand &o, const AnalysisState &) {
  Operation *op = o.getOwner();
  if (o.getOperandNumber() < forallFirstOutput(op))
    return {};
  return {{op->getResult(o.getOperandNumber() - forallFirstOutput(op)), BufferRelation::Equivalent, true}};
}
/// scf.forall's body repeats unless every dimension runs at most once.
bool forallRepetitive(Operation *op, unsigned) {
  auto lbs = op->getAttrOfType<DenseI64ArrayAttr>("staticLowerBound");
  auto ubs = op->getAttrOfType<DenseI64ArrayAttr>("staticUpperBound");
  auto steps = op->getAttrOfType<DenseI64ArrayAttr>("staticStep");
  if (!lbs || !ubs || !steps)
    return true;
  // Dynamic values are the leading operands: lower bounds, upper bounds, steps.
  unsigned next = 0;
  auto resolve = [&](ArrayRef<int64_t> statics, std::vector<std::optional<int64_t>> &out) {
    for (int64_t v : statics)
      out.push_back(v == ShapedType::kDynamic ? getConstant(op->getOperand(next++)) : std::optional<int64_t>(v));
  };
  std::vector<std::optional<int64_t>> lb, ub, step;
  resolve(lbs.asArrayRef(), lb);
  resolve(ubs.asArrayRef(), ub);
  resolve(steps.asArrayRef(), step);
  for (size_t i = 0; i < lb.size() && i < ub.size() && i < step.size(); ++i) {
    if (!lb[i] || !ub[i] || !step[i])
      return true;
    if (*lb[i] + *step[i] < *ub[i])
      return true;
  }
  return false;
}

/// scf.while: result i may alias init i (same type); equivalent if both the
/// condition and the yield pass the iter_arg through equivalently.
BufferRelation whileResultRelation(Operation *op, unsigned i, const AnalysisState &state) {
  Block &before = op->getRegion(0).front();
  Block &after = op->getRegion(1).front();
  if (i >= before.getNumArguments() || op->getResult(i).getType() != before.getArgument(i).getType())
    return BufferRelation::Unknown;
  Operation *cond = &before.back();
  Operation *yield = &after.back();
  // scf.condition's operands: the condition, then the forwarded args.
  if (i + 1 >= cond->getNumOperands() || i >= after.getNumArguments() || i >= yield->getNumOperands())
    return BufferRelation::Unknown;
  bool equivCondition = state.areEquivalentBufferizedValues(before.getArgument(i), cond->getOperand(i + 1));
  bool equivYield = state.areEquivalentBufferizedValues(after.getArgument(i), yield->getOperand(i));
  return equivCondition && equivYield ? BufferRelation::Equivalent : BufferRelation::Unknown;
}
AliasingValueList whileAliasing(OpOperand &o, const AnalysisState &state) {
  Operation *op = o.getOwner();
  unsigned idx = o.getOperandNumber();
  if (idx >= op->getNumResults() || o.get().getType() != op->getResult(idx).getType())
    return {};
  BufferRelation relation = whileResultRelation(op, idx, state);
  return {{op->getResult(idx), relation, relation == BufferRelation::Equivalent}};
}
LogicalResult whileVerify(Operation *op, const AnalysisState &state) {
  if (state.getOptions().allowReturnAllocsFromLoops)
    return success();
  Block &before = op->getRegion(0).front();
  Operation *cond = &before.back();
  for (unsigned i = 1; i < cond->getNumOperands(); ++i) {
    Value v = cond->getOperand(i);
    if (!isTensor(v.getType()))
      continue;
    unsigned index = i - 1;
    if (index >= before.getNumArguments() || !state.areEquivalentBufferizedValues(v, before.getArgument(index))) {
      cond->emitError() << "Condition arg #" << index << " is not equivalent to the corresponding iter bbArg";
      return failure();
    }
  }
  Block &after = op->getRegion(1).front();
  Operation *yield = &after.back();
  for (unsigned i = 0; i < yield->getNumOperands(); ++i) {
    Value v = yield->getOperand(i);
    if (!isTensor(v.getType()))
      continue;
    if (i >= after.getNumArguments() || !state.areEquivalentBufferizedValues(v, after.getArgument(i))) {
      yield->emitError() << "Yield operand #" << i << " is not equivalent to the corresponding iter bbArg";
      return failure();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// cf (unstructured control flow)
//===----------------------------------------------------------------------===//

/// The block arguments a branch operand is forwarded to.
AliasingValueList branchAliasing(OpOperand &o, const AnalysisState &) {
  AliasingValueList result;
  Operation *op = o.getOwner();
  auto branch = dyn_cast<BranchOpInterface>(op);
  if (!branch)
    return result;
  unsigned n = o.getOperandNumber();
  for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
    SuccessorOperands operands = branch.getSuccessorOperands(i);
    OperandRange forwarded = operands.getForwardedOperands();
    if (forwarded.empty())
      continue;
    unsigned first = operands.getOperandIndex(operands.getProducedOperandCount());
    if (n < first || n >= first + forwarded.size())
      continue;
    result.push_back({op->getSuccessor(i)->getArgument(n - first), BufferRelation::Equivalent, false});
  }
  return result;
}

//===----------------------------------------------------------------------===//
// linalg (structured ops)
//===----------------------------------------------------------------------===//

bool linalgRead(OpOperand &o, const AnalysisState &) {
  Operation *op = o.getOwner();
  if (op->getNumRegions() == 0 || op->getRegion(0).empty())
    return true;
  Block &body = op->getRegion(0).front();
  unsigned n = o.getOperandNumber();
  if (n >= body.getNumArguments())
    return false;
  return !body.getArgument(n).use_empty();
}
bool linalgWrite(OpOperand &o, const AnalysisState &) {
  return cast<DestinationStyleOpInterface>(o.getOwner()).isDpsInit(&o);
}
AliasingValueList linalgAliasing(OpOperand &o, const AnalysisState &) {
  auto dps = cast<DestinationStyleOpInterface>(o.getOwner());
  if (!dps.isDpsInit(&o))
    return {};
  OpResult r = dps.getTiedOpResult(&o);
  if (!r)
    return {};
  return {{r, BufferRelation::Equivalent, true}};
}
bool linalgElementwise(Operation *op, const std::vector<OpOperand *> &operands) {
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (linalgOp.getNumLoops() != linalgOp.getNumParallelLoops())
    return false;
  for (OpOperand &o : op->getOpOperands()) {
    if (!isa<RankedTensorType, MemRefType>(o.get().getType()))
      continue;
    if (std::find(operands.begin(), operands.end(), &o) == operands.end())
      continue;
    if (!linalgOp.getMatchingIndexingMap(o.getOperandNumber()).isIdentity())
      return false;
  }
  return true;
}

OpModel make(bool (*read)(OpOperand &, const AnalysisState &), bool (*write)(OpOperand &, const AnalysisState &),
             AliasingValueList (*aliasing)(OpOperand &, const AnalysisState &) = nullptr) {
  OpModel m;
  m.read = read;
  m.write = write;
  m.aliasingValues = aliasing;
  return m;
}

struct Models {
  OpModel aliasOnlyEquivalent = make(no, no, equivalentResult0);
  OpModel readOnly = make(yes, no);
  /// collapse_shape may copy at runtime: its source is read.
  OpModel readAliasEquivalent = make(yes, no, equivalentResult0);
  OpModel noAccess = make(no, no);
  OpModel allocation = [] {
    OpModel m = make(yes, no);
    m.isAllocation = isAllocation;
    return m;
  }();
  OpModel empty = [] {
    OpModel m = make(no, no);
    m.isAllocation = isAllocation;
    m.resultWrites = resultNotWritten;
    return m;
  }();
  OpModel extractSlice = make(no, no, unknownResult0);
  OpModel insert = make(yes, yes, equivalentResult0);
  OpModel insertSlice = [] {
    OpModel m = make(insertSliceRead, operand1, operand1EquivalentResult0);
    m.subsetSource = 0;
    m.subsetDest = 1;
    m.isEquivalentSubset = sliceIsEquivalentSubset;
    return m;
  }();
  OpModel transferWrite = make(transferWriteRead, yes, equivalentResult0);
  OpModel reshape = make(reshapeRead, no, reshapeAliasing);
  OpModel allocTensor = [] {
    OpModel m = make(yes, no);
    m.isAllocation = isAllocation;
    m.resultWrites = allocTensorResultWrites;
    return m;
  }();
  OpModel toTensor = [] {
    OpModel m = make(no, no);
    m.isWritable = toTensorWritable;
    return m;
  }();
  OpModel toBuffer = [] {
    OpModel m = make(yes, toBufferWrite);
    m.mustInPlace = yes;
    return m;
  }();
  OpModel materialize = [] {
    OpModel m = make(materializeRead, materializeWrite, materializeAliasing);
    m.mustInPlace = yes;
    m.subsetSource = 0;
    m.subsetDest = 1;
    m.isEquivalentSubset = materializeIsEquivalentSubset;
    return m;
  }();
  OpModel constant = [] {
    OpModel m = make(no, no);
    m.isWritable = notWritable;
    return m;
  }();
  OpModel select = make(no, no, selectAliasing);
  OpModel forOp = [] {
    OpModel m = make(forRead, forWrite, forAliasing);
    m.isWritable = writableTrue;
    m.verifyAnalysis = forVerify;
    return m;
  }();
  OpModel yield = [] {
    OpModel m = make(yes, no, yieldAliasing);
    m.mustInPlace = yes;
    return m;
  }();
  OpModel ifOp = [] {
    OpModel m = make(no, no);
    m.aliasingOpOperands = ifAliasingOpOperands;
    return m;
  }();
  OpModel executeRegion = [] {
    OpModel m = make(no, no);
    m.aliasingOpOperands = executeRegionAliasingOpOperands;
    m.isWritable = writableTrue;
    m.verifyAnalysis = executeRegionVerify;
    m.supportsUnstructuredControlFlow = true;
    return m;
  }();
  OpModel forall = [] {
    OpModel m = make(forallRead, forallWrite, forallAliasing);
    m.isWritable = writableTrue;
    m.isRepetitiveRegion = forallRepetitive;
    m.isParallelRegion = forallRepetitive;
    return m;
  }();
  OpModel whileOp = [] {
    OpModel m = make(yes, yes, whileAliasing);
    m.isWritable = writableTrue;
    m.verifyAnalysis = whileVerify;
    return m;
  }();
  OpModel condition = [] {
    OpModel m = make(yes, no);
    m.mustInPlace = yes;
    return m;
  }();
  OpModel parallelInsertSlice = [] {
    OpModel m = make(operand0, operand1);
    m.subsetSource = 0;
    m.subsetDest = 1;
    m.isEquivalentSubset = sliceIsEquivalentSubset;
    return m;
  }();
  OpModel branch = [] {
    OpModel m = make(no, no, branchAliasing);
    // The forwarded operands bufferize with the successor's signature.
    m.bufferize = [](Operation *, BufferizeRewriter &) { return success(); };
    return m;
  }();
  OpModel linalg = [] {
    OpModel m = make(linalgRead, linalgWrite, linalgAliasing);
    m.elementwiseAccess = linalgElementwise;
    return m;
  }();
};

} // namespace

void bufferization::registerAllOpModels() {
  static std::once_flag once;
  std::call_once(once, [] {
    static Models m;
    // The rewrite of each op (models shared by several ops are copied).
    static OpModel castModel = m.aliasOnlyEquivalent, dimModel = m.noAccess, rankModel = m.noAccess,
                   extractModel = m.readOnly, transferReadModel = m.readOnly, deallocModel = m.noAccess;
    castModel.bufferize = ops::bufferizeCast;
    castModel.getBufferType = ops::castBufferType;
    dimModel.bufferize = ops::bufferizeDim;
    rankModel.bufferize = ops::bufferizeRank;
    extractModel.bufferize = ops::bufferizeExtract;
    transferReadModel.bufferize = ops::bufferizeTransferRead;
    deallocModel.bufferize = ops::bufferizeDeallocTensor;
    m.empty.bufferize = ops::bufferizeEmpty;
    m.extractSlice.bufferize = ops::bufferizeExtractSlice;
    m.extractSlice.getBufferType = ops::extractSliceBufferType;
    m.insert.bufferize = ops::bufferizeInsert;
    m.insertSlice.bufferize = ops::bufferizeInsertSlice;
    static OpModel fromElementsModel = m.allocation;
    fromElementsModel.bufferize = ops::bufferizeFromElements;
    m.allocTensor.bufferize = ops::bufferizeAllocTensor;
    m.allocTensor.getBufferType = ops::allocTensorBufferType;
    m.toBuffer.bufferize = ops::bufferizeToBuffer;
    m.toTensor.getBufferType = [](Value v, BufferizeRewriter &) { return v.getDefiningOp()->getOperand(0).getType(); };
    m.materialize.bufferize = ops::bufferizeMaterialize;
    m.linalg.bufferize = ops::bufferizeDestinationStyle;
    m.transferWrite.bufferize = ops::bufferizeTransferWrite;
    m.readAliasEquivalent.bufferize = ops::bufferizeCollapseShape;
    m.readAliasEquivalent.getBufferType = ops::collapseShapeBufferType;
    static OpModel expandModel = m.aliasOnlyEquivalent;
    expandModel.bufferize = ops::bufferizeExpandShape;
    expandModel.getBufferType = ops::expandShapeBufferType;
    m.forOp.bufferize = ops::bufferizeScfFor;
    m.forOp.getBufferType = ops::scfForBufferType;
    m.forOp.resolveConflicts = ops::resolveScfForConflicts;
    m.yield.bufferize = ops::bufferizeScfYield;
    m.ifOp.bufferize = ops::bufferizeScfRegionOp;
    m.ifOp.getBufferType = ops::scfIfBufferType;
    m.executeRegion.bufferize = ops::bufferizeScfRegionOp;
    m.executeRegion.getBufferType = [](Value v, BufferizeRewriter &rw) -> Type {
      if (auto arg = dyn_cast<BlockArgument>(v))
        return getBlockArgBufferType(arg, rw);
      // The type of the unique yield's operand.
      Operation *op = v.getDefiningOp();
      for (Block &b : op->getRegion(0))
        if (!b.empty() && b.back().getName().getStringRef() == "scf.yield") {
          Value y = b.back().getOperand(cast<OpResult>(v).getResultNumber());
          if (isa<BaseMemRefType>(y.getType()))
            return y.getType();
          FailureOr<Type> t = rw.getBufferType(y);
          return failed(t) ? Type() : *t;
        }
      return Type();
    };
    m.whileOp.bufferize = ops::bufferizeScfWhile;
    m.whileOp.getBufferType = ops::scfWhileBufferType;
    m.whileOp.resolveConflicts = ops::resolveScfWhileConflicts;
    m.condition.bufferize = ops::bufferizeScfCondition;
    m.forall.bufferize = ops::bufferizeScfForall;
    m.forall.getBufferType = ops::scfForallBufferType;
    m.parallelInsertSlice.bufferize = ops::bufferizeParallelInsertSlice;
    m.parallelInsertSlice.resolveConflicts = ops::resolveNoConflicts;
    static OpModel splatModel = m.allocation;
    splatModel.bufferize = ops::bufferizeSplat;
    m.reshape.bufferize = ops::bufferizeReshape;
    m.reshape.getBufferType = ops::reshapeBufferType;
    static OpModel generateModel = m.allocation;
    generateModel.bufferize = ops::bufferizeGenerate;
    static OpModel indexCastModel = m.aliasOnlyEquivalent;
    indexCastModel.bufferize = ops::bufferizeIndexCast;
    m.select.bufferize = ops::bufferizeSelect;
    m.select.getBufferType = ops::selectBufferType;
    m.constant.bufferize = ops::bufferizeConstant;
    m.constant.getBufferType = ops::constantBufferType;
    registerOpModel("tensor.cast", &castModel);
    registerOpModel("tensor.bitcast", &m.aliasOnlyEquivalent);
    registerOpModel("tensor.collapse_shape", &m.readAliasEquivalent);
    registerOpModel("tensor.expand_shape", &expandModel);
    registerOpModel("tensor.dim", &dimModel);
    registerOpModel("tensor.extract", &extractModel);
    registerOpModel("tensor.rank", &rankModel);
    registerOpModel("tensor.empty", &m.empty);
    registerOpModel("tensor.extract_slice", &m.extractSlice);
    registerOpModel("tensor.insert", &m.insert);
    registerOpModel("tensor.insert_slice", &m.insertSlice);
    registerOpModel("tensor.reshape", &m.reshape);
    registerOpModel("tensor.from_elements", &fromElementsModel);
    registerOpModel("tensor.generate", &generateModel);
    registerOpModel("tensor.splat", &splatModel);
    registerOpModel("tensor.pad", &m.allocation);
    registerOpModel("tensor.concat", &m.allocation);
    registerOpModel("bufferization.alloc_tensor", &m.allocTensor);
    registerOpModel("bufferization.to_tensor", &m.toTensor);
    registerOpModel("bufferization.to_buffer", &m.toBuffer);
    registerOpModel("bufferization.materialize_in_destination", &m.materialize);
    registerOpModel("bufferization.dealloc_tensor", &deallocModel);
    registerOpModel("arith.constant", &m.constant);
    registerOpModel("arith.index_cast", &indexCastModel);
    registerOpModel("arith.select", &m.select);
    registerOpModel("scf.for", &m.forOp);
    registerOpModel("scf.yield", &m.yield);
    registerOpModel("scf.if", &m.ifOp);
    registerOpModel("scf.index_switch", &m.ifOp);
    registerOpModel("scf.execute_region", &m.executeRegion);
    registerOpModel("scf.forall", &m.forall);
    registerOpModel("scf.while", &m.whileOp);
    registerOpModel("scf.condition", &m.condition);
    registerOpModel("scf.forall.in_parallel", &m.noAccess);
    registerOpModel("tensor.parallel_insert_slice", &m.parallelInsertSlice);
    registerOpModel("vector.transfer_read", &transferReadModel);
    registerOpModel("vector.transfer_write", &m.transferWrite);
    registerOpModel("vector.gather", &m.readOnly);
    registerOpModel("cf.br", &m.branch);
    registerOpModel("cf.cond_br", &m.branch);
    registerOpModel("#linalg-structured", &m.linalg);
    // linalg.softmax: destination style, its output is not read.
    static OpModel softmaxModel = make(operand0, linalgWrite, linalgAliasing);
    softmaxModel.bufferize = ops::bufferizeDestinationStyle;
    registerOpModel("linalg.softmax", &softmaxModel);
    static OpModel mlGlobal = make(no, no);
    mlGlobal.hasTensorSemantics = [](Operation *) { return true; };
    mlGlobal.bufferize = ops::bufferizeMLProgramGlobal;
    registerOpModel("ml_program.global", &mlGlobal);
    // vector.mask: its results are the masked op's, through vector.yield.
    static OpModel maskModel = make(no, no);
    maskModel.aliasingOpOperands = [](Value v, const AnalysisState &) -> AliasingOpOperandList {
      auto r = dyn_cast<OpResult>(v);
      if (!r)
        return {};
      Operation *yield = &r.getOwner()->getRegion(0).front().back();
      return {{&yield->getOpOperand(r.getResultNumber()), BufferRelation::Equivalent, true}};
    };
    maskModel.resolveConflicts = ops::resolveMaskConflicts;
    maskModel.bufferize = ops::bufferizeMask;
    registerOpModel("vector.mask", &maskModel);
    static OpModel vectorYield = make(yes, no, [](OpOperand &o, const AnalysisState &) -> AliasingValueList {
      return {{o.getOwner()->getParentOp()->getResult(o.getOperandNumber()), BufferRelation::Equivalent, true}};
    });
    vectorYield.mustInPlace = yes;
    vectorYield.bufferize = ops::bufferizeVectorYield;
    registerOpModel("vector.yield", &vectorYield);
    static OpModel mlLoad = make(no, no);
    mlLoad.isWritable = notWritable;
    mlLoad.bufferize = ops::bufferizeMLProgramGlobalLoad;
    registerOpModel("ml_program.global_load", &mlLoad);
    static OpModel mlStore = make(yes, no);
    mlStore.bufferize = ops::bufferizeMLProgramGlobalStore;
    registerOpModel("ml_program.global_store", &mlStore);
    registerFuncOpModels();
  });
}
