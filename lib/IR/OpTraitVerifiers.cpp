//===- OpTraitVerifiers.cpp - The verifiers behind MLIR's op traits -------===//
#include "lamina/IR/OpTraitVerifiers.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/SymbolTable.h"

#include <unordered_map>

using namespace lamina;
using namespace lamina::OpTrait;

//===----------------------------------------------------------------------===//
// Type helpers (MLIR's TypeUtilities)
//===----------------------------------------------------------------------===//

namespace {

Type getElementTypeOrSelf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

/// The scalar element type of a vector or (nested) tensor, else the type.
Type getTensorOrVectorElementType(Type type) {
  while (true) {
    if (auto vec = dyn_cast<VectorType>(type))
      return vec.getElementType();
    if (auto tensor = dyn_cast<TensorType>(type)) {
      type = tensor.getElementType();
      continue;
    }
    return type;
  }
}

LogicalResult verifyCompatibleShape(ArrayRef<int64_t> shape1, ArrayRef<int64_t> shape2) {
  if (shape1.size() != shape2.size())
    return failure();
  for (size_t i = 0; i < shape1.size(); ++i) {
    int64_t a = shape1[i], b = shape2[i];
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return failure();
  }
  return success();
}

LogicalResult verifyCompatibleShape(Type type1, Type type2) {
  auto s1 = dyn_cast<ShapedType>(type1);
  auto s2 = dyn_cast<ShapedType>(type2);
  if (!s1)
    return success(!s2);
  if (!s2)
    return failure();
  if (!s1.hasRank() || !s2.hasRank())
    return success();
  return verifyCompatibleShape(s1.getShape(), s2.getShape());
}

LogicalResult verifyCompatibleShapes(ArrayRef<Type> types) {
  SmallVector<ShapedType, 8> shaped;
  bool anyNonShaped = false;
  for (Type t : types) {
    auto s = dyn_cast<ShapedType>(t);
    if (!s)
      anyNonShaped = true;
    shaped.push_back(s);
  }
  // Either every type is shaped or none is.
  if (anyNonShaped) {
    for (ShapedType s : shaped)
      if (s)
        return failure();
    return success();
  }
  // Scalable vectors are only compatible with scalable vectors.
  bool hasScalable = false, hasNonScalable = false;
  for (Type t : types) {
    auto vec = dyn_cast<VectorType>(t);
    if (vec && vec.isScalable())
      hasScalable = true;
    else
      hasNonScalable = true;
  }
  if (hasScalable && hasNonScalable)
    return failure();
  SmallVector<ShapedType, 8> ranked;
  for (ShapedType s : shaped)
    if (s.hasRank())
      ranked.push_back(s);
  if (ranked.empty())
    return success();
  int64_t firstRank = ranked.front().getRank();
  for (ShapedType s : ranked)
    if (s.getRank() != firstRank)
      return failure();
  for (int64_t i = 0; i < firstRank; ++i) {
    int64_t staticDim = ShapedType::kDynamic;
    for (ShapedType s : ranked) {
      int64_t d = s.getDimSize(unsigned(i));
      if (ShapedType::isDynamic(d))
        continue;
      if (ShapedType::isDynamic(staticDim))
        staticDim = d;
      else if (d != staticDim)
        return failure();
    }
  }
  return success();
}

std::vector<Type> operandTypes(Operation *op) { return op->getOperandTypes(); }
std::vector<Type> resultTypes(Operation *op) { return op->getResultTypes(); }

} // namespace

//===----------------------------------------------------------------------===//
// Counts
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyZeroOperands(Operation *op) {
  if (op->getNumOperands() != 0)
    return op->emitOpError() << "requires zero operands";
  return success();
}

LogicalResult impl::verifyOneOperand(Operation *op) {
  if (op->getNumOperands() != 1)
    return op->emitOpError() << "requires a single operand";
  return success();
}

LogicalResult impl::verifyNOperands(Operation *op, unsigned numOperands) {
  if (op->getNumOperands() != numOperands)
    return op->emitOpError() << "expected " << numOperands << " operands, but found " << op->getNumOperands();
  return success();
}

LogicalResult impl::verifyAtLeastNOperands(Operation *op, unsigned numOperands) {
  if (op->getNumOperands() < numOperands)
    return op->emitOpError() << "expected " << numOperands << " or more operands, but found "
                             << op->getNumOperands();
  return success();
}

