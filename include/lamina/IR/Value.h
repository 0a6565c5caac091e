//===- Value.h - SSA values, operands and use-lists ------------------------===//
#pragma once

#include "lamina/IR/Location.h"
#include "lamina/IR/Types.h"
#include "lamina/Support/SmallVector.h"

#include <cstdint>
#include <iterator>

namespace lamina {

class Block;
class BlockArgument;
class OpOperand;
class OpResult;
class Operation;
class Region;
class Value;
class AsmState;
class OpPrintingFlags;

namespace detail {

/// Storage shared by results and block arguments: type, kind and the head of
/// the use-list.
class ValueImpl {
public:
  enum class Kind : uint32_t { OpResult, BlockArgument };
  ValueImpl(Type type, Kind kind, uint32_t index) : type(type), kind(kind), index(index) {}

  Type type;
  OpOperand *firstUse = nullptr;
  Kind kind;
  /// Result number or argument number.
  uint32_t index;
};

/// A result of an operation. Results are laid out immediately before their
/// operation in reverse order, so the owner is found by pointer arithmetic.
class OpResultImpl : public ValueImpl {
public:
  OpResultImpl(Type type, uint32_t index) : ValueImpl(type, Kind::OpResult, index) {}
  Operation *getOwner() const {
    return reinterpret_cast<Operation *>(const_cast<OpResultImpl *>(this) + index + 1);
  }
};

/// A block argument.
class BlockArgumentImpl : public ValueImpl {
public:
  BlockArgumentImpl(Type type, Block *owner, uint32_t index, PackedLocation loc)
      : ValueImpl(type, Kind::BlockArgument, index), owner(owner), loc(loc) {}
  Block *owner;
  PackedLocation loc;
};

} // namespace detail

/// An operand of an operation: links its value's use-list.
class OpOperand {
public:
  OpOperand(Operation *owner) : owner(owner) {}
  OpOperand(Operation *owner, Value value);
  OpOperand(const OpOperand &) = delete;
  OpOperand &operator=(const OpOperand &) = delete;
  ~OpOperand() { removeFromCurrent(); }

  Value get() const;
  void set(Value value);
  Operation *getOwner() const { return owner; }
  /// Position among the owner's operands.
  unsigned getOperandNumber() const;
  OpOperand *getNextOperandUsingThisValue() const { return nextUse; }
  /// Unlinks from the current value and sets null.
  void drop() {
    removeFromCurrent();
    value = nullptr;
  }
  bool is(Value v) const;

private:
  friend class Value;
  friend class Operation;
  void removeFromCurrent() {
    if (!back)
      return;
    *back = nextUse;
    if (nextUse)
      nextUse->back = back;
    back = nullptr;
    nextUse = nullptr;
  }
  void insertInto(detail::ValueImpl *v) {
    back = &v->firstUse;
    nextUse = v->firstUse;
    if (nextUse)
      nextUse->back = &nextUse;
    v->firstUse = this;
  }
  detail::ValueImpl *value = nullptr;
  OpOperand *nextUse = nullptr;
  OpOperand **back = nullptr;
  Operation *owner;
};

/// Iterates the uses of a value.
class ValueUseIterator {
public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = OpOperand;
  using difference_type = std::ptrdiff_t;
  using pointer = OpOperand *;
  using reference = OpOperand &;
  explicit ValueUseIterator(OpOperand *use = nullptr) : current(use) {}
  OpOperand &operator*() const { return *current; }
  OpOperand *operator->() const { return current; }
  ValueUseIterator &operator++() {
    current = current->getNextOperandUsingThisValue();
    return *this;
  }
  ValueUseIterator operator++(int) {
    auto t = *this;
    ++*this;
    return t;
  }
  bool operator==(const ValueUseIterator &o) const { return current == o.current; }
  bool operator!=(const ValueUseIterator &o) const { return current != o.current; }
  Operation *getUser() const { return current->getOwner(); }

private:
  OpOperand *current;
};

/// Iterates the users (owning operations) of a value's uses.
class ValueUserIterator {
public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = Operation *;
  using difference_type = std::ptrdiff_t;
  using pointer = Operation **;
  using reference = Operation *;
  explicit ValueUserIterator(OpOperand *use = nullptr) : it(use) {}
  Operation *operator*() const { return it->getOwner(); }
  ValueUserIterator &operator++() {
    ++it;
    return *this;
  }
  bool operator==(const ValueUserIterator &o) const { return it == o.it; }
  bool operator!=(const ValueUserIterator &o) const { return it != o.it; }

private:
  ValueUseIterator it;
};

template <typename It> struct IteratorRange {
  It b, e;
  It begin() const { return b; }
  It end() const { return e; }
  bool empty() const { return b == e; }
};

/// A handle to an SSA value: an operation result or a block argument.
class Value {
public:
  constexpr Value(std::nullptr_t = nullptr) {}
  Value(detail::ValueImpl *impl) : impl(impl) {}

