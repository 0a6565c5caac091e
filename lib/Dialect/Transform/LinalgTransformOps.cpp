//===- LinalgTransformOps.cpp - Hand-written parts of linalg's transform ops ===//
//
// The members MLIR writes by hand for the transform ops of linalg's
// extension (LinalgTransformOps.td, LinalgMatchOps.td): the custom
// directives (SemiFunctionType, MultitileSizesTypes, ContinuousTileSizeTypes,
// PackedOrDynamicIndexList), structured.split's syntax, the memory effects
// and the verifiers.
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/Dialect/Transform/LinalgMatchOps.gen.h"
#include "lamina/Dialect/Transform/LinalgTransformOps.gen.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/ViewLikeInterface.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::transform;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `type`, `(type) -> type` or `(type) -> (type, ...)`: the argument type and
/// the result types; with "false" as third argument the parens are required
/// (MLIR 22's parseSemiFunctionType with resultOptional = false).
static ParseResult parseSemiFunctionType(OpAsmParser &parser, OperationState &,
                                         ArrayRef<ods::CustomParseArg *> args) {
  bool resultOptional = !(args.size() > 2 && args[2]->string == "false");
  bool variadicResults = args[1]->isVariadic;
  bool hasLParen = resultOptional ? succeeded(parser.parseOptionalLParen()) : succeeded(parser.parseLParen());
  if (!resultOptional && !hasLParen)
    return failure();
  Type argumentType;
  if (parser.parseType(argumentType))
    return failure();
  args[0]->types->push_back(argumentType);
  if (!hasLParen)
    return success();
  if (parser.parseRParen() || parser.parseArrow())
    return failure();
  if (!variadicResults) {
    Type resultType;
    if (parser.parseType(resultType))
      return failure();
    args[1]->types->push_back(resultType);
    return success();
  }
  if (failed(parser.parseOptionalLParen())) {
    Type type;
    if (parser.parseType(type))
      return failure();
    args[1]->types->push_back(type);
    return success();
  }
  if (parser.parseTypeList(*args[1]->types) || parser.parseRParen()) {
    args[1]->types->clear();
    return failure();
  }
  return success();
}

static void printSemiFunctionType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  const std::vector<Type> &results = args[1].types;
  if (!results.empty())
    p << "(";
  if (!args[0].types.empty())
    p << args[0].types[0];
  if (results.empty())
    return;
  p << ") -> ";
  if (results.size() > 1)
    p << "(";
  for (size_t i = 0; i < results.size(); ++i) {
    if (i)
      p << ", ";
    p << results[i];
  }
  if (results.size() > 1)
    p << ")";
}

ods::CustomDirective transform::getSemiFunctionTypeDirective() {
  return {"SemiFunctionType", parseSemiFunctionType, printSemiFunctionType, nullptr};
}

/// `(target) -> size`: every result takes the one result type.
static ParseResult parseSizesTypes(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args) {
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto funcType = dyn_cast<FunctionType>(type);
  if (!funcType)
    return parser.emitError(typeLoc, "invalid kind of type specified");
  if (funcType.getNumInputs() != 1 || funcType.getNumResults() != 1) {
    parser.emitError(typeLoc) << "expects a trailing functional type with one argument and one result";
    return success();
  }
  args[0]->types->push_back(funcType.getInput(0));
  for (size_t i = 1; i < args.size(); ++i)
    args[i]->types->push_back(funcType.getResult(0));
  return success();
}

static void printSizesTypes(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  p << "(";
  if (!args[0].types.empty())
    p << args[0].types[0];
  p << ") -> ";
  if (!args[1].types.empty())
    p << args[1].types[0];
}

static ParseResult parseMultitileSizesTypes(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  return parseSizesTypes(parser, args);
}

ods::CustomDirective transform::getMultitileSizesTypesDirective() {
  return {"MultitileSizesTypes", parseMultitileSizesTypes, printSizesTypes, nullptr};
}

static ParseResult parseContinuousTileSizeTypes(OpAsmParser &parser, OperationState &,
                                                ArrayRef<ods::CustomParseArg *> args) {
  return parseSizesTypes(parser, args);
}

ods::CustomDirective transform::getContinuousTileSizeTypesDirective() {
  return {"ContinuousTileSizeTypes", parseContinuousTileSizeTypes, printSizesTypes, nullptr};
}

