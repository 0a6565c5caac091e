//===- NVVMOps.cpp - Hand-written parts of the nvvm ops -------------------===//
//
// What MLIR's NVVMDialect.cpp writes by hand for the ops: the syntax of the
// nvvm.mma.* ops (`A[...] B[...] C[...] {attrs} : (tA, tB, tC) -> tRes`) and
// the op verifiers (same checks and messages).
//
// Partial: the verifiers listed at the end of the file (tcgen05, wgmma,
// TMA loads/stores, special-register ranges, mma.sp/mma.sp.block_scale, ...)
// accept every op; the checks against LLVM's intrinsic tables (WMMA
// "invalid attribute combination") are not made.
//
#include "lamina/Dialect/LLVMIR/NVVMDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/RawOstream.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::NVVM;

//===----------------------------------------------------------------------===//
// MMA helpers
//===----------------------------------------------------------------------===//

/// MmaOp::inferOperandMMAType: the PTX type of an operand element type.
static std::optional<MMATypes> inferOperandMMAType(Type type, bool isAccumulator) {
  MLIRContext *ctx = type.getContext();
  Type half2 = VectorType::get({2}, FloatType::getF16(ctx));
  // Structs recurse into their first element (a loop: no input-controlled recursion).
  while (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    if (structType.isIdentified() || structType.getBody().empty())
      return std::nullopt;
    type = structType.getBody()[0];
  }
  if (type.isF64())
    return MMATypes::f64;
  if (type.isF16() || type == half2)
    return MMATypes::f16;
  if (type.isF32())
    return isAccumulator ? MMATypes::f32 : MMATypes::tf32;
  if (isa<IntegerType>(type)) {
    if (isAccumulator)
      return MMATypes::s32;
    return std::nullopt;
  }
  return std::nullopt;
}

static bool isInt4PtxType(MMATypes t) { return t == MMATypes::u4 || t == MMATypes::s4; }
static bool isInt8PtxType(MMATypes t) { return t == MMATypes::u8 || t == MMATypes::s8; }
static bool isIntegerPtxType(MMATypes t) {
  return isInt4PtxType(t) || isInt8PtxType(t) || t == MMATypes::b1 || t == MMATypes::s32;
}
static std::string stringify(MMATypes t) { return getMMATypesInfo().stringify(uint64_t(t)); }

/// ` name[%a, %b]` (and a trailing space for nvvm.mma.sync, as MLIR).
static void printFragment(OpAsmPrinter &p, std::string_view name, OperandRange regs, bool trailingSpace) {
  p << " " << name << "[";
  p.printOperands(regs);
  p << (trailingSpace ? "] " : "]");
}

/// Prints an mma-like op: A, B, C fragments, then `extra` single-operand
/// groups (name, first ODS index, count), the attributes, the types.
static void printMmaLike(OpAsmPrinter &p, Operation *op, bool mmaSync,
                         ArrayRef<std::pair<std::string_view, std::pair<unsigned, unsigned>>> extra) {
  SmallVector<std::string_view, 4> ignored{"operandSegmentSizes"};
  static constexpr std::string_view names[3] = {"A", "B", "C"};
  static constexpr std::string_view ptxAttrs[3] = {"multiplicandAPtxType", "multiplicandBPtxType", ""};
  Type firstTypes[3];
  for (unsigned i = 0; i < 3; ++i) {
    OperandRange regs = ods::getODSOperands(op, i);
    firstTypes[i] = regs.empty() ? Type() : regs[0].getType();
    // nvvm.mma.sync infers from operand A's type for every fragment (as MLIR).
    Type sample = mmaSync ? firstTypes[0] : firstTypes[i];
    if (sample && inferOperandMMAType(sample, /*isAccumulator=*/i >= 2))
      ignored.push_back(ptxAttrs[i]);
  }
  for (unsigned i = 0; i < 3; ++i)
    printFragment(p, names[i], ods::getODSOperands(op, i), mmaSync);
  for (const auto &group : extra) {
    p << " " << group.first << "[";
    for (unsigned j = 0; j < group.second.second; ++j) {
      if (j)
        p << ", ";
      p.printOperand(ods::getODSOperands(op, group.second.first + j)[0]);
    }
    p << "]";
  }
  p.printOptionalAttrDict(op->getAttrs(), ignored);
  p << " : (";
  for (unsigned i = 0; i < 3; ++i) {
    if (i)
      p << ", ";
    p << firstTypes[i];
  }
  p << ") -> " << op->getResult(0).getType();
}

