//===- MainModule.cpp - The lamina._lamina extension module ---------------===//
//
// lamina/ir.py and lamina/passmanager.py re-export what this module defines.
//
#include "PyIR.h"

#include "lamina-c/RegisterEverything.h"
#include "lamina/Version.h"

PYBIND11_MODULE(_lamina, m) {
  m.doc() = "Lamina's Python bindings (lamina.ir, lamina.passmanager)";
  m.attr("__version__") = lamina::getVersionString();
  laminaRegisterAllPasses();
  lamina::python::populateIRCore(m);
  lamina::python::populateIRTypes(m);
  lamina::python::populateIRAttributes(m);
  lamina::python::populatePass(m);
}
