//===- GPUOps.cpp - What the gpu dialect writes by hand --------------------===//
//
// As mlir/lib/Dialect/GPU/IR/GPUDialect.cpp: the custom forms of gpu.func,
// gpu.launch and gpu.warp_execute_on_lane_0, the custom directives of the
// declarative formats (AsyncDependencies, AllReduceOperation, LaunchDimType,
// LaunchFuncOperands, OffloadingHandler), the verifiers with mlir-opt's
// messages, the result names of the id ops, and the region successors of
// gpu.warp_execute_on_lane_0.
//
#include "lamina/Dialect/GPU/GPUDialect.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

using namespace lamina;
using namespace lamina::gpu;

static constexpr std::string_view kWorkgroupAttributions = "workgroup_attributions";

static void printOperandList(OpAsmPrinter &p, OperandRange operands) {
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(operands[i]);
  }
}

template <typename Range> static void printTypeList(OpAsmPrinter &p, const Range &types) {
  bool first = true;
  for (Type t : types) {
    if (!first)
      p << ", ";
    first = false;
    p << t;
  }
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `async`? (`[` ssa-id-list `]`)?
static ParseResult parseAsyncDependencies(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("async"))) {
    if (parser.getNumResults() == 0)
      return parser.emitError(loc, "needs to be named when marked 'async'");
    args[0]->types->push_back(AsyncTokenType::get(parser.getContext()));
  }
  return parser.parseOperandList(*args[1]->operands, AsmParser::Delimiter::OptionalSquare);
}

static void printAsyncDependencies(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  bool async = !args[0].types.empty() && args[0].types[0];
  if (async)
    p << "async";
  OperandRange deps = args[1].operands;
  if (deps.empty())
    return;
  if (async)
    p << ' ';
  p << '[';
  printOperandList(p, deps);
  p << ']';
}

ods::CustomDirective gpu::getAsyncDependenciesDirective() {
  return {"AsyncDependencies", parseAsyncDependencies, printAsyncDependencies, nullptr};
}

/// An optional bare reduction kind (`add`, `maxnumf`...).
static ParseResult parseAllReduceOperation(OpAsmParser &parser, OperationState &,
                                           ArrayRef<ods::CustomParseArg *> args) {
  std::string_view keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    std::optional<uint64_t> kind = getAllReduceOperationInfo().symbolize(keyword);
    if (!kind)
      return parser.emitError(parser.getCurrentLocation(), "invalid op kind");
    *args[0]->attr = AllReduceOperationAttr::get(parser.getContext(), AllReduceOperation(*kind));
  }
  return success();
}

static void printAllReduceOperation(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  // MLIR prints the attribute's own syntax (its format `$value` starts
  // with a space).
  if (auto kind = dyn_cast_or_null<AllReduceOperationAttr>(args[0].attr))
    p << ' ' << getAllReduceOperationInfo().stringify(uint64_t(kind.getValue()));
}

ods::CustomDirective gpu::getAllReduceOperationDirective() {
  return {"AllReduceOperation", parseAllReduceOperation, printAllReduceOperation, nullptr};
}

/// `: type` of the launch dimensions (index when absent); the cluster sizes
/// take the same type.
static ParseResult parseLaunchDimType(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type dimTy;
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseType(dimTy))
      return failure();
  } else {
    dimTy = IndexType::get(parser.getContext());
  }
  args[0]->types->push_back(dimTy);
  if (!args[1]->operands->empty())
    for (unsigned i = 2; i < 5; ++i)
      args[i]->types->push_back(dimTy);
  return success();
}

static void printLaunchDimType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Type dimTy = args[0].types.empty() ? Type() : args[0].types[0];
  if (dimTy && !dimTy.isIndex())
    p << ": " << dimTy;
}

ods::CustomDirective gpu::getLaunchDimTypeDirective() {
  return {"LaunchDimType", parseLaunchDimType, printLaunchDimType, nullptr};
}

/// `args(%a : type, ...)`, or nothing.
static ParseResult parseLaunchFuncOperands(OpAsmParser &parser, OperationState &,
                                           ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalKeyword("args")))
    return success();
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &names = *args[0]->operands;
  SmallVectorImpl<Type> &types = *args[1]->types;
  auto parseElement = [&]() -> ParseResult {
    names.emplace_back();
    types.emplace_back();
    return failure(parser.parseOperand(names.back()) || parser.parseColonType(types.back()));
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, parseElement, " in argument list");
}

static void printLaunchFuncOperands(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange operands = args[0].operands;
  if (operands.empty())
    return;
  p << "args(";
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(operands[i]);
    p << " : " << args[1].types[i];
  }
  p << ')';
}

ods::CustomDirective gpu::getLaunchFuncOperandsDirective() {
  return {"LaunchFuncOperands", parseLaunchFuncOperands, printLaunchFuncOperands, nullptr};
}

/// `<handler>`, or `#gpu.select_object<>` implicitly.
static ParseResult parseOffloadingHandler(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  Attribute &handler = *args[0]->attr;
  if (succeeded(parser.parseOptionalLess()))
    if (parser.parseAttribute(handler) || parser.parseGreater())
      return failure();
  if (!handler)
    handler = SelectObjectAttr::get(parser.getContext(), Attribute());
  return success();
}

