//===- OpenACCDialect.cpp - The acc dialect ---------------------------------===//
//
// The dialect class, the interfaces MLIR's acc ops implement by hand (region
// branching of the constructs, acc.loop's loop regions,
// OutlineRematerializationOpInterface's check) and the pointer-like types.
//
#include "lamina/Dialect/OpenACC/OpenACCDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::acc;

Type PointerLikeType::getElementType() const {
  if (auto memref = dyn_cast<MemRefType>(*this))
    return memref.getElementType();
  return Type();
}

ods::Trait acc::OutlineRematerializationOpInterfaceTrait() {
  return ods::CustomTrait("OutlineRematerializationOpInterface", [](Operation *op) -> LogicalResult {
    if (!isMemoryEffectFree(op))
      return op->emitOpError("must be memory effect free");
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Region branching: the single region runs once and returns to the parent
//===----------------------------------------------------------------------===//

static void singleRegionSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  regions.push_back(RegionSuccessor(&op->getRegion(0)));
}

#define ACC_SINGLE_REGION_BRANCH(OP)                                                                                   \
  void OP::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {                  \
    singleRegionSuccessors(getOperation(), point, regions);                                                            \
  }
ACC_SINGLE_REGION_BRANCH(ParallelOp)
ACC_SINGLE_REGION_BRANCH(SerialOp)
ACC_SINGLE_REGION_BRANCH(KernelsOp)
ACC_SINGLE_REGION_BRANCH(DataOp)
ACC_SINGLE_REGION_BRANCH(HostDataOp)
ACC_SINGLE_REGION_BRANCH(KernelEnvironmentOp)
ACC_SINGLE_REGION_BRANCH(LoopOp)
#undef ACC_SINGLE_REGION_BRANCH

SmallVector<Region *, 1> LoopOp::getLoopRegions() { return {&getRegion()}; }

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

OpenACCDialect::OpenACCDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<OpenACCDialect>()) {
  registerGenerated();
}

OpenACCDialect::~OpenACCDialect() = default;

Attribute OpenACCDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void OpenACCDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Type OpenACCDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void OpenACCDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)attrTypes.printType(type, printer);
}
