//===- OneShotModuleBufferize.cpp - Analysis across function boundaries ---===//
//
// MLIR's module bufferization analysis (bufferize-function-boundaries):
// functions are analyzed callees first; after each, the returned values
// equivalent to / aliasing its tensor arguments and the arguments it reads
// and writes are recorded, and func.call's model answers from them. Also
// the models of func.func, func.call and func.return.
//
#include "lamina/Dialect/Bufferization/Transforms/Bufferize.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::bufferization;

static bool isTensor(Type t) { return isa<TensorType>(t); }

//===----------------------------------------------------------------------===//
// Function argument attributes
//===----------------------------------------------------------------------===//

static DictionaryAttr getArgAttrDict(Operation *func, unsigned index) {
  auto all = func->getAttrOfType<ArrayAttr>("arg_attrs");
  if (!all || index >= all.size())
    return {};
  return dyn_cast<DictionaryAttr>(all[index]);
}

static Attribute getArgAttr(Operation *func, unsigned index, std::string_view name) {
  DictionaryAttr dict = getArgAttrDict(func, index);
  return dict ? dict.get(name) : Attribute();
}

static unsigned getNumFuncArgs(Operation *func) {
  auto type = func->getAttrOfType<TypeAttr>("function_type");
  return unsigned(cast<FunctionType>(type.getValue()).getInputs().size());
}

static FunctionType getFuncType(Operation *func) {
  return cast<FunctionType>(func->getAttrOfType<TypeAttr>("function_type").getValue());
}

static void setArgAttr(Operation *func, unsigned index, std::string_view name, Attribute value) {
  MLIRContext *ctx = func->getContext();
  unsigned numArgs = getNumFuncArgs(func);
  std::vector<Attribute> dicts(numArgs);
  auto all = func->getAttrOfType<ArrayAttr>("arg_attrs");
  for (unsigned i = 0; i < numArgs; ++i)
    dicts[i] = all && i < all.size() ? all[i] : Attribute(DictionaryAttr::get(ctx));
  std::vector<NamedAttribute> entries;
  if (auto dict = dyn_cast_or_null<DictionaryAttr>(dicts[index]))
    for (const NamedAttribute &a : dict)
      if (a.getNameStr() != name)
        entries.push_back(a);
  entries.push_back(NamedAttribute(StringAttr::get(ctx, name), value));
  dicts[index] = DictionaryAttr::get(ctx, entries);
  func->setAttr("arg_attrs", ArrayAttr::get(ctx, dicts));
}

static std::vector<Operation *> getReturnOps(Operation *func) {
  std::vector<Operation *> result;
  for (Block &b : func->getRegion(0))
    if (!b.empty() && b.back().getName().getStringRef() == "func.return")
      result.push_back(&b.back());
  return result;
}

//===----------------------------------------------------------------------===//
// func models
//===----------------------------------------------------------------------===//

namespace {

bool callRead(OpOperand &o, const AnalysisState &state) {
  Operation *func = getCalledFunction(o.getOwner());
  if (!func || state.getFuncState(func) != AnalysisState::FuncState::Analyzed)
    return true;
  auto it = state.readBbArgs.find(func);
  return it != state.readBbArgs.end() && it->second.count(o.getOperandNumber());
}

bool callWrite(OpOperand &o, const AnalysisState &state) {
  Operation *func = getCalledFunction(o.getOwner());
  if (!func || state.getFuncState(func) != AnalysisState::FuncState::Analyzed)
    return true;
  auto it = state.writtenBbArgs.find(func);
  return it != state.writtenBbArgs.end() && it->second.count(o.getOperandNumber());
}

AliasingValueList callAliasingValues(OpOperand &o, const AnalysisState &state) {
  Operation *call = o.getOwner();
  Operation *func = getCalledFunction(call);
  if (!func || state.getFuncState(func) != AnalysisState::FuncState::Analyzed) {
    AliasingValueList r;
    for (Value v : call->getResults())
      if (isTensor(v.getType()))
        r.push_back({v, BufferRelation::Unknown, false});
    return r;
  }
  std::vector<int64_t> returnVals;
  auto fit = state.aliasingReturnVals.find(func);
  if (fit != state.aliasingReturnVals.end()) {
    auto ait = fit->second.find(o.getOperandNumber());
    if (ait != fit->second.end())
      returnVals = ait->second;
  }
  bool equivalent = false;
  if (returnVals.size() == 1) {
    auto eit = state.equivalentFuncArgs.find(func);
    if (eit != state.equivalentFuncArgs.end() && eit->second.count(returnVals.front()))
      equivalent = true;
  }
  AliasingValueList r;
  for (int64_t idx : returnVals)
    r.push_back({call->getResult(unsigned(idx)), equivalent ? BufferRelation::Equivalent : BufferRelation::Unknown,
                 equivalent});
  return r;
}

bool alwaysTrue(OpOperand &, const AnalysisState &) { return true; }
bool alwaysFalse(OpOperand &, const AnalysisState &) { return false; }

bool funcIsWritable(Value v, const AnalysisState &) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return true;
  Operation *func = arg.getOwner()->getParentOp();
  if (!arg.getOwner()->isEntryBlock())
    return true;
  if (auto writable = dyn_cast_or_null<BoolAttr>(getArgAttr(func, arg.getArgNumber(), "bufferization.writable")))
    return writable.getValue();
  return true;
}

