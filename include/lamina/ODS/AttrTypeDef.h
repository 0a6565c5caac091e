//===- AttrTypeDef.h - Declarative dialect attributes and types -----------===//
//
// MLIR's AttrDef/TypeDef: a dialect attribute or type with a mnemonic, a
// list of parameters and an assembly format, e.g.
// `#arith.fastmath<nnan,ninf>` (one enum parameter, format "`<` $value `>`").
//
// The C++ class stores its parameters in `ods::AttrParamStorage<Ps...>` /
// `ods::TypeParamStorage<Ps...>` (a tuple, uniqued by value):
//
//   class FastMathFlagsAttr
//       : public Attribute::AttrBase<FastMathFlagsAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
//   public:
//     using Base::Base;
//     static constexpr std::string_view name = "arith.fastmath";
//     static FastMathFlagsAttr get(MLIRContext *ctx, uint32_t flags) { return Base::get(ctx, flags); }
//     uint32_t getValue() const { return std::get<0>(getImpl()->params); }
//   };
//
// and the dialect registers it with its syntax:
//
//   ods::AttrDef<FastMathFlagsAttr>("fastmath", "Arith_FastMathAttr")
//       .enumParam("value", fastMathFlags)
//       .format("`<` $value `>`")
//       .registerIn(attrTypes);   // attrTypes: an ods::DialectAttrTypes member
//   addAttributes<FastMathFlagsAttr>();
//
// `Dialect::parseAttribute/printAttribute` then forward to `attrTypes`
// (dispatch by mnemonic), and an op format variable of the class prints
// stripped (`<fast>`) through `ods::attrClassOf<FastMathFlagsAttr>()`.
// Parameters may be: integers, bool, enums, std::string_view, APInt,
// std::optional of an unsigned integer, ArrayRef of int64_t, of unsigned
// integers, of Attribute/Type or any of their subclasses, and Attribute/Type
// or any of their subclasses. A class with its own storage (the seed's
// ComplexType) supplies `build`/`getParams`. Formats may call hand-written
// `custom<Name>(...)` directives registered with `.directive(...)`.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/StorageUserBase.h"
#include "lamina/ODS/Constraints.h"
#include "lamina/ODS/EnumDef.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/APInt.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace lamina {
namespace ods {

//===----------------------------------------------------------------------===//
// Parameter values
//===----------------------------------------------------------------------===//

/// The kinds of parameters the engine parses and prints generically.
enum class ParamKind {
  Int,
  UInt,
  Bool,
  Enum,
  Attr,
  Type,
  String,
  IntArray,
  Float,
  /// ArrayRef of attributes (of a subclass: the element's syntax is the
  /// spec's attrClass/attrCheck), of types, of unsigned integers.
  AttrArray,
  TypeArray,
  UIntArray,
  /// std::optional of an unsigned integer (absent: `hasValue` false).
  OptUInt,
  /// An arbitrary-precision integer.
  Int64APInt,
};

/// A type-erased parameter value.
struct ParamValue {
  int64_t i = 0;
  uint64_t u = 0;
  bool b = false;
  Attribute attr;
  Type type;
  std::string str;
  std::vector<int64_t> ints;
  std::optional<APFloat> f;
  std::vector<Attribute> attrs;
  std::vector<Type> types;
  std::vector<uint64_t> uints;
  /// OptUInt: whether the value (`u`) is present.
  bool hasValue = false;
  std::optional<APInt> apint;
};

/// Conversion between a C++ parameter type and ParamValue.
template <typename T, typename = void> struct ParamTraits;

template <typename T> struct ParamTraits<T, std::enable_if_t<std::is_same_v<T, bool>>> {
  static constexpr ParamKind kind = ParamKind::Bool;
  static void to(ParamValue &v, T x) { v.b = x; }
  static bool from(const ParamValue &v, T &x) {
    x = v.b;
    return true;
  }
};
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T>>> {
  static constexpr ParamKind kind = ParamKind::Int;
  static void to(ParamValue &v, T x) { v.i = x; }
  static bool from(const ParamValue &v, T &x) {
    x = T(v.i);
    return true;
  }
};
template <typename T>
struct ParamTraits<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_signed_v<T>>> {
  static constexpr ParamKind kind = ParamKind::UInt;
  static void to(ParamValue &v, T x) { v.u = x; }
  static bool from(const ParamValue &v, T &x) {
    x = T(v.u);
    return true;
  }
};
template <typename T> struct ParamTraits<T, std::enable_if_t<std::is_enum_v<T>>> {
  static constexpr ParamKind kind = ParamKind::UInt;
  static void to(ParamValue &v, T x) { v.u = uint64_t(x); }
  static bool from(const ParamValue &v, T &x) {
    x = T(v.u);
    return true;
  }
};
template <typename T> struct ParamTraits<T, std::enable_if_t<std::is_base_of_v<Attribute, T>>> {
  static constexpr ParamKind kind = ParamKind::Attr;
  static void to(ParamValue &v, T x) { v.attr = x; }
  static bool from(const ParamValue &v, T &x) {
    if constexpr (std::is_same_v<T, Attribute>) {
      x = v.attr;
      return true;
    } else {
      x = dyn_cast_or_null<T>(v.attr);
      return bool(x) || !v.attr;
    }
  }
};
template <typename T> struct ParamTraits<T, std::enable_if_t<std::is_base_of_v<Type, T>>> {
  static constexpr ParamKind kind = ParamKind::Type;
  static void to(ParamValue &v, T x) { v.type = x; }
  static bool from(const ParamValue &v, T &x) {
    if constexpr (std::is_same_v<T, Type>) {
      x = v.type;
      return true;
    } else {
      x = dyn_cast_or_null<T>(v.type);
      return bool(x) || !v.type;
    }
  }
};
/// AffineMap parameters are kept as AffineMapAttr values (null: no map).
template <> struct ParamTraits<AffineMap> {
  static constexpr ParamKind kind = ParamKind::Attr;
  static void to(ParamValue &v, AffineMap x) { v.attr = x ? Attribute(lamina::AffineMapAttr::get(x)) : Attribute(); }
  static bool from(const ParamValue &v, AffineMap &x) {
    if (!v.attr) {
      x = AffineMap();
      return true;
    }
    auto map = dyn_cast<lamina::AffineMapAttr>(v.attr);
    if (map)
      x = map.getValue();
    return bool(map);
  }
};
template <> struct ParamTraits<std::string_view> {
  static constexpr ParamKind kind = ParamKind::String;
  static void to(ParamValue &v, std::string_view x) { v.str = std::string(x); }
  static bool from(const ParamValue &v, std::string_view &x) {
    x = v.str;
    return true;
  }
};
template <> struct ParamTraits<APFloat> {
  static constexpr ParamKind kind = ParamKind::Float;
  static void to(ParamValue &v, const APFloat &x) { v.f = x; }
  static bool from(const ParamValue &v, APFloat &x) {
    if (!v.f)
      return false;
    x = *v.f;
    return true;
  }
};

template <> struct ParamTraits<ArrayRef<int64_t>> {
  static constexpr ParamKind kind = ParamKind::IntArray;
  static void to(ParamValue &v, ArrayRef<int64_t> x) { v.ints.assign(x.begin(), x.end()); }
  static bool fill(const ParamValue &v, std::vector<int64_t> &out) {
    out = v.ints;
    return true;
  }
};
/// ArrayRef of attributes or types (of a subclass T).
template <typename T>
struct ParamTraits<ArrayRef<T>, std::enable_if_t<std::is_base_of_v<Attribute, T> || std::is_base_of_v<Type, T>>> {
  static constexpr bool isAttr = std::is_base_of_v<Attribute, T>;
  static constexpr ParamKind kind = isAttr ? ParamKind::AttrArray : ParamKind::TypeArray;
  /// The element class of an attribute array (its stripped syntax when it
  /// has one; null for plain Attribute: parsed and printed in full).
  static TypeID elemID() {
    if constexpr (!isAttr || std::is_same_v<T, Attribute>)
      return TypeID();
    else
      return TypeID::get<T>();
  }
  static void to(ParamValue &v, ArrayRef<T> x) {
    if constexpr (isAttr)
      v.attrs.assign(x.begin(), x.end());
    else
      v.types.assign(x.begin(), x.end());
  }
  static bool fill(const ParamValue &v, std::vector<T> &out) {
    out.clear();
    if constexpr (isAttr) {
      for (Attribute a : v.attrs) {
        T t = dyn_cast_or_null<T>(a);
        if (!t)
          return false;
        out.push_back(t);
      }
    } else {
      for (Type ty : v.types) {
        T t = dyn_cast_or_null<T>(ty);
        if (!t)
          return false;
        out.push_back(t);
      }
    }
    return true;
  }
};
/// ArrayRef of unsigned integers (`ArrayRef<uint64_t>`, `ArrayRef<unsigned>`).
template <typename T>
struct ParamTraits<ArrayRef<T>, std::enable_if_t<std::is_integral_v<T> && std::is_unsigned_v<T>>> {
  static constexpr ParamKind kind = ParamKind::UIntArray;
  static void to(ParamValue &v, ArrayRef<T> x) { v.uints.assign(x.begin(), x.end()); }
  static bool fill(const ParamValue &v, std::vector<T> &out) {
    out.assign(v.uints.begin(), v.uints.end());
    return true;
  }
};
/// std::optional of an unsigned integer.
template <typename T> struct ParamTraits<std::optional<T>, std::enable_if_t<std::is_integral_v<T>>> {
  static constexpr ParamKind kind = ParamKind::OptUInt;
  static void to(ParamValue &v, std::optional<T> x) {
    v.hasValue = x.has_value();
    v.u = x ? uint64_t(*x) : 0;
  }
  static bool from(const ParamValue &v, std::optional<T> &x) {
    x = v.hasValue ? std::optional<T>(T(v.u)) : std::nullopt;
    return true;
  }
};
template <> struct ParamTraits<APInt> {
  static constexpr ParamKind kind = ParamKind::Int64APInt;
  static void to(ParamValue &v, const APInt &x) { v.apint = x; }
  static bool from(const ParamValue &v, APInt &x) {
    if (!v.apint)
      return false;
    x = *v.apint;
    return true;
  }
};

/// The element class of an array parameter (null for other parameters).
template <typename P> TypeID paramElemID() {
  if constexpr (requires { ParamTraits<P>::elemID(); })
    return ParamTraits<P>::elemID();
  else
    return TypeID();
}

namespace detail {
template <typename P> struct IsArrayRef : std::false_type {};
template <typename T> struct IsArrayRef<ArrayRef<T>> : std::true_type {
  using Element = T;
};
} // namespace detail

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

namespace detail {
template <typename P> P copyParam(StorageAllocator &a, const P &p) {
  if constexpr (std::is_same_v<P, std::string_view>)
    return a.copyInto(p);
  else if constexpr (IsArrayRef<P>::value)
    return a.copyInto(p);
  else
    return p;
}
template <typename P> uint64_t hashParam(const P &p) {
  if constexpr (std::is_same_v<P, APFloat> || std::is_same_v<P, APInt>)
    return p.hash();
  else if constexpr (std::is_enum_v<P>)
    return lamina::hashValue(uint64_t(p));
  else if constexpr (std::is_same_v<P, ArrayRef<int64_t>>)
    return lamina::hashValue(std::span<const int64_t>(p.data(), p.size()));
  else if constexpr (IsArrayRef<P>::value) {
    uint64_t h = lamina::hashValue(uint64_t(p.size()));
    for (const auto &e : p)
      h = lamina::hash_combine(h, lamina::hashValue(e));
    return h;
  }
  else
    return lamina::hashValue(p);
}
template <typename P> bool equalParam(const P &a, const P &b) {
  if constexpr (std::is_same_v<P, APFloat>)
    return a.bitwiseIsEqual(b);
  else if constexpr (std::is_same_v<P, APInt>)
    return a.getBitWidth() == b.getBitWidth() && a == b;
  else if constexpr (IsArrayRef<P>::value)
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  else
    return a == b;
}
} // namespace detail

/// Uniqued storage of parameters Ps (a tuple).
template <typename BaseStorage, typename... Ps> struct ParamStorage : public BaseStorage {
  using KeyTy = std::tuple<Ps...>;
  explicit ParamStorage(const KeyTy &key) : params(key) {}
  bool operator==(const KeyTy &key) const {
    return std::apply(
        [&](const auto &...a) {
          return std::apply([&](const auto &...b) { return (detail::equalParam(a, b) && ...); }, params);
        },
        key);
  }
  static uint64_t hashKey(const KeyTy &key) {
    return std::apply([](const auto &...p) { return lamina::hash_combine(detail::hashParam(p)...); }, key);
  }
  static ParamStorage *construct(StorageAllocator &alloc, const KeyTy &key) {
    KeyTy copy = std::apply([&](const auto &...p) { return KeyTy(detail::copyParam(alloc, p)...); }, key);
    return new (alloc.allocate<ParamStorage>()) ParamStorage(copy);
  }
  KeyTy params;
};

template <typename... Ps> using AttrParamStorage = ParamStorage<AttributeStorage, Ps...>;
template <typename... Ps> using TypeParamStorage = ParamStorage<TypeStorage, Ps...>;

//===----------------------------------------------------------------------===//
// Definitions
//===----------------------------------------------------------------------===//

/// One parameter of a definition.
struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::Attr;
  /// The C++ type named in "failed to parse X parameter 'p' which is to be
  /// a `cppType`".
  std::string cppType;
  const EnumInfo *enumInfo = nullptr;
  /// An enum parameter that is not an EnumParameter (a plain parameter of
  /// the enum's C++ type): MLIR's FieldParser and operator<< syntax.
  bool enumField = false;
  /// Subclass checks for Attr/Type parameters ("invalid kind of ...").
  std::function<bool(Attribute)> attrCheck;
  std::function<bool(Type)> typeCheck;
  /// Attr/Type parameters of a defined class (a generated AttrDef/TypeDef):
  /// parsed stripped (`<...>`) unless written in full, printed stripped
  /// unless the value has an alias (MLIR's FieldParser and
  /// printStrippedAttrOrType for classes with their own syntax).
  const AttrClass *attrClass = nullptr;
  const TypeClass *typeClass = nullptr;
  /// Custom parser/printer (ODS `parser`/`printer`); null uses the default.
  std::function<ParseResult(AsmParser &, ParamValue &)> parse;
  std::function<void(AsmPrinter &, const ParamValue &)> print;
  /// AttrArray: the element class (stripped syntax), null for Attribute.
  TypeID elemAttrID;
  /// OptionalParameter: absent when equal to `ParamValue()`.
  bool optional = false;
  /// DefaultValuedParameter with a non-zero default (an integer, bool or
  /// string): the value an absent parameter holds, and the one the printer
  /// elides (`optional` is set too).
  std::optional<ParamValue> defaultValue;
  /// DefaultValuedParameter of an attribute class whose default needs the
  /// context (xegpu's `MemorySpaceAttr::get($_ctxt, Global)`): builds the
  /// attribute an absent parameter holds and the printer elides.
  Attribute (*defaultAttr)(MLIRContext *) = nullptr;
  /// AttributeSelfTypeParameter: the attribute's own type (`#d.a : i32`),
  /// not part of the format; NoneType when the attribute has none.
  bool selfType = false;
};

