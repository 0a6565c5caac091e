//===- LinalgRegionBuilder.cpp - Bodies of the structured ops -------------===//
//
// MLIR's RegionBuilderHelper (LinalgOps.cpp) and convertScalarToDtype
// (Arith/Utils): the scalar functions of OpDSL (unary, binary, ternary and
// type functions) as arith/math/complex ops, and the region builders of the
// named ops, interpreting their OpDSL definitions (LinalgOpDSL.h), plus the
// hand-written ones of linalg.matmul, batch_matmul, batch_reduce_matmul,
// contract and elementwise.
//
#include "LinalgOpsImpl.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// RegionBuilderHelper
//===----------------------------------------------------------------------===//

namespace {

/// Creates the scalar computations of a structured op's body at the end of
/// `block`, with unknown locations (as MLIR's ImplicitLocOpBuilder there).
class RegionBuilderHelper {
public:
  RegionBuilderHelper(OpBuilder &builder, Block &block) : builder(builder), block(block) {}

  Value buildUnaryFn(UnaryFn fn, Value arg, function_ref<InFlightDiagnostic()> emitError) {
    if (!isFloatingPoint(arg)) {
      if (emitError)
        emitError() << "unsupported non numeric type";
      return Value();
    }
    switch (fn) {
    case UnaryFn::exp:
      return create("math.exp", {arg}, arg.getType());
    case UnaryFn::log:
      return create("math.log", {arg}, arg.getType());
    case UnaryFn::abs:
      return create("math.absf", {arg}, arg.getType());
    case UnaryFn::ceil:
      return create("math.ceil", {arg}, arg.getType());
    case UnaryFn::floor:
      return create("math.floor", {arg}, arg.getType());
    case UnaryFn::negf:
      return create("arith.negf", {arg}, arg.getType());
    case UnaryFn::reciprocal: {
      Value one = constantOf(Builder(builder.getContext()).getOneAttr(arg.getType()));
      return create("arith.divf", {one, arg}, arg.getType());
    }
    case UnaryFn::round:
      return create("math.round", {arg}, arg.getType());
    case UnaryFn::sqrt:
      return create("math.sqrt", {arg}, arg.getType());
    case UnaryFn::rsqrt:
      return create("math.rsqrt", {arg}, arg.getType());
    case UnaryFn::square:
      return create("arith.mulf", {arg, arg}, arg.getType());
    case UnaryFn::tanh:
      return create("math.tanh", {arg}, arg.getType());
    case UnaryFn::erf:
      return create("math.erf", {arg}, arg.getType());
    }
    if (emitError)
      emitError() << "unsupported unary function";
    return Value();
  }

  Value buildBinaryFn(BinaryFn fn, Value arg0, Value arg1, function_ref<InFlightDiagnostic()> emitError) {
    bool allComplex = isComplex(arg0) && isComplex(arg1);
    bool allFloatingPoint = isFloatingPoint(arg0) && isFloatingPoint(arg1);
    bool allInteger = isInteger(arg0) && isInteger(arg1);
    bool allBool = allInteger && arg0.getType().getIntOrFloatBitWidth() == 1 &&
                   arg1.getType().getIntOrFloatBitWidth() == 1;
    if (!allComplex && !allFloatingPoint && !allInteger) {
      if (emitError)
        emitError() << "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or "
                       "allInteger, got "
                    << arg0.getType() << " and " << arg1.getType();
      return Value();
    }
    Type type = arg0.getType();
    switch (fn) {
    case BinaryFn::add:
      if (allComplex)
        return create("complex.add", {arg0, arg1}, type);
      if (allFloatingPoint)
        return create("arith.addf", {arg0, arg1}, type);
      if (allBool)
        return create("arith.ori", {arg0, arg1}, type);
      return create("arith.addi", {arg0, arg1}, type);
    case BinaryFn::sub:
      if (allComplex)
        return create("complex.sub", {arg0, arg1}, type);
      if (allFloatingPoint)
        return create("arith.subf", {arg0, arg1}, type);
      if (allBool) {
        if (emitError)
          emitError() << "unsupported operation: sub with bools";
        return Value();
      }
      return create("arith.subi", {arg0, arg1}, type);
    case BinaryFn::mul:
      if (allComplex)
        return create("complex.mul", {arg0, arg1}, type);
      if (allFloatingPoint)
        return create("arith.mulf", {arg0, arg1}, type);
      if (allBool)
        return create("arith.andi", {arg0, arg1}, type);
      return create("arith.muli", {arg0, arg1}, type);
    case BinaryFn::div:
      if (allComplex)
        return create("complex.div", {arg0, arg1}, type);
      if (allFloatingPoint)
        return create("arith.divf", {arg0, arg1}, type);
      if (allBool) {
        if (emitError)
          emitError() << "unsupported operation: div with bools";
        return Value();
      }
      return create("arith.divsi", {arg0, arg1}, type);
    case BinaryFn::div_unsigned:
      if (!allInteger || allBool) {
        if (emitError)
          emitError() << "unsupported operation: unsigned div not on uint";
        return Value();
      }
      return create("arith.divui", {arg0, arg1}, type);
    case BinaryFn::max_signed:
      return create(allFloatingPoint ? "arith.maximumf" : "arith.maxsi", {arg0, arg1}, type);
    case BinaryFn::min_signed:
      return create(allFloatingPoint ? "arith.minimumf" : "arith.minsi", {arg0, arg1}, type);
    case BinaryFn::max_unsigned:
      return create(allFloatingPoint ? "arith.maximumf" : "arith.maxui", {arg0, arg1}, type);
    case BinaryFn::min_unsigned:
      return create(allFloatingPoint ? "arith.minimumf" : "arith.minui", {arg0, arg1}, type);
    case BinaryFn::powf:
      return create("math.powf", {arg0, arg1}, type);
    }
    if (emitError)
      emitError() << "unsupported binary function";
    return Value();
  }

