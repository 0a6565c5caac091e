//===- KernelOutlining.cpp - Outlining gpu.launch bodies -------------------===//
//
// gpu-launch-sink-index-computations: the constants, memref.dim, arith.select
// and arith.cmpi ops whose results a gpu.launch body uses from above are
// cloned into the body when that adds no kernel argument.
//
// gpu-kernel-outlining: the body of every gpu.launch in a symbol of the module
// becomes a gpu.func (`kernel`, with known block and grid sizes when they are
// constants) in its own gpu.module placed after that symbol, together with
// the symbols it references; the launch becomes a gpu.launch_func with the
// values the body used from above as kernel operands.
//
#include "lamina/Dialect/GPU/Passes.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/SymbolTable.h"

#include <limits>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

using namespace lamina;

namespace {

/// The launch op's entry block arguments: ids and sizes, then (with
/// clusters) cluster ids and sizes, then the memory attributions.
constexpr unsigned kNumConfigArgs = 12;
constexpr unsigned kNumClusterArgs = 6;

/// The values used in `region` that are defined above it, in the order a
/// post-order walk meets them (MLIR's getUsedValuesDefinedAbove).
void getUsedValuesDefinedAbove(Region &region, std::vector<Value> &values,
                               std::unordered_set<const void *> &seen) {
  region.walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (region.isAncestor(operand.getParentRegion()))
        continue;
      if (seen.insert(operand.getAsOpaquePointer()).second)
        values.push_back(operand);
    }
  });
}

bool isLikelyAnIndexComputation(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  return matchConstantOp(op) || name == "memref.dim" || name == "arith.select" || name == "arith.cmpi";
}

/// MLIR's extractBeneficiaryOps, with an explicit stack: whether `root` can
/// be sunk without new kernel arguments; the ops to sink are appended to
/// `toSink` in definition order and their results become available.
bool extractBeneficiaryOps(Operation *root, const std::unordered_set<const void *> &dependencies,
                           std::vector<Operation *> &toSink, std::unordered_set<Operation *> &sunk,
                           std::unordered_set<const void *> &available,
                           function_ref<bool(Operation *)> isSinkingBeneficiary) {
  struct Frame {
    Operation *op;
    unsigned nextOperand;
  };
  // The answer of the last frame popped (for the operand its parent waits on).
  bool childResult = false;
  std::vector<Frame> stack;
  // Ops being examined: a use cycle (possible in graph regions) fails.
  std::unordered_set<Operation *> onStack;
  auto enter = [&](Operation *op) -> std::optional<bool> {
    if (sunk.count(op))
      return true;
    if (onStack.count(op) || !isSinkingBeneficiary(op))
      return false;
    onStack.insert(op);
    stack.push_back({op, 0});
    return std::nullopt;
  };
  if (std::optional<bool> r = enter(root))
    return *r;
  bool resuming = false;
  while (!stack.empty()) {
    Frame &frame = stack.back();
    Operation *op = frame.op;
    bool failed = false;
    if (resuming) {
      // The defining op of operand nextOperand was examined.
      Value operand = op->getOperand(frame.nextOperand);
      if (!childResult && !dependencies.count(operand.getAsOpaquePointer()))
        failed = true;
      else
        ++frame.nextOperand;
      resuming = false;
    }
    bool descended = false;
    while (!failed && frame.nextOperand < op->getNumOperands()) {
      Value operand = op->getOperand(frame.nextOperand);
      if (available.count(operand.getAsOpaquePointer())) {
        ++frame.nextOperand;
        continue;
      }
      Operation *def = operand.getDefiningOp();
      if (!def) {
        if (!dependencies.count(operand.getAsOpaquePointer()))
          failed = true;
        else
          ++frame.nextOperand;
        continue;
      }
      std::optional<bool> r = enter(def);
      if (!r) {
        descended = true;
        break;
      }
      if (!*r && !dependencies.count(operand.getAsOpaquePointer()))
        failed = true;
      else
        ++frame.nextOperand;
    }
    if (descended)
      continue;
    if (!failed) {
      sunk.insert(op);
      toSink.push_back(op);
      for (Value result : op->getResults())
        available.insert(result.getAsOpaquePointer());
    }
    childResult = !failed;
    onStack.erase(op);
    stack.pop_back();
    resuming = true;
  }
  return childResult;
}