/// An AttributeSelfTypeParameter (see ParamSpec::selfType).
inline ParamSpec selfTypeParam(std::string name) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = ParamKind::Type;
  s.cppType = "::mlir::Type";
  s.selfType = true;
  return s;
}

/// An AffineMap parameter: the bare map, `(d0) -> (d0)` (FieldParser<AffineMap>).
ParamSpec affineMapParam(std::string name);

/// A parameter whose C++ type T is an attribute or type subclass without a
/// syntax of its own (an interface such as `DIScopeAttr`, a builtin class):
/// written in full, "invalid kind of attribute specified" when not a T.
template <typename T> ParamSpec isaParam(std::string name, std::string cppType) {
  ParamSpec s;
  s.name = std::move(name);
  s.cppType = std::move(cppType);
  if constexpr (std::is_base_of_v<Type, T>) {
    s.kind = ParamKind::Type;
    s.typeCheck = [](Type t) { return isa<T>(t); };
  } else {
    s.kind = ParamKind::Attr;
    s.attrCheck = [](Attribute a) { return isa<T>(a); };
  }
  return s;
}

/// An ArrayRef parameter whose elements parse and print as `element` (an
/// Attr or Type parameter spec: its class decides the element syntax),
/// separated by commas.
inline ParamSpec arrayParam(ParamSpec element) {
  element.kind = element.kind == ParamKind::Type ? ParamKind::TypeArray : ParamKind::AttrArray;
  return element;
}

