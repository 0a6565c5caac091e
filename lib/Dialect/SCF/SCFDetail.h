//===- SCFDetail.h - Shared pieces of the scf dialect implementation ------===//
//
// The hand-written syntax of the scf ops that MLIR defines with
// `hasCustomAssemblyFormat` (SCFSyntax.cpp), the custom directive of
// scf.index_switch, and small helpers both the syntax and the verifiers use.
//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/ODS/OpDef.h"

#include <optional>

namespace lamina {
namespace scf {

/// The constant integer behind `v` (a ConstantLike op with an integer
/// `value`), as MLIR's getConstantIntValue; std::nullopt otherwise.
std::optional<int64_t> getConstantIntValue(Value v);


// Custom syntax (hasCustomAssemblyFormat) ------------------------------------
ParseResult parseExecuteRegionOp(OpAsmParser &parser, OperationState &result);
void printExecuteRegionOp(Operation *op, OpAsmPrinter &p);
ParseResult parseForOp(OpAsmParser &parser, OperationState &result);
void printForOp(Operation *op, OpAsmPrinter &p);
ParseResult parseForallOp(OpAsmParser &parser, OperationState &result);
void printForallOp(Operation *op, OpAsmPrinter &p);
ParseResult parseInParallelOp(OpAsmParser &parser, OperationState &result);
void printInParallelOp(Operation *op, OpAsmPrinter &p);
ParseResult parseIfOp(OpAsmParser &parser, OperationState &result);
void printIfOp(Operation *op, OpAsmPrinter &p);
ParseResult parseParallelOp(OpAsmParser &parser, OperationState &result);
void printParallelOp(Operation *op, OpAsmPrinter &p);
ParseResult parseWhileOp(OpAsmParser &parser, OperationState &result);
void printWhileOp(Operation *op, OpAsmPrinter &p);

// Definitions, folding and canonicalization --------------------------------
/// Registers the scf ops (SCFOps.cpp) in `dialect`.
void registerSCFOps(Dialect &dialect);
/// Attaches the folders and canonicalization patterns of the scf ops
/// (SCFCanonicalization.cpp) to their registered definitions.
void registerSCFCanonicalization(Dialect &dialect);
/// The scf.forall patterns (SCFForallCanonicalization.cpp).
void registerForallCanonicalization(Dialect &dialect);
/// Adds MLIR's region-branch canonicalization patterns (dead or duplicate
/// successor inputs, SCFRegionBranch.cpp) rooted at `opName`.
void addRegionBranchCanonicalizationPatterns(RewritePatternSet &patterns, std::string_view opName);

/// `custom<SwitchCases>($cases, $caseRegions)` of scf.index_switch.
ParseResult parseSwitchCases(OpAsmParser &parser, OperationState &state, ArrayRef<ods::CustomParseArg *> args);
void printSwitchCases(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args);

} // namespace scf
} // namespace lamina
