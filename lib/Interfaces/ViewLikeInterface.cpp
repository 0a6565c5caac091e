//===- ViewLikeInterface.cpp - Views and offset/size/stride lists ---------===//
//
// Follows mlir/lib/Interfaces/ViewLikeInterface.cpp (LLVM 22): the
// DynamicIndexList syntax (scalable `[n]` entries are accepted and dropped,
// as the memref ops discard their scalable flags) and
// verifyOffsetSizeAndStrideOp with its exact messages and order.
//
#include "lamina/Interfaces/ViewLikeInterface.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// custom<DynamicIndexList>
//===----------------------------------------------------------------------===//

ParseResult lamina::parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
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

void lamina::printDynamicIndexList(OpAsmPrinter &printer, OperandRange values, ArrayRef<int64_t> integers) {
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

Value detail::firstResultAsViewDest(Operation *op) { return op->getResult(0); }

std::string_view OffsetSizeAndStrideOpInterface::getMissingMethod(const Concept &c) {
  if (!c.getOffsetSizeAndStrideStartOperandIndex)
    return "getOffsetSizeAndStrideStartOperandIndex";
  if (!c.getArrayAttrMaxRanks)
    return "getArrayAttrMaxRanks";
  if (!c.getOffsets || !c.getSizes || !c.getStrides)
    return !c.getOffsets ? "getOffsets" : !c.getSizes ? "getSizes" : "getStrides";
  if (!c.getStaticOffsets || !c.getStaticSizes || !c.getStaticStrides)
    return !c.getStaticOffsets ? "getStaticOffsets" : !c.getStaticSizes ? "getStaticSizes" : "getStaticStrides";
  return "";
}

bool OffsetSizeAndStrideOpInterface::isDynamicOffset(unsigned idx) const {
  return ShapedType::isDynamic(getStaticOffsets()[idx]);
}
bool OffsetSizeAndStrideOpInterface::isDynamicSize(unsigned idx) const {
  return ShapedType::isDynamic(getStaticSizes()[idx]);
}
bool OffsetSizeAndStrideOpInterface::isDynamicStride(unsigned idx) const {
  return ShapedType::isDynamic(getStaticStrides()[idx]);
}

namespace {
/// The pieces of an OffsetSizeAndStrideOpInterface op.
struct OffsetSizeAndStride {
  OperandRange offsets, sizes, strides;
  ArrayRef<int64_t> staticOffsets, staticSizes, staticStrides;
  std::array<unsigned, 3> maxRanks;
};
} // namespace

LogicalResult detail::verifyOffsetSizeAndStrideOp(Operation *op) {
  auto iface = cast<OffsetSizeAndStrideOpInterface>(op);
  OffsetSizeAndStride p{iface.getOffsets(),       iface.getSizes(),       iface.getStrides(),
                        iface.getStaticOffsets(), iface.getStaticSizes(), iface.getStaticStrides(),
                        iface.getArrayAttrMaxRanks()};
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
