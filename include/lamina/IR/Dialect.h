//===- Dialect.h - Namespaced groups of operations, types and attributes ---===//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/MLIRContext.h"

#include <memory>
#include <string_view>

namespace lamina {

class DialectAsmParser;
class DialectAsmPrinter;
class DialectResourceBuilder;
class DialectResourceEntry;
class Location;
class NamedAttribute;
class OpBuilder;
class Operation;
class Region;
class RewritePatternSet;
class raw_ostream;

/// How strongly a dialect wants an attribute or type printed through an alias.
enum class AliasResult {
  /// No alias.
  NoAlias,
  /// An alias that another dialect's alias may replace.
  OverridableAlias,
  /// An alias that wins over overridable ones.
  FinalAlias,
};

/// A dialect: a namespace of operations, types and attributes, with hooks
/// for their textual form and verification.
class Dialect {
public:
  virtual ~Dialect();

  std::string_view getNamespace() const { return name; }
  MLIRContext *getContext() const { return context; }
  TypeID getTypeID() const { return dialectID; }

  /// Parses a dialect attribute after `#ns.` (the parser is positioned on the
  /// mnemonic). Default: error.
  virtual Attribute parseAttribute(DialectAsmParser &parser, Type type) const;
  /// Prints a dialect attribute without the `#ns.` prefix.
  virtual void printAttribute(Attribute attr, DialectAsmPrinter &printer) const;
  /// Parses a dialect type after `!ns.`. Default: error.
  virtual Type parseType(DialectAsmParser &parser) const;
  /// Prints a dialect type without the `!ns.` prefix.
  virtual void printType(Type type, DialectAsmPrinter &printer) const;

  /// Verifies a discardable attribute `ns.name` attached to an operation.
  virtual LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr);
  /// Verifies an attribute attached to a region argument / result.
  virtual LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                                 NamedAttribute attr);
  virtual LogicalResult verifyRegionResultAttribute(Operation *op, unsigned regionIndex,
                                                    unsigned resultIndex, NamedAttribute attr);

  /// Alias hooks used by the printer (OpAsmDialectInterface in MLIR): write
  /// the alias name for `attr`/`type` to `os` and say how strongly.
  virtual AliasResult getAlias(Attribute attr, raw_ostream &os) const;
  virtual AliasResult getAlias(Type type, raw_ostream &os) const;
  /// Whether this dialect overrides the alias hooks above (the printer only
  /// asks dialects that do). Dialects overriding getAlias must return true.
  virtual bool hasAliasHooks() const { return false; }

  /// Resource hooks (OpAsmDialectInterface in MLIR). A dialect that returns
  /// true from hasResourceHooks takes a group in the file metadata's
  /// `dialect_resources` and prints one for the resources printed IR
  /// references (through AsmPrinter::printResourceHandle).
  virtual bool hasResourceHooks() const { return false; }
  /// Declares a resource named `key` (a parse declares each key once) and
  /// returns its handle, valid as long as the context; null if the dialect
  /// takes no such resource ("unknown 'resource' key"). The dialect may give
  /// the resource another key (see getResourceKey). Thread-safe.
  virtual const void *declareResource(std::string_view key) const;
  /// The key of a handle declareResource returned (valid as long as it).
  virtual std::string_view getResourceKey(const void *handle) const;
  /// Parses one entry of the dialect's `dialect_resources` group.
  virtual LogicalResult parseResource(DialectResourceEntry &entry) const;
  /// Builds the entries of `referenced` (in order of first reference).
  virtual void buildResources(ArrayRef<const void *> referenced, DialectResourceBuilder &builder) const;

  /// Folding hook: builds, at the builder's insertion point, a ConstantLike
  /// op of this dialect producing `value` as a `type` (how folded attributes
  /// become SSA values). Null if the dialect cannot. Default: null.
  virtual Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc);
  /// Canonicalization patterns that belong to the dialect rather than to one
  /// of its ops (added before every op's patterns). Default: none.
  virtual void getCanonicalizationPatterns(RewritePatternSet &results) const;
  /// DialectFoldInterface::shouldMaterializeInto: whether constants folded
  /// inside `region` (of an op of this dialect that is not isolated from
  /// above) are hoisted to it rather than further up. Default: false.
  virtual bool shouldMaterializeInto(Region *region) const;

  /// Whether operations / types of this namespace that are not registered are
  /// accepted.
  bool allowsUnknownOperations() const { return unknownOpsAllowed; }
  bool allowsUnknownTypes() const { return unknownTypesAllowed; }

  /// Dialect interfaces (keyed by interface TypeID).
  template <typename Interface> const Interface *getRegisteredInterface() const {
    return static_cast<const Interface *>(interfaces.lookup(TypeID::get<Interface>()));
  }
  void addInterface(TypeID id, std::unique_ptr<void, void (*)(void *)> iface);
  /// Registers an `Impl` (a subclass of Interface) as the dialect's Interface.
  template <typename Interface, typename Impl, typename... Args> void addInterfaceAs(Args &&...args) {
    Interface *p = new Impl(std::forward<Args>(args)...);
    addInterface(TypeID::get<Interface>(),
                 std::unique_ptr<void, void (*)(void *)>(p, [](void *q) { delete static_cast<Interface *>(q); }));
  }
  template <typename Interface, typename... Args> void addInterface(Args &&...args) {
    auto *p = new Interface(std::forward<Args>(args)...);
    addInterface(TypeID::get<Interface>(),
                 std::unique_ptr<void, void (*)(void *)>(p, [](void *q) { delete static_cast<Interface *>(q); }));
  }

protected:
  Dialect(std::string_view name, MLIRContext *context, TypeID id);

  template <typename... Ts> void addTypes() { (addType<Ts>(), ...); }
  template <typename... Ts> void addAttributes() { (addAttribute<Ts>(), ...); }
  template <typename T> void addType();
  template <typename T> void addAttribute();

  void allowUnknownOperations(bool allow = true) { unknownOpsAllowed = allow; }
  void allowUnknownTypes(bool allow = true) { unknownTypesAllowed = allow; }

private:
  std::string_view name;
  MLIRContext *context;
  TypeID dialectID;
  bool unknownOpsAllowed = false;
  bool unknownTypesAllowed = false;
  InterfaceMap interfaces;
  std::vector<std::unique_ptr<void, void (*)(void *)>> ownedInterfaces;
};

} // namespace lamina