LogicalResult impl::verifyZeroRegions(Operation *op) {
  if (op->getNumRegions() != 0)
    return op->emitOpError() << "requires zero regions";
  return success();
}

LogicalResult impl::verifyOneRegion(Operation *op) {
  if (op->getNumRegions() != 1)
    return op->emitOpError() << "requires one region";
  return success();
}

LogicalResult impl::verifyNRegions(Operation *op, unsigned numRegions) {
  if (op->getNumRegions() != numRegions)
    return op->emitOpError() << "expected " << numRegions << " regions";
  return success();
}

LogicalResult impl::verifyAtLeastNRegions(Operation *op, unsigned numRegions) {
  if (op->getNumRegions() < numRegions)
    return op->emitOpError() << "expected " << numRegions << " or more regions";
  return success();
}

LogicalResult impl::verifyZeroResults(Operation *op) {
  if (op->getNumResults() != 0)
    return op->emitOpError() << "requires zero results";
  return success();
}

LogicalResult impl::verifyOneResult(Operation *op) {
  if (op->getNumResults() != 1)
    return op->emitOpError() << "requires one result";
  return success();
}

LogicalResult impl::verifyNResults(Operation *op, unsigned numResults) {
  if (op->getNumResults() != numResults)
    return op->emitOpError() << "expected " << numResults << " results";
  return success();
}

LogicalResult impl::verifyAtLeastNResults(Operation *op, unsigned numResults) {
  if (op->getNumResults() < numResults)
    return op->emitOpError() << "expected " << numResults << " or more results";
  return success();
}

LogicalResult impl::verifyOneTypedResult(Operation *op) { return verifyOneResult(op); }

/// Successors of a terminator must be in its region.
static LogicalResult verifyTerminatorSuccessors(Operation *op) {
  Region *parent = op->getParentRegion();
  for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i)
    if (op->getSuccessor(i)->getParent() != parent)
      return op->emitError("reference to block defined in another region");
  return success();
}

LogicalResult impl::verifyZeroSuccessors(Operation *op) {
  if (op->getNumSuccessors() != 0)
    return op->emitOpError("requires 0 successors but found ") << op->getNumSuccessors();
  return success();
}

LogicalResult impl::verifyOneSuccessor(Operation *op) {
  if (op->getNumSuccessors() != 1)
    return op->emitOpError("requires 1 successor but found ") << op->getNumSuccessors();
  return verifyTerminatorSuccessors(op);
}

LogicalResult impl::verifyNSuccessors(Operation *op, unsigned numSuccessors) {
  if (op->getNumSuccessors() != numSuccessors)
    return op->emitOpError("requires ") << numSuccessors << " successors but found " << op->getNumSuccessors();
  return verifyTerminatorSuccessors(op);
}

LogicalResult impl::verifyAtLeastNSuccessors(Operation *op, unsigned numSuccessors) {
  if (op->getNumSuccessors() < numSuccessors)
    return op->emitOpError("requires at least ")
           << numSuccessors << " successors but found " << op->getNumSuccessors();
  return verifyTerminatorSuccessors(op);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyOperandsAreFloatLike(Operation *op) {
  for (Type t : operandTypes(op))
    if (!isa<FloatType>(getTensorOrVectorElementType(t)))
      return op->emitOpError("requires a float type");
  return success();
}

LogicalResult impl::verifyOperandsAreSignlessIntegerLike(Operation *op) {
  for (Type t : operandTypes(op))
    if (!getTensorOrVectorElementType(t).isSignlessIntOrIndex())
      return op->emitOpError() << "requires an integer or index type";
  return success();
}

LogicalResult impl::verifySameTypeOperands(Operation *op) {
  unsigned n = op->getNumOperands();
  if (n < 2)
    return success();
  Type type = op->getOperand(0).getType();
  for (unsigned i = 1; i < n; ++i)
    if (op->getOperand(i).getType() != type)
      return op->emitOpError() << "requires all operands to have the same type";
  return success();
}

LogicalResult impl::verifySameOperandsShape(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)))
    return failure();
  if (failed(verifyCompatibleShapes(operandTypes(op))))
    return op->emitOpError() << "requires the same shape for all operands";
  return success();
}

