//===- Directives.cpp - Custom directives shared by several dialects ------===//
#include "lamina/ODS/Directives.h"

#include "lamina/Interfaces/ViewLikeInterface.h"

using namespace lamina;

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

ods::CustomDirective ods::dynamicIndexListDirective() {
  return {"DynamicIndexList", parseDynamicIndexListDirective, printDynamicIndexListDirective, nullptr};
}
