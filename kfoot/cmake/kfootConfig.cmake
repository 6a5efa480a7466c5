# kfoot's CMake package.
#
#   cmake -Dkfoot_DIR="$(kfoot config --cmake-dir)" ...
#   find_package(kfoot CONFIG REQUIRED)
#   kfoot_add_kernels(<name> SPEC <spec.toml> MODE aot|rtc|hybrid [ARCHS 80 90 ...] [HOT <trace>] [NAME <lib>])
#
# Targets:
#   kfoot::runtime   header-only C++ runtime (kfoot/runtime.hpp): include folder, dl, threads (NVRTC is
#                    found at run time: docs/runtime.md#finding-nvrtc)
#   <name>           aot/hybrid: the imported shared library lib<NAME>.so, <NAME>/kernels.hpp on its include
#                    path; rtc/hybrid: KFOOT_<NAME>_REGISTRY="<registry folder>" and kfoot::runtime
#
# kfoot runs as a build step (its own nvcc from its wheels, or CMAKE_CUDA_COMPILER when set), again
# only when the spec, the trace or a header it reaches changes: the list comes from kfoot's depfile.
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)

get_filename_component(_kfoot_package "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(kfoot_INCLUDE_DIR "${_kfoot_package}/include")

# The kfoot command: KFOOT_EXECUTABLE when given, else the kfoot script of the Python environment
# this package is installed in (<prefix>/lib/pythonX.Y/site-packages/kfoot), else the one on PATH.
if(NOT KFOOT_EXECUTABLE)
  find_program(KFOOT_EXECUTABLE kfoot HINTS "${_kfoot_package}/../../../../bin" NO_DEFAULT_PATH)
endif()
if(NOT KFOOT_EXECUTABLE)
  find_program(KFOOT_EXECUTABLE kfoot)
endif()
if(NOT KFOOT_EXECUTABLE)
  set(kfoot_FOUND FALSE)
  set(kfoot_NOT_FOUND_MESSAGE "the kfoot command was not found next to ${_kfoot_package} nor on PATH; set KFOOT_EXECUTABLE")
  cmake_policy(POP)
  return()
endif()

execute_process(COMMAND "${KFOOT_EXECUTABLE}" config --cmake-dir
                OUTPUT_VARIABLE _kfoot_config RESULT_VARIABLE _kfoot_rc ERROR_VARIABLE _kfoot_err
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _kfoot_rc EQUAL 0)
  set(kfoot_FOUND FALSE)
  set(kfoot_NOT_FOUND_MESSAGE "${KFOOT_EXECUTABLE} config failed: ${_kfoot_err}")
  cmake_policy(POP)
  return()
endif()
set(_kfoot_cmake_dir "${_kfoot_config}")
get_filename_component(_kfoot_here "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
get_filename_component(_kfoot_there "${_kfoot_cmake_dir}" REALPATH)
if(NOT _kfoot_here STREQUAL _kfoot_there)
  message(WARNING "kfoot: ${KFOOT_EXECUTABLE} belongs to the package in ${_kfoot_there}, not to ${_kfoot_here}; "
                  "set KFOOT_EXECUTABLE to the kfoot of this package")
endif()

include(CMakeFindDependencyMacro)
find_dependency(Threads)
if(NOT TARGET kfoot::runtime)
  add_library(kfoot::runtime INTERFACE IMPORTED GLOBAL)
  set_target_properties(kfoot::runtime PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${kfoot_INCLUDE_DIR}"
    INTERFACE_COMPILE_FEATURES cxx_std_17
    INTERFACE_LINK_LIBRARIES "${CMAKE_DL_LIBS};Threads::Threads")
endif()

# CMake's CUDA architectures (80, 80-real, 80-virtual, 90a-real) as kfoot --arch targets:
# "80" is SASS and PTX, as CMake means it.
function(_kfoot_archs out)
  set(targets "")
  foreach(arch IN LISTS ARGN)
    if(arch MATCHES "^([0-9]+[af]?)-real$")
      list(APPEND targets "sm_${CMAKE_MATCH_1}")
    elseif(arch MATCHES "^([0-9]+[af]?)-virtual$")
      list(APPEND targets "compute_${CMAKE_MATCH_1}")
    elseif(arch MATCHES "^([0-9]+[af]?)$")
      list(APPEND targets "sm_${CMAKE_MATCH_1}" "compute_${CMAKE_MATCH_1}")
    elseif(arch MATCHES "^(sm|compute)_[0-9]+[af]?$")
      list(APPEND targets "${arch}")
    else()
      message(FATAL_ERROR "kfoot_add_kernels: ARCHS / CMAKE_CUDA_ARCHITECTURES entry '${arch}' is not one kfoot "
                          "builds for (use numbers such as 80, 90-real, 90a-real, 80-virtual)")
    endif()
  endforeach()
  list(JOIN targets "," joined)
  set(${out} "${joined}" PARENT_SCOPE)
endfunction()

function(kfoot_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 KA "" "SPEC;MODE;HOT;NAME" "ARCHS")
  if(KA_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "kfoot_add_kernels(${target}): unknown arguments ${KA_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT KA_SPEC)
    message(FATAL_ERROR "kfoot_add_kernels(${target}): SPEC <spec.toml> is required")
  endif()
  if(NOT KA_MODE MATCHES "^(aot|rtc|hybrid)$")
    message(FATAL_ERROR "kfoot_add_kernels(${target}): MODE must be aot, rtc or hybrid, not '${KA_MODE}'")
  endif()
  if(KA_MODE STREQUAL "hybrid" AND NOT KA_HOT)
    message(FATAL_ERROR "kfoot_add_kernels(${target}): MODE hybrid needs HOT <trace>")
  endif()
  if(KA_HOT AND NOT KA_MODE STREQUAL "hybrid")
    message(FATAL_ERROR "kfoot_add_kernels(${target}): HOT goes with MODE hybrid")
  endif()
  if(NOT KA_NAME)
    set(KA_NAME "${target}")
  endif()
  if(NOT KA_NAME MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "kfoot_add_kernels(${target}): NAME '${KA_NAME}' is not a C++ identifier; give NAME")
  endif()
  get_filename_component(spec "${KA_SPEC}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(out "${CMAKE_CURRENT_BINARY_DIR}/kfoot/${target}")
  set(archs ${KA_ARCHS})
  if(NOT archs AND CMAKE_CUDA_ARCHITECTURES)
    set(archs ${CMAKE_CUDA_ARCHITECTURES})
  endif()

  set(command "${KFOOT_EXECUTABLE}" build --mode "${KA_MODE}" "${spec}" -o "${out}" --no-progress
              --depfile "${out}/kfoot.d")
  # kfoot itself too: a new kfoot (pip install -U rewrites the script) builds again.
  set(depends "${spec}" "${KFOOT_EXECUTABLE}")
  if(archs)
    _kfoot_archs(arch_list ${archs})
    list(APPEND command --arch "${arch_list}")
  endif()
  if(NOT KA_MODE STREQUAL "rtc")
    list(APPEND command --name "${KA_NAME}")
  endif()
  if(KA_HOT)
    get_filename_component(hot "${KA_HOT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND command --hot "${hot}")
    list(APPEND depends "${hot}")
  endif()
  if(CMAKE_CUDA_COMPILER)
    list(APPEND command --nvcc "${CMAKE_CUDA_COMPILER}")
  endif()
  if(CMAKE_CUDA_COMPILER_LAUNCHER)
    list(JOIN CMAKE_CUDA_COMPILER_LAUNCHER " " launcher)
    list(APPEND command --launcher "${launcher}")
  endif()

  set(byproducts "")
  if(NOT KA_MODE STREQUAL "rtc")
    set(library "${out}/lib${KA_NAME}.so")
    list(APPEND byproducts "${library}" "${out}/include/${KA_NAME}/kernels.hpp")
  endif()
  if(NOT KA_MODE STREQUAL "aot")
    list(APPEND byproducts "${out}/registry.json")
  endif()
  add_custom_command(
    OUTPUT "${out}/kfoot.stamp"
    BYPRODUCTS ${byproducts}
    COMMAND ${command}
    DEPENDS ${depends}
    DEPFILE "${out}/kfoot.d"
    COMMENT "kfoot: building ${target} (${KA_MODE})"
    VERBATIM)
  add_custom_target(${target}_kfoot_build DEPENDS "${out}/kfoot.stamp")

  string(TOUPPER "${KA_NAME}" upper)
  if(KA_MODE STREQUAL "rtc")
    add_library(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE kfoot::runtime)
    target_compile_definitions(${target} INTERFACE "KFOOT_${upper}_REGISTRY=\"${out}\"")
  else()
    # The include folder must exist when CMake generates (an imported target's include path).
    file(MAKE_DIRECTORY "${out}/include")
    add_library(${target} SHARED IMPORTED GLOBAL)
    set_target_properties(${target} PROPERTIES
      IMPORTED_LOCATION "${library}"
      INTERFACE_INCLUDE_DIRECTORIES "${out}/include")
    if(KA_MODE STREQUAL "hybrid")
      set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES kfoot::runtime)
      set_property(TARGET ${target} APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS "KFOOT_${upper}_REGISTRY=\"${out}\"")
    endif()
  endif()
  add_dependencies(${target} ${target}_kfoot_build)
endfunction()

cmake_policy(POP)
