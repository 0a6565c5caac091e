//===- SMTOps.cpp - What the smt dialect writes by hand -------------------===//
//
// As mlir/lib/Dialect/SMT/IR/SMTOps.cpp, SMTAttributes.cpp and SMTTypes.cpp:
// `#smt.bv<V>` (typed by its `!smt.bv<N>`), the SMT value type tests and type
// verifiers, the syntax of smt.eq/distinct, smt.bv.repeat and
// smt.int.constant, the verifiers (operand counts, extract ranges, repeat
// widths, quantifier and solver regions), result-type inference of
// bv.constant and bv.concat, and the constants' result names.
//
#include "lamina/Dialect/SMT/SMTDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::smt;

SMTDialect::SMTDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<SMTDialect>()) {
  registerGenerated();
}

SMTDialect::~SMTDialect() = default;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool smt::isAnySMTValueType(Type type) {
  return isa<BoolType>(type) || isa<BitVectorType>(type) || isa<ArrayType>(type) || isa<IntType>(type) ||
         isa<SortType>(type) || isa<SMTFuncType>(type);
}

bool smt::isAnyNonFuncSMTValueType(Type type) { return isAnySMTValueType(type) && !isa<SMTFuncType>(type); }

LogicalResult BitVectorType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t width) {
  if (width <= 0)
    return emitError() << "bit-vector must have at least a width of one";
  return success();
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError, Type domainType, Type rangeType) {
  if (!isAnySMTValueType(domainType))
    return emitError() << "domain must be any SMT value type";
  if (!isAnySMTValueType(rangeType))
    return emitError() << "range must be any SMT value type";
  return success();
}

LogicalResult SMTFuncType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<Type> domainTypes,
                                  Type rangeType) {
  if (domainTypes.empty())
    return emitError() << "domain must not be empty";
  for (Type t : domainTypes)
    if (!isAnyNonFuncSMTValueType(t))
      return emitError() << "domain types must be any non-function SMT type";
  if (!isAnyNonFuncSMTValueType(rangeType))
    return emitError() << "range type must be any non-function SMT type";
  return success();
}

LogicalResult SortType::verify(function_ref<InFlightDiagnostic()> emitError, StringAttr, ArrayRef<Type> sortParams) {
  for (Type t : sortParams)
    if (!isAnyNonFuncSMTValueType(t))
      return emitError() << "sort parameter types must be any non-function SMT type";
  return success();
}

//===----------------------------------------------------------------------===//
// #smt.bv
//===----------------------------------------------------------------------===//

LogicalResult BitVectorAttr::verify(function_ref<InFlightDiagnostic()> emitError, APInt value) {
  if (value.getBitWidth() < 1)
    return emitError() << "bit-width must be at least 1, but got " << value.getBitWidth();
  return success();
}

Type BitVectorAttr::getType() const { return BitVectorType::get(getContext(), int64_t(getValue().getBitWidth())); }

/// `<V>`, sized by the `!smt.bv<N>` type that follows the attribute.
Attribute BitVectorAttr::parse(AsmParser &parser, Type type) {
  SMLoc loc = parser.getCurrentLocation();
  APInt val;
  if (failed(parser.parseLess()) || failed(parser.parseInteger(val)) || failed(parser.parseGreater()))
    return Attribute();
  auto bvType = dyn_cast_or_null<BitVectorType>(type);
  if (!bvType) {
    (void)parser.emitError(loc, "explicit bit-vector type required");
    return Attribute();
  }
  unsigned width = unsigned(bvType.getWidth());
  if (width > val.getBitWidth()) {
    val = val.sext(width);
  } else if (width < val.getBitWidth()) {
    unsigned neededBits = val.isNegative() ? val.getSignificantBits() : val.getActiveBits();
    if (width < neededBits) {
      (void)(parser.emitError(loc, "integer value out of range for given bit-vector type ") << type);
      return Attribute();
    }
    val = val.trunc(width);
  }
  return BitVectorAttr::get(parser.getContext(), val);
}

void BitVectorAttr::print(AsmPrinter &printer) const {
  printer << "<" << getValue().toString(10, /*isSigned=*/true) << ">";
}

//===----------------------------------------------------------------------===//
// Result types and names
//===----------------------------------------------------------------------===//

LogicalResult BVConstantOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  auto value = dyn_cast_or_null<BitVectorAttr>(context.getAttr("value"));
  if (!value)
    return failure();
  inferred.push_back(value.getType());
  return success();
}

void BVConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  BitVectorAttr value = getValueAttr();
  if (!value)
    return;
  std::string name = "c" + value.getValue().toString(10, /*isSigned=*/true) + "_bv" +
                     std::to_string(value.getValue().getBitWidth());
  setNameFn(getOperation()->getResult(0), name);
}