static void printOffloadingHandler(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].attr != SelectObjectAttr::get(op->getContext(), Attribute()))
    p << '<' << args[0].attr << '>';
}

ods::CustomDirective gpu::getOffloadingHandlerDirective() {
  return {"OffloadingHandler", parseOffloadingHandler, printOffloadingHandler, nullptr};
}

//===----------------------------------------------------------------------===//
// Memory attributions (gpu.func, gpu.launch)
//===----------------------------------------------------------------------===//

static unsigned numWorkgroupAttributions(Operation *op) {
  auto attr = dyn_cast_or_null<IntegerAttr>(op->getAttr(kWorkgroupAttributions));
  return attr ? unsigned(attr.getInt()) : 0;
}

/// ` keyword(%a : type {attrs}, ...)`, nothing for no values.
static void printAttributions(OpAsmPrinter &p, std::string_view keyword, ValueRange values,
                              ArrayAttr attributes = ArrayAttr()) {
  if (values.empty())
    return;
  p << ' ' << keyword << '(';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(values[i]);
    p << " : " << values[i].getType();
    if (attributes && i < attributes.size())
      if (auto attrs = dyn_cast<DictionaryAttr>(attributes.getValue()[i]))
        p.printOptionalAttrDict(attrs.getValue());
  }
  p << ')';
}

/// The block arguments [begin, begin + count) of the region's entry block
/// (clamped to the arguments it has).
static ValueRange entryArgs(Region &region, unsigned begin, unsigned count) {
  if (region.empty())
    return ValueRange();
  ValueRange args = region.front().getArguments();
  if (begin >= args.size())
    return ValueRange();
  return args.slice(begin, std::min<size_t>(count, args.size() - begin));
}

/// MLIR's verifyAttributions: memrefs, in `space` when it is a gpu address
/// space.
static LogicalResult verifyAttributions(Operation *op, ValueRange attributions, AddressSpace space) {
  for (Value v : attributions) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type)
      return op->emitOpError() << "expected memref type in attribution";
    auto addressSpace = dyn_cast_or_null<AddressSpaceAttr>(type.getMemorySpace());
    if (!addressSpace)
      continue;
    if (addressSpace.getValue() != space)
      return op->emitOpError() << "expected memory space " << getAddressSpaceInfo().stringify(uint64_t(space))
                               << " in attribution";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.func
//===----------------------------------------------------------------------===//

/// `keyword(%a : type {attrs}, ...)` if the keyword comes: the arguments are
/// appended to `args`; `attributionAttrs` is their attribute dictionaries
/// when one is non-empty.
static ParseResult parseFuncAttributions(OpAsmParser &parser, std::string_view keyword,
                                         std::vector<OpAsmParser::Argument> &args, Attribute &attributionAttrs) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  size_t existing = args.size();
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren, /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  bool hadAttrs = false;
  for (size_t i = existing; i < args.size(); ++i)
    hadAttrs |= args[i].attrs && !args[i].attrs.empty();
  if (!hadAttrs) {
    attributionAttrs = Attribute();
    return success();
  }
  Builder b = parser.getBuilder();
  std::vector<Attribute> dicts;
  for (size_t i = existing; i < args.size(); ++i)
    dicts.push_back(args[i].attrs ? Attribute(args[i].attrs) : Attribute(b.getDictionaryAttr({})));
  attributionAttrs = b.getArrayAttr(dicts);
  return success();
}

ParseResult GPUFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  std::vector<OpAsmParser::Argument> entryArgs;
  std::vector<DictionaryAttr> resultAttrs;
  SmallVector<Type, 4> resultTypes;
  bool isVariadic = false;
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes))
    return failure();
  SMLoc signatureLocation = parser.getCurrentLocation();
  if (function_interface_impl::parseFunctionSignatureWithArguments(parser, /*allowVariadic=*/false, entryArgs,
                                                                   isVariadic, resultTypes, resultAttrs))
    return failure();
  if (!entryArgs.empty() && entryArgs[0].ssaName.name.empty())
    return parser.emitError(signatureLocation) << "gpu.func requires named arguments";

  Builder b = parser.getBuilder();
  std::vector<Type> argTypes;
  std::vector<DictionaryAttr> argAttrs;
  for (const OpAsmParser::Argument &arg : entryArgs) {
    argTypes.push_back(arg.type);
    argAttrs.push_back(arg.attrs);
  }
  FunctionType type = FunctionType::get(parser.getContext(), argTypes,
                                        ArrayRef<Type>(resultTypes.data(), resultTypes.size()));
  result.addAttribute("function_type", lamina::TypeAttr::get(type));
  function_interface_impl::addArgAndResultAttrs(b, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");

  Attribute workgroupAttrs;
  if (parseFuncAttributions(parser, "workgroup", entryArgs, workgroupAttrs))
    return failure();
  result.addAttribute(kWorkgroupAttributions, b.getI64IntegerAttr(int64_t(entryArgs.size() - argTypes.size())));
  if (workgroupAttrs)
    result.addAttribute("workgroup_attrib_attrs", workgroupAttrs);
  Attribute privateAttrs;
  if (parseFuncAttributions(parser, "private", entryArgs, privateAttrs))
    return failure();
  if (privateAttrs)
    result.addAttribute("private_attrib_attrs", privateAttrs);
  if (succeeded(parser.parseOptionalKeyword("kernel")))
    result.addAttribute(GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, entryArgs);
}

void GPUFuncOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  if (StringAttr name = dyn_cast_or_null<StringAttr>(op->getAttr("sym_name")))
    p.printSymbolName(name.getValue());
  auto type = cast<FunctionType>(getFunctionTypeAttr().getValue());
  function_interface_impl::printFunctionSignature(p, op, type.getInputs(), /*isVariadic=*/false, type.getResults(),
                                                  "arg_attrs", "res_attrs");
  unsigned numInputs = unsigned(type.getInputs().size());
  unsigned numWorkgroup = numWorkgroupAttributions(op);
  printAttributions(p, "workgroup", entryArgs(getBody(), numInputs, numWorkgroup), getWorkgroupAttribAttrsAttr());
  printAttributions(p, "private", entryArgs(getBody(), numInputs + numWorkgroup, ~0u), getPrivateAttribAttrsAttr());
  if (GPUDialect::isKernel(op))
    p << " kernel";
  p.printOptionalAttrDictWithKeyword(op->getAttrs(),
                                     {"sym_name", kWorkgroupAttributions, GPUDialect::getKernelFuncAttrName(),
                                      "function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs",
                                      "private_attrib_attrs"});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult GPUFuncOp::verifyType() {
  auto type = dyn_cast<FunctionType>(getFunctionTypeAttr().getValue());
  if (type && GPUDialect::isKernel(getOperation()) && !type.getResults().empty())
    return emitOpError() << "expected void return type for kernel function";
  return success();
}