/// A hand-written syntax (hasCustomAssemblyFormat): the parameters after the
/// mnemonic.
using CustomAttrParseFn = Attribute (*)(AsmParser &parser, Type type);
using CustomAttrPrintFn = void (*)(Attribute attr, AsmPrinter &printer);
using CustomTypeParseFn = Type (*)(AsmParser &parser);
using CustomTypePrintFn = void (*)(Type type, AsmPrinter &printer);

/// A hand-written `custom<Name>(args)` directive of an attribute/type format
/// (MLIR's parseName/printName functions). `args` are the values of the
/// parameters the call names, in order; `ref(...)` arguments are already
/// parsed, the others are filled by the parser.
using DefDirectiveParseFn = ParseResult (*)(AsmParser &parser, ArrayRef<ParamValue *> args);
using DefDirectivePrintFn = void (*)(AsmPrinter &printer, ArrayRef<const ParamValue *> args);

/// The interpreted form of an AttrDef/TypeDef (see the file comment).
class AttrTypeDefinition;

/// Builds a definition; the template glue for ParamStorage classes lives in
/// AttrDef/TypeDef below.
class AttrTypeDefBuilder {
public:
  AttrTypeDefBuilder(bool isType, std::string mnemonic, std::string defName, TypeID id);
  AttrTypeDefBuilder(AttrTypeDefBuilder &&);
  ~AttrTypeDefBuilder();

