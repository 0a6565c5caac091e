//===- GPUDialect.cpp - The gpu dialect ------------------------------------===//
//
// As mlir/lib/Dialect/GPU/IR/GPUDialect.cpp: the types (their syntax and
// MMAMatrixType's verifier), the dialect attributes, and what the imported
// attributes hand-write (the verifiers of #gpu.object, #gpu.select_object,
// #gpu.kernel_metadata and #gpu.kernel_table, #gpu.object's custom syntax).
//
#include "lamina/Dialect/GPU/GPUDialect.h"

#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

using namespace lamina;
using namespace lamina::gpu;

GPUDialect::GPUDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<GPUDialect>()) {
  addTypes<AsyncTokenType, MMAMatrixType, SparseDnTensorHandleType, SparseSpMatHandleType,
           SparseSpGEMMOpHandleType>();
  registerGenerated();
}

GPUDialect::~GPUDialect() = default;

bool GPUDialect::isKernel(Operation *op) { return isa_and_nonnull<lamina::UnitAttr>(op->getAttr(getKernelFuncAttrName())); }

bool GPUDialect::isWorkgroupMemoryAddressSpace(Attribute memorySpace) {
  auto space = dyn_cast_or_null<AddressSpaceAttr>(memorySpace);
  return space && space.getValue() == AddressSpace::Workgroup;
}

bool gpu::hasOffloadingTranslationAttrTrait(Attribute attr) { return isa<SelectObjectAttr>(attr); }

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool MMAMatrixType::isValidElementType(Type elementType) {
  return elementType.isF16() || elementType.isF32() || elementType.isUnsignedInteger(8) ||
         elementType.isSignedInteger(8) || elementType.isInteger(32);
}

LogicalResult MMAMatrixType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                              Type elementType, std::string_view operand) {
  if (operand != "AOp" && operand != "BOp" && operand != "COp")
    return emitError() << "operand expected to be one of AOp, BOp or COp";
  if (shape.size() != 2)
    return emitError() << "MMAMatrixType must have exactly two dimensions";
  if (!isValidElementType(elementType))
    return emitError() << "MMAMatrixType elements must be SI8, UI8, I32, F16, or F32";
  return success();
}

MMAMatrixType MMAMatrixType::getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                        Type elementType, std::string_view operand) {
  if (failed(verifyInvariants(emitError, shape, elementType, operand)))
    return MMAMatrixType();
  return get(shape, elementType, operand);
}

Type GPUDialect::parseType(DialectAsmParser &parser) const {
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return Type();
  MLIRContext *ctx = getContext();
  if (keyword == "async.token")
    return AsyncTokenType::get(ctx);
  if (keyword == "mma_matrix") {
    SMLoc beginLoc = parser.getNameLoc();
    std::vector<int64_t> shape;
    Type elementType;
    if (parser.parseLess() || parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(elementType) || parser.parseComma())
      return Type();
    std::string operand;
    if (failed(parser.parseOptionalString(&operand)) || parser.parseGreater())
      return Type();
    Location loc = parser.getEncodedSourceLoc(beginLoc);
    return MMAMatrixType::getChecked([&] { return emitError(loc); }, shape, elementType, operand);
  }
  if (keyword == "sparse.dntensor_handle")
    return SparseDnTensorHandleType::get(ctx);
  if (keyword == "sparse.spmat_handle")
    return SparseSpMatHandleType::get(ctx);
  if (keyword == "sparse.spgemmop_handle")
    return SparseSpGEMMOpHandleType::get(ctx);
  parser.emitError(parser.getNameLoc(), "unknown gpu type: ") << keyword;
  return Type();
}