LogicalResult GPUFuncOp::verifyBody() {
  Region &body = getBody();
  if (body.empty())
    return emitOpError() << "expected body with at least one block";
  auto type = cast<FunctionType>(getFunctionTypeAttr().getValue());
  ArrayRef<Type> inputs = type.getInputs();
  unsigned numFuncArguments = unsigned(inputs.size());
  unsigned numWorkgroup = numWorkgroupAttributions(getOperation());
  Block &entry = body.front();
  if (entry.getNumArguments() < numFuncArguments + numWorkgroup)
    return emitOpError() << "expected at least " << numFuncArguments + numWorkgroup << " arguments to body region";
  for (unsigned i = 0; i < numFuncArguments; ++i) {
    Type blockArgType = entry.getArgument(i).getType();
    if (inputs[i] != blockArgType)
      return emitOpError() << "expected body region argument #" << i << " to be of type " << inputs[i] << ", got "
                           << blockArgType;
  }
  if (failed(verifyAttributions(getOperation(), entryArgs(body, numFuncArguments, numWorkgroup),
                                AddressSpace::Workgroup)) ||
      failed(verifyAttributions(getOperation(), entryArgs(body, numFuncArguments + numWorkgroup, ~0u),
                                AddressSpace::Private)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.return
//===----------------------------------------------------------------------===//

LogicalResult gpu::ReturnOp::verify() {
  auto function = getOperation()->getParentOfType<GPUFuncOp>();
  if (!function || !function.getFunctionTypeAttr())
    return success();
  auto funType = dyn_cast<FunctionType>(function.getFunctionTypeAttr().getValue());
  if (!funType)
    return success();
  OperandRange operands = getOperands();
  if (funType.getResults().size() != operands.size()) {
    InFlightDiagnostic diag = emitOpError() << "expected " << unsigned(funType.getResults().size())
                                            << " result operands";
    diag.attachNote(function->getLoc()) << "return type declared here";
    return diag;
  }
  for (unsigned i = 0; i < operands.size(); ++i)
    if (funType.getResults()[i] != operands[i].getType())
      return emitOpError() << "unexpected type `" << operands[i].getType() << "' for operand #" << i;
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.launch
//===----------------------------------------------------------------------===//

namespace {
/// The launch configuration of a gpu.launch.
struct LaunchLayout {
  bool hasCluster = false;
  /// Region arguments before the memory attributions (12, or 18 with
  /// clusters).
  unsigned numConfigArgs = 12;
};
} // namespace

static LaunchLayout launchLayout(LaunchOp op) {
  LaunchLayout l;
  l.hasCluster = op.getClusterSizeX() && op.getClusterSizeY() && op.getClusterSizeZ();
  l.numConfigArgs = l.hasCluster ? 18 : 12;
  return l;
}

/// `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`.
static void printSizeAssignment(OpAsmPrinter &p, ValueRange args, unsigned idsAt, unsigned sizesAt,
                                OperandRange operands, unsigned operandsAt) {
  p << '(';
  for (unsigned i = 0; i < 3; ++i) {
    if (i)
      p << ", ";
    p.printOperand(args[idsAt + i]);
  }
  p << ") in (";
  for (unsigned i = 0; i < 3; ++i) {
    if (i)
      p << ", ";
    p.printOperand(args[sizesAt + i]);
    p << " = ";
    p.printOperand(operands[operandsAt + i]);
  }
  p << ')';
}

void LaunchOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  if (getAsyncToken()) {
    p << " async";
    if (!getAsyncDependencies().empty()) {
      p << " [";
      printOperandList(p, getAsyncDependencies());
      p << ']';
    }
  }
  LaunchLayout l = launchLayout(*this);
  ValueRange args = getBody().empty() ? ValueRange() : ValueRange(getBody().front().getArguments());
  OperandRange operands = op->getOperands().drop_front(getAsyncDependencies().size());
  // The custom form needs the configuration arguments; print what there is
  // otherwise (invalid IR only reaches here with verification off).
  if (args.size() >= l.numConfigArgs) {
    if (l.hasCluster) {
      p << " clusters";
      printSizeAssignment(p, args, 12, 15, operands, 6);
    }
    p << " blocks";
    printSizeAssignment(p, args, 0, 6, operands, 0);
    p << " threads";
    printSizeAssignment(p, args, 3, 9, operands, 3);
  }
  if (Value size = getDynamicSharedMemorySize()) {
    p << " dynamic_shared_memory_size ";
    p.printOperand(size);
  }
  if (FlatSymbolRefAttr module = getModuleAttr()) {
    p << " module(";
    p.printSymbolName(module.getValue());
    p << ')';
  }
  if (FlatSymbolRefAttr function = getFunctionAttr()) {
    p << " function(";
    p.printSymbolName(function.getValue());
    p << ')';
  }
  unsigned numWorkgroup = numWorkgroupAttributions(op);
  printAttributions(p, "workgroup", entryArgs(getBody(), l.numConfigArgs, numWorkgroup));
  printAttributions(p, "private", entryArgs(getBody(), l.numConfigArgs + numWorkgroup, ~0u));
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDict(op->getAttrs(), {"operandSegmentSizes", kWorkgroupAttributions, "module", "function"});
}

/// `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`: the ids and sizes
/// (region arguments) and the operands.
static ParseResult parseSizeAssignment(OpAsmParser &parser, OpAsmParser::UnresolvedOperand *sizes,
                                       OpAsmParser::UnresolvedOperand *regionSizes,
                                       OpAsmParser::UnresolvedOperand *indices) {
  SmallVector<OpAsmParser::UnresolvedOperand, 3> args;
  SMLoc listLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(args, AsmParser::Delimiter::Paren, /*allowResultNumber=*/false))
    return failure();
  // mlir-opt takes fewer than three and leaves the rest of the region's
  // arguments unnamed and without a location (its error then shows a
  // made-up column); three are required here.
  if (args.size() != 3)
    return parser.emitError(listLoc) << "expected 3 identifiers, found " << args.size();
  if (parser.parseKeyword("in") || parser.parseLParen())
    return failure();
  for (size_t i = 0; i < 3; ++i)
    indices[i] = args[i];
  for (int i = 0; i < 3; ++i) {
    if (i != 0 && parser.parseComma())
      return failure();
    if (parser.parseOperand(regionSizes[i], /*allowResultNumber=*/false) || parser.parseEqual() ||
        parser.parseOperand(sizes[i]))
      return failure();
  }
  return parser.parseRParen();
}

ParseResult LaunchOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder b = parser.getBuilder();
  SmallVector<OpAsmParser::UnresolvedOperand, 9> sizes(6);
  SmallVector<OpAsmParser::UnresolvedOperand, 18> regionArgs(12);

  SmallVector<OpAsmParser::UnresolvedOperand, 4> asyncDependencies;
  Type asyncTokenType;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("async"))) {
    if (parser.getNumResults() == 0)
      return parser.emitError(loc, "needs to be named when marked 'async'");
    asyncTokenType = AsyncTokenType::get(ctx);
  }
  if (parser.parseOperandList(asyncDependencies, AsmParser::Delimiter::OptionalSquare) ||
      parser.resolveOperands(asyncDependencies, asyncTokenType, result.operands))
    return failure();
  if (parser.getNumResults() > 0)
    result.types.push_back(asyncTokenType);

  bool hasCluster = false;
  if (succeeded(parser.parseOptionalKeyword("clusters"))) {
    hasCluster = true;
    sizes.resize(9);
    regionArgs.resize(18);
    if (parseSizeAssignment(parser, &sizes[6], &regionArgs[15], &regionArgs[12]))
      return failure();
  }
  if (parser.parseKeyword("blocks") || parseSizeAssignment(parser, &sizes[0], &regionArgs[6], &regionArgs[0]) ||
      parser.parseKeyword("threads") || parseSizeAssignment(parser, &sizes[3], &regionArgs[9], &regionArgs[3]) ||
      parser.resolveOperands(sizes, IndexType::get(ctx), result.operands))
    return failure();

  bool hasDynamicSharedMemorySize = false;
  if (succeeded(parser.parseOptionalKeyword("dynamic_shared_memory_size"))) {
    hasDynamicSharedMemorySize = true;
    OpAsmParser::UnresolvedOperand size;
    if (parser.parseOperand(size) || parser.resolveOperand(size, IntegerType::get(ctx, 32), result.operands))
      return failure();
  }
  for (std::string_view attrName : {"module", "function"}) {
    if (failed(parser.parseOptionalKeyword(attrName)))
      continue;
    Attribute symbol;
    SMLoc symbolLoc = parser.getCurrentLocation();
    if (parser.parseLParen() || parser.parseAttribute(symbol))
      return failure();
    if (!isa<FlatSymbolRefAttr>(symbol))
      return parser.emitError(symbolLoc, "invalid kind of attribute specified");
    result.addAttribute(attrName, symbol);
    if (parser.parseRParen())
      return failure();
  }

  std::vector<OpAsmParser::Argument> regionArguments;
  for (const OpAsmParser::UnresolvedOperand &name : regionArgs) {
    OpAsmParser::Argument arg;
    arg.ssaName = name;
    arg.type = IndexType::get(ctx);
    regionArguments.push_back(arg);
  }
  if (succeeded(parser.parseOptionalKeyword("workgroup")))
    if (parser.parseArgumentList(regionArguments, AsmParser::Delimiter::Paren, /*allowType=*/true))
      return failure();
  result.addAttribute(kWorkgroupAttributions, b.getI64IntegerAttr(int64_t(regionArguments.size() - regionArgs.size())));
  if (succeeded(parser.parseOptionalKeyword("private")))
    if (parser.parseArgumentList(regionArguments, AsmParser::Delimiter::Paren, /*allowType=*/true))
      return failure();

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArguments) || parser.parseOptionalAttrDict(result.attributes))
    return failure();

  std::vector<int32_t> segmentSizes(11, 1);
  segmentSizes.front() = int32_t(asyncDependencies.size());
  if (!hasCluster)
    segmentSizes[7] = segmentSizes[8] = segmentSizes[9] = 0;
  segmentSizes.back() = hasDynamicSharedMemorySize ? 1 : 0;
  result.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(ctx, segmentSizes));
  return success();
}