/// The launch sizes `values` as three i32, if all are integer constants
/// that fit in 32 bits unsigned.
DenseI32ArrayAttr maybeConstantDimsAttr(MLIRContext *ctx, Value x, Value y, Value z) {
  std::vector<int32_t> constants;
  for (Value v : {x, y, z}) {
    APInt value;
    if (!matchConstantInt(v, &value))
      return {};
    if (value.getActiveBits() > 32)
      return {};
    constants.push_back(int32_t(uint32_t(value.getZExtValue())));
  }
  return DenseI32ArrayAttr::get(ctx, constants);
}

void createForAllDimensions(OpBuilder &builder, Location loc, std::string_view opName,
                            std::vector<Value> &values) {
  MLIRContext *ctx = builder.getContext();
  for (gpu::Dimension dim : {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    NamedAttribute attr = builder.getNamedAttr("dimension", gpu::DimensionAttr::get(ctx, dim));
    values.push_back(builder.create(loc, opName, {}, {builder.getIndexType()}, {attr})->getResult(0));
  }
}

/// Outlines the body of `launchOp` into a new detached gpu.func named
/// `kernelName`; `operands` receives the values the body used from above.
Operation *outlineKernelFunc(gpu::LaunchOp launchOp, std::string_view kernelName, std::vector<Value> &operands) {
  Operation *launch = launchOp.getOperation();
  MLIRContext *ctx = launch->getContext();
  Location loc = launch->getLoc();
  OpBuilder builder(ctx);
  Region &launchBody = launchOp.getBody();
  Block &launchEntry = launchBody.front();

  std::unordered_set<const void *> seen;
  getUsedValuesDefinedAbove(launchBody, operands, seen);

  std::vector<Type> argTypes;
  for (Value operand : operands)
    argTypes.push_back(operand.getType());
  bool hasCluster = bool(launchOp.getClusterSizeX());
  unsigned firstAttribution = kNumConfigArgs + (hasCluster ? kNumClusterArgs : 0);
  unsigned numWorkgroup = 0;
  if (auto attr = dyn_cast_or_null<IntegerAttr>(launch->getAttr("workgroup_attributions")))
    numWorkgroup = unsigned(attr.getInt());

  OperationState state(loc, gpu::GPUFuncOp::getOperationName());
  state.addAttribute("sym_name", builder.getStringAttr(kernelName));
  state.addAttribute("function_type", TypeAttr::get(FunctionType::get(ctx, argTypes, {})));
  state.addAttribute("workgroup_attributions", builder.getI64IntegerAttr(int64_t(numWorkgroup)));
  if (DenseI32ArrayAttr block = maybeConstantDimsAttr(ctx, launchOp.getBlockSizeX(), launchOp.getBlockSizeY(),
                                                      launchOp.getBlockSizeZ()))
    state.addAttribute("known_block_size", block);
  if (DenseI32ArrayAttr grid =
          maybeConstantDimsAttr(ctx, launchOp.getGridSizeX(), launchOp.getGridSizeY(), launchOp.getGridSizeZ()))
    state.addAttribute("known_grid_size", grid);
  state.addAttribute(GPUDialect::getKernelFuncAttrName(), builder.getUnitAttr());
  Region *funcBody = state.addRegion();
  Block *entry = funcBody->emplaceBlock();
  for (Type type : argTypes)
    entry->addArgument(type, loc);
  IRMapping map;
  for (unsigned i = firstAttribution; i < launchEntry.getNumArguments(); ++i) {
    BlockArgument arg = launchEntry.getArgument(i);
    map.map(Value(arg), Value(entry->addArgument(arg.getType(), arg.getLoc())));
  }
  Operation *func = Operation::create(state);
  funcBody = &func->getRegion(0);

  // The ids and sizes the launch's block arguments stood for.
  builder.setInsertionPointToStart(entry);
  std::vector<Value> indexOps;
  createForAllDimensions(builder, loc, "gpu.block_id", indexOps);
  createForAllDimensions(builder, loc, "gpu.thread_id", indexOps);
  createForAllDimensions(builder, loc, "gpu.grid_dim", indexOps);
  createForAllDimensions(builder, loc, "gpu.block_dim", indexOps);
  if (hasCluster) {
    createForAllDimensions(builder, loc, "gpu.cluster_id", indexOps);
    createForAllDimensions(builder, loc, "gpu.cluster_dim", indexOps);
  }
  for (size_t i = 0; i < indexOps.size(); ++i)
    map.map(Value(launchEntry.getArgument(unsigned(i))), indexOps[i]);
  for (size_t i = 0; i < operands.size(); ++i)
    map.map(operands[i], Value(entry->getArgument(unsigned(i))));

  launchBody.cloneInto(funcBody, funcBody->end(), map);

  // gpu.terminator becomes gpu.return.
  for (Block &block : launchBody) {
    Block *cloned = map.lookupOrNull(&block);
    if (!cloned)
      continue;
    Operation *terminator = cloned->getTerminator();
    if (!terminator || terminator->getName().getStringRef() != "gpu.terminator")
      continue;
    OpBuilder replacer(terminator);
    replacer.create(terminator->getLoc(), "gpu.return");
    terminator->erase();
  }
  // The clone of the launch's entry block joins the function's entry block.
  Block *clonedEntry = map.lookupOrNull(&launchEntry);
  entry->splice(clonedEntry, clonedEntry->begin());
  clonedEntry->erase();
  return func;
}

/// Replaces `launchOp` by a gpu.launch_func of `module::func` with `operands`.
void convertToLaunchFuncOp(gpu::LaunchOp launchOp, StringAttr moduleName, StringAttr funcName,
                           const std::vector<Value> &operands) {
  Operation *launch = launchOp.getOperation();
  MLIRContext *ctx = launch->getContext();
  OpBuilder builder(launch);
  OperationState state(launch->getLoc(), gpu::LaunchFuncOp::getOperationName());
  OperandRange deps = launchOp.getAsyncDependencies();
  state.addOperands(deps);
  Value sizes[] = {launchOp.getGridSizeX(),  launchOp.getGridSizeY(),  launchOp.getGridSizeZ(),
                   launchOp.getBlockSizeX(), launchOp.getBlockSizeY(), launchOp.getBlockSizeZ()};
  for (Value v : sizes)
    state.addOperand(v);
  std::vector<int32_t> segments = {int32_t(deps.size()), 1, 1, 1, 1, 1, 1};
  for (Value v : {launchOp.getClusterSizeX(), launchOp.getClusterSizeY(), launchOp.getClusterSizeZ(),
                  launchOp.getDynamicSharedMemorySize()}) {
    if (v)
      state.addOperand(v);
    segments.push_back(v ? 1 : 0);
  }
  for (Value v : operands)
    state.addOperand(v);
  segments.push_back(int32_t(operands.size()));
  segments.push_back(0); // asyncObject
  state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(ctx, segments));
  state.addAttribute("kernel", SymbolRefAttr::get(moduleName, {FlatSymbolRefAttr::get(funcName)}));
  if (Value token = launchOp.getAsyncToken())
    state.addType(token.getType());
  Operation *launchFunc = builder.create(state);
  for (unsigned i = 0; i < launch->getNumResults(); ++i)
    launch->getResult(i).replaceAllUsesWith(launchFunc->getResult(i));
  launch->erase();
}

