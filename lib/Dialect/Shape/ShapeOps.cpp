//===- ShapeOps.cpp - What the shape dialect writes by hand ---------------===//
//
// As mlir/lib/Dialect/Shape/IR/Shape.cpp: the custom syntax of
// shape.assuming, const_shape, func, function_library and reduce, the
// verifiers (error-propagating result types, operand counts, reduce bodies,
// yields), the result-type inference and its compatibility rules, the cast
// compatibility of size_to_index and to_extent_tensor, const_size's result
// names.
//
#include "lamina/Dialect/Shape/ShapeDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/Interfaces/FunctionImplementation.h"

using namespace lamina;
using namespace lamina::shape;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A 1-D ranked tensor of index: the extent tensor form of a shape.
static bool isExtentTensorType(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.getRank() == 1 && ranked.getElementType().isIndex();
}

/// Whether an operand can hold an error value (a shape dialect type).
static bool isErrorPropagationPossible(TypeRange operandTypes) {
  for (Type t : operandTypes)
    if (isa<SizeType>(t) || isa<ShapeType>(t) || isa<ValueShapeType>(t))
      return true;
  return false;
}

static LogicalResult verifySizeOrIndexOp(Operation *op) {
  if (isErrorPropagationPossible(op->getOperandTypes()) && !isa<SizeType>(op->getResult(0).getType()))
    return op->emitOpError() << "if at least one of the operands can hold error values then the result must be "
                                "of type `size` to propagate them";
  return success();
}

static LogicalResult verifyShapeOrExtentTensorOp(Operation *op) {
  if (isErrorPropagationPossible(op->getOperandTypes()) && !isa<ShapeType>(op->getResult(0).getType()))
    return op->emitOpError() << "if at least one of the operands can hold error values then the result must be "
                                "of type `shape` to propagate them";
  return success();
}

/// Both ranges hold exactly one type, a size or an index.
static bool eachIsOneSizeOrIndex(TypeRange l, TypeRange r) {
  auto one = [](TypeRange t) { return t.size() == 1 && (isa<SizeType>(t[0]) || isa<IndexType>(t[0])); };
  return one(l) && one(r);
}

/// MLIR's verifyCompatibleShapes for two types: ranked ones have the same
/// rank and no two static extents differ.
static bool areCompatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb)
    return false;
  if (!sa.hasRank() || !sb.hasRank())
    return true;
  if (sa.getRank() != sb.getRank())
    return false;
  for (int64_t i = 0; i < sa.getRank(); ++i) {
    int64_t x = sa.getDimSize(i), y = sb.getDimSize(i);
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  }
  return true;
}

static LogicalResult emitOptionalError(const ods::InferContext &context, std::string_view message) {
  if (context.location)
    emitError(Location(*context.location)) << message;
  return failure();
}

/// `size` if either operand is a size, else `index` (add, div, mul).
static LogicalResult inferSizeOrIndex(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() < 2)
    return failure();
  if (isa<SizeType>(context.operands[0].getType()) || isa<SizeType>(context.operands[1].getType()))
    inferred.assign(1, SizeType::get(context.context));
  else
    inferred.assign(1, IndexType::get(context.context));
  return success();
}

/// `size` for a shape operand, else `index` (rank, num_elements).
static LogicalResult inferFromShapeOperand(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  if (isa<ShapeType>(context.operands[0].getType()))
    inferred.assign(1, SizeType::get(context.context));
  else
    inferred.assign(1, IndexType::get(context.context));
  return success();
}

/// The operands' common type, else `size` (max, min).
static LogicalResult inferSameOrSize(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() < 2)
    return failure();
  if (context.operands[0].getType() == context.operands[1].getType())
    inferred.assign(1, context.operands[0].getType());
  else
    inferred.assign(1, SizeType::get(context.context));
  return success();
}

static bool bothShapesOrBothSizes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  return (isa<ShapeType>(l[0]) && isa<ShapeType>(r[0])) || (isa<SizeType>(l[0]) && isa<SizeType>(r[0]));
}

//===----------------------------------------------------------------------===//
// Arithmetic on sizes
//===----------------------------------------------------------------------===//

LogicalResult AddOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferSizeOrIndex(c, t);
}
bool AddOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult AddOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult DivOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferSizeOrIndex(c, t);
}
bool DivOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult DivOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult MulOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferSizeOrIndex(c, t);
}
bool MulOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult MulOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult MaxOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferSameOrSize(c, t);
}
bool MaxOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return bothShapesOrBothSizes(l, r); }

