# test_corpus/*.cu must build with nvcc for sm_90 (the "original CUDA builds"
# column of the verify matrix). One ctest per program; a program that needs a
# CUDA library is linked against it, the others are compiled to objects (-c),
# which keeps the suite affordable on a 2-core CI machine.
# Without nvcc each test prints SKIP and exits 77 (reported as skipped).

set(HIPWRIGHT_CORPUS_DIR "${CMAKE_SOURCE_DIR}/test_corpus")
set(HIPWRIGHT_CORPUS_OUT "${CMAKE_BINARY_DIR}/corpus-nvcc")
set(HIPWRIGHT_CORPUS_ARCH "sm_90" CACHE STRING
    "NVIDIA architecture the corpus is compiled for")

find_program(BASH_PROGRAM bash)
if(NOT BASH_PROGRAM)
  message(STATUS "corpus_nvcc: bash not found, corpus nvcc tests not added")
  hipwright_missing_tool_test(corpus_nvcc "bash not found" "bash")
  return()
endif()

# program -> libraries it links (empty: compile only)
set(_corpus_link_libraries_host "-lcublas;-lcurand;-lcufft")
set(_corpus_link_driver_api "-lcuda")

file(GLOB _corpus_sources CONFIGURE_DEPENDS "${HIPWRIGHT_CORPUS_DIR}/*.cu")
foreach(src IN LISTS _corpus_sources)
  get_filename_component(prog "${src}" NAME_WE)
  set(libs "${_corpus_link_${prog}}")
  if(libs)
    set(mode --link)
    set(out "${HIPWRIGHT_CORPUS_OUT}/${prog}")
  else()
    set(mode "")
    set(out "${HIPWRIGHT_CORPUS_OUT}/${prog}.o")
  endif()
  add_test(NAME corpus_nvcc.${prog}
           COMMAND "${BASH_PROGRAM}"
                   "${CMAKE_SOURCE_DIR}/tests/compile/nvcc_compile.sh"
                   --out "${out}" ${mode} "${src}"
                   "-arch=${HIPWRIGHT_CORPUS_ARCH}" ${libs})
  set_tests_properties(corpus_nvcc.${prog} PROPERTIES
    SKIP_RETURN_CODE 77
    LABELS "corpus;nvcc")
endforeach()