/// Parses `A[...] B[...] C[...]`, then the `extra` groups, the attributes
/// and `: (tA, tB, tC) -> tRes`; the extra groups' operands get `extraTypes`.
static ParseResult parseMmaLike(OpAsmParser &parser, OperationState &result, bool mmaSync,
                                ArrayRef<std::string_view> extra, ArrayRef<Type> extraTypes,
                                ArrayRef<int32_t> extraSegments) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> frags[3];
  SmallVector<OpAsmParser::UnresolvedOperand, 4> extraOperands;
  static constexpr std::string_view names[3] = {"A", "B", "C"};
  for (unsigned i = 0; i < 3; ++i)
    if (parser.parseKeyword(names[i]) ||
        parser.parseOperandList(frags[i], OpAsmParser::Delimiter::OptionalSquare))
      return failure();
  for (std::string_view name : extra)
    if (parser.parseKeyword(name) || parser.parseOperandList(extraOperands, OpAsmParser::Delimiter::OptionalSquare))
      return failure();
  NamedAttrList attrs;
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  SmallVector<Type, 3> operandTypes;
  if (parser.parseColon() || parser.parseLParen() || parser.parseTypeList(operandTypes) || parser.parseRParen())
    return failure();
  if (operandTypes.size() != 3)
    return parser.emitError(parser.getNameLoc())
           << "expected one type for each operand segment but got " << unsigned(operandTypes.size()) << " types";
  std::optional<MMATypes> elemTypes[3];
  for (unsigned i = 0; i < 3; ++i) {
    SmallVector<Type, 8> types(frags[i].size(), operandTypes[i]);
    if (parser.resolveOperands(frags[i], ArrayRef<Type>(types.data(), types.size()), parser.getNameLoc(),
                               result.operands))
      return failure();
    // nvvm.mma.sync passes isAccumulator = (index < 2), as MLIR does.
    elemTypes[i] = inferOperandMMAType(operandTypes[i], mmaSync ? i < 2 : i >= 2);
  }
  Type resultType;
  if (parser.parseArrow() || parser.parseType(resultType))
    return failure();
  if (!extraOperands.empty() &&
      parser.resolveOperands(extraOperands, ArrayRef<Type>(extraTypes.data(), extraTypes.size()),
                             parser.getNameLoc(), result.operands))
    return failure();
  static constexpr std::string_view ptxNames[2] = {"multiplicandAPtxType", "multiplicandBPtxType"};
  for (unsigned i = 0; i < 2; ++i) {
    bool present = bool(attrs.get(ptxNames[i]));
    if (!present && !elemTypes[i]) {
      if (mmaSync)
        return parser.emitError(parser.getNameLoc())
               << "attribute " << ptxNames[i] << " is not provided explicitly and cannot be inferred";
      continue;
    }
    if (!present)
      result.addAttribute(ptxNames[i], MMATypesAttr::get(parser.getContext(), *elemTypes[i]));
  }
  result.addType(resultType);
  result.addAttributes(ArrayRef<NamedAttribute>(attrs.begin(), attrs.end()));
  SmallVector<int32_t, 12> segments{int32_t(frags[0].size()), int32_t(frags[1].size()), int32_t(frags[2].size())};
  segments.append(extraSegments.begin(), extraSegments.end());
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(parser.getContext(), ArrayRef<int32_t>(segments.data(), segments.size())));
  return success();
}

//===----------------------------------------------------------------------===//
// nvvm.mma.sync and its variants
//===----------------------------------------------------------------------===//

ParseResult MmaOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseMmaLike(parser, result, /*mmaSync=*/true, {}, {}, {});
}

void MmaOp::print(OpAsmPrinter &p) { printMmaLike(p, getOperation(), /*mmaSync=*/true, {}); }

ParseResult MmaSpOp::parse(OpAsmParser &parser, OperationState &result) {
  Type i32 = IntegerType::get(parser.getContext(), 32);
  Type types[] = {i32, i32};
  static constexpr std::string_view extra[] = {"sparseMetadata", "selector"};
  static constexpr int32_t segments[] = {1, 1};
  return parseMmaLike(parser, result, false, extra, types, segments);
}

void MmaSpOp::print(OpAsmPrinter &p) {
  printMmaLike(p, getOperation(), false, {{"sparseMetadata", {3, 1}}, {"selector", {4, 1}}});
}

ParseResult MmaBlockScaleOp::parse(OpAsmParser &parser, OperationState &result) {
  Type i32 = IntegerType::get(parser.getContext(), 32), i16 = IntegerType::get(parser.getContext(), 16);
  Type types[] = {i32, i16, i16, i32, i16, i16};
  static constexpr std::string_view extra[] = {"scaleA", "scaleB"};
  static constexpr int32_t segments[] = {1, 1, 1, 1, 1, 1};
  return parseMmaLike(parser, result, false, extra, types, segments);
}

void MmaBlockScaleOp::print(OpAsmPrinter &p) {
  printMmaLike(p, getOperation(), false, {{"scaleA", {3, 3}}, {"scaleB", {6, 3}}});
}

ParseResult MmaSpBlockScaleOp::parse(OpAsmParser &parser, OperationState &result) {
  Type i32 = IntegerType::get(parser.getContext(), 32), i16 = IntegerType::get(parser.getContext(), 16);
  Type types[] = {i32, i32, i32, i16, i16, i32, i16, i16};
  static constexpr std::string_view extra[] = {"sparseMetadata", "selector", "scaleA", "scaleB"};
  static constexpr int32_t segments[] = {1, 1, 1, 1, 1, 1, 1, 1};
  if (parseMmaLike(parser, result, false, extra, types, segments))
    return failure();
  if (!result.attributes.get("orderedMetadata"))
    result.addAttribute("orderedMetadata", UnitAttr::get(parser.getContext()));
  return success();
}

void MmaSpBlockScaleOp::print(OpAsmPrinter &p) {
  printMmaLike(p, getOperation(), false,
               {{"sparseMetadata", {3, 1}}, {"selector", {4, 1}}, {"scaleA", {5, 3}}, {"scaleB", {8, 3}}});
}