LogicalResult ConcatOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() != 2)
    return failure();
  auto lhs = dyn_cast<BitVectorType>(context.operands[0].getType());
  auto rhs = dyn_cast<BitVectorType>(context.operands[1].getType());
  if (!lhs || !rhs)
    return failure();
  inferred.push_back(BitVectorType::get(context.context, lhs.getWidth() + rhs.getWidth()));
  return success();
}

void BoolConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  BoolAttr value = getValueAttr();
  setNameFn(getOperation()->getResult(0), value && value.getValue() ? "true" : "false");
}

void DeclareFunOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  StringAttr prefix = getNamePrefixAttr();
  setNameFn(getOperation()->getResult(0), prefix ? prefix.getValue() : std::string_view());
}

void IntConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  IntegerAttr value = getValueAttr();
  if (!value)
    return;
  setNameFn(getOperation()->getResult(0), "c" + value.getValue().toString(10, /*isSigned=*/true));
}

//===----------------------------------------------------------------------===//
// smt.int.constant
//===----------------------------------------------------------------------===//

/// An integer literal as MLIR's parseInteger(APInt &) reads it: 4 bits per
/// digit (after any `0x`), a zero bit added above a set top bit, negated
/// after a `-`.
static ParseResult parseMLIRInteger(OpAsmParser &parser, APInt &result) {
  const char *start = parser.getCurrentLocation().getPointer();
  APInt minimal;
  if (failed(parser.parseInteger(minimal)))
    return failure();
  const char *p = start;
  bool negative = false;
  if (p && *p == '-') {
    negative = true;
    ++p;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      ++p;
  }
  unsigned radix = 10;
  if (p && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    radix = 16;
    p += 2;
  }
  std::string_view digits;
  if (p) {
    const char *e = p;
    while ((*e >= '0' && *e <= '9') || (radix == 16 && ((*e >= 'a' && *e <= 'f') || (*e >= 'A' && *e <= 'F'))))
      ++e;
    digits = std::string_view(p, size_t(e - p));
  }
  std::optional<APInt> magnitude = digits.empty() ? std::nullopt : APInt::fromString(digits, radix);
  if (!magnitude) {
    result = minimal;
    return success();
  }
  unsigned width = std::max<unsigned>(unsigned(4 * digits.size()), magnitude->getBitWidth());
  APInt value = magnitude->zext(width);
  if (value.isNegative())
    value = value.zext(width + 1);
  if (negative)
    value = -value;
  result = value;
  return success();
}

ParseResult IntConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  APInt value;
  if (failed(parseMLIRInteger(parser, value)))
    return failure();
  // As MLIR's IntegerAttr::get(ctx, APSInt(value)): an unsigned integer type.
  Type type = IntegerType::get(parser.getContext(), value.getBitWidth(), IntegerType::Unsigned);
  result.addAttribute("value", IntegerAttr::get(type, value));
  if (failed(parser.parseOptionalAttrDict(result.attributes)))
    return failure();
  result.addType(IntType::get(parser.getContext()));
  return success();
}

void IntConstantOp::print(OpAsmPrinter &p) {
  p << " ";
  if (IntegerAttr value = getValueAttr())
    p << value.getValue().toString(10, /*isSigned=*/true);
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"value"});
}

//===----------------------------------------------------------------------===//
// smt.eq, smt.distinct
//===----------------------------------------------------------------------===//

/// `%a, %b, ... {attrs} : type`, every operand of that type, a `!smt.bool`.
static ParseResult parseSameOperandTypeVariadicToBoolOp(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs;
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (failed(parser.parseOperandList(inputs)) || failed(parser.parseOptionalAttrDict(result.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseType(type)))
    return failure();
  result.addType(BoolType::get(parser.getContext()));
  std::vector<Type> types(inputs.size(), type);
  return parser.resolveOperands(ArrayRef<OpAsmParser::UnresolvedOperand>(inputs.data(), inputs.size()),
                                ArrayRef<Type>(types.data(), types.size()), loc, result.operands);
}

static void printSameOperandTypeVariadicToBoolOp(OpAsmPrinter &p, Operation *op) {
  p << ' ';
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(op->getOperand(i));
  }
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  if (op->getNumOperands())
    p.printType(op->getOperand(0).getType());
}

static LogicalResult verifyAtLeastTwoInputs(Operation *op) {
  if (op->getNumOperands() < 2)
    return op->emitOpError() << "'inputs' must have at least size 2, but got " << op->getNumOperands();
  return success();
}

