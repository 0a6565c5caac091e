//===- Constraints.h - Type, attribute, region and successor constraints ---===//
//
// The predicates an operation definition puts on its operands, results,
// attributes, regions and successors, each with the exact summary MLIR's ODS
// prints in its generated verifier messages ("operand #0 must be <summary>,
// but got 'f32'"). A constraint is a value: build it once (usually as a
// function-local static or while defining an op) and copy it freely.
//
// Besides the predicate, a constraint carries what ODS derives from it for
// the assembly format: a buildable type (`I1` lets the format omit
// `type($cond)`), and the C++ storage class (`storageType`/`cppType`) which
// decides between printing an attribute or type in full and in its stripped
// form.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpImplementation.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

namespace lamina {
namespace ods {

struct EnumInfo;

/// An ODS `Property<>` stored in a property slot as its attribute form.
/// Only EnumProp is supported: the attribute form is `N : iW`, the bytecode
/// a varint, the format syntax the enum's FieldParser/operator<< (after
/// `mnemonic<`, with `>`, for NamedEnumPropWithAttrForm).
struct PropertyInfo {
  const EnumInfo *enumInfo = nullptr;
  std::string mnemonic;
};

//===----------------------------------------------------------------------===//
// Storage classes
//===----------------------------------------------------------------------===//

/// The C++ class of a type constraint (ODS `cppType`) when it is a class
/// with its own syntax (a dialect type defined with a mnemonic). The format
/// engine prints `type($x)` stripped (`ptr` rather than `!llvm.ptr`) when the
/// value is an instance, and parses the stripped form unless the text starts
/// with `!`.
struct TypeClass {
  /// Is `t` an instance of the class? (A single `type($x)` whose value is not
  /// an instance fails to parse: "invalid kind of type specified".)
  std::function<bool(Type)> isInstance;
  /// Parses the stripped form (the parameters only, as MLIR's `T::parse`).
  /// Null result on error.
  std::function<Type(AsmParser &)> parse;
  /// Prints the stripped form (parameters only, as MLIR's `T::print`).
  std::function<void(Type, AsmPrinter &)> print;
  /// The class's static name (`builtin.tensor`, `llvm.ptr`), empty when MLIR's
  /// class has none (TensorType, FloatType, interfaces): a type of another
  /// class is then reported as "invalid kind of type specified: expected
  /// builtin.tensor, but found 'tensor<*xf32>'".
  std::string_view name;
};

/// The C++ class of an attribute constraint (ODS `storageType`). Null class
/// means `::mlir::Attribute`: the attribute is parsed and printed in full.
/// A class without parse/print hooks (StringAttr, ArrayAttr, ...) is parsed
/// in full and checked ("invalid kind of attribute specified"); a class with
/// hooks (DenseI64ArrayAttr, dialect attributes) is printed stripped (`[1,
/// 2]`, `<fast>`) and parsed stripped unless the text starts with `#`.
struct AttrClass {
  /// Is `a` an instance of the class (the `dyn_cast<StorageT>` of ODS)?
  std::function<bool(Attribute)> isInstance;
  /// Parses the stripped form; `type` is the buildable value type, if any.
  std::function<Attribute(AsmParser &, Type)> parse;
  /// Prints the stripped form.
  std::function<void(Attribute, AsmPrinter &)> print;
  /// For optional parsing: the class only starts with this character
  /// (`"` StringAttr, `[` ArrayAttr, `@` SymbolRefAttr), as MLIR's dedicated
  /// parseOptionalAttribute overloads; 0 tries any attribute.
  char optionalLeader = 0;
};

//===----------------------------------------------------------------------===//
// TypeConstraint
//===----------------------------------------------------------------------===//

/// A predicate on the type of an operand or result.
struct TypeConstraint {
  /// MLIR's summary, used verbatim in "must be <summary>, but got ...".
  std::string summary;
  /// The predicate; null accepts any type (and generates no check).
  std::function<bool(Type)> pred;
  /// Builds the only type that satisfies the constraint (ODS `builderCall`),
  /// letting the assembly format infer the type; null if not buildable.
  Type (*build)(MLIRContext *ctx) = nullptr;
  /// The C++ class (ODS `cppType`); null is `::mlir::Type`.
  const TypeClass *cppClass = nullptr;

