//===- ControlFlowOps.cpp - cf.br, cond_br, switch, assert ----------------===//
//
// Definitions follow mlir/Dialect/ControlFlow/IR/ControlFlowOps.td.
//
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Transforms/InliningUtils.h"

#include "ControlFlowDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::cf;

OperandRange CondBranchOp::getTrueOperands() const { return ods::getODSOperands(state, 1); }
OperandRange CondBranchOp::getFalseOperands() const { return ods::getODSOperands(state, 2); }

//===----------------------------------------------------------------------===//
// Successor operands (BranchOpInterface)
//===----------------------------------------------------------------------===//

static SuccessorOperands brSuccessorOperands(Operation *op, unsigned) {
  return SuccessorOperands(MutableOperandRange(op));
}

/// The operands of operand group `group` of an AttrSizedOperandSegments op.
static MutableOperandRange operandGroupMutable(Operation *op, unsigned group) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return MutableOperandRange(op, start, length, {"operandSegmentSizes", group});
}

static SuccessorOperands condBrSuccessorOperands(Operation *op, unsigned index) {
  return SuccessorOperands(operandGroupMutable(op, index == 0 ? 1 : 2));
}

/// The operands of case `index - 1`, or the default operands.
static SuccessorOperands switchSuccessorOperands(Operation *op, unsigned index) {
  if (index == 0)
    return SuccessorOperands(operandGroupMutable(op, 1));
  auto [casesStart, casesLength] = ods::getODSOperandIndexAndLength(op, 2);
  auto segments = dyn_cast_or_null<DenseI32ArrayAttr>(ods::getInherentAttr(op, "case_operand_segments"));
  if (!segments)
    return SuccessorOperands(MutableOperandRange(op, casesStart + casesLength, 0));
  ArrayRef<int32_t> sizes = segments.asArrayRef();
  unsigned start = 0;
  for (unsigned i = 0; i + 1 < index && i < sizes.size(); ++i)
    start += unsigned(sizes[i]);
  unsigned len = index - 1 < sizes.size() ? unsigned(sizes[index - 1]) : 0;
  if (start > casesLength)
    start = casesLength;
  if (start + len > casesLength)
    len = casesLength - start;
  return SuccessorOperands(MutableOperandRange(op, casesStart + start, len, {"operandSegmentSizes", 2},
                                               {"case_operand_segments", index - 1}));
}

/// BranchOp::getSuccessorForOperands: the only successor.
static Block *brSuccessorForOperands(Operation *op, ArrayRef<Attribute>) { return op->getSuccessor(0); }

/// CondBranchOp::getSuccessorForOperands: the successor a constant condition
/// selects.
static Block *condBrSuccessorForOperands(Operation *op, ArrayRef<Attribute> operands) {
  if (auto condAttr = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands.front()))
    return condAttr.getValue().isOne() ? op->getSuccessor(0) : op->getSuccessor(1);
  return nullptr;
}

/// SwitchOp::getSuccessorForOperands: the case a constant flag matches, or
/// the default.
static Block *switchSuccessorForOperands(Operation *op, ArrayRef<Attribute> operands) {
  auto caseValues = dyn_cast_or_null<DenseIntElementsAttr>(ods::getInherentAttr(op, "case_values"));
  if (!caseValues)
    return op->getSuccessor(0);
  auto value = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands.front());
  if (!value)
    return nullptr;
  std::vector<APInt> values = DenseElementsAttr(caseValues).getIntValues();
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i] == value.getValue())
      return op->getSuccessor(unsigned(i) + 1);
  return op->getSuccessor(0);
}

/// AssertOp::getEffects: a write to the default resource (the abort).
static void assertEffects(Operation *, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get()));
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


void cf::registerControlFlowOps(Dialect &dialect) {
  ods::OpDef(AssertOp::getOperationName(), TypeID::get<AssertOp>())
      .operand("arg", ods::I(1))
      .attr("msg", ods::StrAttr())
      .trait(ods::Implements<MemoryEffectOpInterface>({assertEffects}))
      .format("$arg `,` $msg attr-dict")
      .registerIn(dialect);

  ods::OpDef(BranchOp::getOperationName(), TypeID::get<BranchOp>())
      .variadicOperand("destOperands")
      .successor("dest")
      .traits({ods::Implements<BranchOpInterface>({brSuccessorOperands, brSuccessorForOperands}), ods::Pure(),
               ods::IsTerminator()})
      .format("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")
      .registerIn(dialect);

  ods::OpDef(CondBranchOp::getOperationName(), TypeID::get<CondBranchOp>())
      .operand("condition", ods::I(1))
      .variadicOperand("trueDestOperands")
      .variadicOperand("falseDestOperands")
      .optionalAttr("branch_weights", ods::DenseI32ArrayAttr())
      .successor("trueDest")
      .successor("falseDest")
      .traits({ods::AttrSizedOperandSegments(),
               ods::Implements<BranchOpInterface>({condBrSuccessorOperands, condBrSuccessorForOperands}),
               ods::Implements<WeightedBranchOpInterface>({}), ods::Pure(), ods::IsTerminator()})
      .format("$condition (`weights` `(` $branch_weights^ `)`)? `,` "
              "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
              "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")
      .registerIn(dialect);

  ods::OpDef(SwitchOp::getOperationName(), TypeID::get<SwitchOp>())
      .operand("flag", ods::AnyInteger())
      .variadicOperand("defaultOperands")
      .variadicOfVariadicOperand("caseOperands", ods::AnyType(), "case_operand_segments")
      .optionalAttr("case_values", ods::AttrOf("integer elements attribute",
                                               [](Attribute a) { return isa<DenseIntElementsAttr>(a); }))
      .attr("case_operand_segments", ods::DenseI32ArrayAttr())
      .successor("defaultDestination")
      .variadicSuccessor("caseDestinations")
      .traits({ods::AttrSizedOperandSegments(),
               ods::Implements<BranchOpInterface>({switchSuccessorOperands, switchSuccessorForOperands}),
               ods::Pure(), ods::IsTerminator()})
      .directive({"SwitchOpCases", parseSwitchOpCases, printSwitchOpCases, nullptr})
      .format("$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, "
              "$defaultOperands, type($defaultOperands), $case_values, $caseDestinations, $caseOperands, "
              "type($caseOperands)) `]` attr-dict")
      .verifier(verifySwitch)
      .registerIn(dialect);
}
