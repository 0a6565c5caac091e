//===- IR.cpp - The C API of the core IR ----------------------------------===//
#include "Wrap.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/SourceMgr.h"
#include "lamina/Version.h"

#include <cstring>
#include <memory>
#include <string>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Support
//===----------------------------------------------------------------------===//

LaminaStringRef laminaStringRefCreateFromCString(const char *str) { return LaminaStringRef{str, std::strlen(str)}; }

bool laminaStringRefEqual(LaminaStringRef string, LaminaStringRef other) { return unwrap(string) == unwrap(other); }

const char *laminaGetVersionString(void) { return lamina::getVersionString(); }

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

static MLIRContext::Threading threading(bool enabled) {
  return enabled ? MLIRContext::Threading::ENABLED : MLIRContext::Threading::DISABLED;
}

// Every context loads the builtin dialect, whose ops are defined a layer
// above IR: install their definition first, also when no dialect was
// registered (laminaRegisterAllDialects does it too; it is idempotent).

LaminaContext laminaContextCreate(void) {
  installBuiltinOpDefinitions();
  return wrap(new MLIRContext());
}

LaminaContext laminaContextCreateWithThreading(bool threadingEnabled) {
  installBuiltinOpDefinitions();
  return wrap(new MLIRContext(threading(threadingEnabled)));
}

LaminaContext laminaContextCreateWithRegistry(LaminaDialectRegistry registry, bool threadingEnabled) {
  installBuiltinOpDefinitions();
  return wrap(new MLIRContext(*unwrap(registry), threading(threadingEnabled)));
}

void laminaContextDestroy(LaminaContext context) { delete unwrap(context); }

bool laminaContextEqual(LaminaContext ctx1, LaminaContext ctx2) { return unwrap(ctx1) == unwrap(ctx2); }

void laminaContextSetAllowUnregisteredDialects(LaminaContext context, bool allow) {
  unwrap(context)->allowUnregisteredDialects(allow);
}

bool laminaContextGetAllowUnregisteredDialects(LaminaContext context) {
  return unwrap(context)->allowsUnregisteredDialects();
}

intptr_t laminaContextGetNumRegisteredDialects(LaminaContext context) {
  return intptr_t(unwrap(context)->getDialectRegistry().getDialectNames().size());
}

intptr_t laminaContextGetNumLoadedDialects(LaminaContext context) {
  return intptr_t(unwrap(context)->getLoadedDialects().size());
}

void laminaContextAppendDialectRegistry(LaminaContext ctx, LaminaDialectRegistry registry) {
  unwrap(ctx)->appendDialectRegistry(*unwrap(registry));
}

LaminaDialect laminaContextGetOrLoadDialect(LaminaContext context, LaminaStringRef name) {
  return wrap(unwrap(context)->getOrLoadDialect(unwrap(name)));
}

void laminaContextLoadAllAvailableDialects(LaminaContext context) { unwrap(context)->loadAllAvailableDialects(); }

void laminaContextEnableMultithreading(LaminaContext context, bool enable) {
  unwrap(context)->enableMultithreading(enable);
}

bool laminaContextIsRegisteredOperation(LaminaContext context, LaminaStringRef name) {
  return OperationName::lookupRegistered(unwrap(name), unwrap(context)).has_value();
}

//===----------------------------------------------------------------------===//
// Dialects and registries
//===----------------------------------------------------------------------===//

LaminaContext laminaDialectGetContext(LaminaDialect dialect) { return wrap(unwrap(dialect)->getContext()); }

bool laminaDialectEqual(LaminaDialect dialect1, LaminaDialect dialect2) { return unwrap(dialect1) == unwrap(dialect2); }

LaminaStringRef laminaDialectGetNamespace(LaminaDialect dialect) { return wrap(unwrap(dialect)->getNamespace()); }

LaminaDialectRegistry laminaDialectRegistryCreate(void) { return wrap(new DialectRegistry()); }

void laminaDialectRegistryDestroy(LaminaDialectRegistry registry) { delete unwrap(registry); }

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

