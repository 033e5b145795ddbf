# Every analyzer test file (analyzers/<family>/test/*.cu) is one ctest.
find_program(HIPWRIGHT_FILECHECK NAMES FileCheck-22 FileCheck
             HINTS ${LLVM_TOOLS_BINARY_DIR} /usr/lib/llvm-22/bin REQUIRED)
file(GLOB _analyzer_tests CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/analyzers/*/test/*.cu")
foreach(t IN LISTS _analyzer_tests)
  get_filename_component(stem "${t}" NAME_WLE)
  get_filename_component(dir "${t}" DIRECTORY)
  get_filename_component(dir "${dir}" DIRECTORY)
  get_filename_component(family "${dir}" NAME)
  add_test(NAME analyzer.${family}.${stem}
           COMMAND bash ${PROJECT_SOURCE_DIR}/tests/analyzers/check_analyzer.sh
                   $<TARGET_FILE:hipwright> ${HIPWRIGHT_FILECHECK} ${t})
  set_tests_properties(analyzer.${family}.${stem} PROPERTIES
    LABELS analyzer
    ENVIRONMENT "HIPWRIGHT_COMPILE_WORK=${PROJECT_BINARY_DIR}/compile-check;HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}")
endforeach()
