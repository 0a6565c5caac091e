//===- IRTypes.cpp - lamina.ir.Type and the builtin type classes ----------===//
//
// Type is the base; each builtin kind has a subclass (IntegerType,
// F32Type, RankedTensorType, ...) with MLIR's Python names: `get...`
// constructors, `isinstance(t)`, a cast constructor `IntegerType(t)` and
// accessors. Types returned by the API are of the most specific class.
//
#include "PyIR.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <pybind11/stl.h>

#include <optional>
#include <type_traits>

using namespace lamina;
using namespace lamina::python;

namespace {

/// The C++ class of the Python base class of `CppT`'s class (Type unless
/// specialized below).
template <typename CppT> struct PyTypeBase {
  using type = PyType;
};
template <typename CppT> struct PyConcreteType;
#define LAMINA_PY_BASE(CppT, BaseT)                                                                             \
  template <> struct PyTypeBase<CppT> {                                                                          \
    using type = PyConcreteType<BaseT>;                                                                          \
  };
LAMINA_PY_BASE(Float16Type, FloatType)
LAMINA_PY_BASE(BFloat16Type, FloatType)
LAMINA_PY_BASE(Float32Type, FloatType)
LAMINA_PY_BASE(Float64Type, FloatType)
LAMINA_PY_BASE(VectorType, ShapedType)
LAMINA_PY_BASE(TensorType, ShapedType)
LAMINA_PY_BASE(BaseMemRefType, ShapedType)
LAMINA_PY_BASE(RankedTensorType, TensorType)
LAMINA_PY_BASE(UnrankedTensorType, TensorType)
LAMINA_PY_BASE(MemRefType, BaseMemRefType)
LAMINA_PY_BASE(UnrankedMemRefType, BaseMemRefType)
#undef LAMINA_PY_BASE

/// The Python class of builtin type kind `CppT`, derived from the class of
/// its Python base (pybind11 needs the C++ classes to mirror the Python ones).
template <typename CppT> struct PyConcreteType : PyTypeBase<CppT>::type {
  PyConcreteType() = default;
  explicit PyConcreteType(PyType base) {
    this->context = std::move(base.context);
    this->type = base.type;
  }
};

/// Emits the errors of checked getters at an unknown location (captured by
/// an ErrorCapture and raised).
struct UnknownLocEmitter {
  MLIRContext *ctx;
  InFlightDiagnostic operator()() const { return emitError(UnknownLoc::get(ctx)); }
};

/// Raises MLIRError for a null type built by a checked getter.
PyType checkedType(PyMlirContext &ctx, ErrorCapture &errors, const py::object &context, Type type, const char *what) {
  if (!type)
    errors.raise(std::string("Invalid ") + what);
  (void)ctx;
  return PyType{context, type};
}

/// Registers `Name(Base)` for `CppT`: isinstance, the cast constructor.
template <typename CppT, typename Base = typename PyTypeBase<CppT>::type>
py::class_<PyConcreteType<CppT>, Base> bindType(py::module_ &m, const char *name) {
  static_assert(std::is_same_v<Base, typename PyTypeBase<CppT>::type>);
  py::class_<PyConcreteType<CppT>, Base> cls(m, name);
  cls.def(py::init([name](PyType &other) {
            if (!isa<CppT>(other.type)) {
              std::string text;
              {
                StringOstream os(text);
                other.type.print(os);
              }
              throw py::value_error(std::string("Cannot cast type to ") + name + " (from " + text + ")");
            }
            return PyConcreteType<CppT>{{other.context, other.type}};
          }),
          py::arg("cast_from_type"))
      .def_static("isinstance", [](PyType &other) { return isa<CppT>(other.type); }, py::arg("other"));
  return cls;
}

} // namespace

