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
#include "lamina/IR/BuiltinAttributes.h"

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
// Registration
//===----------------------------------------------------------------------===//

AffineDialect::AffineDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AffineDialect>()) {
  ods::TypeConstraint indexList = variadicOf(ods::Index());
  ods::Trait implicitTerminator = ods::SingleBlockImplicitTerminator(AffineYieldOp::getOperationName());

  // Ops MLIR defines in C++ (no properties: the maps are discardable).
  ods::OpDef(AffineDmaStartOp::getOperationName(), TypeID::get<AffineDmaStartOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Interface("AffineMapAccessInterface"), ods::MemoryEffects()})
      .customAssembly(parseDmaStartOp, printDmaStartOp)
      .verifier(verifyDmaStartOp)
      .registerIn(*this);

  ods::OpDef(AffineDmaWaitOp::getOperationName(), TypeID::get<AffineDmaWaitOp>())
      .variadicOperand("operands")
      .traits({ods::MemRefsNormalizable(), ods::Interface("AffineMapAccessInterface"), ods::MemoryEffects()})
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
               ods::Interface("ConditionallySpeculatable"), ods::RecursiveMemoryEffects(),
               ods::CustomTrait("LoopLikeOpInterface", nullptr, verifyForLoopLike),
               ods::Interface("RegionBranchOpInterface")})
      .customAssembly(parseForOp, printForOp)
      .regionVerifier(verifyForOpRegions)
      .registerIn(*this);

  ods::OpDef(AffineIfOp::getOperationName(), TypeID::get<AffineIfOp>())
      .variadicOperand("")
      .attr("condition", ods::IntegerSetAttr())
      .variadicResult("results")
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::AnyRegion())
      .traits({implicitTerminator, ods::Interface("RecursivelySpeculatable"), ods::RecursiveMemoryEffects(),
               ods::NoRegionArguments(), ods::Interface("RegionBranchOpInterface")})
      .customAssembly(parseIfOp, printIfOp)
      .verifier(verifyIfOp)
      .registerIn(*this);

  ods::OpDef(AffineLoadOp::getOperationName(), TypeID::get<AffineLoadOp>())
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result")
      .traits({ods::Interface("AffineReadOpInterface"), ods::Interface("AffineMapAccessInterface"),
               ods::MemRefsNormalizable(), ods::MemoryEffects()})
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
      .traits({ods::AutomaticAllocationScope(), implicitTerminator, ods::Interface("RecursivelySpeculatable"),
               ods::RecursiveMemoryEffects(), ods::Interface("LoopLikeOpInterface"), ods::MemRefsNormalizable()})
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
      .traits({ods::Interface("AffineMapAccessInterface"), ods::MemRefsNormalizable()})
      .customAssembly(parsePrefetchOp, printPrefetchOp)
      .verifier(verifyPrefetchOp)
      .registerIn(*this);

  ods::OpDef(AffineStoreOp::getOperationName(), TypeID::get<AffineStoreOp>())
      .operand("value")
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({ods::Interface("AffineWriteOpInterface"), ods::Interface("AffineMapAccessInterface"),
               ods::MemRefsNormalizable(), ods::MemoryEffects()})
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
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .result("result", anyVectorOfNonZeroRank())
      .traits({ods::Interface("AffineReadOpInterface"), ods::Interface("AffineMapAccessInterface"),
               ods::MemRefsNormalizable(), ods::MemoryEffects()})
      .customAssembly(parseVectorLoadOp, printVectorLoadOp)
      .verifier(verifyVectorLoadOp)
      .registerIn(*this);

  ods::OpDef(AffineVectorStoreOp::getOperationName(), TypeID::get<AffineVectorStoreOp>())
      .operand("value", anyVectorOfNonZeroRank())
      .operand("memref", ods::AnyMemRef())
      .variadicOperand("indices", indexList)
      .attr("map", ods::AffineMapAttr())
      .traits({ods::Interface("AffineWriteOpInterface"), ods::Interface("AffineMapAccessInterface"),
               ods::MemRefsNormalizable(), ods::MemoryEffects()})
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
}

AffineDialect::~AffineDialect() = default;
