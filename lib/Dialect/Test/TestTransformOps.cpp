//===- TestTransformOps.cpp - test ops the transform tests use ------------===//
//
// Operations of mlir/test/lib/Dialect/Test/TestOps.td that the tests of the
// generic transforms (cse, inline) exercise, and the test dialect's
// inliner interface (TestDialectInterfaces.cpp):
//
//   test.op_with_memread                 MemoryEffects<[MemRead]>, an integer
//   test.op_with_memwrite                MemoryEffects<[MemWrite]>
//   test.cse_of_single_block_op          Pure, one block ending in
//                                        test.region_yield
//   test.return                          Pure, ReturnLike terminator
//   test.cast, test.type_changer         conversions the inliner inserts
//   test.functional_region_op            a callable region (not a symbol)
//   test.conversion_call_op              a call the inliner converts through
//   test.conversion_func_op              a function (FunctionOpInterface)
//   test.fold_to_call_op                 canonicalizes to func.call @callee
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {

//===----------------------------------------------------------------------===//
// Op hooks
//===----------------------------------------------------------------------===//

Region *functionalRegion(Operation *op) { return &op->getRegion(0); }
ArrayRef<Type> functionalArgumentTypes(Operation *op) {
  return cast<FunctionType>(op->getResult(0).getType()).getInputs();
}
ArrayRef<Type> functionalResultTypes(Operation *op) {
  return cast<FunctionType>(op->getResult(0).getType()).getResults();
}

CallInterfaceCallable conversionCallCallee(Operation *op) { return op->getAttrOfType<SymbolRefAttr>("callee"); }
void setConversionCallCallee(Operation *op, CallInterfaceCallable callee) { op->setAttr("callee", callee.getSymbol()); }
OperandRange allOperands(Operation *op) { return op->getOperands(); }
MutableOperandRange allOperandsMutable(Operation *op) { return MutableOperandRange(op); }

FunctionType conversionFuncType(Operation *op) {
  return cast<FunctionType>(op->getAttrOfType<TypeAttr>("function_type").getValue());
}
Type conversionFuncFunctionType(Operation *op) { return conversionFuncType(op); }
Region *conversionFuncRegion(Operation *op) {
  return op->getRegion(0).empty() ? nullptr : &op->getRegion(0);
}
ArrayRef<Type> conversionFuncArgumentTypes(Operation *op) { return conversionFuncType(op).getInputs(); }
ArrayRef<Type> conversionFuncResultTypes(Operation *op) { return conversionFuncType(op).getResults(); }
bool conversionFuncIsExternal(Operation *op) { return op->getRegion(0).empty(); }
ParseResult parseConversionFunc(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}
void printConversionFunc(Operation *op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, op, /*isVariadic=*/false, "function_type", "arg_attrs", "res_attrs");
}

/// FoldToCallOpPattern: `test.fold_to_call_op` becomes `func.call @callee`.
LogicalResult foldToCall(Operation *op, PatternRewriter &rewriter) {
  OperationState state(op->getLoc(), "func.call");
  state.addAttribute("callee", op->getAttr("callee"));
  Operation *call = rewriter.create(state);
  rewriter.replaceOp(op, call);
  return success();
}

//===----------------------------------------------------------------------===//
// Inliner interface
//===----------------------------------------------------------------------===//

/// MLIR's TestInlinerInterface.
struct TestInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *, bool) const final { return !call->hasAttr("noinline"); }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  /// A functional region op is a separate functional scope.
  bool shouldAnalyzeRecursively(Operation *op) const final {
    return op->getName().getStringRef() != "test.functional_region_op";
  }

  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    if (op->getName().getStringRef() != "test.return")
      return;
    assert(op->getNumOperands() == valuesToRepl.size());
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
      valuesToRepl[i].replaceAllUsesWith(op->getOperand(i));
  }

  /// test.cast between i16 and i32.
  Operation *materializeCallConversion(OpBuilder &builder, Value input, Type resultType,
                                       Location conversionLoc) const final {
    auto isI16OrI32 = [](Type t) { return t.isSignlessInteger(16) || t.isSignlessInteger(32); };
    if (!isI16OrI32(resultType) || !isI16OrI32(input.getType()))
      return nullptr;
    OperationState state(conversionLoc, "test.cast");
    state.addOperands(input);
    state.addTypes(TypeRange(resultType));
    return builder.create(state);
  }

  Value handleArgument(OpBuilder &builder, Operation *call, Operation *, Value argument,
                       DictionaryAttr argumentAttrs) const final {
    if (!argumentAttrs.get("test.handle_argument"))
      return argument;
    return typeChanger(builder, call->getLoc(), argument);
  }
  Value handleResult(OpBuilder &builder, Operation *call, Operation *, Value result,
                     DictionaryAttr resultAttrs) const final {
    if (!resultAttrs.get("test.handle_result"))
      return result;
    return typeChanger(builder, call->getLoc(), result);
  }

  /// Ops inlined through test.conversion_call_op are marked.
  void processInlinedCallBlocks(Operation *call, RegionBlockRange inlinedBlocks) const final {
    if (call->getName().getStringRef() != "test.conversion_call_op")
      return;
    UnitAttr unit = UnitAttr::get(call->getContext());
    for (Block &block : inlinedBlocks)
      block.walk([&](Operation *op) { op->setAttr("inlined_conversion", unit); });
  }

