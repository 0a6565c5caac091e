//===- BytecodeWriter.cpp - Writes MLIR bytecode --------------------------===//
//
// Writes versions 0 to 6 of MLIR's bytecode format with the section order,
// numbering and encodings of mlir-opt 22.1.8, so the output is what
// `mlir-opt --emit-bytecode` writes for the same IR. Nested regions are
// written with an explicit stack; isolated regions become nested sections
// spliced into their parent without copying. The operations of the top
// level's regions are written in batches on the thread pool, each into its
// own emitter, then spliced in order: everything they need (numbers,
// properties indices) is computed before.
//
#include "lamina/Bytecode/BytecodeWriter.h"

#include "EncodingEmitter.h"
#include "ForeignDialectBytecode.h"
#include "IRNumbering.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>

using namespace lamina;
using namespace lamina::bytecode;

namespace {

//===----------------------------------------------------------------------===//
// StringSectionBuilder
//===----------------------------------------------------------------------===//

/// The string table: each distinct string once, in first-use order.
class StringSectionBuilder {
public:
  size_t insert(std::string_view str) {
    auto [it, inserted] = indices.try_emplace(str, strings.size());
    if (inserted)
      strings.push_back(str);
    return it->second;
  }
  void write(EncodingEmitter &emitter) {
    emitter.emitVarInt(strings.size());
    // Sizes (with the terminator) in reverse order, then the data.
    for (size_t i = strings.size(); i-- > 0;)
      emitter.emitVarInt(strings[i].size() + 1);
    for (std::string_view s : strings)
      emitter.emitNulTerminatedString(s);
  }

private:
  std::unordered_map<std::string_view, size_t> indices;
  std::vector<std::string_view> strings;
};

//===----------------------------------------------------------------------===//
// DialectWriter
//===----------------------------------------------------------------------===//

/// The DialectBytecodeWriter used for attribute/type encodings and properties.
class DialectWriter final : public BuiltinBytecodeWriter {
public:
  DialectWriter(int64_t version, EncodingEmitter &emitter, const IRNumberingState &numbering,
                StringSectionBuilder &strings)
      : version(version), emitter(emitter), numbering(numbering), strings(strings) {}

  int64_t getBytecodeVersion() const override { return version; }
  void writeAttribute(Attribute attr) override { emitter.emitVarInt(numbering.getNumber(attr)); }
  void writeOptionalAttribute(Attribute attr) override {
    if (!attr) {
      emitter.emitVarInt(0);
      return;
    }
    emitter.emitVarIntWithFlag(numbering.getNumber(attr), true);
  }
  void writeType(Type type) override { emitter.emitVarInt(numbering.getNumber(type)); }
  void writeResourceHandle(DenseResourceElementsHandle handle) override {
    emitter.emitVarInt(numbering.getNumber(handle));
  }
  void writeVarInt(uint64_t value) override { emitter.emitVarInt(value); }
  void writeSignedVarInt(int64_t value) override { emitter.emitSignedVarInt(uint64_t(value)); }
  void writeAPIntWithKnownWidth(const APInt &value) override {
    unsigned bitWidth = value.getBitWidth();
    if (bitWidth <= 8) {
      emitter.emitByte(uint8_t(value.getZExtValue()));
      return;
    }
    if (bitWidth <= 64) {
      emitter.emitSignedVarInt(value.getZExtValue());
      return;
    }
    // The active words, each as a signed varint.
    unsigned activeBits = value.getActiveBits();
    unsigned numActiveWords = activeBits ? (activeBits + 63) / 64 : 1;
    emitter.emitVarInt(numActiveWords);
    const uint64_t *words = value.getRawData();
    for (unsigned i = 0; i < numActiveWords; ++i)
      emitter.emitSignedVarInt(words[i]);
  }
  void writeAPFloatWithKnownSemantics(const APFloat &value) override {
    writeAPIntWithKnownWidth(value.bitcastToAPInt());
  }
  void writeOwnedString(std::string_view str) override { emitter.emitVarInt(strings.insert(str)); }
  void writeOwnedBlob(ArrayRef<char> blob) override {
    emitter.emitVarInt(blob.size());
    emitter.emitOwnedBlob(ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(blob.data()), blob.size()));
  }
  void writeOwnedBool(bool value) override { emitter.emitByte(value); }

private:
  int64_t version;
  EncodingEmitter &emitter;
  const IRNumberingState &numbering;
  StringSectionBuilder &strings;
};

