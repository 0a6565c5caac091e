//===- AsmPrinterImpl.h - Private printer classes -------------------------===//
//
// The printer for attributes, types and locations (AsmPrinterImpl) and the
// state it shares with the operation printer (aliases, SSA names, distinct
// ids, used resources). The printer's files:
//   AsmPrinter.cpp            AsmState, the operation printer, the public
//                             print/dump entry points
//   AsmPrinterAttributes.cpp  attributes, types, locations; spelling helpers
//   AsmPrinterElements.cpp    dense element lists, resources
//   AsmPrinterAliases.cpp     alias collection (AliasState)
//   AsmPrinterSSANames.cpp    value and block numbering (SSANameState)
//
#pragma once

#include <unordered_map>

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/RawOstream.h"

#include <string>
#include <vector>

namespace lamina {
namespace detail {

/// Appends an integer literal for `value` (read as signed or unsigned):
/// decimal as mlir-opt prints it, except for magnitudes wider than
/// APInt::kMaxDecimalBits, whose decimal conversion takes quadratic time
/// (mlir-opt does not finish on them): those print in hexadecimal (`0x...`,
/// `-0x...`), which the parser reads back to the same value.
inline void appendIntegerLiteral(std::string &out, const APInt &value, bool isSigned) {
  if (value.getActiveBits() <= APInt::kMaxDecimalBits) {
    value.toString(out, 10, isSigned);
    return;
  }
  if (isSigned && value.isNegative()) {
    APInt magnitude = -value;
    if (magnitude.getActiveBits() <= APInt::kMaxDecimalBits) {
      value.toString(out, 10, isSigned);
      return;
    }
    out += '-';
    magnitude.toString(out, 16, /*isSigned=*/false, /*formatAsCLiteral=*/true);
    return;
  }
  value.toString(out, 16, /*isSigned=*/false, /*formatAsCLiteral=*/true);
}

/// A generated alias: `#name` or `#name3` (with `_` before the number when
/// the name ends in a digit).
struct SymbolAlias {
  std::string_view name;
  unsigned suffixIndex = 0;
  bool isType = false;
  bool canBeDeferred = false;
  /// For a type alias: whether its definition was printed (it is used only
  /// after that).
  bool isPrinted = false;
  void print(raw_ostream &os) const {
    os << (isType ? '!' : '#') << name;
    if (suffixIndex) {
      if (!name.empty() && name.back() >= '0' && name.back() <= '9')
        os << '_';
      os << suffixIndex;
    }
  }
};

/// The aliases of one printing session, in definition order.
class AliasState {
public:
  /// Computes aliases for everything `op` prints.
  void initialize(Operation *op, const OpPrintingFlags &flags, class AsmStateImpl &state);
  /// Prints the alias of `opaque` (a Type or Attribute pointer) if any.
  bool printAlias(const void *opaque, raw_ostream &os) const {
    const unsigned *idx = index.lookup(opaque);
    if (!idx)
      return false;
    const SymbolAlias &alias = aliases[*idx].second;
    if (alias.isType && !alias.isPrinted)
      return false;
    alias.print(os);
    return true;
  }
  bool hasAlias(const void *opaque) const { return index.contains(opaque); }
  /// Prints alias definitions (`#map = affine_map<...>`) that can / cannot
  /// be deferred to the end of the output.
  void printAliases(class AsmPrinterImpl &p, bool isDeferred);
  bool empty() const { return aliases.empty(); }

