# What `cmake --install` puts in place, so that other projects can depend on
# Lamina with find_package(Lamina) or pkg-config:
#
#   include/lamina/...                 public headers (and the generated Version.h)
#   include/lamina-c/...               the C API
#   lib/libLamina*.a (or .so)          every library under lib/
#   lib/cmake/Lamina/                  LaminaConfig.cmake, its version file and the
#                                      imported targets Lamina::Support, Lamina::IR, ...,
#                                      Lamina::All, Lamina::lamina-opt
#   lib/pkgconfig/lamina.pc            C++ (all libraries), lamina-c.pc: the C API
#   bin/lamina-opt
#
# Test-only code is never installed: libraries and headers in directories
# named `Test` (the `test` dialect), libraries with the target property
# LAMINA_TEST_ONLY, and everything under test/ and unittests/.
#
# Included at the end of the top-level CMakeLists.txt, once every target exists.
# A library added anywhere under lib/ is installed and exported without further
# edits; its imported name drops the `Lamina` prefix (LaminaDialectArith is
# Lamina::DialectArith).

include(CMakePackageConfigHelpers)
set(LAMINA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Lamina)

# The library targets defined in `dir` and its subdirectories, skipping
# directories named Test. Breadth-first with an explicit list.
function(lamina_collect_libraries dir out)
  set(result)
  set(pending ${dir})
  while(pending)
    list(POP_FRONT pending d)
    if(d MATCHES "/Test$")
      continue()
    endif()
    get_property(targets DIRECTORY ${d} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t IN LISTS targets)
      get_target_property(type ${t} TYPE)
      get_target_property(test_only ${t} LAMINA_TEST_ONLY)
      if(test_only)
        continue()
      endif()
      if(type MATCHES "^(STATIC|SHARED)_LIBRARY$")
        list(APPEND result ${t})
      endif()
    endforeach()
    get_property(subdirs DIRECTORY ${d} PROPERTY SUBDIRECTORIES)
    list(APPEND pending ${subdirs})
  endwhile()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

lamina_collect_libraries(${CMAKE_SOURCE_DIR}/lib LAMINA_LIBRARIES)
if(TARGET LaminaCAPI)
  list(APPEND LAMINA_LIBRARIES LaminaCAPI)
  list(REMOVE_DUPLICATES LAMINA_LIBRARIES)
endif()

foreach(lib IN LISTS LAMINA_LIBRARIES)
  string(REGEX REPLACE "^Lamina" "" name ${lib})
  set_target_properties(${lib} PROPERTIES
    EXPORT_NAME ${name}
    VERSION ${PROJECT_VERSION}
    # Before 1.0 every minor release may break the ABI.
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    # No per-library -D<lib>_EXPORTS: static and shared builds compile the
    # same command lines (ccache shares the objects).
    DEFINE_SYMBOL "")
  target_include_directories(${lib} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${lib} INTERFACE cxx_std_20)
  add_library(Lamina::${name} ALIAS ${lib})
endforeach()

# Lamina::All: every library.
add_library(LaminaAll INTERFACE)
target_link_libraries(LaminaAll INTERFACE ${LAMINA_LIBRARIES})
set_target_properties(LaminaAll PROPERTIES EXPORT_NAME All)
add_library(Lamina::All ALIAS LaminaAll)

install(TARGETS ${LAMINA_LIBRARIES} LaminaAll
  EXPORT LaminaTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET lamina-opt-installed)
  install(TARGETS lamina-opt-installed EXPORT LaminaTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.def" PATTERN "*.inc"
  PATTERN "Test" EXCLUDE)
install(FILES ${CMAKE_BINARY_DIR}/include/lamina/Version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/lamina)

install(EXPORT LaminaTargets
  NAMESPACE Lamina::
  DESTINATION ${LAMINA_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/LaminaConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/LaminaConfig.cmake
  INSTALL_DESTINATION ${LAMINA_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# Before 1.0 only releases of the same minor version are compatible.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/LaminaConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/LaminaConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/LaminaConfigVersion.cmake
  DESTINATION ${LAMINA_INSTALL_CMAKEDIR})

# pkg-config lists static libraries before the ones they use: order them by
# their depth in the dependency graph (a library's depth is one more than the
# deepest library it links), deepest first.
set(depths)
foreach(lib IN LISTS LAMINA_LIBRARIES)
  set(depth_${lib} 0)
endforeach()
list(LENGTH LAMINA_LIBRARIES count)
foreach(round RANGE ${count})
  foreach(lib IN LISTS LAMINA_LIBRARIES)
    get_target_property(deps ${lib} LINK_LIBRARIES)
    foreach(dep IN LISTS deps)
      if(DEFINED depth_${dep})
        math(EXPR d "${depth_${dep}} + 1")
        if(d GREATER depth_${lib})
          set(depth_${lib} ${d})
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
set(LAMINA_PC_LIBS)
set(LAMINA_PC_CAPI_LIBS)
foreach(d RANGE ${count} 0 -1)
  foreach(lib IN LISTS LAMINA_LIBRARIES)
    if(depth_${lib} EQUAL d AND NOT lib STREQUAL "LaminaCAPI")
      string(APPEND LAMINA_PC_LIBS " -l${lib}")
    endif()
  endforeach()
endforeach()
# The .pc files find the prefix relative to themselves (relocatable installs).
file(RELATIVE_PATH LAMINA_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" LAMINA_PC_TO_PREFIX "${LAMINA_PC_TO_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/lamina.pc.in ${CMAKE_BINARY_DIR}/cmake/lamina.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/lamina.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(TARGET LaminaCAPI)
  configure_file(${CMAKE_SOURCE_DIR}/cmake/lamina-c.pc.in ${CMAKE_BINARY_DIR}/cmake/lamina-c.pc @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/cmake/lamina-c.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