  TypeConstraint() : summary("any type") {}
  TypeConstraint(std::string summary, std::function<bool(Type)> pred, Type (*build)(MLIRContext *) = nullptr)
      : summary(std::move(summary)), pred(std::move(pred)), build(build) {}

  bool isSatisfiedBy(Type t) const { return !pred || pred(t); }
  /// True if the constraint generates a check (ODS `hasPredicate`).
  bool hasPredicate() const { return bool(pred); }
};

//===----------------------------------------------------------------------===//
// AttrConstraint
//===----------------------------------------------------------------------===//

/// A predicate on an inherent attribute, with what the assembly format needs
/// to parse and print it.
struct AttrConstraint {
  /// MLIR's summary ("attribute 'x' failed to satisfy constraint: <summary>").
  std::string summary;
  /// The full predicate (class check included); null accepts anything.
  std::function<bool(Attribute)> pred;
  /// The storage class; null is `::mlir::Attribute`.
  const AttrClass *storage = nullptr;
  /// The buildable value type (ODS `valueType` with a builder): the format
  /// parses the attribute with this type and prints it without `: type`.
  Type (*valueType)(MLIRContext *ctx) = nullptr;
  /// `SymbolNameAttr`: printed and parsed as `@name`.
  bool isSymbolName = false;
  /// `UnitAttr`: present or absent; implicitly optional.
  bool isUnit = false;
  /// An integer enum stored as IntegerAttr (ODS I32EnumAttr/I64EnumAttr):
  /// printed and parsed as a keyword (or string).
  const EnumInfo *enumInfo = nullptr;
  /// A Property<> rather than an attribute (its bytecode and format syntax).
  const PropertyInfo *property = nullptr;
  /// Builds an attribute from its C++ value written as a string, as ODS's
  /// `constBuilderCall` does for default values (e.g. "0" for I64Attr,
  /// "::mlir::arith::FastMathFlags::none" for an enum). Null if none.
  std::function<Attribute(MLIRContext *, std::string_view)> constBuilder;

  AttrConstraint() : summary("any attribute") {}
  AttrConstraint(std::string summary, std::function<bool(Attribute)> pred, const AttrClass *storage = nullptr)
      : summary(std::move(summary)), pred(std::move(pred)), storage(storage) {}

