//===- GPUBaseClasses.h - Hand-written classes of the gpu dialect ---------===//
//
// What MLIR writes by hand in GPUDialect.h and the generated classes
// (GPUOps.gen.h) build on: the types without a TypeDef (`!gpu.async.token`,
// `!gpu.mma_matrix<16x16xf16, "AOp">` and the sparse handles
// `!gpu.sparse.dntensor_handle`, `!gpu.sparse.spmat_handle`,
// `!gpu.sparse.spgemmop_handle`) and the test of the
// OffloadingTranslationAttrTrait attribute trait.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <string_view>

namespace lamina {
namespace gpu {

/// `!gpu.async.token`: the token of an asynchronous gpu op.
class AsyncTokenType : public Type::TypeBase<AsyncTokenType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "gpu.async_token";
  static AsyncTokenType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!gpu.sparse.dntensor_handle`.
class SparseDnTensorHandleType : public Type::TypeBase<SparseDnTensorHandleType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "gpu.sparse.dntensor_handle";
  static SparseDnTensorHandleType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!gpu.sparse.spmat_handle`.
class SparseSpMatHandleType : public Type::TypeBase<SparseSpMatHandleType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "gpu.sparse.spmat_handle";
  static SparseSpMatHandleType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!gpu.sparse.spgemmop_handle`.
class SparseSpGEMMOpHandleType : public Type::TypeBase<SparseSpGEMMOpHandleType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "gpu.sparse.spgemmop_handle";
  static SparseSpGEMMOpHandleType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!gpu.mma_matrix<16x16xf16, "AOp">`: a matrix fragment held by a
/// subgroup, for the subgroup MMA ops. The operand is "AOp", "BOp" or "COp".
class MMAMatrixType
    : public Type::TypeBase<MMAMatrixType, Type, ods::TypeParamStorage<ArrayRef<int64_t>, Type, std::string_view>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "gpu.mma_matrix";

  static MMAMatrixType get(ArrayRef<int64_t> shape, Type elementType, std::string_view operand) {
    return Base::get(elementType.getContext(), shape, elementType, operand);
  }
  /// Null, after MLIR's messages ("MMAMatrixType must have exactly two
  /// dimensions", ...), if the parameters are invalid.
  static MMAMatrixType getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                  Type elementType, std::string_view operand);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                        Type elementType, std::string_view operand);
  /// f16, f32, si8, ui8 or i32.
  static bool isValidElementType(Type elementType);

  ArrayRef<int64_t> getShape() const { return std::get<0>(getImpl()->params); }
  unsigned getNumDims() const { return unsigned(getShape().size()); }
  Type getElementType() const { return std::get<1>(getImpl()->params); }
  std::string_view getOperand() const { return std::get<2>(getImpl()->params); }

  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

/// Whether `attr` has the OffloadingTranslationAttrTrait (MLIR gives it to
/// `#gpu.select_object`).
bool hasOffloadingTranslationAttrTrait(Attribute attr);

} // namespace gpu
} // namespace lamina
