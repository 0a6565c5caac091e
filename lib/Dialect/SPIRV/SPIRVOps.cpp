//===- SPIRVOps.cpp - What the spirv dialect writes by hand ----------------===//
//
// As mlir/lib/Dialect/SPIRV/IR/SPIRVOps.cpp, MemoryOps.cpp and
// ControlFlowOps.cpp: the custom syntax of spirv.module, spirv.func,
// spirv.GlobalVariable, spirv.Variable, spirv.Load/Store, spirv.Constant,
// spirv.EntryPoint, spirv.ExecutionMode, spirv.SpecConstant,
// spirv.BranchConditional, spirv.mlir.loop/selection, the composite and
// extended arithmetic ops and the GL clamps, their verifiers with MLIR's
// messages, result names and the branch interfaces. The hooks not written
// yet are in SPIRVOpsUnimplemented.cpp.
//
#include "lamina/Dialect/SPIRV/SPIRVDialect.h"

#include "SPIRVParsingUtils.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Support/RawOstream.h"

#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::spirv;
using namespace lamina::spirv::detail;

//===----------------------------------------------------------------------===//
// Parsing helpers (SPIRVParsingUtils.h)
//===----------------------------------------------------------------------===//

// The enum attributes the hand-written syntax builds and reads.
#define SPIRV_HANDWRITTEN_ENUMS(X)                                                                                    \
  X(AddressingModel) X(MemoryModel) X(FunctionControl) X(StorageClass) X(ExecutionModel) X(ExecutionMode)            \
  X(MemoryAccess) X(LoopControl) X(SelectionControl) X(ImageOperands)

/// The spirv enum attribute of `info`'s enum holding `value`.
Attribute spirv::detail::buildEnumAttr(const ods::EnumInfo &info, MLIRContext *ctx, uint64_t value) {
#define X(NAME)                                                                                                       \
  if (&info == &get##NAME##Info())                                                                                    \
    return NAME##Attr::get(ctx, NAME(value));
  SPIRV_HANDWRITTEN_ENUMS(X)
#undef X
  return Attribute();
}

/// The value of a spirv enum attribute (0 if `attr` is none).
uint64_t spirv::detail::enumAttrValue(Attribute attr) {
#define X(NAME)                                                                                                       \
  if (auto a = dyn_cast_or_null<NAME##Attr>(attr))                                                                    \
    return uint64_t(a.getValue());
  SPIRV_HANDWRITTEN_ENUMS(X)
#undef X
  return 0;
}

/// A keyword naming a case of `info`: "invalid <attrName> attribute
/// specification: <kw>" otherwise.
ParseResult spirv::detail::parseEnumKeyword(OpAsmParser &parser, const ods::EnumInfo &info, std::string_view attrName,
                                    uint64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<uint64_t> v = info.symbolize(keyword);
  if (!v)
    return parser.emitError(loc, "invalid ") << attrName << " attribute specification: " << keyword;
  value = *v;
  return success();
}

/// A string naming a case of `info` (`"Function"`).
ParseResult spirv::detail::parseEnumStr(OpAsmParser &parser, const ods::EnumInfo &info, std::string_view attrName,
                                uint64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr, NoneType::get(parser.getContext())))
    return failure();
  auto str = dyn_cast<StringAttr>(attr);
  if (!str)
    return parser.emitError(loc, "expected ") << attrName << " attribute specified as string";
  std::optional<uint64_t> v = info.symbolize(str.getValue());
  if (!v)
    return parser.emitError(loc, "invalid ") << attrName << " attribute specification: " << attr;
  value = *v;
  return success();
}

/// parseEnumStr, then the enum attribute added as `attrName`.
ParseResult spirv::detail::parseEnumStrAttr(OpAsmParser &parser, OperationState &result, const ods::EnumInfo &info,
                                    std::string_view attrName, uint64_t &value) {
  if (parseEnumStr(parser, info, attrName, value))
    return failure();
  result.addAttribute(attrName, buildEnumAttr(info, parser.getContext(), value));
  return success();
}

static std::string stringifyEnum(const ods::EnumInfo &info, Attribute attr) {
  return attr ? info.stringify(enumAttrValue(attr)) : std::string();
}

/// ` bind(set, binding)` or ` built_in("...")`, then an attribute dictionary.
static ParseResult parseVariableDecorations(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalKeyword("bind"))) {
    Type i32 = IntegerType::get(parser.getContext(), 32);
    Attribute set, binding;
    if (parser.parseLParen() || parser.parseAttribute(set, i32) || parser.parseComma() ||
        parser.parseAttribute(binding, i32) || parser.parseRParen())
      return failure();
    result.addAttribute("descriptor_set", set);
    result.addAttribute("binding", binding);
  } else if (succeeded(parser.parseOptionalKeyword("built_in"))) {
    StringAttr builtIn;
    if (parser.parseLParen() || parser.parseAttribute(builtIn) || parser.parseRParen())
      return failure();
    result.addAttribute("built_in", builtIn);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

static void printVariableDecorations(Operation *op, OpAsmPrinter &p, std::vector<std::string_view> &elided) {
  auto set = dyn_cast_or_null<IntegerAttr>(op->getAttr("descriptor_set"));
  auto binding = dyn_cast_or_null<IntegerAttr>(op->getAttr("binding"));
  if (set && binding) {
    elided.push_back("descriptor_set");
    elided.push_back("binding");
    p << " bind(" << set.getInt() << ", " << binding.getInt() << ")";
  }
  if (auto builtIn = dyn_cast_or_null<StringAttr>(op->getAttr("built_in"))) {
    p << " built_in(\"" << builtIn.getValue() << "\")";
    elided.push_back("built_in");
  }
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

//===----------------------------------------------------------------------===//
// spirv.module
//===----------------------------------------------------------------------===//

ParseResult spirv::ModuleOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *body = result.addRegion();
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name)))
    result.addAttribute("sym_name", name);
  uint64_t addressing = 0, memory = 0;
  if (parseEnumKeyword(parser, getAddressingModelInfo(), "addressing_model", addressing))
    return failure();
  result.addAttribute("addressing_model", buildEnumAttr(getAddressingModelInfo(), parser.getContext(), addressing));
  if (parseEnumKeyword(parser, getMemoryModelInfo(), "memory_model", memory))
    return failure();
  result.addAttribute("memory_model", buildEnumAttr(getMemoryModelInfo(), parser.getContext(), memory));
  if (succeeded(parser.parseOptionalKeyword("requires"))) {
    VerCapExtAttr triple;
    if (parser.parseAttribute(triple))
      return failure();
    result.addAttribute("vce_triple", triple);
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) || parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->push_back(new Block());
  return success();
}

