//===- LowerDeallocations.cpp - bufferization.dealloc to memref.dealloc ---===//
//
// MLIR's `bufferization-lower-deallocations`: a dealloc of nothing becomes
// `false` for each retained value; a dealloc of one memref becomes an
// `scf.if` around `memref.dealloc`, guarded by runtime pointer comparisons
// with the retained values; the general case stores the pointers in
// buffers and calls the private helper `@dealloc_helper` built once per
// module. The `buffer-deallocation-pipeline` is registered here too.
//
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Pass/PassRegistry.h"
#include "lamina/Support/RawOstream.h"

#include <unordered_map>

using namespace lamina;
using namespace lamina::bufferization;

namespace {

/// Small builders of the ops the lowering emits.
struct LoweringBuilder {
  OpBuilder &b;
  Location loc;

  Value op(std::string_view name, ArrayRef<Value> operands, Type type, ArrayRef<NamedAttribute> attrs = {}) {
    return b.create(loc, name, ValueRange(operands), type, attrs)->getResult(0);
  }
  void op(std::string_view name, ArrayRef<Value> operands) { b.create(loc, name, ValueRange(operands)); }
  Value constIndex(int64_t v) {
    NamedAttribute attr(b.getStringAttr("value"), b.getIndexAttr(v));
    return op("arith.constant", {}, b.getIndexType(), attr);
  }
  Value constBool(bool v) {
    NamedAttribute attr(b.getStringAttr("value"), b.getBoolAttr(v));
    return op("arith.constant", {}, b.getI1Type(), attr);
  }
  Value cmpi(int64_t predicate, Value lhs, Value rhs) {
    NamedAttribute attr(b.getStringAttr("predicate"),
                        IntegerAttr::get(IntegerType::get(b.getContext(), 64), predicate));
    return op("arith.cmpi", {lhs, rhs}, b.getI1Type(), attr);
  }
  Value eq(Value lhs, Value rhs) { return cmpi(0, lhs, rhs); }
  Value ne(Value lhs, Value rhs) { return cmpi(1, lhs, rhs); }
  Value andi(Value lhs, Value rhs) { return op("arith.andi", {lhs, rhs}, b.getI1Type()); }
  Value ori(Value lhs, Value rhs) { return op("arith.ori", {lhs, rhs}, b.getI1Type()); }
  Value xori(Value lhs, Value rhs) { return op("arith.xori", {lhs, rhs}, b.getI1Type()); }
  Value pointer(Value memref) {
    return op("memref.extract_aligned_pointer_as_index", {memref}, b.getIndexType());
  }
  Value alloc(MemRefType type) {
    OperationState st(loc, "memref.alloc");
    st.addTypes(ArrayRef<Type>{type});
    st.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr({0, 0}));
    return b.create(st)->getResult(0);
  }
  Value load(Value memref, Value index) {
    return op("memref.load", {memref, index}, lamina::cast<MemRefType>(memref.getType()).getElementType());
  }
  void store(Value value, Value memref, Value index) { op("memref.store", {value, memref, index}); }
  Value castTo(Value memref, Type type) { return op("memref.cast", {memref}, type); }
  void dealloc(Value memref) { op("memref.dealloc", {memref}); }
  /// `scf.if %cond { memref.dealloc %memref }`.
  void deallocIf(Value cond, Value memref) {
    OperationState st(loc, "scf.if");
    st.addOperand(cond);
    st.addRegion();
    st.addRegion();
    Operation *ifOp = b.create(st);
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&ifOp->getRegion(0));
    dealloc(memref);
    b.create(loc, "scf.yield");
  }
  /// `scf.for %i = lb to ub step s iter_args(inits)`, its body built by
  /// `body(i, iterArgs)` (which creates the yield); returns the results.
  template <typename Fn> std::vector<Value> forLoop(Value lb, Value ub, Value step, ArrayRef<Value> inits, Fn body) {
    OperationState st(loc, "scf.for");
    std::vector<Value> operands{lb, ub, step};
    operands.insert(operands.end(), inits.begin(), inits.end());
    st.addOperands(ValueRange(operands));
    for (Value v : inits)
      st.addType(v.getType());
    st.addRegion();
    Operation *forOp = b.create(st);
    {
      OpBuilder::InsertionGuard guard(b);
      Block *block = forOp->getRegion(0).emplaceBlock();
      Value iv = block->addArgument(b.getIndexType(), loc);
      std::vector<Value> iterArgs;
      for (Value v : inits)
        iterArgs.push_back(block->addArgument(v.getType(), loc));
      b.setInsertionPointToStart(block);
      body(iv, iterArgs);
    }
    return std::vector<Value>(forOp->getResults().begin(), forOp->getResults().end());
  }
};

