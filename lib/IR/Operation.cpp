//===- Operation.cpp - Operations: creation, structure, cloning, walks ----===//
#include "lamina/IR/Operation.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/IRMapping.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Operation creation and destruction
//===----------------------------------------------------------------------===//

Operation::Operation(PackedLocation loc, OperationName name, unsigned numResults, unsigned numSuccs,
                     unsigned numRegions, unsigned numOperands, unsigned numProps, DictionaryAttr attrs)
    : location(loc), name(name), attrs(attrs), operands(nullptr), numOperands(numOperands),
      inlineOperandCapacity(numOperands), numResults(numResults), numSuccs(numSuccs), numRegions(numRegions),
      numProps(numProps) {}

Operation::~Operation() = default;

/// MLIR's generated setInherentAttr ignores a segment-size attribute
/// (`operandSegmentSizes`/`resultSegmentSizes`) that is not a dense i32 array
/// of the op's group count: the property keeps its zero-filled value.
static bool acceptsInherentValue(Attribute current, std::string_view name, Attribute value) {
  if (name != "operandSegmentSizes" && name != "resultSegmentSizes")
    return true;
  auto zeros = dyn_cast_or_null<DenseI32ArrayAttr>(current);
  if (!zeros)
    return true;
  auto array = dyn_cast<DenseI32ArrayAttr>(value);
  return array && array.size() == zeros.size();
}

Operation *Operation::create(OperationState &state) {
  MLIRContext *ctx = state.getContext();
  Operation *op = create(state.location.getPacked(), state.name, state.types, ValueRange(state.operands), NamedAttrList(),
                         state.propertiesAttr, state.successors, state.regions.size());
  // Registered ops may have received inherent attributes through the
  // attribute list (MLIR moves them into properties); only the rest is
  // uniqued as the op's dictionary.
  const NamedAttrList &attrList = state.attributes;
  bool moved = false;
  if (op->isRegistered() && !op->name.getAttributeNames().empty() && !attrList.empty()) {
    // In the dictionary's (stably sorted) order, as the values of one slot
    // may come under two names.
    // (Insertion sort: stable, and no buffer for these short lists.)
    SmallVector<NamedAttribute, 8> sorted(attrList.getAttrs().begin(), attrList.getAttrs().end());
    for (size_t i = 1; i < sorted.size(); ++i) {
      NamedAttribute a = sorted[i];
      size_t j = i;
      for (; j > 0 && a < sorted[j - 1]; --j)
        sorted[j] = sorted[j - 1];
      sorted[j] = a;
    }
    SmallVector<NamedAttribute, 8> discardable;
    for (const NamedAttribute &a : sorted) {
      int idx = op->name.getAttributeIndex(a.getNameStr());
      // MLIR's generated accessors also answer to the legacy segment names.
      if (idx < 0 && a.getNameStr() == "operand_segment_sizes")
        idx = op->name.getAttributeIndex("operandSegmentSizes");
      else if (idx < 0 && a.getNameStr() == "result_segment_sizes")
        idx = op->name.getAttributeIndex("resultSegmentSizes");
      if (idx >= 0) {
        Attribute &slot = op->getPropertySlots()[idx];
        if (acceptsInherentValue(slot, op->name.getAttributeNames()[idx].getValue(), a.getValue()))
          slot = a.getValue();
        moved = true;
      } else {
        discardable.push_back(a);
      }
    }
    if (moved)
      op->attrs = DictionaryAttr::getWithSorted(ctx, discardable);
  }
  if (!moved)
    op->attrs = attrList.getDictionary(ctx);
  for (unsigned i = 0; i < state.regions.size(); ++i)
    if (state.regions[i])
      op->getRegion(i).takeBody(*state.regions[i]);
  return op;
}

