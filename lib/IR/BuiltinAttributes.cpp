//===- BuiltinAttributes.cpp - Builtin attributes (all but dense) ---------===//
#include "lamina/IR/BuiltinAttributes.h"

#include "AttributeDetail.h"
#include "MLIRContextImpl.h"
#include "lamina/IR/Dialect.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

bool TypedAttr::classof(Attribute attr) {
  return isa<StringAttr, IntegerAttr, FloatAttr, OpaqueAttr, DenseIntOrFPElementsAttr, DenseStringElementsAttr,
             DenseResourceElementsAttr, SparseElementsAttr>(attr) ||
         getConcept(attr);
}

const TypedAttr::Concept *TypedAttr::getConcept(Attribute attr) {
  const InterfaceMap &interfaces = attr.getAbstractAttribute().interfaces;
  if (interfaces.empty())
    return nullptr;
  return static_cast<const Concept *>(interfaces.lookup(TypeID::get<TypedAttr>()));
}

Type TypedAttr::getType() const {
  if (auto a = dyn_cast<IntegerAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<FloatAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<StringAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<OpaqueAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<DenseStringElementsAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<DenseResourceElementsAttr>(*this))
    return a.getType();
  if (auto a = dyn_cast<SparseElementsAttr>(*this))
    return a.getType();
  return getConcept(*this)->getType(*this);
}

bool MemRefLayoutAttrInterface::classof(Attribute attr) { return isa<AffineMapAttr, StridedLayoutAttr>(attr); }

AffineMap MemRefLayoutAttrInterface::getAffineMap() const {
  if (auto m = dyn_cast<AffineMapAttr>(*this))
    return m.getValue();
  return cast<StridedLayoutAttr>(*this).toAffineMap();
}

bool MemRefLayoutAttrInterface::isIdentity() const {
  if (auto m = dyn_cast<AffineMapAttr>(*this))
    return m.getValue().isIdentity();
  return false;
}

bool ElementsAttr::classof(Attribute attr) {
  if (isa<DenseIntOrFPElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr, SparseElementsAttr>(attr))
    return true;
  const TypedAttr::Concept *model = TypedAttr::getConcept(attr);
  return model && model->isElements;
}

bool ElementsAttr::isSplat() const {
  if (auto d = dyn_cast<DenseElementsAttr>(*this))
    return d.isSplat();
  return false;
}

//===----------------------------------------------------------------------===//
// NamedAttribute
//===----------------------------------------------------------------------===//

NamedAttribute::NamedAttribute(StringAttr name, Attribute value) : name(name), value(value) {}
StringAttr NamedAttribute::getName() const { return StringAttr(name.getImpl()); }
std::string_view NamedAttribute::getNameStr() const { return getName().getValue(); }
bool NamedAttribute::operator<(const NamedAttribute &o) const {
  if (name == o.name)
    return false;
  return getNameStr() < o.getNameStr();
}

//===----------------------------------------------------------------------===//
// StringAttr
//===----------------------------------------------------------------------===//

StringAttr StringAttr::get(MLIRContext *ctx, std::string_view str) {
  auto &impl = ctx->getImpl();
  if (str.empty() && impl.emptyStringAttr)
    return impl.emptyStringAttr;
  Type none = impl.noneType ? Type(impl.noneType) : Type(NoneType::get(ctx));
  return Base::get(ctx, str, none);
}

StringAttr StringAttr::get(std::string_view str, Type type) { return Base::get(type.getContext(), str, type); }
StringAttr StringAttr::get(MLIRContext *ctx) { return get(ctx, std::string_view()); }
std::string_view StringAttr::getValue() const { return getImpl()->value; }
Type StringAttr::getType() const { return getImpl()->type; }

Dialect *StringAttr::getReferencedDialect() const {
  auto *s = getImpl();
  if (s->referencedDialect)
    return s->referencedDialect;
  size_t dot = s->value.find('.');
  if (dot == std::string_view::npos)
    return nullptr;
  Dialect *d = getContext()->getLoadedDialect(s->value.substr(0, dot));
  s->referencedDialect = d;
  return d;
}

