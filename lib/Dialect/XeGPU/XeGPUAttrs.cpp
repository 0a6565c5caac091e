//===- XeGPUAttrs.cpp - The xegpu types and attributes MLIR writes by hand ===//
//
// As mlir/lib/Dialect/XeGPU/IR/XeGPUDialect.cpp: the syntax of
// `!xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<...>, #xegpu.layout<...>>`
// (an encoding with default parameters only is the default and is not
// printed), `!xegpu.mem_desc<16x32xf16, #xegpu.mem_layout<...>>` and
// `#xegpu.mem_layout<name = attr, ...>`; the verifiers of the tensor
// descriptor (rank, SLM, chunk sizes, the layout's rank and even
// distribution), of `#xegpu.layout`, `#xegpu.slice`, `#xegpu.range` and
// `#xegpu.scatter_tdesc_attr`, with mlir-opt 22's messages.
//
#include "lamina/Dialect/XeGPU/XeGPUDialect.h"

#include "lamina/Dialect/GPU/GPUDialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/RawOstream.h"

#include <optional>
#include <set>
#include <string>

using namespace lamina;
using namespace lamina::xegpu;

bool xegpu::isSharedMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto intSpace = dyn_cast_or_null<IntegerAttr>(space))
    return intSpace.getInt() == 3;
  if (auto xeSpace = dyn_cast_or_null<MemorySpaceAttr>(space))
    return xeSpace.getValue() == MemorySpace::SLM;
  return GPUDialect::isWorkgroupMemoryAddressSpace(space);
}

int64_t xegpu::getLayoutRank(Attribute layout) {
  // A slice of a slice nests; walk down to the layout (no recursion).
  int64_t sliced = 0;
  while (auto slice = dyn_cast_or_null<SliceAttr>(layout)) {
    sliced += slice.getDims() ? int64_t(slice.getDims().asArrayRef().size()) : 0;
    layout = slice.getParent();
  }
  auto plain = dyn_cast_or_null<LayoutAttr>(layout);
  if (!plain)
    return 0;
  int64_t rank = 0;
  if (plain.getSgLayout())
    rank = int64_t(plain.getSgLayout().asArrayRef().size());
  else if (plain.getInstData())
    rank = int64_t(plain.getInstData().asArrayRef().size());
  else if (plain.getLaneLayout())
    rank = int64_t(plain.getLaneLayout().asArrayRef().size());
  return rank - sliced;
}

/// The default encoding of a tensor descriptor: global memory, one array
/// element, bounds checked.
static BlockTensorDescAttr getDefaultBlockAttr(MLIRContext *ctx) {
  return BlockTensorDescAttr::get(ctx, MemorySpaceAttr::get(ctx, MemorySpace::Global),
                                  IntegerAttr::get(IntegerType::get(ctx, 64), 1), BoolAttr::get(ctx, true));
}

//===----------------------------------------------------------------------===//
// #xegpu.layout, #xegpu.slice, #xegpu.range, #xegpu.scatter_tdesc_attr
//===----------------------------------------------------------------------===//

static size_t arraySize(DenseI32ArrayAttr a) { return a ? a.asArrayRef().size() : 0; }

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError, DenseI32ArrayAttr sgLayout,
                                 DenseI32ArrayAttr sgData, DenseI32ArrayAttr instData, DenseI32ArrayAttr laneLayout,
                                 DenseI32ArrayAttr laneData, DenseI32ArrayAttr order) {
  if (!sgLayout && !instData && !laneLayout)
    return emitError() << "expected at least one of sg_layout, inst_data or lane_layout";
  if (sgLayout && instData && arraySize(sgLayout) != arraySize(instData))
    return emitError() << "expected sg_layout and inst_data to have the same rank";
  if (sgLayout && laneLayout && arraySize(sgLayout) != arraySize(laneLayout))
    return emitError() << "expected sg_layout and lane_layout to have the same rank";
  if (instData && laneLayout && arraySize(instData) != arraySize(laneLayout))
    return emitError() << "expected inst_data and lane_layout to have the same rank, got inst_data "
                       << arraySize(instData) << ", lane_layout " << arraySize(laneLayout);
  if (sgData) {
    if (!sgLayout)
      return emitError() << "expected sg_layout being used with sg_data";
    if (arraySize(sgData) != arraySize(sgLayout))
      return emitError() << "expected sg_data and sg_layout to have the same rank";
  }
  if (laneData) {
    if (!laneLayout)
      return emitError() << "expected lane_layout being used with lane_data";
    if (arraySize(laneData) != arraySize(laneLayout))
      return emitError() << "expected lane_data and lane_layout to have the same rank";
  }
  if (order) {
    if (!sgLayout && !laneLayout)
      return emitError() << "expected sg_layout/lane_layout being used with order";
    if (sgLayout && arraySize(order) != arraySize(sgLayout))
      return emitError() << "expected order and sg_layout to have the same rank";
    if (laneLayout && arraySize(order) != arraySize(laneLayout))
      return emitError() << "expected order and lane_layout to have the same rank";
  }
  return success();
}

