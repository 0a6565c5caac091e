//===- MLProgramOps.cpp - What the ml_program dialect writes by hand ------===//
//
// As mlir/lib/Dialect/MLProgram/IR/MLProgramOps.cpp: the custom directives
// (TokenOrdering, TypedInitialValue, SymbolVisibility), the function-like
// syntax of ml_program.func/subgraph, the verifiers, the symbol-use checks of
// the global accesses and their result names.
//
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"

#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

using namespace lamina;
using namespace lamina::ml_program;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `ordering(%0, %1 -> !ml_program.token)`, `ordering(() -> ...)`, or
/// nothing when there is neither a consumed nor a produced token.
static ParseResult parseTokenOrdering(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &consumeTokens = *args[0]->operands;
  SmallVectorImpl<Type> &produceTokenType = *args[1]->types;
  if (failed(parser.parseOptionalKeyword("ordering")) || failed(parser.parseLParen()))
    return success();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseRParen()))
      return failure();
  } else if (failed(parser.parseOperandList(consumeTokens))) {
    return failure();
  }
  Type type;
  if (failed(parser.parseArrow()) || failed(parser.parseType(type)) || failed(parser.parseRParen()))
    return failure();
  produceTokenType.push_back(type);
  return success();
}

static void printTokenOrdering(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange consumeTokens = args[0].operands;
  Type produceTokenType = args[1].types.empty() ? Type() : args[1].types[0];
  if (consumeTokens.empty() && !produceTokenType)
    return;
  p << " ordering(";
  if (consumeTokens.empty()) {
    p << "()";
  } else {
    for (size_t i = 0; i < consumeTokens.size(); ++i) {
      if (i)
        p << ", ";
      p.printOperand(consumeTokens[i]);
    }
  }
  if (produceTokenType) {
    p << " -> ";
    p.printType(produceTokenType);
  }
  p << ")";
}

ods::CustomDirective ml_program::getTokenOrderingDirective() {
  return {"TokenOrdering", parseTokenOrdering, printTokenOrdering, nullptr};
}

/// `(dense<0> : tensor<3xi32>) : tensor<?xi32>` or `: tensor<3xi32>`.
static ParseResult parseTypedInitialValue(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  Attribute &typeAttr = *args[0]->attr;
  Attribute &value = *args[1]->attr;
  if (succeeded(parser.parseOptionalLParen()))
    if (failed(parser.parseAttribute(value)) || failed(parser.parseRParen()))
      return failure();
  Type type;
  if (failed(parser.parseColonType(type)))
    return failure();
  typeAttr = TypeAttr::get(type);
  return success();
}

static void printTypedInitialValue(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (Attribute value = args[1].attr) {
    p << "(";
    p.printAttribute(value);
    p << ")";
  }
  p << " : ";
  p.printAttribute(args[0].attr);
}

ods::CustomDirective ml_program::getTypedInitialValueDirective() {
  return {"TypedInitialValue", parseTypedInitialValue, printTypedInitialValue, nullptr};
}

/// `public`, `private` or `nested` (required).
static ParseResult parseSymbolVisibility(OpAsmParser &parser, OperationState &,
                                         ArrayRef<ods::CustomParseArg *> args) {
  std::string_view visibility;
  (void)parser.parseOptionalKeyword(&visibility, {"public", "private", "nested"});
  if (visibility.empty())
    return parser.emitError(parser.getCurrentLocation()) << "expected 'public', 'private', or 'nested'";
  *args[0]->attr = parser.getBuilder().getStringAttr(visibility);
  return success();
}

static void printSymbolVisibility(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto visibility = dyn_cast_or_null<StringAttr>(args[0].attr))
    p << visibility.getValue();
  else
    p << "public";
}