/// The nearest ancestor of `op` holding a symbol table.
Operation *getParentSymbolTable(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp())
    if (parent->hasTrait<OpTrait::SymbolTable>())
      return parent;
  return nullptr;
}

/// Builds `func.func private @dealloc_helper` at the end of the module.
Operation *buildDeallocationLibraryFunction(Operation *module, Location loc) {
  MLIRContext *ctx = module->getContext();
  OpBuilder b(ctx);
  Type indexMemref = MemRefType::get({ShapedType::kDynamic}, b.getIndexType());
  Type boolMemref = MemRefType::get({ShapedType::kDynamic}, b.getI1Type());
  std::vector<Type> argTypes{indexMemref, indexMemref, boolMemref, boolMemref, boolMemref};

  Block &body = module->getRegion(0).front();
  b.setInsertionPoint(&body, body.end());
  SymbolTable symbolTable(module);
  std::string name = "dealloc_helper";
  for (unsigned i = 0; symbolTable.lookup(name); ++i)
    name = "dealloc_helper_" + std::to_string(i);
  OperationState st(loc, "func.func");
  st.addAttribute("sym_name", b.getStringAttr(name));
  st.addAttribute("function_type", TypeAttr::get(FunctionType::get(ctx, argTypes, {})));
  st.addAttribute("sym_visibility", b.getStringAttr("private"));
  st.addRegion();
  Operation *func = b.create(st);
  Block *block = func->getRegion(0).emplaceBlock();
  for (Type t : argTypes)
    block->addArgument(t, loc);
  b.setInsertionPointToStart(block);
  LoweringBuilder lb{b, loc};
  Value toDealloc = block->getArgument(0), toRetain = block->getArgument(1), conditions = block->getArgument(2),
        deallocConds = block->getArgument(3), retainConds = block->getArgument(4);

  Value c0 = lb.constIndex(0);
  Value c1 = lb.constIndex(1);
  Value trueValue = lb.constBool(true);
  Value falseValue = lb.constBool(false);
  Value toDeallocSize = lb.op("memref.dim", {toDealloc, c0}, b.getIndexType());
  Value toRetainSize = lb.op("memref.dim", {toRetain, c0}, b.getIndexType());

  lb.forLoop(c0, toRetainSize, c1, {}, [&](Value i, ArrayRef<Value>) {
    lb.store(falseValue, retainConds, i);
    b.create(loc, "scf.yield");
  });
  lb.forLoop(c0, toDeallocSize, c1, {}, [&](Value outer, ArrayRef<Value>) {
    Value current = lb.load(toDealloc, outer);
    Value cond = lb.load(conditions, outer);
    Value noRetainAlias = lb.forLoop(c0, toRetainSize, c1, {trueValue}, [&](Value i, ArrayRef<Value> iterArgs) {
      Value retained = lb.load(toRetain, i);
      Value doesAlias = lb.eq(retained, current);
      OperationState ifState(loc, "scf.if");
      ifState.addOperand(doesAlias);
      ifState.addRegion();
      ifState.addRegion();
      Operation *ifOp = b.create(ifState);
      {
        OpBuilder::InsertionGuard guard(b);
        b.createBlock(&ifOp->getRegion(0));
        Value retainCond = lb.load(retainConds, i);
        Value aggregated = lb.ori(retainCond, cond);
        lb.store(aggregated, retainConds, i);
        b.create(loc, "scf.yield");
      }
      Value doesntAlias = lb.ne(retained, current);
      Value yieldValue = lb.andi(iterArgs[0], doesntAlias);
      b.create(loc, "scf.yield", yieldValue);
    })[0];
    Value noAlias = lb.forLoop(c0, outer, c1, {noRetainAlias}, [&](Value i, ArrayRef<Value> iterArgs) {
      Value previous = lb.load(toDealloc, i);
      Value doesntAlias = lb.ne(previous, current);
      Value yieldValue = lb.andi(iterArgs[0], doesntAlias);
      b.create(loc, "scf.yield", yieldValue);
    })[0];
    Value shouldDealloc = lb.andi(noAlias, cond);
    lb.store(shouldDealloc, deallocConds, outer);
    b.create(loc, "scf.yield");
  });
  b.create(loc, "func.return");
  return func;
}

