//===- LinalgStructuredOps.cpp - linalg's structured ops by hand ----------===//
//
// As mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp for map, reduce, transpose,
// broadcast, elementwise, matmul, batch_matmul, batch_reduce_matmul and
// contract: their custom syntax, indexing maps, iterator types and verifiers
// with MLIR's messages.
//
#include "LinalgOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Linalg/LinalgNamedOps.gen.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <string>

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// MapOp, ReduceOp, TransposeOp, BroadcastOp
//===----------------------------------------------------------------------===//

/// parseDstStyleOp: the common parts without segment sizes, the ranked
/// tensor outputs as results, a required clause, then an attribute
/// dictionary.
static ParseResult parseDstStyleOp(OpAsmParser &parser, OperationState &result,
                                   function_ref<ParseResult(OpAsmParser &, NamedAttrList &)> parseAttrsFn = nullptr) {
  SmallVector<Type, 4> inputTypes, outputTypes;
  if (parseCommonStructuredOpParts(parser, result, inputTypes, outputTypes, /*addOperandSegmentSizes=*/false))
    return failure();
  for (Type outputType : outputTypes)
    if (isa<RankedTensorType>(outputType))
      result.addType(outputType);
  if (parseAttrsFn && failed(parseAttrsFn(parser, result.attributes)))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

/// `name = [1, 2]` as a DenseI64ArrayAttr.
static ParseResult parseDenseI64ArrayAttr(OpAsmParser &parser, NamedAttrList &attributes, std::string_view name) {
  if (parser.parseKeyword(name) || parser.parseEqual())
    return failure();
  SmallVector<int64_t, 4> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  attributes.set(name, Builder(parser.getContext()).getDenseI64ArrayAttr(values));
  return success();
}

static void printDenseI64ArrayAttr(OpAsmPrinter &p, std::string_view name, ArrayRef<int64_t> values) {
  p << ' ' << name << " = [";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      p << ", ";
    p << values[i];
  }
  p << "] ";
}

/// A body of one payload op applied to the block arguments, yielding its
/// result: the short form `{ op attrs }`. linalg.map applies it to the
/// inputs' arguments (not the init's); linalg.reduce to the init's first,
/// then the inputs'.
static void addBodyWithPayloadOp(OpAsmParser &parser, OperationState &result, OperationName payloadOpName,
                                 const NamedAttrList &payloadOpAttrs, ArrayRef<Value> operands,
                                 bool initFirst = false) {
  OpBuilder b(parser.getContext());
  Region *body = result.addRegion();
  Block *block = new Block();
  body->push_back(block);
  b.setInsertionPointToStart(block);
  for (Value operand : operands)
    block->addArgument(cast<ShapedType>(operand.getType()).getElementType(), b.getUnknownLoc());
  SmallVector<Value, 4> payloadOperands;
  if (initFirst) {
    payloadOperands.push_back(block->getArgument(block->getNumArguments() - 1));
    for (unsigned i = 0; i + 1 < block->getNumArguments(); ++i)
      payloadOperands.push_back(block->getArgument(i));
  } else {
    for (unsigned i = 0; i + 1 < block->getNumArguments(); ++i)
      payloadOperands.push_back(block->getArgument(i));
  }
  Location loc = result.location;
  OperationState payload(loc, payloadOpName);
  payload.addOperands(ValueRange(ArrayRef<Value>(payloadOperands)));
  payload.addType(cast<ShapedType>(result.operands.back().getType()).getElementType());
  payload.attributes = payloadOpAttrs;
  Operation *payloadOp = b.create(payload);
  OperationState yield(loc, "linalg.yield");
  yield.addOperands(payloadOp->getResults());
  b.create(yield);
}

/// `{ dialect.op attrs }` before the operands, if present.
static ParseResult parseShortFormPayload(OpAsmParser &parser, std::optional<OperationName> &name,
                                         NamedAttrList &attrs) {
  if (failed(parser.parseOptionalLBrace()))
    return success();
  FailureOr<OperationName> operationName = parser.parseCustomOperationName();
  if (failed(operationName))
    return failure();
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  name = *operationName;
  return parser.parseRBrace();
}

