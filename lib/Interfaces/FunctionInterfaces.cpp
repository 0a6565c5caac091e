//===- FunctionInterfaces.cpp - Function-like operations ------------------===//
#include "lamina/Interfaces/FunctionInterfaces.h"

#include "lamina/Interfaces/FunctionImplementation.h"

using namespace lamina;

LogicalResult FunctionOpInterface::verifyTrait(Operation *op) { return function_interface_impl::verifyFunctionOp(op); }