LaminaLocation laminaLocationFileLineColGet(LaminaContext context, LaminaStringRef filename, unsigned line,
                                            unsigned col) {
  return wrap(Location(FileLineColLoc::get(unwrap(context), unwrap(filename), line, col)));
}

LaminaLocation laminaLocationUnknownGet(LaminaContext context) {
  return wrap(Location(UnknownLoc::get(unwrap(context))));
}

LaminaLocation laminaLocationNameGet(LaminaContext context, LaminaStringRef name, LaminaLocation childLoc) {
  StringAttr nameAttr = StringAttr::get(unwrap(context), unwrap(name));
  if (laminaLocationIsNull(childLoc))
    return wrap(Location(NameLoc::get(nameAttr)));
  return wrap(Location(NameLoc::get(nameAttr, LocationAttr(unwrap(childLoc)))));
}

LaminaLocation laminaLocationFusedGet(LaminaContext ctx, intptr_t nLocations, LaminaLocation const *locations,
                                      LaminaAttribute metadata) {
  std::vector<LocationAttr> locs;
  locs.reserve(nLocations);
  for (intptr_t i = 0; i < nLocations; ++i)
    locs.push_back(LocationAttr(unwrap(locations[i])));
  return wrap(Location(FusedLoc::get(unwrap(ctx), locs, unwrap(metadata))));
}

LaminaAttribute laminaLocationGetAttribute(LaminaLocation location) {
  return wrap(Attribute(LocationAttr(unwrap(location))));
}

LaminaLocation laminaLocationFromAttribute(LaminaAttribute attribute) {
  auto loc = dyn_cast<LocationAttr>(unwrap(attribute));
  return loc ? wrap(Location(loc)) : LaminaLocation{nullptr};
}

LaminaContext laminaLocationGetContext(LaminaLocation location) { return wrap(unwrap(location).getContext()); }

bool laminaLocationEqual(LaminaLocation l1, LaminaLocation l2) { return unwrap(l1) == unwrap(l2); }

void laminaLocationPrint(LaminaLocation location, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(location).print(os);
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

LaminaModule laminaModuleCreateEmpty(LaminaLocation location) { return wrap(ModuleOp::create(unwrap(location))); }

/// Parses text or bytecode held by `sourceMgr`'s only buffer into a module.
static LaminaModule parseModule(MLIRContext *ctx, SourceMgr &sourceMgr) {
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(1);
  ParserConfig config(ctx);
  Operation *op = nullptr;
  if (isBytecode(buffer->getBuffer()))
    op = readBytecodeFileForTool(buffer->getBuffer(), buffer->getBufferIdentifier(), config,
                                 /*insertImplicitModule=*/true);
  else
    op = parseSourceFileForTool(sourceMgr, 1, config);
  if (!op)
    return LaminaModule{nullptr};
  if (!isa<ModuleOp>(op)) {
    // A single top-level operation that is not a module: wrap it as MLIR does.
    ModuleOp module = ModuleOp::create(op->getLoc());
    module.push_back(op);
    return wrap(module);
  }
  return wrap(ModuleOp(op));
}

LaminaModule laminaModuleCreateParse(LaminaContext context, LaminaStringRef module) {
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(unwrap(module), "-"));
  return parseModule(unwrap(context), sourceMgr);
}

LaminaModule laminaModuleCreateParseFromFile(LaminaContext context, LaminaStringRef fileName) {
  MLIRContext *ctx = unwrap(context);
  std::string error;
  std::unique_ptr<MemoryBuffer> buffer = MemoryBuffer::getFileOrSTDIN(unwrap(fileName), &error);
  if (!buffer) {
    emitError(UnknownLoc::get(ctx)) << "could not open input file " << unwrap(fileName) << ": " << error;
    return LaminaModule{nullptr};
  }
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(std::move(buffer));
  return parseModule(ctx, sourceMgr);
}

LaminaContext laminaModuleGetContext(LaminaModule module) { return wrap(unwrap(module).getContext()); }

LaminaBlock laminaModuleGetBody(LaminaModule module) { return wrap(unwrap(module).getBody()); }

