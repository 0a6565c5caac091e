//===- MemRefDialect.h - The memref dialect: buffers, views, accesses ----===//
#pragma once

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Op.h"

namespace lamina {

/// `memref`: allocation (alloc, alloca, realloc, global), access (load,
/// store, atomics, prefetch, dma), views (subview, view, reinterpret_cast,
/// expand/collapse_shape, transpose, cast) and metadata queries.
class MemRefDialect : public Dialect {
public:
  explicit MemRefDialect(MLIRContext *ctx);
  ~MemRefDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "memref"; }
  /// An arith.constant (arith::ConstantOp::materialize).
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
};

namespace memref {

#define LAMINA_MEMREF_OP(Class, Name)                                                                        \
  class Class : public Op<Class> {                                                                            \
  public:                                                                                                     \
    using Op::Op;                                                                                             \
    static constexpr std::string_view getOperationName() { return Name; }                                    \
  };
#include "lamina/Dialect/MemRef/MemRefOps.def"
#undef LAMINA_MEMREF_OP

/// Attaches the folders (MemRefFolders.cpp) and the canonicalization
/// patterns (MemRefCanonicalization.cpp) to the registered ops.
void registerMemRefFolders(MemRefDialect &dialect);
void registerMemRefCanonicalization(MemRefDialect &dialect);
/// Attaches the mem2reg/sroa interfaces (MemRefMemorySlot.cpp) to alloca,
/// load and store.
void registerMemRefMemorySlotInterfaces(MemRefDialect &dialect);
/// Attaches RuntimeVerifiableOpInterface (MemRefRuntimeVerification.cpp).
void registerMemRefRuntimeVerification(MemRefDialect &dialect);

} // namespace memref
} // namespace lamina
