//===- ExtensibleDialect.cpp - Dialects defined at run time ---------------===//
#include "lamina/IR/ExtensibleDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"

#include <mutex>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

namespace {
/// Definition and parameters of a dynamic type or attribute.
template <typename Base> struct DynamicStorage : public Base {
  using KeyTy = std::pair<const DynamicAttrOrTypeDefinition *, ArrayRef<Attribute>>;
  DynamicStorage(const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params) : def(def), params(params) {}
  bool operator==(const KeyTy &key) const {
    return key.first == def && key.second.size() == params.size() &&
           std::equal(params.begin(), params.end(), key.second.begin());
  }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hashValue(static_cast<const void *>(key.first));
    for (Attribute a : key.second)
      h = hash_combine(h, hashValue(a));
    return h;
  }
  static DynamicStorage *construct(StorageAllocator &alloc, const KeyTy &key) {
    return new (alloc.allocate<DynamicStorage>()) DynamicStorage(key.first, alloc.copyInto(key.second));
  }
  const DynamicAttrOrTypeDefinition *def;
  ArrayRef<Attribute> params;
};
using DynamicTypeStorage = DynamicStorage<TypeStorage>;
using DynamicAttrStorage = DynamicStorage<AttributeStorage>;
} // namespace

DynamicType DynamicType::get(const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params) {
  MLIRContext *ctx = def->getDialect()->getContext();
  TypeID id = def->getTypeID();
  auto *storage = ctx->getTypeUniquer().get<DynamicTypeStorage>(
      [ctx, id](DynamicTypeStorage *s) { s->initialize(AbstractType::lookup(id, ctx)); }, id, def, params);
  return DynamicType(storage);
}

DynamicType DynamicType::getChecked(function_ref<InFlightDiagnostic()> emitError,
                                    const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params) {
  if (failed(def->verify(emitError, params)))
    return DynamicType();
  return get(def, params);
}

const DynamicAttrOrTypeDefinition *DynamicType::getTypeDef() const {
  return static_cast<const DynamicTypeStorage *>(getImpl())->def;
}
ArrayRef<Attribute> DynamicType::getParams() const {
  return static_cast<const DynamicTypeStorage *>(getImpl())->params;
}
bool DynamicType::classof(Type type) { return isa<DynamicDialect>(&type.getDialect()); }

DynamicAttr DynamicAttr::get(const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params) {
  MLIRContext *ctx = def->getDialect()->getContext();
  TypeID id = def->getTypeID();
  auto *storage = ctx->getAttributeUniquer().get<DynamicAttrStorage>(
      [ctx, id](DynamicAttrStorage *s) { s->initialize(AbstractAttribute::lookup(id, ctx)); }, id, def, params);
  return DynamicAttr(storage);
}

DynamicAttr DynamicAttr::getChecked(function_ref<InFlightDiagnostic()> emitError,
                                    const DynamicAttrOrTypeDefinition *def, ArrayRef<Attribute> params) {
  if (failed(def->verify(emitError, params)))
    return DynamicAttr();
  return get(def, params);
}

const DynamicAttrOrTypeDefinition *DynamicAttr::getAttrDef() const {
  return static_cast<const DynamicAttrStorage *>(getImpl())->def;
}
ArrayRef<Attribute> DynamicAttr::getParams() const {
  return static_cast<const DynamicAttrStorage *>(getImpl())->params;
}
bool DynamicAttr::classof(Attribute attr) { return isa<DynamicDialect>(&attr.getDialect()); }

//===----------------------------------------------------------------------===//
// DynamicDialect
//===----------------------------------------------------------------------===//

static std::string_view copyName(MLIRContext *ctx, std::string_view name) {
  std::lock_guard<std::mutex> lock(ctx->getAllocatorMutex());
  return ctx->getAllocator().copyInto(name);
}

DynamicDialect::DynamicDialect(std::string_view name, MLIRContext *ctx)
    : Dialect(copyName(ctx, name), ctx, TypeID::get<DynamicDialect>()) {}

DynamicDialect::~DynamicDialect() = default;

DynamicDialect *DynamicDialect::getOrLoad(MLIRContext *ctx, std::string_view name) {
  if (Dialect *d = ctx->getLoadedDialect(name))
    return dyn_cast<DynamicDialect>(d);
  if (ctx->getDialectRegistry().getDialectAllocator(name))
    return nullptr;
  std::string copy(name);
  Dialect *d = ctx->getOrLoadDialect(name, TypeID::get<DynamicDialect>(), [copy](MLIRContext *c) -> Dialect * {
    return new DynamicDialect(copy, c);
  });
  return dyn_cast_or_null<DynamicDialect>(d);
}

/// Dynamic types and attributes hold no sub-elements the printer's alias
/// collection should see (their parameters print on their own).
static void walkNothingType(Type, function_ref<void(Attribute)>, function_ref<void(Type)>) {}
static void walkNothingAttr(Attribute, function_ref<void(Attribute)>, function_ref<void(Type)>) {}