LogicalResult impl::verifySameOperandsAndResultShape(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)) || failed(verifyAtLeastNResults(op, 1)))
    return failure();
  SmallVector<Type, 8> types;
  for (Value v : op->getOperands())
    types.push_back(v.getType());
  for (Value v : op->getResults())
    types.push_back(v.getType());
  if (failed(verifyCompatibleShapes(types)))
    return op->emitOpError() << "requires the same shape for all operands and results";
  return success();
}

LogicalResult impl::verifySameOperandsElementType(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)))
    return failure();
  Type elementType = getElementTypeOrSelf(op->getOperand(0).getType());
  for (unsigned i = 1, e = op->getNumOperands(); i < e; ++i)
    if (getElementTypeOrSelf(op->getOperand(i).getType()) != elementType)
      return op->emitOpError("requires the same element type for all operands");
  return success();
}

LogicalResult impl::verifySameOperandsAndResultElementType(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)) || failed(verifyAtLeastNResults(op, 1)))
    return failure();
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  for (unsigned i = 1, e = op->getNumResults(); i < e; ++i)
    if (getElementTypeOrSelf(op->getResult(i).getType()) != elementType)
      return op->emitOpError("requires the same element type for all operands and results");
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (getElementTypeOrSelf(op->getOperand(i).getType()) != elementType)
      return op->emitOpError("requires the same element type for all operands and results");
  return success();
}

LogicalResult impl::verifySameOperandsAndResultType(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)) || failed(verifyAtLeastNResults(op, 1)))
    return failure();
  Type type = op->getResult(0).getType();
  Type elementType = getElementTypeOrSelf(type);
  Attribute encoding;
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    encoding = ranked.getEncoding();
  auto check = [&](Type other) -> LogicalResult {
    // A type is compatible with itself (same element type, shape, encoding).
    if (other == type)
      return success();
    if (getElementTypeOrSelf(other) != elementType || failed(verifyCompatibleShape(other, type)))
      return op->emitOpError() << "requires the same type for all operands and results";
    if (encoding) {
      auto ranked = dyn_cast<RankedTensorType>(other);
      if (!ranked || encoding != ranked.getEncoding())
        return op->emitOpError() << "requires the same encoding for all operands and results";
    }
    return success();
  };
  for (unsigned i = 1, e = op->getNumResults(); i < e; ++i)
    if (failed(check(op->getResult(i).getType())))
      return failure();
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (failed(check(op->getOperand(i).getType())))
      return failure();
  return success();
}

LogicalResult impl::verifySameOperandsAndResultRank(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)))
    return failure();
  auto rankOf = [](Type t) -> std::optional<int64_t> {
    if (auto s = dyn_cast<ShapedType>(t))
      if (s.hasRank())
        return s.getRank();
    return std::nullopt;
  };
  std::optional<int64_t> rank;
  for (Type t : operandTypes(op))
    if (auto r = rankOf(t)) {
      rank = r;
      break;
    }
  if (!rank)
    for (Type t : resultTypes(op))
      if (auto r = rankOf(t)) {
        rank = r;
        break;
      }
  if (!rank)
    return success();
  for (Type t : operandTypes(op))
    if (auto r = rankOf(t); r && *r != *rank)
      return op->emitOpError("operands don't have matching ranks");
  for (Type t : resultTypes(op))
    if (auto r = rankOf(t); r && *r != *rank)
      return op->emitOpError("result type has different rank than operands");
  return success();
}

LogicalResult impl::verifyResultsAreBoolLike(Operation *op) {
  for (Type t : resultTypes(op))
    if (!getTensorOrVectorElementType(t).isInteger(1))
      return op->emitOpError() << "requires a bool result type";
  return success();
}

LogicalResult impl::verifyResultsAreFloatLike(Operation *op) {
  for (Type t : resultTypes(op))
    if (!isa<FloatType>(getTensorOrVectorElementType(t)))
      return op->emitOpError() << "requires a floating point type";
  return success();
}

LogicalResult impl::verifyResultsAreSignlessIntegerLike(Operation *op) {
  for (Type t : resultTypes(op))
    if (!getTensorOrVectorElementType(t).isSignlessIntOrIndex())
      return op->emitOpError() << "requires an integer or index type";
  return success();
}

