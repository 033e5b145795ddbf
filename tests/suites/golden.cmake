# Golden translation tests: tests/golden/<case>/ holds input/ (a small CUDA
# tree), expected/ (the exact output of `hipwright port input --out-root`)
# and optional args / expected_exit / expected_stderr_grep files; see
# tests/golden/run_golden.sh. Each case gives two tests:
#   golden.<case>          translation, determinism across --jobs, idempotence
#   golden.<case>.compile  expected/ compiled for gfx942 and gfx950 with
#                          tests/compile/hip_compile_check.sh
# Case directories are globbed, so a new case needs no CMake edit.

find_program(BASH_PROGRAM bash)
if(NOT BASH_PROGRAM)
  message(STATUS "golden: bash not found, golden tests not added")
  hipwright_missing_tool_test(golden "bash not found" "bash")
  return()
endif()

set(_golden_dir "${CMAKE_SOURCE_DIR}/tests/golden")
set(_golden_work "${CMAKE_BINARY_DIR}/golden")
# Shared with tests/suites/compile_check.cmake (objects and logs).
set(_golden_compile_work "${CMAKE_BINARY_DIR}/compile-check")

file(GLOB _golden_cases LIST_DIRECTORIES true CONFIGURE_DEPENDS
     "${_golden_dir}/*/input")
foreach(input IN LISTS _golden_cases)
  get_filename_component(case_dir "${input}" DIRECTORY)
  get_filename_component(case "${case_dir}" NAME)
  add_test(NAME golden.${case}
           COMMAND "${BASH_PROGRAM}" "${_golden_dir}/run_golden.sh"
                   $<TARGET_FILE:hipwright> "${case_dir}"
                   "${_golden_work}/${case}")
  set_tests_properties(golden.${case} PROPERTIES LABELS "golden")

  add_test(NAME golden.${case}.compile
           COMMAND "${BASH_PROGRAM}" "${_golden_dir}/compile_golden.sh"
                   "${case_dir}" "${_golden_work}/${case}.compile"
                   "${_golden_compile_work}")
  set_tests_properties(golden.${case}.compile PROPERTIES
    LABELS "golden;compile-check"
    SKIP_RETURN_CODE 77
    ENVIRONMENT "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR};HIPWRIGHT=$<TARGET_FILE:hipwright>")
endforeach()
