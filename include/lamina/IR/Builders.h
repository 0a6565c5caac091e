//===- Builders.h - Helpers to create types, attributes and operations ----===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Operation.h"

namespace lamina {

/// Shorthands for getting uniqued types and attributes.
class Builder {
public:
  explicit Builder(MLIRContext *context) : context(context) {}
  MLIRContext *getContext() const { return context; }

  Location getUnknownLoc();
  Location getFileLineColLoc(StringAttr filename, unsigned line, unsigned col);
  Location getFusedLoc(ArrayRef<Location> locs, Attribute metadata = {});

  // Types.
  FloatType getBF16Type();
  FloatType getF16Type();
  FloatType getTF32Type();
  FloatType getF32Type();
  FloatType getF64Type();
  FloatType getF80Type();
  FloatType getF128Type();
  IndexType getIndexType();
  IntegerType getI1Type();
  IntegerType getI2Type();
  IntegerType getI4Type();
  IntegerType getI8Type();
  IntegerType getI16Type();
  IntegerType getI32Type();
  IntegerType getI64Type();
  IntegerType getIntegerType(unsigned width);
  IntegerType getIntegerType(unsigned width, bool isSigned);
  FunctionType getFunctionType(TypeRange inputs, TypeRange results);
  TupleType getTupleType(TypeRange elementTypes);
  NoneType getNoneType();

  // Attributes.
  NamedAttribute getNamedAttr(std::string_view name, Attribute val);
  UnitAttr getUnitAttr();
  BoolAttr getBoolAttr(bool value);
  DictionaryAttr getDictionaryAttr(ArrayRef<NamedAttribute> value);
  IntegerAttr getIntegerAttr(Type type, int64_t value);
  IntegerAttr getIntegerAttr(Type type, const APInt &value);
  FloatAttr getFloatAttr(Type type, double value);
  FloatAttr getFloatAttr(Type type, const APFloat &value);
  StringAttr getStringAttr(std::string_view bytes);
  ArrayAttr getArrayAttr(ArrayRef<Attribute> value);
  FlatSymbolRefAttr getSymbolRefAttr(std::string_view value);
  SymbolRefAttr getSymbolRefAttr(std::string_view value, ArrayRef<FlatSymbolRefAttr> nested);
  TypeAttr getTypeAttr(Type type);
  IntegerAttr getI64IntegerAttr(int64_t value);
  IntegerAttr getI32IntegerAttr(int32_t value);
  IntegerAttr getI16IntegerAttr(int16_t value);
  IntegerAttr getI8IntegerAttr(int8_t value);
  IntegerAttr getSI32IntegerAttr(int32_t value);
  IntegerAttr getUI32IntegerAttr(uint32_t value);
  IntegerAttr getIndexAttr(int64_t value);
  FloatAttr getF16FloatAttr(float value);
  FloatAttr getF32FloatAttr(float value);
  FloatAttr getF64FloatAttr(double value);
  DenseI32ArrayAttr getDenseI32ArrayAttr(ArrayRef<int32_t> values);
  DenseI64ArrayAttr getDenseI64ArrayAttr(ArrayRef<int64_t> values);
  DenseBoolArrayAttr getDenseBoolArrayAttr(ArrayRef<bool> values);
  ArrayAttr getI32ArrayAttr(ArrayRef<int32_t> values);
  ArrayAttr getI64ArrayAttr(ArrayRef<int64_t> values);
  ArrayAttr getIndexArrayAttr(ArrayRef<int64_t> values);
  ArrayAttr getStrArrayAttr(ArrayRef<std::string_view> values);
  ArrayAttr getTypeArrayAttr(TypeRange values);
  ArrayAttr getAffineMapArrayAttr(ArrayRef<AffineMap> values);
  AffineMapAttr getAffineMapAttr(AffineMap map);
  IntegerSetAttr getIntegerSetAttr(IntegerSet set);
  /// A zero value of `type` (integer, index, float or shaped splat).
  TypedAttr getZeroAttr(Type type);
  TypedAttr getOneAttr(Type type);

  // Affine.
  AffineExpr getAffineDimExpr(unsigned position);
  AffineExpr getAffineSymbolExpr(unsigned position);
  AffineExpr getAffineConstantExpr(int64_t constant);
  AffineMap getEmptyAffineMap();
  AffineMap getConstantAffineMap(int64_t val);
  AffineMap getDimIdentityMap();
  AffineMap getMultiDimIdentityMap(unsigned rank);
  AffineMap getSymbolIdentityMap();
  AffineMap getSingleDimShiftAffineMap(int64_t shift);
  AffineMap getShiftedAffineMap(AffineMap map, int64_t shift);

protected:
  MLIRContext *context;
};

/// A Builder that also knows where to insert new operations.
class OpBuilder : public Builder {
public:
  /// A (block, position) pair; operations are inserted before the position.
  class InsertPoint {
  public:
    InsertPoint() = default;
    InsertPoint(Block *block, Block::iterator point) : block(block), point(point) {}
    bool isSet() const { return block; }
    Block *getBlock() const { return block; }
    Block::iterator getPoint() const { return point; }

  private:
    Block *block = nullptr;
    Block::iterator point;
  };

