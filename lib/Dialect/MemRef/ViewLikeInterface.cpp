//===- ViewLikeInterface.cpp - Mixed static/dynamic index lists -----------===//
//
// Follows mlir/lib/Interfaces/ViewLikeInterface.cpp (LLVM 22): the
// DynamicIndexList syntax (scalable `[n]` entries are accepted and dropped,
// as the memref ops discard their scalable flags) and
// verifyOffsetSizeAndStrideOp with its exact messages and order.
//
#include "lamina/Dialect/MemRef/ViewLikeInterface.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::memref;

//===----------------------------------------------------------------------===//
// custom<DynamicIndexList>
//===----------------------------------------------------------------------===//

ParseResult memref::parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                          DenseI64ArrayAttr &integers) {
  std::vector<int64_t> integerVals;
  auto parseIntegerOrValue = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    // A `[` opens a scalable index.
    bool scalable = succeeded(parser.parseOptionalLSquare());
    if (res.has_value() && succeeded(*res)) {
      values.push_back(operand);
      integerVals.push_back(ShapedType::kDynamic);
    } else {
      if (res.has_value())
        return failure();
      int64_t integer = 0;
      if (failed(parser.parseInteger(integer)))
        return failure();
      integerVals.push_back(integer);
    }
    if (scalable && failed(parser.parseOptionalRSquare()))
      return failure();
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseIntegerOrValue, " in dynamic index list"))
    return parser.emitError(parser.getNameLoc()) << "expected SSA value or integer";
  integers = parser.getBuilder().getDenseI64ArrayAttr(integerVals);
  return success();
}

void memref::printDynamicIndexList(OpAsmPrinter &printer, OperandRange values, ArrayRef<int64_t> integers) {
  raw_ostream &os = printer.getStream();
  os << '[';
  unsigned dynamicValIdx = 0;
  for (size_t i = 0; i < integers.size(); ++i) {
    if (i)
      os << ", ";
    if (ShapedType::isDynamic(integers[i])) {
      if (dynamicValIdx < values.size())
        printer.printOperand(values[dynamicValIdx]);
      else
        os << "<<missing operand>>";
      ++dynamicValIdx;
    } else {
      os << integers[i];
    }
  }
  os << ']';
}

static ParseResult parseDynamicIndexListDirective(OpAsmParser &parser, OperationState &,
                                                  ArrayRef<ods::CustomParseArg *> args) {
  DenseI64ArrayAttr integers;
  if (parseDynamicIndexList(parser, *args[0]->operands, integers))
    return failure();
  *args[1]->attr = integers;
  return success();
}

static void printDynamicIndexListDirective(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto integers = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr);
  printDynamicIndexList(printer, args[0].operands, integers ? integers.asArrayRef() : ArrayRef<int64_t>());
}

ods::CustomDirective memref::dynamicIndexListDirective() {
  return {"DynamicIndexList", parseDynamicIndexListDirective, printDynamicIndexListDirective, nullptr};
}

//===----------------------------------------------------------------------===//
// OffsetSizeAndStrideOpInterface
//===----------------------------------------------------------------------===//

static size_t countDynamic(ArrayRef<int64_t> values) {
  size_t n = 0;
  for (int64_t v : values)
    if (ShapedType::isDynamic(v))
      ++n;
  return n;
}

static LogicalResult verifyListOfOperandsOrIntegers(Operation *op, std::string_view name, unsigned numElements,
                                                    ArrayRef<int64_t> staticVals, OperandRange values) {
  if (staticVals.size() != numElements)
    return op->emitError("expected ") << numElements << " " << name << " values, got "
                                      << (unsigned long long)staticVals.size();
  size_t expectedNumDynamicEntries = countDynamic(staticVals);
  if (values.size() != expectedNumDynamicEntries)
    return op->emitError("expected ") << (unsigned long long)expectedNumDynamicEntries << " dynamic " << name
                                      << " values";
  return success();
}

LogicalResult memref::verifyOffsetSizeAndStrideOp(Operation *op, const OffsetSizeAndStride &p) {
  size_t numDynamicDims = countDynamic(p.staticSizes);
  if (p.sizes.size() != numDynamicDims)
    return op->emitError("expected the number of 'sizes' to match the number of dynamic entries in "
                         "'static_sizes' (")
           << (unsigned long long)p.sizes.size() << " vs " << (unsigned long long)numDynamicDims << ")";
  size_t numDynamicStrides = countDynamic(p.staticStrides);
  if (p.strides.size() != numDynamicStrides)
    return op->emitError("expected the number of 'strides' to match the number of dynamic entries in "
                         "'static_strides' (")
           << (unsigned long long)p.strides.size() << " vs " << (unsigned long long)numDynamicStrides << ")";
  size_t numDynamicOffsets = countDynamic(p.staticOffsets);
  if (p.offsets.size() != numDynamicOffsets)
    return op->emitError("expected the number of 'offsets' to match the number of dynamic entries in "
                         "'static_offsets' (")
           << (unsigned long long)p.offsets.size() << " vs " << (unsigned long long)numDynamicOffsets << ")";

  // The mixed lists have one entry per static entry.
  size_t numOffsets = p.staticOffsets.size(), numSizes = p.staticSizes.size(), numStrides = p.staticStrides.size();
  if (!(numOffsets == 1 && p.maxRanks[0] == 1) && numOffsets != numSizes)
    return op->emitError("expected mixed offsets rank to match mixed sizes rank (")
           << (unsigned long long)numOffsets << " vs " << (unsigned long long)numSizes
           << ") so the rank of the result type is well-formed.";
  if (numSizes != numStrides)
    return op->emitError("expected mixed sizes rank to match mixed strides rank (")
           << (unsigned long long)numSizes << " vs " << (unsigned long long)numStrides
           << ") so the rank of the result type is well-formed.";

  if (failed(verifyListOfOperandsOrIntegers(op, "offset", p.maxRanks[0], p.staticOffsets, p.offsets)) ||
      failed(verifyListOfOperandsOrIntegers(op, "size", p.maxRanks[1], p.staticSizes, p.sizes)) ||
      failed(verifyListOfOperandsOrIntegers(op, "stride", p.maxRanks[2], p.staticStrides, p.strides)))
    return failure();

  for (int64_t offset : p.staticOffsets)
    if (offset < 0 && ShapedType::isStatic(offset))
      return op->emitError("expected offsets to be non-negative, but got ") << (long long)offset;
  for (int64_t size : p.staticSizes)
    if (size < 0 && ShapedType::isStatic(size))
      return op->emitError("expected sizes to be non-negative, but got ") << (long long)size;
  return success();
}

ods::Trait memref::offsetSizeAndStrideOpInterface(ArrayAttrMaxRanksFn maxRanks) {
  return ods::CustomTrait("OffsetSizeAndStrideOpInterface", [maxRanks](Operation *op) -> LogicalResult {
    auto staticValues = [&](std::string_view name) {
      auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, name));
      return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
    };
    OffsetSizeAndStride pieces{ods::getOperandGroup(op, "offsets"),
                               ods::getOperandGroup(op, "sizes"),
                               ods::getOperandGroup(op, "strides"),
                               staticValues("static_offsets"),
                               staticValues("static_sizes"),
                               staticValues("static_strides"),
                               maxRanks(op)};
    return verifyOffsetSizeAndStrideOp(op, pieces);
  });
}
