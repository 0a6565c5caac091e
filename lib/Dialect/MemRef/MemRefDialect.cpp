//===- MemRefDialect.cpp - The memref dialect -----------------------------===//
//
// The ops are defined in MemRefOps.cpp (the hooks of the view ops in
// MemRefViewOps.cpp), their folders and patterns in MemRefFolders.cpp and
// MemRefCanonicalization.cpp.
//
#include "lamina/Dialect/MemRef/MemRefDialect.h"

#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"

#include "MemRefOpsImpl.h"
#include "lamina/Transforms/InliningUtils.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::impl;

namespace {
/// MLIR's MemRefInlinerInterface: anything may be inlined into memref
/// regions and every memref op may be inlined.
struct MemRefInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

MemRefDialect::MemRefDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<MemRefDialect>()) {
  ods::registerOpsOnce(*this, [](Dialect &d) { registerMemRefOps(static_cast<MemRefDialect &>(d)); });
  registerMemRefFolders(*this);
  registerMemRefCanonicalization(*this);
  registerMemRefMemorySlotInterfaces(*this);
  addInlinerInterface<MemRefInlinerInterface>(this);

  // The runtime checks create cf.assert (MLIR's runtime verification
  // extension loads cf with memref) and, for subview, scf.if (which MLIR
  // 22 does not load, and crashes on when nothing else has loaded scf).
  registerMemRefRuntimeVerification(*this);
  ctx->getOrLoadDialect<ControlFlowDialect>();
  ctx->getOrLoadDialect<SCFDialect>();
}

MemRefDialect::~MemRefDialect() = default;