bool funcHasTensorSemantics(Operation *func) {
  FunctionType type = getFuncType(func);
  for (Type t : type.getInputs())
    if (isTensor(t))
      return true;
  for (Type t : type.getResults())
    if (isTensor(t))
      return true;
  for (Block &b : func->getRegion(0))
    for (Value arg : b.getArguments())
      if (isTensor(arg.getType()))
        return true;
  return false;
}

/// A block argument of a non-entry block aliases the operands its
/// predecessors forward to it.
AliasingOpOperandList funcAliasingOpOperands(Value v, const AnalysisState &) {
  return bufferization::getBranchAliasingOpOperands(v);
}

} // namespace

AliasingOpOperandList bufferization::getBranchAliasingOpOperands(Value v) {
  AliasingOpOperandList result;
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner()->isEntryBlock())
    return result;
  Block *block = arg.getOwner();
  for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue()) {
    Operation *caller = use->getOwner();
    auto branch = dyn_cast<BranchOpInterface>(caller);
    if (!branch)
      continue;
    for (unsigned i = 0, e = caller->getNumSuccessors(); i < e; ++i) {
      if (caller->getSuccessor(i) != block)
        continue;
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      unsigned index = operands.getOperandIndex(arg.getArgNumber());
      result.push_back({&caller->getOpOperand(index), BufferRelation::Equivalent, false});
      break;
    }
  }
  return result;
}

namespace {

OpModel kCallModel = [] {
  OpModel m;
  m.read = callRead;
  m.write = callWrite;
  m.aliasingValues = callAliasingValues;
  return m;
}();

OpModel kReturnModel = [] {
  OpModel m;
  m.read = alwaysTrue;
  m.write = alwaysFalse;
  return m;
}();

OpModel kFuncModel = [] {
  OpModel m;
  m.isWritable = funcIsWritable;
  m.hasTensorSemantics = funcHasTensorSemantics;
  m.aliasingOpOperands = funcAliasingOpOperands;
  m.supportsUnstructuredControlFlow = true;
  return m;
}();

} // namespace

void registerFuncRewrite(OpModel &call, OpModel &ret, OpModel &func);

void registerFuncOpModels() {
  registerFuncRewrite(kCallModel, kReturnModel, kFuncModel);
  registerOpModel("func.call", &kCallModel);
  registerOpModel("func.return", &kReturnModel);
  registerOpModel("func.func", &kFuncModel);
}

//===----------------------------------------------------------------------===//
// Module analysis
//===----------------------------------------------------------------------===//

static void annotateEquivalentReturnBbArg(OpOperand &returnVal, BlockArgument arg) {
  Operation *op = returnVal.getOwner();
  std::vector<int64_t> equiv;
  if (auto attr = op->getAttrOfType<ArrayAttr>("__equivalent_func_args__")) {
    for (Attribute a : attr)
      equiv.push_back(cast<IntegerAttr>(a).getInt());
  } else {
    equiv.assign(op->getNumOperands(), -1);
  }
  equiv[returnVal.getOperandNumber()] = arg.getArgNumber();
  Builder b(op->getContext());
  op->setAttr("__equivalent_func_args__", b.getI64ArrayAttr(equiv));
}

