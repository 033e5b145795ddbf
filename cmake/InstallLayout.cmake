# The files `hipwright verify` and the compile check need at run time, in one
# layout (see lib/support/InstallLayout.h) that the build tree and an
# installed copy share:
#
#   bin/hipwright
#   share/hipwright/include/hipwright/...        shipped and CPU-runtime headers
#   share/hipwright/compile-check/hip_compile_check.sh
#   lib/hipwright/libhipwright_simrt.a
#
# In the build tree they are staged (copied, kept up to date) next to
# build/bin/hipwright; `cmake --install` writes the same tree under any
# prefix. Nothing here compiles a source or build path into the binary.

set(HIPWRIGHT_STAGE_DATA "${CMAKE_BINARY_DIR}/share/hipwright")
set_target_properties(hipwright_simrt PROPERTIES
  ARCHIVE_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/lib/hipwright")

file(GLOB_RECURSE _hipwright_shipped_headers CONFIGURE_DEPENDS
     RELATIVE "${PROJECT_SOURCE_DIR}/include"
     "${PROJECT_SOURCE_DIR}/include/hipwright/*")
set(_hipwright_compile_check "${PROJECT_SOURCE_DIR}/tests/compile/hip_compile_check.sh")
set(_staged "")
foreach(rel IN LISTS _hipwright_shipped_headers)
  set(dst "${HIPWRIGHT_STAGE_DATA}/include/${rel}")
  add_custom_command(OUTPUT "${dst}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different
            "${PROJECT_SOURCE_DIR}/include/${rel}" "${dst}"
    DEPENDS "${PROJECT_SOURCE_DIR}/include/${rel}" VERBATIM)
  list(APPEND _staged "${dst}")
endforeach()
set(dst "${HIPWRIGHT_STAGE_DATA}/compile-check/hip_compile_check.sh")
add_custom_command(OUTPUT "${dst}"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${_hipwright_compile_check}" "${dst}"
  DEPENDS "${_hipwright_compile_check}" VERBATIM)
list(APPEND _staged "${dst}")
add_custom_target(hipwright_stage_data ALL DEPENDS ${_staged}
  COMMENT "Staging hipwright's data files next to the executable")
add_dependencies(hipwright hipwright_stage_data hipwright_simrt)

# ---- install -----------------------------------------------------------------
include(GNUInstallDirs)
# libclang-cpp and libLLVM live in /usr/lib/llvm-22/lib on Debian; keep that
# (a system path) in the installed binary's RUNPATH.
set_target_properties(hipwright PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS hipwright RUNTIME DESTINATION bin COMPONENT hipwright)
install(TARGETS hipwright_simrt ARCHIVE DESTINATION lib/hipwright
        COMPONENT hipwright)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/hipwright"
        DESTINATION share/hipwright/include COMPONENT hipwright)
install(PROGRAMS "${_hipwright_compile_check}"
        DESTINATION share/hipwright/compile-check COMPONENT hipwright)
# What makes the ROCm 7.2 prefix the compile checks build against (an
# installed hipwright has no source tree to run it from).
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/fetch-rocm.sh"
        DESTINATION share/hipwright/rocm COMPONENT hipwright)
install(FILES "${PROJECT_SOURCE_DIR}/scripts/rocm-packages.lock"
        DESTINATION share/hipwright/rocm COMPONENT hipwright)
# The CMake toolchain file for migrated projects (docs/build-files.md).
install(FILES "${PROJECT_SOURCE_DIR}/cmake/rocm/hipwright-rocm.cmake"
        DESTINATION share/hipwright/cmake COMPONENT hipwright)
install(FILES "${PROJECT_SOURCE_DIR}/README.md"
        DESTINATION share/doc/hipwright COMPONENT hipwright)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/"
        DESTINATION share/doc/hipwright/docs COMPONENT hipwright)