void laminaModuleDestroy(LaminaModule module) {
  if (Operation *op = unwrap(module).getOperation())
    op->erase();
}

LaminaOperation laminaModuleGetOperation(LaminaModule module) { return wrap(unwrap(module).getOperation()); }

LaminaModule laminaModuleFromOperation(LaminaOperation op) {
  Operation *operation = unwrap(op);
  return isa<ModuleOp>(operation) ? wrap(ModuleOp(operation)) : LaminaModule{nullptr};
}

//===----------------------------------------------------------------------===//
// Operation state
//===----------------------------------------------------------------------===//

LaminaOperationState laminaOperationStateGet(LaminaStringRef name, LaminaLocation loc) {
  LaminaOperationState state;
  std::memset(&state, 0, sizeof(state));
  state.name = name;
  state.location = loc;
  return state;
}

/// Appends `n` elements to a malloc'ed array of the state.
template <typename T> static void appendToState(intptr_t &size, T *&array, intptr_t n, T const *elements) {
  if (n <= 0)
    return;
  array = static_cast<T *>(std::realloc(array, sizeof(T) * (size + n)));
  std::memcpy(array + size, elements, sizeof(T) * n);
  size += n;
}

void laminaOperationStateAddResults(LaminaOperationState *state, intptr_t n, LaminaType const *results) {
  appendToState(state->nResults, state->results, n, results);
}

void laminaOperationStateAddOperands(LaminaOperationState *state, intptr_t n, LaminaValue const *operands) {
  appendToState(state->nOperands, state->operands, n, operands);
}

void laminaOperationStateAddOwnedRegions(LaminaOperationState *state, intptr_t n, LaminaRegion const *regions) {
  appendToState(state->nRegions, state->regions, n, regions);
}

void laminaOperationStateAddSuccessors(LaminaOperationState *state, intptr_t n, LaminaBlock const *successors) {
  appendToState(state->nSuccessors, state->successors, n, successors);
}

void laminaOperationStateAddAttributes(LaminaOperationState *state, intptr_t n,
                                       LaminaNamedAttribute const *attributes) {
  appendToState(state->nAttributes, state->attributes, n, attributes);
}

void laminaOperationStateEnableResultTypeInference(LaminaOperationState *state) {
  state->enableResultTypeInference = true;
}

//===----------------------------------------------------------------------===//
// Printing flags and bytecode writer configuration
//===----------------------------------------------------------------------===//

LaminaOpPrintingFlags laminaOpPrintingFlagsCreate(void) { return wrap(new OpPrintingFlags()); }

void laminaOpPrintingFlagsDestroy(LaminaOpPrintingFlags flags) { delete unwrap(flags); }

void laminaOpPrintingFlagsElideLargeElementsAttrs(LaminaOpPrintingFlags flags, intptr_t largeElementLimit) {
  unwrap(flags)->elideLargeElementsAttrs(largeElementLimit);
}

void laminaOpPrintingFlagsEnableDebugInfo(LaminaOpPrintingFlags flags, bool enable, bool prettyForm) {
  unwrap(flags)->enableDebugInfo(enable, prettyForm);
}

void laminaOpPrintingFlagsPrintGenericOpForm(LaminaOpPrintingFlags flags) { unwrap(flags)->printGenericOpForm(); }

void laminaOpPrintingFlagsUseLocalScope(LaminaOpPrintingFlags flags) { unwrap(flags)->useLocalScope(); }

void laminaOpPrintingFlagsAssumeVerified(LaminaOpPrintingFlags flags) { unwrap(flags)->assumeVerified(); }

void laminaOpPrintingFlagsSkipRegions(LaminaOpPrintingFlags flags) { unwrap(flags)->skipRegions(); }

LaminaBytecodeWriterConfig laminaBytecodeWriterConfigCreate(void) { return wrap(new BytecodeWriterConfig()); }

void laminaBytecodeWriterConfigDestroy(LaminaBytecodeWriterConfig config) { delete unwrap(config); }