  /// Appends a parameter (in storage order).
  void addParam(ParamSpec spec);
  ParamSpec &lastParam();
  void setFormat(std::string fmt);
  /// genMnemonicAlias: printed through an alias named after the mnemonic.
  void setMnemonicAlias();
  /// Registers the functions of a `custom<name>(...)` directive.
  void addDirective(std::string name, DefDirectiveParseFn parse, DefDirectivePrintFn print);
  /// A hand-written syntax instead of a format.
  void setCustom(CustomAttrParseFn parse, CustomAttrPrintFn print);
  void setCustom(CustomTypeParseFn parse, CustomTypePrintFn print);
  /// Builds the attribute/type from parsed parameters (with getChecked and
  /// `emitError` when the class verifies); null on failure.
  void setBuild(std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                        std::vector<ParamValue> &)> buildAttr);
  void setBuild(
      std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> buildType);
  /// Reads the parameters of an instance.
  void setGetParams(std::function<void(Attribute, std::vector<ParamValue> &)> get);
  void setGetParams(std::function<void(Type, std::vector<ParamValue> &)> get);
  /// Finalizes and records the definition in `table`.
  void registerIn(class DialectAttrTypes &table);

private:
  /// The definition being built; null when the class was finalized before
  /// (an earlier context loaded the dialect): the calls then change nothing
  /// and registerIn records `existing`.
  std::unique_ptr<AttrTypeDefinition> def;
  const AttrTypeDefinition *existing = nullptr;
};

