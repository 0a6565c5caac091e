//===- LLVMBaseClasses.h - Hand-written classes of the llvm dialect -------===//
//
// What MLIR writes by hand in LLVMAttrs.h/LLVMTypes.h and the generated
// classes (LLVMOps.gen.h) build on: the base classes of the debug-info and
// TBAA attributes (`DIScopeAttr`, ...: isa classes over the generated ones),
// the types without a TypeDef (`!llvm.void`, `!llvm.token`, `!llvm.label`,
// `!llvm.metadata`) or with a hand-written syntax and mutable storage
// (`!llvm.struct`), the type predicates the constraints use
// (isCompatibleType, ...) and the parameter syntax of the debug-info
// attributes (DWARF names: `DW_TAG_base_type`).
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <atomic>
#include <string_view>

namespace lamina {
namespace LLVM {

//===----------------------------------------------------------------------===//
// Base classes of attributes
//===----------------------------------------------------------------------===//

/// Any debug-info node (`#llvm.di_*`).
class DINodeAttr : public Attribute {
public:
  using Attribute::Attribute;
  static bool classof(Attribute attr);
};

/// A debug-info scope: compile unit, file, module, namespace, composite
/// type, common block, or a local scope.
class DIScopeAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(Attribute attr);
};

/// A local debug-info scope: subprogram, lexical block (file).
class DILocalScopeAttr : public DIScopeAttr {
public:
  using DIScopeAttr::DIScopeAttr;
  static bool classof(Attribute attr);
};

/// A debug-info type.
class DITypeAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(Attribute attr);
};

/// A debug-info variable (local or global).
class DIVariableAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(Attribute attr);
};

/// A TBAA node: root or type descriptor.
class TBAANodeAttr : public Attribute {
public:
  using Attribute::Attribute;
  static bool classof(Attribute attr);
};

//===----------------------------------------------------------------------===//
// Types without a TypeDef
//===----------------------------------------------------------------------===//

/// `!llvm.void`.
class LLVMVoidType : public Type::TypeBase<LLVMVoidType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "llvm.void";
  static LLVMVoidType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!llvm.token`.
class LLVMTokenType : public Type::TypeBase<LLVMTokenType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "llvm.token";
  static LLVMTokenType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!llvm.label`.