  explicit operator bool() const { return impl; }
  bool operator!() const { return !impl; }
  bool operator==(Value o) const { return impl == o.impl; }
  bool operator!=(Value o) const { return impl != o.impl; }

  Type getType() const { return impl->type; }
  void setType(Type t) { impl->type = t; }
  MLIRContext *getContext() const { return getType().getContext(); }
  /// The defining operation, or null for block arguments.
  Operation *getDefiningOp() const;
  template <typename OpTy> OpTy getDefiningOp() const;
  /// The block this value is defined in.
  Block *getParentBlock() const;
  Region *getParentRegion() const;
  Operation *getParentOp() const;
  Location getLoc() const;
  void setLoc(Location loc);

  bool use_empty() const { return !impl->firstUse; }
  bool hasOneUse() const { return impl->firstUse && !impl->firstUse->getNextOperandUsingThisValue(); }
  ValueUseIterator use_begin() const { return ValueUseIterator(impl->firstUse); }
  ValueUseIterator use_end() const { return ValueUseIterator(); }
  IteratorRange<ValueUseIterator> getUses() const { return {use_begin(), use_end()}; }
  IteratorRange<ValueUserIterator> getUsers() const {
    return {ValueUserIterator(impl->firstUse), ValueUserIterator()};
  }
  ValueUserIterator user_begin() const { return ValueUserIterator(impl->firstUse); }
  ValueUserIterator user_end() const { return ValueUserIterator(); }
  bool isUsedOutsideOfBlock(Block *block) const;

  /// Makes every use of this value use `newValue` instead.
  void replaceAllUsesWith(Value newValue) const;
  void replaceAllUsesExcept(Value newValue, Operation *exceptedUser) const;
  void replaceUsesWithIf(Value newValue, function_ref<bool(OpOperand &)> shouldReplace) const;
  void dropAllUses() const;

  void print(raw_ostream &os) const;
  void print(raw_ostream &os, AsmState &state) const;
  void printAsOperand(raw_ostream &os, AsmState &state) const;
  void dump() const;

