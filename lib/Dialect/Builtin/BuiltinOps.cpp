//===- BuiltinOps.cpp - builtin.module and unrealized_conversion_cast -----===//
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"

#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

/// ModuleOp::verify: only dialect-prefixed discardable attributes (besides
/// the symbol ones).
static LogicalResult verifyModule(Operation *op) {
  for (const NamedAttribute &attr : op->getAttrs()) {
    std::string_view name = attr.getNameStr();
    if (name.find('.') == std::string_view::npos && name != "sym_name" && name != "sym_visibility")
      return op->emitOpError() << "can only contain attributes with dialect-prefixed names, found: '" << name << "'";
  }
  // At most one data layout spec (the attributes implementing MLIR's
  // DataLayoutSpecInterface: `#dlti.dl_spec`).
  std::string_view layoutSpecName;
  for (const NamedAttribute &attr : op->getAttrs()) {
    if (attr.getValue().getAbstractAttribute().getName() != "dlti.dl_spec")
      continue;
    if (!layoutSpecName.empty()) {
      InFlightDiagnostic diag = op->emitOpError() << "expects at most one data layout attribute";
      diag.attachNote() << "'" << layoutSpecName << "' is a data layout attribute";
      diag.attachNote() << "'" << attr.getNameStr() << "' is a data layout attribute";
      return diag;
    }
    layoutSpecName = attr.getNameStr();
  }
  return success();
}

static bool isOptionalSymbol(Operation *) { return true; }
static std::string_view builtinDialectName() { return "builtin"; }

static LogicalResult verifyCast(Operation *op) {
  if (op->getNumResults() == 0)
    return op->emitOpError() << "expected at least one result for cast operation";
  return success();
}

namespace {
/// mlir-opt 22 inlines builtin.unrealized_conversion_cast but not a nested
/// builtin.module.
struct BuiltinInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *op, Region *, bool, IRMapping &) const final {
    return isa<UnrealizedConversionCastOp>(op);
  }
};
} // namespace

void lamina::registerBuiltinOpDefinitions(BuiltinDialect &dialect) {
  addInlinerInterface<BuiltinInlinerInterface>(&dialect);
  ods::OpDef(ModuleOp::getOperationName(), TypeID::get<ModuleOp>())
      .optionalAttr("sym_name", ods::SymbolNameAttr())
      .optionalAttr("sym_visibility", ods::StrAttr())
      .region("bodyRegion", ods::SizedRegion(1))
      .traits({ods::AffineScope(), ods::IsolatedFromAbove(), ods::NoRegionArguments(), ods::SymbolTableTrait(),
               ods::Symbol({.isOptionalSymbol = isOptionalSymbol}),
               ods::Implements<OpAsmOpInterface>({.getDefaultDialect = builtinDialectName}),
               // GraphRegionNoTerminator: HasOnlyGraphRegion also implements
               // RegionKindInterface.
               ods::NoTerminator(), ods::SingleBlock(), ods::HasOnlyGraphRegion()})
      .format("($sym_name^)? attr-dict-with-keyword $bodyRegion")
      .verifier(verifyModule)
      .registerIn(dialect);

  ods::OpDef(UnrealizedConversionCastOp::getOperationName(), TypeID::get<UnrealizedConversionCastOp>())
      .variadicOperand("inputs")
      .variadicResult("outputs")
      .trait(ods::Pure())
      .format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")
      .verifier(verifyCast)
      .folder(foldUnrealizedConversionCast)
      .registerIn(dialect);
}

void lamina::installBuiltinOpDefinitions() { setBuiltinOpsRegistration(registerBuiltinOpDefinitions); }
