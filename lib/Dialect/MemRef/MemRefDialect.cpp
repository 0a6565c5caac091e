//===- MemRefDialect.cpp - The memref op definitions ----------------------===//
//
// Definitions follow mlir/Dialect/MemRef/IR/MemRefOps.td as of LLVM 22
// (assume_alignment returns its memref, load/store carry an `alignment`,
// distinct_objects exists, reinterpret_cast returns a strided memref).
// Traits are listed in the .td order, which is the verification order.
//
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Transforms/InliningUtils.h"

#include "MemRefOpsImpl.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/Interfaces/CastInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/ODS/InterfaceTraits.h"

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::impl;

//===----------------------------------------------------------------------===//
// Constraints (CommonTypeConstraints.td / CommonAttrConstraints.td)
//===----------------------------------------------------------------------===//

namespace {

/// `ConfinedType<MemRefOf<[AnyType]>, [pred], summary>`.
ods::TypeConstraint confinedMemRef(ods::TypeConstraint base, std::string summary, std::function<bool(Type)> extra) {
  std::function<bool(Type)> basePred = base.pred;
  base.summary = std::move(summary);
  base.pred = [basePred, extra](Type t) { return (!basePred || basePred(t)) && extra(t); };
  return base;
}

/// `MemRefRankOf<elements, [rank]>`: "<rank>D memref of ... values".
ods::TypeConstraint memRefRankOf(std::initializer_list<ods::TypeConstraint> elements, int64_t rank) {
  ods::TypeConstraint base = ods::MemRefOf(elements);
  std::string summary = std::to_string(rank) + "D " + base.summary;
  return confinedMemRef(base, std::move(summary), [rank](Type t) { return cast<MemRefType>(t).getRank() == rank; });
}

/// `AnyStridedMemRef`.
ods::TypeConstraint anyStridedMemRef() {
  return confinedMemRef(ods::AnyMemRef(), "strided memref of any type values",
                        [](Type t) { return isStrided(cast<MemRefType>(t)); });
}

/// `AnyStridedMemRefOfRank<0>` (an AllOfType: no C++ class).
ods::TypeConstraint anyStridedMemRefOfRank0() {
  ods::TypeConstraint c = confinedMemRef(ods::AnyMemRef(), "strided memref of any type values of rank 0", [](Type t) {
    auto m = cast<MemRefType>(t);
    return isStrided(m) && m.getRank() == 0;
  });
  c.cppClass = nullptr;
  return c;
}

/// `AnyStaticShapeMemRef`.
ods::TypeConstraint anyStaticShapeMemRef() {
  return confinedMemRef(ods::AnyMemRef(), "statically shaped memref of any type values",
                        [](Type t) { return cast<MemRefType>(t).hasStaticShape(); });
}

/// `AnyNon0RankedOrUnrankedMemRef`.
ods::TypeConstraint anyNon0RankedOrUnrankedMemRef() {
  return ods::TypeOf("unranked.memref of any type values or non-0-ranked.memref of any type values", [](Type t) {
    if (isa<UnrankedMemRefType>(t))
      return true;
    auto m = dyn_cast<MemRefType>(t);
    return m && m.getRank() >= 1;
  });
}

/// `AnyTypeOf<[AnySignlessInteger, AnyFloat]>`.
ods::TypeConstraint signlessIntegerOrFloat() {
  return ods::AnyTypeOf({ods::AnySignlessInteger(), ods::AnyFloat()});
}

/// `ConfinedAttr<attr, constraints>`: the summary is the attribute's
/// followed by each constraint's.
ods::AttrConstraint confinedAttr(ods::AttrConstraint base, std::string_view suffix,
                                 std::function<bool(Attribute)> extra) {
  std::function<bool(Attribute)> basePred = base.pred;
  base.summary += suffix;
  base.pred = [basePred, extra](Attribute a) { return (!basePred || basePred(a)) && extra(a); };
  return base;
}

int64_t intValue(Attribute a) { return cast<IntegerAttr>(a).getValue().getSExtValue(); }

/// `ConfinedAttr<I64Attr, [AllAttrOf<[IntPositive, IntPowerOf2]>]>`.
ods::AttrConstraint positivePowerOf2I64Attr() {
  return confinedAttr(ods::IntAttr(64), " whose value is positive and whose value is a power of two > 0",
                      [](Attribute a) {
                        const APInt &v = cast<IntegerAttr>(a).getValue();
                        return v.isStrictlyPositive() && v.isPowerOf2();
                      });
}

/// `MemRefTypeAttr`.
ods::AttrConstraint memRefTypeAttr() {
  ods::AttrConstraint c = ods::TypeAttr();
  c.summary = "memref type attribute";
  c.pred = [](Attribute a) {
    auto t = dyn_cast<lamina::TypeAttr>(a);
    return t && isa<MemRefType>(t.getValue());
  };
  return c;
}

/// `IndexListArrayAttr`: an array of I64ArrayAttr.
ods::AttrConstraint indexListArrayAttr() {
  ods::AttrConstraint c = ods::ArrayAttr();
  ods::AttrConstraint elem = ods::IntArrayAttr(64);
  std::function<bool(Attribute)> elemPred = elem.pred;
  c.summary = "Array of 64-bit integer array attributes";
  c.pred = [elemPred](Attribute a) {
    auto array = dyn_cast<lamina::ArrayAttr>(a);
    if (!array)
      return false;
    for (Attribute e : array.getValue())
      if (!e || !elemPred(e))
        return false;
    return true;
  };
  return c;
}

/// arith's AtomicRMWKind (an I64EnumAttr).
const ods::EnumInfo &atomicRMWKind() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("AtomicRMWKind", 64,
                                             {{"addf", 0},
                                              {"addi", 1},
                                              {"andi", 2},
                                              {"assign", 3},
                                              {"maximumf", 4},
                                              {"maxnumf", 5},
                                              {"maxs", 6},
                                              {"maxu", 7},
                                              {"minimumf", 8},
                                              {"minnumf", 9},
                                              {"mins", 10},
                                              {"minu", 11},
                                              {"mulf", 12},
                                              {"muli", 13},
                                              {"ori", 14},
                                              {"xori", 15}});
    e.cppType = "::mlir::arith::AtomicRMWKind";
    return e;
  }();
  return info;
}

