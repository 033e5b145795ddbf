# Toolchain file: configures and builds a tree migrated by `hipwright port`
# with CMake's HIP language on Debian 12 (HIP 5.2.3 packages, clang 22),
# where CMake's HIP support does not work out of the box:
#
#   cmake -S OUT -B build --toolchain <hipwright>/cmake/debian-hip/hipwright-debian-hip.cmake \
#         -DHIPWRIGHT_DEVICE_LIBS=<device-library overlay>
#
# HIPWRIGHT_DEVICE_LIBS is the overlay `hipwright compile-check` (or
# tests/compile/hip_compile_check.sh, which runs it) builds in its work
# directory (devlibs-*: gfx942/gfx950 ISA files, hip.bc folded in;
# docs/compile-check.md). On a ROCm installation none of this is
# needed. What it works around (docs/build-files.md):
#  - CMake wants <ROCm root>/lib/cmake/hip-lang; Debian keeps ROCm's packages
#    in /usr/lib/x86_64-linux-gnu/cmake. A ROCm root in the build directory
#    links the one CMake looks for.
#  - Debian's hip-config.cmake refuses to load without hipcc and hipconfig,
#    which Debian does not package: find_package(hip) loads ./hip instead.
#  - ROCm's packages put their prefix, /usr/include, on -isystem, which
#    breaks libstdc++'s #include_next <math.h>: it is declared implicit.
#  - clang 22 with HIP 5.2.3 needs the device-library overlay, code object
#    v5 and hipwright's prelude header, as the compile check does.
set(HIPWRIGHT_CLANG "/usr/lib/llvm-22/bin/clang++" CACHE FILEPATH
    "clang++ that compiles the HIP sources")
set(HIPWRIGHT_DEVICE_LIBS "" CACHE PATH
    "ROCm device-library overlay (tests/compile/hip_compile_check.sh --work)")
set(HIPWRIGHT_DEBIAN_CMAKE "/usr/lib/x86_64-linux-gnu/cmake")
# try_compile projects read this file again without the cache.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HIPWRIGHT_CLANG
     HIPWRIGHT_DEVICE_LIBS)

if(NOT HIPWRIGHT_DEVICE_LIBS OR NOT EXISTS "${HIPWRIGHT_DEVICE_LIBS}/ockl.bc")
  message(FATAL_ERROR "HIPWRIGHT_DEVICE_LIBS must name the device-library "
          "overlay built by tests/compile/hip_compile_check.sh (a directory "
          "with ockl.bc); got '${HIPWRIGHT_DEVICE_LIBS}'")
endif()

set(CMAKE_HIP_COMPILER "${HIPWRIGHT_CLANG}")
get_filename_component(_hipwright_include "${CMAKE_CURRENT_LIST_DIR}/../../include"
                       ABSOLUTE)
set(CMAKE_HIP_FLAGS_INIT
    "--rocm-path=/usr --rocm-device-lib-path=${HIPWRIGHT_DEVICE_LIBS} -mcode-object-version=5 -include ${_hipwright_include}/hipwright/hip_prelude.h -I${_hipwright_include}")
set(CMAKE_HIP_IMPLICIT_INCLUDE_DIRECTORIES /usr/include)

# The packages hip-lang depends on, found where Debian keeps them (these are
# read again by every try_compile, so they are set here, not cached).
set(amd_comgr_DIR "${HIPWRIGHT_DEBIAN_CMAKE}/amd_comgr")
set(hsa-runtime64_DIR "${HIPWRIGHT_DEBIAN_CMAKE}/hsa-runtime64")
set(hip_DIR "${CMAKE_CURRENT_LIST_DIR}/hip")

# The ROCm root, made once by the top-level configure; try_compile projects
# read it back from CMake's recorded compiler information.
get_property(_hipwright_in_try GLOBAL PROPERTY IN_TRY_COMPILE)
if(NOT _hipwright_in_try)
  set(_hipwright_root "${CMAKE_BINARY_DIR}/hipwright-rocm-root")
  file(MAKE_DIRECTORY "${_hipwright_root}/lib/cmake")
  if(NOT EXISTS "${_hipwright_root}/lib/cmake/hip-lang")
    file(CREATE_LINK "${HIPWRIGHT_DEBIAN_CMAKE}/hip-lang"
         "${_hipwright_root}/lib/cmake/hip-lang" SYMBOLIC)
  endif()
  set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_hipwright_root}")
endif()