void spirv::ModuleOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  if (StringAttr name = getSymNameAttr()) {
    p << ' ';
    p.printSymbolName(name.getValue());
  }
  p << ' ' << stringifyEnum(getAddressingModelInfo(), getAddressingModelAttr()) << ' '
    << stringifyEnum(getMemoryModelInfo(), getMemoryModelAttr());
  std::vector<std::string_view> elided = {"addressing_model", "memory_model", "sym_name"};
  if (Attribute triple = getVceTripleAttr()) {
    p << " requires ";
    p.printAttribute(triple);
    elided.push_back("vce_triple");
  }
  p.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
  p << ' ';
  p.printRegion(op->getRegion(0));
}

LogicalResult spirv::ModuleOp::verifyRegions() {
  Operation *op = getOperation();
  Dialect *dialect = op->getDialect();
  std::vector<std::pair<std::pair<Operation *, uint64_t>, Operation *>> entryPoints;
  SymbolTable table(op);
  for (Operation &nested : op->getRegion(0).front()) {
    if (nested.getDialect() != dialect)
      return nested.emitError("'spirv.module' can only contain spirv.* ops");
    if (auto entryPoint = dyn_cast<EntryPointOp>(&nested)) {
      FlatSymbolRefAttr fnRef = entryPoint.getFnAttr();
      Operation *fn = fnRef ? table.lookup(fnRef.getValue()) : nullptr;
      if (!fn || !isa<FuncOp>(fn))
        return entryPoint.emitError("function '") << (fnRef ? fnRef.getValue() : "") << "' not found in 'spirv.module'";
      if (ArrayAttr interface = entryPoint.getInterfaceAttr()) {
        for (Attribute varRef : interface) {
          auto varSym = dyn_cast<FlatSymbolRefAttr>(varRef);
          if (!varSym)
            return entryPoint.emitError("expected symbol reference for interface specification instead of '")
                   << varRef;
          Operation *var = table.lookup(varSym.getValue());
          if (!var || !isa<GlobalVariableOp>(var))
            return entryPoint.emitError("expected spirv.GlobalVariable symbol reference instead of'") << varSym << "'";
        }
      }
      uint64_t model = enumAttrValue(entryPoint.getExecutionModelAttr());
      for (auto &seen : entryPoints)
        if (seen.first.first == fn && seen.first.second == model)
          return entryPoint.emitError("duplicate of a previous EntryPointOp");
      entryPoints.push_back({{fn, model}, &nested});
    } else if (auto func = dyn_cast<FuncOp>(&nested)) {
      auto linkage = func.getLinkageAttributesAttr();
      bool hasImportLinkage =
          linkage && linkage.getLinkageType() && linkage.getLinkageType().getValue() == LinkageType::Import;
      if (func.getBody().empty() && !hasImportLinkage)
        return nested.emitError(
            "'spirv.module' cannot contain external functions without 'Import' linkage_attributes "
            "(LinkageAttributes)");
      for (Block &block : func.getBody())
        for (Operation &inner : block)
          if (inner.getDialect() != dialect)
            return inner.emitError("functions in 'spirv.module' can only contain spirv.* ops");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// spirv.func
//===----------------------------------------------------------------------===//

ParseResult spirv::FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  std::vector<OpAsmParser::Argument> entryArgs;
  std::vector<DictionaryAttr> resultAttrs;
  SmallVector<Type> resultTypes;
  Builder b(parser.getContext());
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes))
    return failure();
  bool isVariadic = false;
  if (function_interface_impl::parseFunctionSignatureWithArguments(parser, /*allowVariadic=*/false, entryArgs,
                                                                   isVariadic, resultTypes, resultAttrs))
    return failure();
  std::vector<Type> argTypes;
  for (const OpAsmParser::Argument &arg : entryArgs)
    argTypes.push_back(arg.type);
  result.addAttribute("function_type", TypeAttr::get(b.getFunctionType(argTypes, resultTypes)));
  uint64_t control = 0;
  if (parseEnumStrAttr(parser, result, getFunctionControlInfo(), "function_control", control))
    return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  std::vector<DictionaryAttr> argAttrs;
  for (const OpAsmParser::Argument &arg : entryArgs)
    argAttrs.push_back(arg.attrs);
  function_interface_impl::addArgAndResultAttrs(b, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");
  Region *body = result.addRegion();
  std::optional<ParseResult> r = parser.parseOptionalRegion(*body, entryArgs);
  return failure(r.has_value() && failed(*r));
}

void spirv::FuncOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printSymbolName(getSymNameAttr().getValue());
  auto fnType = cast<FunctionType>(getFunctionTypeAttr().getValue());
  function_interface_impl::printFunctionSignature(p, op, fnType.getInputs(), /*isVariadic=*/false,
                                                  fnType.getResults(), "arg_attrs", "res_attrs");
  p << " \"" << stringifyEnum(getFunctionControlInfo(), getFunctionControlAttr()) << "\"";
  p.printOptionalAttrDictWithKeyword(op->getAttrs(), {"function_control", "function_type", "arg_attrs",
                                                      "res_attrs", "sym_name", "sym_visibility"});
  Region &body = op->getRegion(0);
  if (!body.empty()) {
    p << ' ';
    p.printRegion(body, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
  }
}

LogicalResult spirv::FuncOp::verifyType() {
  auto fnType = dyn_cast_or_null<FunctionType>(getFunctionTypeAttr() ? getFunctionTypeAttr().getValue() : Type());
  if (!fnType)
    return success();
  if (fnType.getNumResults() > 1)
    return emitOpError("cannot have more than one result");
  // Whether argument `i` carries `spirv.decoration = #spirv.decoration<d>`.
  lamina::ArrayAttr argAttrs = getArgAttrsAttr();
  auto hasDecoration = [&](Decoration decoration, unsigned i) {
    if (!argAttrs || i >= argAttrs.size())
      return false;
    auto dict = dyn_cast<DictionaryAttr>(argAttrs[i]);
    if (!dict)
      return false;
    for (NamedAttribute attr : dict.getValue()) {
      if (attr.getNameStr() != "spirv.decoration")
        continue;
      if (auto dec = dyn_cast<DecorationAttr>(attr.getValue()))
        return dec.getValue() == decoration;
    }
    return false;
  };
  ArrayRef<Type> inputs = fnType.getInputs();
  for (unsigned i = 0, e = unsigned(inputs.size()); i != e; ++i) {
    auto inputPtrType = dyn_cast<PointerType>(inputs[i]);
    if (!inputPtrType)
      continue;
    if (auto pointeePtrType = dyn_cast<PointerType>(inputPtrType.getPointeeType())) {
      if (pointeePtrType.getStorageClass() != StorageClass::PhysicalStorageBuffer)
        continue;
      if (!hasDecoration(Decoration::AliasedPointer, i) && !hasDecoration(Decoration::RestrictPointer, i))
        return emitOpError() << "with a pointer points to a physical buffer pointer must be decorated either "
                                "'AliasedPointer' or 'RestrictPointer'";
      continue;
    }
    PointerType ptrType = inputPtrType;
    if (auto array = dyn_cast<ArrayType>(inputPtrType.getPointeeType()))
      ptrType = dyn_cast<PointerType>(array.getElementType());
    if (!ptrType || ptrType.getStorageClass() != StorageClass::PhysicalStorageBuffer)
      continue;
    if (!hasDecoration(Decoration::Aliased, i) && !hasDecoration(Decoration::Restrict, i))
      return emitOpError() << "with physical buffer pointer must be decorated either 'Aliased' or 'Restrict'";
  }
  return success();
}

LogicalResult spirv::FuncOp::verifyBody() {
  auto fnType = cast<FunctionType>(getFunctionTypeAttr().getValue());
  // The nested ops in pre-order, without recursion.
  std::vector<Operation *> worklist;
  for (Block &block : getBody())
    for (Operation &op : block)
      worklist.push_back(&op);
  std::reverse(worklist.begin(), worklist.end());
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    if (auto ret = dyn_cast<ReturnOp>(op)) {
      if (fnType.getNumResults() != 0)
        return ret.emitOpError("cannot be used in functions returning value");
    } else if (auto ret = dyn_cast<ReturnValueOp>(op)) {
      if (fnType.getNumResults() != 1)
        return ret.emitOpError("returns 1 value but enclosing function requires ")
               << fnType.getNumResults() << " results";
      Type operandType = op->getOperand(0).getType();
      Type resultType = fnType.getResults()[0];
      if (operandType != resultType)
        return ret.emitOpError(" return value's type (")
               << operandType << ") mismatch with function's result type (" << resultType << ")";
    }
    size_t mark = worklist.size();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          worklist.push_back(&nested);
    std::reverse(worklist.begin() + mark, worklist.end());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// spirv.GlobalVariable, spirv.Variable
//===----------------------------------------------------------------------===//

ParseResult spirv::GlobalVariableOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("initializer"))) {
    FlatSymbolRefAttr init;
    if (parser.parseLParen() || parser.parseAttribute(init) || parser.parseRParen())
      return failure();
    result.addAttribute("initializer", init);
  }
  if (parseVariableDecorations(parser, result))
    return failure();
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseColonType(type))
    return failure();
  if (!isa<PointerType>(type))
    return parser.emitError(loc, "expected spirv.ptr type");
  result.addAttribute("type", TypeAttr::get(type));
  return success();
}

