//===- SparseTensorFolders.cpp - Folders and canonicalization -------------===//
//
// MLIR's folders of convert, reinterpret_map, storage_specifier.get, lvl,
// crd_translate and reorder_coo, sparse_tensor.iterate's canonicalization
// pattern (RemoveUnusedLvlCrds), and the dialect's constant materialization
// (arith.constant).
//
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SparseTensor/SparseTensorDialect.h"
#include "lamina/IR/PatternMatch.h"

using namespace lamina;
using namespace lamina::sparse_tensor;

/// convert to the source's own type: the source.
static OpFoldResult foldConvert(Operation *op, ArrayRef<Attribute>) {
  if (op->getResult(0).getType() == op->getOperand(0).getType())
    return op->getOperand(0);
  return {};
}

/// reinterpret_map to the source's type, or back to the type a
/// reinterpret_map started from: that value.
static OpFoldResult foldReinterpretMap(Operation *op, ArrayRef<Attribute>) {
  Value source = op->getOperand(0);
  Type destType = op->getResult(0).getType();
  if (source.getType() == destType)
    return source;
  if (auto def = source.getDefiningOp<ReinterpretMapOp>())
    if (def->getOperand(0).getType() == destType)
      return def->getOperand(0);
  return {};
}

/// storage_specifier.get of a field a chain of storage_specifier.set wrote:
/// the value written last.
static OpFoldResult foldGetStorageSpecifier(Operation *op, ArrayRef<Attribute>) {
  GetStorageSpecifierOp get(op);
  Attribute kind = get.getSpecifierKindAttr();
  Attribute level = get.getLevelAttr();
  for (auto set = get.getSpecifier().getDefiningOp<SetStorageSpecifierOp>(); set;
       set = set.getSpecifier().getDefiningOp<SetStorageSpecifierOp>())
    if (kind == set.getSpecifierKindAttr() && level == set.getLevelAttr())
      return set.getValue();
  return {};
}

/// lvl of a constant level whose size is static: that size.
static OpFoldResult foldLvl(Operation *op, ArrayRef<Attribute> operands) {
  auto index = operands.size() > 1 ? dyn_cast_or_null<IntegerAttr>(operands[1]) : IntegerAttr();
  if (!index)
    return {};
  uint64_t lvl = index.getValue().getZExtValue();
  auto rtp = cast<RankedTensorType>(op->getOperand(0).getType());
  auto enc = dyn_cast_or_null<SparseTensorEncodingAttr>(rtp.getEncoding());
  uint64_t lvlRank = enc ? enc.getLvlRank() : uint64_t(rtp.getRank());
  if (lvl >= lvlRank)
    return {};
  std::vector<int64_t> lvlShape =
      enc ? enc.translateShapeToLvl(rtp.getShape()) : std::vector<int64_t>(rtp.getShape().begin(), rtp.getShape().end());
  if (ShapedType::isDynamic(lvlShape[lvl]))
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), lvlShape[lvl]);
}

/// crd_translate through an identity or permutation encoding, or undoing
/// the opposite crd_translate.
static LogicalResult foldCrdTranslate(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &results) {
  CrdTranslateOp translate(op);
  SparseTensorEncodingAttr encoder = translate.getEncoderAttr();
  auto dirAttr = translate.getDirectionAttr();
  if (!encoder || !dirAttr)
    return failure();
  CrdTransDirectionKind dir = dirAttr.getValue();
  OperandRange inCrds = translate.getInCrds();
  if (encoder.isIdentity()) {
    for (Value v : inCrds)
      results.push_back(v);
    return success();
  }
  if (encoder.isPermutation()) {
    AffineMap perm = dir == CrdTransDirectionKind::dim2lvl ? encoder.getDimToLvl() : encoder.getLvlToDim();
    for (AffineExpr e : perm.getResults())
      results.push_back(inCrds[cast<AffineDimExpr>(e).getPosition()]);
    return success();
  }
  if (inCrds.empty())
    return failure();
  auto def = inCrds[0].getDefiningOp<CrdTranslateOp>();
  if (!def)
    return failure();
  for (Value v : inCrds)
    if (v.getDefiningOp() != def.getOperation())
      return failure();
  auto defDir = def.getDirectionAttr();
  auto defEncoder = def.getEncoderAttr();
  if (!defDir || !defEncoder || defDir.getValue() == dir || defEncoder.getDimToLvl() != encoder.getDimToLvl() ||
      def->getNumResults() != inCrds.size())
    return failure();
  for (size_t i = 0; i < inCrds.size(); ++i)
    if (def->getResult(unsigned(i)) != inCrds[i])
      return failure();
  for (Value v : def.getInCrds())
    results.push_back(v);
  return success();
}

