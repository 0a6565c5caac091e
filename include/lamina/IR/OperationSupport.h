//===- OperationSupport.h - Operation names, states and attribute lists ----===//
#pragma once

#include "lamina/Support/SmallVector.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Value.h"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace lamina {

class Block;
class OpAsmParser;
class OpAsmPrinter;
class OperationState;
class Region;
class OpFoldResult;
class RewritePatternSet;
class DialectBytecodeReader;
class DialectBytecodeWriter;
class InFlightDiagnostic;
class OperationName;
class NamedAttrList;

/// The description of a registered operation: hooks and static facts. One
/// per registered op name, owned by the context. Unregistered names have an
/// Impl with `registered == false` and no hooks.
struct OperationInfo {
  /// Verifies the op's own invariants (operands, attributes, ...).
  LogicalResult (*verifyInvariants)(Operation *) = nullptr;
  /// Verifies invariants that look into nested regions (run after regions).
  LogicalResult (*verifyRegionInvariants)(Operation *) = nullptr;
  /// Parses the custom form (after the op name) into `state`.
  ParseResult (*parse)(OpAsmParser &, OperationState &) = nullptr;
  /// Prints the custom form (after the op name and result list).
  void (*print)(Operation *, OpAsmPrinter &) = nullptr;
  /// hasFolder, general form: folds the op given the constant value of each
  /// operand (null where not constant). Success with `results` empty means
  /// the op was updated in place; otherwise one entry per result.
  LogicalResult (*fold)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) = nullptr;
  /// hasFolder, single-result form: the folded value, the op's own result
  /// (updated in place) or null (no fold). Used when `fold` is null.
  OpFoldResult (*foldSingleResult)(Operation *, ArrayRef<Attribute>) = nullptr;
  /// hasCanonicalizer: adds the op's canonicalization patterns.
  void (*getCanonicalizationPatterns)(RewritePatternSet &, MLIRContext *) = nullptr;
  /// Fills the property slots an op gets by default (default-valued
  /// attributes, zero segment sizes); called by Operation::create before the
  /// given attributes/properties are stored.
  void (*populateDefaultProperties)(Operation *) = nullptr;
  /// Sets the property slots from a dictionary as MLIR's generated
  /// setPropertiesFromAttr does (class checks, "Invalid attribute `x` in
  /// property conversion: ..."). Null: store the entries as they are.
  LogicalResult (*setPropertiesFromAttr)(Operation *, Attribute, function_ref<InFlightDiagnostic()> emitError) =
      nullptr;
  /// Checks inherent attributes given in an attribute dictionary against
  /// their constraints (MLIR's verifyInherentAttrs, run by the parsers on
  /// `{...}`); `emitError` yields a diagnostic already prefixed with
  /// "'op.name' op ".
  LogicalResult (*verifyInherentAttrs)(OperationName, NamedAttrList &, function_ref<InFlightDiagnostic()> emitError) =
      nullptr;
  /// Reads the op's properties from bytecode (MLIR's readProperties: each
  /// property in declaration order in its ODS encoding) into the property
  /// slots of `op` (already created with its name). Null: the op has no
  /// native properties encoding (properties are written as one attribute).
  LogicalResult (*readProperties)(DialectBytecodeReader &, Operation *) = nullptr;
  /// Writes the op's properties to bytecode (MLIR's writeProperties).
  void (*writeProperties)(Operation *, DialectBytecodeWriter &) = nullptr;
  /// Declarative definition (ODS) this op was built from, if any.
  const void *definition = nullptr;
};

/// The interned name of an operation, with its registration info.
class OperationName {
public:
  struct Impl {
    StringAttr name;
    Dialect *dialect = nullptr; // null if the dialect is not loaded
    std::string_view dialectNamespace;
    TypeID typeID;
    bool registered = false;
    OperationInfo info;
    TraitSet traits;
    InterfaceMap interfaces;
    /// Inherent attribute names (= property slots), in definition order
    /// (in the context's arena).
    ArrayRef<StringAttr> attributeNames;
  };

  OperationName() = default;
  /// Finds or creates the name (unregistered if no dialect registered it).
  OperationName(std::string_view name, MLIRContext *ctx);
  explicit OperationName(Impl *impl) : impl(impl) {}

  /// Returns the registered name, if it is registered.
  static std::optional<OperationName> lookupRegistered(std::string_view name, MLIRContext *ctx);
  /// Registers an operation of `dialect`. Returns the name's Impl to fill.
  static Impl *insert(std::string_view name, Dialect &dialect, TypeID typeID, const OperationInfo &info,
                      ArrayRef<std::string_view> attributeNames);