class LLVMLabelType : public Type::TypeBase<LLVMLabelType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "llvm.label";
  static LLVMLabelType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!llvm.metadata`.
class LLVMMetadataType : public Type::TypeBase<LLVMMetadataType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "llvm.metadata";
  static LLVMMetadataType get(MLIRContext *ctx) { return Base::get(ctx); }
};

//===----------------------------------------------------------------------===//
// Structure type
//===----------------------------------------------------------------------===//

namespace detail {
/// Storage of `!llvm.struct`: a literal struct is uniqued by its element
/// types and packedness; an identified one by its name alone, its body set
/// once after creation (the mutable part: it may contain the struct itself).
struct LLVMStructTypeStorage : public TypeStorage {
  struct KeyTy {
    bool identified = false;
    std::string_view name;
    /// Identified: created opaque (when new).
    bool opaque = false;
    ArrayRef<Type> types;
    bool packed = false;
  };
  /// The body of an identified struct, immutable once published.
  struct Body {
    ArrayRef<Type> types;
    bool packed = false;
    bool opaque = false;
  };

  explicit LLVMStructTypeStorage(const KeyTy &key) : key(key) {}
  bool operator==(const KeyTy &other) const {
    if (key.identified != other.identified)
      return false;
    if (key.identified)
      return key.name == other.name;
    return key.packed == other.packed && key.types == other.types;
  }
  static uint64_t hashKey(const KeyTy &k) {
    if (k.identified)
      return hash_combine(true, k.name);
    return hash_combine(false, k.packed, std::span<const Type>(k.types.data(), k.types.size()));
  }
  static LLVMStructTypeStorage *construct(StorageAllocator &allocator, const KeyTy &k);
  /// Sets the body of an identified struct: succeeds if it had none, or the
  /// same one (not opaque).
  LogicalResult mutate(StorageAllocator &allocator, ArrayRef<Type> body, bool packed);

  const Body *getBody() const { return body.load(std::memory_order_acquire); }

  KeyTy key;
  std::atomic<const Body *> body{nullptr};
};
} // namespace detail

/// `!llvm.struct<...>`: literal (`struct<(i32, f32)>`, `struct<packed (...)>`)
/// or identified by a name (`struct<"a", (ptr)>`, `struct<"a", opaque>`).
class LLVMStructType : public Type::TypeBase<LLVMStructType, Type, detail::LLVMStructTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "llvm.struct";

  /// Whether `type` may be an element of a struct.
  static bool isValidElementType(Type type);

  /// The identified struct `name` (without a body if new).
  static LLVMStructType getIdentified(MLIRContext *ctx, std::string_view name);
  static LLVMStructType getIdentifiedChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                             std::string_view name);
  /// The identified struct `name`, opaque if new.
  static LLVMStructType getOpaque(std::string_view name, MLIRContext *ctx);
  static LLVMStructType getLiteral(MLIRContext *ctx, ArrayRef<Type> types, bool isPacked = false);
  /// Null (after "invalid LLVM structure element type") if an element is not
  /// valid.
  static LLVMStructType getLiteralChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                          ArrayRef<Type> types, bool isPacked = false);

  /// Sets the body of an identified struct; fails if it has another one.
  LogicalResult setBody(ArrayRef<Type> types, bool isPacked);

  bool isIdentified() const { return getImpl()->key.identified; }
  bool isPacked() const;
  /// Identified and opaque (explicitly, or without a body yet).
  bool isOpaque() const;
  bool isInitialized() const { return !isIdentified() || getImpl()->getBody() != nullptr; }
  std::string_view getName() const { return getImpl()->key.name; }
  ArrayRef<Type> getBody() const;

  /// The syntax after `struct` (MLIR's LLVMStructType::parse/print).
  static Type parse(AsmParser &parser);
  void print(AsmPrinter &printer) const;

  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

//===----------------------------------------------------------------------===//
// Type predicates
//===----------------------------------------------------------------------===//

/// A type the llvm dialect can hold at the top level (builtin floats,
/// signless integers, 1-D vectors, llvm types).
bool isCompatibleOuterType(Type type);
/// A type made only of LLVM-compatible types, recursively.
bool isCompatibleType(Type type);
bool isCompatibleFloatingPointType(Type type);
/// A 1-D vector of signless integers, floats or pointers.
bool isCompatibleVectorType(Type type);
/// A type a load or store may access.
bool isLoadableType(Type type);
/// A scalable vector (`type` must be a vector).
bool isScalableVectorType(Type vectorType);
/// A number of vector elements: fixed, or a multiple of vscale.
struct ElementCount {
  int64_t minValue = 0;
  bool scalable = false;
  bool operator==(const ElementCount &other) const {
    return minValue == other.minValue && scalable == other.scalable;
  }
  ElementCount operator*(int64_t factor) const { return {minValue * factor, scalable}; }
};
/// The number of elements of a vector type.
ElementCount getVectorNumElements(Type type);
/// The type at `position` in the aggregate `containerType`; null after an
/// error on `op` ("position out of bounds: 3", ...).
Type getInsertExtractValueElementType(Operation *op, Type containerType, ArrayRef<int64_t> position);
/// `!llvm.struct<(valType, i1)>`: cmpxchg's result.
Type getValAndBoolStructType(Type valType);

/// Types usable as the element of a pointer (MLIR's interface of that name):
/// none of Lamina's types implement it.
class PointerElementTypeInterface : public Type {
public:
  using Type::Type;
  static bool classof(Type) { return false; }
};

//===----------------------------------------------------------------------===//
// Parameter syntax of the debug-info attributes
//===----------------------------------------------------------------------===//

/// DWARF-named unsigned parameters: `DW_TAG_*`, `DW_ATE_*`, `DW_LANG_*`,
/// `DW_CC_*`, `DW_OP_*` ("invalid debug info tag name: x").
ods::ParamSpec diTagParam(std::string name);
ods::ParamSpec diEncodingParam(std::string name);
ods::ParamSpec diLanguageParam(std::string name);
ods::ParamSpec diCallingConventionParam(std::string name);
ods::ParamSpec diOperationEncodingParam(std::string name);
/// The members of a TBAA type descriptor: `{<#desc, 0>, ...}`.
ods::ParamSpec tbaaMembersParam(std::string name);

/// The DWARF names and values (DwarfNames.def); empty / 0 when unknown.
std::string_view getDwarfTagString(unsigned value);
std::string_view getDwarfAttributeEncodingString(unsigned value);
unsigned getDwarfAttributeEncoding(std::string_view name);

} // namespace LLVM
} // namespace lamina
