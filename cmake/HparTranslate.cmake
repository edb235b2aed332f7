# hpar_add_executable(NAME BACKEND cuda|openmp|serial [OFFLOAD host|nvptx]
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

if(NOT DEFINED HPAR_TRANSLATE)
  set(HPAR_TRANSLATE hpar-translate)
endif()

set(HPAR_OPENMP_OFFLOAD "host" CACHE STRING
    "Target of hpar's OpenMP backend when hpar_add_executable names none: host or nvptx")
set(HPAR_OPENMP_CUDA_PATH "" CACHE PATH
    "CUDA 11.8 folder for clang's OpenMP offload to nvptx (scripts/setup-clang-offload.sh: DIR/cuda)")
set(HPAR_OPENMP_FLAGS "" CACHE STRING
    "Compiler and linker flags for hpar's OpenMP backend (a list), replacing the computed ones")

# _hpar_openmp_flags(OUT OFFLOAD ARCH): the compile and link flags of an OpenMP target.
function(_hpar_openmp_flags out offload arch)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    if(offload STREQUAL "host")
      set(flags -fopenmp)
    else()
      if(NOT HPAR_OPENMP_CUDA_PATH OR NOT EXISTS "${HPAR_OPENMP_CUDA_PATH}/bin/ptxas")
        message(FATAL_ERROR "hpar: clang's OpenMP offload to nvptx needs CUDA 11.8's tools: run "
                "scripts/setup-clang-offload.sh DIR and configure with "
                "-DHPAR_OPENMP_CUDA_PATH=DIR/cuda (HPAR_OPENMP_CUDA_PATH is "
                "'${HPAR_OPENMP_CUDA_PATH}')")
      endif()
      execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=libomptarget-nvptx-sm_${arch}.bc
                      OUTPUT_VARIABLE bc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      # -fopenmp-cuda-mode, the two -fopenmp-assume-no-* and the ILP scheduler: see
      # scripts/setup-clang-offload.sh.
      set(flags -fopenmp -fopenmp-cuda-mode -fopenmp-assume-no-thread-state
                -fopenmp-assume-no-nested-parallelism --offload-arch=sm_${arch}
                "--cuda-path=${HPAR_OPENMP_CUDA_PATH}" "--libomptarget-nvptx-bc-path=${bc}"
                -Wno-openmp-mapping "SHELL:-Xclang -mllvm" "SHELL:-Xclang -pre-RA-sched=list-ilp")
    endif()
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    if(offload STREQUAL "host")
      set(flags -fopenmp -foffload=disable)
    else()
      # GCC 12 emits PTX for at most sm_80, which newer GPUs run. Its nvptx code has no
      # exceptions, stack protector or CET. Its named-return-value pass fails an assertion
      # (tree-nrv.cc:179) in nvptx functions that return hpar::complex by value (its cos and
      # sqrt); without the pass they build, and lto1 notes that the pass is off. Unoptimised
      # builds keep C++ constructors as aliases of one another, which nvptx code has only as
      # PTX's .alias (-malias, PTX 6.3 and newer).
      set(flags -fopenmp -foffload=nvptx-none
                "-foffload-options=nvptx-none=-misa=sm_80 -lm -fdisable-tree-nrv -malias"
                -fno-exceptions -fno-stack-protector -fcf-protection=none)
    endif()
  else()
    message(FATAL_ERROR "hpar: the OpenMP backend is built with clang or GCC, not "
            "${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

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
  cmake_parse_arguments(H "" "BACKEND;OFFLOAD" "SOURCES;CUDA_ARCHITECTURES;TRANSLATE_ARGS" ${ARGN})
  if(NOT H_BACKEND MATCHES "^(cuda|openmp|serial)$")
    message(FATAL_ERROR "hpar_add_executable(${name}): BACKEND must be cuda, openmp or serial")
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

  # An OpenMP build for a device other than the host is Kokkos with OpenMPTarget: the translation
  # sees HPAR_OPENMP_OFFLOAD (hpar/rt/openmp/config.hpp), and its output pins it for the compile.
  set(_device_args "")
  if(H_BACKEND STREQUAL "openmp")
    if(HPAR_OPENMP_FLAGS AND NOT H_OFFLOAD)
      string(REGEX MATCH "-fopenmp-targets=[^ ;]*(nvptx|amdgcn)|--offload-arch=|-foffload=(nvptx|amdgcn)"
             _names_device "${HPAR_OPENMP_FLAGS}")
    elseif(_offload STREQUAL "nvptx")
      set(_names_device ON)
    else()
      set(_names_device "")
    endif()
    if(_names_device)
      set(_device_args -DHPAR_OPENMP_OFFLOAD=1)
    endif()
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
    target_compile_options(${name} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda --expt-relaxed-constexpr>)
    if(H_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${H_CUDA_ARCHITECTURES}")
    elseif(NOT CMAKE_CUDA_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES 90)
    endif()
    set_target_properties(${name} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
  elseif(H_BACKEND STREQUAL "openmp")
    set(_arch 90)
    if(H_CUDA_ARCHITECTURES)
      list(GET H_CUDA_ARCHITECTURES 0 _arch)
    endif()
    _hpar_openmp_flags(_flags "${_offload}" "${_arch}")
    if(HPAR_OPENMP_FLAGS AND NOT H_OFFLOAD)
      set(_flags "${HPAR_OPENMP_FLAGS}")
    endif()
    target_compile_options(${name} PRIVATE ${_flags})
    target_link_options(${name} PRIVATE ${_flags})
    if(_hpar_openmp_rpath)
      set_property(TARGET ${name} APPEND PROPERTY BUILD_RPATH "${_hpar_openmp_rpath}")
      set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH "${_hpar_openmp_rpath}")
    endif()
  endif()
endfunction()
