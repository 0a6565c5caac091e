//===- SPIRVControlFlowOps.cpp - The spirv structured control flow ---------===//
//
// As mlir/lib/Dialect/SPIRV/IR/ControlFlowOps.cpp: the block layout of
// spirv.mlir.loop (entry, header, continue and merge blocks) and
// spirv.mlir.selection (header and merge blocks), and the verifiers of
// spirv.Unreachable and spirv.Select.
//
#include "SPIRVParsingUtils.h"

#include "lamina/IR/Diagnostics.h"

#include <iterator>

using namespace lamina;
using namespace lamina::spirv;

/// `src` holds only a spirv.Branch to `dst`.
static bool hasOneBranchOpTo(Block &src, Block &dst) {
  if (src.empty() || &src.front() != &src.back())
    return false;
  auto branch = dyn_cast<BranchOp>(&src.back());
  return branch && branch.getOperation()->getSuccessor(0) == &dst;
}

/// `block` holds only a spirv.mlir.merge.
static bool isMergeBlock(Block &block) {
  return !block.empty() && &block.front() == &block.back() && isa<MergeOp>(&block.front());
}

/// A spirv.mlir.merge outside the last block of `region`.
static bool hasOtherMerge(Region &region) {
  for (Block &block : region) {
    if (&block == &region.back())
      continue;
    for (Operation &op : block)
      if (isa<MergeOp>(&op))
        return true;
  }
  return false;
}

/// The merge block's common checks; the region is not empty.
static LogicalResult verifyMergeBlock(Operation *op, Region &region) {
  if (!isMergeBlock(region.back()))
    return op->emitOpError("last block must be the merge block with only one 'spirv.mlir.merge' op");
  if (hasOtherMerge(region))
    return op->emitOpError("should not have 'spirv.mlir.merge' op outside the merge block");
  // MLIR 22 does not compare the merged values with the results.
  return success();
}

LogicalResult LoopOp::verifyRegions() {
  Operation *op = getOperation();
  Region &region = op->getRegion(0);
  if (region.empty())
    return success();
  if (failed(verifyMergeBlock(op, region)))
    return failure();
  std::vector<Block *> blocks;
  for (Block &block : region)
    blocks.push_back(&block);
  if (blocks.size() == 1)
    return emitOpError("must have an entry block branching to the loop header block");
  Block &entry = *blocks[0];
  if (blocks.size() == 2)
    return emitOpError("must have a loop header block branched from the entry block");
  Block &header = *blocks[1];
  if (!hasOneBranchOpTo(entry, header))
    return emitOpError("entry block must only have one 'spirv.Branch' op to the second block");
  if (blocks.size() == 3)
    return emitOpError("requires a loop continue block branching to the loop header block");
  Block &cont = *blocks[blocks.size() - 2];
  bool contToHeader = false;
  if (!cont.empty())
    for (unsigned i = 0, e = cont.back().getNumSuccessors(); i < e; ++i)
      contToHeader |= cont.back().getSuccessor(i) == &header;
  if (!contToHeader)
    return emitOpError("second to last block must be the loop continue block that branches to the loop header block");
  for (size_t b = 2; b + 2 < blocks.size(); ++b) {
    Block &block = *blocks[b];
    if (block.empty())
      continue;
    for (unsigned i = 0, e = block.back().getNumSuccessors(); i < e; ++i)
      if (block.back().getSuccessor(i) == &header)
        return emitOpError("can only have the entry and loop continue block branching to the loop header block");
  }
  return success();
}

LogicalResult SelectionOp::verifyRegions() {
  Operation *op = getOperation();
  Region &region = op->getRegion(0);
  if (region.empty())
    return success();
  if (failed(verifyMergeBlock(op, region)))
    return failure();
  if (&region.front() == &region.back())
    return emitOpError("must have a selection header block");
  return success();
}

LogicalResult UnreachableOp::verify() {
  Block *block = getOperation()->getBlock();
  if (block->isEntryBlock())
    return emitOpError("cannot be used in reachable block");
  return success();
}

LogicalResult SelectOp::verify() {
  Operation *op = getOperation();
  if (auto conditionTy = dyn_cast<VectorType>(op->getOperand(0).getType())) {
    auto resultTy = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!resultTy)
      return emitOpError("result expected to be of vector type when condition is of vector type");
    if (resultTy.getNumElements() != conditionTy.getNumElements())
      return emitOpError("result should have the same number of elements as the condition when condition is of "
                         "vector type");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// spirv.Switch
//===----------------------------------------------------------------------===//

/// custom<SwitchOpCases>(ref(type($selector)), $defaultTarget,
///   $defaultOperands, type($defaultOperands), $literals, $targets,
///   $targetOperands, type($targetOperands)): `default: ^bb(...)` then
///   `, N: ^bb(...)` per case.
static ParseResult parseSwitchOpCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type selectorType = args[0]->types->empty() ? Type() : args[0]->types->front();
  Block *dest = nullptr;
  if (parser.parseKeyword("default") || parser.parseColon() || parser.parseSuccessor(dest))
    return failure();
  args[1]->successors->push_back(dest);
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(*args[2]->operands, AsmParser::Delimiter::None, /*allowResultNumber=*/false) ||
        parser.parseColonTypeList(*args[3]->types) || parser.parseRParen())
      return failure();
  }
  std::vector<APInt> values;
  unsigned bitWidth = selectorType && selectorType.isIntOrFloat() ? selectorType.getIntOrFloatBitWidth() : 64;
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
    args[5]->successors->push_back(caseDest);
    args[6]->operands->insert(args[6]->operands->end(), operands.begin(), operands.end());
    args[6]->operandGroupSizes->push_back(int32_t(operands.size()));
    args[7]->types->insert(args[7]->types->end(), types.begin(), types.end());
  }
  if (!values.empty() && selectorType)
    *args[4]->attr = DenseElementsAttr::get(VectorType::get({int64_t(values.size())}, selectorType), values);
  return success();
}

static void printSwitchOpCases(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  raw_ostream &os = p.getStream();
  os << "  default: ";
  p.printSuccessorAndUseList(args[1].successors.front(), args[2].operands);
  auto literals = dyn_cast_or_null<DenseIntElementsAttr>(args[4].attr);
  if (!literals)
    return;
  const std::vector<int32_t> &sizes = args[6].groupSizes;
  OperandRange targetOperands = args[6].operands;
  size_t pos = 0;
  std::vector<APInt> values = DenseElementsAttr(literals).getIntValues();
  for (size_t i = 0; i < values.size() && i < args[5].successors.size(); ++i) {
    os << ',';
    p.printNewline();
    os << "  ";
    const APInt &v = values[i];
    os << (unsigned long long)(v.getActiveBits() > 64 ? ~0ULL : v.getZExtValue());
    os << ": ";
    size_t len = i < sizes.size() ? size_t(sizes[i]) : 0;
    if (pos + len > targetOperands.size())
      len = targetOperands.size() - pos;
    p.printSuccessorAndUseList(args[5].successors[i], targetOperands.slice(pos, len));
    pos += len;
  }
  p.printNewline();
}

ods::CustomDirective spirv::getSwitchOpCasesDirective() {
  return {"SwitchOpCases", parseSwitchOpCases, printSwitchOpCases, nullptr};
}
