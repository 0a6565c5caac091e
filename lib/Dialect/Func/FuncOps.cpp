//===- FuncOps.cpp - func.func, call, call_indirect, constant, return -----===//
//
// Definitions follow mlir/Dialect/Func/IR/FuncOps.td (as of LLVM 22: calls
// carry arg_attrs/res_attrs, func.call and func.func a no_inline unit
// attribute).
//
#include "lamina/Dialect/Func/FuncDialect.h"

#include "FuncDetail.h"

#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Transforms/InliningUtils.h"

#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::func;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

std::string_view FuncOp::getName() const { return cast<StringAttr>(state->getAttr("sym_name")).getValue(); }

FunctionType FuncOp::getFunctionType() const {
  return cast<FunctionType>(cast<TypeAttr>(state->getAttr("function_type")).getValue());
}

std::string_view CallOp::getCallee() const {
  return cast<FlatSymbolRefAttr>(state->getAttr("callee")).getValue();
}

//===----------------------------------------------------------------------===//
// func.func
//===----------------------------------------------------------------------===//

static ParseResult parseFuncOp(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

static void printFuncOp(Operation *op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, op, /*isVariadic=*/false, "function_type", "arg_attrs", "res_attrs");
}

static bool isExternalFunction(Operation *op) { return op->getRegion(0).empty(); }

static std::string_view funcDialectName() { return "func"; }
static Region *funcCallableRegion(Operation *op) { return isExternalFunction(op) ? nullptr : &op->getRegion(0); }
static Type funcFunctionType(Operation *op) { return FuncOp(op).getFunctionType(); }
static ArrayRef<Type> funcArgumentTypes(Operation *op) { return FuncOp(op).getFunctionType().getInputs(); }
static ArrayRef<Type> funcResultTypes(Operation *op) { return FuncOp(op).getFunctionType().getResults(); }

//===----------------------------------------------------------------------===//
// func.return
//===----------------------------------------------------------------------===//

static LogicalResult verifyReturn(Operation *op) {
  FuncOp function(op->getParentOp());
  ArrayRef<Type> results = function.getFunctionType().getResults();
  if (op->getNumOperands() != results.size())
    return op->emitOpError("has ") << op->getNumOperands() << " operands, but enclosing function (@"
                                   << function.getName() << ") returns " << unsigned(results.size());
  for (unsigned i = 0, e = results.size(); i != e; ++i)
    if (op->getOperand(i).getType() != results[i])
      return op->emitError() << "type of return operand " << i << " (" << op->getOperand(i).getType()
                             << ") doesn't match function result type (" << results[i] << ")"
                             << " in function @" << function.getName();
  return success();
}

//===----------------------------------------------------------------------===//
// func.call
//===----------------------------------------------------------------------===//

static LogicalResult verifyCallSymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto fnAttr = dyn_cast_or_null<FlatSymbolRefAttr>(op->getAttr("callee"));
  if (!fnAttr)
    return op->emitOpError("requires a 'callee' symbol reference attribute");
  Operation *fnOp = symbolTable.lookupNearestSymbolFrom(op, StringAttr::get(op->getContext(), fnAttr.getValue()));
  if (!fnOp || !isa<FuncOp>(fnOp))
    return op->emitOpError() << "'" << fnAttr.getValue() << "' does not reference a valid function";
  FunctionType fnType = FuncOp(fnOp).getFunctionType();
  if (fnType.getInputs().size() != op->getNumOperands())
    return op->emitOpError("incorrect number of operands for callee");
  for (unsigned i = 0, e = fnType.getInputs().size(); i != e; ++i)
    if (op->getOperand(i).getType() != fnType.getInputs()[i])
      return op->emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInputs()[i] << ", but provided " << op->getOperand(i).getType() << " for operand number "
             << i;
  if (fnType.getResults().size() != op->getNumResults())
    return op->emitOpError("incorrect number of results for callee");
  for (unsigned i = 0, e = fnType.getResults().size(); i != e; ++i)
    if (op->getResult(i).getType() != fnType.getResults()[i]) {
      InFlightDiagnostic diag = op->emitOpError("result type mismatch at index ") << i;
      Diagnostic &opTypes = diag.attachNote();
      opTypes << "      op result types: ";
      opTypes.appendRange(op->getResultTypes());
      Diagnostic &fnTypes = diag.attachNote();
      fnTypes << "function result types: ";
      fnTypes.appendRange(fnType.getResults());
      return diag;
    }
  return success();
}

static CallInterfaceCallable callCallee(Operation *op) { return op->getAttrOfType<SymbolRefAttr>("callee"); }
static void setCallCallee(Operation *op, CallInterfaceCallable callee) { op->setAttr("callee", callee.getSymbol()); }
static OperandRange allOperands(Operation *op) { return op->getOperands(); }
static MutableOperandRange allOperandsMutable(Operation *op) { return MutableOperandRange(op); }

//===----------------------------------------------------------------------===//
// func.call_indirect
//===----------------------------------------------------------------------===//

static CallInterfaceCallable indirectCallCallee(Operation *op) { return op->getOperand(0); }
static void setIndirectCallCallee(Operation *op, CallInterfaceCallable callee) {
  op->setOperand(0, callee.getValue());
}
static OperandRange indirectCallArgs(Operation *op) { return op->getOperands().drop_front(1); }
static MutableOperandRange indirectCallArgsMutable(Operation *op) {
  return MutableOperandRange(op, 1, op->getNumOperands() - 1);
}

