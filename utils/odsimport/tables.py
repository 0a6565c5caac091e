"""The dialects Lamina imports and the tables mapping MLIR's records to Lamina's API.

Part of utils/import-ods.py (see its docstring); each module of the package builds on the
ones before it."""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import linalg_opdsl  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TD_DIR = os.path.join(ROOT, "..", "shared", "reference", "mlir-td")
DEFAULT_TBLGEN = "/usr/lib/llvm-22/bin/llvm-tblgen"
DEFAULT_INC_DIR = "/usr/lib/llvm-22/include"

#===------------------------------------------------------------------------===#
# The dialects
#===------------------------------------------------------------------------===#

class DialectConfig:
    def __init__(self, name, record, tds, dir, prefix, ns, includes=(), extra_ns=(), op_class_suffix="Op", opdsl=None,
                 handwritten=(), native_traits=None, param_specs=None, import_ops=True, rewrites=(), files=None,
                 extension_of=None, effect_traits=(), hand_interfaces=()):
        self.name = name            # the dialect namespace in IR ("ml_program")
        self.record = record        # the ODS Dialect record ("MLProgram_Dialect")
        self.tds = tds              # .td files, relative to the td dir's mlir/ folder
        self.dir = dir              # lib/Dialect/<dir>, include/lamina/Dialect/<dir>
        self.prefix = prefix        # file and function prefix ("MLProgram")
        self.ns = ns                # C++ namespace inside lamina ("ml_program")
        self.includes = includes    # extra headers the generated code needs
        self.extra_ns = extra_ns    # other MLIR namespaces whose records it uses
        # C++ classes and functions of the dialect's namespace that MLIR writes
        # by hand (types without a TypeDef, predicate helpers): the dialect's
        # hand-written header declares them; constraints may use them.
        self.handwritten = set(handwritten)
        # Attribute/type interfaces written by hand as a class that tests for
        # their implementers (also in `handwritten`): not generated, not
        # listed among the implementers' traits, and usable as the first
        # parameter of a builder with inferred context.
        self.hand_interfaces = set(hand_interfaces)
        # The generated file (under the .inc dir) holding the OpDSL
        # definitions of the dialect's named ops (linalg).
        self.opdsl = opdsl
        # The dialect's own native op traits (C++ trait templates MLIR writes
        # by hand): trait name -> hand-written factory returning an ods::Trait,
        # called with the op names of the trait's class arguments, if any
        # (`AtMostOneChildOf<OperandsOp, ResultsOp>` -> f({"d.operands", "d.results"})).
        self.native_traits = native_traits or {}
        # Attribute/type parameter records whose syntax MLIR writes in C++
        # (their `parser`/`printer` snippets): record -> the hand-written
        # function returning its ods::ParamSpec (given the parameter's name).
        self.param_specs = dict(param_specs or {})
        # False while a dialect's ops are not imported yet (only its
        # attributes, types and enums).
        self.import_ops = import_ops
        # The dialect's own idioms rewritten before its C++ snippets are
        # translated, as cpp.REWRITES: (regex, replacement).
        self.rewrites = list(rewrites)
        # The .td files (base names) whose ops, attributes and types this
        # entry imports; None: every record of the dialect.
        self.files = set(files) if files is not None else None
        # An extension of a dialect that another entry imports (MLIR's
        # transform dialect extensions: ops of `transform` defined in other
        # dialects' .td files): the prefix of the dialect class whose
        # member `register<prefix>Ops()` the generated source defines.
        self.extension_of = extension_of
        # Native traits that implement MemoryEffectOpInterface's getEffects
        # (the plain interface listed beside them adds nothing).
        self.effect_traits = set(effect_traits)
        self.key = name             # the DIALECTS key (set below)

    def owns(self, rec):
        """Whether the record `rec` (a dict) comes from this entry's files."""
        if self.files is None:
            return True
        locs = rec.get("!locs") or []
        return bool(locs) and locs[0].split(":")[0] in self.files

    def register_fn(self):
        """The dialect member the generated source defines."""
        return "registerGenerated" if not self.extension_of else "register%sOps" % self.prefix

    def dialect_prefix(self):
        return self.extension_of or self.prefix


