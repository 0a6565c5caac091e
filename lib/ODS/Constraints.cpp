//===- Constraints.cpp - The common ODS type and attribute constraints ----===//
//
// Summaries are MLIR's (CommonTypeConstraints.td, CommonAttrConstraints.td):
// they appear verbatim in verifier messages.
//
#include "lamina/ODS/Constraints.h"

#include "DenseArrayFormat.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinLocations.h"

#include <optional>

using namespace lamina;
using namespace lamina::ods;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The static name is MLIR's `T::name`, for the classes that have one.
#define LAMINA_TYPE_CLASS(Name, Cls, StaticName)                                                     \
  const TypeClass ods::Name{[](Type t) { return isa<Cls>(t); }, nullptr, nullptr, StaticName};
LAMINA_TYPE_CLASS(IntegerTypeClass, IntegerType, "builtin.integer")
LAMINA_TYPE_CLASS(IndexTypeClass, IndexType, "builtin.index")
LAMINA_TYPE_CLASS(FloatTypeClass, FloatType, "")
LAMINA_TYPE_CLASS(FunctionTypeClass, FunctionType, "builtin.function")
LAMINA_TYPE_CLASS(NoneTypeClass, NoneType, "builtin.none")
LAMINA_TYPE_CLASS(ComplexTypeClass, ComplexType, "builtin.complex")
LAMINA_TYPE_CLASS(VectorTypeClass, VectorType, "builtin.vector")
LAMINA_TYPE_CLASS(TensorTypeClass, TensorType, "")
LAMINA_TYPE_CLASS(RankedTensorTypeClass, RankedTensorType, "builtin.tensor")
LAMINA_TYPE_CLASS(MemRefTypeClass, MemRefType, "builtin.memref")
LAMINA_TYPE_CLASS(BaseMemRefTypeClass, BaseMemRefType, "")
LAMINA_TYPE_CLASS(ShapedTypeClass, ShapedType, "")
#undef LAMINA_TYPE_CLASS

/// Sets the C++ class of `c` and returns it.
static TypeConstraint withClass(TypeConstraint c, const TypeClass &cls) {
  c.cppClass = &cls;
  return c;
}

TypeConstraint ods::AnyType() { return TypeConstraint(); }

TypeConstraint ods::I(unsigned width) {
  static Type (*const builders[])(MLIRContext *) = {
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 1); },
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 8); },
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 16); },
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 32); },
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 64); },
      [](MLIRContext *c) -> Type { return IntegerType::get(c, 128); },
  };
  Type (*build)(MLIRContext *) = nullptr;
  switch (width) {
  case 1: build = builders[0]; break;
  case 8: build = builders[1]; break;
  case 16: build = builders[2]; break;
  case 32: build = builders[3]; break;
  case 64: build = builders[4]; break;
  case 128: build = builders[5]; break;
  default: break;
  }
  return withClass(TypeConstraint(std::to_string(width) + "-bit signless integer",
                                  [width](Type t) { return t.isSignlessInteger(width); }, build),
                   IntegerTypeClass);
}

TypeConstraint ods::SI(unsigned width) {
  return withClass(TypeConstraint(std::to_string(width) + "-bit signed integer",
                                  [width](Type t) { return t.isSignedInteger(width); }),
                   IntegerTypeClass);
}

TypeConstraint ods::UI(unsigned width) {
  return withClass(TypeConstraint(std::to_string(width) + "-bit unsigned integer",
                                  [width](Type t) { return t.isUnsignedInteger(width); }),
                   IntegerTypeClass);
}

TypeConstraint ods::Index() {
  return withClass(TypeConstraint("index", [](Type t) { return isa<IndexType>(t); },
                                  [](MLIRContext *c) -> Type { return IndexType::get(c); }),
                   IndexTypeClass);
}

TypeConstraint ods::AnyInteger() {
  return withClass(TypeConstraint("integer", [](Type t) { return isa<IntegerType>(t); }), IntegerTypeClass);
}

TypeConstraint ods::AnySignlessInteger() {
  return withClass(TypeConstraint("signless integer", [](Type t) { return t.isSignlessInteger(); }),
                   IntegerTypeClass);
}

TypeConstraint ods::AnySignlessIntegerOrIndex() {
  return TypeConstraint("signless integer or index", [](Type t) { return t.isSignlessIntOrIndex(); });
}

