//===- AsmPrinterImpl.h - Private printer classes -------------------------===//
//
// The printer for attributes, types and locations (AsmPrinterImpl) and the
// state it shares with the operation printer (aliases, SSA names, distinct
// ids, used resources). Dense elements printing lives in
// AsmPrinterElements.cpp.
//
#pragma once

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

/// A generated alias: `#name` or `#name3` (with `_` before the number when
/// the name ends in a digit).
struct SymbolAlias {
  std::string_view name;
  unsigned suffixIndex = 0;
  bool isType = false;
  bool canBeDeferred = false;
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
    aliases[*idx].second.print(os);
    return true;
  }
  bool hasAlias(const void *opaque) const { return index.contains(opaque); }
  /// Prints alias definitions (`#map = affine_map<...>`) that can / cannot
  /// be deferred to the end of the output.
  void printAliases(class AsmPrinterImpl &p, bool isDeferred);
  bool empty() const { return aliases.empty(); }

  std::vector<std::pair<const void *, SymbolAlias>> aliases;
  PointerMap<const void *, unsigned> index;
  std::vector<std::unique_ptr<std::string>> nameStorage;
};

/// SSA value and block names for printing an operation.
class SSANameState {
public:
  static constexpr unsigned NameSentinel = ~0u;
  struct BlockInfo {
    int ordering = -1;
    std::string_view name;
  };

  SSANameState(Operation *op, const OpPrintingFlags &flags);
  void printValueID(Value value, bool printResultNo, raw_ostream &stream) const;
  /// Result group starts of `op` (empty if just one group).
  ArrayRef<int> getOpResultGroups(Operation *op) const;
  BlockInfo getBlockInfo(Block *block) const;
  void shadowRegionArgs(Region &region, ValueRange namesToUse);

private:
  void numberValuesInRegion(Region &region);
  void numberValuesInBlock(Block &block);
  void numberValuesInOp(Operation &op);
  void setValueName(Value value, std::string_view name);
  std::string_view uniqueValueName(std::string_view name);
  void getResultIDAndNumber(OpResult result, Value &lookupValue, std::optional<int> &lookupResultNo) const;

  CompactPointerMap<detail::ValueImpl *> valueIDs;
  PointerMap<detail::ValueImpl *, std::string_view> valueNames;
  PointerMap<Operation *, std::vector<int>> opResultGroups;
  PointerMap<Block *, BlockInfo> blockNames;
  /// Names in use, per region scope (scopes nest like regions).
  std::vector<std::vector<std::string_view>> usedNameScopes;
  std::unordered_map<std::string_view, unsigned> usedNames;
  std::vector<std::unique_ptr<std::string>> nameStorage;
  unsigned nextValueID = 0, nextArgumentID = 0, nextConflictID = 0;
  const OpPrintingFlags &printerFlags;
};

/// Everything a printing session knows.
class AsmStateImpl {
public:
  AsmStateImpl(MLIRContext *ctx, const OpPrintingFlags &flags) : context(ctx), printerFlags(flags) {}
  AsmStateImpl(Operation *op, const OpPrintingFlags &flags);

  MLIRContext *context;
  OpPrintingFlags printerFlags;
  AliasState aliasState;
  std::unique_ptr<SSANameState> ssaNameState;
  /// Ids of distinct attributes, assigned in order of first print.
  PointerMap<const void *, uint64_t> distinctIDs;
  uint64_t nextDistinctID = 0;
  /// dense_resource entries printed, in order of first use.
  std::vector<DenseResourceElementsHandle::Entry *> usedResources;
  PointerMap<const void *, bool> usedResourceSet;

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
  void printElidedElementsAttr();
  /// Prints the `{-# dialect_resources: ... #-}` section for the resources
  /// this session printed (nothing if none).
  void printResourceFileMetadata();

  raw_ostream &os;
  AsmStateImpl &state;
  const OpPrintingFlags &printerFlags;
};

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