LogicalResult LaunchOp::verify() {
  bool hasCluster = getClusterSizeX() && getClusterSizeY() && getClusterSizeZ();
  if (!hasCluster && (getClusterSizeX() || getClusterSizeY() || getClusterSizeZ()))
    return emitOpError() << "cluster size must be all present";
  return success();
}

LogicalResult LaunchOp::verifyRegions() {
  LaunchLayout l = launchLayout(*this);
  Operation *op = getOperation();
  unsigned numWorkgroup = numWorkgroupAttributions(op);
  Region &body = getBody();
  if (!body.empty() && body.front().getNumArguments() < 12 + numWorkgroup)
    return emitOpError("unexpected number of region arguments");
  if (failed(verifyAttributions(op, entryArgs(body, l.numConfigArgs, numWorkgroup), AddressSpace::Workgroup)) ||
      failed(verifyAttributions(op, entryArgs(body, l.numConfigArgs + numWorkgroup, ~0u), AddressSpace::Private)))
    return failure();
  for (Block &block : body) {
    if (block.empty())
      continue;
    Operation &last = block.back();
    if (last.getNumSuccessors() != 0)
      continue;
    if (!isa<TerminatorOp>(&last)) {
      InFlightDiagnostic diag = last.emitError() << "expected 'gpu.terminator' or a terminator with successors";
      diag.attachNote(getLoc()) << "in 'gpu.launch' body region";
      return diag;
    }
  }
  if (op->getNumResults() == 0 && getAsyncToken())
    return emitOpError("needs to be named when async keyword is specified");
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.launch_func
//===----------------------------------------------------------------------===//

LogicalResult LaunchFuncOp::verify() {
  auto module = getOperation()->getParentOfType<ModuleOp>();
  if (!module)
    return emitOpError("expected to belong to a module");
  if (!isa_and_nonnull<lamina::UnitAttr>(module->getAttr(GPUDialect::getContainerModuleAttrName())))
    return emitOpError() << "expected the closest surrounding module to have the '"
                         << GPUDialect::getContainerModuleAttrName() << "' attribute";
  if (getClusterSizeX() && getClusterSizeY() && getClusterSizeZ()) {
    if (getClusterSizeY().getType() != getClusterSizeX().getType() ||
        getClusterSizeZ().getType() != getClusterSizeX().getType())
      return emitOpError() << "expects types of the cluster dimensions must be the same";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.all_reduce, gpu.subgroup_reduce
//===----------------------------------------------------------------------===//

/// Whether reduction `kind` applies to `type` (floats for the min/max
/// float kinds, integers for the integer and bitwise ones).
static bool isReduceOpCompatible(AllReduceOperation kind, Type type) {
  switch (kind) {
  case AllReduceOperation::MINNUMF:
  case AllReduceOperation::MAXNUMF:
  case AllReduceOperation::MINIMUMF:
  case AllReduceOperation::MAXIMUMF:
    return isa<FloatType>(type);
  case AllReduceOperation::MINSI:
  case AllReduceOperation::MINUI:
  case AllReduceOperation::MAXSI:
  case AllReduceOperation::MAXUI:
  case AllReduceOperation::AND:
  case AllReduceOperation::OR:
  case AllReduceOperation::XOR:
    return isa<IntegerType>(type);
  default:
    return true;
  }
}

LogicalResult AllReduceOp::verifyRegions() {
  Type type = getOperation()->getResult(0).getType();
  Region &body = getBody();
  AllReduceOperationAttr kind = getOpAttr();
  if (body.empty() != bool(kind))
    return emitError("expected either an op attribute or a non-empty body");
  if (!body.empty()) {
    if (body.front().getNumArguments() != 2)
      return emitError("expected two region arguments");
    for (BlockArgument argument : body.front().getArguments())
      if (argument.getType() != type)
        return emitError("incorrect region argument type");
    unsigned yieldCount = 0;
    for (Block &block : body) {
      if (block.empty())
        continue;
      if (auto yield = dyn_cast<YieldOp>(&block.back())) {
        if (yield->getNumOperands() != 1)
          return emitError("expected one gpu.yield operand");
        if (yield->getOperand(0).getType() != type)
          return emitError("incorrect gpu.yield type");
        ++yieldCount;
      }
    }
    if (yieldCount == 0)
      return emitError("expected gpu.yield op in region");
  } else if (!isReduceOpCompatible(kind.getValue(), type)) {
    return emitError() << '`' << getAllReduceOperationInfo().stringify(uint64_t(kind.getValue()))
                       << "` reduction operation is not compatible with type " << type;
  }
  return success();
}

static bool isPowerOf2(uint64_t v) { return v && !(v & (v - 1)); }

LogicalResult SubgroupReduceOp::verify() {
  Type type = getOperation()->getResult(0).getType();
  Type elemType = type;
  if (auto vecTy = dyn_cast<VectorType>(type)) {
    if (vecTy.isScalable())
      return emitOpError() << "is not compatible with scalable vector types";
    elemType = vecTy.getElementType();
  }
  AllReduceOperation kind = getOpAttr().getValue();
  if (!isReduceOpCompatible(kind, elemType))
    return emitError() << '`' << getAllReduceOperationInfo().stringify(uint64_t(kind))
                       << "` reduction operation is not compatible with type " << type;
  IntegerAttr clusterSize = getClusterSizeAttr();
  if (clusterSize) {
    uint32_t size = uint32_t(clusterSize.getInt());
    if (!isPowerOf2(size))
      return emitOpError() << "cluster size " << size << " is not a power of two";
  }
  uint32_t stride = getClusterStrideAttr() ? uint32_t(getClusterStrideAttr().getInt()) : 1;
  if (stride != 1 && !clusterSize)
    return emitOpError() << "cluster stride can only be specified if cluster size is specified";
  if (!isPowerOf2(stride))
    return emitOpError() << "cluster stride " << stride << " is not a power of two";
  return success();
}

//===----------------------------------------------------------------------===//
// Other verifiers
//===----------------------------------------------------------------------===//

LogicalResult RotateOp::verify() {
  uint32_t offset = uint32_t(getOffsetAttr().getInt());
  uint32_t width = uint32_t(getWidthAttr().getInt());
  if (offset >= width)
    return emitOpError() << "offset must be in the range [0, " << width << ")";
  return success();
}

LogicalResult GPUModuleOp::verify() {
  // No attribute of Lamina implements TargetAttrVerifyInterface.
  return success();
}

static Type elementTypeOrSelf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

/// MLIR's verifyCompatibleShape for two shaped types.
static bool compatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb || !sa.hasRank() || !sb.hasRank())
    return true;
  if (sa.getRank() != sb.getRank())
    return false;
  for (int64_t i = 0; i < sa.getRank(); ++i) {
    int64_t x = sa.getShape()[i], y = sb.getShape()[i];
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  }
  return true;
}

LogicalResult MemcpyOp::verify() {
  Type srcType = getSrc().getType(), dstType = getDst().getType();
  if (elementTypeOrSelf(srcType) != elementTypeOrSelf(dstType))
    return emitOpError("arguments have incompatible element type");
  if (!compatibleShapes(srcType, dstType))
    return emitOpError("arguments have incompatible shape");
  return success();
}

LogicalResult AllocOp::verify() {
  auto memRefType = cast<MemRefType>(getMemref().getType());
  if (int64_t(getDynamicSizes().size()) != memRefType.getNumDynamicDims())
    return emitOpError("dimension operand count does not equal memref dynamic dimension count");
  unsigned numSymbols = 0;
  AffineMap layout = memRefType.getLayoutMap();
  if (layout && !layout.isIdentity())
    numSymbols = layout.getNumSymbols();
  if (getSymbolOperands().size() != numSymbols)
    return emitOpError("symbol operand count does not equal memref symbol count");
  return success();
}

/// MemRefType::isLastDimUnitStride.
static bool isLastDimUnitStride(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  return succeeded(memref::getStridesAndOffset(type, strides, offset)) && (strides.empty() || strides.back() == 1);
}

LogicalResult SubgroupMmaLoadMatrixOp::verify() {
  auto srcType = cast<MemRefType>(getSrcMemref().getType());
  auto resType = cast<MMAMatrixType>(getRes().getType());
  if (!isLastDimUnitStride(srcType))
    return emitError("expected source memref most minor dim must have unit stride");
  std::string_view operand = resType.getOperand();
  if (operand != "AOp" && operand != "BOp" && operand != "COp")
    return emitError("only AOp, BOp and COp can be loaded");
  return success();
}

LogicalResult SubgroupMmaStoreMatrixOp::verify() {
  auto srcType = cast<MMAMatrixType>(getSrc().getType());
  auto dstType = cast<MemRefType>(getDstMemref().getType());
  if (!isLastDimUnitStride(dstType))
    return emitError("expected destination memref most minor dim must have unit stride");
  if (srcType.getOperand() != "COp")
    return emitError("expected the operand matrix being stored to have 'COp' operand type");
  return success();
}

LogicalResult SubgroupMmaComputeOp::verify() {
  auto a = cast<MMAMatrixType>(getOpA().getType());
  auto b = cast<MMAMatrixType>(getOpB().getType());
  auto c = cast<MMAMatrixType>(getOpC().getType());
  if (a.getOperand() != "AOp" || b.getOperand() != "BOp" || c.getOperand() != "COp")
    return emitError("operands must be in the order AOp, BOp, COp");
  ArrayRef<int64_t> aShape = a.getShape(), bShape = b.getShape(), cShape = c.getShape();
  if (aShape[1] != bShape[0] || aShape[0] != cShape[0] || bShape[1] != cShape[1])
    return emitError("operand shapes do not satisfy matmul constraints");
  return success();
}

LogicalResult DynamicSharedMemoryOp::verify() {
  bool inSymbolTable = false;
  for (Operation *parent = getOperation()->getParentOp(); parent && !inSymbolTable; parent = parent->getParentOp())
    inSymbolTable = parent->hasTrait<OpTrait::SymbolTable>();
  if (!inSymbolTable)
    return emitOpError() << "must be inside an op with symbol table";
  auto memrefType = cast<MemRefType>(getOperation()->getResult(0).getType());
  if (!GPUDialect::isWorkgroupMemoryAddressSpace(memrefType.getMemorySpace()))
    return emitOpError() << "address space must be address_space<workgroup>";
  if (memrefType.hasStaticShape())
    return emitOpError() << "result memref type must be memref<?xi8, #gpu.address_space<workgroup>>";
  return success();
}

LogicalResult SubgroupBroadcastOp::verify() {
  if (getBroadcastTypeAttr().getValue() == BroadcastType::first_active_lane) {
    if (getLane())
      return emitOpError() << "lane can only be specified for `specific_lane` broadcast";
    return success();
  }
  if (!getLane())
    return emitOpError() << "lane must be specified for `specific_lane` broadcast";
  return success();
}

Speculation::Speculatability SubgroupBroadcastOp::getSpeculatability() {
  if (getBroadcastTypeAttr() && getBroadcastTypeAttr().getValue() == BroadcastType::specific_lane)
    return Speculation::Speculatable;
  return Speculation::NotSpeculatable;
}

//===----------------------------------------------------------------------===//
// Result names of the id ops: `%block_dim_x`, `%thread_id_y`...
//===----------------------------------------------------------------------===//

template <typename OpTy>
static void setIndexOpResultName(OpTy op, function_ref<void(Value, std::string_view)> setNameFn) {
  std::string_view opName = OpTy::getOperationName();
  opName.remove_prefix(4);   // "gpu."
  DimensionAttr dim = op.getDimensionAttr();
  if (!dim)
    return;
  std::string name(opName);
  name += '_';
  name += getDimensionInfo().stringify(uint64_t(dim.getValue()));
  setNameFn(op.getOperation()->getResult(0), name);
}

void ClusterDimOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void ClusterDimBlocksOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void ClusterIdOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void ClusterBlockIdOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void BlockDimOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void BlockIdOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void GridDimOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void ThreadIdOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}
void GlobalIdOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setIndexOpResultName(*this, setNameFn);
}

