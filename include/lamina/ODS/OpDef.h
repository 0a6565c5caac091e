//===- OpDef.h - Declarative operation definitions (ODS without tblgen) ---===//
//
// An operation is defined in a few lines of plain C++ that mirror an ODS
// record; the definition is interpreted when the dialect registers it — no
// code generator. Example (func.call):
//
//   ods::OpDef("func.call", TypeID::get<CallOp>())
//       .attr("callee", ods::FlatSymbolRefAttr())
//       .variadicOperand("operands", ods::AnyType())
//       .variadicResult("", ods::AnyType())
//       .trait(ods::MemRefsNormalizable())
//       .format("$callee `(` $operands `)` attr-dict `:` "
//               "functional-type($operands, results)")
//       .registerIn(dialect);
//
// From the definition the engine derives everything MLIR's OpDefinitionsGen
// generates: the count traits, the verifier (in MLIR's order: count traits,
// structural traits, OpInvariants — attributes, operands, results, predicate
// traits, regions, successors —, the other traits in declaration order, then
// the custom verifier; region traits and the region verifier after nested
// ops), the property slots (inherent attributes in MLIR's getAttributeNames
// order, then `operandSegmentSizes`/`resultSegmentSizes`), the bytecode
// properties encoding, and — from `format(...)` — the custom parser and
// printer (see docs/ods.md for the format language).
//
// Arguments (operands and attributes) may be declared in any interleaving;
// the order of each kind is significant as in ODS.
//
#pragma once

#include "lamina/IR/OpInterface.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/InferTypeOpInterface.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/Constraints.h"

#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

class Dialect;
class OpFoldResult;
class RewritePatternSet;
class SymbolTableCollection;