/// findPayloadOp: the body's only op before the yield, applied to the block
/// arguments in order (linalg.map: all but the init's; linalg.reduce, with
/// `initFirst`: the init's first), or null.
static Operation *findPayloadOp(Block *body, bool initFirst = false) {
  if (!body || body->getOperations().size() != 2)
    return nullptr;
  Operation &payload = body->front();
  unsigned numPayloadArgs = initFirst ? body->getNumArguments() : body->getNumArguments() - 1;
  if (body->getNumArguments() == 0 || payload.getNumOperands() == 0 || payload.getNumOperands() != numPayloadArgs)
    return nullptr;
  if (initFirst) {
    if (payload.getOperand(payload.getNumOperands() - 1) != body->getArgument(0))
      return nullptr;
    for (unsigned i = 0; i + 1 < body->getNumArguments() && i < payload.getNumOperands(); ++i)
      if (payload.getOperand(i) != body->getArgument(i + 1))
        return nullptr;
  } else {
    for (unsigned i = 0; i < payload.getNumOperands(); ++i)
      if (payload.getOperand(i) != body->getArgument(i))
        return nullptr;
  }
  return &payload;
}

static void printShortForm(OpAsmPrinter &p, Operation *payloadOp) {
  std::string elided;
  for (const NamedAttribute &attr : payloadOp->getAttrs()) {
    auto fast = dyn_cast<arith::FastMathFlagsAttr>(attr.getValue());
    if (fast && fast.getValue() == arith::FastMathFlags::none) {
      elided = std::string(attr.getName().getValue());
      break;
    }
  }
  p << " { " << payloadOp->getName().getStringRef();
  if (elided.empty())
    p.printOptionalAttrDict(payloadOp->getAttrs());
  else
    p.printOptionalAttrDict(payloadOp->getAttrs(), {std::string_view(elided)});
  p << " }";
}

/// The body in full: `(%in: f32, %init: f32) { ... }` on the next line.
static void printBodyRegion(OpAsmPrinter &p, Region &region) {
  Block &block = region.front();
  p.increaseIndent();
  p.printNewline();
  p << "(";
  for (unsigned i = 0; i < block.getNumArguments(); ++i) {
    if (i)
      p << ", ";
    p.printRegionArgument(block.getArgument(i));
  }
  p << ") ";
  p.printRegion(region, /*printEntryBlockArgs=*/false);
  p.decreaseIndent();
}

OperandRange MapOp::getDpsInits() { return getOperation()->getOperands().drop_front(getInputs().size()); }

void MapOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "mapped");
}

void MapOp::getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned numInputs = unsigned(getInputs().size());
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    setNameFn(block.getArgument(i), i < numInputs ? "in" : "init");
}

ParseResult MapOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<OperationName> payloadOpName;
  NamedAttrList payloadOpAttrs;
  if (parseShortFormPayload(parser, payloadOpName, payloadOpAttrs))
    return failure();
  if (parseDstStyleOp(parser, result))
    return failure();
  if (payloadOpName) {
    if (!result.operands.empty())
      addBodyWithPayloadOp(parser, result, *payloadOpName, payloadOpAttrs, ArrayRef<Value>(result.operands));
    else
      result.addRegion();
    return success();
  }
  std::vector<OpAsmParser::Argument> regionArgs;
  if (parser.parseArgumentList(regionArgs, AsmParser::Delimiter::Paren, /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, regionArgs);
}

void MapOp::print(OpAsmPrinter &p) {
  Region &mapper = getOperation()->getRegion(0);
  Block *body = mapper.empty() ? nullptr : &mapper.front();
  Operation *payloadOp = body ? findPayloadOp(body) : nullptr;
  if (payloadOp)
    printShortForm(p, payloadOp);
  printCommonStructuredOpParts(p, getInputs(), getDpsInits());
  p.printOptionalAttrDict(getOperation()->getAttrs());
  if (!payloadOp && body)
    printBodyRegion(p, mapper);
}

ArrayAttr MapOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  SmallVector<AffineMap, 4> maps(getOperation()->getNumOperands(),
                                 AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext()));
  return mapArrayAttr(getContext(), maps);
}

void MapOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult MapOp::verify() {
  Region &mapper = getOperation()->getRegion(0);
  if (mapper.empty())
    return success();
  Block &body = mapper.front();
  unsigned numOperands = getOperation()->getNumOperands();
  if (numOperands != body.getNumArguments())
    return emitOpError() << "expects number of operands to match the arity of mapper, but got: " << numOperands
                         << " and " << body.getNumArguments();
  unsigned i = 0;
  for (Value input : getInputs()) {
    Type inputElemType = cast<ShapedType>(input.getType()).getElementType();
    Type bbArgType = body.getArgument(i++).getType();
    if (bbArgType != inputElemType)
      return emitOpError() << "expected element type of input " << inputElemType << " to match bbArg type "
                           << bbArgType;
  }
  ArrayRef<int64_t> outputShape = cast<ShapedType>(getInit().getType()).getShape();
  for (Value input : getInputs()) {
    ArrayRef<int64_t> inputShape = cast<ShapedType>(input.getType()).getShape();
    if (inputShape != outputShape) {
      InFlightDiagnostic diag = emitOpError();
      diag << "expected shape of input (";
      for (size_t k = 0; k < inputShape.size(); ++k)
        diag << (k ? ", " : "") << inputShape[k];
      diag << ") to match shape of output (";
      for (size_t k = 0; k < outputShape.size(); ++k)
        diag << (k ? ", " : "") << outputShape[k];
      diag << ")";
      return diag;
    }
  }
  return success();
}

