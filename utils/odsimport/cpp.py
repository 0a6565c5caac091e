"""Translating ODS's C++ snippets (predicates, builders, extra declarations) to Lamina's API.

Part of utils/import-ods.py (see its docstring); each module of the package builds on the
ones before it."""

from .tables import *  # noqa: F401,F403


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
    # lamina/Dialect/SCF/DeviceMappingInterface.h
    "DeviceMappingAttrInterface", "DeviceMaskingAttrInterface",
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
    "getElementTypeBitWidth", "drop_back", "drop_front", "clone", "getTypeID",
    # Attributes
    "getValue", "getInt", "getSInt", "getUInt", "getType", "getValueAsDouble", "asArrayRef", "size", "empty",
    "getRootReference", "getLeafReference", "getNestedReferences", "getNumDims", "getNumSymbols",
    "getAsRange", "getValues", "getSplatValue", "isSplat", "getValueType", "getPointee", "getRangeType",
    "getDomainType", "getDomainTypes",
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
    # transform::OperationType
    "getOperationName",
    # LLVMStructType
    "getBody",
    # Builder (`$_builder`)
    "getIntegerType", "getIndexType", "getI1Type", "getI8Type", "getI16Type", "getI32Type", "getI64Type",
    "getF16Type", "getBF16Type", "getF32Type", "getF64Type", "getNoneType", "getFunctionType", "getBoolAttr",
    "getStringAttr", "getI64IntegerAttr", "getI32IntegerAttr", "getI16IntegerAttr", "getI8IntegerAttr",
    "getIntegerAttr", "getIndexAttr", "getUnitAttr", "getArrayAttr", "getDenseI64ArrayAttr",
    "getDenseI32ArrayAttr", "getDenseBoolArrayAttr", "getF32FloatAttr", "getF64FloatAttr", "getTypeAttr",
    "getDictionaryAttr", "getSymbolRefAttr", "getI64ArrayAttr", "getI32ArrayAttr", "getStrArrayAttr",
    "getAffineMapAttr", "getAffineMapArrayAttr", "getFloatAttr", "getZeroAttr",
    # quant::QuantizedType
    "getStorageTypeIntegralWidth", "getStorageType", "getExpressedType",
    # spirv::PointerType, SampledImageType, ImageType
    "getPointeeType", "getImageType", "getDim", "getSamplingInfo", "getSamplerUseInfo",
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
                      "ml_program", "affine", "scf", "cf", "func", "quant", "pdl"}
# Namespaces whose functions and classes predicates may name (the llvm
# dialect's type predicates, `LLVM::isCompatibleOuterType`, in arm_sve's).
PREDICATE_NAMESPACES = DIALECT_NAMESPACES | {"LLVM"}
# The set above without a dialect's `extra_ns` (emit.main adds those while
# importing that dialect).
BASE_DIALECT_NAMESPACES = frozenset(DIALECT_NAMESPACES)

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
    (r'(?<![\w:])(?:::)?getI1SameShape\(', r'ods::getI1SameShape('),
    (r'(?<![\w:])(?:::)?(?:llvm::)?is_contained\(', r'ods::is_contained('),
    # VectorType::scaleElementBitwidth (arm_neon's widening ops).
    (r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?VectorType>\((\$_self)\)\.scaleElementBitwidth\(',
     r'ods::scaleElementBitwidth(\1, '),
    # VectorType::allDimsScalable and cloneWith(std::nullopt, elementType) (arm_sme's tiles and masks).
    (r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?VectorType>\((\$_self)\)\.allDimsScalable\(\)',
     r'ods::allDimsScalable(\1)'),
    (r'(?:::)?(?:llvm::)?cast<(?:::)?(?:mlir::)?VectorType>\((\$_self)\)\.cloneWith\(\{\},\s*',
     r'ods::cloneWithElementType(\1, '),
    (r'\$_builder\.getBoolArrayAttr\(', r'ods::getBoolArrayAttr($_builder, '),
    (r'\$_builder\.getType<([\w:]+)>\(\)', r'\1::get($_builder.getContext())'),
    (r'\$_builder\.getType<([\w:]+)>\(([^()]+)\)', r'\1::get($_builder.getContext(), \2)'),
]
# Functions of lamina/ODS/Predicates.h.
ODS_HELPERS = {"ods::getDenseIntElementsAttr", "ods::getBoolArrayAttr", "ods::hasValueSemantics", "ods::getI1SameShape", "ods::all_of", "ods::any_of", "ods::none_of",
               "ods::is_sorted", "ods::is_contained", "ods::scaleElementBitwidth", "ods::allDimsScalable", "ods::cloneWithElementType", "ods::asShaped",
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
            elif parts[0] in PREDICATE_NAMESPACES:
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
