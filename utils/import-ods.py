#!/usr/bin/env python3
"""Imports a dialect's MLIR ODS records into Lamina's declarative definitions.

    utils/import-ods.py DIALECT...          # regenerate the checked-in files
    utils/import-ods.py --check DIALECT...  # exit 1 if a checked-in file is stale
    utils/import-ods.py --list              # the dialects it knows

For each dialect, `llvm-tblgen --dump-json` reads MLIR's .td files (a copy of
MLIR 22.1.8's is given by --td-dir) and this script writes two files:

  include/lamina/Dialect/<Dir>/<Name>Ops.gen.h   enums, attribute/type and op
                                                 classes (with accessors), and the
                                                 declarations of the hand-written hooks
  lib/Dialect/<Dir>/<Name>Ops.gen.cpp            the constraints, enum descriptions,
                                                 attribute/type syntax and op definitions
                                                 (ods::OpDef chains), registered by
                                                 the dialect's `registerGenerated()`

Both say they are generated and by which command; do not edit them. What MLIR
writes by hand (custom parsers/printers, `custom<...>` directives, verifiers,
attribute/type parsers with custom syntax, result names, interface methods
that carry behaviour) is written by hand in Lamina too, in the dialect's other
files, as members of the generated op classes (`LogicalResult CastOp::verify()`).

Constraints: a constraint record is mapped to Lamina by its name (a table of
the common ones), or else by its predicate: the predicate tree is flattened
into one C++ condition as mlir-tblgen does, and that condition is translated
token by token into Lamina's API (which spells MLIR's classes and methods the
same way): every class, function and method must be in the tables below, so an
unknown predicate is an importer error listing it, never silently accepted.

The script ends with a summary per dialect: what it imported, the interfaces
the dialect declares that Lamina does not implement (behaviour-only ones are
listed, ones with verification are errors unless mapped), and everything it
could not import.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linalg_opdsl  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TD_DIR = os.path.join(ROOT, "..", "shared", "reference", "mlir-td")
DEFAULT_TBLGEN = "/usr/lib/llvm-22/bin/llvm-tblgen"
DEFAULT_INC_DIR = "/usr/lib/llvm-22/include"

#===------------------------------------------------------------------------===#
# The dialects
#===------------------------------------------------------------------------===#

class DialectConfig:
    def __init__(self, name, record, tds, dir, prefix, ns, includes=(), extra_ns=(), op_class_suffix="Op", opdsl=None,
                 handwritten=(), native_traits=None, param_specs=None, import_ops=True):
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
    "irdl": DialectConfig("irdl", "IRDL_Dialect",
                          ["Dialect/IRDL/IR/IRDLOps.td", "Dialect/IRDL/IR/IRDLAttributes.td",
                           "Dialect/IRDL/IR/IRDLTypes.td"], "IRDL", "IRDL", "irdl",
                          native_traits={"AtMostOneChildOf": "irdl::AtMostOneChildOf"}),
}

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

#===------------------------------------------------------------------------===#
# Translating ODS's C++ snippets to Lamina's API
#===------------------------------------------------------------------------===#

# Lamina classes spelled as in MLIR (after dropping ::mlir:: / ::llvm::).
KNOWN_CLASSES = {
    "Type", "Attribute", "Value", "Operation", "Region", "Block", "Location",
    "IntegerType", "IndexType", "FloatType", "NoneType", "ComplexType", "FunctionType", "TupleType",
    "OpaqueType", "ShapedType", "VectorType", "TensorType", "RankedTensorType", "UnrankedTensorType",
    "BaseMemRefType", "MemRefType", "UnrankedMemRefType",
    "Float4E2M1FNType", "Float6E2M3FNType", "Float6E3M2FNType", "Float8E5M2Type", "Float8E4M3Type",
    "Float8E4M3FNType", "Float8E5M2FNUZType", "Float8E4M3FNUZType", "Float8E4M3B11FNUZType", "Float8E3M4Type",
    "Float8E8M0FNUType", "BFloat16Type", "Float16Type", "FloatTF32Type", "Float32Type", "Float64Type",
    "Float80Type", "Float128Type",
    "TypedAttr", "ElementsAttr", "StringAttr", "IntegerAttr", "BoolAttr", "FloatAttr", "UnitAttr", "ArrayAttr",
    "DictionaryAttr", "TypeAttr", "SymbolRefAttr", "FlatSymbolRefAttr", "AffineMapAttr", "IntegerSetAttr",
    "OpaqueAttr", "StridedLayoutAttr", "DistinctAttr", "DenseArrayAttr", "DenseElementsAttr",
    "DenseIntOrFPElementsAttr", "DenseStringElementsAttr", "DenseIntElementsAttr", "DenseFPElementsAttr",
    "DenseResourceElementsAttr", "SparseElementsAttr", "LocationAttr",
    "DenseBoolArrayAttr", "DenseI8ArrayAttr", "DenseI16ArrayAttr", "DenseI32ArrayAttr", "DenseI64ArrayAttr",
    "DenseF32ArrayAttr", "DenseF64ArrayAttr", "MemRefLayoutAttrInterface",
    "APInt", "APFloat", "AffineMap", "IntegerSet", "ArrayRef", "SmallVector", "TypeRange", "ValueRange",
}
# Free functions and templates.
KNOWN_FUNCTIONS = {
    "isa", "cast", "dyn_cast", "isa_and_nonnull", "dyn_cast_or_null", "cast_or_null", "all_of", "any_of",
    "none_of", "count", "size", "isPowerOf2_64", "isPowerOf2_32",
    "getElementTypeOrSelf",
}
# Methods (after `.` or `->`).
KNOWN_METHODS = {
    # Type
    "isSignlessInteger", "isSignedInteger", "isUnsignedInteger", "isInteger", "isIndex", "isSignlessIntOrIndex",
    "isSignlessIntOrIndexOrFloat", "isSignlessIntOrFloat", "isIntOrIndex", "isIntOrFloat", "isIntOrIndexOrFloat",
    "isF16", "isF32", "isF64", "isF80", "isF128", "isBF16", "isTF32", "getIntOrFloatBitWidth", "getContext",
    "getWidth", "getSignedness", "isSigned", "isUnsigned", "isSignless", "getAddressSpace",
    # ShapedType & co
    "getElementType", "hasRank", "getRank", "getShape", "getNumElements", "hasStaticShape", "getDimSize",
    "isDynamicDim", "getNumDynamicDims", "getEncoding", "getLayout", "getMemorySpace", "isScalable",
    "getScalableDims", "isIdentity", "getInputs", "getResults", "getNumInputs", "getNumResults", "getTypes",
    # Attributes
    "getValue", "getInt", "getSInt", "getUInt", "getType", "getValueAsDouble", "asArrayRef", "size", "empty",
    "getRootReference", "getLeafReference", "getNestedReferences", "getNumDims", "getNumSymbols",
    "getAsRange", "getValues", "getSplatValue", "isSplat",
    # APInt / APFloat
    "isStrictlyPositive", "isNegative", "isNonNegative", "isZero", "isOne", "getBitWidth", "getZExtValue",
    "getSExtValue", "getLimitedValue", "sle", "slt", "sge", "sgt", "ule", "ult", "uge", "ugt", "isPowerOf2",
    "isNaN", "isInfinity",
    # containers
    "begin", "end", "front", "back",
    # VectorType::Builder
    "setShape", "setDim", "setElementType", "setScalableDim", "dropDim",
    # Operation (`$_op`)
    "getOperand", "getResult", "getNumOperands", "getNumResults", "getOperands", "getResults", "getRegion",
    "getNumRegions", "getAttr", "getParentOp", "getBlock",
    # Builder (`$_builder`)
    "getIntegerType", "getIndexType", "getI1Type", "getI8Type", "getI16Type", "getI32Type", "getI64Type",
    "getF16Type", "getBF16Type", "getF32Type", "getF64Type", "getNoneType", "getFunctionType", "getBoolAttr",
    "getStringAttr", "getI64IntegerAttr", "getI32IntegerAttr", "getI16IntegerAttr", "getI8IntegerAttr",
    "getIntegerAttr", "getIndexAttr", "getUnitAttr", "getArrayAttr", "getDenseI64ArrayAttr",
    "getDenseI32ArrayAttr", "getDenseBoolArrayAttr", "getF32FloatAttr", "getF64FloatAttr", "getTypeAttr",
    "getDictionaryAttr", "getSymbolRefAttr", "getI64ArrayAttr", "getI32ArrayAttr", "getStrArrayAttr",
    "getAffineMapAttr", "getAffineMapArrayAttr", "getFloatAttr", "getZeroAttr",
}
KEYWORDS = {
    "true", "false", "return", "auto", "const", "if", "else", "static", "constexpr", "unsigned", "int", "int64_t", "int32_t", "uint64_t", "uint32_t",
    "int8_t", "int16_t", "bool", "size_t", "nullptr", "static_cast", "std", "equal_to", "sizeof",
}
# Namespaced names that Lamina spells differently, or constants.
RENAMES = {
    "FixedVectorType": "ods::FixedVectorType", "ScalableVectorType": "ods::ScalableVectorType",
    "all_of": "ods::all_of", "any_of": "ods::any_of", "none_of": "ods::none_of", "is_sorted": "ods::is_sorted",
    "ShapedType::kDynamic": "ShapedType::kDynamic",
    "ShapedType::isDynamic": "ShapedType::isDynamic",
    "std::equal_to": "std::equal_to",
}
# MLIR C++ namespaces of dialects Lamina has (kept: lamina::<ns>).
DIALECT_NAMESPACES = {"arith", "tensor", "memref", "math", "index", "complex", "ub", "bufferization",
                      "ml_program", "affine", "scf", "cf", "func"}

# Idioms rewritten before translation: (regex on the condition, replacement).
REWRITES = [
    (r'(?<![\w:])(?:::)?(?:mlir::)?DenseIntElementsAttr::get\(', r'ods::getDenseIntElementsAttr('),
    (r'(\$_self|\w+)\.hasTrait<::mlir::ValueSemantics>\(\)', r'ods::hasValueSemantics(\1)'),
    # An attribute trait of a dialect (gpu's OffloadingTranslationAttrTrait):
    # the dialect's hand-written `NS::hasNAME(attr)` (in `handwritten`).
    (r'(\$_self|\w+)\.hasTrait<::mlir::(\w+)::(\w+)>\(\)', r'\2::has\3(\1)'),
    # No interface is promised in Lamina: implementing it is the test; an
    # attribute of a dialect Lamina does not know (kept opaque) may.
    (r'(\$_self|\w+)\.hasPromiseOrImplementsInterface<([\w:]+)>\(\)',
     r'(::llvm::isa<\2>(\1) || ::llvm::isa<::mlir::OpaqueAttr>(\1))'),
    (r'(?<![\w:])::getI1SameShape\(', r'ods::getI1SameShape('),
    (r'\$_builder\.getType<([\w:]+)>\(\)', r'\1::get($_builder.getContext())'),
    (r'\$_builder\.getType<([\w:]+)>\(([^()]+)\)', r'\1::get($_builder.getContext(), \2)'),
]
# Functions of lamina/ODS/Predicates.h.
ODS_HELPERS = {"ods::getDenseIntElementsAttr", "ods::hasValueSemantics", "ods::getI1SameShape", "ods::all_of", "ods::any_of", "ods::none_of",
               "ods::is_sorted",
               "ods::FixedVectorType", "ods::ScalableVectorType"}

TOKEN = re.compile(r'\$\w+|::|->|&&|\|\||==|!=|<=|>=|[A-Za-z_]\w*|\d[\w.]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|\S')


class Untranslatable(Exception):
    pass


def translate_cpp(expr, subst, local_names=(), own_names=(), op_class=None, own_ns=None, op_classes=(),
                  static_calls=None, op_methods=None, self_expr=None):
    """Translates an MLIR C++ expression into Lamina's API. `subst` maps `$x`
    placeholders to Lamina expressions. Raises Untranslatable naming the
    unknown pieces."""
    for pat, rep in REWRITES:
        expr = re.sub(pat, rep, expr)
    expr = strip_comments(expr)
    toks = TOKEN.findall(expr)
    out = []
    unknown = []
    locals_ = set(local_names)
    # Names declared as lambda parameters: `[&](::mlir::Attribute attr)` or `(Type t)`.
    for m in re.finditer(r'\(\s*(?:const\s+)?(?:::)?(?:\w+::)*\w+(?:<[\w:<>, ]*>)?\s*&?\s+(\w+)\s*\)', expr):
        locals_.add(m.group(1))
    # Local variables of statement lambdas (`auto x = ...;`, `Type t(...);`,
    # `static constexpr int64_t shape[] = {2};`); the type is checked as any name.
    for m in re.finditer(r'(?:^|[;{}]|\)\s*\{)\s*(?:static\s+)?(?:constexpr\s+)?(?:const\s+)?'
                         r'(?:::)?[A-Za-z_][\w:]*(?:<[\w:<>, ]*>)?\s*[&*]?\s+(\w+)\s*(?:\[\s*\]\s*)?[=({]', expr):
        locals_.add(m.group(1))
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.startswith("$"):
            if t not in subst:
                unknown.append(t)
                out.append(t)
            else:
                out.append(subst[t])
            i += 1
            continue
        if t == "::" or re.match(r'[A-Za-z_]', t):
            # A possibly qualified name.
            parts = []
            j = i
            if toks[j] == "::":
                j += 1
            while j < n and re.match(r'[A-Za-z_]\w*$', toks[j]):
                parts.append(toks[j])
                if j + 1 < n and toks[j + 1] == "::" and j + 2 < n and re.match(r'[A-Za-z_]', toks[j + 2]):
                    j += 2
                    continue
                j += 1
                break
            prev = out[-1] if out else ""
            while parts and parts[0] in ("mlir", "llvm"):
                parts = parts[1:]
            name = "::".join(parts)
            # `[&]() -> T {`: a lambda's return type, not a member.
            is_member = prev == "." or (prev == "->" and not (len(out) >= 2 and out[-2] == ")" and j < n
                                                               and toks[j] == "{"))
            if not parts:
                unknown.append(t)
            elif is_member:
                if name not in KNOWN_METHODS:
                    unknown.append("method " + name)
            elif name in RENAMES:
                name = RENAMES[name]
            elif len(parts) == 1 and (name in KNOWN_CLASSES or name in KNOWN_FUNCTIONS or name in KEYWORDS
                                      or name in locals_):
                pass
            elif name in ODS_HELPERS:
                pass
            elif len(parts) == 1 and name in own_names:
                pass
            elif own_ns and parts[0] == own_ns and len(parts) >= 2 and parts[1] in own_names:
                pass
            elif len(parts) == 2 and parts[0] in op_classes and j < n and toks[j] == "(":
                # A static member function of an op class, written by hand
                # (`MatmulOp::getDefaultIndexingMaps(...)`).
                if static_calls is not None:
                    static_calls.add((parts[0], parts[1]))
            elif len(parts) == 2 and parts[0] in own_names:
                pass   # an enumerator of an enum of the dialect (`CombiningKind::ADD`)
            elif op_class and len(parts) == 1 and re.match(r'get[A-Z]\w*$', name) and j < n and toks[j] == "(":
                # A method of the op class (MLIR formats op predicates inside
                # the class): generated accessors or hand-written members.
                if op_methods is not None:
                    op_methods.add((op_class, name))
                name = "%s.%s" % (self_expr, name) if self_expr else "%s(op).%s" % (op_class, name)
            elif parts[0] in DIALECT_NAMESPACES:
                pass
            elif len(parts) == 2 and parts[0] == "detail" and parts[1] in KNOWN_DETAIL:
                pass
            elif name in KNOWN_NESTED_CLASSES or name in STD_FUNCTIONS:
                pass
            elif len(parts) == 2 and parts[0] in KNOWN_CLASSES and parts[1] in KNOWN_STATIC_MEMBERS:
                pass
            else:
                unknown.append(name)
            out.append(name)
            i = j
            continue
        out.append(t)
        i += 1
    if unknown:
        raise Untranslatable(", ".join(sorted(set(unknown))))
    return join_tokens(out)


def strip_comments(code):
    """C++ code without its `//` and `/* */` comments (string literals kept)."""
    return re.sub(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/',
                  lambda m: m.group(0) if m.group(0).startswith('"') else " ", code, flags=re.S)


# detail:: helpers Lamina provides (lamina/ODS/Predicates.h).
KNOWN_DETAIL = set()
KNOWN_STATIC_MEMBERS = {"kDynamic", "isDynamic", "get", "getChecked"}
KNOWN_NESTED_CLASSES = {"VectorType::Builder"}
# Standard library functions predicates use.
STD_FUNCTIONS = {"std::adjacent_find", "std::begin", "std::end", "std::find", "std::count", "std::min", "std::max",
                 "std::is_sorted", "std::equal"}


def join_tokens(toks):
    s = ""
    prev = ""
    for t in toks:
        if s and needs_space(prev, t):
            s += " "
        s += t
        prev = t
    return s


def needs_space(a, b):
    if a in ("(", "[", "!", ".", "->", "::", "<") or b in (")", "]", ",", ".", "->", "::", ";", "(", "[", ">"):
        if b == "(" and a in ("&&", "||", "return", "==", "!=", "&", "?", ":", ","):
            return True
        if a == "<" and b == "(":
            return False
        if b == "<":
            return False
        return False
    if b == "<" and re.match(r'\w', a):
        return False
    if a == ">" and b == "(":
        return False
    if a == "&" and b == "]":
        return False
    if a == "[" or b == "]":
        return False
    return True


#===------------------------------------------------------------------------===#
# Records
#===------------------------------------------------------------------------===#

class Records:
    def __init__(self, data):
        self.d = data
        self.instanceof = data["!instanceof"]

    def __getitem__(self, name):
        return self.d[name]

    def get(self, name):
        return self.d.get(name)

    def isa(self, name, cls):
        r = self.d.get(name)
        return r is not None and cls in r["!superclasses"]

    def defs_of(self, cls):
        return self.instanceof.get(cls, [])


def load_records(cfg, td_dir, tblgen):
    """The records of the dialect's .td files, from one llvm-tblgen run (the
    names of anonymous records are only unique within a run)."""
    with tempfile.TemporaryDirectory() as tmp:
        inc = os.path.join(tmp, "inc")
        os.makedirs(inc)
        os.symlink(os.path.abspath(td_dir), os.path.join(inc, "mlir"))
        top = os.path.join(tmp, "records.td")
        with open(top, "w") as f:
            for td in cfg.tds:
                f.write('include "mlir/%s"\n' % td)
        out = os.path.join(tmp, "records.json")
        subprocess.run([tblgen, "--dump-json", "-I", inc, top, "-o", out], check=True)
        with open(out) as f:
            return Records(json.load(f))


def ref(v):
    """The record name of a `def` value, or None."""
    if isinstance(v, dict) and v.get("kind") == "def":
        return v["def"]
    return None


#===------------------------------------------------------------------------===#
# Predicates
#===------------------------------------------------------------------------===#

def pred_condition(R, name):
    """The C++ condition of a Pred record, as mlir-tblgen's Pred::getCondition."""
    tree = build_pred_tree(R, name, [])
    tree = propagate_truth(tree)
    return combined_condition(tree)


