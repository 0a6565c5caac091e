//===- VectorMaskOps.cpp - vector's mask ops by hand ----------------------===//
//
// As mlir/lib/Dialect/Vector/IR/VectorOps.cpp for vector.mask,
// vector.constant_mask and vector.create_mask: custom syntax and verifiers
// with MLIR's messages.
//
#include "VectorOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace lamina;
using namespace lamina::vector;
using namespace lamina::vector::detail;

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

LogicalResult ConstantMaskOp::verify() {
  auto resultType = cast<VectorType>(getOperation()->getResult(0).getType());
  ArrayRef<int64_t> maskDimSizes = getMaskDimSizes();
  if (resultType.getRank() == 0) {
    if (maskDimSizes.size() != 1)
      return emitError("array attr must have length 1 for 0-D vectors");
    int64_t dim = maskDimSizes[0];
    if (dim != 0 && dim != 1)
      return emitError("mask dim size must be either 0 or 1 for 0-D vectors");
    return success();
  }
  if (int64_t(maskDimSizes.size()) != resultType.getRank())
    return emitOpError("must specify array attr of size equal vector result rank");
  ArrayRef<int64_t> resultShape = resultType.getShape();
  for (size_t index = 0; index < maskDimSizes.size(); ++index) {
    int64_t maskDimSize = maskDimSizes[index];
    if (maskDimSize < 0 || maskDimSize > resultShape[index])
      return emitOpError("array attr of size out of bounds of vector result dimension size");
    if (isScalableDim(resultType, unsigned(index)) && maskDimSize != 0 && maskDimSize != resultShape[index])
      return emitOpError("only supports 'none set' or 'all set' scalable dimensions");
  }
  bool anyZeros = std::find(maskDimSizes.begin(), maskDimSizes.end(), 0) != maskDimSizes.end();
  bool allZeros = std::all_of(maskDimSizes.begin(), maskDimSizes.end(), [](int64_t s) { return s == 0; });
  if (anyZeros && !allZeros)
    return emitOpError("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim");
  return success();
}

LogicalResult CreateMaskOp::verify() {
  auto vectorType = cast<VectorType>(getOperation()->getResult(0).getType());
  unsigned numOperands = getOperation()->getNumOperands();
  if (vectorType.getRank() == 0) {
    if (numOperands != 1)
      return emitOpError("must specify exactly one operand for 0-D create_mask");
  } else if (int64_t(numOperands) != vectorType.getRank()) {
    return emitOpError("must specify an operand for each result vector dimension");
  }
  return success();
}