Operation *Operation::create(PackedLocation loc, OperationName name, TypeRange resultTypes, ValueRange operands,
                             NamedAttrList &&attributes, Attribute properties, ArrayRef<Block *> successors,
                             unsigned numRegions) {
  unsigned numResults = resultTypes.size();
  unsigned numSuccs = successors.size();
  unsigned numOperands = operands.size();
  // Unregistered ops only get a property slot when they have properties.
  unsigned numProps = name.isRegistered() ? name.getAttributeNames().size() : (properties ? 1 : 0);
  assert(numProps < 256 && "too many inherent attributes");
  size_t size = sizeof(detail::OpResultImpl) * numResults + sizeof(Operation) + sizeof(BlockOperand) * numSuccs +
                sizeof(Region) * numRegions + sizeof(OpOperand) * numOperands + sizeof(Attribute) * numProps;
  char *mem = static_cast<char *>(std::malloc(size));
  if (!mem)
    std::abort();
  MLIRContext *ctx = name.getContext();
  DictionaryAttr attrDict = attributes.empty() ? DictionaryAttr::get(ctx) : attributes.getDictionary(ctx);
  // The constructor sets the count bit-fields by reading and rewriting their
  // word. When that read is the first touch of a fresh page, the kernel maps
  // the shared zero page, and the write that follows faults again and flushes
  // the TLB of every core the process runs on (~1,000 such double faults for
  // a 20 MB input). Writing the op's bytes first makes the first touch a
  // write; the compiler barrier keeps the stores, which the constructor would
  // otherwise make dead.
  std::memset(mem + sizeof(detail::OpResultImpl) * numResults, 0, sizeof(Operation));
  std::atomic_signal_fence(std::memory_order_seq_cst);
  auto *op = new (mem + sizeof(detail::OpResultImpl) * numResults)
      Operation(loc, name, numResults, numSuccs, numRegions, numOperands, numProps, attrDict);
  for (unsigned i = 0; i < numResults; ++i)
    new (op->getOpResultImpl(i)) detail::OpResultImpl(resultTypes[i], i);
  BlockOperand *succs = op->blockOperandsPtr();
  for (unsigned i = 0; i < numSuccs; ++i) {
    new (succs + i) BlockOperand(op);
    succs[i].set(successors[i]);
  }
  Region *regions = op->regionsPtr();
  for (unsigned i = 0; i < numRegions; ++i)
    new (regions + i) Region(op);
  OpOperand *ops = op->inlineOperandsPtr();
  op->operands = ops;
  for (unsigned i = 0; i < numOperands; ++i)
    new (ops + i) OpOperand(op, operands[i]);
  Attribute *props = op->propsPtr();
  for (unsigned i = 0; i < numProps; ++i)
    new (props + i) Attribute();
  if (numProps && name.isRegistered())
    if (auto *populate = name.getInfo().populateDefaultProperties)
      populate(op);
  if (properties) {
    LogicalResult r = op->setPropertiesFromAttribute(properties, nullptr);
    (void)r;
  }
  return op;
}

void Operation::deallocate() {
  // Uses from IR that is not being freed with this op (see "Teardown" in
  // Operation.h) are unlinked and left null.
  for (unsigned i = 0; i < numResults; ++i)
    while (OpOperand *use = getOpResultImpl(i)->firstUse)
      use->drop();
  // Operands.
  for (unsigned i = 0; i < numOperands; ++i)
    operands[i].~OpOperand();
  if (operands != inlineOperandsPtr())
    std::free(operands);
  for (unsigned i = 0; i < numSuccs; ++i)
    blockOperandsPtr()[i].~BlockOperand();
  for (unsigned i = 0; i < numRegions; ++i)
    regionsPtr()[i].~Region();
  char *mem = reinterpret_cast<char *>(this) - sizeof(detail::OpResultImpl) * numResults;
  this->~Operation();
  std::free(mem);
}