def perform_substitutions(s, substs):
    for pat, rep in reversed(substs):
        pos = s.find(pat)
        while pos != -1:
            s = s[:pos] + rep + s[pos + len(pat):]
            pos = s.find(pat, pos + len(rep))
    return s


def build_pred_tree(R, name, substs):
    r = R[name]
    sc = r["!superclasses"]
    if "CombinedPred" not in sc:
        return {"kind": "leaf", "expr": perform_substitutions(r["predExpr"], substs), "name": name, "children": []}
    kind = {"PredCombinerAnd": "and", "PredCombinerOr": "or", "PredCombinerNot": "not",
            "PredCombinerSubstLeaves": "subst", "PredCombinerConcat": "concat"}[ref(r["kind"])]
    node = {"kind": kind, "name": name, "children": []}
    all_substs = list(substs)
    if kind == "subst":
        all_substs.append((r["pattern"], r["replacement"]))
    elif kind == "concat":
        node["prefix"] = perform_substitutions(r["prefix"], substs)
        node["suffix"] = perform_substitutions(r["suffix"], substs)
    for c in r["children"]:
        node["children"].append(build_pred_tree(R, ref(c), all_substs))
    return node


def propagate_truth(node):
    if node["kind"] == "subst":
        return node
    if node["kind"] == "and" and not node["children"]:
        node["kind"] = "true"
        return node
    if node["kind"] == "or" and not node["children"]:
        node["kind"] = "false"
        return node
    children = node["children"]
    node["children"] = []
    for c in children:
        c = propagate_truth(c)
        if node["kind"] not in ("and", "or"):
            node["children"].append(c)
            continue
        collapse = "false" if node["kind"] == "and" else "true"
        erase = "true" if node["kind"] == "and" else "false"
        if c["kind"] == collapse:
            node["kind"] = collapse
            node["children"] = []
            return node
        if c["kind"] == erase:
            continue
        node["children"].append(c)
    return node


def combined_condition(node):
    k = node["kind"]
    if k == "leaf":
        return node["expr"]
    if k == "true":
        return "true"
    if k == "false":
        return "false"
    ch = [combined_condition(c) for c in node["children"]]
    if k in ("and", "or"):
        if not ch:
            return "true" if k == "and" else "false"
        if len(ch) == 1:
            return ch[0]
        op = " && " if k == "and" else " || "
        return "(" + ch[0] + ")" + "".join(op + "(" + c + ")" for c in ch[1:])
    if k == "not":
        return "!(" + ch[0] + ")"
    if k == "concat":
        return node["prefix"] + ch[0] + node["suffix"]
    if k == "subst":
        return ch[0]
    raise ValueError(k)


#===------------------------------------------------------------------------===#
# The importer
#===------------------------------------------------------------------------===#

def camel(name, upper=True):
    parts = name.split("_")
    s = "".join(p[:1].upper() + p[1:] for p in parts)
    return s if upper else s[:1].lower() + s[1:]


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def ident(name):
    return re.sub(r'\W', '_', name)


