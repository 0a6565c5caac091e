//===- TestLinalgOps.cpp - test ops of the linalg interface tests ---------===//
//
// Operations of mlir/test/lib/Dialect/Test/TestOps.td that the verifiers of
// linalg's convolution and fill interfaces are tested with:
//
//   test.conv_op_not_linalg_op           LinalgConvolutionOpInterface only
//   test.linalg_conv_op                  a structured op (LinalgOp) with
//                                        LinalgConvolutionOpInterface
//   test.fill_op_not_linalg_op           LinalgFillOpInterface only
//   test.linalg_fill_op                  a structured op with LinalgFillOpInterface
//
// The structured ops read their indexing maps and iterator types from the
// discardable attributes `indexing_maps` and `iterator_types` (an array of
// `#test.iterator_type<...>`, which the test dialect keeps as written).
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/ODS/InterfaceTraits.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;

namespace {

/// The `indexing_maps` attribute (an empty array when it is missing).
ArrayAttr testIndexingMaps(Operation *op) {
  if (auto maps = op->getAttrOfType<ArrayAttr>("indexing_maps"))
    return maps;
  return ArrayAttr::get(op->getContext(), {});
}

/// The iterator types of `iterator_types`: `#test.iterator_type<parallel>`
/// and `<reduction>` (anything else counts as parallel).
void testIteratorTypes(Operation *op, SmallVectorImpl<linalg::IteratorType> &types) {
  auto attrs = op->getAttrOfType<ArrayAttr>("iterator_types");
  if (!attrs)
    return;
  for (Attribute a : attrs) {
    bool reduction = false;
    if (auto opaque = dyn_cast<OpaqueAttr>(a)) {
      std::string_view data = opaque.getAttrData();
      std::string compact;
      for (char c : data)
        if (c != ' ' && c != '\t' && c != '\n')
          compact.push_back(c);
      reduction = compact == "iterator_type<reduction>";
    }
    types.push_back(reduction ? linalg::IteratorType::reduction : linalg::IteratorType::parallel);
  }
}

linalg::LinalgOp::Concept testLinalgModel() {
  linalg::LinalgOp::Concept c;
  c.getIndexingMaps = testIndexingMaps;
  c.getIteratorTypesArray = testIteratorTypes;
  return c;
}

/// test.linalg_conv_op and test.linalg_fill_op: AttrSizedOperandSegments,
/// SingleBlock, DestinationStyleOpInterface, LinalgStructuredInterface and
/// `interfaceTrait`.
void registerStructuredTestOp(Dialect &dialect, const char *name, ods::Trait interfaceTrait) {
  ods::OpDef(name)
      .variadicOperand("inputs", ods::AnyType())
      .variadicOperand("outputs", ods::AnyType())
      .variadicResult("results", ods::AnyType())
      .region("region", ods::AnyRegion())
      .traits({ods::AttrSizedOperandSegments(), ods::SingleBlock(),
               ods::verifiedWithRegions(ods::DestinationStyleOpInterface(
                   [](Operation *op) { return ods::getOperandGroup(op, "outputs"); })),
               ods::verifiedWithRegions(ods::Implements<linalg::LinalgOp>(testLinalgModel())), interfaceTrait})
      .format("attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? "
              "`outs` `(` $outputs `:` type($outputs) `)` "
              "$region (`->` type($results)^)?")
      .registerIn(dialect);
}

} // namespace

void lamina::registerTestLinalgOps(Dialect &dialect) {
  ods::OpDef("test.conv_op_not_linalg_op")
      .operand("image", ods::AnyType())
      .operand("filter", ods::AnyType())
      .operand("output", ods::AnyType())
      .result("result", ods::AnyRankedTensor())
      .traits({ods::Implements<linalg::ConvolutionOpInterface>({})})
      .registerIn(dialect);
  ods::OpDef("test.fill_op_not_linalg_op")
      .operand("value", ods::AnyType())
      .operand("output", ods::AnyType())
      .result("result", ods::AnyRankedTensor())
      .traits({ods::Implements<linalg::FillOpInterface>({})})
      .registerIn(dialect);
  registerStructuredTestOp(dialect, "test.linalg_conv_op", ods::Implements<linalg::ConvolutionOpInterface>({}));
  registerStructuredTestOp(dialect, "test.linalg_fill_op", ods::Implements<linalg::FillOpInterface>({}));
}