/// Lowers `dealloc`; `helper` is the module's helper function (or null).
LogicalResult lowerDealloc(Operation *dealloc, Operation *helper) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(dealloc);
  OpBuilder b(dealloc);
  LoweringBuilder lb{b, dealloc->getLoc()};
  std::vector<Value> replacements;

  if (memrefs.empty()) {
    Value falseValue = lb.constBool(false);
    replacements.assign(retained.size(), falseValue);
  } else if (memrefs.size() == 1 && retained.empty()) {
    lb.deallocIf(conditions[0], memrefs[0]);
  } else if (memrefs.size() == 1) {
    std::vector<Value> doesNotAlias;
    Value memrefAsIdx = lb.pointer(memrefs[0]);
    for (Value r : retained)
      doesNotAlias.push_back(lb.ne(memrefAsIdx, lb.pointer(r)));
    Value prev = doesNotAlias.front();
    for (size_t i = 1; i < doesNotAlias.size(); ++i)
      prev = lb.andi(prev, doesNotAlias[i]);
    Value shouldDealloc = lb.andi(prev, conditions[0]);
    lb.deallocIf(shouldDealloc, memrefs[0]);
    Value trueValue = lb.constBool(true);
    for (Value v : doesNotAlias)
      replacements.push_back(lb.andi(lb.xori(v, trueValue), conditions[0]));
  } else {
    if (!helper) {
      // The pattern's error, then the conversion's.
      (void)dealloc->emitError("library function required for generic lowering, but cannot be automatically "
                               "inserted when operating on functions");
      return dealloc->emitError("failed to legalize operation 'bufferization.dealloc' that was explicitly marked "
                                "illegal");
    }
    Type indexType = b.getIndexType(), i1 = b.getI1Type();
    int64_t numMemrefs = int64_t(memrefs.size()), numRetained = int64_t(retained.size());
    Value toDeallocMemref = lb.alloc(MemRefType::get({numMemrefs}, indexType));
    Value conditionMemref = lb.alloc(MemRefType::get({int64_t(conditions.size())}, i1));
    Value toRetainMemref = lb.alloc(MemRefType::get({numRetained}, indexType));
    for (int64_t i = 0; i < numMemrefs; ++i) {
      Value ptr = lb.pointer(memrefs[i]);
      lb.store(ptr, toDeallocMemref, lb.constIndex(i));
    }
    for (size_t i = 0; i < conditions.size(); ++i)
      lb.store(conditions[i], conditionMemref, lb.constIndex(int64_t(i)));
    for (int64_t i = 0; i < numRetained; ++i) {
      Value ptr = lb.pointer(retained[i]);
      lb.store(ptr, toRetainMemref, lb.constIndex(i));
    }
    Type dynIndex = MemRefType::get({ShapedType::kDynamic}, indexType);
    Type dynBool = MemRefType::get({ShapedType::kDynamic}, i1);
    Value castedDealloc = lb.castTo(toDeallocMemref, dynIndex);
    Value castedConds = lb.castTo(conditionMemref, dynBool);
    Value castedRetain = lb.castTo(toRetainMemref, dynIndex);
    Value deallocCondsMemref = lb.alloc(MemRefType::get({numMemrefs}, i1));
    Value retainCondsMemref = lb.alloc(MemRefType::get({numRetained}, i1));
    Value castedDeallocConds = lb.castTo(deallocCondsMemref, dynBool);
    Value castedRetainConds = lb.castTo(retainCondsMemref, dynBool);
    OperationState call(dealloc->getLoc(), "func.call");
    call.addOperands(ValueRange(
        std::vector<Value>{castedDealloc, castedRetain, castedConds, castedDeallocConds, castedRetainConds}));
    call.addAttribute("callee", FlatSymbolRefAttr::get(b.getContext(),
                                                       helper->getAttrOfType<StringAttr>("sym_name").getValue()));
    b.create(call);
    for (int64_t i = 0; i < numMemrefs; ++i) {
      Value shouldDealloc = lb.load(deallocCondsMemref, lb.constIndex(i));
      lb.deallocIf(shouldDealloc, memrefs[i]);
    }
    for (int64_t i = 0; i < numRetained; ++i)
      replacements.push_back(lb.load(retainCondsMemref, lb.constIndex(i)));
    lb.dealloc(toDeallocMemref);
    lb.dealloc(toRetainMemref);
    lb.dealloc(conditionMemref);
    lb.dealloc(deallocCondsMemref);
    lb.dealloc(retainCondsMemref);
  }
  for (unsigned i = 0; i < dealloc->getNumResults(); ++i)
    dealloc->getResult(i).replaceAllUsesWith(replacements[i]);
  dealloc->erase();
  return success();
}