LogicalResult SliceAttr::verify(function_ref<InFlightDiagnostic()> emitError, DistributeLayoutAttr parent,
                                DenseI64ArrayAttr dims) {
  if (!parent || !dims)
    return emitError() << "expected parent layout and dims attribute";
  int64_t rank = getLayoutRank(parent);
  std::set<int64_t> seen;
  for (int64_t dim : dims.asArrayRef()) {
    if (dim < 0 || dim >= rank)
      return emitError() << "invalid dim (" << dim << ") in slice attribute.";
    if (!seen.insert(dim).second)
      return emitError() << "repeated dim (" << dim << ") in slice attribute.";
  }
  return success();
}

LogicalResult RangeAttr::verify(function_ref<InFlightDiagnostic()> emitError, IntegerAttr start, IntegerAttr end) {
  if (start && end && start.getInt() >= end.getInt())
    return emitError() << "'end' : " << end.getInt() << " must be greater than 'start' : " << start.getInt();
  return success();
}

LogicalResult ScatterTensorDescAttr::verify(function_ref<InFlightDiagnostic()> emitError, MemorySpaceAttr,
                                            IntegerAttr chunkSize) {
  if (chunkSize && chunkSize.getInt() <= 0)
    return emitError() << "invalid chunk size";
  return success();
}

//===----------------------------------------------------------------------===//
// #xegpu.mem_layout
//===----------------------------------------------------------------------===//

Attribute MemLayoutAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  std::vector<NamedAttribute> attributes;
  auto parseElement = [&]() -> ParseResult {
    std::string_view name;
    if (failed(parser.parseKeyword(&name)))
      return parser.emitError(loc, "expected valid attribute name");
    for (const NamedAttribute &seen : attributes)
      if (seen.getNameStr() == name)
        return parser.emitError(loc, "duplicate key '") << name << " in mem layout attribute";
    if (failed(parser.parseEqual()))
      return failure();
    Attribute value;
    if (failed(parser.parseAttribute(value)))
      return failure();
    attributes.emplace_back(StringAttr::get(ctx, name), value);
    return success();
  };
  if (parser.parseLess() || parser.parseCommaSeparatedList(parseElement) || parser.parseGreater())
    return Attribute();
  return MemLayoutAttr::get(ctx, DictionaryAttr::get(ctx, attributes));
}

void MemLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  ArrayRef<NamedAttribute> attrs = getAttrs().getValue();
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (i)
      printer << ", ";
    printer << attrs[i].getNameStr() << " = ";
    printer.printAttribute(attrs[i].getValue());
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !xegpu.mem_desc
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  std::vector<int64_t> shape;
  Type elementType;
  MemLayoutAttr layout;
  if (parser.parseLess())
    return Type();
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (failed(parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true))) {
    (void)parser.emitError(shapeLoc, "failed to parse parameter 'shape'");
    return Type();
  }
  SMLoc elemLoc = parser.getCurrentLocation();
  if (failed(parser.parseType(elementType))) {
    (void)parser.emitError(elemLoc, "failed to parse parameter 'elementType'");
    return Type();
  }
  if (succeeded(parser.parseOptionalComma())) {
    Attribute attr;
    if (failed(parser.parseAttribute(attr)))
      return Type();
    layout = dyn_cast<MemLayoutAttr>(attr);
    if (!layout)
      return Type();
  }
  if (parser.parseGreater())
    return Type();
  return MemDescType::get(parser.getContext(), shape, elementType, layout);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x";
  printer.printType(getElementType());
  if (MemLayoutAttr layout = getMemLayout()) {
    printer << ", ";
    printer.printAttribute(layout);
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !xegpu.tensor_desc
//===----------------------------------------------------------------------===//

Type TensorDescType::parse(AsmParser &parser) {
  std::vector<int64_t> shape;
  Type elementType;
  Attribute encoding, layout;
  if (parser.parseLess())
    return Type();
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (failed(parser.parseDimensionList(shape))) {
    (void)parser.emitError(shapeLoc, "failed to parse parameter 'shape'");
    return Type();
  }
  SMLoc elemLoc = parser.getCurrentLocation();
  if (failed(parser.parseType(elementType))) {
    (void)parser.emitError(elemLoc, "failed to parse parameter 'elementType'");
    return Type();
  }
  while (succeeded(parser.parseOptionalComma())) {
    Attribute attr;
    if (failed(parser.parseAttribute(attr)))
      return Type();
    if (isa<LayoutAttr>(attr) || isa<SliceAttr>(attr)) {
      layout = attr;
      continue;
    }
    if (isa<BlockTensorDescAttr>(attr) || isa<ScatterTensorDescAttr>(attr)) {
      encoding = attr;
      continue;
    }
    return Type();
  }
  if (parser.parseGreater())
    return Type();
  MLIRContext *ctx = parser.getContext();
  if (!encoding)
    encoding = getDefaultBlockAttr(ctx);
  SMLoc nameLoc = parser.getNameLoc();
  if (failed(TensorDescType::verify([&] { return parser.emitError(nameLoc); }, shape, elementType, encoding,
                                    layout)))
    return Type();
  return TensorDescType::get(ctx, shape, elementType, encoding, layout);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape()) {
    if (ShapedType::isDynamic(dim))
      printer << "?";
    else
      printer << dim;
    printer << "x";
  }
  printer.printType(getElementType());
  Attribute encoding = getEncoding();
  if (encoding && encoding != Attribute(getDefaultBlockAttr(getContext()))) {
    printer << ", ";
    printer.printAttribute(encoding);
  }
  if (Attribute layout = getLayout()) {
    printer << ", ";
    printer.printAttribute(layout);
  }
  printer << ">";
}