TypeConstraint ods::F(unsigned width) {
  Type (*build)(MLIRContext *) = nullptr;
  std::function<bool(Type)> pred;
  switch (width) {
  case 16:
    pred = [](Type t) { return t.isF16(); };
    build = [](MLIRContext *c) -> Type { return Builder(c).getF16Type(); };
    break;
  case 32:
    pred = [](Type t) { return t.isF32(); };
    build = [](MLIRContext *c) -> Type { return Builder(c).getF32Type(); };
    break;
  case 64:
    pred = [](Type t) { return t.isF64(); };
    build = [](MLIRContext *c) -> Type { return Builder(c).getF64Type(); };
    break;
  case 80:
    pred = [](Type t) { return t.isF80(); };
    build = [](MLIRContext *c) -> Type { return Builder(c).getF80Type(); };
    break;
  default:
    pred = [](Type t) { return t.isF128(); };
    build = [](MLIRContext *c) -> Type { return Builder(c).getF128Type(); };
    break;
  }
  return withClass(TypeConstraint(std::to_string(width) + "-bit float", pred, build), FloatTypeClass);
}

TypeConstraint ods::BF16() {
  return TypeConstraint("bfloat16 type", [](Type t) { return t.isBF16(); },
                        [](MLIRContext *c) -> Type { return Builder(c).getBF16Type(); });
}

TypeConstraint ods::AnyFloat() {
  return withClass(TypeConstraint("floating-point", [](Type t) { return isa<FloatType>(t); }), FloatTypeClass);
}

TypeConstraint ods::AnyComplex() {
  return withClass(TypeConstraint("complex-type", [](Type t) { return isa<ComplexType>(t); }), ComplexTypeClass);
}

TypeConstraint ods::NoneTypeConstraint() {
  return withClass(TypeConstraint("none type", [](Type t) { return isa<NoneType>(t); },
                                  [](MLIRContext *c) -> Type { return NoneType::get(c); }),
                   NoneTypeClass);
}

TypeConstraint ods::FunctionTypeConstraint() {
  return withClass(TypeConstraint("function type", [](Type t) { return isa<FunctionType>(t); }),
                   FunctionTypeClass);
}

/// Joins the summaries of `types` with " or " (AnyTypeOf's default).
static std::string joinSummaries(std::initializer_list<TypeConstraint> types) {
  std::string s;
  for (const TypeConstraint &t : types) {
    if (!s.empty())
      s += " or ";
    s += t.summary;
  }
  return s;
}

/// A predicate satisfied by a type matching any of `types`.
static std::function<bool(Type)> anyOfPred(std::initializer_list<TypeConstraint> types) {
  std::vector<std::function<bool(Type)>> preds;
  for (const TypeConstraint &t : types) {
    if (!t.pred)
      return nullptr; // AnyType is a member: everything matches.
    preds.push_back(t.pred);
  }
  return [preds](Type t) {
    for (const auto &p : preds)
      if (p(t))
        return true;
    return false;
  };
}

TypeConstraint ods::AnyTypeOf(std::initializer_list<TypeConstraint> types, std::string summary) {
  std::function<bool(Type)> pred = anyOfPred(types);
  if (!pred)
    pred = [](Type) { return true; };
  return TypeConstraint(summary.empty() ? joinSummaries(types) : std::move(summary), pred);
}

/// A shaped container whose element type satisfies one of `elements`.
static TypeConstraint shapedOf(std::string descr, std::function<bool(Type)> isContainer,
                               std::initializer_list<TypeConstraint> elements, const TypeClass &cls) {
  std::function<bool(Type)> elemPred = anyOfPred(elements);
  std::string summary = std::move(descr) + " of " + joinSummaries(elements) + " values";
  return withClass(TypeConstraint(summary,
                                  [isContainer, elemPred](Type t) {
                                    if (!isContainer(t))
                                      return false;
                                    return !elemPred || elemPred(cast<ShapedType>(t).getElementType());
                                  }),
                   cls);
}

TypeConstraint ods::VectorOf(std::initializer_list<TypeConstraint> elements) {
  return shapedOf("vector", [](Type t) { return isa<VectorType>(t); }, elements, VectorTypeClass);
}

TypeConstraint ods::TensorOf(std::initializer_list<TypeConstraint> elements) {
  return shapedOf("tensor", [](Type t) { return isa<TensorType>(t); }, elements, TensorTypeClass);
}