def _transform(prefix, tds, extension_of, includes=(), more_files=()):
    core = [] if extension_of is None else ["lamina/Dialect/Transform/TransformOps.gen.h"]
    return DialectConfig("transform", "Transform_Dialect", tds, "Transform", prefix, "transform",
                         includes=["lamina/Dialect/Transform/TransformInterfaces.h"] + core + list(includes),
                         handwritten=["TransformHandleTypeInterface", "TransformParamTypeInterface",
                                      "TransformValueHandleTypeInterface"],
                         native_traits={"FunctionalStyleTransformOpTrait": "transform::FunctionalStyleTransformOpTrait",
                    "NavigationTransformOpTrait": "transform::NavigationTransformOpTrait",
                    "ParamProducerTransformOpTrait": "transform::ParamProducerTransformOpTrait",
                    "TransformEachOpTrait": "transform::TransformEachOpTrait",
                    "PossibleTopLevelTransformOpTrait": "transform::PossibleTopLevelTransformOpTrait",
                    "ReportTrackingListenerFailuresOpTrait": "transform::ReportTrackingListenerFailuresOpTrait",
                    "AtMostOneOpMatcherOpTrait": "transform::AtMostOneOpMatcherOpTrait",
                    "SingleOpMatcherOpTrait": "transform::SingleOpMatcherOpTrait",
                    "SingleValueMatcherOpTrait": "transform::SingleValueMatcherOpTrait",
                    "StructuredOpPredicateOpTrait": "transform::StructuredOpPredicateOpTrait"},
                         files=[os.path.basename(t) for t in tds] + list(more_files), extension_of=extension_of,
                         effect_traits=["FunctionalStyleTransformOpTrait", "NavigationTransformOpTrait",
                                        "ParamProducerTransformOpTrait", "AtMostOneOpMatcherOpTrait",
                                        "SingleOpMatcherOpTrait", "SingleValueMatcherOpTrait"])