void spirv::GlobalVariableOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  std::vector<std::string_view> elided = {"storage_class", "sym_name"};
  p << ' ';
  p.printSymbolName(getSymNameAttr().getValue());
  if (auto init = dyn_cast_or_null<FlatSymbolRefAttr>(op->getAttr("initializer"))) {
    p << " initializer(";
    p.printSymbolName(init.getValue());
    p << ')';
    elided.push_back("initializer");
  }
  elided.push_back("type");
  printVariableDecorations(op, p, elided);
  p << " : " << getTypeAttr().getValue();
}

LogicalResult spirv::GlobalVariableOp::verify() {
  auto ptrType = dyn_cast<PointerType>(getTypeAttr().getValue());
  if (!ptrType)
    return emitOpError("result must be of a !spv.ptr type");
  StorageClass storageClass = ptrType.getStorageClass();
  if (storageClass == StorageClass::Generic || storageClass == StorageClass::Function)
    return emitOpError("storage class cannot be '") << getStorageClassInfo().stringify(uint64_t(storageClass))
                                                    << "'";
  if (auto init = dyn_cast_or_null<FlatSymbolRefAttr>(getOperation()->getAttr("initializer"))) {
    Operation *initOp = SymbolTable::lookupNearestSymbolFrom(getOperation()->getParentOp(), init);
    if (!initOp || !isa<GlobalVariableOp, SpecConstantOp, SpecConstantCompositeOp>(initOp))
      return emitOpError("initializer must be result of a spirv.SpecConstant or "
                         "spirv.SpecConstantCompositeOp op");
  }
  return success();
}

ParseResult spirv::VariableOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<OpAsmParser::UnresolvedOperand> init;
  if (succeeded(parser.parseOptionalKeyword("init"))) {
    init.emplace();
    if (parser.parseLParen() || parser.parseOperand(*init) || parser.parseRParen())
      return failure();
  }
  if (parseVariableDecorations(parser, result))
    return failure();
  Type type;
  if (parser.parseColon())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  auto ptrType = dyn_cast<PointerType>(type);
  if (!ptrType)
    return parser.emitError(loc, "expected spirv.ptr type");
  result.addTypes(ArrayRef<Type>(type));
  if (init && parser.resolveOperand(*init, ptrType.getPointeeType(), result.operands))
    return failure();
  result.addAttribute("storage_class",
                      buildEnumAttr(getStorageClassInfo(), parser.getContext(), uint64_t(ptrType.getStorageClass())));
  return success();
}

void spirv::VariableOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  std::vector<std::string_view> elided = {"storage_class"};
  if (op->getNumOperands() != 0) {
    p << " init(";
    p.printOperand(op->getOperand(0));
    p << ")";
  }
  printVariableDecorations(op, p, elided);
  p << " : " << op->getResult(0).getType();
}

LogicalResult spirv::VariableOp::verify() {
  Operation *op = getOperation();
  auto ptrType = cast<PointerType>(op->getResult(0).getType());
  uint64_t storageClass = enumAttrValue(op->getInherentAttr("storage_class"));
  if (storageClass != uint64_t(StorageClass::Function))
    return emitOpError("can only be used to model function-level variables. Use spirv.GlobalVariable for "
                       "module-level variables.");
  if (uint64_t(ptrType.getStorageClass()) != storageClass)
    return emitOpError("storage class must match result pointer's storage class");
  if (op->getNumOperands() != 0) {
    Operation *initOp = op->getOperand(0).getDefiningOp();
    if (!initOp || !isa<ConstantOp, ReferenceOfOp, AddressOfOp>(initOp))
      return emitOpError("initializer must be the result of a constant or spirv.GlobalVariable op");
  }
  for (std::string_view name : {"descriptor_set", "binding", "built_in"})
    if (op->getAttr(name))
      return emitOpError("cannot have '") << name << "' attribute (only allowed in spirv.GlobalVariable)";
  return verifyPhysicalStorageBufferDecorations(op, ptrType.getPointeeType());
}