ods::CustomDirective ml_program::getSymbolVisibilityDirective() {
  return {"SymbolVisibility", parseSymbolVisibility, printSymbolVisibility, nullptr};
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, state, /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

RegionKind FuncOp::getRegionKind(unsigned) { return RegionKind::SSACFG; }

ParseResult SubgraphOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void SubgraphOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, state, /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

/// The name and function type of the function-like op enclosing `op`.
static FunctionType enclosingFunctionType(Operation *parent) {
  auto typeAttr = dyn_cast_or_null<TypeAttr>(ods::getInherentAttr(parent, "function_type"));
  return typeAttr ? dyn_cast<FunctionType>(typeAttr.getValue()) : FunctionType();
}

static std::string_view enclosingFunctionName(Operation *parent) {
  auto name = dyn_cast_or_null<StringAttr>(ods::getInherentAttr(parent, "sym_name"));
  return name ? name.getValue() : std::string_view();
}

/// ReturnOp/OutputOp::verify: the operands match the enclosing function's
/// results (`verb` is "returns"/"outputs", `noun` "return"/"output").
static LogicalResult verifyTerminatorOperands(Operation *op, std::string_view verb, std::string_view noun) {
  Operation *function = op->getParentOp();
  FunctionType type = enclosingFunctionType(function);
  if (!type)
    return success();
  ArrayRef<Type> results = type.getResults();
  if (op->getNumOperands() != results.size())
    return op->emitOpError("has ") << op->getNumOperands() << " operands, but enclosing function (@"
                                   << enclosingFunctionName(function) << ") " << verb << " "
                                   << (unsigned long)results.size();
  for (unsigned i = 0; i < results.size(); ++i)
    if (op->getOperand(i).getType() != results[i])
      return op->emitError() << "type of " << noun << " operand " << i << " (" << op->getOperand(i).getType()
                             << ") doesn't match function result type (" << results[i] << ")"
                             << " in function @" << enclosingFunctionName(function);
  return success();
}

LogicalResult OutputOp::verify() { return verifyTerminatorOperands(state, "outputs", "output"); }
LogicalResult ReturnOp::verify() { return verifyTerminatorOperands(state, "returns", "return"); }

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify() {
  if (!getIsMutable() && !getValueAttr())
    return emitOpError() << "immutable global must have an initial value";
  return success();
}

/// The global a load/store refers to, or null.
static GlobalOp lookupGlobal(Operation *op, SymbolRefAttr global, SymbolTableCollection &symbolTable) {
  if (!global)
    return GlobalOp();
  return symbolTable.lookupNearestSymbolFrom<GlobalOp>(op->getParentOp(), global);
}

/// The type a global holds.
static Type globalType(GlobalOp global) {
  TypeAttr type = global.getTypeAttr();
  return type ? type.getValue() : Type();
}

/// The checks of global_load/global_load_graph (and global_load_const with
/// `constant`).
static LogicalResult verifyLoad(Operation *op, SymbolRefAttr globalAttr, Type resultType, bool constant,
                                SymbolTableCollection &symbolTable) {
  GlobalOp referrent = lookupGlobal(op, globalAttr, symbolTable);
  if (!referrent)
    return op->emitOpError() << "undefined global: " << globalAttr;
  if (constant && referrent.getIsMutable())
    return op->emitOpError() << "cannot load as const from mutable global " << globalAttr;
  if (globalType(referrent) != resultType)
    return op->emitOpError() << "cannot load from global typed " << globalType(referrent) << " as " << resultType;
  return success();
}

/// The checks of global_store/global_store_graph.
static LogicalResult verifyStore(Operation *op, SymbolRefAttr globalAttr, Type valueType,
                                 SymbolTableCollection &symbolTable) {
  GlobalOp referrent = lookupGlobal(op, globalAttr, symbolTable);
  if (!referrent)
    return op->emitOpError() << "undefined global: " << globalAttr;
  if (!referrent.getIsMutable())
    return op->emitOpError() << "cannot store to an immutable global " << globalAttr;
  if (globalType(referrent) != valueType)
    return op->emitOpError() << "cannot store to a global typed " << globalType(referrent) << " from "
                             << valueType;
  return success();
}

LogicalResult GlobalLoadOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyLoad(op, GlobalLoadOp(op).getGlobalAttr(), op->getResult(0).getType(), false, symbolTable);
}
LogicalResult GlobalLoadConstOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyLoad(op, GlobalLoadConstOp(op).getGlobalAttr(), op->getResult(0).getType(), true, symbolTable);
}
LogicalResult GlobalLoadGraphOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyLoad(op, GlobalLoadGraphOp(op).getGlobalAttr(), op->getResult(0).getType(), false, symbolTable);
}
LogicalResult GlobalStoreOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyStore(op, GlobalStoreOp(op).getGlobalAttr(), op->getOperand(0).getType(), symbolTable);
}
LogicalResult GlobalStoreGraphOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyStore(op, GlobalStoreGraphOp(op).getGlobalAttr(), op->getOperand(0).getType(), symbolTable);
}

/// `%name = ml_program.global_load @name : ...`: the global's leaf name.
void GlobalLoadOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (SymbolRefAttr global = getGlobalAttr())
    setNameFn(state->getResult(0), global.getLeafReference().getValue());
}
void GlobalLoadConstOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (SymbolRefAttr global = getGlobalAttr())
    setNameFn(state->getResult(0), global.getLeafReference().getValue());
}
