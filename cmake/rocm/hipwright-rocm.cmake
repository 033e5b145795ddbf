# Toolchain file: configures and builds a tree migrated by `hipwright port`
# with CMake's HIP language (clang 22) against a real ROCm release, found
# with ROCm's own `hip` and `hip-lang` CMake packages:
#
#   cmake -S OUT -B build --toolchain <hipwright>/cmake/rocm/hipwright-rocm.cmake \
#         [-DHIPWRIGHT_ROCM_ROOT=<root>]
#
# <root> is what clang's --rocm-path takes: /opt/rocm-X.Y.Z on a ROCm
# installation, PREFIX/usr for the ROCm 7.2 prefix scripts/fetch-rocm.sh
# makes (the default: $HIPWRIGHT_ROCM_PATH, else $HIPWRIGHT_ROCM_PREFIX/usr,
# else ~/.cache/hipwright/rocm-7.2.4/usr). On a ROCm machine
# `-DCMAKE_HIP_COMPILER_ROCM_ROOT=/opt/rocm` alone is the usual set-up; this
# file adds what a ROCm next to another HIP, on Debian 12, needs
# (docs/build-files.md):
#  - -isystem <root>/include: clang adds --rocm-path's include directory
#    behind /usr/include, where Debian 12's HIP 5.2.3 (libamdhip64-dev) would
#    win, and CMake drops hip-lang's own -isystem as an implicit directory.
#  - -no-hip-rt at link time: the hip package's targets link ROCm's
#    libamdhip64 by path; clang's implicit -lamdhip64 would take whichever
#    libamdhip64.so the default library path has first.
#  - -rpath-link <root>/lib...: GNU ld resolves libamdhip64's own
#    dependencies (libhsa-runtime64.so.1) from there, not from /usr/lib.
#  - --allow-shlib-undefined: ROCm 7.2's Debian packages are built against
#    glibc 2.38 / GLIBCXX_3.4.32 / CXXABI_1.3.15; Debian 12 has glibc 2.36. Linking our
#    objects needs nothing from those versions; only symbols the ROCm
#    libraries themselves take from the newer C and C++ libraries stay
#    unresolved (tests/cli/build_files_cmake_build_test.sh asserts that
#    they are the only ones). On a machine with ROCm's own libc this flag
#    changes nothing.
set(HIPWRIGHT_CLANG "/usr/lib/llvm-22/bin/clang++" CACHE FILEPATH
    "clang++ that compiles the HIP sources")
if(NOT HIPWRIGHT_ROCM_ROOT)
  if(DEFINED ENV{HIPWRIGHT_ROCM_PATH} AND NOT "$ENV{HIPWRIGHT_ROCM_PATH}" STREQUAL "")
    set(HIPWRIGHT_ROCM_ROOT "$ENV{HIPWRIGHT_ROCM_PATH}")
  elseif(DEFINED ENV{HIPWRIGHT_ROCM_PREFIX} AND NOT "$ENV{HIPWRIGHT_ROCM_PREFIX}" STREQUAL "")
    set(HIPWRIGHT_ROCM_ROOT "$ENV{HIPWRIGHT_ROCM_PREFIX}/usr")
  else()
    set(HIPWRIGHT_ROCM_ROOT "$ENV{HOME}/.cache/hipwright/rocm-7.2.4/usr")
  endif()
endif()
set(HIPWRIGHT_ROCM_ROOT "${HIPWRIGHT_ROCM_ROOT}" CACHE PATH
    "ROCm root (what clang's --rocm-path takes)")
# try_compile projects read this file again without the cache.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HIPWRIGHT_CLANG
     HIPWRIGHT_ROCM_ROOT)

if(NOT EXISTS "${HIPWRIGHT_ROCM_ROOT}/include/hip/hip_runtime.h")
  message(FATAL_ERROR "no HIP headers in ${HIPWRIGHT_ROCM_ROOT}/include: set "
          "HIPWRIGHT_ROCM_ROOT to a ROCm root (or run scripts/fetch-rocm.sh)")
endif()

set(_hipwright_libs "${HIPWRIGHT_ROCM_ROOT}/lib")
if(EXISTS "${HIPWRIGHT_ROCM_ROOT}/lib/x86_64-linux-gnu")
  string(APPEND _hipwright_libs ":${HIPWRIGHT_ROCM_ROOT}/lib/x86_64-linux-gnu")
endif()

set(CMAKE_HIP_COMPILER "${HIPWRIGHT_CLANG}")
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${HIPWRIGHT_ROCM_ROOT}")
list(APPEND CMAKE_PREFIX_PATH "${HIPWRIGHT_ROCM_ROOT}")
set(CMAKE_HIP_FLAGS_INIT
    "--rocm-path=${HIPWRIGHT_ROCM_ROOT} -isystem ${HIPWRIGHT_ROCM_ROOT}/include")
# CMake identifies the HIP compiler by linking a small program before any
# linker flag below applies; with -no-hip-rt that program needs nothing of
# libamdhip64 (whose own dependencies GNU ld could not resolve there).
set(CMAKE_HIP_COMPILER_ID_TEST_FLAGS_FIRST "-v -no-hip-rt")
set(CMAKE_HIP_LINK_FLAGS "-no-hip-rt" CACHE STRING
    "flags for linking with the HIP compiler (hipwright-rocm.cmake)")
set(_hipwright_link
    "-Wl,-rpath-link,${_hipwright_libs} -Wl,--allow-shlib-undefined")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${_hipwright_link}")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "${_hipwright_link}")
