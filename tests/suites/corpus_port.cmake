# Ports test_corpus/ with hipwright and compiles every ported program for
# gfx942 and gfx950 with the compile check (tests/compile/). Programs that
# need a HIP library Debian lacks are reported SKIP by the check; programs in
# tests/compile/corpus_known_failures.txt (corpus_fixed_known_failures.txt
# for the --fix port) must still FAIL, so the lists cannot silently go stale.
# hipwright_corpus_port(SUFFIX KNOWN_FAILURES [PORT_ARGS...]): one port of
# test_corpus/ and one compile check per ported program.
function(hipwright_corpus_port suffix known)
  set(out "${PROJECT_BINARY_DIR}/corpus-hip${suffix}")
  add_test(NAME corpus.port${suffix}
           COMMAND bash -c "rm -rf '${out}' && exec \"$0\" port '${PROJECT_SOURCE_DIR}/test_corpus' --out-root '${out}' ${ARGN}"
                   $<TARGET_FILE:hipwright>)
  set_tests_properties(corpus.port${suffix} PROPERTIES
    FIXTURES_SETUP corpus_hip${suffix})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${known}")
  file(STRINGS "${known}" xfail REGEX "^[^#]")
  file(GLOB programs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/test_corpus/*.cu")
  foreach(prog IN LISTS programs)
    get_filename_component(name "${prog}" NAME)
    get_filename_component(stem "${prog}" NAME_WE)
    set(expect --exit 0 --match "^(PASS|SKIP) gfx942 " --match "^(PASS|SKIP) gfx950 ")
    foreach(line IN LISTS xfail)
      if(line MATCHES "^${name} ")
        set(expect --exit 1 --match "^FAIL gfx942 ")
      endif()
    endforeach()
    add_test(NAME corpus.compile${suffix}.${stem}
             COMMAND bash "${PROJECT_SOURCE_DIR}/tests/compile/expect.sh"
                     ${expect} --
                     bash "${PROJECT_SOURCE_DIR}/tests/compile/hip_compile_check.sh"
                     --work "${PROJECT_BINARY_DIR}/compile-check"
                     "${out}/${name}")
    set_tests_properties(corpus.compile${suffix}.${stem} PROPERTIES
      FIXTURES_REQUIRED corpus_hip${suffix}
      SKIP_RETURN_CODE 77
      LABELS "compile-check"
      ENVIRONMENT "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR};HIPWRIGHT=$<TARGET_FILE:hipwright>")
  endforeach()
endfunction()

# The plain port, and the port with the analyzers' safe fix-its (--fix).
hipwright_corpus_port("" "${PROJECT_SOURCE_DIR}/tests/compile/corpus_known_failures.txt")
hipwright_corpus_port("-fixed" "${PROJECT_SOURCE_DIR}/tests/compile/corpus_fixed_known_failures.txt" --fix)