//===----------------------------------------------------------------------===//
// PropertiesSectionBuilder
//===----------------------------------------------------------------------===//

/// The properties section: each distinct encoded properties payload once.
class PropertiesSectionBuilder {
public:
  PropertiesSectionBuilder(ChunkPool &pool, IRNumberingState &numbering, StringSectionBuilder &strings,
                           int64_t version)
      : pool(pool), numbering(numbering), strings(strings), version(version) {}

  /// Encodes the payload of every properties class, numbering them in the
  /// order the operations are written (pre-order: by operation number).
  void assignIndices() {
    std::vector<PropertiesClass> &classes = numbering.getPropertiesClasses();
    for (const OpRecord &record : numbering.getRecords()) {
      if (record.propertiesClass == OpRecord::kNoProperties)
        continue;
      PropertiesClass &c = classes[record.propertiesClass];
      if (c.sectionIndex == ~0u)
        c.sectionIndex = uint32_t(encode(c.op));
    }
  }

  /// The index of the properties of `op` in the section (see
  /// assignIndices), or nothing if it has none. Thread-safe.
  std::optional<uint64_t> getIndex(Operation *op) const {
    uint32_t classIndex = numbering.getRecord(op).propertiesClass;
    if (classIndex == OpRecord::kNoProperties)
      return std::nullopt;
    uint32_t index = numbering.getPropertiesClasses()[classIndex].sectionIndex;
    assert(index != ~0u && "properties written before their indices were assigned");
    return index;
  }

  bool empty() const { return storage.empty(); }
  void write(EncodingEmitter &emitter) {
    emitter.emitVarInt(storage.size());
    for (const std::string &s : storage)
      emitter.emitString(s);
  }

private:
  /// Encodes the properties of `op`, returning their index in the section
  /// (identical payloads are shared).
  size_t encode(Operation *op) {
    const ForeignOpLayout *foreign = numbering.getForeignLayout(op);
    payload.clear();
    DialectWriter writer(version, payload, numbering, strings);
    if (op->isRegistered() || foreign)
      writeOpProperties(op, writer, foreign);
    else
      writer.writeAttribute(op->getPropertySlots()[0]);
    // Stored with a varint size prefix; identical entries are shared.
    entry.clear();
    uint64_t size = payload.size();
    if ((size >> 7) == 0) {
      entry.push_back(char((size << 1) | 1));
    } else {
      EncodingEmitter sizeEmitter(pool);
      sizeEmitter.emitVarInt(size);
      scratch.clear();
      sizeEmitter.appendTo(scratch);
      entry.append(reinterpret_cast<const char *>(scratch.data()), scratch.size());
    }
    scratch.clear();
    payload.appendTo(scratch);
    entry.append(reinterpret_cast<const char *>(scratch.data()), scratch.size());
    auto it = uniqued.find(std::string_view(entry));
    if (it != uniqued.end())
      return it->second;
    size_t index = storage.size();
    storage.push_back(entry);
    uniqued.emplace(storage.back(), index);
    return index;
  }

  ChunkPool &pool;
  IRNumberingState &numbering;
  StringSectionBuilder &strings;
  int64_t version;
  std::deque<std::string> storage;
  std::unordered_map<std::string_view, size_t> uniqued;
  /// Reused for every operation.
  EncodingEmitter payload{pool};
  std::string entry;
  std::vector<uint8_t> scratch;
};

//===----------------------------------------------------------------------===//
// BytecodeWriter
//===----------------------------------------------------------------------===//

class BytecodeWriter {
public:
  BytecodeWriter(Operation *rootOp, uint64_t version)
      : version(version), numbering(rootOp, version), properties(pool, numbering, strings, version) {}

  void write(Operation *rootOp, std::string_view producer, raw_ostream &os);

private:
  void writeDialectSection(EncodingEmitter &emitter);
  void writeAttrTypeSection(EncodingEmitter &emitter);
  void writeIRSection(EncodingEmitter &emitter, Operation *rootOp);
  /// Writes `op` and everything nested in it (iteratively), allocating from
  /// `opPool`. Thread-safe: reads only the numbering and the IR.
  void writeOperation(EncodingEmitter &emitter, Operation *op, ChunkPool &opPool);
  void writeResourceSection(EncodingEmitter &emitter, MLIRContext *ctx);
  void writeStringSection(EncodingEmitter &emitter);
  void writePropertiesSection(EncodingEmitter &emitter);