void laminaBytecodeWriterConfigDesiredEmitVersion(LaminaBytecodeWriterConfig flags, int64_t version) {
  unwrap(flags)->setDesiredBytecodeVersion(version);
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

LaminaOperation laminaOperationCreate(LaminaOperationState *state) {
  Location loc = unwrap(state->location);
  MLIRContext *ctx = loc.getContext();
  OperationState cppState(loc, OperationName(unwrap(state->name), ctx));
  for (intptr_t i = 0; i < state->nOperands; ++i)
    cppState.operands.push_back(unwrap(state->operands[i]));
  for (intptr_t i = 0; i < state->nResults; ++i)
    cppState.types.push_back(unwrap(state->results[i]));
  for (intptr_t i = 0; i < state->nSuccessors; ++i)
    cppState.successors.push_back(unwrap(state->successors[i]));
  for (intptr_t i = 0; i < state->nAttributes; ++i)
    cppState.attributes.set(unwrap(state->attributes[i].name), unwrap(state->attributes[i].attribute));
  for (intptr_t i = 0; i < state->nRegions; ++i)
    cppState.regions.emplace_back(unwrap(state->regions[i]));
  bool inferTypes = state->enableResultTypeInference;

  std::free(state->results);
  std::free(state->operands);
  std::free(state->regions);
  std::free(state->successors);
  std::free(state->attributes);
  std::memset(state, 0, sizeof(*state));

  if (inferTypes) {
    emitError(loc) << "type inference was requested for the operation " << cppState.name.getStringRef()
                   << ", but the operation does not support type inference; result types must be specified "
                      "explicitly";
    return LaminaOperation{nullptr};
  }
  return wrap(Operation::create(cppState));
}

LaminaOperation laminaOperationCreateParse(LaminaContext context, LaminaStringRef sourceStr,
                                           LaminaStringRef sourceName) {
  MLIRContext *ctx = unwrap(context);
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(unwrap(sourceStr), unwrap(sourceName)));
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, 1, &block, ParserConfig(ctx))))
    return LaminaOperation{nullptr};
  if (block.empty() || &block.front() != &block.back()) {
    emitError(FileLineColLoc::get(ctx, unwrap(sourceName), 1, 1))
        << "source must contain a single top-level operation, found: "
        << unsigned(block.getOperations().size());
    return LaminaOperation{nullptr};
  }
  Operation *op = &block.front();
  op->remove();
  return wrap(op);
}

LaminaOperation laminaOperationClone(LaminaOperation op) { return wrap(unwrap(op)->clone()); }

void laminaOperationDestroy(LaminaOperation op) { unwrap(op)->erase(); }

void laminaOperationRemoveFromParent(LaminaOperation op) { unwrap(op)->remove(); }

bool laminaOperationEqual(LaminaOperation op, LaminaOperation other) { return unwrap(op) == unwrap(other); }

LaminaContext laminaOperationGetContext(LaminaOperation op) { return wrap(unwrap(op)->getContext()); }

LaminaLocation laminaOperationGetLocation(LaminaOperation op) { return wrap(unwrap(op)->getLoc()); }

void laminaOperationSetLocation(LaminaOperation op, LaminaLocation loc) { unwrap(op)->setLoc(unwrap(loc)); }

LaminaIdentifier laminaOperationGetName(LaminaOperation op) { return wrap(unwrap(op)->getName().getIdentifier()); }

bool laminaOperationIsRegistered(LaminaOperation op) { return unwrap(op)->isRegistered(); }

LaminaBlock laminaOperationGetBlock(LaminaOperation op) { return wrap(unwrap(op)->getBlock()); }

LaminaOperation laminaOperationGetParentOperation(LaminaOperation op) { return wrap(unwrap(op)->getParentOp()); }

intptr_t laminaOperationGetNumRegions(LaminaOperation op) { return unwrap(op)->getNumRegions(); }

LaminaRegion laminaOperationGetRegion(LaminaOperation op, intptr_t pos) {
  return wrap(&unwrap(op)->getRegion(unsigned(pos)));
}