DynamicAttrOrTypeDefinition *DynamicDialect::createDefinition(std::string_view name, bool isType) {
  auto def = std::make_unique<DynamicAttrOrTypeDefinition>();
  def->name = std::string(name);
  def->fullName = std::string(getNamespace()) + "." + def->name;
  def->dialect = this;
  def->typeID = TypeID::allocate();
  def->type = isType;
  definitions.push_back(std::move(def));
  return definitions.back().get();
}

void DynamicDialect::registerDefinition(DynamicAttrOrTypeDefinition *def) {
  if (def->registered)
    return;
  def->registered = true;
  MLIRContext *ctx = getContext();
  if (def->type) {
    ctx->registerType(std::make_unique<AbstractType>(*this, def->typeID, def->fullName, walkNothingType));
    ctx->getTypeUniquer().registerParametricStorageType(def->typeID);
  } else {
    ctx->registerAttribute(
        std::make_unique<AbstractAttribute>(*this, def->typeID, def->fullName, walkNothingAttr));
    ctx->getAttributeUniquer().registerParametricStorageType(def->typeID);
  }
}

DynamicAttrOrTypeDefinition *DynamicDialect::createTypeDefinition(std::string_view name) {
  return createDefinition(name, true);
}
DynamicAttrOrTypeDefinition *DynamicDialect::createAttrDefinition(std::string_view name) {
  return createDefinition(name, false);
}

const DynamicAttrOrTypeDefinition *DynamicDialect::lookupTypeDefinition(std::string_view name) const {
  for (const auto &def : definitions)
    if (def->type && def->registered && def->name == name)
      return def.get();
  return nullptr;
}
const DynamicAttrOrTypeDefinition *DynamicDialect::lookupAttrDefinition(std::string_view name) const {
  for (const auto &def : definitions)
    if (!def->type && def->registered && def->name == name)
      return def.get();
  return nullptr;
}

LogicalResult DynamicDialect::verifyOp(Operation *op) {
  auto *dialect = dyn_cast_or_null<DynamicDialect>(op->getName().getDialect());
  if (!dialect)
    return success();
  const void *key = op->getName().getAsOpaquePointer();
  for (const auto &entry : dialect->opVerifiers)
    if (entry.first == key)
      return entry.second(op);
  return success();
}

void DynamicDialect::registerDynamicOp(std::string_view name, DynamicOpVerifier verifier) {
  std::string fullName = std::string(getNamespace()) + "." + std::string(name);
  OperationInfo info;
  info.verifyInvariants = &DynamicDialect::verifyOp;
  // Dynamic operations have no custom syntax: the custom form fails to parse
  // (without a message, as in MLIR) and they print in the generic form.
  info.parse = [](OpAsmParser &, OperationState &) -> ParseResult { return failure(); };
  OperationName::Impl *impl = OperationName::insert(fullName, *this, TypeID::allocate(), info, {});
  opVerifiers.emplace_back(impl, std::move(verifier));
}

/// `<p0, p1, ...>` or nothing: MLIR's typeOrAttrParser.
static ParseResult parseParams(AsmParser &parser, SmallVectorImpl<Attribute> &params) {
  if (failed(parser.parseOptionalLess()) || succeeded(parser.parseOptionalGreater()))
    return success();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  params.push_back(attr);
  while (failed(parser.parseOptionalGreater())) {
    if (parser.parseComma() || parser.parseAttribute(attr))
      return failure();
    params.push_back(attr);
  }
  return success();
}

static void printParams(raw_ostream &os, ArrayRef<Attribute> params) {
  if (params.empty())
    return;
  os << "<";
  for (size_t i = 0; i < params.size(); ++i) {
    if (i)
      os << ", ";
    params[i].print(os);
  }
  os << ">";
}

Type DynamicDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view tag;
  if (failed(parser.parseKeyword(&tag)))
    return Type();
  if (const DynamicAttrOrTypeDefinition *def = lookupTypeDefinition(tag)) {
    SmallVector<Attribute> params;
    if (failed(parseParams(parser, params)))
      return Type();
    SMLoc nameLoc = parser.getNameLoc();
    return DynamicType::getChecked([&] { return parser.emitError(nameLoc); }, def, params);
  }
  (void)parser.emitError(loc, "expected dynamic type");
  return Type();
}

void DynamicDialect::printType(Type type, DialectAsmPrinter &printer) const {
  auto dyn = cast<DynamicType>(type);
  printer.getStream() << dyn.getTypeDef()->getName();
  printParams(printer.getStream(), dyn.getParams());
}

Attribute DynamicDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view tag;
  if (failed(parser.parseKeyword(&tag)))
    return Attribute();
  if (const DynamicAttrOrTypeDefinition *def = lookupAttrDefinition(tag)) {
    SmallVector<Attribute> params;
    if (failed(parseParams(parser, params)))
      return Attribute();
    SMLoc nameLoc = parser.getNameLoc();
    return DynamicAttr::getChecked([&] { return parser.emitError(nameLoc); }, def, params);
  }
  (void)parser.emitError(loc, "expected dynamic attribute");
  return Attribute();
}

void DynamicDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  auto dyn = cast<DynamicAttr>(attr);
  printer.getStream() << dyn.getAttrDef()->getName();
  printParams(printer.getStream(), dyn.getParams());
}
