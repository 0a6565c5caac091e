//===- BufferResultsToOutParams.cpp - Memref results as out-params --------===//
//
// MLIR's `buffer-results-to-out-params`: the memref results of the private
// functions of a module (and of the public ones with
// modify-public-functions) become trailing arguments that the function
// copies its results into (or, with hoist-static-allocs/hoist-dynamic-allocs,
// that replace the allocation it returns); callers allocate the buffers.
//
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"

#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>
#include <unordered_map>

using namespace lamina;

namespace {

/// A memref layout with dynamic offset and strides.
bool hasFullyDynamicLayoutMap(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset;
  if (failed(memref::getStridesAndOffset(type, strides, offset)))
    return false;
  return ShapedType::isDynamic(offset) &&
         std::all_of(strides.begin(), strides.end(), [](int64_t s) { return ShapedType::isDynamic(s); });
}

bool hasStaticIdentityLayout(MemRefType type) {
  Attribute layout = type.getLayout();
  return !layout || cast<MemRefLayoutAttrInterface>(layout).isIdentity();
}

bool isPublic(Operation *func) {
  auto visibility = func->getAttrOfType<StringAttr>("sym_visibility");
  return !visibility || visibility.getValue() == "public";
}

bool isExternal(Operation *func) { return func->getRegion(0).empty(); }

/// The dictionaries of `name` (`arg_attrs`/`res_attrs`), `count` of them.
std::vector<Attribute> getAttrDicts(Operation *func, std::string_view name, size_t count) {
  std::vector<Attribute> dicts;
  if (auto array = func->getAttrOfType<ArrayAttr>(name))
    dicts.assign(array.getValue().begin(), array.getValue().end());
  dicts.resize(count, DictionaryAttr::get(func->getContext(), {}));
  return dicts;
}

/// Sets `name` to `dicts`, or removes it when they are all empty.
void setAttrDicts(Operation *func, std::string_view name, const std::vector<Attribute> &dicts) {
  bool allEmpty = std::all_of(dicts.begin(), dicts.end(), [](Attribute a) {
    auto dict = dyn_cast_or_null<DictionaryAttr>(a);
    return !dict || dict.empty();
  });
  if (allEmpty)
    func->removeAttr(name);
  else
    func->setAttr(name, ArrayAttr::get(func->getContext(), dicts));
}

/// The function arguments a dynamic allocation's sizes are, or nothing if
/// one is not.
std::vector<Value> getDynamicSize(Value memref, Operation *func) {
  Operation *def = memref.getDefiningOp();
  if (!def)
    return {};
  std::vector<Value> sizes;
  Block &entry = func->getRegion(0).front();
  for (Value size : def->getOperands()) {
    if (!isa<IndexType>(size.getType()))
      continue;
    auto arg = dyn_cast<BlockArgument>(size);
    if (!arg || arg.getOwner() != &entry)
      return {};
    sizes.push_back(arg);
  }
  return sizes;
}

struct BufferResultsToOutParamsPass : impl::BufferResultsToOutParamsBase<BufferResultsToOutParamsPass> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<MemRefDialect>(); }

  /// Moves the memref results of `func` to new trailing arguments.
  LogicalResult updateFuncOp(Operation *func, std::vector<BlockArgument> &appended) {
    MLIRContext *ctx = func->getContext();
    auto type = cast<FunctionType>(func->getAttrOfType<TypeAttr>("function_type").getValue());
    std::vector<Type> inputs(type.getInputs().begin(), type.getInputs().end());
    std::vector<Type> results, erasedTypes;
    std::vector<unsigned> erasedIndices;
    for (unsigned i = 0; i < type.getResults().size(); ++i) {
      Type t = type.getResults()[i];
      auto memrefType = dyn_cast<MemRefType>(t);
      if (!memrefType) {
        results.push_back(t);
        continue;
      }
      if (!hasStaticIdentityLayout(memrefType) && !hasFullyDynamicLayoutMap(memrefType))
        return func->emitError() << "cannot create out param for result with unsupported layout";
      erasedIndices.push_back(i);
      erasedTypes.push_back(t);
    }
    size_t numInputs = inputs.size();
    std::vector<Attribute> argAttrs = getAttrDicts(func, "arg_attrs", numInputs);
    std::vector<Attribute> resAttrs = getAttrDicts(func, "res_attrs", type.getResults().size());
    for (size_t i = 0; i < erasedTypes.size(); ++i) {
      inputs.push_back(erasedTypes[i]);
      Attribute dict = resAttrs[erasedIndices[i]];
      if (addResultAttribute) {
        std::vector<NamedAttribute> entries;
        if (auto d = dyn_cast<DictionaryAttr>(dict))
          entries.assign(d.getValue().begin(), d.getValue().end());
        entries.push_back(NamedAttribute(StringAttr::get(ctx, "bufferize.result"), UnitAttr::get(ctx)));
        dict = DictionaryAttr::get(ctx, entries);
      }
      argAttrs.push_back(dict);
    }
    std::vector<Attribute> keptResAttrs;
    for (unsigned i = 0; i < resAttrs.size(); ++i)
      if (std::find(erasedIndices.begin(), erasedIndices.end(), i) == erasedIndices.end())
        keptResAttrs.push_back(resAttrs[i]);
    func->setAttr("function_type", TypeAttr::get(FunctionType::get(ctx, inputs, results)));
    setAttrDicts(func, "arg_attrs", argAttrs);
    setAttrDicts(func, "res_attrs", keptResAttrs);
    if (isExternal(func))
      return success();
    for (Type t : erasedTypes)
      appended.push_back(func->getRegion(0).front().addArgument(t, func->getLoc()));
    return success();
  }

  /// Copies (or, hoisting, moves) the memrefs returned into the out-params.
  void updateReturnOps(Operation *func, const std::vector<BlockArgument> &appended,
                       std::vector<std::vector<Value>> &dynamicSizes) {
    std::vector<Operation *> returns;
    func->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "func.return")
        returns.push_back(op);
    });
    for (Operation *ret : returns) {
      std::vector<Value> copyIntoOutParams, keep;
      for (Value operand : ret->getOperands())
        (isa<MemRefType>(operand.getType()) ? copyIntoOutParams : keep).push_back(operand);
      OpBuilder builder(ret);
      for (size_t i = 0; i < copyIntoOutParams.size() && i < appended.size(); ++i) {
        Value orig = copyIntoOutParams[i];
        bool staticShape = cast<MemRefType>(orig.getType()).hasStaticShape();
        bool hoistStatic = hoistStaticAllocs && staticShape;
        bool hoistDynamic = hoistDynamicAllocs && !staticShape;
        Operation *def = orig.getDefiningOp();
        std::string_view defName = def ? def->getName().getStringRef() : std::string_view();
        if ((hoistStatic || hoistDynamic) && (defName == "memref.alloc" || defName == "memref.alloca")) {
          orig.replaceAllUsesWith(appended[i]);
          if (hoistDynamic)
            dynamicSizes.push_back(getDynamicSize(orig, func));
          def->erase();
          continue;
        }
        std::vector<Value> operands{orig, appended[i]};
        builder.create(ret->getLoc(), "memref.copy", ValueRange(operands));
      }
      builder.create(ret->getLoc(), "func.return", ValueRange(keep));
      ret->erase();
    }
  }

  /// Callers allocate the out-params of the functions changed.
  LogicalResult updateCalls(Operation *module,
                            const std::unordered_map<Operation *, std::vector<std::vector<Value>>> &sizesMap) {
    SymbolTable symbolTable(module);
    std::vector<Operation *> calls;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "func.call")
        calls.push_back(op);
    });
    for (Operation *call : calls) {
      auto calleeAttr = call->getAttrOfType<FlatSymbolRefAttr>("callee");
      Operation *callee = calleeAttr ? symbolTable.lookup(calleeAttr.getValue()) : nullptr;
      if (!callee || callee->getName().getStringRef() != "func.func")
        return call->emitError() << "cannot find callee '" << calleeAttr << "' in symbol table";
      if ((isPublic(callee) && !modifyPublicFunctions) || isExternal(callee))
        continue;
      std::vector<Value> newCallResults, outParamResults;
      for (Value result : call->getResults())
        (isa<MemRefType>(result.getType()) ? outParamResults : newCallResults).push_back(result);
      OpBuilder builder(call);
      std::vector<std::vector<Value>> dynamicSizes;
      if (auto it = sizesMap.find(callee); it != sizesMap.end())
        dynamicSizes = it->second;
      size_t dynamicIndex = 0;
      std::vector<Value> outParams;
      Block &calleeEntry = callee->getRegion(0).front();
      for (Value memref : outParamResults) {
        auto memrefType = cast<MemRefType>(memref.getType());
        std::vector<Value> sizes = dynamicIndex < dynamicSizes.size() ? dynamicSizes[dynamicIndex] : std::vector<Value>();
        bool staticShape = memrefType.hasStaticShape();
        if (!staticShape && sizes.empty())
          return call->emitError() << "cannot create out param for dynamically shaped result";
        std::vector<Value> callerSizes;
        if (!staticShape) {
          ++dynamicIndex;
          for (Value size : sizes)
            for (unsigned a = 0; a < call->getNumOperands() && a < calleeEntry.getNumArguments(); ++a)
              if (calleeEntry.getArgument(a) == size)
                callerSizes.push_back(call->getOperand(a));
        }
        auto allocType =
            MemRefType::get(memrefType.getShape(), memrefType.getElementType(), Attribute(), memrefType.getMemorySpace());
        OperationState alloc(call->getLoc(), "memref.alloc");
        alloc.addOperands(ValueRange(callerSizes));
        alloc.addTypes(ArrayRef<Type>{allocType});
        alloc.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr({int32_t(callerSizes.size()), 0}));
        Value outParam = builder.create(alloc)->getResult(0);
        if (!hasStaticIdentityLayout(memrefType))
          outParam = builder.create(call->getLoc(), "memref.cast", outParam, memrefType)->getResult(0);
        memref.replaceAllUsesWith(outParam);
        outParams.push_back(outParam);
      }
      std::vector<Value> operands(call->getOperands().begin(), call->getOperands().end());
      operands.insert(operands.end(), outParams.begin(), outParams.end());
      std::vector<Type> resultTypes;
      for (Value v : newCallResults)
        resultTypes.push_back(v.getType());
      OperationState st(call->getLoc(), "func.call");
      st.addOperands(ValueRange(operands));
      st.addTypes(ArrayRef<Type>(resultTypes));
      st.addAttribute("callee", calleeAttr);
      Operation *newCall = builder.create(st);
      for (size_t i = 0; i < newCallResults.size(); ++i)
        newCallResults[i].replaceAllUsesWith(newCall->getResult(unsigned(i)));
      call->erase();
    }
    return success();
  }

  void runOnOperation() override {
    Operation *module = getOperation();
    std::unordered_map<Operation *, std::vector<std::vector<Value>>> sizesMap;
    std::vector<Operation *> funcs;
    for (Operation &op : module->getRegion(0).front())
      if (op.getName().getStringRef() == "func.func")
        funcs.push_back(&op);
    for (Operation *func : funcs) {
      if ((isPublic(func) && !modifyPublicFunctions) || isExternal(func))
        continue;
      std::vector<BlockArgument> appended;
      if (failed(updateFuncOp(func, appended)))
        return signalPassFailure();
      updateReturnOps(func, appended, sizesMap[func]);
    }
    if (failed(updateCalls(module, sizesMap)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createBufferResultsToOutParamsPass() {
  return std::make_unique<BufferResultsToOutParamsPass>();
}
