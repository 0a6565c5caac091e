//===- ExtensibleDialect.h - Dialects defined at run time -----------------===//
//
// MLIR's DynamicDialect: a dialect whose operations, types and attributes
// are not C++ classes but definitions built at run time (from IRDL, see
// lamina/Dialect/IRDL/IRDLLoading.h). A dynamic type or attribute is its
// definition plus a list of attribute parameters, written
// `!dialect.name<p0, p1>` / `#dialect.name<p0, p1>` (no `<>` without
// parameters); a dynamic operation has only the generic syntax. Each
// definition carries a verifier that its instances must pass.
//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Types.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lamina {

class DynamicDialect;

/// The registered type / attribute kind named `name` ("builtin.integer"),
/// or null (MLIR's AbstractType::lookup(name, ctx)): kinds of loaded
/// dialects only.
const AbstractType *lookupAbstractTypeByName(MLIRContext *ctx, std::string_view name);
const AbstractAttribute *lookupAbstractAttributeByName(MLIRContext *ctx, std::string_view name);

/// Verifies the parameters of a dynamic type or attribute.
using DynamicParamsVerifier =
    std::function<LogicalResult(function_ref<InFlightDiagnostic()> emitError, ArrayRef<Attribute> params)>;

/// The definition of a dynamic type (`isType`) or attribute: its name in the
/// dialect, the TypeID that identifies it and its parameter verifier.
class DynamicAttrOrTypeDefinition {
public:
  std::string_view getName() const { return name; }
  DynamicDialect *getDialect() const { return dialect; }
  TypeID getTypeID() const { return typeID; }
  bool isType() const { return type; }
  void setVerifyFn(DynamicParamsVerifier fn) { verifier = std::move(fn); }
  LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<Attribute> params) const {
    return verifier ? verifier(emitError, params) : success();
  }

private:
  friend class DynamicDialect;

/// The registered type / attribute kind named `name` ("builtin.integer"),
/// or null (MLIR's AbstractType::lookup(name, ctx)): kinds of loaded
/// dialects only.
const AbstractType *lookupAbstractTypeByName(MLIRContext *ctx, std::string_view name);
const AbstractAttribute *lookupAbstractAttributeByName(MLIRContext *ctx, std::string_view name);
  std::string name;
  std::string fullName;
  DynamicDialect *dialect = nullptr;
  TypeID typeID;
  bool type = false;
  bool registered = false;
  DynamicParamsVerifier verifier;
};

/// An instance of a dynamic type: its definition and parameters.
class DynamicType : public Type {
public:
  using Type::Type;
  /// The type (uniqued), without verification.
  static DynamicType get(const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params);
  /// The type, or null after reporting through `emitError` if the
  /// definition's verifier rejects the parameters.
  static DynamicType getChecked(function_ref<InFlightDiagnostic()> emitError,
                                const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params);
  const DynamicAttrOrTypeDefinition *getTypeDef() const;
  ArrayRef<Attribute> getParams() const;
  static bool classof(Type type);
};

/// An instance of a dynamic attribute: its definition and parameters.
class DynamicAttr : public Attribute {
public:
  using Attribute::Attribute;
  static DynamicAttr get(const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params);
  static DynamicAttr getChecked(function_ref<InFlightDiagnostic()> emitError,
                                const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params);
  const DynamicAttrOrTypeDefinition *getAttrDef() const;
  ArrayRef<Attribute> getParams() const;
  static bool classof(Attribute attr);
};

/// Verifies an operation of a dynamic dialect (its operands, results,
/// attributes and regions against the definition).
using DynamicOpVerifier = std::function<LogicalResult(Operation *)>;

/// A dialect whose contents are defined at run time.
class DynamicDialect : public Dialect {
public:
  /// `name` is copied (into the context's arena).
  DynamicDialect(std::string_view name, MLIRContext *ctx);
  ~DynamicDialect() override;

  /// Loads the dynamic dialect `name` in `ctx` (or returns the one already
  /// loaded); null if a dialect that is not dynamic has that name.
  static DynamicDialect *getOrLoad(MLIRContext *ctx, std::string_view name);

  /// Creates the definition of a type / attribute named `name` (its verifier
  /// accepts everything until set); it belongs to the dialect. Constraints
  /// may refer to it right away; its instances exist once it is registered.
  DynamicAttrOrTypeDefinition *createTypeDefinition(std::string_view name);
  DynamicAttrOrTypeDefinition *createAttrDefinition(std::string_view name);
  /// Registers a definition's kind with the context (MLIR's
  /// registerDynamicType/Attr): from then on it is parsed and found by name.
  void registerDefinition(DynamicAttrOrTypeDefinition *def);
  /// Registers the operation `dialect.name` with its verifier.
  void registerDynamicOp(std::string_view name, DynamicOpVerifier verifier);

  /// The definition named `name`, or null.
  const DynamicAttrOrTypeDefinition *lookupTypeDefinition(std::string_view name) const;
  const DynamicAttrOrTypeDefinition *lookupAttrDefinition(std::string_view name) const;

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  static bool classof(const Dialect *d) { return d->getTypeID() == TypeID::get<DynamicDialect>(); }

private:
  DynamicAttrOrTypeDefinition *createDefinition(std::string_view name, bool isType);
  static LogicalResult verifyOp(Operation *op);

  std::vector<std::unique_ptr<DynamicAttrOrTypeDefinition>> definitions;
  /// Verifiers of the dialect's ops, by operation name implementation.
  std::vector<std::pair<const void *, DynamicOpVerifier>> opVerifiers;
};

} // namespace lamina