static void aliasingFuncOpBBArgsAnalysis(Operation *func, AnalysisState &state) {
  FunctionType type = getFuncType(func);
  if (func->getRegion(0).empty()) {
    for (unsigned i = 0; i < type.getInputs().size(); ++i) {
      if (!isTensor(type.getInputs()[i]))
        continue;
      for (unsigned j = 0; j < type.getResults().size(); ++j)
        if (isTensor(type.getResults()[j]))
          state.aliasingReturnVals[func][i].push_back(j);
    }
    return;
  }
  std::vector<Operation *> returnOps = getReturnOps(func);
  if (returnOps.empty())
    return;
  Block &entry = func->getRegion(0).front();
  for (Value v : entry.getArguments()) {
    BlockArgument arg = cast<BlockArgument>(v);
    if (!isa<RankedTensorType>(arg.getType()))
      continue;
    std::vector<int64_t> aliases;
    for (Operation *ret : returnOps)
      for (OpOperand &o : ret->getOpOperands())
        if (isa<RankedTensorType>(o.get().getType()) && state.areAliasingBufferizedValues(o.get(), arg) &&
            std::find(aliases.begin(), aliases.end(), int64_t(o.getOperandNumber())) == aliases.end())
          aliases.push_back(o.getOperandNumber());
    for (int64_t a : aliases)
      state.aliasingReturnVals[func][arg.getArgNumber()].push_back(a);
  }
  auto findEquivalentArg = [&](OpOperand &o) -> std::optional<int64_t> {
    if (!isTensor(o.get().getType()))
      return std::nullopt;
    for (Value v : entry.getArguments()) {
      if (!isa<RankedTensorType>(v.getType()))
        continue;
      if (state.areEquivalentBufferizedValues(o.get(), v)) {
        if (state.getOptions().testAnalysisOnly)
          annotateEquivalentReturnBbArg(o, cast<BlockArgument>(v));
        return cast<BlockArgument>(v).getArgNumber();
      }
    }
    return std::nullopt;
  };
  unsigned numResults = returnOps.front()->getNumOperands();
  for (unsigned i = 0; i < numResults; ++i) {
    std::optional<int64_t> equiv = findEquivalentArg(returnOps.front()->getOpOperand(i));
    if (!equiv)
      continue;
    bool allEquiv = true;
    for (size_t k = 1; k < returnOps.size(); ++k)
      if (findEquivalentArg(returnOps[k]->getOpOperand(i)) != equiv) {
        allEquiv = false;
        break;
      }
    if (allEquiv)
      state.equivalentFuncArgs[func][i] = *equiv;
  }
}

static void funcOpBbArgReadWriteAnalysis(Operation *func, AnalysisState &state) {
  FunctionType type = getFuncType(func);
  Builder b(func->getContext());
  for (unsigned idx = 0; idx < type.getInputs().size(); ++idx) {
    if (!isTensor(type.getInputs()[idx]))
      continue;
    bool isRead, isWritten;
    if (auto access = dyn_cast_or_null<StringAttr>(getArgAttr(func, idx, "bufferization.access"))) {
      std::string_view s = access.getValue();
      isRead = s == "read" || s == "read-write";
      isWritten = s == "write" || s == "read-write";
    } else if (func->getRegion(0).empty()) {
      isRead = isWritten = true;
    } else {
      Value arg = func->getRegion(0).front().getArgument(idx);
      isRead = state.isValueRead(arg);
      isWritten = state.isValueWritten(arg);
    }
    if (state.getOptions().testAnalysisOnly)
      setArgAttr(func, idx, "bufferization.access",
                 b.getStringAttr(isRead && isWritten ? "read-write"
                                 : isRead            ? "read"
                                 : isWritten         ? "write"
                                                     : "none"));
    if (isRead)
      state.readBbArgs[func].insert(idx);
    if (isWritten)
      state.writtenBbArgs[func].insert(idx);
  }
}

static void callEquivalenceAnalysis(Operation *func, AnalysisState &state) {
  func->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "func.call")
      return;
    Operation *callee = getCalledFunction(op);
    if (!callee)
      return;
    auto it = state.equivalentFuncArgs.find(callee);
    if (it == state.equivalentFuncArgs.end())
      return;
    for (auto [returnIdx, argIdx] : it->second) {
      if (!state.isInPlace(op->getOpOperand(unsigned(argIdx))))
        continue;
      state.unionEquivalenceClasses(op->getResult(unsigned(returnIdx)), op->getOperand(unsigned(argIdx)));
    }
  });
}