//===----------------------------------------------------------------------===//
// spirv.Load, spirv.Store
//===----------------------------------------------------------------------===//

/// ` ["Volatile"]`, ` ["Aligned", 4]`.
ParseResult spirv::detail::parseMemoryAccessAttributes(OpAsmParser &parser, OperationState &result,
                                                       std::string_view accessName, std::string_view alignmentName) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  uint64_t access = 0;
  if (parseEnumStrAttr(parser, result, getMemoryAccessInfo(), accessName, access))
    return failure();
  if (access & uint64_t(MemoryAccess::Aligned)) {
    Attribute alignment;
    if (parser.parseComma() || parser.parseAttribute(alignment, IntegerType::get(parser.getContext(), 32)))
      return failure();
    result.addAttribute(alignmentName, alignment);
  }
  return parser.parseRSquare();
}

void spirv::detail::printMemoryAccessAttribute(Operation *op, OpAsmPrinter &p, std::vector<std::string_view> &elided,
                                               std::string_view accessName, std::string_view alignmentName) {
  if (Attribute access = op->getAttr(accessName)) {
    elided.push_back(accessName);
    uint64_t value = enumAttrValue(access);
    p << " [\"" << getMemoryAccessInfo().stringify(value) << "\"";
    if (value & uint64_t(MemoryAccess::Aligned)) {
      if (auto alignment = dyn_cast_or_null<IntegerAttr>(op->getAttr(alignmentName))) {
        elided.push_back(alignmentName);
        p << ", " << alignment.getInt();
      }
    }
    p << "]";
  }
  elided.push_back("storage_class");
}

ParseResult spirv::LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t storageClass = 0;
  OpAsmParser::UnresolvedOperand ptr;
  Type elementType;
  if (parseEnumStr(parser, getStorageClassInfo(), "storage_class", storageClass) || parser.parseOperand(ptr) ||
      detail::parseMemoryAccessAttributes(parser, result) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColon() || parser.parseType(elementType))
    return failure();
  Type ptrType = PointerType::get(elementType, StorageClass(storageClass));
  if (parser.resolveOperand(ptr, ptrType, result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(elementType));
  return success();
}

void spirv::LoadOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  std::vector<std::string_view> elided;
  auto ptrType = cast<PointerType>(op->getOperand(0).getType());
  p << " \"" << getStorageClassInfo().stringify(uint64_t(ptrType.getStorageClass())) << "\" ";
  p.printOperand(op->getOperand(0));
  detail::printMemoryAccessAttribute(op, p, elided);
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " : " << op->getResult(0).getType();
}

/// The pointee of `ptr` must be `value`'s type.
static LogicalResult verifyLoadStorePtrAndValTypes(Operation *op, Value ptr, Value val) {
  if (val.getType() != cast<PointerType>(ptr.getType()).getPointeeType())
    return op->emitOpError("mismatch in result type and pointer type");
  return success();
}

/// An `alignment` only with the Aligned memory access.
LogicalResult spirv::detail::verifyMemoryAccessAttribute(Operation *op, std::string_view accessName,
                                                         std::string_view alignmentName) {
  Attribute access = op->getAttr(accessName);
  if (!access) {
    if (op->getAttr(alignmentName))
      return op->emitOpError("invalid alignment specification without aligned memory access specification");
    return success();
  }
  uint64_t value = enumAttrValue(access);
  bool aligned = value & uint64_t(MemoryAccess::Aligned);
  Attribute alignment = op->getAttr(alignmentName);
  if (aligned && !alignment)
    return op->emitOpError("missing alignment value");
  if (!aligned && alignment)
    return op->emitOpError("invalid alignment specification with non-aligned memory access specification");
  return success();
}

LogicalResult spirv::LoadOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyLoadStorePtrAndValTypes(op, op->getOperand(0), op->getResult(0))))
    return failure();
  return detail::verifyMemoryAccessAttribute(op);
}

ParseResult spirv::StoreOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t storageClass = 0;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SMLoc loc = parser.getCurrentLocation();
  Type elementType;
  if (parseEnumStr(parser, getStorageClassInfo(), "storage_class", storageClass) ||
      parser.parseOperandList(operands, 2) || detail::parseMemoryAccessAttributes(parser, result) || parser.parseColon() ||
      parser.parseType(elementType))
    return failure();
  Type ptrType = PointerType::get(elementType, StorageClass(storageClass));
  std::vector<Type> types = {ptrType, elementType};
  return parser.resolveOperands(operands, ArrayRef<Type>(types), loc, result.operands);
}

void spirv::StoreOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  std::vector<std::string_view> elided;
  auto ptrType = cast<PointerType>(op->getOperand(0).getType());
  p << " \"" << getStorageClassInfo().stringify(uint64_t(ptrType.getStorageClass())) << "\" ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  detail::printMemoryAccessAttribute(op, p, elided);
  p << " : " << op->getOperand(1).getType();
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

LogicalResult spirv::StoreOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyLoadStorePtrAndValTypes(op, op->getOperand(0), op->getOperand(1))))
    return failure();
  return detail::verifyMemoryAccessAttribute(op);
}

//===----------------------------------------------------------------------===//
// spirv.Constant, spirv.mlir.addressof
//===----------------------------------------------------------------------===//

ParseResult spirv::ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  if (parser.parseAttribute(value))
    return failure();
  result.addAttribute("value", value);
  Type type = NoneType::get(parser.getContext());
  if (auto typed = dyn_cast<TypedAttr>(value))
    type = typed.getType();
  if (isa<NoneType, TensorType>(type) && parser.parseColonType(type))
    return failure();
  result.addTypes(ArrayRef<Type>(type));
  return success();
}

void spirv::ConstantOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printAttribute(getValueAttr());
  if (isa<ArrayType>(op->getResult(0).getType()))
    p << " : " << op->getResult(0).getType();
}

