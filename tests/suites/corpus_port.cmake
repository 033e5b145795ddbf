# Ports test_corpus/ with hipwright and compiles every ported program for
# gfx942 and gfx950 with the compile check (tests/compile/). Programs that
# need a HIP library Debian lacks are reported SKIP by the check; programs in
# tests/compile/corpus_known_failures.txt must still FAIL, so the list cannot
# silently go stale.
set(_corpus_out "${PROJECT_BINARY_DIR}/corpus-hip")
add_test(NAME corpus.port
         COMMAND ${CMAKE_COMMAND} -E env
                 bash -c "rm -rf '${_corpus_out}' && exec \"$0\" port '${PROJECT_SOURCE_DIR}/test_corpus' --out-root '${_corpus_out}'"
                 $<TARGET_FILE:hipwright>)
set_tests_properties(corpus.port PROPERTIES FIXTURES_SETUP corpus_hip)

set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  "${PROJECT_SOURCE_DIR}/tests/compile/corpus_known_failures.txt")
file(STRINGS "${PROJECT_SOURCE_DIR}/tests/compile/corpus_known_failures.txt"
     _corpus_xfail REGEX "^[^#]")
file(GLOB _corpus_programs CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/test_corpus/*.cu")
foreach(prog IN LISTS _corpus_programs)
  get_filename_component(name "${prog}" NAME)
  get_filename_component(stem "${prog}" NAME_WE)
  set(expect --exit 0 --match "^(PASS|SKIP) gfx942 " --match "^(PASS|SKIP) gfx950 ")
  foreach(line IN LISTS _corpus_xfail)
    if(line MATCHES "^${name} ")
      set(expect --exit 1 --match "^FAIL gfx942 ")
    endif()
  endforeach()
  add_test(NAME corpus.compile.${stem}
           COMMAND bash "${PROJECT_SOURCE_DIR}/tests/compile/expect.sh"
                   ${expect} --
                   bash "${PROJECT_SOURCE_DIR}/tests/compile/hip_compile_check.sh"
                   --work "${PROJECT_BINARY_DIR}/compile-check"
                   "${_corpus_out}/${name}")
  set_tests_properties(corpus.compile.${stem} PROPERTIES
    FIXTURES_REQUIRED corpus_hip
    SKIP_RETURN_CODE 77
    LABELS "compile-check"
    ENVIRONMENT "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}")
endforeach()