void GPUDialect::printType(Type type, DialectAsmPrinter &os) const {
  if (isa<AsyncTokenType>(type)) {
    os << "async.token";
  } else if (isa<SparseDnTensorHandleType>(type)) {
    os << "sparse.dntensor_handle";
  } else if (isa<SparseSpMatHandleType>(type)) {
    os << "sparse.spmat_handle";
  } else if (isa<SparseSpGEMMOpHandleType>(type)) {
    os << "sparse.spgemmop_handle";
  } else if (auto matrix = dyn_cast<MMAMatrixType>(type)) {
    os << "mma_matrix<";
    for (int64_t dim : matrix.getShape())
      os << dim << 'x';
    os.printType(matrix.getElementType());
    os << ", \"" << matrix.getOperand() << "\">";
  }
}

Attribute GPUDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void GPUDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

static LogicalResult verifyKnownLaunchSizeAttr(Operation *op, NamedAttribute attr) {
  auto array = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
  if (!array)
    return op->emitOpError() << attr.getNameStr() << " must be a dense i32 array";
  if (array.size() != 3)
    return op->emitOpError() << attr.getNameStr() << " must contain exactly 3 elements";
  return success();
}

/// The checks of `gpu.container_module` on one gpu.launch_func whose parent
/// is a function directly in `module`.
static LogicalResult verifyLaunchInContainer(Operation *module, LaunchFuncOp launchOp) {
  auto kernel = dyn_cast_or_null<SymbolRefAttr>(launchOp->getAttr("kernel"));
  if (!kernel)
    return success();   // the op's verifier reports it
  StringAttr containerName = kernel.getRootReference();
  Operation *container = SymbolTable::lookupSymbolIn(module, containerName);
  if (!container)
    return launchOp.emitOpError() << "kernel container '" << containerName.getValue() << "' is undefined";
  if (isa<BinaryOp>(container))
    return success();
  if (!isa<GPUModuleOp>(container))
    return launchOp.emitOpError() << "kernel module '" << containerName.getValue() << "' is undefined";
  Operation *kernelFunc = SymbolTable::lookupSymbolIn(module, kernel);
  if (!kernelFunc)
    return launchOp.emitOpError() << "kernel function '" << kernel << "' is undefined";
  if (!isa<FunctionOpInterface>(kernelFunc)) {
    InFlightDiagnostic diag = launchOp.emitOpError() << "referenced kernel '" << kernel << "' is not a function";
    diag.attachNote(kernelFunc->getLoc()) << "see the kernel definition here";
    return diag;
  }
  if (!isa_and_nonnull<lamina::UnitAttr>(kernelFunc->getAttr(GPUDialect::getKernelFuncAttrName())))
    return launchOp.emitOpError() << "kernel function is missing the '" << GPUDialect::getKernelFuncAttrName()
                                  << "' attribute";
  auto gpuFunc = dyn_cast<GPUFuncOp>(kernelFunc);
  if (!gpuFunc)
    return success();
  auto fnType = cast<FunctionType>(gpuFunc.getFunctionTypeAttr().getValue());
  OperandRange operands = launchOp.getKernelOperands();
  unsigned expected = unsigned(fnType.getInputs().size());
  if (operands.size() != expected)
    return launchOp.emitOpError() << "got " << unsigned(operands.size()) << " kernel operands but expected "
                                  << expected;
  for (unsigned i = 0; i < expected; ++i)
    if (operands[i].getType() != fnType.getInputs()[i])
      return launchOp.emitOpError() << "type of function argument " << i << " does not match";
  return success();
}