LogicalResult MinOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferSameOrSize(c, t);
}
bool MinOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return bothShapesOrBothSizes(l, r); }

LogicalResult RankOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferFromShapeOperand(c, t);
}
bool RankOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult RankOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult NumElementsOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  return inferFromShapeOperand(c, t);
}
bool NumElementsOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult NumElementsOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult GetExtentOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  t.assign(1, IndexType::get(c.context));
  return success();
}
bool GetExtentOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }
LogicalResult GetExtentOp::verify() { return verifySizeOrIndexOp(getOperation()); }

LogicalResult DimOp::inferReturnTypes(const ods::InferContext &c, SmallVectorImpl<Type> &t) {
  if (c.operands.size() < 2)
    return failure();
  t.assign(1, c.operands[1].getType());
  return success();
}
bool DimOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return eachIsOneSizeOrIndex(l, r); }

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

LogicalResult AssumingAllOp::verify() {
  if (getOperation()->getNumOperands() == 0)
    return emitOpError("no operands specified");
  return success();
}

LogicalResult BroadcastOp::verify() { return verifyShapeOrExtentTensorOp(getOperation()); }

LogicalResult CstrBroadcastableOp::verify() {
  if (getOperation()->getNumOperands() < 2)
    return emitOpError("required at least 2 input shapes");
  return success();
}

LogicalResult MeetOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto isShapeLike = [](Type t) { return isa<ShapeType>(t) || isExtentTensorType(t); };
  Type acc = context.operands[0].getType();
  for (size_t i = 1; i < context.operands.size(); ++i) {
    Type l = acc, r = context.operands[i].getType();
    if (!isa<ShapeType>(l) && !isa<SizeType>(l))
      std::swap(l, r);
    if (isa<SizeType>(l)) {
      if (!isa<SizeType>(r) && !isa<IndexType>(r))
        return emitOptionalError(context, "requires all sizes or shapes");
      acc = l;
    } else if (isa<IndexType>(l)) {
      if (!isa<IndexType>(r))
        return emitOptionalError(context, "requires all sizes or shapes");
      acc = r;
    } else if (isa<ShapeType>(l)) {
      if (!isShapeLike(r))
        return emitOptionalError(context, "requires all sizes or shapes");
      acc = l;
    } else if (isExtentTensorType(l)) {
      auto lt = dyn_cast<RankedTensorType>(l);
      auto rt = dyn_cast<RankedTensorType>(r);
      if (!rt || rt.getRank() < 1)
        return emitOptionalError(context, "requires all sizes or shapes");
      int64_t rank1 = lt.getShape()[0], rank2 = rt.getShape()[0];
      if (ShapedType::isDynamic(rank1))
        acc = l;
      else if (ShapedType::isDynamic(rank2))
        acc = r;
      else if (rank1 != rank2)
        return emitOptionalError(context, "unequal shape cardinality");
      else
        acc = l;
    }
  }
  inferred.assign(1, acc);
  return success();
}

bool MeetOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  if (l[0] == r[0])
    return true;
  Type lhs = l[0], rhs = r[0];
  if (!isa<ShapeType>(lhs) && !isa<SizeType>(lhs))
    std::swap(lhs, rhs);
  if (isa<SizeType>(lhs))
    return isa<SizeType>(rhs) || isa<IndexType>(rhs);
  if (isa<ShapeType>(lhs))
    return isa<ShapeType>(rhs) || isa<TensorType>(rhs);
  return areCompatibleShapes(lhs, rhs);
}

LogicalResult ShapeOfOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  Type argType = context.operands[0].getType();
  if (isa<ValueShapeType>(argType)) {
    inferred.assign(1, ShapeType::get(context.context));
    return success();
  }
  auto shaped = dyn_cast<ShapedType>(argType);
  if (!shaped)
    return failure();
  int64_t rank = shaped.hasRank() ? shaped.getRank() : ShapedType::kDynamic;
  inferred.assign(1, RankedTensorType::get({rank}, IndexType::get(context.context)));
  return success();
}

bool ShapeOfOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  if (l[0] == r[0])
    return true;
  Type lhs = l[0], rhs = r[0];
  auto shapeOrShaped = [](Type t) { return isa<ShapeType>(t) || isa<ShapedType>(t); };
  if (!shapeOrShaped(lhs) || !shapeOrShaped(rhs))
    return false;
  if (isa<ShapeType>(lhs) || isa<ShapeType>(rhs))
    return true;
  return areCompatibleShapes(lhs, rhs);
}