ParseResult EqOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseSameOperandTypeVariadicToBoolOp(parser, result);
}
void EqOp::print(OpAsmPrinter &p) { printSameOperandTypeVariadicToBoolOp(p, getOperation()); }
LogicalResult EqOp::verify() { return verifyAtLeastTwoInputs(getOperation()); }

ParseResult DistinctOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseSameOperandTypeVariadicToBoolOp(parser, result);
}
void DistinctOp::print(OpAsmPrinter &p) { printSameOperandTypeVariadicToBoolOp(p, getOperation()); }
LogicalResult DistinctOp::verify() { return verifyAtLeastTwoInputs(getOperation()); }

//===----------------------------------------------------------------------===//
// Bit-vectors: extract, repeat
//===----------------------------------------------------------------------===//

LogicalResult ExtractOp::verify() {
  auto range = dyn_cast<BitVectorType>(getOperation()->getResult(0).getType());
  auto input = dyn_cast<BitVectorType>(getInput().getType());
  IntegerAttr lowBitAttr = getLowBitAttr();
  if (!range || !input || !lowBitAttr)
    return success();
  uint64_t lowBit = lowBitAttr.getValue().getZExtValue();
  unsigned rangeWidth = unsigned(range.getWidth());
  unsigned inputWidth = unsigned(input.getWidth());
  uint32_t end = uint32_t(lowBit) + rangeWidth;
  if (end > inputWidth)
    return emitOpError("range to be extracted is too big, expected range starting at index ")
           << lowBit << " of length " << rangeWidth << " requires input width of at least " << end
           << ", but the input width is only " << inputWidth;
  return success();
}

LogicalResult RepeatOp::verify() {
  auto input = dyn_cast<BitVectorType>(getInput().getType());
  auto type = dyn_cast<BitVectorType>(getOperation()->getResult(0).getType());
  if (!input || !type)
    return success();
  unsigned inputWidth = unsigned(input.getWidth());
  unsigned resultWidth = unsigned(type.getWidth());
  if (resultWidth % inputWidth != 0)
    return emitOpError() << "result bit-vector width must be a multiple of the input bit-vector width";
  return success();
}

ParseResult RepeatOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand input;
  Type inputType;
  SMLoc countLoc = parser.getCurrentLocation();
  APInt count;
  if (failed(parser.parseInteger(count)) || failed(parser.parseKeyword("times")))
    return failure();
  if (count.isNegative() || count.isZero())
    return parser.emitError(countLoc) << "integer must be positive";
  SMLoc inputLoc = parser.getCurrentLocation();
  if (failed(parser.parseOperand(input)) || failed(parser.parseOptionalAttrDict(result.attributes)) ||
      failed(parser.parseColon()) || failed(parser.parseType(inputType)))
    return failure();
  if (failed(parser.resolveOperand(input, inputType, result.operands)))
    return failure();
  auto bvInputTy = dyn_cast<BitVectorType>(inputType);
  if (!bvInputTy)
    return parser.emitError(inputLoc) << "input must have bit-vector type";
  const unsigned maxBw = 63;
  if (count.getActiveBits() > maxBw)
    return parser.emitError(countLoc) << "integer must fit into " << maxBw << " bits";
  APInt resultBw = APInt(2 * maxBw, uint64_t(bvInputTy.getWidth())) * count.zext(2 * maxBw);
  if (resultBw.getActiveBits() > maxBw)
    return parser.emitError(countLoc)
           << "result bit-width (provided integer times bit-width of the input type) must fit into " << maxBw
           << " bits";
  result.addType(BitVectorType::get(parser.getContext(), int64_t(resultBw.getZExtValue())));
  return success();
}

void RepeatOp::print(OpAsmPrinter &p) {
  auto input = dyn_cast<BitVectorType>(getInput().getType());
  auto type = dyn_cast<BitVectorType>(getOperation()->getResult(0).getType());
  unsigned count = input && type && input.getWidth() ? unsigned(type.getWidth() / input.getWidth()) : 0;
  p << " " << count << " times ";
  p.printOperand(getInput());
  p.printOptionalAttrDict(getOperation()->getAttrs());
  p << " : ";
  p.printType(getInput().getType());
}

//===----------------------------------------------------------------------===//
// Regions: solver, check, quantifiers
//===----------------------------------------------------------------------===//

/// Whether the terminator of `region`'s first block yields values of the
/// types of `op`'s results.
static bool yieldsResultTypes(Region &region, Operation *op) {
  if (region.empty() || region.front().empty())
    return op->getNumResults() == 0;
  Operation *term = &region.front().back();
  if (term->getNumOperands() != op->getNumResults())
    return false;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (term->getOperand(i).getType() != op->getResult(i).getType())
      return false;
  return true;
}