void StringAttr::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  if (!isa<NoneType>(getType()))
    walkTypes(getType());
}

//===----------------------------------------------------------------------===//
// IntegerAttr, BoolAttr, FloatAttr, UnitAttr
//===----------------------------------------------------------------------===//

IntegerAttr IntegerAttr::get(Type type, const APInt &value) {
  if (type.isSignlessInteger(1)) {
    auto &impl = type.getContext()->getImpl();
    if (impl.trueAttr)
      return value.isZero() ? impl.falseAttr : impl.trueAttr;
  }
  return Base::get(type.getContext(), type, value);
}

IntegerAttr IntegerAttr::get(Type type, int64_t value) {
  if (type.isIndex())
    return get(type, APInt(64, uint64_t(value), true));
  auto intType = cast<IntegerType>(type);
  return get(type, APInt(intType.getWidth(), uint64_t(value), intType.isSigned() || intType.isSignless()));
}

IntegerAttr IntegerAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, Type type, const APInt &value) {
  if (failed(verify(emitError, type, value)))
    return IntegerAttr();
  return get(type, value);
}

LogicalResult IntegerAttr::verify(function_ref<InFlightDiagnostic()> emitError, Type type, const APInt &value) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.getWidth() != value.getBitWidth())
      return emitError() << "integer type bit width (" << intType.getWidth() << ") doesn't match value bit width ("
                         << value.getBitWidth() << ")";
    return success();
  }
  if (isa<IndexType>(type))
    return success();
  return emitError() << "expected integer or index type";
}

Type IntegerAttr::getType() const { return getImpl()->type; }
const APInt &IntegerAttr::getValue() const { return getImpl()->value; }
int64_t IntegerAttr::getInt() const { return getValue().getSExtValue(); }
int64_t IntegerAttr::getSInt() const { return getValue().getSExtValue(); }
uint64_t IntegerAttr::getUInt() const { return getValue().getZExtValue(); }
void IntegerAttr::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}

BoolAttr BoolAttr::get(MLIRContext *ctx, bool value) {
  auto &impl = ctx->getImpl();
  return value ? impl.trueAttr : impl.falseAttr;
}
bool BoolAttr::getValue() const { return !IntegerAttr::getValue().isZero(); }
bool BoolAttr::classof(Attribute attr) {
  auto i = dyn_cast<IntegerAttr>(attr);
  return i && i.getType().isSignlessInteger(1);
}

FloatAttr FloatAttr::get(Type type, const APFloat &value) { return Base::get(type.getContext(), type, value); }
FloatAttr FloatAttr::get(Type type, double value) {
  APFloat v(value);
  bool loses;
  (void)v.convert(cast<FloatType>(type).getFloatSemantics(), RoundingMode::NearestTiesToEven, &loses);
  return get(type, v);
}
FloatAttr FloatAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, Type type, const APFloat &value) {
  if (failed(verify(emitError, type, value)))
    return FloatAttr();
  return get(type, value);
}
LogicalResult FloatAttr::verify(function_ref<InFlightDiagnostic()> emitError, Type type, const APFloat &value) {
  auto ft = dyn_cast<FloatType>(type);
  if (!ft)
    return emitError() << "expected floating point type";
  if (&ft.getFloatSemantics() != &value.getSemantics())
    return emitError() << "FloatAttr type doesn't match the type implied by its value";
  return success();
}
Type FloatAttr::getType() const { return getImpl()->type; }
const APFloat &FloatAttr::getValue() const { return getImpl()->value; }
double FloatAttr::getValueAsDouble() const {
  APFloat v = getValue();
  bool loses;
  (void)v.convert(APFloat::IEEEdouble(), RoundingMode::NearestTiesToEven, &loses);
  return v.convertToDouble();
}
void FloatAttr::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}

