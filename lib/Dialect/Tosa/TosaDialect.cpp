//===- TosaDialect.cpp - The tosa dialect ---------------------------------===//
//
// As mlir/lib/Dialect/Tosa/IR/TosaOps.cpp (MLIR 22): the dialect (inliner,
// constant materialization), the verifier of `!tosa.shape`, and the native
// traits of the tosa records (TosaOps.h), with mlir-opt's messages.
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/Dialect/Quant/QuantDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;
using namespace lamina::tosa;

namespace {
/// MLIR's TosaInlinerInterface: every op inlines; regions inline into the
/// regions of tosa.cond_if and tosa.while_loop.
struct TosaInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Region *dest, Region *, bool, IRMapping &) const final {
    Operation *parent = dest->getParentOp();
    return parent && (isa<IfOp>(parent) || isa<WhileOp>(parent));
  }
};

/// The tag of ops with the TosaShapeOperator trait (the producers of
/// compile-time resolvable shapes).
struct TosaShapeOperatorTag {};
} // namespace

TosaDialect::TosaDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<TosaDialect>()) {
  registerGenerated();
  tosa::registerTosaFolders(*this);
  tosa::registerTosaCanonicalization(*this);
  addInlinerInterface<TosaInlinerInterface>(this);
}

TosaDialect::~TosaDialect() = default;

Attribute TosaDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void TosaDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Type TosaDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void TosaDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

Operation *TosaDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (isa<shapeType>(type) && isa<DenseIntElementsAttr>(value)) {
    OperationState state(loc, "tosa.const_shape");
    state.addAttribute("values", value);
    state.addType(type);
    return builder.create(state);
  }
  if (isa<ElementsAttr>(value)) {
    OperationState state(loc, "tosa.const");
    state.addAttribute("values", value);
    state.addType(type);
    return builder.create(state);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool tosa::isa_tosa_shape_type(Type type) { return isa<shapeType>(type); }

LogicalResult shapeType::verify(function_ref<InFlightDiagnostic()> emitError, int rank) {
  if (rank < 0)
    return emitError() << "invalid rank (must be >= 0): " << rank;
  return success();
}

Type tosa::getStorageElementTypeOrSelf(Type type) {
  Type element = type;
  if (auto shaped = dyn_cast<ShapedType>(type))
    element = shaped.getElementType();
  if (auto quantized = dyn_cast<quant::QuantizedType>(element))
    element = quantized.getStorageType();
  return element;
}

Type tosa::getStorageElementTypeFromQuantized(quant::QuantizedType type) {
  Type storage = type.getStorageType();
  if (!type.isSigned())
    storage = IntegerType::get(storage.getContext(), storage.getIntOrFloatBitWidth(), IntegerType::Unsigned);
  return storage;
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

ods::Trait tosa::TosaResolvableShapeOperandsTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("TosaResolvableShapeOperands", [](Operation *op) -> LogicalResult {
    for (Value operand : op->getOperands()) {
      if (!isa<shapeType>(operand.getType()))
        continue;
      Operation *def = operand.getDefiningOp();
      if (!def || !def->hasTrait<TosaShapeOperatorTag>())
        return op->emitOpError("shape operand is not compile time resolvable");
    }
    return success();
  });
}

ods::Trait tosa::TosaElementwiseOperatorTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("TosaElementwiseOperator", nullptr);
}

/// The producers of shapes; no verification of its own in MLIR 22 (tosa.dim
/// and tosa.slice_shape take tensor operands).
ods::Trait tosa::TosaShapeOperatorTrait(std::initializer_list<std::string_view>) {
  ods::Trait trait = ods::CustomTrait("TosaShapeOperator", nullptr);
  trait.tag = TypeID::get<TosaShapeOperatorTag>();
  return trait;
}

ods::Trait tosa::TosaShapeOperatorWithSameRanksTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("TosaShapeOperatorWithSameRanks", [](Operation *op) -> LogicalResult {
    if (op->getNumOperands() < 1)
      return op->emitOpError() << "expected 1 or more operands, but found " << int64_t(op->getNumOperands());
    auto rankOf = [](Type type) -> int64_t {
      auto shape = dyn_cast<shapeType>(type);
      return shape ? shape.getRank() : -1;
    };
    int64_t rank = rankOf(op->getOperand(0).getType());
    for (Type type : op->getOperandTypes())
      if (rankOf(type) != rank)
        return op->emitOpError("operands don't have matching ranks");
    for (Type type : op->getResultTypes())
      if (rankOf(type) != rank)
        return op->emitOpError("result shape has different rank than operands");
    return success();
  });
}

ods::Trait tosa::SameOperandsAndResultRankTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("SameOperandsAndResultRank", [](Operation *op) -> LogicalResult {
    if (op->getNumOperands() < 1)
      return op->emitOpError() << "expected 1 or more operands, but found " << int64_t(op->getNumOperands());
    auto rankOf = [](Type type) -> int64_t {
      auto shaped = dyn_cast<ShapedType>(type);
      return shaped && shaped.hasRank() ? shaped.getRank() : -1;
    };
    int64_t rank = -1;
    for (Type type : op->getOperandTypes())
      if ((rank = rankOf(type)) >= 0)
        break;
    if (rank < 0)
      for (Type type : op->getResultTypes())
        if ((rank = rankOf(type)) >= 0)
          break;
    if (rank < 0)
      return success();
    for (Type type : op->getOperandTypes()) {
      int64_t r = rankOf(type);
      if (r >= 0 && r != rank)
        return op->emitOpError("operands don't have matching ranks");
    }
    for (Type type : op->getResultTypes()) {
      int64_t r = rankOf(type);
      if (r >= 0 && r != rank)
        return op->emitOpError("result type has different rank than operands");
    }
    return success();
  });
}

ods::Trait tosa::ResultsAreFloatLikeTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("ResultsAreFloatLike", [](Operation *op) -> LogicalResult {
    for (Type type : op->getResultTypes()) {
      Type element = type;
      if (isa<TensorType>(type) || isa<VectorType>(type))
        element = cast<ShapedType>(type).getElementType();
      if (!isa<FloatType>(element))
        return op->emitOpError("requires a floating point type");
    }
    return success();
  });
}

ods::Trait tosa::FirstAttrDerivedResultTypeTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("FirstAttrDerivedResultType", nullptr);
}

ods::Trait tosa::InferShapedTypeOpAdaptorTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("InferShapedTypeOpAdaptor", nullptr);
}

ods::Trait tosa::InferTensorTypeTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("InferTensorType", nullptr);
}