  /// Writes an operation up to (and including) its region count; returns
  /// whether it has regions.
  bool writeOpHeader(EncodingEmitter &emitter, Operation *op, bool &isIsolated);
  void writeRegionHeader(EncodingEmitter &emitter, Region &region);
  void writeBlockHeader(EncodingEmitter &emitter, Block &block);
  void writeUseListOrders(EncodingEmitter &emitter, uint8_t &mask, ValueRange range);

  /// Writes `entries` as groups of consecutive entries of the same dialect.
  template <typename EntryT, typename Fn>
  void writeDialectGrouping(EncodingEmitter &emitter, ArrayRef<EntryT *> entries, Fn &&callback) {
    for (size_t i = 0; i < entries.size();) {
      size_t start = i++;
      DialectNumbering *dialect = entries[start]->dialect;
      while (i < entries.size() && entries[i]->dialect == dialect)
        ++i;
      emitter.emitVarInt(dialect->number);
      emitter.emitVarInt(i - start);
      for (size_t j = start; j < i; ++j)
        callback(*entries[j]);
    }
  }

  /// Fewest operations a batch of top-level operations written by one task
  /// holds (see writeIRSection).
  static constexpr size_t kMinBatchOps = 4096;

  ChunkPool pool;
  /// Copies of the resource keys and strings dialects build (the string
  /// table keeps views).
  std::deque<std::string> resourceStrings;
  /// The pools of the batches (outliving the emitters that reference them).
  std::vector<std::unique_ptr<ChunkPool>> batchPools;
  uint64_t version;
  StringSectionBuilder strings;
  IRNumberingState numbering;
  PropertiesSectionBuilder properties;
};
} // namespace

void BytecodeWriter::write(Operation *rootOp, std::string_view producer, raw_ostream &os) {
  EncodingEmitter emitter(pool);
  emitter.emitString(std::string_view(kMagic, 4));
  emitter.emitVarInt(uint64_t(version));
  emitter.emitNulTerminatedString(producer);
  writeDialectSection(emitter);
  writeAttrTypeSection(emitter);
  writeIRSection(emitter, rootOp);
  writeResourceSection(emitter, rootOp->getContext());
  writeStringSection(emitter);
  if (version >= kNativePropertiesEncoding)
    writePropertiesSection(emitter);
  emitter.writeTo(os);
}

void BytecodeWriter::writeDialectSection(EncodingEmitter &emitter) {
  EncodingEmitter dialectEmitter(pool);
  ArrayRef<DialectNumbering *> dialects = numbering.getDialects();
  dialectEmitter.emitVarInt(dialects.size());
  for (DialectNumbering *dialect : dialects) {
    size_t nameID = strings.insert(dialect->name);
    if (version < kDialectVersioning) {
      dialectEmitter.emitVarInt(nameID);
      continue;
    }
    // No dialect Lamina implements writes a version entry; of those it
    // lacks or implements only in part, mlir-opt's test dialect writes its
    // version (2.0).
    std::optional<std::array<uint64_t, 2>> foreignVersion;
    if (!dialect->isLoaded || hasForeignDialectEncoding(dialect->name))
      foreignVersion = foreignDialectVersion(dialect->name);
    dialectEmitter.emitVarIntWithFlag(nameID, foreignVersion.has_value());
    if (foreignVersion) {
      EncodingEmitter versionEmitter(pool);
      for (uint64_t part : *foreignVersion)
        versionEmitter.emitVarInt(part);
      dialectEmitter.emitSection(Section::kDialectVersions, std::move(versionEmitter));
    }
  }
  if (version >= kElideUnknownBlockArgLocation)
    dialectEmitter.emitVarInt(numbering.getOpNames().size());
  writeDialectGrouping(dialectEmitter, numbering.getOpNames(), [&](OpNameNumbering &entry) {
    // The name without the dialect prefix (empty if it has none).
    OperationName opName = entry.getValue();
    std::string_view name = opName.getStringRef();
    size_t dot = name.find('.');
    std::string_view stripped = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
    size_t stringID = strings.insert(stripped);
    if (version < kNativePropertiesEncoding)
      dialectEmitter.emitVarInt(stringID);
    else
      // Operations mlir-opt registers are written as it writes them.
      dialectEmitter.emitVarIntWithFlag(stringID,
                                        opName.isRegistered() || numbering.getForeignLayout(opName));
  });
  emitter.emitSection(Section::kDialect, std::move(dialectEmitter));
}