/// Dispatches a dialect's attribute/type parsing and printing by mnemonic.
/// A dialect keeps one as a member and forwards its parse/print hooks.
class DialectAttrTypes {
public:
  DialectAttrTypes();
  ~DialectAttrTypes();
  /// Parses `mnemonic params` (the DialectAsmParser is at the mnemonic).
  /// Unknown mnemonics: "unknown attribute `x` in dialect `d`".
  Attribute parseAttribute(DialectAsmParser &parser, Type type, const Dialect &dialect) const;
  /// Prints `mnemonic params`; false if the attribute has no definition.
  bool printAttribute(Attribute attr, DialectAsmPrinter &printer) const;
  Type parseType(DialectAsmParser &parser, const Dialect &dialect) const;
  bool printType(Type type, DialectAsmPrinter &printer) const;
  /// The alias of an attribute/type defined with genMnemonicAlias (its
  /// mnemonic, overridable), for the dialect's getAlias hooks.
  AliasResult getAlias(Attribute attr, raw_ostream &os) const;
  AliasResult getAlias(Type type, raw_ostream &os) const;

  void add(const AttrTypeDefinition *def);

private:
  std::vector<const AttrTypeDefinition *> defs;
};

/// The storage class (AttrClass/TypeClass) of a defined attribute/type, for
/// op constraints: prints and parses the stripped form (`<fast>`).
const AttrClass *attrClassFor(TypeID id);
/// `name` is the class's static name (T::name), for parse errors.
const TypeClass *typeClassFor(TypeID id, std::string_view name = {});
template <typename T> const AttrClass *attrClassOf() { return attrClassFor(TypeID::get<T>()); }
template <typename T> const TypeClass *typeClassOf() { return typeClassFor(TypeID::get<T>(), T::name); }

/// A parameter whose C++ type T is a class defined with AttrDef/TypeDef
/// (`KernelTableAttr`): see ParamSpec::attrClass.
template <typename T> ParamSpec classParam(std::string name, std::string cppType) {
  ParamSpec s = isaParam<T>(std::move(name), std::move(cppType));
  if constexpr (std::is_base_of_v<Type, T>)
    s.typeClass = typeClassOf<T>();
  else
    s.attrClass = attrClassOf<T>();
  return s;
}

/// Parses / prints the parameters of a defined attribute (stripped form).
Attribute parseAttrParams(TypeID id, AsmParser &parser, Type type);
void printAttrParams(Attribute attr, AsmPrinter &printer);
Type parseTypeParams(TypeID id, AsmParser &parser);
void printTypeParams(Type type, AsmPrinter &printer);