/// `*(%packed)`: a handle or parameter packing the sizes; or a dynamic index
/// list.
static ParseResult parsePackedOrDynamicIndexList(OpAsmParser &parser, OperationState &,
                                                 ArrayRef<ods::CustomParseArg *> args) {
  OpAsmParser::UnresolvedOperand packed;
  if (succeeded(parser.parseOptionalStar())) {
    if (parser.parseLParen() || parser.parseOperand(packed) || parser.parseRParen())
      return failure();
    args[0]->operands->push_back(packed);
    *args[2]->attr = parser.getBuilder().getDenseI64ArrayAttr({});
    return success();
  }
  DenseI64ArrayAttr integers;
  if (parseDynamicIndexList(parser, *args[1]->operands, integers))
    return failure();
  *args[2]->attr = integers;
  return success();
}

static void printPackedOrDynamicIndexList(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (!args[0].operands.empty()) {
    p << "*(";
    p.printOperand(args[0].operands[0]);
    p << ")";
    return;
  }
  auto integers = dyn_cast_or_null<DenseI64ArrayAttr>(args[2].attr);
  printDynamicIndexList(p, args[1].operands, integers ? integers.asArrayRef() : ArrayRef<int64_t>());
}

ods::CustomDirective transform::getPackedOrDynamicIndexListDirective() {
  return {"PackedOrDynamicIndexList", parsePackedOrDynamicIndexList, printPackedOrDynamicIndexList, nullptr};
}

//===----------------------------------------------------------------------===//
// SplitOp
//===----------------------------------------------------------------------===//

ParseResult SplitOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand target, dynamicChunkSizes;
  IntegerAttr staticChunkSizes;
  if (parser.parseOperand(target) || parser.parseKeyword("after"))
    return failure();
  std::optional<ParseResult> dynamicParse = parser.parseOptionalOperand(dynamicChunkSizes);
  Builder b(parser.getContext());
  if (!dynamicParse.has_value()) {
    int64_t value = 0;
    if (failed(parser.parseInteger(value)))
      return failure();
    staticChunkSizes = b.getI64IntegerAttr(value);
  }
  Type targetType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(targetType) ||
      parser.resolveOperand(target, targetType, result.operands))
    return failure();
  if (dynamicParse.has_value()) {
    Type chunkSizesType;
    if (failed(*dynamicParse) || parser.parseComma() || parser.parseType(chunkSizesType) ||
        parser.resolveOperand(dynamicChunkSizes, chunkSizesType, result.operands))
      return failure();
    staticChunkSizes = b.getI64IntegerAttr(ShapedType::kDynamic);
  }
  result.addAttribute("static_chunk_sizes", staticChunkSizes);
  result.types.push_back(targetType);
  return success();
}

void SplitOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOperand(getTarget());
  p << " after ";
  IntegerAttr chunk = getStaticChunkSizesAttr();
  int64_t staticChunkSize = chunk ? chunk.getValue().getSExtValue() : ShapedType::kDynamic;
  if (staticChunkSize != ShapedType::kDynamic)
    p << staticChunkSize;
  else
    p.printOperand(getDynamicChunkSizes());
  p << " ";
  p.printOptionalAttrDict(state->getAttrs(), {"static_chunk_sizes"});
  p << " : " << getTarget().getType();
  if (staticChunkSize == ShapedType::kDynamic && getDynamicChunkSizes())
    p << ", " << getDynamicChunkSizes().getType();
}

LogicalResult SplitOp::verify() {
  IntegerAttr chunk = getStaticChunkSizesAttr();
  bool isStatic = chunk && chunk.getValue().getSExtValue() != ShapedType::kDynamic;
  if (isStatic == bool(getDynamicChunkSizes()))
    return emitOpError() << "expects either a dynamic or a static split point to be provided";
  return success();
}

