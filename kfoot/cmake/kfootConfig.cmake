# kfoot's CMake package.
#
#   cmake -Dkfoot_DIR="$(kfoot config --cmake-dir)" ...
#   find_package(kfoot CONFIG REQUIRED)
#   kfoot_add_kernels(<name> SPEC <spec.toml> MODE aot|rtc|hybrid [ARCHS 80 90 ...] [HOT <trace>] [NAME <lib>]
#                     [FAMILIES <glob>...] [NO_CHECK] [KEEP_GOING] [JOBS <n>] [SHARD_SIZE <n>]
#                     [EXTRA_ARGS <kfoot build argument>...] [DEPENDS <file>...])
#
# Targets:
#   kfoot::runtime   header-only C++ runtime (kfoot/runtime.hpp): include folder, dl, threads (NVRTC is
#                    found at run time: docs/runtime.md#finding-nvrtc)
#   <name>           the imported shared library lib<NAME>.so, <NAME>/kernels.hpp on its include path (rtc:
#                    a library with no kernel, for <NAME>::registry()); rtc/hybrid:
#                    KFOOT_<NAME>_REGISTRY="<registry folder>" and kfoot::runtime
#
# kfoot runs as a build step (its own nvcc from its wheels, or CMAKE_CUDA_COMPILER when set), again
# only when the spec, the trace or a header it reaches changes: the list comes from kfoot's depfile.
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)

