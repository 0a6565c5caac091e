//===- InitAllDialects.cpp - Register every dialect Lamina implements -----===//
#include "lamina/InitAllDialects.h"

#include "lamina/Dialect/AMDGPU/AMDGPUDialect.h"
#include "lamina/Dialect/AMX/AMXDialect.h"
#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/ArmNeon/ArmNeonDialect.h"
#include "lamina/Dialect/ArmSME/ArmSMEDialect.h"
#include "lamina/Dialect/ArmSVE/ArmSVEDialect.h"
#include "lamina/Dialect/Async/AsyncDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Complex/ComplexDialect.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/DLTI/DLTIDialect.h"
#include "lamina/Dialect/EmitC/EmitCDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Dialect/GPU/GPUDialect.h"
#include "lamina/Dialect/IRDL/IRDLDialect.h"
#include "lamina/Dialect/Index/IndexDialect.h"
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/Dialect/LLVMIR/NVVMDialect.h"
#include "lamina/Dialect/LLVMIR/ROCDLDialect.h"
#include "lamina/Dialect/LLVMIR/XeVMDialect.h"
#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"
#include "lamina/Dialect/MPI/MPIDialect.h"
#include "lamina/Dialect/Math/MathDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/Quant/QuantDialect.h"
#include "lamina/Dialect/NVGPU/NVGPUDialect.h"
#include "lamina/Dialect/OpenACC/OpenACCDialect.h"
#include "lamina/Dialect/OpenMP/OpenMPDialect.h"
#include "lamina/Dialect/PDL/PDLDialect.h"
#include "lamina/Dialect/PDLInterp/PDLInterpDialect.h"
#include "lamina/Dialect/Ptr/PtrDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Dialect/SMT/SMTDialect.h"
#include "lamina/Dialect/SPIRV/SPIRVDialect.h"
#include "lamina/Dialect/Shape/ShapeDialect.h"
#include "lamina/Dialect/Shard/ShardDialect.h"
#include "lamina/Dialect/SparseTensor/SparseTensorDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/Dialect/Tosa/TosaDialect.h"
#include "lamina/Dialect/Transform/TransformDialect.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/Dialect/X86Vector/X86VectorDialect.h"
#include "lamina/Dialect/XeGPU/XeGPUDialect.h"
#include "lamina/IR/BuiltinDialect.h"

void lamina::registerAllDialects(DialectRegistry &registry) {
  installBuiltinOpDefinitions();
  registry.insert<OpenACCDialect, OpenMPDialect>();
  registry.insert<AffineDialect, ArithDialect, BufferizationDialect, BuiltinDialect, ComplexDialect,
                  ControlFlowDialect, DLTIDialect, FuncDialect, GPUDialect, IndexDialect, IRDLDialect, LinalgDialect, LLVMDialect, MathDialect,
                  MemRefDialect, MLProgramDialect, NVVMDialect, QuantDialect, ROCDLDialect, SCFDialect, TensorDialect, TosaDialect,
                  TransformDialect, UBDialect, VectorDialect, XeVMDialect>();
  // The hardware dialects.
  registry.insert<AMDGPUDialect, AMXDialect, ArmNeonDialect, ArmSMEDialect, ArmSVEDialect, NVGPUDialect,
                  X86VectorDialect, XeGPUDialect>();
  registry.insert<AsyncDialect, EmitCDialect, MPIDialect, PDLDialect, PDLInterpDialect, ShapeDialect, SMTDialect,
                  SparseTensorDialect, ShardDialect>();
  registry.insert<SPIRVDialect>();
  registry.insert<PtrDialect>();
}
