//===- Value.cpp - Values, operands and use-lists -------------------------===//
#include "lamina/IR/Value.h"

#include "lamina/IR/Operation.h"

using namespace lamina;

OpOperand::OpOperand(Operation *owner, Value v) : owner(owner) {
  if (v) {
    value = v.getImpl();
    insertInto(value);
  }
}

Value OpOperand::get() const { return Value(value); }

void OpOperand::set(Value v) {
  removeFromCurrent();
  value = v.getImpl();
  if (value)
    insertInto(value);
}

bool OpOperand::is(Value v) const { return value == v.getImpl(); }

unsigned OpOperand::getOperandNumber() const { return unsigned(this - &owner->getOpOperand(0)); }

void BlockOperand::set(Block *b) {
  removeFromCurrent();
  block = b;
  if (b) {
    back = &b->firstUse;
    nextUse = b->firstUse;
    if (nextUse)
      nextUse->back = &nextUse;
    b->firstUse = this;
  }
}

unsigned BlockOperand::getOperandNumber() const { return unsigned(this - &owner->getBlockOperands()[0]); }

Operation *Value::getDefiningOp() const {
  if (impl->kind == detail::ValueImpl::Kind::OpResult)
    return static_cast<detail::OpResultImpl *>(impl)->getOwner();
  return nullptr;
}

Block *Value::getParentBlock() const {
  if (Operation *op = getDefiningOp())
    return op->getBlock();
  return static_cast<detail::BlockArgumentImpl *>(impl)->owner;
}

Region *Value::getParentRegion() const {
  Block *b = getParentBlock();
  return b ? b->getParent() : nullptr;
}

Operation *Value::getParentOp() const {
  Block *b = getParentBlock();
  return b ? b->getParentOp() : nullptr;
}

Location Value::getLoc() const {
  if (Operation *op = getDefiningOp())
    return op->getLoc();
  return static_cast<detail::BlockArgumentImpl *>(impl)->loc.get(getType().getContext());
}

void Value::setLoc(Location loc) {
  if (Operation *op = getDefiningOp())
    op->setLoc(loc);
  else
    static_cast<detail::BlockArgumentImpl *>(impl)->loc = loc;
}

bool Value::isUsedOutsideOfBlock(Block *block) const {
  for (OpOperand *u = impl->firstUse; u; u = u->getNextOperandUsingThisValue())
    if (u->getOwner()->getBlock() != block)
      return true;
  return false;
}

void Value::replaceAllUsesWith(Value newValue) const {
  while (impl->firstUse)
    impl->firstUse->set(newValue);
}

void Value::replaceAllUsesExcept(Value newValue, Operation *exceptedUser) const {
  replaceUsesWithIf(newValue, [&](OpOperand &use) { return use.getOwner() != exceptedUser; });
}

void Value::replaceUsesWithIf(Value newValue, function_ref<bool(OpOperand &)> shouldReplace) const {
  for (OpOperand *u = impl->firstUse; u;) {
    OpOperand *next = u->getNextOperandUsingThisValue();
    if (shouldReplace(*u))
      u->set(newValue);
    u = next;
  }
}

void Value::dropAllUses() const {
  while (impl->firstUse)
    impl->firstUse->drop();
}

unsigned ValueRange::getBeginOperandIndex() const {
  assert(kind == Kind::OpOperands && "not a range of operands");
  return static_cast<const OpOperand *>(base)->getOperandNumber();
}

ValueRange ValueRange::slice(size_t start, size_t n) const {
  ValueRange r = *this;
  switch (kind) {
  case Kind::Values:
    r.base = static_cast<const Value *>(base) + start;
    break;
  case Kind::OpResults:
    r.base = static_cast<const detail::OpResultImpl *>(base) - start;
    break;
  case Kind::OpOperands:
    r.base = static_cast<const OpOperand *>(base) + start;
    break;
  case Kind::BlockArgs:
    r.base = static_cast<detail::BlockArgumentImpl *const *>(base) + start;
    break;
  }
  r.count = n;
  return r;
}