LogicalResult GPUDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  std::string_view name = attr.getNameStr();
  if (name == "gpu.known_block_size" || name == "gpu.known_grid_size")
    return verifyKnownLaunchSizeAttr(op, attr);
  if (!isa<lamina::UnitAttr>(attr.getValue()) || name != getContainerModuleAttrName())
    return success();
  if (!isa<ModuleOp>(op))
    return op->emitError() << "expected '" << getContainerModuleAttrName() << "' attribute to be attached to '"
                           << ModuleOp::getOperationName() << '\'';
  // The launches nested in functions directly in the module, in walk order
  // (an explicit worklist: nesting depth is the input's).
  SmallVector<Operation *, 16> worklist;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &child : block)
        worklist.push_back(&child);
  // Pre-order as MLIR's walk visits LaunchFuncOps (post-order over the
  // nest, but a launch has no nested launch: order within siblings is all
  // that matters, and it is kept by pushing children in reverse).
  std::reverse(worklist.begin(), worklist.end());
  SmallVector<LaunchFuncOp, 8> launches;
  while (!worklist.empty()) {
    Operation *cur = worklist.back();
    worklist.pop_back();
    if (auto launch = dyn_cast<LaunchFuncOp>(cur)) {
      launches.push_back(launch);
      continue;
    }
    size_t mark = worklist.size();
    for (Region &region : cur->getRegions())
      for (Block &block : region)
        for (Operation &child : block)
          worklist.push_back(&child);
    std::reverse(worklist.begin() + mark, worklist.end());
  }
  for (LaunchFuncOp launch : launches) {
    Operation *parent = launch->getParentOp();
    if (!parent || parent->getParentOp() != op)
      continue;
    if (failed(verifyLaunchInContainer(op, launch)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult ObjectAttr::verify(function_ref<InFlightDiagnostic()> emitError, Attribute target, CompilationTarget,
                                 StringAttr, DictionaryAttr, KernelTableAttr) {
  if (!target)
    return emitError() << "the target attribute cannot be null";
  // An attribute of a dialect Lamina does not know (kept opaque) may
  // implement or promise the interface.
  if (isa<TargetAttrInterface>(target) || isa<OpaqueAttr>(target))
    return success();
  return emitError() << "the target attribute must implement or promise the `gpu::TargetAttrInterface`";
}

LogicalResult SelectObjectAttr::verify(function_ref<InFlightDiagnostic()> emitError, Attribute target) {
  if (!target)
    return success();
  if (auto intAttr = dyn_cast<IntegerAttr>(target)) {
    if (intAttr.getInt() < 0)
      return emitError() << "the object index must be positive";
  } else if (!isa<TargetAttrInterface>(target) && !isa<OpaqueAttr>(target)) {
    return emitError() << "the target attribute must be a GPU Target attribute";
  }
  return success();
}

LogicalResult KernelMetadataAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringAttr name, Type,
                                         ArrayAttr argAttrs, DictionaryAttr) {
  if (!name || name.getValue().empty())
    return emitError() << "the kernel name can't be empty";
  if (argAttrs)
    for (Attribute attr : argAttrs.getValue())
      if (!isa<DictionaryAttr>(attr))
        return emitError() << "all attributes in the array must be a dictionary attribute";
  return success();
}

LogicalResult KernelTableAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      ArrayRef<KernelMetadataAttr> kernels) {
  for (size_t i = 1; i < kernels.size(); ++i)
    if (kernels[i - 1].getName() == kernels[i].getName())
      return emitError() << "expected all kernels to be uniquely named";
  return success();
}

/// `bin = "..."`, `"..."` (fatbin): the format and the object of #gpu.object.
ParseResult gpu::parseObject(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  const ods::EnumInfo &info = getCompilationTargetInfo();
  std::optional<uint64_t> format;
  std::string_view keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&keyword)))
    format = uint64_t(CompilationTarget::Fatbin);
  if (!format && (format = info.symbolize(keyword)) && parser.parseEqual())
    return parser.emitError(loc, "expected an equal sign");
  if (!format)
    return parser.emitError(loc, "expected keyword for GPU object format");
  Attribute object;
  SMLoc objectLoc = parser.getCurrentLocation();
  if (failed(parser.parseAttribute(object)) || !isa<StringAttr>(object))
    return parser.emitError(objectLoc,
                            "failed to parse GPU_ObjectAttr parameter 'object' which is to be a `StringAttr`");
  args[0]->u = *format;
  args[1]->attr = object;
  return success();
}

void gpu::printObject(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  if (args[0]->u != uint64_t(CompilationTarget::Fatbin))
    printer << getCompilationTargetInfo().stringify(args[0]->u) << " = ";
  printer.printAttribute(args[1]->attr);
}
