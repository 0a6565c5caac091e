//===- AffineIndexOps.cpp - affine.delinearize_index / linearize_index ----===//
//
// Custom syntax and verifiers of the affine index ops, as
// mlir/lib/Dialect/Affine/IR/AffineOps.cpp (LLVM 22) defines them, and the
// bytecode encoding of affine.linearize_index's properties. Their
// definitions are in AffineOps.cpp.
//
#include "AffineOpsImpl.h"

#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

//===----------------------------------------------------------------------===//
// affine.delinearize_index / affine.linearize_index
//===----------------------------------------------------------------------===//

/// Counts the kDynamic markers of a static basis.
static size_t countDynamic(ArrayRef<int64_t> basis) {
  size_t n = 0;
  for (int64_t v : basis)
    n += ShapedType::isDynamic(v);
  return n;
}

static const char *const kBasisMismatch =
    "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this "
    "can only happen due to an incorrect fold/rewrite";

LogicalResult impl::verifyDelinearizeIndexOp(Operation *op) {
  ArrayRef<int64_t> staticBasis = cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
  if (op->getNumResults() != staticBasis.size() && op->getNumResults() != staticBasis.size() + 1)
    return op->emitOpError("should return an index for each basis element and up to one extra index");
  if (countDynamic(staticBasis) != ods::getOperandGroup(op, "dynamic_basis").size())
    return op->emitOpError(kBasisMismatch);
  for (int64_t v : staticBasis)
    if (v <= 0 && !ShapedType::isDynamic(v))
      return op->emitOpError("no basis element may be statically non-positive");
  return success();
}

LogicalResult impl::verifyLinearizeIndexOp(Operation *op) {
  ArrayRef<int64_t> staticBasis = cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
  size_t numIndexes = ods::getOperandGroup(op, "multi_index").size();
  if (numIndexes != staticBasis.size() && numIndexes != staticBasis.size() + 1)
    return op->emitOpError("should be passed a basis element for each index except possibly the first");
  if (countDynamic(staticBasis) != ods::getOperandGroup(op, "dynamic_basis").size())
    return op->emitOpError(kBasisMismatch);
  return success();
}

/// `(%a, 4, %b)`: SSA values and integers; integers go to the static list,
/// values leave a kDynamic marker there.
static ParseResult parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                         std::vector<int64_t> &integers) {
  auto parseIntegerOrValue = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    // A `[` marks a scalable index (accepted, not recorded here).
    bool scalable = succeeded(parser.parseOptionalLSquare());
    if (res.has_value() && succeeded(*res)) {
      values.push_back(operand);
      integers.push_back(ShapedType::kDynamic);
    } else {
      if (res.has_value())
        return failure();
      int64_t integer = 0;
      if (parser.parseInteger(integer))
        return failure();
      integers.push_back(integer);
    }
    if (scalable && failed(parser.parseOptionalRSquare()))
      return parser.emitError(parser.getNameLoc(), "requires an `]` after scalable index");
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseIntegerOrValue, " in dynamic index list"))
    return parser.emitError(parser.getNameLoc()) << "expected SSA value or integer";
  return success();
}

static void printDynamicIndexList(OpAsmPrinter &p, OperandRange values, ArrayRef<int64_t> integers) {
  p << '(';
  size_t dynamicIndex = 0;
  for (size_t i = 0; i < integers.size(); ++i) {
    if (i)
      p << ", ";
    if (ShapedType::isDynamic(integers[i])) {
      if (dynamicIndex < values.size())
        p.printOperand(values[dynamicIndex]);
      ++dynamicIndex;
    } else {
      p << (long long)integers[i];
    }
  }
  p << ')';
}

ParseResult impl::parseDynamicIndexListDirective(OpAsmParser &parser, OperationState &state,
                                                 ArrayRef<ods::CustomParseArg *> args) {
  std::vector<int64_t> integers;
  if (parseDynamicIndexList(parser, *args[0]->operands, integers))
    return failure();
  *args[1]->attr = DenseI64ArrayAttr::get(parser.getContext(), integers);
  return success();
}

void impl::printDynamicIndexListDirective(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args) {
  ArrayRef<int64_t> integers;
  if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr))
    integers = attr.asArrayRef();
  printDynamicIndexList(p, args[0].operands, integers);
}

/// `disjoint`? `[` multi_index `]` `by` (basis) attr-dict `:` type. Written
/// by hand because `disjoint` is a UnitProp: its property slot holds a
/// BoolAttr `false` when absent (printed `disjoint = false` in the generic
/// form), which the declarative format cannot express.
ParseResult impl::parseLinearizeIndexOp(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Type indexTy = parser.getBuilder().getIndexType();
  if (succeeded(parser.parseOptionalKeyword("disjoint")))
    result.addAttribute("disjoint", lamina::UnitAttr::get(ctx));
  SmallVector<OpAsmParser::UnresolvedOperand, 4> multiIndex, dynamicBasis;
  std::vector<int64_t> staticBasis;
  if (parser.parseLSquare() || parser.parseOperandList(multiIndex) || parser.parseRSquare() ||
      parser.parseKeyword("by") || parseDynamicIndexList(parser, dynamicBasis, staticBasis))
    return failure();
  result.addAttribute("static_basis", DenseI64ArrayAttr::get(ctx, staticBasis));
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  Type resultType;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(resultType))
    return failure();
  if (!isa<IndexType>(resultType))
    return parser.emitError(typeLoc, "invalid kind of type specified: expected builtin.index, but found '")
           << resultType << "'";
  result.types.push_back(resultType);
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(multiIndex.size()),
                                                                        int32_t(dynamicBasis.size())}));
  if (parser.resolveOperands(multiIndex, resultType, result.operands) ||
      parser.resolveOperands(dynamicBasis, indexTy, result.operands))
    return failure();
  return success();
}

void impl::printLinearizeIndexOp(Operation *op, OpAsmPrinter &p) {
  if (isa_and_nonnull<lamina::UnitAttr>(op->getAttr("disjoint")) ||
      (isa_and_nonnull<BoolAttr>(op->getAttr("disjoint")) && cast<BoolAttr>(op->getAttr("disjoint")).getValue()))
    p << " disjoint";
  p << " [";
  p.printOperands(ods::getOperandGroup(op, "multi_index"));
  p << "] by ";
  ArrayRef<int64_t> integers;
  if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr("static_basis")))
    integers = attr.asArrayRef();
  printDynamicIndexList(p, ods::getOperandGroup(op, "dynamic_basis"), integers);
  p.printOptionalAttrDict(op->getAttrs(), {"disjoint", "static_basis", "operandSegmentSizes"});
  p << " : " << op->getResult(0).getType();
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

/// Installs the bytecode hooks above in the registered affine.linearize_index.
void impl::installLinearizeIndexBytecodeHooks(MLIRContext *ctx) {
  if (std::optional<OperationName> name =
          OperationName::lookupRegistered(AffineLinearizeIndexOp::getOperationName(), ctx)) {
    name->getImpl()->info.readProperties = readLinearizeProperties;
    name->getImpl()->info.writeProperties = writeLinearizeProperties;
    engineSetLinearizeProperties = name->getImpl()->info.setPropertiesFromAttr;
    name->getImpl()->info.setPropertiesFromAttr = setLinearizeProperties;
  }
}