//===----------------------------------------------------------------------===//
// ArrayAttr, DictionaryAttr, TypeAttr
//===----------------------------------------------------------------------===//

ArrayAttr ArrayAttr::get(MLIRContext *ctx, ArrayRef<Attribute> value) {
  if (value.empty() && ctx->getImpl().emptyArrayAttr)
    return ctx->getImpl().emptyArrayAttr;
  return Base::get(ctx, value);
}
ArrayRef<Attribute> ArrayAttr::getValue() const { return getImpl()->value; }
void ArrayAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  for (Attribute a : getValue())
    walkAttrs(a);
}

bool DictionaryAttr::sort(ArrayRef<NamedAttribute> values, std::vector<NamedAttribute> &storage) {
  storage.assign(values.begin(), values.end());
  bool isSorted = std::is_sorted(storage.begin(), storage.end());
  if (!isSorted)
    std::stable_sort(storage.begin(), storage.end());
  return isSorted;
}

std::optional<NamedAttribute> DictionaryAttr::findDuplicate(std::vector<NamedAttribute> &array, bool isSorted) {
  if (!isSorted)
    std::stable_sort(array.begin(), array.end());
  for (size_t i = 1; i < array.size(); ++i)
    if (array[i].getName() == array[i - 1].getName())
      return array[i];
  return std::nullopt;
}

DictionaryAttr DictionaryAttr::get(MLIRContext *ctx, ArrayRef<NamedAttribute> value) {
  if (value.empty())
    return getWithSorted(ctx, value);
  bool isSorted = true;
  for (size_t i = 1; i < value.size(); ++i)
    if (value[i] < value[i - 1]) {
      isSorted = false;
      break;
    }
  if (isSorted)
    return getWithSorted(ctx, value);
  std::vector<NamedAttribute> storage(value.begin(), value.end());
  std::stable_sort(storage.begin(), storage.end());
  return getWithSorted(ctx, storage);
}

DictionaryAttr DictionaryAttr::getWithSorted(MLIRContext *ctx, ArrayRef<NamedAttribute> value) {
  if (value.empty() && ctx->getImpl().emptyDictionaryAttr)
    return ctx->getImpl().emptyDictionaryAttr;
  return Base::get(ctx, value);
}

ArrayRef<NamedAttribute> DictionaryAttr::getValue() const { return getImpl()->value; }

Attribute DictionaryAttr::get(std::string_view name) const {
  auto v = getValue();
  if (v.size() <= 8) {
    for (const auto &a : v)
      if (a.getNameStr() == name)
        return a.getValue();
    return Attribute();
  }
  auto it = std::lower_bound(v.begin(), v.end(), name,
                             [](const NamedAttribute &a, std::string_view n) { return a.getNameStr() < n; });
  if (it != v.end() && it->getNameStr() == name)
    return it->getValue();
  return Attribute();
}

Attribute DictionaryAttr::get(StringAttr name) const {
  for (const auto &a : getValue())
    if (a.getName() == name)
      return a.getValue();
  return Attribute();
}

std::optional<NamedAttribute> DictionaryAttr::getNamed(std::string_view name) const {
  for (const auto &a : getValue())
    if (a.getNameStr() == name)
      return a;
  return std::nullopt;
}

void DictionaryAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                              function_ref<void(Type)>) const {
  for (const auto &a : getValue()) {
    walkAttrs(a.getName());
    walkAttrs(a.getValue());
  }
}

TypeAttr TypeAttr::get(Type type) { return Base::get(type.getContext(), type); }
Type TypeAttr::getValue() const { return getImpl()->value; }
void TypeAttr::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  walkTypes(getValue());
}

//===----------------------------------------------------------------------===//
// SymbolRefAttr
//===----------------------------------------------------------------------===//