get_filename_component(_kfoot_package "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(kfoot_INCLUDE_DIR "${_kfoot_package}/include")

# The kfoot command (KFOOT_COMMAND, a list): KFOOT_EXECUTABLE when given; else the kfoot script of
# the environment this package is installed in (<prefix>/lib/pythonX.Y/site-packages/kfoot:
# a venv, --user or system install); else, for an editable install, the kfoot of a venv next to
# the source tree (.venv/ or venv/, as the README sets up) or of $VIRTUAL_ENV; else, for a
# --target install, the Python that installed it (its bin/kfoot's #! line) run as `python -m kfoot`
# with the target folder on PYTHONPATH; else the kfoot on PATH.
set(_kfoot_python_path "")
if(KFOOT_EXECUTABLE)
  set(KFOOT_COMMAND "${KFOOT_EXECUTABLE}")
else()
  set(_kfoot_hints "${_kfoot_package}/../../../../bin" "${_kfoot_package}/../.venv/bin" "${_kfoot_package}/../venv/bin")
  if(DEFINED ENV{VIRTUAL_ENV} AND NOT "$ENV{VIRTUAL_ENV}" STREQUAL "")
    list(APPEND _kfoot_hints "$ENV{VIRTUAL_ENV}/bin")
  endif()
  find_program(KFOOT_EXECUTABLE kfoot NO_DEFAULT_PATH HINTS ${_kfoot_hints})
  if(KFOOT_EXECUTABLE)
    set(KFOOT_COMMAND "${KFOOT_EXECUTABLE}")
  elseif(EXISTS "${_kfoot_package}/../bin/kfoot")
    file(STRINGS "${_kfoot_package}/../bin/kfoot" _kfoot_shebang LIMIT_COUNT 1)
    string(REGEX REPLACE "^#! *" "" _kfoot_python "${_kfoot_shebang}")
    if(_kfoot_shebang MATCHES "^#!" AND EXISTS "${_kfoot_python}")
      get_filename_component(_kfoot_python_path "${_kfoot_package}/.." ABSOLUTE)
      # -P: the working directory is not put on the path (it might hold another kfoot).
      set(KFOOT_COMMAND "${CMAKE_COMMAND}" -E env "PYTHONPATH=${_kfoot_python_path}" "${_kfoot_python}" -P -m kfoot)
      set(KFOOT_EXECUTABLE "${_kfoot_package}/__init__.py")  # what a rebuild depends on
    endif()
  endif()
  if(NOT KFOOT_COMMAND)
    find_program(KFOOT_EXECUTABLE kfoot)
    if(KFOOT_EXECUTABLE)
      set(KFOOT_COMMAND "${KFOOT_EXECUTABLE}")
    endif()
  endif()
endif()
if(NOT KFOOT_COMMAND)
  set(kfoot_FOUND FALSE)
  set(kfoot_NOT_FOUND_MESSAGE "the kfoot command was not found for the package in ${_kfoot_package} (looked in its "
      "environment's bin/, a .venv/ or venv/ beside it, $VIRTUAL_ENV/bin, a --target install's bin/, PATH); set KFOOT_EXECUTABLE")
  cmake_policy(POP)
  return()
endif()

execute_process(COMMAND ${KFOOT_COMMAND} config --cmake-dir
                OUTPUT_VARIABLE _kfoot_config RESULT_VARIABLE _kfoot_rc ERROR_VARIABLE _kfoot_err
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _kfoot_rc EQUAL 0)
  set(kfoot_FOUND FALSE)
  list(JOIN KFOOT_COMMAND " " _kfoot_shown)
  set(kfoot_NOT_FOUND_MESSAGE "${_kfoot_shown} config failed: ${_kfoot_err}")
  cmake_policy(POP)
  return()
endif()
set(_kfoot_cmake_dir "${_kfoot_config}")
if(NOT kfoot_FIND_QUIETLY)
  list(JOIN KFOOT_COMMAND " " _kfoot_shown)
  message(STATUS "kfoot: ${_kfoot_shown}")
endif()
get_filename_component(_kfoot_here "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
get_filename_component(_kfoot_there "${_kfoot_cmake_dir}" REALPATH)
if(NOT _kfoot_here STREQUAL _kfoot_there)
  message(WARNING "kfoot: ${KFOOT_COMMAND} belongs to the package in ${_kfoot_there}, not to ${_kfoot_here}; "
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
  cmake_parse_arguments(PARSE_ARGV 1 KA "NO_CHECK;KEEP_GOING" "SPEC;MODE;HOT;NAME;JOBS;SHARD_SIZE"
                        "ARCHS;FAMILIES;EXTRA_ARGS;DEPENDS")
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

  set(command ${KFOOT_COMMAND} build --mode "${KA_MODE}" "${spec}" -o "${out}" --no-progress
              --depfile "${out}/kfoot.d")
  # kfoot itself too: a new kfoot (pip install -U rewrites the script) builds again.
  set(depends "${spec}" "${KFOOT_EXECUTABLE}")
  if(archs)
    _kfoot_archs(arch_list ${archs})
    list(APPEND command --arch "${arch_list}")
  endif()
  list(APPEND command --name "${KA_NAME}")
  if(KA_HOT)
    get_filename_component(hot "${KA_HOT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND command --hot "${hot}")
    list(APPEND depends "${hot}")
  endif()
  if(CMAKE_CUDA_COMPILER)
    list(APPEND command --nvcc "${CMAKE_CUDA_COMPILER}")
  endif()
  # The build options a real library needs, passed through as `kfoot build` spells them.
  foreach(pattern IN LISTS KA_FAMILIES)
    list(APPEND command --family "${pattern}")
  endforeach()
  if(KA_NO_CHECK)
    list(APPEND command --no-check)
  endif()
  if(KA_KEEP_GOING)
    list(APPEND command --keep-going)
  endif()
  foreach(option JOBS SHARD_SIZE)
    if(DEFINED KA_${option})
      if(NOT KA_${option} MATCHES "^[1-9][0-9]*$")
        message(FATAL_ERROR "kfoot_add_kernels(${target}): ${option} must be a positive integer, not '${KA_${option}}'")
      endif()
    endif()
  endforeach()
  if(KA_JOBS)
    list(APPEND command --jobs "${KA_JOBS}")
  endif()
  if(KA_SHARD_SIZE)
    list(APPEND command --shard-size "${KA_SHARD_SIZE}")
  endif()
  list(APPEND command ${KA_EXTRA_ARGS})
  foreach(extra IN LISTS KA_DEPENDS)
    get_filename_component(extra "${extra}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND depends "${extra}")
  endforeach()
  if(CMAKE_CUDA_COMPILER_LAUNCHER)
    list(JOIN CMAKE_CUDA_COMPILER_LAUNCHER " " launcher)
    list(APPEND command --launcher "${launcher}")
  endif()

  # rtc too: its libNAME.so holds only NAME::library_path(), so NAME::registry() finds an installed
  # registry the way a hybrid library's does (dladdr).
  set(library "${out}/lib${KA_NAME}.so")
  set(byproducts "${library}" "${out}/include/${KA_NAME}/kernels.hpp")
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
  # ALL: `cmake --build` (and so `cmake --install`) builds the kernels even with no target linking them.
  add_custom_target(${target}_kfoot_build ALL DEPENDS "${out}/kfoot.stamp")

  string(TOUPPER "${KA_NAME}" upper)
  # The include folder must exist when CMake generates (an imported target's include path).
  file(MAKE_DIRECTORY "${out}/include")
  add_library(${target} SHARED IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES
    IMPORTED_LOCATION "${library}"
    INTERFACE_INCLUDE_DIRECTORIES "${out}/include")
  if(NOT KA_MODE STREQUAL "aot")
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES kfoot::runtime)
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS "KFOOT_${upper}_REGISTRY=\"${out}\"")
  endif()
  add_dependencies(${target} ${target}_kfoot_build)
  set_target_properties(${target}_kfoot_build PROPERTIES KFOOT_OUT "${out}" KFOOT_MODE "${KA_MODE}" KFOOT_NAME "${KA_NAME}")
endfunction()

# kfoot_install_kernels(<target> [DESTINATION <libdir>] [INCLUDE_DESTINATION <includedir>]
#                       [REGISTRY_DESTINATION <dir>])
# Installs what a consumer needs, with no path of this build tree or of kfoot's Python environment:
# every mode: lib<NAME>.so into DESTINATION and <NAME>/kernels.hpp into INCLUDE_DESTINATION (an rtc
# target's library holds no kernel, only what <NAME>::registry() needs to find the registry);
# rtc/hybrid: kfoot's C++ runtime headers into INCLUDE_DESTINATION, and the registry with its
# headers and the toolkit headers they reach (`kfoot ship`) into REGISTRY_DESTINATION, by default
# DESTINATION/<NAME>.kfoot, where <NAME>::registry() finds it beside the library.
function(kfoot_install_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 KI "" "DESTINATION;INCLUDE_DESTINATION;REGISTRY_DESTINATION" "")
  if(KI_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "kfoot_install_kernels(${target}): unknown arguments ${KI_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target}_kfoot_build)
    message(FATAL_ERROR "kfoot_install_kernels(${target}): not a target of kfoot_add_kernels")
  endif()
  include(GNUInstallDirs)
  get_target_property(out ${target}_kfoot_build KFOOT_OUT)
  get_target_property(mode ${target}_kfoot_build KFOOT_MODE)
  get_target_property(name ${target}_kfoot_build KFOOT_NAME)
  if(NOT KI_DESTINATION)
    set(KI_DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  endif()
  if(NOT KI_INCLUDE_DESTINATION)
    set(KI_INCLUDE_DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
  endif()
  if(NOT KI_REGISTRY_DESTINATION)
    set(KI_REGISTRY_DESTINATION "${KI_DESTINATION}/${name}.kfoot")
  elseif(NOT mode STREQUAL "aot" AND NOT KI_REGISTRY_DESTINATION STREQUAL "${KI_DESTINATION}/${name}.kfoot")
    message(WARNING "kfoot_install_kernels(${target}): ${name}::registry() looks for the registry in "
                    "${KI_DESTINATION}/${name}.kfoot beside the library, not in ${KI_REGISTRY_DESTINATION}")
  endif()
  install(FILES "${out}/lib${name}.so" DESTINATION "${KI_DESTINATION}")
  install(FILES "${out}/include/${name}/kernels.hpp" DESTINATION "${KI_INCLUDE_DESTINATION}/${name}")
  if(NOT mode STREQUAL "aot")
    install(DIRECTORY "${kfoot_INCLUDE_DIR}/kfoot" DESTINATION "${KI_INCLUDE_DESTINATION}")
    set(command "")
    foreach(word IN LISTS KFOOT_COMMAND)
      string(APPEND command " [==[${word}]==]")
    endforeach()
    install(CODE "
      set(_kfoot_dest \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${KI_REGISTRY_DESTINATION}\")
      message(STATUS \"kfoot: shipping the ${target} registry to \${_kfoot_dest}\")
      execute_process(COMMAND ${command} ship [==[${out}]==] -o \"\${_kfoot_dest}\" RESULT_VARIABLE _kfoot_rc)
      if(NOT _kfoot_rc EQUAL 0)
        message(FATAL_ERROR \"kfoot ship failed for ${target}\")
      endif()")
  endif()
endfunction()

cmake_policy(POP)
