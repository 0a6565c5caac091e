//===- Dominance.cpp - Dominance queries over blocks and operations -------===//
#include "lamina/IR/Dominance.h"

#include "lamina/IR/Operation.h"
#include "lamina/IR/RegionKindInterface.h"

#include "lamina/Support/DenseMap.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// RegionKindInterface
//===----------------------------------------------------------------------===//

bool lamina::mayHaveSSADominance(Region &region) {
  Operation *op = region.getParentOp();
  auto iface = op ? dyn_cast<RegionKindInterface>(op) : RegionKindInterface();
  if (!iface)
    return true;
  return iface.hasSSADominance(region.getRegionNumber());
}

bool lamina::mayBeGraphRegion(Region &region) {
  Operation *op = region.getParentOp();
  if (!op)
    return false;
  if (!op->isRegistered())
    return true;
  auto iface = dyn_cast<RegionKindInterface>(op);
  return iface && !iface.hasSSADominance(region.getRegionNumber());
}

//===----------------------------------------------------------------------===//
// Dominator tree of one region
//===----------------------------------------------------------------------===//

/// The dominator tree of a multi-block region. Blocks reachable from the
/// entry are numbered in reverse post-order; `idom` holds immediate
/// dominators by number; `in`/`out` are pre/post numbers of a walk of the
/// tree, so "a dominates b" is an interval test.
struct DominanceInfo::DomTree {
  PointerMap<Block *, unsigned> number; // reachable blocks only
  std::vector<Block *> blocks;                  // by number (RPO)
  std::vector<unsigned> idom;
  std::vector<unsigned> in, out;

  explicit DomTree(Region &region);
  bool isReachable(Block *b) const { return number.contains(b); }
  /// LLVM's DominatorTree::properlyDominates: unreachable blocks are
  /// dominated by everything and dominate nothing.
  bool properlyDominates(Block *a, Block *b) const {
    if (a == b)
      return false;
    const unsigned *ib = number.lookup(b);
    if (!ib)
      return true;
    const unsigned *ia = number.lookup(a);
    if (!ia)
      return false;
    unsigned x = *ia, y = *ib;
    return in[x] < in[y] && out[y] < out[x];
  }
};

DominanceInfo::DomTree::DomTree(Region &region) {
  Block *entry = &region.front();
  auto successorsOf = [&](Block *b, std::vector<Block *> &succs) {
    succs.clear();
    if (b->empty())
      return;
    Operation &term = b->back();
    for (unsigned i = 0, e = term.getNumSuccessors(); i < e; ++i) {
      Block *s = term.getSuccessor(i);
      if (s && s->getParent() == &region)
        succs.push_back(s);
    }
  };

  // Iterative DFS computing a post-order of the reachable blocks.
  std::vector<Block *> postOrder;
  {
    PointerMap<Block *, bool> visited;
    struct Frame {
      Block *block;
      std::vector<Block *> succs;
      size_t next = 0;
    };
    std::vector<Frame> stack;
    visited[entry] = true;
    stack.push_back(Frame{entry, {}, 0});
    successorsOf(entry, stack.back().succs);
    while (!stack.empty()) {
      Frame &f = stack.back();
      if (f.next < f.succs.size()) {
        Block *s = f.succs[f.next++];
        if (visited.insert(s, true).second) {
          stack.push_back(Frame{s, {}, 0});
          successorsOf(s, stack.back().succs);
        }
        continue;
      }
      postOrder.push_back(f.block);
      stack.pop_back();
    }
  }
  blocks.assign(postOrder.rbegin(), postOrder.rend());
  unsigned n = unsigned(blocks.size());
  for (unsigned i = 0; i < n; ++i)
    number[blocks[i]] = i;

  // Predecessors (by number) among reachable blocks.
  std::vector<std::vector<unsigned>> preds(n);
  std::vector<Block *> succs;
  for (unsigned i = 0; i < n; ++i) {
    successorsOf(blocks[i], succs);
    for (Block *s : succs)
      preds[*number.lookup(s)].push_back(i);
  }

  // Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm".
  constexpr unsigned kUndef = ~0u;
  idom.assign(n, kUndef);
  idom[0] = 0;
  auto intersect = [&](unsigned a, unsigned b) {
    while (a != b) {
      while (a > b)
        a = idom[a];
      while (b > a)
        b = idom[b];
    }
    return a;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned i = 1; i < n; ++i) {
      unsigned newIdom = kUndef;
      for (unsigned p : preds[i]) {
        if (idom[p] == kUndef)
          continue;
        newIdom = newIdom == kUndef ? p : intersect(p, newIdom);
      }
      if (newIdom != kUndef && idom[i] != newIdom) {
        idom[i] = newIdom;
        changed = true;
      }
    }
  }

  // Pre/post numbering of the tree (iterative).
  std::vector<std::vector<unsigned>> children(n);
  for (unsigned i = 1; i < n; ++i)
    children[idom[i]].push_back(i);
  in.assign(n, 0);
  out.assign(n, 0);
  unsigned counter = 0;
  std::vector<std::pair<unsigned, size_t>> stack{{0u, size_t(0)}};
  in[0] = counter++;
  while (!stack.empty()) {
    auto &[node, next] = stack.back();
    if (next < children[node].size()) {
      unsigned child = children[node][next++];
      in[child] = counter++;
      stack.emplace_back(child, 0);
      continue;
    }
    out[node] = counter++;
    stack.pop_back();
  }
}