namespace detail {
template <typename Tuple> struct TupleParams;
template <typename... Ps> struct TupleParams<std::tuple<Ps...>> {
  static constexpr size_t size = sizeof...(Ps);
  template <size_t I> using At = std::tuple_element_t<I, std::tuple<Ps...>>;
  static constexpr ParamKind kindOf(size_t i) {
    constexpr ParamKind kinds[] = {ParamTraits<Ps>::kind..., ParamKind::Int};
    return kinds[i];
  }
  static TypeID elemIDOf(size_t i) {
    const TypeID ids[] = {paramElemID<Ps>()..., TypeID()};
    return ids[i];
  }
};

/// Builds the glue for a class whose storage is ParamStorage<Base, Ps...>.
template <typename ConcreteT, bool IsType> struct ParamGlue {
  using Key = typename ConcreteT::ImplType::KeyTy;
  using Handle = std::conditional_t<IsType, Type, Attribute>;
  static constexpr size_t N = std::tuple_size_v<Key>;

  template <size_t... Is>
  static Handle buildImpl(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                          std::vector<ParamValue> &values, std::index_sequence<Is...>) {
    auto parts = std::make_tuple(fromValue<std::tuple_element_t<Is, Key>>(values[Is])...);
    if (!(std::get<Is>(parts).ok() && ...))
      return Handle();
    return ConcreteT::getChecked(emitError, ctx, std::get<Is>(parts).get()...);
  }
  /// A parameter of type P from its value: a holder that is empty if the
  /// value is of the wrong kind (arrays own their elements while the
  /// instance is built).
  template <typename P> struct Holder {
    std::optional<P> value;
    bool ok() const { return value.has_value(); }
    const P &get() const { return *value; }
  };
  template <typename T> struct Holder<ArrayRef<T>> {
    std::vector<T> elements;
    bool valid = false;
    bool ok() const { return valid; }
    ArrayRef<T> get() const { return ArrayRef<T>(elements); }
  };
  template <typename P> static Holder<P> fromValue(const ParamValue &v) {
    Holder<P> h;
    if constexpr (detail::IsArrayRef<P>::value) {
      h.valid = ParamTraits<P>::fill(v, h.elements);
    } else if constexpr (std::is_same_v<P, APFloat>) {
      h.value = v.f;
    } else {
      P x{};
      if (ParamTraits<P>::from(v, x))
        h.value = x;
    }
    return h;
  }
  static Handle build(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                      std::vector<ParamValue> &values) {
    return buildImpl(emitError, ctx, values, std::make_index_sequence<N>());
  }
  template <size_t... Is> static void getImpl(const Key &key, std::vector<ParamValue> &out, std::index_sequence<Is...>) {
    out.resize(N);
    (ParamTraits<std::tuple_element_t<Is, Key>>::to(out[Is], std::get<Is>(key)), ...);
  }
  static void getParams(Handle h, std::vector<ParamValue> &out) {
    getImpl(static_cast<const typename ConcreteT::ImplType *>(h.getImpl())->params, out,
            std::make_index_sequence<N>());
  }
};
} // namespace detail

