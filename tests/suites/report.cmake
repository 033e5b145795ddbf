# `hipwright report`: formats, escaping, --verify, exit codes, effort
# overrides, the progress line; and the HTML rendered by headless Chromium
# (skipped, not passed, where Debian's chromium is not installed).
add_test(NAME cli.report
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/report_cli_test.sh
                 $<TARGET_FILE:hipwright>)
add_test(NAME cli.report.chromium
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/report_cli_test.sh
                 $<TARGET_FILE:hipwright> --chromium)
set_tests_properties(cli.report.chromium PROPERTIES SKIP_RETURN_CODE 77)
