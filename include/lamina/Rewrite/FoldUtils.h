//===- FoldUtils.h - Constant de-duplication and hoisting -----------------===//
//
// OperationFolder keeps one constant per (dialect, value, type) in each
// insertion region (the entry block of the closest enclosing region whose
// op is isolated from above, a top-level op, or a region a dialect asks
// for), moving constants to the front of that block in MLIR's order. The
// greedy driver uses it to unique the constants it finds at the start of
// every iteration.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include "lamina/Support/FlatHashMap.h"

namespace lamina {

class OperationFolder {
public:
  explicit OperationFolder(MLIRContext *ctx, OpBuilder::Listener *listener = nullptr);

  /// Tries to fold `op` (a constant the folder owns is only re-hoisted):
  /// replaces it with the folded values (materialized constants are
  /// uniqued) and erases it, or notes an in-place update.
  LogicalResult tryToFold(Operation *op, bool *inPlaceUpdate = nullptr);

  /// Registers `op`, a constant with value `constValue` (matched if null).
  /// Returns false if an equal constant already existed, in which case `op`
  /// was replaced by it and erased; true otherwise (the op may have been
  /// moved to the front of its insertion block).
  bool insertKnownConstant(Operation *op, Attribute constValue = Attribute());

  /// Forgets `op` if it is a constant the folder owns.
  void notifyRemoval(Operation *op);
  /// Forgets every constant.
  void clear();

  /// The uniqued constant of `dialect` with `value` and `type` in the
  /// insertion region of `block`, created at the front of its entry block
  /// if needed. Null if the dialect cannot materialize it.
  Value getOrCreateConstant(Block *block, Dialect *dialect, Attribute value, Type type);

  /// Whether `op` is a constant this folder uniqued.
  bool isFolderOwnedConstant(Operation *op) const { return referencedDialects.contains(op); }

private:
  /// A uniqued constant: its insertion region, dialect, value and type.
  struct ConstantKey {
    Region *region;
    Dialect *dialect;
    const void *value;
    const void *type;
    bool operator==(const ConstantKey &o) const {
      return region == o.region && dialect == o.dialect && value == o.value && type == o.type;
    }
  };
  struct ConstantKeyInfo {
    static ConstantKey getEmptyKey() { return ConstantKey{nullptr, nullptr, nullptr, nullptr}; }
    static size_t getHash(const ConstantKey &k);
    static bool isEqual(const ConstantKey &a, const ConstantKey &b) { return a == b; }
  };

  Region *getInsertionRegion(Block *insertionBlock) const;
  Operation *tryGetOrCreateConstant(Region *insertRegion, Dialect *dialect, Attribute value, Type type,
                                    Location loc);
  LogicalResult tryToFold(Operation *op, SmallVectorImpl<Value> &results);

  /// The uniqued constants of every insertion region.
  FlatHashMap<ConstantKey, Operation *, ConstantKeyInfo> uniquedConstants;
  /// Per uniqued constant, the dialects it was registered under.
  FlatHashMap<Operation *, SmallVector<Dialect *, 2>> referencedDialects;
  IRRewriter rewriter;
  /// The location given to constants moved to another block.
  Location erasedFoldedLocation;
};

} // namespace lamina
