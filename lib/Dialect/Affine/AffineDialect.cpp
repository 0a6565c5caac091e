//===- AffineDialect.cpp - Registration of the affine dialect's ops --------===//
//
// Definitions follow mlir/Dialect/Affine/IR/AffineOps.td as of LLVM 22
// (delinearize_index/linearize_index with a mixed static/dynamic basis,
// vector ops on non-0-D vectors) plus the two ops MLIR writes in C++
// (affine.dma_start, affine.dma_wait). The hand-written syntax and verifiers
// are in AffineOps.cpp and AffineMemoryOps.cpp.
//
#include "AffineOpsImpl.h"

#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Interfaces/ShapedOpInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

/// `Variadic<T>`: the summary MLIR prints is "variadic of <T summary>".
static ods::TypeConstraint variadicOf(ods::TypeConstraint c) {
  c.summary = "variadic of " + c.summary;
  return c;
}

/// `AnyVectorOfNonZeroRank`.
static ods::TypeConstraint anyVectorOfNonZeroRank() {
  return ods::TypeOf("vector of any type values", [](Type t) {
    auto v = dyn_cast<VectorType>(t);
    return v && v.getRank() > 0;
  });
}

/// `I32ElementsAttr`.
static ods::AttrConstraint i32ElementsAttr() {
  return ods::AttrOf("32-bit signless integer elements attribute", [](Attribute a) {
    auto d = dyn_cast<DenseIntElementsAttr>(a);
    return d && d.getElementType().isSignlessInteger(32);
  });
}

/// `TypedArrayAttrBase<AtomicRMWKindAttr, "Reduction ops">`.
static ods::AttrConstraint reductionsAttr() {
  return ods::AttrOf("Reduction ops", [](Attribute a) {
    auto array = dyn_cast<ArrayAttr>(a);
    if (!array)
      return false;
    for (Attribute e : array.getValue()) {
      auto i = dyn_cast<IntegerAttr>(e);
      if (!i || !i.getType().isSignlessInteger(64) || !stringifyAtomicRMWKind(i.getValue().getSExtValue()))
        return false;
    }
    return true;
  });
}

/// `ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>`.
static ods::AttrConstraint localityHintAttr() {
  ods::AttrConstraint c = ods::IntAttr(32);
  auto base = c.pred;
  c.summary += " whose minimum value is 0 whose maximum value is 3";
  c.pred = [base](Attribute a) {
    if (!base(a))
      return false;
    int64_t v = cast<IntegerAttr>(a).getValue().getSExtValue();
    return v >= 0 && v <= 3;
  };
  return c;
}

/// `UnitProp` of linearize_index: a UnitAttr when set, BoolAttr `false`
/// (its attribute form) when not.
static ods::AttrConstraint unitPropAttr() {
  ods::AttrConstraint c = ods::AttrOf("unit property", [](Attribute a) {
    return isa<lamina::UnitAttr>(a) || isa<BoolAttr>(a);
  });
  c.constBuilder = [](MLIRContext *ctx, std::string_view) -> Attribute { return BoolAttr::get(ctx, false); };
  return c;
}

//===----------------------------------------------------------------------===//
// linearize_index properties in bytecode
//===----------------------------------------------------------------------===//
//
// MLIR's generated encoding: the attributes in name order (`static_basis`;
// the segment sizes as an attribute before version 6), then the properties
// (`disjoint`, a UnitProp written as a bool), then from version 6 the
// segment sizes as a sparse array. The engine encodes every property slot as
// an attribute, so this op gets its own hooks.

/// Bytecode version from which segment sizes are native sparse arrays.
static constexpr int64_t kNativePropertiesODSSegmentSize = 6;

/// Property slots of linearize_index (name order, then the segment sizes).
enum LinearizeSlot { kDisjointSlot = 0, kStaticBasisSlot = 1, kSegmentsSlot = 2 };

