//===- AsyncOps.cpp - What the async dialect writes by hand ---------------===//
//
// As mlir/lib/Dialect/Async/IR/Async.cpp: `!async.value<T>`, the syntax of
// async.execute (`[%deps] (%v as %x: !async.value<T>) -> (...) { ... }`) and
// async.func, the AwaitResultType directive, the verifiers (await's result,
// execute's body arguments, func's results, return's operands) and
// async.call's symbol check.
//
#include "lamina/Dialect/Async/AsyncDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionImplementation.h"

using namespace lamina;
using namespace lamina::async;

//===----------------------------------------------------------------------===//
// The dialect
//===----------------------------------------------------------------------===//

AsyncDialect::AsyncDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AsyncDialect>()) {
  registerGenerated();
}

AsyncDialect::~AsyncDialect() = default;

Type AsyncDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void AsyncDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

/// `<T>`.
Type ValueType::parse(AsmParser &parser) {
  Type ty;
  if (failed(parser.parseLess()) || failed(parser.parseType(ty)) || failed(parser.parseGreater())) {
    (void)parser.emitError(parser.getNameLoc(), "failed to parse async value type");
    return Type();
  }
  return ValueType::get(ty.getContext(), ty);
}

void ValueType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printType(getValueType());
  printer << '>';
}

/// The value type of an `!async.value<T>`, else the type itself.
static Type unwrapValueType(Type type) {
  if (auto value = dyn_cast<ValueType>(type))
    return value.getValueType();
  return type;
}

//===----------------------------------------------------------------------===//
// async.execute
//===----------------------------------------------------------------------===//

OperandRange ExecuteOp::getEntrySuccessorOperands(RegionSuccessor) { return getBodyOperands(); }

bool ExecuteOp::areTypesCompatible(Type lhs, Type rhs) { return unwrapValueType(lhs) == unwrapValueType(rhs); }

void ExecuteOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  // The body yields the values (not the token) back to the parent.
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), ValueRange(getBodyResults())));
    return;
  }
  Region &body = getBodyRegion();
  regions.push_back(RegionSuccessor(&body, body.empty() ? ValueRange() : ValueRange(body.front().getArguments())));
}

void ExecuteOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  OperandRange deps = getDependencies();
  if (!deps.empty()) {
    p << " [";
    for (unsigned i = 0; i < deps.size(); ++i) {
      if (i)
        p << ", ";
      p.printOperand(deps[i]);
    }
    p << "]";
  }
  OperandRange operands = getBodyOperands();
  if (!operands.empty()) {
    p << " (";
    Block *entry = getBodyRegion().empty() ? nullptr : &getBodyRegion().front();
    for (unsigned i = 0; i < operands.size(); ++i) {
      if (i)
        p << ", ";
      p.printOperand(operands[i]);
      p << " as ";
      if (entry && i < entry->getNumArguments())
        p.printOperand(entry->getArgument(i));
      else
        p << "<<NULL VALUE>>";
      p << ": ";
      p.printType(operands[i].getType());
    }
    p << ")";
  }
  SmallVector<Type, 4> resultTypes;
  for (unsigned i = 1; i < op->getNumResults(); ++i)
    resultTypes.push_back(op->getResult(i).getType());
  p.printOptionalArrowTypeList(resultTypes);
  p.printOptionalAttrDictWithKeyword(op->getAttrs(), {"operandSegmentSizes"});
  p << ' ';
  p.printRegion(getBodyRegion(), /*printEntryBlockArgs=*/false);
}

