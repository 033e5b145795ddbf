# What the commands read and what they say about it (issue 13): link cycles,
# unreadable directories, HIP input, messages.
hipwright_cli_script_test(cli.inputs inputs_cli_test.sh LABELS "cli")

# verify tells a kernel fault from a host crash (builds two small programs).
hipwright_cli_script_test(verify.cli_faults verify_faults_cli_test.sh LABELS "verify;cli")
# verify builds a program from every source its build names, with the
# helper headers of its -I folders ported alongside (issue 26).
hipwright_cli_script_test(verify.cli_programs verify_programs_cli_test.sh LABELS "verify;cli")
# verify's manifest: arguments, environment, timeouts and output verdicts.
hipwright_cli_script_test(verify.cli_manifest verify_manifest_cli_test.sh LABELS "verify;cli")
