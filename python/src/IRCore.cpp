//===- IRCore.cpp - Contexts, modules, operations, blocks and values ------===//
//
// The core of lamina.ir: Context, Location, Module, Operation, Region, Block,
// Value, InsertionPoint, diagnostics and MLIRError (see PyIR.h).
//
#include "PyIR.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/SourceMgr.h"
#include "lamina-c/RegisterEverything.h"

#include <pybind11/eval.h>
#include <pybind11/stl.h>

#include <optional>

using namespace lamina;
using namespace lamina::python;

//===----------------------------------------------------------------------===//
// The thread's stack of `with` blocks
//===----------------------------------------------------------------------===//

namespace {
struct Frame {
  FrameKind kind;
  py::object object;
  py::object context;
};
thread_local std::vector<Frame> frames;
} // namespace

void python::pushFrame(FrameKind kind, py::object object, py::object context) {
  frames.push_back(Frame{kind, std::move(object), std::move(context)});
}

void python::popFrame(py::object object) {
  if (frames.empty() || !frames.back().object.is(object))
    throw py::value_error("unbalanced `with` blocks: exiting a block that is not the innermost one");
  frames.pop_back();
}

py::object python::currentFrame(FrameKind kind) {
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    if (kind == FrameKind::Context)
      return it->context;
    if (it->kind == kind)
      return it->object;
  }
  return py::none();
}

py::object python::resolveContext(py::object context) {
  if (!context.is_none())
    return context;
  py::object current = currentFrame(FrameKind::Context);
  if (current.is_none())
    throw py::value_error("no context given and no current Context (use `with Context():` or context=)");
  return current;
}

PyMlirContext &python::unwrapContext(const py::object &context) { return context.cast<PyMlirContext &>(); }

