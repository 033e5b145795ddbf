# `cpack -G DEB` (from the build directory): a Debian package of the installed
# tree (cmake/InstallLayout.cmake) under /usr. Its dependencies are what the
# commands need at run time on Debian 12:
#   - the libclang/LLVM 22 runtime and clang's resource headers (parsing CUDA),
#   - clang-22, lld-22, llvm-22 and clang-tools-22 (the compile check: clang's
#     HIP toolchain, llvm-link/llvm-dis/..., clang-offload-bundler),
#   - Debian's HIP 5.2.3 headers and ROCm device libraries (gfx942/gfx950
#     builds in `hipwright verify` and the compile check),
#   - bash and g++-compatible C++ tooling come with clang-22.
# The CUDA toolkit is not a Debian package: hipwright looks for it at run time
# (/usr/local/cuda, $CUDA_PATH, --cuda-path).
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "hipwright")
set(CPACK_PACKAGE_VENDOR "hipwright")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Ports CUDA to HIP and finds wave64 portability hazards")
set(CPACK_PACKAGE_CONTACT "hipwright maintainers <hipwright@users.noreply.github.com>")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "amd64")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "hipwright ports CUDA C++ trees to HIP for AMD Instinct GPUs (gfx942,
 gfx950) with Clang's AST, reports the wave64 hazards API renaming leaves
 behind (warp width 32, 32-bit lane masks, inline PTX, tensor cores), writes
 migration-effort reports, and verifies ports by compiling them for both
 vendors and running them at 32- and 64-lane wavefronts.")
# dpkg-shlibdeps adds the shared libraries the binary links (libclang-cpp22,
# libstdc++ ...); the rest are tools and data it runs. libllvm22 is named
# here as well: the binary's RUNPATH finds libLLVM.so.22.1 through the
# /usr/lib/llvm-22/lib symlink, which belongs to llvm-22-dev (no shlibs
# file), so whether dpkg-shlibdeps falls through to libllvm22's own copy
# depends on the machine's library search order. A fresh CI machine built a
# package without it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libllvm22 (>= 1:${LLVM_PACKAGE_VERSION}), libclang-common-22-dev, clang-22, lld-22, llvm-22, clang-tools-22, bash")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "chromium, python3")
set(CPACK_STRIP_FILES ON)
include(CPack)
