//===- AMXOps.cpp - What the amx dialect writes by hand -------------------===//
//
// As mlir/lib/Dialect/AMX/IR/AMXDialect.cpp: the syntax of `!amx.tile<16x16xbf16>`
// (with the element type constraint of its parameter) and the verifiers of
// the tile ops (row height, column width, multiplication shapes and types,
// the memref of loads and stores), with mlir-opt's messages.
//
#include "lamina/Dialect/AMX/AMXDialect.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::amx;

Type amx::getTileElementType(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getElementType();
  return cast<ShapedType>(type).getElementType();
}

int64_t amx::getTileRank(Type type) { return int64_t(cast<TileType>(type).getShape().size()); }

//===----------------------------------------------------------------------===//
// !amx.tile
//===----------------------------------------------------------------------===//

/// AMX_TileTypeElementType.
static bool isValidTileTypeElementType(Type type) {
  return type.isF32() || type.isF16() || type.isBF16() || type.isSignlessInteger(32) || type.isSignlessInteger(8);
}

Type TileType::parse(AsmParser &parser) {
  SMLoc loc = parser.getNameLoc();
  if (parser.parseLess())
    return Type();
  std::vector<int64_t> shape;
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true))
    return Type();
  Type elementType;
  if (parser.parseType(elementType) || parser.parseGreater())
    return Type();
  if (!isValidTileTypeElementType(elementType)) {
    parser.emitError(loc) << "failed to verify 'elementType': 32-bit float or 16-bit float or bfloat16 type or "
                             "32-bit signless integer or 8-bit signless integer";
    return Type();
  }
  return TileType::get(parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x";
  printer.printType(getElementType());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

static int64_t dimSize(TileType tile, unsigned i) {
  ArrayRef<int64_t> shape = tile.getShape();
  return i < shape.size() ? shape[i] : 0;
}

/// Whether AMX supports the tile's shape.
static LogicalResult verifyTileSize(Operation *op, TileType tile) {
  const unsigned kMaxRows = 16;
  const unsigned kBitsPerRow = 64 * 8;
  Type elementType = tile.getElementType();
  unsigned width = elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  unsigned col = unsigned(dimSize(tile, 1)) * width;
  if (dimSize(tile, 0) > kMaxRows)
    return op->emitOpError("bad row height: ") << dimSize(tile, 0);
  if (col > kBitsPerRow || (col & 0x1f))
    return op->emitOpError("bad column width: ") << (col >> 3);
  return success();
}

/// Whether AMX supports the multiplication C += A * B.
static LogicalResult verifyMultShape(Operation *op, TileType a, TileType b, TileType c, unsigned scale) {
  unsigned am = unsigned(dimSize(a, 0)), ak = unsigned(dimSize(a, 1)) >> scale;
  unsigned bk = unsigned(dimSize(b, 0)), bn = unsigned(dimSize(b, 1)) >> scale;
  unsigned cm = unsigned(dimSize(c, 0)), cn = unsigned(dimSize(c, 1));
  if (cm != am || cn != bn || ak != bk)
    return op->emitOpError("bad mult shape: ") << cm << " x " << cn << " x " << ak;
  return success();
}

/// The memref checks of tile_load and tile_store.
static LogicalResult verifyTileMemRef(Operation *op, Value base, OperandRange indices) {
  auto memrefType = cast<MemRefType>(base.getType());
  int64_t rank = memrefType.getRank();
  if (rank < 2)
    return op->emitOpError("requires at least 2D memref");
  if (int64_t(indices.size()) != rank)
    return op->emitOpError("requires ") << rank << " indices";
  std::vector<int64_t> strides;
  int64_t offset = 0;
  if (failed(memref::getStridesAndOffset(memrefType, strides, offset)) || strides.back() != 1)
    return op->emitOpError("requires memref with unit innermost stride");
  return success();
}

LogicalResult TileZeroOp::verify() { return verifyTileSize(getOperation(), cast<TileType>(getRes().getType())); }

LogicalResult TileLoadOp::verify() {
  if (failed(verifyTileMemRef(getOperation(), getBase(), getIndices())))
    return failure();
  return verifyTileSize(getOperation(), cast<TileType>(getRes().getType()));
}

LogicalResult TileStoreOp::verify() {
  if (failed(verifyTileMemRef(getOperation(), getBase(), getIndices())))
    return failure();
  return verifyTileSize(getOperation(), cast<TileType>(getVal().getType()));
}

/// The checks of tile_mulf (scale 1) and tile_muli (scale 2).
static LogicalResult verifyTileMul(Operation *op, Value lhs, Value rhs, Value res, unsigned scale, bool isFloat) {
  auto a = cast<TileType>(lhs.getType());
  auto b = cast<TileType>(rhs.getType());
  auto c = cast<TileType>(res.getType());
  if (failed(verifyTileSize(op, a)) || failed(verifyTileSize(op, b)) || failed(verifyTileSize(op, c)) ||
      failed(verifyMultShape(op, a, b, c, scale)))
    return failure();
  Type ta = a.getElementType(), tb = b.getElementType(), tc = c.getElementType();
  bool supported = isFloat ? ((ta.isBF16() || ta.isF16()) && ta == tb && tc.isF32())
                           : (ta.isInteger(8) && tb.isInteger(8) && tc.isInteger(32));
  if (!supported)
    return op->emitOpError("unsupported type combination");
  return success();
}

LogicalResult TileMulFOp::verify() { return verifyTileMul(getOperation(), getLhs(), getRhs(), getRes(), 1, true); }

LogicalResult TileMulIOp::verify() { return verifyTileMul(getOperation(), getLhs(), getRhs(), getRes(), 2, false); }