  std::vector<std::pair<const void *, SymbolAlias>> aliases;
  /// Whether what is printed contains distinct attributes or resources,
  /// whose ids/sections follow print order (no parallel printing then).
  bool hasOrderDependentAttrs = false;
  /// Whether some dictionary attribute has an alias.
  bool hasDictionaryAlias = false;
  PointerMap<const void *, unsigned> index;
  std::vector<std::unique_ptr<std::string>> nameStorage;
};

/// An open-addressing map from object addresses (values, blocks, ops) to
/// small integers, for the SSA naming tables. clear() keeps the storage when
/// it is not much larger than what was used, so a table reused per function
/// stays cache-resident.
class PtrIdMap {
public:
  PtrIdMap() = default;
  /// Inserts if absent; returns the stored value and whether it was inserted.
  std::pair<uint32_t *, bool> insert(const void *key, uint32_t value) {
    if ((count + 1) * 4 > capacity() * 3)
      rehash(capacity() ? capacity() * 2 : 64);
    for (size_t i = hash(key);; i = (i + 1) & mask) {
      Slot &s = slots[i];
      if (!s.key) {
        s.key = key;
        s.value = value;
        ++count;
        return {&s.value, true};
      }
      if (s.key == key)
        return {&s.value, false};
    }
  }
  uint32_t *lookup(const void *key) {
    if (!count)
      return nullptr;
    for (size_t i = hash(key);; i = (i + 1) & mask) {
      Slot &s = slots[i];
      if (s.key == key)
        return &s.value;
      if (!s.key)
        return nullptr;
    }
  }
  const uint32_t *lookup(const void *key) const { return const_cast<PtrIdMap *>(this)->lookup(key); }
  size_t size() const { return count; }
  void reserve(size_t n) {
    size_t cap = 64;
    while (cap * 3 < n * 4)
      cap *= 2;
    if (cap > capacity())
      rehash(cap);
  }
  /// Empties the map; shrinks storage that is far larger than was needed.
  void clear();

private:
  struct Slot {
    const void *key;
    uint32_t value;
  };
  size_t capacity() const { return slots.size(); }
  size_t hash(const void *key) const {
    return size_t((uint64_t(reinterpret_cast<uintptr_t>(key)) * 0x9E3779B97F4A7C15ULL) >> shift);
  }
  void rehash(size_t newCapacity);
  std::vector<Slot> slots;
  size_t count = 0, mask = 0;
  unsigned shift = 64;
};

/// SSA value and block names for printing an operation (MLIR's
/// SSANameState).
///
/// Names only depend on the enclosing regions: a region starts from the
/// counters and the used names its parent region had once fully numbered
/// (with unique ids, from running totals in MLIR's traversal order, which
/// are precomputed). So for a state built on a top-level operation with one
/// region (a module), only that region is numbered up front; each operation
/// directly in it is numbered when the printer enters it (`enterSubtree`)
/// and its tables are dropped when the next one is entered. A lookup that
/// misses (a use across top-level operations in invalid IR) falls back to a
/// numbering of everything, so output is unchanged.
class SSANameState {
public:
  static constexpr uint32_t NameBit = 0x80000000u;
  /// With NameBit: the name is in `shadowNames`.
  static constexpr uint32_t ShadowBit = 0x40000000u;

  SSANameState(Operation *op, const OpPrintingFlags &flags, bool allowLazy = true);
  ~SSANameState();

  /// A state for a parallel printing worker: the root numbering of `main`
  /// (which must be lazy), its own subtree tables.
  std::unique_ptr<SSANameState> cloneForWorker() const;
  /// The region whose operations are numbered lazily (null if eager).
  Region *getLazyRegion() const { return lazyRegion; }

  void printValueID(Value value, bool printResultNo, raw_ostream &stream);
  /// Result group starts of `op` (empty if just one group).
  ArrayRef<int> getOpResultGroups(Operation *op);
  /// The position of `block` in its region (-1 if unknown).
  int getBlockOrdering(Block *block);
  /// Prints `^bbN` (or `INVALIDBLOCK`).
  void printBlockName(Block *block, raw_ostream &os);
  void shadowRegionArgs(Region &region, ValueRange namesToUse);

  /// Numbers the subtree of `op` if it is a lazily numbered operation
  /// directly in the root's region (no-op otherwise).
  void enterSubtree(Operation *op) {
    if (lazyRoot && op != currentSubtree && op->getBlock() && op->getBlock()->getParent() == lazyRegion)
      numberSubtree(op);
  }

private:
  explicit SSANameState(const OpPrintingFlags &flags) : printerFlags(flags) {}

  /// Counters a region starts from.
  struct Counters {
    uint32_t nextValueID = 0, nextArgumentID = 0, nextConflictID = 0;
  };