LogicalResult MmaOp::verify() {
  MLIRContext *ctx = getContext();
  Type f16 = FloatType::getF16(ctx), f32 = FloatType::getF32(ctx), i32 = IntegerType::get(ctx, 32);
  Type f16x2 = VectorType::get({2}, f16);
  auto lit = [&](std::initializer_list<Type> types) -> Type {
    return LLVM::LLVMStructType::getLiteral(ctx, ArrayRef<Type>(types.begin(), types.size()));
  };
  auto litN = [&](unsigned n, Type t) -> Type {
    SmallVector<Type, 8> types(n, t);
    return LLVM::LLVMStructType::getLiteral(ctx, ArrayRef<Type>(types.data(), types.size()));
  };
  MMAShapeAttr shape = getShapeAttr();
  std::array<int64_t, 3> mmaShape{shape.getM(), shape.getN(), shape.getK()};
  MMATypes aType = getMultiplicandAPtxTypeAttr().getValue();
  using TypeList = std::vector<Type>;
  std::vector<std::array<int64_t, 3>> allowedShapes;
  std::vector<TypeList> expected[3];
  SmallVector<Type, 4> expectedResult;
  auto accumPtxType = [&]() { return inferOperandMMAType(getOperandC()[0].getType(), true); };
  auto resultPtxType = [&]() { return inferOperandMMAType(getRes().getType(), true); };

  if (mmaShape[0] == 16) {
    int64_t kFactor;
    Type fragType;
    switch (aType) {
    case MMATypes::tf32:
      kFactor = 4;
      fragType = i32;
      expectedResult.push_back(lit({f32, f32, f32, f32}));
      break;
    case MMATypes::bf16:
      kFactor = 8;
      fragType = i32;
      expectedResult.push_back(lit({f32, f32, f32, f32}));
      break;
    case MMATypes::f16:
      kFactor = 8;
      fragType = f16x2;
      expectedResult.push_back(lit({f16x2, f16x2}));
      expectedResult.push_back(lit({f32, f32, f32, f32}));
      break;
    case MMATypes::s4:
    case MMATypes::u4:
      kFactor = 32;
      break;
    case MMATypes::b1:
      kFactor = 128;
      break;
    case MMATypes::s8:
    case MMATypes::u8:
      kFactor = 16;
      break;
    default:
      return emitError() << "invalid shape or multiplicand type: " << stringify(aType);
    }
    if (isIntegerPtxType(aType)) {
      expectedResult.push_back(lit({i32, i32, i32, i32}));
      expected[2].push_back(TypeList(4, i32));
      fragType = i32;
    } else {
      expected[2].push_back(TypeList(2, f16x2));
      expected[2].push_back(TypeList(4, f32));
    }
    int64_t unitA = (mmaShape[0] / 8) * (mmaShape[2] / kFactor);
    int64_t unitB = (mmaShape[1] / 8) * (mmaShape[2] / kFactor);
    expected[0].push_back(TypeList(size_t(std::max<int64_t>(unitA, 0)), fragType));
    expected[1].push_back(TypeList(size_t(std::max<int64_t>(unitB, 0)), fragType));
    allowedShapes.push_back({16, 8, kFactor});
    allowedShapes.push_back({16, 8, kFactor * 2});
    if (resultPtxType() != accumPtxType())
      return emitOpError("ctype does not match dtype");
  }
  if (mmaShape[0] == 8) {
    if (aType == MMATypes::f16) {
      expected[0].push_back(TypeList(2, f16x2));
      expected[1].push_back(TypeList(2, f16x2));
      expectedResult.push_back(litN(4, f16x2));
      expectedResult.push_back(litN(8, f32));
      expected[2].push_back(TypeList(4, f16x2));
      expected[2].push_back(TypeList(8, f32));
      allowedShapes.push_back({8, 8, 4});
    }
    if (aType == MMATypes::f64) {
      Type f64 = FloatType::getF64(ctx);
      expected[0].push_back(TypeList(1, f64));
      expected[1].push_back(TypeList(1, f64));
      expected[2].push_back(TypeList(2, f64));
      expectedResult.push_back(litN(2, f64));
      allowedShapes.push_back({8, 8, 4});
    }
    if (isIntegerPtxType(aType)) {
      expected[0].push_back(TypeList(1, i32));
      expected[1].push_back(TypeList(1, i32));
      expected[2].push_back(TypeList(2, i32));
      expectedResult.push_back(litN(2, i32));
      if (isInt4PtxType(aType))
        allowedShapes.push_back({8, 8, 32});
      if (isInt8PtxType(aType))
        allowedShapes.push_back({8, 8, 16});
      if (aType == MMATypes::b1)
        allowedShapes.push_back({8, 8, 128});
    }
  }

  std::string message;
  raw_string_ostream os(message);
  bool shapeAllowed = false;
  for (const auto &s : allowedShapes)
    shapeAllowed |= s == mmaShape;
  if (expected[0].empty() || expected[1].empty() || expected[2].empty() || !shapeAllowed) {
    os << "unimplemented variant for MMA shape <" << mmaShape[0] << ", " << mmaShape[1] << ", " << mmaShape[2]
       << ">";
    os.flush();
    return emitOpError(message);
  }
  static constexpr std::string_view operandNames[3] = {"A", "B", "C"};
  for (unsigned i = 0; i < 3; ++i) {
    OperandRange seg = ods::getODSOperands(getOperation(), i);
    bool match = false;
    for (const TypeList &list : expected[i]) {
      if (list.size() != seg.size())
        continue;
      bool same = true;
      for (size_t j = 0; j < list.size(); ++j)
        same &= list[j] == seg[j].getType();
      match |= same;
    }
    if (!match) {
      os << "Could not match types for the " << operandNames[i] << " operands; expected one of ";
      for (const TypeList &list : expected[i])
        os << unsigned(list.size()) << "x" << list[0] << " ";
      os << "but got ";
      for (size_t j = 0; j < seg.size(); ++j)
        os << (j ? ", " : "") << seg[j].getType();
      os.flush();
      return emitOpError(message);
    }
  }
  bool resultOk = false;
  for (Type t : expectedResult)
    resultOk |= t == getRes().getType();
  if (!resultOk) {
    os << "Could not match allowed types for the result; expected one of ";
    for (size_t j = 0; j < expectedResult.size(); ++j)
      os << (j ? ", " : "") << expectedResult[j];
    os << " but got " << getRes().getType();
    os.flush();
    return emitOpError(message);
  }
  if (aType == MMATypes::b1 && !getB1OpAttr())
    return emitOpError("op requires b1Op attribute");
  if ((isInt4PtxType(aType) || isInt8PtxType(aType)) && !getIntOverflowBehaviorAttr())
    return emitOpError("op requires intOverflowBehavior attribute");
  return success();
}

