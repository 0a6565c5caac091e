//===- TensorEncoding.h - Verifiable encodings of ranked tensors ----------===//
//
// MLIR's VerifiableTensorEncoding: an attribute used as the encoding of a
// ranked tensor type (`tensor<?x?xf32, #enc>`) that checks itself against
// the tensor's shape and element type. RankedTensorType::verify (and so the
// parser and the bytecode reader) runs it, as MLIR does.
//
#pragma once

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/TypeAttrInterfaces.h"

namespace lamina {

struct VerifiableTensorEncodingConcept {
  LogicalResult (*verifyEncoding)(Attribute encoding, ArrayRef<int64_t> shape, Type elementType,
                                  function_ref<InFlightDiagnostic()> emitError);
};

/// An encoding attribute that verifies the tensor types it is used in.
class VerifiableTensorEncoding : public AttrInterface<VerifiableTensorEncoding, VerifiableTensorEncodingConcept> {
public:
  using InterfaceBase::InterfaceBase;
  /// Checks the encoding against a tensor of this shape and element type.
  LogicalResult verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                               function_ref<InFlightDiagnostic()> emitError) const {
    return getImpl()->verifyEncoding(*this, shape, elementType, emitError);
  }
  /// How an attribute class implements it (the class provides
  /// `verifyEncoding(shape, elementType, emitError)`).
  template <typename ConcreteT>
  static constexpr VerifiableTensorEncodingConcept model = {
      [](Attribute a, ArrayRef<int64_t> shape, Type elementType, function_ref<InFlightDiagnostic()> emitError) {
        return cast<ConcreteT>(a).verifyEncoding(shape, elementType, emitError);
      }};
};

} // namespace lamina