/// reorder_coo between the same encodings: the input.
static OpFoldResult foldReorderCOO(Operation *op, ArrayRef<Attribute>) {
  if (getSparseTensorEncoding(op->getOperand(0).getType()) == getSparseTensorEncoding(op->getResult(0).getType()))
    return op->getOperand(0);
  return {};
}

/// Drops the coordinate arguments of sparse_tensor.iterate that nothing
/// uses, and their levels from `crdUsedLvls` (MLIR's RemoveUnusedLvlCrds).
static LogicalResult removeUnusedLvlCrds(Operation *op, PatternRewriter &rewriter) {
  IterateOp iterate(op);
  auto usedAttr = dyn_cast_or_null<IntegerAttr>(iterate.getCrdUsedLvlsAttr());
  auto space = dyn_cast<IterSpaceType>(iterate.getIterSpace().getType());
  if (!usedAttr || !space || op->getNumRegions() != 1 || op->getRegion(0).empty())
    return failure();
  uint64_t used = usedAttr.getValue().getZExtValue();
  Block &body = op->getRegion(0).front();
  unsigned next = iterate.getInitArgs().size();
  uint64_t newUsed = 0;
  std::vector<unsigned> toRemove;
  for (unsigned i = 0, e = unsigned(space.getHiLvl() - space.getLoLvl()); i < e && i < 64; i++) {
    if (!((used >> i) & 1))
      continue;
    if (next >= body.getNumArguments())
      return failure();
    if (body.getArgument(next).use_empty())
      toRemove.push_back(next);
    else
      newUsed |= uint64_t(1) << i;
    ++next;
  }
  if (toRemove.empty())
    return failure();
  rewriter.modifyOpInPlace(op, [&] {
    op->setInherentAttr(StringAttr::get(op->getContext(), "crdUsedLvls"),
                        IntegerAttr::get(IntegerType::get(op->getContext(), 64), int64_t(newUsed)));
    for (auto it = toRemove.rbegin(); it != toRemove.rend(); ++it)
      body.eraseArgument(*it);
  });
  return success();
}

void sparse_tensor::registerFolders(SparseTensorDialect &dialect) {
  ods::attachCanonicalizer(dialect, IterateOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(IterateOp::getOperationName(), removeUnusedLvlCrds, "RemoveUnusedLvlCrds");
  });
  ods::attachFolder(dialect, ConvertOp::getOperationName(), foldConvert);
  ods::attachFolder(dialect, ReinterpretMapOp::getOperationName(), foldReinterpretMap);
  ods::attachFolder(dialect, GetStorageSpecifierOp::getOperationName(), foldGetStorageSpecifier);
  ods::attachFolder(dialect, LvlOp::getOperationName(), foldLvl);
  ods::attachFolder(dialect, CrdTranslateOp::getOperationName(), foldCrdTranslate);
  ods::attachFolder(dialect, ReorderCOOOp::getOperationName(), foldReorderCOO);
}

Operation *SparseTensorDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (Dialect *arith = getContext()->getOrLoadDialect<ArithDialect>())
    return arith->materializeConstant(builder, value, type, loc);
  return nullptr;
}
