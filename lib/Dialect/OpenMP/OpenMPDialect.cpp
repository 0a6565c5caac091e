//===- OpenMPDialect.cpp - The omp dialect ----------------------------------===//
//
// The dialect class, the interfaces MLIR's omp ops implement by hand
// (BlockArgOpenMPOpInterface's entry-block check, LoopWrapperInterface), and
// the canonical loop handling: CLI values (`omp.new_cli`), their generator
// and consumer ops, and the names MLIR gives canonical loops' values.
//
#include "lamina/Dialect/OpenMP/OpenMPDialect.h"

#include "lamina/IR/Diagnostics.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::omp;

Type PointerLikeType::getElementType() const {
  if (auto memref = dyn_cast<MemRefType>(*this))
    return memref.getElementType();
  return Type();
}

//===----------------------------------------------------------------------===//
// BlockArgOpenMPOpInterface
//===----------------------------------------------------------------------===//

/// The number of entry block arguments the op's clauses define (MLIR's
/// numClauseBlockArgs; `map` defines none on omp.target_data).
static unsigned numClauseBlockArgs(Operation *op) {
  if (auto o = dyn_cast<TargetOp>(op))
    return unsigned(o.getHasDeviceAddrVars().size() + o.getHostEvalVars().size() + o.getInReductionVars().size() +
                    o.getMapVars().size() + o.getPrivateVars().size());
  if (auto o = dyn_cast<TargetDataOp>(op))
    return unsigned(o.getUseDeviceAddrVars().size() + o.getUseDevicePtrVars().size());
  if (auto o = dyn_cast<ParallelOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<WsloopOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<SimdOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<LoopOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<TeamsOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<SectionsOp>(op))
    return unsigned(o.getPrivateVars().size() + o.getReductionVars().size());
  if (auto o = dyn_cast<DistributeOp>(op))
    return unsigned(o.getPrivateVars().size());
  if (auto o = dyn_cast<SingleOp>(op))
    return unsigned(o.getPrivateVars().size());
  if (auto o = dyn_cast<TaskOp>(op))
    return unsigned(o.getInReductionVars().size() + o.getPrivateVars().size());
  if (auto o = dyn_cast<TaskgroupOp>(op))
    return unsigned(o.getTaskReductionVars().size());
  if (auto o = dyn_cast<TaskloopOp>(op))
    return unsigned(o.getInReductionVars().size() + o.getPrivateVars().size() + o.getReductionVars().size());
  if (isa<SectionOp>(op))
    if (auto sections = dyn_cast_or_null<SectionsOp>(op->getParentOp()))
      return unsigned(sections.getPrivateVars().size() + sections.getReductionVars().size());
  return 0;
}

ods::Trait omp::BlockArgOpenMPOpInterfaceTrait() {
  return ods::CustomTrait("BlockArgOpenMPOpInterface", [](Operation *op) -> LogicalResult {
    unsigned expected = numClauseBlockArgs(op);
    Region &region = op->getRegion(0);
    unsigned numArgs = region.empty() ? 0 : region.front().getNumArguments();
    if (numArgs < expected)
      return op->emitOpError() << "expected at least " << expected << " entry block argument(s)";
    return success();
  });
}

//===----------------------------------------------------------------------===//
// LoopWrapperInterface
//===----------------------------------------------------------------------===//

namespace {
/// The tag of the ops implementing LoopWrapperInterface.
struct LoopWrapperTag {};
} // namespace

bool omp::isLoopWrapper(Operation *op) { return op && op->hasTrait<LoopWrapperTag>(); }

Operation *omp::getNestedWrapper(Operation *op) {
  Region &region = op->getRegion(0);
  if (region.empty() || region.front().empty())
    return nullptr;
  Operation *nested = &region.front().front();
  return isLoopWrapper(nested) ? nested : nullptr;
}

bool omp::isComposite(Operation *op) { return op->getDiscardableAttr("omp.composite") != nullptr; }

