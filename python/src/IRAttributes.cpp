//===- IRAttributes.cpp - lamina.ir.Attribute and the builtin attributes --===//
//
// Attribute is the base; the builtin kinds have subclasses (IntegerAttr,
// StringAttr, ArrayAttr, DictAttr, ...) with MLIR's Python names. Attributes
// returned by the API are of the most specific class.
//
#include "PyIR.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <pybind11/stl.h>

#include <type_traits>

using namespace lamina;
using namespace lamina::python;

namespace {

/// The C++ class of the Python base class of `CppT`'s class.
template <typename CppT> struct PyAttributeBase {
  using type = PyAttribute;
};
template <typename CppT> struct PyConcreteAttribute;
template <> struct PyAttributeBase<FlatSymbolRefAttr> {
  using type = PyConcreteAttribute<SymbolRefAttr>;
};

/// The Python class of builtin attribute kind `CppT`, derived from the class
/// of its Python base.
template <typename CppT> struct PyConcreteAttribute : PyAttributeBase<CppT>::type {
  PyConcreteAttribute() = default;
  explicit PyConcreteAttribute(PyAttribute base) {
    this->context = std::move(base.context);
    this->attr = base.attr;
  }
};

std::string printAttribute(Attribute attr) {
  std::string text;
  {
    StringOstream os(text);
    attr.print(os);
  }
  return text;
}

/// Registers `Name(Base)` for `CppT`: isinstance, the cast constructor, and
/// `type` for typed attributes.
template <typename CppT, typename Base = typename PyAttributeBase<CppT>::type>
py::class_<PyConcreteAttribute<CppT>, Base> bindAttribute(py::module_ &m, const char *name) {
  static_assert(std::is_same_v<Base, typename PyAttributeBase<CppT>::type>);
  py::class_<PyConcreteAttribute<CppT>, Base> cls(m, name);
  cls.def(py::init([name](PyAttribute &other) {
            if (!isa<CppT>(other.attr))
              throw py::value_error(std::string("Cannot cast attribute to ") + name + " (from " +
                                    printAttribute(other.attr) + ")");
            return PyConcreteAttribute<CppT>{{other.context, other.attr}};
          }),
          py::arg("cast_from_attr"))
      .def_static("isinstance", [](PyAttribute &other) { return isa<CppT>(other.attr); }, py::arg("other"));
  return cls;
}

template <typename CppT> PyConcreteAttribute<CppT> make(const py::object &context, Attribute attr) {
  return PyConcreteAttribute<CppT>{{context, attr}};
}

/// A Python value converted to an attribute for ArrayAttr/DictAttr: an
/// Attribute as is.
Attribute toAttribute(py::handle value) { return value.cast<PyAttribute &>().attr; }

} // namespace

py::object python::wrapAttribute(py::object context, Attribute attr) {
  if (!attr)
    return py::none();
  PyAttribute base{std::move(context), attr};
#define LAMINA_WRAP(CppT)                                                                                         \
  if (isa<CppT>(attr))                                                                                            \
    return py::cast(PyConcreteAttribute<CppT>{base});
  LAMINA_WRAP(BoolAttr)
  LAMINA_WRAP(IntegerAttr)
  LAMINA_WRAP(FloatAttr)
  LAMINA_WRAP(StringAttr)
  LAMINA_WRAP(UnitAttr)
  LAMINA_WRAP(ArrayAttr)
  LAMINA_WRAP(DictionaryAttr)
  LAMINA_WRAP(TypeAttr)
  LAMINA_WRAP(FlatSymbolRefAttr)
  LAMINA_WRAP(SymbolRefAttr)
  LAMINA_WRAP(DenseElementsAttr)
  LAMINA_WRAP(LocationAttr)
#undef LAMINA_WRAP
  return py::cast(base);
}