namespace ods {

class InterpretedOpDef;

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

/// A type transformation for `TypesMatchWith` (`$_self` is the source type):
/// writes the derived type(s) to `out`.
using TypeTransformFn = void (*)(Type in, SmallVectorImpl<Type> &out);

/// A memory effect as ODS declares it (MemRead, MemWrite<Resource, stage,
/// FullEffect>, ...): on the op (MemoryEffects<[...]>) or on one of its
/// operands, symbol attributes or results.
struct Effect {
  MemoryEffects::Effect *effect = nullptr;
  SideEffects::Resource *resource = nullptr;
  int stage = 0;
  bool effectOnFullRegion = false;
};
/// MemRead / MemWrite / MemAlloc / MemFree: `resource` null for the
/// DefaultResource; `stage` and `effectOnFullRegion` as MemReadAt<stage,
/// FullEffect>.
Effect MemRead(SideEffects::Resource *resource = nullptr, int stage = 0, bool effectOnFullRegion = false);
Effect MemWrite(SideEffects::Resource *resource = nullptr, int stage = 0, bool effectOnFullRegion = false);
Effect MemAlloc(SideEffects::Resource *resource = nullptr, int stage = 0, bool effectOnFullRegion = false);
Effect MemFree(SideEffects::Resource *resource = nullptr, int stage = 0, bool effectOnFullRegion = false);
/// The effects of one operand, attribute or result (`Arg<T, "", [MemRead]>`).
using Effects = std::initializer_list<Effect>;

/// What an inferer of result types sees (InferTypeOpInterface).
using InferContext = InferTypeContext;

/// A trait as an ODS definition lists it. Build traits with the functions
/// below; custom traits fill the fields directly.
struct Trait {
  /// The trait's name (for diagnostics of definition errors).
  std::string name;
  /// The tag inserted in the op's trait set (`op->hasTrait<OpTrait::X>()`);
  /// null for traits without a tag.
  TypeID tag;
  /// Interfaces this trait implements (see Implements<>).
  std::vector<OpInterfaceModel> interfaces;
  /// MemoryEffects<[...]> (NoMemoryEffect: an empty list): the op's own
  /// effects; the engine implements MemoryEffectOpInterface from them and
  /// from the effects declared on operands, attributes and results.
  bool declaresMemoryEffects = false;
  std::vector<Effect> effects;
  /// StructuralOpTrait: verified before OpInvariants.
  bool structural = false;
  /// PredOpTrait: verified inside OpInvariants, after the operand and result
  /// constraints ("failed to verify that <summary>").
  bool isPredicate = false;
  std::string summary;
  /// verifyTrait / verifyRegionTrait; either may be null.
  std::function<LogicalResult(Operation *)> verify;
  std::function<LogicalResult(Operation *)> verifyRegion;
  /// Type inference hints used by the assembly format.
  enum class Inference { None, AllTypesMatch, SameOperandsAndResultType, SameTypeOperands, TypesMatchWith };
  Inference inference = Inference::None;
  /// AllTypesMatch: the names; TypesMatchWith: {lhs, rhs}.
  std::vector<std::string> names;
  TypeTransformFn transform = nullptr;
  /// Whether `transform` produces a range (RangedTypesMatchWith, getInputs()).
  bool transformIsRange = false;
  /// OptionalTypesMatchWith: verified only when both values are present.
  bool matchIfPresent = false;
  /// InferTypeOpInterface (set by Implements<InferTypeOpInterface>): infers
  /// result types during parsing when the format does not mention them.
  bool infersResultTypes = false;
  LogicalResult (*inferFn)(const InferContext &ctx, SmallVectorImpl<Type> &inferred) = nullptr;
  /// SingleBlockImplicitTerminator: the terminator's name.
  std::string implicitTerminator;
  /// Traits this one stands for (ODS TraitList); flattened when added.
  std::vector<Trait> list;
};

/// The verification of a predicate trait, given the op.
using PredicateFn = bool (*)(Operation *op);

// Native traits (mlir/IR/OpBase.td). Each sets the OpTrait tag.
Trait IsTerminator();
Trait NoTerminator();
Trait SingleBlock();
/// SingleBlockImplicitTerminator<"op"> (SingleBlock + the terminator check).
Trait SingleBlockImplicitTerminator(std::string_view terminatorName);
Trait IsolatedFromAbove();
Trait SymbolTableTrait();
Trait AffineScope();
Trait AutomaticAllocationScope();
/// HasParent<"a"> / ParentOneOf<["a", "b"]>.
Trait HasParent(std::initializer_list<std::string_view> parentNames);
Trait ReturnLike();
Trait ConstantLike();
Trait Commutative();
Trait Idempotent();
Trait Involution();
Trait MemRefsNormalizable();
Trait Elementwise();
Trait Scalarizable();
Trait Vectorizable();
Trait Tensorizable();
/// ElementwiseMappable: Elementwise, Scalarizable, Vectorizable, Tensorizable.
Trait ElementwiseMappable();
Trait SameOperandsAndResultType();
Trait SameTypeOperands();
Trait SameOperandsShape();
Trait SameOperandsAndResultShape();
Trait SameOperandsElementType();
Trait SameOperandsAndResultElementType();
Trait ResultsBroadcastableShape();
Trait AttrSizedOperandSegments();
Trait AttrSizedResultSegments();
/// SameVariadicOperandSize / SameVariadicResultSize: several variadic groups
/// of equal length without a segment-size property (the engine's default
/// grouping when no AttrSized trait is present).
Trait SameVariadicOperandSize();
Trait SameVariadicResultSize();
Trait NoRegionArguments();
/// HasOnlyGraphRegion: every region a graph region (MLIR lists it with
/// RegionKindInterface, whose getRegionKind it provides: this trait
/// implements both).
Trait HasOnlyGraphRegion();
/// RecursiveMemoryEffects (HasRecursiveMemoryEffects): the op's effects are
/// those of the ops in its regions.
Trait RecursiveMemoryEffects();
/// MemoryEffects<[...]>: the op's own memory effects (see Effect).
Trait MemoryEffects(std::initializer_list<Effect> effects);
/// NoMemoryEffect (MemoryEffects<[]>).
Trait NoMemoryEffect();
/// AlwaysSpeculatable: ConditionallySpeculatable, always Speculatable.
Trait AlwaysSpeculatable();
/// RecursivelySpeculatable: ConditionallySpeculatable, speculatable when
/// the ops in its regions are.
Trait RecursivelySpeculatable();
/// Pure: AlwaysSpeculatable and NoMemoryEffect.
Trait Pure();
/// HasParallelRegion (LoopLikeInterface.td): a tag.
Trait HasParallelRegion();
// Predicate traits (verified inside OpInvariants).
/// AllTypesMatch<["a", "b"]>: "all of {a, b} have same type".
Trait AllTypesMatch(std::initializer_list<std::string_view> names);
/// AllElementTypesMatch, AllShapesMatch, AllRanksMatch.
Trait AllElementTypesMatch(std::initializer_list<std::string_view> names);
Trait AllShapesMatch(std::initializer_list<std::string_view> names);
Trait AllRanksMatch(std::initializer_list<std::string_view> names);
/// TypesMatchWith<summary, lhs, rhs, transform>: transform(lhs type) == rhs
/// type(s). `isRange` when the transform yields a list (RangedTypesMatchWith
/// or a list-valued transform such as `getInputs()`).
Trait TypesMatchWith(std::string_view summary, std::string_view lhs, std::string_view rhs, TypeTransformFn transform,
                     bool isRange = false);
/// OptionalTypesMatchWith: as TypesMatchWith when both (optional) values are
/// present.
Trait OptionalTypesMatchWith(std::string_view summary, std::string_view lhs, std::string_view rhs,
                             TypeTransformFn transform);
/// A PredOpTrait with an arbitrary predicate.
Trait PredOpTrait(std::string_view summary, PredicateFn pred);
/// A trait with custom verification (verifyTrait / verifyRegionTrait).
Trait CustomTrait(std::string_view name, std::function<LogicalResult(Operation *)> verify,
                  std::function<LogicalResult(Operation *)> verifyRegion = nullptr);

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

/// An inferer of result types (InferTypeOpInterface::inferReturnTypes).
using InferReturnTypesFn = LogicalResult (*)(const InferContext &ctx, SmallVectorImpl<Type> &inferred);

/// Symbol (SymbolOpInterface, lamina/IR/SymbolTable.h): verifies
/// sym_name/sym_visibility and `symbol declaration cannot have public
/// visibility`. `methods` overrides isDeclaration (e.g. an external
/// function) and isOptionalSymbol (builtin.module).
Trait Symbol(const SymbolOpInterfaceConcept &methods = {});

/// Implements<> for an already built model.
Trait ImplementsModel(const OpInterfaceModel &model);
/// The interface `I` implemented by `methods` (MLIR's listing of `I` or
/// `DeclareOpInterfaceMethods<I>` among an op's traits): the functions of
/// I's Concept (defaults where not given), and I's verifier, run where the
/// trait is listed. A required method left null is a definition error at
/// registration.
template <typename I> Trait Implements(const typename I::Concept &methods) {
  Trait t = ImplementsModel(I::getModel(methods));
  if constexpr (requires { I::getBaseInterfaceModels(); })
    for (OpInterfaceModel base : I::getBaseInterfaceModels()) {
      base.implied = true;
      t.interfaces.push_back(base);
    }
  return t;
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// The parse-time storage of one argument of a `custom<Name>(...)`
/// directive, as the generated parser passes it to `parseName`.
struct CustomParseArg {
  enum class Kind {
    Attribute,   ///< `$attr`: `attr` (set it; the engine stores it).
    AttrDict,    ///< `attr-dict`: `attrs`.
    Operand,     ///< `$operand`: `operands` (0/1 element for single/optional).
    Region,      ///< `$region`: `regions` (one for a single region).
    Successor,   ///< `$successor`: `successors`.
    Type,        ///< `type($x)`: `types`.
    String,      ///< `"literal"`: `string`.
  };
  Kind kind;
  /// `ref(...)`: already parsed; read, do not fill.
  bool isRef = false;
  /// Variadic (list) vs single/optional.
  bool isVariadic = false;
  bool isOptional = false;
  Attribute *attr = nullptr;
  NamedAttrList *attrs = nullptr;
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> *operands = nullptr;
  /// Segment sizes for VariadicOfVariadic operands.
  std::vector<int32_t> *operandGroupSizes = nullptr;
  std::vector<std::unique_ptr<Region>> *regions = nullptr;
  std::vector<Block *> *successors = nullptr;
  SmallVectorImpl<Type> *types = nullptr;
  std::string_view string;
};

/// The print-time value of one argument of a custom directive.
struct CustomPrintArg {
  CustomParseArg::Kind kind;
  Attribute attr;
  lamina::DictionaryAttr attrs;
  OperandRange operands;
  std::vector<Type> types;
  /// VariadicOfVariadic operands (and their types): the group sizes.
  std::vector<int32_t> groupSizes;
  std::vector<Region *> regions;
  std::vector<Block *> successors;
  std::string_view string;
};

/// `custom<Name>(...)`. `parse` returns failure on error; for a directive
/// that guards an optional group, `parseOptional` returns std::nullopt when
/// it is absent.
struct CustomDirective {
  std::string name;
  ParseResult (*parse)(OpAsmParser &parser, OperationState &state, ArrayRef<CustomParseArg *> args) = nullptr;
  void (*print)(OpAsmPrinter &printer, Operation *op, ArrayRef<CustomPrintArg> args) = nullptr;
  std::optional<ParseResult> (*parseOptional)(OpAsmParser &parser, OperationState &state,
                                              ArrayRef<CustomParseArg *> args) = nullptr;
};

//===----------------------------------------------------------------------===//
// OpDef
//===----------------------------------------------------------------------===//

/// Builder of an operation definition. Chain the declarations, then call
/// registerIn(dialect). The definition is finalized (format parsed and
/// checked, slots computed) once per process and shared by every context.
class OpDef {
public:
  /// `name` is the full name ("func.call"). `typeID` identifies the C++ op
  /// class, if any (allocated otherwise).
  explicit OpDef(std::string_view name, TypeID typeID = TypeID());
  OpDef(OpDef &&);
  OpDef &operator=(OpDef &&);
  ~OpDef();

  // Operands and results ------------------------------------------------------
  // `effects` are ODS's decorators of `Arg<T, "", [MemRead]>` /
  // `Res<T, "", [MemAlloc]>`: the op's memory effects on each value of the
  // group (see ods::Effect).
  OpDef &operand(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});
  OpDef &optionalOperand(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});
  OpDef &variadicOperand(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});
  /// VariadicOfVariadic<type, "segmentAttr">.
  OpDef &variadicOfVariadicOperand(std::string_view name, TypeConstraint c, std::string_view segmentAttr);
  OpDef &result(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});
  OpDef &optionalResult(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});
  OpDef &variadicResult(std::string_view name, TypeConstraint c = TypeConstraint(), Effects effects = {});

  // Attributes -------------------------------------------------------------
  /// A required attribute. `effects`: effects on the symbol a symbol
  /// reference attribute names (`Arg<SymbolRefAttr, "", [MemRead]>`).
  OpDef &attr(std::string_view name, AttrConstraint c, Effects effects = {});
  /// OptionalAttr<c> (UnitAttr is always optional).
  OpDef &optionalAttr(std::string_view name, AttrConstraint c, Effects effects = {});
  /// DefaultValuedAttr<c, "value">: `value` is the C++ constant ODS passes
  /// to the constraint's constBuilder; the attribute is populated with it
  /// when absent and elided from the printed form when equal to it.
  OpDef &defaultAttr(std::string_view name, AttrConstraint c, std::string_view value);
  /// DefaultValuedOptionalAttr<c, "value">: optional, elided when equal.
  OpDef &defaultOptionalAttr(std::string_view name, AttrConstraint c, std::string_view value);

  // Regions and successors -------------------------------------------------------
  OpDef &region(std::string_view name, RegionConstraint c = RegionConstraint());
  OpDef &variadicRegion(std::string_view name, RegionConstraint c = RegionConstraint());
  OpDef &successor(std::string_view name, SuccessorConstraint c = SuccessorConstraint());
  OpDef &variadicSuccessor(std::string_view name, SuccessorConstraint c = SuccessorConstraint());

  // Traits and interfaces ---------------------------------------------------------
  OpDef &trait(Trait t);
  OpDef &traits(std::initializer_list<Trait> ts);

  // Syntax ---------------------------------------------------------------------
  /// The declarative assembly format (MLIR's `assemblyFormat`).
  OpDef &format(std::string_view fmt);
  /// A hand-written custom syntax (MLIR's `hasCustomAssemblyFormat`).
  OpDef &customAssembly(ParseResult (*parse)(OpAsmParser &, OperationState &), void (*print)(Operation *, OpAsmPrinter &));
  /// Custom directives the format refers to (`custom<Name>(...)`).
  OpDef &directive(CustomDirective d);

  // Hooks ----------------------------------------------------------------------
  /// hasVerifier: run after every trait.
  OpDef &verifier(LogicalResult (*fn)(Operation *));
  /// hasRegionVerifier: run after the region traits.
  OpDef &regionVerifier(LogicalResult (*fn)(Operation *));
  /// hasFolder, general form (any number of results): given the constant
  /// value of each operand (null where not constant), fill one OpFoldResult
  /// per result, or leave `results` empty and succeed after an in-place
  /// update.
  OpDef &folder(LogicalResult (*fn)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &));
  /// hasFolder, single-result form: return the folded value or attribute,
  /// the op's own result after an in-place update, or null.
  OpDef &folder(OpFoldResult (*fn)(Operation *, ArrayRef<Attribute>));
  /// hasCanonicalizer: `fn` adds the op's canonicalization patterns.
  OpDef &canonicalizer(void (*fn)(RewritePatternSet &, MLIRContext *));

  /// Finalizes (once per process per op name) and registers the op in
  /// `dialect`. Definition errors (a bad format, an interface with a
  /// method left unimplemented) are fatal.
  void registerIn(Dialect &dialect);
  /// registerIn, reporting a definition error in `error` instead.
  LogicalResult tryRegisterIn(Dialect &dialect, std::string &error);

  /// The definition being built (for engine internals). Only while one is
  /// built: not for an op finalized before in this process (`finalized`).
  InterpretedOpDef &getDefinition() { return *def; }