private:
  static Value typeChanger(OpBuilder &builder, Location loc, Value value) {
    OperationState state(loc, "test.type_changer");
    state.addOperands(value);
    state.addTypes(TypeRange(value.getType()));
    return builder.create(state)->getResult(0);
  }
};

} // namespace

void lamina::registerTestTransformOps(Dialect &dialect) {
  ods::OpDef("test.op_with_memread")
      .result("", ods::AnyInteger())
      .traits({ods::MemoryEffects({ods::MemRead()})})
      .registerIn(dialect);
  ods::OpDef("test.op_with_memwrite").traits({ods::MemoryEffects({ods::MemWrite()})}).registerIn(dialect);
  ods::OpDef("test.cse_of_single_block_op")
      .variadicOperand("inputs", ods::AnyType())
      .variadicResult("outputs", ods::AnyType())
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.region_yield"), ods::Pure()})
      .format("attr-dict `inputs` `(` $inputs `)` $region `:` type($inputs) `->` type($outputs)")
      .registerIn(dialect);

  // Inlining.
  ods::OpDef("test.return").variadicOperand("").traits({ods::Pure(), ods::ReturnLike(), ods::IsTerminator()}).registerIn(dialect);
  ods::OpDef("test.cast").variadicOperand("").result("").registerIn(dialect);
  ods::OpDef("test.type_changer").operand("", ods::AnyType()).result("", ods::AnyType()).registerIn(dialect);
  ods::OpDef("test.functional_region_op")
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .region("body", ods::AnyRegion())
      .result("", ods::FunctionTypeConstraint())
      .traits({ods::Implements<CallableOpInterface>(
          {functionalRegion, functionalArgumentTypes, functionalResultTypes})})
      .registerIn(dialect);
  ods::OpDef("test.conversion_call_op")
      .variadicOperand("arg_operands", ods::AnyType())
      .attr("callee", ods::SymbolRefAttr())
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .variadicResult("", ods::AnyType())
      .traits({ods::Implements<CallOpInterface>(
          {conversionCallCallee, setConversionCallCallee, allOperands, allOperandsMutable})})
      .registerIn(dialect);
  ods::OpDef("test.conversion_func_op")
      .attr("sym_name", ods::SymbolNameAttr())
      .attr("function_type", ods::TypeAttrOf(ods::FunctionTypeConstraint()))
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .optionalAttr("sym_visibility", ods::StrAttr())
      .region("body", ods::AnyRegion())
      .traits({ods::Symbol({.isDeclaration = conversionFuncIsExternal}),
               ods::Implements<CallableOpInterface>(
                   {conversionFuncRegion, conversionFuncArgumentTypes, conversionFuncResultTypes}),
               ods::Implements<FunctionOpInterface>(
                   {conversionFuncFunctionType, conversionFuncArgumentTypes, conversionFuncResultTypes})})
      .customAssembly(parseConversionFunc, printConversionFunc)
      .registerIn(dialect);
  ods::OpDef("test.fold_to_call_op").attr("callee", ods::FlatSymbolRefAttr()).registerIn(dialect);
  ods::attachCanonicalizer(dialect, "test.fold_to_call_op", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("test.fold_to_call_op", foldToCall, "FoldToCallOpPattern");
  });

  addInlinerInterface<TestInlinerInterface>(&dialect);
}