  /// Numbers `regions` and everything nested in them, as MLIR's constructor
  /// does, starting from `start` with the current name scope as parent.
  void numberRegions(ArrayRef<Region *> regions, Counters start);
  void numberSubtree(Operation *op);
  void numberValuesInRegion(Region &region);
  void numberValuesInBlock(Block &block);
  void numberValuesInOp(Operation &op);
  void setValueName(Value value, std::string_view name);
  uint32_t uniqueValueName(std::string_view name);
  std::string_view getName(uint32_t index) const {
    return std::string_view(nameChars.data() + names[index].first, names[index].second);
  }
  /// The full (eager) numbering used when a lookup misses.
  SSANameState &getFallback();
  /// Whether `anchor` is in a lazily numbered subtree other than the
  /// current one (numbering its subtree if none is current).
  bool needsFallback(Operation *anchor);
  /// The operation directly in the lazy region containing `op`, or null.
  Operation *findSubtreeRoot(Operation *op) const;

  // Names in use: an open-addressing set of name indices whose insertions
  // are undone in reverse order when a region scope ends.
  bool isNameUsed(std::string_view name, uint64_t hash) const;
  void addUsedName(uint32_t nameIndex, uint64_t hash);
  void popUsedNames(size_t mark);
  void rehashUsedNames(size_t newCapacity);

  /// value/block -> id or (NameBit | name index); block -> ordering.
  /// `rootIDs` holds the root's own region (or everything when eager),
  /// `subIDs` the current lazily numbered subtree.
  PtrIdMap rootIDs, subIDs;
  PtrIdMap *curIDs = &rootIDs;
  /// op -> index into resultGroupStorage (count first, then starts).
  PtrIdMap rootGroups, subGroups;
  PtrIdMap *curGroups = &rootGroups;
  std::vector<int> resultGroupStorage;
  std::vector<std::pair<uint32_t, uint32_t>> names; // (offset, size) in nameChars
  std::vector<uint64_t> nameHashes;
  std::string nameChars;
  /// (hash >> 32) << 32 | (name index + 1); 0 = empty.
  std::vector<uint64_t> usedNameSlots;
  std::vector<uint32_t> usedNameLog; // insertion order
  /// usedNameLog sizes where the open region scopes start.
  std::vector<size_t> scopeMarks;
  std::vector<std::unique_ptr<std::string>> shadowNames;
  std::string sanitizeBuffer, probeBuffer;
  std::vector<int> resultGroupScratch;

  Counters counters;
  const OpPrintingFlags &printerFlags;
  bool uniqueIDs;

  // Lazy numbering.
  Operation *lazyRoot = nullptr;
  Region *lazyRegion = nullptr;
  Operation *currentSubtree = nullptr;
  Counters afterRoot;
  size_t rootNameCount = 0, rootNameChars = 0, rootGroupStorage = 0;
  /// With unique ids: the counters each subtree starts from (shared with
  /// workers).
  std::shared_ptr<PointerMap<Operation *, Counters>> subtreeStart;
  std::unique_ptr<SSANameState> fallback;
};

/// Everything a printing session knows.
class AsmStateImpl {
public:
  AsmStateImpl(MLIRContext *ctx, const OpPrintingFlags &flags) : context(ctx), printerFlags(flags) {}
  AsmStateImpl(Operation *op, const OpPrintingFlags &flags, bool allowLazyNumbering = true);

  MLIRContext *context;
  OpPrintingFlags printerFlags;
  AliasState aliasState;
  /// The aliases in use: `aliasState`, or the main state's in a parallel
  /// printing worker.
  const AliasState *aliases = &aliasState;
  std::unique_ptr<SSANameState> ssaNameState;
  /// The region whose operations may be printed in parallel (set for a
  /// top-level print when threading is enabled and nothing printed depends
  /// on print order).
  Region *parallelRegion = nullptr;
  /// Where printed ops start (AsmState::LocationMap), if requested; printing
  /// is then sequential and the newlines written so far are counted.
  std::unordered_map<Operation *, std::pair<unsigned, unsigned>> *locationMap = nullptr;
  /// OpAsmPrinter::getPrintingCacheSlot.
  PointerMap<const void *, Attribute> printingCache;
  /// Ids of distinct attributes, assigned in order of first print.
  PointerMap<const void *, uint64_t> distinctIDs;
  uint64_t nextDistinctID = 0;
  /// dense_resource entries printed, in order of first use.
  std::vector<DenseResourceElementsHandle::Entry *> usedResources;
  PointerMap<const void *, bool> usedResourceSet;
  /// Resources of other dialects printed: per dialect, in order of first
  /// use (see Dialect::hasResourceHooks).
  std::vector<std::pair<const Dialect *, std::vector<const void *>>> dialectResources;
  PointerMap<const void *, bool> dialectResourceSet;

