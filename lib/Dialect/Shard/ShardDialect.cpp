//===- ShardDialect.cpp - The shard dialect -------------------------------===//
#include "lamina/Dialect/Shard/ShardDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::shard;

ShardDialect::ShardDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ShardDialect>()) {
  registerGenerated();
}

ShardDialect::~ShardDialect() = default;

//===----------------------------------------------------------------------===//
// SameOperandsAndResultRank
//===----------------------------------------------------------------------===//

ods::Trait shard::SameOperandsAndResultRankTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("SameOperandsAndResultRank", [](Operation *op) -> LogicalResult {
    if (op->getNumOperands() < 1)
      return op->emitOpError() << "expected 1 or more operands, but found " << int64_t(op->getNumOperands());
    auto rankOf = [](Type type) -> int64_t {
      auto shaped = dyn_cast<ShapedType>(type);
      return shaped && shaped.hasRank() ? shaped.getRank() : -1;
    };
    int64_t rank = -1;
    for (Type type : op->getOperandTypes())
      if ((rank = rankOf(type)) >= 0)
        break;
    if (rank < 0)
      for (Type type : op->getResultTypes())
        if ((rank = rankOf(type)) >= 0)
          break;
    if (rank < 0)
      return success();
    for (Type type : op->getOperandTypes()) {
      int64_t r = rankOf(type);
      if (r >= 0 && r != rank)
        return op->emitOpError("operands don't have matching ranks");
    }
    for (Type type : op->getResultTypes()) {
      int64_t r = rankOf(type);
      if (r >= 0 && r != rank)
        return op->emitOpError("result type has different rank than operands");
    }
    return success();
  });
}

//===----------------------------------------------------------------------===//
// custom<DimensionList>
//===----------------------------------------------------------------------===//

/// `[]` or `2x?x4` (no trailing `x`).
static ParseResult parseDimensionList(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  if (succeeded(parser.parseOptionalLSquare())) {
    if (failed(parser.parseRSquare()))
      return parser.emitError(parser.getCurrentLocation()) << "Failed parsing dimension list.";
    *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), ArrayRef<int64_t>());
    return success();
  }
  std::vector<int64_t> dimensions;
  if (failed(parser.parseDimensionList(dimensions, /*allowDynamic=*/true, /*withTrailingX=*/false)))
    return parser.emitError(parser.getCurrentLocation()) << "Failed parsing dimension list.";
  if (dimensions.empty())
    return parser.emitError(parser.getCurrentLocation())
           << "Failed parsing dimension list. Did you mean an empty list? It must be denoted by \"[]\".";
  *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), dimensions);
  return success();
}

static void printDimensionList(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto dimensions = dyn_cast_or_null<DenseI64ArrayAttr>(args[0].attr);
  if (!dimensions || dimensions.asArrayRef().empty())
    printer << "[]";
  else
    printer.printDimensionList(dimensions.asArrayRef());
}

ods::CustomDirective shard::getDimensionListDirective() {
  return {"DimensionList", parseDimensionList, printDimensionList, nullptr};
}