static LogicalResult verifyConstantType(Operation *op, Attribute value, Type opType) {
  if (isa<IntegerAttr, FloatAttr>(value)) {
    Type valueType = cast<TypedAttr>(value).getType();
    if (valueType != opType)
      return op->emitOpError("result type (") << opType << ") does not match value type (" << valueType << ")";
    return success();
  }
  if (isa<DenseIntOrFPElementsAttr, SparseElementsAttr>(value)) {
    Type valueType = cast<TypedAttr>(value).getType();
    if (valueType == opType)
      return success();
    auto arrayType = dyn_cast<ArrayType>(opType);
    auto shapedType = dyn_cast<ShapedType>(valueType);
    if (!arrayType)
      return op->emitOpError("result or element type (")
             << opType << ") does not match value type (" << valueType << "), must be the same or spirv.array";
    int64_t numElements = arrayType.getNumElements();
    Type opElemType = arrayType.getElementType();
    while (auto t = dyn_cast<ArrayType>(opElemType)) {
      numElements *= t.getNumElements();
      opElemType = t.getElementType();
    }
    if (!opElemType.isIntOrFloat())
      return op->emitOpError("only support nested array result type");
    Type valueElemType = shapedType.getElementType();
    if (valueElemType != opElemType)
      return op->emitOpError("result element type (")
             << opElemType << ") does not match value element type (" << valueElemType << ")";
    if (numElements != shapedType.getNumElements())
      return op->emitOpError("result number of elements (")
             << numElements << ") does not match value number of elements (" << shapedType.getNumElements() << ")";
    return success();
  }
  if (auto arrayAttr = dyn_cast<lamina::ArrayAttr>(value)) {
    auto arrayType = dyn_cast<ArrayType>(opType);
    if (!arrayType)
      return op->emitOpError("must have spirv.array result type for array value");
    // Nested arrays: an explicit worklist instead of recursion.
    std::vector<std::pair<Attribute, Type>> worklist;
    for (Attribute element : arrayAttr)
      worklist.push_back({element, arrayType.getElementType()});
    std::reverse(worklist.begin(), worklist.end());
    while (!worklist.empty()) {
      auto [element, elemType] = worklist.back();
      worklist.pop_back();
      if (auto nested = dyn_cast<lamina::ArrayAttr>(element)) {
        auto nestedType = dyn_cast<ArrayType>(elemType);
        if (!nestedType)
          return op->emitOpError("must have spirv.array result type for array value");
        size_t mark = worklist.size();
        for (Attribute e : nested)
          worklist.push_back({e, nestedType.getElementType()});
        std::reverse(worklist.begin() + mark, worklist.end());
        continue;
      }
      if (isa<lamina::ArrayAttr>(element) || failed(verifyConstantType(op, element, elemType)))
        return failure();
    }
    return success();
  }
  return op->emitOpError("cannot have attribute: ") << value;
}

LogicalResult spirv::ConstantOp::verify() {
  return verifyConstantType(getOperation(), getValueAttr(), getOperation()->getResult(0).getType());
}

void spirv::ConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  Value result = getOperation()->getResult(0);
  Type type = result.getType();
  std::string name;
  raw_string_ostream os(name);
  os << "cst";
  auto intTy = dyn_cast<IntegerType>(type);
  if (auto intCst = dyn_cast<IntegerAttr>(getValueAttr())) {
    if (intTy && intTy.getWidth() == 1)
      return setNameFn(result, intCst.getValue().isZero() ? "false" : "true");
    if (!intTy || intTy.isSignless())
      os << intCst.getInt();
    else if (intTy.isUnsigned())
      os << intCst.getUInt();
    else
      os << intCst.getSInt();
  }
  if (intTy || isa<FloatType>(type))
    os << '_' << type;
  if (auto vecType = dyn_cast<VectorType>(type)) {
    os << "_vec_" << vecType.getDimSize(0);
    Type elementType = vecType.getElementType();
    if (isa<IntegerType, FloatType>(elementType))
      os << "x" << elementType;
  }
  os.flush();
  setNameFn(result, name);
}

void spirv::AddressOfOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  std::string name;
  raw_string_ostream os(name);
  os << getVariableAttr().getValue() << "_addr";
  os.flush();
  setNameFn(getOperation()->getResult(0), name);
}

LogicalResult spirv::AddressOfOp::verify() {
  Operation *op = getOperation();
  auto var = dyn_cast_or_null<GlobalVariableOp>(
      SymbolTable::lookupNearestSymbolFrom(op->getParentOp(), getVariableAttr()));
  if (!var)
    return emitOpError("expected spirv.GlobalVariable symbol");
  if (op->getResult(0).getType() != var.getTypeAttr().getValue())
    return emitOpError("result type mismatch with the referenced global variable's type");
  return success();
}

//===----------------------------------------------------------------------===//
// spirv.EntryPoint, spirv.ExecutionMode, spirv.SpecConstant
//===----------------------------------------------------------------------===//

ParseResult spirv::EntryPointOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t model = 0;
  FlatSymbolRefAttr fn;
  if (parseEnumStrAttr(parser, result, getExecutionModelInfo(), "execution_model", model) ||
      parser.parseAttribute(fn))
    return failure();
  result.addAttribute("fn", fn);
  std::vector<Attribute> interfaceVars;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          FlatSymbolRefAttr var;
          if (parser.parseAttribute(var))
            return failure();
          interfaceVars.push_back(var);
          return success();
        }))
      return failure();
  }
  result.addAttribute("interface", lamina::ArrayAttr::get(parser.getContext(), interfaceVars));
  return success();
}

void spirv::EntryPointOp::print(OpAsmPrinter &p) {
  p << " \"" << stringifyEnum(getExecutionModelInfo(), getExecutionModelAttr()) << "\" ";
  p.printSymbolName(getFnAttr().getValue());
  lamina::ArrayAttr interfaceVars = getInterfaceAttr();
  if (interfaceVars && !interfaceVars.empty()) {
    p << ", ";
    bool first = true;
    for (Attribute var : interfaceVars) {
      if (!first)
        p << ", ";
      first = false;
      p.printAttribute(var);
    }
  }
}

LogicalResult spirv::EntryPointOp::verify() { return success(); }

ParseResult spirv::ExecutionModeOp::parse(OpAsmParser &parser, OperationState &result) {
  FlatSymbolRefAttr fn;
  uint64_t mode = 0;
  if (parser.parseAttribute(fn))
    return failure();
  result.addAttribute("fn", fn);
  if (parseEnumStrAttr(parser, result, getExecutionModeInfo(), "execution_mode", mode))
    return failure();
  Builder b(parser.getContext());
  std::vector<Attribute> values;
  Type i32 = b.getIntegerType(32);
  while (succeeded(parser.parseOptionalComma())) {
    Attribute value;
    if (parser.parseAttribute(value, i32))
      return failure();
    values.push_back(b.getI32IntegerAttr(int32_t(cast<IntegerAttr>(value).getInt())));
  }
  result.addAttribute("values", b.getArrayAttr(values));
  return success();
}

