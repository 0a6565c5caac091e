//===- IRMapping.h - Value and block maps for cloning ----------------------===//
//
// A map from original values and blocks to their replacements, filled and
// read by cloning (Operation::clone, Region::cloneInto, OpBuilder::clone):
// values or blocks without an entry map to themselves.
//
#pragma once

#include "lamina/IR/Operation.h"
#include "lamina/Support/DenseMap.h"

namespace lamina {

/// MLIR's IRMapping: original value/block -> replacement.
class IRMapping {
public:
  void map(Value from, Value to) { values[from.getAsOpaquePointer()] = to; }
  void map(ValueRange from, ValueRange to) {
    for (size_t i = 0, e = std::min(from.size(), to.size()); i != e; ++i)
      map(from[i], to[i]);
  }
  void map(Block *from, Block *to) { blocks[from] = to; }

  /// The replacement of `v`, or null if there is none.
  Value lookupOrNull(Value v) const {
    const Value *r = values.lookup(v.getAsOpaquePointer());
    return r ? *r : Value();
  }
  /// The replacement of `v`, or `v` itself.
  Value lookupOrDefault(Value v) const {
    Value r = lookupOrNull(v);
    return r ? r : v;
  }
  Block *lookupOrNull(Block *b) const {
    Block *const *r = blocks.lookup(b);
    return r ? *r : nullptr;
  }
  Block *lookupOrDefault(Block *b) const {
    Block *r = lookupOrNull(b);
    return r ? r : b;
  }
  bool contains(Value v) const { return values.contains(v.getAsOpaquePointer()); }
  bool contains(Block *b) const { return blocks.contains(b); }
  void clear() {
    values.clear();
    blocks.clear();
  }

private:
  PointerMap<const void *, Value> values;
  PointerMap<Block *, Block *> blocks;
};

} // namespace lamina
