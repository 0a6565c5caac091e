/*===- lamina-c/IR.h - The C API of the core IR ---------------------------===*\
|*                                                                            *|
|* Contexts, dialects, locations, modules, operations, regions, blocks,       *|
|* values, types, attributes and identifiers, as MLIR's mlir-c/IR.h declares  *|
|* them (Mlir -> Lamina, mlir -> lamina).                                     *|
|*                                                                            *|
|* Ownership: functions named ...Create return an object the caller owns and  *|
|* must destroy (or hand to an owner: an operation appended to a block, a     *|
|* block to a region, a region to an operation state). Everything else is a  *|
|* non-owning reference that lives as long as its owner.                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_IR_H
#define LAMINA_C_IR_H

#include "lamina-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Handles
 *===----------------------------------------------------------------------===*/

LAMINA_DEFINE_C_API_STRUCT(LaminaContext, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaDialect, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaDialectRegistry, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaOperation, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaOpPrintingFlags, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaBytecodeWriterConfig, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaBlock, void);
LAMINA_DEFINE_C_API_STRUCT(LaminaRegion, void);

LAMINA_DEFINE_C_API_STRUCT(LaminaAttribute, const void);
LAMINA_DEFINE_C_API_STRUCT(LaminaIdentifier, const void);
LAMINA_DEFINE_C_API_STRUCT(LaminaLocation, const void);
LAMINA_DEFINE_C_API_STRUCT(LaminaModule, const void);
LAMINA_DEFINE_C_API_STRUCT(LaminaType, const void);
LAMINA_DEFINE_C_API_STRUCT(LaminaValue, const void);

/** An attribute with a name: an entry of an operation's attribute dictionary. */
struct LaminaNamedAttribute {
  LaminaIdentifier name;
  LaminaAttribute attribute;
};
typedef struct LaminaNamedAttribute LaminaNamedAttribute;

/*===----------------------------------------------------------------------===*
 * Context
 *===----------------------------------------------------------------------===*/

/** A new context (multithreaded, no dialects registered), owned by the caller. */
LAMINA_CAPI_EXPORTED LaminaContext laminaContextCreate(void);
/** A new context, multithreaded or not. */
LAMINA_CAPI_EXPORTED LaminaContext laminaContextCreateWithThreading(bool threadingEnabled);
/** A new context knowing the dialects of `registry` (copied). */
LAMINA_CAPI_EXPORTED LaminaContext laminaContextCreateWithRegistry(LaminaDialectRegistry registry,
                                                                   bool threadingEnabled);
/** Destroys a context and every IR object it owns. */
LAMINA_CAPI_EXPORTED void laminaContextDestroy(LaminaContext context);
static inline bool laminaContextIsNull(LaminaContext context) { return !context.ptr; }
LAMINA_CAPI_EXPORTED bool laminaContextEqual(LaminaContext ctx1, LaminaContext ctx2);
/** Whether operations of dialects that are not registered may be parsed and built. */
LAMINA_CAPI_EXPORTED void laminaContextSetAllowUnregisteredDialects(LaminaContext context, bool allow);
LAMINA_CAPI_EXPORTED bool laminaContextGetAllowUnregisteredDialects(LaminaContext context);
/** The number of dialects registered with the context (loaded on first use). */
LAMINA_CAPI_EXPORTED intptr_t laminaContextGetNumRegisteredDialects(LaminaContext context);
/** The number of dialects the context has loaded. */
LAMINA_CAPI_EXPORTED intptr_t laminaContextGetNumLoadedDialects(LaminaContext context);
/** Adds the dialects of `registry` to the context. */
LAMINA_CAPI_EXPORTED void laminaContextAppendDialectRegistry(LaminaContext ctx, LaminaDialectRegistry registry);
/** The dialect of namespace `name`, loaded if registered; null if unknown. */
LAMINA_CAPI_EXPORTED LaminaDialect laminaContextGetOrLoadDialect(LaminaContext context, LaminaStringRef name);
/** Loads every registered dialect. */
LAMINA_CAPI_EXPORTED void laminaContextLoadAllAvailableDialects(LaminaContext context);
/** Turns the context's thread pool on or off. */
LAMINA_CAPI_EXPORTED void laminaContextEnableMultithreading(LaminaContext context, bool enable);
/** Whether `name` is the name of a registered operation (its dialect loaded). */
LAMINA_CAPI_EXPORTED bool laminaContextIsRegisteredOperation(LaminaContext context, LaminaStringRef name);