DIALECTS = {
    "math": DialectConfig("math", "Math_Dialect", ["Dialect/Math/IR/MathOps.td"], "Math", "Math", "math",
                          includes=["lamina/Dialect/Arith/ArithDialect.h"]),
    "index": DialectConfig("index", "IndexDialect", ["Dialect/Index/IR/IndexOps.td"], "Index", "Index", "index"),
    "complex": DialectConfig("complex", "Complex_Dialect",
                             ["Dialect/Complex/IR/ComplexOps.td", "Dialect/Complex/IR/ComplexAttributes.td"],
                             "Complex", "Complex", "complex", includes=["lamina/Dialect/Arith/ArithDialect.h"]),
    "ub": DialectConfig("ub", "UB_Dialect", ["Dialect/UB/IR/UBOps.td"], "UB", "UB", "ub"),
    "tensor": DialectConfig("tensor", "Tensor_Dialect", ["Dialect/Tensor/IR/TensorOps.td"], "Tensor", "Tensor",
                            "tensor"),
    "bufferization": DialectConfig("bufferization", "Bufferization_Dialect",
                                   ["Dialect/Bufferization/IR/BufferizationOps.td"], "Bufferization",
                                   "Bufferization", "bufferization"),
    "ml_program": DialectConfig("ml_program", "MLProgram_Dialect",
                                ["Dialect/MLProgram/IR/MLProgramOps.td",
                                 "Dialect/MLProgram/IR/MLProgramAttributes.td",
                                 "Dialect/MLProgram/IR/MLProgramTypes.td"],
                                "MLProgram", "MLProgram", "ml_program"),
    "quant": DialectConfig("quant", "Quant_Dialect", ["Dialect/Quant/IR/QuantOps.td"], "Quant", "Quant", "quant",
                           includes=["lamina/Dialect/Quant/QuantTypes.h"], handwritten=["QuantizedType"]),
    "tosa": DialectConfig("tosa", "Tosa_Dialect", ["Dialect/Tosa/IR/TosaOps.td"], "Tosa", "Tosa", "tosa",
                          includes=["lamina/Dialect/Quant/QuantTypes.h", "lamina/Dialect/Tosa/TosaBaseClasses.h"],
                          extra_ns=["quant"], handwritten=["isa_tosa_shape_type", "TargetEnvAttr"],
                          native_traits={n: "tosa::" + n + "Trait" for n in (
                              "TosaResolvableShapeOperands", "TosaElementwiseOperator", "TosaShapeOperator",
                              "TosaShapeOperatorWithSameRanks", "SameOperandsAndResultRank", "ResultsAreFloatLike",
                              "FirstAttrDerivedResultType", "InferShapedTypeOpAdaptor", "InferTensorType")}),
    # Not imported yet (the next dialects): `utils/import-ods.py vector` lists
    # what remains to be mapped or hand-written.
    "vector": DialectConfig("vector", "Vector_Dialect", ["Dialect/Vector/IR/VectorOps.td"], "Vector", "Vector",
                            "vector"),
    "linalg": DialectConfig("linalg", "Linalg_Dialect",
                            ["Dialect/Linalg/IR/LinalgOps.td", "Dialect/Linalg/IR/LinalgStructuredOps.td",
                             "Dialect/Linalg/IR/LinalgRelayoutOps.td"],
                            "Linalg", "Linalg", "linalg",
                            opdsl="mlir/Dialect/Linalg/IR/LinalgNamedStructuredOps.yamlgen.cpp.inc"),
    "llvm": DialectConfig("llvm", "LLVM_Dialect", ["Dialect/LLVMIR/LLVMOps.td", "Dialect/LLVMIR/LLVMTypes.td",
                                                   "Dialect/LLVMIR/LLVMIntrinsicOps.td"],
                          "LLVMIR", "LLVM", "LLVM", includes=["lamina/Dialect/LLVMIR/LLVMBaseClasses.h"],
                          handwritten=["DINodeAttr", "DIScopeAttr", "DITypeAttr", "DIVariableAttr", "TBAANodeAttr",
                                       "isCompatibleOuterType", "isCompatibleVectorType", "isCompatibleType",
                                       "isCompatibleFloatingPointType", "isLoadableType", "LLVMVoidType",
                                       "LLVMTokenType", "LLVMLabelType", "LLVMMetadataType", "LLVMStructType",
                                       "isScalableVectorType", "getValAndBoolStructType", "getVectorNumElements",
                                       "PointerElementTypeInterface"],
                          param_specs={"LLVM_DITagParameter": "LLVM::diTagParam",
                                       "LLVM_DIEncodingParameter": "LLVM::diEncodingParam",
                                       "LLVM_DILanguageParameter": "LLVM::diLanguageParam",
                                       "LLVM_DICallingConventionParameter": "LLVM::diCallingConventionParam",
                                       "LLVM_DIOperationEncodingParameter": "LLVM::diOperationEncodingParam",
                                       "LLVM_TBAAMemberAttrArray": "LLVM::tbaaMembersParam"}),
    "gpu": DialectConfig("gpu", "GPU_Dialect", ["Dialect/GPU/IR/GPUOps.td"], "GPU", "GPU", "gpu",
                         includes=["lamina/Dialect/GPU/GPUBaseClasses.h"],
                         handwritten=["AsyncTokenType", "MMAMatrixType", "SparseDnTensorHandleType",
                                      "SparseSpMatHandleType", "SparseSpGEMMOpHandleType",
                                      "hasOffloadingTranslationAttrTrait"]),
    "shape": DialectConfig("shape", "ShapeDialect", ["Dialect/Shape/IR/ShapeOps.td"], "Shape", "Shape", "shape"),
    "async": DialectConfig("async", "AsyncDialect", ["Dialect/Async/IR/AsyncOps.td", "Dialect/Async/IR/AsyncTypes.td"],
                           "Async", "Async", "async"),
    "pdl": DialectConfig("pdl", "PDL_Dialect", ["Dialect/PDL/IR/PDLOps.td", "Dialect/PDL/IR/PDLTypes.td"], "PDL",
                         "PDL", "pdl", includes=["lamina/Dialect/PDL/PDLBaseClasses.h"], handwritten=["PDLType"]),
    "pdl_interp": DialectConfig("pdl_interp", "PDLInterp_Dialect", ["Dialect/PDLInterp/IR/PDLInterpOps.td"],
                                "PDLInterp", "PDLInterp", "pdl_interp", extra_ns=["pdl"],
                                includes=["lamina/Dialect/PDL/PDLDialect.h"],
                                handwritten=["getGetValueTypeOpValueType"]),
    "emitc": DialectConfig("emitc", "EmitC_Dialect", ["Dialect/EmitC/IR/EmitC.td", "Dialect/EmitC/IR/EmitCAttributes.td",
                                                      "Dialect/EmitC/IR/EmitCTypes.td"], "EmitC", "EmitC", "emitc",
                           includes=["lamina/Dialect/EmitC/EmitCBaseClasses.h"],
                           handwritten=["isSupportedEmitCType", "isSupportedIntegerType", "isIntegerIndexOrOpaqueType",
                                        "isSupportedFloatType", "isPointerWideType", "isFundamentalType"]),
    "smt": DialectConfig("smt", "SMTDialect", ["Dialect/SMT/IR/SMT.td"], "SMT", "SMT", "smt",
                         includes=["lamina/Dialect/SMT/SMTBaseClasses.h"],
                         handwritten=["isAnySMTValueType", "isAnyNonFuncSMTValueType"]),
    "mpi": DialectConfig("mpi", "MPI_Dialect", ["Dialect/MPI/IR/MPI.td", "Dialect/MPI/IR/MPIOps.td",
                                                "Dialect/MPI/IR/MPITypes.td"], "MPI", "MPI", "mpi"),
    # MLIR's builtin PtrLikeTypeInterface is implemented by memrefs and
    # !ptr.ptr only, the dialect's MemorySpaceAttrInterface by
    # #ptr.generic_space and two llvm/nvvm attributes: both are hand-written
    # (PtrBaseClasses.h).
    "ptr": DialectConfig("ptr", "Ptr_Dialect", ["Dialect/Ptr/IR/PtrOps.td", "Dialect/Ptr/IR/PtrAttrDefs.td"], "Ptr",
                         "Ptr", "ptr", includes=["lamina/Dialect/Ptr/PtrBaseClasses.h"],
                         handwritten=["PtrLikeTypeInterface", "MemorySpaceAttrInterface"],
                         hand_interfaces=["PtrLikeTypeInterface", "MemorySpaceAttrInterface"],
                         rewrites=[(r'(?<![\w:])(?:::)?(?:mlir::)?PtrLikeTypeInterface\b',
                                    '::mlir::ptr::PtrLikeTypeInterface')]),
    "shard": DialectConfig("shard", "Shard_Dialect", ["Dialect/Shard/IR/ShardOps.td"], "Shard", "Shard", "shard",
                           includes=["lamina/Dialect/Shard/ShardBaseClasses.h"],
                           native_traits={"SameOperandsAndResultRank": "shard::SameOperandsAndResultRankTrait"},
                           # MLIR's `using GridAxesAttr = DenseI16ArrayAttr`.
                           rewrites=[(r'\bGridAxesAttr\b', 'DenseI16ArrayAttr'),
                                     (r'\$_builder\.getDenseI16ArrayAttr\(', 'DenseI16ArrayAttr::get($_builder.getContext(), ')]),
    "wasmssa": DialectConfig("wasmssa", "WasmSSA_Dialect", ["Dialect/WasmSSA/IR/WasmSSAOps.td",
                                                            "Dialect/WasmSSA/IR/WasmSSATypes.td"], "WasmSSA",
                             "WasmSSA", "wasmssa"),
    # #sparse_tensor.encoding is hand-written (SparseTensorAttributes.h: its
    # level types and dimension-to-level map have MLIR's hand-written syntax).
    "sparse_tensor": DialectConfig("sparse_tensor", "SparseTensor_Dialect",
                                   ["Dialect/SparseTensor/IR/SparseTensorOps.td",
                                    "Dialect/SparseTensor/IR/SparseTensorAttrDefs.td",
                                    "Dialect/SparseTensor/IR/SparseTensorTypes.td"], "SparseTensor", "SparseTensor",
                                   "sparse_tensor",
                                   includes=["lamina/Dialect/SparseTensor/SparseTensorAttributes.h"],
                                   handwritten=["getSparseTensorEncoding", "isSparseTensorSlice", "isStridedMemRef"],
                                   rewrites=[(r'!!(?:::)?(?:mlir::)?sparse_tensor::getSparseTensorEncoding\((\$_self)\)'
                                              r'\s*&&\s*(?:::)?(?:mlir::)?sparse_tensor::getSparseTensorEncoding\(\$_self\)'
                                              r'\.isSlice\(\)',
                                              r'::mlir::sparse_tensor::isSparseTensorSlice(\1)'),
                                             (r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?MemRefType>\((\$_self)\)'
                                              r'\.isStrided\(\)', r'::mlir::sparse_tensor::isStridedMemRef(\1)')]),
    "nvvm": DialectConfig("nvvm", "NVVM_Dialect", ["Dialect/LLVMIR/NVVMOps.td"], "LLVMIR", "NVVM", "NVVM",
                          includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"], extra_ns=["LLVM"],
                          native_traits={"NVVMRequiresSM": "NVVM::RequiresSM", "NVVMRequiresSMa": "NVVM::RequiresSMa"}),
    "rocdl": DialectConfig("rocdl", "ROCDL_Dialect", ["Dialect/LLVMIR/ROCDLOps.td"], "LLVMIR", "ROCDL", "ROCDL",
                           includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"], extra_ns=["LLVM"]),
    "xevm": DialectConfig("xevm", "XeVM_Dialect", ["Dialect/LLVMIR/XeVMOps.td"], "LLVMIR", "XeVM", "xevm",
                          includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"], extra_ns=["LLVM"]),
    "omp": DialectConfig("omp", "OpenMP_Dialect", ["Dialect/OpenMP/OpenMPOps.td"], "OpenMP", "OpenMP", "omp",
                         includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"], extra_ns=["LLVM"]),
    "acc": DialectConfig("acc", "OpenACC_Dialect", ["Dialect/OpenACC/OpenACCOps.td"], "OpenACC", "OpenACC", "acc",
                         includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"]),
    "irdl": DialectConfig("irdl", "IRDL_Dialect",
                          ["Dialect/IRDL/IR/IRDLOps.td", "Dialect/IRDL/IR/IRDLAttributes.td",
                           "Dialect/IRDL/IR/IRDLTypes.td"], "IRDL", "IRDL", "irdl",
                          native_traits={"AtMostOneChildOf": "irdl::AtMostOneChildOf"}),
    "nvgpu": DialectConfig("nvgpu", "NVGPU_Dialect", ["Dialect/NVGPU/IR/NVGPUOps.td"], "NVGPU", "NVGPU", "nvgpu"),
    "amdgpu": DialectConfig("amdgpu", "AMDGPU_Dialect", ["Dialect/AMDGPU/IR/AMDGPU.td"], "AMDGPU", "AMDGPU", "amdgpu"),
    "arm_neon": DialectConfig("arm_neon", "ArmNeon_Dialect", ["Dialect/ArmNeon/ArmNeon.td"], "ArmNeon", "ArmNeon",
                              "arm_neon"),
    "arm_sve": DialectConfig("arm_sve", "ArmSVE_Dialect", ["Dialect/ArmSVE/IR/ArmSVE.td"], "ArmSVE", "ArmSVE",
                             "arm_sve", includes=["lamina/Dialect/LLVMIR/LLVMBaseClasses.h"]),
    "arm_sme": DialectConfig("arm_sme", "ArmSME_Dialect",
                             ["Dialect/ArmSME/IR/ArmSMEOps.td", "Dialect/ArmSME/IR/ArmSMEIntrinsicOps.td"],
                             "ArmSME", "ArmSME", "arm_sme", includes=["lamina/Dialect/LLVMIR/LLVMDialect.h"]),
    # amx's !amx.tile is a ShapedType in MLIR (a type interface Lamina's
    # builtin-only ShapedType lacks): its predicates ask the hand-written
    # amx::getTileElementType / amx::getTileRank.
    "amx": DialectConfig("amx", "AMX_Dialect", ["Dialect/AMX/AMX.td"], "AMX", "AMX", "amx",
                         handwritten=["getTileElementType", "getTileRank"],
                         rewrites=[(r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?ShapedType>\((\$_self)\)\.getElementType\(\)',
                                    r'::mlir::amx::getTileElementType(\1)'),
                                   (r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?amx::TileType>\((\$_self)\)\.getRank\(\)',
                                    r'::mlir::amx::getTileRank(\1)')]),
    "x86vector": DialectConfig("x86vector", "X86Vector_Dialect", ["Dialect/X86Vector/X86Vector.td"], "X86Vector",
                               "X86Vector", "x86vector"),
    "xegpu": DialectConfig("xegpu", "XeGPU_Dialect", ["Dialect/XeGPU/IR/XeGPU.td"], "XeGPU", "XeGPU", "xegpu",
                           includes=["lamina/Dialect/Arith/ArithDialect.h", "lamina/ODS/DialectShapedType.h"],
                           handwritten=["isSharedMemory"],
                           # !xegpu.mem_desc is a ShapedType in MLIR only.
                           rewrites=[(r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?ShapedType>\(', r'::mlir::ods::asShaped(')]),
    "spirv": DialectConfig("spirv", "SPIRV_Dialect", ["Dialect/SPIRV/IR/SPIRVOps.td"], "SPIRV", "SPIRV", "spirv",
                           includes=["lamina/Dialect/SPIRV/SPIRVBaseClasses.h"],
                           handwritten=["ArrayType", "PointerType", "RuntimeArrayType", "StructType", "ImageType",
                                        "SampledImageType", "MatrixType", "CooperativeMatrixType", "TensorArmType",
                                        "VerCapExtAttr", "TargetEnvAttr", "getUnaryOpResultType",
                                        "isNestedInFunctionOpInterface", "isDirectInModuleLikeOp",
                                        "isNestedInGraphARMOpInterface", "bitEnumContainsAny", "isGraphType"],
                           native_traits={n: "spirv::" + n + "Trait" for n in (
                               "UsableInSpecConstantOp", "SignedOp", "UnsignedOp")},
                           # Lamina has no builtin graph type (spirv.ARM.Graph's): a hand-written test.
                           rewrites=[(r'getProperties\(\)\.execution_scope', r'getExecutionScopeAttr()'),
                                     (r'::llvm::isa<::mlir::GraphType>\(', r'::mlir::spirv::isGraphType(')]),
    # The transform dialect, and its extensions (ops of `transform` defined in
    # other dialects" .td files), each in its own generated files, registered
    # by the dialect (lib/Dialect/Transform/TransformDialect.cpp).
    "transform": _transform("Transform", ["Dialect/Transform/IR/TransformOps.td",
                                          "Dialect/Transform/IR/TransformTypes.td",
                                          "Dialect/Transform/IR/TransformAttrs.td"], None),
    "transform.debug": _transform("DebugExtension", ["Dialect/Transform/DebugExtension/DebugExtensionOps.td"], "Transform"),
    "transform.loop": _transform("LoopExtension", ["Dialect/Transform/LoopExtension/LoopExtensionOps.td"], "Transform"),
    "transform.linalg": _transform("LinalgTransform", ["Dialect/Linalg/TransformOps/LinalgTransformOps.td"], "Transform",
                                   ["lamina/Dialect/SCF/DeviceMappingInterface.h"],
                                   more_files=["LinalgTransformEnums.td"]),
    "transform.linalg_match": _transform("LinalgMatch", ["Dialect/Linalg/TransformOps/LinalgMatchOps.td"], "Transform"),
    "transform.scf": _transform("SCFTransform", ["Dialect/SCF/TransformOps/SCFTransformOps.td"], "Transform"),
    "transform.vector": _transform("VectorTransform", ["Dialect/Vector/TransformOps/VectorTransformOps.td"], "Transform"),
    "transform.tensor": _transform("TensorTransform", ["Dialect/Tensor/TransformOps/TensorTransformOps.td"], "Transform"),
    "transform.memref": _transform("MemRefTransform", ["Dialect/MemRef/TransformOps/MemRefTransformOps.td"], "Transform"),
    "transform.affine": _transform("AffineTransform", ["Dialect/Affine/TransformOps/AffineTransformOps.td"], "Transform"),
    "transform.gpu": _transform("GPUTransform", ["Dialect/GPU/TransformOps/GPUTransformOps.td"], "Transform"),
    "transform.bufferization": _transform("BufferizationTransform", ["Dialect/Bufferization/TransformOps/BufferizationTransformOps.td"], "Transform"),
    "transform.func": _transform("FuncTransform", ["Dialect/Func/TransformOps/FuncTransformOps.td"], "Transform"),
    "transform.nvgpu": _transform("NVGPUTransform", ["Dialect/NVGPU/TransformOps/NVGPUTransformOps.td"], "Transform"),
    "transform.x86vector": _transform("X86VectorTransform", ["Dialect/X86Vector/TransformOps/X86VectorTransformOps.td"],
                                      "Transform"),
    "transform.arm_neon": _transform("ArmNeonTransform", ["Dialect/ArmNeon/TransformOps/ArmNeonVectorTransformOps.td"],
                                     "Transform"),
    "transform.arm_sve": _transform("ArmSVETransform", ["Dialect/ArmSVE/TransformOps/ArmSVEVectorTransformOps.td"],
                                    "Transform"),
    "transform.sparse_tensor": _transform("SparseTensorTransform",
                                          ["Dialect/SparseTensor/TransformOps/SparseTensorTransformOps.td"], "Transform"),
    "transform.pdl": _transform("PDLExtension", ["Dialect/Transform/PDLExtension/PDLExtensionOps.td"], "Transform"),
    "transform.irdl": _transform("IRDLExtension", ["Dialect/Transform/IRDLExtension/IRDLExtensionOps.td"], "Transform"),
    "transform.smt": _transform("SMTExtension", ["Dialect/Transform/SMTExtension/SMTExtensionOps.td"], "Transform"),
    "transform.dlti": _transform("DLTITransform", ["Dialect/DLTI/TransformOps/DLTITransformOps.td"], "Transform"),
}

for _key, _cfg in DIALECTS.items():
    _cfg.key = _key

#===------------------------------------------------------------------------===#
# Records from other dialects that Lamina already implements by hand
#===------------------------------------------------------------------------===#

# Attribute records (EnumAttr defs of other dialects) -> (Lamina class, enum info getter, header).
EXTERNAL_ENUM_ATTRS = {
    "Arith_FastMathAttr": ("arith::FastMathFlagsAttr", "arith::getFastMathFlagsInfo()",
                           "lamina/Dialect/Arith/ArithDialect.h"),
    "Arith_IntegerOverflowAttr": ("arith::IntegerOverflowFlagsAttr", "arith::getIntegerOverflowFlagsInfo()",
                                  "lamina/Dialect/Arith/ArithDialect.h"),
}
# Attribute interfaces of other dialects that Lamina declares (without
# methods): MLIR name -> (Lamina class, header).
EXTERNAL_ATTR_INTERFACES = {
    "DeviceMappingAttrInterface": ("DeviceMappingAttrInterface", "lamina/Dialect/SCF/DeviceMappingInterface.h"),
    "DeviceMaskingAttrInterface": ("DeviceMaskingAttrInterface", "lamina/Dialect/SCF/DeviceMappingInterface.h"),
    # ShapedTypeInterface on a dialect's type (!amx.tile, !xegpu.tensor_desc).
    "ShapedType": ("ods::DialectShapedType", "lamina/ODS/DialectShapedType.h"),
    # A dialect type that vectors may hold (!llvm.ptr, !ptr.ptr).
    "VectorElementTypeInterface": ("VectorElementTypeInterface", "lamina/IR/VectorElementTypeInterface.h"),
}
# Enum records of other dialects -> (Lamina C++ enum, info getter).
EXTERNAL_ENUMS = {
    "FastMathFlags": ("arith::FastMathFlags", "arith::getFastMathFlagsInfo()"),
    "Arith_IntegerOverflowFlags": ("arith::IntegerOverflowFlags", "arith::getIntegerOverflowFlagsInfo()"),
    "Arith_CmpIPredicateAttr": ("arith::CmpIPredicate", "arith::getCmpIPredicateInfo()"),
    "Arith_CmpFPredicateAttr": ("arith::CmpFPredicate", "arith::getCmpFPredicateInfo()"),
    "Arith_RoundingModeAttr": ("arith::RoundingMode", "arith::getRoundingModeInfo()"),
}

#===------------------------------------------------------------------------===#
# Common constraints mapped by record name
#===------------------------------------------------------------------------===#

# Type constraint records whose Lamina builder is exactly the record (summary,
# predicate, buildable type and C++ class).
NAMED_TYPES = {
    "AnyType": "ods::AnyType()",
    "Index": "ods::Index()",
    "I1": "ods::I(1)", "I8": "ods::I(8)", "I16": "ods::I(16)", "I32": "ods::I(32)", "I64": "ods::I(64)",
    "I128": "ods::I(128)",
    "SI8": "ods::SI(8)", "SI16": "ods::SI(16)", "SI32": "ods::SI(32)", "SI64": "ods::SI(64)",
    "UI8": "ods::UI(8)", "UI16": "ods::UI(16)", "UI32": "ods::UI(32)", "UI64": "ods::UI(64)",
    "F16": "ods::F(16)", "F32": "ods::F(32)", "F64": "ods::F(64)", "F80": "ods::F(80)", "F128": "ods::F(128)",
    "BF16": "ods::BF16()",
    "AnyInteger": "ods::AnyInteger()",
    "AnySignlessInteger": "ods::AnySignlessInteger()",
    "AnySignlessIntegerOrIndex": "ods::AnySignlessIntegerOrIndex()",
    "AnyFloat": "ods::AnyFloat()",
    "AnyComplex": "ods::AnyComplex()",
    "NoneType": "ods::NoneTypeConstraint()",
    "FunctionType": "ods::FunctionTypeConstraint()",
    "AnyVectorOfAnyRank": "ods::AnyVector()",
    "AnyTensor": "ods::AnyTensor()",
    "AnyRankedTensor": "ods::AnyRankedTensor()",
    "AnyMemRef": "ods::AnyMemRef()",
    "AnyRankedOrUnrankedMemRef": "ods::AnyRankedOrUnrankedMemRef()",
}

# Attribute constraint records mapped to Lamina builders (the ones that carry
# format behaviour beyond their predicate: unit, symbol names, dense arrays).
NAMED_ATTRS = {
    "AnyAttr": "ods::AnyAttr()",
    "UnitAttr": "ods::UnitAttr()",
    "SymbolNameAttr": "ods::SymbolNameAttr()",
    "StrAttr": "ods::StrAttr()",
    "BoolAttr": "ods::BoolAttr()",
    "I32Attr": "ods::IntAttr(32)", "I64Attr": "ods::IntAttr(64)", "I16Attr": "ods::IntAttr(16)",
    "I8Attr": "ods::IntAttr(8)", "I1Attr": "ods::IntAttr(1)",
    "SI32Attr": "ods::SIntAttr(32)", "SI64Attr": "ods::SIntAttr(64)",
    "UI32Attr": "ods::UIntAttr(32)", "UI64Attr": "ods::UIntAttr(64)",
    "IndexAttr": "ods::IndexAttr()",
    "AnyIntegerAttr": "ods::AnyIntegerAttr()",
    "F32Attr": "ods::FloatAttrOf(32)", "F64Attr": "ods::FloatAttrOf(64)",
    "TypedAttrInterface": "ods::TypedAttr()",
    "TypeAttr": "ods::TypeAttr()",
    "ArrayAttr": "ods::ArrayAttr()",
    "DictionaryAttr": "ods::DictionaryAttr()",
    "DictArrayAttr": "ods::DictArrayAttr()",
    "I32ArrayAttr": "ods::IntArrayAttr(32)", "I64ArrayAttr": "ods::IntArrayAttr(64)",
    "StrArrayAttr": "ods::StrArrayAttr()",
    "TypeArrayAttr": "ods::TypeArrayAttr()",
    "FlatSymbolRefAttr": "ods::FlatSymbolRefAttr()",
    "SymbolRefAttr": "ods::SymbolRefAttr()",
    "AffineMapAttr": "ods::AffineMapAttr()",
    "IntegerSetAttr": "ods::IntegerSetAttr()",
    "ElementsAttr": "ods::ElementsAttr()",
    "LocationAttr": "ods::LocationAttr()",
    "DenseI8ArrayAttr": "ods::DenseI8ArrayAttr()", "DenseI16ArrayAttr": "ods::DenseI16ArrayAttr()",
    "DenseI32ArrayAttr": "ods::DenseI32ArrayAttr()", "DenseI64ArrayAttr": "ods::DenseI64ArrayAttr()",
    "DenseBoolArrayAttr": "ods::DenseBoolArrayAttr()", "DenseF32ArrayAttr": "ods::DenseF32ArrayAttr()",
    "DenseF64ArrayAttr": "ods::DenseF64ArrayAttr()",
    "StringElementsAttr": "ods::StringElementsAttr()",
}

# Attribute storage classes (ODS storageType) -> the Lamina constraint whose
# storage class, value type and format flags a generated constraint starts from.
STORAGE_BASES = {
    "::mlir::UnitAttr": "ods::UnitAttr()",
    "::mlir::DenseI8ArrayAttr": "ods::DenseI8ArrayAttr()",
    "::mlir::DenseI16ArrayAttr": "ods::DenseI16ArrayAttr()",
    "::mlir::DenseI32ArrayAttr": "ods::DenseI32ArrayAttr()",
    "::mlir::DenseI64ArrayAttr": "ods::DenseI64ArrayAttr()",
    "::mlir::DenseBoolArrayAttr": "ods::DenseBoolArrayAttr()",
    "::mlir::DenseF32ArrayAttr": "ods::DenseF32ArrayAttr()",
    "::mlir::DenseF64ArrayAttr": "ods::DenseF64ArrayAttr()",
}

# Builtin attribute classes usable as a storage class (ods::builtinAttrClass<T>()).
BUILTIN_ATTR_CLASSES = {
    "Attribute", "StringAttr", "IntegerAttr", "BoolAttr", "FloatAttr", "UnitAttr", "ArrayAttr", "DictionaryAttr",
    "TypeAttr", "SymbolRefAttr", "FlatSymbolRefAttr", "AffineMapAttr", "IntegerSetAttr", "TypedAttr",
    "ElementsAttr", "DenseElementsAttr", "DenseIntOrFPElementsAttr", "DenseIntElementsAttr", "DenseFPElementsAttr",
    "DenseStringElementsAttr", "DenseResourceElementsAttr", "SparseElementsAttr", "StridedLayoutAttr",
    "DistinctAttr", "OpaqueAttr", "LocationAttr", "DenseArrayAttr",
}
# Builtin type classes with an ods:: TypeClass.
BUILTIN_TYPE_CLASSES = {
    "IntegerType": "ods::IntegerTypeClass", "IndexType": "ods::IndexTypeClass", "FloatType": "ods::FloatTypeClass",
    "FunctionType": "ods::FunctionTypeClass", "NoneType": "ods::NoneTypeClass",
    "ComplexType": "ods::ComplexTypeClass", "VectorType": "ods::VectorTypeClass",
    "TensorType": "ods::TensorTypeClass", "RankedTensorType": "ods::RankedTensorTypeClass",
    "MemRefType": "ods::MemRefTypeClass", "BaseMemRefType": "ods::BaseMemRefTypeClass",
    "ShapedType": "ods::ShapedTypeClass",
}