void BytecodeWriter::writeAttrTypeSection(EncodingEmitter &emitter) {
  EncodingEmitter attrTypeEmitter(pool);
  EncodingEmitter offsetEmitter(pool);
  offsetEmitter.emitVarInt(numbering.getAttributes().size());
  offsetEmitter.emitVarInt(numbering.getTypes().size());

  uint64_t prevOffset = 0;
  std::string text;
  auto recordOffset = [&](bool hasCustomEncoding) {
    uint64_t curOffset = attrTypeEmitter.size();
    offsetEmitter.emitVarIntWithFlag(curOffset - prevOffset, hasCustomEncoding);
    prevOffset = curOffset;
  };
  DialectWriter writer(version, attrTypeEmitter, numbering, strings);
  writeDialectGrouping(offsetEmitter, numbering.getAttributes(), [&](AttrNumbering &entry) {
    if (entry.isPackedLocation()) {
      PackedLocation loc = entry.getPackedLocation();
      writeBuiltinFileLineColLoc(loc.getPackedFile(numbering.getContext()), loc.getPackedLine(),
                                 loc.getPackedColumn(), writer);
      recordOffset(true);
      return;
    }
    Attribute attr = entry.getValue();
    bool custom = !isa<OpaqueAttr>(attr) &&
                  (entry.dialect->isBuiltin ? writeBuiltinAttribute(attr, writer)
                                            : entry.dialect->interface &&
                                                  succeeded(entry.dialect->interface->writeAttribute(attr, writer)));
    if (!custom) {
      text.clear();
      raw_string_ostream os(text);
      attr.print(os);
      os.flush();
      attrTypeEmitter.emitNulTerminatedString(text);
    }
    recordOffset(custom);
  });
  writeDialectGrouping(offsetEmitter, numbering.getTypes(), [&](TypeNumbering &entry) {
    Type type = entry.getValue();
    bool custom = !isa<OpaqueType>(type) &&
                  (entry.dialect->isBuiltin ? writeBuiltinType(type, writer)
                                            : entry.dialect->interface &&
                                                  succeeded(entry.dialect->interface->writeType(type, writer)));
    if (!custom) {
      text.clear();
      raw_string_ostream os(text);
      type.print(os);
      os.flush();
      attrTypeEmitter.emitNulTerminatedString(text);
    }
    recordOffset(custom);
  });
  emitter.emitSection(Section::kAttrTypeOffset, std::move(offsetEmitter));
  emitter.emitSection(Section::kAttrType, std::move(attrTypeEmitter));
}

//===----------------------------------------------------------------------===//
// IR
//===----------------------------------------------------------------------===//