LaminaOperation laminaOperationGetNextInBlock(LaminaOperation op) {
  Operation *operation = unwrap(op);
  return wrap(operation->getBlock() ? operation->getNextNode() : nullptr);
}

intptr_t laminaOperationGetNumOperands(LaminaOperation op) { return unwrap(op)->getNumOperands(); }

LaminaValue laminaOperationGetOperand(LaminaOperation op, intptr_t pos) {
  return wrap(unwrap(op)->getOperand(unsigned(pos)));
}

void laminaOperationSetOperand(LaminaOperation op, intptr_t pos, LaminaValue newValue) {
  unwrap(op)->setOperand(unsigned(pos), unwrap(newValue));
}

void laminaOperationSetOperands(LaminaOperation op, intptr_t nOperands, LaminaValue const *operands) {
  SmallVector<Value, 8> values;
  for (intptr_t i = 0; i < nOperands; ++i)
    values.push_back(unwrap(operands[i]));
  unwrap(op)->setOperands(ValueRange(values));
}

intptr_t laminaOperationGetNumResults(LaminaOperation op) { return unwrap(op)->getNumResults(); }

LaminaValue laminaOperationGetResult(LaminaOperation op, intptr_t pos) {
  return wrap(Value(unwrap(op)->getResult(unsigned(pos))));
}

intptr_t laminaOperationGetNumSuccessors(LaminaOperation op) { return unwrap(op)->getNumSuccessors(); }

LaminaBlock laminaOperationGetSuccessor(LaminaOperation op, intptr_t pos) {
  return wrap(unwrap(op)->getSuccessor(unsigned(pos)));
}

void laminaOperationSetSuccessor(LaminaOperation op, intptr_t pos, LaminaBlock block) {
  unwrap(op)->setSuccessor(unwrap(block), unsigned(pos));
}

intptr_t laminaOperationGetNumAttributes(LaminaOperation op) { return intptr_t(unwrap(op)->getAttrs().size()); }

LaminaNamedAttribute laminaOperationGetAttribute(LaminaOperation op, intptr_t pos) {
  const NamedAttribute &attr = unwrap(op)->getAttrs()[size_t(pos)];
  return LaminaNamedAttribute{wrap(attr.getName()), wrap(attr.getValue())};
}

LaminaAttribute laminaOperationGetAttributeByName(LaminaOperation op, LaminaStringRef name) {
  return wrap(unwrap(op)->getAttr(unwrap(name)));
}

void laminaOperationSetAttributeByName(LaminaOperation op, LaminaStringRef name, LaminaAttribute attr) {
  unwrap(op)->setAttr(unwrap(name), unwrap(attr));
}

bool laminaOperationRemoveAttributeByName(LaminaOperation op, LaminaStringRef name) {
  return bool(unwrap(op)->removeAttr(unwrap(name)));
}

void laminaOperationPrint(LaminaOperation op, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(op)->print(os);
}

void laminaOperationPrintWithFlags(LaminaOperation op, LaminaOpPrintingFlags flags, LaminaStringCallback callback,
                                   void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(op)->print(os, *unwrap(flags));
}

void laminaOperationWriteBytecode(LaminaOperation op, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  (void)writeBytecodeToFile(unwrap(op), os);
}

LaminaLogicalResult laminaOperationWriteBytecodeWithConfig(LaminaOperation op, LaminaBytecodeWriterConfig config,
                                                           LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  return wrap(writeBytecodeToFile(unwrap(op), os, *unwrap(config)));
}

void laminaOperationDump(LaminaOperation op) { unwrap(op)->dump(); }

bool laminaOperationVerify(LaminaOperation op) { return succeeded(verify(unwrap(op))); }

void laminaOperationMoveAfter(LaminaOperation op, LaminaOperation other) { unwrap(op)->moveAfter(unwrap(other)); }

void laminaOperationMoveBefore(LaminaOperation op, LaminaOperation other) { unwrap(op)->moveBefore(unwrap(other)); }