static LogicalResult readLinearizeProperties(DialectBytecodeReader &reader, Operation *op) {
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  MLIRContext *ctx = op->getContext();
  bool legacy = int64_t(reader.getBytecodeVersion()) < kNativePropertiesODSSegmentSize;
  auto setSegments = [&](std::vector<int32_t> sizes) -> LogicalResult {
    if (sizes.size() > 2)
      return reader.emitError("size mismatch for operand/result_segment_size");
    sizes.resize(2, 0);
    slots[kSegmentsSlot] = DenseI32ArrayAttr::get(ctx, sizes);
    return success();
  };
  if (legacy) {
    // `operand_segment_sizes` sorts before `static_basis`.
    Attribute attr;
    if (failed(reader.readAttribute(attr)))
      return failure();
    auto arr = dyn_cast<DenseI32ArrayAttr>(attr);
    if (!arr)
      return reader.emitError("expected attribute of a different kind");
    if (failed(setSegments(std::vector<int32_t>(arr.asArrayRef().begin(), arr.asArrayRef().end()))))
      return failure();
  }
  Attribute staticBasis;
  if (failed(reader.readAttribute(staticBasis)))
    return failure();
  if (!isa<DenseI64ArrayAttr>(staticBasis))
    return reader.emitError("expected attribute of a different kind");
  slots[kStaticBasisSlot] = staticBasis;
  bool disjoint;
  if (failed(reader.readBool(disjoint)))
    return failure();
  slots[kDisjointSlot] = disjoint ? Attribute(lamina::UnitAttr::get(ctx)) : Attribute(BoolAttr::get(ctx, false));
  if (!legacy) {
    std::vector<int32_t> sizes;
    if (failed(reader.readSparseArray(sizes)) || failed(setSegments(std::move(sizes))))
      return failure();
  }
  return success();
}

static void writeLinearizeProperties(Operation *op, DialectBytecodeWriter &writer) {
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  std::vector<int32_t> sizes(2, 0);
  if (auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(slots[kSegmentsSlot]))
    for (size_t i = 0; i < 2 && i < size_t(arr.size()); ++i)
      sizes[i] = arr[i];
  bool legacy = writer.getBytecodeVersion() < kNativePropertiesODSSegmentSize;
  if (legacy)
    writer.writeAttribute(DenseI32ArrayAttr::get(op->getContext(), sizes));
  writer.writeAttribute(slots[kStaticBasisSlot]);
  writer.writeOwnedBool(isa_and_nonnull<lamina::UnitAttr>(slots[kDisjointSlot]));
  if (!legacy)
    writer.writeSparseArray(ArrayRef<int32_t>(sizes));
}

/// The engine's setPropertiesFromAttr for linearize_index, wrapped.
static LogicalResult (*engineSetLinearizeProperties)(Operation *, Attribute,
                                                     function_ref<InFlightDiagnostic()>) = nullptr;

/// UnitProp's convertFromAttribute keeps a bool: `disjoint = true` reads as
/// `disjoint` (printed as a unit attribute).
static LogicalResult setLinearizeProperties(Operation *op, Attribute attr,
                                            function_ref<InFlightDiagnostic()> emitError) {
  if (failed(engineSetLinearizeProperties(op, attr, emitError)))
    return failure();
  Attribute &disjoint = op->getPropertySlots()[kDisjointSlot];
  if (auto b = dyn_cast_or_null<BoolAttr>(disjoint); b && b.getValue())
    disjoint = lamina::UnitAttr::get(op->getContext());
  return success();
}

//===----------------------------------------------------------------------===//
// Interface implementations
//===----------------------------------------------------------------------===//

