//===- ControlFlowDialect.cpp - cf.br, cond_br, switch, assert -------------===//
//
// Definitions follow mlir/Dialect/ControlFlow/IR/ControlFlowOps.td.
//
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"

#include "ControlFlowDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::cf;

OperandRange CondBranchOp::getTrueOperands() const { return ods::getODSOperands(state, 1); }
OperandRange CondBranchOp::getFalseOperands() const { return ods::getODSOperands(state, 2); }

//===----------------------------------------------------------------------===//
// Successor operands (BranchOpInterface)
//===----------------------------------------------------------------------===//

static OperandRange brSuccessorOperands(Operation *op, unsigned) { return op->getOperands(); }

static OperandRange condBrSuccessorOperands(Operation *op, unsigned index) {
  return ods::getODSOperands(op, index == 0 ? 1 : 2);
}

/// The operands of case `index - 1`, or the default operands.
static OperandRange switchSuccessorOperands(Operation *op, unsigned index) {
  if (index == 0)
    return ods::getODSOperands(op, 1);
  OperandRange cases = ods::getODSOperands(op, 2);
  auto segments = dyn_cast_or_null<DenseI32ArrayAttr>(ods::getInherentAttr(op, "case_operand_segments"));
  if (!segments)
    return OperandRange();
  ArrayRef<int32_t> sizes = segments.asArrayRef();
  size_t start = 0;
  for (unsigned i = 0; i + 1 < index && i < sizes.size(); ++i)
    start += size_t(sizes[i]);
  size_t len = index - 1 < sizes.size() ? size_t(sizes[index - 1]) : 0;
  if (start > cases.size())
    start = cases.size();
  if (start + len > cases.size())
    len = cases.size() - start;
  return cases.slice(start, len);
}

/// WeightedBranchOpInterface: one weight per successor, not all zero.
static LogicalResult verifyBranchWeights(Operation *op) {
  auto weights = dyn_cast_or_null<DenseI32ArrayAttr>(ods::getInherentAttr(op, "branch_weights"));
  if (!weights || weights.empty())
    return success();
  ArrayRef<int32_t> w = weights.asArrayRef();
  if (w.size() != op->getNumSuccessors())
    return op->emitError() << "expects number of branch weights to match number of successors: "
                           << unsigned(w.size()) << " vs " << op->getNumSuccessors();
  for (int32_t x : w)
    if (x != 0)
      return success();
  return op->emitError() << "branch weights cannot all be zero";
}

//===----------------------------------------------------------------------===//
// cf.switch
//===----------------------------------------------------------------------===//

/// custom<SwitchOpCases>(ref(type($flag)), $defaultDestination,
///   $defaultOperands, type($defaultOperands), $case_values,
///   $caseDestinations, $caseOperands, type($caseOperands))
static ParseResult parseSwitchOpCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type flagType = args[0]->types->empty() ? Type() : args[0]->types->front();
  std::vector<Block *> &defaultDest = *args[1]->successors;
  auto &defaultOperands = *args[2]->operands;
  SmallVectorImpl<Type> &defaultTypes = *args[3]->types;
  Attribute &caseValues = *args[4]->attr;
  std::vector<Block *> &caseDests = *args[5]->successors;
  auto &caseOperands = *args[6]->operands;
  std::vector<int32_t> &caseSizes = *args[6]->operandGroupSizes;
  SmallVectorImpl<Type> &caseTypes = *args[7]->types;

  Block *dest = nullptr;
  if (parser.parseKeyword("default") || parser.parseColon() || parser.parseSuccessor(dest))
    return failure();
  defaultDest.push_back(dest);
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(defaultOperands, AsmParser::Delimiter::None, /*allowResultNumber=*/false) ||
        parser.parseColonTypeList(defaultTypes) || parser.parseRParen())
      return failure();
  }
  std::vector<APInt> values;
  unsigned bitWidth = flagType ? flagType.getIntOrFloatBitWidth() : 64;
  while (succeeded(parser.parseOptionalComma())) {
    int64_t value = 0;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(APInt(bitWidth, uint64_t(value), /*isSigned=*/true));
    Block *caseDest = nullptr;
    SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
    SmallVector<Type, 4> types;
    if (parser.parseColon() || parser.parseSuccessor(caseDest))
      return failure();
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseOperandList(operands, AsmParser::Delimiter::None) || parser.parseColonTypeList(types) ||
          parser.parseRParen())
        return failure();
    }
    caseDests.push_back(caseDest);
    caseOperands.insert(caseOperands.end(), operands.begin(), operands.end());
    caseSizes.push_back(int32_t(operands.size()));
    caseTypes.insert(caseTypes.end(), types.begin(), types.end());
  }
  if (!values.empty() && flagType)
    caseValues = DenseElementsAttr::get(VectorType::get({int64_t(values.size())}, flagType), values);
  return success();
}