class Importer:
    def __init__(self, cfg, R):
        self.cfg = cfg
        self.R = R
        self.dialect = R[cfg.record]
        self.cppns = self.dialect["cppNamespace"].strip(":")   # "mlir::tensor"
        self.errors = []            # (what, why)
        self.notes = []             # what is imported partially
        self.unimplemented = collections.Counter()   # interfaces declared but not implemented
        self.constraint_fns = collections.OrderedDict()   # name -> C++ text
        self.pred_fns = collections.OrderedDict()
        self.enum_defs = collections.OrderedDict()   # record -> info
        self.attr_defs = []
        self.type_defs = []
        self.ops = []
        self.hooks = []             # hand-written functions the generated code calls
        self.extra_includes = set() # headers of the interfaces the definitions implement
        self.directives = collections.OrderedDict()
        self.includes = set(cfg.includes)
        self.used_external = set()
        self.names = {}             # (kind, record) -> C++ function name
        self._own_names = None
        self._op_classes = None
        self.static_calls = set()  # (op class, static member) the definitions call
        self.op_methods = set()    # (op class, method) the predicates call
        self.enum_attr_classes = {}
        self.source_includes = set()   # headers the generated source needs
        self.attr_interfaces = collections.OrderedDict()   # attribute/type interfaces to declare
        self.def_directives = set()  # custom<...> directives of attribute/type formats

    def error(self, what, why):
        self.errors.append((what, why))

    def tr(self, expr, subst, op_class=None, self_expr=None):
        """translate_cpp with the dialect's own names known."""
        out = translate_cpp(expr, subst, own_names=self.own_names(), op_class=op_class, own_ns=self.cfg.ns,
                            op_classes=self.op_classes(), static_calls=self.static_calls,
                            op_methods=self.op_methods, self_expr=self_expr)
        # The specialized attribute classes of integer enums it uses are
        # emitted with their enum.
        for cls, rec in self.enum_attr_classes.items():
            if re.search(r'\b%s\b' % cls, out):
                self.enum_info(rec, "predicate")
        # The dialect's attribute interfaces it names are declared (the type
        # interfaces that predicates use are hand-written classes).
        for k in self.R.defs_of("AttrInterface"):
            name = self.R[k].get("cppInterfaceName")
            if name and name not in self.cfg.handwritten and self.is_own_interface(k) and \
                    re.search(r'\b%s\b' % name, out):
                self.interface_class(k)
        return out

    def op_classes(self):
        """The C++ classes of the dialect's ops."""
        if self._op_classes is None:
            self._op_classes = {op_class_name(k, self.dialect) for k in self.R.defs_of("Op")
                                if ref(self.R[k]["opDialect"]) == self.cfg.record}
        return self._op_classes

    def own_names(self):
        """The C++ names the dialect's records define (enums, attribute,
        type and op classes, interfaces)."""
        if self._own_names is None:
            names = set()
            ns = self.dialect["cppNamespace"].strip(":")
            for cls in ("EnumAttrInfo", "EnumInfo"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    ens = (r.get("cppNamespace") or "").strip(":")
                    if ens == ns or ens.startswith(ns + "::"):   # also LLVM's nested linkage::Linkage
                        names.add(r["className"])
            for cls in ("AttrDef", "TypeDef"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    if ref(r.get("dialect")) == self.cfg.record:
                        names.add(r["cppClassName"])
            for k in self.R.defs_of("Op"):
                if ref(self.R[k]["opDialect"]) == self.cfg.record:
                    names.add(op_class_name(k, self.dialect))
            for cls in ("AttrInterface", "TypeInterface", "OpInterface"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    if (r.get("cppNamespace") or "").strip(":") == ns and r.get("cppInterfaceName"):
                        names.add(r["cppInterfaceName"])
            # ODS's specialized attribute classes of integer enums.
            self.enum_attr_classes = {}
            for k in self.R.defs_of("EnumAttrInfo"):
                r = self.R[k]
                ens = (r.get("cppNamespace") or "").strip(":")
                sc = r["!superclasses"]
                if (ens == ns or ens.startswith(ns + "::")) and r.get("genSpecializedAttr") and \
                        ("IntEnumAttr" in sc or "IntEnumAttrBase" in sc) and r.get("specializedAttrClassName"):
                    self.enum_attr_classes[r["specializedAttrClassName"]] = k
                    names.add(r["specializedAttrClassName"])
            names |= self.cfg.handwritten
            self._own_names = names
        return self._own_names

    #===--------------------------------------------------------------------===#
    # Type constraints
    #===--------------------------------------------------------------------===#

    def type_constraint(self, name, where):
        """A C++ expression building the ods::TypeConstraint of record `name`."""
        if name in NAMED_TYPES:
            return NAMED_TYPES[name]
        r = self.R[name]
        fn = self.constraint_name("type", name, where)
        if fn in self.constraint_fns:
            return fn + "()"
        summary = r.get("summary") or ""
        pred = ref(r.get("predicate"))
        body = []
        if pred:
            cond = pred_condition(self.R, pred)
            try:
                cpp = self.tr(cond, {"$_self": "self"})
            except Untranslatable as e:
                self.error(where, "type constraint %s (%s): unknown %s in `%s`" % (name, summary, e, norm(cond)))
                cpp = "true"
            pfn = "is" + fn[:1].upper() + fn[1:]
            self.pred_fns[pfn] = "/// %s: %s\nstatic bool %s(Type self) { return %s; }\n" % (
                name, summary, pfn, cpp)
            body.append("  ods::TypeConstraint c(%s, %s);" % (cpp_string(summary), pfn))
        else:
            body.append("  ods::TypeConstraint c;")
            body.append("  c.summary = %s;" % cpp_string(summary))
        build = (r.get("builderCall") or "").strip()
        if build:
            try:
                b = self.tr(build, {"$_builder": "b"})
                body.append("  c.build = [](MLIRContext *ctx) -> Type {\n    Builder b(ctx);\n    return %s;\n  };" % b)
            except Untranslatable as e:
                self.error(where, "type constraint %s: builder `%s`: unknown %s" % (name, build, e))
        cls = self.type_class(r.get("cppType") or "::mlir::Type")
        if cls:
            body.append("  c.cppClass = %s;" % cls)
        self.constraint_fns[fn] = "static ods::TypeConstraint %s() {\n%s\n  return c;\n}\n" % (fn, "\n".join(body))
        return fn + "()"

    def constraint_name(self, kind, rec, where):
        """The C++ function of a constraint record: `type<Record>` /
        `attr<Record>`, or for anonymous records (whose names tblgen numbers)
        a name from their first use (`typeExtractSliceOpOffsets`)."""
        key = (kind, rec)
        if key not in self.names:
            if self.R[rec].get("!anonymous"):
                base = kind + "".join(camel(w) for w in re.split(r'[\s.]+', where) if w)
            else:
                base = kind + camel(ident(rec))
            name = base
            i = 2
            while name in self.names.values():
                name = "%s%d" % (base, i)
                i += 1
            self.names[key] = name
        return self.names[key]

    def type_class(self, cpp):
        cpp = cpp.strip()
        short = re.sub(r'^(::)?mlir::', '', cpp)
        if short in ("Type", ""):
            return None
        if short in BUILTIN_TYPE_CLASSES:
            return "&" + BUILTIN_TYPE_CLASSES[short]
        m = re.match(r'(\w+)::(\w+)$', short)
        if m and m.group(1) == self.cfg.ns and m.group(2) in self.cfg.handwritten:
            return "ods::isaTypeClass<%s>()" % short
        if m and (m.group(1) in DIALECT_NAMESPACES or m.group(1) == self.cfg.ns):
            for k in self.R.defs_of("TypeInterface"):
                if self.R[k].get("cppInterfaceName") == m.group(2):
                    return "ods::isaTypeClass<%s>()" % short
            return "ods::typeClassOf<%s>()" % short
        return None

    #===--------------------------------------------------------------------===#
    # Attribute constraints
    #===--------------------------------------------------------------------===#

    def attr_constraint(self, name, where):
        """(C++ expression, kind, default) for an attribute record: kind is
        'required', 'optional', 'default', 'defaultOptional'."""
        r = self.R[name]
        sc = r["!superclasses"]
        kind = "required"
        default = None
        base = name
        if "OptionalAttr" in sc and "DefaultValuedOptionalAttr" not in sc:
            kind = "optional"
            base = ref(r["baseAttr"])
        elif "DefaultValuedOptionalAttr" in sc:
            kind = "defaultOptional"
            default = r["defaultValue"]
            base = ref(r["baseAttr"])
        elif "DefaultValuedAttr" in sc:
            kind = "default"
            default = r["defaultValue"]
            base = ref(r["baseAttr"])
        elif (r.get("defaultValue") or "").strip() and name != "UnitAttr" and "UnitAttr" not in sc:
            # An attribute class with its own default (`let defaultValue`
            # on gpu's TransposeModeAttr): default-valued as DefaultValuedAttr.
            kind = "default"
            default = r["defaultValue"]
        elif "ConfinedAttr" in sc and r.get("isOptional"):
            # ConfinedAttr<OptionalAttr<...>, [...]>: optional, with the
            # whole record's predicate.
            kind = "optional"
        expr = self.attr_constraint_of(base, where)
        if default is not None and expr is not None:
            expr = self.with_default(base, expr, default, where)
        return expr, kind, default

    def with_default(self, base, expr, default, where):
        """The constraint with a constBuilder for `default` when the base
        constraint cannot build it from its spelling."""
        if base in NAMED_ATTRS or base in self.enum_attr_names():
            return expr
        r = self.R[base]
        bsc = r["!superclasses"]
        if "EnumAttrInfo" in bsc and ("IntEnumAttrBase" in bsc or "IntEnumAttr" in bsc):
            return expr   # ods::IntEnumAttr builds defaults from the case's spelling
        call = (r.get("constBuilderCall") or "").strip()
        if not call:
            self.error(where, "default value %s of %s: no constBuilderCall" % (default, base))
            return expr
        try:
            b = self.tr(call.replace("$0", default), {"$_builder": "b"})
        except Untranslatable as e:
            self.error(where, "default value `%s` of %s: unknown %s" % (default, base, e))
            return expr
        fn = "attr" + "".join(camel(w) for w in where.split()) + "Default"
        self.constraint_fns[fn] = (
            "static ods::AttrConstraint %s() {\n  ods::AttrConstraint c = %s;\n"
            "  c.constBuilder = [](MLIRContext *ctx, std::string_view) -> Attribute {\n    Builder b(ctx);\n"
            "    return %s;\n  };\n  return c;\n}\n" % (fn, expr, b))
        return fn + "()"

    def enum_attr_names(self):
        return set(EXTERNAL_ENUM_ATTRS)

    def attr_constraint_of(self, name, where):
        if name in NAMED_ATTRS:
            return NAMED_ATTRS[name]
        if name in EXTERNAL_ENUM_ATTRS:
            cls, info, hdr = EXTERNAL_ENUM_ATTRS[name]
            self.includes.add(hdr)
            return "ods::EnumAttrConstraint<%s>(%s)" % (cls, info)
        r = self.R[name]
        sc = r["!superclasses"]
        fn = self.constraint_name("attr", name, where)
        if fn in self.constraint_fns:
            return fn + "()"
        summary = r.get("summary") or ""
        # Enum attributes.
        if "EnumAttr" in sc and "AttrDef" in sc:
            cls = self.attr_class_name(name)
            info = self.enum_info(ref(r["enum"]), where)
            self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n  return ods::EnumAttrConstraint<%s>(%s, %s);\n}\n" % (
                fn, cls, info, cpp_string(summary))
            return fn + "()"
        if "EnumAttrInfo" in sc and ("IntEnumAttrBase" in sc or "IntEnumAttr" in sc):
            info = self.enum_info(name, where)
            self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n  ods::AttrConstraint c = ods::IntEnumAttr(%s);\n  c.summary = %s;\n  return c;\n}\n" % (
                fn, info, cpp_string(summary))
            return fn + "()"
        if "AttrDef" in sc:
            cls = self.attr_class_name(name)
            # Builtin attributes (Builtin_StringAttr...) have no ODS definition:
            # their storage class is the builtin one.
            klass = ("ods::builtinAttrClass<%s>()" % cls if cls in BUILTIN_ATTR_CLASSES and
                     ref(r.get("dialect")) == "Builtin_Dialect" else "ods::attrClassOf<%s>()" % cls)
            self.constraint_fns[fn] = (
                "static ods::AttrConstraint %s() {\n  return ods::AttrOf(%s, [](Attribute a) { return isa<%s>(a); }, "
                "%s);\n}\n" % (fn, cpp_string(summary), cls, klass))
            return fn + "()"
        storage = (r.get("storageType") or "::mlir::Attribute").strip()
        body = []
        start = STORAGE_BASES.get(storage)
        if start:
            body.append("  ods::AttrConstraint c = %s;" % start)
            body.append("  c.summary = %s;" % cpp_string(summary))
        else:
            cls = self.attr_storage_class(storage, where, name)
            body.append("  ods::AttrConstraint c(%s, nullptr, %s);" % (cpp_string(summary), cls))
        pred = ref(r.get("predicate"))
        if pred:
            cond = pred_condition(self.R, pred)
            try:
                cpp = self.tr(cond, {"$_self": "self"})
                pfn = "is" + fn[:1].upper() + fn[1:]
                self.pred_fns[pfn] = "/// %s: %s\nstatic bool %s(Attribute self) { return %s; }\n" % (
                    name, summary, pfn, cpp)
                body.append("  c.pred = %s;" % pfn)
            except Untranslatable as e:
                self.error(where, "attribute constraint %s (%s): unknown %s in `%s`" % (name, summary, e, norm(cond)))
        vt = ref(r.get("valueType"))
        if vt and not start:
            vr = self.R[vt]
            build = (vr.get("builderCall") or "").strip()
            if build:
                try:
                    b = self.tr(build, {"$_builder": "b"})
                    body.append("  c.valueType = [](MLIRContext *ctx) -> Type {\n    Builder b(ctx);\n    return %s;\n  };" % b)
                except Untranslatable as e:
                    self.error(where, "attribute constraint %s: value type builder `%s`: unknown %s" % (name, build, e))
        self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n%s\n  return c;\n}\n" % (fn, "\n".join(body))
        return fn + "()"

    def attr_storage_class(self, storage, where, name):
        short = re.sub(r'^(::)?mlir::', '', storage)
        if short in BUILTIN_ATTR_CLASSES:
            return "ods::builtinAttrClass<%s>()" % short if short != "Attribute" else "nullptr"
        m = re.match(r'(\w+)::(\w+)$', short)
        if m and (m.group(1) in DIALECT_NAMESPACES or m.group(1) == self.cfg.ns):
            for k in self.R.defs_of("AttrInterface"):
                if self.R[k].get("cppInterfaceName") == m.group(2):
                    return "ods::builtinAttrClass<%s>()" % short
            return "ods::attrClassOf<%s>()" % short
        self.error(where, "attribute constraint %s: unknown storage class %s" % (name, storage))
        return "nullptr"

    def attr_class_name(self, rec):
        r = self.R[rec]
        cls = r.get("cppClassName") or rec
        ns = (r.get("cppNamespace") or self.dialect["cppNamespace"]).strip(":")
        ns = re.sub(r'^mlir::', '', ns)
        if ns in DIALECT_NAMESPACES and ns != self.cfg.ns:
            return ns + "::" + cls
        return cls

    #===--------------------------------------------------------------------===#
    # Enums
    #===--------------------------------------------------------------------===#

    def enum_info(self, name, where):
        """The C++ expression of the ods::EnumInfo of enum record `name`."""
        if name in EXTERNAL_ENUMS:
            return EXTERNAL_ENUMS[name][1]
        if name not in self.enum_defs:
            r = self.R[name]
            cases = []
            for c in r["enumerants"]:
                cr = self.R[ref(c)]
                cases.append((cr["symbol"], cr["value"], cr["str"]))
            sc = r["!superclasses"]
            is_bit = "BitEnumBase" in sc or "BitEnumAttr" in sc or "BitEnum" in sc or "I32BitEnumAttr" in sc
            self.enum_defs[name] = dict(
                cls=r["className"], ns=r["cppNamespace"], cases=cases, width=r.get("bitwidth", 32),
                is_bit=is_bit, summary=r.get("summary") or "", sep=r.get("separator", "|"),
                groups=bool(r.get("printBitEnumPrimaryGroups", 0)), rec=name,
                quoted=bool(r.get("printBitEnumQuoted", 0)),
                # ODS's specialized attribute class of an integer enum stored
                # as IntegerAttr (genSpecializedAttr: `ICmpPredicateAttr`).
                attr_cls=(r.get("specializedAttrClassName")
                          if r.get("genSpecializedAttr") and ("IntEnumAttr" in sc or "IntEnumAttrBase" in sc)
                          else None))
        e = self.enum_defs[name]
        return "get%sInfo()" % e["cls"]

    #===--------------------------------------------------------------------===#
    # Ops
    #===--------------------------------------------------------------------===#

    def import_op(self, name):
        r = self.R[name]
        opname = self.cfg.name + "." + r["opName"]
        cls = re.sub(r'^[A-Za-z]+_', '', name) if "_" in name else name
        cls = op_class_name(name, self.dialect)
        op = dict(name=opname, cls=cls, rec=name, operands=[], results=[], attrs=[], regions=[], successors=[],
                  traits=[], format=None, custom=bool(r["hasCustomAssemblyFormat"]), verifier=bool(r["hasVerifier"]),
                  region_verifier=bool(r["hasRegionVerifier"]), hooks=[], comments=[], summary=norm(r.get("summary") or ""))
        where = opname
        self.cur_cls = cls
        for arg, argname in r["arguments"]["args"]:
            a = ref(arg)
            a = self.unwrap_opvar(a, op, argname)
            ar = self.R[a]
            if "TypeConstraint" in ar["!superclasses"]:
                op["operands"].append(self.value(a, argname, where))
            elif "Attr" in ar["!superclasses"]:
                expr, kind, default = self.attr_constraint(a, cls + " " + argname)
                op["attrs"].append(dict(name=argname, expr=expr, kind=kind, default=default, rec=a))
            elif "Property" in ar["!superclasses"] and "EnumProp" in ar["!superclasses"]:
                # An EnumProp: stored as its attribute form, `N : iW`.
                info = self.enum_info(ref(ar["enum"]), where)
                mnemonic = ar.get("mnemonic") if "NamedEnumPropWithAttrForm" in ar["!superclasses"] else ""
                expr = "ods::EnumProp(%s%s)" % (info, ", %s" % cpp_string(mnemonic) if mnemonic else "")
                default = (ar.get("defaultValue") or "").strip()
                op["attrs"].append(dict(name=argname, expr=expr, kind="default" if default else "required",
                                        default=default or None, rec=a))
            elif "Property" in ar["!superclasses"]:
                self.error(where, "property %s (%s) is not supported" % (argname, a))
            else:
                self.error(where, "argument %s: unknown kind %s" % (argname, a))
        for res, resname in r["results"]["args"]:
            a = self.unwrap_opvar(ref(res), op, resname)
            op["results"].append(self.value(a, resname, where))
        for reg, regname in r["regions"]["args"]:
            op["regions"].append(self.region(ref(reg), regname, where))
        for succ, succname in r["successors"]["args"]:
            sr = self.R[ref(succ)]
            op["successors"].append(dict(name=succname, variadic="VariadicSuccessor" in sr["!superclasses"]))
        # Traits: flattened, deduplicated, in order.
        # Lamina folds the TraitLists it has a factory for (Pure) back into
        # one trait, at the place of their first member.
        seen = set()
        flat = []
        def insert(lst, origin):
            for t in lst:
                tr = self.R[t]
                if "TraitList" in tr["!superclasses"]:
                    insert([ref(x) for x in tr["traits"]], origin or (t if t in FOLDED_TRAIT_LISTS else None))
                    continue
                if t in seen:
                    continue
                seen.add(t)
                flat.append((t, origin))
        insert([ref(t) for t in r["traits"]], None)
        op["flat"] = [self.R[t].get("trait", t) for t, _ in flat]
        emitted_lists = set()
        for t, origin in flat:
            if origin:
                if origin not in emitted_lists:
                    emitted_lists.add(origin)
                    op["traits"].append(FOLDED_TRAIT_LISTS[origin])
                continue
            self.trait(t, op)
        fmt = r.get("assemblyFormat")
        if isinstance(fmt, str) and fmt.strip():
            op["format"] = fmt
            for d in re.findall(r'custom<(\w+)>', fmt):
                self.directives.setdefault(d, set()).add(opname)
        if op["custom"]:
            op["hooks"].append("parse")
        if op["verifier"]:
            op["hooks"].append("verify")
        if op["region_verifier"]:
            op["hooks"].append("verifyRegions")
        self.ops.append(op)

    def declares_trait_list(self, op, name):
        """Whether the op's traits include the TraitList record `name`."""
        stack = [ref(t) for t in self.R[op["rec"]]["traits"]]
        while stack:
            t = stack.pop()
            if t == name:
                return True
            tr = self.R[t]
            if "TraitList" in tr["!superclasses"]:
                stack.extend(ref(x) for x in tr["traits"])
        return False

    def op_declares(self, op, name):
        """Whether the op's record lists a trait or interface `name`
        (flattened)."""
        found = False
        stack = [ref(t) for t in self.R[op["rec"]]["traits"]]
        while stack:
            t = stack.pop()
            tr = self.R[t]
            if "TraitList" in tr["!superclasses"]:
                stack.extend(ref(x) for x in tr["traits"])
                continue
            if name in (t, tr.get("cppInterfaceName"), tr.get("trait")):
                found = True
        return found

    def unwrap_opvar(self, a, op, name):
        ar = self.R[a]
        if "OpVariable" in ar["!superclasses"]:
            for dec in ar.get("decorators") or []:
                d = ref(dec)
                dr = self.R[d]
                if "MemoryEffect" in dr["!superclasses"] or "SideEffect" in dr["!superclasses"]:
                    op.setdefault("effects", []).append((name, dr.get("baseEffectName") or d))
                    op.setdefault("value_effects", {}).setdefault(name, []).append(self.effect_expr(dr, op["name"]))
            return ref(ar["constraint"])
        return a

    def value(self, a, name, where):
        ar = self.R[a]
        sc = ar["!superclasses"]
        kind = "single"
        seg = None
        base = a
        if "VariadicOfVariadic" in sc:
            kind = "vov"
            seg = ar["segmentAttrName"]
            base = ref(ar["baseType"])
        elif "Variadic" in sc:
            kind = "variadic"
            base = ref(ar["baseType"])
        elif "Optional" in sc:
            kind = "optional"
            base = ref(ar["baseType"])
        name = name or ""
        return dict(name=name, kind=kind, seg=seg,
                    expr=self.type_constraint(base, self.cur_cls + " " + (name or "result")))

    def region(self, reg, name, where):
        rr = self.R[reg]
        sc = rr["!superclasses"]
        variadic = "VariadicRegion" in sc
        if variadic:
            reg = ref(rr["region"])
            rr = self.R[reg]
            sc = rr["!superclasses"]
        if reg == "AnyRegion":
            expr = "ods::AnyRegion()"
        elif "SizedRegion" in sc and "MinSizedRegion" not in sc and "MaxSizedRegion" not in sc:
            m = re.search(r'region with (\d+) blocks', rr["summary"])
            expr = "ods::SizedRegion(%s)" % m.group(1)
        elif "MinSizedRegion" in sc:
            m = re.search(r'(\d+)', rr["summary"])
            expr = "ods::MinSizedRegion(%s)" % m.group(1)
        elif "MaxSizedRegion" in sc:
            m = re.search(r'(\d+)', rr["summary"])
            expr = "ods::MaxSizedRegion(%s)" % m.group(1)
        else:
            self.error(where, "region %s: unknown constraint %s" % (name, reg))
            expr = "ods::AnyRegion()"
        return dict(name=name, variadic=variadic, expr=expr)

    #===--------------------------------------------------------------------===#
    # Traits
    #===--------------------------------------------------------------------===#

    def trait(self, t, op):
        tr = self.R[t]
        sc = tr["!superclasses"]
        where = op["name"]
        if "OpInterface" in sc or "OpInterfaceTrait" in sc and "SideEffectsTraitBase" not in sc:
            iface = tr.get("cppInterfaceName") or tr.get("trait", "").replace("::Trait", "")
            if "SideEffectsTraitBase" in sc:
                self.side_effect_trait(t, tr, op)
                return
            self.interface(iface, tr, op)
            return
        if "SideEffectsTraitBase" in sc:
            self.side_effect_trait(t, tr, op)
            return
        if "PredOpTrait" in sc:
            self.pred_trait(t, tr, op)
            return
        if "GenInternalOpTrait" in sc:
            # Traits ODS itself interprets (SameVariadicOperandSize, ...).
            name = (tr.get("trait") or t).replace("::mlir::OpTrait::", "")
            self.native_trait(t, name, tr, op)
            return
        if "NativeOpTrait" in sc or "NativeTrait" in sc or "ParamNativeOpTrait" in sc:
            name = tr.get("trait", t)
            self.native_trait(t, name, tr, op)
            return
        self.error(where, "unknown trait %s" % t)

    def native_trait(self, t, name, tr, op):
        where = op["name"]
        simple = {
            "IsTerminator": "ods::IsTerminator()", "NoTerminator": "ods::NoTerminator()",
            "SingleBlock": "ods::SingleBlock()", "IsIsolatedFromAbove": "ods::IsolatedFromAbove()",
            "SymbolTable": "ods::SymbolTableTrait()", "AffineScope": "ods::AffineScope()",
            "AutomaticAllocationScope": "ods::AutomaticAllocationScope()", "ReturnLike": "ods::ReturnLike()",
            "ConstantLike": "ods::ConstantLike()", "IsCommutative": "ods::Commutative()",
            "IsIdempotent": "ods::Idempotent()", "IsInvolution": "ods::Involution()",
            "MemRefsNormalizable": "ods::MemRefsNormalizable()", "Elementwise": "ods::Elementwise()",
            "Scalarizable": "ods::Scalarizable()", "Vectorizable": "ods::Vectorizable()",
            "Tensorizable": "ods::Tensorizable()", "SameOperandsAndResultType": "ods::SameOperandsAndResultType()",
            "SameTypeOperands": "ods::SameTypeOperands()", "SameOperandsShape": "ods::SameOperandsShape()",
            "SameOperandsAndResultShape": "ods::SameOperandsAndResultShape()",
            "SameOperandsElementType": "ods::SameOperandsElementType()",
            "SameOperandsAndResultElementType": "ods::SameOperandsAndResultElementType()",
            "ResultsBroadcastableShape": "ods::ResultsBroadcastableShape()",
            "AttrSizedOperandSegments": "ods::AttrSizedOperandSegments()",
            "AttrSizedResultSegments": "ods::AttrSizedResultSegments()",
            "SameVariadicOperandSize": "ods::SameVariadicOperandSize()",
            "SameVariadicResultSize": "ods::SameVariadicResultSize()",
            "NoRegionArguments": "ods::NoRegionArguments()", "HasOnlyGraphRegion": "ods::HasOnlyGraphRegion()",
            "HasRecursiveMemoryEffects": "ods::RecursiveMemoryEffects()",
        }
        if name in simple:
            op["traits"].append(simple[name])
            return
        m = re.match(r'SingleBlockImplicitTerminator<(.*)>::Impl$', name)
        if m:
            term = self.op_name_of_class(m.group(1), where)
            op["traits"].append("ods::SingleBlockImplicitTerminator(%s)" % cpp_string(term))
            return
        m = re.match(r'HasParent<(.*)>::Impl$', name)
        if m:
            parents = [self.op_name_of_class(c.strip(), where) for c in m.group(1).split(",")]
            op["traits"].append("ods::HasParent({%s})" % ", ".join(cpp_string(p) for p in parents))
            return
        m = re.match(r'ParentOneOf<(.*)>::Impl$', name)
        if m:
            parents = [self.op_name_of_class(c.strip(), where) for c in m.group(1).split(",")]
            op["traits"].append("ods::HasParent({%s})" % ", ".join(cpp_string(p) for p in parents))
            return
        m = re.match(r'(\w+)(?:<(.*)>)?::Impl$', name)
        if m and m.group(1) in self.cfg.native_traits:
            ops = [self.op_name_of_class(c.strip(), where) for c in (m.group(2) or "").split(",") if c.strip()]
            op["traits"].append("%s({%s})" % (self.cfg.native_traits[m.group(1)],
                                              ", ".join(cpp_string(o) for o in ops)))
            return
        if name in ("OpAsmOpInterface::Trait",):
            self.interface("OpAsmOpInterface", tr, op)
            return
        if name == "AlwaysSpeculatableImplTrait":
            op["traits"].append("ods::AlwaysSpeculatable()")
            return
        if name == "RecursivelySpeculatableImplTrait":
            op["traits"].append("ods::RecursivelySpeculatable()")
            return
        # Traits without verification that Lamina does not model.
        if name in ("BytecodeOpInterface::Trait", "InferTypeOpAdaptor", "HasDefaultDLTIDataLayout"):
            op["traits"].append("/* %s */" % name)
            return
        self.error(where, "unknown native trait %s (%s)" % (name, t))

    def op_name_of_class(self, cls, where):
        cls = re.sub(r'^(::)?mlir::', '', cls.strip())
        ns = None
        m = re.match(r'(\w+)::(\w+)$', cls)
        if m:
            ns, cls = m.group(1), m.group(2)
        for k in self.R.defs_of("Op"):
            r = self.R[k]
            if op_class_name(k, self.R[ref(r["opDialect"])]) == cls:
                dr = self.R[ref(r["opDialect"])]
                if ns and dr["cppNamespace"].strip(":").split("::")[-1] != ns:
                    continue
                return dr["name"] + "." + r["opName"]
        known = {"func::FuncOp": "func.func", "ModuleOp": "builtin.module", "scf::YieldOp": "scf.yield"}
        if (ns + "::" + cls if ns else cls) in known:
            return known[ns + "::" + cls if ns else cls]
        self.error(where, "op class %s not found" % cls)
        return cls

    def effect_expr(self, dr, where):
        """An ods::MemRead/MemWrite/MemAlloc/MemFree for a MemoryEffect record."""
        kinds = {"::mlir::MemoryEffects::Read": "MemRead", "::mlir::MemoryEffects::Write": "MemWrite",
                 "::mlir::MemoryEffects::Allocate": "MemAlloc", "::mlir::MemoryEffects::Free": "MemFree"}
        kind = kinds.get((dr.get("effect") or "").strip())
        if not kind:
            self.error(where, "unknown memory effect %s" % dr.get("effect"))
            return "ods::MemRead()"
        res = (dr.get("resource") or "").strip()
        resource = "nullptr" if res.endswith("DefaultResource") else "%s::get()" % re.sub(r'^(::)?mlir::', '', res)
        stage = int(dr.get("stage") or 0)
        full = bool(dr.get("effectOnFullRegion") or 0)
        if resource == "nullptr" and stage == 0 and not full:
            return "ods::%s()" % kind
        return "ods::%s(%s, %d, %s)" % (kind, resource, stage, "true" if full else "false")

    def side_effect_trait(self, t, tr, op):
        name = t
        if name in ("NoMemoryEffect",):
            op["traits"].append("ods::NoMemoryEffect()")
        elif name == "AlwaysSpeculatable" or name == "AlwaysSpeculatableImplTrait":
            op["traits"].append("/* AlwaysSpeculatable */")
        else:
            effects = [self.effect_expr(self.R[ref(e)], op["name"]) for e in tr.get("effects") or []]
            op["traits"].append("ods::MemoryEffects({%s})" % ", ".join(effects))

    def interface(self, iface, tr, op):
        """Appends the Lamina trait of interface `iface` (record `tr`). An
        interface declared with `verifyWithRegions` verifies with the
        region verifiers."""
        # DeclareOpInterfaceMethods<I> records do not carry I's verification:
        # take it from the interface's own record.
        base = self.interface_record(iface) or tr
        if base is not tr:
            tr = dict(tr, verify=base.get("verify"), verifyWithRegions=base.get("verifyWithRegions"))
        count = len(op["traits"])
        self.interface_trait(iface, tr, op)
        if tr.get("verifyWithRegions") and (tr.get("verify") or "").strip():
            for i in range(count, len(op["traits"])):
                if not op["traits"][i].startswith("/*"):
                    op["traits"][i] = "ods::verifiedWithRegions(%s)" % op["traits"][i]

    def interface_record(self, iface):
        """The record defining op interface `iface` (not a
        DeclareOpInterfaceMethods use of it)."""
        for k in self.R.defs_of("OpInterface"):
            r = self.R[k]
            if r.get("cppInterfaceName") == iface and "DeclareOpInterfaceMethods" not in r["!superclasses"] \
                    and not r.get("!anonymous"):
                return r
        return None

    def interface_trait(self, iface, tr, op):
        where = op["name"]
        overridden = tr.get("alwaysOverriddenMethods") or []
        verify = (tr.get("verify") or "").strip()
        cls = op["cls"]
        if iface == "OpAsmOpInterface":
            # An op may declare it more than once (one method each time):
            # one implementation with every method, at the first place.
            if "opasm" not in op:
                op["opasm"] = (len(op["traits"]), [])
                op["traits"].append(None)
            index, names = op["opasm"]
            for m in overridden:
                if m in ("getAsmResultNames", "getAsmBlockArgumentNames", "getDefaultDialect") and m not in names:
                    names.append(m)
                    op["hooks"].append(m)
            methods = []
            if "getAsmResultNames" in names:
                methods.append(".getAsmResultNames = [](Operation *op, OpAsmSetValueNameFn fn) { "
                               "%s(op).getAsmResultNames(fn); }" % cls)
            if "getAsmBlockArgumentNames" in names:
                methods.append(".getAsmBlockArgumentNames = [](Operation *op, Region &r, OpAsmSetValueNameFn fn) { "
                               "%s(op).getAsmBlockArgumentNames(r, fn); }" % cls)
            if "getDefaultDialect" in names:
                methods.append(".getDefaultDialect = &%s::getDefaultDialect" % cls)
            op["traits"][index] = "ods::Implements<OpAsmOpInterface>({%s})" % ", ".join(methods)
            return
        if iface == "InferTypeOpInterface":
            # InferTypeOpAdaptorWithIsCompatible: the op also compares the
            # inferred types with the actual ones by hand.
            if self.declares_trait_list(op, "InferTypeOpAdaptorWithIsCompatible"):
                op["traits"].append("ods::Implements<InferTypeOpInterface>({&%s::inferReturnTypes, "
                                    "&%s::isCompatibleReturnTypes})" % (cls, cls))
                op["hooks"].append("isCompatibleReturnTypes")
            else:
                op["traits"].append("ods::Implements<InferTypeOpInterface>({&%s::inferReturnTypes})" % cls)
            op["hooks"].append("inferReturnTypes")
            return
        if iface == "CastOpInterface":
            op["traits"].append("ods::CastOpInterface(&%s::areCastCompatible)" % op["cls"])
            op["hooks"].append("areCastCompatible")
            return
        if iface == "SymbolOpInterface":
            # FunctionOpInterface makes an external function a declaration.
            if any(t.startswith("function_interface_impl::") or "FunctionOpInterface" in t for t in op["traits"]) \
                    or self.op_declares(op, "FunctionOpInterface"):
                op["traits"].append("ods::Symbol({.isDeclaration = ods::isExternalFunction})")
            else:
                op["traits"].append("ods::Symbol()")
            return
        if iface == "ConditionallySpeculatable":
            # AlwaysSpeculatable / RecursivelySpeculatable: the impl trait
            # that follows implements it; otherwise the op does.
            if any(t in ("AlwaysSpeculatableImplTrait", "RecursivelySpeculatableImplTrait") for t in op["flat"]):
                op["traits"].append("/* ConditionallySpeculatable */")
            else:
                op["traits"].append("ods::Implements<ConditionallySpeculatable>({[](Operation *op) { "
                                    "return %s(op).getSpeculatability(); }})" % cls)
                op["hooks"].append("getSpeculatability")
            return
        if iface == "MemoryEffectOpInterface" and "DeclareOpInterfaceMethods" not in tr["!superclasses"]:
            # Listed plainly: getEffects is generated from the declared
            # effects (the operands' and results' decorators).
            op["traits"].append("ods::MemoryEffects({})")
            return
        if iface == "MemoryEffectOpInterface":
            op["traits"].append("ods::Implements<MemoryEffectOpInterface>({[](Operation *op, "
                                "SmallVectorImpl<MemoryEffects::EffectInstance> &effects) { "
                                "%s(op).getEffects(effects); }})" % cls)
            op["hooks"].append("getEffects")
            return
        if iface == "RegionBranchTerminatorOpInterface" and "ReturnLike" in op["flat"]:
            # The ReturnLike trait implements it (forwarding every operand).
            op["traits"].append("/* RegionBranchTerminatorOpInterface */")
            return
        if iface == "RegionKindInterface" and "HasOnlyGraphRegion" in op["flat"]:
            # HasOnlyGraphRegion implements it.
            op["traits"].append("/* RegionKindInterface */")
            return
        if iface in TRAIT_INTERFACES:
            op["traits"].append(TRAIT_INTERFACES[iface].replace("$Op", op["cls"]))
            for h in TRAIT_INTERFACE_HOOKS.get(iface, []):
                op["hooks"].append(h)
            return
        # Verification made of compile-time checks only (static_assert).
        if verify and re.sub(r'static_assert\([^;]*\);', '', norm(verify)).strip() == "return success();":
            verify = ""
        if iface == "SubsetOpInterface" and verify:
            # verifySubsetOpInterface: exactly one of the extraction and
            # insertion interfaces; decided by the op's declarations.
            ext = self.op_declares(op, "SubsetExtractionOpInterface")
            ins = self.op_declares(op, "SubsetInsertionOpInterface")
            if ext != ins:
                self.unimplemented[iface] += 1
                return
        if iface == "FunctionOpInterface" and not self.has_builtin_function_type(op):
            # A function type of the dialect's own (LLVM's !llvm.func): the
            # op's hand-written members give the argument and result types.
            op["traits"].append(
                "ods::Implements<FunctionOpInterface>({.getFunctionType = [](Operation *op) -> Type { "
                "auto t = dyn_cast_or_null<TypeAttr>(op->getInherentAttr(\"function_type\")); "
                "return t ? t.getValue() : Type(); }, "
                ".getArgumentTypes = [](Operation *op) { return %s(op).getArgumentTypes(); }, "
                ".getResultTypes = [](Operation *op) { return %s(op).getResultTypes(); }})" % (cls, cls))
            self.source_includes.add("lamina/Interfaces/FunctionInterfaces.h")
            op["hooks"] += ["getArgumentTypes", "getResultTypes"]
            return
        if iface == "FunctionOpInterface":
            # verifyType/verifyBody: interface methods with defaults that an
            # op may redefine in its extraClassDeclaration (gpu.func).
            decl = strip_comments(self.R[op["rec"]].get("extraClassDeclaration") or "")
            args = []
            for m in ("verifyType", "verifyBody"):
                if re.search(r'\bLogicalResult\s+%s\s*\(\s*\)' % m, decl):
                    args.append("[](Operation *op) { return %s(op).%s(); }" % (cls, m))
                    op["hooks"].append(m)
                else:
                    args.append("nullptr")
            op["traits"].append("ods::FunctionOpInterface(%s)" % (", ".join(args) if args != ["nullptr"] * 2 else ""))
            self.source_includes.add("lamina/ODS/InterfaceTraits.h")
            return
        if verify:
            if iface in VERIFYING_INTERFACES:
                expr, header, hooks = VERIFYING_INTERFACES[iface]
                hooks = list(hooks)
                more = ""
                for m in overridden:
                    opt = INTERFACE_OPTIONAL_METHODS.get(iface, {}).get(m)
                    if opt:
                        more += ", " + opt[0]
                        hooks.append(opt[1])
                    elif m not in hooks:
                        self.error(where, "interface %s: overridden method %s not mapped" % (iface, m))
                op["traits"].append(expr.replace("$More", more).replace("$Op", op["cls"]))
                self.source_includes.add(header)
                if hooks and not header.startswith("lamina/Dialect/%s/" % self.cfg.dir):
                    # The hand-written members' types (a header of the
                    # dialect's own includes the generated one instead).
                    self.includes.add(header)
                for h in hooks:
                    op["hooks"].append(h)
                return
            if iface in UNVERIFIABLE_INTERFACES:
                self.unimplemented[iface] += 1
                return
            self.error(where, "interface %s verifies (`%s`) and has no Lamina implementation" % (iface, norm(verify)))
            return
        if iface in DEFAULT_INTERFACES and not overridden:
            expr, header = DEFAULT_INTERFACES[iface]
            op["traits"].append(expr)
            self.extra_includes.add(header)
            return
        self.unimplemented[iface] += 1

    def has_builtin_function_type(self, op):
        """Whether the op's `function_type` attribute holds a builtin
        FunctionType (or it has none)."""
        for a in op["attrs"]:
            if a["name"] == "function_type":
                r = self.R[a["rec"]]
                if "OptionalAttr" in r["!superclasses"] or "DefaultValuedAttr" in r["!superclasses"]:
                    r = self.R[ref(r["baseAttr"])]
                ret = re.sub(r'^(::)?mlir::', '', (r.get("returnType") or "").strip())
                return ret in ("", "FunctionType", "Type")
        return True

    def pred_trait(self, t, tr, op):
        where = op["name"]
        summary = tr.get("summary") or ""
        pred = ref(tr["predicate"])
        pr = self.R[pred]
        sc = tr["!superclasses"]
        if "ShapedTypeMatchesElementCountAndTypes" in sc:
            # As mlir-tblgen's format generator: the element types follow
            # from the shaped type (one per element), which the format may
            # then omit; verified as the same list.
            shaped, elements = tr["shaped"], tr["elements"]
            fn = "transform_%s_%s_%s" % (op["cls"], ident(shaped), ident(elements))
            self.pred_fns[fn] = (
                "/// %s\nstatic void %s(Type self, SmallVectorImpl<Type> &out) {\n"
                "  auto shaped = dyn_cast<ShapedType>(self);\n  if (!shaped || !shaped.hasRank())\n    return;\n"
                "  int64_t n = 1;\n  for (int64_t d : shaped.getShape())\n    n *= d;\n"
                "  for (int64_t i = 0; i < n; ++i)\n    out.push_back(shaped.getElementType());\n}\n" % (summary, fn))
            op["traits"].append("ods::TypesMatchWith(%s, %s, %s, %s, true)" % (
                cpp_string(summary), cpp_string(shaped), cpp_string(elements), fn))
            return
        # AllTypesMatch & co.
        m_all = None
        if "AllMatchSameOperatorTrait" in sc:
            names = tr["values"]
            kinds = {"AllTypesMatch": "ods::AllTypesMatch", "AllElementTypesMatch": "ods::AllElementTypesMatch",
                     "AllShapesMatch": "ods::AllShapesMatch", "AllRanksMatch": "ods::AllRanksMatch"}
            for k, v in kinds.items():
                if k in sc:
                    op["traits"].append("%s({%s})" % (v, ", ".join(cpp_string(n) for n in names)))
                    return
        if "TypesMatchWith" in sc:
            lhs, rhs = tr["lhs"], tr["rhs"]
            transform = tr["transformer"]
            comparator = (tr.get("comparator") or "std::equal_to<>()").strip()
            # OptionalTypesMatchWith: "!getLhs() || !getRhs() || std::equal_to<>()".
            optional = "OptionalTypesMatchWith" in sc
            if optional:
                comparator = re.sub(r'^(!get\w+\(\)\s*\|\|\s*)+', '', comparator).strip()
            if comparator != "std::equal_to<>()":
                self.error(where, "TypesMatchWith comparator %s" % comparator)
            # A list of types: RangedTypesMatchWith, or a transform building one.
            is_range = ("RangedTypesMatchWith" in sc or transform.lstrip().startswith("SmallVector<")
                        or re.search(r'\.get(Inputs|Results|Types)\(\)\s*$', transform) is not None)
            try:
                cpp = self.tr(transform, {"$_self": "self"})
            except Untranslatable as e:
                self.error(where, "TypesMatchWith transform `%s`: unknown %s" % (transform, e))
                cpp = "self"
            fn = "transform_%s_%s_%s" % (op["cls"], ident(lhs), ident(rhs))
            if is_range:
                body = "  for (Type t : %s)\n    out.push_back(t);" % cpp
            else:
                body = "  out.assign(1, Type(%s));" % cpp
            self.pred_fns[fn] = "/// %s\nstatic void %s(Type self, SmallVectorImpl<Type> &out) {\n%s\n}\n" % (
                summary, fn, body)
            if optional and is_range:
                self.error(where, "OptionalTypesMatchWith over a range")
            op["traits"].append("ods::%sTypesMatchWith(%s, %s, %s, %s%s)" % (
                "Optional" if optional else "",
                cpp_string(summary), cpp_string(lhs), cpp_string(rhs), fn, ", true" if is_range else ""))
            return
        # A generic predicate over the op.
        cond = pred_condition(self.R, pred)
        subst = {"$_op": "(*op)"}
        for v in op["operands"]:
            subst["$" + v["name"]] = "%s(op).get%s()" % (op["cls"], camel(v["name"]))
        for v in op["results"]:
            subst["$" + v["name"]] = "%s(op).get%s()" % (op["cls"], camel(v["name"]))
        for a in op["attrs"]:
            subst["$" + a["name"]] = "%s(op).get%sAttr()" % (op["cls"], camel(a["name"]))
        try:
            cpp = self.tr(cond, subst, op_class=op["cls"])
        except Untranslatable as e:
            self.error(where, "predicate trait '%s': unknown %s in `%s`" % (summary, e, norm(cond)))
            return
        fn = "pred_%s_%d" % (op["cls"], len(self.pred_fns))
        self.pred_fns[fn] = "/// %s\nstatic bool %s(Operation *op) { return %s; }\n" % (summary, fn, cpp)
        op["traits"].append("ods::PredOpTrait(%s, %s)" % (cpp_string(summary), fn))