/// The location argument, or the current one; raises ValueError if none.
static PyLocation &resolveLocation(py::object loc) {
  if (loc.is_none())
    loc = currentFrame(FrameKind::Location);
  if (loc.is_none())
    throw py::value_error("no location given and no current Location (use `with Location.unknown():` or loc=)");
  return loc.cast<PyLocation &>();
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

PyMlirContext::PyMlirContext() {
  LaminaDialectRegistry registry = laminaDialectRegistryCreate();
  laminaRegisterAllDialects(registry);
  context = std::make_unique<MLIRContext>(*static_cast<DialectRegistry *>(registry.ptr));
  laminaDialectRegistryDestroy(registry);
  // As MLIR's Python bindings do: operations built from Python find their
  // dialect loaded, and is_registered_operation knows every operation.
  context->loadAllAvailableDialects();
}

PyMlirContext::~PyMlirContext() {
  for (uint64_t id : attachedHandlers)
    context->getDiagEngine().eraseHandler(id);
}

py::object PyMlirContext::getOpNameString(OperationName name) {
  const void *key = name.getAsOpaquePointer();
  auto it = opNameStrings.find(key);
  if (it != opNameStrings.end())
    return it->second;
  std::string_view text = name.getStringRef();
  py::object str = py::str(text.data(), text.size());
  opNameStrings.emplace(key, str);
  return str;
}

//===----------------------------------------------------------------------===//
// Diagnostics and errors
//===----------------------------------------------------------------------===//

namespace {
/// lamina.ir.Diagnostic / DiagnosticInfo: a copy of a diagnostic.
struct PyDiagnosticInfo {
  DiagnosticSeverity severity;
  py::object location;
  std::string message;
  std::vector<PyDiagnosticInfo> notes;
};

PyDiagnosticInfo copyDiagnostic(const py::object &context, const Diagnostic &diag) {
  PyDiagnosticInfo info{diag.getSeverity(), wrapLocation(context, diag.getLocation()), diag.str(), {}};
  for (const std::unique_ptr<Diagnostic> &note : diag.getNotes())
    info.notes.push_back(copyDiagnostic(context, *note));
  return info;
}
} // namespace

ErrorCapture::ErrorCapture(PyMlirContext &context) : context(context) {
  handlerID = context.get()->getDiagEngine().registerHandler([this](Diagnostic &diag) -> LogicalResult {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return failure();
    Captured captured{diag.getLocation(), diag.str(), {}};
    for (const std::unique_ptr<Diagnostic> &note : diag.getNotes())
      captured.notes.emplace_back(note->getLocation(), note->str());
    std::lock_guard<std::mutex> lock(mutex);
    errors.push_back(std::move(captured));
    return success();
  });
}

ErrorCapture::~ErrorCapture() { context.get()->getDiagEngine().eraseHandler(handlerID); }

void ErrorCapture::raise(const std::string &message) {
  py::object ctx = py::cast(&context, py::return_value_policy::reference);
  py::list diagnostics;
  for (const Captured &error : errors) {
    PyDiagnosticInfo info{DiagnosticSeverity::Error, wrapLocation(ctx, error.loc), error.message, {}};
    for (const auto &[loc, text] : error.notes)
      info.notes.push_back(PyDiagnosticInfo{DiagnosticSeverity::Note, wrapLocation(ctx, loc), text, {}});
    diagnostics.append(py::cast(std::move(info)));
  }
  py::object errorClass = py::module_::import("lamina._lamina").attr("MLIRError");
  py::object error = errorClass(message, diagnostics);
  PyErr_SetObject(errorClass.ptr(), error.ptr());
  throw py::error_already_set();
}

void CallbackError::save() {
  if (saved)
    return;
  saved = true;
  PyObject *t = nullptr, *v = nullptr, *tb = nullptr;
  PyErr_Fetch(&t, &v, &tb);
  type = py::reinterpret_steal<py::object>(t);
  value = py::reinterpret_steal<py::object>(v);
  traceback = py::reinterpret_steal<py::object>(tb);
}

void CallbackError::rethrow() {
  if (!saved)
    return;
  saved = false;
  PyErr_Restore(type.release().ptr(), value.release().ptr(), traceback.release().ptr());
  throw py::error_already_set();
}

/// Runs `fn` (which may raise) inside a callback: a Python error is saved in
/// `error` instead of unwinding through Lamina. Returns false on error.
template <typename Fn> static bool guardCallback(CallbackError &error, Fn &&fn) {
  try {
    fn();
    return true;
  } catch (py::error_already_set &e) {
    e.restore();
    error.save();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
    error.save();
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

PyFileOstream::PyFileOstream(py::object file, bool binary) : write(file.attr("write")), binary(binary) {
  buffer.resize(1 << 20);
  setBuffer(buffer.data(), buffer.size());
}

PyFileOstream::~PyFileOstream() { flush(); }

void PyFileOstream::writeImpl(const char *data, size_t size) {
  if (error.failed())
    return;
  guardCallback(error, [&] {
    if (binary)
      write(py::bytes(data, size));
    else
      write(py::str(data, size));
  });
}

//===----------------------------------------------------------------------===//
// Operations, modules and their handles
//===----------------------------------------------------------------------===//

PyOperation::~PyOperation() {
  if (owned && !erased && op && !op->getBlock()) {
    py::gil_scoped_release release;
    op->destroy();
  }
}

Operation *PyOperation::get() const {
  if (erased)
    throw py::value_error("the operation was erased");
  return op;
}

PyModule::~PyModule() {
  if (op) {
    py::gil_scoped_release release;
    op->erase();
  }
}

py::object python::wrapOperation(Operation *op, const py::object &context, const py::object &root) {
  if (!op)
    return py::none();
  return py::cast(new PyOperation(op, context, root), py::return_value_policy::take_ownership);
}

py::object python::wrapValue(Value value, const py::object &context, const py::object &root) {
  if (isa<OpResult>(value))
    return py::cast(PyOpResult{{value, context, root}});
  return py::cast(PyBlockArgument{{value, context, root}});
}

py::object python::wrapBlock(Block *block, const py::object &context, const py::object &root) {
  if (!block)
    return py::none();
  return py::cast(PyBlock{block, context, root});
}

static py::object wrapRegion(Region *region, const py::object &context, const py::object &root) {
  if (!region)
    return py::none();
  return py::cast(PyRegion{region, context, root});
}

/// The root a handle created from `op`'s handle shares: `op`'s handle itself
/// when it owns a detached operation, else its root.
static py::object rootOf(PyOperation &op, py::handle self) {
  return op.owned ? py::reinterpret_borrow<py::object>(self) : op.root;
}

/// The flags of get_asm/print.
static OpPrintingFlags makePrintingFlags(std::optional<int64_t> largeElementsLimit, bool enableDebugInfo,
                                         bool prettyDebugInfo, bool printGenericOpForm, bool useLocalScope,
                                         bool assumeVerified, bool skipRegions) {
  OpPrintingFlags flags;
  if (largeElementsLimit)
    flags.elideLargeElementsAttrs(*largeElementsLimit);
  if (enableDebugInfo || prettyDebugInfo)
    flags.enableDebugInfo(true, prettyDebugInfo);
  if (printGenericOpForm)
    flags.printGenericOpForm();
  if (useLocalScope)
    flags.useLocalScope();
  if (assumeVerified)
    flags.assumeVerified();
  if (skipRegions)
    flags.skipRegions();
  return flags;
}

static std::string printOperation(Operation *op, const OpPrintingFlags &flags = OpPrintingFlags()) {
  std::string text;
  {
    py::gil_scoped_release release;
    StringOstream os(text);
    op->print(os, flags);
  }
  return text;
}

/// Parses text or bytecode (the bytes of `buffer`) into a module, raising
/// MLIRError with the diagnostics on failure.
static py::object parseModule(py::object context, std::unique_ptr<MemoryBuffer> buffer, bool requireBytecode) {
  PyMlirContext &ctx = unwrapContext(context);
  ErrorCapture errors(ctx);
  Operation *op = nullptr;
  bool bytecode = isBytecode(buffer->getBuffer());
  if (requireBytecode && !bytecode) {
    emitError(FileLineColLoc::get(ctx.get(), buffer->getBufferIdentifier(), 0, 0))
        << "input buffer is not an MLIR bytecode file";
  } else {
    py::gil_scoped_release release;
    SourceMgr sourceMgr;
    const MemoryBuffer *raw = buffer.get();
    sourceMgr.addNewSourceBuffer(std::move(buffer));
    ParserConfig config(ctx.get());
    if (bytecode)
      op = readBytecodeFileForTool(raw->getBuffer(), raw->getBufferIdentifier(), config, /*insertImplicitModule=*/true);
    else
      op = parseSourceFileForTool(sourceMgr, 1, config);
    if (op && !isa<ModuleOp>(op)) {
      ModuleOp module = ModuleOp::create(op->getLoc());
      module.push_back(op);
      op = module.getOperation();
    }
  }
  if (!op)
    errors.raise(requireBytecode || bytecode ? "Unable to parse module bytecode" : "Unable to parse module assembly");
  return py::cast(new PyModule(op, context), py::return_value_policy::take_ownership);
}

/// The UTF-8 bytes of a str, or the bytes of a bytes object.
static std::string_view bufferOf(const py::object &source) {
  if (py::isinstance<py::bytes>(source)) {
    char *data = nullptr;
    Py_ssize_t size = 0;
    PyBytes_AsStringAndSize(source.ptr(), &data, &size);
    return std::string_view(data, size_t(size));
  }
  Py_ssize_t size = 0;
  const char *data = PyUnicode_AsUTF8AndSize(source.ptr(), &size);
  if (!data)
    throw py::error_already_set();
  return std::string_view(data, size_t(size));
}

namespace {

/// The sequences of the IR (operands, results, regions, blocks, ...): random
/// access by index with negative indices, len and iteration.
template <typename Derived> struct Sequence {
  py::object get(intptr_t index) {
    auto &self = static_cast<Derived &>(*this);
    intptr_t size = self.size();
    if (index < 0)
      index += size;
    if (index < 0 || index >= size)
      throw py::index_error("index out of range");
    return self.at(index);
  }
  template <typename PyClass> static void bind(PyClass &cls) {
    cls.def("__len__", [](Derived &self) { return self.size(); })
        .def("__getitem__", [](Derived &self, intptr_t index) { return self.get(index); })
        .def("__iter__", [](Derived &self) {
          py::list items;
          for (intptr_t i = 0, e = self.size(); i < e; ++i)
            items.append(self.at(i));
          return py::iter(items);
        });
  }
};

struct PyOperandList : Sequence<PyOperandList> {
  PyOperation *op;
  py::object self;
  intptr_t size() { return op->get()->getNumOperands(); }
  py::object at(intptr_t i) { return wrapValue(op->get()->getOperand(unsigned(i)), op->context, rootOf(*op, self)); }
};

struct PyResultList : Sequence<PyResultList> {
  PyOperation *op;
  py::object self;
  intptr_t size() { return op->get()->getNumResults(); }
  py::object at(intptr_t i) {
    return wrapValue(Value(op->get()->getResult(unsigned(i))), op->context, rootOf(*op, self));
  }
};

struct PyRegionList : Sequence<PyRegionList> {
  PyOperation *op;
  py::object self;
  intptr_t size() { return op->get()->getNumRegions(); }
  py::object at(intptr_t i) { return wrapRegion(&op->get()->getRegion(unsigned(i)), op->context, rootOf(*op, self)); }
};

struct PySuccessorList : Sequence<PySuccessorList> {
  PyOperation *op;
  py::object self;
  intptr_t size() { return op->get()->getNumSuccessors(); }
  py::object at(intptr_t i) { return wrapBlock(op->get()->getSuccessor(unsigned(i)), op->context, rootOf(*op, self)); }
};

struct PyBlockList : Sequence<PyBlockList> {
  PyRegion region;
  intptr_t size() { return intptr_t(region.region->getNumBlocks()); }
  py::object at(intptr_t i) {
    Region::iterator it = region.region->begin();
    std::advance(it, i);
    return wrapBlock(&*it, region.context, region.root);
  }
};

struct PyOperationList : Sequence<PyOperationList> {
  PyBlock block;
  intptr_t size() { return intptr_t(block.block->getOperations().size()); }
  py::object at(intptr_t i) {
    Block::iterator it = block.block->begin();
    std::advance(it, i);
    return wrapOperation(&*it, block.context, block.root);
  }
};

struct PyBlockArgumentList : Sequence<PyBlockArgumentList> {
  PyBlock block;
  intptr_t size() { return block.block->getNumArguments(); }
  py::object at(intptr_t i) {
    return wrapValue(Value(block.block->getArgument(unsigned(i))), block.context, block.root);
  }
};

/// op.attributes: the attribute dictionary by name (MLIR's OpAttributeMap).
struct PyOpAttributeMap {
  PyOperation *op;
  py::object self;
};

/// A Python iterator over a block's operations (next() follows the list).
struct PyOperationIterator {
  PyBlock block;
  Operation *next;
};

} // namespace

/// Operation.create: builds a detached op, inserted at `ip` or the current
/// insertion point if there is one.
static py::object createOperation(const std::string &name, std::optional<py::list> results,
                                  std::optional<py::list> operands, std::optional<py::dict> attributes,
                                  std::optional<py::list> successors, int regions, py::object loc, py::object ip) {
  PyLocation &location = resolveLocation(loc);
  MLIRContext *ctx = location.loc.getContext();
  OperationState state(location.loc, OperationName(name, ctx));
  if (operands)
    for (py::handle operand : *operands)
      state.operands.push_back(operand.cast<PyValue &>().value);
  if (results)
    for (py::handle result : *results)
      state.types.push_back(result.cast<PyType &>().type);
  if (attributes)
    for (auto [key, value] : *attributes)
      state.attributes.set(StringAttr::get(ctx, key.cast<std::string>()), value.cast<PyAttribute &>().attr);
  if (successors)
    for (py::handle successor : *successors)
      state.successors.push_back(successor.cast<PyBlock &>().block);
  if (regions < 0)
    throw py::value_error("the number of regions must not be negative");
  for (int i = 0; i < regions; ++i)
    state.regions.push_back(std::make_unique<Region>());
  auto *op = new PyOperation(Operation::create(state), location.context, py::none(), /*owned=*/true);
  py::object handle = py::cast(op, py::return_value_policy::take_ownership);
  if (ip.is_none())
    ip = currentFrame(FrameKind::InsertionPoint);
  if (!ip.is_none())
    ip.cast<PyInsertionPoint &>().insert(*op);
  return handle;
}

void PyInsertionPoint::insert(PyOperation &op) {
  Operation *operation = op.get();
  if (operation->getBlock())
    throw py::value_error("the operation is already in a block (detach it first)");
  if (beforeOp)
    block.block->insert(Block::iterator(beforeOp, &block.block->getOperations()), operation);
  else
    block.block->push_back(operation);
  op.owned = false;
  op.root = block.root;
}

/// The block-relative insertion point before `op`.
static PyInsertionPoint insertionPointBefore(PyOperation &op, py::handle self) {
  Operation *operation = op.get();
  if (!operation->getBlock())
    throw py::value_error("the operation is not in a block");
  return PyInsertionPoint{PyBlock{operation->getBlock(), op.context, rootOf(op, self)}, operation};
}

/// Walks `op` calling `callback` (which returns a WalkResult, or None to
/// go on).
static void walkOperation(PyOperation &op, py::handle self, py::function callback, WalkOrder order) {
  Operation *root = op.get();
  py::object walkRoot = rootOf(op, self);
  CallbackError error;
  (void)detail::walkOperations(root, order, [&](Operation *nested) -> WalkResult {
    WalkResult result = WalkResult::advance();
    bool ok = guardCallback(error, [&] {
      py::object r = callback(wrapOperation(nested, op.context, walkRoot));
      if (r.is_none())
        return;
      result = WalkResult(r.cast<WalkResult::ResultEnum>());
    });
    return ok ? result : WalkResult::interrupt();
  });
  error.rethrow();
}

void python::populateIRCore(py::module_ &m) {
  //===--------------------------------------------------------------------===//
  // MLIRError, WalkOrder/WalkResult, diagnostics
  //===--------------------------------------------------------------------===//
  py::exec(R"py(
class MLIRError(Exception):
    """An error reported through diagnostics: `message` says what failed and
    `error_diagnostics` (a list of DiagnosticInfo) why."""

    def __init__(self, message, error_diagnostics):
        super().__init__(message, error_diagnostics)
        self.message = message
        self.error_diagnostics = error_diagnostics

    def __str__(self):
        def loc(diag):
            text = str(diag.location)
            return text[4:-1] if text.startswith("loc(") and text.endswith(")") else text
        s = self.message
        if self.error_diagnostics:
            s += ":"
        for diag in self.error_diagnostics:
            s += "\nerror: " + loc(diag) + ": " + diag.message.replace("\n", "\n  ")
            for note in diag.notes:
                s += "\n note: " + loc(note) + ": " + note.message.replace("\n", "\n  ")
        return s
)py",
           m.attr("__dict__"));

  py::enum_<WalkOrder>(m, "WalkOrder")
      .value("PRE_ORDER", WalkOrder::PreOrder)
      .value("POST_ORDER", WalkOrder::PostOrder);
  py::enum_<WalkResult::ResultEnum>(m, "WalkResult")
      .value("ADVANCE", WalkResult::Advance)
      .value("INTERRUPT", WalkResult::Interrupt)
      .value("SKIP", WalkResult::Skip);

  py::enum_<DiagnosticSeverity>(m, "DiagnosticSeverity")
      .value("ERROR", DiagnosticSeverity::Error)
      .value("WARNING", DiagnosticSeverity::Warning)
      .value("NOTE", DiagnosticSeverity::Note)
      .value("REMARK", DiagnosticSeverity::Remark);

  py::class_<PyDiagnosticInfo>(m, "DiagnosticInfo", "A diagnostic: severity, location, message and notes.")
      .def_readonly("severity", &PyDiagnosticInfo::severity)
      .def_readonly("location", &PyDiagnosticInfo::location)
      .def_readonly("message", &PyDiagnosticInfo::message)
      .def_readonly("notes", &PyDiagnosticInfo::notes)
      .def("__str__", [](const PyDiagnosticInfo &self) { return self.message; });
  m.attr("Diagnostic") = m.attr("DiagnosticInfo");

  //===--------------------------------------------------------------------===//
  // Context
  //===--------------------------------------------------------------------===//
  py::class_<PyMlirContext>(m, "Context", "Owns IR: types, attributes and modules. Knows every Lamina dialect.")
      .def(py::init<>())
      .def_property_readonly_static("current",
                                    [](py::object) {
                                      py::object current = currentFrame(FrameKind::Context);
                                      if (current.is_none())
                                        throw py::value_error("no current Context");
                                      return current;
                                    })
      .def("__enter__",
           [](py::object self) {
             pushFrame(FrameKind::Context, self, self);
             return self;
           })
      .def("__exit__", [](py::object self, py::args) { popFrame(self); })
      .def_property(
          "allow_unregistered_dialects", [](PyMlirContext &self) { return self.get()->allowsUnregisteredDialects(); },
          [](PyMlirContext &self, bool allow) { self.get()->allowUnregisteredDialects(allow); })
      .def("enable_multithreading", [](PyMlirContext &self, bool enable) { self.get()->enableMultithreading(enable); })
      .def("load_all_available_dialects", [](PyMlirContext &self) { self.get()->loadAllAvailableDialects(); })
      .def("is_registered_operation",
           [](PyMlirContext &self, const std::string &name) {
             return OperationName::lookupRegistered(name, self.get()).has_value();
           })
      .def_property_readonly("dialects",
                             [](PyMlirContext &self) { return self.get()->getDialectRegistry().getDialectNames(); })
      .def(
          "attach_diagnostic_handler",
          [](py::object self, py::function callback) {
            PyMlirContext &ctx = self.cast<PyMlirContext &>();
            // The handler may run on a worker thread (passes): take the GIL.
            // It does not hold the context (a cycle); detached with it.
            PyMlirContext *raw = &ctx;
            uint64_t id = ctx.get()->getDiagEngine().registerHandler(
                [raw, callback = std::make_shared<py::function>(callback)](Diagnostic &diag) -> LogicalResult {
                  py::gil_scoped_acquire acquire;
                  CallbackError error;
                  bool handled = false;
                  guardCallback(error, [&] {
                    py::object ctxObject = py::cast(raw, py::return_value_policy::reference);
                    handled = (*callback)(copyDiagnostic(ctxObject, diag)).cast<bool>();
                  });
                  if (error.failed()) {
                    // Report and drop: there is no Python caller to raise to.
                    try {
                      error.rethrow();
                    } catch (py::error_already_set &e) {
                      e.restore();
                      PyErr_Print();
                    }
                  }
                  return success(handled);
                });
            ctx.attachedHandlers.push_back(id);
            return id;
          },
          py::arg("callback"),
          "Calls callback(DiagnosticInfo) for each diagnostic; it returns True if it handled it. Returns an id "
          "for detach_diagnostic_handler.")
      .def("detach_diagnostic_handler", [](PyMlirContext &self, uint64_t id) {
        self.get()->getDiagEngine().eraseHandler(id);
        std::erase(self.attachedHandlers, id);
      });

  //===--------------------------------------------------------------------===//
  // Location
  //===--------------------------------------------------------------------===//
  py::class_<PyLocation>(m, "Location", "A source location (uniqued in the context).")
      .def_static(
          "unknown",
          [](py::object context) {
            context = resolveContext(context);
            return PyLocation{context, Location(UnknownLoc::get(unwrapContext(context).get()))};
          },
          py::arg("context") = py::none())
      .def_static(
          "file",
          [](const std::string &filename, unsigned line, unsigned col, py::object context) {
            context = resolveContext(context);
            return PyLocation{context, Location(FileLineColLoc::get(unwrapContext(context).get(), filename, line, col))};
          },
          py::arg("filename"), py::arg("line"), py::arg("col"), py::arg("context") = py::none())
      .def_static(
          "name",
          [](const std::string &name, std::optional<PyLocation> childLoc, py::object context) {
            context = resolveContext(context);
            StringAttr nameAttr = StringAttr::get(unwrapContext(context).get(), name);
            if (childLoc)
              return PyLocation{context, Location(NameLoc::get(nameAttr, LocationAttr(childLoc->loc)))};
            return PyLocation{context, Location(NameLoc::get(nameAttr))};
          },
          py::arg("name"), py::arg("childLoc") = py::none(), py::arg("context") = py::none())
      .def_static(
          "fused",
          [](std::vector<PyLocation> locations, std::optional<PyAttribute> metadata, py::object context) {
            context = resolveContext(context);
            std::vector<LocationAttr> locs;
            for (const PyLocation &l : locations)
              locs.push_back(LocationAttr(l.loc));
            return PyLocation{context, Location(FusedLoc::get(unwrapContext(context).get(), locs,
                                                              metadata ? metadata->attr : Attribute()))};
          },
          py::arg("locations"), py::arg("metadata") = py::none(), py::arg("context") = py::none())
      .def_property_readonly_static("current",
                                    [](py::object) {
                                      py::object current = currentFrame(FrameKind::Location);
                                      if (current.is_none())
                                        throw py::value_error("no current Location");
                                      return current;
                                    })
      .def("__enter__",
           [](py::object self) {
             pushFrame(FrameKind::Location, self, self.cast<PyLocation &>().context);
             return self;
           })
      .def("__exit__", [](py::object self, py::args) { popFrame(self); })
      .def_readonly("context", &PyLocation::context)
      .def(
          "emit_error", [](PyLocation &self, const std::string &message) { emitError(self.loc) << message; },
          py::arg("message"), "Emits an error at this location (to the context's diagnostic handlers).")
      .def_property_readonly("attr", [](PyLocation &self) { return wrapAttribute(self.context, LocationAttr(self.loc)); })
      .def("__eq__", [](PyLocation &self, PyLocation &other) { return self.loc == other.loc; })
      .def("__eq__", [](PyLocation &, py::object) { return false; })
      .def("__hash__", [](PyLocation &self) { return std::hash<const void *>()(self.loc.getAsOpaquePointer()); })
      .def("__str__",
           [](PyLocation &self) {
             std::string text;
             StringOstream os(text);
             self.loc.print(os);
             os.flush();
             return text;
           })
      .def("__repr__", [](PyLocation &self) {
        std::string text;
        StringOstream os(text);
        self.loc.print(os);
        os.flush();
        return text;
      });

  //===--------------------------------------------------------------------===//
  // Module
  //===--------------------------------------------------------------------===//
  py::class_<PyModule>(m, "Module", "A builtin.module and the IR it holds.")
      .def_static(
          "parse",
          [](py::object source, py::object context) {
            context = resolveContext(context);
            std::string_view text = bufferOf(source);
            return parseModule(context, MemoryBuffer::getMemBufferCopy(text, "-"), false);
          },
          py::arg("asm"), py::arg("context") = py::none(),
          "Parses text (str) or text/bytecode (bytes) into a module; raises MLIRError with the diagnostics.")
      .def_static(
          "parse_bytecode",
          [](py::bytes data, py::object context) {
            context = resolveContext(context);
            return parseModule(context, MemoryBuffer::getMemBufferCopy(bufferOf(data), "-"), true);
          },
          py::arg("data"), py::arg("context") = py::none(), "Reads MLIR bytecode into a module.")
      .def_static(
          "parseFile",
          [](const std::string &path, py::object context) {
            context = resolveContext(context);
            std::string message;
            std::unique_ptr<MemoryBuffer> buffer = MemoryBuffer::getFileOrSTDIN(path, &message);
            if (!buffer)
              throw py::value_error("could not open input file " + path + ": " + message);
            return parseModule(context, std::move(buffer), false);
          },
          py::arg("path"), py::arg("context") = py::none(), "Parses a file (text or bytecode) into a module.")
      .def_static(
          "create",
          [](py::object loc) {
            PyLocation &location = resolveLocation(loc);
            ModuleOp module = ModuleOp::create(location.loc);
            return py::cast(new PyModule(module.getOperation(), location.context),
                            py::return_value_policy::take_ownership);
          },
          py::arg("loc") = py::none())
      .def_readonly("context", &PyModule::context)
      .def_property_readonly("operation",
                             [](py::object self) {
                               PyModule &module = self.cast<PyModule &>();
                               return wrapOperation(module.op, module.context, self);
                             })
      .def_property_readonly("body",
                             [](py::object self) {
                               PyModule &module = self.cast<PyModule &>();
                               return wrapBlock(ModuleOp(module.op).getBody(), module.context, self);
                             })
      .def("dump", [](PyModule &self) { self.op->dump(); })
      .def("__str__", [](PyModule &self) { return printOperation(self.op); });

  //===--------------------------------------------------------------------===//
  // Operation
  //===--------------------------------------------------------------------===//
  py::class_<PyOperation> operation(m, "Operation", "An operation (a handle into IR its root keeps alive).");
  operation
      .def_static("create", &createOperation, py::arg("name"), py::arg("results") = py::none(),
                  py::arg("operands") = py::none(), py::arg("attributes") = py::none(),
                  py::arg("successors") = py::none(), py::arg("regions") = 0, py::arg("loc") = py::none(),
                  py::arg("ip") = py::none(),
                  "Creates an operation, inserted at `ip` (or the current insertion point) if given.")
      .def_static(
          "parse",
          [](const std::string &source, const std::string &sourceName, py::object context) {
            context = resolveContext(context);
            PyMlirContext &ctx = unwrapContext(context);
            ErrorCapture errors(ctx);
            SourceMgr sourceMgr;
            sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(source, sourceName));
            Block block;
            if (failed(parseAsmSourceFile(sourceMgr, 1, &block, ParserConfig(ctx.get()))))
              errors.raise("Unable to parse operation assembly");
            if (block.empty() || &block.front() != &block.back())
              throw py::value_error("Expected a single top-level operation, found " +
                                    std::to_string(block.getOperations().size()));
            Operation *op = &block.front();
            op->remove();
            return py::cast(new PyOperation(op, context, py::none(), /*owned=*/true),
                            py::return_value_policy::take_ownership);
          },
          py::arg("source"), py::arg("source_name") = "", py::arg("context") = py::none())
      .def_readonly("context", &PyOperation::context)
      .def_property_readonly("operation", [](py::object self) { return self; })
      .def_property_readonly("opview", [](py::object self) { return self; })
      .def_property_readonly("name",
                             [](PyOperation &self) {
                               return unwrapContext(self.context).getOpNameString(self.get()->getName());
                             })
      .def_property_readonly("is_registered", [](PyOperation &self) { return self.get()->isRegistered(); })
      .def_property(
          "location", [](PyOperation &self) { return wrapLocation(self.context, self.get()->getLoc()); },
          [](PyOperation &self, PyLocation &loc) { self.get()->setLoc(loc.loc); })
      .def_property_readonly("operands",
                             [](py::object self) { return PyOperandList{{}, &self.cast<PyOperation &>(), self}; })
      .def_property_readonly("results",
                             [](py::object self) { return PyResultList{{}, &self.cast<PyOperation &>(), self}; })
      .def_property_readonly("result",
                             [](py::object self) {
                               PyOperation &op = self.cast<PyOperation &>();
                               if (op.get()->getNumResults() != 1)
                                 throw py::value_error("cannot call .result on operation " +
                                                       std::string(op.get()->getName().getStringRef()) +
                                                       " which has " + std::to_string(op.get()->getNumResults()) +
                                                       " results (it is only valid for operations with a single "
                                                       "result)");
                               return wrapValue(Value(op.get()->getResult(0)), op.context, rootOf(op, self));
                             })
      .def_property_readonly("regions",
                             [](py::object self) { return PyRegionList{{}, &self.cast<PyOperation &>(), self}; })
      .def_property_readonly("successors",
                             [](py::object self) { return PySuccessorList{{}, &self.cast<PyOperation &>(), self}; })
      .def_property_readonly("attributes",
                             [](py::object self) { return PyOpAttributeMap{&self.cast<PyOperation &>(), self}; })
      .def_property_readonly("parent",
                             [](py::object self) {
                               PyOperation &op = self.cast<PyOperation &>();
                               return wrapOperation(op.get()->getParentOp(), op.context, rootOf(op, self));
                             })
      .def_property_readonly("block",
                             [](py::object self) {
                               PyOperation &op = self.cast<PyOperation &>();
                               return wrapBlock(op.get()->getBlock(), op.context, rootOf(op, self));
                             })
      .def(
          "verify",
          [](PyOperation &self) {
            ErrorCapture errors(unwrapContext(self.context));
            LogicalResult result = success();
            {
              py::gil_scoped_release release;
              result = verify(self.get());
            }
            if (failed(result))
              errors.raise("Verification failed");
            return true;
          },
          "Verifies the operation and what it contains; raises MLIRError if it is invalid.")
      .def(
          "get_asm",
          [](PyOperation &self, bool binary, std::optional<int64_t> largeElementsLimit, bool enableDebugInfo,
             bool prettyDebugInfo, bool printGenericOpForm, bool useLocalScope, bool assumeVerified,
             bool skipRegions) -> py::object {
            if (binary) {
              std::string bytes;
              {
                py::gil_scoped_release release;
                StringOstream os(bytes);
                (void)writeBytecodeToFile(self.get(), os);
              }
              return py::bytes(bytes);
            }
            return py::str(printOperation(self.get(), makePrintingFlags(largeElementsLimit, enableDebugInfo,
                                                                        prettyDebugInfo, printGenericOpForm,
                                                                        useLocalScope, assumeVerified, skipRegions)));
          },
          py::arg("binary") = false, py::arg("large_elements_limit") = py::none(),
          py::arg("enable_debug_info") = false, py::arg("pretty_debug_info") = false,
          py::arg("print_generic_op_form") = false, py::arg("use_local_scope") = false,
          py::arg("assume_verified") = false, py::arg("skip_regions") = false)
      .def(
          "print",
          [](PyOperation &self, std::optional<int64_t> largeElementsLimit, bool enableDebugInfo, bool prettyDebugInfo,
             bool printGenericOpForm, bool useLocalScope, bool assumeVerified, bool skipRegions, py::object file,
             bool binary) {
            if (file.is_none())
              file = py::module_::import("sys").attr("stdout");
            PyFileOstream os(file, binary);
            if (binary)
              (void)writeBytecodeToFile(self.get(), os);
            else
              self.get()->print(os, makePrintingFlags(largeElementsLimit, enableDebugInfo, prettyDebugInfo,
                                                      printGenericOpForm, useLocalScope, assumeVerified,
                                                      skipRegions));
            os.flush();
            os.rethrowIfFailed();
          },
          py::arg("large_elements_limit") = py::none(), py::arg("enable_debug_info") = false,
          py::arg("pretty_debug_info") = false, py::arg("print_generic_op_form") = false,
          py::arg("use_local_scope") = false, py::arg("assume_verified") = false, py::arg("skip_regions") = false,
          py::arg("file") = py::none(), py::arg("binary") = false,
          "Prints the operation to `file` (sys.stdout by default), as lamina-opt prints it.")
      .def(
          "write_bytecode",
          [](PyOperation &self, py::object file, std::optional<int64_t> desiredVersion) {
            BytecodeWriterConfig config;
            if (desiredVersion)
              config.setDesiredBytecodeVersion(*desiredVersion);
            ErrorCapture errors(unwrapContext(self.context));
            std::string bytes;
            LogicalResult result = success();
            {
              py::gil_scoped_release release;
              StringOstream os(bytes);
              result = writeBytecodeToFile(self.get(), os, config);
            }
            if (failed(result))
              errors.raise("Unable to write bytecode");
            file.attr("write")(py::bytes(bytes));
          },
          py::arg("file"), py::arg("desired_version") = py::none(),
          "Writes the operation as MLIR bytecode to a binary file object.")
      .def(
          "walk",
          [](py::object self, py::function callback, WalkOrder order) {
            walkOperation(self.cast<PyOperation &>(), self, std::move(callback), order);
          },
          py::arg("callback"), py::arg("walk_order") = WalkOrder::PostOrder,
          "Calls callback(op) on this operation and every nested one; it may return a WalkResult.")
      .def("clone",
           [](PyOperation &self, py::object ip) {
             auto *copy = new PyOperation(self.get()->clone(), self.context, py::none(), /*owned=*/true);
             py::object handle = py::cast(copy, py::return_value_policy::take_ownership);
             if (ip.is_none())
               ip = currentFrame(FrameKind::InsertionPoint);
             if (!ip.is_none())
               ip.cast<PyInsertionPoint &>().insert(*copy);
             return handle;
           },
           py::arg("ip") = py::none())
      .def("erase",
           [](PyOperation &self) {
             Operation *op = self.get();
             if (!self.owned && !op->getBlock())
               throw py::value_error("cannot erase a module's own operation (drop the Module instead)");
             op->erase();
             self.erased = true;
           })
      .def("detach_from_parent",
           [](py::object self) {
             PyOperation &op = self.cast<PyOperation &>();
             if (!op.get()->getBlock())
               throw py::value_error("the operation is not in a block");
             op.get()->remove();
             op.owned = true;
             op.root = py::none();
             return self;
           })
      .def("move_before",
           [](py::object self, py::object other) {
             PyOperation &op = self.cast<PyOperation &>();
             PyOperation &ref = other.cast<PyOperation &>();
             op.get()->moveBefore(ref.get());
             op.owned = false;
             op.root = rootOf(ref, other);
           })
      .def("move_after",
           [](py::object self, py::object other) {
             PyOperation &op = self.cast<PyOperation &>();
             PyOperation &ref = other.cast<PyOperation &>();
             op.get()->moveAfter(ref.get());
             op.owned = false;
             op.root = rootOf(ref, other);
           })
      .def("__eq__", [](PyOperation &self, PyOperation &other) { return self.op == other.op; })
      .def("__eq__", [](PyOperation &, py::object) { return false; })
      .def("__hash__", [](PyOperation &self) { return std::hash<const void *>()(self.op); })
      .def("__str__", [](PyOperation &self) { return printOperation(self.get()); })
      .def("__repr__", [](PyOperation &self) { return printOperation(self.get()); });
  m.attr("OpView") = operation;

  py::class_<PyOperandList> operandList(m, "OpOperandList");
  PyOperandList::bind(operandList);
  operandList.def("__setitem__", [](PyOperandList &self, intptr_t index, PyValue &value) {
    intptr_t size = self.size();
    if (index < 0)
      index += size;
    if (index < 0 || index >= size)
      throw py::index_error("index out of range");
    self.op->get()->setOperand(unsigned(index), value.value);
  });
  py::class_<PyResultList> resultList(m, "OpResultList");
  PyResultList::bind(resultList);
  resultList.def_property_readonly("types", [](PyResultList &self) {
    py::list types;
    for (Type t : self.op->get()->getResultTypes())
      types.append(wrapType(self.op->context, t));
    return types;
  });
  py::class_<PyRegionList> regionList(m, "RegionSequence");
  PyRegionList::bind(regionList);
  py::class_<PySuccessorList> successorList(m, "OpSuccessors");
  PySuccessorList::bind(successorList);

  py::class_<PyOpAttributeMap>(m, "OpAttributeMap")
      .def("__len__", [](PyOpAttributeMap &self) { return self.op->get()->getAttrs().size(); })
      .def("__contains__",
           [](PyOpAttributeMap &self, const std::string &name) { return bool(self.op->get()->getAttr(name)); })
      .def("__getitem__",
           [](PyOpAttributeMap &self, const std::string &name) {
             Attribute attr = self.op->get()->getAttr(name);
             if (!attr)
               throw py::key_error("attribute '" + name + "' not found");
             return wrapAttribute(self.op->context, attr);
           })
      .def("__getitem__",
           [](PyOpAttributeMap &self, intptr_t index) {
             ArrayRef<NamedAttribute> attrs = self.op->get()->getAttrs();
             if (index < 0)
               index += intptr_t(attrs.size());
             if (index < 0 || index >= intptr_t(attrs.size()))
               throw py::index_error("attribute index out of range");
             return PyNamedAttribute{self.op->context, attrs[size_t(index)].getName(), attrs[size_t(index)].getValue()};
           })
      .def("__setitem__", [](PyOpAttributeMap &self, const std::string &name,
                             PyAttribute &attr) { self.op->get()->setAttr(name, attr.attr); })
      .def("__delitem__",
           [](PyOpAttributeMap &self, const std::string &name) {
             if (!self.op->get()->removeAttr(name))
               throw py::key_error("attribute '" + name + "' not found");
           })
      .def("__iter__",
           [](PyOpAttributeMap &self) {
             py::list items;
             for (const NamedAttribute &attr : self.op->get()->getAttrs())
               items.append(PyNamedAttribute{self.op->context, attr.getName(), attr.getValue()});
             return py::iter(items);
           })
      .def("keys", [](PyOpAttributeMap &self) {
        py::list names;
        for (const NamedAttribute &attr : self.op->get()->getAttrs())
          names.append(py::str(std::string(attr.getNameStr())));
        return names;
      });

  //===--------------------------------------------------------------------===//
  // Region and Block
  //===--------------------------------------------------------------------===//
  py::class_<PyRegion>(m, "Region", "A list of blocks owned by an operation.")
      .def_property_readonly("blocks", [](PyRegion &self) { return PyBlockList{{}, self}; })
      .def_property_readonly("owner",
                             [](PyRegion &self) { return wrapOperation(self.region->getParentOp(), self.context, self.root); })
      .def("__iter__",
           [](PyRegion &self) {
             py::list blocks;
             for (Block &block : *self.region)
               blocks.append(wrapBlock(&block, self.context, self.root));
             return py::iter(blocks);
           })
      .def("__eq__", [](PyRegion &self, PyRegion &other) { return self.region == other.region; })
      .def("__eq__", [](PyRegion &, py::object) { return false; })
      .def("__hash__", [](PyRegion &self) { return std::hash<const void *>()(self.region); });

  py::class_<PyBlockList> blockList(m, "BlockList");
  PyBlockList::bind(blockList);
  blockList.def(
      "append",
      [](PyBlockList &self, py::args argTypes, std::optional<std::vector<PyLocation>> argLocs) {
        Block *block = new Block();
        for (size_t i = 0; i < argTypes.size(); ++i) {
          Location loc = argLocs && i < argLocs->size() ? (*argLocs)[i].loc : resolveLocation(py::none()).loc;
          block->addArgument(argTypes[i].cast<PyType &>().type, loc);
        }
        self.region.region->push_back(block);
        return wrapBlock(block, self.region.context, self.region.root);
      },
      py::arg("arg_locs") = py::none(), "Appends a block with arguments of the given types.");

  py::class_<PyBlock>(m, "Block", "A list of operations with arguments, in a region.")
      .def_static(
          "create_at_start",
          [](PyRegion &parent, std::vector<PyType> argTypes, std::optional<std::vector<PyLocation>> argLocs) {
            Block *block = new Block();
            for (size_t i = 0; i < argTypes.size(); ++i) {
              Location loc = argLocs && i < argLocs->size() ? (*argLocs)[i].loc : resolveLocation(py::none()).loc;
              block->addArgument(argTypes[i].type, loc);
            }
            parent.region->push_front(block);
            return wrapBlock(block, parent.context, parent.root);
          },
          py::arg("parent"), py::arg("arg_types") = std::vector<PyType>(), py::arg("arg_locs") = py::none())
      .def_property_readonly("operations", [](PyBlock &self) { return PyOperationList{{}, self}; })
      .def_property_readonly("arguments", [](PyBlock &self) { return PyBlockArgumentList{{}, self}; })
      .def_property_readonly("owner",
                             [](PyBlock &self) { return wrapOperation(self.block->getParentOp(), self.context, self.root); })
      .def_property_readonly("region",
                             [](PyBlock &self) { return wrapRegion(self.block->getParent(), self.context, self.root); })
      .def_property_readonly("successors",
                             [](PyBlock &self) {
                               py::list blocks;
                               for (Block *b : self.block->getSuccessors())
                                 blocks.append(wrapBlock(b, self.context, self.root));
                               return blocks;
                             })
      .def("add_argument",
           [](PyBlock &self, PyType &type, PyLocation &loc) {
             return wrapValue(Value(self.block->addArgument(type.type, loc.loc)), self.context, self.root);
           })
      .def("append",
           [](PyBlock &self, PyOperation &op) { PyInsertionPoint{self, nullptr}.insert(op); },
           "Appends a detached operation.")
      .def("__iter__",
           [](PyBlock &self) {
             return PyOperationIterator{self, self.block->empty() ? nullptr : &self.block->front()};
           })
      .def("__eq__", [](PyBlock &self, PyBlock &other) { return self.block == other.block; })
      .def("__eq__", [](PyBlock &, py::object) { return false; })
      .def("__hash__", [](PyBlock &self) { return std::hash<const void *>()(self.block); })
      .def("__str__", [](PyBlock &self) {
        std::string text;
        {
          StringOstream os(text);
          self.block->print(os);
        }
        return text;
      });

  py::class_<PyOperationIterator>(m, "OperationIterator")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", [](PyOperationIterator &self) {
        if (!self.next)
          throw py::stop_iteration();
        Operation *op = self.next;
        self.next = op->getNextNode();
        return wrapOperation(op, self.block.context, self.block.root);
      });

  py::class_<PyOperationList> operationList(m, "OperationList");
  PyOperationList::bind(operationList);
  py::class_<PyBlockArgumentList> argumentList(m, "BlockArgumentList");
  PyBlockArgumentList::bind(argumentList);
  argumentList.def_property_readonly("types", [](PyBlockArgumentList &self) {
    py::list types;
    for (Type t : self.block.block->getArgumentTypes())
      types.append(wrapType(self.block.context, t));
    return types;
  });

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//
  py::class_<PyValue>(m, "Value", "An SSA value: an operation result or a block argument.")
      .def_readonly("context", &PyValue::context)
      .def_property(
          "type", [](PyValue &self) { return wrapType(self.context, self.value.getType()); },
          [](PyValue &self, PyType &type) { self.value.setType(type.type); })
      .def_property_readonly("owner",
                             [](PyValue &self) -> py::object {
                               if (auto result = dyn_cast<OpResult>(self.value))
                                 return wrapOperation(result.getOwner(), self.context, self.root);
                               return wrapBlock(cast<BlockArgument>(self.value).getOwner(), self.context, self.root);
                             })
      .def_property_readonly("uses_count",
                             [](PyValue &self) {
                               size_t n = 0;
                               for (auto it = self.value.use_begin(); it != self.value.use_end(); ++it)
                                 ++n;
                               return n;
                             })
      .def("get_name",
           [](PyValue &self) {
             Operation *scope = self.value.getParentOp();
             while (scope && scope->getParentOp() && !scope->hasTrait<OpTrait::IsIsolatedFromAbove>())
               scope = scope->getParentOp();
             if (!scope)
               throw py::value_error("the value is not in an operation");
             std::string text;
             {
               StringOstream os(text);
               AsmState state(scope);
               self.value.printAsOperand(os, state);
             }
             return text;
           })
      .def("replace_all_uses_with", [](PyValue &self, PyValue &with) { self.value.replaceAllUsesWith(with.value); })
      .def("__eq__", [](PyValue &self, PyValue &other) { return self.value == other.value; })
      .def("__eq__", [](PyValue &, py::object) { return false; })
      .def("__hash__", [](PyValue &self) { return std::hash<const void *>()(self.value.getAsOpaquePointer()); })
      .def("__str__", [](PyValue &self) {
        std::string text;
        {
          StringOstream os(text);
          self.value.print(os);
        }
        return text;
      });
  py::class_<PyOpResult, PyValue>(m, "OpResult")
      .def_property_readonly("result_number",
                             [](PyOpResult &self) { return cast<OpResult>(self.value).getResultNumber(); });
  py::class_<PyBlockArgument, PyValue>(m, "BlockArgument")
      .def_property_readonly("arg_number",
                             [](PyBlockArgument &self) { return cast<BlockArgument>(self.value).getArgNumber(); });

  //===--------------------------------------------------------------------===//
  // InsertionPoint
  //===--------------------------------------------------------------------===//
  py::class_<PyInsertionPoint>(m, "InsertionPoint", "Where Operation.create inserts operations.")
      .def(py::init([](PyBlock &block) { return PyInsertionPoint{block, nullptr}; }), py::arg("block"),
           "The end of `block`.")
      .def(py::init([](py::object op) { return insertionPointBefore(op.cast<PyOperation &>(), op); }),
           py::arg("beforeOperation"), "Right before `beforeOperation`.")
      .def_static("at_block_begin",
                  [](PyBlock &block) {
                    return PyInsertionPoint{block, block.block->empty() ? nullptr : &block.block->front()};
                  })
      .def_static("at_block_terminator",
                  [](PyBlock &block) {
                    if (block.block->empty() || !block.block->back().isKnownTerminator())
                      throw py::value_error("the block has no terminator");
                    return PyInsertionPoint{block, &block.block->back()};
                  })
      .def_property_readonly_static("current",
                                    [](py::object) {
                                      py::object current = currentFrame(FrameKind::InsertionPoint);
                                      if (current.is_none())
                                        throw py::value_error("no current InsertionPoint");
                                      return current;
                                    })
      .def("__enter__",
           [](py::object self) {
             pushFrame(FrameKind::InsertionPoint, self, self.cast<PyInsertionPoint &>().block.context);
             return self;
           })
      .def("__exit__", [](py::object self, py::args) { popFrame(self); })
      .def_property_readonly("block", [](PyInsertionPoint &self) { return self.block; })
      .def("insert", [](PyInsertionPoint &self, PyOperation &op) { self.insert(op); });
}

py::object python::wrapLocation(py::object context, Location loc) {
  return py::cast(PyLocation{std::move(context), loc});
}
