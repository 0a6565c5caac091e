//===- ShapeDialect.cpp - The shape dialect -------------------------------===//
#include "lamina/Dialect/Shape/ShapeDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Transforms/InliningUtils.h"

#include <unordered_set>

using namespace lamina;

namespace {
/// MLIR's ShapeInlinerInterface: every shape op and region can be inlined.
struct ShapeInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

ShapeDialect::ShapeDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ShapeDialect>()) {
  registerGenerated();
  addInlinerInterface<ShapeInlinerInterface>(this);
  // As MLIR's: unknown shape ops are allowed while the dialect evolves.
  allowUnknownOperations();
}

ShapeDialect::~ShapeDialect() = default;

Type ShapeDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void ShapeDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

LogicalResult ShapeDialect::verifyOperationAttribute(Operation *op, NamedAttribute attribute) {
  if (attribute.getName().getValue() != "shape.lib")
    return success();
  if (!op->hasTrait<OpTrait::SymbolTable>())
    return op->emitError("shape.lib attribute may only be on op implementing SymbolTable");

  if (auto symbolRef = dyn_cast<SymbolRefAttr>(attribute.getValue())) {
    Operation *symbol = SymbolTable::lookupSymbolIn(op, symbolRef);
    if (!symbol)
      return op->emitError("shape function library ") << symbolRef << " not found";
    if (isa<shape::FunctionLibraryOp>(symbol))
      return success();
    return op->emitError() << symbolRef << " required to be shape function library";
  }

  if (auto arr = dyn_cast<ArrayAttr>(attribute.getValue())) {
    // Every entry is a function library, and no op is mapped twice.
    std::unordered_set<std::string_view> seen;
    for (Attribute it : arr) {
      if (!isa<SymbolRefAttr>(it))
        return op->emitError("only SymbolRefAttr allowed in shape.lib attribute array");
      Operation *lib = SymbolTable::lookupSymbolIn(op, cast<SymbolRefAttr>(it));
      if (!lib || !isa<shape::FunctionLibraryOp>(lib))
        return op->emitError() << it << " does not refer to FunctionLibraryOp";
      DictionaryAttr mapping = shape::FunctionLibraryOp(lib).getMappingAttr();
      if (!mapping)
        continue;
      for (NamedAttribute entry : mapping.getValue())
        if (!seen.insert(entry.getName().getValue()).second)
          return op->emitError("only one op to shape mapping allowed, found multiple for `")
                 << entry.getName().getValue() << "`";
    }
    return success();
  }

  return op->emitError("only SymbolRefAttr or array of SymbolRefAttrs allowed as shape.lib attribute");
}
