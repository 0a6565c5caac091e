//===- DLTIDialect.h - Data layout and target information ----------------===//
//
// The `dlti` dialect: attributes describing data layouts and targets
// (`#dlti.dl_spec<i32 = dense<32> : vector<2xi64>, "dlti.endianness" = "big">`,
// `#dlti.map`, `#dlti.target_system_spec`, `#dlti.target_device_spec`),
// hand-written after MLIR's DLTI.cpp (every attribute has a custom syntax).
// `dlti.dl_spec` on a module is verified entry by entry: builtin types by the
// rules of MLIR's verifyDataLayoutSpec, other types and `dialect.`-prefixed
// keys by their dialect's DataLayoutDialectInterface.
//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <optional>

namespace lamina {

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// `#dlti.dl_entry<key, value>`: one key (a type or a string) and its value.
/// MLIR's DataLayoutEntryInterface is implemented by this class only.
class DataLayoutEntryAttr
    : public Attribute::AttrBase<DataLayoutEntryAttr, Attribute, ods::AttrParamStorage<Type, StringAttr, Attribute>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.dl_entry";
  static DataLayoutEntryAttr get(Type key, Attribute value) {
    return Base::get(key.getContext(), key, StringAttr(), value);
  }
  static DataLayoutEntryAttr get(StringAttr key, Attribute value) {
    return Base::get(key.getContext(), Type(), key, value);
  }
  /// The key when it is a type (null otherwise).
  Type getTypeKey() const { return std::get<0>(getImpl()->params); }
  /// The key when it is a string (null otherwise).
  StringAttr getStringKey() const { return std::get<1>(getImpl()->params); }
  bool isTypeEntry() const { return bool(getTypeKey()); }
  Attribute getValue() const { return std::get<2>(getImpl()->params); }

  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// A list of entries, the parameter of the spec attributes below.
using DataLayoutEntryList = ArrayRef<DataLayoutEntryAttr>;

/// `#dlti.dl_spec<entries>`: a data layout specification.
class DataLayoutSpecAttr
    : public Attribute::AttrBase<DataLayoutSpecAttr, Attribute, ods::AttrParamStorage<ArrayRef<DataLayoutEntryAttr>>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.dl_spec";
  static DataLayoutSpecAttr get(MLIRContext *ctx, DataLayoutEntryList entries) { return Base::get(ctx, entries); }
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries);
  DataLayoutEntryList getEntries() const { return std::get<0>(getImpl()->params); }
  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// `#dlti.map<entries>`: a dictionary of DLTI information.
class DLTIMapAttr
    : public Attribute::AttrBase<DLTIMapAttr, Attribute, ods::AttrParamStorage<ArrayRef<DataLayoutEntryAttr>>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.map";
  static DLTIMapAttr get(MLIRContext *ctx, DataLayoutEntryList entries) { return Base::get(ctx, entries); }
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries);
  DataLayoutEntryList getEntries() const { return std::get<0>(getImpl()->params); }
  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// `#dlti.target_device_spec<entries>`: the properties of one device
/// (string keys only).
class TargetDeviceSpecAttr
    : public Attribute::AttrBase<TargetDeviceSpecAttr, Attribute,
                                 ods::AttrParamStorage<ArrayRef<DataLayoutEntryAttr>>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.target_device_spec";
  static TargetDeviceSpecAttr get(MLIRContext *ctx, DataLayoutEntryList entries) { return Base::get(ctx, entries); }
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries);
  DataLayoutEntryList getEntries() const { return std::get<0>(getImpl()->params); }
  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// `#dlti.target_system_spec<"id" = #dlti.target_device_spec<...>, ...>`.
class TargetSystemSpecAttr
    : public Attribute::AttrBase<TargetSystemSpecAttr, Attribute,
                                 ods::AttrParamStorage<ArrayRef<DataLayoutEntryAttr>>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.target_system_spec";
  static TargetSystemSpecAttr get(MLIRContext *ctx, DataLayoutEntryList entries) { return Base::get(ctx, entries); }
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries);
  DataLayoutEntryList getEntries() const { return std::get<0>(getImpl()->params); }
  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// `#dlti.function_pointer_alignment<64, function_dependent = false>`.
class FunctionPointerAlignmentAttr
    : public Attribute::AttrBase<FunctionPointerAlignmentAttr, Attribute, ods::AttrParamStorage<uint64_t, bool>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "dlti.function_pointer_alignment";
  static FunctionPointerAlignmentAttr get(MLIRContext *ctx, uint64_t alignment, bool functionDependent) {
    return Base::get(ctx, alignment, functionDependent);
  }
  uint64_t getAlignment() const { return std::get<0>(getImpl()->params); }
  bool getFunctionDependent() const { return std::get<1>(getImpl()->params); }
};

//===----------------------------------------------------------------------===//
// Data layout verification hooks
//===----------------------------------------------------------------------===//

/// What a dialect knows of data layout entries (MLIR's
/// DataLayoutDialectInterface for `dialect.`-prefixed string keys, and
/// DataLayoutTypeInterface::verifyEntries/areCompatible for its types).
/// Registered with Dialect::addInterfaceAs<DataLayoutDialectInterface, Impl>.
class DataLayoutDialectInterface {
public:
  virtual ~DataLayoutDialectInterface() = default;
  /// Verifies an entry whose key is a string naming the dialect.
  virtual LogicalResult verifyEntry(DataLayoutEntryAttr entry, Location loc) const;
  /// Combines two entries with the same string key (null: incompatible).
  /// Default: identical entries only.
  virtual DataLayoutEntryAttr combine(DataLayoutEntryAttr outer, DataLayoutEntryAttr inner) const {
    return outer == inner ? outer : DataLayoutEntryAttr();
  }
  /// Verifies the entries of a spec keyed by the dialect's types of one
  /// class (`sample` is one of them); std::nullopt if that type class
  /// supports no data layout entries.
  virtual std::optional<LogicalResult> verifyTypeEntries(Type sample, DataLayoutEntryList entries,
                                                         Location loc) const {
    (void)sample, (void)entries, (void)loc;
    return std::nullopt;
  }
  /// Whether the entries of an enclosing spec for a type class are
  /// compatible with those of a nested spec.
  virtual bool areCompatible(Type sample, DataLayoutEntryList outer, DataLayoutEntryList inner) const {
    (void)sample, (void)outer, (void)inner;
    return true;
  }
};

/// MLIR's detail::verifyDataLayoutOp for an op carrying `dlti.dl_spec`: the
/// spec's entries, then that it combines with the specs of enclosing ops.
LogicalResult verifyDataLayoutOp(Operation *op);

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

/// `dlti`: data layout and target information attributes.
class DLTIDialect : public Dialect {
public:
  explicit DLTIDialect(MLIRContext *ctx);
  ~DLTIDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "dlti"; }

  static constexpr std::string_view kDataLayoutAttrName = "dlti.dl_spec";
  static constexpr std::string_view kMapAttrName = "dlti.map";
  static constexpr std::string_view kTargetSystemDescAttrName = "dlti.target_system_spec";
  static constexpr std::string_view kTargetDeviceDescAttrName = "dlti.target_device_spec";

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// `dlti.dl_spec`, `dlti.map`, `dlti.target_system_spec` on any op.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;

private:
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
