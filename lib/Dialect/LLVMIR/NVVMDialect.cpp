//===- NVVMDialect.cpp - The nvvm dialect ---------------------------------===//
//
// The dialect class, its attributes on functions and arguments (MLIR's
// NVVMDialect::verifyOperationAttribute / verifyRegionArgAttribute), the
// #nvvm.target checks and the RequiresSM markers.
//
#include "lamina/Dialect/LLVMIR/NVVMDialect.h"

#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Dialect/GPU/GPUOps.gen.h"
#include "lamina/IR/Diagnostics.h"

#include <string>

using namespace lamina;
using namespace lamina::NVVM;

//===----------------------------------------------------------------------===//
// Traits and attributes
//===----------------------------------------------------------------------===//

ods::Trait NVVM::RequiresSM(std::initializer_list<int>) { return ods::CustomTrait("NVVMRequiresSM", nullptr); }
ods::Trait NVVM::RequiresSMa(std::initializer_list<int>) { return ods::CustomTrait("NVVMRequiresSMa", nullptr); }

LogicalResult NVVMTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int o, std::string_view triple,
                                     std::string_view chip, std::string_view, DictionaryAttr, ArrayAttr link, bool) {
  if (o < 0 || o > 3)
    return emitError() << "The optimization level must be a number between 0 and 3.";
  if (triple.empty())
    return emitError() << "The target triple cannot be empty.";
  if (chip.empty())
    return emitError() << "The target chip cannot be empty.";
  if (link)
    for (Attribute a : link.getValue())
      if (!isa_and_nonnull<StringAttr>(a))
        return emitError() << "All the elements in the `link` array must be strings.";
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

NVVMDialect::NVVMDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<NVVMDialect>()) {
  registerGenerated();
  // The gpu::TargetAttrInterface external model mlir-opt attaches to
  // #nvvm.target (MLIR's registerNVVMTargetInterfaceExternalModels).
  auto &target = const_cast<AbstractAttribute &>(AbstractAttribute::lookup(TypeID::get<NVVMTargetAttr>(), ctx));
  gpu::TargetAttrInterface::Trait<NVVMTargetAttr>::attachInterface(target.interfaces);
}

NVVMDialect::~NVVMDialect() = default;

Attribute NVVMDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void NVVMDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult NVVMDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  std::string_view name = attr.getNameStr();
  StringAttr nameAttr = attr.getName();
  if (name == "nvvm.kernel" && !isa<LLVM::LLVMFuncOp>(op))
    return op->emitError() << "'" << name << "' attribute attached to unexpected op";
  if (name == "nvvm.maxntid" || name == "nvvm.reqntid" || name == "nvvm.cluster_dim") {
    auto values = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (!values || values.size() == 0 || values.size() > 3)
      return op->emitError() << "'" << Attribute(nameAttr) << "' attribute must be integer array with maximum 3 index";
  }
  if (name == "nvvm.minctasm" || name == "nvvm.maxnreg" || name == "nvvm.cluster_max_blocks") {
    if (!isa<IntegerAttr>(attr.getValue()))
      return op->emitError() << "'" << Attribute(nameAttr) << "' attribute must be integer constant";
  }
  if (name == "nvvm.blocksareclusters") {
    if (!op->getAttr("nvvm.reqntid") || !op->getAttr("nvvm.cluster_dim"))
      return op->emitError() << "'" << Attribute(nameAttr)
                             << "' attribute must be used along with 'nvvm.reqntid' and 'nvvm.cluster_dim'";
  }
  return success();
}

LogicalResult NVVMDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned argIndex, NamedAttribute attr) {
  if (!isa<FunctionOpInterface>(op))
    return success();
  if (attr.getNameStr() != "nvvm.grid_constant")
    return success();
  Attribute nameAttr = attr.getName();
  if (!op->getAttr("nvvm.kernel"))
    return op->emitError() << "'" << nameAttr << "' attribute must be present only on kernel arguments";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << nameAttr << "' must be a unit attribute";
  bool byval = false;
  if (auto argAttrs = dyn_cast_or_null<ArrayAttr>(op->getAttr("arg_attrs")))
    if (argIndex < argAttrs.size())
      if (auto dict = dyn_cast_or_null<DictionaryAttr>(argAttrs.getValue()[argIndex]))
        byval = bool(dict.get("llvm.byval"));
  if (!byval)
    return op->emitError() << "'" << nameAttr << "' attribute requires the argument to also have attribute 'llvm.byval'";
  return success();
}
