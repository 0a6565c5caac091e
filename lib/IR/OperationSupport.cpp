//===- OperationSupport.cpp - Operation names, states, attribute lists ----===//
#include "lamina/IR/OperationSupport.h"

#include "MLIRContextImpl.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// OperationName
//===----------------------------------------------------------------------===//

OperationName::OperationName(std::string_view name, MLIRContext *ctx) {
  auto &ci = ctx->getImpl();
  {
    std::shared_lock<std::shared_mutex> lock(ci.opNamesMutex);
    if (Impl **found = ci.opNames.find(name)) {
      impl = *found;
      return;
    }
  }
  StringAttr nameAttr = StringAttr::get(ctx, name);
  std::unique_lock<std::shared_mutex> lock(ci.opNamesMutex);
  if (Impl **found = ci.opNames.find(name)) {
    impl = *found;
    return;
  }
  Impl *newImpl;
  {
    std::lock_guard<std::mutex> alock(ci.allocatorMutex);
    newImpl = new (ci.allocator.allocate<Impl>()) Impl();
  }
  newImpl->name = nameAttr;
  size_t dot = name.find('.');
  newImpl->dialectNamespace = dot == std::string_view::npos ? std::string_view() : nameAttr.getValue().substr(0, dot);
  {
    std::shared_lock<std::shared_mutex> dlock(ci.dialectsMutex);
    auto dit = ci.dialects.find(newImpl->dialectNamespace);
    if (dit != ci.dialects.end())
      newImpl->dialect = dit->second.get();
  }
  // The key's bytes are the uniqued name's: they live as long as the context.
  ci.opNames[nameAttr.getValue()] = newImpl;
  impl = newImpl;
}

std::optional<OperationName> OperationName::lookupRegistered(std::string_view name, MLIRContext *ctx) {
  auto &ci = ctx->getImpl();
  std::shared_lock<std::shared_mutex> lock(ci.opNamesMutex);
  Impl **found = ci.opNames.find(name);
  if (found && (*found)->registered)
    return OperationName(*found);
  return std::nullopt;
}

OperationName::Impl *OperationName::insert(std::string_view name, Dialect &dialect, TypeID typeID,
                                           const OperationInfo &info, ArrayRef<std::string_view> attributeNames) {
  MLIRContext *ctx = dialect.getContext();
  OperationName opName(name, ctx);
  Impl *impl = opName.getImpl();
  // The names in the context's arena: no allocation of their own (a context
  // registers every op of each dialect it loads).
  StringAttr *names = nullptr;
  if (!attributeNames.empty()) {
    auto &ci = ctx->getImpl();
    {
      std::lock_guard<std::mutex> alock(ci.allocatorMutex);
      names = ci.allocator.allocate<StringAttr>(attributeNames.size());
    }
    for (size_t i = 0; i < attributeNames.size(); ++i)
      new (&names[i]) StringAttr(StringAttr::get(ctx, attributeNames[i]));
  }
  // Filled under the names lock, `registered` last: lookupRegistered (which
  // reads under the lock) sees a name either unregistered or complete, also
  // while another thread loads the dialect.
  std::unique_lock<std::shared_mutex> lock(ctx->getImpl().opNamesMutex);
  impl->dialect = &dialect;
  impl->typeID = typeID;
  impl->info = info;
  impl->attributeNames = ArrayRef<StringAttr>(names, attributeNames.size());
  impl->registered = true;
  return impl;
}

std::vector<OperationName> MLIRContext::getRegisteredOperations() {
  std::vector<OperationName> result;
  {
    std::shared_lock<std::shared_mutex> lock(impl->opNamesMutex);
    impl->opNames.forEach([&](std::string_view, OperationName::Impl *name) {
      if (name->registered)
        result.push_back(OperationName(name));
    });
  }
  std::sort(result.begin(), result.end(),
            [](OperationName a, OperationName b) { return a.getStringRef() < b.getStringRef(); });
  return result;
}

void MLIRContext::Impl::attachDialectToOpNames(Dialect *dialect) {
  std::unique_lock<std::shared_mutex> lock(opNamesMutex);
  opNames.forEach([&](std::string_view, OperationName::Impl *name) {
    if (!name->dialect && name->dialectNamespace == dialect->getNamespace())
      name->dialect = dialect;
  });
}