void Operation::destroy() {
  assert(!block && "destroying an operation that is still in a block");
  // Most erased ops have no regions: nothing nested to collect.
  if (numRegions == 0) {
    for (unsigned i = 0; i < numOperands; ++i)
      operands[i].drop();
    for (unsigned i = 0; i < numSuccs; ++i)
      blockOperandsPtr()[i].drop();
    deallocate();
    return;
  }
  // Collect every nested op, drop all their references, then free them.
  // Uses an explicit worklist so depth never reaches the C++ stack.
  SmallVector<Operation *, 32> all;
  all.push_back(this);
  for (size_t i = 0; i < all.size(); ++i) {
    Operation *op = all[i];
    for (Region &region : op->getRegions())
      for (Block &b : region)
        for (Operation &nested : b)
          all.push_back(&nested);
  }
  for (Operation *op : all) {
    for (unsigned i = 0; i < op->numOperands; ++i)
      op->operands[i].drop();
    for (unsigned i = 0; i < op->numSuccs; ++i)
      op->blockOperandsPtr()[i].drop();
  }
  // Unlink every nested op from its block and free the blocks; then free
  // the ops themselves (their regions are empty by then).
  for (Operation *op : all) {
    for (Region &region : op->getRegions()) {
      while (!region.empty()) {
        Block *b = &region.front();
        while (!b->empty())
          b->operations.remove(&b->front());
        region.getBlocks().remove(b);
        delete b;
      }
    }
  }
  for (Operation *op : all)
    op->deallocate();
}

void Operation::erase() {
  if (block)
    remove();
  destroy();
}

void Operation::remove() {
  if (block)
    block->operations.remove(this);
}

//===----------------------------------------------------------------------===//
// Operation structure
//===----------------------------------------------------------------------===//

Region *Operation::getParentRegion() const { return block ? block->getParent() : nullptr; }
Operation *Operation::getParentOp() const { return block ? block->getParentOp() : nullptr; }

bool Operation::isAncestor(Operation *other) const {
  while (other && other != this)
    other = other->getParentOp();
  return other == this;
}

bool Operation::isProperAncestor(Operation *other) const { return other != this && isAncestor(other); }

bool Operation::isBeforeInBlock(Operation *other) const {
  assert(block && block == other->block);
  if (!block->isOpOrderValid())
    block->recomputeOpOrder();
  return orderIndex < other->orderIndex;
}

void Operation::moveBefore(Operation *existingOp) {
  remove();
  existingOp->block->insert(Block::iterator(existingOp), this);
}

void Operation::moveAfter(Operation *existingOp) {
  remove();
  Block *b = existingOp->block;
  auto it = Block::iterator(existingOp);
  ++it;
  b->insert(it, this);
}

std::vector<Type> Operation::getOperandTypes() const {
  std::vector<Type> r;
  r.reserve(numOperands);
  for (unsigned i = 0; i < numOperands; ++i)
    r.push_back(operands[i].get().getType());
  return r;
}

std::vector<Type> Operation::getResultTypes() const {
  std::vector<Type> r;
  r.reserve(numResults);
  for (unsigned i = 0; i < numResults; ++i)
    r.push_back(getOpResultImpl(i)->type);
  return r;
}

void Operation::setOperands(ValueRange newOperands) {
  std::vector<Value> vals = newOperands.vec();
  setOperands(0, numOperands, ValueRange(vals));
}

void Operation::setOperands(unsigned start, unsigned length, ValueRange newOperands) {
  std::vector<Value> all = getOperands().vec();
  std::vector<Value> vals = newOperands.vec();
  all.erase(all.begin() + start, all.begin() + start + length);
  all.insert(all.begin() + start, vals.begin(), vals.end());
  for (unsigned i = 0; i < numOperands; ++i)
    operands[i].~OpOperand();
  if (all.size() > inlineOperandCapacity) {
    if (operands != inlineOperandsPtr())
      std::free(operands);
    operands = static_cast<OpOperand *>(std::malloc(sizeof(OpOperand) * all.size()));
  }
  numOperands = all.size();
  for (unsigned i = 0; i < numOperands; ++i)
    new (operands + i) OpOperand(this, all[i]);
}