//===----------------------------------------------------------------------===//
// DominanceInfo
//===----------------------------------------------------------------------===//

DominanceInfo::DominanceInfo() = default;
DominanceInfo::~DominanceInfo() = default;

void DominanceInfo::invalidate() {
  infos.clear();
  lastRegion = nullptr;
  lastInfo = nullptr;
}

void DominanceInfo::invalidate(Region *region) {
  infos.erase(region);
  lastRegion = nullptr;
  lastInfo = nullptr;
}

DominanceInfo::RegionInfo &DominanceInfo::getInfo(Region *region, bool needsTree) const {
  RegionInfo *info;
  if (region == lastRegion) {
    info = lastInfo;
  } else {
    auto [it, inserted] = infos.try_emplace(region);
    info = &it->second;
    if (inserted && region->hasOneBlock()) {
      // Multi-block regions always have SSA dominance; single-block ones
      // unless the parent op is unregistered or declares a graph region.
      if (Operation *parentOp = region->getParentOp()) {
        if (!parentOp->isRegistered())
          info->hasSSADominance = false;
        else if (auto iface = dyn_cast<RegionKindInterface>(parentOp))
          info->hasSSADominance = iface.hasSSADominance(region->getRegionNumber());
      }
    }
    lastRegion = region;
    lastInfo = info;
  }
  if (needsTree && !info->tree && !region->empty() && !region->hasOneBlock())
    info->tree = std::make_unique<DomTree>(*region);
  return *info;
}

bool DominanceInfo::hasSSADominance(Region *region) const { return getInfo(region, false).hasSSADominance; }
bool DominanceInfo::hasSSADominance(Block *block) const { return hasSSADominance(block->getParent()); }

bool DominanceInfo::isReachableFromEntry(Block *a) const {
  Region *region = a->getParent();
  if (!region || &region->front() == a)
    return true;
  RegionInfo &info = getInfo(region, true);
  return !info.tree || info.tree->isReachable(a);
}

bool DominanceInfo::properlyDominates(Block *a, Block *b) const {
  if (a == b)
    return !hasSSADominance(a);
  Region *aRegion = a->getParent();
  if (aRegion != b->getParent()) {
    // `a` properly dominates blocks nested under it.
    b = aRegion ? aRegion->findAncestorBlockInRegion(*b) : nullptr;
    if (!b)
      return false;
    if (a == b)
      return true;
  }
  RegionInfo &info = getInfo(aRegion, true);
  if (!info.tree)
    return false;
  return info.tree->properlyDominates(a, b);
}

bool DominanceInfo::properlyDominatesImpl(Operation *a, Operation *b, bool enclosingOpOk) const {
  Block *aBlock = a->getBlock(), *bBlock = b->getBlock();
  if (!aBlock || !bBlock)
    return false;
  // An op dominates itself, and properly so only in a graph region.
  if (a == b)
    return !hasSSADominance(aBlock);
  Region *aRegion = aBlock->getParent();
  if (aRegion != bBlock->getParent()) {
    // Move `b` up to the ancestor in `a`'s region.
    b = aRegion ? aRegion->findAncestorOpInRegion(*b) : nullptr;
    if (!b)
      return false;
    bBlock = b->getBlock();
    if (a == b && enclosingOpOk)
      return true;
  }
  if (aBlock == bBlock) {
    // In graph regions, ops in one block dominate each other.
    if (!hasSSADominance(aBlock))
      return true;
    return a->isBeforeInBlock(b);
  }
  RegionInfo &info = getInfo(aRegion, true);
  if (!info.tree)
    return false;
  return info.tree->properlyDominates(aBlock, bBlock);
}

bool DominanceInfo::properlyDominates(Operation *a, Operation *b, bool enclosingOpOk) const {
  return properlyDominatesImpl(a, b, enclosingOpOk);
}

bool DominanceInfo::dominates(Value a, Operation *b) const {
  return a.getDefiningOp() == b || properlyDominates(a, b);
}

bool DominanceInfo::properlyDominates(Value a, Operation *b) const {
  // Block arguments are available in their whole block.
  if (auto arg = dyn_cast<BlockArgument>(a))
    return dominates(arg.getOwner(), b->getBlock());
  return properlyDominatesImpl(a.getDefiningOp(), b, /*enclosingOpOk=*/false);
}

Block *DominanceInfo::getImmediateDominator(Block *block) const {
  Region *region = block->getParent();
  if (!region)
    return nullptr;
  RegionInfo &info = getInfo(region, true);
  if (!info.tree)
    return nullptr;
  const unsigned *n = info.tree->number.lookup(block);
  if (!n || *n == 0)
    return nullptr;
  return info.tree->blocks[info.tree->idom[*n]];
}

Block *DominanceInfo::findNearestCommonDominator(Block *a, Block *b) const {
  if (!a || !b)
    return nullptr;
  if (a == b)
    return a;
  Region *region = a->getParent();
  if (region != b->getParent())
    return nullptr;
  RegionInfo &info = getInfo(region, true);
  if (!info.tree)
    return region->hasOneBlock() ? a : nullptr;
  const unsigned *ia = info.tree->number.lookup(a), *ib = info.tree->number.lookup(b);
  if (!ia || !ib)
    return nullptr;
  unsigned x = *ia, y = *ib;
  while (x != y) {
    while (x > y)
      x = info.tree->idom[x];
    while (y > x)
      y = info.tree->idom[y];
  }
  return info.tree->blocks[x];
}
