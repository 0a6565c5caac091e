//===- OpTraitVerifiers.h - The verifiers behind MLIR's op traits ---------===//
//
// One function per verifying trait, named and worded exactly like MLIR's
// `mlir::OpTrait::impl` functions (and the trait classes' `verifyTrait` /
// `verifyRegionTrait` bodies in MLIR's OpDefinition.h). An op definition calls them
// in the order MLIR's generated code does:
//
//   verifyInvariants:       the structural traits (regions, results,
//                           successors, operands: ZeroRegions/OneRegion/...,
//                           ZeroResults/..., ZeroSuccessors/...,
//                           ZeroOperands/...), then the op's ODS invariants,
//                           then the remaining traits and interfaces in
//                           declaration order, then the op's own verify();
//   verifyRegionInvariants: the region traits in declaration order
//                           (IsIsolatedFromAbove, SymbolTable,
//                           SingleBlockImplicitTerminator), then the op's
//                           verifyRegions().
//
// Every function returns failure() after emitting its error through
// `op->emitOpError()` / `op->emitError()`.
//
#pragma once

#include "lamina/IR/Operation.h"

#include <string_view>

namespace lamina {
namespace OpTrait {
namespace impl {

// Operand, region, result and successor counts ------------------------------

/// ZeroOperands: "requires zero operands".
LogicalResult verifyZeroOperands(Operation *op);
/// OneOperand: "requires a single operand".
LogicalResult verifyOneOperand(Operation *op);
/// NOperands<n>: "expected n operands, but found m".
LogicalResult verifyNOperands(Operation *op, unsigned numOperands);
/// AtLeastNOperands<n>: "expected n or more operands, but found m".
LogicalResult verifyAtLeastNOperands(Operation *op, unsigned numOperands);

/// ZeroRegions: "requires zero regions".
LogicalResult verifyZeroRegions(Operation *op);
/// OneRegion: "requires one region".
LogicalResult verifyOneRegion(Operation *op);
/// NRegions<n>: "expected n regions".
LogicalResult verifyNRegions(Operation *op, unsigned numRegions);
/// AtLeastNRegions<n>: "expected n or more regions".
LogicalResult verifyAtLeastNRegions(Operation *op, unsigned numRegions);

/// ZeroResults: "requires zero results".
LogicalResult verifyZeroResults(Operation *op);
/// OneResult: "requires one result".
LogicalResult verifyOneResult(Operation *op);
/// NResults<n>: "expected n results".
LogicalResult verifyNResults(Operation *op, unsigned numResults);
/// AtLeastNResults<n>: "expected n or more results".
LogicalResult verifyAtLeastNResults(Operation *op, unsigned numResults);
/// OneTypedResult<T>: the same check as OneResult (the type is checked by
/// the op's ODS invariants).
LogicalResult verifyOneTypedResult(Operation *op);

/// ZeroSuccessors: "requires 0 successors but found n".
LogicalResult verifyZeroSuccessors(Operation *op);
/// OneSuccessor: "requires 1 successor but found n", then successors must be
/// in the op's region ("reference to block defined in another region").
LogicalResult verifyOneSuccessor(Operation *op);
/// NSuccessors<n>: "requires n successors but found m" (+ region check).
LogicalResult verifyNSuccessors(Operation *op, unsigned numSuccessors);
/// AtLeastNSuccessors<n>: "requires at least n successors but found m".
LogicalResult verifyAtLeastNSuccessors(Operation *op, unsigned numSuccessors);

// Types ----------------------------------------------------------------------

/// OperandsAreFloatLike: "requires a float type" (element types of
/// vectors/tensors).
LogicalResult verifyOperandsAreFloatLike(Operation *op);
/// OperandsAreSignlessIntegerLike: "requires an integer or index type".
LogicalResult verifyOperandsAreSignlessIntegerLike(Operation *op);
/// SameTypeOperands: "requires all operands to have the same type".
LogicalResult verifySameTypeOperands(Operation *op);
/// SameOperandsShape: "requires the same shape for all operands".
LogicalResult verifySameOperandsShape(Operation *op);
/// SameOperandsAndResultShape: "requires the same shape for all operands
/// and results".
LogicalResult verifySameOperandsAndResultShape(Operation *op);
/// SameOperandsElementType: "requires the same element type for all
/// operands".
LogicalResult verifySameOperandsElementType(Operation *op);
/// SameOperandsAndResultElementType: "requires the same element type for
/// all operands and results".
LogicalResult verifySameOperandsAndResultElementType(Operation *op);
/// SameOperandsAndResultType: "requires the same type for all operands and
/// results" (compatible shapes, same element type, same tensor encoding).
LogicalResult verifySameOperandsAndResultType(Operation *op);
/// SameOperandsAndResultRank: "operands don't have matching ranks" /
/// "result type has different rank than operands".
LogicalResult verifySameOperandsAndResultRank(Operation *op);
/// ResultsAreBoolLike: "requires a bool result type".
LogicalResult verifyResultsAreBoolLike(Operation *op);
/// ResultsAreFloatLike: "requires a floating point type".
LogicalResult verifyResultsAreFloatLike(Operation *op);
/// ResultsAreSignlessIntegerLike: "requires an integer or index type".
LogicalResult verifyResultsAreSignlessIntegerLike(Operation *op);
/// Elementwise: the mappable-type rules of MLIR's Elementwise trait.
LogicalResult verifyElementwise(Operation *op);
/// IsIdempotent / IsInvolution: no check (as in MLIR).
LogicalResult verifyIsIdempotent(Operation *op);
LogicalResult verifyIsInvolution(Operation *op);

// Structure ------------------------------------------------------------------

/// IsTerminator: "must be the last operation in the parent block".
LogicalResult verifyIsTerminator(Operation *op);
/// NoRegionArguments: "region should have no arguments" ("region #i should
/// have no arguments" when the op has several regions).
LogicalResult verifyNoRegionArguments(Operation *op);
/// SingleBlock: "expects region #i to have 0 or 1 blocks"; unless the op is
/// NoTerminator (`hasNoTerminator`), "expects a non-empty block".
LogicalResult verifySingleBlock(Operation *op, bool hasNoTerminator);
/// SingleBlock, with `hasNoTerminator` taken from the op's NoTerminator trait.
LogicalResult verifySingleBlock(Operation *op);
/// SingleBlockImplicitTerminator<T> (a region trait): "expects regions to
/// end with 'T', found 'X'" with the note "in custom textual format, the
/// absence of terminator implies 'T'".
LogicalResult verifySingleBlockImplicitTerminator(Operation *op, std::string_view terminatorName);
/// The trait's parser side (MLIR's SingleBlockImplicitTerminator<T>::
/// ensureTerminator): adds a block to an empty region, and a
/// `terminatorName` op at `loc` to its last block unless that block already
/// ends with a terminator. `loc` stays packed if the parser recorded it so
/// (see PackedLocation).
void ensureImplicitTerminator(Region &region, StateLocation loc, std::string_view terminatorName);
/// NoTerminator: nothing to check (the verifier accepts its empty blocks).
LogicalResult verifyNoTerminator(Operation *op);
/// IsIsolatedFromAbove (a region trait): "using value defined outside the
/// region" with the note "required by region isolation constraints".
LogicalResult verifyIsIsolatedFromAbove(Operation *op);
/// HasParent<P...>: "expects parent op 'p'" or "expects parent op to be one
/// of 'p1, p2'".
LogicalResult verifyHasParent(Operation *op, ArrayRef<std::string_view> parentNames);
/// HasAncestor<A...>: "expects ancestor op 'a'" / "... to be one of ...".
LogicalResult verifyHasAncestor(Operation *op, ArrayRef<std::string_view> ancestorNames);

// Segments -------------------------------------------------------------------

/// The check behind AttrSizedOperandSegments / AttrSizedResultSegments:
/// `attrName` must be a dense i32 array of non-negative sizes summing to
/// `expectedCount` ("requires dense i32 array attribute 'x'", "'x' attribute
/// cannot have negative elements", "<group> count (n) does not match with
/// the total size (m) specified in attribute 'x'").
LogicalResult verifyValueSizeAttr(Operation *op, std::string_view attrName, std::string_view valueGroupName,
                                  size_t expectedCount);
/// AttrSizedOperandSegments (attrName "operandSegmentSizes").
LogicalResult verifyOperandSizeAttr(Operation *op, std::string_view attrName);
/// AttrSizedResultSegments (attrName "resultSegmentSizes").
LogicalResult verifyResultSizeAttr(Operation *op, std::string_view attrName);

// Symbols --------------------------------------------------------------------

/// SymbolTable (a region trait): one region with one block, unique
/// `sym_name`s among the ops of the block ("redefinition of symbol named
/// 'x'" with the note "see existing symbol definition here").
LogicalResult verifySymbolTable(Operation *op);
/// The attribute checks of a symbol: "requires string attribute
/// 'sym_name'", and a valid `sym_visibility`.
LogicalResult verifySymbol(Operation *op);

} // namespace impl
} // namespace OpTrait
} // namespace lamina