LogicalResult ShapeOfOp::verify() { return verifyShapeOrExtentTensorOp(getOperation()); }

bool SizeToIndexOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() != 1 || outputs.size() != 1)
    return false;
  return (isa<IndexType>(inputs[0]) || isa<SizeType>(inputs[0])) && isa<IndexType>(outputs[0]);
}

bool ToExtentTensorOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() != 1 || outputs.size() != 1)
    return false;
  if (auto inputTensor = dyn_cast<RankedTensorType>(inputs[0])) {
    if (!isa<IndexType>(inputTensor.getElementType()) || inputTensor.getRank() != 1)
      return false;
  } else if (!isa<ShapeType>(inputs[0])) {
    return false;
  }
  auto outputTensor = dyn_cast<TensorType>(outputs[0]);
  return outputTensor && isa<IndexType>(outputTensor.getElementType());
}

LogicalResult YieldOp::verify() {
  Operation *parentOp = getOperation()->getParentOp();
  Operation *op = getOperation();
  if (parentOp->getNumResults() != op->getNumOperands())
    return emitOpError() << "number of operands does not match number of results of its parent";
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (parentOp->getResult(i).getType() != op->getOperand(i).getType())
      return emitOpError() << "types mismatch between yield op and its parent";
  return success();
}

//===----------------------------------------------------------------------===//
// shape.const_shape, shape.const_size
//===----------------------------------------------------------------------===//

/// `[1, 2, 3] : tensor<3xindex>` with the attribute dictionary first.
ParseResult ConstShapeOp::parse(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalAttrDict(result.attributes)))
    return failure();
  // As MLIR's: piggy-backs on the array attribute syntax.
  Attribute extentsRaw;
  if (failed(parser.parseAttribute(extentsRaw)))
    return failure();
  auto extentsArray = dyn_cast<ArrayAttr>(extentsRaw);
  if (!extentsArray)
    return failure();
  std::vector<APInt> ints;
  for (Attribute extent : extentsArray) {
    auto attr = dyn_cast<IntegerAttr>(extent);
    if (!attr)
      return failure();
    ints.push_back(APInt(64, uint64_t(attr.getInt()), /*isSigned=*/true));
  }
  auto type = RankedTensorType::get({int64_t(ints.size())}, IndexType::get(parser.getContext()));
  result.addAttribute("shape", DenseElementsAttr::get(type, ArrayRef<APInt>(ints.data(), ints.size())));
  Type resultType;
  if (failed(parser.parseColonType(resultType)))
    return failure();
  result.types.push_back(resultType);
  return success();
}

void ConstShapeOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"shape"});
  p << "[";
  if (DenseIntElementsAttr shape = getShapeAttr()) {
    for (int64_t i = 0, e = shape.getNumElements(); i < e; ++i) {
      if (i)
        p << ", ";
      p << shape.getIntValue(i).getSExtValue();
    }
  }
  p << "] : ";
  p.printType(getOperation()->getResult(0).getType());
}

LogicalResult ConstShapeOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  auto shape = dyn_cast_or_null<DenseIntElementsAttr>(context.getAttr("shape"));
  if (!shape)
    return emitOptionalError(context, "missing shape attribute");
  inferred.assign(1, RankedTensorType::get({shape.getNumElements()}, IndexType::get(context.context)));
  return success();
}

bool ConstShapeOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != 1 || r.size() != 1)
    return false;
  if (isa<ShapeType>(l[0]) || isa<ShapeType>(r[0]))
    return true;
  return l[0] == r[0];
}

void ConstSizeOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  std::string name = "c";
  if (IntegerAttr value = getValueAttr()) {
    raw_string_ostream os(name);
    os << value.getValue().getSExtValue();
  }
  setNameFn(getOperation()->getResult(0), name);
}

//===----------------------------------------------------------------------===//
// shape.assuming
//===----------------------------------------------------------------------===//

ParseResult AssumingOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *doRegion = result.addRegion();
  OpAsmParser::UnresolvedOperand cond;
  if (failed(parser.parseOperand(cond)) ||
      failed(parser.resolveOperand(cond, WitnessType::get(parser.getContext()), result.operands)))
    return failure();
  if (failed(parser.parseOptionalArrowTypeList(result.types)))
    return failure();
  if (failed(parser.parseRegion(*doRegion, {})))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*doRegion, result.location, AssumingYieldOp::getOperationName());
  return parser.parseOptionalAttrDict(result.attributes);
}

void AssumingOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  bool yieldsResults = op->getNumResults() != 0;
  p << " ";
  p.printOperand(getWitness());
  if (yieldsResults) {
    p << " -> (";
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      if (i)
        p << ", ";
      p.printType(op->getResult(i).getType());
    }
    p << ")";
  }
  p << ' ';
  p.printRegion(getDoRegion(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/yieldsResults);
  p.printOptionalAttrDict(op->getAttrs());
}

void AssumingOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(getOperation()));
    return;
  }
  regions.push_back(RegionSuccessor(&getDoRegion()));
}

//===----------------------------------------------------------------------===//
// shape.func, shape.function_library
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, getOperation(), /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

ParseResult FunctionLibraryOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr nameAttr;
  if (failed(parser.parseSymbolName(nameAttr, "sym_name", result.attributes)))
    return failure();
  if (failed(parser.parseOptionalAttrDictWithKeyword(result.attributes)))
    return failure();
  Region *body = result.addRegion();
  if (failed(parser.parseRegion(*body, {})))
    return failure();
  if (failed(parser.parseKeyword("mapping")))
    return failure();
  DictionaryAttr mapping;
  return parser.parseAttribute(mapping, NoneType::get(parser.getContext()), "mapping", result.attributes);
}

void FunctionLibraryOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printSymbolName(getSymNameAttr().getValue());
  p.printOptionalAttrDictWithKeyword(op->getAttrs(), {"sym_name", "mapping"});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
  p << " mapping ";
  p.printAttributeWithoutType(getMappingAttr());
}

//===----------------------------------------------------------------------===//
// shape.reduce
//===----------------------------------------------------------------------===//

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 3> operands;
  Type shapeOrExtentTensorType;
  if (failed(parser.parseOperandList(operands, /*requiredOperandCount=*/-1, OpAsmParser::Delimiter::Paren)) ||
      failed(parser.parseColonType(shapeOrExtentTensorType)) ||
      failed(parser.parseOptionalArrowTypeList(result.types)))
    return failure();
  if (operands.empty())
    return parser.emitError(parser.getNameLoc(), "expected at least one operand");
  ArrayRef<OpAsmParser::UnresolvedOperand> initVals =
      ArrayRef<OpAsmParser::UnresolvedOperand>(operands.data(), operands.size()).drop_front();
  if (failed(parser.resolveOperand(operands.front(), shapeOrExtentTensorType, result.operands)) ||
      failed(parser.resolveOperands(initVals, TypeRange(result.types), parser.getNameLoc(), result.operands)))
    return failure();
  Region *body = result.addRegion();
  if (failed(parser.parseRegion(*body, {})))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void ReduceOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << '(';
  p.printOperand(getShape());
  p << ", ";
  OperandRange inits = getInitVals();
  for (unsigned i = 0; i < inits.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(inits[i]);
  }
  p << ") : ";
  p.printType(getShape().getType());
  SmallVector<Type, 4> resultTypes;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    resultTypes.push_back(op->getResult(i).getType());
  p.printOptionalArrowTypeList(resultTypes);
  p << ' ';
  p.printRegion(getRegion());
  p.printOptionalAttrDict(op->getAttrs());
}

LogicalResult ReduceOp::verify() {
  Block &block = getRegion().front();
  size_t blockArgsCount = getInitVals().size() + 2;
  if (block.getNumArguments() != blockArgsCount)
    return emitOpError() << "ReduceOp body is expected to have " << blockArgsCount << " arguments";
  if (!isa<IndexType>(block.getArgument(0).getType()))
    return emitOpError("argument 0 of ReduceOp body is expected to be of IndexType");
  Type extentTy = block.getArgument(1).getType();
  if (isa<ShapeType>(getShape().getType())) {
    if (!isa<SizeType>(extentTy))
      return emitOpError("argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on "
                         "a ShapeType");
  } else if (!isa<IndexType>(extentTy)) {
    return emitOpError("argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on "
                       "an extent tensor");
  }
  OperandRange inits = getInitVals();
  for (unsigned i = 0; i < inits.size(); ++i)
    if (block.getArgument(i + 2).getType() != inits[i].getType())
      return emitOpError() << "type mismatch between argument " << (i + 2) << " of ReduceOp body and initial value "
                           << i;
  return success();
}
