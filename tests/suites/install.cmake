# An installed hipwright: `cmake --install` into a prefix that is then moved,
# and the Debian package from `cpack -G DEB` unpacked with dpkg -x; each runs
# port, lint, report and verify from its new home (tests/cli/install_test.sh).
# They install from this build tree, so they run alone.
foreach(mode install deb)
  add_test(NAME install.${mode}
           COMMAND bash "${PROJECT_SOURCE_DIR}/tests/cli/install_test.sh" ${mode}
                   "${PROJECT_BINARY_DIR}" "${PROJECT_SOURCE_DIR}")
  set_tests_properties(install.${mode} PROPERTIES
    LABELS "install" TIMEOUT 1200 RESOURCE_LOCK install_tree)
endforeach()