void Operation::insertOperands(unsigned index, ValueRange newOperands) { setOperands(index, 0, newOperands); }

void Operation::eraseOperands(unsigned index, unsigned length) { setOperands(index, length, ValueRange()); }

bool Operation::use_empty() const {
  for (unsigned i = 0; i < numResults; ++i)
    if (getOpResultImpl(i)->firstUse)
      return false;
  return true;
}

bool Operation::hasOneUse() const {
  unsigned n = 0;
  for (unsigned i = 0; i < numResults; ++i)
    for (OpOperand *u = getOpResultImpl(i)->firstUse; u; u = u->getNextOperandUsingThisValue())
      ++n;
  return n == 1;
}

void Operation::replaceAllUsesWith(ValueRange values) {
  assert(values.size() == numResults);
  for (unsigned i = 0; i < numResults; ++i)
    getResult(i).replaceAllUsesWith(values[i]);
}

void Operation::dropAllUses() {
  for (unsigned i = 0; i < numResults; ++i)
    getResult(i).dropAllUses();
}

std::vector<Block *> Operation::getSuccessors() const {
  std::vector<Block *> r;
  for (unsigned i = 0; i < numSuccs; ++i)
    r.push_back(getSuccessor(i));
  return r;
}

void Operation::dropAllReferences() {
  walk([](Operation *op) {
    for (unsigned i = 0; i < op->numOperands; ++i)
      op->operands[i].drop();
    for (unsigned i = 0; i < op->numSuccs; ++i)
      op->blockOperandsPtr()[i].drop();
  });
}

void Operation::dropAllDefinedValueUses() {
  walk([](Operation *op) {
    op->dropAllUses();
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Value arg : b.getArguments())
          arg.dropAllUses();
  });
}

//===----------------------------------------------------------------------===//
// Attributes and properties
//===----------------------------------------------------------------------===//

void Operation::setAttrs(DictionaryAttr newAttrs) {
  if (!isRegistered() || name.getAttributeNames().empty()) {
    attrs = newAttrs;
    return;
  }
  setAttrs(newAttrs.getValue());
}

void Operation::setAttrs(ArrayRef<NamedAttribute> newAttrs) {
  std::vector<NamedAttribute> discardable;
  for (const NamedAttribute &a : newAttrs) {
    int idx = isRegistered() ? name.getAttributeIndex(a.getNameStr()) : -1;
    if (idx >= 0) {
      Attribute &slot = getPropertySlots()[idx];
      if (acceptsInherentValue(slot, a.getNameStr(), a.getValue()))
        slot = a.getValue();
    } else
      discardable.push_back(a);
  }
  attrs = DictionaryAttr::get(getContext(), discardable);
}

DictionaryAttr Operation::getAttrDictionary() const {
  std::vector<NamedAttribute> merged;
  if (isRegistered()) {
    ArrayRef<StringAttr> names = name.getAttributeNames();
    for (size_t i = 0; i < names.size(); ++i)
      if (propsPtr()[i])
        merged.emplace_back(names[i], propsPtr()[i]);
  } else if (numProps) {
    if (auto dict = dyn_cast_or_null<DictionaryAttr>(propsPtr()[0]))
      merged.assign(dict.begin(), dict.end());
  }
  if (merged.empty())
    return attrs;
  merged.insert(merged.end(), attrs.begin(), attrs.end());
  return DictionaryAttr::get(getContext(), merged);
}

Attribute Operation::getInherentAttr(std::string_view attrName) const {
  if (!isRegistered())
    return Attribute();
  int idx = name.getAttributeIndex(attrName);
  return idx >= 0 ? propsPtr()[idx] : Attribute();
}

void Operation::setInherentAttr(StringAttr attrName, Attribute value) {
  int idx = name.getAttributeIndex(attrName.getValue());
  assert(idx >= 0 && "not an inherent attribute");
  propsPtr()[idx] = value;
}