bool MapOp::hasDynamicIndexingMaps() { return false; }
LogicalResult MapOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange ReduceOp::getDpsInits() { return getInits(); }

void ReduceOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "reduced");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned numInputs = unsigned(getInputs().size());
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    setNameFn(block.getArgument(i), i < numInputs ? "in" : "init");
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<OperationName> payloadOpName;
  NamedAttrList payloadOpAttrs;
  if (parseShortFormPayload(parser, payloadOpName, payloadOpAttrs))
    return failure();
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "dimensions");
      }))
    return failure();
  if (payloadOpName) {
    addBodyWithPayloadOp(parser, result, *payloadOpName, payloadOpAttrs, ArrayRef<Value>(result.operands),
                         /*initFirst=*/true);
    return success();
  }
  std::vector<OpAsmParser::Argument> regionArgs;
  if (parser.parseArgumentList(regionArgs, AsmParser::Delimiter::Paren, /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, regionArgs);
}

void ReduceOp::print(OpAsmPrinter &p) {
  Region &combiner = getOperation()->getRegion(0);
  Block *body = combiner.empty() ? nullptr : &combiner.front();
  Operation *payloadOp = body ? findPayloadOp(body, /*initFirst=*/true) : nullptr;
  if (payloadOp)
    printShortForm(p, payloadOp);
  printCommonStructuredOpParts(p, getInputs(), getInits());
  printDenseI64ArrayAttr(p, "dimensions", getDimensions());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"dimensions"});
  if (!payloadOp && body)
    printBodyRegion(p, combiner);
}

ArrayAttr ReduceOp::getIndexingMaps() {
  if (getInputs().empty())
    return ArrayAttr::get(getContext(), {});
  int64_t inputRank = rankOf(getInputs()[0]);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(unsigned(inputRank), getContext());
  SmallVector<AffineMap, 4> maps(getInputs().size(), identity);
  SmallVector<int64_t, 4> dims(getDimensions().begin(), getDimensions().end());
  for (int64_t d : dims)
    if (d < 0 || d >= inputRank)
      return mapArrayAttr(getContext(), maps);
  AffineMap resultMap = identity.dropResults(dims);
  for (size_t i = 0, e = getInits().size(); i < e; ++i)
    maps.push_back(resultMap);
  return mapArrayAttr(getContext(), maps);
}

void ReduceOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  if (getInputs().empty())
    return;
  SmallVector<IteratorType, 4> result = parallelIterators(rankOf(getInputs()[0]));
  for (int64_t d : getDimensions())
    if (d >= 0 && d < int64_t(result.size()))
      result[d] = IteratorType::reduction;
  for (IteratorType t : result)
    types.push_back(t);
}

/// `[2, 3]` for a diagnostic.
static void printList(InFlightDiagnostic &diag, ArrayRef<int64_t> values) {
  for (size_t k = 0; k < values.size(); ++k)
    diag << (k ? ", " : "") << values[k];
}

