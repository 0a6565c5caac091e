//===- SPIRVStructureOps.cpp - The spirv specialization constants ----------===//
//
// As the specialization constant parts of mlir/lib/Dialect/SPIRV/IR/
// SPIRVOps.cpp: spirv.mlir.referenceof's verifier, the syntax and
// verifiers of spirv.SpecConstantComposite and spirv.SpecConstantOperation
// (a generic op wrapped with a spirv.mlir.yield).
//
#include "SPIRVParsingUtils.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

using namespace lamina;
using namespace lamina::spirv;

LogicalResult ReferenceOfOp::verify() {
  Operation *op = getOperation();
  Operation *sym = SymbolTable::lookupNearestSymbolFrom(op->getParentOp(), getSpecConstAttr());
  Type constType;
  if (auto specConst = dyn_cast_or_null<SpecConstantOp>(sym))
    constType = cast<TypedAttr>(sym->getAttr("default_value")).getType();
  else if (auto composite = dyn_cast_or_null<SpecConstantCompositeOp>(sym))
    constType = composite.getTypeAttr().getValue();
  else
    return emitOpError("expected spirv.SpecConstant or spirv.SpecConstantComposite symbol");
  if (op->getResult(0).getType() != constType)
    return emitOpError("result type mismatch with the referenced specialization constant's type");
  return success();
}

ParseResult SpecConstantCompositeOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name, "sym_name", result.attributes) || parser.parseLParen())
    return failure();
  std::vector<Attribute> constituents;
  do {
    FlatSymbolRefAttr ref;
    if (parser.parseAttribute(ref))
      return failure();
    constituents.push_back(ref);
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseRParen())
    return failure();
  result.addAttribute("constituents", lamina::ArrayAttr::get(parser.getContext(), constituents));
  Type type;
  if (parser.parseColonType(type))
    return failure();
  result.addAttribute("type", TypeAttr::get(type));
  return success();
}

void SpecConstantCompositeOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getSymNameAttr().getValue());
  p << " (";
  bool first = true;
  for (Attribute c : getConstituentsAttr()) {
    if (!first)
      p << ", ";
    first = false;
    p.printAttribute(c);
  }
  p << ") : " << getTypeAttr().getValue();
}

/// The element count of a composite (vector, array, struct, matrix) and
/// its element `i`; false for other types.
static bool compositeShape(Type type, size_t &numElements, function_ref<Type(size_t)> &elementOf,
                           std::function<Type(size_t)> &storage) {
  if (auto vec = dyn_cast<VectorType>(type)) {
    numElements = size_t(vec.getNumElements());
    storage = [vec](size_t) { return vec.getElementType(); };
  } else if (auto arr = dyn_cast<ArrayType>(type)) {
    numElements = arr.getNumElements();
    storage = [arr](size_t) { return arr.getElementType(); };
  } else if (auto st = dyn_cast<StructType>(type)) {
    numElements = st.getNumElements();
    storage = [st](size_t i) { return st.getElementType(unsigned(i)); };
  } else if (auto mat = dyn_cast<MatrixType>(type)) {
    numElements = mat.getNumColumns();
    storage = [mat](size_t) { return mat.getColumnType(); };
  } else {
    return false;
  }
  elementOf = storage;
  return true;
}

LogicalResult SpecConstantCompositeOp::verify() {
  Operation *op = getOperation();
  Type type = getTypeAttr().getValue();
  lamina::ArrayAttr constituents = getConstituentsAttr();
  if (isa<CooperativeMatrixType>(type))
    return op->emitError("unsupported composite type  ") << type;
  size_t numElements = 0;
  std::function<Type(size_t)> storage;
  function_ref<Type(size_t)> elementOf;
  if (!compositeShape(type, numElements, elementOf, storage))
    return op->emitError("result type must be a composite type, but provided ") << type;
  if (constituents.size() != numElements)
    return op->emitError("has incorrect number of operands: expected ")
           << numElements << ", but provided " << constituents.size();
  for (size_t i = 0; i < constituents.size(); ++i) {
    auto ref = dyn_cast<FlatSymbolRefAttr>(constituents[i]);
    Operation *sym = ref ? SymbolTable::lookupNearestSymbolFrom(op->getParentOp(), ref) : nullptr;
    if (!sym || !isa<SpecConstantOp>(sym))
      continue;
    Type constituentType = cast<TypedAttr>(sym->getAttr("default_value")).getType();
    if (constituentType != elementOf(i))
      return op->emitError("has incorrect types of operands: expected ")
             << elementOf(i) << ", but provided " << constituentType;
  }
  return success();
}