LogicalResult impl::verifyElementwise(Operation *op) {
  auto isMappable = [](Type t) { return isa<VectorType>(t) || isa<TensorType>(t); };
  // All scalars (the common case): nothing to check.
  bool anyMappable = false;
  for (unsigned i = 0, e = op->getNumResults(); i < e && !anyMappable; ++i)
    anyMappable = isMappable(op->getResult(i).getType());
  for (unsigned i = 0, e = op->getNumOperands(); i < e && !anyMappable; ++i)
    anyMappable = isMappable(op->getOperand(i).getType());
  if (!anyMappable)
    return success();
  std::vector<Type> resultMappable, operandMappable;
  for (Type t : resultTypes(op))
    if (isMappable(t))
      resultMappable.push_back(t);
  for (Type t : operandTypes(op))
    if (isMappable(t))
      operandMappable.push_back(t);
  if (resultMappable.empty() && operandMappable.empty())
    return success();
  if (!resultMappable.empty() && operandMappable.empty())
    return op->emitOpError("if a result is non-scalar, then at least one operand must be non-scalar");
  if (resultMappable.empty())
    return op->emitOpError("if an operand is non-scalar, then there must be at least one non-scalar result");
  if (resultMappable.size() != op->getNumResults())
    return op->emitOpError("if an operand is non-scalar, then all results must be non-scalar");
  std::vector<Type> types = operandMappable;
  types.insert(types.end(), resultMappable.begin(), resultMappable.end());
  // Same base type: all vectors, or all tensors of the same kind.
  auto baseKind = [](Type t) -> int {
    if (isa<VectorType>(t))
      return 0;
    if (isa<RankedTensorType>(t))
      return 1;
    return 2;
  };
  int kind = baseKind(types.front());
  bool sameBase = true;
  for (Type t : types)
    sameBase &= baseKind(t) == kind;
  if (!sameBase || failed(verifyCompatibleShapes(types)))
    return op->emitOpError() << "all non-scalar operands/results must have the same shape and base type";
  return success();
}

LogicalResult impl::verifyIsIdempotent(Operation *) { return success(); }
LogicalResult impl::verifyIsInvolution(Operation *) { return success(); }

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyIsTerminator(Operation *op) {
  Block *block = op->getBlock();
  if (!block || &block->back() != op)
    return op->emitOpError("must be the last operation in the parent block");
  return success();
}

LogicalResult impl::verifyNoRegionArguments(Operation *op) {
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    if (region.front().getNumArguments() != 0) {
      if (op->getNumRegions() > 1)
        return op->emitOpError("region #") << region.getRegionNumber() << " should have no arguments";
      return op->emitOpError("region should have no arguments");
    }
  }
  return success();
}

LogicalResult impl::verifySingleBlock(Operation *op, bool hasNoTerminator) {
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    Region &region = op->getRegion(i);
    if (region.empty())
      continue;
    if (!region.hasOneBlock())
      return op->emitOpError("expects region #") << i << " to have 0 or 1 blocks";
    if (!hasNoTerminator && region.front().empty())
      return op->emitOpError() << "expects a non-empty block";
  }
  return success();
}

LogicalResult impl::verifySingleBlock(Operation *op) {
  return verifySingleBlock(op, op->hasTrait<OpTrait::NoTerminator>());
}

void impl::ensureImplicitTerminator(Region &region, StateLocation loc, std::string_view terminatorName) {
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OperationState state(loc, OperationName(terminatorName, loc.getContext()));
  block.push_back(Operation::create(state));
}

LogicalResult impl::verifySingleBlockImplicitTerminator(Operation *op, std::string_view terminatorName) {
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    Region &region = op->getRegion(i);
    if (region.empty())
      continue;
    Block &block = region.front();
    std::string_view found;
    if (!block.empty()) {
      found = block.back().getName().getStringRef();
      if (found == terminatorName)
        continue;
    }
    InFlightDiagnostic diag = op->emitOpError("expects regions to end with '");
    diag << terminatorName << "', found '" << found << "'";
    diag.attachNote() << "in custom textual format, the absence of terminator implies '" << terminatorName << '\'';
    return diag;
  }
  return success();
}

LogicalResult impl::verifyNoTerminator(Operation *) { return success(); }

/// The region a value is defined in (Value::getParentRegion, inline).
static Region *definingRegion(Value value) {
  detail::ValueImpl *impl = value.getImpl();
  Block *block = impl->kind == detail::ValueImpl::Kind::BlockArgument
                     ? static_cast<detail::BlockArgumentImpl *>(impl)->owner
                     : static_cast<detail::OpResultImpl *>(impl)->getOwner()->getBlock();
  return block ? block->getParent() : nullptr;
}