static void printSwitchOpCases(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  raw_ostream &os = p.getStream();
  os << "  default: ";
  p.printSuccessorAndUseList(args[1].successors.front(), args[2].operands);
  auto caseValues = dyn_cast_or_null<DenseIntElementsAttr>(args[4].attr);
  if (!caseValues)
    return;
  const std::vector<int32_t> &sizes = args[6].groupSizes;
  OperandRange caseOperands = args[6].operands;
  size_t pos = 0;
  std::vector<APInt> values = DenseElementsAttr(caseValues).getIntValues();
  for (size_t i = 0; i < values.size(); ++i) {
    os << ',';
    p.printNewline();
    os << "  ";
    APInt v = values[i];
    os << (unsigned long long)(v.getActiveBits() > 64 ? ~0ULL : v.getZExtValue());
    os << ": ";
    size_t len = i < sizes.size() ? size_t(sizes[i]) : 0;
    if (pos + len > caseOperands.size())
      len = caseOperands.size() - pos;
    p.printSuccessorAndUseList(args[5].successors[i], caseOperands.slice(pos, len));
    pos += len;
  }
  p.printNewline();
}

static LogicalResult verifySwitch(Operation *op) {
  auto caseValues = dyn_cast_or_null<DenseIntElementsAttr>(ods::getInherentAttr(op, "case_values"));
  unsigned numCaseDests = op->getNumSuccessors() - 1;
  if (!caseValues && numCaseDests == 0)
    return success();
  Type flagType = op->getOperand(0).getType();
  Type caseValueType = caseValues ? DenseElementsAttr(caseValues).getElementType() : Type();
  if (caseValueType != flagType)
    return op->emitOpError() << "'flag' type (" << flagType << ") should match case value type (" << caseValueType
                             << ")";
  if (caseValues && DenseElementsAttr(caseValues).getNumElements() != int64_t(numCaseDests))
    return op->emitOpError() << "number of case values (" << (long long)DenseElementsAttr(caseValues).getNumElements()
                             << ") should match number of case destinations (" << numCaseDests << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

ControlFlowDialect::ControlFlowDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<ControlFlowDialect>()) {
  // Dependent dialects: the canonicalization patterns create arith ops.
  ctx->getOrLoadDialect<ArithDialect>();
  ods::OpDef(AssertOp::getOperationName(), TypeID::get<AssertOp>())
      .operand("arg", ods::I(1))
      .attr("msg", ods::StrAttr())
      .trait(ods::MemoryEffects())
      .format("$arg `,` $msg attr-dict")
      .registerIn(*this);

  ods::OpDef(BranchOp::getOperationName(), TypeID::get<BranchOp>())
      .variadicOperand("destOperands")
      .successor("dest")
      .traits({ods::BranchOpInterface(brSuccessorOperands), ods::Pure(), ods::IsTerminator()})
      .format("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")
      .registerIn(*this);

  ods::OpDef(CondBranchOp::getOperationName(), TypeID::get<CondBranchOp>())
      .operand("condition", ods::I(1))
      .variadicOperand("trueDestOperands")
      .variadicOperand("falseDestOperands")
      .optionalAttr("branch_weights", ods::DenseI32ArrayAttr())
      .successor("trueDest")
      .successor("falseDest")
      .traits({ods::AttrSizedOperandSegments(), ods::BranchOpInterface(condBrSuccessorOperands),
               ods::CustomTrait("WeightedBranchOpInterface", verifyBranchWeights), ods::Pure(),
               ods::IsTerminator()})
      .format("$condition (`weights` `(` $branch_weights^ `)`)? `,` "
              "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
              "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")
      .registerIn(*this);

  ods::OpDef(SwitchOp::getOperationName(), TypeID::get<SwitchOp>())
      .operand("flag", ods::AnyInteger())
      .variadicOperand("defaultOperands")
      .variadicOfVariadicOperand("caseOperands", ods::AnyType(), "case_operand_segments")
      .optionalAttr("case_values", ods::AttrOf("integer elements attribute",
                                               [](Attribute a) { return isa<DenseIntElementsAttr>(a); }))
      .attr("case_operand_segments", ods::DenseI32ArrayAttr())
      .successor("defaultDestination")
      .variadicSuccessor("caseDestinations")
      .traits({ods::AttrSizedOperandSegments(), ods::BranchOpInterface(switchSuccessorOperands), ods::Pure(),
               ods::IsTerminator()})
      .directive({"SwitchOpCases", parseSwitchOpCases, printSwitchOpCases, nullptr})
      .format("$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, "
              "$defaultOperands, type($defaultOperands), $case_values, $caseDestinations, $caseOperands, "
              "type($caseOperands)) `]` attr-dict")
      .verifier(verifySwitch)
      .registerIn(*this);

  registerControlFlowCanonicalization(*this);
}

ControlFlowDialect::~ControlFlowDialect() = default;