  StringAttr getIdentifier() const { return impl->name; }
  std::string_view getStringRef() const;
  std::string_view getDialectNamespace() const { return impl->dialectNamespace; }
  Dialect *getDialect() const { return impl->dialect; }
  MLIRContext *getContext() const;
  bool isRegistered() const { return impl->registered; }
  TypeID getTypeID() const { return impl->typeID; }
  const OperationInfo &getInfo() const { return impl->info; }
  ArrayRef<StringAttr> getAttributeNames() const { return impl->attributeNames; }
  /// Index of an inherent attribute, or -1.
  int getAttributeIndex(std::string_view name) const;

  template <typename Trait> bool hasTrait() const { return hasTrait(TypeID::get<Trait>()); }
  bool hasTrait(TypeID traitID) const { return impl->traits.contains(traitID); }
  /// True if the op has the trait or is unregistered (might have it).
  template <typename Trait> bool mightHaveTrait() const { return !isRegistered() || hasTrait<Trait>(); }
  template <typename Interface> bool hasInterface() const {
    return impl->interfaces.lookup(TypeID::get<Interface>()) != nullptr;
  }
  const void *getInterface(TypeID id) const { return impl->interfaces.lookup(id); }

  bool operator==(OperationName o) const { return impl == o.impl; }
  bool operator!=(OperationName o) const { return impl != o.impl; }
  Impl *getImpl() const { return impl; }
  const void *getAsOpaquePointer() const { return impl; }
  void print(raw_ostream &os) const;

private:
  Impl *impl = nullptr;
};