private:
  /// The process's finalized definition of the op `name`, or null.
  static InterpretedOpDef *lookUpFinalized(std::string_view name);

  /// The definition being built; null when the op's definition was
  /// finalized before in this process (`finalized`): the declarations are
  /// then ignored and registerIn registers the finalized one.
  std::unique_ptr<InterpretedOpDef> def;
  InterpretedOpDef *finalized = nullptr;
};

//===----------------------------------------------------------------------===//
// Accessors for op classes
//===----------------------------------------------------------------------===//

/// Attach hooks to an op `dialect` already registered, for hooks kept apart
/// from the op's definition (a dialect's folders in their own file).
void attachFolder(Dialect &dialect, std::string_view opName, OpFoldResult (*fn)(Operation *, ArrayRef<Attribute>));
void attachFolder(Dialect &dialect, std::string_view opName,
                  LogicalResult (*fn)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &));
void attachCanonicalizer(Dialect &dialect, std::string_view opName, void (*fn)(RewritePatternSet &, MLIRContext *));
/// Adds an interface implementation to a registered op (MLIR's external
/// models), for interfaces without verifiers: `attachInterface<I>(dialect,
/// name, {...methods})`.
void attachInterfaceModel(Dialect &dialect, std::string_view opName, const OpInterfaceModel &model);
template <typename I>
void attachInterface(Dialect &dialect, std::string_view opName, const typename I::Concept &methods) {
  attachInterfaceModel(dialect, opName, I::getModel(methods));
}

