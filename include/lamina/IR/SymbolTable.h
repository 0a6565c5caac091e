//===- SymbolTable.h - Symbols, symbol tables and symbol uses -------------===//
//
// MLIR's symbol model: an operation with the `OpTrait::SymbolTable` trait has
// one region with one block; the operations of that block that carry a
// `sym_name` StringAttr are its symbols, unique by name. Symbols are
// referenced through SymbolRefAttr (`@a`, `@a::@b` for nested tables).
//
#pragma once

#include "lamina/IR/OpInterface.h"
#include "lamina/IR/Operation.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace lamina {

class SymbolTableCollection;

/// The symbols of one symbol-table operation, indexed by name.
class SymbolTable {
public:
  /// The visibility of a symbol (`sym_visibility`; public when absent).
  enum class Visibility { Public, Private, Nested };

  /// Indexes the symbols of `symbolTableOp` (which must have the trait, one
  /// region and one block).
  explicit SymbolTable(Operation *symbolTableOp);

  /// The symbol named `name`, or null.
  Operation *lookup(std::string_view name) const;
  Operation *lookup(StringAttr name) const;
  template <typename T> T lookup(std::string_view name) const { return dyn_cast_or_null<T>(lookup(name)); }

  /// Removes `op` from the table (not from the IR).
  void remove(Operation *op);
  /// Removes `op` from the table and erases it.
  void erase(Operation *op);
  /// Adds `symbol` (moving it into the table's block at `insertPt` — the end,
  /// before a terminator — if it has no parent), renaming it `name_N` if its
  /// name is taken. Returns the final name.
  StringAttr insert(Operation *symbol, Block::iterator insertPt = Block::iterator());

  Operation *getOp() const { return symbolTableOp; }

  /// "sym_name".
  static constexpr std::string_view getSymbolAttrName() { return "sym_name"; }
  /// "sym_visibility".
  static constexpr std::string_view getVisibilityAttrName() { return "sym_visibility"; }

  /// The name of `symbol` (must have one).
  static StringAttr getSymbolName(Operation *symbol);
  static void setSymbolName(Operation *symbol, StringAttr name);
  static void setSymbolName(Operation *symbol, std::string_view name);
  static Visibility getSymbolVisibility(Operation *symbol);
  static void setSymbolVisibility(Operation *symbol, Visibility vis);

  /// The closest ancestor of `from` (or `from` itself) that is a symbol
  /// table; null if an unregistered op that might be one is met first.
  static Operation *getNearestSymbolTable(Operation *from);
  /// The symbol named `symbol` directly in `symbolTableOp`, or null.
  static Operation *lookupSymbolIn(Operation *symbolTableOp, StringAttr symbol);
  static Operation *lookupSymbolIn(Operation *symbolTableOp, std::string_view symbol);
  /// Resolves a (nested) reference from `symbolTableOp`: the leaf symbol, or
  /// null if any step is missing or not a symbol table.
  static Operation *lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr symbol);
  /// Same, collecting every operation resolved along the way.
  static LogicalResult lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr symbol,
                                      std::vector<Operation *> &symbols);
  /// Looks `symbol` up in the nearest symbol table around `from`.
  static Operation *lookupNearestSymbolFrom(Operation *from, StringAttr symbol);
  static Operation *lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol);
  template <typename T> static T lookupNearestSymbolFrom(Operation *from, StringAttr symbol) {
    return dyn_cast_or_null<T>(lookupNearestSymbolFrom(from, symbol));
  }
  template <typename T> static T lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol) {
    return dyn_cast_or_null<T>(lookupNearestSymbolFrom(from, symbol));
  }

  /// One use of a symbol: the user and the reference attribute.
  class SymbolUse {
  public:
    SymbolUse(Operation *op, SymbolRefAttr ref) : owner(op), ref(ref) {}
    Operation *getUser() const { return owner; }
    SymbolRefAttr getSymbolRef() const { return ref; }

  private:
    Operation *owner;
    SymbolRefAttr ref;
  };

  /// Every symbol reference in the attributes of `from` (unless it is a
  /// symbol table) and of the operations nested in it (not entering nested
  /// symbol tables); nullopt if `from` or a nested op is an unregistered op
  /// that might be a symbol table.
  static std::optional<std::vector<SymbolUse>> getSymbolUses(Operation *from);
  /// The uses whose root reference is `symbol`.
  static std::optional<std::vector<SymbolUse>> getSymbolUses(StringAttr symbol, Operation *from);
  /// True if `symbol` is known to have no use in `from`.
  static bool symbolKnownUseEmpty(StringAttr symbol, Operation *from);

  /// Calls `callback(op, allUsesVisible)` on every symbol table nested in
  /// `op` (innermost first), `op` included.
  static void walkSymbolTables(Operation *op, bool allSymUsesVisible,
                               function_ref<void(Operation *, bool)> callback);