TypeConstraint ods::RankedTensorOf(std::initializer_list<TypeConstraint> elements) {
  return shapedOf("ranked tensor", [](Type t) { return isa<RankedTensorType>(t); }, elements,
                  RankedTensorTypeClass);
}

TypeConstraint ods::MemRefOf(std::initializer_list<TypeConstraint> elements) {
  return shapedOf("memref", [](Type t) { return isa<MemRefType>(t); }, elements, MemRefTypeClass);
}

TypeConstraint ods::AnyVector() { return VectorOf({AnyType()}); }
TypeConstraint ods::AnyTensor() { return TensorOf({AnyType()}); }
TypeConstraint ods::AnyRankedTensor() { return RankedTensorOf({AnyType()}); }
TypeConstraint ods::AnyMemRef() { return MemRefOf({AnyType()}); }
TypeConstraint ods::AnyRankedOrUnrankedMemRef() {
  return shapedOf("ranked or unranked memref", [](Type t) { return isa<BaseMemRefType>(t); }, {AnyType()},
                  BaseMemRefTypeClass);
}

TypeConstraint ods::TypeOf(std::string summary, std::function<bool(Type)> pred, Type (*build)(MLIRContext *)) {
  return TypeConstraint(std::move(summary), std::move(pred), build);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

namespace {
template <typename T> bool isInstance(Attribute a) { return isa<T>(a); }
template <typename T> const AttrClass *classOf() { return builtinAttrClass<T>(); }
Type noneType(MLIRContext *c) { return NoneType::get(c); }
Type indexType(MLIRContext *c) { return IndexType::get(c); }
} // namespace

AttrConstraint ods::AnyAttr() { return AttrConstraint(); }

AttrConstraint ods::StrAttr() {
  AttrConstraint c("string attribute", &isInstance<lamina::StringAttr>, classOf<lamina::StringAttr>());
  c.valueType = noneType;
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    // Default values of string attributes are written as C++ string
    // literals: strip the quotes.
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"')
      v = v.substr(1, v.size() - 2);
    return lamina::StringAttr::get(ctx, v);
  };
  return c;
}

AttrConstraint ods::SymbolNameAttr() {
  AttrConstraint c = StrAttr();
  c.isSymbolName = true;
  return c;
}

AttrConstraint ods::FlatSymbolRefAttr() {
  AttrConstraint c("flat symbol reference attribute", &isInstance<lamina::FlatSymbolRefAttr>,
                   classOf<lamina::FlatSymbolRefAttr>());
  c.valueType = noneType;
  return c;
}

AttrConstraint ods::SymbolRefAttr() {
  AttrConstraint c("symbol reference attribute", &isInstance<lamina::SymbolRefAttr>,
                   classOf<lamina::SymbolRefAttr>());
  c.valueType = noneType;
  return c;
}

AttrConstraint ods::UnitAttr() {
  AttrConstraint c("unit attribute", &isInstance<lamina::UnitAttr>, classOf<lamina::UnitAttr>());
  c.valueType = noneType;
  c.isUnit = true;
  return c;
}

AttrConstraint ods::BoolAttr() {
  AttrConstraint c("bool attribute", &isInstance<lamina::BoolAttr>, classOf<lamina::BoolAttr>());
  c.valueType = [](MLIRContext *ctx) -> Type { return IntegerType::get(ctx, 1); };
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    return Builder(ctx).getBoolAttr(v == "true" || v == "1");
  };
  return c;
}

/// Parses an integer literal written in C++ (decimal, optional sign).
static int64_t parseCppInt(std::string_view v) {
  bool neg = false;
  size_t i = 0;
  if (i < v.size() && (v[i] == '-' || v[i] == '+'))
    neg = v[i++] == '-';
  int64_t r = 0;
  for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i)
    r = r * 10 + (v[i] - '0');
  return neg ? -r : r;
}