void BytecodeWriter::writeIRSection(EncodingEmitter &emitter, Operation *rootOp) {
  if (version >= kNativePropertiesEncoding)
    properties.assignIndices();
  EncodingEmitter irEmitter(pool);
  // The top level is a block of one operation without arguments.
  irEmitter.emitVarIntWithFlag(1, false);
  bool isIsolated;
  if (!writeOpHeader(irEmitter, rootOp, isIsolated)) {
    emitter.emitSection(Section::kIR, std::move(irEmitter));
    return;
  }

  // The operations of the root's blocks are written in batches of
  // consecutive operations, each into its own emitter with its own pool
  // (in parallel when threading is enabled), then spliced in order. A batch
  // ends with its block, or once it holds enough operations (counting
  // nested ones: the pre-order numbers of consecutive top-level operations
  // differ by the size of the first one's tree).
  struct Batch {
    Operation *first;
    size_t count = 0;
  };
  std::vector<Batch> batches;
  std::vector<Block *> blocks;
  MLIRContext *context = rootOp->getContext();
  size_t numOps = numbering.getRecords().size();
  bool parallel = context->isMultithreadingEnabled();
  size_t batchSize = parallel ? std::max<size_t>(kMinBatchOps, numOps / (8 * context->getThreadPool().getThreadCount() + 8))
                              : numOps;
  for (Region &region : rootOp->getRegions())
    for (Block &block : region) {
      blocks.push_back(&block);
      size_t batchStart = 0;
      for (Operation &op : block) {
        size_t id = IRNumberingState::getOperationID(&op);
        if (batches.empty() || batches.back().first->getBlock() != &block || id - batchStart >= batchSize) {
          batches.push_back({&op});
          batchStart = id;
        }
        ++batches.back().count;
      }
    }
  std::vector<std::unique_ptr<EncodingEmitter>> batchEmitters(batches.size());
  size_t firstPool = batchPools.size();
  for (size_t i = 0; i < batches.size(); ++i)
    batchPools.push_back(std::make_unique<ChunkPool>());
  auto writeBatch = [&](size_t i) {
    batchEmitters[i] = std::make_unique<EncodingEmitter>(*batchPools[firstPool + i]);
    Operation *op = batches[i].first;
    for (size_t j = 0; j < batches[i].count; ++j, op = op->getNextNode())
      writeOperation(*batchEmitters[i], op, *batchPools[firstPool + i]);
  };
  if (parallel && batches.size() > 1)
    context->getThreadPool().parallelFor(0, batches.size(), writeBatch);
  else
    for (size_t i = 0; i < batches.size(); ++i)
      writeBatch(i);

  // The root's regions, with the batches spliced into their blocks.
  std::optional<EncodingEmitter> section;
  if (isIsolated && version >= kLazyLoading)
    section.emplace(pool);
  EncodingEmitter &target = section ? *section : irEmitter;
  size_t nextBatch = 0;
  for (Region &region : rootOp->getRegions()) {
    writeRegionHeader(target, region);
    for (Block &block : region) {
      writeBlockHeader(target, block);
      while (nextBatch < batches.size() && batches[nextBatch].first->getBlock() == &block)
        target.append(std::move(*batchEmitters[nextBatch++]));
    }
  }
  if (section)
    irEmitter.emitSection(Section::kIR, std::move(*section));
  emitter.emitSection(Section::kIR, std::move(irEmitter));
}

void BytecodeWriter::writeOperation(EncodingEmitter &emitter, Operation *rootOp, ChunkPool &opPool) {
  // Each frame writes the regions of one operation, into its own emitter if
  // they form an isolated section.
  struct Frame {
    Operation *op;
    EncodingEmitter *emitter;
    std::unique_ptr<EncodingEmitter> section;
    unsigned region = 0;
    Block *block = nullptr;
    Operation *next = nullptr;
  };
  std::vector<Frame> frames;
  auto writeOp = [&](EncodingEmitter &target, Operation *op) {
    bool isIsolated;
    if (!writeOpHeader(target, op, isIsolated))
      return;
    Frame frame{op, &target, nullptr};
    if (isIsolated && version >= kLazyLoading) {
      frame.section = std::make_unique<EncodingEmitter>(opPool);
      frame.emitter = frame.section.get();
    }
    writeRegionHeader(*frame.emitter, op->getRegion(0));
    frames.push_back(std::move(frame));
  };
  writeOp(emitter, rootOp);
  while (!frames.empty()) {
    Frame &f = frames.back();
    if (f.next) {
      Operation *op = f.next;
      f.next = op->getNextNode();
      writeOp(*f.emitter, op);
      continue;
    }
    // The current block is done (or the region just started).
    Region &region = f.op->getRegion(f.region);
    Block *nextBlock = f.block ? f.block->getNextNode() : (region.empty() ? nullptr : &region.front());
    if (nextBlock) {
      f.block = nextBlock;
      writeBlockHeader(*f.emitter, *nextBlock);
      f.next = nextBlock->empty() ? nullptr : &nextBlock->front();
      continue;
    }
    if (++f.region < f.op->getNumRegions()) {
      f.block = nullptr;
      writeRegionHeader(*f.emitter, f.op->getRegion(f.region));
      continue;
    }
    // All regions written: close the section if the op has one.
    std::unique_ptr<EncodingEmitter> section = std::move(f.section);
    frames.pop_back();
    if (section) {
      EncodingEmitter &parent = frames.empty() ? emitter : *frames.back().emitter;
      parent.emitSection(Section::kIR, std::move(*section));
    }
  }
}