namespace {
/// The map attribute `name` of `op` as a NamedAttribute.
NamedAttribute namedMap(Operation *op, std::string_view name) {
  return NamedAttribute(StringAttr::get(op->getContext(), name), op->getAttr(name));
}

/// Loads and stores: one memref, indexed by the `map` attribute.
NamedAttribute mapForMemRef(Operation *op, Value) { return namedMap(op, "map"); }
AffineMap mapOf(Operation *op) {
  auto attr = dyn_cast_or_null<AffineMapAttr>(op->getAttr("map"));
  return attr ? attr.getValue() : AffineMap();
}
Value operand0(Operation *op) { return op->getOperand(0); }
Value operand1(Operation *op) { return op->getOperand(1); }
Value result0(Operation *op) { return op->getResult(0); }
OperandRange operandsAfter1(Operation *op) { return op->getOperands().drop_front(1); }
OperandRange operandsAfter2(Operation *op) { return op->getOperands().drop_front(2); }

ods::Trait affineRead() {
  return ods::Implements<AffineReadOpInterface>({operand0, mapOf, operandsAfter1, result0});
}
ods::Trait affineWrite() {
  return ods::Implements<AffineWriteOpInterface>({operand1, mapOf, operandsAfter2, operand0});
}
ods::Trait mapAccess() { return ods::Implements<AffineMapAccessInterface>({mapForMemRef}); }

/// affine.dma_start: the source, destination and tag memrefs each have a
/// map; the operand layout follows from the maps' inputs.
struct DmaOperands {
  unsigned src = 0, dst = 0, tag = 0;
  bool valid = false;
};
DmaOperands dmaStartOperands(Operation *op) {
  auto s = dyn_cast_or_null<AffineMapAttr>(op->getAttr("src_map"));
  auto d = dyn_cast_or_null<AffineMapAttr>(op->getAttr("dst_map"));
  DmaOperands r;
  if (!s || !d || !op->getAttr("tag_map"))
    return r;
  r.dst = 1 + s.getValue().getNumInputs();
  r.tag = r.dst + 1 + d.getValue().getNumInputs();
  r.valid = r.tag < op->getNumOperands();
  return r;
}
NamedAttribute dmaStartMapForMemRef(Operation *op, Value memref) {
  DmaOperands l = dmaStartOperands(op);
  if (l.valid && memref == op->getOperand(l.src))
    return namedMap(op, "src_map");
  if (l.valid && memref == op->getOperand(l.dst))
    return namedMap(op, "dst_map");
  return namedMap(op, "tag_map");
}
NamedAttribute dmaWaitMapForMemRef(Operation *op, Value) { return namedMap(op, "tag_map"); }

/// AffineDmaStartOp::getEffects: reads the source and the tag, writes the
/// destination.
void dmaStartEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  DmaOperands l = dmaStartOperands(op);
  if (!l.valid)
    return;
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(l.src)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), &op->getOpOperand(l.dst)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(l.tag)));
}
/// AffineDmaWaitOp::getEffects: reads the tag.
void dmaWaitEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (op->getNumOperands())
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(0)));
}

/// The constant the single-result map `attr` yields, if any.
std::optional<int64_t> constantBound(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<AffineMapAttr>(op->getAttr(name));
  if (!attr || attr.getValue().getNumResults() != 1)
    return std::nullopt;
  if (auto c = dyn_cast<AffineConstantExpr>(attr.getValue().getResult(0)))
    return c.getValue();
  return std::nullopt;
}

/// getTrivialConstantTripCount: the trip count of a loop with constant
/// bounds and a positive step.
std::optional<uint64_t> forTripCount(Operation *op) {
  int64_t step = AffineForOp(op).getStepAsInt();
  std::optional<int64_t> lb = constantBound(op, "lowerBoundMap"), ub = constantBound(op, "upperBoundMap");
  if (!lb || !ub || step <= 0)
    return std::nullopt;
  int64_t diff = *ub - *lb;
  return diff <= 0 ? 0 : uint64_t((diff + step - 1) / step);
}

ValueRange forIterArgs(Operation *op) {
  Region &body = op->getRegion(0);
  if (body.empty() || body.front().getNumArguments() == 0)
    return ValueRange();
  return body.front().getArguments().drop_front(1);
}

/// AffineForOp::getSuccessorRegions: the body or the parent, narrowed by a
/// constant trip count.
void forSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  std::optional<uint64_t> tripCount = forTripCount(op);
  if (point.isParent() && tripCount) {
    if (*tripCount > 0) {
      regions.push_back(RegionSuccessor(&op->getRegion(0), forIterArgs(op)));
      return;
    }
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  if (!point.isParent() && tripCount == 1) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  regions.push_back(RegionSuccessor(&op->getRegion(0), forIterArgs(op)));
  regions.push_back(RegionSuccessor::parent(op));
}