  detail::ValueImpl *getImpl() const { return impl; }
  const void *getAsOpaquePointer() const { return impl; }
  static Value getFromOpaquePointer(const void *p) {
    return Value(static_cast<detail::ValueImpl *>(const_cast<void *>(p)));
  }


protected:
  detail::ValueImpl *impl = nullptr;
};

inline uint64_t hashValue(Value v) { return hashValue(v.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, Value v);

/// A result of an operation.
class OpResult : public Value {
public:
  using Value::Value;
  OpResult(Value v) : Value(v.getImpl()) {}
  static bool classof(Value v) { return v && v.getImpl()->kind == detail::ValueImpl::Kind::OpResult; }
  Operation *getOwner() const { return static_cast<detail::OpResultImpl *>(impl)->getOwner(); }
  unsigned getResultNumber() const { return impl->index; }
};

/// An argument of a block.
class BlockArgument : public Value {
public:
  using Value::Value;
  BlockArgument(Value v) : Value(v.getImpl()) {}
  static bool classof(Value v) { return v && v.getImpl()->kind == detail::ValueImpl::Kind::BlockArgument; }
  Block *getOwner() const { return static_cast<detail::BlockArgumentImpl *>(impl)->owner; }
  unsigned getArgNumber() const { return impl->index; }
  Location getLoc() const { return static_cast<detail::BlockArgumentImpl *>(impl)->loc.get(getType().getContext()); }
  void setLoc(Location loc) { static_cast<detail::BlockArgumentImpl *>(impl)->loc = loc; }
  PackedLocation getPackedLoc() const { return static_cast<detail::BlockArgumentImpl *>(impl)->loc; }
};

/// A successor of a terminator: links the block's predecessor list.
class BlockOperand {
public:
  BlockOperand(Operation *owner) : owner(owner) {}
  BlockOperand(const BlockOperand &) = delete;
  ~BlockOperand() { removeFromCurrent(); }
  Block *get() const { return block; }
  void set(Block *b);
  Operation *getOwner() const { return owner; }
  unsigned getOperandNumber() const;
  BlockOperand *getNextOperandUsingThisValue() const { return nextUse; }
  void drop() {
    removeFromCurrent();
    block = nullptr;
  }

private:
  friend class Block;
  friend class Operation;
  void removeFromCurrent() {
    if (!back)
      return;
    *back = nextUse;
    if (nextUse)
      nextUse->back = back;
    back = nullptr;
    nextUse = nullptr;
  }
  Block *block = nullptr;
  BlockOperand *nextUse = nullptr;
  BlockOperand **back = nullptr;
  Operation *owner;
};

/// A contiguous range of values (results, operands, arguments) viewed
/// uniformly.
class ValueRange {
public:
  enum class Kind : uint8_t { Values, OpResults, OpOperands, BlockArgs };
  ValueRange() = default;
  ValueRange(const Value *values, size_t n) : base(values), count(n), kind(Kind::Values) {}
  ValueRange(ArrayRef<Value> values) : base(values.data()), count(values.size()), kind(Kind::Values) {}
  ValueRange(const std::vector<Value> &values) : ValueRange(ArrayRef<Value>(values)) {}
  ValueRange(std::initializer_list<Value> values) = delete;
  ValueRange(const Value &v) : base(&v), count(1), kind(Kind::Values) {}
  static ValueRange ofResults(detail::OpResultImpl *first, size_t n) {
    ValueRange r;
    r.base = first;
    r.count = n;
    r.kind = Kind::OpResults;
    return r;
  }
  /// For a range of op operands (an op's operands or a slice of them), the
  /// first OpOperand; null for other ranges.
  const OpOperand *getFirstOpOperand() const {
    return kind == Kind::OpOperands ? static_cast<const OpOperand *>(base) : nullptr;
  }
  static ValueRange ofOperands(const OpOperand *first, size_t n) {
    ValueRange r;
    r.base = first;
    r.count = n;
    r.kind = Kind::OpOperands;
    return r;
  }
  static ValueRange ofBlockArgs(detail::BlockArgumentImpl *const *first, size_t n) {
    ValueRange r;
    r.base = first;
    r.count = n;
    r.kind = Kind::BlockArgs;
    return r;
  }

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  Value operator[](size_t i) const {
    switch (kind) {
    case Kind::Values:
      return static_cast<const Value *>(base)[i];
    case Kind::OpResults:
      // Results are stored in reverse order before the operation.
      return Value(const_cast<detail::OpResultImpl *>(static_cast<const detail::OpResultImpl *>(base)) - i);
    case Kind::OpOperands:
      return static_cast<const OpOperand *>(base)[i].get();
    case Kind::BlockArgs:
      return Value(static_cast<detail::BlockArgumentImpl *const *>(base)[i]);
    }
    return Value();
  }
  Value front() const { return (*this)[0]; }
  Value back() const { return (*this)[count - 1]; }
  /// For a range of an operation's operands: the index of its first operand
  /// (MLIR's OperandRange::getBeginOperandIndex).
  unsigned getBeginOperandIndex() const;
  ValueRange slice(size_t start, size_t n) const;
  ValueRange drop_front(size_t n = 1) const { return slice(n, count - n); }
  ValueRange take_front(size_t n) const { return slice(0, n); }
  ValueRange drop_back(size_t n = 1) const { return slice(0, count - n); }
  std::vector<Type> getTypes() const {
    std::vector<Type> r;
    r.reserve(count);
    for (size_t i = 0; i < count; ++i)
      r.push_back((*this)[i].getType());
    return r;
  }
  std::vector<Value> vec() const {
    std::vector<Value> r;
    r.reserve(count);
    for (size_t i = 0; i < count; ++i)
      r.push_back((*this)[i]);
    return r;
  }
  operator std::vector<Value>() const { return vec(); }

  class iterator {
  public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Value;
    iterator() = default;
    iterator(const ValueRange *r, size_t i) : r(r), i(i) {}
    Value operator*() const { return (*r)[i]; }
    iterator &operator++() { ++i; return *this; }
    iterator operator++(int) { auto t = *this; ++i; return t; }
    iterator &operator--() { --i; return *this; }
    iterator &operator+=(difference_type n) { i += n; return *this; }
    iterator operator+(difference_type n) const { return iterator(r, i + n); }
    difference_type operator-(const iterator &o) const { return difference_type(i) - difference_type(o.i); }
    bool operator==(const iterator &o) const { return i == o.i; }
    bool operator!=(const iterator &o) const { return i != o.i; }
    bool operator<(const iterator &o) const { return i < o.i; }
  private:
    const ValueRange *r = nullptr;
    size_t i = 0;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, count); }

private:
  const void *base = nullptr;
  size_t count = 0;
  Kind kind = Kind::Values;
};

using OperandRange = ValueRange;
using ResultRange = ValueRange;

/// A range of types, possibly backed by values.
class TypeRange {
public:
  TypeRange() = default;
  TypeRange(ArrayRef<Type> types) : types(types.data()), count(types.size()) {}
  TypeRange(const std::vector<Type> &types) : TypeRange(ArrayRef<Type>(types)) {}
  TypeRange(const SmallVectorImpl<Type> &types) : TypeRange(ArrayRef<Type>(types)) {}
  TypeRange(const Type &t) : types(&t), count(1) {}
  TypeRange(ValueRange values) : values(values), count(values.size()), fromValues(true) {}
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  Type operator[](size_t i) const { return fromValues ? values[i].getType() : types[i]; }
  Type front() const { return (*this)[0]; }
  std::vector<Type> vec() const {
    std::vector<Type> r;
    r.reserve(count);
    for (size_t i = 0; i < count; ++i)
      r.push_back((*this)[i]);
    return r;
  }
  class iterator {
  public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Type;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Type;
    iterator(const TypeRange *r, size_t i) : r(r), i(i) {}
    Type operator*() const { return (*r)[i]; }
    iterator &operator++() { ++i; return *this; }
    difference_type operator-(const iterator &o) const { return difference_type(i) - difference_type(o.i); }
    bool operator==(const iterator &o) const { return i == o.i; }
    bool operator!=(const iterator &o) const { return i != o.i; }
  private:
    const TypeRange *r;
    size_t i;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, count); }
  bool operator==(const TypeRange &o) const {
    if (count != o.count)
      return false;
    for (size_t i = 0; i < count; ++i)
      if ((*this)[i] != o[i])
        return false;
    return true;
  }

private:
  const Type *types = nullptr;
  ValueRange values;
  size_t count = 0;
  bool fromValues = false;
};

} // namespace lamina

template <> struct std::hash<lamina::Value> {
  size_t operator()(lamina::Value v) const { return lamina::hashValue(v); }
};