LogicalResult ReduceOp::verify() {
  ArrayRef<int64_t> dimensionsRef = getDimensions();
  OperandRange inputs = getInputs(), inits = getInits();
  if (inputs.empty() || inits.empty())
    return success();
  for (size_t i = 1; i < inputs.size(); ++i)
    if (cast<ShapedType>(inputs[i].getType()).getShape() != cast<ShapedType>(inputs[0].getType()).getShape())
      return emitOpError() << "expects all inputs to have the same shapes. Shape at input-index " << (int64_t)i
                           << " is not equal to the shape at input-index 0.";
  for (size_t i = 1; i < inits.size(); ++i)
    if (cast<ShapedType>(inits[i].getType()).getShape() != cast<ShapedType>(inits[0].getType()).getShape())
      return emitOpError() << "expects all outputs to have the same shapes. Shape at output-index " << (int64_t)i
                           << " is not equal to the shape at output-index 0.";
  auto inputType = cast<ShapedType>(inputs[0].getType());
  auto initType = cast<ShapedType>(inits[0].getType());
  std::set<int64_t> dimensionsToReduce;
  for (int64_t dimension : dimensionsRef) {
    if (dimension < 0 || dimension >= inputType.getRank())
      return emitOpError() << "dimensions for reduction should be in the range [0, " << (inputType.getRank() - 1)
                           << "].";
    dimensionsToReduce.insert(dimension);
  }
  ArrayRef<int64_t> inputDims = inputType.getShape(), initDims = initType.getShape();
  SmallVector<int64_t, 4> reducedInputDims;
  for (size_t i = 0; i < inputDims.size(); ++i)
    if (!dimensionsToReduce.count(int64_t(i)))
      reducedInputDims.push_back(inputDims[i]);
  if (int64_t(reducedInputDims.size()) != initType.getRank())
    return emitOpError() << "number of dimensions after reduction " << (int64_t)reducedInputDims.size()
                         << " doesn't match the init rank " << initType.getRank();
  if (ArrayRef<int64_t>(reducedInputDims) != initDims) {
    InFlightDiagnostic diag = emitOpError();
    diag << "init dimensions [";
    printList(diag, initDims);
    diag << "] doesn't match input dimensions after reduction [";
    printList(diag, reducedInputDims);
    diag << "]";
    return diag;
  }
  Region &combiner = getOperation()->getRegion(0);
  if (combiner.empty())
    return success();
  Block *block = &combiner.front();
  if (block->getNumArguments() != getOperation()->getNumOperands())
    return emitOpError() << "mismatching number of operands and block arguments";
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type inputElementType = cast<ShapedType>(inputs[i].getType()).getElementType();
    if (inputElementType != block->getArgument(i).getType())
      return emitOpError() << "input element type " << inputElementType
                           << " does not match corresponding block argument type " << block->getArgument(i).getType();
  }
  unsigned firstInitArg = block->getNumArguments() - unsigned(inits.size());
  for (size_t i = 0; i < inits.size(); ++i) {
    Type outputElementType = cast<ShapedType>(inits[i].getType()).getElementType();
    Type argType = block->getArgument(firstInitArg + unsigned(i)).getType();
    if (outputElementType != argType)
      return emitOpError() << "output element type " << outputElementType
                           << " does not match corresponding block argument type " << argType;
  }
  return success();
}

bool ReduceOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ReduceOp::verifyIndexingMapRequiredAttributes() { return success(); }

/// buildIdentityRegion: a body yielding its first argument.
static void buildIdentityRegion(OpAsmParser &parser, OperationState &result) {
  OpBuilder b(parser.getContext());
  Region *region = result.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Value v : result.operands) {
    Type t = v.getType();
    block->addArgument(isa<MemRefType, RankedTensorType>(t) ? cast<ShapedType>(t).getElementType() : t,
                       v.getLoc());
  }
  if (block->getNumArguments() == 0)
    return;
  b.setInsertionPointToStart(block);
  OperationState yield(Location(result.location), "linalg.yield");
  yield.addOperand(block->getArgument(0));
  b.create(yield);
}

OperandRange TransposeOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

void TransposeOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "transposed");
}

ParseResult TransposeOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "permutation");
      }))
    return failure();
  buildIdentityRegion(parser, result);
  return success();
}

void TransposeOp::print(OpAsmPrinter &p) {
  printCommonStructuredOpParts(p, getOperation()->getOperands().take_front(1), getDpsInits());
  printDenseI64ArrayAttr(p, "permutation", getPermutation());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"permutation"});
}

ArrayAttr TransposeOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<unsigned, 4> permutation;
  std::vector<bool> seen(perm.size(), false);
  for (int64_t v : perm) {
    if (v < 0 || v >= int64_t(perm.size()) || seen[v])
      return mapArrayAttr(getContext(), {});
    seen[v] = true;
    permutation.push_back(unsigned(v));
  }
  AffineMap inverse = inversePermutation(AffineMap::getPermutationMap(permutation, getContext()));
  return mapArrayAttr(getContext(), {inverse, AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext())});
}

void TransposeOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult TransposeOp::verify() {
  ArrayRef<int64_t> permutationRef = getPermutation();
  {
    std::vector<bool> seen(permutationRef.size(), false);
    for (int64_t v : permutationRef) {
      if (v < 0 || v >= int64_t(permutationRef.size()) || seen[v])
        return emitOpError("permutation is not valid");
      seen[v] = true;
    }
  }
  auto inputType = cast<ShapedType>(getInput().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  int64_t rank = inputType.getRank();
  if (rank != initType.getRank())
    return emitOpError() << "input rank " << rank << " does not match init rank " << initType.getRank();
  if (rank != int64_t(permutationRef.size()))
    return emitOpError() << "size of permutation " << (int64_t)permutationRef.size()
                         << " does not match the argument rank " << rank;
  ArrayRef<int64_t> inputDims = inputType.getShape(), initDims = initType.getShape();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t inputDim = inputDims[permutationRef[i]];
    int64_t initDim = initDims[i];
    if (inputDim != initDim)
      return emitOpError() << "dim(result, " << i << ") = " << initDim << " doesn't match dim(input, permutation["
                           << i << "]) = " << inputDim;
  }
  return success();
}