OperandRange forEntryOperands(Operation *op, RegionSuccessor) { return AffineForOp(op).getInits(); }

/// A loop with step 1 terminates whatever its bounds.
Speculation::Speculatability forSpeculatability(Operation *op) {
  return AffineForOp(op).getStepAsInt() == 1 ? Speculation::RecursivelySpeculatable : Speculation::NotSpeculatable;
}

SmallVector<Region *, 1> firstRegion(Operation *op) {
  SmallVector<Region *, 1> regions;
  regions.push_back(&op->getRegion(0));
  return regions;
}
/// AffineForOp's getLoopLowerBounds/UpperBounds/Steps: constant bounds as
/// i64 attributes (nothing for a non-constant bound).
std::optional<SmallVector<OpFoldResult, 2>> forConstantBound(AffineMap map, MLIRContext *ctx) {
  if (!map.isSingleConstant())
    return std::nullopt;
  return SmallVector<OpFoldResult, 2>{
      OpFoldResult(IntegerAttr::get(IntegerType::get(ctx, 64), APInt(64, uint64_t(map.getSingleConstantResult()))))};
}
std::optional<SmallVector<OpFoldResult, 2>> forLowerBound(Operation *op) {
  return forConstantBound(AffineForOp(op).getLowerBoundMap(), op->getContext());
}
std::optional<SmallVector<OpFoldResult, 2>> forUpperBound(Operation *op) {
  return forConstantBound(AffineForOp(op).getUpperBoundMap(), op->getContext());
}
std::optional<SmallVector<OpFoldResult, 2>> forStep(Operation *op) {
  return SmallVector<OpFoldResult, 2>{OpFoldResult(
      IntegerAttr::get(IntegerType::get(op->getContext(), 64), APInt(64, uint64_t(AffineForOp(op).getStepAsInt()))))};
}

std::optional<SmallVector<Value, 2>> forInductionVars(Operation *op) {
  SmallVector<Value, 2> ivs;
  Region &body = op->getRegion(0);
  if (!body.empty() && body.front().getNumArguments())
    ivs.push_back(body.front().getArgument(0));
  return ivs;
}
MutableArrayRef<OpOperand> forInits(Operation *op) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 2);
  return op->getOpOperands().slice(start, length);
}
std::optional<MutableArrayRef<OpOperand>> forYielded(Operation *op) {
  Region &body = op->getRegion(0);
  if (body.empty() || body.front().empty() || !isa<AffineYieldOp>(&body.front().back()))
    return std::nullopt;
  return body.front().back().getOpOperands();
}
std::optional<ResultRange> allResults(Operation *op) { return op->getResults(); }

std::optional<SmallVector<Value, 2>> allBodyArgs(Operation *op) {
  SmallVector<Value, 2> ivs;
  Region &body = op->getRegion(0);
  if (!body.empty())
    for (Value arg : body.front().getArguments())
      ivs.push_back(arg);
  return ivs;
}

/// AffineIfOp::getSuccessorRegions.
void ifSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  regions.push_back(RegionSuccessor(&thenRegion, thenRegion.getArguments()));
  if (elseRegion.empty())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&elseRegion, elseRegion.getArguments()));
}
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Inliner interface
//===----------------------------------------------------------------------===//