std::string_view OperationName::getStringRef() const { return impl->name.getValue(); }
MLIRContext *OperationName::getContext() const { return impl->name.getContext(); }

int OperationName::getAttributeIndex(std::string_view name) const {
  const auto &names = impl->attributeNames;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i].getValue() == name)
      return int(i);
  return -1;
}

void OperationName::print(raw_ostream &os) const { os << getStringRef(); }
raw_ostream &lamina::operator<<(raw_ostream &os, OperationName name) {
  name.print(os);
  return os;
}

//===----------------------------------------------------------------------===//
// NamedAttrList
//===----------------------------------------------------------------------===//

NamedAttrList::NamedAttrList(DictionaryAttr dict) {
  if (dict)
    attrs.assign(dict.begin(), dict.end());
  sorted = true;
}

void NamedAttrList::append(StringAttr name, Attribute value) { append(NamedAttribute(name, value)); }

void NamedAttrList::append(std::string_view name, Attribute value) {
  append(NamedAttribute(StringAttr::get(value.getContext(), name), value));
}

void NamedAttrList::append(NamedAttribute attr) {
  if (sorted && !attrs.empty() && attr < attrs.back())
    sorted = false;
  attrs.push_back(attr);
}

Attribute NamedAttrList::set(StringAttr name, Attribute value) {
  for (auto &a : attrs)
    if (a.getName() == name) {
      Attribute old = a.getValue();
      a.setValue(value);
      return old;
    }
  append(name, value);
  return Attribute();
}

Attribute NamedAttrList::set(std::string_view name, Attribute value) {
  return set(StringAttr::get(value.getContext(), name), value);
}

Attribute NamedAttrList::erase(std::string_view name) {
  for (auto it = attrs.begin(); it != attrs.end(); ++it)
    if (it->getNameStr() == name) {
      Attribute old = it->getValue();
      attrs.erase(it);
      return old;
    }
  return Attribute();
}

Attribute NamedAttrList::get(std::string_view name) const {
  for (const auto &a : attrs)
    if (a.getNameStr() == name)
      return a.getValue();
  return Attribute();
}

std::optional<NamedAttribute> NamedAttrList::getNamed(std::string_view name) const {
  for (const auto &a : attrs)
    if (a.getNameStr() == name)
      return a;
  return std::nullopt;
}

void NamedAttrList::sortInPlace() const {
  if (sorted)
    return;
  sorted = true;
  if (attrs.size() > 32) {
    std::stable_sort(attrs.begin(), attrs.end());
    return;
  }
  // Insertion sort: stable, and no temporary buffer for the short lists
  // that make up nearly all attribute dictionaries.
  for (size_t i = 1; i < attrs.size(); ++i) {
    NamedAttribute a = attrs[i];
    size_t j = i;
    for (; j > 0 && a < attrs[j - 1]; --j)
      attrs[j] = attrs[j - 1];
    attrs[j] = a;
  }
}

std::optional<NamedAttribute> NamedAttrList::findDuplicate() const {
  sortInPlace();
  for (size_t i = 1; i < attrs.size(); ++i)
    if (attrs[i].getName() == attrs[i - 1].getName())
      return attrs[i];
  return std::nullopt;
}

DictionaryAttr NamedAttrList::getDictionary(MLIRContext *ctx) const {
  sortInPlace();
  return DictionaryAttr::getWithSorted(ctx, attrs);
}

//===----------------------------------------------------------------------===//
// OperationState
//===----------------------------------------------------------------------===//

OperationState::OperationState(Location loc, std::string_view name)
    : location(loc), name(name, loc.getContext()) {}

OperationState::OperationState(Location loc, OperationName name) : location(loc), name(name) {}
OperationState::OperationState(StateLocation loc, OperationName name) : location(loc), name(name) {}
OperationState::OperationState(OperationState &&) = default;
OperationState::~OperationState() {
  // Regions not moved into an op (a failed parse): one unit for teardown
  // rule 1 (Operation.h), as a region may use another's values.
  for (auto &region : regions)
    if (region)
      region->dropAllReferences();
}