/*===----------------------------------------------------------------------===*
 * Dialects and registries
 *===----------------------------------------------------------------------===*/

LAMINA_CAPI_EXPORTED LaminaContext laminaDialectGetContext(LaminaDialect dialect);
static inline bool laminaDialectIsNull(LaminaDialect dialect) { return !dialect.ptr; }
LAMINA_CAPI_EXPORTED bool laminaDialectEqual(LaminaDialect dialect1, LaminaDialect dialect2);
LAMINA_CAPI_EXPORTED LaminaStringRef laminaDialectGetNamespace(LaminaDialect dialect);

/** An empty registry, owned by the caller (see lamina-c/RegisterEverything.h). */
LAMINA_CAPI_EXPORTED LaminaDialectRegistry laminaDialectRegistryCreate(void);
static inline bool laminaDialectRegistryIsNull(LaminaDialectRegistry registry) { return !registry.ptr; }
LAMINA_CAPI_EXPORTED void laminaDialectRegistryDestroy(LaminaDialectRegistry registry);

/*===----------------------------------------------------------------------===*
 * Locations
 *===----------------------------------------------------------------------===*/

LAMINA_CAPI_EXPORTED LaminaLocation laminaLocationFileLineColGet(LaminaContext context, LaminaStringRef filename,
                                                                 unsigned line, unsigned col);
LAMINA_CAPI_EXPORTED LaminaLocation laminaLocationUnknownGet(LaminaContext context);
/** `name`(childLoc): a named location (childLoc may be null: unknown). */
LAMINA_CAPI_EXPORTED LaminaLocation laminaLocationNameGet(LaminaContext context, LaminaStringRef name,
                                                          LaminaLocation childLoc);
/** fused[locations...] with an optional metadata attribute (may be null). */
LAMINA_CAPI_EXPORTED LaminaLocation laminaLocationFusedGet(LaminaContext ctx, intptr_t nLocations,
                                                           LaminaLocation const *locations,
                                                           LaminaAttribute metadata);
/** The location as an attribute, and back. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaLocationGetAttribute(LaminaLocation location);
LAMINA_CAPI_EXPORTED LaminaLocation laminaLocationFromAttribute(LaminaAttribute attribute);
LAMINA_CAPI_EXPORTED LaminaContext laminaLocationGetContext(LaminaLocation location);
static inline bool laminaLocationIsNull(LaminaLocation location) { return !location.ptr; }
LAMINA_CAPI_EXPORTED bool laminaLocationEqual(LaminaLocation l1, LaminaLocation l2);
/** Prints `loc(...)` as the printer does with debug info enabled. */
LAMINA_CAPI_EXPORTED void laminaLocationPrint(LaminaLocation location, LaminaStringCallback callback,
                                              void *userData);

/*===----------------------------------------------------------------------===*
 * Modules
 *===----------------------------------------------------------------------===*/

/** An empty builtin.module, owned by the caller. */
LAMINA_CAPI_EXPORTED LaminaModule laminaModuleCreateEmpty(LaminaLocation location);
/** Parses text (or bytecode: the buffer starts with "ML\xEFR") into a module
 *  owned by the caller; top-level operations other than a single module are
 *  wrapped in one. Returns null after emitting diagnostics on failure. */
LAMINA_CAPI_EXPORTED LaminaModule laminaModuleCreateParse(LaminaContext context, LaminaStringRef module);
/** The same for the contents of a file (`-` is standard input). */
LAMINA_CAPI_EXPORTED LaminaModule laminaModuleCreateParseFromFile(LaminaContext context, LaminaStringRef fileName);
LAMINA_CAPI_EXPORTED LaminaContext laminaModuleGetContext(LaminaModule module);
/** The module's only block. */
LAMINA_CAPI_EXPORTED LaminaBlock laminaModuleGetBody(LaminaModule module);
static inline bool laminaModuleIsNull(LaminaModule module) { return !module.ptr; }
LAMINA_CAPI_EXPORTED void laminaModuleDestroy(LaminaModule module);
LAMINA_CAPI_EXPORTED LaminaOperation laminaModuleGetOperation(LaminaModule module);
/** The module an operation is, or null if it is not a builtin.module. */
LAMINA_CAPI_EXPORTED LaminaModule laminaModuleFromOperation(LaminaOperation op);

