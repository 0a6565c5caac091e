//===- Directives.cpp - Custom directives shared by several dialects ------===//
#include "lamina/ODS/Directives.h"

#include "lamina/Interfaces/ViewLikeInterface.h"

using namespace lamina;

/// `[4, [8], %v]`: the three-argument form (values, static sizes, scalable
/// flags) of MLIR's parseDynamicIndexList, a bracketed entry being scalable.
static ParseResult parseScalableIndexList(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<int64_t> integers;
  SmallVector<bool> scalable;
  auto parseIntegerOrValue = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    scalable.push_back(succeeded(parser.parseOptionalLSquare()));
    if (res.has_value() && succeeded(*res)) {
      args[0]->operands->push_back(operand);
      integers.push_back(ShapedType::kDynamic);
    } else {
      if (res.has_value())
        return failure();
      int64_t integer = 0;
      if (failed(parser.parseInteger(integer)))
        return failure();
      integers.push_back(integer);
    }
    if (scalable.back() && failed(parser.parseOptionalRSquare()))
      return failure();
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseIntegerOrValue, " in dynamic index list"))
    return parser.emitError(parser.getNameLoc()) << "expected SSA value or integer";
  *args[1]->attr = parser.getBuilder().getDenseI64ArrayAttr(integers);
  *args[2]->attr = parser.getBuilder().getDenseBoolArrayAttr(scalable);
  return success();
}

static void printScalableIndexList(OpAsmPrinter &printer, ArrayRef<ods::CustomPrintArg> args) {
  auto integers = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr);
  auto flags = dyn_cast_or_null<DenseBoolArrayAttr>(args[2].attr);
  ArrayRef<int64_t> ints = integers ? integers.asArrayRef() : ArrayRef<int64_t>();
  ArrayRef<bool> scalable = flags ? flags.asArrayRef() : ArrayRef<bool>();
  raw_ostream &os = printer.getStream();
  os << '[';
  unsigned dynamicValIdx = 0;
  for (size_t i = 0; i < ints.size(); ++i) {
    if (i)
      os << ", ";
    bool isScalable = i < scalable.size() && scalable[i];
    if (isScalable)
      os << '[';
    if (ShapedType::isDynamic(ints[i])) {
      if (dynamicValIdx < args[0].operands.size())
        printer.printOperand(args[0].operands[dynamicValIdx]);
      ++dynamicValIdx;
    } else {
      os << ints[i];
    }
    if (isScalable)
      os << ']';
  }
  os << ']';
}

static ParseResult parseDynamicIndexListDirective(OpAsmParser &parser, OperationState &,
                                                  ArrayRef<ods::CustomParseArg *> args) {
  if (args.size() >= 3 && args[2]->kind == ods::CustomParseArg::Kind::Attribute)
    return parseScalableIndexList(parser, args);
  DenseI64ArrayAttr integers;
  if (parseDynamicIndexList(parser, *args[0]->operands, integers))
    return failure();
  *args[1]->attr = integers;
  return success();
}

static void printDynamicIndexListDirective(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args.size() >= 3 && args[2].kind == ods::CustomParseArg::Kind::Attribute)
    return printScalableIndexList(printer, args);
  auto integers = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr);
  printDynamicIndexList(printer, args[0].operands, integers ? integers.asArrayRef() : ArrayRef<int64_t>());
}

ods::CustomDirective ods::dynamicIndexListDirective() {
  return {"DynamicIndexList", parseDynamicIndexListDirective, printDynamicIndexListDirective, nullptr};
}
