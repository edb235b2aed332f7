# hpar_add_executable(NAME BACKEND <backend> [OFFLOAD host|nvptx]
#                     [CUDA_ARCHITECTURES 90 ...] [TRANSLATE_ARGS ...] SOURCES src...)
#
# Translates each source with hpar-translate at build time (again whenever the source or any
# header it includes changes, through the translator's depfile), compiles the output with the
# backend's compiler and flags, and links what the runtime needs.
#   cuda    the project must enable the CUDA language; outputs are .hpar.cu files.
#   openmp  OpenMP offload through the project's C++ compiler, clang (19) or GCC (12). OFFLOAD
#           (default: the cache variable HPAR_OPENMP_OFFLOAD, itself "host") chooses the target:
#             host   the host: `-fopenmp` (the output has no target construct), and
#                    `-foffload=disable` for GCC;
#             nvptx  NVIDIA GPUs of the first of CUDA_ARCHITECTURES (default 90). clang needs a
#                    CUDA 11.8 folder, HPAR_OPENMP_CUDA_PATH (scripts/setup-clang-offload.sh
#                    makes one: DIR/cuda); GCC needs gcc-12-offload-nvptx and takes sm_80 code.
#           Without OFFLOAD, a non-empty HPAR_OPENMP_FLAGS replaces the computed flags.
#   serial  no translation: the reference semantics.
# The backends (rewriter/emit/Backends.def, and serial) and their flags (rewriter/emit/Builds.def)
# are hpar's: this file asks hpar-c++ for them (--hpar-print-backends, --hpar-print-flags=<build>,
# --hpar-offloads) and writes none itself.

if(NOT DEFINED HPAR_TRANSLATE)
  set(HPAR_TRANSLATE hpar-translate)
endif()
if(NOT DEFINED HPAR_DRIVER)
  set(HPAR_DRIVER hpar-c++)
endif()

set(HPAR_OPENMP_OFFLOAD "host" CACHE STRING
    "Target of hpar's OpenMP backend when hpar_add_executable names none: host or nvptx")
set(HPAR_OPENMP_CUDA_PATH "" CACHE PATH
    "CUDA 11.8 folder for clang's OpenMP offload to nvptx (scripts/setup-clang-offload.sh: DIR/cuda)")
set(HPAR_OPENMP_FLAGS "" CACHE STRING
    "Compiler and linker flags for hpar's OpenMP backend (a list), replacing the computed ones")

# _hpar_print_flags(OUT WHAT BUILD [VAR=VALUE...]): what `hpar-c++ --hpar-print-WHAT=BUILD`
# prints (WHAT: flags, link-flags or translate-flags), one line in a shell's quoting, with the
# environment VAR=VALUE... (HPAR_CXX, HPAR_CUDA_ARCH, HPAR_OPENMP_CUDA_PATH).
function(_hpar_print_flags out what build)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env ${ARGN}
                          "${HPAR_DRIVER}" "--hpar-print-${what}=${build}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE line ERROR_VARIABLE error
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "hpar: ${HPAR_DRIVER} --hpar-print-${what}=${build}: ${rc} ${error}")
  endif()
  set(${out} "${line}" PARENT_SCOPE)
endfunction()

# _hpar_query(OUT ARGS...): what `hpar-c++ ARGS...` prints, its lines as a list.
function(_hpar_query out)
  execute_process(COMMAND "${HPAR_DRIVER}" ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE error
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "hpar: ${HPAR_DRIVER} ${ARGN}: ${rc} ${error}")
  endif()
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# _hpar_openmp_build(OUT OFFLOAD): the build of emit/Builds.def for an OpenMP target of the
# project's C++ compiler, openmp-<host|nvptx>-<clang|gcc>.
function(_hpar_openmp_build out offload)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(${out} "openmp-${offload}-clang" PARENT_SCOPE)
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(${out} "openmp-${offload}-gcc" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "hpar: the OpenMP backend is built with clang or GCC, not "
            "${CMAKE_CXX_COMPILER_ID}")
  endif()
endfunction()

