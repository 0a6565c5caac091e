//===- BytecodeReaderIR.cpp - Reads MLIR bytecode: operations and regions -===//
//
// The IR section: operations, regions and blocks read with an explicit
// stack of region states (any nesting depth), values resolved by index with
// placeholders for forward references, and use-lists put back in the order
// the producer had. The functions of large files (the isolated sections in
// the module) are read in parallel, falling back to one thread on any
// error so that diagnostics are the sequential ones.
//
#include "BytecodeReaderImpl.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/ThreadPool.h"

using namespace lamina;
using namespace lamina::bytecode;

namespace lamina::bytecode {

//===----------------------------------------------------------------------===//
// IR section
//===----------------------------------------------------------------------===//

LogicalResult BytecodeReaderImpl::parseIRSection(ArrayRef<uint8_t> data, Block *block) {
  placeholderName = OperationName(UnrealizedConversionCastOp::getOperationName(), ctx);
  // The top-level operations are read into a temporary module.
  struct ModuleOwner {
    Operation *op = nullptr;
    ~ModuleOwner() {
      if (op)
        op->destroy();
    }
  } owner;

  // Large files are read in parallel: the regions of isolated top-level
  // operations (nested sections since version 2) are read by IRReaders on
  // the thread pool once the top level is read. Any failure reads the file
  // again on one thread, which reports exactly the sequential diagnostics.
  bool parallel = ctx->isMultithreadingEnabled() && version >= kLazyLoading &&
                  data.size() >= kMinParallelIRSectionSize && resolveAllEntries();
  if (parallel) {
    EncodingReader reader = makeReader(data);
    owner.op = ModuleOp::create(fileLoc).getOperation();
    bool ok;
    {
      ScopedDiagnosticSuppression quiet;
      IRReader topLevel(*this);
      std::vector<IRReader::DeferredSection> deferred;
      ok = succeeded(topLevel.readTopLevel(reader, owner.op, &deferred)) && succeeded(topLevel.finish(reader));
      if (ok) {
        concurrentReads = true;
        std::atomic<bool> allRead(true);
        auto readSection = [&](size_t i) {
          if (!allRead.load(std::memory_order_relaxed))
            return;
          ScopedDiagnosticSuppression quietThread;
          IRReader sectionReader(*this, deferred[i].liveValueSlots);
          EncodingReader sectionData = makeReader(deferred[i].data);
          if (failed(sectionReader.readDeferred(deferred[i])) || failed(sectionReader.finish(sectionData)))
            allRead.store(false, std::memory_order_relaxed);
        };
        // Sections are handed out in contiguous batches, so that a batch
        // read can give its (file-ordered) bytes back as a whole: a mapped
        // input then leaves memory while the IR grows, instead of staying
        // resident until the read ends, when the IR is at its largest.
        constexpr size_t kBatches = 64;
        size_t n = deferred.size();
        size_t numBatches = std::min(n, kBatches);
        auto readBatch = [&](size_t b) {
          size_t lo = n * b / numBatches, hi = n * (b + 1) / numBatches;
          for (size_t i = lo; i < hi; ++i)
            readSection(i);
          if (mappedSource && allRead.load(std::memory_order_relaxed)) {
            const uint8_t *first = deferred[lo].data.data();
            const uint8_t *last = deferred[hi - 1].data.data() + deferred[hi - 1].data.size();
            mappedSource->releaseSpan(reinterpret_cast<const char *>(first), reinterpret_cast<const char *>(last));
          }
        };
        if (numBatches > 1)
          ctx->getThreadPool().parallelFor(0, numBatches, readBatch);
        else if (numBatches == 1)
          readBatch(0);
        concurrentReads = false;
        ok = allRead.load();
      }
    }
    if (!ok) {
      owner.op->destroy();
      owner.op = nullptr;
    }
  }
  if (!owner.op) {
    EncodingReader reader = makeReader(data);
    owner.op = ModuleOp::create(fileLoc).getOperation();
    IRReader topLevel(*this);
    if (failed(topLevel.readTopLevel(reader, owner.op, nullptr)) || failed(topLevel.finish(reader)))
      return failure();
  }

  if (config.shouldVerifyAfterParse() && failed(verify(owner.op)))
    return failure();

  Block *body = ModuleOp(owner.op).getBody();
  block->splice(body, body->begin());
  return success();
}

//===----------------------------------------------------------------------===//
// IRReader
//===----------------------------------------------------------------------===//

IRReader::~IRReader() {
  // Placeholders may still be used by IR that failed to parse: detach them
  // from their users before freeing them.
  for (Operation *op : placeholders) {
    op->getResult(0).dropAllUses();
    op->destroy();
  }
}

LogicalResult IRReader::readTopLevel(EncodingReader &reader, Operation *module,
                                     std::vector<DeferredSection> *deferred) {
  std::vector<RegionReadState> stack;
  stack.emplace_back();
  RegionReadState &root = stack.back();
  root.op = module;
  root.numRegions = 1;
  root.reader = &reader;
  root.isIsolatedFromAbove = true;
  root.inRegion = true;
  root.curBlocks.push_back(&module->getRegion(0).front());
  // The top-level block defines no values (arguments are rejected).
  valueScopes.emplace_back();
  if (failed(pushValueScopeRegion(reader, 0)) || failed(parseBlockHeader(reader, root)))
    return failure();
  while (!stack.empty())
    if (failed(parseRegions(stack, deferred)))
      return failure();
  return success();
}

LogicalResult IRReader::readDeferred(const DeferredSection &section) {
  EncodingReader reader = impl.makeReader(section.data);
  std::vector<RegionReadState> stack;
  RegionReadState &state = stack.emplace_back();
  state.op = section.op;
  state.numRegions = section.op->getNumRegions();
  state.reader = &reader;
  state.isIsolatedFromAbove = true;
  valueScopes.emplace_back();
  while (!stack.empty())
    if (failed(parseRegions(stack, nullptr)))
      return failure();
  return success();
}

LogicalResult IRReader::finish(EncodingReader &reader) {
  if (placeholders.size() != freePlaceholders.size())
    return reader.emitError("not all forward unresolved forward operand references");
  if (failed(processUseLists()))
    return reader.emitError("parsed use-list orders were invalid and could not be applied");
  return success();
}

LogicalResult IRReader::parseRegions(std::vector<RegionReadState> &stack, std::vector<DeferredSection> *deferred) {
  // Reads the regions of the state on top of the stack until they end or an
  // operation with regions is found: then its state is pushed and this
  // returns, to resume once the nested regions are done.
  size_t stateIndex = stack.size() - 1;
  for (; stack[stateIndex].curRegion < stack[stateIndex].numRegions; ++stack[stateIndex].curRegion) {
    RegionReadState *state = &stack[stateIndex];
    if (!state->inRegion) {
      if (failed(parseRegion(*state)))
        return failure();
      if (state->curBlocks.empty())
        continue;
    }
    EncodingReader &reader = *state->reader;
    while (true) {
      while (state->numOpsRemaining) {
        --state->numOpsRemaining;
        bool isIsolatedFromAbove = false;
        FailureOr<Operation *> op = parseOpWithoutRegions(reader, *state, isIsolatedFromAbove);
        if (failed(op))
          return failure();
        if (!(*op)->getNumRegions())
          continue;

        RegionReadState child;
        child.op = *op;
        child.numRegions = (*op)->getNumRegions();
        child.reader = &reader;
        child.isIsolatedFromAbove = isIsolatedFromAbove;
        // Isolated regions are nested IR sections since version 2.
        if (version >= kLazyLoading && isIsolatedFromAbove) {
          unsigned id;
          ArrayRef<uint8_t> sectionData;
          if (failed(reader.parseSection(id, sectionData)))
            return failure();
          if (id != Section::kIR)
            return lamina::emitError(impl.fileLoc, "expected IR section for region");
          // The regions of isolated operations in the regions of the
          // top-level operation (usually a module's functions) are read
          // later (see BytecodeReaderImpl::parseIRSection).
          if (deferred && stateIndex == 1) {
            deferred->push_back({*op, sectionData, liveValueSlots});
            continue;
          }
          child.owningReader = std::make_unique<EncodingReader>(impl.makeReader(sectionData));
          child.reader = child.owningReader.get();
        }
        if (isIsolatedFromAbove)
          valueScopes.emplace_back();
        stack.push_back(std::move(child));
        return success();
      }
      if (++state->curBlock == state->curBlocks.size())
        break;
      if (failed(parseBlockHeader(reader, *state)))
        return failure();
    }
    state->inRegion = false;
    popValueScopeRegion(state->numValues);
  }
  if (stack[stateIndex].isIsolatedFromAbove)
    valueScopes.pop_back();
  stack.pop_back();
  return success();
}

LogicalResult IRReader::parseRegion(RegionReadState &state) {
  EncodingReader &reader = *state.reader;
  state.curBlocks.clear();
  uint64_t numBlocks;
  if (failed(reader.parseVarInt(numBlocks)))
    return failure();
  if (numBlocks == 0)
    return success();
  uint64_t numValues;
  if (failed(reader.parseVarInt(numValues)))
    return failure();
  // Every block has at least a one-byte header.
  if (numBlocks > reader.size())
    return reader.emitError("region declares ") << numBlocks << " blocks but only " << uint64_t(reader.size())
                                                << " bytes remain";
  if (failed(pushValueScopeRegion(reader, numValues)))
    return failure();
  state.numValues = numValues;
  state.inRegion = true;
  Region &region = state.op->getRegion(state.curRegion);
  state.curBlocks.reserve(size_t(numBlocks));
  for (uint64_t i = 0; i < numBlocks; ++i) {
    Block *b = new Block();
    region.push_back(b);
    state.curBlocks.push_back(b);
  }
  state.curBlock = 0;
  return parseBlockHeader(reader, state);
}

LogicalResult IRReader::pushValueScopeRegion(EncodingReader &reader, uint64_t numValues) {
  // Each value is defined by at least one byte of the file, and the values of
  // all enclosing regions are distinct.
  if (numValues > impl.bufferSize - liveValueSlots)
    return reader.emitError("region declares ") << numValues << " values, more than the bytecode can define";
  ValueScope &scope = valueScopes.back();
  scope.nextValueIDs.push_back(scope.values.size());
  scope.values.resize(scope.values.size() + size_t(numValues));
  liveValueSlots += numValues;
  return success();
}

void IRReader::popValueScopeRegion(uint64_t numValues) {
  ValueScope &scope = valueScopes.back();
  scope.values.resize(scope.values.size() - size_t(numValues));
  scope.nextValueIDs.pop_back();
  liveValueSlots -= numValues;
}

LogicalResult IRReader::parseBlockHeader(EncodingReader &reader, RegionReadState &state) {
  bool hasArgs;
  if (failed(reader.parseVarIntWithFlag(state.numOpsRemaining, hasArgs)))
    return failure();
  // Every operation takes at least three bytes.
  if (state.numOpsRemaining > reader.size())
    return reader.emitError("block declares ") << state.numOpsRemaining << " operations but only "
                                               << uint64_t(reader.size()) << " bytes remain";
  Block *block = state.curBlocks[state.curBlock];
  if (hasArgs && failed(parseBlockArguments(reader, block)))
    return failure();
  if (version < kUseListOrdering)
    return success();
  uint8_t hasUseListOrders = 0;
  if (hasArgs && failed(reader.parseByte(hasUseListOrders)))
    return failure();
  if (!hasUseListOrders)
    return success();
  std::vector<std::pair<uint64_t, UseListOrder>> orders;
  if (failed(parseUseListOrderForRange(reader, block->getNumArguments(), orders)))
    return failure();
  if (orders.empty())
    return reader.emitError("expected use-list orders for the block arguments");
  recordUseListOrders(orders, block->getArguments());
  return success();
}

LogicalResult IRReader::parseBlockArguments(EncodingReader &reader, Block *block) {
  uint64_t numArgs;
  if (failed(reader.parseVarInt(numArgs)))
    return failure();
  if (numArgs > reader.size())
    return reader.emitError("block declares ") << numArgs << " arguments but only " << uint64_t(reader.size())
                                               << " bytes remain";
  // Locations kept packed where they can be, as for operations.
  PackedLocation unknownLoc(UnknownLoc::get(ctx));
  for (uint64_t i = 0; i < numArgs; ++i) {
    Type argType;
    PackedLocation loc = unknownLoc;
    if (version >= kElideUnknownBlockArgLocation) {
      uint64_t typeIndex;
      bool hasLoc;
      if (failed(reader.parseVarIntWithFlag(typeIndex, hasLoc)) || !(argType = impl.resolveType(reader, typeIndex)))
        return failure();
      if (hasLoc) {
        uint64_t locIndex;
        if (failed(reader.parseVarInt(locIndex)) || !(loc = resolveOpLocation(reader, locIndex)))
          return failure();
      }
    } else {
      uint64_t typeIndex, locIndex;
      if (failed(reader.parseVarInt(typeIndex)) || !(argType = impl.resolveType(reader, typeIndex)) ||
          failed(reader.parseVarInt(locIndex)) || !(loc = resolveOpLocation(reader, locIndex)))
        return failure();
    }
    block->addArgument(argType, loc);
  }
  return defineValues(reader, block->getArguments());
}

FailureOr<Operation *> IRReader::parseOpWithoutRegions(EncodingReader &reader, RegionReadState &state,
                                                       bool &isIsolatedFromAbove) {
  std::optional<bool> wasRegistered;
  const ForeignOpLayout *foreign = nullptr;
  FailureOr<OperationName> opName = impl.parseOpName(reader, wasRegistered, foreign);
  if (failed(opName))
    return failure();
  uint8_t mask = 0;
  if (failed(reader.parseByte(mask)))
    return failure();

  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  PackedLocation opLoc = resolveOpLocation(reader, index);
  if (!opLoc)
    return failure();

  DictionaryAttr attrs;
  if (mask & OpEncodingMask::kHasAttrs) {
    if (failed(reader.parseVarInt(index)))
      return failure();
    Attribute dict = impl.resolveAttribute(reader, index);
    if (!dict)
      return failure();
    if (!(attrs = dyn_cast<DictionaryAttr>(dict)))
      return reader.emitError("expected attribute of type: mlir::DictionaryAttr, but got: ") << dict;
  }

  std::optional<uint64_t> propertiesIndex;
  if (mask & OpEncodingMask::kHasProperties) {
    if (!wasRegistered)
      return lamina::emitError(impl.fileLoc) << "Unexpected missing `wasRegistered` opname flag at bytecode version "
                                        << version << " with properties.";
    uint64_t propIndex;
    if (failed(reader.parseVarInt(propIndex)))
      return failure();
    propertiesIndex = propIndex;
  }

  // Counts are bounded by the bytes that remain: each element takes one.
  auto parseCount = [&](uint64_t &count, const char *what) -> LogicalResult {
    if (failed(reader.parseVarInt(count)))
      return failure();
    if (count > reader.size())
      return reader.emitError("operation declares ") << count << " " << what << " but only "
                                                     << uint64_t(reader.size()) << " bytes remain";
    return success();
  };

  scratchTypes.clear();
  if (mask & OpEncodingMask::kHasResults) {
    uint64_t numResults;
    if (failed(parseCount(numResults, "results")))
      return failure();
    scratchTypes.reserve(size_t(numResults));
    for (uint64_t i = 0; i < numResults; ++i) {
      if (failed(reader.parseVarInt(index)))
        return failure();
      Type type = impl.resolveType(reader, index);
      if (!type)
        return failure();
      scratchTypes.push_back(type);
    }
  }

  scratchOperands.clear();
  if (mask & OpEncodingMask::kHasOperands) {
    uint64_t numOperands;
    if (failed(parseCount(numOperands, "operands")))
      return failure();
    scratchOperands.reserve(size_t(numOperands));
    for (uint64_t i = 0; i < numOperands; ++i) {
      Value operand = parseOperand(reader);
      if (!operand)
        return failure();
      scratchOperands.push_back(operand);
    }
  }

  scratchSuccessors.clear();
  if (mask & OpEncodingMask::kHasSuccessors) {
    uint64_t numSuccessors;
    if (failed(parseCount(numSuccessors, "successors")))
      return failure();
    scratchSuccessors.reserve(size_t(numSuccessors));
    for (uint64_t i = 0; i < numSuccessors; ++i) {
      if (failed(reader.parseVarInt(index)))
        return failure();
      if (index >= state.curBlocks.size())
        return reader.emitError("invalid successor index: ") << index;
      scratchSuccessors.push_back(state.curBlocks[size_t(index)]);
    }
  }

  std::vector<std::pair<uint64_t, UseListOrder>> resultOrders;
  if (version >= kUseListOrdering && (mask & OpEncodingMask::kHasUseListOrders) &&
      failed(parseUseListOrderForRange(reader, scratchTypes.size(), resultOrders)))
    return failure();

  uint64_t numRegions = 0;
  if (mask & OpEncodingMask::kHasInlineRegions) {
    if (failed(reader.parseVarIntWithFlag(numRegions, isIsolatedFromAbove)))
      return failure();
    // Each region takes at least one byte; the operation stores 24 bits.
    if (numRegions > reader.size() || numRegions >= (1u << 24))
      return reader.emitError("operation declares ") << numRegions << " regions but only " << uint64_t(reader.size())
                                                     << " bytes remain";
  }

  // Operations unregistered when written store their properties as one
  // attribute: given at creation (or, if the op is registered here, set from
  // it afterwards). Registered ones decode theirs into the created op; those
  // registered in the producer but not here decode theirs into a dictionary
  // if their layout is known.
  Attribute unregisteredProperties;
  if (propertiesIndex && (!opName->isRegistered() || !*wasRegistered)) {
    const ForeignOpLayout *layout = *wasRegistered ? foreign : nullptr;
    if (failed(impl.readProperties(reader, *propertiesIndex, *opName, nullptr, &unregisteredProperties, layout)))
      return failure();
    propertiesIndex.reset();
  } else if (foreign && foreign->hasProperties() && version < kNativePropertiesEncoding && attrs) {
    // Before properties had a section, the producer wrote them among the
    // attributes: they are the operation's properties.
    std::vector<NamedAttribute> props, discardable;
    for (const NamedAttribute &entry : attrs)
      (foreign->isInherentAttribute(entry.getNameStr()) ? props : discardable).push_back(entry);
    if (!props.empty()) {
      unregisteredProperties = DictionaryAttr::getWithSorted(ctx, props);
      attrs = DictionaryAttr::getWithSorted(ctx, discardable);
    }
  }
  bool registered = opName->isRegistered();
  Operation *op = Operation::create(opLoc, *opName, TypeRange(scratchTypes),
                                    ValueRange(scratchOperands), NamedAttrList(),
                                    registered ? Attribute() : unregisteredProperties, scratchSuccessors,
                                    unsigned(numRegions));
  state.curBlocks[state.curBlock]->push_back(op);
  // orderIndex holds the operation ID until the use lists are sorted; the
  // block's order is recomputed when next asked.
  op->orderIndex = nextOperationID++;
  state.curBlocks[state.curBlock]->invalidateOpOrder();
  if (attrs && !attrs.empty())
    op->setAttrs(attrs);
  if (registered && unregisteredProperties &&
      failed(op->setPropertiesFromAttribute(unregisteredProperties, [&]() { return reader.emitError(); })))
    return failure();

  if (op->getNumResults() && failed(defineValues(reader, op->getResults())))
    return failure();
  if (!resultOrders.empty())
    recordUseListOrders(resultOrders, op->getResults());
  if (propertiesIndex && failed(readRegisteredProperties(reader, *propertiesIndex, *opName, op)))
    return failure();
  return op;
}

PackedLocation IRReader::resolveOpLocation(EncodingReader &reader, uint64_t index) {
  constexpr uint8_t kBuiltinCustom = AttrTypeTable<Attribute>::kHasCustomEncoding | AttrTypeTable<Attribute>::kBuiltinDialect;
  AttrTypeTable<Attribute> &attributes = impl.attributes;
  if (index < attributes.size() && !attributes.load(size_t(index)) &&
      (attributes.flags[size_t(index)] & kBuiltinCustom) == kBuiltinCustom) {
    // FileLineColLoc: filename, line, column; FileLineColRange: filename,
    // then a list of line/column numbers (two of them for a plain loc).
    auto &entry = attributes.entries[size_t(index)];
    const uint8_t *p = impl.attrTypeData.data() + entry.offset, *end = p + entry.size;
    uint64_t code, fileIndex, count = 2, line, col;
    if (decodeVarInt(p, end, code) &&
        (code == uint64_t(BuiltinAttrCode::FileLineColLoc) || code == uint64_t(BuiltinAttrCode::FileLineColRange)) &&
        decodeVarInt(p, end, fileIndex) &&
        (code == uint64_t(BuiltinAttrCode::FileLineColLoc) || decodeVarInt(p, end, count)) && count == 2 &&
        decodeVarInt(p, end, line) && decodeVarInt(p, end, col) && p == end && line <= UINT32_MAX &&
        col <= UINT32_MAX) {
      if (auto file = dyn_cast_or_null<StringAttr>(impl.resolveAttribute(reader, fileIndex))) {
        // Usually the file of the previous location.
        if (file.getAsOpaquePointer() != lastPackedFile) {
          auto [it, inserted] = packedFileIndices.try_emplace(file.getAsOpaquePointer(), 0);
          if (inserted)
            it->second = PackedLocation::getFileIndex(ctx, file);
          lastPackedFile = file.getAsOpaquePointer();
          lastPackedFileIndex = it->second;
        }
        return PackedLocation::getFileLineCol(ctx, lastPackedFileIndex, file, unsigned(line), unsigned(col));
      }
    }
  }
  Attribute locAttr = impl.resolveAttribute(reader, index);
  if (!locAttr)
    return PackedLocation();
  if (!isa<LocationAttr>(locAttr)) {
    (void)(reader.emitError("expected attribute of type: mlir::LocationAttr, but got: ") << locAttr);
    return PackedLocation();
  }
  return PackedLocation(Location(LocationAttr(locAttr)));
}

LogicalResult IRReader::readRegisteredProperties(EncodingReader &reader, uint64_t index,
                                                           OperationName name, Operation *op) {
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  const void *key = name.getAsOpaquePointer();
  if (index < cachedPropertiesHeads.size()) {
    for (uint32_t c = cachedPropertiesHeads[size_t(index)]; c != kNoCachedProperties; c = cachedProperties[c].next) {
      if (cachedProperties[c].name != key)
        continue;
      const Attribute *before = cachedSlots.data() + cachedProperties[c].slots;
      if (!std::equal(slots.begin(), slots.end(), before))
        continue;
      std::copy(before + slots.size(), before + 2 * slots.size(), slots.begin());
      return success();
    }
  }
  size_t before = cachedSlots.size();
  cachedSlots.insert(cachedSlots.end(), slots.begin(), slots.end());
  if (failed(impl.readProperties(reader, index, name, op, nullptr))) {
    cachedSlots.resize(before);
    return failure();
  }
  cachedSlots.insert(cachedSlots.end(), slots.begin(), slots.end());
  if (index >= cachedPropertiesHeads.size())
    cachedPropertiesHeads.resize(impl.propertiesOffsets.size(), kNoCachedProperties);
  uint32_t &head = cachedPropertiesHeads[size_t(index)];
  cachedProperties.push_back({key, uint32_t(before), head});
  head = uint32_t(cachedProperties.size() - 1);
  return success();
}

LogicalResult BytecodeReaderImpl::readProperties(EncodingReader &reader, uint64_t index, OperationName name,
                                                 Operation *op, Attribute *unregisteredProperties,
                                                 const ForeignOpLayout *foreign) {
  if (index >= propertiesOffsets.size())
    return reader.emitError("Properties idx out-of-bound for ") << name.getStringRef();
  EncodingReader entryReader = makeReader(propertiesData.slice(size_t(propertiesOffsets[size_t(index)])));
  uint64_t size;
  ArrayRef<uint8_t> raw;
  if (failed(entryReader.parseVarInt(size)) || failed(entryReader.parseBytes(size, raw)))
    return failure();
  EncodingReader propReader = makeReader(raw);
  DialectReader dialectReader(*this, propReader);

  if (unregisteredProperties && foreign)
    return readForeignProperties(*foreign, dialectReader, *unregisteredProperties);
  if (unregisteredProperties)
    return dialectReader.readAttribute(*unregisteredProperties);
  if (auto readFn = name.getInfo().readProperties)
    return readFn(dialectReader, op);
  // Registered operations without a custom encoding store each inherent
  // attribute as an optional attribute, in declaration order (what ODS
  // emits for operations whose properties are all optional attributes,
  // e.g. builtin.module).
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  if (slots.empty())
    return dialectReader.emitError("has properties but missing BytecodeOpInterface for ")
           << name.getStringRef();
  for (Attribute &slot : slots)
    if (failed(dialectReader.readOptionalAttribute(slot)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Value IRReader::parseOperand(EncodingReader &reader) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return Value();
  std::vector<Value> &values = valueScopes.back().values;
  if (index >= values.size()) {
    reader.emitError("invalid value index: ") << index;
    return Value();
  }
  Value &value = values[size_t(index)];
  if (!value)
    value = createForwardRef();
  return value;
}

LogicalResult IRReader::defineValues(EncodingReader &reader, ValueRange newValues) {
  ValueScope &scope = valueScopes.back();
  std::vector<Value> &values = scope.values;
  uint64_t &valueID = scope.nextValueIDs.back();
  uint64_t valueIDEnd = valueID + newValues.size();
  if (valueIDEnd > values.size())
    return reader.emitError("value index range was outside of the expected range for the parent region, got [")
           << valueID << ", " << valueIDEnd << "), but the maximum index was " << uint64_t(values.size() - 1);
  for (size_t i = 0, e = newValues.size(); i != e; ++i, ++valueID) {
    Value newValue = newValues[i];
    Value oldValue = values[size_t(valueID)];
    values[size_t(valueID)] = newValue;
    if (!oldValue)
      continue;
    // A forward reference: move its uses over and recycle the placeholder.
    oldValue.replaceAllUsesWith(newValue);
    freePlaceholders.push_back(oldValue.getDefiningOp());
    forwardReferencedValues.push_back(newValue);
  }
  return success();
}

Value IRReader::createForwardRef() {
  if (!freePlaceholders.empty()) {
    Operation *op = freePlaceholders.back();
    freePlaceholders.pop_back();
    return op->getResult(0);
  }
  Type none = NoneType::get(ctx);
  Operation *op = Operation::create(UnknownLoc::get(ctx), impl.placeholderName, TypeRange(none), ValueRange(),
                                    NamedAttrList(), Attribute(), {}, 0);
  placeholders.push_back(op);
  return op->getResult(0);
}

//===----------------------------------------------------------------------===//
// Use-list orders
//===----------------------------------------------------------------------===//

LogicalResult
IRReader::parseUseListOrderForRange(EncodingReader &reader, uint64_t rangeSize,
                                              std::vector<std::pair<uint64_t, UseListOrder>> &result) {
  uint64_t numValuesToRead = 1;
  if (rangeSize > 1 && failed(reader.parseVarInt(numValuesToRead)))
    return failure();
  if (numValuesToRead > reader.size())
    return reader.emitError("use-list orders exceed the remaining data");
  for (uint64_t i = 0; i < numValuesToRead; ++i) {
    uint64_t resultIndex = 0;
    if (rangeSize > 1 && failed(reader.parseVarInt(resultIndex)))
      return failure();
    uint64_t numIndices;
    bool isIndexPairEncoding;
    if (failed(reader.parseVarIntWithFlag(numIndices, isIndexPairEncoding)))
      return failure();
    if (numIndices > reader.size())
      return reader.emitError("use-list orders exceed the remaining data");
    UseListOrder order;
    order.isIndexPairEncoding = isIndexPairEncoding;
    order.indices.reserve(size_t(numIndices));
    for (uint64_t j = 0; j < numIndices; ++j) {
      uint64_t idx;
      if (failed(reader.parseVarInt(idx)))
        return failure();
      order.indices.push_back(uint32_t(std::min<uint64_t>(idx, UINT32_MAX)));
    }
    // The first order given for a value wins.
    bool seen = false;
    for (auto &existing : result)
      seen |= existing.first == resultIndex;
    if (!seen)
      result.emplace_back(resultIndex, std::move(order));
  }
  return success();
}

void IRReader::recordUseListOrders(std::vector<std::pair<uint64_t, UseListOrder>> &orders,
                                             ValueRange values) {
  for (auto &[index, order] : orders)
    if (index < values.size())
      useListOrders.insert(values[size_t(index)].getImpl(), std::move(order));
}

/// Reorders the uses of `value`: the use at position i moves to indices[i].
static void shuffleUseList(Value value, const std::vector<OpOperand *> &uses, ArrayRef<uint32_t> indices) {
  std::vector<OpOperand *> shuffled(uses.size());
  for (size_t i = 0; i < uses.size(); ++i)
    shuffled[indices[i]] = uses[i];
  // Re-inserting a use puts it at the front of the list.
  for (size_t i = shuffled.size(); i-- > 0;)
    shuffled[i]->set(value);
}

LogicalResult IRReader::sortUseListOrder(Value value) {
  if (value.use_empty() || value.hasOneUse())
    return success();
  UseListOrder *customOrder = useListOrders.lookup(value.getImpl());

  // Current order of the uses and their IDs (owner pre-order, operand).
  std::vector<OpOperand *> uses;
  std::vector<std::pair<uint32_t, uint64_t>> currentOrder;
  bool alreadySorted = true;
  uint64_t prevID = 0;
  for (OpOperand &use : value.getUses()) {
    uint64_t id = getUseID(use.getOwner()->orderIndex, use.getOperandNumber());
    if (!uses.empty())
      alreadySorted &= prevID > id;
    prevID = id;
    currentOrder.emplace_back(uint32_t(uses.size()), id);
    uses.push_back(&use);
  }
  if (alreadySorted && !customOrder)
    return success();
  if (!alreadySorted)
    std::stable_sort(currentOrder.begin(), currentOrder.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });

  std::vector<uint32_t> shuffle;
  if (!customOrder) {
    for (auto &item : currentOrder)
      shuffle.push_back(item.first);
    shuffleUseList(value, uses, shuffle);
    return success();
  }

  size_t numUses = uses.size();
  std::vector<uint32_t> order = customOrder->indices;
  if (customOrder->isIndexPairEncoding) {
    if (order.size() & 1)
      return failure();
    std::vector<uint32_t> expanded(numUses);
    for (size_t i = 0; i < numUses; ++i)
      expanded[i] = uint32_t(i);
    for (size_t i = 0; i < order.size(); i += 2) {
      if (order[i] >= numUses)
        return failure();
      expanded[order[i]] = order[i + 1];
    }
    order = std::move(expanded);
  }
  // The order must be a permutation of the uses.
  if (order.size() != numUses)
    return failure();
  std::vector<char> seen(numUses, 0);
  for (uint32_t i : order) {
    if (i >= numUses || seen[i])
      return failure();
    seen[i] = 1;
  }
  for (auto &item : currentOrder)
    shuffle.push_back(order[item.first]);
  shuffleUseList(value, uses, shuffle);
  return success();
}

LogicalResult IRReader::processUseLists() {
  // Only values whose uses were not all created in reference order need
  // work: values that replaced a forward reference and values with an
  // encoded order. Operation IDs were stored in orderIndex at creation (the
  // reader creates operations in pre-order); the blocks' order is marked
  // invalid, so isBeforeInBlock recomputes it.
  LogicalResult result = success();
  for (Value v : forwardReferencedValues)
    if (!useListOrders.contains(v.getImpl()) && failed(sortUseListOrder(v)))
      result = failure();
  useListOrders.forEach([&](void *impl, UseListOrder &) {
    if (failed(sortUseListOrder(Value(static_cast<detail::ValueImpl *>(impl)))))
      result = failure();
  });
  return result;
}

} // namespace lamina::bytecode