ods::Trait omp::LoopWrapperInterfaceTrait() {
  ods::Trait t = ods::CustomTrait("LoopWrapperInterface", [](Operation *op) -> LogicalResult {
    if (!op->hasTrait<OpTrait::NoTerminator>() || !op->hasTrait<OpTrait::SingleBlock>())
      return op->emitOpError() << "loop wrapper must also have the `NoTerminator` and `SingleBlock` traits";
    if (op->getNumRegions() != 1)
      return op->emitOpError() << "loop wrapper does not contain exactly one region";
    Region &region = op->getRegion(0);
    size_t numOps = 0;
    for (Block &block : region)
      numOps += block.getOperations().size();
    if (numOps != 1)
      return op->emitOpError() << "loop wrapper does not contain exactly one nested op";
    Operation &first = region.front().front();
    if (!isa<LoopNestOp>(&first) && !isLoopWrapper(&first))
      return op->emitOpError() << "nested in loop wrapper is not another loop wrapper or `omp.loop_nest`";
    return success();
  });
  t.tag = TypeID::get<LoopWrapperTag>();
  return t;
}

//===----------------------------------------------------------------------===//
// Canonical loops
//===----------------------------------------------------------------------===//

namespace {
/// A CLI value's definition, generator and consumer (MLIR's decodeCli).
struct DecodedCli {
  OpOperand *gen = nullptr;
  OpOperand *cons = nullptr;
};
} // namespace

/// Whether operand `opnum` of `op` is a loop the op generates / consumes.
static bool isGeneratee(Operation *op, unsigned opnum) {
  if (auto loop = dyn_cast<CanonicalLoopOp>(op))
    return opnum == 1 && loop.getCli();
  if (auto tile = dyn_cast<TileOp>(op))
    return opnum < tile.getGeneratees().size();
  return false;
}

static bool isApplyee(Operation *op, unsigned opnum) {
  if (auto tile = dyn_cast<TileOp>(op))
    return opnum >= tile.getGeneratees().size() && opnum < tile.getGeneratees().size() + tile.getApplyees().size();
  return isa<UnrollHeuristicOp>(op) && opnum == 0;
}

static DecodedCli decodeCli(Value cli) {
  DecodedCli d;
  if (!cli)
    return d;
  for (OpOperand &use : cli.getUses()) {
    unsigned opnum = use.getOperandNumber();
    if (isGeneratee(use.getOwner(), opnum))
      d.gen = &use;
    else if (isApplyee(use.getOwner(), opnum))
      d.cons = &use;
  }
  return d;
}

