//===- Builders.cpp - Helpers to create types, attributes and ops ---------===//
#include "lamina/IR/Builders.h"

#include "lamina/IR/Dialect.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/Op.h"

using namespace lamina;

Location Builder::getUnknownLoc() { return UnknownLoc::get(context); }
Location Builder::getFileLineColLoc(StringAttr filename, unsigned line, unsigned col) {
  return FileLineColLoc::get(filename, line, col);
}
Location Builder::getFusedLoc(ArrayRef<Location> locs, Attribute metadata) {
  std::vector<LocationAttr> attrs;
  for (Location l : locs)
    attrs.push_back(l);
  return FusedLoc::get(context, attrs, metadata);
}

FloatType Builder::getBF16Type() { return BFloat16Type::get(context); }
FloatType Builder::getF16Type() { return Float16Type::get(context); }
FloatType Builder::getTF32Type() { return FloatTF32Type::get(context); }
FloatType Builder::getF32Type() { return Float32Type::get(context); }
FloatType Builder::getF64Type() { return Float64Type::get(context); }
FloatType Builder::getF80Type() { return Float80Type::get(context); }
FloatType Builder::getF128Type() { return Float128Type::get(context); }
IndexType Builder::getIndexType() { return IndexType::get(context); }
IntegerType Builder::getI1Type() { return IntegerType::get(context, 1); }
IntegerType Builder::getI2Type() { return IntegerType::get(context, 2); }
IntegerType Builder::getI4Type() { return IntegerType::get(context, 4); }
IntegerType Builder::getI8Type() { return IntegerType::get(context, 8); }
IntegerType Builder::getI16Type() { return IntegerType::get(context, 16); }
IntegerType Builder::getI32Type() { return IntegerType::get(context, 32); }
IntegerType Builder::getI64Type() { return IntegerType::get(context, 64); }
IntegerType Builder::getIntegerType(unsigned width) { return IntegerType::get(context, width); }
IntegerType Builder::getIntegerType(unsigned width, bool isSigned) {
  return IntegerType::get(context, width, isSigned ? IntegerType::Signed : IntegerType::Unsigned);
}
/// Copies the types of `range` (which may be backed by values) into
/// `storage` and returns them as an array.
static ArrayRef<Type> contiguous(TypeRange range, SmallVectorImpl<Type> &storage) {
  storage.reserve(range.size());
  for (Type t : range)
    storage.push_back(t);
  return storage;
}

FunctionType Builder::getFunctionType(TypeRange inputs, TypeRange results) {
  SmallVector<Type, 8> inputStorage, resultStorage;
  return FunctionType::get(context, contiguous(inputs, inputStorage), contiguous(results, resultStorage));
}
TupleType Builder::getTupleType(TypeRange elementTypes) {
  SmallVector<Type, 8> storage;
  return TupleType::get(context, contiguous(elementTypes, storage));
}
NoneType Builder::getNoneType() { return NoneType::get(context); }

