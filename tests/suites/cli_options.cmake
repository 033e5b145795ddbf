# One option parser for every command: the same messages and exit codes.
add_test(NAME cli.options
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/options_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.options PROPERTIES LABELS "cli")
