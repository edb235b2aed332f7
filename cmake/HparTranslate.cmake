# hpar_add_executable(NAME BACKEND cuda|openmp|serial
#                     [CUDA_ARCHITECTURES 90 ...] [TRANSLATE_ARGS ...] SOURCES src...)
#
# Translates each source with hpar-translate at build time (again whenever the source or any
# header it includes changes, through the translator's depfile), compiles the output with the
# backend's compiler and flags, and links what the runtime needs.
#   cuda    the project must enable the CUDA language; outputs are .hpar.cu files.
#   openmp  OpenMP offload through the C++ compiler; HPAR_OPENMP_FLAGS holds the offload flags
#           (default: host fallback, `-fopenmp-targets=x86_64-pc-linux-gnu` for clang,
#           `-foffload=disable` for GCC).
#   serial  no translation: the reference semantics.

if(NOT DEFINED HPAR_TRANSLATE)
  set(HPAR_TRANSLATE hpar-translate)
endif()

if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(_hpar_default_omp_flags "-fopenmp;-fopenmp-targets=x86_64-pc-linux-gnu;-Wno-openmp-mapping")
else()
  set(_hpar_default_omp_flags "-fopenmp;-foffload=disable")
endif()
set(HPAR_OPENMP_FLAGS "${_hpar_default_omp_flags}" CACHE STRING
    "Compiler and linker flags for hpar's OpenMP backend (a list)")

# clang links OpenMP offload programs against libomptarget, which lives in LLVM's own library
# folder, off the loader's search path: the programs get an rpath to it, so that they start
# without LD_LIBRARY_PATH.
set(_hpar_openmp_rpath "")
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=libomptarget.so
                  OUTPUT_VARIABLE _hpar_omptarget OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(IS_ABSOLUTE "${_hpar_omptarget}" AND EXISTS "${_hpar_omptarget}")
    get_filename_component(_hpar_omptarget "${_hpar_omptarget}" REALPATH)
    get_filename_component(_hpar_openmp_rpath "${_hpar_omptarget}" DIRECTORY)
  endif()
endif()

function(hpar_add_executable name)
  cmake_parse_arguments(H "" "BACKEND" "SOURCES;CUDA_ARCHITECTURES;TRANSLATE_ARGS" ${ARGN})
  if(NOT H_BACKEND MATCHES "^(cuda|openmp|serial)$")
    message(FATAL_ERROR "hpar_add_executable(${name}): BACKEND must be cuda, openmp or serial")
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
              --depfile "${_out}.d" -- -std=c++17 ${_inc_args} ${H_TRANSLATE_ARGS}
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
    target_compile_options(${name} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda --expt-relaxed-constexpr>)
    if(H_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${H_CUDA_ARCHITECTURES}")
    elseif(NOT CMAKE_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES 90)
    endif()
    set_target_properties(${name} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
  elseif(H_BACKEND STREQUAL "openmp")
    target_compile_options(${name} PRIVATE ${HPAR_OPENMP_FLAGS})
    target_link_options(${name} PRIVATE ${HPAR_OPENMP_FLAGS})
    if(_hpar_openmp_rpath)
      set_property(TARGET ${name} APPEND PROPERTY BUILD_RPATH "${_hpar_openmp_rpath}")
      set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH "${_hpar_openmp_rpath}")
    endif()
  endif()
endfunction()
