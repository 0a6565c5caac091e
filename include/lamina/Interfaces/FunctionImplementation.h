//===- FunctionImplementation.h - Syntax shared by function-like ops ------===//
//
// MLIR's function_interface_impl: the hand-written custom form of
// function-like ops, `[visibility] @name(%arg: type {attrs}, ...) -> (type
// {attrs}, ...) attributes {...} { body }`, with the argument and result
// attributes stored as `arg_attrs`/`res_attrs` arrays of dictionaries.
//
#pragma once

#include "lamina/IR/Builders.h"
#include "lamina/IR/OpImplementation.h"

namespace lamina {
namespace function_interface_impl {

/// Parses a function op after its name into `result`. `allowVariadic`
/// accepts a trailing `...` (recorded as the variadic flag passed to the
/// type builder).
ParseResult parseFunctionOp(OpAsmParser &parser, OperationState &result, bool allowVariadic,
                            std::string_view typeAttrName, std::string_view argAttrsName,
                            std::string_view resAttrsName);

/// Prints a function op (after its name).
void printFunctionOp(OpAsmPrinter &p, Operation *op, bool isVariadic, std::string_view typeAttrName,
                     std::string_view argAttrsName, std::string_view resAttrsName);

/// The pieces, for function ops with a syntax of their own (LLVM's
/// llvm.func): `(%arg: type {attrs}, ..., ...) -> (type {attrs})` parsed and
/// printed (the entry block's arguments when the op has a body, their types
/// otherwise), and the argument/result attribute arrays added (only when
/// some dictionary is non-empty).
ParseResult parseFunctionSignatureWithArguments(OpAsmParser &parser, bool allowVariadic,
                                                std::vector<OpAsmParser::Argument> &arguments, bool &isVariadic,
                                                SmallVectorImpl<Type> &resultTypes,
                                                std::vector<DictionaryAttr> &resultAttrs);
void printFunctionSignature(OpAsmPrinter &p, Operation *op, ArrayRef<Type> argTypes, bool isVariadic,
                            ArrayRef<Type> resultTypes, std::string_view argAttrsName,
                            std::string_view resAttrsName);
void addArgAndResultAttrs(Builder &builder, OperationState &result, ArrayRef<DictionaryAttr> argAttrs,
                          ArrayRef<DictionaryAttr> resultAttrs, std::string_view argAttrsName,
                          std::string_view resAttrsName);

/// FunctionOpInterface::verifyTrait for ops whose type attribute is
/// `function_type` (a FunctionType).
LogicalResult verifyFunctionOp(Operation *op);

} // namespace function_interface_impl
} // namespace lamina