struct GpuLaunchSinkIndexComputations : impl::GpuLaunchSinkIndexComputationsPassBase<GpuLaunchSinkIndexComputations> {
  void runOnOperation() override {
    std::vector<Operation *> launches;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        launches.push_back(op);
    });
    for (Operation *launch : launches)
      if (failed(gpu::sinkOperationsIntoLaunchOp(launch, isLikelyAnIndexComputation)))
        return signalPassFailure();
  }
};

struct GpuKernelOutlining : impl::GpuKernelOutliningPassBase<GpuKernelOutlining> {
  LogicalResult initialize(MLIRContext *context) override {
    dataLayoutSpec = {};
    if (dataLayoutStr.getValue().empty())
      return success();
    dataLayoutSpec = parseAttribute(dataLayoutStr.getValue(), context);
    if (!dataLayoutSpec || dataLayoutSpec.getAbstractAttribute().getName() != "dlti.dl_spec")
      return failure();
    return success();
  }

  void runOnOperation() override;

  /// A gpu.module named `name` holding `kernelFunc` and (clones of) every
  /// symbol of the parent table it references, transitively.
  Operation *createKernelModule(Operation *kernelFunc, StringAttr name, const SymbolTable &parentTable) {
    MLIRContext *ctx = kernelFunc->getContext();
    OperationState state(kernelFunc->getLoc(), gpu::GPUModuleOp::getOperationName());
    state.addAttribute("sym_name", name);
    if (dataLayoutSpec)
      state.addAttribute("dlti.dl_spec", dataLayoutSpec);
    state.addRegion()->emplaceBlock();
    Operation *module = Operation::create(state);
    (void)ctx;
    SymbolTable table(module);
    table.insert(kernelFunc);
    std::vector<Operation *> worklist = {kernelFunc};
    while (!worklist.empty()) {
      Operation *symbol = worklist.back();
      worklist.pop_back();
      std::optional<std::vector<SymbolTable::SymbolUse>> uses = SymbolTable::getSymbolUses(symbol);
      if (!uses)
        continue;
      for (const SymbolTable::SymbolUse &use : *uses) {
        StringAttr useName = use.getSymbolRef().getRootReference();
        if (table.lookup(useName))
          continue;
        Operation *def = parentTable.lookup(useName);
        if (!def)
          continue;
        Operation *clone = def->clone();
        worklist.push_back(clone);
        table.insert(clone);
      }
    }
    return module;
  }

