//===- Pass.cpp - lamina.passmanager.PassManager --------------------------===//
#include "PyIR.h"

#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassRegistry.h"

using namespace lamina;
using namespace lamina::python;

namespace {
/// lamina.passmanager.PassManager: a top-level pass manager and its context.
struct PyPassManager {
  std::unique_ptr<PassManager> pm;
  py::object context;
};
} // namespace

void python::populatePass(py::module_ &m) {
  py::class_<PyPassManager>(m, "PassManager", "A pipeline of passes (MLIR's mlir.passmanager.PassManager).")
      .def(py::init([](const std::string &anchorOp, py::object context) {
             context = resolveContext(context);
             return PyPassManager{std::make_unique<PassManager>(unwrapContext(context).get(), anchorOp), context};
           }),
           py::arg("anchor_op") = "any", py::arg("context") = py::none(),
           "An empty pass manager running on operations named `anchor_op`.")
      .def_static(
          "parse",
          [](const std::string &pipeline, py::object context) {
            context = resolveContext(context);
            std::string errors;
            FailureOr<OpPassManager> parsed = failure();
            {
              StringOstream os(errors);
              parsed = parsePassPipeline(pipeline, os);
            }
            if (failed(parsed))
              throw py::value_error(errors);
            auto pm = std::make_unique<PassManager>(unwrapContext(context).get(), parsed->getOpAnchorName());
            static_cast<OpPassManager &>(*pm) = *parsed;
            return PyPassManager{std::move(pm), context};
          },
          py::arg("pipeline"), py::arg("context") = py::none(),
          "Parses a textual pipeline, e.g. 'builtin.module(canonicalize,cse)'; raises ValueError on errors.")
      .def(
          "add",
          [](PyPassManager &self, const std::string &pipeline) {
            std::string errors;
            LogicalResult result = success();
            {
              StringOstream os(errors);
              result = parsePassPipeline(pipeline, *self.pm, os);
            }
            if (failed(result))
              throw py::value_error(errors);
          },
          py::arg("pipeline"), "Adds pipeline elements (e.g. 'canonicalize,func.func(cse)').")
      .def("enable_verifier", [](PyPassManager &self, bool enable) { self.pm->enableVerifier(enable); },
           py::arg("enable"))
      .def(
          "run",
          [](PyPassManager &self, py::object op) {
            // A Module is run through its operation.
            if (py::hasattr(op, "operation"))
              op = op.attr("operation");
            Operation *operation = op.cast<PyOperation &>().get();
            ErrorCapture errors(unwrapContext(self.context));
            LogicalResult result = success();
            {
              py::gil_scoped_release release;
              result = self.pm->run(operation);
            }
            if (failed(result))
              errors.raise("Failure while executing pass pipeline");
          },
          py::arg("operation"), "Runs the pipeline on an operation (or Module); raises MLIRError if it fails.")
      .def_readonly("context", &PyPassManager::context)
      .def("__str__", [](PyPassManager &self) {
        std::string text;
        {
          StringOstream os(text);
          self.pm->printAsTextualPipeline(os);
        }
        return text;
      });
}