bool TransposeOp::hasDynamicIndexingMaps() { return false; }
LogicalResult TransposeOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BroadcastOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

void BroadcastOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "broadcasted");
}

ParseResult BroadcastOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "dimensions");
      }))
    return failure();
  buildIdentityRegion(parser, result);
  return success();
}

void BroadcastOp::print(OpAsmPrinter &p) {
  printCommonStructuredOpParts(p, getOperation()->getOperands().take_front(1), getDpsInits());
  printDenseI64ArrayAttr(p, "dimensions", getDimensions());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"dimensions"});
}

ArrayAttr BroadcastOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  AffineMap identity = AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext());
  for (int64_t d : getDimensions())
    if (d < 0 || d >= rank)
      return mapArrayAttr(getContext(), {identity, identity});
  return mapArrayAttr(getContext(), {identity.dropResults(getDimensions()), identity});
}

void BroadcastOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> dimensionsRef = getDimensions();
  auto inputType = cast<ShapedType>(getInput().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  int64_t inputRank = inputType.getRank(), initRank = initType.getRank();
  ArrayRef<int64_t> inputShape = inputType.getShape(), initShape = initType.getShape();
  if (inputRank + int64_t(dimensionsRef.size()) != initRank)
    return emitOpError() << "input rank plus added dimensions does not match init rank. input rank: " << inputRank
                         << ", dimensions size: " << (int64_t)dimensionsRef.size() << ", init rank: " << initRank;
  for (size_t idx = 0; idx < dimensionsRef.size(); ++idx) {
    int64_t dim = dimensionsRef[idx];
    if (dim < 0 || dim >= initRank)
      return emitOpError() << "dimension " << (int64_t)idx << " is out of range. expected range: [0, "
                           << (initRank - 1) << "], got: " << dim;
  }
  SmallVector<int64_t, 4> dimMap;
  for (int64_t dim = 0; dim < initRank; ++dim)
    if (std::find(dimensionsRef.begin(), dimensionsRef.end(), dim) == dimensionsRef.end())
      dimMap.push_back(dim);
  for (size_t inputDimIdx = 0; inputDimIdx < dimMap.size(); ++inputDimIdx) {
    int64_t initDimIdx = dimMap[inputDimIdx];
    if (inputShape[inputDimIdx] != initShape[initDimIdx])
      return emitOpError() << "input dim " << (int64_t)inputDimIdx << " should match init dim " << initDimIdx
                           << ". input: " << inputShape[inputDimIdx] << ", init: " << initShape[initDimIdx];
  }
  return success();
}

bool BroadcastOp::hasDynamicIndexingMaps() { return false; }
LogicalResult BroadcastOp::verifyIndexingMapRequiredAttributes() { return success(); }

//===----------------------------------------------------------------------===//
// ElementwiseOp
//===----------------------------------------------------------------------===//

OperandRange ElementwiseOp::getDpsInits() { return getOutputs(); }

static SmallVector<AffineMap, 4> elementwiseDefaultMaps(unsigned numMaps, unsigned numDims, MLIRContext *ctx) {
  return SmallVector<AffineMap, 4>(numMaps, AffineMap::getMultiDimIdentityMap(numDims, ctx));
}

ParseResult ElementwiseOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseKeyword("kind") || parser.parseEqual())
    return failure();
  Attribute attr;
  ElementwiseKind kind;
  if (succeeded(parser.parseAttribute(attr))) {
    auto kindAttr = dyn_cast<ElementwiseKindAttr>(attr);
    if (!kindAttr)
      return parser.emitError(parser.getCurrentLocation(), "expected ElementwiseKind attribute");
    kind = kindAttr.getValue();
  } else {
    return parser.emitError(parser.getCurrentLocation(), "expected operation 'kind' attribute");
  }
  result.addAttribute("kind", ElementwiseKindAttr::get(parser.getContext(), kind));
  SmallVector<Attribute, 3> indexingMapsAttr;
  if (parseIndexingMapList(parser, indexingMapsAttr))
    return failure();
  unsigned numRegionArgs = getElementwiseArity(kind).numInputs + 1;
  if (parseNamedStructuredOp(parser, result, numRegionArgs, buildElementwiseRegion))
    return parser.emitError(parser.getCurrentLocation(), "unable to parse elemwise op");
  if (indexingMapsAttr.empty()) {
    if (result.operands.empty())
      return parser.emitError(parser.getCurrentLocation(), "return type needs to be shaped type");
    auto shapedType = dyn_cast<ShapedType>(result.operands.back().getType());
    if (!shapedType)
      return parser.emitError(parser.getCurrentLocation(), "return type needs to be shaped type");
    for (AffineMap m : elementwiseDefaultMaps(numRegionArgs, unsigned(shapedType.getRank()), parser.getContext()))
      indexingMapsAttr.push_back(AffineMapAttr::get(m));
  }
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), indexingMapsAttr));
  return success();
}