  Attribute dataLayoutSpec;
};

void GpuKernelOutlining::runOnOperation() {
  Operation *moduleOp = getOperation().getOperation();
  MLIRContext *ctx = moduleOp->getContext();
  SymbolTable symbolTable(moduleOp);
  bool modified = false;
  Block &body = moduleOp->getRegion(0).front();
  std::vector<Operation *> symbols;
  for (Operation &op : body)
    if (op.getNumRegions() && isa_and_nonnull<StringAttr>(op.getAttr(SymbolTable::getSymbolAttrName())))
      symbols.push_back(&op);
  for (Operation *symbol : symbols) {
    Block::iterator insertPt = ++Block::iterator(symbol);
    std::vector<Operation *> launches;
    symbol->walk([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        launches.push_back(op);
    });
    if (launches.empty())
      continue;
    std::string kernelName(SymbolTable::getSymbolName(symbol).getValue());
    kernelName += "_kernel";
    for (Operation *launch : launches) {
      auto launchOp = cast<gpu::LaunchOp>(launch);
      // The launch may name the kernel function and its module; the module
      // takes the function's name otherwise.
      std::string funcName = kernelName;
      if (FlatSymbolRefAttr f = launchOp.getFunctionAttr())
        funcName = std::string(f.getValue());
      std::string moduleName = funcName;
      if (FlatSymbolRefAttr m = launchOp.getModuleAttr())
        moduleName = std::string(m.getValue());
      std::vector<Value> operands;
      Operation *func = outlineKernelFunc(launchOp, funcName, operands);
      StringAttr funcSym = SymbolTable::getSymbolName(func);
      Operation *existing = symbolTable.lookup(moduleName);
      StringAttr moduleSym;
      if (existing && isa<gpu::GPUModuleOp>(existing) && launchOp.getModuleAttr()) {
        SymbolTable inner(existing);
        funcSym = inner.insert(func);
        moduleSym = SymbolTable::getSymbolName(existing);
      } else {
        Operation *module = createKernelModule(func, StringAttr::get(ctx, moduleName), symbolTable);
        moduleSym = symbolTable.insert(module, insertPt);
      }
      convertToLaunchFuncOp(launchOp, moduleSym, funcSym, operands);
      modified = true;
    }
  }
  if (modified)
    moduleOp->setAttr(GPUDialect::getContainerModuleAttrName(), UnitAttr::get(ctx));
}

} // namespace

LogicalResult gpu::sinkOperationsIntoLaunchOp(Operation *launchOp,
                                              function_ref<bool(Operation *)> isSinkingBeneficiary) {
  Region &body = launchOp->getRegion(0);
  std::vector<Value> candidates;
  std::unordered_set<const void *> candidateSet;
  getUsedValuesDefinedAbove(body, candidates, candidateSet);

  std::vector<Operation *> toSink;
  std::unordered_set<Operation *> sunk;
  std::unordered_set<const void *> available;
  for (Value operand : candidates)
    if (Operation *def = operand.getDefiningOp())
      extractBeneficiaryOps(def, candidateSet, toSink, sunk, available, isSinkingBeneficiary);

  IRMapping map;
  OpBuilder builder(body);
  for (Operation *op : toSink) {
    Operation *clone = builder.clone(*op, map);
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      op->getResult(i).replaceUsesWithIf(clone->getResult(i), [&](OpOperand &use) {
        return body.isAncestor(use.getOwner()->getParentRegion());
      });
  }
  return success();
}

std::unique_ptr<Pass> lamina::createGpuKernelOutliningPassPass() { return std::make_unique<GpuKernelOutlining>(); }
std::unique_ptr<Pass> lamina::createGpuLaunchSinkIndexComputationsPassPass() {
  return std::make_unique<GpuLaunchSinkIndexComputations>();
}

namespace lamina::gpu {
#define LAMINA_PASS_TABLE "lamina/Dialect/GPU/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerGPUPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::gpu