  Value buildTernaryFn(TernaryFn fn, Value arg0, Value arg1, Value arg2,
                       function_ref<InFlightDiagnostic()> emitError) {
    if (fn == TernaryFn::select)
      return create("arith.select", {arg0, arg1, arg2}, arg1.getType());
    if (emitError)
      emitError() << "unsupported ternary function";
    return Value();
  }

  Value buildTypeFn(TypeFn fn, Type toType, Value operand, function_ref<InFlightDiagnostic()> emitError) {
    switch (fn) {
    case TypeFn::cast_signed:
      return cast(toType, operand, false);
    case TypeFn::cast_unsigned:
      return cast(toType, operand, true);
    }
    if (emitError)
      emitError() << "unsupported type conversion function";
    return Value();
  }

  void yieldOutputs(ValueRange values) {
    OperationState state(builder.getUnknownLoc(), "linalg.yield");
    state.addOperands(values);
    insert(state);
  }

  /// An arith.constant of the attribute written `text` ("12345 : i64").
  Value constant(const char *text) {
    Attribute attr = parseAttribute(text, builder.getContext());
    return constantOf(attr);
  }

  Value index(int64_t dim) {
    Builder b(builder.getContext());
    OperationState state(builder.getUnknownLoc(), "linalg.index");
    state.addAttribute("dim", b.getI64IntegerAttr(dim));
    state.addType(b.getIndexType());
    return insert(state)->getResult(0);
  }

private:
  Value constantOf(Attribute attr) {
    OperationState state(builder.getUnknownLoc(), "arith.constant");
    state.addAttribute("value", attr);
    state.addType(lamina::cast<TypedAttr>(attr).getType());
    return insert(state)->getResult(0);
  }

  Value create(std::string_view name, ArrayRef<Value> operands, Type resultType) {
    OperationState state(builder.getUnknownLoc(), name);
    for (Value v : operands)
      state.addOperand(v);
    state.addType(resultType);
    return insert(state)->getResult(0);
  }

  Operation *insert(OperationState &state) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(&block);
    return builder.create(state);
  }

  /// convertScalarToDtype, at the operand's location (or its producer's,
  /// or the enclosing op's when that is unknown).
  Value cast(Type toType, Value operand, bool isUnsigned) {
    Location loc = operand.getLoc();
    if (isa<UnknownLoc>(LocationAttr(loc))) {
      if (Operation *def = operand.getDefiningOp())
        loc = def->getLoc();
      else if (operand.getParentBlock() && operand.getParentBlock()->getParentOp())
        loc = operand.getParentBlock()->getParentOp()->getLoc();
    }
    return convertScalarToDtype(loc, operand, toType, isUnsigned);
  }