Attribute Operation::getAttr(std::string_view attrName) const {
  if (isRegistered()) {
    int idx = name.getAttributeIndex(attrName);
    if (idx >= 0)
      return propsPtr()[idx];
  }
  return attrs.get(attrName);
}

void Operation::setAttr(std::string_view attrName, Attribute value) {
  setAttr(StringAttr::get(getContext(), attrName), value);
}

void Operation::setAttr(StringAttr attrName, Attribute value) {
  if (isRegistered()) {
    int idx = name.getAttributeIndex(attrName.getValue());
    if (idx >= 0) {
      propsPtr()[idx] = value;
      return;
    }
  }
  setDiscardableAttr(attrName, value);
}

void Operation::setDiscardableAttr(StringAttr attrName, Attribute value) {
  NamedAttrList list(attrs);
  list.set(attrName, value);
  attrs = list.getDictionary(getContext());
}

Attribute Operation::removeDiscardableAttr(StringAttr attrName) {
  NamedAttrList list(attrs);
  Attribute old = list.erase(attrName.getValue());
  if (old)
    attrs = list.getDictionary(getContext());
  return old;
}

Attribute Operation::removeAttr(std::string_view attrName) {
  if (isRegistered()) {
    int idx = name.getAttributeIndex(attrName);
    if (idx >= 0) {
      Attribute old = propsPtr()[idx];
      propsPtr()[idx] = Attribute();
      return old;
    }
  }
  return removeDiscardableAttr(StringAttr::get(getContext(), attrName));
}

Attribute Operation::getPropertiesAsAttribute() const {
  if (!isRegistered())
    return numProps ? propsPtr()[0] : Attribute();
  auto names = name.getAttributeNames();
  if (names.empty())
    return Attribute();
  std::vector<NamedAttribute> entries;
  for (size_t i = 0; i < names.size(); ++i)
    if (propsPtr()[i])
      entries.emplace_back(names[i], propsPtr()[i]);
  if (entries.empty())
    return Attribute();
  return DictionaryAttr::get(getContext(), entries);
}