function(hpar_add_executable name)
  cmake_parse_arguments(H "" "BACKEND;OFFLOAD" "SOURCES;CUDA_ARCHITECTURES;TRANSLATE_ARGS" ${ARGN})
  _hpar_query(_backends --hpar-print-backends)
  list(FIND _backends "${H_BACKEND}" _known)
  if(NOT H_BACKEND OR _known EQUAL -1)
    list(JOIN _backends ", " _names)
    string(REGEX REPLACE ", ([^,]*)$" " or \\1" _names "${_names}")
    message(FATAL_ERROR "hpar_add_executable(${name}): BACKEND must be ${_names}")
  endif()
  if(H_OFFLOAD AND NOT H_BACKEND STREQUAL "openmp")
    message(FATAL_ERROR "hpar_add_executable(${name}): OFFLOAD is for BACKEND openmp")
  endif()
  set(_offload "${H_OFFLOAD}")
  if(NOT _offload)
    set(_offload "${HPAR_OPENMP_OFFLOAD}")
  endif()
  if(H_BACKEND STREQUAL "openmp" AND NOT _offload MATCHES "^(host|nvptx)$")
    message(FATAL_ERROR "hpar_add_executable(${name}): OFFLOAD must be host or nvptx, not '${_offload}'")
  endif()
  if(NOT H_SOURCES)
    message(FATAL_ERROR "hpar_add_executable(${name}): no SOURCES")
  endif()

  # Include directories the translator must see: hpar's own and the target's.
  get_target_property(_hpar_inc hpar::headers INTERFACE_INCLUDE_DIRECTORIES)
  set(_inc_args "")
  foreach(dir IN LISTS _hpar_inc)
    string(REGEX REPLACE "^\\$<BUILD_INTERFACE:(.*)>$" "\\1" dir "${dir}")
    string(REGEX REPLACE "^\\$<INSTALL_INTERFACE:.*>$" "" dir "${dir}")
    if(dir)
      list(APPEND _inc_args "-I${dir}")
    endif()
  endforeach()

  # The build of emit/Builds.def, and the environment hpar-c++ fills its flags in from.
  if(H_BACKEND STREQUAL "openmp")
    # An OpenMP build for a device other than the host is Kokkos with OpenMPTarget: the
    # translation sees HPAR_OPENMP_OFFLOAD (hpar/rt/openmp/config.hpp, the build's translate
    # flags), and its output pins it for the compile.
    if(HPAR_OPENMP_FLAGS AND NOT H_OFFLOAD)
      # Its words, SHELL: groups split as a shell splits them.
      string(REPLACE ";" " " _words "${HPAR_OPENMP_FLAGS}")
      string(REPLACE "SHELL:" "" _words "${_words}")
      separate_arguments(_words UNIX_COMMAND "${_words}")
      _hpar_query(_where --hpar-offloads ${_words})
      if(_where STREQUAL "device")
        set(_offload nvptx)
      else()
        set(_offload host)
      endif()
    endif()
    _hpar_openmp_build(_build "${_offload}")
  else()
    set(_build "${H_BACKEND}")
  endif()
  set(_arch 90)
  if(H_CUDA_ARCHITECTURES)
    list(GET H_CUDA_ARCHITECTURES 0 _arch)
  endif()
  set(_query_env "HPAR_CXX=${CMAKE_CXX_COMPILER}" "HPAR_CUDA_ARCH=${_arch}"
                 "HPAR_OPENMP_CUDA_PATH=${HPAR_OPENMP_CUDA_PATH}")
  set(_device_args "")
  if(NOT H_BACKEND STREQUAL "serial")
    _hpar_print_flags(_line translate-flags "${_build}" ${_query_env})
    separate_arguments(_device_args UNIX_COMMAND "${_line}")
  endif()

  set(_outputs "")
  set(_source_dirs "")
  foreach(src IN LISTS H_SOURCES)
    get_filename_component(_abs "${src}" ABSOLUTE)
    get_filename_component(_stem "${src}" NAME_WE)
    if(H_BACKEND STREQUAL "serial")
      list(APPEND _outputs "${_abs}")
      continue()
    endif()
    if(H_BACKEND STREQUAL "cuda")
      set(_out "${CMAKE_CURRENT_BINARY_DIR}/hpar/${name}/${_stem}.hpar.cu")
    else()
      set(_out "${CMAKE_CURRENT_BINARY_DIR}/hpar/${name}/${_stem}.hpar.cpp")
    endif()
    add_custom_command(
      OUTPUT "${_out}"
      COMMAND "${HPAR_TRANSLATE}" --backend=${H_BACKEND} "${_abs}" -o "${_out}"
              --depfile "${_out}.d" -- -std=c++17 ${_inc_args} ${_device_args}
              ${H_TRANSLATE_ARGS}
      DEPENDS "${_abs}"
      DEPFILE "${_out}.d"
      COMMENT "hpar-translate (${H_BACKEND}) ${src}"
      VERBATIM)
    list(APPEND _outputs "${_out}")
    # The output lives in the build tree: its quoted #includes still resolve from the source's folder.
    get_filename_component(_dir "${_abs}" DIRECTORY)
    list(APPEND _source_dirs "${_dir}")
  endforeach()

  add_executable(${name} ${_outputs})
  target_link_libraries(${name} PRIVATE hpar::headers)
  if(_source_dirs)
    list(REMOVE_DUPLICATES _source_dirs)
    target_include_directories(${name} PRIVATE ${_source_dirs})
  endif()
  target_compile_features(${name} PRIVATE cxx_std_17)
  # Every source of the target, translated or not, is built for the backend (macros.hpp).
  if(NOT H_BACKEND STREQUAL "serial")
    target_compile_definitions(${name} PRIVATE "HPAR_BACKEND_CONFIG=<hpar/rt/${H_BACKEND}/config.hpp>")
  endif()
  if(H_BACKEND STREQUAL "cuda")
    if(NOT CMAKE_CUDA_COMPILER)
      message(FATAL_ERROR "hpar_add_executable(${name}): BACKEND cuda needs enable_language(CUDA)")
    endif()
    # The architectures are CMake's (CUDA_ARCHITECTURES), not the build's -arch.
    _hpar_print_flags(_line flags cuda ${_query_env})
    separate_arguments(_flags UNIX_COMMAND "${_line}")
    list(FILTER _flags EXCLUDE REGEX "^-arch=")
    target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:${_flags}>)
    if(H_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${H_CUDA_ARCHITECTURES}")
    elseif(NOT CMAKE_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES 90)
    endif()
    set_target_properties(${name} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
    # The host code is an OpenMP compile (-Xcompiler -fopenmp above: Kokkos::OpenMP runs on every
    # OpenMP thread); the link, which CMake runs with the host compiler, takes its runtime.
    find_package(OpenMP REQUIRED COMPONENTS CXX)
    target_link_libraries(${name} PRIVATE OpenMP::OpenMP_CXX)
  elseif(H_BACKEND STREQUAL "openmp")
    if(HPAR_OPENMP_FLAGS AND NOT H_OFFLOAD)
      set(_flags "${HPAR_OPENMP_FLAGS}")
    else()
      if(_offload STREQUAL "nvptx" AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND
         (NOT HPAR_OPENMP_CUDA_PATH OR NOT EXISTS "${HPAR_OPENMP_CUDA_PATH}/bin/ptxas"))
        message(FATAL_ERROR "hpar: clang's OpenMP offload to nvptx needs CUDA 11.8's tools: run "
                "scripts/setup-clang-offload.sh DIR and configure with "
                "-DHPAR_OPENMP_CUDA_PATH=DIR/cuda (HPAR_OPENMP_CUDA_PATH is "
                "'${HPAR_OPENMP_CUDA_PATH}')")
      endif()
      # One option group, split as a shell splits it: CMake would otherwise merge the repeated
      # -Xclang of clang's flags.
      _hpar_print_flags(_line flags "${_build}" ${_query_env})
      set(_flags "SHELL:${_line}")
    endif()
    target_compile_options(${name} PRIVATE ${_flags})
    target_link_options(${name} PRIVATE ${_flags})
    # The build's link flags; an rpath (clang's, to LLVM's folder of libomptarget, off the
    # loader's path) becomes the target's, so that the program starts without LD_LIBRARY_PATH,
    # built or installed.
    _hpar_print_flags(_line link-flags "${_build}" ${_query_env})
    separate_arguments(_link UNIX_COMMAND "${_line}")
    foreach(_flag IN LISTS _link)
      if(_flag MATCHES "^-Wl,-rpath,(.+)$")
        set_property(TARGET ${name} APPEND PROPERTY BUILD_RPATH "${CMAKE_MATCH_1}")
        set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH "${CMAKE_MATCH_1}")
      else()
        target_link_options(${name} PRIVATE "${_flag}")
      endif()
    endforeach()
  endif()
endfunction()