bool BytecodeWriter::writeOpHeader(EncodingEmitter &emitter, Operation *op, bool &isIsolated) {
  const OpRecord &record = numbering.getRecord(op);
  emitter.emitVarInt(numbering.getNumber(op->getName()));
  uint64_t maskOffset = emitter.size();
  uint8_t mask = 0;
  emitter.emitByte(0);
  emitter.emitVarInt(numbering.getEntry(record.loc).number);

  if (record.dict != OpRecord::kNoEntry) {
    mask |= OpEncodingMask::kHasAttrs;
    emitter.emitVarInt(numbering.getEntry(record.dict).number);
  }
  if (version >= kNativePropertiesEncoding) {
    if (std::optional<uint64_t> index = properties.getIndex(op)) {
      mask |= OpEncodingMask::kHasProperties;
      emitter.emitVarInt(*index);
    }
  }
  if (unsigned numResults = op->getNumResults()) {
    mask |= OpEncodingMask::kHasResults;
    emitter.emitVarInt(numResults);
    for (unsigned i = 0; i < numResults; ++i)
      emitter.emitVarInt(numbering.getNumber(op->getResult(i).getType()));
  }
  if (unsigned numOperands = op->getNumOperands()) {
    mask |= OpEncodingMask::kHasOperands;
    emitter.emitVarInt(numOperands);
    for (unsigned i = 0; i < numOperands; ++i)
      emitter.emitVarInt(numbering.getNumber(op->getOperand(i)));
  }
  if (unsigned numSuccessors = op->getNumSuccessors()) {
    mask |= OpEncodingMask::kHasSuccessors;
    emitter.emitVarInt(numSuccessors);
    for (unsigned i = 0; i < numSuccessors; ++i)
      emitter.emitVarInt(numbering.getNumber(op->getSuccessor(i)));
  }
  if (version >= kUseListOrdering && record.hasUnorderedUses)
    writeUseListOrders(emitter, mask, op->getResults());
  unsigned numRegions = op->getNumRegions();
  if (numRegions)
    mask |= OpEncodingMask::kHasInlineRegions;
  emitter.patchByte(maskOffset, mask);
  if (!numRegions)
    return false;
  isIsolated = record.isolated;
  emitter.emitVarIntWithFlag(numRegions, isIsolated);
  return true;
}

void BytecodeWriter::writeRegionHeader(EncodingEmitter &emitter, Region &region) {
  if (region.empty()) {
    emitter.emitVarInt(0);
    return;
  }
  emitter.emitVarInt(region.getNumBlocks());
  emitter.emitVarInt(numbering.getRegionValueCount(&region));
}

void BytecodeWriter::writeBlockHeader(EncodingEmitter &emitter, Block &block) {
  unsigned numArgs = block.getNumArguments();
  emitter.emitVarIntWithFlag(numbering.getNumOperations(&block), numArgs != 0);
  if (!numArgs)
    return;
  emitter.emitVarInt(numArgs);
  const AttrNumbering *const *locs = numbering.getArgumentLocations(&block);
  for (unsigned i = 0; i < numArgs; ++i) {
    BlockArgument arg = block.getArgument(i);
    if (version >= kElideUnknownBlockArgLocation) {
      PackedLocation loc = arg.getPackedLoc();
      bool hasLoc = loc.isPacked() || !isa<UnknownLoc>(LocationAttr(loc.get(nullptr)));
      emitter.emitVarIntWithFlag(numbering.getNumber(arg.getType()), hasLoc);
      if (hasLoc)
        emitter.emitVarInt(locs[i]->number);
    } else {
      emitter.emitVarInt(numbering.getNumber(arg.getType()));
      emitter.emitVarInt(locs[i]->number);
    }
  }
  if (version >= kUseListOrdering) {
    // The mask byte, even when no order follows.
    uint64_t maskOffset = emitter.size();
    uint8_t mask = 0;
    emitter.emitByte(0);
    if (numbering.hasUnorderedUses(&block))
      writeUseListOrders(emitter, mask, block.getArguments());
    if (mask)
      emitter.patchByte(maskOffset, mask);
  }
}

/// The order LLVM's DenseMap<unsigned, T> iterates `keys` (inserted in the
/// given order): MLIR emits use-list orders in that order.
static std::vector<size_t> denseMapIterationOrder(const std::vector<unsigned> &keys) {
  size_t numBuckets = 64;
  while (keys.size() * 4 >= numBuckets * 3)
    numBuckets *= 2;
  std::vector<int64_t> buckets(numBuckets, -1);
  for (size_t i = 0; i < keys.size(); ++i) {
    size_t bucket = size_t(keys[i] * 37u) & (numBuckets - 1);
    for (size_t probe = 1; buckets[bucket] >= 0; ++probe)
      bucket = (bucket + probe) & (numBuckets - 1);
    buckets[bucket] = int64_t(i);
  }
  std::vector<size_t> order;
  for (int64_t b : buckets)
    if (b >= 0)
      order.push_back(size_t(b));
  return order;
}

