//===- StandaloneOps.cpp - The ops of the standalone dialect --------------===//
//
// Each op is declared with Lamina's op definitions (lamina/ODS/OpDef.h), the
// counterpart of an ODS record: operands, attributes, results, traits (in
// verification order), the assembly format, and the hooks written by hand
// (verifier, folder, canonicalization patterns, interface methods).
//
#include "Standalone/StandaloneOps.h"

#include "Standalone/StandaloneDialect.h"
#include "Standalone/StandaloneInterfaces.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/Constraints.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace standalone;

//===----------------------------------------------------------------------===//
// Builders and accessors
//===----------------------------------------------------------------------===//

void SplatOp::build(OpBuilder &, OperationState &state, Value input, LanesType type) {
  state.addOperand(input);
  state.addType(type);
}

void AddOp::build(OpBuilder &, OperationState &state, Value lhs, Value rhs) {
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addType(lhs.getType());
}

int64_t ExtractOp::getIndex() const { return cast<IntegerAttr>(ods::getInherentAttr(state, "index")).getInt(); }

//===----------------------------------------------------------------------===//
// Constraints and type relations
//===----------------------------------------------------------------------===//

/// The operand/result constraint "lanes of integers" (a TypeConstraint in
/// ODS): its summary appears in the verifier's messages.
static ods::TypeConstraint lanesOfIntegers() {
  return ods::TypeOf("lanes of integers", [](Type type) { return isa<LanesType>(type); });
}

/// For TypesMatchWith: the lane type of a lanes type. The format uses it to
/// infer types it does not spell (`standalone.splat %x : !standalone.lanes<4,
/// i32>` needs no type for %x). Another type maps to itself: the constraint
/// on the lanes operand reports it first.
static void laneTypeOf(Type type, SmallVectorImpl<Type> &out) {
  if (auto lanes = dyn_cast<LanesType>(type))
    out.push_back(lanes.getElementType());
  else
    out.push_back(type);
}

//===----------------------------------------------------------------------===//
// Hooks written by hand
//===----------------------------------------------------------------------===//

/// standalone.extract's verifier (ODS `hasVerifier`): runs after the
/// constraints and traits.
static LogicalResult verifyExtract(Operation *op) {
  ExtractOp extract(op);
  auto type = cast<LanesType>(extract.getLanes().getType());
  int64_t index = extract.getIndex();
  if (index < 0 || index >= int64_t(type.getCount()))
    return op->emitOpError() << "lane index " << index << " is out of range for " << Type(type);
  return success();
}

/// standalone.extract's folder (ODS `hasFolder`): a lane of a splat is the
/// splatted value. `operands` holds the constant value of each operand (null
/// where unknown); returning a Value or an Attribute folds the op.
static OpFoldResult foldExtract(Operation *op, ArrayRef<Attribute> operands) {
  (void)operands;
  if (auto splat = ExtractOp(op).getLanes().getDefiningOp<SplatOp>())
    return splat.getInput();
  return {};
}

/// A canonicalization pattern of standalone.add:
///   add(splat(%a), splat(%b)) -> splat(arith.addi %a, %b)
/// one scalar addition instead of one per lane.
struct AddOfSplats : public OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp op, PatternRewriter &rewriter) const override {
    auto lhs = op.getLhs().getDefiningOp<SplatOp>();
    auto rhs = op.getRhs().getDefiningOp<SplatOp>();
    if (!lhs || !rhs)
      return rewriter.notifyMatchFailure(op, "operands are not both splats");
    Value operands[] = {lhs.getInput(), rhs.getInput()};
    Type resultTypes[] = {lhs.getInput().getType()};
    Operation *sum = rewriter.create(op.getLoc(), "arith.addi", ValueRange(operands, 2), TypeRange(resultTypes));
    rewriter.replaceOpWithNewOp<SplatOp>(op, sum->getResult(0), op.getType());
    return success();
  }
};

static void addCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<AddOfSplats>(ctx);
}

/// LaneCostOpInterface: what each op costs, in lane operations.
static int64_t costOfResultLanes(Operation *op) { return cast<LanesType>(op->getResult(0).getType()).getCount(); }

//===----------------------------------------------------------------------===//
// The op definitions
//===----------------------------------------------------------------------===//

void StandaloneDialect::registerOps() {
  // let arguments = (ins AnySignlessInteger:$input);
  // let results = (outs Standalone_Lanes:$result);
  ods::OpDef(SplatOp::getOperationName(), TypeID::get<SplatOp>())
      .operand("input", ods::AnySignlessInteger())
      .result("result", lanesOfIntegers())
      .traits({ods::Pure(),
               ods::TypesMatchWith("input type matches the lane type of the result", "result", "input", laneTypeOf),
               ods::Implements<LaneCostOpInterface>({.getCost = costOfResultLanes})})
      .format("$input attr-dict `:` type($result)")
      .registerIn(*this);

  ods::OpDef(AddOp::getOperationName(), TypeID::get<AddOp>())
      .operand("lhs", lanesOfIntegers())
      .operand("rhs", lanesOfIntegers())
      .result("result", lanesOfIntegers())
      .traits({ods::Commutative(), ods::Pure(), ods::SameOperandsAndResultType(),
               ods::Implements<LaneCostOpInterface>({.getCost = costOfResultLanes})})
      .format("$lhs `,` $rhs attr-dict `:` type($result)")
      .canonicalizer(addCanonicalizationPatterns)
      .registerIn(*this);

  ods::OpDef(ExtractOp::getOperationName(), TypeID::get<ExtractOp>())
      .operand("lanes", lanesOfIntegers())
      .attr("index", ods::IntAttr(64))
      .result("result", ods::AnySignlessInteger())
      .traits({ods::Pure(),
               ods::TypesMatchWith("result type matches the lane type of lanes", "lanes", "result", laneTypeOf),
               ods::Implements<LaneCostOpInterface>(
                   {.getCost = [](Operation *) -> int64_t { return 1; },
                    .isPerLane = [](Operation *) { return false; }})})
      .format("$lanes `[` $index `]` attr-dict `:` type($lanes)")
      .verifier(verifyExtract)
      .folder(foldExtract)
      .registerIn(*this);
}