LogicalResult MmaBlockScaleOp::verify() {
  int m = getShapeAttr().getM(), n = getShapeAttr().getN(), k = getShapeAttr().getK();
  MMABlockScaleKind kind = getKindAttr().getValue();
  ScaleVecSize vec = getScaleVecSizeAttr().getValue();
  BlockScaleFormat format = getBlockScaleFormatAttr().getValue();
  LogicalResult result = success();
  if (m == 16 && n == 8 && k == 64) {
    auto a = getMultiplicandAPtxTypeAttr(), b = getMultiplicandBPtxTypeAttr();
    if (!a || !b || a.getValue() != MMATypes::e2m1 || b.getValue() != MMATypes::e2m1)
      result = emitOpError("unsupported MMATypes attribute for mma.m16n8k64.(mxf4nvf4|mxf4)");
    if (kind == MMABlockScaleKind::MXF4) {
      if (vec != ScaleVecSize::X2)
        result = emitOpError("unsupported ScaleVecSize attribute for mma.m16n8k64.mxf4");
      if (format != BlockScaleFormat::UE8M0)
        result = emitOpError("unsupported BlockScaleFormat attribute for mma.m16n8k64.mxf4");
    } else if (kind == MMABlockScaleKind::MXF4NVF4) {
      if (!((vec == ScaleVecSize::X2 && format == BlockScaleFormat::UE8M0) ||
            (vec == ScaleVecSize::X4 && format == BlockScaleFormat::UE4M3)))
        result = emitOpError("unsupported ScaleVecSize and BlockScaleFormat attributes for mma.m16n8k64.mxf4nvf4");
    } else {
      result = emitOpError("unsupported Kind attribute for mma.m16n8k64");
    }
  } else if (m == 16 && n == 8 && k == 32) {
    if (!(kind == MMABlockScaleKind::MXF8F6F4 && vec == ScaleVecSize::X1 && format == BlockScaleFormat::UE8M0))
      result = emitOpError("unsupported Kind, ScaleVecSize and BlockScaleFormat attributes for mma.m16n8k32");
  } else {
    result = emitOpError("unsupported Geom for mma with block scaling");
  }
  return result;
}

//===----------------------------------------------------------------------===//
// WMMA, ldmatrix, stmatrix, shfl
//===----------------------------------------------------------------------===//

/// MLIR's NVVM::inferMMAType for a fragment of an `m x n x k` WMMA.
static std::pair<Type, unsigned> inferMMATypeFromMNK(MMATypes type, MMAFrag frag, int m, int n, int k,
                                                     MLIRContext *ctx) {
  int nRow = frag == MMAFrag::b ? k : m;
  int nCol = frag == MMAFrag::a ? k : n;
  unsigned count = 0;
  Type element;
  if (type == MMATypes::f16) {
    element = VectorType::get({2}, FloatType::getF16(ctx));
    count = (frag == MMAFrag::a || frag == MMAFrag::b) ? 8 : 4;
  } else if (type == MMATypes::f32) {
    element = FloatType::getF32(ctx);
    count = 8;
  } else if (type == MMATypes::f64) {
    element = FloatType::getF64(ctx);
    count = (frag == MMAFrag::a || frag == MMAFrag::b) ? 1 : 2;
  } else if (type == MMATypes::tf32) {
    element = IntegerType::get(ctx, 32);
    count = 4;
  } else if (type == MMATypes::s8 || type == MMATypes::u8) {
    element = IntegerType::get(ctx, 32);
    int parallel = frag == MMAFrag::a ? nRow : frag == MMAFrag::b ? nCol : 0;
    count = parallel == 16 ? 2 : parallel == 8 ? 1 : parallel == 32 ? 4 : 0;
  } else if (type == MMATypes::s32) {
    element = IntegerType::get(ctx, 32);
    count = 8;
  }
  return {element, count};
}

static Type structOf(MLIRContext *ctx, unsigned n, Type t) {
  SmallVector<Type, 8> types(n, t);
  return LLVM::LLVMStructType::getLiteral(ctx, ArrayRef<Type>(types.data(), types.size()));
}

static bool isWmmaAddressSpace(Value ptr) {
  unsigned as = cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace();
  return as == 0 || as == 1 || as == 3;
}

LogicalResult WMMALoadOp::verify() {
  if (!isWmmaAddressSpace(getPtr()))
    return emitOpError("expected source pointer in memory space 0, 1, 3");
  auto info = inferMMATypeFromMNK(getEltypeAttr().getValue(), getFragAttr().getValue(), getMAttr().getInt(),
                                  getNAttr().getInt(), getKAttr().getInt(), getContext());
  if (!info.first || !info.second)
    return emitOpError() << "invalid attribute combination";
  Type f64 = FloatType::getF64(getContext());
  if (info.first == f64 && info.second == 1) {
    if (getRes().getType() != f64)
      return emitOpError("expected destination type to be f64");
    return success();
  }
  if (getRes().getType() != structOf(getContext(), info.second, info.first))
    return emitOpError("expected destination type is a structure of ")
           << info.second << " elements of type " << info.first;
  return success();
}

LogicalResult WMMAStoreOp::verify() {
  if (!isWmmaAddressSpace(getPtr()))
    return emitOpError("expected operands to be a source pointer in memory space 0, 1, 3");
  auto info = inferMMATypeFromMNK(getEltypeAttr().getValue(), MMAFrag::c, getMAttr().getInt(), getNAttr().getInt(),
                                  getKAttr().getInt(), getContext());
  if (!info.first || !info.second)
    return emitOpError() << "invalid attribute combination";
  if (getArgs().size() != info.second)
    return emitOpError() << "expected " << info.second << " data operands";
  for (Value v : getArgs())
    if (v.getType() != info.first)
      return emitOpError() << "expected data operands of type " << info.first;
  return success();
}

