//===- BufferizationPasses.cpp - Small passes around One-Shot Bufferize ---===//
//
// MLIR's `drop-equivalent-buffer-results` (private functions stop returning
// buffers that are their own arguments, possibly cast; callers use the
// argument instead) and `empty-tensor-to-alloc-tensor`.
//
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Rewrite/FrozenRewritePatternSet.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"
#include "lamina/Interfaces/LoopLikeInterface.h"

#include <map>

using namespace lamina;

namespace {

/// The only func.return terminating a block of `func`, or null.
Operation *getUniqueReturn(Operation *func) {
  Operation *result = nullptr;
  for (Block &b : func->getRegion(0)) {
    if (b.empty() || b.back().getName().getStringRef() != "func.return")
      continue;
    if (result)
      return nullptr;
    result = &b.back();
  }
  return result;
}

struct DropEquivalentBufferResultsPass : impl::DropEquivalentBufferResultsBase<DropEquivalentBufferResultsPass> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<MemRefDialect>(); }

  void runOnOperation() override {
    Operation *module = getOperation();
    std::map<Operation *, std::vector<Operation *>> callers;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "func.call")
        if (Operation *callee = bufferization::getCalledFunction(op))
          callers[callee].push_back(op);
    });
    for (Block &block : module->getRegion(0))
      for (Operation &funcOp : block) {
        Operation *func = &funcOp;
        if (func->getName().getStringRef() != "func.func" || func->getRegion(0).empty())
          continue;
        auto visibility = func->getAttrOfType<StringAttr>("sym_visibility");
        if (!visibility || visibility.getValue() == "public")
          continue;
        Operation *ret = getUniqueReturn(func);
        if (!ret)
          continue;
        Block &entry = func->getRegion(0).front();
        std::vector<Value> newReturnValues;
        std::map<unsigned, unsigned> resultToArg;
        std::vector<bool> erased(ret->getNumOperands(), false);
        for (unsigned i = 0; i < ret->getNumOperands(); ++i) {
          Value v = ret->getOperand(i);
          while (Operation *def = v.getDefiningOp()) {
            if (def->getName().getStringRef() != "memref.cast")
              break;
            v = def->getOperand(0);
          }
          auto arg = dyn_cast<BlockArgument>(v);
          if (arg && arg.getOwner() == &entry) {
            resultToArg[i] = arg.getArgNumber();
            erased[i] = true;
          } else {
            newReturnValues.push_back(ret->getOperand(i));
          }
        }
        auto type = cast<FunctionType>(func->getAttrOfType<TypeAttr>("function_type").getValue());
        std::vector<Type> results;
        for (unsigned i = 0; i < type.getResults().size(); ++i)
          if (i >= erased.size() || !erased[i])
            results.push_back(type.getResults()[i]);
        func->setAttr("function_type",
                      TypeAttr::get(FunctionType::get(func->getContext(), type.getInputs(), results)));
        if (auto resAttrs = func->getAttrOfType<ArrayAttr>("res_attrs")) {
          std::vector<Attribute> kept;
          for (unsigned i = 0; i < resAttrs.size(); ++i)
            if (i >= erased.size() || !erased[i])
              kept.push_back(resAttrs[i]);
          func->setAttr("res_attrs", ArrayAttr::get(func->getContext(), kept));
        }
        ret->setOperands(ValueRange(newReturnValues));
        for (Operation *call : callers[func]) {
          OpBuilder b(call);
          OperationState st(call->getLoc(), "func.call");
          st.addOperands(call->getOperands());
          st.addTypes(ArrayRef<Type>(results));
          st.addAttribute("callee", call->getAttr("callee"));
          Operation *newCall = b.create(st);
          unsigned next = 0;
          for (unsigned i = 0; i < call->getNumResults(); ++i) {
            Value replacement;
            auto it = resultToArg.find(i);
            if (it == resultToArg.end()) {
              replacement = newCall->getResult(next++);
            } else {
              replacement = call->getOperand(it->second);
              Type expected = call->getResult(i).getType();
              if (replacement.getType() != expected)
                replacement = b.create(call->getLoc(), "memref.cast", replacement, expected)->getResult(0);
            }
            call->getResult(i).replaceAllUsesWith(replacement);
          }
          call->erase();
        }
      }
  }
};