SymbolRefAttr SymbolRefAttr::get(StringAttr rootReference, ArrayRef<FlatSymbolRefAttr> nestedReferences) {
  return Base::get(rootReference.getContext(), rootReference, nestedReferences);
}
SymbolRefAttr SymbolRefAttr::get(MLIRContext *ctx, std::string_view value,
                                 ArrayRef<FlatSymbolRefAttr> nestedReferences) {
  return get(StringAttr::get(ctx, value), nestedReferences);
}
FlatSymbolRefAttr SymbolRefAttr::get(StringAttr value) {
  return FlatSymbolRefAttr(Attribute(get(value, ArrayRef<FlatSymbolRefAttr>())));
}
FlatSymbolRefAttr SymbolRefAttr::get(MLIRContext *ctx, std::string_view value) {
  return get(StringAttr::get(ctx, value));
}
StringAttr SymbolRefAttr::getRootReference() const { return getImpl()->root; }
StringAttr SymbolRefAttr::getLeafReference() const {
  auto nested = getNestedReferences();
  return nested.empty() ? getRootReference() : nested.back().getAttr();
}
ArrayRef<FlatSymbolRefAttr> SymbolRefAttr::getNestedReferences() const { return getImpl()->nested; }
void SymbolRefAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                             function_ref<void(Type)>) const {
  walkAttrs(getRootReference());
  for (auto n : getNestedReferences())
    walkAttrs(n);
}
bool FlatSymbolRefAttr::classof(Attribute attr) {
  auto s = dyn_cast<SymbolRefAttr>(attr);
  return s && s.getNestedReferences().empty();
}

//===----------------------------------------------------------------------===//
// AffineMapAttr, IntegerSetAttr, OpaqueAttr, StridedLayoutAttr, DistinctAttr
//===----------------------------------------------------------------------===//

AffineMapAttr AffineMapAttr::get(AffineMap map) { return Base::get(map.getContext(), map); }
AffineMap AffineMapAttr::getValue() const { return getImpl()->value; }

IntegerSetAttr IntegerSetAttr::get(IntegerSet set) { return Base::get(set.getContext(), set); }
IntegerSet IntegerSetAttr::getValue() const { return getImpl()->value; }

OpaqueAttr OpaqueAttr::get(StringAttr dialect, std::string_view attrData, Type type) {
  return Base::get(dialect.getContext(), dialect, attrData, type);
}
OpaqueAttr OpaqueAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, StringAttr dialect,
                                  std::string_view attrData, Type type) {
  if (failed(verify(emitError, dialect, attrData, type)))
    return OpaqueAttr();
  return get(dialect, attrData, type);
}
LogicalResult OpaqueAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringAttr dialect,
                                 std::string_view attrData, Type type) {
  std::string_view ns = dialect.getValue();
  bool valid = !ns.empty() && (std::isalpha((unsigned char)ns[0]) || ns[0] == '_');
  for (char c : ns)
    if (!(std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'))
      valid = false;
  if (!valid)
    return emitError() << "invalid dialect namespace '" << dialect << "'";
  MLIRContext *ctx = dialect.getContext();
  if (!ctx->allowsUnregisteredDialects() && !ctx->getLoadedDialect(ns))
    return emitError() << "#" << dialect << "<\"" << attrData << "\"> : " << type
                       << " attribute created with unregistered dialect. If this is "
                       << "intended, please call allowUnregisteredDialects() on the MLIRContext, or use "
                       << "-allow-unregistered-dialect with the MLIR opt tool used";
  return success();
}
StringAttr OpaqueAttr::getDialectNamespace() const { return getImpl()->dialectNamespace; }
std::string_view OpaqueAttr::getAttrData() const { return getImpl()->attrData; }
Type OpaqueAttr::getType() const { return getImpl()->type; }
void OpaqueAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                          function_ref<void(Type)> walkTypes) const {
  walkAttrs(getDialectNamespace());
  if (!isa<NoneType>(getType()))
    walkTypes(getType());
}

StridedLayoutAttr StridedLayoutAttr::get(MLIRContext *ctx, int64_t offset, ArrayRef<int64_t> strides) {
  return Base::get(ctx, offset, strides);
}
StridedLayoutAttr StridedLayoutAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                                int64_t offset, ArrayRef<int64_t> strides) {
  if (failed(verify(emitError, offset, strides)))
    return StridedLayoutAttr();
  return get(ctx, offset, strides);
}
LogicalResult StridedLayoutAttr::verify(function_ref<InFlightDiagnostic()>, int64_t, ArrayRef<int64_t>) {
  return success();
}
int64_t StridedLayoutAttr::getOffset() const { return getImpl()->offset; }
ArrayRef<int64_t> StridedLayoutAttr::getStrides() const { return getImpl()->strides; }
bool StridedLayoutAttr::hasStaticLayout() const {
  if (ShapedType::isDynamic(getOffset()))
    return false;
  for (int64_t s : getStrides())
    if (ShapedType::isDynamic(s))
      return false;
  return true;
}
AffineMap StridedLayoutAttr::toAffineMap() const {
  // d0 * s0 + d1 * s1 + ... + offset, with symbols for dynamic values.
  MLIRContext *ctx = getContext();
  ArrayRef<int64_t> strides = getStrides();
  unsigned numSymbols = 0;
  AffineExpr expr;
  int64_t offset = getOffset();
  if (ShapedType::isDynamic(offset))
    expr = getAffineSymbolExpr(numSymbols++, ctx);
  else
    expr = getAffineConstantExpr(offset, ctx);
  for (size_t i = 0; i < strides.size(); ++i) {
    AffineExpr d = getAffineDimExpr(i, ctx);
    AffineExpr s = ShapedType::isDynamic(strides[i]) ? getAffineSymbolExpr(numSymbols++, ctx)
                                                     : getAffineConstantExpr(strides[i], ctx);
    expr = expr + d * s;
  }
  return AffineMap::get(strides.size(), numSymbols, expr);
}

