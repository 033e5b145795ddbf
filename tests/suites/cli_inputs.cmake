# What the commands read and what they say about it (issue 13): link cycles,
# unreadable directories, HIP input, messages.
add_test(NAME cli.inputs
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/inputs_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.inputs PROPERTIES LABELS "cli")

# verify tells a kernel fault from a host crash (builds two small programs).
add_test(NAME verify.cli_faults
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/verify_faults_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(verify.cli_faults PROPERTIES LABELS "verify;cli")