void SplitOp::getEffects(EffectList &effects) {
  consumesHandle(state, 0, 1, effects);
  if (getDynamicChunkSizes())
    onlyReadsHandle(state, 1, 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

/// The effects of a transform that rewrites its target: the first operand
/// consumed, the other operands read, the results produced, the payload
/// modified.
static void consumesTargetEffects(Operation *op, EffectList &effects) {
  consumesHandle(op, 0, 1, effects);
  onlyReadsHandle(op, 1, op->getNumOperands() - 1, effects);
  producesResults(op, effects);
  modifiesPayload(effects);
}

/// Every operand only read, the results produced, the payload modified.
static void readsOperandsEffects(Operation *op, EffectList &effects) {
  onlyReadsOperands(op, effects);
  producesResults(op, effects);
  modifiesPayload(effects);
}

void BufferizeToAllocationOp::getEffects(EffectList &effects) {
  if (state->getAttr("bufferize_destination_only"))
    onlyReadsHandle(state, 0, 1, effects);
  else
    consumesHandle(state, 0, 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

void ContinuousTileSizesOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  if (!state->getResults().empty() && isa<TransformParamTypeInterface>(state->getResult(0).getType()))
    onlyReadsPayload(effects);
  else
    modifiesPayload(effects);
}

void EliminateLinalgOpAnchoredEmptyTensorsOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void FuseIntoContainingOp::getEffects(EffectList &effects) {
  // The producer is consumed, the containing op only read.
  consumesHandle(state, 0, 1, effects);
  onlyReadsHandle(state, 1, state->getNumOperands() - 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

void FuseOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }

void HoistPadBuildPackingLoopNestOp::getEffects(EffectList &effects) {
  onlyReadsHandle(state, 0, 1, effects);
  consumesHandle(state, 1, state->getNumOperands() - 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

void MultiTileSizesOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  if (!state->getResults().empty() && isa<TransformParamTypeInterface>(state->getResult(0).getType()))
    onlyReadsPayload(effects);
  else
    modifiesPayload(effects);
}

void PackGreedilyOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void PackOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void PadOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void PadTilingInterfaceOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void PromoteTensorOp::getEffects(EffectList &effects) { readsOperandsEffects(state, effects); }
void ReplaceOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void TileUsingForOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }
void TileUsingForallOp::getEffects(EffectList &effects) { consumesTargetEffects(state, effects); }

void VectorizeOp::getEffects(EffectList &effects) {
  consumesHandle(state, 0, 1, effects);
  onlyReadsHandle(state, 1, state->getNumOperands() - 1, effects);
  modifiesPayload(effects);
}

void MatchStructuredOp::getEffects(EffectList &effects) {
  Region &body = state->getRegion(0);
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  if (!body.empty())
    for (Operation &op : body.front())
      if (auto iface = dyn_cast<MemoryEffectOpInterface>(&op)) {
        SmallVector<MemoryEffects::EffectInstance, 8> nested;
        iface.getEffects(nested);
        for (const MemoryEffects::EffectInstance &e : nested)
          if (isa<PayloadIRResource>(e.getResource()))
            effects.push_back(e);
      }
}

void MatchStructuredYieldOp::getEffects(EffectList &effects) { onlyReadsOperands(state, effects); }

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult BufferizeToAllocationOp::verify() {
  auto memcpy = dyn_cast_or_null<StringAttr>(state->getAttr("memcpy_op"));
  auto alloc = dyn_cast_or_null<StringAttr>(state->getAttr("alloc_op"));
  if (memcpy && memcpy.getValue() != "bufferization.materialize_in_destination" &&
      memcpy.getValue() != "memref.copy" && memcpy.getValue() != "linalg.copy")
    return emitOpError() << "unsupported memcpy op";
  if (alloc && alloc.getValue() != "memref.alloc" && alloc.getValue() != "memref.alloca")
    return emitOpError() << "unsupported alloc op";
  return success();
}

LogicalResult ContinuousTileSizesOp::verify() {
  if (getTileSizes().getType() != getChunkSizes().getType())
    return emitOpError() << "expects all results type to be the same";
  return success();
}

LogicalResult MultiTileSizesOp::verify() {
  if (getLowSize().getType() != getHighSize().getType() || getLowSize().getType() != getSplitPoint().getType())
    return emitOpError() << "expects all results type to be the same";
  return success();
}

LogicalResult FuseOp::verify() { return success(); }
LogicalResult HoistPadBuildPackingLoopNestOp::verify() { return success(); }
LogicalResult HoistPadOp::verify() { return success(); }

LogicalResult InterchangeOp::verify() {
  auto perm = dyn_cast_or_null<DenseI64ArrayAttr>(state->getAttr("iterator_interchange"));
  if (!perm)
    return success();
  ArrayRef<int64_t> values = perm.asArrayRef();
  SmallVector<int64_t, 8> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  bool isPermutation = true;
  for (size_t i = 0; i < sorted.size(); ++i)
    isPermutation &= sorted[i] == int64_t(i);
  if (!isPermutation) {
    InFlightDiagnostic diag = emitOpError() << "expects iterator_interchange to be a permutation, found ";
    for (size_t i = 0; i < values.size(); ++i)
      diag << (i ? ", " : "") << values[i];
    return diag;
  }
  return success();
}

/// Whether `values` is a permutation of 0..n-1.
static bool isPermutationVector(ArrayRef<int64_t> values) {
  SmallVector<bool, 8> seen(values.size(), false);
  for (int64_t v : values) {
    if (v < 0 || v >= int64_t(values.size()) || seen[v])
      return false;
    seen[v] = true;
  }
  return true;
}

LogicalResult PackGreedilyOp::verify() {
  auto order = getMatmulInnerDimsOrderAttr();
  if (order && !isPermutationVector(order.asArrayRef()))
    return emitOpError() << "matmul_inner_dims_order is not a valid permutation";
  auto nextMultiple = getMatmulPaddedSizesNextMultipleOfAttr();
  auto packed = getStaticMatmulPackedSizesAttr();
  if (nextMultiple && !nextMultiple.empty() && packed) {
    ArrayRef<int64_t> nmo = nextMultiple.asArrayRef(), sizes = packed.asArrayRef();
    for (size_t i = 0; i < nmo.size() && i < sizes.size(); ++i)
      if (nmo[i] != 0 && sizes[i] != 0)
        return emitOpError() << "at most one of the packed_size and the padded_sizes_next_multiple_of can be "
                                "nonzero for the matmul strategy";
  }
  return success();
}
LogicalResult PackTransposeOp::verify() { return success(); }
LogicalResult PadOp::verify() {
  auto intsOf = [](Attribute attr) {
    SmallVector<int64_t, 8> out;
    if (auto array = dyn_cast_or_null<ArrayAttr>(attr))
      for (Attribute a : array)
        if (auto i = dyn_cast<IntegerAttr>(a))
          out.push_back(i.getValue().getSExtValue());
    return out;
  };
  Attribute nofold = getNofoldFlagsAttr();
  for (int64_t f : intsOf(nofold))
    if (f != 0 && f != 1)
      return emitOpError() << "expects nofold_flags to contain booleans (0/1), found " << nofold;
  Attribute dims = getPaddingDimensionsAttr();
  SmallVector<int64_t, 8> paddingDimensions = intsOf(dims);
  for (int64_t d : paddingDimensions)
    if (d < 0)
      return emitOpError() << "expects padding_dimensions to contain positive integers, found " << dims;
  auto multiples = getStaticPadToMultipleOfAttr();
  if (multiples && !multiples.empty() && size_t(multiples.size()) != paddingDimensions.size())
    return emitOpError() << "expects as many multiples as padding_dimensions";
  if (ArrayAttr transposes = getTransposePaddingsAttr())
    for (Attribute attr : transposes)
      if (!isPermutationVector(intsOf(attr)))
        return emitOpError() << "expects transpose_paddings to be a permutation, found " << attr;
  if (StringAttr copyBack = getCopyBackOpAttr())
    if (copyBack.getValue() != "bufferization.materialize_in_destination" && copyBack.getValue() != "linalg.copy" &&
        copyBack.getValue() != "none")
      return emitOpError() << "invalid copy_back_op";
  return success();
}
LogicalResult PadTilingInterfaceOp::verify() { return success(); }

LogicalResult ReplaceOp::verify() {
  Region &body = state->getRegion(0);
  if (body.empty() || std::next(body.begin()) != body.end())
    return emitOpError() << "expected one block";
  Block &block = body.front();
  if (block.empty() || std::next(block.begin()) != block.end())
    return emitOpError() << "expected one operation in block";
  Operation *replacement = &block.front();
  if (replacement->getNumOperands() > 0)
    return replacement->emitOpError() << "expected replacement without operands";
  if (!replacement->hasTrait<OpTrait::IsIsolatedFromAbove>() && replacement->getNumRegions() > 0)
    return replacement->emitOpError() << "expect op that is isolated from above";
  return success();
}

LogicalResult TileUsingForOp::verify() {
  auto sizes = getStaticSizesAttr();
  auto scalable = getScalableSizesAttr();
  size_t numSizes = sizes ? sizes.size() : 0;
  size_t numScalable = scalable ? scalable.size() : 0;
  if (numScalable != 0 && numSizes != numScalable)
    return emitOpError("expected same number of sizes (") << numSizes << ") and scalable sizes (" << numScalable
                                                          << ")";
  size_t numExpectedLoops = 0;
  if (sizes)
    for (int64_t s : sizes.asArrayRef())
      if (s != 0)
        ++numExpectedLoops;
  size_t numLoops = state->getNumResults() ? state->getNumResults() - 1 : 0;
  if (numExpectedLoops != numLoops)
    return emitOpError() << "expected number of loops to tile (" << numExpectedLoops
                         << ") to match number of `loops` results (" << numLoops << ")";
  return success();
}

LogicalResult TileUsingForallOp::verify() {
  int numThreadsSpec = (getStaticNumThreadsAttr() && !getStaticNumThreadsAttr().empty()) ||
                       getPackedNumThreads();
  int tileSizesSpec = (getStaticTileSizesAttr() && !getStaticTileSizesAttr().empty()) || getPackedTileSizes();
  if (numThreadsSpec + tileSizesSpec != 1)
    return emitOpError("requires exactly one of num_threads or tile_sizes");
  return success();
}

LogicalResult VectorizeOp::verify() {
  auto sizes = getStaticVectorSizesAttr();
  auto scalable = getScalableSizesAttr();
  size_t numSizes = sizes ? sizes.size() : 0;
  size_t numScalable = scalable ? scalable.size() : 0;
  if (numScalable != 0 && numSizes != numScalable)
    return emitOpError("expected same number of vector sizes (")
           << numSizes << ") and scalable sizes (" << numScalable << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Matchers (LinalgMatchOps.td)
//===----------------------------------------------------------------------===//

LogicalResult MatchStructuredOp::verify() {
  Region &body = state->getRegion(0);
  if (body.empty())
    return success();
  Block &block = body.front();
  if (block.getNumArguments() != 1)
    return emitOpError() << "expected one body argument";
  if (!isa<TransformHandleTypeInterface>(block.getArgument(0).getType()))
    return emitOpError() << "expected body argument to implement TransformHandleTypeInterface";
  for (Operation &nested : block) {
    if (&nested == &block.back())
      break;
    if (isa<MatchOpInterface>(&nested))
      continue;
    InFlightDiagnostic diag = emitOpError() << "expects nested operations to implement MatchOpInterface";
    diag.attachNote(nested.getLoc()) << "offending operation";
    return diag;
  }
  return success();
}

LogicalResult MatchStructuredBodyOp::verify() {
  int numOptions = bool(getReductionPositionAttr()) + bool(getPassthroughAttr()) + bool(getElementwiseAttr()) +
                   bool(getContractionAttr());
  if (numOptions > 1)
    return emitOpError() << "only one of {\"reduction_position\", \"passthrough\", \"elementwise\", "
                            "\"contraction\"} is allowed";
  if (ArrayAttr contraction = getContractionAttr())
    if (contraction.size() != 2)
      return emitOpError() << "expects \"contraction\" to contain two elements";
  return success();
}

/// The `raw_dim_list`/`is_inverted`/`is_all` of the dims matchers.
static LogicalResult verifyStructuredMatchDims(Operation *op) {
  auto raw = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr("raw_dim_list"));
  return verifyTransformMatchDimsOp(op, raw ? raw.asArrayRef() : ArrayRef<int64_t>(),
                                    bool(op->getAttr("is_inverted")), bool(op->getAttr("is_all")));
}

LogicalResult MatchStructuredDimOp::verify() {
  if (getParallelAttr() && state->getAttr("reduction"))
    return emitOpError() << "cannot request the same dimension to be both parallel and reduction";
  return verifyStructuredMatchDims(state);
}

/// verifyStructuredOperandOp, then the positions.
static LogicalResult verifyStructuredOperand(Operation *op) {
  if (op->getAttr("permutation") && op->getAttr("projected_permutation"))
    return op->emitOpError() << "\"permutation\" and \"projected_permutation\" are mutually exclusive";
  auto raw = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr("raw_position_list"));
  if (raw && raw.size() > 1 && op->getNumResults() > 0)
    return op->emitOpError() << "cannot bind multiple inputs/inits to the same value";
  return verifyTransformMatchDimsOp(op, raw ? raw.asArrayRef() : ArrayRef<int64_t>(),
                                    bool(op->getAttr("is_inverted")), bool(op->getAttr("is_all")));
}

LogicalResult MatchStructuredInitOp::verify() { return verifyStructuredOperand(state); }
LogicalResult MatchStructuredInputOp::verify() { return verifyStructuredOperand(state); }

LogicalResult MatchStructuredResultOp::verify() {
  bool anyOrSingle = getAnyAttr() || getSingleAttr();
  if (anyOrSingle != isa<TransformHandleTypeInterface>(state->getResult(0).getType()))
    return emitOpError() << "expects either the any/single keyword or the type value handle result type";
  if (getAnyAttr() && getSingleAttr())
    return emitOpError() << "'any' and 'single' are mutually exclusive";
  return success();
}