static AttrConstraint integerAttr(std::string summary, unsigned width, IntegerType::SignednessSemantics sign) {
  AttrConstraint c(std::move(summary),
                   [width, sign](Attribute a) {
                     auto i = dyn_cast<IntegerAttr>(a);
                     if (!i)
                       return false;
                     auto t = dyn_cast<IntegerType>(i.getType());
                     return t && t.getWidth() == width && t.getSignedness() == sign;
                   },
                   classOf<IntegerAttr>());
  switch (sign) {
  case IntegerType::Signless:
    switch (width) {
    case 1: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 1); }; break;
    case 8: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 8); }; break;
    case 16: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 16); }; break;
    case 32: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 32); }; break;
    case 64: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 64); }; break;
    default: break;
    }
    break;
  case IntegerType::Signed:
    switch (width) {
    case 32: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 32, IntegerType::Signed); }; break;
    case 64: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 64, IntegerType::Signed); }; break;
    default: break;
    }
    break;
  case IntegerType::Unsigned:
    switch (width) {
    case 32: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 32, IntegerType::Unsigned); }; break;
    case 64: c.valueType = [](MLIRContext *x) -> Type { return IntegerType::get(x, 64, IntegerType::Unsigned); }; break;
    default: break;
    }
    break;
  }
  c.constBuilder = [width, sign](MLIRContext *ctx, std::string_view v) -> Attribute {
    return IntegerAttr::get(IntegerType::get(ctx, width, sign), APInt(width, uint64_t(parseCppInt(v)), true));
  };
  return c;
}

AttrConstraint ods::IntAttr(unsigned width) {
  return integerAttr(std::to_string(width) + "-bit signless integer attribute", width, IntegerType::Signless);
}
AttrConstraint ods::SIntAttr(unsigned width) {
  return integerAttr(std::to_string(width) + "-bit signed integer attribute", width, IntegerType::Signed);
}
AttrConstraint ods::UIntAttr(unsigned width) {
  return integerAttr(std::to_string(width) + "-bit unsigned integer attribute", width, IntegerType::Unsigned);
}

AttrConstraint ods::IndexAttr() {
  AttrConstraint c("index attribute",
                   [](Attribute a) {
                     auto i = dyn_cast<IntegerAttr>(a);
                     return i && isa<IndexType>(i.getType());
                   },
                   classOf<IntegerAttr>());
  c.valueType = indexType;
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    return Builder(ctx).getIndexAttr(parseCppInt(v));
  };
  return c;
}

AttrConstraint ods::AnyIntegerAttr() {
  return AttrConstraint("arbitrary integer attribute", &isInstance<IntegerAttr>, classOf<IntegerAttr>());
}

AttrConstraint ods::FloatAttrOf(unsigned width) {
  AttrConstraint c(std::to_string(width) + "-bit float attribute",
                   [width](Attribute a) {
                     auto f = dyn_cast<FloatAttr>(a);
                     return f && (width == 32 ? f.getType().isF32() : f.getType().isF64());
                   },
                   classOf<FloatAttr>());
  if (width == 32)
    c.valueType = [](MLIRContext *x) -> Type { return Builder(x).getF32Type(); };
  else
    c.valueType = [](MLIRContext *x) -> Type { return Builder(x).getF64Type(); };
  return c;
}

AttrConstraint ods::TypedAttr() {
  return AttrConstraint("TypedAttr instance", &isInstance<lamina::TypedAttr>, classOf<lamina::TypedAttr>());
}

AttrConstraint ods::TypeAttr() {
  AttrConstraint c("any type attribute",
                   [](Attribute a) { return isa<lamina::TypeAttr>(a); }, classOf<lamina::TypeAttr>());
  c.valueType = noneType;
  return c;
}

AttrConstraint ods::TypeAttrOf(const TypeConstraint &type) {
  std::function<bool(Type)> tp = type.pred;
  AttrConstraint c("type attribute of " + type.summary,
                   [tp](Attribute a) {
                     auto t = dyn_cast<lamina::TypeAttr>(a);
                     return t && (!tp || tp(t.getValue()));
                   },
                   classOf<lamina::TypeAttr>());
  c.valueType = noneType;
  return c;
}

AttrConstraint ods::ArrayAttr() {
  AttrConstraint c("array attribute", &isInstance<lamina::ArrayAttr>, classOf<lamina::ArrayAttr>());
  c.valueType = noneType;
  return c;
}

AttrConstraint ods::DictionaryAttr() {
  AttrConstraint c("dictionary of named attribute values", &isInstance<lamina::DictionaryAttr>,
                   classOf<lamina::DictionaryAttr>());
  c.valueType = noneType;
  return c;
}