struct LowerDeallocationsPass : impl::LowerDeallocationsBase<LowerDeallocationsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<ArithDialect, MemRefDialect, SCFDialect, FuncDialect>();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    bool isModule = root->getName().getStringRef() == "builtin.module";
    if (!isModule && !isa<FunctionOpInterface>(root)) {
      (void)emitError(root->getLoc(), "root operation must be a builtin.module or a function");
      return signalPassFailure();
    }
    std::vector<Operation *> deallocs;
    root->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "bufferization.dealloc")
        deallocs.push_back(op);
    });
    std::unordered_map<Operation *, Operation *> helpers;
    if (isModule)
      for (Operation *dealloc : deallocs) {
        Operation *symbolTableOp = getParentSymbolTable(dealloc);
        if (getDeallocOperandGroups(dealloc)[0].size() > 1 && symbolTableOp && !helpers.count(symbolTableOp))
          helpers[symbolTableOp] = buildDeallocationLibraryFunction(symbolTableOp, root->getLoc());
      }
    for (Operation *dealloc : deallocs) {
      auto it = helpers.find(getParentSymbolTable(dealloc));
      if (failed(lowerDealloc(dealloc, it == helpers.end() ? nullptr : it->second)))
        return signalPassFailure();
    }
  }
};

/// The `private-function-dynamic-ownership` option of the pipeline.
LogicalResult buildBufferDeallocationPipeline(OpPassManager &pm, std::string_view options,
                                              function_ref<LogicalResult(const std::string &)> errorHandler) {
  std::string_view dynamic = "false";
  while (!options.empty() && options.front() == ' ')
    options.remove_prefix(1);
  while (!options.empty() && options.back() == ' ')
    options.remove_suffix(1);
  constexpr std::string_view flag = "private-function-dynamic-ownership";
  if (!options.empty()) {
    if (options.substr(0, flag.size()) != flag)
      return errorHandler("no such option " + std::string(options));
    std::string_view rest = options.substr(flag.size());
    if (rest.empty())
      dynamic = "true";
    else if (rest == "=true" || rest == "=1")
      dynamic = "true";
    else if (rest != "=false" && rest != "=0")
      return errorHandler("invalid argument '" + std::string(rest.substr(1)) + "' for option '" +
                          std::string(flag) + "'");
  }
  std::string pipeline = "expand-realloc{emit-deallocs=false},canonicalize,"
                         "ownership-based-buffer-deallocation{private-function-dynamic-ownership=" +
                         std::string(dynamic) +
                         "},canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,"
                         "cse,canonicalize";
  std::string errors;
  raw_string_ostream os(errors);
  if (failed(parsePassPipeline(pipeline, pm, os)))
    return errorHandler(os.str());
  return success();
}

} // namespace

std::unique_ptr<Pass> lamina::createLowerDeallocationsPass() { return std::make_unique<LowerDeallocationsPass>(); }

void lamina::registerBufferDeallocationPipeline() {
  registerPassPipeline("buffer-deallocation-pipeline",
                       "The default pipeline for automatically inserting deallocation operations after one-shot "
                       "bufferization. Deallocation operations (except `memref.realloc`) may not be present already.",
                       buildBufferDeallocationPipeline);
}