  Value createAt(Location loc, std::string_view name, ArrayRef<Value> operands, Type resultType) {
    OperationState state(loc, name);
    for (Value v : operands)
      state.addOperand(v);
    state.addType(resultType);
    return insert(state)->getResult(0);
  }

  Value convertScalarToDtype(Location loc, Value operand, Type toType, bool isUnsigned) {
    Type fromType = operand.getType();
    if (fromType == toType)
      return operand;
    Value result;
    if (auto intTy = dyn_cast<IntegerType>(toType)) {
      if (isa<FloatType>(fromType))
        result = createAt(loc, isUnsigned ? "arith.fptoui" : "arith.fptosi", {operand}, toType);
      else if (fromType.isIndex())
        result = createAt(loc, "arith.index_cast", {operand}, toType);
      else if (auto fromInt = dyn_cast<IntegerType>(fromType)) {
        if (intTy.getWidth() > fromInt.getWidth())
          result = createAt(loc, isUnsigned ? "arith.extui" : "arith.extsi", {operand}, toType);
        else if (intTy.getWidth() < fromInt.getWidth())
          result = createAt(loc, "arith.trunci", {operand}, toType);
        else
          result = operand;
      }
    } else if (auto floatTy = dyn_cast<FloatType>(toType)) {
      if (isa<IntegerType>(fromType))
        result = createAt(loc, isUnsigned ? "arith.uitofp" : "arith.sitofp", {operand}, toType);
      else if (auto fromFloat = dyn_cast<FloatType>(fromType)) {
        if (floatTy.getWidth() > fromFloat.getWidth())
          result = createAt(loc, "arith.extf", {operand}, toType);
        else if (floatTy.getWidth() < fromFloat.getWidth())
          result = createAt(loc, "arith.truncf", {operand}, toType);
        else
          result = operand;
      }
    } else if (auto complexTy = dyn_cast<ComplexType>(toType)) {
      result = convertToComplex(loc, operand, complexTy, isUnsigned);
    }
    if (result)
      return result;
    emitWarning(loc) << "could not cast operand of type " << fromType << " to " << toType;
    return operand;
  }

  Value convertToComplex(Location loc, Value operand, ComplexType targetType, bool isUnsigned) {
    Type fromType = operand.getType();
    auto toFpTy = dyn_cast<FloatType>(targetType.getElementType());
    if (auto fromComplex = dyn_cast<ComplexType>(fromType)) {
      auto fromFpTy = dyn_cast<FloatType>(fromComplex.getElementType());
      if (toFpTy && fromFpTy) {
        Value real = createAt(loc, "complex.re", {operand}, fromFpTy);
        Value imag = createAt(loc, "complex.im", {operand}, fromFpTy);
        const char *conv = toFpTy.getWidth() < fromFpTy.getWidth() ? "arith.truncf" : "arith.extf";
        real = createAt(loc, conv, {real}, toFpTy);
        imag = createAt(loc, conv, {imag}, toFpTy);
        return createAt(loc, "complex.create", {real, imag}, targetType);
      }
    }
    if (!toFpTy)
      return Value();
    Value from;
    if (auto fromFloat = dyn_cast<FloatType>(fromType)) {
      from = operand;
      if (fromFloat.getWidth() < toFpTy.getWidth())
        from = createAt(loc, "arith.extf", {from}, toFpTy);
      if (fromFloat.getWidth() > toFpTy.getWidth())
        from = createAt(loc, "arith.truncf", {from}, toFpTy);
    } else if (isa<IntegerType>(fromType)) {
      from = createAt(loc, isUnsigned ? "arith.uitofp" : "arith.sitofp", {operand}, toFpTy);
    } else {
      return Value();
    }
    OperationState state(loc, "arith.constant");
    state.addAttribute("value", Builder(builder.getContext()).getFloatAttr(toFpTy, 0.0));
    state.addType(toFpTy);
    Value zero = insert(state)->getResult(0);
    return createAt(loc, "complex.create", {from, zero}, targetType);
  }

  static bool isComplex(Value v) { return isa<ComplexType>(v.getType()); }
  static bool isFloatingPoint(Value v) { return isa<FloatType>(v.getType()); }
  static bool isInteger(Value v) { return isa<IntegerType>(v.getType()); }

  OpBuilder &builder;
  Block &block;
};

