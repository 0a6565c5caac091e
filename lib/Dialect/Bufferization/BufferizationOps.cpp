//===- BufferizationOps.cpp - What the bufferization dialect writes by hand ===//
//
// As mlir/lib/Dialect/Bufferization/IR/BufferizationOps.cpp and
// BufferizationDialect.cpp: alloc_tensor's syntax, the verifiers, dealloc's
// result types, the tensor/buffer type check of to_tensor/to_buffer and the
// verification of the dialect's discardable attributes. Bufferization itself
// (the interfaces and passes) is not here.
//
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"

#include "lamina/Transforms/InliningUtils.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::bufferization;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// verifyDynamicDimensionCount: one dynamic size per `?` of the type.
static LogicalResult verifyDynamicDimensionCount(Operation *op, ShapedType type, OperandRange dynamicSizes) {
  int64_t expected = type.getNumDynamicDims();
  int64_t actual = int64_t(dynamicSizes.size());
  if (expected != actual)
    return op->emitOpError("incorrect number of dynamic sizes, has ") << (long long)actual << ", expected "
                                                                       << (long long)expected;
  return success();
}

/// The builtin tensor types' TensorLikeType::verifyCompatibleBufferType.
bool bufferization::detail::typesMatchAfterBufferization(Operation &op, Value tensor, Value buffer) {
  auto tensorType = dyn_cast<ShapedType>(tensor.getType());
  auto bufferType = dyn_cast<ShapedType>(buffer.getType());
  if (!tensorType || !bufferType)
    return true;
  if (tensorType.getShape() != bufferType.getShape()) {
    (void)(op.emitError() << "shapes do not match");
    return false;
  }
  if (tensorType.getElementType() != bufferType.getElementType()) {
    (void)(op.emitError() << "element types do not match");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// alloc_tensor
//===----------------------------------------------------------------------===//

/// `(%d0, %d1) copy(%t) size_hint=%n {attrs} : tensor<?x?xf32>`.
ParseResult AllocTensorOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> dynamicSizes;
  if (parser.parseLParen() || parser.parseOperandList(dynamicSizes) || parser.parseRParen())
    return failure();
  bool hasCopy = succeeded(parser.parseOptionalKeyword("copy"));
  OpAsmParser::UnresolvedOperand copyOperand;
  if (hasCopy && (parser.parseLParen() || parser.parseOperand(copyOperand) || parser.parseRParen()))
    return failure();
  bool hasSizeHint = succeeded(parser.parseOptionalKeyword("size_hint"));
  OpAsmParser::UnresolvedOperand sizeHintOperand;
  if (hasSizeHint && (parser.parseEqual() || parser.parseOperand(sizeHintOperand)))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  Type type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseCustomTypeWithFallback(type, [&](Type &t) { return parser.parseType(t); }))
    return failure();
  if (!isa<TensorType>(type))
    return parser.emitError(typeLoc, "invalid kind of type specified");
  result.addType(type);
  Type indexType = parser.getBuilder().getIndexType();
  if (parser.resolveOperands(dynamicSizes, indexType, result.operands))
    return failure();
  if (hasCopy && parser.resolveOperand(copyOperand, type, result.operands))
    return failure();
  if (hasSizeHint && parser.resolveOperand(sizeHintOperand, indexType, result.operands))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {int32_t(dynamicSizes.size()), int32_t(hasCopy), int32_t(hasSizeHint)}));
  return success();
}

void AllocTensorOp::print(OpAsmPrinter &p) {
  p << "(";
  OperandRange sizes = getDynamicSizes();
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(sizes[i]);
  }
  p << ")";
  if (Value copy = getCopy()) {
    p << " copy(";
    p.printOperand(copy);
    p << ")";
  }
  if (Value sizeHint = getSizeHint()) {
    p << " size_hint=";
    p.printOperand(sizeHint);
  }
  p.printOptionalAttrDict(state->getAttrs(), {"operandSegmentSizes"});
  p << " : ";
  Type type = state->getResult(0).getType();
  if (isa<TensorType>(type))
    p.printStrippedAttrOrType(type);
  else
    p << type;
}

LogicalResult AllocTensorOp::verify() {
  Type type = state->getResult(0).getType();
  if (getCopy() && !getDynamicSizes().empty())
    return emitError("dynamic sizes not needed when copying a tensor");
  if (!getCopy() && failed(verifyDynamicDimensionCount(state, cast<ShapedType>(type), getDynamicSizes())))
    return failure();
  if (getCopy() && getCopy().getType() != type)
    return emitError("expected that `copy` and return type match");
  return success();
}

//===----------------------------------------------------------------------===//
// dealloc
//===----------------------------------------------------------------------===//

/// One i1 per retained memref.
LogicalResult DeallocOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  size_t numRetained = 0;
  if (auto segments = dyn_cast_or_null<DenseI32ArrayAttr>(context.getAttr("operandSegmentSizes")))
    if (segments.size() == 3 && segments.asArrayRef()[2] > 0)
      numRetained = size_t(segments.asArrayRef()[2]);
  inferred.assign(numRetained, IntegerType::get(context.context, 1));
  return success();
}

LogicalResult DeallocOp::verify() {
  if (getMemrefs().size() != getConditions().size())
    return emitOpError("must have the same number of conditions as memrefs to deallocate");
  if (getRetained().size() != getUpdatedConditions().size())
    return emitOpError("must have the same number of updated conditions (results) as retained operands");
  return success();
}

//===----------------------------------------------------------------------===//
// materialize_in_destination
//===----------------------------------------------------------------------===//