void spirv::ExecutionModeOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getFnAttr().getValue());
  p << " \"" << stringifyEnum(getExecutionModeInfo(), getExecutionModeAttr()) << "\"";
  lamina::ArrayAttr values = getValuesAttr();
  if (!values || values.empty())
    return;
  p << ", ";
  bool first = true;
  for (Attribute a : values) {
    if (!first)
      p << ", ";
    first = false;
    p << cast<IntegerAttr>(a).getInt();
  }
}

ParseResult spirv::SpecConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("spec_id"))) {
    IntegerAttr specId;
    if (parser.parseLParen() || parser.parseAttribute(specId) || parser.parseRParen())
      return failure();
    result.addAttribute("spec_id", specId);
  }
  Attribute value;
  if (parser.parseEqual() || parser.parseAttribute(value))
    return failure();
  result.addAttribute("default_value", value);
  return success();
}

void spirv::SpecConstantOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printSymbolName(getSymNameAttr().getValue());
  if (auto specId = dyn_cast_or_null<IntegerAttr>(op->getAttr("spec_id")))
    p << " spec_id(" << specId.getInt() << ')';
  p << " = ";
  p.printAttribute(op->getAttr("default_value"));
}

LogicalResult spirv::SpecConstantOp::verify() {
  Operation *op = getOperation();
  if (auto specId = dyn_cast_or_null<IntegerAttr>(op->getAttr("spec_id")))
    if (specId.getValue().isNegative())
      return emitOpError("SpecId cannot be negative");
  Attribute value = op->getAttr("default_value");
  if (isa<IntegerAttr, FloatAttr>(value)) {
    // A SPIR-V scalar: a 1/8/16/32/64-bit integer or a 16/32/64-bit float.
    Type type = cast<TypedAttr>(value).getType();
    bool valid = type.isF16() || type.isF32() || type.isF64();
    if (auto intType = dyn_cast<IntegerType>(type)) {
      unsigned w = intType.getWidth();
      valid = w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
    }
    if (!valid)
      return emitOpError("default value bitwidth disallowed");
    return success();
  }
  return emitOpError("default value can only be a bool, integer, or float scalar");
}

//===----------------------------------------------------------------------===//
// Extended arithmetic, GL clamps, composites
//===----------------------------------------------------------------------===//

static ParseResult parseArithmeticExtendedBinaryOp(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseOperandList(operands) || parser.parseColon())
    return failure();
  Type resultType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(resultType))
    return failure();
  auto structType = dyn_cast<StructType>(resultType);
  if (!structType || structType.getNumElements() != 2)
    return parser.emitError(loc, "expected spirv.struct type with two members");
  std::vector<Type> operandTypes(2, structType.getElementType(0));
  if (parser.resolveOperands(operands, ArrayRef<Type>(operandTypes), loc, result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(resultType));
  return success();
}

static void printArithmeticExtendedBinaryOp(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printOptionalAttrDict(op->getAttrs());
  p.printOperands(op->getOperands());
  p << " : " << op->getResult(0).getType();
}

static LogicalResult verifyArithmeticExtendedBinaryOp(Operation *op) {
  auto resultType = cast<StructType>(op->getResult(0).getType());
  if (resultType.getNumElements() != 2)
    return op->emitOpError("expected result struct type containing two members");
  Type t = op->getOperand(0).getType();
  if (op->getOperand(1).getType() != t || resultType.getElementType(0) != t || resultType.getElementType(1) != t)
    return op->emitOpError("expected all operand types and struct member types are the same");
  return success();
}

#define SPIRV_EXTENDED_BINARY_OP(CLASS)                                                                               \
  ParseResult spirv::CLASS::parse(OpAsmParser &parser, OperationState &result) {                                     \
    return parseArithmeticExtendedBinaryOp(parser, result);                                                           \
  }                                                                                                                   \
  void spirv::CLASS::print(OpAsmPrinter &p) { printArithmeticExtendedBinaryOp(getOperation(), p); }                   \
  LogicalResult spirv::CLASS::verify() { return verifyArithmeticExtendedBinaryOp(getOperation()); }
SPIRV_EXTENDED_BINARY_OP(IAddCarryOp)
SPIRV_EXTENDED_BINARY_OP(ISubBorrowOp)
SPIRV_EXTENDED_BINARY_OP(SMulExtendedOp)
SPIRV_EXTENDED_BINARY_OP(UMulExtendedOp)
#undef SPIRV_EXTENDED_BINARY_OP

static ParseResult parseOneResultSameOperandTypeOp(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> ops;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(ops) || parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColon() || parser.parseType(type))
      return failure();
    auto fnType = dyn_cast<FunctionType>(type);
    if (!fnType)
      return parser.emitError(loc, "expected function type");
    if (parser.resolveOperands(ops, fnType.getInputs(), loc, result.operands))
      return failure();
    result.addTypes(fnType.getResults());
    return success();
  }
  if (parser.parseOperandList(ops) || parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type) ||
      parser.resolveOperands(ops, type, result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(type));
  return success();
}

static void printOneResultOp(Operation *op, OpAsmPrinter &p) {
  Type resultType = op->getResult(0).getType();
  for (Value operand : op->getOperands())
    if (operand.getType() != resultType) {
      p.printGenericOp(op, /*printOpName=*/false);
      return;
    }
  p << ' ';
  p.printOperands(op->getOperands());
  p.printOptionalAttrDict(op->getAttrs());
  p << " : " << resultType;
}

#define SPIRV_ONE_RESULT_OP(CLASS)                                                                                    \
  ParseResult spirv::CLASS::parse(OpAsmParser &parser, OperationState &result) {                                     \
    return parseOneResultSameOperandTypeOp(parser, result);                                                           \
  }                                                                                                                   \
  void spirv::CLASS::print(OpAsmPrinter &p) { printOneResultOp(getOperation(), p); }
SPIRV_ONE_RESULT_OP(GLFClampOp)
SPIRV_ONE_RESULT_OP(GLUClampOp)
SPIRV_ONE_RESULT_OP(GLSClampOp)
SPIRV_ONE_RESULT_OP(GLFmaOp)
#undef SPIRV_ONE_RESULT_OP