void python::populateIRAttributes(py::module_ &m) {
  py::class_<PyAttribute>(m, "Attribute", "An attribute (uniqued in its context).")
      .def(py::init([](PyAttribute &other) { return other; }), py::arg("cast_from_type"))
      .def_static(
          "parse",
          [](const std::string &text, py::object context) {
            context = resolveContext(context);
            PyMlirContext &ctx = unwrapContext(context);
            ErrorCapture errors(ctx);
            Attribute attr = parseAttribute(text, ctx.get());
            if (!attr)
              errors.raise("Unable to parse attribute: '" + text + "'");
            return wrapAttribute(context, attr);
          },
          py::arg("asm"), py::arg("context") = py::none())
      .def_readonly("context", &PyAttribute::context)
      .def_property_readonly("type",
                             [](PyAttribute &self) -> py::object {
                               if (auto typed = dyn_cast<TypedAttr>(self.attr))
                                 return wrapType(self.context, typed.getType());
                               return py::none();
                             })
      .def("maybe_downcast", [](PyAttribute &self) { return wrapAttribute(self.context, self.attr); })
      .def("__eq__", [](PyAttribute &self, PyAttribute &other) { return self.attr == other.attr; })
      .def("__eq__", [](PyAttribute &, py::object) { return false; })
      .def("__hash__", [](PyAttribute &self) { return std::hash<const void *>()(self.attr.getAsOpaquePointer()); })
      .def("__str__", [](PyAttribute &self) { return printAttribute(self.attr); })
      .def("__repr__", [](PyAttribute &self) { return "Attribute(" + printAttribute(self.attr) + ")"; });

  py::class_<PyNamedAttribute>(m, "NamedAttribute", "An attribute and its name.")
      .def_property_readonly("name", [](PyNamedAttribute &self) { return std::string(self.name.getValue()); })
      .def_property_readonly("attr", [](PyNamedAttribute &self) { return wrapAttribute(self.context, self.attr); })
      .def("__repr__", [](PyNamedAttribute &self) {
        return "NamedAttribute(" + std::string(self.name.getValue()) + "=" + printAttribute(self.attr) + ")";
      });

  bindAttribute<IntegerAttr, PyAttribute>(m, "IntegerAttr")
      .def_static(
          "get",
          [](PyType &type, int64_t value) {
            if (!isa<IntegerType, IndexType>(type.type))
              throw py::value_error("IntegerAttr needs an integer or index type");
            return make<IntegerAttr>(type.context, IntegerAttr::get(type.type, value));
          },
          py::arg("type"), py::arg("value"))
      .def_property_readonly("value", [](PyAttribute &self) {
        auto attr = cast<IntegerAttr>(self.attr);
        Type type = attr.getType();
        if (auto intType = dyn_cast<IntegerType>(type); intType && intType.isUnsigned())
          return py::int_(attr.getUInt());
        return py::int_(attr.getValue().getSExtValue());
      });
  bindAttribute<BoolAttr, PyAttribute>(m, "BoolAttr")
      .def_static(
          "get",
          [](bool value, py::object context) {
            context = resolveContext(context);
            return make<BoolAttr>(context, BoolAttr::get(unwrapContext(context).get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](PyAttribute &self) { return cast<BoolAttr>(self.attr).getValue(); })
      .def("__bool__", [](PyAttribute &self) { return cast<BoolAttr>(self.attr).getValue(); });
  bindAttribute<FloatAttr, PyAttribute>(m, "FloatAttr")
      .def_static(
          "get",
          [](PyType &type, double value) {
            if (!isa<FloatType>(type.type))
              throw py::value_error("FloatAttr needs a float type");
            return make<FloatAttr>(type.context, FloatAttr::get(type.type, value));
          },
          py::arg("type"), py::arg("value"))
      .def_static(
          "get_f32",
          [](double value, py::object context) {
            context = resolveContext(context);
            return make<FloatAttr>(context, FloatAttr::get(FloatType::getF32(unwrapContext(context).get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_static(
          "get_f64",
          [](double value, py::object context) {
            context = resolveContext(context);
            return make<FloatAttr>(context, FloatAttr::get(FloatType::getF64(unwrapContext(context).get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](PyAttribute &self) { return cast<FloatAttr>(self.attr).getValueAsDouble(); });
  bindAttribute<StringAttr, PyAttribute>(m, "StringAttr")
      .def_static(
          "get",
          [](const std::string &value, py::object context) {
            context = resolveContext(context);
            return make<StringAttr>(context, StringAttr::get(unwrapContext(context).get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_static(
          "get_typed",
          [](PyType &type, const std::string &value) {
            return make<StringAttr>(type.context, StringAttr::get(value, type.type));
          },
          py::arg("type"), py::arg("value"))
      .def_property_readonly("value",
                             [](PyAttribute &self) { return std::string(cast<StringAttr>(self.attr).getValue()); })
      .def_property_readonly("value_bytes", [](PyAttribute &self) {
        std::string_view value = cast<StringAttr>(self.attr).getValue();
        return py::bytes(value.data(), value.size());
      });
  bindAttribute<UnitAttr, PyAttribute>(m, "UnitAttr")
      .def_static(
          "get",
          [](py::object context) {
            context = resolveContext(context);
            return make<UnitAttr>(context, UnitAttr::get(unwrapContext(context).get()));
          },
          py::arg("context") = py::none());
  bindAttribute<ArrayAttr, PyAttribute>(m, "ArrayAttr")
      .def_static(
          "get",
          [](py::list values, py::object context) {
            context = resolveContext(context);
            std::vector<Attribute> attrs;
            for (py::handle value : values)
              attrs.push_back(toAttribute(value));
            return make<ArrayAttr>(context, ArrayAttr::get(unwrapContext(context).get(), attrs));
          },
          py::arg("attributes"), py::arg("context") = py::none())
      .def("__len__", [](PyAttribute &self) { return cast<ArrayAttr>(self.attr).size(); })
      .def("__getitem__",
           [](PyAttribute &self, intptr_t index) {
             auto array = cast<ArrayAttr>(self.attr);
             if (index < 0)
               index += intptr_t(array.size());
             if (index < 0 || index >= intptr_t(array.size()))
               throw py::index_error("ArrayAttr index out of range");
             return wrapAttribute(self.context, array[unsigned(index)]);
           })
      .def("__iter__", [](PyAttribute &self) {
        py::list items;
        for (Attribute attr : cast<ArrayAttr>(self.attr))
          items.append(wrapAttribute(self.context, attr));
        return py::iter(items);
      });
  bindAttribute<DictionaryAttr, PyAttribute>(m, "DictAttr")
      .def_static(
          "get",
          [](py::dict values, py::object context) {
            context = resolveContext(context);
            MLIRContext *ctx = unwrapContext(context).get();
            NamedAttrList attrs;
            for (auto [key, value] : values)
              attrs.set(StringAttr::get(ctx, key.cast<std::string>()), toAttribute(value));
            return make<DictionaryAttr>(context, attrs.getDictionary(ctx));
          },
          py::arg("value") = py::dict(), py::arg("context") = py::none())
      .def("__len__", [](PyAttribute &self) { return cast<DictionaryAttr>(self.attr).size(); })
      .def("__contains__",
           [](PyAttribute &self, const std::string &name) { return cast<DictionaryAttr>(self.attr).contains(name); })
      .def("__getitem__",
           [](PyAttribute &self, const std::string &name) {
             Attribute attr = cast<DictionaryAttr>(self.attr).get(name);
             if (!attr)
               throw py::key_error("attribute '" + name + "' not found");
             return wrapAttribute(self.context, attr);
           })
      .def("__iter__", [](PyAttribute &self) {
        py::list items;
        for (const NamedAttribute &attr : cast<DictionaryAttr>(self.attr))
          items.append(PyNamedAttribute{self.context, attr.getName(), attr.getValue()});
        return py::iter(items);
      });
  bindAttribute<TypeAttr, PyAttribute>(m, "TypeAttr")
      .def_static("get", [](PyType &type) { return make<TypeAttr>(type.context, TypeAttr::get(type.type)); },
                  py::arg("value"))
      .def_property_readonly("value",
                             [](PyAttribute &self) { return wrapType(self.context, cast<TypeAttr>(self.attr).getValue()); });
  bindAttribute<SymbolRefAttr, PyAttribute>(m, "SymbolRefAttr");
  bindAttribute<FlatSymbolRefAttr, PyConcreteAttribute<SymbolRefAttr>>(m, "FlatSymbolRefAttr")
      .def_static(
          "get",
          [](const std::string &value, py::object context) {
            context = resolveContext(context);
            return make<FlatSymbolRefAttr>(context, FlatSymbolRefAttr::get(unwrapContext(context).get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](PyAttribute &self) {
        return std::string(cast<FlatSymbolRefAttr>(self.attr).getValue());
      });
  bindAttribute<DenseElementsAttr, PyAttribute>(m, "DenseElementsAttr")
      .def_property_readonly("is_splat", [](PyAttribute &self) { return cast<DenseElementsAttr>(self.attr).isSplat(); })
      .def("__len__", [](PyAttribute &self) { return cast<DenseElementsAttr>(self.attr).getNumElements(); })
      .def("__getitem__", [](PyAttribute &self, intptr_t index) {
        auto dense = cast<DenseElementsAttr>(self.attr);
        if (index < 0)
          index += dense.getNumElements();
        if (index < 0 || index >= dense.getNumElements())
          throw py::index_error("DenseElementsAttr index out of range");
        return wrapAttribute(self.context, dense.getValue(index));
      });
  bindAttribute<LocationAttr, PyAttribute>(m, "LocationAttr");
}