/// The builder of a dialect attribute definition for class ConcreteT.
template <typename ConcreteT> class AttrDef {
public:
  /// `mnemonic` as printed after `#dialect.`; `defName` is the ODS record
  /// name used in parse errors ("failed to parse <defName> parameter ...").
  AttrDef(std::string mnemonic, std::string defName)
      : builder(false, std::move(mnemonic), std::move(defName), TypeID::get<ConcreteT>()) {
    if constexpr (requires { typename ConcreteT::ImplType::KeyTy; } &&
                  requires(typename ConcreteT::ImplType s) { s.params; }) {
      using Glue = detail::ParamGlue<ConcreteT, false>;
      builder.setBuild(std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                               std::vector<ParamValue> &)>(&Glue::build));
      builder.setGetParams(std::function<void(Attribute, std::vector<ParamValue> &)>(&Glue::getParams));
      kindOf = [](size_t i) { return detail::TupleParams<typename ConcreteT::ImplType::KeyTy>::kindOf(i); };
      elemIDOf = [](size_t i) { return detail::TupleParams<typename ConcreteT::ImplType::KeyTy>::elemIDOf(i); };
    } else if constexpr (std::is_same_v<typename ConcreteT::ImplType, AttributeStorage>) {
      // No parameters (`#ub.poison`).
      builder.setBuild(std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                               std::vector<ParamValue> &)>(
          [](function_ref<InFlightDiagnostic()>, MLIRContext *ctx, std::vector<ParamValue> &) -> Attribute {
            return ConcreteT::get(ctx);
          }));
      builder.setGetParams(std::function<void(Attribute, std::vector<ParamValue> &)>(
          [](Attribute, std::vector<ParamValue> &out) { out.clear(); }));
    }
  }
  /// A parameter whose kind follows the storage tuple (`cppType` for errors).
  AttrDef &param(std::string name, std::string cppType = {}) {
    ParamSpec s;
    s.name = std::move(name);
    s.kind = kindOf ? kindOf(numParams) : ParamKind::Attr;
    if (elemIDOf)
      s.elemAttrID = elemIDOf(numParams);
    s.cppType = std::move(cppType);
    return add(std::move(s));
  }
  /// An enum parameter (stored as an integer or enum class).
  AttrDef &enumParam(std::string name, const EnumInfo &info, bool field = false) {
    ParamSpec s;
    s.name = std::move(name);
    s.kind = ParamKind::Enum;
    s.enumInfo = &info;
    s.enumField = field;
    s.cppType = info.cppType.empty() ? info.name : info.cppType;
    return add(std::move(s));
  }
  /// A parameter with a full spec (custom parser/printer, optional...).
  AttrDef &param(ParamSpec spec) { return add(std::move(spec)); }
  AttrDef &format(std::string fmt) {
    builder.setFormat(std::move(fmt));
    return *this;
  }
  /// Marks the last parameter optional (OptionalParameter, or a default
  /// value): absent when it holds its default.
  AttrDef &markOptional() {
    builder.lastParam().optional = true;
    return *this;
  }
  /// Marks the last parameter a DefaultValuedParameter of an integer, bool
  /// or string C++ type with a non-zero default.
  AttrDef &defaultInt(int64_t value) {
    ParamValue v;
    v.i = value;
    v.u = uint64_t(value);
    return setDefault(std::move(v));
  }
  AttrDef &defaultBool(bool value) {
    ParamValue v;
    v.b = value;
    return setDefault(std::move(v));
  }
  AttrDef &defaultString(std::string value) {
    ParamValue v;
    v.str = std::move(value);
    return setDefault(std::move(v));
  }
  /// Marks the last parameter a DefaultValuedParameter of an attribute class
  /// whose default `fn` builds.
  AttrDef &defaultAttr(Attribute (*fn)(MLIRContext *)) {
    builder.lastParam().optional = true;
    builder.lastParam().defaultAttr = fn;
    return *this;
  }
  /// The functions of a `custom<name>(...)` directive of the format.
  AttrDef &directive(std::string name, DefDirectiveParseFn parse, DefDirectivePrintFn print) {
    builder.addDirective(std::move(name), parse, print);
    return *this;
  }
  /// genMnemonicAlias.
  AttrDef &mnemonicAlias() {
    builder.setMnemonicAlias();
    return *this;
  }
  /// hasCustomAssemblyFormat: the class's hand-written parse/print.
  AttrDef &custom(CustomAttrParseFn parse, CustomAttrPrintFn print) {
    builder.setCustom(parse, print);
    return *this;
  }
  /// For classes not built on ParamStorage.
  AttrDef &build(std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                         std::vector<ParamValue> &)> fn) {
    builder.setBuild(std::move(fn));
    return *this;
  }
  AttrDef &getParams(std::function<void(Attribute, std::vector<ParamValue> &)> fn) {
    builder.setGetParams(std::move(fn));
    return *this;
  }
  /// Records the syntax in `table` (the dialect also calls
  /// `addAttributes<ConcreteT>()`).
  void registerIn(DialectAttrTypes &table) { builder.registerIn(table); }

private:
  AttrDef &setDefault(ParamValue v) {
    builder.lastParam().optional = true;
    builder.lastParam().defaultValue = std::move(v);
    return *this;
  }
  AttrDef &add(ParamSpec s) {
    ++numParams;
    builder.addParam(std::move(s));
    return *this;
  }
  AttrTypeDefBuilder builder;
  ParamKind (*kindOf)(size_t) = nullptr;
  TypeID (*elemIDOf)(size_t) = nullptr;
  size_t numParams = 0;
};

