# Command-line behaviour of hipwright (exit codes, outputs, -p, --jobs).
add_test(NAME cli.port
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/port_cli_test.sh
                 $<TARGET_FILE:hipwright>)
add_test(NAME cli.lint
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/lint_cli_test.sh
                 $<TARGET_FILE:hipwright>)
# A file that crashes the parser fails alone; the rest of the run is written.
add_test(NAME cli.port.crash
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/port_crash_cli_test.sh
                 $<TARGET_FILE:hipwright>)
# What hipwright may do to files around it: backups, outputs over inputs,
# owner/mode/links for --in-place, leftover temporaries, failed writes.
add_test(NAME cli.output-safety
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/output_safety_cli_test.sh
                 $<TARGET_FILE:hipwright>)
# Empty, comment-only, BOM and CRLF files through port, lint, report, --diff.
add_test(NAME cli.edge_input
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/edge_input_cli_test.sh
                 $<TARGET_FILE:hipwright>)