//===----------------------------------------------------------------------===//
// gpu.warp_execute_on_lane_0
//===----------------------------------------------------------------------===//

void WarpExecuteOnLane0Op::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << '(';
  p.printOperand(getLaneid());
  p << ')';
  p << '[' << (long long)getWarpSizeAttr().getInt() << ']';
  if (!getArgs().empty()) {
    p << " args(";
    printOperandList(p, getArgs());
    p << " : ";
    printTypeList(p, getArgs().getTypes());
    p << ')';
  }
  if (op->getNumResults() != 0) {
    p << " -> (";
    printTypeList(p, op->getResultTypes());
    p << ')';
  }
  p << ' ';
  p.printRegion(getWarpRegion(), /*printEntryBlockArgs=*/true, /*printBlockTerminators=*/op->getNumResults() != 0);
  p.printOptionalAttrDict(op->getAttrs(), {"warp_size"});
}

ParseResult WarpExecuteOnLane0Op::parse(OpAsmParser &parser, OperationState &result) {
  Region *warpRegion = result.addRegion();
  Builder b = parser.getBuilder();
  OpAsmParser::UnresolvedOperand laneId;
  if (parser.parseLParen() || parser.parseOperand(laneId, /*allowResultNumber=*/false) || parser.parseRParen())
    return failure();
  int64_t warpSize = 0;
  if (parser.parseLSquare() || parser.parseInteger(warpSize) || parser.parseRSquare())
    return failure();
  result.addAttribute("warp_size", b.getI64IntegerAttr(warpSize));
  if (parser.resolveOperand(laneId, IndexType::get(parser.getContext()), result.operands))
    return failure();
  SMLoc inputsLoc;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs;
  SmallVector<Type, 4> inputTypes;
  if (succeeded(parser.parseOptionalKeyword("args"))) {
    if (parser.parseLParen())
      return failure();
    inputsLoc = parser.getCurrentLocation();
    if (parser.parseOperandList(inputs) || parser.parseColonTypeList(inputTypes) || parser.parseRParen())
      return failure();
  }
  if (parser.resolveOperands(inputs, ArrayRef<Type>(inputTypes.data(), inputTypes.size()), inputsLoc,
                             result.operands))
    return failure();
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();
  if (parser.parseRegion(*warpRegion))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*warpRegion, result.location, "gpu.yield");
  return parser.parseOptionalAttrDict(result.attributes);
}