ParseResult SpecConstantOperationOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *body = result.addRegion();
  if (parser.parseKeyword("wraps"))
    return failure();
  body->push_back(new Block());
  Block &block = body->back();
  Operation *wrapped = parser.parseGenericOperation(&block, block.begin());
  if (!wrapped)
    return failure();
  if (wrapped->getNumResults() == 0)
    return parser.emitError(parser.getCurrentLocation(), "expected the wrapped op to have a result");
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(&block);
  OperationState yield(wrapped->getLoc(), "spirv.mlir.yield");
  yield.operands.push_back(wrapped->getResult(0));
  builder.create(yield);
  result.location = wrapped->getLoc();
  result.addTypes(ArrayRef<Type>(wrapped->getResult(0).getType()));
  return parser.parseOptionalAttrDict(result.attributes);
}

void SpecConstantOperationOp::print(OpAsmPrinter &p) {
  p << " wraps ";
  p.printGenericOp(&getBody().front().front());
}

LogicalResult SpecConstantOperationOp::verifyRegions() {
  Block &block = getBody().front();
  size_t numOps = 0;
  for (Operation &nested : block) {
    (void)nested;
    ++numOps;
  }
  if (numOps != 2)
    return emitOpError("expected exactly 2 nested ops");
  Operation &enclosed = block.front();
  if (!enclosed.hasTrait<UsableInSpecConstantOpTag>())
    return emitOpError("invalid enclosed op");
  for (Value operand : enclosed.getOperands()) {
    Operation *def = operand.getDefiningOp();
    if (!def || !isa<ConstantOp, ReferenceOfOp, SpecConstantOperationOp>(def))
      return emitOpError("invalid operand, must be defined by a constant operation");
  }
  return success();
}

ParseResult EXTSpecConstantCompositeReplicateOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  FlatSymbolRefAttr constituent;
  Type type;
  if (parser.parseSymbolName(name, "sym_name", result.attributes) || parser.parseLParen() ||
      parser.parseAttribute(constituent) || parser.parseRParen() || parser.parseColonType(type))
    return failure();
  result.addAttribute("constituent", constituent);
  result.addAttribute("type", TypeAttr::get(type));
  return success();
}

void EXTSpecConstantCompositeReplicateOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << " ";
  p.printSymbolName(cast<StringAttr>(op->getAttr("sym_name")).getValue());
  p << " (";
  p.printAttribute(op->getAttr("constituent"));
  p << ") : " << cast<TypeAttr>(op->getAttr("type")).getValue();
}

LogicalResult EXTSpecConstantCompositeReplicateOp::verify() {
  Operation *op = getOperation();
  Type type = cast<TypeAttr>(op->getAttr("type")).getValue();
  size_t numElements = 0;
  std::function<Type(size_t)> storage;
  function_ref<Type(size_t)> elementOf;
  if (!compositeShape(type, numElements, elementOf, storage))
    return op->emitError("result type must be a composite type, but provided ") << type;
  auto ref = dyn_cast_or_null<FlatSymbolRefAttr>(op->getAttr("constituent"));
  Operation *constituent = ref ? SymbolTable::lookupNearestSymbolFrom(op->getParentOp(), ref) : nullptr;
  if (!constituent)
    return op->emitError("splat spec constant reference defining constituent not found");
  if (!isa<SpecConstantOp>(constituent))
    return op->emitError("constituent is not a spec constant");
  Type constituentType = cast<TypedAttr>(constituent->getAttr("default_value")).getType();
  if (constituentType != elementOf(0))
    return op->emitError("constituent has incorrect type: expected ")
           << elementOf(0) << ", but provided " << constituentType;
  return success();
}