namespace {
/// Whether the `values`, valid dimensions (`dims`) or symbols in `src`,
/// stay so once inlined into `dest` through `mapping`: values defined
/// inside `src` (other than at its top level) keep their validity;
/// arguments are replaced by what they map to; top-level ops only if they
/// are constants or dims, which are valid anywhere.
bool remainsLegalAfterInline(ValueRange values, Region *src, Region *dest, const IRMapping &mapping, bool dims) {
  for (Value value : values) {
    if (!isTopLevelValue(value, src))
      continue;
    if (isa<BlockArgument>(value)) {
      Value mapped = mapping.lookupOrDefault(value);
      if (!(dims ? isValidDim(mapped, dest) : isValidSymbol(mapped, dest)))
        return false;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (!matchConstantOp(def) && !isa<ShapedDimOpInterface>(def))
      return false;
  }
  return true;
}

/// MLIR's AffineInlinerInterface: affine ops may be inlined into affine
/// scopes and affine loops and conditionals; a region may be inlined into
/// an affine.for/if/parallel only if it is one block whose side-effecting
/// ops are affine applies and accesses that stay valid there.
struct AffineInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Region *dest, Region *src, bool, IRMapping &valueMapping) const final {
    Operation *destOp = dest->getParentOp();
    if (!isa<AffineParallelOp, AffineForOp, AffineIfOp>(destOp))
      return false;
    if (!src->hasOneBlock())
      return false;
    for (Operation &op : src->front()) {
      if (auto iface = dyn_cast<MemoryEffectOpInterface>(&op))
        if (iface.hasNoEffect())
          continue;
      bool remainsValid = false;
      if (auto apply = dyn_cast<AffineApplyOp>(&op)) {
        bool dims = isValidDim(op.getResult(0), src);
        remainsValid = remainsLegalAfterInline(op.getOperands(), src, dest, valueMapping, dims);
      } else if (auto read = dyn_cast<AffineReadOpInterface>(&op)) {
        remainsValid = accessRemainsLegal(read.getAffineMap(), read.getMapOperands(), src, dest, valueMapping);
      } else if (auto write = dyn_cast<AffineWriteOpInterface>(&op)) {
        remainsValid = accessRemainsLegal(write.getAffineMap(), write.getMapOperands(), src, dest, valueMapping);
      }
      if (!remainsValid)
        return false;
    }
    return true;
  }

  bool isLegalToInline(Operation *, Region *region, bool, IRMapping &) const final {
    Operation *parentOp = region->getParentOp();
    return isAffineScopeOp(parentOp) || isa<AffineForOp, AffineParallelOp, AffineIfOp>(parentOp);
  }

  bool shouldAnalyzeRecursively(Operation *) const final { return true; }

private:
  static bool accessRemainsLegal(AffineMap map, OperandRange mapOperands, Region *src, Region *dest,
                                 const IRMapping &mapping) {
    ValueRange operands = mapOperands;
    unsigned numDims = map.getNumDims(), numSymbols = map.getNumSymbols();
    return remainsLegalAfterInline(operands.take_front(numDims), src, dest, mapping, /*dims=*/true) &&
           remainsLegalAfterInline(operands.drop_front(operands.size() - numSymbols), src, dest, mapping,
                                   /*dims=*/false);
  }
};
} // namespace