inline uint64_t hashValue(OperationName n) { return hashValue(n.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, OperationName name);

/// Tags for operation traits (`op->hasTrait<OpTrait::IsTerminator>()`).
namespace OpTrait {
struct IsTerminator;
struct NoTerminator;
struct IsIsolatedFromAbove;
struct SingleBlock;
struct SingleBlockImplicitTerminator;
struct SymbolTable;
struct AffineScope;
struct AutomaticAllocationScope;
struct ZeroOperands;
struct OneOperand;
struct ZeroResults;
struct OneResult;
struct ZeroRegions;
struct ZeroSuccessors;
struct ReturnLike;
struct ConstantLike;
struct Commutative;
struct SameOperandsAndResultType;
struct SameOperandsAndResultShape;
struct SameTypeOperands;
struct SameOperandsElementType;
struct Elementwise;
struct Scalarizable;
struct Vectorizable;
struct Tensorizable;
struct AttrSizedOperandSegments;
struct AttrSizedResultSegments;
struct HasParent;
struct HasOnlyGraphRegion;
struct NoRegionArguments;
struct IsIdempotent;
struct IsInvolution;
struct ResultsBroadcastableShape;
struct HasRecursiveMemoryEffects;
struct MemRefsNormalizable;
struct SameOperandsShape;
struct SameOperandsAndResultElementType;
struct HasParallelRegion;
} // namespace OpTrait

/// A list of named attributes kept sorted lazily, for building ops.
class NamedAttrList {
public:
  NamedAttrList() = default;
  NamedAttrList(ArrayRef<NamedAttribute> attrs) : attrs(attrs.begin(), attrs.end()), sorted(false) {}
  NamedAttrList(DictionaryAttr dict);

  void append(StringAttr name, Attribute value);
  void append(std::string_view name, Attribute value);
  void append(NamedAttribute attr);
  template <typename It> void append(It b, It e) {
    for (; b != e; ++b)
      append(*b);
  }
  void push_back(NamedAttribute attr) { append(attr); }
  /// Replaces or adds.
  Attribute set(StringAttr name, Attribute value);
  Attribute set(std::string_view name, Attribute value);
  Attribute erase(std::string_view name);
  Attribute erase(StringAttr name) { return erase(name.getValue()); }
  Attribute get(std::string_view name) const;
  Attribute get(StringAttr name) const { return get(name.getValue()); }
  std::optional<NamedAttribute> getNamed(std::string_view name) const;
  /// A name that appears twice, if any (sorts the list).
  std::optional<NamedAttribute> findDuplicate() const;
  DictionaryAttr getDictionary(MLIRContext *ctx) const;
  ArrayRef<NamedAttribute> getAttrs() const { return attrs; }
  size_t size() const { return attrs.size(); }
  bool empty() const { return attrs.empty(); }
  void clear() { attrs.clear(); sorted = true; }
  const NamedAttribute *begin() const { return attrs.data(); }
  const NamedAttribute *end() const { return attrs.data() + attrs.size(); }
  operator ArrayRef<NamedAttribute>() const { return attrs; }

private:
  /// Sorts `attrs` by name, stably (duplicates keep their order).
  void sortInPlace() const;

  mutable SmallVector<NamedAttribute, 8> attrs;
  mutable bool sorted = true;
};

/// Everything needed to create an operation.
/// The location of an OperationState: converts to Location (creating it if
/// the parser recorded it packed, see PackedLocation).
class StateLocation {
public:
  StateLocation(Location loc) : ctx(loc.getContext()), loc(loc) {}
  StateLocation(MLIRContext *ctx, PackedLocation loc) : ctx(ctx), loc(loc) {}
  operator Location() const { return loc.get(ctx); }
  StateLocation &operator=(Location l) {
    ctx = l.getContext();
    loc = l;
    return *this;
  }
  MLIRContext *getContext() const { return ctx; }
  PackedLocation getPacked() const { return loc; }

private:
  MLIRContext *ctx;
  PackedLocation loc;
};

class OperationState {
public:
  OperationState(Location loc, OperationName name);
  OperationState(Location loc, std::string_view name);
  OperationState(StateLocation loc, OperationName name);

  StateLocation location;
  OperationName name;
  SmallVector<Value, 4> operands;
  SmallVector<Type, 2> types;
  NamedAttrList attributes;
  SmallVector<Block *, 2> successors;
  std::vector<std::unique_ptr<Region>> regions;
  /// Properties as an attribute (a DictionaryAttr for registered ops; any
  /// attribute for unregistered ones).
  Attribute propertiesAttr;

  MLIRContext *getContext() const { return location.getContext(); }
  void addOperands(ValueRange newOperands);
  void addOperand(Value v) { operands.push_back(v); }
  void addTypes(ArrayRef<Type> newTypes) { types.insert(types.end(), newTypes.begin(), newTypes.end()); }
  void addTypes(TypeRange newTypes) {
    for (Type t : newTypes)
      types.push_back(t);
  }
  void addType(Type t) { types.push_back(t); }
  void addAttribute(std::string_view name, Attribute attr) { attributes.append(name, attr); }
  void addAttribute(StringAttr name, Attribute attr) { attributes.append(name, attr); }
  void addAttributes(ArrayRef<NamedAttribute> attrs) {
    for (auto &a : attrs)
      attributes.append(a);
  }
  void addSuccessors(Block *b) { successors.push_back(b); }
  Region *addRegion();
  void addRegion(std::unique_ptr<Region> &&region);
  void addRegions(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      addRegion();
  }
  ~OperationState();
  OperationState(OperationState &&);
};

/// Options for printing operations.
class OpPrintingFlags {
public:
  OpPrintingFlags() = default;
  /// The flags given on the command line (`--mlir-print-*`), which code
  /// that prints on its own (IR dumps, location snapshots) starts from, as
  /// MLIR's default-constructed OpPrintingFlags does. Set by the tool.
  static OpPrintingFlags getCommandLineDefaults();
  static void setCommandLineDefaults(const OpPrintingFlags &flags);
  OpPrintingFlags &elideLargeElementsAttrs(int64_t largeElementLimit = 16) {
    elementsAttrElementLimit = largeElementLimit;
    return *this;
  }
  OpPrintingFlags &printLargeElementsAttrWithHex(int64_t largeElementLimit = 100) {
    elementsAttrHexElementLimit = largeElementLimit;
    return *this;
  }
  OpPrintingFlags &elideLargeResourceString(int64_t limit = 64) {
    resourceStringCharLimit = limit;
    return *this;
  }
  OpPrintingFlags &enableDebugInfo(bool enable = true, bool prettyForm = false) {
    printDebugInfo = enable;
    printDebugInfoPretty = prettyForm;
    return *this;
  }
  OpPrintingFlags &printGenericOpForm(bool enable = true) {
    printGeneric = enable;
    return *this;
  }
  OpPrintingFlags &skipRegions(bool skip = true) {
    skipRegionsFlag = skip;
    return *this;
  }
  OpPrintingFlags &assumeVerified(bool enable = true) {
    assumeVerifiedFlag = enable;
    return *this;
  }
  OpPrintingFlags &useLocalScope(bool enable = true) {
    localScope = enable;
    return *this;
  }
  OpPrintingFlags &printValueUsers(bool enable = true) {
    printValueUsersFlag = enable;
    return *this;
  }
  OpPrintingFlags &printUniqueSSAIDs(bool enable = true) {
    uniqueSSAIDs = enable;
    return *this;
  }
  OpPrintingFlags &printNameLocAsPrefix(bool enable = true) {
    nameLocAsPrefix = enable;
    return *this;
  }

  std::optional<int64_t> getLargeElementsAttrLimit() const { return elementsAttrElementLimit; }
  int64_t getLargeElementsAttrHexLimit() const { return elementsAttrHexElementLimit; }
  std::optional<uint64_t> getLargeResourceStringLimit() const { return resourceStringCharLimit; }
  bool shouldElideElementsAttr(ElementsAttr attr) const;
  bool shouldPrintElementsAttrWithHex(int64_t numElements) const {
    return elementsAttrHexElementLimit != -1 && numElements > elementsAttrHexElementLimit;
  }
  bool shouldPrintDebugInfo() const { return printDebugInfo; }
  bool shouldPrintDebugInfoPrettyForm() const { return printDebugInfoPretty; }
  bool shouldPrintGenericOpForm() const { return printGeneric; }
  bool shouldSkipRegions() const { return skipRegionsFlag; }
  bool shouldAssumeVerified() const { return assumeVerifiedFlag; }
  bool shouldUseLocalScope() const { return localScope; }
  bool shouldPrintValueUsers() const { return printValueUsersFlag; }
  bool shouldPrintUniqueSSAIDs() const { return uniqueSSAIDs; }
  bool shouldPrintNameLocAsPrefix() const { return nameLocAsPrefix; }

private:
  std::optional<int64_t> elementsAttrElementLimit;
  int64_t elementsAttrHexElementLimit = 100;
  std::optional<uint64_t> resourceStringCharLimit;
  bool printDebugInfo = false;
  bool printDebugInfoPretty = false;
  bool printGeneric = false;
  bool skipRegionsFlag = false;
  bool assumeVerifiedFlag = false;
  bool localScope = false;
  bool printValueUsersFlag = false;
  bool uniqueSSAIDs = false;
  bool nameLocAsPrefix = false;
};

//===----------------------------------------------------------------------===//
// MutableOperandRange
//===----------------------------------------------------------------------===//

/// A range of an operation's operands that can be changed in place:
/// assigned, appended to, erased. When the range is an operand group of an
/// op with segment sizes, the named segment attribute entries (e.g.
/// `operandSegmentSizes` entry 1) are kept in sync.
class MutableOperandRange {
public:
  /// One entry of a DenseI32ArrayAttr segment-size attribute that holds the
  /// length of this range.
  struct OperandSegment {
    std::string_view attrName;
    unsigned index;
  };

  MutableOperandRange() = default;
  /// Operands [start, start+length) of `owner`, whose length is kept in the
  /// segment entries given (if their names are not empty).
  MutableOperandRange(Operation *owner, unsigned start, unsigned length, OperandSegment segment = {},
                      OperandSegment segment2 = {});
  /// Every operand of `owner`.
  explicit MutableOperandRange(Operation *owner);
  /// The single operand `operand`.
  MutableOperandRange(OpOperand &operand);

  Operation *getOwner() const { return owner; }
  unsigned size() const { return length; }
  bool empty() const { return length == 0; }
  /// The index of the first operand in the owner.
  unsigned getStart() const { return start; }

  /// Replaces the operands of the range by `values`.
  void assign(ValueRange values);
  void assign(Value value);
  /// Appends `values` at the end of the range.
  void append(ValueRange values);
  /// Erases `count` operands from `subStart` (relative to the range).
  void erase(unsigned subStart, unsigned count = 1);
  /// Erases every operand of the range.
  void clear();
  /// A sub-range (same segments: changing its length updates them).
  MutableOperandRange slice(unsigned subStart, unsigned subLen) const;

  /// The operands, read only.
  operator OperandRange() const;
  OperandRange getAsOperandRange() const { return *this; }
  /// The i-th OpOperand of the range.
  OpOperand &operator[](unsigned index) const;
  OpOperand *begin() const;
  OpOperand *end() const;

private:
  /// Adds `delta` to each segment entry.
  void updateLength(unsigned newLength);

  Operation *owner = nullptr;
  unsigned start = 0, length = 0;
  /// At most two segment entries (an op's operandSegmentSizes and a
  /// VariadicOfVariadic group's attribute).
  OperandSegment segments[2] = {};
  unsigned numSegments = 0;
};

} // namespace lamina
