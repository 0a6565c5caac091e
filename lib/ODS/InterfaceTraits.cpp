//===- InterfaceTraits.cpp - Interface implementations from ODS conventions ===//
#include "lamina/ODS/InterfaceTraits.h"

#include "InterpretedOpDef.h"

#include "lamina/Interfaces/CastInterfaces.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Interfaces/ShapedOpInterfaces.h"
#include "lamina/Interfaces/ViewLikeInterface.h"

using namespace lamina;
using namespace lamina::ods;

Trait ods::verifiedWithRegions(Trait t) {
  if (t.verify && !t.verifyRegion) {
    t.verifyRegion = std::move(t.verify);
    t.verify = nullptr;
  }
  return t;
}

Trait ods::CastOpInterface(CastCompatibleFn compatible) { return Implements<lamina::CastOpInterface>({compatible}); }

Trait ods::DestinationStyleOpInterface(DpsInitsFn getDpsInits) {
  return Implements<lamina::DestinationStyleOpInterface>({getDpsInits});
}

static Value firstOperand(Operation *op) { return op->getOperand(0); }
static OpFoldResult secondOperand(Operation *op) { return op->getOperand(1); }

Trait ods::ShapedDimOpInterface() { return Implements<lamina::ShapedDimOpInterface>({firstOperand, secondOperand}); }

namespace {
unsigned offsetsStart(Operation *op) {
  return getODSOperandIndexAndLength(op, unsigned(getDefinition(op)->findOperand("offsets"))).first;
}
OperandRange offsets(Operation *op) { return getOperandGroup(op, "offsets"); }
OperandRange sizes(Operation *op) { return getOperandGroup(op, "sizes"); }
OperandRange strides(Operation *op) { return getOperandGroup(op, "strides"); }
ArrayRef<int64_t> staticList(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<lamina::DenseI64ArrayAttr>(getInherentAttr(op, name));
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}
ArrayRef<int64_t> staticOffsets(Operation *op) { return staticList(op, "static_offsets"); }
ArrayRef<int64_t> staticSizes(Operation *op) { return staticList(op, "static_sizes"); }
ArrayRef<int64_t> staticStrides(Operation *op) { return staticList(op, "static_strides"); }
} // namespace

Trait ods::OffsetSizeAndStrideOpInterface(ArrayAttrMaxRanksFn maxRanks) {
  return Implements<lamina::OffsetSizeAndStrideOpInterface>(
      {offsetsStart, maxRanks, offsets, sizes, strides, staticOffsets, staticSizes, staticStrides});
}

bool ods::isExternalFunction(Operation *op) { return op->getNumRegions() == 0 || op->getRegion(0).empty(); }

namespace {
FunctionType functionTypeOf(Operation *op) {
  auto attr = dyn_cast_or_null<lamina::TypeAttr>(op->getAttr("function_type"));
  return attr ? dyn_cast<FunctionType>(attr.getValue()) : FunctionType();
}
Type functionType(Operation *op) { return functionTypeOf(op); }
ArrayRef<Type> functionInputs(Operation *op) {
  FunctionType type = functionTypeOf(op);
  return type ? type.getInputs() : ArrayRef<Type>();
}
ArrayRef<Type> functionResults(Operation *op) {
  FunctionType type = functionTypeOf(op);
  return type ? type.getResults() : ArrayRef<Type>();
}
} // namespace

Trait ods::FunctionOpInterface(LogicalResult (*verifyType)(Operation *), LogicalResult (*verifyBody)(Operation *)) {
  return Implements<lamina::FunctionOpInterface>(
      {functionType, functionInputs, functionResults, verifyType, verifyBody});
}
