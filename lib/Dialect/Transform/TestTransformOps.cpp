//===- TestTransformOps.cpp - mlir-opt's test extension of transform ------===//
//
// The `transform.test_*` ops of mlir-opt's test extension of the transform
// dialect (mlir/test/lib/Dialect/Transform) that MLIR's tests of other
// dialects use, registered only in the lamina-opt that registers the test
// dialect (registerTestTransformDialectExtension).
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/ODS/Constraints.h"

using namespace lamina;
using namespace lamina::transform;

static bool isHandle(Type t) { return isa<TransformHandleTypeInterface>(t); }
static bool isParam(Type t) { return isa<TransformParamTypeInterface>(t); }
static bool isHandleOrParam(Type t) {
  return isHandle(t) || isParam(t) || isa<TransformValueHandleTypeInterface>(t);
}

static ods::TypeConstraint handleType() {
  return ods::TypeConstraint("TransformHandleTypeInterface instance", isHandle);
}
static ods::TypeConstraint paramType() {
  return ods::TypeConstraint("TransformParamTypeInterface instance", isParam);
}
static ods::TypeConstraint anyHandleOrParamType() {
  return ods::TypeConstraint("any transform handle or parameter", isHandleOrParam);
}

void TransformDialect::registerTestExtensionOps() {
  // transform.test_consume_operand: consumes its operands.
  ods::OpDef("transform.test_consume_operand")
      .operand("operand", anyHandleOrParamType())
      .optionalOperand("second_operand", handleType())
      .optionalAttr("allow_repeated_handles", ods::UnitAttr())
      .traits({ods::Implements<TransformOpInterface>({}),
               ods::Implements<MemoryEffectOpInterface>({[](Operation *op, EffectList &effects) {
                 consumesOperands(op, effects);
                 modifiesPayload(effects);
               }})})
      .format("$operand (`,` $second_operand^)? attr-dict `:` type($operand) (`,` type($second_operand)^)?")
      .registerIn(*this);

  // transform.test_produce_param: a parameter holding an attribute.
  ods::OpDef("transform.test_produce_param")
      .attr("attr", ods::AnyAttr())
      .result("result", paramType())
      .traits({ods::Implements<TransformOpInterface>({}), ParamProducerTransformOpTrait({})})
      .format("`(` $attr `)` attr-dict `:` type($result)")
      .registerIn(*this);

  // transform.test_reverse_payload_ops: the handle's payload reversed.
  ods::OpDef("transform.test_reverse_payload_ops")
      .operand("target", handleType())
      .result("result", handleType())
      .traits({ods::Implements<TransformOpInterface>({}), FunctionalStyleTransformOpTrait({})})
      .format("$target attr-dict `:` functional-type(operands, results)")
      .registerIn(*this);

  // transform.apply_conversion_patterns.transform.test_type_converter.
  ods::OpDef("transform.apply_conversion_patterns.transform.test_type_converter")
      .traits({ods::Implements<TypeConverterBuilderOpInterface>({})})
      .format("attr-dict")
      .registerIn(*this);
}