ParseResult ExecuteOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = result.getContext();
  Type tokenTy = TokenType::get(ctx);
  int32_t numDependencies = 0;

  if (succeeded(parser.parseOptionalLSquare())) {
    SmallVector<OpAsmParser::UnresolvedOperand, 4> tokenArgs;
    if (failed(parser.parseOperandList(tokenArgs)) ||
        failed(parser.resolveOperands(tokenArgs, tokenTy, result.operands)) || failed(parser.parseRSquare()))
      return failure();
    numDependencies = int32_t(tokenArgs.size());
  }

  // `%value as %unwrapped : !async.value<!type>`, ...
  SmallVector<OpAsmParser::UnresolvedOperand, 4> valueArgs;
  std::vector<OpAsmParser::Argument> unwrappedArgs;
  SmallVector<Type, 4> valueTypes;
  auto parseAsyncValueArg = [&]() -> ParseResult {
    valueArgs.emplace_back();
    unwrappedArgs.emplace_back();
    valueTypes.emplace_back();
    if (failed(parser.parseOperand(valueArgs.back())) || failed(parser.parseKeyword("as")) ||
        failed(parser.parseArgument(unwrappedArgs.back())) || failed(parser.parseColonType(valueTypes.back())))
      return failure();
    auto valueTy = dyn_cast<ValueType>(valueTypes.back());
    unwrappedArgs.back().type = valueTy ? valueTy.getValueType() : Type();
    return success();
  };
  SMLoc argsLoc = parser.getCurrentLocation();
  if (failed(parser.parseCommaSeparatedList(OpAsmParser::Delimiter::OptionalParen, parseAsyncValueArg)) ||
      failed(parser.resolveOperands(valueArgs, ArrayRef<Type>(valueTypes.data(), valueTypes.size()), argsLoc,
                                    result.operands)))
    return failure();

  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, {numDependencies, int32_t(valueArgs.size())}));

  SmallVector<Type, 4> resultTypes;
  NamedAttrList attrs;
  if (failed(parser.parseOptionalArrowTypeList(resultTypes)))
    return failure();
  result.types.push_back(tokenTy);
  for (Type t : resultTypes)
    result.types.push_back(t);
  if (failed(parser.parseOptionalAttrDictWithKeyword(attrs)))
    return failure();
  for (const NamedAttribute &a : attrs)
    result.attributes.append(a);

  Region *body = result.addRegion();
  return parser.parseRegion(*body, unwrappedArgs);
}

LogicalResult ExecuteOp::verifyRegions() {
  OperandRange operands = getBodyOperands();
  Region &body = getBodyRegion();
  bool matches = !body.empty() && body.front().getNumArguments() == operands.size();
  for (unsigned i = 0; matches && i < operands.size(); ++i) {
    auto valueTy = dyn_cast<ValueType>(operands[i].getType());
    if (!valueTy || body.front().getArgument(i).getType() != valueTy.getValueType())
      matches = false;
  }
  if (!matches && !(body.empty() && operands.empty()))
    return emitOpError("async body region argument types do not match the execute operation arguments types");
  return success();
}

//===----------------------------------------------------------------------===//
// async.await
//===----------------------------------------------------------------------===//

/// `type($operand)`, the result being the unwrapped value type (if any).
static ParseResult parseAwaitResultType(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type operandType;
  if (failed(parser.parseType(operandType)))
    return failure();
  args[0]->types->push_back(operandType);
  if (auto valueType = dyn_cast<ValueType>(operandType))
    args[1]->types->push_back(valueType.getValueType());
  return success();
}

static void printAwaitResultType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (!args[0].types.empty())
    p.printType(args[0].types[0]);
}

ods::CustomDirective async::getAwaitResultTypeDirective() {
  return {"AwaitResultType", parseAwaitResultType, printAwaitResultType, nullptr};
}