LogicalResult WMMAMmaOp::verify() {
  int m = getMAttr().getInt(), n = getNAttr().getInt(), k = getKAttr().getInt();
  MMATypes a = getEltypeAAttr().getValue(), b = getEltypeBAttr().getValue();
  auto infoA = inferMMATypeFromMNK(a, MMAFrag::a, m, n, k, getContext());
  auto infoB = inferMMATypeFromMNK(a, MMAFrag::b, m, n, k, getContext());
  auto infoC = inferMMATypeFromMNK(b, MMAFrag::c, m, n, k, getContext());
  if (!infoA.second || !infoB.second || !infoC.second)
    return emitOpError() << "invalid attribute combination";
  SmallVector<Type, 32> arguments;
  arguments.append(infoA.second, infoA.first);
  arguments.append(infoB.second, infoB.first);
  arguments.append(infoC.second, infoC.first);
  unsigned numArgs = arguments.size();
  if (getArgs().size() != numArgs)
    return emitOpError() << "expected " << numArgs << " arguments";
  for (unsigned i = 0; i < numArgs; ++i)
    if (getArgs()[i].getType() != arguments[i])
      return emitOpError() << "expected argument " << i << " to be of type " << arguments[i];
  if (getRes().getType() != structOf(getContext(), infoC.second, infoC.first))
    return emitOpError("expected destination type is a structure of ")
           << infoC.second << " elements of type " << infoC.first;
  return success();
}

LogicalResult LdMatrixOp::verify() {
  uint32_t num = uint32_t(getNumAttr().getInt());
  int m = getShapeAttr().getM(), n = getShapeAttr().getN();
  LdStMatrixEltType elt = getEltTypeAttr().getValue();
  MMALayout layout = getLayoutAttr().getValue();
  if (m == 8 && n == 8) {
    if (num != 1 && num != 2 && num != 4)
      return emitOpError("expected num attribute to be 1, 2 or 4 for 8x8 matrix");
    if (elt != LdStMatrixEltType::B16)
      return emitOpError("expected element type to be b16 for 8x8 matrix");
  } else if (m == 8 && n == 16) {
    if (num != 1 && num != 2 && num != 4)
      return emitOpError("expected num attribute to be 1, 2 or 4 for 8x16 matrix");
    if (layout != MMALayout::row)
      return emitOpError("expected layout to be row for 8x16 matrix");
    if (elt != LdStMatrixEltType::B8X16_B4X16_P64 && elt != LdStMatrixEltType::B8X16_B6X16_P32)
      return emitOpError("expected element type to be b8x16.b4x16_p64 or b8x16.b6x16_p32 for 8x16 matrix");
  } else if (m == 16 && n == 16) {
    if (num != 1 && num != 2)
      return emitOpError("expected num attribute to be 1 or 2 for 16x16 matrix");
    if (layout != MMALayout::col)
      return emitOpError("expected layout to be col for 16x16 matrix");
    if (elt != LdStMatrixEltType::B8 && elt != LdStMatrixEltType::B8X16_B4X16_P64 &&
        elt != LdStMatrixEltType::B8X16_B6X16_P32)
      return emitOpError("expected element type to be b8, b8x16.b4x16_p64 or b8x16.b6x16_p32 for 16x16 matrix");
  } else {
    return emitOpError("expected shape to be 8x8, 8x16 or 16x16");
  }
  Type i32 = IntegerType::get(getContext(), 32);
  uint32_t numElements = (m == 16 && n == 16) ? num * 2 : num;
  if (numElements == 1 && getRes().getType() != i32)
    return emitOpError("expected destination type is i32");
  if ((numElements == 2 || numElements == 4) && getRes().getType() != structOf(getContext(), numElements, i32))
    return emitOpError("expected destination type is a structure of ") << numElements << " elements of type i32";
  return success();
}

LogicalResult StMatrixOp::verify() {
  size_t numMatrix = getSources().size();
  if (numMatrix != 1 && numMatrix != 2 && numMatrix != 4)
    return emitOpError("expected num attribute to be 1, 2 or 4");
  int m = getShapeAttr().getM(), n = getShapeAttr().getN();
  LdStMatrixEltType elt = getEltTypeAttr().getValue();
  if (m == 8 && n == 8) {
    if (elt != LdStMatrixEltType::B16)
      return emitOpError("expected element type to be B16 for 8x8 matrix");
  } else if (m == 16 && n == 8) {
    if (elt != LdStMatrixEltType::B8)
      return emitOpError("expected element type to be B8 for 16x8 matrix");
    if (getLayoutAttr().getValue() != MMALayout::col)
      return emitOpError("expected layout to be col for 16x8 matrix");
  } else {
    return emitOpError("expected shape to be 8x8 or 16x8");
  }
  return success();
}