AffineDialect::AffineDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AffineDialect>()) {
  ods::TypeConstraint indexList = variadicOf(ods::Index());
  ods::Trait implicitTerminator = ods::SingleBlockImplicitTerminator(AffineYieldOp::getOperationName());

  // Ops MLIR defines in C++ (no properties: the maps are discardable).
  ods::OpDef(AffineDmaStartOp::getOperationName(), TypeID::get<AffineDmaStartOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Implements<AffineMapAccessInterface>({dmaStartMapForMemRef}),
               ods::Implements<MemoryEffectOpInterface>({dmaStartEffects})})
      .customAssembly(parseDmaStartOp, printDmaStartOp)
      .verifier(verifyDmaStartOp)
      .registerIn(*this);

  ods::OpDef(AffineDmaWaitOp::getOperationName(), TypeID::get<AffineDmaWaitOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Implements<AffineMapAccessInterface>({dmaWaitMapForMemRef}),
               ods::Implements<MemoryEffectOpInterface>({dmaWaitEffects})})
      .customAssembly(parseDmaWaitOp, printDmaWaitOp)
      .verifier(verifyDmaWaitOp)
      .registerIn(*this);

  ods::OpDef(AffineApplyOp::getOperationName(), TypeID::get<AffineApplyOp>())
      .attr("map", ods::AffineMapAttr())
      .variadicOperand("mapOperands", indexList)
      .result("", ods::Index())
      .traits({ods::Pure()})
      .customAssembly(parseApplyOp, printApplyOp)
      .verifier(verifyApplyOp)
      .registerIn(*this);

  ods::OpDef(AffineForOp::getOperationName(), TypeID::get<AffineForOp>())
      .variadicOperand("lowerBoundOperands", indexList)
      .variadicOperand("upperBoundOperands", indexList)
      .variadicOperand("inits")
      .attr("lowerBoundMap", ods::AffineMapAttr())
      .attr("upperBoundMap", ods::AffineMapAttr())
      .attr("step", ods::IndexAttr())
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AttrSizedOperandSegments(), ods::AutomaticAllocationScope(), implicitTerminator,
               ods::Implements<ConditionallySpeculatable>({forSpeculatability}), ods::RecursiveMemoryEffects(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion,
                                                     .getLoopInductionVars = forInductionVars,
                                                     .getInitsMutable = forInits,
                                                     .getRegionIterArgs = forIterArgs,
                                                     .getYieldedValuesMutable = forYielded,
                                                     .getLoopResults = allResults,
                                                     .getLoopLowerBounds = forLowerBound,
                                                     .getLoopUpperBounds = forUpperBound,
                                                     .getLoopSteps = forStep}),
               ods::Implements<RegionBranchOpInterface>(
                   {.getEntrySuccessorOperands = forEntryOperands, .getSuccessorRegions = forSuccessors})})
      .customAssembly(parseForOp, printForOp)
      .regionVerifier(verifyForOpRegions)
      .registerIn(*this);

  ods::OpDef(AffineIfOp::getOperationName(), TypeID::get<AffineIfOp>())
      .variadicOperand("")
      .attr("condition", ods::IntegerSetAttr())
      .variadicResult("results")
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::AnyRegion())
      .traits({implicitTerminator, ods::RecursivelySpeculatable(), ods::RecursiveMemoryEffects(),
               ods::NoRegionArguments(), ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = ifSuccessors})})
      .customAssembly(parseIfOp, printIfOp)
      .verifier(verifyIfOp)
      .registerIn(*this);

  ods::OpDef(AffineLoadOp::getOperationName(), TypeID::get<AffineLoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result")
      .traits({affineRead(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseLoadOp, printLoadOp)
      .verifier(verifyLoadOp)
      .registerIn(*this);

  for (std::string_view name : {AffineMinOp::getOperationName(), AffineMaxOp::getOperationName()}) {
    TypeID id = name == AffineMinOp::getOperationName() ? TypeID::get<AffineMinOp>() : TypeID::get<AffineMaxOp>();
    ods::OpDef(name, id)
        .attr("map", ods::AffineMapAttr())
        .variadicOperand("operands", indexList)
        .result("", ods::Index())
        .traits({ods::Pure()})
        .customAssembly(parseMinMaxOp, printMinMaxOp)
        .verifier(verifyMinMaxOp)
        .registerIn(*this);
  }

  ods::OpDef(AffineParallelOp::getOperationName(), TypeID::get<AffineParallelOp>())
      .attr("reductions", reductionsAttr())
      .attr("lowerBoundsMap", ods::AffineMapAttr())
      .attr("lowerBoundsGroups", i32ElementsAttr())
      .attr("upperBoundsMap", ods::AffineMapAttr())
      .attr("upperBoundsGroups", i32ElementsAttr())
      .attr("steps", ods::IntArrayAttr(64))
      .variadicOperand("mapOperands", indexList)
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AutomaticAllocationScope(), implicitTerminator, ods::RecursivelySpeculatable(),
               ods::RecursiveMemoryEffects(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion, .getLoopInductionVars = allBodyArgs}),
               ods::MemRefsNormalizable()})
      .customAssembly(parseParallelOp, printParallelOp)
      .verifier(verifyParallelOp)
      .registerIn(*this);

  ods::OpDef(AffinePrefetchOp::getOperationName(), TypeID::get<AffinePrefetchOp>())
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("isWrite", ods::BoolAttr())
      .attr("localityHint", localityHintAttr())
      .attr("isDataCache", ods::BoolAttr())
      .attr("map", ods::AffineMapAttr())
      .traits({mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parsePrefetchOp, printPrefetchOp)
      .verifier(verifyPrefetchOp)
      .registerIn(*this);

  ods::OpDef(AffineStoreOp::getOperationName(), TypeID::get<AffineStoreOp>())
      .operand("value")
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({affineWrite(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseStoreOp, printStoreOp)
      .verifier(verifyStoreOp)
      .registerIn(*this);

  ods::OpDef(AffineYieldOp::getOperationName(), TypeID::get<AffineYieldOp>())
      .variadicOperand("operands")
      .traits({ods::Pure(), ods::IsTerminator(), ods::ReturnLike(), ods::MemRefsNormalizable()})
      .format("attr-dict ($operands^ `:` type($operands))?")
      .verifier(verifyYieldOp)
      .registerIn(*this);

  ods::OpDef(AffineVectorLoadOp::getOperationName(), TypeID::get<AffineVectorLoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result", anyVectorOfNonZeroRank())
      .traits({affineRead(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseVectorLoadOp, printVectorLoadOp)
      .verifier(verifyVectorLoadOp)
      .registerIn(*this);

  ods::OpDef(AffineVectorStoreOp::getOperationName(), TypeID::get<AffineVectorStoreOp>())
      .operand("value", anyVectorOfNonZeroRank())
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({affineWrite(), mapAccess(), ods::MemRefsNormalizable()})
      .customAssembly(parseVectorStoreOp, printVectorStoreOp)
      .verifier(verifyVectorStoreOp)
      .registerIn(*this);

  ods::CustomDirective dynamicIndexList{"DynamicIndexList", parseDynamicIndexListDirective,
                                        printDynamicIndexListDirective, nullptr};

  ods::OpDef(AffineDelinearizeIndexOp::getOperationName(), TypeID::get<AffineDelinearizeIndexOp>())
      .operand("linear_index", ods::Index())
      .variadicOperand("dynamic_basis", indexList)
      .attr("static_basis", ods::DenseI64ArrayAttr())
      .variadicResult("multi_index", indexList)
      .traits({ods::Pure()})
      .directive(dynamicIndexList)
      .format("$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis, \"{}\", "
              "\"::mlir::AsmParser::Delimiter::Paren\") attr-dict `:` type($multi_index)")
      .verifier(verifyDelinearizeIndexOp)
      .registerIn(*this);

  ods::OpDef(AffineLinearizeIndexOp::getOperationName(), TypeID::get<AffineLinearizeIndexOp>())
      .variadicOperand("multi_index", indexList)
      .variadicOperand("dynamic_basis", indexList)
      .attr("static_basis", ods::DenseI64ArrayAttr())
      .defaultAttr("disjoint", unitPropAttr(), "false")
      .result("linear_index", ods::Index())
      .traits({ods::Pure(), ods::AttrSizedOperandSegments()})
      .customAssembly(parseLinearizeIndexOp, printLinearizeIndexOp)
      .verifier(verifyLinearizeIndexOp)
      .registerIn(*this);
  if (std::optional<OperationName> name =
          OperationName::lookupRegistered(AffineLinearizeIndexOp::getOperationName(), ctx)) {
    name->getImpl()->info.readProperties = readLinearizeProperties;
    name->getImpl()->info.writeProperties = writeLinearizeProperties;
    engineSetLinearizeProperties = name->getImpl()->info.setPropertiesFromAttr;
    name->getImpl()->info.setPropertiesFromAttr = setLinearizeProperties;
  }

  // Dependent dialects (materialized constants), folders and patterns.
  ctx->getOrLoadDialect("arith");
  ctx->getOrLoadDialect("ub");
  registerAffineFolders(*this);
  registerAffineCanonicalization(*this);
  addInlinerInterface<AffineInlinerInterface>(this);
}

AffineDialect::~AffineDialect() = default;