  /// Told about what the builder inserts (RewriterBase::Listener extends
  /// it with modifications, replacements and erasures).
  class Listener {
  public:
    virtual ~Listener();
    /// `op` was inserted (created, cloned or moved); `previous` is where it
    /// was before a move (unset for new ops).
    virtual void notifyOperationInserted(Operation *op, InsertPoint previous) {
      (void)op;
      (void)previous;
    }
    /// `block` was inserted (created or moved); `previous` is the region it
    /// was in before a move (null for new blocks).
    virtual void notifyBlockInserted(Block *block, Region *previous, Region::iterator previousIt) {
      (void)block;
      (void)previous;
      (void)previousIt;
    }
    /// Whether this is a RewriterBase::Listener.
    bool isRewriterListener() const { return rewriterListener; }

  protected:
    explicit Listener(bool rewriterListener = false) : rewriterListener(rewriterListener) {}

  private:
    bool rewriterListener;
  };

  /// Saves the insertion point and restores it when destroyed.
  class InsertionGuard {
  public:
    explicit InsertionGuard(OpBuilder &builder) : builder(&builder), ip(builder.saveInsertionPoint()) {}
    ~InsertionGuard() {
      if (builder)
        builder->restoreInsertionPoint(ip);
    }
    InsertionGuard(const InsertionGuard &) = delete;
    InsertionGuard &operator=(const InsertionGuard &) = delete;

  private:
    OpBuilder *builder;
    InsertPoint ip;
  };

  explicit OpBuilder(MLIRContext *ctx, Listener *listener = nullptr) : Builder(ctx), listener(listener) {}
  explicit OpBuilder(Region &region) : Builder(region.getContext()) {
    if (!region.empty())
      setInsertionPointToStart(&region.front());
  }
  explicit OpBuilder(Operation *op) : Builder(op->getContext()) { setInsertionPoint(op); }
  OpBuilder(Block *block, Block::iterator point) : Builder(block->getParent() ? block->getParent()->getContext() : nullptr) {
    setInsertionPoint(block, point);
  }
  static OpBuilder atBlockBegin(Block *block) { return OpBuilder(block, block->begin()); }
  static OpBuilder atBlockEnd(Block *block) { return OpBuilder(block, block->end()); }

  void setListener(Listener *newListener) { listener = newListener; }
  Listener *getListener() const { return listener; }

  void clearInsertionPoint() { block = nullptr; }
  InsertPoint saveInsertionPoint() const { return InsertPoint(block, point); }
  void restoreInsertionPoint(InsertPoint ip) {
    block = ip.getBlock();
    point = ip.getPoint();
  }
  void setInsertionPoint(Block *b, Block::iterator p) {
    block = b;
    point = p;
  }
  void setInsertionPoint(Operation *op) { setInsertionPoint(op->getBlock(), Block::iterator(op)); }
  void setInsertionPointAfter(Operation *op) {
    setInsertionPoint(op->getBlock(), ++Block::iterator(op));
  }
  void setInsertionPointToStart(Block *b) { setInsertionPoint(b, b->begin()); }
  void setInsertionPointToEnd(Block *b) { setInsertionPoint(b, b->end()); }
  Block *getInsertionBlock() const { return block; }
  Block::iterator getInsertionPoint() const { return point; }

  /// Creates a block at the end of `parent` (or before `insertPt`) with
  /// arguments, and moves the insertion point into it.
  Block *createBlock(Region *parent, Region::iterator insertPt = {}, TypeRange argTypes = {},
                     ArrayRef<Location> locs = {});

  /// Creates a block before `insertBefore` (in its region) and moves the
  /// insertion point into it.
  Block *createBlock(Block *insertBefore, TypeRange argTypes = {}, ArrayRef<Location> locs = {});

  /// Inserts an existing detached op at the insertion point.
  Operation *insert(Operation *op);
  /// Creates an operation from a state and inserts it.
  Operation *create(OperationState &state);
  Operation *create(Location loc, std::string_view opName, ValueRange operands = {}, TypeRange types = {},
                    ArrayRef<NamedAttribute> attributes = {}, ArrayRef<Block *> successors = {},
                    unsigned numRegions = 0);

  /// Creates an op of class OpTy via `OpTy::build(builder, state, args...)`.
  template <typename OpTy, typename... Args> OpTy create(Location location, Args &&...args) {
    OperationState state(location, OpTy::getOperationName());
    OpTy::build(*this, state, std::forward<Args>(args)...);
    Operation *op = create(state);
    return cast<OpTy>(op);
  }

  /// Creates an op of class OpTy and tries to fold it: when it folds to
  /// existing values or constants the dialect materializes, the op is
  /// erased and `results` holds the replacement values. Returns the op's
  /// results otherwise (createOrFold in MLIR).
  void createOrFold(SmallVectorImpl<Value> &results, OperationState &state);
  Value createOrFold(OperationState &state) {
    SmallVector<Value, 1> results;
    createOrFold(results, state);
    return results.empty() ? Value() : results.front();
  }
  /// Tries to fold `op` (just created, not yet inserted or inserted at the
  /// insertion point) into `results` (MLIR's OpBuilder::tryFold).
  LogicalResult tryFold(Operation *op, SmallVectorImpl<Value> &results);

  /// Clones `op` and inserts the clone.
  Operation *clone(Operation &op);
  /// Clones `op` through `mapper` (see Operation::clone) and inserts it.
  Operation *clone(Operation &op, IRMapping &mapper);
  /// Clones `op` without its regions' contents and inserts the clone.
  Operation *cloneWithoutRegions(Operation &op);

protected:
  Listener *listener = nullptr;

private:
  Block *block = nullptr;
  Block::iterator point;
};

} // namespace lamina