NamedAttribute Builder::getNamedAttr(std::string_view name, Attribute val) {
  return NamedAttribute(getStringAttr(name), val);
}
UnitAttr Builder::getUnitAttr() { return UnitAttr::get(context); }
BoolAttr Builder::getBoolAttr(bool value) { return BoolAttr::get(context, value); }
DictionaryAttr Builder::getDictionaryAttr(ArrayRef<NamedAttribute> value) { return DictionaryAttr::get(context, value); }
IntegerAttr Builder::getIntegerAttr(Type type, int64_t value) { return IntegerAttr::get(type, value); }
IntegerAttr Builder::getIntegerAttr(Type type, const APInt &value) { return IntegerAttr::get(type, value); }
FloatAttr Builder::getFloatAttr(Type type, double value) { return FloatAttr::get(type, value); }
FloatAttr Builder::getFloatAttr(Type type, const APFloat &value) { return FloatAttr::get(type, value); }
StringAttr Builder::getStringAttr(std::string_view bytes) { return StringAttr::get(context, bytes); }
ArrayAttr Builder::getArrayAttr(ArrayRef<Attribute> value) { return ArrayAttr::get(context, value); }
FlatSymbolRefAttr Builder::getSymbolRefAttr(std::string_view value) { return SymbolRefAttr::get(context, value); }
SymbolRefAttr Builder::getSymbolRefAttr(std::string_view value, ArrayRef<FlatSymbolRefAttr> nested) {
  return SymbolRefAttr::get(context, value, nested);
}
TypeAttr Builder::getTypeAttr(Type type) { return TypeAttr::get(type); }
IntegerAttr Builder::getI64IntegerAttr(int64_t value) { return IntegerAttr::get(getI64Type(), value); }
IntegerAttr Builder::getI32IntegerAttr(int32_t value) { return IntegerAttr::get(getI32Type(), value); }
IntegerAttr Builder::getI16IntegerAttr(int16_t value) { return IntegerAttr::get(getI16Type(), value); }
IntegerAttr Builder::getI8IntegerAttr(int8_t value) { return IntegerAttr::get(getI8Type(), value); }
IntegerAttr Builder::getSI32IntegerAttr(int32_t value) {
  return IntegerAttr::get(getIntegerType(32, true), APInt(32, uint64_t(int64_t(value)), true));
}
IntegerAttr Builder::getUI32IntegerAttr(uint32_t value) {
  return IntegerAttr::get(getIntegerType(32, false), APInt(32, uint64_t(value)));
}
IntegerAttr Builder::getIndexAttr(int64_t value) { return IntegerAttr::get(getIndexType(), value); }
FloatAttr Builder::getF16FloatAttr(float value) { return FloatAttr::get(getF16Type(), double(value)); }
FloatAttr Builder::getF32FloatAttr(float value) { return FloatAttr::get(getF32Type(), double(value)); }
FloatAttr Builder::getF64FloatAttr(double value) { return FloatAttr::get(getF64Type(), value); }
DenseI32ArrayAttr Builder::getDenseI32ArrayAttr(ArrayRef<int32_t> values) {
  return DenseI32ArrayAttr::get(context, values);
}
DenseI64ArrayAttr Builder::getDenseI64ArrayAttr(ArrayRef<int64_t> values) {
  return DenseI64ArrayAttr::get(context, values);
}
DenseBoolArrayAttr Builder::getDenseBoolArrayAttr(ArrayRef<bool> values) {
  return DenseBoolArrayAttr::get(context, values);
}
ArrayAttr Builder::getI32ArrayAttr(ArrayRef<int32_t> values) {
  std::vector<Attribute> attrs;
  for (int32_t v : values)
    attrs.push_back(getI32IntegerAttr(v));
  return getArrayAttr(attrs);
}
ArrayAttr Builder::getI64ArrayAttr(ArrayRef<int64_t> values) {
  std::vector<Attribute> attrs;
  for (int64_t v : values)
    attrs.push_back(getI64IntegerAttr(v));
  return getArrayAttr(attrs);
}
ArrayAttr Builder::getIndexArrayAttr(ArrayRef<int64_t> values) {
  std::vector<Attribute> attrs;
  for (int64_t v : values)
    attrs.push_back(getIndexAttr(v));
  return getArrayAttr(attrs);
}
ArrayAttr Builder::getStrArrayAttr(ArrayRef<std::string_view> values) {
  std::vector<Attribute> attrs;
  for (auto v : values)
    attrs.push_back(getStringAttr(v));
  return getArrayAttr(attrs);
}
ArrayAttr Builder::getTypeArrayAttr(TypeRange values) {
  std::vector<Attribute> attrs;
  for (Type t : values)
    attrs.push_back(TypeAttr::get(t));
  return getArrayAttr(attrs);
}
ArrayAttr Builder::getAffineMapArrayAttr(ArrayRef<AffineMap> values) {
  std::vector<Attribute> attrs;
  for (AffineMap m : values)
    attrs.push_back(AffineMapAttr::get(m));
  return getArrayAttr(attrs);
}
AffineMapAttr Builder::getAffineMapAttr(AffineMap map) { return AffineMapAttr::get(map); }
IntegerSetAttr Builder::getIntegerSetAttr(IntegerSet set) { return IntegerSetAttr::get(set); }

TypedAttr Builder::getZeroAttr(Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return getFloatAttr(type, APFloat::getZero(f.getFloatSemantics()));
  if (type.isIntOrIndex())
    return getIntegerAttr(type, 0);
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    TypedAttr elt = getZeroAttr(shaped.getElementType());
    if (!elt)
      return TypedAttr();
    return DenseElementsAttr::get(shaped, ArrayRef<Attribute>(Attribute(elt)));
  }
  return TypedAttr();
}

TypedAttr Builder::getOneAttr(Type type) {
  if (isa<FloatType>(type))
    return getFloatAttr(type, 1.0);
  if (type.isIntOrIndex())
    return getIntegerAttr(type, 1);
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    TypedAttr elt = getOneAttr(shaped.getElementType());
    if (!elt)
      return TypedAttr();
    return DenseElementsAttr::get(shaped, ArrayRef<Attribute>(Attribute(elt)));
  }
  return TypedAttr();
}

AffineExpr Builder::getAffineDimExpr(unsigned position) { return lamina::getAffineDimExpr(position, context); }
AffineExpr Builder::getAffineSymbolExpr(unsigned position) { return lamina::getAffineSymbolExpr(position, context); }
AffineExpr Builder::getAffineConstantExpr(int64_t constant) { return lamina::getAffineConstantExpr(constant, context); }
AffineMap Builder::getEmptyAffineMap() { return AffineMap::get(context); }
AffineMap Builder::getConstantAffineMap(int64_t val) { return AffineMap::getConstantMap(val, context); }
AffineMap Builder::getDimIdentityMap() { return AffineMap::get(1, 0, getAffineDimExpr(0)); }
AffineMap Builder::getMultiDimIdentityMap(unsigned rank) { return AffineMap::getMultiDimIdentityMap(rank, context); }
AffineMap Builder::getSymbolIdentityMap() { return AffineMap::get(0, 1, getAffineSymbolExpr(0)); }
AffineMap Builder::getSingleDimShiftAffineMap(int64_t shift) {
  return AffineMap::get(1, 0, getAffineDimExpr(0) + shift);
}
AffineMap Builder::getShiftedAffineMap(AffineMap map, int64_t shift) {
  std::vector<AffineExpr> results;
  for (AffineExpr e : map.getResults())
    results.push_back(e + shift);
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, context);
}