/*===----------------------------------------------------------------------===*
 * Operation state (building operations)
 *===----------------------------------------------------------------------===*/

/** What laminaOperationCreate needs; fill it with the laminaOperationState*
 *  functions. It owns the regions added to it until the operation is created
 *  and owns nothing else. */
struct LaminaOperationState {
  LaminaStringRef name;
  LaminaLocation location;
  intptr_t nResults;
  LaminaType *results;
  intptr_t nOperands;
  LaminaValue *operands;
  intptr_t nRegions;
  LaminaRegion *regions;
  intptr_t nSuccessors;
  LaminaBlock *successors;
  intptr_t nAttributes;
  LaminaNamedAttribute *attributes;
  bool enableResultTypeInference;
};
typedef struct LaminaOperationState LaminaOperationState;

/** A state for operation `name` at `loc` (the name is not copied). */
LAMINA_CAPI_EXPORTED LaminaOperationState laminaOperationStateGet(LaminaStringRef name, LaminaLocation loc);
LAMINA_CAPI_EXPORTED void laminaOperationStateAddResults(LaminaOperationState *state, intptr_t n,
                                                         LaminaType const *results);
LAMINA_CAPI_EXPORTED void laminaOperationStateAddOperands(LaminaOperationState *state, intptr_t n,
                                                          LaminaValue const *operands);
LAMINA_CAPI_EXPORTED void laminaOperationStateAddOwnedRegions(LaminaOperationState *state, intptr_t n,
                                                              LaminaRegion const *regions);
LAMINA_CAPI_EXPORTED void laminaOperationStateAddSuccessors(LaminaOperationState *state, intptr_t n,
                                                            LaminaBlock const *successors);
LAMINA_CAPI_EXPORTED void laminaOperationStateAddAttributes(LaminaOperationState *state, intptr_t n,
                                                            LaminaNamedAttribute const *attributes);
/** Infers the result types (InferTypeOpInterface) instead of taking them. */
LAMINA_CAPI_EXPORTED void laminaOperationStateEnableResultTypeInference(LaminaOperationState *state);

/*===----------------------------------------------------------------------===*
 * Printing flags and bytecode writer configuration
 *===----------------------------------------------------------------------===*/

LAMINA_CAPI_EXPORTED LaminaOpPrintingFlags laminaOpPrintingFlagsCreate(void);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsDestroy(LaminaOpPrintingFlags flags);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsElideLargeElementsAttrs(LaminaOpPrintingFlags flags,
                                                                       intptr_t largeElementLimit);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsEnableDebugInfo(LaminaOpPrintingFlags flags, bool enable,
                                                               bool prettyForm);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsPrintGenericOpForm(LaminaOpPrintingFlags flags);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsUseLocalScope(LaminaOpPrintingFlags flags);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsAssumeVerified(LaminaOpPrintingFlags flags);
LAMINA_CAPI_EXPORTED void laminaOpPrintingFlagsSkipRegions(LaminaOpPrintingFlags flags);

LAMINA_CAPI_EXPORTED LaminaBytecodeWriterConfig laminaBytecodeWriterConfigCreate(void);
LAMINA_CAPI_EXPORTED void laminaBytecodeWriterConfigDestroy(LaminaBytecodeWriterConfig config);
/** The bytecode version to write (0 to 6; the newest by default). */
LAMINA_CAPI_EXPORTED void laminaBytecodeWriterConfigDesiredEmitVersion(LaminaBytecodeWriterConfig flags,
                                                                       int64_t version);

/*===----------------------------------------------------------------------===*
 * Operations
 *===----------------------------------------------------------------------===*/