struct EmptyTensorToAllocTensorPass : impl::EmptyTensorToAllocTensorBase<EmptyTensorToAllocTensorPass> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<BufferizationDialect>(); }

  void runOnOperation() override {
    // A greedy rewrite, as MLIR's: trivially dead ops go too.
    RewritePatternSet patterns(&getContext());
    patterns.addFunction("tensor.empty", emptyToAllocTensor, "EmptyTensorLoweringPattern");
    if (failed(applyPatternsGreedily(getOperation(), FrozenRewritePatternSet(std::move(patterns)))))
      signalPassFailure();
  }

  static LogicalResult emptyToAllocTensor(Operation *op, PatternRewriter &rewriter) {
    OperationState st(op->getLoc(), "bufferization.alloc_tensor");
    st.addOperands(op->getOperands());
    st.addTypes(ArrayRef<Type>{op->getResult(0).getType()});
    st.addAttribute("operandSegmentSizes", rewriter.getDenseI32ArrayAttr({int32_t(op->getNumOperands()), 0, 0}));
    rewriter.replaceOpWithNewOp(op, st);
    return success();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createDropEquivalentBufferResultsPass() {
  return std::make_unique<DropEquivalentBufferResultsPass>();
}
std::unique_ptr<Pass> lamina::createEmptyTensorToAllocTensorPass() {
  return std::make_unique<EmptyTensorToAllocTensorPass>();
}

namespace {

/// MLIR's buffer-loop-hoisting: a memref.alloc or memref.alloca whose
/// operands are defined outside the sequential loops around it, and that no
/// loop yields, moves in front of the outermost such loop.
struct BufferLoopHoistingPass : impl::BufferLoopHoistingBase<BufferLoopHoistingPass> {
  void runOnOperation() override {
    std::vector<Operation *> allocs;
    getOperation()->walk([&](Operation *op) {
      std::string_view name = op->getName().getStringRef();
      if (name == "memref.alloc" || name == "memref.alloca")
        allocs.push_back(op);
    });
    for (Operation *alloc : allocs) {
      Operation *target = nullptr;
      for (Operation *parent = alloc->getParentOp(); parent && parent != getOperation();
           parent = parent->getParentOp()) {
        std::string_view name = parent->getName().getStringRef();
        if (!isa<LoopLikeOpInterface>(parent) || name == "scf.parallel" || name == "scf.forall")
          break;
        // A buffer the loop yields escapes it.
        bool escapes = false;
        for (Operation *user : alloc->getResult(0).getUsers())
          escapes |= user->getParentOp() == parent && user == &user->getBlock()->back();
        if (escapes)
          break;
        bool invariant = true;
        for (Value v : alloc->getOperands())
          invariant &= !parent->isAncestor(AnalysisStateOwner(v));
        if (!invariant)
          break;
        target = parent;
      }
      if (target)
        alloc->moveBefore(target);
    }
  }

  static Operation *AnalysisStateOwner(Value v) { return bufferization::AnalysisState::getOwnerOfValue(v); }
};

} // namespace

std::unique_ptr<Pass> lamina::createBufferLoopHoistingPass() { return std::make_unique<BufferLoopHoistingPass>(); }

//===----------------------------------------------------------------------===//
// eliminate-empty-tensors
//===----------------------------------------------------------------------===//

namespace {

/// The values an extraction of the subset a subset insertion writes needs
/// (MLIR's getValuesNeededToBuildSubsetExtraction): the dynamic offsets,
/// sizes and strides, then the destination.
std::vector<Value> getValuesNeededForExtraction(Operation *op) {
  std::vector<Value> result;
  if (op->getName().getStringRef() == "tensor.insert_slice")
    for (unsigned i = 2; i < op->getNumOperands(); ++i)
      result.push_back(op->getOperand(i));
  result.push_back(op->getOperand(1));
  return result;
}

bool neededValuesDominate(const DominanceInfo &domInfo, Operation *point, const std::vector<Value> &values) {
  for (Value v : values) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (!arg.getOwner()->findAncestorOpInBlock(*point))
        return false;
    } else if (!domInfo.properlyDominates(v.getDefiningOp(), point)) {
      return false;
    }
  }
  return true;
}