  bool isSatisfiedBy(Attribute a) const { return !pred || pred(a); }
  /// True if `a` is an instance of the storage class (ODS's dyn_cast).
  bool isStorageInstance(Attribute a) const { return !storage || !storage->isInstance || storage->isInstance(a); }
};

//===----------------------------------------------------------------------===//
// Region and successor constraints
//===----------------------------------------------------------------------===//

/// A predicate on a region ("region #0 ('body') failed to verify constraint:
/// region with 1 blocks").
struct RegionConstraint {
  std::string summary;
  /// Null accepts any region.
  std::function<bool(Region &)> pred;
  RegionConstraint() : summary("any region") {}
  RegionConstraint(std::string summary, std::function<bool(Region &)> pred)
      : summary(std::move(summary)), pred(std::move(pred)) {}
};

/// A predicate on a successor block.
struct SuccessorConstraint {
  std::string summary;
  std::function<bool(Block *)> pred;
  SuccessorConstraint() : summary("any successor") {}
  SuccessorConstraint(std::string summary, std::function<bool(Block *)> pred)
      : summary(std::move(summary)), pred(std::move(pred)) {}
};

//===----------------------------------------------------------------------===//
// Common type constraints (mlir/IR/CommonTypeConstraints.td)
//===----------------------------------------------------------------------===//

/// `AnyType`.
TypeConstraint AnyType();
/// `I1`, `I8`, ... `I<width>`: "<width>-bit signless integer".
TypeConstraint I(unsigned width);
/// `SI<width>` / `UI<width>`.
TypeConstraint SI(unsigned width);
TypeConstraint UI(unsigned width);
/// `Index`: "index".
TypeConstraint Index();
/// `AnyInteger`: "integer".
TypeConstraint AnyInteger();
/// `AnySignlessInteger`: "signless integer".
TypeConstraint AnySignlessInteger();
/// `AnySignlessIntegerOrIndex`: "signless integer or index".
TypeConstraint AnySignlessIntegerOrIndex();
/// `F16`, `F32`, `F64`, `BF16`...: "<w>-bit float" / "bfloat16 type".
TypeConstraint F(unsigned width);
TypeConstraint BF16();
/// `AnyFloat`: "floating-point".
TypeConstraint AnyFloat();
/// `AnyComplex`: "complex-type".
TypeConstraint AnyComplex();
/// `NoneType`: "none type".
TypeConstraint NoneTypeConstraint();
/// `FunctionType`: "function type".
TypeConstraint FunctionTypeConstraint();
/// `AnyVectorOfAnyRank`: "vector of any type values".
TypeConstraint AnyVector();
/// `AnyTensor`, `AnyRankedTensor`, `AnyUnrankedTensor`.
TypeConstraint AnyTensor();
TypeConstraint AnyRankedTensor();
/// `AnyMemRef`: "memref of any type values"; `AnyRankedOrUnrankedMemRef`.
TypeConstraint AnyMemRef();
TypeConstraint AnyRankedOrUnrankedMemRef();
/// `AnyTypeOf<[...], summary>`: the disjunction; the summary defaults to the
/// members' summaries joined with " or ".
TypeConstraint AnyTypeOf(std::initializer_list<TypeConstraint> types, std::string summary = {});
/// `VectorOf<[...]>`, `TensorOf<[...]>`, `MemRefOf<[...]>`: a container
/// whose element type satisfies one of `elements` ("vector of 32-bit float
/// values").
TypeConstraint VectorOf(std::initializer_list<TypeConstraint> elements);
TypeConstraint TensorOf(std::initializer_list<TypeConstraint> elements);
TypeConstraint RankedTensorOf(std::initializer_list<TypeConstraint> elements);
TypeConstraint MemRefOf(std::initializer_list<TypeConstraint> elements);
/// A type constraint with an arbitrary predicate and summary.
TypeConstraint TypeOf(std::string summary, std::function<bool(Type)> pred, Type (*build)(MLIRContext *) = nullptr);

//===----------------------------------------------------------------------===//
// Common attribute constraints (mlir/IR/CommonAttrConstraints.td)
//===----------------------------------------------------------------------===//

/// `AnyAttr`: "any attribute".
AttrConstraint AnyAttr();
/// `StrAttr`: "string attribute" (parsed with NoneType, printed bare).
AttrConstraint StrAttr();
/// `SymbolNameAttr`: "string attribute", formatted as `@name`.
AttrConstraint SymbolNameAttr();
/// `FlatSymbolRefAttr`: "flat symbol reference attribute".
AttrConstraint FlatSymbolRefAttr();
/// `SymbolRefAttr`: "symbol reference attribute".
AttrConstraint SymbolRefAttr();
/// `UnitAttr`: "unit attribute".
AttrConstraint UnitAttr();
/// `BoolAttr`: "bool attribute".
AttrConstraint BoolAttr();
/// `I32Attr`, `I64Attr`, ...: "<w>-bit signless integer attribute";
/// `SI32Attr`/`UI32Attr`; `IndexAttr`: "index attribute".
AttrConstraint IntAttr(unsigned width);
AttrConstraint SIntAttr(unsigned width);
AttrConstraint UIntAttr(unsigned width);
AttrConstraint IndexAttr();
/// `AnyIntegerAttr`: "arbitrary integer attribute".
AttrConstraint AnyIntegerAttr();
/// `F32Attr`, `F64Attr`: "<w>-bit float attribute".
AttrConstraint FloatAttrOf(unsigned width);
/// `TypedAttrInterface`: "TypedAttr instance".
AttrConstraint TypedAttr();
/// `TypeAttr`: "any type attribute"; `TypeAttrOf<T>`: "type attribute of
/// <T summary>".
AttrConstraint TypeAttr();
AttrConstraint TypeAttrOf(const TypeConstraint &type);
/// `ArrayAttr`: "array attribute".
AttrConstraint ArrayAttr();
/// `DictionaryAttr`: "dictionary of named attribute values".
AttrConstraint DictionaryAttr();
/// `DictArrayAttr`: "Array of dictionary attributes".
AttrConstraint DictArrayAttr();
/// `I32ArrayAttr`, `I64ArrayAttr`: "32-bit integer array attribute".
AttrConstraint IntArrayAttr(unsigned width);
/// `StrArrayAttr`: "string array attribute".
AttrConstraint StrArrayAttr();
/// `DenseI32ArrayAttr`, `DenseI64ArrayAttr`, `DenseBoolArrayAttr`: "i32
/// dense array attribute"; printed stripped as `[1, 2]`.
AttrConstraint DenseI32ArrayAttr();
AttrConstraint DenseI64ArrayAttr();
AttrConstraint DenseBoolArrayAttr();
/// `DenseI8ArrayAttr`, `DenseI16ArrayAttr`, `DenseF32ArrayAttr`,
/// `DenseF64ArrayAttr`: "i8 dense array attribute", ...
AttrConstraint DenseI8ArrayAttr();
AttrConstraint DenseI16ArrayAttr();
AttrConstraint DenseF32ArrayAttr();
AttrConstraint DenseF64ArrayAttr();
/// `TypeArrayAttr`: "type array attribute" (an array of type attributes).
AttrConstraint TypeArrayAttr();
/// `StringElementsAttr`: "string elements attribute".
AttrConstraint StringElementsAttr();
/// `AffineMapAttr`: "AffineMap attribute"; `IntegerSetAttr`.
AttrConstraint AffineMapAttr();
AttrConstraint IntegerSetAttr();
/// `ElementsAttr`: "constant vector/tensor attribute";
/// `AnyI32ElementsAttr` ("32-bit signless integer elements attribute") etc.
AttrConstraint ElementsAttr();
AttrConstraint IntElementsAttr(unsigned width);
/// `LocationAttr`.
AttrConstraint LocationAttr();
/// `AnyAttrOf<[...]>`: the disjunction, summaries joined with " or ".
AttrConstraint AnyAttrOf(std::initializer_list<AttrConstraint> attrs);
/// `ConfinedAttr<base, [c]>`: `base` and the extra predicate `pred`; the
/// summary is base's followed by a space and `summary` (ODS's fold of the
/// constraint summaries), e.g. "32-bit signless integer attribute whose value
/// is positive". Storage class and value type are base's.
AttrConstraint Confined(AttrConstraint base, std::string_view summary, std::function<bool(Attribute)> pred);
/// An attribute constraint with an arbitrary predicate and summary.
AttrConstraint AttrOf(std::string summary, std::function<bool(Attribute)> pred, const AttrClass *storage = nullptr);

//===----------------------------------------------------------------------===//
// Region and successor constraints (mlir/IR/OpBase.td)
//===----------------------------------------------------------------------===//

/// `AnyRegion`: no check.
RegionConstraint AnyRegion();
/// `SizedRegion<n>`: "region with <n> blocks".
RegionConstraint SizedRegion(unsigned n);
/// `MinSizedRegion<n>` / `MaxSizedRegion<n>`.
RegionConstraint MinSizedRegion(unsigned n);
RegionConstraint MaxSizedRegion(unsigned n);
/// `AnySuccessor`: no check.
SuccessorConstraint AnySuccessor();

//===----------------------------------------------------------------------===//
// Stripped forms shared with dialects
//===----------------------------------------------------------------------===//

/// The DenseArrayAttr storage classes (`[1, 2, 3]` stripped form).
const AttrClass &denseArrayClass(unsigned kind);

/// The storage class of builtin attribute class T (ODS `storageType`): an
/// instance check and, for optional parsing, the leading character of
/// StringAttr (`"`), ArrayAttr (`[`) and SymbolRefAttr (`@`). Classes with a
/// stripped form (dense arrays) have their own (denseArrayClass).
template <typename T> const AttrClass *builtinAttrClass() {
  static const AttrClass cls{[](Attribute a) { return isa<T>(a); }, nullptr, nullptr,
                             std::is_same_v<T, lamina::StringAttr>      ? '"'
                             : std::is_same_v<T, lamina::ArrayAttr>     ? '['
                             : std::is_same_v<T, lamina::SymbolRefAttr> ? '@'
                                                                        : char(0)};
  return &cls;
}

/// A type class whose instances are the types `isa<T>` (an interface such as
/// bufferization's TensorLikeType), without a syntax of its own.
template <typename T> const TypeClass *isaTypeClass() {
  static const TypeClass cls{[](Type t) { return isa<T>(t); }, nullptr, nullptr, {}};
  return &cls;
}

/// Builtin type classes (ODS cppType), for constraints built by hand.
extern const TypeClass IntegerTypeClass, IndexTypeClass, FloatTypeClass, FunctionTypeClass, NoneTypeClass,
    ComplexTypeClass, VectorTypeClass, TensorTypeClass, RankedTensorTypeClass, MemRefTypeClass,
    BaseMemRefTypeClass, ShapedTypeClass;

} // namespace ods
} // namespace lamina
