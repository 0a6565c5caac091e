//===- AnalysisManager.h - Cached analyses and their preservation ---------===//
//
// MLIR's analysis management: an analysis is any class constructible from
// `Operation *` (or `Operation *, AnalysisManager &`). The manager computes
// it on first request for an operation, caches it, and drops it after a pass
// unless the pass declared it preserved. Analyses of nested operations live
// in a tree of maps mirroring the IR; the pass manager creates the child
// maps of the ops it schedules before running them in parallel, so each
// thread only touches its own subtree.
//
#pragma once

#include "lamina/Pass/PassInstrumentation.h"
#include "lamina/Support/TypeID.h"

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lamina {

class AnalysisManager;
class Operation;

/// The set of analyses a pass left valid (all, none, or a list).
class PreservedAnalyses {
public:
  void preserveAll() { all = true; }
  bool isAll() const { return all; }
  bool isNone() const { return !all && preserved.empty(); }
  template <typename... AnalysisTs> void preserve() { (preserve(TypeID::get<AnalysisTs>()), ...); }
  void preserve(TypeID id) { preserved.push_back(id); }
  template <typename AnalysisT> bool isPreserved() const { return isPreserved(TypeID::get<AnalysisT>()); }
  bool isPreserved(TypeID id) const {
    if (all)
      return true;
    for (TypeID p : preserved)
      if (p == id)
        return true;
    return false;
  }
  /// Forgets `id` (an analysis that decided it is invalidated).
  void unpreserve(TypeID id);

private:
  bool all = false;
  std::vector<TypeID> preserved;
};

namespace detail {

/// The name shown for an analysis in timing reports: the class name without
/// the `lamina::` namespace (as MLIR strips `mlir::`).
template <typename T> std::string_view getAnalysisName() {
  std::string_view name = __PRETTY_FUNCTION__;
  size_t start = name.find("T = ");
  if (start == std::string_view::npos)
    return name;
  name = name.substr(start + 4);
  name = name.substr(0, name.find_first_of(";]"));
  if (name.substr(0, 8) == "lamina::")
    name = name.substr(8);
  else if (name.substr(0, 13) == "{anonymous}::")
    name = name.substr(13);
  return name;
}

/// A type-erased cached analysis.
struct AnalysisConcept {
  virtual ~AnalysisConcept() = default;
  /// True if the analysis must be dropped given what a pass preserved.
  virtual bool isInvalidated(const PreservedAnalyses &pa) = 0;
};

template <typename T> struct AnalysisModel : public AnalysisConcept {
  template <typename... Args> explicit AnalysisModel(Args &&...args) : analysis(std::forward<Args>(args)...) {}
  bool isInvalidated(const PreservedAnalyses &pa) override {
    if constexpr (requires(T &t, const PreservedAnalyses &p) { t.isInvalidated(p); })
      return analysis.isInvalidated(pa);
    else
      return !pa.isPreserved<T>();
  }
  T analysis;
};

/// The analyses computed for one operation.
class AnalysisMap {
public:
  explicit AnalysisMap(Operation *ir) : ir(ir) {}

  template <typename AnalysisT> AnalysisT &getAnalysis(PassInstrumentor *pi, AnalysisManager &am);
  template <typename AnalysisT> std::optional<std::reference_wrapper<AnalysisT>> getCachedAnalysis() const {
    TypeID id = TypeID::get<AnalysisT>();
    for (auto &entry : analyses)
      if (entry.first == id)
        return std::ref(static_cast<AnalysisModel<AnalysisT> *>(entry.second.get())->analysis);
    return std::nullopt;
  }
  Operation *getOperation() const { return ir; }
  void clear() { analyses.clear(); }
  /// Drops the analyses not preserved by `pa`.
  void invalidate(const PreservedAnalyses &pa);

private:
  Operation *ir;
  std::vector<std::pair<TypeID, std::unique_ptr<AnalysisConcept>>> analyses;
};

/// The analyses of an operation and, recursively, of ops nested in it.
struct NestedAnalysisMap {
  NestedAnalysisMap(Operation *op, PassInstrumentor *instrumentor) : analyses(op), instrumentor(instrumentor) {}
  NestedAnalysisMap(Operation *op, NestedAnalysisMap *parent)
      : analyses(op), parent(parent), instrumentor(parent->instrumentor) {}

  Operation *getOperation() const { return analyses.getOperation(); }
  void invalidate(const PreservedAnalyses &pa);

  std::unordered_map<Operation *, std::unique_ptr<NestedAnalysisMap>> childAnalyses;
  AnalysisMap analyses;
  NestedAnalysisMap *parent = nullptr;
  PassInstrumentor *instrumentor;
};

} // namespace detail

/// A handle on the analyses of one operation (cheap to copy).
class AnalysisManager {
public:
  /// Computes (or returns the cached) analysis of the current op.
  template <typename AnalysisT> AnalysisT &getAnalysis() {
    return impl->analyses.getAnalysis<AnalysisT>(getPassInstrumentor(), *this);
  }
  template <typename AnalysisT> std::optional<std::reference_wrapper<AnalysisT>> getCachedAnalysis() const {
    return impl->analyses.getCachedAnalysis<AnalysisT>();
  }
  /// The cached analysis of the nearest ancestor map that has one.
  template <typename AnalysisT> std::optional<std::reference_wrapper<AnalysisT>> getCachedParentAnalysis() const {
    for (detail::NestedAnalysisMap *p = impl->parent; p; p = p->parent)
      if (auto r = p->analyses.getCachedAnalysis<AnalysisT>())
        return r;
    return std::nullopt;
  }
  /// The analysis of `op`, a descendant of the current op.
  template <typename AnalysisT> AnalysisT &getChildAnalysis(Operation *op) { return nest(op).getAnalysis<AnalysisT>(); }
  template <typename AnalysisT>
  std::optional<std::reference_wrapper<AnalysisT>> getCachedChildAnalysis(Operation *op) const {
    auto it = impl->childAnalyses.find(op);
    if (it == impl->childAnalyses.end())
      return std::nullopt;
    return it->second->analyses.getCachedAnalysis<AnalysisT>();
  }

  /// The manager of `op`, a proper descendant of the current op (creating
  /// the intermediate maps).
  AnalysisManager nest(Operation *op);
  /// Drops the analyses not preserved by `pa`, here and in nested maps.
  void invalidate(const PreservedAnalyses &pa) { impl->invalidate(pa); }
  /// Drops everything cached for this op and its descendants.
  void clear() {
    impl->analyses.clear();
    impl->childAnalyses.clear();
  }
  PassInstrumentor *getPassInstrumentor() const { return impl->instrumentor; }
  Operation *getOperation() const { return impl->getOperation(); }

private:
  friend class ModuleAnalysisManager;
  explicit AnalysisManager(detail::NestedAnalysisMap *impl) : impl(impl) {}
  AnalysisManager nestImmediate(Operation *op);
  detail::NestedAnalysisMap *impl;
};

/// The owner of the top-level analysis map of a pass manager run.
class ModuleAnalysisManager {
public:
  ModuleAnalysisManager(Operation *op, PassInstrumentor *instrumentor) : analyses(op, instrumentor) {}
  ModuleAnalysisManager(const ModuleAnalysisManager &) = delete;
  operator AnalysisManager() { return AnalysisManager(&analyses); }

private:
  detail::NestedAnalysisMap analyses;
};

template <typename AnalysisT>
AnalysisT &detail::AnalysisMap::getAnalysis(PassInstrumentor *pi, AnalysisManager &am) {
  if (auto cached = getCachedAnalysis<AnalysisT>())
    return cached->get();
  TypeID id = TypeID::get<AnalysisT>();
  if (pi)
    pi->runBeforeAnalysis(getAnalysisName<AnalysisT>(), id, ir);
  std::unique_ptr<AnalysisModel<AnalysisT>> model;
  if constexpr (std::is_constructible_v<AnalysisT, Operation *, AnalysisManager &>)
    model = std::make_unique<AnalysisModel<AnalysisT>>(ir, am);
  else
    model = std::make_unique<AnalysisModel<AnalysisT>>(ir);
  AnalysisT &result = model->analysis;
  analyses.emplace_back(id, std::move(model));
  if (pi)
    pi->runAfterAnalysis(getAnalysisName<AnalysisT>(), id, ir);
  return result;
}

} // namespace lamina
