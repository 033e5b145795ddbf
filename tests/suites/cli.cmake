# Command-line behaviour of hipwright (exit codes, outputs, -p, --jobs).
add_test(NAME cli.port
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/port_cli_test.sh
                 $<TARGET_FILE:hipwright>)
add_test(NAME cli.lint
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/lint_cli_test.sh
                 $<TARGET_FILE:hipwright>)
add_test(NAME cli.edge_input
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/edge_input_cli_test.sh
                 $<TARGET_FILE:hipwright>)