void ElementwiseOp::print(OpAsmPrinter &p) {
  p << " kind=";
  p.printAttribute(getKindAttr());
  unsigned arity = getElementwiseArity(getKindAttr().getValue()).numInputs;
  unsigned numDims = getOutputs().empty() ? 0 : unsigned(rankOf(getOutputs()[0]));
  ArrayAttr defaults = mapArrayAttr(getContext(), elementwiseDefaultMaps(arity + 1, numDims, getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", "kind", "indexing_maps"});
}

ArrayAttr ElementwiseOp::getIndexingMaps() { return getIndexingMapsAttr(); }

void ElementwiseOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(getOutputs().empty() ? 0 : rankOf(getOutputs()[0])))
    types.push_back(t);
}

bool ElementwiseOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ElementwiseOp::verifyIndexingMapRequiredAttributes() { return success(); }

//===----------------------------------------------------------------------===//
// MatmulOp, BatchMatmulOp, BatchReduceMatmulOp, ContractOp
//===----------------------------------------------------------------------===//

namespace {

AffineMap mapOf(MLIRContext *ctx, unsigned numDims, std::initializer_list<unsigned> dims) {
  SmallVector<AffineExpr, 4> results;
  for (unsigned d : dims)
    results.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(numDims, 0, results, ctx);
}


void mulAddRegionWithCast(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                          function_ref<InFlightDiagnostic()> emitError) {
  buildMulAddRegion(b, block, attrs, emitError, /*castFromAttr=*/true);
}

void mulAddRegionSigned(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                        function_ref<InFlightDiagnostic()> emitError) {
  buildMulAddRegion(b, block, attrs, emitError, /*castFromAttr=*/false);
}

/// Whether the result set of `subMap` is contained in `fullMap`'s.
bool areResultExprsSubsetOf(AffineMap subMap, AffineMap fullMap) {
  for (AffineExpr e : subMap.getResults())
    if (std::find(fullMap.getResults().begin(), fullMap.getResults().end(), e) == fullMap.getResults().end())
      return false;
  return true;
}

bool isBroadcasted(AffineMap explicitMap, AffineMap defaultMap) {
  return explicitMap.getNumResults() < defaultMap.getNumResults();
}

/// batch_matmul / batch_reduce_matmul: whether a broadcast map of the LHS
/// or RHS is valid.
bool isValidBatchBroadcastMap(AffineMap bcastMap, bool isLHS) {
  enum { batchPos, mPos, nPos, kPos };
  if (bcastMap.getNumResults() == 1)
    return bcastMap.getResult(0).isFunctionOfDim(kPos);
  if (bcastMap.getNumResults() == 2) {
    AffineExpr e0 = bcastMap.getResult(0), e1 = bcastMap.getResult(1);
    if (isLHS)
      return (e0.isFunctionOfDim(batchPos) || e0.isFunctionOfDim(mPos)) && e1.isFunctionOfDim(kPos);
    return (e0.isFunctionOfDim(batchPos) && e1.isFunctionOfDim(kPos)) ||
           (e0.isFunctionOfDim(kPos) && e1.isFunctionOfDim(nPos));
  }
  return false;
}

/// verifyExtendedBatchVariantMatmulSemantic.
LogicalResult verifyBatchVariantMatmul(Operation *op, ArrayRef<AffineMap> opMaps, ArrayRef<AffineMap> defaults,
                                       bool isBatchMatmul, unsigned opIndex) {
  if (opMaps.size() != 3)
    return op->emitOpError() << "Indexing_map attribute must have 3 affine maps.";
  AffineMap opMap = opMaps[opIndex];
  AffineMap defaultMap = defaults[opIndex];
  if (opIndex == 2) {
    unsigned expected = isBatchMatmul ? 3 : 2;
    if (opMap.getNumResults() != expected)
      return op->emitOpError() << "expects " << expected << " dims, but got (" << opMap.getNumResults() << ").";
    bool valid = isBatchMatmul ? opMap.getResult(0).isFunctionOfDim(0) && opMap.getResult(1).isFunctionOfDim(1) &&
                                     opMap.getResult(2).isFunctionOfDim(2)
                               : opMap.getResult(0).isFunctionOfDim(1) && opMap.getResult(1).isFunctionOfDim(2);
    if (!valid)
      return op->emitOpError() << "Invalid output map result dimension.";
    return success();
  }
  if (!areResultExprsSubsetOf(opMap, defaultMap))
    return op->emitOpError() << "Unexpected result dim expression (outside the set of default result dims).";
  if (opMap.getNumResults() > 3)
    return op->emitOpError() << "no. of result dim expressions exceeds 3.";
  if (isBroadcasted(opMap, defaultMap)) {
    if (!isValidBatchBroadcastMap(opMap, opIndex == 0))
      return op->emitOpError() << "Invalid broadcast requested.";
  } else if (opMap.getNumResults() == 0 || !opMap.getResult(0).isFunctionOfDim(0)) {
    return op->emitOpError() << "Invalid batch dimension expression.";
  }
  return success();
}

} // namespace