/// An ArrayAttr whose elements all satisfy `elem`.
/// The elements of a default value spelled as a C++ braced list (`{}`,
/// `{1, 2}`, `{false}`); nullopt for anything else.
static std::optional<std::vector<int64_t>> parseBracedIntList(std::string_view v) {
  while (!v.empty() && v.front() == ' ')
    v.remove_prefix(1);
  while (!v.empty() && v.back() == ' ')
    v.remove_suffix(1);
  if (v.size() < 2 || v.front() != '{' || v.back() != '}')
    return std::nullopt;
  v = v.substr(1, v.size() - 2);
  std::vector<int64_t> out;
  size_t pos = 0;
  while (pos < v.size()) {
    size_t end = v.find(',', pos);
    std::string_view item = v.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    while (!item.empty() && item.front() == ' ')
      item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ')
      item.remove_suffix(1);
    if (item == "true" || item == "false") {
      out.push_back(item == "true");
    } else if (!item.empty()) {
      bool neg = item.front() == '-';
      if (neg)
        item.remove_prefix(1);
      if (item.empty())
        return std::nullopt;
      int64_t value = 0;
      for (char c : item) {
        if (c < '0' || c > '9')
          return std::nullopt;
        value = value * 10 + (c - '0');
      }
      out.push_back(neg ? -value : value);
    } else if (end != std::string_view::npos) {
      return std::nullopt;
    }
    if (end == std::string_view::npos)
      break;
    pos = end + 1;
  }
  return out;
}

static AttrConstraint typedArray(std::string summary, std::function<bool(Attribute)> elem) {
  AttrConstraint c(std::move(summary),
                   [elem](Attribute a) {
                     auto arr = dyn_cast<lamina::ArrayAttr>(a);
                     if (!arr)
                       return false;
                     for (Attribute e : arr.getValue())
                       if (!e || !elem(e))
                         return false;
                     return true;
                   },
                   classOf<lamina::ArrayAttr>());
  c.valueType = noneType;
  // `{}`: the empty array (`$_builder.getXArrayAttr({})`).
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    std::optional<std::vector<int64_t>> values = parseBracedIntList(v);
    if (!values || !values->empty())
      return Attribute();
    return lamina::ArrayAttr::get(ctx, ArrayRef<Attribute>());
  };
  return c;
}

AttrConstraint ods::DictArrayAttr() {
  return typedArray("Array of dictionary attributes", [](Attribute a) { return isa<lamina::DictionaryAttr>(a); });
}

AttrConstraint ods::IntArrayAttr(unsigned width) {
  AttrConstraint elem = IntAttr(width);
  return typedArray(std::to_string(width) + "-bit integer array attribute", elem.pred);
}

AttrConstraint ods::StrArrayAttr() {
  return typedArray("string array attribute", [](Attribute a) { return isa<lamina::StringAttr>(a); });
}