LogicalResult Operation::setPropertiesFromAttribute(Attribute attr, function_ref<InFlightDiagnostic()> emitError) {
  if (!isRegistered()) {
    if (numProps) {
      propsPtr()[0] = attr;
      return success();
    }
    // Created without properties: there is no slot to hold them.
    if (!attr)
      return success();
    if (emitError)
      return emitError() << "cannot set properties on an unregistered operation created without them";
    return failure();
  }
  if (!attr)
    return success();
  if (auto *setFn = name.getInfo().setPropertiesFromAttr)
    return setFn(this, attr, emitError);
  // As MLIR: an op without properties takes no dictionary, not even `<{}>`.
  if (!numProps) {
    if (emitError)
      return emitError() << "this operation does not support properties";
    return failure();
  }
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict) {
    if (emitError)
      return emitError() << "expected DictionaryAttr to set properties";
    return failure();
  }
  for (const NamedAttribute &a : dict) {
    int idx = name.getAttributeIndex(a.getNameStr());
    if (idx < 0)
      continue; // MLIR ignores unknown keys in the properties dictionary.
    propsPtr()[idx] = a.getValue();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

InFlightDiagnostic Operation::emitError(std::string_view message) {
  InFlightDiagnostic diag = lamina::emitError(getLoc(), message);
  if (getContext()->shouldPrintOpOnDiagnostic())
    diag.attachNote(getLoc()).append("see current operation: ").appendOp(*this, OpPrintingFlags().printGenericOpForm());
  return diag;
}

InFlightDiagnostic Operation::emitOpError(std::string_view message) {
  return emitError() << "'" << getName().getStringRef() << "' op " << message;
}

InFlightDiagnostic Operation::emitWarning(std::string_view message) {
  InFlightDiagnostic diag = lamina::emitWarning(getLoc(), message);
  if (getContext()->shouldPrintOpOnDiagnostic())
    diag.attachNote(getLoc()) << "see current operation: " << *this;
  return diag;
}

InFlightDiagnostic Operation::emitRemark(std::string_view message) {
  InFlightDiagnostic diag = lamina::emitRemark(getLoc(), message);
  if (getContext()->shouldPrintOpOnDiagnostic())
    diag.attachNote(getLoc()) << "see current operation: " << *this;
  return diag;
}

//===----------------------------------------------------------------------===//
// Cloning
//===----------------------------------------------------------------------===//

namespace {
/// Clones operations with their nested regions, iteratively; values and
/// blocks go through `mapper`.
class OpCloner {
public:
  explicit OpCloner(IRMapping &mapper) : mapper(mapper) {}

  /// A copy of `src` without region contents, its results mapped.
  Operation *cloneShallow(const Operation *src) {
    std::vector<Value> ops;
    ops.reserve(src->getNumOperands());
    for (Value v : src->getOperands())
      ops.push_back(mapper.lookupOrDefault(v));
    std::vector<Block *> succs;
    for (Block *b : src->getSuccessors())
      succs.push_back(mapper.lookupOrDefault(b));
    // The location as the source stores it: a packed one stays packed.
    Operation *dst = Operation::create(src->getPackedLoc(), src->getName(), TypeRange(src->getResultTypes()),
                                       ValueRange(ops), NamedAttrList(src->getDiscardableAttrDictionary()),
                                       src->isRegistered() ? Attribute() : src->getPropertiesAsAttribute(), succs,
                                       src->getNumRegions());
    if (src->isRegistered()) {
      MutableArrayRef<Attribute> from = src->getPropertySlots(), to = dst->getPropertySlots();
      for (size_t i = 0; i < from.size() && i < to.size(); ++i)
        to[i] = from[i];
    }
    for (unsigned i = 0; i < src->getNumResults(); ++i)
      mapper.map(src->getResult(i), dst->getResult(i));
    return dst;
  }

  /// Clones the blocks of `src` into `dst` before `pos` and queues ops with
  /// regions; returns the first new block (or null).
  Block *cloneBlocks(const Region &src, Region &dst, Region::iterator pos) {
    Block *first = nullptr;
    // Blocks and arguments first, so forward references resolve.
    for (Block &b : src) {
      Block *nb = new Block();
      dst.getBlocks().insert(pos, nb, &dst);
      if (!first)
        first = nb;
      mapper.map(&b, nb);
      // Arguments the caller already mapped are dropped from the clone.
      for (Value arg : b.getArguments())
        if (!mapper.contains(arg))
          mapper.map(arg, nb->addArgument(arg.getType(), BlockArgument(arg).getLoc()));
    }
    for (Block &b : src) {
      Block *nb = mapper.lookupOrDefault(&b);
      for (Operation &op : b) {
        Operation *c = cloneShallow(&op);
        nb->push_back(c);
        if (op.getNumRegions())
          worklist.push_back({&op, c});
      }
    }
    return first;
  }

  /// Clones the regions of every queued op.
  void run() {
    while (!worklist.empty()) {
      auto [src, dst] = worklist.back();
      worklist.pop_back();
      for (unsigned r = 0; r < src->getNumRegions(); ++r)
        cloneBlocks(src->getRegion(r), dst->getRegion(r), dst->getRegion(r).end());
    }
  }

  /// Remaps operands and successors of everything nested in `op` (values
  /// defined later than their use: graph regions, forward block refs).
  void remapNested(Operation *op) {
    op->walk([&](Operation *nested) { remapOp(nested); });
  }
  void remapOp(Operation *op) {
    for (OpOperand &o : op->getOpOperands())
      if (Value v = mapper.lookupOrNull(o.get()))
        o.set(v);
    for (BlockOperand &s : op->getBlockOperands())
      if (Block *b = mapper.lookupOrNull(s.get()))
        s.set(b);
  }

  IRMapping &mapper;
  std::vector<std::pair<const Operation *, Operation *>> worklist;
};
} // namespace

Operation *Operation::clone() const {
  IRMapping mapper;
  return clone(mapper);
}

Operation *Operation::clone(IRMapping &mapper) const {
  OpCloner cloner(mapper);
  Operation *root = cloner.cloneShallow(this);
  if (numRegions) {
    cloner.worklist.push_back({this, root});
    cloner.run();
    cloner.remapNested(root);
  }
  return root;
}

Operation *Operation::cloneWithoutRegions(IRMapping &mapper) const {
  OpCloner cloner(mapper);
  return cloner.cloneShallow(this);
}

Operation *Operation::cloneWithoutRegions() const {
  IRMapping mapper;
  return cloneWithoutRegions(mapper);
}

void Region::cloneInto(Region *dest, iterator destPos, IRMapping &mapper) const {
  if (empty())
    return;
  OpCloner cloner(mapper);
  Block *first = cloner.cloneBlocks(*this, *dest, destPos);
  cloner.run();
  for (Block *b = first; b && (destPos == dest->end() || b != &*destPos); b = b->getNextNode())
    for (Operation &op : *b)
      cloner.remapNested(&op);
}

//===----------------------------------------------------------------------===//
// Walks
//===----------------------------------------------------------------------===//

WalkResult detail::walkOperations(Operation *root, WalkOrder order,
                                  function_ref<WalkResult(Operation *)> visitOp) {
  // Each frame: an op and a cursor into its (region, block, op) nest.
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
    bool entered;
  };
  std::vector<Frame> stack;
  stack.push_back({root, 0, nullptr, nullptr, false});
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (!f.entered) {
      f.entered = true;
      if (order == WalkOrder::PreOrder) {
        WalkResult r = visitOp(f.op);
        if (r.wasInterrupted())
          return r;
        if (r.wasSkipped()) {
          stack.pop_back();
          continue;
        }
      }
      f.region = 0;
      f.block = nullptr;
      f.next = nullptr;
    }
    // Advance to the next nested op.
    Operation *child = nullptr;
    while (!child) {
      if (f.next) {
        child = f.next;
        f.next = child->getNextNode();
        break;
      }
      if (f.block) {
        f.block = f.block->getNextNode();
      } else {
        if (f.region >= f.op->getNumRegions())
          break;
        Region &rg = f.op->getRegion(f.region);
        f.block = rg.empty() ? nullptr : &rg.front();
        if (!f.block) {
          ++f.region;
          continue;
        }
      }
      if (!f.block) {
        ++f.region;
        continue;
      }
      f.next = f.block->empty() ? nullptr : &f.block->front();
      if (f.block->empty())
        continue;
    }
    if (child) {
      stack.push_back({child, 0, nullptr, nullptr, false});
      continue;
    }
    Operation *done = f.op;
    stack.pop_back();
    if (order == WalkOrder::PostOrder) {
      WalkResult r = visitOp(done);
      if (r.wasInterrupted())
        return r;
    }
  }
  return WalkResult::advance();
}

WalkResult detail::walkRegions(Operation *root, WalkOrder order, function_ref<WalkResult(Region *)> visitRegion) {
  // Pre-order over ops; regions visited when their op is.
  std::vector<Operation *> ops;
  detail::walkOperations(root, WalkOrder::PreOrder, [&](Operation *op) {
    ops.push_back(op);
    return WalkResult::advance();
  });
  if (order == WalkOrder::PostOrder)
    std::reverse(ops.begin(), ops.end());
  for (Operation *op : ops)
    for (Region &r : op->getRegions()) {
      WalkResult res = visitRegion(&r);
      if (res.wasInterrupted())
        return res;
    }
  return WalkResult::advance();
}

WalkResult detail::walkBlocks(Operation *root, WalkOrder order, function_ref<WalkResult(Block *)> visitBlock) {
  return walkRegions(root, order, [&](Region *r) -> WalkResult {
    for (Block &b : *r) {
      WalkResult res = visitBlock(&b);
      if (res.wasInterrupted())
        return res;
    }
    return WalkResult::advance();
  });
}