static bool hasTensorSignature(Operation *func) {
  FunctionType type = getFuncType(func);
  return std::any_of(type.getInputs().begin(), type.getInputs().end(), isTensor) ||
         std::any_of(type.getResults().begin(), type.getResults().end(), isTensor);
}

LogicalResult bufferization::analyzeModuleOp(Operation *moduleOp, AnalysisState &state) {
  // Functions in module order with the functions each calls.
  std::vector<Operation *> funcs;
  moduleOp->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "func.func")
      funcs.push_back(op);
  });
  std::map<Operation *, std::set<Operation *>> calledBy;
  std::map<Operation *, unsigned> numCallees;
  for (Operation *func : funcs) {
    numCallees[func] = 0;
    bool missing = false;
    func->walk([&](Operation *op) {
      if (op->getName().getStringRef() != "func.call")
        return;
      Operation *callee = getCalledFunction(op);
      if (!callee) {
        missing = true;
        return;
      }
      if (!hasTensorSignature(callee))
        return;
      if (calledBy[callee].insert(func).second)
        ++numCallees[func];
    });
    if (missing)
      return failure();
  }
  std::vector<Operation *> ordered, remaining;
  std::set<Operation *> done;
  while (true) {
    Operation *next = nullptr;
    for (Operation *func : funcs)
      if (!done.count(func) && numCallees[func] == 0) {
        next = func;
        break;
      }
    if (!next)
      break;
    ordered.push_back(next);
    done.insert(next);
    for (Operation *caller : calledBy[next])
      --numCallees[caller];
  }
  for (Operation *func : funcs)
    if (!done.count(func))
      remaining.push_back(func);

  for (Operation *func : ordered) {
    if (!state.isOpAllowed(func))
      continue;
    state.analyzedFuncs[func] = AnalysisState::FuncState::InProgress;
    state.equivalentFuncArgs[func];
    state.aliasingReturnVals[func];
    state.readBbArgs[func];
    state.writtenBbArgs[func];
    callEquivalenceAnalysis(func, state);
    if (failed(analyzeOp(func, state)))
      return failure();
    aliasingFuncOpBBArgsAnalysis(func, state);
    funcOpBbArgReadWriteAnalysis(func, state);
    state.analyzedFuncs[func] = AnalysisState::FuncState::Analyzed;
  }
  for (Operation *func : remaining) {
    if (!state.isOpAllowed(func))
      continue;
    callEquivalenceAnalysis(func, state);
    if (failed(analyzeOp(func, state)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Module rewrite
//===----------------------------------------------------------------------===//

namespace {

/// The bufferized type of function argument `index` (or of a result type).
Type getBufferizedFunctionType(Type tensorType, const OneShotOptions &options) {
  auto t = cast<TensorType>(tensorType);
  if (options.functionBoundaryIdentityLayout)
    return getMemRefTypeWithStaticIdentityLayout(t, Attribute());
  return getMemRefTypeWithFullyDynamicLayout(t, Attribute());
}

/// The operands branches forward to `arg` (in the block's use order).
std::vector<OpOperand *> getCallerOperands(BlockArgument arg) {
  std::vector<OpOperand *> result;
  Block *block = arg.getOwner();
  for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue()) {
    Operation *caller = use->getOwner();
    auto branch = dyn_cast<BranchOpInterface>(caller);
    if (!branch)
      continue;
    for (unsigned i = 0, e = caller->getNumSuccessors(); i < e; ++i) {
      if (caller->getSuccessor(i) != block)
        continue;
      result.push_back(&caller->getOpOperand(branch.getSuccessorOperands(i).getOperandIndex(arg.getArgNumber())));
      break;
    }
  }
  return result;
}

/// The buffer type of a non-entry block argument: that of the operands
/// forwarded to it, or a fully dynamic layout if they differ.
Type blockArgBufferType(BlockArgument arg, BufferizeRewriter &rw) {
  Operation *op = arg.getOwner()->getParentOp();
  Type bufferType;
  for (OpOperand *o : getCallerOperands(arg)) {
    if (rw.countOnStack(o->get()))
      continue;
    Type callerType = o->get().getType();
    if (!isa<BaseMemRefType>(callerType)) {
      FailureOr<Type> t = rw.getBufferType(o->get());
      if (failed(t))
        return Type();
      callerType = *t;
    }
    if (!bufferType) {
      bufferType = callerType;
      continue;
    }
    if (bufferType == callerType)
      continue;
    if (getMemorySpace(bufferType) != getMemorySpace(callerType)) {
      (void)op->emitOpError("incoming operands of block argument have inconsistent memory spaces");
      return Type();
    }
    bufferType = getMemRefTypeWithFullyDynamicLayout(cast<TensorType>(arg.getType()), getMemorySpace(bufferType));
  }
  if (!bufferType)
    (void)op->emitOpError("could not infer buffer type of block argument");
  return bufferType;
}

Type funcBufferType(Value v, BufferizeRewriter &rw) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return rw.getUnknownBufferType(v);
  if (!arg.getOwner()->isEntryBlock())
    return blockArgBufferType(arg, rw);
  Operation *func = arg.getOwner()->getParentOp();
  Type t = getBufferizedFunctionType(getFuncType(func).getInputs()[arg.getArgNumber()], rw.options);
  if (auto layout = getArgAttr(func, arg.getArgNumber(), "bufferization.buffer_layout"))
    if (auto m = dyn_cast<MemRefType>(t))
      t = MemRefType::get(m.getShape(), m.getElementType(), layout, m.getMemorySpace());
  return t;
}

/// MLIR's bufferizeBlockSignature: memref block arguments (with to_tensor
/// ops for their uses) and buffers forwarded by the block's predecessors.
LogicalResult bufferizeBlockSignature(Block *block, BufferizeRewriter &rw) {
  std::vector<Type> newTypes;
  for (Value arg : block->getArguments()) {
    if (!isTensor(arg.getType())) {
      newTypes.push_back(arg.getType());
      continue;
    }
    FailureOr<Type> type = rw.getBufferType(arg);
    if (failed(type))
      return failure();
    newTypes.push_back(*type);
  }
  std::vector<Type> oldTypes;
  for (Value arg : block->getArguments())
    oldTypes.push_back(arg.getType());
  for (unsigned i = 0, e = block->getNumArguments(); i < e; ++i) {
    BlockArgument arg = block->getArgument(i);
    Type type = newTypes[i];
    if (type == arg.getType())
      continue;
    std::vector<OpOperand *> uses;
    for (OpOperand &use : arg.getUses())
      uses.push_back(&use);
    Type tensorType = arg.getType();
    arg.setType(type);
    if (uses.empty())
      continue;
    rw.b.setInsertionPointToStart(block);
    Value toTensor = rw.b.create(arg.getLoc(), "bufferization.to_tensor", Value(arg), tensorType)->getResult(0);
    for (OpOperand *use : uses)
      use->set(toTensor);
  }
  // The branches to the block forward buffers.
  std::vector<Operation *> callers;
  for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue())
    callers.push_back(use->getOwner());
  for (Operation *caller : callers) {
    auto branch = dyn_cast<BranchOpInterface>(caller);
    if (!branch)
      return caller->emitOpError("cannot bufferize ops with block references that do not implement "
                                 "BranchOpInterface");
    for (unsigned s = 0, e = caller->getNumSuccessors(); s < e; ++s) {
      if (caller->getSuccessor(s) != block)
        continue;
      SuccessorOperands operands = branch.getSuccessorOperands(s);
      for (unsigned k = 0; k < block->getNumArguments(); ++k) {
        unsigned index = operands.getOperandIndex(k);
        Value operand = caller->getOperand(index);
        if (operand.getType() == newTypes[k] || !isTensor(oldTypes[k]))
          continue;
        FailureOr<Type> operandType = rw.getBufferType(operand);
        if (failed(operandType))
          return failure();
        if (auto opArg = dyn_cast<BlockArgument>(operand))
          rw.b.setInsertionPointToStart(opArg.getOwner());
        else
          rw.b.setInsertionPointAfter(operand.getDefiningOp());
        Value buffer = rw.b.create(operand.getLoc(), "bufferization.to_buffer", operand, *operandType)->getResult(0);
        if (newTypes[k] != *operandType)
          buffer = rw.b.create(operand.getLoc(), "memref.cast", buffer, newTypes[k])->getResult(0);
        caller->setOperand(index, buffer);
      }
      break;
    }
  }
  return success();
}

LogicalResult funcBufferize(Operation *func, BufferizeRewriter &rw) {
  FunctionType type = getFuncType(func);
  std::vector<Type> argTypes, resultTypes;
  for (unsigned i = 0; i < type.getInputs().size(); ++i) {
    Type t = type.getInputs()[i];
    if (isTensor(t)) {
      t = getBufferizedFunctionType(t, rw.options);
      if (auto layout = getArgAttr(func, i, "bufferization.buffer_layout"))
        if (auto m = dyn_cast<MemRefType>(t))
          t = MemRefType::get(m.getShape(), m.getElementType(), layout, m.getMemorySpace());
    }
    argTypes.push_back(t);
  }
  for (Type t : type.getResults())
    resultTypes.push_back(isTensor(t) ? getBufferizedFunctionType(t, rw.options) : t);
  auto newType = FunctionType::get(func->getContext(), argTypes, resultTypes);
  if (!func->getRegion(0).empty()) {
    for (Block &block : func->getRegion(0))
      if (failed(bufferizeBlockSignature(&block, rw)))
        return failure();
    for (Operation *ret : getReturnOps(func)) {
      std::vector<Value> values;
      rw.b.setInsertionPoint(ret);
      for (unsigned i = 0; i < ret->getNumOperands(); ++i) {
        Value v = ret->getOperand(i);
        if (!isTensor(v.getType())) {
          values.push_back(v);
          continue;
        }
        values.push_back(rw.b.create(ret->getLoc(), "bufferization.to_buffer", v, resultTypes[i])->getResult(0));
      }
      ret->setOperands(ValueRange(values));
    }
  }
  func->setAttr("function_type", TypeAttr::get(newType));
  return success();
}

Type callBufferType(Value v, BufferizeRewriter &rw) {
  Operation *call = v.getDefiningOp();
  Operation *func = getCalledFunction(call);
  Type t = getFuncType(func).getResults()[cast<OpResult>(v).getResultNumber()];
  if (isa<BaseMemRefType>(t))
    return t;
  return getBufferizedFunctionType(t, rw.options);
}

LogicalResult callBufferize(Operation *call, BufferizeRewriter &rw) {
  Operation *func = getCalledFunction(call);
  std::vector<Type> resultTypes;
  for (Value r : call->getResults()) {
    if (!isTensor(r.getType())) {
      resultTypes.push_back(r.getType());
      continue;
    }
    FailureOr<Type> t = rw.getBufferType(r);
    if (failed(t))
      return failure();
    resultTypes.push_back(*t);
  }
  FunctionType funcType = getFuncType(func);
  std::vector<Value> operands;
  for (OpOperand &o : call->getOpOperands()) {
    if (!isTensor(o.get().getType())) {
      operands.push_back(o.get());
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(o.get());
    if (failed(buffer))
      return failure();
    Type expected = funcType.getInputs()[o.getOperandNumber()];
    if (!isa<BaseMemRefType>(expected))
      expected = getBufferizedFunctionType(expected, rw.options);
    rw.b.setInsertionPoint(call);
    operands.push_back(rw.castBuffer(*buffer, expected));
  }
  rw.b.setInsertionPoint(call);
  OperationState st(call->getLoc(), "func.call");
  st.addOperands(ValueRange(operands));
  st.addTypes(ArrayRef<Type>(resultTypes));
  for (const NamedAttribute &a : call->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  Operation *newCall = rw.b.create(st);
  std::vector<Value> results;
  for (Value r : newCall->getResults())
    results.push_back(r);
  rw.replaceOp(call, results);
  return success();
}

LogicalResult returnBufferize(Operation *, BufferizeRewriter &) { return success(); }

/// Returns memref.cast sources directly and narrows the function's result
/// types accordingly (MLIR's foldMemRefCasts).
void foldMemRefCasts(Operation *func) {
  if (func->getRegion(0).empty())
    return;
  std::vector<Operation *> returnOps = getReturnOps(func);
  if (returnOps.empty())
    return;
  auto unpack = [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->getName().getStringRef() == "memref.cast" ? def->getOperand(0) : v;
  };
  unsigned n = returnOps.front()->getNumOperands();
  std::vector<Type> types(n);
  for (unsigned i = 0; i < n; ++i) {
    Type t = unpack(returnOps.front()->getOperand(i)).getType();
    for (size_t j = 1; j < returnOps.size(); ++j)
      if (unpack(returnOps[j]->getOperand(i)).getType() != t)
        t = Type();
    types[i] = t;
  }
  for (Operation *ret : returnOps)
    for (unsigned i = 0; i < n; ++i)
      if (types[i])
        ret->setOperand(i, unpack(ret->getOperand(i)));
  FunctionType type = getFuncType(func);
  for (unsigned i = 0; i < n; ++i)
    if (!types[i])
      types[i] = type.getResults()[i];
  func->setAttr("function_type", TypeAttr::get(FunctionType::get(func->getContext(), type.getInputs(), types)));
}

void removeArgAttr(Operation *func, std::string_view name) {
  auto all = func->getAttrOfType<ArrayAttr>("arg_attrs");
  if (!all)
    return;
  MLIRContext *ctx = func->getContext();
  std::vector<Attribute> dicts;
  bool anyNonEmpty = false;
  for (Attribute a : all) {
    std::vector<NamedAttribute> entries;
    if (auto dict = dyn_cast<DictionaryAttr>(a))
      for (const NamedAttribute &e : dict)
        if (e.getNameStr() != name)
          entries.push_back(e);
    anyNonEmpty |= !entries.empty();
    dicts.push_back(DictionaryAttr::get(ctx, entries));
  }
  if (anyNonEmpty)
    func->setAttr("arg_attrs", ArrayAttr::get(ctx, dicts));
  else
    func->removeAttr("arg_attrs");
}

} // namespace

Type bufferization::getBlockArgBufferType(BlockArgument arg, BufferizeRewriter &rw) {
  return blockArgBufferType(arg, rw);
}
LogicalResult bufferization::bufferizeBlockArguments(Block *block, BufferizeRewriter &rw) {
  return bufferizeBlockSignature(block, rw);
}

void registerFuncRewrite(OpModel &call, OpModel &ret, OpModel &func) {
  call.bufferize = callBufferize;
  call.getBufferType = callBufferType;
  ret.bufferize = returnBufferize;
  func.bufferize = funcBufferize;
  func.getBufferType = funcBufferType;
}

LogicalResult bufferization::bufferizeModuleOp(Operation *moduleOp, const OneShotOptions &options,
                                               AnalysisState &state) {
  MLIRContext *ctx = moduleOp->getContext();
  {
    BufferizeRewriter copies(ctx, options, state);
    if (failed(copies.insertTensorCopies(moduleOp)))
      return failure();
  }
  std::vector<Operation *> funcs;
  moduleOp->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "func.func")
      funcs.push_back(op);
  });
  // Callees first (the order of the analysis).
  std::vector<Operation *> ordered;
  std::set<Operation *> done;
  std::map<Operation *, std::set<Operation *>> callees;
  for (Operation *func : funcs)
    func->walk([&](Operation *op) {
      if (op->getName().getStringRef() != "func.call")
        return;
      if (Operation *callee = getCalledFunction(op))
        if (hasTensorSignature(callee))
          callees[func].insert(callee);
    });
  bool progress = true;
  while (progress) {
    progress = false;
    for (Operation *func : funcs) {
      if (done.count(func))
        continue;
      bool ready = true;
      for (Operation *callee : callees[func])
        ready &= done.count(callee) != 0;
      if (!ready)
        continue;
      ordered.push_back(func);
      done.insert(func);
      progress = true;
      break;
    }
  }
  for (Operation *func : funcs)
    if (!done.count(func))
      ordered.push_back(func);
  for (Operation *func : ordered) {
    BufferizeRewriter rewriter(ctx, options, state);
    if (failed(rewriter.run(func)))
      return failure();
    if (options.inferFunctionResultLayout)
      foldMemRefCasts(func);
  }
  // The module's other ops.
  std::vector<Operation *> others;
  for (Operation &op : moduleOp->getRegion(0).front())
    if (op.getName().getStringRef() != "func.func")
      others.push_back(&op);
  for (Operation *op : others) {
    BufferizeRewriter rewriter(ctx, options, state);
    if (failed(rewriter.run(op)))
      return failure();
  }
  for (Operation *func : funcs) {
    removeArgAttr(func, "bufferization.buffer_layout");
    removeArgAttr(func, "bufferization.writable");
  }
  return success();
}