LogicalResult ShflOp::verify() {
  Type type = getRes().getType();
  Type valType = getVal().getType();
  auto typeError = [&](std::string_view desc, Type expected, Type actual) -> LogicalResult {
    return emitOpError() << "expected " << desc << " to be of type " << expected << " but got " << actual
                         << " instead";
  };
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    if (!getReturnValueAndIsValid())
      return emitOpError("\"return_value_and_is_valid\" attribute must be specified when the return type is a "
                         "struct type");
    if (structType.getBody().size() != 2)
      return emitOpError("expected return type to be a two-element struct");
    Type first = structType.getBody()[0], second = structType.getBody()[1];
    if (first != valType)
      return typeError("first element in the returned struct", valType, first);
    if (!second.isInteger(1))
      return typeError("second element in the returned struct", IntegerType::get(getContext(), 1), second);
  } else {
    if (getReturnValueAndIsValid())
      return emitOpError("expected return type to be a two-element struct");
    if (type != valType)
      return typeError("return type", valType, type);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Copies, barriers, conversions
//===----------------------------------------------------------------------===//

LogicalResult CpAsyncOp::verify() {
  LoadCacheModifierKind modifier = getModifierAttr().getValue();
  int64_t size = getSizeAttr().getInt();
  if (modifier != LoadCacheModifierKind::CG && modifier != LoadCacheModifierKind::CA)
    return emitError("Only CG and CA cache modifiers are supported.");
  if (size != 4 && size != 8 && size != 16)
    return emitError("expected byte size to be either 4, 8 or 16.");
  if (modifier == LoadCacheModifierKind::CG && size != 16)
    return emitError("CG cache modifier is only support for 16 bytes copy.");
  return success();
}

LogicalResult BulkStoreOp::verify() {
  if (getInitValAttr().getInt() != 0)
    return emitOpError("only 0 is supported for initVal, got ") << getInitValAttr().getInt();
  return success();
}

LogicalResult PMEventOp::verify() {
  IntegerAttr eventId = getEventIdAttr(), masked = getMaskedEventIdAttr();
  if (!masked && !eventId)
    return emitOpError() << "either `id` or `mask` must be set";
  if (masked && eventId)
    return emitOpError() << "`id` and `mask` cannot be set at the same time";
  if (eventId && (eventId.getInt() < 0 || eventId.getInt() > 15))
    return emitOpError() << "`id` must be between 0 and 15";
  return success();
}

/// MLIR's verifyMBarrierArriveLikeOp.
static LogicalResult verifyMBarrierArriveLike(Operation *op, Value addr, MemScopeKindAttr scope, Value res) {
  MemScopeKind kind = scope ? scope.getValue() : MemScopeKind::CTA;
  if (kind != MemScopeKind::CTA && kind != MemScopeKind::CLUSTER)
    return op->emitError("mbarrier scope must be either CTA or Cluster");
  bool sharedCluster = cast<LLVM::LLVMPointerType>(addr.getType()).getAddressSpace() == 7;
  if (sharedCluster && res)
    return op->emitError("mbarrier in shared_cluster space cannot return any value");
  return success();
}

LogicalResult MBarrierArriveOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), getRes());
}
LogicalResult MBarrierArriveDropOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), getRes());
}
LogicalResult MBarrierArriveDropExpectTxOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), getRes());
}
LogicalResult MBarrierArriveExpectTxOp::verify() {
  if (getPredicate()) {
    MemScopeKind kind = getScopeAttr() ? getScopeAttr().getValue() : MemScopeKind::CTA;
    if (kind != MemScopeKind::CTA)
      return emitError("mbarrier scope must be CTA when using predicate");
    if (cast<LLVM::LLVMPointerType>(getAddr().getType()).getAddressSpace() == 7)
      return emitError("mbarrier in shared_cluster space is not supported when using predicate");
    if (getRes())
      return emitError("return-value is not supported when using predicate");
    if (getRelaxedAttr() && getRelaxedAttr().getValue())
      return emitError("mbarrier with relaxed semantics is not supported when using predicate");
  }
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), getRes());
}
LogicalResult MBarrierExpectTxOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), Value());
}
LogicalResult MBarrierCompleteTxOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), Value());
}
LogicalResult MBarrierTestWaitOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), Value());
}
LogicalResult MBarrierTryWaitOp::verify() {
  return verifyMBarrierArriveLike(getOperation(), getAddr(), getScopeAttr(), Value());
}