SmallVector<AffineMap, 3> MatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 3, {0, 2}), mapOf(ctx, 3, {2, 1}), mapOf(ctx, 3, {0, 1})};
}

SmallVector<AffineMap, 3> BatchMatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 4, {0, 1, 3}), mapOf(ctx, 4, {0, 3, 2}), mapOf(ctx, 4, {0, 1, 2})};
}

SmallVector<AffineMap, 3> BatchReduceMatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 4, {0, 1, 3}), mapOf(ctx, 4, {0, 3, 2}), mapOf(ctx, 4, {1, 2})};
}

static SmallVector<AffineMap, 3> matmulDefaultMaps(MLIRContext *ctx) { return MatmulOp::getDefaultIndexingMaps(ctx); }
static SmallVector<AffineMap, 3> batchMatmulDefaultMaps(MLIRContext *ctx) {
  return BatchMatmulOp::getDefaultIndexingMaps(ctx);
}
static SmallVector<AffineMap, 3> batchReduceMatmulDefaultMaps(MLIRContext *ctx) {
  return BatchReduceMatmulOp::getDefaultIndexingMaps(ctx);
}

OperandRange MatmulOp::getDpsInits() { return getOutputs(); }

ParseResult MatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  FailureOr<ArrayAttr> indexingMaps = parseIndexingMapsAttr(parser);
  if (failed(indexingMaps))
    return failure();
  ArrayAttr maps = *indexingMaps;
  if (!maps)
    maps = mapArrayAttr(parser.getContext(), matmulDefaultMaps(parser.getContext()));
  result.addAttribute("indexing_maps", maps);
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void MatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), matmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult MatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = matmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 2 && opIndex < opMaps.size(); ++opIndex) {
    AffineMap opMap = opMaps[opIndex];
    if (!areResultExprsSubsetOf(opMap, defaults[opIndex]))
      return emitOpError() << "Unexpected dim expression in map result.";
    if (isBroadcasted(opMap, defaults[opIndex]) &&
        !(opMap.getNumResults() == 1 && opMap.getResult(0).isFunctionOfDim(opMap.getNumDims() - 1)))
      return emitOpError() << "Invalid broadcast requested, should be (d2).";
  }
  return success();
}

ArrayAttr MatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), matmulDefaultMaps(getContext()));
}

void MatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.push_back(IteratorType::parallel);
  types.push_back(IteratorType::parallel);
  types.push_back(IteratorType::reduction);
}

bool MatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult MatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BatchMatmulOp::getDpsInits() { return getOutputs(); }

ParseResult BatchMatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute, 3> maps;
  if (parseIndexingMapList(parser, maps))
    return failure();
  if (maps.empty())
    for (AffineMap m : batchMatmulDefaultMaps(parser.getContext()))
      maps.push_back(AffineMapAttr::get(m));
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), maps));
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void BatchMatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), batchMatmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult BatchMatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = batchMatmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 3; ++opIndex)
    if (failed(verifyBatchVariantMatmul(getOperation(), opMaps, defaults, /*isBatchMatmul=*/true, opIndex)))
      return failure();
  return success();
}

ArrayAttr BatchMatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), batchMatmulDefaultMaps(getContext()));
}

void BatchMatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.append({IteratorType::parallel, IteratorType::parallel, IteratorType::parallel, IteratorType::reduction});
}

bool BatchMatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult BatchMatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BatchReduceMatmulOp::getDpsInits() { return getOutputs(); }