  uint64_t getDistinctID(DistinctAttr attr) {
    auto r = distinctIDs.insert(attr.getAsOpaquePointer(), nextDistinctID);
    if (r.second)
      ++nextDistinctID;
    return r.first->second;
  }
};

/// How to treat the `: type` suffix of typed attributes.
enum class AttrTypeElision { Never, May, Must };

/// Prints attributes, types and locations (MLIR's AsmPrinter::Impl).
class AsmPrinterImpl {
public:
  AsmPrinterImpl(raw_ostream &os, AsmStateImpl &state) : os(os), state(state), printerFlags(state.printerFlags) {}

  raw_ostream &getStream() { return os; }

  void printType(Type type);
  void printTypeImpl(Type type);
  void printAttribute(Attribute attr, AttrTypeElision typeElision = AttrTypeElision::Never);
  void printAttributeImpl(Attribute attr, AttrTypeElision typeElision = AttrTypeElision::Never);
  LogicalResult printAlias(Attribute attr);
  LogicalResult printAlias(Type type);
  void printLocation(LocationAttr loc, bool allowAlias = false);
  void printLocationInternal(LocationAttr loc, bool pretty = false, bool isTopLevel = false);
  void printNamedAttribute(NamedAttribute attr);
  void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs = {},
                             bool withKeyword = false);
  void printDimensionList(ArrayRef<int64_t> shape);
  void printEscapedString(std::string_view str);
  void printDialectAttribute(Attribute attr);
  void printDialectType(Type type);
  void printFloat(const APFloat &value);

  // Dense and resource elements (AsmPrinterElements.cpp).
  void printDenseElementsAttr(DenseElementsAttr attr, bool allowHex);
  void printDenseIntOrFPElementsAttr(DenseIntOrFPElementsAttr attr, bool allowHex);
  void printDenseStringElementsAttr(DenseStringElementsAttr attr);
  void printDenseArrayAttr(DenseArrayAttr attr);
  void printResourceHandle(DenseResourceElementsHandle handle);
  void printDialectResourceHandle(const Dialect &dialect, const void *handle);
  void printElidedElementsAttr();
  /// Prints the `{-# dialect_resources: ... #-}` section for the resources
  /// this session printed (nothing if none).
  void printResourceFileMetadata();

  raw_ostream &os;
  AsmStateImpl &state;
  const OpPrintingFlags &printerFlags;
};

/// ASCII character classes (the "C" locale's, as MLIR uses), for spelling
/// identifiers.
struct CharClasses {
  enum : uint8_t { Alnum = 1, IdentBody = 2, PrintSafe = 4, Alpha = 8 };
  uint8_t bits[256] = {};
  constexpr CharClasses() {
    for (int c = 0; c < 256; ++c) {
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      bool alnum = alpha || (c >= '0' && c <= '9');
      uint8_t b = 0;
      if (alpha)
        b |= Alpha;
      if (alnum)
        b |= Alnum;
      if (alnum || c == '_' || c == '$' || c == '.')
        b |= IdentBody;
      if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\')
        b |= PrintSafe;
      bits[c] = b;
    }
  }
};
inline constexpr CharClasses charClasses;

inline bool isAlnum(char c) { return charClasses.bits[static_cast<unsigned char>(c)] & CharClasses::Alnum; }
inline bool isDigitChar(char c) { return c >= '0' && c <= '9'; }

/// Printing helpers shared with other files.
bool isBareIdentifier(std::string_view name);
void printKeywordOrString(std::string_view keyword, raw_ostream &os);
void printEscapedStringRaw(std::string_view str, raw_ostream &os);
void printSymbolReference(std::string_view symbolRef, raw_ostream &os);
void printDialectSymbol(raw_ostream &os, std::string_view symPrefix, std::string_view dialectName,
                        std::string_view symString);
/// MLIR's sanitizeIdentifier: makes `name` a valid suffix-id.
std::string sanitizeIdentifier(std::string_view name, std::string_view allowedPunctChars = "$._-",
                               bool allowTrailingDigit = true);

} // namespace detail
} // namespace lamina