LogicalResult AwaitOp::verify() {
  Operation *op = getOperation();
  Type argType = op->getOperand(0).getType();
  if (isa<TokenType>(argType) && op->getNumResults() != 0)
    return emitOpError("awaiting on a token must have empty result");
  if (auto value = dyn_cast<ValueType>(argType)) {
    Type resultType = op->getNumResults() ? op->getResult(0).getType() : Type();
    if (resultType != value.getValueType())
      return emitOpError() << "result type " << resultType << " does not match async value type "
                           << value.getValueType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// async.func, async.return, async.call
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, getOperation(), /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

/// The results of the function type of an async.func (empty if malformed).
static ArrayRef<Type> getFuncResultTypes(FuncOp fn) {
  TypeAttr typeAttr = fn.getFunctionTypeAttr();
  auto fnType = typeAttr ? dyn_cast<FunctionType>(typeAttr.getValue()) : FunctionType();
  return fnType ? fnType.getResults() : ArrayRef<Type>();
}

LogicalResult FuncOp::verify() {
  ArrayRef<Type> resultTypes = getFuncResultTypes(*this);
  if (resultTypes.empty())
    return emitOpError() << "result is expected to be at least of size 1, but got " << resultTypes.size();
  for (unsigned i = 0, e = resultTypes.size(); i != e; ++i) {
    Type type = resultTypes[i];
    if (!isa<TokenType>(type) && !isa<ValueType>(type))
      return emitOpError() << "result type must be async value type or async token type, but got " << type;
    if (isa<TokenType>(type) && i != 0)
      return emitOpError() << " results' (optional) async token type is expected to appear as the 1st return "
                              "value, but got "
                           << i + 1;
  }
  return success();
}

LogicalResult ReturnOp::verify() {
  Operation *op = getOperation();
  auto fn = dyn_cast_or_null<FuncOp>(op->getParentOp());
  if (!fn)
    return success();
  ArrayRef<Type> resultTypes = getFuncResultTypes(fn);
  if (!resultTypes.empty() && isa<TokenType>(resultTypes.front()))
    resultTypes = resultTypes.drop_front();
  bool matches = resultTypes.size() == op->getNumOperands();
  for (unsigned i = 0; matches && i < resultTypes.size(); ++i) {
    auto valueTy = dyn_cast<ValueType>(resultTypes[i]);
    if (!valueTy || valueTy.getValueType() != op->getOperand(i).getType())
      matches = false;
  }
  if (!matches)
    return emitOpError("operand types do not match the types returned from the parent FuncOp");
  return success();
}

LogicalResult CallOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr fnAttr = CallOp(op).getCalleeAttr();
  if (!fnAttr)
    return op->emitOpError("requires a 'callee' symbol reference attribute");
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(op, fnAttr);
  if (!fn)
    return op->emitOpError() << "'" << fnAttr.getValue() << "' does not reference a valid async function";
  TypeAttr typeAttr = fn.getFunctionTypeAttr();
  auto fnType = typeAttr ? dyn_cast<FunctionType>(typeAttr.getValue()) : FunctionType();
  if (!fnType)
    return success();
  if (fnType.getNumInputs() != op->getNumOperands())
    return op->emitOpError("incorrect number of operands for callee");
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (op->getOperand(i).getType() != fnType.getInput(i))
      return op->emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInput(i) << ", but provided " << op->getOperand(i).getType() << " for operand number "
             << i;
  if (fnType.getNumResults() != op->getNumResults())
    return op->emitOpError("incorrect number of results for callee");
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (op->getResult(i).getType() != fnType.getResult(i)) {
      InFlightDiagnostic diag = op->emitOpError("result type mismatch at index ") << i;
      Diagnostic &opNote = diag.attachNote();
      opNote << "      op result types: ";
      for (unsigned j = 0; j < op->getNumResults(); ++j)
        opNote << (j ? ", " : "") << op->getResult(j).getType();
      Diagnostic &fnNote = diag.attachNote();
      fnNote << "function result types: ";
      for (unsigned j = 0; j < fnType.getNumResults(); ++j)
        fnNote << (j ? ", " : "") << fnType.getResult(j);
      return diag;
    }
  return success();
}

//===----------------------------------------------------------------------===//
// async.runtime.num_worker_threads
//===----------------------------------------------------------------------===//

LogicalResult RuntimeNumWorkerThreadsOp::inferReturnTypes(const ods::InferContext &context,
                                                          SmallVectorImpl<Type> &inferred) {
  inferred.assign(1, IndexType::get(context.context));
  return success();
}