/// The per-level shape after distributing `shape` over `layout` units of
/// `data` each (MLIR's isEvenlyDistributable tryDistribute), or nullopt.
static std::optional<std::vector<int64_t>> tryDistribute(const std::vector<int64_t> &shape, DenseI32ArrayAttr layout,
                                                         DenseI32ArrayAttr data, bool roundRobin) {
  auto ratio = [](const std::vector<int64_t> &a, const std::vector<int64_t> &b) -> std::optional<std::vector<int64_t>> {
    if (a.size() != b.size())
      return std::nullopt;
    std::vector<int64_t> out(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      if (b[i] <= 0 || a[i] % b[i] != 0)
        return std::nullopt;
      out[i] = a[i] / b[i];
    }
    return out;
  };
  std::vector<int64_t> newShape = shape;
  if (layout) {
    std::vector<int64_t> vec(layout.asArrayRef().begin(), layout.asArrayRef().end());
    if (vec.size() != shape.size())
      return std::nullopt;
    auto r = ratio(shape, vec);
    if (!r)
      return std::nullopt;
    newShape = *r;
  }
  if (data) {
    std::vector<int64_t> vec(data.asArrayRef().begin(), data.asArrayRef().end());
    if (vec.size() != shape.size())
      return std::nullopt;
    auto r = ratio(newShape, vec);
    if (!r && roundRobin)
      r = ratio(vec, newShape);
    if (!r)
      return std::nullopt;
    newShape = vec;
  }
  return newShape;
}

static bool isEvenlyDistributable(ArrayRef<int64_t> shape, LayoutAttr layout) {
  std::vector<int64_t> start(shape.begin(), shape.end());
  auto sgShape = tryDistribute(start, layout.getSgLayout(), layout.getSgData(), true);
  if (!sgShape)
    return false;
  auto instShape = tryDistribute(*sgShape, DenseI32ArrayAttr(), layout.getInstData(), false);
  if (!instShape)
    return false;
  return tryDistribute(*instShape, layout.getLaneLayout(), layout.getLaneData(), false).has_value();
}

LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                     Type elementType, Attribute encoding, Attribute layout) {
  size_t rank = shape.size();
  if (rank == 0)
    return emitError() << "expected non-zero rank tensor";
  if (auto block = dyn_cast_or_null<BlockTensorDescAttr>(encoding)) {
    MemorySpaceAttr space = block.getMemorySpace();
    if (rank > 1 && space && space.getValue() == MemorySpace::SLM)
      return emitError() << "SLM is only supported for 1D block tensor";
  }
  // Gather/scatter data narrower than 32 bits is packed in 32-bit units.
  unsigned bitWidth = elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 32;
  int64_t chunkAlignmentFactor = bitWidth && bitWidth < 32 ? 32 / bitWidth : 1;
  auto scatter = dyn_cast_or_null<ScatterTensorDescAttr>(encoding);
  if (scatter) {
    int64_t chunkSize = scatter.getChunkSize() ? scatter.getChunkSize().getInt() : 1;
    if (rank == 1 && chunkSize != 1)
      return emitError() << "expected non-contiguous elements for 1D tensor";
    if (chunkSize > 1) {
      if (shape.back() != chunkSize)
        return emitError() << "expected last dim of tensor to match chunk size";
      if (shape.back() % chunkAlignmentFactor != 0)
        return emitError() << "expected last dim of tensor to be a multiple of " << chunkAlignmentFactor;
    }
  }
  if (auto plain = dyn_cast_or_null<LayoutAttr>(layout)) {
    if (int64_t(rank) != getLayoutRank(plain))
      return emitError() << "expected layout rank to match tensor rank";
    DenseI32ArrayAttr laneData = plain.getLaneData();
    if (scatter && laneData && laneData.asArrayRef().size() == rank) {
      int64_t chunkSize = scatter.getChunkSize() ? scatter.getChunkSize().getInt() : 1;
      if (chunkSize > 1 && laneData.asArrayRef()[rank - 1] % chunkAlignmentFactor)
        return emitError() << "expected last dim of lane_data to be a multiple of: " << chunkAlignmentFactor;
    }
    if (!isEvenlyDistributable(shape, plain)) {
      std::string shapeStr;
      raw_string_ostream os(shapeStr);
      for (size_t i = 0; i < shape.size(); ++i) {
        if (i)
          os << ", ";
        os << shape[i];
      }
      os.flush();
      return emitError() << "cannot distribute [" << shapeStr << "] using " << Attribute(plain);
    }
  }
  return success();
}
