//===- BuiltinDialect.cpp - The builtin dialect and its operations --------===//
#include "lamina/IR/BuiltinDialect.h"

#include "MLIRContextImpl.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;

BuiltinDialect::BuiltinDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<BuiltinDialect>()) {
  addTypes<IntegerType, IndexType, NoneType, ComplexType, FunctionType, TupleType, OpaqueType, VectorType,
           RankedTensorType, UnrankedTensorType, MemRefType, UnrankedMemRefType>();
  {
    uint8_t floatIndex = 0;
#define LAMINA_FLOAT_TYPE(Cls, keyword)                                                                \
  addTypes<Cls>();                                                                                     \
  const_cast<AbstractType &>(AbstractType::lookup(Cls::getTypeID(), ctx)).builtinFloatIndex = ++floatIndex;
#include "lamina/IR/BuiltinFloatTypes.def"
#undef LAMINA_FLOAT_TYPE
  }
  addAttributes<StringAttr, IntegerAttr, FloatAttr, UnitAttr, ArrayAttr, DictionaryAttr, TypeAttr, SymbolRefAttr,
                AffineMapAttr, IntegerSetAttr, OpaqueAttr, StridedLayoutAttr, DistinctAttr, DenseArrayAttr,
                DenseIntOrFPElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr, SparseElementsAttr>();
  addAttributes<UnknownLoc, FileLineColRange, NameLoc, CallSiteLoc, FusedLoc, OpaqueLoc>();
  registerBuiltinOps(*this);
}

BuiltinDialect::~BuiltinDialect() = default;

AliasResult BuiltinDialect::getAlias(Attribute attr, raw_ostream &os) const {
  if (isa<AffineMapAttr>(attr)) {
    os << "map";
    return AliasResult::OverridableAlias;
  }
  if (isa<IntegerSetAttr>(attr)) {
    os << "set";
    return AliasResult::OverridableAlias;
  }
  if (isa<LocationAttr>(attr)) {
    os << "loc";
    return AliasResult::OverridableAlias;
  }
  if (auto distinct = dyn_cast<DistinctAttr>(attr))
    if (!isa<UnitAttr>(distinct.getReferencedAttr())) {
      os << "distinct";
      return AliasResult::OverridableAlias;
    }
  return AliasResult::NoAlias;
}

AliasResult BuiltinDialect::getAlias(Type type, raw_ostream &os) const {
  if (auto tuple = dyn_cast<TupleType>(type))
    if (tuple.size() > 16) {
      os << "tuple";
      return AliasResult::OverridableAlias;
    }
  return AliasResult::NoAlias;
}

void MLIRContext::Impl::initializeCaches(MLIRContext *ctx) {
  indexType = IndexType::get(ctx);
  noneType = NoneType::get(ctx);
  int1Ty = IntegerType::get(ctx, 1);
  int8Ty = IntegerType::get(ctx, 8);
  int16Ty = IntegerType::get(ctx, 16);
  int32Ty = IntegerType::get(ctx, 32);
  int64Ty = IntegerType::get(ctx, 64);
  int128Ty = IntegerType::get(ctx, 128);
  unitAttr = UnitAttr::get(ctx);
  emptyStringAttr = StringAttr::get(ctx, "");
  falseAttr = BoolAttr(IntegerAttr::get(int1Ty, APInt(1, 0)));
  trueAttr = BoolAttr(IntegerAttr::get(int1Ty, APInt(1, 1)));
  emptyDictionaryAttr = DictionaryAttr::get(ctx, {});
  emptyArrayAttr = ArrayAttr::get(ctx, {});
  unknownLoc = UnknownLoc::get(ctx);
}