py::object python::wrapType(py::object context, Type type) {
  if (!type)
    return py::none();
  PyType base{std::move(context), type};
#define LAMINA_WRAP(CppT)                                                                                         \
  if (isa<CppT>(type))                                                                                            \
    return py::cast(PyConcreteType<CppT>{base});
  LAMINA_WRAP(IntegerType)
  LAMINA_WRAP(IndexType)
  LAMINA_WRAP(NoneType)
  LAMINA_WRAP(Float16Type)
  LAMINA_WRAP(BFloat16Type)
  LAMINA_WRAP(Float32Type)
  LAMINA_WRAP(Float64Type)
  LAMINA_WRAP(FloatType)
  LAMINA_WRAP(ComplexType)
  LAMINA_WRAP(VectorType)
  LAMINA_WRAP(RankedTensorType)
  LAMINA_WRAP(UnrankedTensorType)
  LAMINA_WRAP(MemRefType)
  LAMINA_WRAP(UnrankedMemRefType)
  LAMINA_WRAP(TupleType)
  LAMINA_WRAP(FunctionType)
#undef LAMINA_WRAP
  return py::cast(base);
}

static std::string printType(Type type) {
  std::string text;
  {
    StringOstream os(text);
    type.print(os);
  }
  return text;
}

void python::populateIRTypes(py::module_ &m) {
  py::class_<PyType>(m, "Type", "A type (uniqued in its context).")
      .def(py::init([](PyType &other) { return other; }), py::arg("cast_from_type"))
      .def_static(
          "parse",
          [](const std::string &text, py::object context) {
            context = resolveContext(context);
            PyMlirContext &ctx = unwrapContext(context);
            ErrorCapture errors(ctx);
            Type type = parseType(text, ctx.get());
            if (!type)
              errors.raise("Unable to parse type: '" + text + "'");
            return wrapType(context, type);
          },
          py::arg("asm"), py::arg("context") = py::none())
      .def_readonly("context", &PyType::context)
      .def("maybe_downcast", [](PyType &self) { return wrapType(self.context, self.type); })
      .def("__eq__", [](PyType &self, PyType &other) { return self.type == other.type; })
      .def("__eq__", [](PyType &, py::object) { return false; })
      .def("__hash__", [](PyType &self) { return std::hash<const void *>()(self.type.getAsOpaquePointer()); })
      .def("__str__", [](PyType &self) { return printType(self.type); })
      .def("__repr__", [](PyType &self) { return "Type(" + printType(self.type) + ")"; });

  // Integers, index, none.
  bindType<IntegerType, PyType>(m, "IntegerType")
      .def_static(
          "get_signless",
          [](unsigned width, py::object context) {
            context = resolveContext(context);
            return PyConcreteType<IntegerType>{
                {context, IntegerType::get(unwrapContext(context).get(), width, IntegerType::Signless)}};
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_static(
          "get_signed",
          [](unsigned width, py::object context) {
            context = resolveContext(context);
            return PyConcreteType<IntegerType>{
                {context, IntegerType::get(unwrapContext(context).get(), width, IntegerType::Signed)}};
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_static(
          "get_unsigned",
          [](unsigned width, py::object context) {
            context = resolveContext(context);
            return PyConcreteType<IntegerType>{
                {context, IntegerType::get(unwrapContext(context).get(), width, IntegerType::Unsigned)}};
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_property_readonly("width", [](PyType &self) { return cast<IntegerType>(self.type).getWidth(); })
      .def_property_readonly("is_signless", [](PyType &self) { return cast<IntegerType>(self.type).isSignless(); })
      .def_property_readonly("is_signed", [](PyType &self) { return cast<IntegerType>(self.type).isSigned(); })
      .def_property_readonly("is_unsigned", [](PyType &self) { return cast<IntegerType>(self.type).isUnsigned(); });
  bindType<IndexType, PyType>(m, "IndexType")
      .def_static(
          "get",
          [](py::object context) {
            context = resolveContext(context);
            return PyConcreteType<IndexType>{{context, IndexType::get(unwrapContext(context).get())}};
          },
          py::arg("context") = py::none());
  bindType<NoneType, PyType>(m, "NoneType")
      .def_static(
          "get",
          [](py::object context) {
            context = resolveContext(context);
            return PyConcreteType<NoneType>{{context, NoneType::get(unwrapContext(context).get())}};
          },
          py::arg("context") = py::none());

  // Floats.
  bindType<FloatType, PyType>(m, "FloatType")
      .def_property_readonly("width", [](PyType &self) { return cast<FloatType>(self.type).getWidth(); });
#define LAMINA_FLOAT(CppT, PyName, getter)                                                                      \
  bindType<CppT, PyConcreteType<FloatType>>(m, PyName)                                                           \
      .def_static(                                                                                               \
          "get",                                                                                                 \
          [](py::object context) {                                                                               \
            context = resolveContext(context);                                                                   \
            return PyConcreteType<CppT>{{context, FloatType::getter(unwrapContext(context).get())}};           \
          },                                                                                                     \
          py::arg("context") = py::none());
  LAMINA_FLOAT(Float16Type, "F16Type", getF16)
  LAMINA_FLOAT(BFloat16Type, "BF16Type", getBF16)
  LAMINA_FLOAT(Float32Type, "F32Type", getF32)
  LAMINA_FLOAT(Float64Type, "F64Type", getF64)
#undef LAMINA_FLOAT

  bindType<ComplexType, PyType>(m, "ComplexType")
      .def_static(
          "get",
          [](PyType &elementType) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            Type type = ComplexType::getChecked(UnknownLocEmitter{ctx.get()}, elementType.type);
            return PyConcreteType<ComplexType>{checkedType(ctx, errors, elementType.context, type, "complex type")};
          },
          py::arg("element_type"))
      .def_property_readonly("element_type", [](PyType &self) {
        return wrapType(self.context, cast<ComplexType>(self.type).getElementType());
      });

  // Shaped types.
  bindType<ShapedType, PyType>(m, "ShapedType")
      .def_property_readonly("element_type",
                             [](PyType &self) { return wrapType(self.context, cast<ShapedType>(self.type).getElementType()); })
      .def_property_readonly("has_rank", [](PyType &self) { return cast<ShapedType>(self.type).hasRank(); })
      .def_property_readonly("rank",
                             [](PyType &self) {
                               auto shaped = cast<ShapedType>(self.type);
                               if (!shaped.hasRank())
                                 throw py::value_error("calling this method requires that the type has a rank");
                               return shaped.getRank();
                             })
      .def_property_readonly("shape",
                             [](PyType &self) {
                               auto shaped = cast<ShapedType>(self.type);
                               if (!shaped.hasRank())
                                 throw py::value_error("calling this method requires that the type has a rank");
                               ArrayRef<int64_t> shape = shaped.getShape();
                               return std::vector<int64_t>(shape.begin(), shape.end());
                             })
      .def_property_readonly("has_static_shape", [](PyType &self) { return cast<ShapedType>(self.type).hasStaticShape(); })
      .def("is_dynamic_dim", [](PyType &self, unsigned dim) { return cast<ShapedType>(self.type).isDynamicDim(dim); })
      .def("get_dim_size", [](PyType &self, unsigned dim) { return cast<ShapedType>(self.type).getDimSize(dim); })
      .def_static("get_dynamic_size", [] { return ShapedType::kDynamic; })
      .def_static("is_dynamic_size", [](int64_t size) { return ShapedType::isDynamic(size); });

  bindType<VectorType, PyConcreteType<ShapedType>>(m, "VectorType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, PyType &elementType, std::optional<std::vector<bool>> scalable) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            SmallVector<bool, 4> scalableDims;
            if (scalable)
              for (bool b : *scalable)
                scalableDims.push_back(b);
            Type type = VectorType::getChecked(UnknownLocEmitter{ctx.get()}, shape, elementType.type,
                                               ArrayRef<bool>(scalableDims.data(), scalableDims.size()));
            return PyConcreteType<VectorType>{checkedType(ctx, errors, elementType.context, type, "vector type")};
          },
          py::arg("shape"), py::arg("element_type"), py::arg("scalable") = py::none());
  bindType<TensorType, PyConcreteType<ShapedType>>(m, "TensorType");
  bindType<RankedTensorType, PyConcreteType<TensorType>>(m, "RankedTensorType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, PyType &elementType, std::optional<PyAttribute> encoding) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            Type type = RankedTensorType::getChecked(UnknownLocEmitter{ctx.get()}, shape, elementType.type,
                                                     encoding ? encoding->attr : Attribute());
            return PyConcreteType<RankedTensorType>{
                checkedType(ctx, errors, elementType.context, type, "ranked tensor type")};
          },
          py::arg("shape"), py::arg("element_type"), py::arg("encoding") = py::none())
      .def_property_readonly("encoding", [](PyType &self) {
        return wrapAttribute(self.context, cast<RankedTensorType>(self.type).getEncoding());
      });
  bindType<UnrankedTensorType, PyConcreteType<TensorType>>(m, "UnrankedTensorType")
      .def_static(
          "get",
          [](PyType &elementType) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            Type type = UnrankedTensorType::getChecked(UnknownLocEmitter{ctx.get()}, elementType.type);
            return PyConcreteType<UnrankedTensorType>{
                checkedType(ctx, errors, elementType.context, type, "unranked tensor type")};
          },
          py::arg("element_type"));
  bindType<BaseMemRefType, PyConcreteType<ShapedType>>(m, "BaseMemRefType")
      .def_property_readonly("memory_space", [](PyType &self) {
        return wrapAttribute(self.context, cast<BaseMemRefType>(self.type).getMemorySpace());
      });
  bindType<MemRefType, PyConcreteType<BaseMemRefType>>(m, "MemRefType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, PyType &elementType, std::optional<PyAttribute> layout,
             std::optional<PyAttribute> memorySpace) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            Type type = MemRefType::getChecked(UnknownLocEmitter{ctx.get()}, shape, elementType.type,
                                               layout ? layout->attr : Attribute(),
                                               memorySpace ? memorySpace->attr : Attribute());
            return PyConcreteType<MemRefType>{checkedType(ctx, errors, elementType.context, type, "memref type")};
          },
          py::arg("shape"), py::arg("element_type"), py::arg("layout") = py::none(),
          py::arg("memory_space") = py::none())
      .def_property_readonly("layout", [](PyType &self) {
        return wrapAttribute(self.context, cast<MemRefType>(self.type).getLayout());
      });
  bindType<UnrankedMemRefType, PyConcreteType<BaseMemRefType>>(m, "UnrankedMemRefType")
      .def_static(
          "get",
          [](PyType &elementType, std::optional<PyAttribute> memorySpace) {
            PyMlirContext &ctx = unwrapContext(elementType.context);
            ErrorCapture errors(ctx);
            Type type = UnrankedMemRefType::getChecked(UnknownLocEmitter{ctx.get()}, elementType.type,
                                                       memorySpace ? memorySpace->attr : Attribute());
            return PyConcreteType<UnrankedMemRefType>{
                checkedType(ctx, errors, elementType.context, type, "unranked memref type")};
          },
          py::arg("element_type"), py::arg("memory_space") = py::none());

  // Tuples and functions.
  bindType<TupleType, PyType>(m, "TupleType")
      .def_static(
          "get_tuple",
          [](std::vector<PyType> elements, py::object context) {
            context = resolveContext(context);
            std::vector<Type> types;
            for (const PyType &t : elements)
              types.push_back(t.type);
            return PyConcreteType<TupleType>{{context, TupleType::get(unwrapContext(context).get(), types)}};
          },
          py::arg("elements"), py::arg("context") = py::none())
      .def_property_readonly("num_types", [](PyType &self) { return cast<TupleType>(self.type).size(); })
      .def("get_type", [](PyType &self, size_t pos) {
        auto tuple = cast<TupleType>(self.type);
        if (pos >= tuple.size())
          throw py::index_error("index out of range");
        return wrapType(self.context, tuple.getType(pos));
      });
  bindType<FunctionType, PyType>(m, "FunctionType")
      .def_static(
          "get",
          [](std::vector<PyType> inputs, std::vector<PyType> results, py::object context) {
            context = resolveContext(context);
            std::vector<Type> in, out;
            for (const PyType &t : inputs)
              in.push_back(t.type);
            for (const PyType &t : results)
              out.push_back(t.type);
            return PyConcreteType<FunctionType>{{context, FunctionType::get(unwrapContext(context).get(), in, out)}};
          },
          py::arg("inputs"), py::arg("results"), py::arg("context") = py::none())
      .def_property_readonly("inputs",
                             [](PyType &self) {
                               py::list types;
                               for (Type t : cast<FunctionType>(self.type).getInputs())
                                 types.append(wrapType(self.context, t));
                               return types;
                             })
      .def_property_readonly("results", [](PyType &self) {
        py::list types;
        for (Type t : cast<FunctionType>(self.type).getResults())
          types.append(wrapType(self.context, t));
        return types;
      });
}