/// The subset of `insertion`'s destination, built at a point where its
/// operands are defined and that dominates `user`; null if there is none.
Value buildSubsetExtraction(Operation *insertion, Operation *empty, Operation *user) {
  std::vector<Value> needed = getValuesNeededForExtraction(insertion);
  DominanceInfo domInfo(empty);
  std::vector<Operation *> candidates{empty};
  for (Value v : needed) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      candidates.push_back(arg.getOwner()->empty() ? nullptr : &arg.getOwner()->front());
    else
      candidates.push_back(v.getDefiningOp()->getNextNode());
  }
  Operation *point = nullptr;
  for (Operation *c : candidates) {
    if (!c || !neededValuesDominate(domInfo, c, needed) || !domInfo.dominates(c, user))
      continue;
    point = c;
    break;
  }
  if (!point)
    return Value();
  OpBuilder b(point);
  if (insertion->getName().getStringRef() == "bufferization.materialize_in_destination") {
    Value dest = insertion->getOperand(1);
    if (isa<TensorType>(dest.getType()))
      return dest;
    // A memref destination: a restrict to_tensor of it takes over the
    // materialization's `restrict`.
    auto memrefType = dyn_cast<MemRefType>(dest.getType());
    if (!memrefType || !insertion->hasAttr("restrict"))
      return Value();
    insertion->removeAttr("restrict");
    std::vector<NamedAttribute> attrs{NamedAttribute(b.getStringAttr("restrict"), b.getUnitAttr())};
    if (insertion->hasAttr("writable"))
      attrs.push_back(NamedAttribute(b.getStringAttr("writable"), b.getUnitAttr()));
    auto tensorType = RankedTensorType::get(memrefType.getShape(), memrefType.getElementType());
    return b.create(empty->getLoc(), "bufferization.to_tensor", dest, tensorType, attrs)->getResult(0);
  }
  OperationState st(empty->getLoc(), "tensor.extract_slice");
  std::vector<Value> operands{insertion->getOperand(1)};
  for (unsigned i = 2; i < insertion->getNumOperands(); ++i)
    operands.push_back(insertion->getOperand(i));
  st.addOperands(ValueRange(operands));
  st.addTypes(ArrayRef<Type>{insertion->getOperand(0).getType()});
  auto segments = insertion->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!segments || segments.asArrayRef().size() < 5)
    return Value();
  ArrayRef<int32_t> seg = segments.asArrayRef();
  st.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr({1, seg[2], seg[3], seg[4]}));
  for (std::string_view name : {"static_offsets", "static_sizes", "static_strides"})
    st.addAttribute(name, insertion->getAttr(name));
  return b.create(st)->getResult(0);
}

struct EmptyTensorEliminationPass : impl::EmptyTensorEliminationBase<EmptyTensorEliminationPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<ArithDialect, BufferizationDialect>();
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    bool isModule = op->getName().getStringRef() == "builtin.module";
    bufferization::OneShotOptions options;
    options.allowReturnAllocsFromLoops = true;
    options.bufferizeFunctionBoundaries = isModule;
    bufferization::AnalysisState state(op, options);
    if (failed(isModule ? bufferization::analyzeModuleOp(op, state) : bufferization::analyzeOp(op, state)))
      return signalPassFailure();
    std::vector<Operation *> insertions;
    op->walk([&](Operation *nested) {
      std::string_view name = nested->getName().getStringRef();
      if (name == "tensor.insert_slice" || name == "tensor.parallel_insert_slice" ||
          name == "bufferization.materialize_in_destination")
        insertions.push_back(nested);
    });
    for (Operation *insertion : insertions) {
      OpOperand &source = insertion->getOpOperand(0);
      if (!state.isInPlace(source))
        continue;
      bufferization::TraversalConfig config;
      config.followEquivalentOnly = true;
      config.alwaysIncludeLeaves = false;
      std::vector<OpOperand *> visited{&source};
      std::vector<Value> empties = state.findValueInReverseUseDefChain(
          source.get(),
          [](Value v) {
            Operation *def = v.getDefiningOp();
            return def && def->getName().getStringRef() == "tensor.empty";
          },
          config, &visited);
      for (Value v : empties) {
        Operation *empty = v.getDefiningOp();
        OpOperand *use = nullptr;
        for (OpOperand *o : visited)
          if (o->get() == v) {
            use = o;
            break;
          }
        if (!use)
          continue;
        Operation *user = use->getOwner();
        Value replacement = buildSubsetExtraction(insertion, empty, user);
        if (!replacement || replacement.getDefiningOp() == empty)
          continue;
        if (replacement.getType() != v.getType()) {
          auto src = cast<ShapedType>(replacement.getType());
          auto dst = cast<ShapedType>(v.getType());
          if (!isa<TensorType>(src) || src.getElementType() != dst.getElementType() ||
              src.getShape().size() != dst.getShape().size())
            continue;
          OpBuilder b(op->getContext());
          if (Operation *def = replacement.getDefiningOp())
            b.setInsertionPointAfter(def);
          else
            b.setInsertionPointToStart(cast<BlockArgument>(replacement).getOwner());
          replacement = b.create(v.getLoc(), "tensor.cast", replacement, v.getType())->getResult(0);
        }
        use->set(replacement);
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createEmptyTensorEliminationPass() {
  return std::make_unique<EmptyTensorEliminationPass>();
}