//===----------------------------------------------------------------------===//
// Trait helpers
//===----------------------------------------------------------------------===//

Type elementTypeOfMemRef(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  return m ? m.getElementType() : Type();
}

void elementTypeOf(Type in, SmallVectorImpl<Type> &out) { out.push_back(elementTypeOfMemRef(in)); }

} // namespace

//===----------------------------------------------------------------------===//
// Interface implementations
//===----------------------------------------------------------------------===//

namespace {
ods::Trait resultNames(void (*fn)(Operation *, OpAsmSetValueNameFn)) {
  return ods::Implements<OpAsmOpInterface>({.getAsmResultNames = fn});
}

Value firstOperand(Operation *op) { return op->getOperand(0); }
/// ViewLikeOpInterface with the first operand as the source.
ods::Trait viewLike() { return ods::Implements<ViewLikeOpInterface>({firstOperand}); }

/// DimOp::getSpeculatability: a constant index within the rank of a ranked
/// source.
Speculation::Speculatability dimSpeculatability(Operation *op) {
  Operation *def = op->getOperand(1).getDefiningOp();
  auto index = def && def->hasTrait<OpTrait::ConstantLike>() ? dyn_cast_or_null<IntegerAttr>(def->getAttr("value"))
                                                             : IntegerAttr();
  if (!index)
    return Speculation::NotSpeculatable;
  auto ranked = dyn_cast<MemRefType>(op->getOperand(0).getType());
  if (!ranked || ranked.getRank() <= index.getInt())
    return Speculation::NotSpeculatable;
  return Speculation::Speculatable;
}

/// AllocaScopeOp::getSuccessorRegions: into the body, then back out.
void allocaScopeSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
}
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