/// MLIR's generateLoopNestingName: `prefix` followed by `_r<region>`,
/// `_s<position>` and `_d<depth>` components that tell a canonical loop
/// apart from the others of its SSA namespace.
static std::string generateLoopNestingName(std::string_view prefix, Operation *loopOp) {
  struct Component {
    bool isRegionArgOfOp;
    bool skip = false;
    bool isUnique = false;
    size_t idx = 0;
    Operation *op = nullptr;
    size_t loopDepth = 0;
  };
  SmallVector<Component> components;
  Operation *o = loopOp;
  while (o) {
    Region *r = o->getParentRegion();
    if (!r)
      break;
    // The blocks in reverse post-order from the entry block.
    SmallVector<Block *> rpo;
    {
      SmallVector<Block *> post;
      std::vector<std::pair<Block *, unsigned>> stack;
      SmallVector<Block *> visited;
      Block *entry = &r->front();
      stack.push_back({entry, 0});
      visited.push_back(entry);
      while (!stack.empty()) {
        auto &[b, i] = stack.back();
        if (i < b->getNumSuccessors()) {
          Block *s = b->getSuccessor(i++);
          if (std::find(visited.begin(), visited.end(), s) == visited.end()) {
            visited.push_back(s);
            stack.push_back({s, 0});
          }
          continue;
        }
        post.push_back(b);
        stack.pop_back();
      }
      for (size_t i = post.size(); i > 0; --i)
        rpo.push_back(post[i - 1]);
    }
    size_t idx = 0, sequentialIdx = size_t(-1);
    bool found = false, isOnlyContainerOp = true;
    for (Block *b : rpo) {
      bool stop = false;
      for (Operation &op : *b) {
        if (&op == o && !found) {
          sequentialIdx = idx;
          found = true;
        }
        if (op.getNumRegions()) {
          idx += 1;
          if (idx > 1)
            isOnlyContainerOp = false;
        }
        if (found && !isOnlyContainerOp) {
          stop = true;
          break;
        }
      }
      if (stop)
        break;
    }
    Component &container = components.emplace_back();
    container.isRegionArgOfOp = false;
    container.isUnique = isOnlyContainerOp;
    container.op = o;
    container.idx = sequentialIdx;
    Operation *parent = r->getParentOp();
    Component &regionArg = components.emplace_back();
    regionArg.isRegionArgOfOp = true;
    regionArg.isUnique = true;
    regionArg.idx = 0;
    regionArg.op = parent;
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
    if (parent->getNumRegions() > 1) {
      regionArg.isUnique = false;
      for (unsigned i = 0; i < parent->getNumRegions(); ++i)
        if (&parent->getRegion(i) == r)
          regionArg.idx = i;
    }
    o = parent;
  }
  for (Component &c : components)
    c.skip = c.skip || (c.isRegionArgOfOp && c.isUnique);
  size_t numSurroundingLoops = 0;
  for (size_t i = components.size(); i > 0; --i) {
    Component &c = components[i - 1];
    if (c.skip)
      continue;
    if (c.isRegionArgOfOp) {
      numSurroundingLoops = 0;
      continue;
    }
    if (!c.isUnique)
      numSurroundingLoops = 0;
    c.loopDepth = numSurroundingLoops;
    if (isa<CanonicalLoopOp>(c.op))
      numSurroundingLoops += 1;
  }
  bool isLoopNest = false;
  for (Component &c : components) {
    if (c.skip || c.isRegionArgOfOp)
      continue;
    if (!isLoopNest && c.loopDepth >= 1) {
      isLoopNest = true;
    } else if (isLoopNest) {
      c.skip = c.skip || c.isUnique;
      if (c.loopDepth == 0)
        isLoopNest = false;
    }
  }
  for (Component &c : components)
    c.skip = c.skip || (!c.isRegionArgOfOp && c.isUnique && !isa<CanonicalLoopOp>(c.op));
  bool newRegion = true;
  for (size_t i = components.size(); i > 0; --i) {
    Component &c = components[i - 1];
    c.skip = c.skip || (newRegion && c.isUnique);
    if (!c.skip)
      newRegion = true;
    if (!c.isRegionArgOfOp && c.op)
      newRegion = false;
  }
  std::string name(prefix);
  for (size_t i = components.size(); i > 0; --i) {
    Component &c = components[i - 1];
    if (c.skip)
      continue;
    if (c.isRegionArgOfOp)
      name += "_r" + std::to_string(c.idx);
    else if (c.loopDepth >= 1)
      name += "_d" + std::to_string(c.loopDepth);
    else
      name += "_s" + std::to_string(c.idx);
  }
  return name;
}

void CanonicalLoopOp::getAsmBlockArgumentNames(Region &region,
                                               function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty() || region.front().getNumArguments() == 0)
    return;
  std::string name = generateLoopNestingName("iv", getOperation());
  setNameFn(region.front().getArgument(0), name);
}

void NewCliOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  Value result = getOperation()->getResult(0);
  DecodedCli d = decodeCli(result);
  std::string name = "cli";
  if (d.gen) {
    Operation *owner = d.gen->getOwner();
    if (isa<CanonicalLoopOp>(owner)) {
      name = generateLoopNestingName("canonloop", owner);
    } else if (auto tile = dyn_cast<TileOp>(owner)) {
      unsigned count = unsigned(tile.getGeneratees().size());
      unsigned opnum = d.gen->getOperandNumber();
      if (opnum < count / 2)
        name = "grid" + std::to_string(opnum + 1);
      else
        name = "intratile" + std::to_string(opnum - count / 2 + 1);
    }
  }
  setNameFn(result, name);
}