private:
  Operation *symbolTableOp;
  std::unordered_map<const void *, Operation *> symbols; // StringAttr impl -> op
  unsigned uniquingCounter = 0;
};

/// Caches the SymbolTable of each symbol-table op looked up through it.
class SymbolTableCollection {
public:
  Operation *lookupSymbolIn(Operation *symbolTableOp, StringAttr symbol);
  Operation *lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr name);
  LogicalResult lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr name, std::vector<Operation *> &symbols);
  Operation *lookupNearestSymbolFrom(Operation *from, StringAttr symbol);
  Operation *lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol);
  template <typename T> T lookupNearestSymbolFrom(Operation *from, StringAttr symbol) {
    return dyn_cast_or_null<T>(lookupNearestSymbolFrom(from, symbol));
  }
  template <typename T> T lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol) {
    return dyn_cast_or_null<T>(lookupNearestSymbolFrom(from, symbol));
  }
  /// The (cached) table of `op`.
  SymbolTable &getSymbolTable(Operation *op);
  void invalidateSymbolTable(Operation *op) { tables.erase(op); }

private:
  std::unordered_map<Operation *, std::unique_ptr<SymbolTable>> tables;
};

//===----------------------------------------------------------------------===//
// SymbolOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
bool symbolIsNotOptional(Operation *op);
bool symbolIsNotDeclaration(Operation *op);
bool symbolCanDiscardWhenPrivate(Operation *op);
} // namespace detail

struct SymbolOpInterfaceConcept {
  /// Whether `sym_name` may be absent (builtin.module).
  bool (*isOptionalSymbol)(Operation *op) = detail::symbolIsNotOptional;
  /// Whether the op declares rather than defines (an external function).
  bool (*isDeclaration)(Operation *op) = detail::symbolIsNotDeclaration;
  /// Whether the op may be erased when it has no use (default: private).
  bool (*canDiscardOnUseEmpty)(Operation *op) = detail::symbolCanDiscardWhenPrivate;
};