DistinctAttr DistinctAttr::create(Attribute referencedAttr) {
  MLIRContext *ctx = referencedAttr.getContext();
  return DistinctAttr(ctx->getAttributeUniquer().createUnshared<DistinctAttrStorage>(
      [ctx](DistinctAttrStorage *s) { s->initialize(AbstractAttribute::lookup(DistinctAttr::getTypeID(), ctx)); },
      DistinctAttr::getTypeID(), referencedAttr));
}
Attribute DistinctAttr::getReferencedAttr() const { return getImpl()->referenced; }
void DistinctAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  walkAttrs(getReferencedAttr());
}

//===----------------------------------------------------------------------===//
// DenseArrayAttr
//===----------------------------------------------------------------------===//

static unsigned denseArrayElementBytes(Type t) {
  if (t.isInteger(1))
    return 1;
  return (t.getIntOrFloatBitWidth() + 7) / 8;
}

DenseArrayAttr DenseArrayAttr::get(Type elementType, int64_t size, ArrayRef<char> rawData) {
  return Base::get(elementType.getContext(), elementType, size, rawData);
}
DenseArrayAttr DenseArrayAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                          int64_t size, ArrayRef<char> rawData) {
  if (failed(verify(emitError, elementType, size, rawData)))
    return DenseArrayAttr();
  return get(elementType, size, rawData);
}
LogicalResult DenseArrayAttr::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType, int64_t size,
                                     ArrayRef<char> rawData) {
  // Not index: it has no fixed width (mlir-opt crashes on it; bytecode can
  // ask for it).
  if (!elementType.isIntOrFloat())
    return emitError() << "expected integer or floating point element type";
  if (int64_t(rawData.size()) != size * int64_t(denseArrayElementBytes(elementType)))
    return emitError() << "expected data size (" << unsigned(rawData.size())
                       << " bytes) to match element type size (" << denseArrayElementBytes(elementType)
                       << " bytes) times size (" << long(size) << ")";
  return success();
}
Type DenseArrayAttr::getElementType() const { return getImpl()->elementType; }
int64_t DenseArrayAttr::getSize() const { return getImpl()->size; }
ArrayRef<char> DenseArrayAttr::getRawData() const { return getImpl()->rawData; }
void DenseArrayAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                              function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
}