/// The unique ID of `use` (see getUseID).
static uint64_t getUseID(OpOperand &use) {
  Operation *owner = use.getOwner();
  return getUseID(IRNumberingState::getOperationID(owner), unsigned(&use - owner->getOpOperands().data()));
}

/// Whether the uses of `value` are in the reference order (descending use
/// ID), which reading the bytecode recreates without a use-list order.
static bool hasOrderedUses(Value value) {
  auto it = value.use_begin(), end = value.use_end();
  if (it == end)
    return true;
  uint64_t prevID = getUseID(*it);
  for (++it; it != end; ++it) {
    uint64_t id = getUseID(*it);
    if (prevID <= id)
      return false;
    prevID = id;
  }
  return true;
}

void BytecodeWriter::writeUseListOrders(EncodingEmitter &emitter, uint8_t &mask, ValueRange range) {
  // For each value whose uses are not in the reference order (descending
  // use ID, which reading recreates), the permutation back to its order.
  // Usually every value is in order: checked first, without allocating.
  size_t index = 0;
  while (index < range.size() && hasOrderedUses(range[index]))
    ++index;
  if (index == range.size())
    return;
  std::vector<unsigned> keys;
  std::vector<std::vector<unsigned>> orders;
  std::vector<std::pair<unsigned, uint64_t>> pairs;
  for (; index < range.size(); ++index) {
    Value value = range[index];
    if (hasOrderedUses(value))
      continue;
    pairs.clear();
    for (OpOperand &use : value.getUses())
      pairs.emplace_back(unsigned(pairs.size()), getUseID(use));
    std::sort(pairs.begin(), pairs.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    std::vector<unsigned> order;
    order.reserve(pairs.size());
    for (auto &p : pairs)
      order.push_back(p.first);
    keys.push_back(unsigned(index));
    orders.push_back(std::move(order));
  }

  mask |= OpEncodingMask::kHasUseListOrders;
  if (range.size() != 1)
    emitter.emitVarInt(keys.size());
  for (size_t k : denseMapIterationOrder(keys)) {
    const std::vector<unsigned> &order = orders[k];
    size_t shuffled = 0;
    for (size_t i = 0; i < order.size(); ++i)
      shuffled += order[i] != i;
    bool indexPairEncoding = shuffled < order.size() / 2;
    if (range.size() != 1)
      emitter.emitVarInt(keys[k]);
    if (indexPairEncoding) {
      emitter.emitVarIntWithFlag(shuffled * 2, true);
      for (size_t i = 0; i < order.size(); ++i)
        if (order[i] != i) {
          emitter.emitVarInt(order[i]);
          emitter.emitVarInt(i);
        }
    } else {
      emitter.emitVarIntWithFlag(order.size(), false);
      for (unsigned i : order)
        emitter.emitVarInt(i);
    }
  }
}

//===----------------------------------------------------------------------===//
// Resources, strings, properties
//===----------------------------------------------------------------------===//

void BytecodeWriter::writeResourceSection(EncodingEmitter &emitter, MLIRContext *ctx) {
  EncodingEmitter resourceEmitter(pool);
  EncodingEmitter offsetEmitter(pool);
  uint64_t prevOffset = 0;
  struct EntryInfo {
    std::string_view key;
    uint64_t size;
    ResourceKind kind;
  };
  std::vector<EntryInfo> entries;
  auto record = [&](std::string_view key, ResourceKind kind) {
    uint64_t cur = resourceEmitter.size();
    entries.push_back({key, cur - prevOffset, kind});
    prevOffset = cur;
  };
  auto emitGroup = [&](uint64_t groupKey) {
    offsetEmitter.emitVarInt(groupKey);
    offsetEmitter.emitVarInt(entries.size());
    for (const EntryInfo &e : entries) {
      offsetEmitter.emitVarInt(strings.insert(e.key));
      offsetEmitter.emitVarInt(e.size);
      offsetEmitter.emitByte(uint8_t(e.kind));
    }
  };
  auto emitBlob = [&](const AsmResourceBlob &blob) {
    ArrayRef<char> data = blob.getData();
    resourceEmitter.emitOwnedBlobAndAlignment(
        ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()), data.size()), blob.alignment);
  };

  // External resources (kept from the input, as mlir-opt's fallback map).
  std::vector<ExternalResourceGroup> &external = getExternalResources(ctx);
  offsetEmitter.emitVarInt(external.size());
  for (const ExternalResourceGroup &group : external) {
    entries.clear();
    for (const ExternalResourceEntry &entry : group.entries) {
      switch (entry.kind) {
      case ExternalResourceEntry::Kind::Blob:
        emitBlob(entry.blob);
        record(entry.key, ResourceKind::Blob);
        break;
      case ExternalResourceEntry::Kind::Bool:
        resourceEmitter.emitByte(entry.boolValue);
        record(entry.key, ResourceKind::Bool);
        break;
      case ExternalResourceEntry::Kind::String:
        resourceEmitter.emitVarInt(strings.insert(entry.stringValue));
        record(entry.key, ResourceKind::String);
        break;
      }
    }
    emitGroup(strings.insert(group.name));
  }

  // Dialect resources: the entries with data (the builtin dialect's blobs,
  // what other dialects build), then declarations (no data).
  for (DialectNumbering *dialect : numbering.getDialects()) {
    if (dialect->resources.empty())
      continue;
    entries.clear();
    if (dialect->isBuiltin) {
      for (ResourceNumbering *r : dialect->resources)
        if (!r->isDeclaration) {
          emitBlob(*r->handle.getBlob());
          record(r->key, ResourceKind::Blob);
        }
    } else {
      /// Writes the entries the dialect builds.
      struct Writer : DialectResourceBuilder {
        function_ref<void(const AsmResourceBlob &)> emitBlob;
        EncodingEmitter &resourceEmitter;
        StringSectionBuilder &strings;
        std::deque<std::string> &owned;
        function_ref<void(std::string_view, ResourceKind)> record;
        Writer(function_ref<void(const AsmResourceBlob &)> emitBlob, EncodingEmitter &resourceEmitter,
               StringSectionBuilder &strings, std::deque<std::string> &owned,
               function_ref<void(std::string_view, ResourceKind)> record)
            : emitBlob(emitBlob), resourceEmitter(resourceEmitter), strings(strings), owned(owned),
              record(record) {}
        std::string_view own(std::string_view str) { return owned.emplace_back(str); }
        void buildBlob(std::string_view key, const AsmResourceBlob &blob) override {
          emitBlob(blob);
          record(own(key), ResourceKind::Blob);
        }
        void buildBool(std::string_view key, bool value) override {
          resourceEmitter.emitByte(value);
          record(own(key), ResourceKind::Bool);
        }
        void buildString(std::string_view key, std::string_view value) override {
          resourceEmitter.emitVarInt(strings.insert(own(value)));
          record(own(key), ResourceKind::String);
        }
      } writer(emitBlob, resourceEmitter, strings, resourceStrings, record);
      std::vector<const void *> handles;
      for (ResourceNumbering *r : dialect->resources)
        handles.push_back(r->dialectHandle);
      dialect->dialect->buildResources(handles, writer);
    }
    for (ResourceNumbering *r : dialect->resources)
      if (r->isDeclaration)
        record(r->key, ResourceKind::Blob);
    emitGroup(dialect->number);
  }
  emitter.emitSection(Section::kResourceOffset, std::move(offsetEmitter));
  emitter.emitSection(Section::kResource, std::move(resourceEmitter));
}

void BytecodeWriter::writeStringSection(EncodingEmitter &emitter) {
  EncodingEmitter stringEmitter(pool);
  strings.write(stringEmitter);
  emitter.emitSection(Section::kString, std::move(stringEmitter));
}

void BytecodeWriter::writePropertiesSection(EncodingEmitter &emitter) {
  EncodingEmitter propertiesEmitter(pool);
  properties.write(propertiesEmitter);
  emitter.emitSection(Section::kProperties, std::move(propertiesEmitter));
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

LogicalResult lamina::writeBytecodeToFile(Operation *op, raw_ostream &os, const BytecodeWriterConfig &config) {
  int64_t version = config.getDesiredBytecodeVersion();
  if (version < int64_t(kMinSupportedVersion) || version > int64_t(kVersion))
    return op->emitError() << "unsupported version requested " << long(version) << ", must be in range ["
                           << long(kMinSupportedVersion) << ", " << long(kVersion) << "]";
  BytecodeWriter writer(op, uint64_t(version));
  writer.write(op, config.getProducer(), os);
  return success();
}
