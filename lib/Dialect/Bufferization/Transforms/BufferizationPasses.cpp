//===- BufferizationPasses.cpp - Small passes around One-Shot Bufferize ---===//
//
// MLIR's `drop-equivalent-buffer-results` (private functions stop returning
// buffers that are their own arguments, possibly cast; callers use the
// argument instead) and `empty-tensor-to-alloc-tensor`.
//
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"

#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
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
    std::vector<Operation *> empties;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "tensor.empty")
        empties.push_back(op);
    });
    for (Operation *op : empties) {
      OpBuilder b(op);
      OperationState st(op->getLoc(), "bufferization.alloc_tensor");
      st.addOperands(op->getOperands());
      st.addTypes(ArrayRef<Type>{op->getResult(0).getType()});
      st.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr({int32_t(op->getNumOperands()), 0, 0}));
      Operation *alloc = b.create(st);
      op->getResult(0).replaceAllUsesWith(alloc->getResult(0));
      op->erase();
    }
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
