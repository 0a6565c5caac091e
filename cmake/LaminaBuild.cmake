# How Lamina's libraries are built, whatever consumes them (lamina-opt, the C
# API, the Python module, programs that find_package(Lamina)).
#
# Libraries are static by default and shared with -DBUILD_SHARED_LIBS=ON.
# Either way the code is position-independent, so that shared objects (the
# Python extension, a shared C API) can take the static libraries in;
# -fno-semantic-interposition keeps calls between functions of a library
# direct and inlinable, as they are without -fPIC.
option(BUILD_SHARED_LIBS "Build Lamina's libraries as shared libraries" OFF)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-fno-semantic-interposition)
endif()

include(GNUInstallDirs)
set(CMAKE_LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
# Installed programs and libraries find Lamina's shared libraries beside them.
set(CMAKE_INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")

# lamina/Version.h: generated into the build tree, installed with the headers.
configure_file(${CMAKE_SOURCE_DIR}/include/lamina/Version.h.in
               ${CMAKE_BINARY_DIR}/include/lamina/Version.h @ONLY)
include_directories(${CMAKE_BINARY_DIR}/include)

# Sanitizer builds check Lamina's own code: they skip what only concerns its
# users (the installed lamina-opt, the header self-containment check, the
# Python extension, which a non-sanitized interpreter cannot load).
if(LAMINA_ENABLE_ASAN OR LAMINA_ENABLE_TSAN OR LAMINA_BUILD_FUZZERS)
  set(LAMINA_SANITIZED_BUILD ON)
else()
  set(LAMINA_SANITIZED_BUILD OFF)
endif()
