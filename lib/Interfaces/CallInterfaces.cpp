//===- CallInterfaces.cpp - Calls and callables ---------------------------===//
#include "lamina/Interfaces/CallInterfaces.h"

using namespace lamina;

ArrayAttr detail::argAttrsFromInherentAttr(Operation *op) { return op->getAttrOfType<ArrayAttr>("arg_attrs"); }
ArrayAttr detail::resAttrsFromInherentAttr(Operation *op) { return op->getAttrOfType<ArrayAttr>("res_attrs"); }
void detail::setArgAttrsInherentAttr(Operation *op, ArrayAttr attrs) { op->setAttr("arg_attrs", attrs); }
void detail::setResAttrsInherentAttr(Operation *op, ArrayAttr attrs) { op->setAttr("res_attrs", attrs); }
Attribute detail::removeArgAttrsInherentAttr(Operation *op) { return op->removeAttr("arg_attrs"); }
Attribute detail::removeResAttrsInherentAttr(Operation *op) { return op->removeAttr("res_attrs"); }

Operation *detail::resolveCallable(Operation *call, SymbolTableCollection *symbolTable) {
  CallInterfaceCallable callable = cast<CallOpInterface>(call).getCallableForCallee();
  if (Value value = callable.getValue())
    return value.getDefiningOp();
  SymbolRefAttr symbol = callable.getSymbol();
  if (!symbol)
    return nullptr;
  if (symbolTable)
    return symbolTable->lookupNearestSymbolFrom(call, symbol);
  return SymbolTable::lookupNearestSymbolFrom(call, symbol);
}

Operation *detail::resolveCallableDefault(Operation *call) { return resolveCallable(call, nullptr); }