LogicalResult NewCliOp::verify() {
  Value cli = getOperation()->getResult(0);
  OpOperand *gen = nullptr, *cons = nullptr;
  for (OpOperand &use : cli.getUses()) {
    unsigned opnum = use.getOperandNumber();
    if (isGeneratee(use.getOwner(), opnum)) {
      if (gen) {
        InFlightDiagnostic error = emitOpError("CLI must have at most one generator");
        error.attachNote(gen->getOwner()->getLoc()) << "first generator here:";
        error.attachNote(use.getOwner()->getLoc()) << "second generator here:";
        return error;
      }
      gen = &use;
    } else if (isApplyee(use.getOwner(), opnum)) {
      if (cons) {
        InFlightDiagnostic error = emitOpError("CLI must have at most one consumer");
        (error.attachNote(cons->getOwner()->getLoc()) << "first consumer here:")
            .appendOp(*cons->getOwner(), OpPrintingFlags().printGenericOpForm());
        (error.attachNote(use.getOwner()->getLoc()) << "second consumer here:")
            .appendOp(*use.getOwner(), OpPrintingFlags().printGenericOpForm());
        return error;
      }
      cons = &use;
    }
  }
  if (cons && !gen) {
    InFlightDiagnostic error = emitOpError("CLI has no generator");
    (error.attachNote(cons->getOwner()->getLoc()) << "see consumer here: ")
        .appendOp(*cons->getOwner(), OpPrintingFlags().printGenericOpForm());
    return error;
  }
  return success();
}

LogicalResult CanonicalLoopOp::verify() {
  Region &region = getRegion();
  if (region.empty())
    return success();
  if (region.front().getNumArguments() != 1)
    return emitOpError("Canonical loop region must have exactly one argument");
  if (region.front().getArgument(0).getType() != getTripCount().getType())
    return emitOpError("Region argument must be the same type as the trip count");
  return success();
}

LogicalResult TileOp::verify() {
  if (getApplyees().empty())
    return emitOpError() << "must apply to at least one loop";
  if (getSizes().size() != getApplyees().size())
    return emitOpError() << "there must be one tile size for each applyee";
  if (!getGeneratees().empty() && 2 * getSizes().size() != getGeneratees().size())
    return emitOpError() << "expecting two times the number of generatees than applyees";
  OperandRange applyees = getApplyees();
  SmallVector<Value> parentIVs;
  Value parent = applyees[0];
  for (size_t i = 1; i < applyees.size(); ++i) {
    Value applyee = applyees[i];
    DecodedCli pd = decodeCli(parent), d = decodeCli(applyee);
    if (!pd.gen)
      return emitOpError() << "applyee CLI has no generator";
    auto parentLoop = dyn_cast<CanonicalLoopOp>(pd.gen->getOwner());
    if (!parentLoop)
      return emitOpError() << "currently only supports omp.canonical_loop as applyee";
    parentIVs.push_back(parentLoop.getRegion().front().getArgument(0));
    if (!d.gen)
      return emitOpError() << "applyee CLI has no generator";
    auto loop = dyn_cast<CanonicalLoopOp>(d.gen->getOwner());
    if (!loop)
      return emitOpError() << "currently only supports omp.canonical_loop as applyee";
    Region &body = parentLoop.getRegion();
    bool perfect = false;
    if (!body.empty() && &body.front() == &body.back()) {
      Block &b = body.front();
      auto it = b.begin();
      if (it != b.end() && &*it == loop.getOperation()) {
        ++it;
        if (it != b.end() && isa<TerminatorOp>(&*it)) {
          ++it;
          perfect = it == b.end();
        }
      }
    }
    if (!perfect)
      return emitOpError() << "tiled loop nest must be perfectly nested";
    if (std::find(parentIVs.begin(), parentIVs.end(), loop.getTripCount()) != parentIVs.end())
      return emitOpError() << "tiled loop nest must be rectangular";
    parent = applyee;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

OpenMPDialect::OpenMPDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<OpenMPDialect>()) {
  registerGenerated();
}

OpenMPDialect::~OpenMPDialect() = default;

Attribute OpenMPDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void OpenMPDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Type OpenMPDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void OpenMPDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)attrTypes.printType(type, printer);
}