AttrConstraint ods::DenseI32ArrayAttr() {
  AttrConstraint c("i32 dense array attribute", &isInstance<lamina::DenseI32ArrayAttr>,
                   &denseArrayClass(DenseArrayKind::I32));
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    std::optional<std::vector<int64_t>> values = parseBracedIntList(v);
    if (!values)
      return Attribute();
    std::vector<int32_t> narrow(values->begin(), values->end());
    return lamina::DenseI32ArrayAttr::get(ctx, narrow);
  };
  return c;
}
AttrConstraint ods::DenseI64ArrayAttr() {
  AttrConstraint c("i64 dense array attribute", &isInstance<lamina::DenseI64ArrayAttr>,
                   &denseArrayClass(DenseArrayKind::I64));
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    std::optional<std::vector<int64_t>> values = parseBracedIntList(v);
    if (!values)
      return Attribute();
    return lamina::DenseI64ArrayAttr::get(ctx, *values);
  };
  return c;
}
AttrConstraint ods::DenseI8ArrayAttr() {
  return AttrConstraint("i8 dense array attribute", &isInstance<lamina::DenseI8ArrayAttr>,
                        &denseArrayClass(DenseArrayKind::I8));
}
AttrConstraint ods::DenseI16ArrayAttr() {
  return AttrConstraint("i16 dense array attribute", &isInstance<lamina::DenseI16ArrayAttr>,
                        &denseArrayClass(DenseArrayKind::I16));
}
AttrConstraint ods::DenseF32ArrayAttr() {
  return AttrConstraint("f32 dense array attribute", &isInstance<lamina::DenseF32ArrayAttr>,
                        &denseArrayClass(DenseArrayKind::F32));
}
AttrConstraint ods::DenseF64ArrayAttr() {
  return AttrConstraint("f64 dense array attribute", &isInstance<lamina::DenseF64ArrayAttr>,
                        &denseArrayClass(DenseArrayKind::F64));
}
AttrConstraint ods::TypeArrayAttr() {
  return AttrConstraint("type array attribute",
                        [](Attribute a) {
                          auto array = dyn_cast<lamina::ArrayAttr>(a);
                          if (!array)
                            return false;
                          for (Attribute e : array.getValue())
                            if (!isa<lamina::TypeAttr>(e))
                              return false;
                          return true;
                        },
                        classOf<lamina::ArrayAttr>());
}
AttrConstraint ods::StringElementsAttr() {
  return AttrConstraint("string elements attribute", &isInstance<DenseStringElementsAttr>,
                        classOf<DenseStringElementsAttr>());
}
AttrConstraint ods::AnyAttrOf(std::initializer_list<AttrConstraint> attrs) {
  std::string summary;
  std::vector<std::function<bool(Attribute)>> preds;
  for (const AttrConstraint &c : attrs) {
    summary += (summary.empty() ? "" : " or ") + c.summary;
    preds.push_back(c.pred ? c.pred : [](Attribute) { return true; });
  }
  return AttrConstraint(std::move(summary), [preds = std::move(preds)](Attribute a) {
    for (const auto &pred : preds)
      if (pred(a))
        return true;
    return false;
  });
}
AttrConstraint ods::Confined(AttrConstraint base, std::string_view summary, std::function<bool(Attribute)> pred) {
  AttrConstraint c = base;
  c.summary += " ";
  c.summary += summary;
  c.pred = [basePred = std::move(base.pred), pred = std::move(pred)](Attribute a) {
    return (!basePred || basePred(a)) && pred(a);
  };
  return c;
}
AttrConstraint ods::DenseBoolArrayAttr() {
  AttrConstraint c("i1 dense array attribute", &isInstance<lamina::DenseBoolArrayAttr>,
                   &denseArrayClass(DenseArrayKind::I1));
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    std::optional<std::vector<int64_t>> values = parseBracedIntList(v);
    if (!values)
      return Attribute();
    SmallVector<bool> bits;
    for (int64_t x : *values)
      bits.push_back(x != 0);
    return lamina::DenseBoolArrayAttr::get(ctx, ArrayRef<bool>(bits.data(), bits.size()));
  };
  return c;
}

AttrConstraint ods::AffineMapAttr() {
  AttrConstraint c("AffineMap attribute", &isInstance<lamina::AffineMapAttr>, classOf<lamina::AffineMapAttr>());
  c.valueType = indexType;
  return c;
}

AttrConstraint ods::IntegerSetAttr() {
  return AttrConstraint("IntegerSet attribute", &isInstance<lamina::IntegerSetAttr>,
                        classOf<lamina::IntegerSetAttr>());
}

AttrConstraint ods::ElementsAttr() {
  return AttrConstraint("constant vector/tensor attribute", &isInstance<lamina::ElementsAttr>,
                        classOf<lamina::ElementsAttr>());
}

AttrConstraint ods::IntElementsAttr(unsigned width) {
  return AttrConstraint(std::to_string(width) + "-bit integer elements attribute",
                        [width](Attribute a) {
                          auto d = dyn_cast<DenseIntOrFPElementsAttr>(a);
                          return d && d.getElementType().isInteger(width);
                        },
                        classOf<DenseIntOrFPElementsAttr>());
}

AttrConstraint ods::LocationAttr() {
  return AttrConstraint("location attribute", &isInstance<lamina::LocationAttr>);
}

AttrConstraint ods::AttrOf(std::string summary, std::function<bool(Attribute)> pred, const AttrClass *storage) {
  return AttrConstraint(std::move(summary), std::move(pred), storage);
}

//===----------------------------------------------------------------------===//
// Regions and successors
//===----------------------------------------------------------------------===//

RegionConstraint ods::AnyRegion() { return RegionConstraint(); }

RegionConstraint ods::SizedRegion(unsigned n) {
  return RegionConstraint("region with " + std::to_string(n) + " blocks",
                          [n](Region &r) { return r.getNumBlocks() == n; });
}

RegionConstraint ods::MinSizedRegion(unsigned n) {
  return RegionConstraint("region with at least " + std::to_string(n) + " blocks",
                          [n](Region &r) { return r.getNumBlocks() >= n; });
}

RegionConstraint ods::MaxSizedRegion(unsigned n) {
  return RegionConstraint("region with at most " + std::to_string(n) + " blocks",
                          [n](Region &r) { return r.getNumBlocks() <= n; });
}

SuccessorConstraint ods::AnySuccessor() { return SuccessorConstraint(); }