static LogicalResult verifyAtomicRMWOp(Operation *op) { return verifyAtomicRMW(op, atomicRMWKind()); }

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
  const ods::TypeConstraint index = ods::Index();
  const ods::TypeConstraint indices = ods::Index();

  ods::OpDef(AssumeAlignmentOp::getOperationName(), TypeID::get<AssumeAlignmentOp>())
      .operand("memref", ods::AnyMemRef())
      .attr("alignment", confinedAttr(ods::IntAttr(32), " whose value is positive",
                                      [](Attribute a) { return cast<IntegerAttr>(a).getValue().isStrictlyPositive(); }))
      .result("result", ods::AnyMemRef())
      .traits({resultNames(assumeAlignmentNames), ods::Pure(), viewLike(), ods::SameOperandsAndResultType()})
      .format("$memref `,` $alignment attr-dict `:` type($memref)")
      .verifier(verifyAssumeAlignment)
      .registerIn(*this);

  // (The verifier reports a result type mismatch before the interface,
  // which verifies after the regions.)
  ods::OpDef(DistinctObjectsOp::getOperationName(), TypeID::get<DistinctObjectsOp>())
      .variadicOperand("operands", ods::AnyMemRef())
      .variadicResult("results", ods::AnyMemRef())
      .traits({ods::Pure(), ods::Implements<InferTypeOpInterface>({inferDistinctObjects})})
      .format("$operands attr-dict `:` type($operands)")
      .verifier(verifyDistinctObjects)
      .registerIn(*this);

  ods::OpDef(AllocOp::getOperationName(), TypeID::get<AllocOp>())
      .variadicOperand("dynamicSizes", indices)
      .variadicOperand("symbolOperands", indices)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("memref", ods::AnyMemRef(), {ods::MemAlloc(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::AttrSizedOperandSegments(), resultNames(allocNames)})
      .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
      .verifier(verifyAlloc)
      .registerIn(*this);

  ods::OpDef(ReallocOp::getOperationName(), TypeID::get<ReallocOp>())
      .operand("source", memRefRankOf({ods::AnyType()}, 1), {ods::MemFree(nullptr, 0, /*effectOnFullRegion=*/true)})
      .optionalOperand("dynamicResultSize", index)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("", memRefRankOf({ods::AnyType()}, 1), {ods::MemAlloc(nullptr, 1, /*effectOnFullRegion=*/true)})
      .format("$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)")
      .verifier(verifyRealloc)
      .registerIn(*this);

  ods::OpDef(AllocaOp::getOperationName(), TypeID::get<AllocaOp>())
      .variadicOperand("dynamicSizes", indices)
      .variadicOperand("symbolOperands", indices)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("memref", ods::AnyMemRef(),
              {ods::MemAlloc(SideEffects::AutomaticAllocationScopeResource::get(), 0, /*effectOnFullRegion=*/true)})
      .traits({ods::AttrSizedOperandSegments(), resultNames(allocaNames)})
      .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
      .verifier(verifyAlloca)
      .registerIn(*this);

  ods::OpDef(AllocaScopeOp::getOperationName(), TypeID::get<AllocaScopeOp>())
      .variadicResult("results")
      .region("bodyRegion", ods::SizedRegion(1))
      .traits({ods::AutomaticAllocationScope(),
               ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = allocaScopeSuccessors}),
               ods::SingleBlockImplicitTerminator(AllocaScopeReturnOp::getOperationName()),
               ods::RecursiveMemoryEffects(), ods::NoRegionArguments()})
      .customAssembly(parseAllocaScope, printAllocaScope)
      .registerIn(*this);

  ods::OpDef(AllocaScopeReturnOp::getOperationName(), TypeID::get<AllocaScopeReturnOp>())
      .variadicOperand("results")
      .traits({ods::HasParent({AllocaScopeOp::getOperationName()}), ods::Pure(), ods::ReturnLike(),
               ods::IsTerminator()})
      .format("attr-dict ($results^ `:` type($results))?")
      .registerIn(*this);

  ods::OpDef(CastOp::getOperationName(), TypeID::get<CastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("dest", ods::AnyRankedOrUnrankedMemRef())
      .traits({ods::Implements<CastOpInterface>({castOpCompatible}), resultNames(castNames),
               ods::MemRefsNormalizable(), ods::Pure(), ods::SameOperandsAndResultShape(), viewLike()})
      .format("$source attr-dict `:` type($source) `to` type($dest)")
      .registerIn(*this);

  ods::OpDef(CopyOp::getOperationName(), TypeID::get<CopyOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef(), {ods::MemRead(nullptr, 0, /*effectOnFullRegion=*/true)})
      .operand("target", ods::AnyRankedOrUnrankedMemRef(), {ods::MemWrite(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::SameOperandsElementType(), ods::SameOperandsShape()})
      .format("$source `,` $target attr-dict `:` type($source) `to` type($target)")
      .registerIn(*this);

  ods::OpDef(DeallocOp::getOperationName(), TypeID::get<DeallocOp>())
      .operand("memref", ods::AnyRankedOrUnrankedMemRef(), {ods::MemFree(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::MemRefsNormalizable()})
      .format("$memref attr-dict `:` type($memref)")
      .registerIn(*this);

  ods::OpDef(DimOp::getOperationName(), TypeID::get<DimOp>())
      .operand("source", anyNon0RankedOrUnrankedMemRef())
      .operand("index", index)
      .result("result", index)
      .traits({resultNames(dimNames), ods::MemRefsNormalizable(),
               ods::Implements<ConditionallySpeculatable>({dimSpeculatability}), ods::NoMemoryEffect(),
               ods::ShapedDimOpInterface()})
      .format("attr-dict $source `,` $index `:` type($source)")
      .registerIn(*this);

  ods::OpDef(DmaStartOp::getOperationName(), TypeID::get<DmaStartOp>())
      .variadicOperand("operands")
      .customAssembly(parseDmaStart, printDmaStart)
      .verifier(verifyDmaStart)
      .registerIn(*this);

  ods::OpDef(DmaWaitOp::getOperationName(), TypeID::get<DmaWaitOp>())
      .operand("tagMemRef", ods::AnyMemRef())
      .variadicOperand("tagIndices", indices)
      .operand("numElements", index)
      .format("$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)")
      .verifier(verifyDmaWait)
      .registerIn(*this);

  ods::OpDef(ExtractAlignedPointerAsIndexOp::getOperationName(), TypeID::get<ExtractAlignedPointerAsIndexOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("aligned_pointer", index)
      .traits({resultNames(extractAlignedPointerNames), ods::Pure(), ods::SameVariadicResultSize()})
      .format("$source `:` type($source) `->` type(results) attr-dict")
      .registerIn(*this);

  ods::OpDef(ExtractStridedMetadataOp::getOperationName(), TypeID::get<ExtractStridedMetadataOp>())
      .operand("source", anyStridedMemRef())
      .result("base_buffer", anyStridedMemRefOfRank0())
      .result("offset", index)
      .variadicResult("sizes", indices)
      .variadicResult("strides", indices)
      .traits({resultNames(extractStridedMetadataNames), ods::Pure(), ods::SameVariadicResultSize(), viewLike(),
               ods::Implements<InferTypeOpInterface>({inferExtractStridedMetadata})})
      .format("$source `:` type($source) `->` type(results) attr-dict")
      .registerIn(*this);

  ods::OpDef(GenericAtomicRMWOp::getOperationName(), TypeID::get<GenericAtomicRMWOp>())
      .operand("memref", ods::MemRefOf({ods::AnySignlessInteger(), ods::AnyFloat()}), {ods::MemRead(), ods::MemWrite()})
      .variadicOperand("indices", indices)
      .result("result", signlessIntegerOrFloat())
      .region("atomic_body")
      .traits({ods::SingleBlockImplicitTerminator(AtomicYieldOp::getOperationName()),
               ods::TypesMatchWith("result type matches element type of memref", "memref", "result", elementTypeOf)})
      .customAssembly(parseGenericAtomicRMW, printGenericAtomicRMW)
      .verifier(verifyGenericAtomicRMW)
      .registerIn(*this);

  ods::OpDef(AtomicYieldOp::getOperationName(), TypeID::get<AtomicYieldOp>())
      .operand("result")
      .traits({ods::HasParent({GenericAtomicRMWOp::getOperationName()}), ods::Pure(), ods::IsTerminator(),
               ods::ReturnLike()})
      .format("$result attr-dict `:` type($result)")
      .verifier(verifyAtomicYield)
      .registerIn(*this);

  ods::OpDef(GetGlobalOp::getOperationName(), TypeID::get<GetGlobalOp>())
      .attr("name", ods::FlatSymbolRefAttr())
      .result("result", anyStaticShapeMemRef())
      .traits({ods::Pure(), ods::Implements<SymbolUserOpInterface>({verifyGetGlobalSymbolUses})})
      .format("$name `:` type($result) attr-dict")
      .registerIn(*this);

  ods::OpDef(GlobalOp::getOperationName(), TypeID::get<GlobalOp>())
      .attr("sym_name", ods::SymbolNameAttr())
      .optionalAttr("sym_visibility", ods::StrAttr())
      .attr("type", memRefTypeAttr())
      .optionalAttr("initial_value", ods::AnyAttr())
      .optionalAttr("constant", ods::UnitAttr())
      .optionalAttr("alignment", ods::IntAttr(64))
      .traits({ods::Symbol()})
      .directive(globalTypeAndInitialValueDirective())
      .format("($sym_visibility^)? (`constant` $constant^)? $sym_name `:` "
              "custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict")
      .verifier(verifyGlobal)
      .registerIn(*this);

  ods::OpDef(LoadOp::getOperationName(), TypeID::get<LoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indices)
      .defaultOptionalAttr("nontemporal", ods::BoolAttr(), "false")
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("result")
      .traits({ods::TypesMatchWith("result type matches element type of 'memref'", "memref", "result", elementTypeOf),
               ods::MemRefsNormalizable()})
      .format("$memref `[` $indices `]` attr-dict `:` type($memref)")
      .verifier(verifyLoad)
      .registerIn(*this);

  ods::OpDef(MemorySpaceCastOp::getOperationName(), TypeID::get<MemorySpaceCastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("dest", ods::AnyRankedOrUnrankedMemRef())
      .traits({ods::Implements<CastOpInterface>({memorySpaceCastOpCompatible}), resultNames(memorySpaceCastNames),
               ods::MemRefsNormalizable(), ods::Pure(), ods::SameOperandsAndResultElementType(),
               ods::SameOperandsAndResultShape(), viewLike()})
      .format("$source attr-dict `:` type($source) `to` type($dest)")
      .registerIn(*this);

  ods::OpDef(PrefetchOp::getOperationName(), TypeID::get<PrefetchOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indices)
      .attr("isWrite", ods::BoolAttr())
      .attr("localityHint", confinedAttr(ods::IntAttr(32), " whose minimum value is 0 whose maximum value is 3",
                                         [](Attribute a) {
                                           int64_t v = intValue(a);
                                           return v >= 0 && v <= 3;
                                         }))
      .attr("isDataCache", ods::BoolAttr())
      .customAssembly(parsePrefetch, printPrefetch)
      .verifier(verifyPrefetch)
      .registerIn(*this);

  ods::OpDef(ReinterpretCastOp::getOperationName(), TypeID::get<ReinterpretCastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .variadicOperand("offsets", indices)
      .variadicOperand("sizes", indices)
      .variadicOperand("strides", indices)
      .attr("static_offsets", ods::DenseI64ArrayAttr())
      .attr("static_sizes", ods::DenseI64ArrayAttr())
      .attr("static_strides", ods::DenseI64ArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(reinterpretCastNames), ods::AttrSizedOperandSegments(), ods::MemRefsNormalizable(),
               ods::Pure(), ods::OffsetSizeAndStrideOpInterface(reinterpretCastMaxRanks), viewLike()})
      .directive(ods::dynamicIndexListDirective())
      .format("$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` "
              "`:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` "
              "custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)")
      .verifier(verifyReinterpretCast)
      .registerIn(*this);

  ods::OpDef(RankOp::getOperationName(), TypeID::get<RankOp>())
      .operand("memref", ods::AnyRankedOrUnrankedMemRef())
      .result("", index)
      .traits({ods::Pure()})
      .format("$memref attr-dict `:` type($memref)")
      .registerIn(*this);

  ods::OpDef(ReshapeOp::getOperationName(), TypeID::get<ReshapeOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .operand("shape", memRefRankOf({ods::AnySignlessInteger(), ods::Index()}, 1), {ods::MemRead()})
      .result("result", ods::AnyRankedOrUnrankedMemRef())
      .traits({resultNames(reshapeNames), ods::Pure(), viewLike()})
      .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
      .verifier(verifyReshape)
      .registerIn(*this);

  ods::OpDef(ExpandShapeOp::getOperationName(), TypeID::get<ExpandShapeOp>())
      .operand("src", anyStridedMemRef())
      .attr("reassociation", indexListArrayAttr())
      .variadicOperand("output_shape", indices)
      .attr("static_output_shape", ods::DenseI64ArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(expandShapeNames), ods::Pure(), viewLike()})
      .directive(ods::dynamicIndexListDirective())
      .format("$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) "
              "attr-dict `:` type($src) `into` type($result)")
      .verifier(verifyExpandShape)
      .registerIn(*this);

  ods::OpDef(CollapseShapeOp::getOperationName(), TypeID::get<CollapseShapeOp>())
      .operand("src", anyStridedMemRef())
      .attr("reassociation", indexListArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(collapseShapeNames), ods::Pure(), viewLike()})
      .format("$src $reassociation attr-dict `:` type($src) `into` type($result)")
      .verifier(verifyCollapseShape)
      .registerIn(*this);

  ods::OpDef(StoreOp::getOperationName(), TypeID::get<StoreOp>())
      .operand("value")
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indices)
      .defaultOptionalAttr("nontemporal", ods::BoolAttr(), "false")
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .traits({ods::TypesMatchWith("type of 'value' matches element type of 'memref'", "memref", "value",
                                   elementTypeOf),
               ods::MemRefsNormalizable()})
      .format("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")
      .verifier(verifyStore)
      .registerIn(*this);

  ods::OpDef(SubViewOp::getOperationName(), TypeID::get<SubViewOp>())
      .operand("source", ods::AnyMemRef())
      .variadicOperand("offsets", indices)
      .variadicOperand("sizes", indices)
      .variadicOperand("strides", indices)
      .attr("static_offsets", ods::DenseI64ArrayAttr())
      .attr("static_sizes", ods::DenseI64ArrayAttr())
      .attr("static_strides", ods::DenseI64ArrayAttr())
      .result("result", ods::AnyMemRef())
      .traits({resultNames(subviewNames), viewLike(), ods::AttrSizedOperandSegments(),
               ods::OffsetSizeAndStrideOpInterface(subViewMaxRanks), ods::Pure()})
      .directive(ods::dynamicIndexListDirective())
      .format("$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
              "custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) "
              "attr-dict `:` type($source) `to` type($result)")
      .verifier(verifySubView)
      .registerIn(*this);

  ods::OpDef(TransposeOp::getOperationName(), TypeID::get<TransposeOp>())
      .operand("in", anyStridedMemRef())
      .attr("permutation", ods::AffineMapAttr())
      .result("", anyStridedMemRef())
      .traits({resultNames(transposeNames), ods::Pure()})
      .customAssembly(parseTranspose, printTranspose)
      .verifier(verifyTranspose)
      .registerIn(*this);

  ods::OpDef(ViewOp::getOperationName(), TypeID::get<ViewOp>())
      .operand("source", memRefRankOf({ods::I(8)}, 1))
      .operand("byte_shift", index)
      .variadicOperand("sizes", indices)
      .result("", ods::AnyMemRef())
      .traits({resultNames(viewNames), viewLike(), ods::Pure()})
      .format("$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)")
      .verifier(verifyView)
      .registerIn(*this);

  ods::OpDef(AtomicRMWOp::getOperationName(), TypeID::get<AtomicRMWOp>())
      .attr("kind", ods::IntEnumAttr(atomicRMWKind()))
      .operand("value", signlessIntegerOrFloat())
      .operand("memref", ods::MemRefOf({ods::AnySignlessInteger(), ods::AnyFloat()}), {ods::MemRead(), ods::MemWrite()})
      .variadicOperand("indices", indices)
      .result("result", signlessIntegerOrFloat())
      .traits({ods::AllTypesMatch({"value", "result"}),
               ods::TypesMatchWith("value type matches element type of memref", "memref", "value", elementTypeOf)})
      .format("$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` "
              "type($result)")
      .verifier(verifyAtomicRMWOp)
      .registerIn(*this);

  registerMemRefFolders(*this);
  registerMemRefCanonicalization(*this);
  registerMemRefMemorySlotInterfaces(*this);
  addInlinerInterface<MemRefInlinerInterface>(this);
}

MemRefDialect::~MemRefDialect() = default;