//===----------------------------------------------------------------------===//
// func.constant
//===----------------------------------------------------------------------===//

/// ConstantOp::verifySymbolUses.
static LogicalResult verifyConstantSymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  std::string_view fnName = cast<FlatSymbolRefAttr>(op->getAttr("value")).getValue();
  Type type = op->getResult(0).getType();
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(op, StringAttr::get(op->getContext(), fnName));
  if (!fn)
    return op->emitOpError() << "reference to undefined function '" << fnName << "'";
  if (fn.getFunctionType() != type)
    return op->emitOpError("reference to function with mismatched type");
  return success();
}

/// ConstantOp::fold: its symbol.
static OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return op->getPropertySlots()[0]; }

static void constantResultNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  setName(op->getResult(0), "f");
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

static void inputsOf(Type t, SmallVectorImpl<Type> &out) {
  ArrayRef<Type> in = cast<FunctionType>(t).getInputs();
  out.assign(in.begin(), in.end());
}
static void resultsOf(Type t, SmallVectorImpl<Type> &out) {
  ArrayRef<Type> res = cast<FunctionType>(t).getResults();
  out.assign(res.begin(), res.end());
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

/// CallIndirectOp::canonicalize: a call_indirect of a constant callee
/// becomes a func.call (without the indirect call's attributes).
static LogicalResult canonicalizeCallIndirect(Operation *op, PatternRewriter &rewriter) {
  Attribute callee;
  if (!matchConstant(op->getOperand(0), &callee))
    return failure();
  auto calledFn = dyn_cast_or_null<SymbolRefAttr>(callee);
  if (!calledFn)
    return failure();
  OperationState state(op->getLoc(), CallOp::getOperationName());
  state.addOperands(op->getOperands().drop_front());
  state.addTypes(TypeRange(op->getResults()));
  state.addAttribute("callee", calledFn);
  Operation *call = rewriter.create(state);
  rewriter.replaceOp(op, call);
  return success();
}


void func::registerFuncOps(FuncDialect &dialect) {
  ods::OpDef(CallOp::getOperationName(), TypeID::get<CallOp>())
      .attr("callee", ods::FlatSymbolRefAttr())
      .variadicOperand("operands")
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .optionalAttr("no_inline", ods::UnitAttr())
      .variadicResult("")
      .traits({ods::Implements<CallOpInterface>({callCallee, setCallCallee, allOperands, allOperandsMutable}),
               ods::MemRefsNormalizable(), ods::Implements<SymbolUserOpInterface>({verifyCallSymbolUses})})
      .format("$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)")
      .registerIn(dialect);

  ods::OpDef(CallIndirectOp::getOperationName(), TypeID::get<CallIndirectOp>())
      .operand("callee", ods::FunctionTypeConstraint())
      .variadicOperand("callee_operands")
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .variadicResult("results")
      .traits({ods::Implements<CallOpInterface>(
                   {indirectCallCallee, setIndirectCallCallee, indirectCallArgs, indirectCallArgsMutable}),
               ods::TypesMatchWith("callee input types match argument types", "callee", "callee_operands", inputsOf,
                                   /*isRange=*/true),
               ods::TypesMatchWith("callee result types match result types", "callee", "results", resultsOf,
                                   /*isRange=*/true)})
      .format("$callee `(` $callee_operands `)` attr-dict `:` type($callee)")
      .registerIn(dialect);

  ods::OpDef(ConstantOp::getOperationName(), TypeID::get<ConstantOp>())
      .attr("value", ods::FlatSymbolRefAttr())
      .result("")
      .traits({ods::ConstantLike(), ods::Pure(), ods::Implements<SymbolUserOpInterface>({verifyConstantSymbolUses}),
               ods::Implements<OpAsmOpInterface>({.getAsmResultNames = constantResultNames})})
      .folder(foldConstant)
      .format("attr-dict $value `:` type(results)")
      .registerIn(dialect);

  ods::OpDef(FuncOp::getOperationName(), TypeID::get<FuncOp>())
      .attr("sym_name", ods::SymbolNameAttr())
      .attr("function_type", ods::TypeAttrOf(ods::FunctionTypeConstraint()))
      .optionalAttr("sym_visibility", ods::StrAttr())
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .optionalAttr("no_inline", ods::UnitAttr())
      .region("body")
      .traits({ods::AffineScope(), ods::AutomaticAllocationScope(), ods::Symbol({.isDeclaration = isExternalFunction}),
               ods::Implements<CallableOpInterface>({funcCallableRegion, funcArgumentTypes, funcResultTypes}),
               ods::Implements<FunctionOpInterface>({funcFunctionType, funcArgumentTypes, funcResultTypes}),
               ods::IsolatedFromAbove(), ods::Implements<OpAsmOpInterface>({.getDefaultDialect = funcDialectName})})
      .customAssembly(parseFuncOp, printFuncOp)
      .registerIn(dialect);

  ods::OpDef(ReturnOp::getOperationName(), TypeID::get<ReturnOp>())
      .variadicOperand("operands")
      .traits({ods::Pure(), ods::HasParent({"func.func"}), ods::MemRefsNormalizable(), ods::ReturnLike(),
               ods::IsTerminator()})
      .format("attr-dict ($operands^ `:` type($operands))?")
      .verifier(verifyReturn)
      .registerIn(dialect);

  ods::attachCanonicalizer(dialect, CallIndirectOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CallIndirectOp::getOperationName(), canonicalizeCallIndirect, "CallIndirectOp::canonicalize");
  });
}