/// The TypeFn of the attribute `cast` among `attrs`, or `fallback`.
TypeFn castFunction(ArrayRef<NamedAttribute> attrs, TypeFn fallback) {
  for (const NamedAttribute &attr : attrs)
    if (attr.getName().getValue() == "cast")
      if (auto fn = dyn_cast<TypeFnAttr>(attr.getValue()))
        return fn.getValue();
  return fallback;
}

} // namespace

//===----------------------------------------------------------------------===//
// Region builders
//===----------------------------------------------------------------------===//

void linalg::buildNamedOpRegion(const opdsl::NamedOpSpec &spec, OpBuilder &b, Block &block,
                                ArrayRef<NamedAttribute> attrs, function_ref<InFlightDiagnostic()> emitError) {
  if (block.getNumArguments() != spec.numRegionArgs)
    return;
  RegionBuilderHelper helper(b, block);
  SmallVector<Value, 8> values;
  values.push_back(Value()); // values are numbered from 1
  auto get = [&](const opdsl::Ref &ref) -> Value {
    if (ref.kind == opdsl::Ref::Arg)
      return ref.index < block.getNumArguments() ? Value(block.getArgument(ref.index)) : Value();
    return ref.index < values.size() ? values[ref.index] : Value();
  };
  // The attribute overriding a step's function, if present and of the
  // step's enum.
  auto findAttr = [&](const char *name) -> Attribute {
    if (!name)
      return Attribute();
    for (const NamedAttribute &attr : attrs)
      if (attr.getName().getValue() == name)
        return attr.getValue();
    return Attribute();
  };
  Builder builder(b.getContext());
  for (const opdsl::Step &step : spec.steps) {
    Value result;
    switch (step.kind) {
    case opdsl::StepKind::Constant:
      result = helper.constant(step.constant);
      break;
    case opdsl::StepKind::Index:
      result = helper.index(step.dim);
      break;
    case opdsl::StepKind::Type: {
      TypeFn fn = TypeFn(step.fn);
      if (auto attr = dyn_cast_or_null<TypeFnAttr>(findAttr(step.attr)))
        fn = attr.getValue();
      Type toType;
      if (step.type.kind == opdsl::TypeRef::ArgType)
        toType = step.type.value < block.getNumArguments() ? block.getArgument(step.type.value).getType() : Type();
      else if (step.type.kind == opdsl::TypeRef::Integer)
        toType = builder.getIntegerType(step.type.value);
      else
        toType = step.type.value == 64 ? Type(builder.getF64Type()) : Type(builder.getF32Type());
      Value operand = get(step.operands[0]);
      if (!toType || !operand)
        return;
      result = helper.buildTypeFn(fn, toType, operand, emitError);
      break;
    }
    case opdsl::StepKind::Unary: {
      UnaryFn fn = UnaryFn(step.fn);
      if (auto attr = dyn_cast_or_null<UnaryFnAttr>(findAttr(step.attr)))
        fn = attr.getValue();
      Value operand = get(step.operands[0]);
      if (!operand)
        return;
      result = helper.buildUnaryFn(fn, operand, emitError);
      break;
    }
    case opdsl::StepKind::Binary: {
      BinaryFn fn = BinaryFn(step.fn);
      if (auto attr = dyn_cast_or_null<BinaryFnAttr>(findAttr(step.attr)))
        fn = attr.getValue();
      Value lhs = get(step.operands[0]), rhs = get(step.operands[1]);
      if (!lhs || !rhs)
        return;
      result = helper.buildBinaryFn(fn, lhs, rhs, emitError);
      break;
    }
    case opdsl::StepKind::Ternary: {
      TernaryFn fn = TernaryFn(step.fn);
      if (auto attr = dyn_cast_or_null<TernaryFnAttr>(findAttr(step.attr)))
        fn = attr.getValue();
      Value a = get(step.operands[0]), x = get(step.operands[1]), y = get(step.operands[2]);
      if (!a || !x || !y)
        return;
      result = helper.buildTernaryFn(fn, a, x, y, emitError);
      break;
    }
    }
    if (!result)
      return;
    values.push_back(result);
  }
  SmallVector<Value, 2> yields;
  for (const opdsl::Ref &ref : spec.yields) {
    Value v = get(ref);
    if (!v)
      return;
    yields.push_back(v);
  }
  helper.yieldOutputs(ValueRange(ArrayRef<Value>(yields)));
}

