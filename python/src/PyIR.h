//===- PyIR.h - The Python objects of the lamina module -------------------===//
//
// The classes behind lamina.ir and lamina.passmanager (MLIR's mlir.ir and
// mlir.passmanager): thin handles around Lamina's C++ objects.
//
// Lifetimes: a PyMlirContext owns its MLIRContext; types, attributes and
// locations keep their context alive. IR handles (operations, regions,
// blocks, values) keep the *root* that owns the IR alive: the Module they
// came from, or a detached operation built from Python. A detached operation
// is destroyed with its last Python reference unless it was inserted into a
// block meanwhile. Handles to IR that was erased (op.erase(), or by a pass)
// must not be used: as in MLIR's bindings, their behaviour is undefined.
//
// Exceptions: pybind11 reports Python errors as C++ exceptions, while the
// Lamina libraries are built without exceptions. Every callback Lamina calls
// (walks, diagnostic handlers) catches them and the caller rethrows after
// Lamina returns, so no exception crosses a Lamina frame.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/Location.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/Types.h"
#include "lamina/IR/Value.h"
#include "lamina/Support/RawOstream.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

// Hidden like pybind11's own namespace (the extension is otherwise built with
// default visibility: see python/CMakeLists.txt).
namespace lamina {
namespace python __attribute__((visibility("hidden"))) {

namespace py = pybind11;

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

/// lamina.ir.Context: owns an MLIRContext with every dialect registered.
class PyMlirContext {
public:
  PyMlirContext();
  ~PyMlirContext();
  PyMlirContext(const PyMlirContext &) = delete;

  MLIRContext *get() { return context.get(); }

  /// The Python str of an operation name (cached: walks ask for it often).
  py::object getOpNameString(OperationName name);

  /// The handlers attached from Python (detached when the context dies).
  std::vector<uint64_t> attachedHandlers;

private:
  std::unique_ptr<MLIRContext> context;
  std::unordered_map<const void *, py::object> opNameStrings;
};

/// The kinds of entries of the thread's stack of `with` blocks.
enum class FrameKind { Context, Location, InsertionPoint };

/// The innermost `with` context, location or insertion point of the thread.
py::object currentFrame(FrameKind kind);
void pushFrame(FrameKind kind, py::object object, py::object context);
void popFrame(py::object object);

/// `context` if given, else the current context; raises ValueError if none.
py::object resolveContext(py::object context);
PyMlirContext &unwrapContext(const py::object &context);

//===----------------------------------------------------------------------===//
// Types, attributes, locations (uniqued in the context)
//===----------------------------------------------------------------------===//

/// Base of the type handles (lamina.ir.Type and its subclasses).
struct PyType {
  py::object context;
  Type type;
};

/// Base of the attribute handles (lamina.ir.Attribute and its subclasses).
struct PyAttribute {
  py::object context;
  Attribute attr;
};

/// lamina.ir.Location.
struct PyLocation {
  py::object context;
  Location loc;
};

/// lamina.ir.NamedAttribute.
struct PyNamedAttribute {
  py::object context;
  StringAttr name;
  Attribute attr;
};

/// The most specific Python class for a type / attribute (IntegerType, ...).
py::object wrapType(py::object context, Type type);
py::object wrapAttribute(py::object context, Attribute attr);
py::object wrapLocation(py::object context, Location loc);

//===----------------------------------------------------------------------===//
// IR handles
//===----------------------------------------------------------------------===//

/// lamina.ir.Operation. `root` keeps the IR alive (a PyModule or an owning
/// PyOperation); `owned` operations are detached and destroyed with the
/// handle unless inserted somewhere meanwhile.
struct PyOperation {
  PyOperation(Operation *op, py::object context, py::object root, bool owned = false)
      : op(op), context(std::move(context)), root(std::move(root)), owned(owned) {}
  ~PyOperation();
  PyOperation(const PyOperation &) = delete;

  Operation *get() const;
  Operation *op;
  py::object context;
  py::object root;
  bool owned;
  bool erased = false;
};

/// lamina.ir.Module: owns its builtin.module operation.
struct PyModule {
  PyModule(Operation *op, py::object context) : op(op), context(std::move(context)) {}
  ~PyModule();
  PyModule(const PyModule &) = delete;

  Operation *op;
  py::object context;
};

struct PyRegion {
  Region *region;
  py::object context;
  py::object root;
};

struct PyBlock {
  Block *block;
  py::object context;
  py::object root;
};

/// lamina.ir.Value and its subclasses OpResult and BlockArgument.
struct PyValue {
  Value value;
  py::object context;
  py::object root;
};
struct PyOpResult : PyValue {};
struct PyBlockArgument : PyValue {};

/// The Python handle of `op` (a new handle sharing `root`).
py::object wrapOperation(Operation *op, const py::object &context, const py::object &root);
py::object wrapValue(Value value, const py::object &context, const py::object &root);
py::object wrapBlock(Block *block, const py::object &context, const py::object &root);

/// lamina.ir.InsertionPoint: before `beforeOp` in `block` (at the end if null).
struct PyInsertionPoint {
  PyBlock block;
  Operation *beforeOp = nullptr;
  /// Inserts `op` (a detached operation) here; its handle then shares the
  /// block's root.
  void insert(PyOperation &op);
};

//===----------------------------------------------------------------------===//
// Diagnostics and errors
//===----------------------------------------------------------------------===//

/// Collects the errors emitted on a context while alive (they are then not
/// printed nor passed to other handlers), to raise them as an MLIRError.
/// Thread-safe: passes may emit from worker threads.
class ErrorCapture {
public:
  explicit ErrorCapture(PyMlirContext &context);
  ~ErrorCapture();
  /// Raises lamina.ir.MLIRError(message, diagnostics) (throws).
  [[noreturn]] void raise(const std::string &message);

  struct Captured {
    Location loc;
    std::string message;
    std::vector<std::pair<Location, std::string>> notes;
  };

private:
  PyMlirContext &context;
  uint64_t handlerID;
  std::mutex mutex;
  std::vector<Captured> errors;
};

/// Rethrows a Python error a callback saved (see the file comment).
class CallbackError {
public:
  /// Call from a catch block in the callback.
  void save();
  bool failed() const { return saved; }
  /// Throws the saved error if any.
  void rethrow();

private:
  bool saved = false;
  py::object type, value, traceback;
};

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

/// A buffered stream appending to a std::string.
class StringOstream : public raw_ostream {
public:
  explicit StringOstream(std::string &str) : str(str) { setBuffer(buffer, sizeof(buffer)); }
  ~StringOstream() override { flush(); }

private:
  void writeImpl(const char *data, size_t size) override { str.append(data, size); }
  std::string &str;
  char buffer[1 << 14];
};

/// A stream writing to a Python file object (text or binary), in chunks.
class PyFileOstream : public raw_ostream {
public:
  PyFileOstream(py::object file, bool binary);
  ~PyFileOstream() override;
  void rethrowIfFailed() { error.rethrow(); }

private:
  void writeImpl(const char *data, size_t size) override;
  py::object write;
  bool binary;
  CallbackError error;
  std::vector<char> buffer;
};

//===----------------------------------------------------------------------===//
// Registration of the Python classes
//===----------------------------------------------------------------------===//

void populateIRCore(py::module_ &m);
void populateIRTypes(py::module_ &m);
void populateIRAttributes(py::module_ &m);
void populatePass(py::module_ &m);

} // namespace python
} // namespace lamina