/// An operation that defines a symbol (MLIR's SymbolOpInterface, ODS
/// `Symbol`): its name is the `sym_name` attribute, its visibility
/// `sym_visibility`.
class SymbolOpInterface : public OpInterface<SymbolOpInterface, SymbolOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  /// As MLIR's extraClassOf: an optional symbol without a name (an unnamed
  /// module) is no symbol.
  SymbolOpInterface(Operation *op) : OpInterface(op) {
    if (state && getImpl()->isOptionalSymbol(state) && !state->getAttr(SymbolTable::getSymbolAttrName()))
      state = nullptr;
  }
  static bool classof(Operation *op) { return bool(SymbolOpInterface(op)); }
  static SymbolOpInterface dynCastFrom(Operation *op) { return SymbolOpInterface(op); }
  static constexpr std::string_view getInterfaceName() { return "SymbolOpInterface"; }
  /// sym_name/sym_visibility checks, "symbol declaration cannot have public
  /// visibility", "symbol's parent must have the SymbolTable trait".
  static LogicalResult verifyTrait(Operation *op);

  /// The name (null for an optional symbol without one).
  StringAttr getNameAttr() const { return getOperation()->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()); }
  std::string_view getName() const { return getNameAttr().getValue(); }
  void setName(StringAttr name) const { SymbolTable::setSymbolName(getOperation(), name); }
  SymbolTable::Visibility getVisibility() const { return SymbolTable::getSymbolVisibility(getOperation()); }
  bool isNested() const { return getVisibility() == SymbolTable::Visibility::Nested; }
  bool isPrivate() const { return getVisibility() == SymbolTable::Visibility::Private; }
  bool isPublic() const { return getVisibility() == SymbolTable::Visibility::Public; }
  void setVisibility(SymbolTable::Visibility vis) const { SymbolTable::setSymbolVisibility(getOperation(), vis); }
  void setNested() const { setVisibility(SymbolTable::Visibility::Nested); }
  void setPrivate() const { setVisibility(SymbolTable::Visibility::Private); }
  void setPublic() const { setVisibility(SymbolTable::Visibility::Public); }
  /// The uses of this symbol in `from`, if known.
  std::optional<std::vector<SymbolTable::SymbolUse>> getSymbolUses(Operation *from) const {
    return SymbolTable::getSymbolUses(getNameAttr(), from);
  }
  bool symbolKnownUseEmpty(Operation *from) const { return SymbolTable::symbolKnownUseEmpty(getNameAttr(), from); }
  bool isOptionalSymbol() const { return getImpl()->isOptionalSymbol(getOperation()); }
  bool isDeclaration() const { return getImpl()->isDeclaration(getOperation()); }
  bool canDiscardOnUseEmpty() const { return getImpl()->canDiscardOnUseEmpty(getOperation()); }
};

//===----------------------------------------------------------------------===//
// SymbolUserOpInterface
//===----------------------------------------------------------------------===//

struct SymbolUserOpInterfaceConcept {
  LogicalResult (*verifySymbolUses)(Operation *op, SymbolTableCollection &symbolTable) = nullptr;
};

/// An operation that references symbols and checks those references when
/// its enclosing symbol table is verified (MLIR's SymbolUserOpInterface).
class SymbolUserOpInterface : public OpInterface<SymbolUserOpInterface, SymbolUserOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "SymbolUserOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.verifySymbolUses ? "" : "verifySymbolUses"; }
  LogicalResult verifySymbolUses(SymbolTableCollection &symbolTable) const {
    return getImpl()->verifySymbolUses(getOperation(), symbolTable);
  }
};

namespace detail {
/// The SymbolTable trait's region verifier: unique symbol names, then the
/// `verifySymbolUses` of every nested SymbolUserOpInterface op, in MLIR's
/// walk order (not entering nested symbol tables).
LogicalResult verifySymbolTable(Operation *op);

/// What the verifier knows when it runs the region verifiers of
/// `symbolTableOp`: for some ops nested directly in it (sorted by address),
/// every SymbolUserOpInterface op that verifySymbolTable's walk would visit
/// in their regions (in any order). verifySymbolTable checks those ops
/// instead of walking the regions, and walks them only when a check fails
/// (to report the first failure in MLIR's order); an op with no users is
/// not walked at all.
struct SymbolUseVerificationHint {
  struct NestedUsers {
    Operation *op;
    ArrayRef<Operation *> users;
    bool operator<(const NestedUsers &o) const { return op < o.op; }
  };
  Operation *symbolTableOp = nullptr;
  ArrayRef<NestedUsers> nestedUsers;
};
/// Installs `hint` for the calling thread (null removes it); returns the
/// previous one.
const SymbolUseVerificationHint *setSymbolUseVerificationHint(const SymbolUseVerificationHint *hint);

/// The attribute checks of the Symbol interface.
LogicalResult verifySymbol(Operation *op);
} // namespace detail

} // namespace lamina