/// The element type `indices` select in `type`; null after an error.
static Type getCompositeElementType(Type type, Attribute indices,
                                    function_ref<InFlightDiagnostic(std::string_view)> emitErrorFn) {
  auto indicesArray = dyn_cast_or_null<lamina::ArrayAttr>(indices);
  if (!indicesArray)
    return (void)emitErrorFn("expected a 32-bit integer array attribute for 'indices'"), Type();
  if (indicesArray.empty())
    return (void)emitErrorFn("expected at least one index for spirv.CompositeExtract"), Type();
  std::vector<int32_t> indexVals;
  for (Attribute indexAttr : indicesArray) {
    auto indexInt = dyn_cast<IntegerAttr>(indexAttr);
    if (!indexInt)
      return (void)(emitErrorFn("expected an 32-bit integer for index, but found '") << indexAttr << "'"), Type();
    indexVals.push_back(int32_t(indexInt.getInt()));
  }
  for (int32_t index : indexVals) {
    std::optional<uint64_t> numElements;
    Type elementType;
    if (auto vec = dyn_cast<VectorType>(type)) {
      numElements = uint64_t(vec.getNumElements());
      elementType = vec.getElementType();
    } else if (auto arr = dyn_cast<ArrayType>(type)) {
      numElements = arr.getNumElements();
      elementType = arr.getElementType();
    } else if (auto st = dyn_cast<StructType>(type)) {
      numElements = st.getNumElements();
      if (index >= 0 && uint64_t(index) < *numElements)
        elementType = st.getElementType(unsigned(index));
    } else if (auto mat = dyn_cast<MatrixType>(type)) {
      numElements = mat.getNumColumns();
      elementType = mat.getColumnType();
    } else if (auto rt = dyn_cast<RuntimeArrayType>(type)) {
      elementType = rt.getElementType();
    } else if (auto coop = dyn_cast<CooperativeMatrixType>(type)) {
      elementType = coop.getElementType();
    } else {
      return (void)(emitErrorFn("cannot extract from non-composite type ") << type << " with index " << index),
             Type();
    }
    if (numElements && (index < 0 || uint64_t(index) >= *numElements))
      return (void)(emitErrorFn("index ") << index << " out of bounds for " << type), Type();
    type = elementType;
  }
  return type;
}

ParseResult spirv::CompositeExtractOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand composite;
  Attribute indices;
  Type compositeType;
  if (parser.parseOperand(composite))
    return failure();
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(indices))
    return failure();
  result.addAttribute("indices", indices);
  if (parser.parseColonType(compositeType) || parser.resolveOperand(composite, compositeType, result.operands))
    return failure();
  Type resultType = getCompositeElementType(
      compositeType, indices, [&](std::string_view msg) { return parser.emitError(attrLoc, msg); });
  if (!resultType)
    return failure();
  result.addTypes(ArrayRef<Type>(resultType));
  return success();
}

void spirv::CompositeExtractOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printOperand(op->getOperand(0));
  p.printAttribute(op->getAttr("indices"));
  p << " : " << op->getOperand(0).getType();
}

LogicalResult spirv::CompositeExtractOp::verify() {
  Operation *op = getOperation();
  Type resultType = getCompositeElementType(op->getOperand(0).getType(), op->getAttr("indices"),
                                            [&](std::string_view msg) { return lamina::emitError(op->getLoc(), msg); });
  if (!resultType)
    return failure();
  if (resultType != op->getResult(0).getType())
    return emitOpError("invalid result type: expected ")
           << resultType << " but provided " << op->getResult(0).getType();
  return success();
}

ParseResult spirv::CompositeInsertOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  Type objectType, compositeType;
  Attribute indices;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, 2) || parser.parseAttribute(indices))
    return failure();
  result.addAttribute("indices", indices);
  if (parser.parseColonType(objectType) || parser.parseKeyword("into") || parser.parseType(compositeType))
    return failure();
  std::vector<Type> types = {objectType, compositeType};
  if (parser.resolveOperands(operands, ArrayRef<Type>(types), loc, result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(compositeType));
  return success();
}

void spirv::CompositeInsertOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << " ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  p.printAttribute(op->getAttr("indices"));
  p << " : " << op->getOperand(0).getType() << " into " << op->getOperand(1).getType();
}

LogicalResult spirv::CompositeInsertOp::verify() {
  Operation *op = getOperation();
  Type objectType = getCompositeElementType(op->getOperand(1).getType(), op->getAttr("indices"),
                                            [&](std::string_view msg) { return lamina::emitError(op->getLoc(), msg); });
  if (!objectType)
    return failure();
  if (objectType != op->getOperand(0).getType())
    return emitOpError("object operand type should be ") << objectType << ", but found "
                                                         << op->getOperand(0).getType();
  if (op->getOperand(1).getType() != op->getResult(0).getType())
    return emitOpError("result type should be the same as the composite type, but found ")
           << op->getOperand(1).getType() << " vs " << op->getResult(0).getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// The operands of operand group `group` of an AttrSizedOperandSegments op.
static MutableOperandRange operandGroupMutable(Operation *op, unsigned group) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return MutableOperandRange(op, start, length, {"operandSegmentSizes", group});
}

SuccessorOperands spirv::BranchOp::getSuccessorOperands(unsigned) {
  return SuccessorOperands(MutableOperandRange(getOperation()));
}

SuccessorOperands spirv::BranchConditionalOp::getSuccessorOperands(unsigned index) {
  return SuccessorOperands(operandGroupMutable(getOperation(), index == 0 ? 1 : 2));
}

SuccessorOperands spirv::SwitchOp::getSuccessorOperands(unsigned index) {
  Operation *op = getOperation();
  if (index == 0)
    return SuccessorOperands(operandGroupMutable(op, 1));
  auto [casesStart, casesLength] = ods::getODSOperandIndexAndLength(op, 2);
  ArrayRef<int32_t> sizes = getCaseOperandSegments();
  unsigned start = 0;
  for (unsigned i = 0; i + 1 < index && i < sizes.size(); ++i)
    start += unsigned(sizes[i]);
  unsigned length = index - 1 < sizes.size() ? unsigned(sizes[index - 1]) : 0;
  (void)casesLength;
  return SuccessorOperands(MutableOperandRange(op, casesStart + start, length, {"operandSegmentSizes", 2}));
}

ParseResult spirv::BranchConditionalOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder b(parser.getContext());
  OpAsmParser::UnresolvedOperand cond;
  if (parser.parseOperand(cond) || parser.resolveOperand(cond, b.getI1Type(), result.operands))
    return failure();
  if (succeeded(parser.parseOptionalLSquare())) {
    Type i32 = b.getIntegerType(32);
    Attribute trueWeight, falseWeight;
    if (parser.parseAttribute(trueWeight, i32) || parser.parseComma() || parser.parseAttribute(falseWeight, i32) ||
        parser.parseRSquare())
      return failure();
    std::vector<Attribute> weights = {trueWeight, falseWeight};
    result.addAttribute("branch_weights", b.getArrayAttr(weights));
  }
  Block *dest = nullptr;
  SmallVector<Value, 4> trueOperands, falseOperands;
  if (parser.parseComma() || parser.parseSuccessorAndUseList(dest, trueOperands))
    return failure();
  result.addSuccessors(dest);
  for (Value v : trueOperands)
    result.operands.push_back(v);
  if (parser.parseComma() || parser.parseSuccessorAndUseList(dest, falseOperands))
    return failure();
  result.addSuccessors(dest);
  for (Value v : falseOperands)
    result.operands.push_back(v);
  std::vector<int32_t> sizes = {1, int32_t(trueOperands.size()), int32_t(falseOperands.size())};
  result.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(parser.getContext(), sizes));
  return success();
}