LogicalResult ConvertFloatToTF32Op::verify() {
  FPRoundingMode rnd = getRndAttr().getValue();
  if (rnd == FPRoundingMode::RNA) {
    if (getReluAttr() && getReluAttr().getValue())
      return emitError("Relu not supported with rna rounding mode.");
  } else if (rnd != FPRoundingMode::RN && rnd != FPRoundingMode::RZ) {
    return emitError("Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op.");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Narrow float conversions and permute
//===----------------------------------------------------------------------===//

template <typename T> static Type floatOf(MLIRContext *ctx) { return T::get(ctx); }

LogicalResult ConvertF32x2ToF6x2Op::verify() {
  Type dst = getDstTyAttr().getValue();
  if (!isa<Float6E2M3FNType, Float6E3M2FNType>(dst))
    return emitOpError("Only ") << floatOf<Float6E2M3FNType>(getContext()) << " and "
                                << floatOf<Float6E3M2FNType>(getContext())
                                << " types are supported for conversions from f32x2 to f6x2.";
  return success();
}

LogicalResult ConvertF16x2ToF8x2Op::verify() {
  if (!isa<Float8E4M3FNType, Float8E5M2Type>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float8E4M3FNType>(getContext()) << " and "
                                << floatOf<Float8E5M2Type>(getContext())
                                << " types are supported for conversions from f16x2 to f8x2.";
  return success();
}

LogicalResult ConvertBF16x2ToF8x2Op::verify() {
  if (!isa<Float8E8M0FNUType>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float8E8M0FNUType>(getContext())
                                << " type is supported for conversions from bf16x2 to f8x2.";
  FPRoundingMode rnd = getRndAttr().getValue();
  if (rnd != FPRoundingMode::RZ && rnd != FPRoundingMode::RP)
    return emitOpError("Only RZ and RP rounding modes are supported for conversions from bf16x2 to f8x2.");
  return success();
}

LogicalResult ConvertF32x2ToF4x2Op::verify() {
  if (!isa<Float4E2M1FNType>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float4E2M1FNType>(getContext())
                                << " type is supported for conversions from f32x2 to f4x2.";
  return success();
}

LogicalResult ConvertF8x2ToF16x2Op::verify() {
  if (!isa<Float8E4M3FNType, Float8E5M2Type>(getSrcTypeAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float8E4M3FNType>(getContext()) << " and "
                                << floatOf<Float8E5M2Type>(getContext())
                                << " types are supported for conversions from f8x2 to f16x2.";
  return success();
}

LogicalResult ConvertF8x2ToBF16x2Op::verify() {
  if (!isa<Float8E8M0FNUType>(getSrcTypeAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float8E8M0FNUType>(getContext())
                                << " type is supported for conversions from f8x2 to bf16x2.";
  return success();
}

LogicalResult ConvertF6x2ToF16x2Op::verify() {
  if (!isa<Float6E2M3FNType, Float6E3M2FNType>(getSrcTypeAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float6E2M3FNType>(getContext()) << " and "
                                << floatOf<Float6E3M2FNType>(getContext())
                                << " types are supported for conversions from f6x2 to f16x2.";
  return success();
}

LogicalResult ConvertF4x2ToF16x2Op::verify() {
  if (!isa<Float4E2M1FNType>(getSrcTypeAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float4E2M1FNType>(getContext())
                                << " type is supported for conversions from f4x2 to f16x2.";
  return success();
}

LogicalResult ConvertF32x4ToF8x4Op::verify() {
  if (!isa<Float8E4M3FNType, Float8E5M2Type>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float8E4M3FNType>(getContext()) << " and "
                                << floatOf<Float8E5M2Type>(getContext())
                                << " types are supported for conversions from f32x4 to f8x4.";
  return success();
}

LogicalResult ConvertF32x4ToF6x4Op::verify() {
  if (!isa<Float6E2M3FNType, Float6E3M2FNType>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float6E2M3FNType>(getContext()) << " and "
                                << floatOf<Float6E3M2FNType>(getContext())
                                << " types are supported for conversions from f32x4 to f6x4.";
  return success();
}

LogicalResult ConvertF32x4ToF4x4Op::verify() {
  if (!isa<Float4E2M1FNType>(getDstTyAttr().getValue()))
    return emitOpError("Only ") << floatOf<Float4E2M1FNType>(getContext())
                                << " type is supported for conversions from f32x4 to f4x4.";
  return success();
}

/// MLIR's verifyConvertF32x2ToFP16x2Op.
static LogicalResult verifyConvertF32x2ToFP16x2(std::string_view dstType, FPRoundingMode rnd, bool hasRandomBits,
                                                Operation *op) {
  if (rnd != FPRoundingMode::RN && rnd != FPRoundingMode::RZ && rnd != FPRoundingMode::RS)
    return op->emitOpError("Only RN, RZ, and RS rounding modes are supported for conversions from f32x2 to ")
           << dstType << ".";
  if (rnd == FPRoundingMode::RS) {
    if (!hasRandomBits)
      return op->emitOpError("random_bits is required for RS rounding mode.");
  } else if (hasRandomBits) {
    return op->emitOpError("random_bits not supported for RN and RZ rounding modes.");
  }
  return success();
}

LogicalResult ConvertF32x2ToF16x2Op::verify() {
  return verifyConvertF32x2ToFP16x2("f16x2", getRndAttr().getValue(), bool(getRandomBits()), getOperation());
}

LogicalResult ConvertF32x2ToBF16x2Op::verify() {
  return verifyConvertF32x2ToFP16x2("bf16x2", getRndAttr().getValue(), bool(getRandomBits()), getOperation());
}

LogicalResult PermuteOp::verify() {
  PermuteMode mode = getModeAttr().getValue();
  std::string name = getPermuteModeInfo().stringify(uint64_t(mode));
  switch (mode) {
  case PermuteMode::DEFAULT:
  case PermuteMode::F4E:
  case PermuteMode::B4E:
    if (!getHi())
      return emitError("mode '") << name << "' requires 'hi' operand.";
    break;
  default:
    if (getHi())
      return emitError("mode '") << name << "' does not accept 'hi' operand.";
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Special registers and TMA copies
//===----------------------------------------------------------------------===//

/// MLIR's verifyConstantRangeAttr: an empty-or-full range must use the
/// minimum or maximum value (LLVM's ConstantRange invariant).
static LogicalResult verifyConstantRangeAttr(Operation *op, LLVM::ConstantRangeAttr range) {
  if (!range)
    return success();
  APInt lower = range.getLower(), upper = range.getUpper();
  if (lower == upper && !lower.isMaxValue() && !lower.isMinValue()) {
    unsigned width = lower.getBitWidth();
    return op->emitOpError("invalid range attribute: Lower == Upper, but they aren't min (")
           << APInt::getZero(width).toString(10, /*isSigned=*/false) << ") or max ("
           << APInt::getMaxValue(width).toString(10, /*isSigned=*/false)
           << ") value! This is an invalid constant range.";
  }
  return success();
}

#define LAMINA_NVVM_RANGE_VERIFIER(Op)                                                                  \
  LogicalResult Op::verify() { return verifyConstantRangeAttr(getOperation(), getRangeAttr()); }
LAMINA_NVVM_RANGE_VERIFIER(BlockDimXOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockDimYOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockDimZOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockIdXOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockIdYOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockIdZOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockInClusterIdXOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockInClusterIdYOp)
LAMINA_NVVM_RANGE_VERIFIER(BlockInClusterIdZOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDim)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimBlocksXOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimBlocksYOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimBlocksZOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimXOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimYOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterDimZOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterId)
LAMINA_NVVM_RANGE_VERIFIER(ClusterIdXOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterIdYOp)
LAMINA_NVVM_RANGE_VERIFIER(ClusterIdZOp)
LAMINA_NVVM_RANGE_VERIFIER(GridDimXOp)
LAMINA_NVVM_RANGE_VERIFIER(GridDimYOp)
LAMINA_NVVM_RANGE_VERIFIER(GridDimZOp)
LAMINA_NVVM_RANGE_VERIFIER(GridIdOp)
LAMINA_NVVM_RANGE_VERIFIER(LaneIdOp)
LAMINA_NVVM_RANGE_VERIFIER(SmDimOp)
LAMINA_NVVM_RANGE_VERIFIER(SmIdOp)
LAMINA_NVVM_RANGE_VERIFIER(ThreadIdXOp)
LAMINA_NVVM_RANGE_VERIFIER(ThreadIdYOp)
LAMINA_NVVM_RANGE_VERIFIER(ThreadIdZOp)
LAMINA_NVVM_RANGE_VERIFIER(WarpDimOp)
LAMINA_NVVM_RANGE_VERIFIER(WarpIdOp)
LAMINA_NVVM_RANGE_VERIFIER(WarpSizeOp)
#undef LAMINA_NVVM_RANGE_VERIFIER

/// MLIR's cpAsyncBulkTensorCommonVerifier (TMA stores and reductions).
static LogicalResult verifyTMAStoreParams(Operation *op, size_t dims, bool isIm2Col) {
  if (dims < 1 || dims > 5)
    return op->emitError("expects coordinates between 1 to 5 dimension");
  if (isIm2Col && dims < 3)
    return op->emitError("to use im2col mode, the tensor has to be at least 3-dimensional");
  return success();
}

/// MLIR's verifyTMALoadParams (TMA loads and prefetches).
static LogicalResult verifyTMALoadParams(Operation *op, size_t dims, size_t numIm2colOff, TMALoadMode mode) {
  if (dims < 1 || dims > 5)
    return op->emitError("expects coordinates between 1 to 5 dimension");
  auto check = [&](bool isIm2col, size_t expected) -> LogicalResult {
    if (isIm2col && dims < 3)
      return op->emitError() << "to use " << getTMALoadModeInfo().stringify(uint64_t(mode))
                             << " mode, the tensor has to be at least 3-dimensional";
    if (numIm2colOff != expected)
      return op->emitError() << " im2col offsets expected " << unsigned(expected) << " (provided "
                             << unsigned(numIm2colOff) << ")";
    return success();
  };
  switch (mode) {
  case TMALoadMode::TILE:
    return check(false, 0);
  case TMALoadMode::IM2COL:
    return check(true, dims - 2);
  case TMALoadMode::IM2COL_W:
  case TMALoadMode::IM2COL_W_128:
    return check(true, 2);
  case TMALoadMode::TILE_GATHER4:
    return dims == 5 ? check(false, 0) : op->emitError("Gather4 mode expects 5 coordinates");
  }
  return success();
}

LogicalResult CpAsyncBulkTensorPrefetchOp::verify() {
  return verifyTMALoadParams(getOperation(), getCoordinates().size(), getIm2colOffsets().size(),
                             getModeAttr().getValue());
}

LogicalResult CpAsyncBulkTensorGlobalToSharedClusterOp::verify() {
  TMALoadMode mode = getModeAttr().getValue();
  bool ctaOnly = getIsCTAOnlyAttr() && getIsCTAOnlyAttr().getValue();
  if (getPredicate()) {
    if (ctaOnly)
      return emitError("Predicate is supported only for shared::cluster mode.");
    if (mode != TMALoadMode::TILE && mode != TMALoadMode::IM2COL)
      return emitError("Predicate is supported only for Tile and Im2col modes.");
  } else {
    unsigned as = cast<LLVM::LLVMPointerType>(getDstMem().getType()).getAddressSpace();
    if (as != (ctaOnly ? 3u : 7u))
      return emitError() << (ctaOnly ? "Shared::cta destination requires address-space 3."
                                     : "Shared::cluster destination requires address-space 7.");
    if (ctaOnly) {
      if (getMulticastMask())
        return emitError("Multicast is not supported with shared::cta mode.");
      if (getGroupAttr())
        return emitError("CTAGroup is not supported with shared::cta mode.");
    }
  }
  return verifyTMALoadParams(getOperation(), getCoordinates().size(), getIm2colOffsets().size(), mode);
}

LogicalResult CpAsyncBulkTensorReduceOp::verify() {
  TMAStoreMode mode = getModeAttr().getValue();
  if (mode == TMAStoreMode::TILE_SCATTER4)
    return emitError("Scatter mode unsupported for CpAsyncBulkTensorReduceOp");
  return verifyTMAStoreParams(getOperation(), getCoordinates().size(), mode == TMAStoreMode::IM2COL);
}

LogicalResult CpAsyncBulkTensorSharedCTAToGlobalOp::verify() {
  TMAStoreMode mode = getModeAttr().getValue();
  if (getPredicate()) {
    if (mode != TMAStoreMode::TILE)
      return emitError("Inline-ptx lowering supported only for Tile mode.");
    if (getL2CacheHint())
      return emitError("Inline-ptx lowering unsupported with L2 cache-hint.");
  }
  size_t dims = getCoordinates().size();
  if (mode == TMAStoreMode::TILE_SCATTER4)
    return dims == 5 ? success() : emitError("Scatter4 mode expects 5 coordinates");
  return verifyTMAStoreParams(getOperation(), dims, mode == TMAStoreMode::IM2COL);
}

LogicalResult CpAsyncBulkGlobalToSharedClusterOp::verify() {
  if (cast<LLVM::LLVMPointerType>(getDstMem().getType()).getAddressSpace() == 3 && getMulticastMask())
    return emitError("Multicast is not supported with shared::cta mode.");
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers not written yet (partial: these ops are accepted as declared)
//===----------------------------------------------------------------------===//

LogicalResult BarrierOp::verify() { return success(); }
LogicalResult ClusterLaunchControlQueryCancelOp::verify() { return success(); }
LogicalResult ConvertF32x2ToF8x2Op::verify() { return success(); }
LogicalResult FenceProxyAcquireOp::verify() { return success(); }
LogicalResult FenceProxyOp::verify() { return success(); }
LogicalResult FenceProxyReleaseOp::verify() { return success(); }
LogicalResult FenceProxySyncRestrictOp::verify() { return success(); }
LogicalResult FenceSyncRestrictOp::verify() { return success(); }
LogicalResult MatchSyncOp::verify() { return success(); }
LogicalResult MmaSpBlockScaleOp::verify() { return success(); }
LogicalResult MmaSpOp::verify() { return success(); }
LogicalResult PrefetchOp::verify() { return success(); }
LogicalResult ReduxOp::verify() { return success(); }
LogicalResult SetMaxRegisterOp::verify() { return success(); }
LogicalResult Tcgen05CpOp::verify() { return success(); }
LogicalResult Tcgen05LdOp::verify() { return success(); }
LogicalResult Tcgen05MMABlockScaleOp::verify() { return success(); }
LogicalResult Tcgen05MMAOp::verify() { return success(); }
LogicalResult Tcgen05MMASparseBlockScaleOp::verify() { return success(); }
LogicalResult Tcgen05MMASparseOp::verify() { return success(); }
LogicalResult Tcgen05StOp::verify() { return success(); }
LogicalResult VoteSyncOp::verify() { return success(); }
LogicalResult WgmmaMmaAsyncOp::verify() { return success(); }