/// The mask type a maskable op expects (MaskableOpInterface's
/// getExpectedMaskType), or null if `op` is not maskable.
static Type getExpectedMaskType(Operation *op) {
  MLIRContext *ctx = op->getContext();
  Type i1 = IntegerType::get(ctx, 1);
  if (auto read = dyn_cast<TransferReadOp>(op))
    return inferTransferOpMaskType(cast<VectorType>(read.getVector().getType()),
                                   read.getPermutationMapAttr().getValue());
  if (auto write = dyn_cast<TransferWriteOp>(op))
    return inferTransferOpMaskType(cast<VectorType>(write.getValueToStore().getType()),
                                   write.getPermutationMapAttr().getValue());
  if (auto reduction = dyn_cast<ReductionOp>(op)) {
    auto vecType = cast<VectorType>(reduction.getVector().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto reduction = dyn_cast<MultiDimReductionOp>(op)) {
    auto vecType = cast<VectorType>(reduction.getSource().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto outer = dyn_cast<OuterProductOp>(op)) {
    auto vecType = cast<VectorType>(outer->getResult(0).getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto gather = dyn_cast<GatherOp>(op)) {
    auto vecType = cast<VectorType>(gather.getIndices().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto contract = dyn_cast<ContractionOp>(op)) {
    SmallVector<AffineMap, 4> maps = mapsOf(contract.getIndexingMapsAttr());
    if (maps.size() < 2)
      return Type();
    auto lhsType = cast<VectorType>(contract.getLhs().getType());
    auto rhsType = cast<VectorType>(contract.getRhs().getType());
    unsigned numVecDims = maps[0].getNumDims();
    SmallVector<int64_t, 4> maskShape(numVecDims, ShapedType::kDynamic);
    SmallVector<bool, 4> maskScalable(numVecDims, false);
    for (auto [type, map] : {std::make_pair(lhsType, maps[0]), std::make_pair(rhsType, maps[1])})
      for (unsigned i = 0; i < unsigned(type.getRank()); ++i) {
        unsigned pos = map.getDimPosition(i);
        maskShape[pos] = type.getDimSize(i);
        maskScalable[pos] = isScalableDim(type, i);
      }
    return VectorType::get(maskShape, i1, maskScalable);
  }
  return Type();
}

ParseResult MaskOp::parse(OpAsmParser &parser, OperationState &result) {
  Region &maskRegion = *result.addRegion();
  OpAsmParser::UnresolvedOperand mask, passthru;
  if (parser.parseOperand(mask))
    return failure();
  bool hasPassthru = succeeded(parser.parseOptionalComma());
  if (hasPassthru && parser.parseOperand(passthru))
    return failure();
  if (parser.parseRegion(maskRegion))
    return failure();
  // MaskOp::ensureTerminator: the implicit (empty) yield, replaced by a
  // yield of the masked op's results when the region holds exactly one op
  // before it.
  Location loc = result.location;
  if (maskRegion.empty())
    maskRegion.push_back(new Block());
  Block &block = maskRegion.front();
  OpBuilder b(parser.getContext());
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    b.setInsertionPointToEnd(&block);
    OperationState yield(loc, "vector.yield");
    b.create(yield);
  }
  if (block.getOperations().size() == 2) {
    Operation *maskedOp = &block.front();
    Operation *oldYield = &block.back();
    if (maskedOp != oldYield && oldYield->getName().getStringRef() == "vector.yield") {
      b.setInsertionPoint(oldYield);
      OperationState yield(loc, "vector.yield");
      yield.addOperands(maskedOp->getResults());
      b.create(yield);
      oldYield->dropAllReferences();
      oldYield->erase();
    }
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Type maskType;
  if (parser.parseColonType(maskType))
    return failure();
  SmallVector<Type, 2> resultTypes;
  if (parser.parseOptionalArrowTypeList(resultTypes))
    return failure();
  result.addTypes(ArrayRef<Type>(resultTypes));
  if (parser.resolveOperand(mask, maskType, result.operands))
    return failure();
  if (hasPassthru) {
    if (resultTypes.empty())
      return parser.emitError(parser.getNameLoc(), "expects a result if passthru operand is provided");
    if (parser.resolveOperand(passthru, resultTypes[0], result.operands))
      return failure();
  }
  return success();
}

void MaskOp::print(OpAsmPrinter &p) {
  p << " ";
  p << getMask();
  if (getPassthru()) {
    p << ", ";
    p << getPassthru();
  }
  p << " { ";
  Region &region = getOperation()->getRegion(0);
  if (!region.empty() && !region.front().empty())
    p.printCustomOrGenericOp(&region.front().front());
  p << " }";
  p.printOptionalAttrDict(getOperation()->getAttrs());
  p << " : " << getMask().getType();
  if (getOperation()->getNumResults() > 0) {
    p << " -> ";
    Operation *op = getOperation();
    if (op->getNumResults() == 1) {
      p << op->getResult(0).getType();
    } else {
      p << "(";
      for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
        if (i)
          p << ", ";
        p << op->getResult(i).getType();
      }
      p << ")";
    }
  }
}

LogicalResult MaskOp::verify() {
  Region &region = getOperation()->getRegion(0);
  if (region.empty() || region.front().empty())
    return emitOpError("expects a terminator within the mask region");
  Block &block = region.front();
  size_t numMaskRegionOps = block.getOperations().size();
  if (numMaskRegionOps > 2)
    return emitOpError("expects only one operation to mask");
  Operation *terminator = &block.back();
  if (terminator->getName().getStringRef() != "vector.yield")
    return emitOpError("expects a terminator within the mask region");
  unsigned numResults = getOperation()->getNumResults();
  if (terminator->getNumOperands() != numResults)
    return emitOpError("expects number of results to match mask region yielded values");
  if (numMaskRegionOps == 1)
    return success();
  Operation *maskableOp = &block.front();
  // The masked op is verified after this one, and what its mask type is
  // computed from (its vector types) is only known valid once it is: check
  // its own invariants first (bytecode can give it a scalar where a vector
  // is required; mlir-opt's verifier crashes on such an input).
  if (auto verifyInvariants = maskableOp->getName().getInfo().verifyInvariants)
    if (failed(verifyInvariants(maskableOp)))
      return failure();
  Type expectedMaskType = getExpectedMaskType(maskableOp);
  if (!expectedMaskType)
    return emitOpError("expects a MaskableOpInterface within the mask region");
  if (maskableOp->getNumResults() != numResults)
    return emitOpError("expects number of results to match maskable operation number of results");
  for (unsigned i = 0; i < numResults; ++i)
    if (Value(maskableOp->getResult(i)) != terminator->getOperand(i))
      return emitOpError("expects all the results from the MaskableOpInterface to match all the values returned by "
                         "the terminator");
  for (unsigned i = 0; i < numResults; ++i)
    if (maskableOp->getResult(i).getType() != getOperation()->getResult(i).getType())
      return emitOpError("expects result type to match maskable operation result type");
  unsigned numVectorResults = 0;
  for (unsigned i = 0; i < numResults; ++i)
    numVectorResults += isa<VectorType>(maskableOp->getResult(i).getType());
  if (numVectorResults > 1)
    return emitOpError("multiple vector results not supported");
  if (getMask().getType() != expectedMaskType)
    return emitOpError("expects a ") << expectedMaskType << " mask for the maskable operation";
  if (Value passthru = getPassthru()) {
    bool supportsPassthru = isa<TransferReadOp>(maskableOp);
    if (!supportsPassthru)
      return emitOpError("doesn't expect a passthru argument for this maskable operation");
    if (maskableOp->getNumResults() != 1)
      return emitOpError("expects result when passthru argument is provided");
    if (passthru.getType() != maskableOp->getResult(0).getType())
      return emitOpError("expects passthru type to match result type");
  }
  return success();
}