/// Runs `registerOps`, a function that registers operations of `dialect`
/// (OpDef::registerIn, and the attach* functions above on those operations),
/// once per process: the first call runs it and records the operations it
/// registered as they are when it returns (hooks, traits, interfaces); the
/// calls of other contexts loading the dialect later register the recorded
/// operations without running it. Dialects register their operations
/// through it: building every definition's arguments again (constraints,
/// traits, interface tables), to find the definition finalized, was most of
/// the cost of loading a dialect into a new context (one per input of a
/// fuzzer or an in-process replay, one per `--split-input-file` chunk). The
/// function must not touch anything else: not the dialect's attributes or
/// types, not another dialect's operations.
void registerOpsOnce(Dialect &dialect, void (*registerOps)(Dialect &));
/// With `false`, registerOpsOnce always runs its function (and records
/// nothing): for tests comparing the replayed registrations with built ones.
void setOpRegistrationReplay(bool enabled);

/// The definition a registered op was built from, or null.
const InterpretedOpDef *getDefinition(Operation *op);

/// [start, length) of ODS operand group `index` (segment-aware, as MLIR's
/// getODSOperandIndexAndLength).
std::pair<unsigned, unsigned> getODSOperandIndexAndLength(Operation *op, unsigned index);
std::pair<unsigned, unsigned> getODSResultIndexAndLength(Operation *op, unsigned index);
/// The values of operand/result group `index`.
OperandRange getODSOperands(Operation *op, unsigned index);
ResultRange getODSResults(Operation *op, unsigned index);
/// The values of the operand/result group named `name`.
OperandRange getOperandGroup(Operation *op, std::string_view name);
ResultRange getResultGroup(Operation *op, std::string_view name);
/// The inherent attribute `name` (null if unset). Asserts `name` is one.
Attribute getInherentAttr(Operation *op, std::string_view name);

} // namespace ods
} // namespace lamina