LogicalResult impl::verifyIsIsolatedFromAbove(Operation *isolatedOp) {
  std::vector<Region *> pendingRegions;
  for (Region &region : isolatedOp->getRegions()) {
    pendingRegions.push_back(&region);
    // Regions known to be nested in `region` (most operands come from a
    // handful of them).
    Region *knownInside[2] = {&region, &region};
    while (!pendingRegions.empty()) {
      Region *current = pendingRegions.back();
      pendingRegions.pop_back();
      knownInside[1] = current;
      for (Block &block : *current) {
        for (Operation &op : block) {
          for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i) {
            Region *operandRegion = definingRegion(op.getOperand(i));
            if (operandRegion == knownInside[0] || operandRegion == knownInside[1])
              continue;
            if (!operandRegion)
              return op.emitError("operation's operand is unlinked");
            if (!region.isAncestor(operandRegion)) {
              InFlightDiagnostic diag = op.emitOpError("using value defined outside the region");
              diag.attachNote(isolatedOp->getLoc()) << "required by region isolation constraints";
              return diag;
            }
            knownInside[0] = operandRegion;
          }
          // Nested isolated ops check themselves.
          if (op.getNumRegions() && !op.hasTrait<OpTrait::IsIsolatedFromAbove>())
            for (Region &sub : op.getRegions())
              pendingRegions.push_back(&sub);
        }
      }
    }
  }
  return success();
}

/// Appends `'a, b'`-style lists as MLIR streams an ArrayRef<StringRef>.
static void appendNames(InFlightDiagnostic &diag, ArrayRef<std::string_view> names) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      diag << ", ";
    diag << names[i];
  }
}

LogicalResult impl::verifyHasParent(Operation *op, ArrayRef<std::string_view> parentNames) {
  if (Operation *parent = op->getParentOp()) {
    std::string_view name = parent->getName().getStringRef();
    for (std::string_view p : parentNames)
      if (p == name)
        return success();
  }
  InFlightDiagnostic diag = op->emitOpError();
  diag << "expects parent op " << (parentNames.size() != 1 ? "to be one of '" : "'");
  appendNames(diag, parentNames);
  diag << "'";
  return diag;
}

LogicalResult impl::verifyHasAncestor(Operation *op, ArrayRef<std::string_view> ancestorNames) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    std::string_view name = p->getName().getStringRef();
    for (std::string_view a : ancestorNames)
      if (a == name)
        return success();
  }
  InFlightDiagnostic diag = op->emitOpError();
  diag << "expects ancestor op " << (ancestorNames.size() != 1 ? "to be one of '" : "'");
  appendNames(diag, ancestorNames);
  diag << "'";
  return diag;
}

//===----------------------------------------------------------------------===//
// Segments
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyValueSizeAttr(Operation *op, std::string_view attrName, std::string_view valueGroupName,
                                        size_t expectedCount) {
  auto sizeAttr = dyn_cast_or_null<DenseI32ArrayAttr>(op->getAttr(attrName));
  if (!sizeAttr)
    return op->emitOpError("requires dense i32 array attribute '") << attrName << "'";
  ArrayRef<int32_t> sizes = sizeAttr.asArrayRef();
  for (int32_t s : sizes)
    if (s < 0)
      return op->emitOpError("'") << attrName << "' attribute cannot have negative elements";
  // MLIR accumulates into an unsigned.
  unsigned totalCount = 0;
  for (int32_t s : sizes)
    totalCount += unsigned(s);
  if (totalCount != expectedCount)
    return op->emitOpError() << valueGroupName << " count (" << expectedCount
                             << ") does not match with the total size (" << totalCount
                             << ") specified in attribute '" << attrName << "'";
  return success();
}

LogicalResult impl::verifyOperandSizeAttr(Operation *op, std::string_view attrName) {
  return verifyValueSizeAttr(op, attrName, "operand", op->getNumOperands());
}

LogicalResult impl::verifyResultSizeAttr(Operation *op, std::string_view attrName) {
  return verifyValueSizeAttr(op, attrName, "result", op->getNumResults());
}

//===----------------------------------------------------------------------===//
// Symbols
//===----------------------------------------------------------------------===//

LogicalResult impl::verifySymbolTable(Operation *op) { return detail::verifySymbolTable(op); }
LogicalResult impl::verifySymbol(Operation *op) { return detail::verifySymbol(op); }