void WarpExecuteOnLane0Op::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(getOperation()));
    return;
  }
  regions.push_back(RegionSuccessor(&getWarpRegion()));
}

/// Whether `distributed` is `expanded` (or a vector distributed from it
/// over `warpSize` lanes); else fails with MLIR's message.
static LogicalResult verifyDistributedType(Type expanded, Type distributed, int64_t warpSize, Operation *op) {
  if (expanded == distributed)
    return success();
  auto expandedVecType = dyn_cast<VectorType>(expanded);
  auto distributedVecType = dyn_cast<VectorType>(distributed);
  if (!expandedVecType || !distributedVecType)
    return op->emitOpError("expected vector type for distributed operands.");
  if (expandedVecType.getRank() != distributedVecType.getRank() ||
      expandedVecType.getElementType() != distributedVecType.getElementType())
    return op->emitOpError("expected distributed vectors to have same rank and element type.");
  int64_t scale = 1;
  for (int64_t i = 0, e = expandedVecType.getRank(); i < e; ++i) {
    int64_t eDim = expandedVecType.getDimSize(i);
    int64_t dDim = distributedVecType.getDimSize(i);
    if (eDim == dDim)
      continue;
    if (dDim == 0 || eDim % dDim != 0)
      return op->emitOpError() << "expected expanded vector dimension #" << i << " (" << eDim
                               << ") to be a multipler of the distributed vector dimension (" << dDim << ")";
    scale *= eDim / dDim;
  }
  // MLIR accumulates the scales into an int (std::accumulate with an int
  // initial value).
  if (int(scale) != warpSize)
    return op->emitOpError() << "incompatible distribution dimensions from " << Type(expandedVecType) << " to "
                             << Type(distributedVecType) << " with warp size = " << warpSize;
  return success();
}