ParseResult BatchReduceMatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute, 3> maps;
  if (parseIndexingMapList(parser, maps))
    return failure();
  if (maps.empty())
    for (AffineMap m : batchReduceMatmulDefaultMaps(parser.getContext()))
      maps.push_back(AffineMapAttr::get(m));
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), maps));
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionSigned);
}

void BatchReduceMatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), batchReduceMatmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult BatchReduceMatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = batchReduceMatmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 3; ++opIndex)
    if (failed(verifyBatchVariantMatmul(getOperation(), opMaps, defaults, /*isBatchMatmul=*/false, opIndex)))
      return failure();
  return success();
}

ArrayAttr BatchReduceMatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), batchReduceMatmulDefaultMaps(getContext()));
}

void BatchReduceMatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.append({IteratorType::reduction, IteratorType::parallel, IteratorType::parallel, IteratorType::reduction});
}

bool BatchReduceMatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult BatchReduceMatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange ContractOp::getDpsInits() { return getOutputs(); }

ParseResult ContractOp::parse(OpAsmParser &parser, OperationState &result) {
  FailureOr<ArrayAttr> indexingMaps = parseIndexingMapsAttr(parser);
  if (failed(indexingMaps) || !*indexingMaps)
    return parser.emitError(parser.getCurrentLocation(), "expected 'indexing_maps' attribute");
  result.addAttribute("indexing_maps", *indexingMaps);
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void ContractOp::print(OpAsmPrinter &p) {
  printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(), {"indexing_maps", "operandSegmentSizes"});
}

LogicalResult ContractOp::verify() {
  int iterationSpaceDims = -1;
  SmallVector<size_t, 8> inOccurrences, outOccurrences;
  SmallVector<AffineMap, 4> maps = mapsOf(getIndexingMapsAttr());
  Operation *op = getOperation();
  for (unsigned i = 0; i < maps.size() && i < op->getNumOperands() && i < 3; ++i) {
    AffineMap affineMap = maps[i];
    Type operandType = op->getOperand(i).getType();
    bool isInput = i < 2;
    if (!affineMap.isProjectedPermutation())
      return emitError("provided affine_map is not a projected permutation");
    if (auto shapedType = dyn_cast<ShapedType>(operandType)) {
      if (int64_t(affineMap.getNumResults()) != shapedType.getRank())
        return emitError("ranks of shaped operand and results of corresponding affine_map differ");
    } else if (affineMap.getNumResults() != 0) {
      return emitError("affine_map specifies shaped access while operand has non-shaped type");
    }
    if (iterationSpaceDims == -1) {
      iterationSpaceDims = int(affineMap.getNumDims());
      inOccurrences.assign(size_t(iterationSpaceDims), 0);
      outOccurrences.assign(size_t(iterationSpaceDims), 0);
    } else if (iterationSpaceDims != int(affineMap.getNumDims())) {
      return emitError("iteration spaces of provided affine_maps differ");
    }
    for (AffineExpr e : affineMap.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      if (!dim)
        continue;
      if (isInput)
        inOccurrences[dim.getPosition()] += 1;
      else
        outOccurrences[dim.getPosition()] += 1;
    }
  }
  bool hasContractingDim = false;
  for (int dimIndex = 0; dimIndex < iterationSpaceDims; ++dimIndex) {
    size_t inOcc = inOccurrences[dimIndex], outOcc = outOccurrences[dimIndex];
    hasContractingDim |= inOcc == 2 && outOcc == 0;
    if (inOcc == 0 && outOcc == 0)
      return emitError() << "iteration space dim at index " << dimIndex << " not used to access any operand";
    if (inOcc == 1 && outOcc != 1)
      return emitError() << "iteration space dim at index " << dimIndex
                         << " is neither a contracting dim nor of parallel iteration type";
  }
  if (!hasContractingDim)
    return emitError("'indexing_maps' do not specify a contracting dimension");
  return success();
}

ArrayAttr ContractOp::getIndexingMaps() { return getIndexingMapsAttr(); }

void ContractOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  SmallVector<AffineMap, 4> maps = mapsOf(getIndexingMapsAttr());
  if (maps.empty())
    return;
  AffineMap outMap = maps.back();
  std::vector<bool> dimsInOutput(outMap.getNumDims(), false);
  for (AffineExpr e : outMap.getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      dimsInOutput[d.getPosition()] = true;
  for (bool inOutput : dimsInOutput)
    types.push_back(inOutput ? IteratorType::parallel : IteratorType::reduction);
}

bool ContractOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ContractOp::verifyIndexingMapRequiredAttributes() { return success(); }