/// The body of the contraction ops (matmul, batch_matmul, batch_reduce_matmul,
/// contract): out + cast(lhs) * cast(rhs), with the `cast` attribute's
/// signedness when `castFromAttr`.
void linalg::buildMulAddRegion(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                               function_ref<InFlightDiagnostic()> emitError, bool castFromAttr) {
  if (block.getNumArguments() != 3)
    return;
  RegionBuilderHelper helper(b, block);
  TypeFn castVal = castFromAttr ? castFunction(attrs, TypeFn::cast_signed) : TypeFn::cast_signed;
  Type outType = block.getArgument(2).getType();
  Value lhs = helper.buildTypeFn(castVal, outType, block.getArgument(0), emitError);
  Value rhs = helper.buildTypeFn(castVal, outType, block.getArgument(1), emitError);
  if (!lhs || !rhs)
    return;
  Value product = helper.buildBinaryFn(BinaryFn::mul, lhs, rhs, emitError);
  if (!product)
    return;
  Value sum = helper.buildBinaryFn(BinaryFn::add, block.getArgument(2), product, emitError);
  if (!sum)
    return;
  helper.yieldOutputs(ValueRange(ArrayRef<Value>(&sum, 1)));
}

/// linalg.elementwise: the `kind` function of the inputs.
void linalg::buildElementwiseRegion(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                                    function_ref<InFlightDiagnostic()> emitError) {
  ElementwiseKind kind = ElementwiseKind(0);
  for (const NamedAttribute &attr : attrs)
    if (attr.getName().getValue() == "kind")
      if (auto k = dyn_cast<ElementwiseKindAttr>(attr.getValue())) {
        kind = k.getValue();
        break;
      }
  ElementwiseArity arity = getElementwiseArity(kind);
  if (block.getNumArguments() != arity.numInputs + 1) {
    if (emitError)
      emitError() << "Elementwise regionBuilder expects " << (arity.numInputs + 1) << " args, got "
                  << block.getNumArguments();
    return;
  }
  RegionBuilderHelper helper(b, block);
  Value result;
  if (arity.numInputs == 1)
    result = helper.buildUnaryFn(UnaryFn(arity.fn), block.getArgument(0), {});
  else if (arity.numInputs == 2)
    result = helper.buildBinaryFn(BinaryFn(arity.fn), block.getArgument(0), block.getArgument(1), {});
  else
    result = helper.buildTernaryFn(TernaryFn(arity.fn), block.getArgument(0), block.getArgument(1),
                                   block.getArgument(2), {});
  if (!result)
    return;
  helper.yieldOutputs(ValueRange(ArrayRef<Value>(&result, 1)));
}

ElementwiseArity linalg::getElementwiseArity(ElementwiseKind kind) {
  // ElementwiseKind numbers the unary, then the binary, then the ternary
  // functions (ElementwiseCaseLimits).
  constexpr unsigned numUnary = 13, numBinary = 10;
  unsigned value = unsigned(kind);
  if (value < numUnary)
    return {1, value};
  if (value < numUnary + numBinary)
    return {2, value - numUnary};
  return {3, value - numUnary - numBinary};
}

/// MLIR's fillStructuredOpRegion: one block whose arguments are the element
/// types of the shaped operands (other operands as they are), with unknown
/// locations, filled by `regionBuilder`.
void linalg::fillStructuredOpRegion(OpBuilder &opBuilder, Region &region, TypeRange inputTypes,
                                    TypeRange outputTypes, ArrayRef<NamedAttribute> attrs,
                                    function_ref<InFlightDiagnostic()> emitError,
                                    function_ref<void(OpBuilder &, Block &, ArrayRef<NamedAttribute>,
                                                      function_ref<InFlightDiagnostic()>)>
                                        regionBuilder) {
  SmallVector<Type, 8> argTypes;
  SmallVector<Location, 8> argLocs;
  for (TypeRange types : {inputTypes, outputTypes}) {
    for (Type t : types) {
      argTypes.push_back(isa<MemRefType, RankedTensorType>(t) ? cast<ShapedType>(t).getElementType() : t);
      argLocs.push_back(opBuilder.getUnknownLoc());
    }
  }
  OpBuilder::InsertionGuard guard(opBuilder);
  Block *body = opBuilder.createBlock(&region, Region::iterator(), argTypes, argLocs);
  opBuilder.setInsertionPointToStart(body);
  regionBuilder(opBuilder, *body, attrs, emitError);
}
