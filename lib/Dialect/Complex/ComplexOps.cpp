//===- ComplexOps.cpp - What the complex dialect writes by hand -----------===//
//
// As mlir/lib/Dialect/Complex/IR/ComplexOps.cpp and ComplexAttributes.cpp:
// the verifiers of complex.constant and complex.bitcast, the `cst` result
// name, and the syntax and invariants of `#complex.number<:f64 1.0, 0.0>`.
//
#include "lamina/Dialect/Complex/ComplexDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::complex;

//===----------------------------------------------------------------------===//
// #complex.number
//===----------------------------------------------------------------------===//

LogicalResult NumberAttr::verify(function_ref<InFlightDiagnostic()> emitError, APFloat real, APFloat imag,
                                 Type type) {
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return emitError() << "complex attribute must be a complex type.";
  auto elementType = dyn_cast<FloatType>(complexType.getElementType());
  if (!elementType)
    return emitError() << "element type of the complex attribute must be float like type.";
  const FltSemantics &typeSemantics = elementType.getFloatSemantics();
  if (&real.getSemantics() != &typeSemantics)
    return emitError() << "type doesn't match the type implied by its `real` value";
  if (&imag.getSemantics() != &typeSemantics)
    return emitError() << "type doesn't match the type implied by its `imag` value";
  return success();
}

/// `<:f64 1.0, 0.0>`: the element type and the two parts, rounded to it.
Attribute NumberAttr::parse(AsmParser &parser, Type) {
  Type type;
  double real, imag;
  if (parser.parseLess() || parser.parseColon() || parser.parseType(type) || parser.parseFloat(real) ||
      parser.parseComma() || parser.parseFloat(imag) || parser.parseGreater())
    return Attribute();
  auto elementType = dyn_cast<FloatType>(type);
  if (!elementType) {
    (void)parser.emitError(parser.getNameLoc(), "element type of the complex attribute must be float like type.");
    return Attribute();
  }
  APFloat realValue(real), imagValue(imag);
  bool losesInfo;
  realValue.convert(elementType.getFloatSemantics(), RoundingMode::NearestTiesToEven, &losesInfo);
  imagValue.convert(elementType.getFloatSemantics(), RoundingMode::NearestTiesToEven, &losesInfo);
  return NumberAttr::get(parser.getContext(), realValue, imagValue, ComplexType::get(type));
}

void NumberAttr::print(AsmPrinter &printer) const {
  printer << "<:" << cast<ComplexType>(getType()).getElementType() << " " << getReal() << ", " << getImag() << ">";
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

void ConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setNameFn(state->getResult(0), "cst");
}

LogicalResult ConstantOp::verify() {
  ArrayAttr arrayAttr = getValueAttr();
  if (arrayAttr.size() != 2)
    return emitOpError("requires 'value' to be a complex constant, represented as array of two values");
  Type complexElementType = cast<ComplexType>(state->getResult(0).getType()).getElementType();
  Attribute re = arrayAttr.getValue()[0], im = arrayAttr.getValue()[1];
  if (!(isa<FloatAttr>(re) || isa<IntegerAttr>(re)) || !(isa<FloatAttr>(im) || isa<IntegerAttr>(im)))
    return emitOpError("requires attribute's elements to be float or integer attributes");
  Type reType = cast<TypedAttr>(re).getType(), imType = cast<TypedAttr>(im).getType();
  if (complexElementType != reType || complexElementType != imType)
    return emitOpError() << "requires attribute's element types (" << reType << ", " << imType
                         << ") to match the element type of the op's return type (" << complexElementType << ")";
  return success();
}

LogicalResult BitcastOp::verify() {
  Type operandType = getOperand().getType();
  Type resultType = state->getResult(0).getType();
  // Allowed: it folds away.
  if (operandType == resultType)
    return success();
  if (!operandType.isIntOrFloat() && !isa<ComplexType>(operandType))
    return emitOpError("operand must be int/float/complex");
  if (!resultType.isIntOrFloat() && !isa<ComplexType>(resultType))
    return emitOpError("result must be int/float/complex");
  if (isa<ComplexType>(operandType) == isa<ComplexType>(resultType))
    return emitOpError("requires that either input or output has a complex type");
  if (isa<ComplexType>(resultType))
    std::swap(operandType, resultType);
  int64_t operandBitwidth = int64_t(cast<ComplexType>(operandType).getElementType().getIntOrFloatBitWidth()) * 2;
  int64_t resultBitwidth = resultType.getIntOrFloatBitWidth();
  if (operandBitwidth != resultBitwidth)
    return emitOpError("casting bitwidths do not match");
  return success();
}