//===----------------------------------------------------------------------===//
// OpBuilder
//===----------------------------------------------------------------------===//

OpBuilder::Listener::~Listener() = default;

Block *OpBuilder::createBlock(Region *parent, Region::iterator insertPt, TypeRange argTypes,
                              ArrayRef<Location> locs) {
  Block *b = new Block();
  for (size_t i = 0; i < argTypes.size(); ++i)
    b->addArgument(argTypes[i], locs[i]);
  parent->getBlocks().insert(insertPt, b, parent);
  setInsertionPointToEnd(b);
  if (listener)
    listener->notifyBlockInserted(b, nullptr, Region::iterator());
  return b;
}

Block *OpBuilder::createBlock(Block *insertBefore, TypeRange argTypes, ArrayRef<Location> locs) {
  Region *parent = insertBefore->getParent();
  return createBlock(parent, Region::iterator(insertBefore, &parent->getBlocks()), argTypes, locs);
}

Operation *OpBuilder::insert(Operation *op) {
  if (block) {
    block->insert(point, op);
    if (listener)
      listener->notifyOperationInserted(op, InsertPoint());
  }
  return op;
}

/// How many times in a row tryFold lets an op fold in place.
static constexpr unsigned kMaxInPlaceFolds = 64;

LogicalResult OpBuilder::tryFold(Operation *op, SmallVectorImpl<Value> &results) {
  results.clear();
  // A constant is already as folded as it gets.
  if (matchConstantOp(op))
    return failure();
  SmallVector<OpFoldResult, 4> foldResults;
  if (failed(op->fold(foldResults)))
    return failure();
  // After an in-place fold (a commutative op moving its constants to the
  // right, say) the op folds again, as long as it keeps changing in place
  // (MLIR 22); the bound guards against folders that always claim a change.
  for (unsigned count = 1; foldResults.empty() && count < kMaxInPlaceFolds && succeeded(op->fold(foldResults));
       ++count) {
  }
  // An in-place fold needs no constants.
  if (foldResults.empty())
    return success();
  OpBuilder constantBuilder(context);
  SmallVector<Operation *, 1> constants;
  Dialect *dialect = op->getDialect();
  for (unsigned i = 0; i < foldResults.size(); ++i) {
    if (Value v = foldResults[i].getValue()) {
      results.push_back(v);
      continue;
    }
    Operation *constOp = dialect ? dialect->materializeConstant(constantBuilder, foldResults[i].getAttribute(),
                                                                op->getResult(i).getType(), op->getLoc())
                                 : nullptr;
    if (!constOp) {
      for (Operation *c : constants)
        c->destroy();
      results.clear();
      return failure();
    }
    constants.push_back(constOp);
    results.push_back(constOp->getResult(0));
  }
  for (Operation *c : constants)
    insert(c);
  return success();
}

void OpBuilder::createOrFold(SmallVectorImpl<Value> &results, OperationState &state) {
  Operation *op = Operation::create(state);
  if (block)
    block->insert(point, op);
  if (succeeded(tryFold(op, results)) && !results.empty()) {
    op->erase();
    return;
  }
  results.clear();
  for (Value v : op->getResults())
    results.push_back(v);
  if (block && listener)
    listener->notifyOperationInserted(op, InsertPoint());
}

Operation *OpBuilder::create(OperationState &state) { return insert(Operation::create(state)); }

Operation *OpBuilder::create(Location loc, std::string_view opName, ValueRange operands, TypeRange types,
                             ArrayRef<NamedAttribute> attributes, ArrayRef<Block *> successors,
                             unsigned numRegions) {
  OperationState state(loc, opName);
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(attributes);
  for (Block *b : successors)
    state.addSuccessors(b);
  state.addRegions(numRegions);
  return create(state);
}

Operation *OpBuilder::clone(Operation &op) {
  IRMapping mapper;
  return clone(op, mapper);
}

Operation *OpBuilder::clone(Operation &op, IRMapping &mapper) {
  Operation *newOp = op.clone(mapper);
  // The listener hears about the nested ops first, in pre-order.
  if (listener && block && newOp->getNumRegions()) {
    detail::walkOperations(newOp, WalkOrder::PreOrder, [&](Operation *nested) {
      if (nested != newOp)
        listener->notifyOperationInserted(nested, InsertPoint());
      return WalkResult::advance();
    });
  }
  return insert(newOp);
}

Operation *OpBuilder::cloneWithoutRegions(Operation &op) { return insert(op.cloneWithoutRegions()); }