void laminaOperationReplaceUsesOfWith(LaminaOperation of, LaminaOperation with) {
  unwrap(of)->replaceAllUsesWith(unwrap(with));
}

void laminaOperationWalk(LaminaOperation op, LaminaOperationWalkCallback callback, void *userData,
                         LaminaWalkOrder walkOrder) {
  auto visit = [&](Operation *nested) -> WalkResult {
    switch (callback(wrap(nested), userData)) {
    case LaminaWalkResultAdvance:
      return WalkResult::advance();
    case LaminaWalkResultInterrupt:
      return WalkResult::interrupt();
    case LaminaWalkResultSkip:
      return WalkResult::skip();
    }
    return WalkResult::advance();
  };
  (void)detail::walkOperations(unwrap(op), walkOrder == LaminaWalkPreOrder ? WalkOrder::PreOrder : WalkOrder::PostOrder,
                               visit);
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

LaminaRegion laminaRegionCreate(void) { return wrap(new Region()); }

void laminaRegionDestroy(LaminaRegion region) { delete unwrap(region); }

bool laminaRegionEqual(LaminaRegion region, LaminaRegion other) { return unwrap(region) == unwrap(other); }

LaminaBlock laminaRegionGetFirstBlock(LaminaRegion region) {
  Region *r = unwrap(region);
  return wrap(r->empty() ? nullptr : &r->front());
}

void laminaRegionAppendOwnedBlock(LaminaRegion region, LaminaBlock block) { unwrap(region)->push_back(unwrap(block)); }

void laminaRegionInsertOwnedBlock(LaminaRegion region, intptr_t pos, LaminaBlock block) {
  Region *r = unwrap(region);
  Region::iterator it = r->begin();
  for (intptr_t i = 0; i < pos && it != r->end(); ++i)
    ++it;
  r->getBlocks().insert(it, unwrap(block), r);
}

void laminaRegionInsertOwnedBlockAfter(LaminaRegion region, LaminaBlock reference, LaminaBlock block) {
  Region *r = unwrap(region);
  if (laminaBlockIsNull(reference)) {
    r->push_front(unwrap(block));
    return;
  }
  Block *next = unwrap(reference)->getNextNode();
  r->getBlocks().insert(Region::iterator(next, &r->getBlocks()), unwrap(block), r);
}

void laminaRegionInsertOwnedBlockBefore(LaminaRegion region, LaminaBlock reference, LaminaBlock block) {
  Region *r = unwrap(region);
  if (laminaBlockIsNull(reference)) {
    r->push_back(unwrap(block));
    return;
  }
  r->getBlocks().insert(Region::iterator(unwrap(reference), &r->getBlocks()), unwrap(block), r);
}

LaminaRegion laminaRegionGetNextInOperation(LaminaRegion region) {
  Region *r = unwrap(region);
  Operation *parent = r->getParentOp();
  if (!parent)
    return LaminaRegion{nullptr};
  unsigned next = r->getRegionNumber() + 1;
  return wrap(next < parent->getNumRegions() ? &parent->getRegion(next) : nullptr);
}

void laminaRegionTakeBody(LaminaRegion target, LaminaRegion source) { unwrap(target)->takeBody(*unwrap(source)); }

LaminaOperation laminaRegionGetParentOperation(LaminaRegion region) { return wrap(unwrap(region)->getParentOp()); }

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

LaminaBlock laminaBlockCreate(intptr_t nArgs, LaminaType const *args, LaminaLocation const *locs) {
  Block *block = new Block();
  for (intptr_t i = 0; i < nArgs; ++i)
    block->addArgument(unwrap(args[i]), unwrap(locs[i]));
  return wrap(block);
}

void laminaBlockDestroy(LaminaBlock block) { delete unwrap(block); }

void laminaBlockDetach(LaminaBlock block) {
  Block *b = unwrap(block);
  if (Region *parent = b->getParent())
    parent->getBlocks().remove(b);
}

bool laminaBlockEqual(LaminaBlock block, LaminaBlock other) { return unwrap(block) == unwrap(other); }

LaminaOperation laminaBlockGetParentOperation(LaminaBlock block) { return wrap(unwrap(block)->getParentOp()); }

LaminaRegion laminaBlockGetParentRegion(LaminaBlock block) { return wrap(unwrap(block)->getParent()); }

LaminaBlock laminaBlockGetNextInRegion(LaminaBlock block) {
  Block *b = unwrap(block);
  return wrap(b->getParent() ? b->getNextNode() : nullptr);
}

LaminaOperation laminaBlockGetFirstOperation(LaminaBlock block) {
  Block *b = unwrap(block);
  return wrap(b->empty() ? nullptr : &b->front());
}

LaminaOperation laminaBlockGetTerminator(LaminaBlock block) {
  Block *b = unwrap(block);
  if (b->empty() || !b->back().isKnownTerminator())
    return LaminaOperation{nullptr};
  return wrap(&b->back());
}

void laminaBlockAppendOwnedOperation(LaminaBlock block, LaminaOperation operation) {
  unwrap(block)->push_back(unwrap(operation));
}

void laminaBlockInsertOwnedOperation(LaminaBlock block, intptr_t pos, LaminaOperation operation) {
  Block *b = unwrap(block);
  Block::iterator it = b->begin();
  for (intptr_t i = 0; i < pos && it != b->end(); ++i)
    ++it;
  b->insert(it, unwrap(operation));
}

void laminaBlockInsertOwnedOperationAfter(LaminaBlock block, LaminaOperation reference, LaminaOperation operation) {
  Block *b = unwrap(block);
  if (laminaOperationIsNull(reference)) {
    b->push_front(unwrap(operation));
    return;
  }
  b->insert(Block::iterator(unwrap(reference)->getNextNode(), &b->getOperations()), unwrap(operation));
}

void laminaBlockInsertOwnedOperationBefore(LaminaBlock block, LaminaOperation reference, LaminaOperation operation) {
  Block *b = unwrap(block);
  if (laminaOperationIsNull(reference)) {
    b->push_back(unwrap(operation));
    return;
  }
  b->insert(Block::iterator(unwrap(reference), &b->getOperations()), unwrap(operation));
}

intptr_t laminaBlockGetNumArguments(LaminaBlock block) { return unwrap(block)->getNumArguments(); }

LaminaValue laminaBlockAddArgument(LaminaBlock block, LaminaType type, LaminaLocation loc) {
  return wrap(Value(unwrap(block)->addArgument(unwrap(type), unwrap(loc))));
}

void laminaBlockEraseArgument(LaminaBlock block, unsigned index) { unwrap(block)->eraseArgument(index); }

LaminaValue laminaBlockGetArgument(LaminaBlock block, intptr_t pos) {
  return wrap(Value(unwrap(block)->getArgument(unsigned(pos))));
}

void laminaBlockPrint(LaminaBlock block, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(block)->print(os);
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

bool laminaValueEqual(LaminaValue value1, LaminaValue value2) { return unwrap(value1) == unwrap(value2); }

bool laminaValueIsABlockArgument(LaminaValue value) { return isa<BlockArgument>(unwrap(value)); }

bool laminaValueIsAOpResult(LaminaValue value) { return isa<OpResult>(unwrap(value)); }

LaminaBlock laminaBlockArgumentGetOwner(LaminaValue value) { return wrap(cast<BlockArgument>(unwrap(value)).getOwner()); }

intptr_t laminaBlockArgumentGetArgNumber(LaminaValue value) { return cast<BlockArgument>(unwrap(value)).getArgNumber(); }

void laminaBlockArgumentSetType(LaminaValue value, LaminaType type) { unwrap(value).setType(unwrap(type)); }

LaminaOperation laminaOpResultGetOwner(LaminaValue value) { return wrap(cast<OpResult>(unwrap(value)).getOwner()); }

intptr_t laminaOpResultGetResultNumber(LaminaValue value) { return cast<OpResult>(unwrap(value)).getResultNumber(); }

LaminaType laminaValueGetType(LaminaValue value) { return wrap(unwrap(value).getType()); }

void laminaValueSetType(LaminaValue value, LaminaType type) { unwrap(value).setType(unwrap(type)); }

LaminaContext laminaValueGetContext(LaminaValue value) { return wrap(unwrap(value).getContext()); }

void laminaValuePrint(LaminaValue value, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(value).print(os);
}

void laminaValuePrintAsOperand(LaminaValue value, LaminaStringCallback callback, void *userData) {
  Value v = unwrap(value);
  // Number the value within the closest isolated-from-above ancestor, as
  // the printer of that operation would.
  Operation *scope = v.getParentOp();
  while (scope && scope->getParentOp() && !scope->hasTrait<OpTrait::IsIsolatedFromAbove>())
    scope = scope->getParentOp();
  detail::CallbackOstream os(callback, userData);
  if (!scope) {
    os << "<<UNKNOWN SSA VALUE>>";
    return;
  }
  AsmState state(scope);
  v.printAsOperand(os, state);
}

void laminaValueDump(LaminaValue value) { unwrap(value).dump(); }

bool laminaValueIsUnused(LaminaValue value) { return unwrap(value).use_empty(); }

intptr_t laminaValueGetNumUses(LaminaValue value) {
  intptr_t n = 0;
  for (auto it = unwrap(value).use_begin(), e = unwrap(value).use_end(); it != e; ++it)
    ++n;
  return n;
}

void laminaValueReplaceAllUsesOfWith(LaminaValue of, LaminaValue with) {
  unwrap(of).replaceAllUsesWith(unwrap(with));
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LaminaType laminaTypeParseGet(LaminaContext context, LaminaStringRef type) {
  return wrap(parseType(unwrap(type), unwrap(context)));
}

LaminaContext laminaTypeGetContext(LaminaType type) { return wrap(unwrap(type).getContext()); }

LaminaDialect laminaTypeGetDialect(LaminaType type) { return wrap(&unwrap(type).getDialect()); }

bool laminaTypeEqual(LaminaType t1, LaminaType t2) { return unwrap(t1) == unwrap(t2); }

void laminaTypePrint(LaminaType type, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(type).print(os);
}

void laminaTypeDump(LaminaType type) { unwrap(type).dump(); }

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LaminaAttribute laminaAttributeParseGet(LaminaContext context, LaminaStringRef attr) {
  return wrap(parseAttribute(unwrap(attr), unwrap(context)));
}

LaminaContext laminaAttributeGetContext(LaminaAttribute attribute) { return wrap(unwrap(attribute).getContext()); }

LaminaType laminaAttributeGetType(LaminaAttribute attribute) {
  if (auto typed = dyn_cast<TypedAttr>(unwrap(attribute)))
    return wrap(typed.getType());
  return LaminaType{nullptr};
}

LaminaDialect laminaAttributeGetDialect(LaminaAttribute attribute) { return wrap(&unwrap(attribute).getDialect()); }

bool laminaAttributeEqual(LaminaAttribute a1, LaminaAttribute a2) { return unwrap(a1) == unwrap(a2); }

void laminaAttributePrint(LaminaAttribute attr, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(attr).print(os);
}

void laminaAttributeDump(LaminaAttribute attr) { unwrap(attr).dump(); }

LaminaNamedAttribute laminaNamedAttributeGet(LaminaIdentifier name, LaminaAttribute attr) {
  return LaminaNamedAttribute{name, attr};
}

//===----------------------------------------------------------------------===//
// Identifiers
//===----------------------------------------------------------------------===//

LaminaIdentifier laminaIdentifierGet(LaminaContext context, LaminaStringRef str) {
  return wrap(StringAttr::get(unwrap(context), unwrap(str)));
}

LaminaContext laminaIdentifierGetContext(LaminaIdentifier ident) { return wrap(unwrap(ident).getContext()); }

bool laminaIdentifierEqual(LaminaIdentifier ident, LaminaIdentifier other) { return unwrap(ident) == unwrap(other); }

LaminaStringRef laminaIdentifierStr(LaminaIdentifier ident) { return wrap(unwrap(ident).getValue()); }