namespace lamina::detail {
template <typename T> static Type denseArrayTypeFor(MLIRContext *ctx) {
  if constexpr (std::is_same_v<T, bool>)
    return IntegerType::get(ctx, 1);
  else if constexpr (std::is_same_v<T, float>)
    return Float32Type::get(ctx);
  else if constexpr (std::is_same_v<T, double>)
    return Float64Type::get(ctx);
  else
    return IntegerType::get(ctx, sizeof(T) * 8);
}

template <typename T> DenseArrayAttrImpl<T> DenseArrayAttrImpl<T>::get(MLIRContext *ctx, ArrayRef<T> content) {
  ArrayRef<char> raw(reinterpret_cast<const char *>(content.data()), content.size() * sizeof(T));
  return DenseArrayAttrImpl<T>(DenseArrayAttr::get(denseArrayTypeFor<T>(ctx), content.size(), raw));
}

template <typename T> bool DenseArrayAttrImpl<T>::classof(Attribute attr) {
  auto a = dyn_cast<DenseArrayAttr>(attr);
  return a && a.getElementType() == denseArrayTypeFor<T>(attr.getContext());
}

template class DenseArrayAttrImpl<bool>;
template class DenseArrayAttrImpl<int8_t>;
template class DenseArrayAttrImpl<int16_t>;
template class DenseArrayAttrImpl<int32_t>;
template class DenseArrayAttrImpl<int64_t>;
template class DenseArrayAttrImpl<float>;
template class DenseArrayAttrImpl<double>;
} // namespace lamina::detail

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

DenseResourceElementsHandle DenseResourceElementsHandle::getOrCreate(MLIRContext *ctx, std::string_view key) {
  auto &impl = ctx->getImpl();
  std::lock_guard<std::mutex> lock(impl.resourceMutex);
  auto it = impl.resourceByKey.find(std::string(key));
  if (it != impl.resourceByKey.end())
    return DenseResourceElementsHandle(it->second);
  auto *entry = new Entry{std::string(key), std::nullopt};
  impl.resourceEntries.push_back(entry);
  impl.resourceByKey.emplace(entry->key, entry);
  return DenseResourceElementsHandle(entry);
}

std::vector<DenseResourceElementsHandle::Entry *> DenseResourceElementsHandle::getAll(MLIRContext *ctx) {
  auto &impl = ctx->getImpl();
  std::lock_guard<std::mutex> lock(impl.resourceMutex);
  return impl.resourceEntries;
}

DenseResourceElementsAttr DenseResourceElementsAttr::get(ShapedType type, DenseResourceElementsHandle handle) {
  return Base::get(type.getContext(), type, handle.getEntry());
}
ShapedType DenseResourceElementsAttr::getType() const { return getImpl()->type; }
DenseResourceElementsHandle DenseResourceElementsAttr::getRawHandle() const {
  return DenseResourceElementsHandle(getImpl()->entry);
}
void DenseResourceElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                         function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}

//===----------------------------------------------------------------------===//
// SparseElementsAttr
//===----------------------------------------------------------------------===//

SparseElementsAttr SparseElementsAttr::get(ShapedType type, DenseElementsAttr indices, DenseElementsAttr values) {
  return Base::get(type.getContext(), type, indices, values);
}
SparseElementsAttr SparseElementsAttr::getChecked(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                                                  DenseElementsAttr indices, DenseElementsAttr values) {
  if (failed(verify(emitError, type, indices, values)))
    return SparseElementsAttr();
  return get(type, indices, values);
}
ShapedType SparseElementsAttr::getType() const { return getImpl()->type; }
DenseIntElementsAttr SparseElementsAttr::getIndices() const { return DenseIntElementsAttr(getImpl()->indices); }
DenseElementsAttr SparseElementsAttr::getValues() const { return getImpl()->values; }
void SparseElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                                  function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
  walkAttrs(getIndices());
  walkAttrs(getValues());
}