void spirv::BranchConditionalOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printOperand(getCondition());
  if (lamina::ArrayAttr weights = getBranchWeightsAttr()) {
    p << " [";
    bool first = true;
    for (Attribute a : weights) {
      if (!first)
        p << ", ";
      first = false;
      p << cast<IntegerAttr>(a).getInt();
    }
    p << "]";
  }
  p << ", ";
  p.printSuccessorAndUseList(op->getSuccessor(0), getTrueTargetOperands());
  p << ", ";
  p.printSuccessorAndUseList(op->getSuccessor(1), getFalseTargetOperands());
}

LogicalResult spirv::BranchConditionalOp::verify() {
  if (lamina::ArrayAttr weights = getBranchWeightsAttr()) {
    if (weights.size() != 2)
      return emitOpError("must have exactly two branch weights");
    bool allZero = true;
    for (Attribute a : weights)
      allZero &= cast<IntegerAttr>(a).getValue().isZero();
    if (allZero)
      return emitOpError("branch weights cannot both be zero");
  }
  return success();
}

/// ` control(Kind)`, or the `None` case added.
static ParseResult parseControlAttribute(OpAsmParser &parser, OperationState &result, const ods::EnumInfo &info,
                                         std::string_view attrName) {
  uint64_t value = 0;
  if (succeeded(parser.parseOptionalKeyword("control"))) {
    if (parser.parseLParen() || parseEnumKeyword(parser, info, attrName, value) || parser.parseRParen())
      return failure();
  }
  result.addAttribute(attrName, buildEnumAttr(info, parser.getContext(), value));
  return success();
}

static ParseResult parseStructuredControlFlow(OpAsmParser &parser, OperationState &result,
                                              const ods::EnumInfo &info, std::string_view attrName) {
  if (parseControlAttribute(parser, result, info, attrName))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) && parser.parseTypeList(result.types))
    return failure();
  return parser.parseRegion(*result.addRegion());
}

static void printStructuredControlFlow(Operation *op, OpAsmPrinter &p, const ods::EnumInfo &info,
                                       std::string_view attrName) {
  uint64_t control = enumAttrValue(op->getAttr(attrName));
  if (control != 0)
    p << " control(" << info.stringify(control) << ")";
  if (op->getNumResults() > 0) {
    p << " -> ";
    bool first = true;
    for (Value r : op->getResults()) {
      if (!first)
        p << ", ";
      first = false;
      p << r.getType();
    }
  }
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
}

ParseResult spirv::LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseStructuredControlFlow(parser, result, getLoopControlInfo(), "loop_control");
}

void spirv::LoopOp::print(OpAsmPrinter &p) {
  printStructuredControlFlow(getOperation(), p, getLoopControlInfo(), "loop_control");
}

ParseResult spirv::SelectionOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseStructuredControlFlow(parser, result, getSelectionControlInfo(), "selection_control");
}

void spirv::SelectionOp::print(OpAsmPrinter &p) {
  printStructuredControlFlow(getOperation(), p, getSelectionControlInfo(), "selection_control");
}


//===----------------------------------------------------------------------===//
// Calls and graphs
//===----------------------------------------------------------------------===//

LogicalResult spirv::FunctionCallOp::verifySymbolUses(Operation *op, SymbolTableCollection &) {
  FunctionCallOp call(op);
  FlatSymbolRefAttr callee = call.getCalleeAttr();
  auto funcOp = dyn_cast_or_null<FuncOp>(SymbolTable::lookupNearestSymbolFrom(op->getParentOp(), callee));
  if (!funcOp)
    return call.emitOpError("callee function '") << callee.getValue() << "' not found in nearest symbol table";
  auto fnType = cast<FunctionType>(funcOp.getFunctionTypeAttr().getValue());
  auto resultTypes = op->getResultTypes();
  if (op->getNumResults() > 1)
    return call.emitOpError("expected callee function to have 0 or 1 result, but provided ") << op->getNumResults();
  if (fnType.getNumInputs() != op->getNumOperands())
    return call.emitOpError("has incorrect number of operands for callee: expected ")
           << fnType.getNumInputs() << ", but provided " << op->getNumOperands();
  for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
    if (op->getOperand(i).getType() != fnType.getInputs()[i])
      return call.emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInputs()[i] << ", but provided " << op->getOperand(i).getType() << " for operand number "
             << i;
  if (fnType.getNumResults() != op->getNumResults())
    return call.emitOpError("has incorrect number of results has for callee: expected ")
           << fnType.getNumResults() << ", but provided " << op->getNumResults();
  if (op->getNumResults() && resultTypes[0] != fnType.getResults()[0])
    return call.emitOpError("result type mismatch: expected ")
           << fnType.getResults()[0] << ", but provided " << resultTypes[0];
  return success();
}

ArrayRef<Type> spirv::GraphARMOp::getArgumentTypes() { return {}; }
ArrayRef<Type> spirv::GraphARMOp::getResultTypes() { return {}; }

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// ` ["Bias", ...]`: the optional image operands.
static ParseResult parseImageOperands(OpAsmParser &parser, OperationState &state,
                                      ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  uint64_t value = 0;
  if (parseEnumStr(parser, getImageOperandsInfo(), "image_operands", value) || parser.parseRSquare())
    return failure();
  (void)state;
  *args[0]->attr = buildEnumAttr(getImageOperandsInfo(), parser.getContext(), value);
  return success();
}

static void printImageOperands(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (Attribute attr = args[0].attr)
    p << " [\"" << getImageOperandsInfo().stringify(enumAttrValue(attr)) << "\"]";
}

ods::CustomDirective spirv::getImageOperandsDirective() {
  return {"ImageOperands", parseImageOperands, printImageOperands, nullptr};
}

// Verified by the enclosing spirv.func (returns) and verifySymbolUses
// (calls), as in MLIR.
LogicalResult spirv::ReturnOp::verify() { return success(); }
LogicalResult spirv::ReturnValueOp::verify() { return success(); }
LogicalResult spirv::FunctionCallOp::verify() { return success(); }