OperandRange MaterializeInDestinationOp::getDpsInits() { return state->getOperands().slice(1, 1); }

/// A memref destination is written.
void MaterializeInDestinationOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (isa<BaseMemRefType>(state->getOperand(1).getType()))
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), &state->getOpOperand(1)));
}

LogicalResult MaterializeInDestinationOp::verify() {
  Type destType = getDest().getType();
  if (!isa<TensorType>(destType) && !isa<BaseMemRefType>(destType))
    return emitOpError("'dest' must be a tensor or a memref");
  if (isa<TensorType>(destType)) {
    if (state->getNumResults() != 1)
      return emitOpError("tensor 'dest' implies exactly one tensor result");
    if (destType != state->getResult(0).getType())
      return emitOpError("result and 'dest' types must match");
  }
  if (isa<BaseMemRefType>(destType) && state->getNumResults() != 0)
    return emitOpError("memref 'dest' implies zero results");
  if (getRestrict() && !isa<BaseMemRefType>(destType))
    return emitOpError("'restrict' is valid only for memref destinations");
  if (getWritable() != isa<BaseMemRefType>(destType))
    return emitOpError("'writable' must be specified if and only if the destination is of memref type");
  auto srcShaped = cast<ShapedType>(getSource().getType());
  auto destShaped = cast<ShapedType>(destType);
  if (srcShaped.hasRank() != destShaped.hasRank())
    return emitOpError("source/destination shapes are incompatible");
  if (srcShaped.hasRank()) {
    if (srcShaped.getRank() != destShaped.getRank())
      return emitOpError("rank mismatch between source and destination shape");
    ArrayRef<int64_t> src = srcShaped.getShape(), dst = destShaped.getShape();
    for (size_t i = 0; i < src.size(); ++i) {
      if (ShapedType::isDynamic(src[i]) || ShapedType::isDynamic(dst[i]))
        continue;
      if (src[i] != dst[i])
        return emitOpError("source/destination shapes are incompatible");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

static constexpr std::string_view kWritableAttrName = "bufferization.writable";
static constexpr std::string_view kBufferAccessAttrName = "bufferization.access";
static constexpr std::string_view kBufferLayoutAttrName = "bufferization.buffer_layout";
static constexpr std::string_view kManualDeallocation = "bufferization.manual_deallocation";

/// FunctionOpInterface ops (func.func and the like).
static bool isFunctionLike(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  return name == "func.func" || name == "ml_program.func" || name == "ml_program.subgraph";
}

/// Whether a function-like op has no body.
static bool isExternalFunction(Operation *op) { return op->getNumRegions() == 0 || op->getRegion(0).empty(); }

LogicalResult BufferizationDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned, NamedAttribute attr) {
  std::string_view name = attr.getNameStr();
  if (name == kWritableAttrName) {
    if (!isa<BoolAttr>(attr.getValue()))
      return op->emitError() << "'" << kWritableAttrName << "' is expected to be a boolean attribute";
    if (!isFunctionLike(op))
      return op->emitError() << "expected '" << kWritableAttrName << "' to be used on function-like operations";
    if (isExternalFunction(op))
      return op->emitError() << "'" << kWritableAttrName << "' is invalid on external functions";
    return success();
  }
  if (name == kBufferAccessAttrName) {
    auto str = dyn_cast<StringAttr>(attr.getValue());
    if (!str)
      return op->emitError() << "'" << kBufferAccessAttrName << "' is expected to be a string attribute";
    std::string_view s = str.getValue();
    if (s != "none" && s != "read" && s != "write" && s != "read-write")
      return op->emitError() << "invalid value for '" << kBufferAccessAttrName << "'";
    if (!isFunctionLike(op))
      return op->emitError() << "expected '" << kBufferAccessAttrName << "' to be used on function-like operations";
    return success();
  }
  if (name == kBufferLayoutAttrName) {
    if (!isa<MemRefLayoutAttrInterface>(attr.getValue()))
      return op->emitError() << "'" << kBufferLayoutAttrName << "' is expected to be a memref layout attribute";
    if (!isFunctionLike(op))
      return op->emitError() << "expected '" << kBufferLayoutAttrName << "' to be used on function-like operations";
    return success();
  }
  return op->emitError() << "attribute '" << kBufferLayoutAttrName
                         << "' not supported as a region arg attribute by the bufferization dialect";
}

/// Whether `op` has an Allocate or Free memory effect. Lamina does not model
/// memory effects yet: these are the ops of the registered dialects that
/// declare one in MLIR.
static bool allocatesOrFrees(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  return name == "memref.alloc" || name == "memref.alloca" || name == "memref.realloc" ||
         name == "memref.dealloc" || name == "bufferization.clone" || name == "bufferization.dealloc" ||
         name == "memref.alloca_scope";
}

LogicalResult BufferizationDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getNameStr() == kManualDeallocation) {
    if (!allocatesOrFrees(op))
      return op->emitOpError("attribute '")
             << kManualDeallocation << "' can be used only on ops that have an allocation and/or free side effect";
    return success();
  }
  // The name prints as an attribute (quoted), as in MLIR.
  return op->emitError() << "attribute '" << attr.getNameAttr()
                         << "' not supported as an op attribute by the bufferization dialect";
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// MLIR's BufferizationInlinerInterface: every bufferization op can be inlined.
struct BufferizationInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

BufferizationDialect::BufferizationDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<BufferizationDialect>()) {
  registerGenerated();
  bufferization::registerBufferizationCanonicalization(*this);
  addInlinerInterface<BufferizationInlinerInterface>(this);
}

BufferizationDialect::~BufferizationDialect() = default;