void OperationState::addOperands(ValueRange newOperands) {
  for (Value v : newOperands)
    operands.push_back(v);
}

Region *OperationState::addRegion() {
  regions.push_back(std::make_unique<Region>());
  return regions.back().get();
}

void OperationState::addRegion(std::unique_ptr<Region> &&region) { regions.push_back(std::move(region)); }

bool OpPrintingFlags::shouldElideElementsAttr(ElementsAttr attr) const {
  return elementsAttrElementLimit && *elementsAttrElementLimit < int64_t(attr.getNumElements()) &&
         !(isa<DenseElementsAttr>(attr) && cast<DenseElementsAttr>(attr).isSplat());
}

//===----------------------------------------------------------------------===//
// OpPrintingFlags
//===----------------------------------------------------------------------===//

namespace {
OpPrintingFlags &commandLinePrintingFlags() {
  static OpPrintingFlags flags;
  return flags;
}
} // namespace

OpPrintingFlags OpPrintingFlags::getCommandLineDefaults() { return commandLinePrintingFlags(); }
void OpPrintingFlags::setCommandLineDefaults(const OpPrintingFlags &flags) { commandLinePrintingFlags() = flags; }

//===----------------------------------------------------------------------===//
// MutableOperandRange
//===----------------------------------------------------------------------===//

MutableOperandRange::MutableOperandRange(Operation *owner, unsigned start, unsigned length, OperandSegment segment,
                                         OperandSegment segment2)
    : owner(owner), start(start), length(length) {
  for (const OperandSegment &s : {segment, segment2})
    if (!s.attrName.empty())
      segments[numSegments++] = s;
}

MutableOperandRange::MutableOperandRange(Operation *owner) : MutableOperandRange(owner, 0, owner->getNumOperands()) {}

MutableOperandRange::MutableOperandRange(OpOperand &operand)
    : MutableOperandRange(operand.getOwner(), operand.getOperandNumber(), 1) {}

void MutableOperandRange::updateLength(unsigned newLength) {
  int32_t delta = int32_t(newLength) - int32_t(length);
  length = newLength;
  if (!delta)
    return;
  for (unsigned i = 0; i < numSegments; ++i) {
    auto attr = dyn_cast_or_null<DenseI32ArrayAttr>(owner->getAttr(segments[i].attrName));
    if (!attr)
      continue;
    std::vector<int32_t> sizes(attr.asArrayRef().begin(), attr.asArrayRef().end());
    if (segments[i].index < sizes.size())
      sizes[segments[i].index] += delta;
    owner->setAttr(segments[i].attrName, DenseI32ArrayAttr::get(owner->getContext(), sizes));
  }
}

void MutableOperandRange::assign(ValueRange values) {
  owner->setOperands(start, length, values);
  updateLength(unsigned(values.size()));
}

void MutableOperandRange::assign(Value value) { assign(ValueRange(value)); }

void MutableOperandRange::append(ValueRange values) {
  if (values.empty())
    return;
  owner->insertOperands(start + length, values);
  updateLength(length + unsigned(values.size()));
}

void MutableOperandRange::erase(unsigned subStart, unsigned count) {
  assert(subStart + count <= length && "erasing past the end of the range");
  if (!count)
    return;
  owner->eraseOperands(start + subStart, count);
  updateLength(length - count);
}

void MutableOperandRange::clear() {
  if (length)
    erase(0, length);
}

MutableOperandRange MutableOperandRange::slice(unsigned subStart, unsigned subLen) const {
  assert(subStart + subLen <= length && "slice past the end of the range");
  MutableOperandRange r = *this;
  r.start = start + subStart;
  r.length = subLen;
  return r;
}

MutableOperandRange::operator OperandRange() const { return owner->getOperands().slice(start, length); }

OpOperand &MutableOperandRange::operator[](unsigned index) const { return owner->getOpOperand(start + index); }

OpOperand *MutableOperandRange::begin() const {
  return owner->getNumOperands() ? &owner->getOpOperand(0) + start : nullptr;
}

OpOperand *MutableOperandRange::end() const { return begin() ? begin() + length : nullptr; }