LogicalResult SolverOp::verifyRegions() {
  Operation *op = getOperation();
  Region &body = getBodyRegion();
  if (!yieldsResultTypes(body, op))
    return emitOpError() << "types of yielded values must match return values";
  OperandRange inputs = getInputs();
  bool argsMatch = !body.empty() && body.front().getNumArguments() == inputs.size();
  for (unsigned i = 0; argsMatch && i < inputs.size(); ++i)
    argsMatch = body.front().getArgument(i).getType() == inputs[i].getType();
  if (!argsMatch && !(body.empty() && inputs.empty()))
    return emitOpError() << "block argument types must match the types of the 'inputs'";
  return success();
}

LogicalResult CheckOp::verifyRegions() {
  Operation *op = getOperation();
  if (!yieldsResultTypes(getSatRegion(), op))
    return emitOpError() << "types of yielded values in 'sat' region must match return values";
  if (!yieldsResultTypes(getUnknownRegion(), op))
    return emitOpError() << "types of yielded values in 'unknown' region must match return values";
  if (!yieldsResultTypes(getUnsatRegion(), op))
    return emitOpError() << "types of yielded values in 'unsat' region must match return values";
  return success();
}

/// MLIR's verifyQuantifierRegions (forall and exists): bound variables,
/// the yielded `!smt.bool`, and pattern regions of SMT ops only.
static LogicalResult verifyQuantifierRegions(Operation *op, ArrayAttr boundVarNames) {
  Region &body = op->getRegion(0);
  if (body.empty())
    return success();
  Block &entry = body.front();
  if (boundVarNames && entry.getNumArguments() != boundVarNames.size())
    return op->emitOpError("number of bound variable names must match number of block arguments");
  for (BlockArgument arg : entry.getArguments())
    if (!isAnyNonFuncSMTValueType(arg.getType()))
      return op->emitOpError() << "bound variables must by any non-function SMT value";
  if (entry.empty() || entry.back().getNumOperands() != 1)
    return op->emitOpError("must have exactly one yielded value");
  if (!isa<BoolType>(entry.back().getOperand(0).getType()))
    return op->emitOpError("yielded value must be of '!smt.bool' type");

  for (unsigned i = 1; i < op->getNumRegions(); ++i) {
    Region &region = op->getRegion(i);
    unsigned index = i - 1;
    bool same = !region.empty() && region.front().getNumArguments() == entry.getNumArguments();
    for (unsigned a = 0; same && a < entry.getNumArguments(); ++a)
      same = region.front().getArgument(a).getType() == entry.getArgument(a).getType();
    if (!same)
      return op->emitOpError() << "block argument number and types of the 'body' and 'patterns' region #" << index
                               << " must match";
    if (region.front().empty() || region.front().back().getNumOperands() < 1)
      return op->emitOpError() << "'patterns' region #" << index << " must have at least one yielded value";
    Operation *bad = nullptr;
    bool binding = false;
    region.walk([&](Operation *child) {
      if (bad)
        return;
      if (!child->getDialect() || child->getDialect()->getNamespace() != SMTDialect::getDialectNamespace()) {
        bad = child;
      } else if (isa<ForallOp>(child) || isa<ExistsOp>(child)) {
        bad = child;
        binding = true;
      }
    });
    if (bad && !binding) {
      InFlightDiagnostic diag = op->emitOpError() << "the 'patterns' region #" << index
                                                  << " may only contain SMT dialect operations";
      diag.attachNote(bad->getLoc()) << "first non-SMT operation here";
      return diag;
    }
    if (bad) {
      InFlightDiagnostic diag = op->emitOpError() << "the 'patterns' region #" << index
                                                  << " must not contain any variable binding operations";
      diag.attachNote(bad->getLoc()) << "first violating operation here";
      return diag;
    }
  }
  return success();
}

static LogicalResult verifyQuantifier(Operation *op, bool noPattern) {
  if (op->getNumRegions() > 1 && noPattern)
    return op->emitOpError() << "patterns and the no_pattern attribute must not be specified at the same time";
  return success();
}

LogicalResult ForallOp::verify() { return verifyQuantifier(getOperation(), getNoPattern()); }
LogicalResult ForallOp::verifyRegions() { return verifyQuantifierRegions(getOperation(), getBoundVarNamesAttr()); }
LogicalResult ExistsOp::verify() { return verifyQuantifier(getOperation(), getNoPattern()); }
LogicalResult ExistsOp::verifyRegions() { return verifyQuantifierRegions(getOperation(), getBoundVarNamesAttr()); }