/// The builder of a dialect type definition for class ConcreteT.
template <typename ConcreteT> class TypeDef {
public:
  TypeDef(std::string mnemonic, std::string defName)
      : builder(true, std::move(mnemonic), std::move(defName), TypeID::get<ConcreteT>()) {
    if constexpr (requires { typename ConcreteT::ImplType::KeyTy; } &&
                  requires(typename ConcreteT::ImplType s) { s.params; }) {
      using Glue = detail::ParamGlue<ConcreteT, true>;
      builder.setBuild(std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                          std::vector<ParamValue> &)>(&Glue::build));
      builder.setGetParams(std::function<void(Type, std::vector<ParamValue> &)>(&Glue::getParams));
      kindOf = [](size_t i) { return detail::TupleParams<typename ConcreteT::ImplType::KeyTy>::kindOf(i); };
      elemIDOf = [](size_t i) { return detail::TupleParams<typename ConcreteT::ImplType::KeyTy>::elemIDOf(i); };
    } else if constexpr (std::is_same_v<typename ConcreteT::ImplType, TypeStorage>) {
      // No parameters (`!ml_program.token`).
      builder.setBuild(std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *,
                                          std::vector<ParamValue> &)>(
          [](function_ref<InFlightDiagnostic()>, MLIRContext *ctx, std::vector<ParamValue> &) -> Type {
            return ConcreteT::get(ctx);
          }));
      builder.setGetParams(std::function<void(Type, std::vector<ParamValue> &)>(
          [](Type, std::vector<ParamValue> &out) { out.clear(); }));
    }
  }
  TypeDef &param(std::string name, std::string cppType = {}) {
    ParamSpec s;
    s.name = std::move(name);
    s.kind = kindOf ? kindOf(numParams) : ParamKind::Type;
    if (elemIDOf)
      s.elemAttrID = elemIDOf(numParams);
    s.cppType = std::move(cppType);
    return add(std::move(s));
  }
  TypeDef &enumParam(std::string name, const EnumInfo &info, bool field = false) {
    ParamSpec s;
    s.name = std::move(name);
    s.kind = ParamKind::Enum;
    s.enumInfo = &info;
    s.enumField = field;
    s.cppType = info.cppType.empty() ? info.name : info.cppType;
    return add(std::move(s));
  }
  TypeDef &param(ParamSpec spec) { return add(std::move(spec)); }
  TypeDef &format(std::string fmt) {
    builder.setFormat(std::move(fmt));
    return *this;
  }
  /// Marks the last parameter optional (OptionalParameter, or a default
  /// value): absent when it holds its default.
  TypeDef &markOptional() {
    builder.lastParam().optional = true;
    return *this;
  }
  /// The functions of a `custom<name>(...)` directive of the format.
  TypeDef &directive(std::string name, DefDirectiveParseFn parse, DefDirectivePrintFn print) {
    builder.addDirective(std::move(name), parse, print);
    return *this;
  }
  /// genMnemonicAlias.
  TypeDef &mnemonicAlias() {
    builder.setMnemonicAlias();
    return *this;
  }
  /// hasCustomAssemblyFormat: the class's hand-written parse/print.
  TypeDef &custom(CustomTypeParseFn parse, CustomTypePrintFn print) {
    builder.setCustom(parse, print);
    return *this;
  }
  TypeDef &build(
      std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> fn) {
    builder.setBuild(std::move(fn));
    return *this;
  }
  TypeDef &getParams(std::function<void(Type, std::vector<ParamValue> &)> fn) {
    builder.setGetParams(std::move(fn));
    return *this;
  }
  /// Records the syntax in `table` (the dialect also calls
  /// `addTypes<ConcreteT>()`).
  void registerIn(DialectAttrTypes &table) { builder.registerIn(table); }

private:
  TypeDef &add(ParamSpec s) {
    ++numParams;
    builder.addParam(std::move(s));
    return *this;
  }
  AttrTypeDefBuilder builder;
  ParamKind (*kindOf)(size_t) = nullptr;
  TypeID (*elemIDOf)(size_t) = nullptr;
  size_t numParams = 0;
};

/// The op attribute constraint of a dialect enum attribute class AttrT
/// (ODS EnumAttr, e.g. Arith_FastMathAttr): an instance of AttrT, printed
/// stripped by op formats (`fastmath<fast>`), with default values spelled as
/// C++ enumerators ("::mlir::arith::FastMathFlags::none"). AttrT must have
/// `static AttrT get(MLIRContext *, <integer or enum>)`. `summary` defaults to
/// the enum's summary.
template <typename AttrT> AttrConstraint EnumAttrConstraint(const EnumInfo &info, std::string summary = {}) {
  AttrConstraint c(summary.empty() ? info.summary : std::move(summary), [](Attribute a) { return isa<AttrT>(a); },
                   attrClassOf<AttrT>());
  const EnumInfo *ip = &info;
  c.constBuilder = [ip](MLIRContext *ctx, std::string_view v) -> Attribute {
    size_t colon = v.rfind("::");
    std::string_view sym = colon == std::string_view::npos ? v : v.substr(colon + 2);
    for (const EnumCase &ec : ip->cases)
      if (ec.symbol == sym || ec.str == sym)
        return AttrT::get(ctx, decltype(std::declval<AttrT>().getValue())(ec.value));
    return Attribute();
  };
  return c;
}

} // namespace ods
} // namespace lamina