/** Creates an operation from a state, owned by the caller. Returns null after
 *  emitting a diagnostic if the name is not registered and unregistered
 *  dialects are not allowed, or result type inference fails. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaOperationCreate(LaminaOperationState *state);
/** Parses one operation (its text form, as printed), owned by the caller;
 *  null after emitting diagnostics on failure. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaOperationCreateParse(LaminaContext context, LaminaStringRef sourceStr,
                                                                LaminaStringRef sourceName);
/** A deep copy, owned by the caller. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaOperationClone(LaminaOperation op);
/** Destroys an operation the caller owns (not in a block). */
LAMINA_CAPI_EXPORTED void laminaOperationDestroy(LaminaOperation op);
/** Takes the operation out of its block; the caller owns it afterwards. */
LAMINA_CAPI_EXPORTED void laminaOperationRemoveFromParent(LaminaOperation op);
static inline bool laminaOperationIsNull(LaminaOperation op) { return !op.ptr; }
LAMINA_CAPI_EXPORTED bool laminaOperationEqual(LaminaOperation op, LaminaOperation other);
LAMINA_CAPI_EXPORTED LaminaContext laminaOperationGetContext(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaLocation laminaOperationGetLocation(LaminaOperation op);
LAMINA_CAPI_EXPORTED void laminaOperationSetLocation(LaminaOperation op, LaminaLocation loc);
/** The operation's name, e.g. "arith.addi". */
LAMINA_CAPI_EXPORTED LaminaIdentifier laminaOperationGetName(LaminaOperation op);
/** Whether the operation's name is registered (its dialect defines it). */
LAMINA_CAPI_EXPORTED bool laminaOperationIsRegistered(LaminaOperation op);
/** The block holding the operation, or null. */
LAMINA_CAPI_EXPORTED LaminaBlock laminaOperationGetBlock(LaminaOperation op);
/** The operation whose region holds this one, or null. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaOperationGetParentOperation(LaminaOperation op);
LAMINA_CAPI_EXPORTED intptr_t laminaOperationGetNumRegions(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaRegion laminaOperationGetRegion(LaminaOperation op, intptr_t pos);
/** The next operation in the block, or null. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaOperationGetNextInBlock(LaminaOperation op);
LAMINA_CAPI_EXPORTED intptr_t laminaOperationGetNumOperands(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaValue laminaOperationGetOperand(LaminaOperation op, intptr_t pos);
LAMINA_CAPI_EXPORTED void laminaOperationSetOperand(LaminaOperation op, intptr_t pos, LaminaValue newValue);
LAMINA_CAPI_EXPORTED void laminaOperationSetOperands(LaminaOperation op, intptr_t nOperands,
                                                     LaminaValue const *operands);
LAMINA_CAPI_EXPORTED intptr_t laminaOperationGetNumResults(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaValue laminaOperationGetResult(LaminaOperation op, intptr_t pos);
LAMINA_CAPI_EXPORTED intptr_t laminaOperationGetNumSuccessors(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaBlock laminaOperationGetSuccessor(LaminaOperation op, intptr_t pos);
LAMINA_CAPI_EXPORTED void laminaOperationSetSuccessor(LaminaOperation op, intptr_t pos, LaminaBlock block);
/** All attributes (inherent and discardable, as the printer shows them). */
LAMINA_CAPI_EXPORTED intptr_t laminaOperationGetNumAttributes(LaminaOperation op);
LAMINA_CAPI_EXPORTED LaminaNamedAttribute laminaOperationGetAttribute(LaminaOperation op, intptr_t pos);
/** The attribute called `name`, or null. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaOperationGetAttributeByName(LaminaOperation op, LaminaStringRef name);
/** Sets (adds or replaces) the attribute called `name`. */
LAMINA_CAPI_EXPORTED void laminaOperationSetAttributeByName(LaminaOperation op, LaminaStringRef name,
                                                            LaminaAttribute attr);
/** Removes the attribute called `name`; false if there was none. */
LAMINA_CAPI_EXPORTED bool laminaOperationRemoveAttributeByName(LaminaOperation op, LaminaStringRef name);
/** Prints the operation as lamina-opt does (with default flags). */
LAMINA_CAPI_EXPORTED void laminaOperationPrint(LaminaOperation op, LaminaStringCallback callback, void *userData);
LAMINA_CAPI_EXPORTED void laminaOperationPrintWithFlags(LaminaOperation op, LaminaOpPrintingFlags flags,
                                                        LaminaStringCallback callback, void *userData);
/** Writes the operation as bytecode (the newest version). */
LAMINA_CAPI_EXPORTED void laminaOperationWriteBytecode(LaminaOperation op, LaminaStringCallback callback,
                                                       void *userData);
/** The same with a configuration; fails (with a diagnostic) for a bad version. */
LAMINA_CAPI_EXPORTED LaminaLogicalResult laminaOperationWriteBytecodeWithConfig(LaminaOperation op,
                                                                                LaminaBytecodeWriterConfig config,
                                                                                LaminaStringCallback callback,
                                                                                void *userData);
/** Prints the operation to standard error. */
LAMINA_CAPI_EXPORTED void laminaOperationDump(LaminaOperation op);
/** Verifies the operation and everything nested; diagnostics go to the
 *  context's handlers. */
LAMINA_CAPI_EXPORTED bool laminaOperationVerify(LaminaOperation op);
/** Moves `op` right after / before `other` (possibly into another block). */
LAMINA_CAPI_EXPORTED void laminaOperationMoveAfter(LaminaOperation op, LaminaOperation other);
LAMINA_CAPI_EXPORTED void laminaOperationMoveBefore(LaminaOperation op, LaminaOperation other);
/** Replaces every use of the results of `of` by the results of `with`. */
LAMINA_CAPI_EXPORTED void laminaOperationReplaceUsesOfWith(LaminaOperation of, LaminaOperation with);

/** What a walk callback tells the walk. */
typedef enum LaminaWalkResult {
  LaminaWalkResultAdvance,
  LaminaWalkResultInterrupt,
  /** Do not visit the operation's regions (pre-order walks only). */
  LaminaWalkResultSkip
} LaminaWalkResult;

/** The order of a walk: parents before or after their nested operations. */
typedef enum LaminaWalkOrder { LaminaWalkPreOrder, LaminaWalkPostOrder } LaminaWalkOrder;

typedef LaminaWalkResult (*LaminaOperationWalkCallback)(LaminaOperation, void *userData);

/** Calls `callback` on `op` and every operation nested in it, in `walkOrder`
 *  (no recursion: nesting depth is not limited by the stack). */
LAMINA_CAPI_EXPORTED void laminaOperationWalk(LaminaOperation op, LaminaOperationWalkCallback callback,
                                              void *userData, LaminaWalkOrder walkOrder);

/*===----------------------------------------------------------------------===*
 * Regions
 *===----------------------------------------------------------------------===*/

/** A new empty region, owned by the caller (until added to an operation state). */
LAMINA_CAPI_EXPORTED LaminaRegion laminaRegionCreate(void);
LAMINA_CAPI_EXPORTED void laminaRegionDestroy(LaminaRegion region);
static inline bool laminaRegionIsNull(LaminaRegion region) { return !region.ptr; }
LAMINA_CAPI_EXPORTED bool laminaRegionEqual(LaminaRegion region, LaminaRegion other);
/** The first block, or null. */
LAMINA_CAPI_EXPORTED LaminaBlock laminaRegionGetFirstBlock(LaminaRegion region);
/** Appends a block the caller owns; the region owns it afterwards. */
LAMINA_CAPI_EXPORTED void laminaRegionAppendOwnedBlock(LaminaRegion region, LaminaBlock block);
/** Inserts a block at `pos` (past the end: appends). */
LAMINA_CAPI_EXPORTED void laminaRegionInsertOwnedBlock(LaminaRegion region, intptr_t pos, LaminaBlock block);
/** Inserts a block after / before `reference` (null: at the start / end). */
LAMINA_CAPI_EXPORTED void laminaRegionInsertOwnedBlockAfter(LaminaRegion region, LaminaBlock reference,
                                                            LaminaBlock block);
LAMINA_CAPI_EXPORTED void laminaRegionInsertOwnedBlockBefore(LaminaRegion region, LaminaBlock reference,
                                                             LaminaBlock block);
/** The next region of the owning operation, or null. */
LAMINA_CAPI_EXPORTED LaminaRegion laminaRegionGetNextInOperation(LaminaRegion region);
/** Moves the blocks of `source` into `target` (whose blocks are dropped). */
LAMINA_CAPI_EXPORTED void laminaRegionTakeBody(LaminaRegion target, LaminaRegion source);
/** The operation holding the region, or null. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaRegionGetParentOperation(LaminaRegion region);

/*===----------------------------------------------------------------------===*
 * Blocks
 *===----------------------------------------------------------------------===*/

/** A new block with arguments of the given types and locations, owned by the caller. */
LAMINA_CAPI_EXPORTED LaminaBlock laminaBlockCreate(intptr_t nArgs, LaminaType const *args,
                                                   LaminaLocation const *locs);
LAMINA_CAPI_EXPORTED void laminaBlockDestroy(LaminaBlock block);
/** Takes the block out of its region; the caller owns it afterwards. */
LAMINA_CAPI_EXPORTED void laminaBlockDetach(LaminaBlock block);
static inline bool laminaBlockIsNull(LaminaBlock block) { return !block.ptr; }
LAMINA_CAPI_EXPORTED bool laminaBlockEqual(LaminaBlock block, LaminaBlock other);
LAMINA_CAPI_EXPORTED LaminaOperation laminaBlockGetParentOperation(LaminaBlock block);
LAMINA_CAPI_EXPORTED LaminaRegion laminaBlockGetParentRegion(LaminaBlock block);
LAMINA_CAPI_EXPORTED LaminaBlock laminaBlockGetNextInRegion(LaminaBlock block);
LAMINA_CAPI_EXPORTED LaminaOperation laminaBlockGetFirstOperation(LaminaBlock block);
/** The terminator (the last operation if it is one), or null. */
LAMINA_CAPI_EXPORTED LaminaOperation laminaBlockGetTerminator(LaminaBlock block);
/** Appends an operation the caller owns; the block owns it afterwards. */
LAMINA_CAPI_EXPORTED void laminaBlockAppendOwnedOperation(LaminaBlock block, LaminaOperation operation);
LAMINA_CAPI_EXPORTED void laminaBlockInsertOwnedOperation(LaminaBlock block, intptr_t pos,
                                                          LaminaOperation operation);
/** Inserts after / before `reference` (null: at the start / end). */
LAMINA_CAPI_EXPORTED void laminaBlockInsertOwnedOperationAfter(LaminaBlock block, LaminaOperation reference,
                                                               LaminaOperation operation);
LAMINA_CAPI_EXPORTED void laminaBlockInsertOwnedOperationBefore(LaminaBlock block, LaminaOperation reference,
                                                                LaminaOperation operation);
LAMINA_CAPI_EXPORTED intptr_t laminaBlockGetNumArguments(LaminaBlock block);
LAMINA_CAPI_EXPORTED LaminaValue laminaBlockAddArgument(LaminaBlock block, LaminaType type, LaminaLocation loc);
LAMINA_CAPI_EXPORTED void laminaBlockEraseArgument(LaminaBlock block, unsigned index);
LAMINA_CAPI_EXPORTED LaminaValue laminaBlockGetArgument(LaminaBlock block, intptr_t pos);
LAMINA_CAPI_EXPORTED void laminaBlockPrint(LaminaBlock block, LaminaStringCallback callback, void *userData);

/*===----------------------------------------------------------------------===*
 * Values
 *===----------------------------------------------------------------------===*/

static inline bool laminaValueIsNull(LaminaValue value) { return !value.ptr; }
LAMINA_CAPI_EXPORTED bool laminaValueEqual(LaminaValue value1, LaminaValue value2);
LAMINA_CAPI_EXPORTED bool laminaValueIsABlockArgument(LaminaValue value);
LAMINA_CAPI_EXPORTED bool laminaValueIsAOpResult(LaminaValue value);
LAMINA_CAPI_EXPORTED LaminaBlock laminaBlockArgumentGetOwner(LaminaValue value);
LAMINA_CAPI_EXPORTED intptr_t laminaBlockArgumentGetArgNumber(LaminaValue value);
LAMINA_CAPI_EXPORTED void laminaBlockArgumentSetType(LaminaValue value, LaminaType type);
LAMINA_CAPI_EXPORTED LaminaOperation laminaOpResultGetOwner(LaminaValue value);
LAMINA_CAPI_EXPORTED intptr_t laminaOpResultGetResultNumber(LaminaValue value);
LAMINA_CAPI_EXPORTED LaminaType laminaValueGetType(LaminaValue value);
LAMINA_CAPI_EXPORTED void laminaValueSetType(LaminaValue value, LaminaType type);
LAMINA_CAPI_EXPORTED LaminaContext laminaValueGetContext(LaminaValue value);
/** Prints the value's definition (the defining operation, or the argument). */
LAMINA_CAPI_EXPORTED void laminaValuePrint(LaminaValue value, LaminaStringCallback callback, void *userData);
/** Prints the value as an operand (`%0`, `%arg1`), numbered within its
 *  enclosing isolated-from-above operation. */
LAMINA_CAPI_EXPORTED void laminaValuePrintAsOperand(LaminaValue value, LaminaStringCallback callback,
                                                    void *userData);
LAMINA_CAPI_EXPORTED void laminaValueDump(LaminaValue value);
/** Whether the value has no uses. */
LAMINA_CAPI_EXPORTED bool laminaValueIsUnused(LaminaValue value);
/** The number of uses of the value. */
LAMINA_CAPI_EXPORTED intptr_t laminaValueGetNumUses(LaminaValue value);
/** Makes every use of `of` use `with`. */
LAMINA_CAPI_EXPORTED void laminaValueReplaceAllUsesOfWith(LaminaValue of, LaminaValue with);

/*===----------------------------------------------------------------------===*
 * Types
 *===----------------------------------------------------------------------===*/

/** Parses a type; null after emitting a diagnostic on failure. */
LAMINA_CAPI_EXPORTED LaminaType laminaTypeParseGet(LaminaContext context, LaminaStringRef type);
LAMINA_CAPI_EXPORTED LaminaContext laminaTypeGetContext(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaDialect laminaTypeGetDialect(LaminaType type);
static inline bool laminaTypeIsNull(LaminaType type) { return !type.ptr; }
LAMINA_CAPI_EXPORTED bool laminaTypeEqual(LaminaType t1, LaminaType t2);
LAMINA_CAPI_EXPORTED void laminaTypePrint(LaminaType type, LaminaStringCallback callback, void *userData);
LAMINA_CAPI_EXPORTED void laminaTypeDump(LaminaType type);

/*===----------------------------------------------------------------------===*
 * Attributes
 *===----------------------------------------------------------------------===*/

/** Parses an attribute; null after emitting a diagnostic on failure. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaAttributeParseGet(LaminaContext context, LaminaStringRef attr);
LAMINA_CAPI_EXPORTED LaminaContext laminaAttributeGetContext(LaminaAttribute attribute);
/** The attribute's type (typed attributes) or null. */
LAMINA_CAPI_EXPORTED LaminaType laminaAttributeGetType(LaminaAttribute attribute);
LAMINA_CAPI_EXPORTED LaminaDialect laminaAttributeGetDialect(LaminaAttribute attribute);
static inline bool laminaAttributeIsNull(LaminaAttribute attr) { return !attr.ptr; }
LAMINA_CAPI_EXPORTED bool laminaAttributeEqual(LaminaAttribute a1, LaminaAttribute a2);
LAMINA_CAPI_EXPORTED void laminaAttributePrint(LaminaAttribute attr, LaminaStringCallback callback,
                                               void *userData);
LAMINA_CAPI_EXPORTED void laminaAttributeDump(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaNamedAttribute laminaNamedAttributeGet(LaminaIdentifier name, LaminaAttribute attr);

/*===----------------------------------------------------------------------===*
 * Identifiers (interned strings)
 *===----------------------------------------------------------------------===*/

LAMINA_CAPI_EXPORTED LaminaIdentifier laminaIdentifierGet(LaminaContext context, LaminaStringRef str);
LAMINA_CAPI_EXPORTED LaminaContext laminaIdentifierGetContext(LaminaIdentifier ident);
LAMINA_CAPI_EXPORTED bool laminaIdentifierEqual(LaminaIdentifier ident, LaminaIdentifier other);
/** The identifier's characters (owned by the context). */
LAMINA_CAPI_EXPORTED LaminaStringRef laminaIdentifierStr(LaminaIdentifier ident);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_IR_H */
