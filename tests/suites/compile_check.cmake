# Compile-check self-tests: hand-written HIP files in tests/compile/selftest/
# compiled for gfx942 and gfx950 by tests/compile/hip_compile_check.sh with
# clang's HIP toolchain against real ROCm 7.2.4 (scripts/fetch-rocm.sh).
# Included from tests/CMakeLists.txt; see docs/compile-check.md.

set(HIPWRIGHT_COMPILE_CHECK "${CMAKE_SOURCE_DIR}/tests/compile/hip_compile_check.sh")
set(HIPWRIGHT_COMPILE_EXPECT "${CMAKE_SOURCE_DIR}/tests/compile/expect.sh")
set(HIPWRIGHT_COMPILE_SELFTEST "${CMAKE_SOURCE_DIR}/tests/compile/selftest")
# One work directory for all cases: generated headers are built once
# (atomically, so parallel ctest runs share them) and the objects land here.
set(HIPWRIGHT_COMPILE_WORK "${CMAKE_BINARY_DIR}/compile-check")
set(HIPWRIGHT_COMPILE_TARGETS "gfx942,gfx950" CACHE STRING
    "AMDGPU targets the compile check builds for")

find_program(BASH_PROGRAM bash)
if(NOT BASH_PROGRAM)
  message(STATUS "compile_check: bash not found, compile-check tests not added")
  hipwright_missing_tool_test(compile_check "bash not found" "bash")
  return()
endif()

# Let the script use the clang++ this build was configured with, when it is
# the LLVM 22 one; otherwise the script finds clang++-22 itself.
# The script execs `hipwright compile-check`: this build's.
set(_hipwright_cc_env "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}"
    "HIPWRIGHT=$<TARGET_FILE:hipwright>")

function(hipwright_compile_check name)
  cmake_parse_arguments(ARG "" "EXIT" "MATCH;FILES" ${ARGN})
  set(cmd "${HIPWRIGHT_COMPILE_CHECK}" --targets "${HIPWRIGHT_COMPILE_TARGETS}"
      --work "${HIPWRIGHT_COMPILE_WORK}" ${ARG_FILES})
  if(DEFINED ARG_EXIT OR ARG_MATCH)
    set(expect_args "")
    if(DEFINED ARG_EXIT)
      list(APPEND expect_args --exit ${ARG_EXIT})
    endif()
    foreach(m IN LISTS ARG_MATCH)
      list(APPEND expect_args --match "${m}")
    endforeach()
    set(cmd "${HIPWRIGHT_COMPILE_EXPECT}" ${expect_args} -- ${cmd})
  endif()
  add_test(NAME compile_check.${name}
           COMMAND "${BASH_PROGRAM}" ${cmd}
           WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
  set_tests_properties(compile_check.${name} PROPERTIES
    SKIP_RETURN_CODE 77
    LABELS "compile-check"
    ENVIRONMENT "${_hipwright_cc_env}")
endfunction()

# Must PASS for every target.
foreach(src warp_reduce64 host_memcpy hiprand_device warp_sync_all
    atomic_wrap_and_math builtin_coordinates device_prop_rocm6 rocm7_only_api)
  hipwright_compile_check(${src}
    FILES "${HIPWRIGHT_COMPILE_SELFTEST}/${src}.hip"
    EXIT 0
    MATCH "^PASS gfx942 " "^PASS gfx950 ")
endforeach()

# Host code only: compiled for the target, nothing to bundle.
hipwright_compile_check(host_only_api
  FILES "${HIPWRIGHT_COMPILE_SELFTEST}/host_only_api.hip"
  EXIT 0
  MATCH "^PASS gfx942 .*host code only" "^PASS gfx950 .*host code only")

# Must FAIL, for the right reason.
hipwright_compile_check(bad_mask32
  FILES "${HIPWRIGHT_COMPILE_SELFTEST}/bad_mask32.hip"
  EXIT 1
  MATCH "^FAIL gfx942 " "^FAIL gfx950 " "The mask must be a 64-bit integer")
hipwright_compile_check(bad_warpsize_constexpr
  FILES "${HIPWRIGHT_COMPILE_SELFTEST}/bad_warpsize_constexpr.hip"
  EXIT 1
  MATCH "^FAIL gfx942 " "not a constant expression")

# Libraries of the ROCm 7.2 prefix are compiled, not skipped.
hipwright_compile_check(uses_hipblas
  FILES "${HIPWRIGHT_COMPILE_SELFTEST}/uses_hipblas.hip"
  EXIT 0
  MATCH "^PASS gfx942 " "^PASS gfx950 ")

# Must SKIP, naming why: Debian's rocWMMA package lacks its internal/ headers.
hipwright_compile_check(needs_rocwmma
  FILES "${HIPWRIGHT_COMPILE_SELFTEST}/needs_rocwmma.hip"
  EXIT 0
  MATCH "^SKIP gfx942 .*needs rocWMMA, whose Debian package")

# A ROCm header read from outside the ROCm in use is a FAIL, whatever clang
# made of it: the check names the release it checked against.
add_test(NAME compile_check.foreign_header
         COMMAND "${BASH_PROGRAM}" "${HIPWRIGHT_COMPILE_EXPECT}" --exit 1
                 --match "^FAIL gfx942 .*read the ROCm header .*foreign_hip/include/hip/hip_runtime.h from outside the ROCm in use"
                 -- "${HIPWRIGHT_COMPILE_CHECK}" --targets gfx942
                 --work "${HIPWRIGHT_COMPILE_WORK}"
                 -I "${HIPWRIGHT_COMPILE_SELFTEST}/foreign_hip/include"
                 "${HIPWRIGHT_COMPILE_SELFTEST}/foreign_header.hip"
         WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
set_tests_properties(compile_check.foreign_header PROPERTIES
  LABELS "compile-check"
  ENVIRONMENT "${_hipwright_cc_env}")

# The NVIDIA path says "not run" until a mapping header is supplied.
add_test(NAME compile_check.nvidia_without_mapping_header
         COMMAND "${BASH_PROGRAM}" "${HIPWRIGHT_COMPILE_EXPECT}" --exit 0
                 --match "^SKIP sm_90 .*not run: no mapping header" --
                 "${HIPWRIGHT_COMPILE_CHECK}" --targets sm_90
                 --work "${HIPWRIGHT_COMPILE_WORK}"
                 "${HIPWRIGHT_COMPILE_SELFTEST}/host_memcpy.hip"
         WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
set_tests_properties(compile_check.nvidia_without_mapping_header PROPERTIES
  LABELS "compile-check"
  ENVIRONMENT "${_hipwright_cc_env}")

# The command and its wrapper script: usage, a missing toolchain piece,
# first errors, -I/-D, --verbose.
add_test(NAME cli.compile_check
         COMMAND bash "${PROJECT_SOURCE_DIR}/tests/cli/compile_check_cli_test.sh"
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.compile_check PROPERTIES
  LABELS "compile-check;cli"
  ENVIRONMENT "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}")