# TraitLists Lamina has one factory for.
FOLDED_TRAIT_LISTS = {"Pure": "ods::Pure()"}

# Interfaces with a Lamina trait, by MLIR name; `$Op` is the op class.
TRAIT_INTERFACES = {
    "SymbolUserOpInterface": "ods::Implements<SymbolUserOpInterface>({&$Op::verifySymbolUses})",
    "RegionKindInterface": "ods::Implements<RegionKindInterface>({&$Op::getRegionKind})",
}
TRAIT_INTERFACE_HOOKS = {
    "SymbolUserOpInterface": ["verifySymbolUses"],
    "RegionKindInterface": ["getRegionKind"],
}
# Interfaces whose methods all have defaults Lamina implements: (trait, header).
DEFAULT_INTERFACES = {
    "ArithFastMathInterface": ("ods::Implements<arith::ArithFastMathInterface>({})",
                               "lamina/Dialect/Arith/ArithInterfaces.h"),
    "ArithIntegerOverflowFlagsInterface": ("ods::Implements<arith::ArithIntegerOverflowFlagsInterface>({})",
                                           "lamina/Dialect/Arith/ArithInterfaces.h"),
    "ArithRoundingModeInterface": ("ods::Implements<arith::ArithRoundingModeInterface>({})",
                                   "lamina/Dialect/Arith/ArithInterfaces.h"),
    "VectorUnrollOpInterface": ("ods::Implements<VectorUnrollOpInterface>({})", "lamina/Interfaces/VectorInterfaces.h"),
}
# Interfaces whose verification Lamina implements: MLIR name -> (trait
# expression, header, hand-written members it calls). `$Op` is the op class.
VERIFYING_INTERFACES = {
    # linalg's structured op interfaces (lamina/Dialect/Linalg/LinalgInterfaces.h).
    "LinalgOp": ("ods::Implements<linalg::LinalgOp>(linalg::LinalgOp::modelOf<$Op>())",
                 "lamina/Dialect/Linalg/LinalgInterfaces.h",
                 ["getIndexingMaps", "getIteratorTypesArray", "hasDynamicIndexingMaps",
                  "verifyIndexingMapRequiredAttributes"]),
    "ContractionOpInterface": ("ods::Implements<linalg::ContractionOpInterface>({})",
                               "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "ConvolutionOpInterface": ("ods::Implements<linalg::ConvolutionOpInterface>({})",
                               "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "FillOpInterface": ("ods::Implements<linalg::FillOpInterface>({})", "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "BranchOpInterface": (
        "ods::Implements<BranchOpInterface>({.getSuccessorOperands = [](Operation *op, unsigned i) { "
        "return $Op(op).getSuccessorOperands(i); }})",
        "lamina/Interfaces/ControlFlowInterfaces.h", ["getSuccessorOperands"]),
    "WeightedBranchOpInterface": ("ods::Implements<WeightedBranchOpInterface>({})",
                                  "lamina/Interfaces/ControlFlowInterfaces.h", []),
    # The llvm dialect's own (lamina/Dialect/LLVMIR/LLVMInterfaces.h).
    "AccessGroupOpInterface": ("ods::Implements<LLVM::AccessGroupOpInterface>({})",
                               "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    "AliasAnalysisOpInterface": ("ods::Implements<LLVM::AliasAnalysisOpInterface>({})",
                                 "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    "DereferenceableOpInterface": ("ods::Implements<LLVM::DereferenceableOpInterface>({})",
                                   "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    "OffsetSizeAndStrideOpInterface": (
        "ods::OffsetSizeAndStrideOpInterface([](Operation *op) { return $Op(op).getArrayAttrMaxRanks(); })",
        "lamina/ODS/InterfaceTraits.h", ["getArrayAttrMaxRanks"]),
    "DestinationStyleOpInterface": (
        "ods::DestinationStyleOpInterface([](Operation *op) { return $Op(op).getDpsInits(); })",
        "lamina/ODS/InterfaceTraits.h", ["getDpsInits"]),
    "ShapedDimOpInterface": ("ods::ShapedDimOpInterface()", "lamina/ODS/InterfaceTraits.h", []),
    "FunctionOpInterface": ("ods::FunctionOpInterface()", "lamina/ODS/InterfaceTraits.h", []),
    # The methods the op overrides besides getSuccessorRegions are added
    # by interface_trait (`.areTypesCompatible = ...`).
    "RegionBranchOpInterface": (
        "ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = [](Operation *op, RegionBranchPoint point, "
        "SmallVectorImpl<RegionSuccessor> &regions) { $Op(op).getSuccessorRegions(point, regions); }$More})",
        "lamina/Interfaces/ControlFlowInterfaces.h", ["getSuccessorRegions"]),
}
# Optional methods of verifying interfaces that an op may override:
# interface -> {method: (designated initializer, hook)}.
INTERFACE_OPTIONAL_METHODS = {
    "RegionBranchOpInterface": {
        "areTypesCompatible": (".areTypesCompatible = [](Operation *op, Type lhs, Type rhs) { "
                               "return $Op(op).areTypesCompatible(lhs, rhs); }", "areTypesCompatible"),
        "getEntrySuccessorOperands": (".getEntrySuccessorOperands = [](Operation *op, RegionSuccessor s) { "
                                      "return $Op(op).getEntrySuccessorOperands(s); }", "getEntrySuccessorOperands"),
        "getRegionInvocationBounds": (".getRegionInvocationBounds = [](Operation *op, ArrayRef<Attribute> operands, "
                                      "SmallVectorImpl<InvocationBounds> &bounds) { "
                                      "$Op(op).getRegionInvocationBounds(operands, bounds); }",
                                      "getRegionInvocationBounds"),
    },
}
# Interfaces whose verification needs what Lamina does not have (a dialect
# it does not register): listed as not implemented, not an error.
UNVERIFIABLE_INTERFACES = {
    "DataLayoutOpInterface",   # verifies `dlti.dl_spec` attributes (no dlti dialect)
}


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def op_class_name(rec, dialect_rec):
    """The C++ class of an op record: the record name without the dialect prefix."""
    # ODS: the class name is the def name with everything up to the first '_' removed.
    i = rec.find("_")
    return rec[i + 1:] if i >= 0 else rec


#===------------------------------------------------------------------------===#
# Attribute and type definitions
#===------------------------------------------------------------------------===#

# Parameter C++ types (ODS cppType, without ::mlir::) -> the Lamina storage type.
PARAM_TYPES = {
    "Type": "Type", "Attribute": "Attribute", "TypedAttr": "TypedAttr", "StringAttr": "StringAttr",
    "::llvm::StringRef": "std::string_view", "llvm::StringRef": "std::string_view", "StringRef": "std::string_view",
    "int64_t": "int64_t", "uint64_t": "uint64_t", "int32_t": "int32_t", "uint32_t": "uint32_t",
    "unsigned": "unsigned", "int": "int", "bool": "bool",
    "::llvm::ArrayRef<int64_t>": "ArrayRef<int64_t>",
    "IntegerAttr": "IntegerAttr", "FloatAttr": "FloatAttr", "ArrayAttr": "ArrayAttr",
    "DictionaryAttr": "DictionaryAttr", "FlatSymbolRefAttr": "FlatSymbolRefAttr", "SymbolRefAttr": "SymbolRefAttr",
    "AffineMap": None, "::llvm::APFloat": "APFloat", "llvm::APFloat": "APFloat", "APFloat": "APFloat",
    "::llvm::APInt": "APInt", "llvm::APInt": "APInt", "APInt": "APInt",
}


def import_attr_type_defs(imp):
    R = imp.R
    for cls_name, is_type in (("AttrDef", False), ("TypeDef", True)):
        for k in R.defs_of(cls_name):
            r = R[k]
            if ref(r.get("dialect")) != imp.cfg.record:
                continue
            if r["cppClassName"] in imp.cfg.handwritten:
                continue   # the dialect defines and registers the class itself
            where = ("type " if is_type else "attribute ") + k
            d = dict(rec=k, is_type=is_type, cls=r["cppClassName"], mnemonic=r.get("mnemonic"),
                     summary=norm(r.get("summary") or ""), params=[], format=None,
                     custom=bool(r.get("hasCustomAssemblyFormat")), verify=bool(r.get("genVerifyDecl")),
                     typed=False, enum=None, alias=bool(r.get("genMnemonicAlias")))
            d["interfaces"] = []
            for t in r.get("traits") or []:
                if ref(t) == "TypedAttrInterface":
                    d["typed"] = True
                elif imp.is_own_interface(ref(t)):
                    d["interfaces"].append(imp.interface_class(ref(t)))
                elif R[ref(t)].get("cppInterfaceName") in EXTERNAL_ATTR_INTERFACES:
                    cls, hdr = EXTERNAL_ATTR_INTERFACES[R[ref(t)]["cppInterfaceName"]]
                    d["interfaces"].append(cls)
                    imp.includes.add(hdr)
                else:
                    imp.unimplemented[R[ref(t)].get("cppInterfaceName") or ref(t)] += 1
            if "EnumAttr" in r["!superclasses"]:
                d["enum"] = imp.enum_info(ref(r["enum"]), where)
            fmt = r.get("assemblyFormat")
            if isinstance(fmt, str):
                d["format"] = fmt
                for name in re.findall(r'custom<(\w+)>', fmt):
                    imp.def_directives.add(name)
            ok = True
            for p, pname in r["parameters"]["args"]:
                pd = ref(p)
                ptype, spec = None, {}
                if pd is None:  # a plain string parameter: the C++ type
                    cpp = p if isinstance(p, str) else ""
                else:
                    pr = R[pd]
                    cpp = pr.get("cppType") or ""
                    psc = pr["!superclasses"]
                    if "EnumParameter" in psc:
                        ptype = imp.enum_cpp_type(cpp)
                        spec["enum"] = imp.enum_info_by_cpp(cpp, where)
                    if "AttributeSelfTypeParameter" in psc:
                        spec["selfType"] = True
                    if "OptionalParameter" in psc or (pr.get("defaultValue") or "").strip():
                        spec["optional"] = True
                    if pd in imp.cfg.param_specs:
                        spec["handParam"] = imp.cfg.param_specs[pd]
                    elif pr.get("parser") and "EnumParameter" not in psc:
                        spec["customParser"] = True
                if ptype is None and not spec.get("customParser") and imp.own_enum_record(cpp):
                    ptype = imp.enum_cpp_type(cpp)
                    spec["enum"] = imp.enum_info_by_cpp(cpp, where)
                    spec["enumField"] = True   # FieldParser and operator<<
                if ptype is None:
                    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
                    own = imp.own_param_class(short)
                    if short == "AffineMap":
                        ptype = "AffineMap"
                        spec["affineMap"] = True
                    elif own:
                        # An attribute/type class or interface of the dialect.
                        ptype, spec["classParam"] = own
                    elif imp.array_param(short, spec):
                        ptype = spec.pop("arrayType")
                    elif re.match(r'std::optional<\s*(unsigned|unsigned int|uint64_t|uint32_t)\s*>$', short):
                        ptype = "std::optional<%s>" % re.match(r'std::optional<\s*(.*?)\s*>$', short).group(1)
                    elif short in BUILTIN_ATTR_CLASSES and short != "Attribute" or short == "FusedLoc":
                        # A builtin attribute class: "invalid kind of attribute specified" otherwise.
                        ptype, spec["classParam"] = short, "isa"
                    elif short in PARAM_TYPES:
                        ptype = PARAM_TYPES[short]
                    elif re.match(r'(\w+)::(\w+)$', short) and short.split("::")[0] in DIALECT_NAMESPACES:
                        ptype = short
                    elif short in KNOWN_CLASSES:
                        ptype = short
                    else:
                        # ArrayRefParameter<"SomeAttr"> (ArrayOfAttr): an array of attributes.
                        m = re.match(r'(::)?(llvm::)?ArrayRef<\s*(::)?(mlir::)?(\w+)\s*>$', cpp.strip())
                        if m and (m.group(5) in imp.own_attr_classes() or
                                  PARAM_TYPES.get(m.group(5), "").endswith("Attr") or m.group(5) == "Attribute"):
                            ptype = "ArrayRef<%s>" % m.group(5)
                if ptype is None:
                    if d["custom"]:
                        d["params"].append(dict(name=pname, type=None, cpp=cpp, **spec))
                        continue
                    imp.error(where, "parameter %s: unsupported C++ type %s" % (pname, cpp))
                    ok = False
                    continue
                d["params"].append(dict(name=pname, type=ptype, cpp=cpp, **spec))
            if any(p.get("customParser") for p in d["params"]) and not d["custom"]:
                imp.error(where, "parameters with custom parsers")
            if ok:
                (imp.type_defs if is_type else imp.attr_defs).append(d)
    # A class whose parameters name another of the dialect's classes
    # (ArrayRef<VariadicityAttr>) is declared after it.
    for defs in (imp.attr_defs, imp.type_defs):
        ordered, placed = [], set()
        pending = list(defs)
        while pending:
            for d in pending:
                uses = {c for p in d["params"] if p.get("type") for c in re.findall(r'\w+', p["type"])}
                if not (uses & ({x["cls"] for x in pending} - {d["cls"]})):
                    break
            else:
                d = pending[0]
            pending.remove(d)
            ordered.append(d)
        defs[:] = ordered


def array_param(self, cpp, spec):
    """For an `ArrayRef<T>` parameter: sets spec["arrayType"] (the storage
    type) and, for arrays of attributes or types, spec["arrayOf"] (how each
    element parses: 'class', 'isa' or 'plain'); False for other types."""
    m = re.match(r'(?:(?:::)?llvm::)?ArrayRef<\s*(.+?)\s*>$', cpp)
    if not m:
        return False
    elem = re.sub(r'^(::)?mlir::', '', m.group(1))
    if elem in ("unsigned", "unsigned int", "uint64_t", "uint32_t"):
        spec["arrayType"] = "ArrayRef<%s>" % ("unsigned" if elem.startswith("unsigned") else elem)
        return True
    own = self.own_param_class(elem)
    if own:
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % own[0], own[1]
    elif elem in ("Type", "Attribute"):
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % elem, "plain"
    elif elem in BUILTIN_ATTR_CLASSES:
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % elem, "isa"
    else:
        return False
    spec["element"] = spec["arrayType"][len("ArrayRef<"):-1]
    return True


Importer.array_param = array_param


def own_param_class(self, cpp):
    """For a parameter's C++ type naming an attribute/type class of the
    dialect (`KernelTableAttr`) or one of its attribute/type interfaces
    (`DIScopeAttr`): (class name, 'class' or 'isa'); else None."""
    name = cpp[len(self.cfg.ns) + 2:] if cpp.startswith(self.cfg.ns + "::") else cpp
    if not re.match(r'\w+$', name):
        return None
    if name in self.cfg.handwritten:
        return name, "isa"   # a hand-written class (LLVM's DIScopeAttr base class)
    for cls in ("AttrDef", "TypeDef"):
        for k in self.R.defs_of(cls):
            r = self.R[k]
            if ref(r.get("dialect")) == self.cfg.record and r.get("cppClassName") == name:
                return name, ("class" if (r.get("mnemonic") or r.get("hasCustomAssemblyFormat")) else "isa")
    for cls in ("AttrInterface", "TypeInterface"):
        for k in self.R.defs_of(cls):
            if self.R[k].get("cppInterfaceName") == name and self.is_own_interface(k):
                return self.interface_class(k), "isa"
    return None


def is_own_interface(self, rec):
    """An attribute/type interface of this dialect's namespace."""
    r = self.R[rec]
    sc = r["!superclasses"]
    if "AttrInterface" not in sc and "TypeInterface" not in sc:
        return False
    ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
    return ns == self.cfg.ns


def interface_class(self, rec):
    """Records an attribute/type interface to generate; its class name."""
    r = self.R[rec]
    name = r["cppInterfaceName"]
    self.attr_interfaces[name] = dict(rec=rec, name=name, is_type="TypeInterface" in r["!superclasses"],
                                      description=norm(r.get("description") or ""),
                                      methods=len(r.get("methods") or []))
    return name


def own_attr_classes(self):
    """The C++ class names of this dialect's AttrDefs."""
    return {self.R[k]["cppClassName"] for k in self.R.defs_of("AttrDef")
            if ref(self.R[k].get("dialect")) == self.cfg.record}


Importer.is_own_interface = is_own_interface
Importer.own_attr_classes = own_attr_classes
Importer.interface_class = interface_class


def enum_cpp_type(self, cpp):
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    if short.startswith(self.cfg.ns + "::"):
        return short[len(self.cfg.ns) + 2:]
    # An enum of a namespace that is not a dialect's (MLIR's utils::
    # IteratorType) is emitted in the dialect's namespace.
    m = re.match(r'(\w+)::(\w+)$', short)
    if m and m.group(1) not in DIALECT_NAMESPACES:
        for k in self.R.defs_of("EnumAttrInfo") + self.R.defs_of("EnumInfo"):
            r = self.R[k]
            ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
            if r.get("className") == m.group(2) and ns == m.group(1):
                return m.group(2)
    return short


def own_enum_record(self, cpp):
    """The enum record of C++ type `cpp` (qualified, or unqualified in the
    dialect's namespace), or None."""
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    for k in self.R.defs_of("EnumAttrInfo") + self.R.defs_of("EnumInfo"):
        r = self.R[k]
        ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
        if (ns + "::" + r["className"]) == short:
            return k
        # An enum of the dialect's namespace or of one nested in it, named
        # from the dialect's namespace (LLVM's `linkage::Linkage`) or
        # unqualified (`TailCallKind`, brought in by `using`).
        if (ns + "::").startswith(self.cfg.ns + "::") and (
                ns + "::" + r["className"]).endswith("::" + short) and short.split("::")[-1] == r["className"]:
            return k
    return None


def enum_info_by_cpp(self, cpp, where):
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    k = self.own_enum_record(cpp)
    if k:
        return self.enum_info(k, where)
    for k, (cls, info) in EXTERNAL_ENUMS.items():
        if cls == short:
            return info
    self.error(where, "enum %s not found" % cpp)
    return "/* unknown enum */"


Importer.enum_cpp_type = enum_cpp_type
Importer.own_param_class = own_param_class
Importer.own_enum_record = own_enum_record
Importer.enum_info_by_cpp = enum_info_by_cpp

#===------------------------------------------------------------------------===#
# Emission
#===------------------------------------------------------------------------===#

def banner(title):
    return "//===%s===//\n// %s\n//===%s===//\n" % ("-" * 70, title, "-" * 70)


def header_line(path, what):
    name = os.path.basename(path)
    s = "//===- %s - %s " % (name, what)
    return s + "-" * max(3, 77 - len(s)) + "===//\n"


def generated_note(cfg):
    tds = ", ".join("mlir/" + t for t in cfg.tds)
    return ("//\n// GENERATED by `utils/import-ods.py %s` from MLIR 22.1.8's ODS records\n"
            "// (%s). Do not edit: change the importer or the\n"
            "// hand-written hooks and regenerate.\n//\n" % (cfg.name, tds))


def accessor_name(name):
    return "get" + camel(name)


RESERVED_GETTERS = {"getResult", "getOperation", "getContext", "getLoc", "getTypeID"}

# Hand-written members, by hook name: (declaration in the op class).
HOOK_DECLS = {
    "isCompatibleReturnTypes": "static bool isCompatibleReturnTypes(TypeRange l, TypeRange r);",
    "getDefaultIndexingMaps": "static SmallVector<AffineMap, 3> getDefaultIndexingMaps(MLIRContext *context);",
    "getIndexingMaps": "ArrayAttr getIndexingMaps();",
    "getIteratorTypesArray": "void getIteratorTypesArray(SmallVectorImpl<IteratorType> &types);",
    "hasDynamicIndexingMaps": "bool hasDynamicIndexingMaps();",
    "verifyIndexingMapRequiredAttributes": "LogicalResult verifyIndexingMapRequiredAttributes();",
    "verify": "LogicalResult verify();",
    # LLVM's vector intrinsics (extraClassDeclaration).
    "getSrcVectorBitWidth": "uint64_t getSrcVectorBitWidth();",
    "getDstVectorBitWidth": "uint64_t getDstVectorBitWidth();",
    "getResVectorBitWidth": "uint64_t getResVectorBitWidth();",
    "getSuccessorOperands": "SuccessorOperands getSuccessorOperands(unsigned index);",
    "getArgumentTypes": "ArrayRef<Type> getArgumentTypes();",
    "getResultTypes": "ArrayRef<Type> getResultTypes();",
    "verifyRegions": "LogicalResult verifyRegions();",
    "parse": "static ParseResult parse(OpAsmParser &parser, OperationState &result);\n  void print(OpAsmPrinter &p);",
    "getAsmResultNames": "void getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn);",
    "getAsmBlockArgumentNames": "void getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn);",
    "getDefaultDialect": "static std::string_view getDefaultDialect();",
    "areCastCompatible": "static bool areCastCompatible(TypeRange inputs, TypeRange outputs);",
    "inferReturnTypes": "static LogicalResult inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred);",
    "verifySymbolUses": "static LogicalResult verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable);",
    "getArrayAttrMaxRanks": "std::array<unsigned, 3> getArrayAttrMaxRanks();",
    "getRegionKind": "static RegionKind getRegionKind(unsigned index);",
    "getDpsInits": "OperandRange getDpsInits();",
    "getRegionKind": "static RegionKind getRegionKind(unsigned index);",
    "getSpeculatability": "Speculation::Speculatability getSpeculatability();",
    "getEffects": "void getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects);",
    "getSuccessorRegions": "void getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions);",
    "areTypesCompatible": "bool areTypesCompatible(Type lhs, Type rhs);",
    "verifyType": "LogicalResult verifyType();",
    "verifyBody": "LogicalResult verifyBody();",
    "getEntrySuccessorOperands": "OperandRange getEntrySuccessorOperands(RegionSuccessor successor);",
    "getRegionInvocationBounds": "void getRegionInvocationBounds(ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds);",
}


def attr_getter_type(imp, a):
    """The C++ class of an attribute's getter and an optional value getter."""
    rec = a["rec"]
    r = imp.R[rec]
    sc = r["!superclasses"]
    if "OptionalAttr" in sc or "DefaultValuedAttr" in sc or "DefaultValuedOptionalAttr" in sc:
        rec = ref(r["baseAttr"])
        r = imp.R[rec]
        sc = r["!superclasses"]
    if rec in EXTERNAL_ENUM_ATTRS:
        return EXTERNAL_ENUM_ATTRS[rec][0]
    if "AttrDef" in sc:
        return imp.attr_class_name(rec)
    storage = re.sub(r'^(::)?mlir::', '', (r.get("storageType") or "Attribute").strip())
    if storage in BUILTIN_ATTR_CLASSES or storage in KNOWN_CLASSES:
        if storage == "LocationAttr":
            return "Attribute"
        return storage
    m = re.match(r'(\w+)::(\w+)$', storage)
    if m and m.group(1) in DIALECT_NAMESPACES:
        return storage if m.group(1) != imp.cfg.ns else m.group(2)
    return "Attribute"


def ordered_defs(defs):
    """The attribute/type definitions, each after the classes its parameters
    use (a parameter's class must be complete in the storage tuple)."""
    by_cls = {d["cls"]: d for d in defs}
    out, done, started = [], set(), set()
    for d in defs:
        stack = [(d, False)]
        while stack:
            cur, expanded = stack.pop()
            if cur["cls"] in done:
                continue
            if expanded:
                done.add(cur["cls"])
                out.append(cur)
                continue
            if cur["cls"] in started:
                continue   # a cycle: ordered where it was first reached
            started.add(cur["cls"])
            stack.append((cur, True))
            for p in reversed(cur["params"]):
                dep = by_cls.get(p.get("element") or p.get("type"))
                if dep is not None and dep is not cur and dep["cls"] not in done:
                    stack.append((dep, False))
    return out


def emit_header(imp, path):
    cfg = imp.cfg
    o = []
    o.append(header_line(path, "the %s dialect's classes" % cfg.name))
    o.append(generated_note(cfg))
    o.append("#pragma once\n\n")
    for inc in sorted({"lamina/IR/BuiltinAttributes.h", "lamina/IR/BuiltinTypes.h", "lamina/IR/Op.h",
                       "lamina/IR/RegionKindInterface.h", "lamina/IR/TypeAttrInterfaces.h",
                       "lamina/IR/OpImplementation.h", "lamina/ODS/AttrTypeDef.h", "lamina/ODS/EnumDef.h",
                       "lamina/ODS/OpDef.h"} | imp.includes):
        o.append('#include "%s"\n' % inc)
    o.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\nnamespace lamina {\n")
    o.append("class SymbolTableCollection;\n\nnamespace %s {\n\n" % cfg.ns)
    if imp.enum_defs:
        o.append(banner("Enums"))
        for e in imp.enum_defs.values():
            under = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}.get(e["width"], "uint32_t")
            if any(val < 0 for _, val, _ in e["cases"]):
                under = under[1:]   # a negative case (LLVM's RoundingMode::Invalid): signed
            o.append("\n/// %s (%s).\n" % (e["summary"] or e["cls"], e["rec"]))
            o.append("enum class %s : %s {\n" % (e["cls"], under))
            for sym, val, _ in e["cases"]:
                o.append("  %s = %d,\n" % (sym, val))
            o.append("};\n")
            o.append("/// The description of %s (cases, strings, parsing and printing).\n" % e["cls"])
            o.append("const ods::EnumInfo &get%sInfo();\n" % e["cls"])
            # An enum of a namespace nested in the dialect's (LLVM's
            # linkage::Linkage) is also reachable there.
            ens = re.sub(r'^(::)?mlir::', '', e["ns"].strip()).strip(":")
            inner = ens[len(cfg.ns) + 2:] if ens.startswith(cfg.ns + "::") else None
            if inner:
                o.append("namespace %s {\nusing %s = %s::%s;\n" % (inner, e["cls"], cfg.ns, e["cls"]))
            attr_cls = e.get("attr_cls")
            if attr_cls and (inner or attr_cls not in {d["cls"] for d in imp.attr_defs}):
                o.append("/// %s's attribute class: an IntegerAttr holding one of its cases.\n" % e["cls"])
                o.append("class %s : public IntegerAttr {\npublic:\n  using IntegerAttr::IntegerAttr;\n"
                         "  static bool classof(Attribute a) { return %s::get%sInfo().isCaseAttr(a); }\n"
                         "  %s getValue() const { return %s(IntegerAttr::getValue().getZExtValue()); }\n};\n" % (
                             attr_cls, cfg.ns, e["cls"], e["cls"], e["cls"]))
            if inner:
                o.append("} // namespace %s\n" % inner)
        o.append("\n")
    if imp.attr_interfaces:
        o.append(banner("Attribute and type interfaces"))
        for it in imp.attr_interfaces.values():
            kind = "TypeInterface" if it["is_type"] else "AttrInterface"
            o.append("\n/// %s (%s)%s\n" % (it["name"], it["rec"],
                     (": " + it["description"][:200]) if it["description"] else "."))
            if it["methods"]:
                o.append("/// Its %d methods are not imported (no behaviour Lamina uses yet).\n" % it["methods"])
            o.append("struct %sConcept {};\n" % it["name"])
            o.append("class %s : public %s<%s, %sConcept> {\npublic:\n  using InterfaceBase::InterfaceBase;\n" % (
                it["name"], kind, it["name"], it["name"]))
            o.append("  template <typename ConcreteT> static constexpr %sConcept model = {};\n};\n" % it["name"])
        o.append("\n")
    defs = ordered_defs(imp.attr_defs + imp.type_defs)
    # Classes whose parameters use a class defined after them (a cycle:
    # LLVM's loop annotations) declare their accessors in the class and
    # define them once every class is complete.
    classes = {d["cls"] for d in defs}
    emitted, forward, late = set(), [], []
    for d in defs:
        for p in d["params"]:
            dep = p.get("element") or p.get("type")
            if dep in classes and dep not in emitted:
                d["outOfLine"] = True
                if dep not in forward:
                    forward.append(dep)
        emitted.add(d["cls"])
    if defs:
        o.append(banner("Attributes and types"))
        for cls in forward:
            o.append("class %s;\n" % cls)
        for d in defs:
            kind = "Type" if d["is_type"] else "Attribute"
            params = [p for p in d["params"] if p["type"]]
            ptypes = ", ".join(p["type"] for p in params)
            storage = "ods::%sParamStorage<%s>" % ("Type" if d["is_type"] else "Attr", ptypes)
            if not params:
                storage = "TypeStorage" if d["is_type"] else "AttributeStorage"
            if any(p["type"] is None for p in d["params"]):
                o.append("\n// %s: hand-written (its parameters are not supported by the generic storage).\n" % d["cls"])
                continue
            prefix = "!" if d["is_type"] else "#"
            base = "Type::TypeBase" if d["is_type"] else "Attribute::AttrBase"
            parent = "Type" if d["is_type"] else "Attribute"
            o.append("\n/// `%s%s.%s`: %s (%s).\n" % (prefix, cfg.name, d["mnemonic"], d["summary"], d["rec"]))
            traits = "".join(", %s::Trait" % i for i in d.get("interfaces", []))
            o.append("class %s : public %s<%s, %s, %s%s> {\npublic:\n  using Base::Base;\n" % (
                d["cls"], base, d["cls"], parent, storage, traits))
            o.append('  static constexpr std::string_view name = "%s.%s";\n' % (cfg.name, d["mnemonic"]))
            args = ", ".join("%s %s" % (p["type"], camel(p["name"], False)) for p in params)
            names = ", ".join(camel(p["name"], False) for p in params)
            if params and d.get("outOfLine"):
                o.append("  static %s get(MLIRContext *ctx, %s);\n" % (d["cls"], args))
                late.append("inline %s %s::get(MLIRContext *ctx, %s) { return Base::get(ctx, %s); }\n" % (
                    d["cls"], d["cls"], args, names))
                if d["verify"]:
                    o.append("  /// Hand-written (genVerifyDecl); getChecked runs it.\n")
                    o.append("  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, %s);\n" % args)
                for i, p in enumerate(params):
                    o.append("  %s get%s() const;\n" % (p["type"], camel(p["name"])))
                    late.append("inline %s %s::get%s() const { return std::get<%d>(getImpl()->params); }\n" % (
                        p["type"], d["cls"], camel(p["name"]), i))
            elif params:
                o.append("  static %s get(MLIRContext *ctx, %s) { return Base::get(ctx, %s); }\n" % (d["cls"], args, names))
                if d["verify"]:
                    o.append("  /// Hand-written (genVerifyDecl); getChecked runs it.\n")
                    o.append("  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, %s);\n" % args)
                for i, p in enumerate(params):
                    o.append("  %s get%s() const { return std::get<%d>(getImpl()->params); }\n" % (p["type"], camel(p["name"]), i))
            else:
                o.append("  static %s get(MLIRContext *ctx) { return Base::get(ctx); }\n" % d["cls"])
            if d["typed"] and not d["is_type"]:
                if not [p for p in params if p["name"] == "type"]:
                    imp.error("attribute " + d["rec"], "TypedAttrInterface without a `type` parameter")
                o.append("  /// TypedAttrInterface: the `type` parameter.\n")
                o.append("  static void populateInterfaces(InterfaceMap &map) {\n")
                o.append("    static const TypedAttr::Concept model{[](Attribute a) -> Type { return cast<%s>(a).getType(); }, false};\n" % d["cls"])
                o.append("    TypedAttr::attachTo(map, model);\n    Base::populateInterfaces(map);\n  }\n")
            if d["custom"]:
                o.append("  /// Hand-written (hasCustomAssemblyFormat).\n")
                if d["is_type"]:
                    o.append("  static Type parse(AsmParser &parser);\n  void print(AsmPrinter &printer) const;\n")
                else:
                    o.append("  static Attribute parse(AsmParser &parser, Type type);\n  void print(AsmPrinter &printer) const;\n")
            o.append("};\n")
        o.append("\n")
        if late:
            o.append("// Accessors of the classes whose parameters use classes defined after them.\n")
            o.extend(late)
            o.append("\n")
    o.append(banner("Operations"))
    for op in imp.ops:
        o.append("\n/// `%s`: %s\n" % (op["name"], op["summary"]))
        o.append("class %s : public Op<%s> {\npublic:\n  using Op::Op;\n" % (op["cls"], op["cls"]))
        o.append('  static constexpr std::string_view getOperationName() { return "%s"; }\n' % op["name"])
        for i, v in enumerate(op["operands"]):
            g = accessor_name(v["name"])
            if not v["name"] or g in RESERVED_GETTERS:
                continue
            if v["kind"] == "single":
                o.append("  Value %s() { return ods::getODSOperands(state, %d)[0]; }\n" % (g, i))
            elif v["kind"] == "optional":
                o.append("  Value %s() {\n    OperandRange r = ods::getODSOperands(state, %d);\n    return r.empty() ? Value() : r[0];\n  }\n" % (g, i))
            else:
                o.append("  OperandRange %s() { return ods::getODSOperands(state, %d); }\n" % (g, i))
        for i, v in enumerate(op["results"]):
            g = accessor_name(v["name"])
            if not v["name"] or g in RESERVED_GETTERS:
                continue
            if v["kind"] == "single":
                o.append("  Value %s() { return ods::getODSResults(state, %d)[0]; }\n" % (g, i))
            elif v["kind"] == "optional":
                o.append("  Value %s() {\n    ResultRange r = ods::getODSResults(state, %d);\n    return r.empty() ? Value() : r[0];\n  }\n" % (g, i))
            else:
                o.append("  ResultRange %s() { return ods::getODSResults(state, %d); }\n" % (g, i))
        slots = sorted(range(len(op["attrs"])), key=lambda i: op["attrs"][i]["name"])
        for slot, i in enumerate(slots):
            a = op["attrs"][i]
            cls = attr_getter_type(imp, a)
            g = accessor_name(a["name"])
            raw = "state->getPropertySlots()[%d]" % slot
            if cls == "Attribute":
                o.append("  Attribute %sAttr() { return %s; }\n" % (g, raw))
            else:
                o.append("  %s %sAttr() { return dyn_cast_or_null<%s>(%s); }\n" % (cls, g, cls, raw))
            if cls == "UnitAttr":
                o.append("  bool %s() { return bool(%s); }\n" % (g, raw))
            elif cls.startswith("Dense") and cls.endswith("ArrayAttr"):
                et = {"DenseI64ArrayAttr": "int64_t", "DenseI32ArrayAttr": "int32_t", "DenseI16ArrayAttr": "int16_t",
                      "DenseI8ArrayAttr": "int8_t", "DenseBoolArrayAttr": "bool", "DenseF32ArrayAttr": "float",
                      "DenseF64ArrayAttr": "double"}.get(cls)
                if et:
                    o.append("  ArrayRef<%s> %s() {\n    auto a = %sAttr();\n    return a ? a.asArrayRef() : ArrayRef<%s>();\n  }\n" % (et, g, g, et))
        for i, rg in enumerate(op["regions"]):
            if rg["variadic"] or not rg["name"]:
                continue
            o.append("  Region &%s() { return state->getRegion(%d); }\n" % (accessor_name(rg["name"]), i))
        for text in op.get("extra_members", {}).values():
            o.append("  %s\n" % text)
        hooks = [h for h in op["hooks"] if HOOK_DECLS.get(h)]
        if hooks:
            o.append("  // Hand-written.\n")
            for h in hooks:
                o.append("  %s\n" % HOOK_DECLS[h])
        o.append("};\n")
    if imp.def_directives:
        o.append("\n/// Custom directives of the attribute and type formats (hand-written).\n")
        for d in sorted(imp.def_directives):
            o.append("ParseResult parse%s(AsmParser &parser, ArrayRef<ods::ParamValue *> args);\n" % d)
            o.append("void print%s(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args);\n" % d)
    if imp.directives:
        o.append("\n/// Custom directives of the assembly formats (hand-written).\n")
        for d in imp.directives:
            if d not in SHARED_DIRECTIVES:
                o.append("ods::CustomDirective get%sDirective();\n" % d)
    o.append("\n} // namespace %s\n} // namespace lamina\n" % cfg.ns)
    return "".join(o)


# Dependent dialects (ODS dependentDialects) Lamina has: MLIR class -> (Lamina class, header).
DIALECT_CLASSES = {
    "arith::ArithDialect": ("ArithDialect", "lamina/Dialect/Arith/ArithDialect.h"),
    "affine::AffineDialect": ("AffineDialect", "lamina/Dialect/Affine/AffineDialect.h"),
    "memref::MemRefDialect": ("MemRefDialect", "lamina/Dialect/MemRef/MemRefDialect.h"),
    "func::FuncDialect": ("FuncDialect", "lamina/Dialect/Func/FuncDialect.h"),
    "scf::SCFDialect": ("SCFDialect", "lamina/Dialect/SCF/SCFDialect.h"),
    "cf::ControlFlowDialect": ("ControlFlowDialect", "lamina/Dialect/ControlFlow/ControlFlowDialect.h"),
    "complex::ComplexDialect": ("ComplexDialect", "lamina/Dialect/Complex/ComplexDialect.h"),
    "tensor::TensorDialect": ("TensorDialect", "lamina/Dialect/Tensor/TensorDialect.h"),
    "math::MathDialect": ("MathDialect", "lamina/Dialect/Math/MathDialect.h"),
    "index::IndexDialect": ("IndexDialect", "lamina/Dialect/Index/IndexDialect.h"),
    "ub::UBDialect": ("UBDialect", "lamina/Dialect/UB/UBDialect.h"),
    "bufferization::BufferizationDialect": ("BufferizationDialect",
                                            "lamina/Dialect/Bufferization/BufferizationDialect.h"),
    "ml_program::MLProgramDialect": ("MLProgramDialect", "lamina/Dialect/MLProgram/MLProgramDialect.h"),
}


# Custom directives implemented once for every dialect: name -> (header, C++ getter).
SHARED_DIRECTIVES = {
    "DynamicIndexList": ("lamina/ODS/Directives.h", "ods::dynamicIndexListDirective()"),
}


def emit_source(imp, path, header_path):
    cfg = imp.cfg
    o = []
    o.append(header_line(path, "the %s dialect's definitions" % cfg.name))
    o.append(generated_note(cfg))
    o.append('#include "lamina/Dialect/%s/%sDialect.h"\n\n' % (cfg.dir, cfg.prefix))
    incs = {"lamina/IR/Builders.h", "lamina/IR/MLIRContext.h", "lamina/IR/OpAsmInterface.h",
            "lamina/IR/RegionKindInterface.h", "lamina/ODS/InterfaceTraits.h", "lamina/ODS/Predicates.h"}
    incs |= imp.extra_includes
    deps = []
    for dep in imp.dialect.get("dependentDialects") or []:
        key = re.sub(r'^(::)?mlir::', '', dep)
        if key in DIALECT_CLASSES:
            deps.append(DIALECT_CLASSES[key][0])
            incs.add(DIALECT_CLASSES[key][1])
        else:
            imp.notes.append("dependent dialect %s is not in Lamina" % dep)
    for d in imp.directives:
        if d in SHARED_DIRECTIVES:
            incs.add(SHARED_DIRECTIVES[d][0])
    incs |= imp.source_includes
    for inc in sorted(incs):
        o.append('#include "%s"\n' % inc)
    o.append("\nusing namespace lamina;\nusing namespace lamina::%s;\n\n" % cfg.ns)
    if imp.enum_defs:
        o.append(banner("Enums"))
        for e in imp.enum_defs.values():
            o.append("\nconst ods::EnumInfo &%s::get%sInfo() {\n  static const ods::EnumInfo info = [] {\n" % (cfg.ns, e["cls"]))
            cases = ",\n".join("        {%s, %d, %s}" % (cpp_string(sym), val, cpp_string(st)) for sym, val, st in e["cases"])
            if e["is_bit"]:
                o.append("    ods::EnumInfo e = ods::EnumInfo::bitEnum(%s, %d,\n      {\n%s},\n      %s, %s, %s);\n" % (
                    cpp_string(e["cls"]), e["width"], cases, cpp_string(e["sep"]), cpp_string(e["summary"]),
                    "true" if e["groups"] else "false"))
            else:
                o.append("    ods::EnumInfo e = ods::EnumInfo::intEnum(%s, %d,\n      {\n%s},\n      %s);\n" % (
                    cpp_string(e["cls"]), e["width"], cases, cpp_string(e["summary"])))
            o.append("    e.cppType = %s;\n" % cpp_string("::" + e["ns"].strip(":") + "::" + e["cls"]))
            if e.get("quoted"):
                o.append("    e.printBitEnumQuoted = true;\n")
            o.append("    return e;\n  }();\n  return info;\n}\n")
        o.append("\n")
    o.append("namespace {\n\n")
    if imp.pred_fns:
        o.append(banner("Predicates"))
        o.append("\n")
        for text in imp.pred_fns.values():
            o.append(text + "\n")
    if imp.constraint_fns:
        o.append(banner("Constraints"))
        o.append("\n")
        for text in imp.constraint_fns.values():
            o.append(text + "\n")
    o.append("} // namespace\n\n")
    o.append(banner("Registration"))
    o.append("\n/// The generated part of the dialect's constructor (MLIR's initialize()):\n"
             "/// dependent dialects, attribute and type classes with their syntax, ops.\n")
    o.append("void lamina::%sDialect::registerGenerated() {\n" % cfg.prefix)
    if deps:
        o.append("  // Dependent dialects.\n")
        for dep in deps:
            o.append("  getContext()->getOrLoadDialect<%s>();\n" % dep)
    for d in imp.attr_defs + imp.type_defs:
        o.append(emit_attr_type_def(imp, d))
    for op in imp.ops:
        o.append(emit_op(imp, op))
    o.append("}\n")
    return "".join(o)


def emit_attr_type_def(imp, d):
    cfg = imp.cfg
    kind = "TypeDef" if d["is_type"] else "AttrDef"
    o = ["  add%s<%s>();\n" % ("Types" if d["is_type"] else "Attributes", d["cls"])]
    o.append("  ods::%s<%s>(%s, %s)" % (kind, d["cls"], cpp_string(d["mnemonic"]), cpp_string(d["rec"])))
    for p in d["params"]:
        if p.get("handParam"):
            o.append("\n      .param(%s(%s))" % (p["handParam"], cpp_string(p["name"])))
        elif p.get("arrayOf"):
            kind = {"plain": "isa"}.get(p["arrayOf"], p["arrayOf"])
            o.append("\n      .param(ods::arrayParam(ods::%sParam<%s>(%s, %s)))" % (
                kind, p["element"], cpp_string(p["name"]), cpp_string(p["cpp"].strip())))
        elif p.get("enum"):
            o.append("\n      .enumParam(%s, %s%s)" % (cpp_string(p["name"]), p["enum"],
                                                   ", /*field=*/true" if p.get("enumField") else ""))
        elif p.get("selfType"):
            o.append("\n      .param(ods::selfTypeParam(%s))" % cpp_string(p["name"]))
        elif p.get("affineMap"):
            o.append("\n      .param(ods::affineMapParam(%s))" % cpp_string(p["name"]))
        elif p.get("classParam"):
            o.append("\n      .param(ods::%sParam<%s>(%s, %s))" % (p["classParam"], p["type"], cpp_string(p["name"]),
                                                              cpp_string(p["cpp"].strip())))
        else:
            o.append("\n      .param(%s, %s)" % (cpp_string(p["name"]), cpp_string(p["cpp"].strip())))
        if p.get("optional") and not p.get("selfType"):
            o.append(".markOptional()")
    for name in sorted(set(re.findall(r'custom<(\w+)>', d["format"] or ""))):
        o.append("\n      .directive(%s, &%s::parse%s, &%s::print%s)" % (cpp_string(name), cfg.ns, name, cfg.ns, name))
    if d["custom"]:
        if d["is_type"]:
            o.append("\n      .custom(&%s::parse, [](Type t, AsmPrinter &p) { cast<%s>(t).print(p); })" % (d["cls"], d["cls"]))
        else:
            o.append("\n      .custom(&%s::parse, [](Attribute a, AsmPrinter &p) { cast<%s>(a).print(p); })" % (d["cls"], d["cls"]))
    elif d["format"] is not None:
        o.append("\n      .format(%s)" % cpp_string(norm(d["format"])))
    elif d["params"] and not d["enum"]:
        imp.error("attribute " + d["rec"], "no assembly format")
    elif d["enum"]:
        o.append('\n      .format("`<` $value `>`")')
    if d.get("alias"):
        o.append("\n      .mnemonicAlias()")
    o.append("\n      .registerIn(attrTypes);\n")
    return "".join(o)


def emit_op(imp, op):
    o = []
    cls = op["cls"]
    o.append("\n  // %s\n" % op["name"])
    o.append("  ods::OpDef(%s, TypeID::get<%s>())" % (cpp_string(op["name"]), cls))
    # Operands and attributes in ODS order are not interleaved here: each kind keeps its order.
    for v in op["operands"]:
        m = {"single": "operand", "optional": "optionalOperand", "variadic": "variadicOperand",
             "vov": "variadicOfVariadicOperand"}[v["kind"]]
        extra = ", %s" % cpp_string(v["seg"]) if v["kind"] == "vov" else ""
        effects = op.get("value_effects", {}).get(v["name"])
        if effects and v["kind"] != "vov":
            extra = ", {%s}" % ", ".join(effects)
        o.append("\n      .%s(%s, %s%s)" % (m, cpp_string(v["name"]), v["expr"], extra))
    for a in op["attrs"]:
        if a["expr"] is None:
            continue
        if a["kind"] == "required":
            o.append("\n      .attr(%s, %s)" % (cpp_string(a["name"]), a["expr"]))
        elif a["kind"] == "optional":
            o.append("\n      .optionalAttr(%s, %s)" % (cpp_string(a["name"]), a["expr"]))
        elif a["kind"] == "default":
            o.append("\n      .defaultAttr(%s, %s, %s)" % (cpp_string(a["name"]), a["expr"], cpp_string(a["default"])))
        else:
            o.append("\n      .defaultOptionalAttr(%s, %s, %s)" % (cpp_string(a["name"]), a["expr"], cpp_string(a["default"])))
    for v in op["results"]:
        m = {"single": "result", "optional": "optionalResult", "variadic": "variadicResult"}[v["kind"]]
        effects = op.get("value_effects", {}).get(v["name"])
        extra = ", {%s}" % ", ".join(effects) if effects else ""
        o.append("\n      .%s(%s, %s%s)" % (m, cpp_string(v["name"]), v["expr"], extra))
    for r in op["regions"]:
        o.append("\n      .%s(%s, %s)" % ("variadicRegion" if r["variadic"] else "region", cpp_string(r["name"]), r["expr"]))
    for s in op["successors"]:
        o.append("\n      .%s(%s)" % ("variadicSuccessor" if s["variadic"] else "successor", cpp_string(s["name"])))
    traits = [t for t in op["traits"] if not t.startswith("/*")]
    if traits:
        o.append("\n      .traits({%s})" % ", ".join(traits))
    if op["format"] is not None:
        o.append("\n      .format(%s)" % cpp_string(norm(op["format"])))
        for d in sorted(set(re.findall(r'custom<(\w+)>', op["format"]))):
            getter = SHARED_DIRECTIVES[d][1] if d in SHARED_DIRECTIVES else "get%sDirective()" % d
            o.append("\n      .directive(%s)" % getter)
    hooks = op["hooks"]
    if "parse" in hooks:
        o.append("\n      .customAssembly(&%s::parse, [](Operation *op, OpAsmPrinter &p) { %s(op).print(p); })" % (cls, cls))
    if "verify" in hooks:
        o.append("\n      .verifier([](Operation *op) { return %s(op).verify(); })" % cls)
    if "verifyRegions" in hooks:
        o.append("\n      .regionVerifier([](Operation *op) { return %s(op).verifyRegions(); })" % cls)
    o.append("\n      .registerIn(*this);\n")
    return "".join(o)


def write_or_check(path, text, check):
    full = os.path.join(ROOT, path)
    if check:
        try:
            with open(full) as f:
                if f.read() == text:
                    return True
        except FileNotFoundError:
            pass
        print("import-ods: %s is stale" % path)
        return False
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dialects", nargs="*")
    ap.add_argument("--td-dir", default=DEFAULT_TD_DIR)
    ap.add_argument("--tblgen", default=DEFAULT_TBLGEN)
    ap.add_argument("--check", action="store_true", help="exit 1 if a checked-in file is stale")
    ap.add_argument("--list", action="store_true", help="print the dialects the importer knows")
    ap.add_argument("--all", action="store_true", help="every dialect it knows")
    ap.add_argument("--quiet", action="store_true", help="print only errors and stale files")
    ap.add_argument("--inc-dir", default=DEFAULT_INC_DIR,
                    help="MLIR's generated .inc files (Debian's libmlir-22-dev), for linalg's OpDSL definitions")
    args = ap.parse_args()
    if args.list:
        print(" ".join(sorted(DIALECTS)))
        return 0
    # --all: the dialects whose generated files are in the tree.
    names = [n for n in sorted(DIALECTS) if os.path.exists(os.path.join(
        ROOT, "include/lamina/Dialect/%s/%sOps.gen.h" % (DIALECTS[n].dir, DIALECTS[n].prefix)))] \
        if args.all else args.dialects
    status = 0
    for name in names:
        cfg = DIALECTS.get(name)
        if not cfg:
            sys.exit("import-ods: unknown dialect %s (known: %s)" % (name, ", ".join(sorted(DIALECTS))))
        R = load_records(cfg, args.td_dir, args.tblgen)
        imp = Importer(cfg, R)
        import_attr_type_defs(imp)
        for k in R.defs_of("Op"):
            if ref(R[k]["opDialect"]) == cfg.record and cfg.import_ops:
                imp.import_op(k)
        add_op_methods(imp)
        for cls, method in sorted(imp.static_calls):
            op = next((o for o in imp.ops if o["cls"] == cls), None)
            if method not in HOOK_DECLS:
                imp.error(cls, "static member %s::%s is written by hand in MLIR: declare it in HOOK_DECLS" % (
                    cls, method))
            elif op and method not in op["hooks"]:
                op["hooks"].append(method)
        hpath = "include/lamina/Dialect/%s/%sOps.gen.h" % (cfg.dir, cfg.prefix)
        cpath = "lib/Dialect/%s/%sOps.gen.cpp" % (cfg.dir, cfg.prefix)
        htext = emit_header(imp, hpath)
        ctext = emit_source(imp, cpath, hpath[len("include/"):])
        log = (lambda *a: None) if args.quiet else print
        log("== %s: %d ops, %d attributes, %d types, %d enums" % (
            name, len(imp.ops), len(imp.attr_defs), len(imp.type_defs), len(imp.enum_defs)))
        hand = collections.Counter()
        for op in imp.ops:
            for h in op["hooks"]:
                hand[h] += 1
        if hand:
            log("   hand-written op hooks: " + ", ".join("%s (%d)" % kv for kv in sorted(hand.items())))
        if imp.directives:
            log("   custom directives: " + ", ".join(sorted(imp.directives)))
        if imp.unimplemented:
            log("   interfaces declared but not implemented in Lamina (no verification): " +
                  ", ".join("%s (%d)" % kv for kv in sorted(imp.unimplemented.items())))
        for note in imp.notes:
            log("   note: " + note)
        for what, why in imp.errors:
            print("   error: %s: %s" % (what, why))
        if imp.errors:
            status = 1
            print("   not written: %d errors" % len(imp.errors))
            continue
        ok = write_or_check(hpath, htext, args.check) & write_or_check(cpath, ctext, args.check)
        if cfg.opdsl:
            ok &= import_opdsl(imp, args, log)
        if not ok:
            status = 1
    return status


def generated_getters(op):
    """The accessors the generated header defines for an op."""
    names = set(RESERVED_GETTERS) | {"getOperation", "getContext", "getLoc"}
    for v in op["operands"] + op["results"] + op["regions"]:
        if v["name"]:
            names.add(accessor_name(v["name"]))
    for a in op["attrs"]:
        names.add(accessor_name(a["name"]) + "Attr")
    return names


def cpp_return_type(imp, t):
    """An ODS C++ return type in Lamina's spelling."""
    t = t.strip()
    t = re.sub(r'(::)?llvm::StringRef', 'std::string_view', t)
    t = re.sub(r'(::)?(mlir|llvm)::', '', t)
    if t.startswith(imp.cfg.ns + "::"):
        t = t[len(imp.cfg.ns) + 2:]
    return t


def add_op_methods(imp):
    """The op methods the predicates call that the generated accessors do not
    cover: attribute value getters (ODS's returnType/convertFromStorage) and
    one-line methods of the record's extraClassDeclaration, translated."""
    for cls, method in sorted(imp.op_methods):
        op = next((o for o in imp.ops if o["cls"] == cls), None)
        if op is None or method in generated_getters(op):
            continue
        extra = op.setdefault("extra_members", collections.OrderedDict())
        if method in extra or method in op["hooks"]:
            continue
        attr = next((a for a in op["attrs"] if accessor_name(a["name"]) == method), None)
        if attr is not None:
            r = imp.R[attr["rec"]]
            sc = r["!superclasses"]
            optional = "OptionalAttr" in sc and "DefaultValuedOptionalAttr" not in sc
            base = imp.R[ref(r["baseAttr"])] if ref(r.get("baseAttr")) else r
            ret = cpp_return_type(imp, base.get("returnType") or "")
            conv = (base.get("convertFromStorage") or "$_self").strip()
            try:
                body = imp.tr(conv, {"$_self": "attr"})
            except Untranslatable as e:
                imp.error(op["name"], "value getter %s: unknown %s in `%s`" % (method, e, conv))
                continue
            if optional:
                extra[method] = ("std::optional<%s> %s() {\n    auto attr = %sAttr();\n    if (!attr)\n"
                                 "      return std::nullopt;\n    return %s;\n  }" % (ret, method, method, body))
            else:
                extra[method] = "%s %s() {\n    auto attr = %sAttr();\n    return %s;\n  }" % (ret, method, method, body)
            continue
        if method in HOOK_DECLS:
            # Written by hand (in Lamina's dialect sources as in MLIR's
            # extraClassDeclaration).
            op["hooks"].append(method)
            continue
        decl = imp.R[op["rec"]].get("extraClassDeclaration") or ""
        m = re.search(r'([\w:<>]+)\s+%s\(\)\s*(?:const\s*)?\{\s*return\s+(.*?);\s*\}' % re.escape(method), decl, re.S)
        if not m:
            imp.error(op["name"], "method %s used by a predicate is neither generated nor a one-line method of "
                                  "extraClassDeclaration (declare hand-written ones in HOOK_DECLS)" % method)
            continue
        try:
            body = imp.tr(m.group(2), {}, op_class=cls, self_expr="(*this)")
        except Untranslatable as e:
            imp.error(op["name"], "method %s: unknown %s in `%s`" % (method, e, norm(m.group(2))))
            continue
        extra[method] = "%s %s() { return %s; }" % (cpp_return_type(imp, m.group(1)), method, body)


def import_opdsl(imp, args, log):
    """linalg's named ops: their OpDSL definitions (the region builders,
    maps and iterators mlir-linalg-ods-yaml-gen generated, shipped with
    libmlir-22-dev) as data. Without that file, --check skips them."""
    cfg = imp.cfg
    inc = os.path.join(args.inc_dir, cfg.opdsl)
    if not os.path.exists(inc):
        if args.check:
            log("   note: %s not found: OpDSL definitions not checked" % inc)
            return True
        print("   error: %s not found (install libmlir-22-dev or give --inc-dir)" % inc)
        return False
    with open(inc) as f:
        try:
            specs = linalg_opdsl.parse(f.read())
        except linalg_opdsl.OpDSLError as e:
            print("   error: OpDSL: %s" % e)
            return False
    opnames = {op["cls"]: op["name"] for op in imp.ops}
    missing = [c for c in specs if c not in opnames]
    if missing:
        print("   error: OpDSL definitions of unknown ops: %s" % ", ".join(missing))
        return False
    hpath = "include/lamina/Dialect/%s/%sNamedOps.gen.h" % (cfg.dir, cfg.prefix)
    cpath = "lib/Dialect/%s/%sNamedOps.gen.cpp" % (cfg.dir, cfg.prefix)
    note = ("//\n// GENERATED by `utils/import-ods.py %s` from MLIR 22.1.8's OpDSL definitions\n"
            "// (mlir/%s). Do not edit.\n//\n" % (cfg.name, cfg.opdsl))
    htext = linalg_opdsl.emit_header_text(specs, header_line(hpath, "the named ops of %s" % cfg.name), note)
    ctext = linalg_opdsl.emit_source_text(specs, opnames, header_line(cpath, "the named ops' definitions"), note)
    log("   OpDSL: %d named ops" % len(specs))
    return write_or_check(hpath, htext, args.check) & write_or_check(cpath, ctext, args.check)


if __name__ == "__main__":
    sys.exit(main())