bool WarpExecuteOnLane0Op::areTypesCompatible(Type lhs, Type rhs) {
  // Without diagnostics: the same checks as verifyDistributedType.
  if (lhs == rhs)
    return true;
  auto e = dyn_cast<VectorType>(lhs), d = dyn_cast<VectorType>(rhs);
  if (!e || !d || e.getRank() != d.getRank() || e.getElementType() != d.getElementType())
    return false;
  int64_t scale = 1;
  for (int64_t i = 0; i < e.getRank(); ++i) {
    int64_t eDim = e.getDimSize(i), dDim = d.getDimSize(i);
    if (eDim == dDim)
      continue;
    if (dDim == 0 || eDim % dDim != 0)
      return false;
    scale *= eDim / dDim;
  }
  return int(scale) == getWarpSizeAttr().getInt();
}

LogicalResult WarpExecuteOnLane0Op::verify() {
  Operation *op = getOperation();
  Region &region = getWarpRegion();
  unsigned numRegionArgs = region.empty() ? 0 : region.front().getNumArguments();
  if (getArgs().size() != numRegionArgs)
    return emitOpError("expected same number op arguments and block arguments.");
  Operation *terminator = region.empty() || region.front().empty() ? nullptr : &region.front().back();
  if (!terminator || !isa<YieldOp>(terminator))
    return success();   // SingleBlockImplicitTerminator reports it
  if (terminator->getNumOperands() != op->getNumResults())
    return emitOpError("expected same number of yield operands and return values.");
  int64_t warpSize = getWarpSizeAttr().getInt();
  OperandRange args = getArgs();
  for (unsigned i = 0; i < args.size(); ++i)
    if (failed(verifyDistributedType(region.front().getArgument(i).getType(), args[i].getType(), warpSize, op)))
      return failure();
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (failed(verifyDistributedType(terminator->getOperand(i).getType(), op->getResult(i).getType(), warpSize, op)))
      return failure();
  return success();
}
