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

# Build-file migration (issue 11): tests/build_files/cuda_project's CMake
# files against tests/build_files/expected, idempotence, --jobs, modes.
add_test(NAME cli.build_files
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/build_files_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.build_files PROPERTIES LABELS "cli")
# ...and the migrated project configures and builds with CMake's HIP language
# against real ROCm 7.2 (cmake/rocm/hipwright-rocm.cmake).
add_test(NAME cli.build_files.cmake_build
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/build_files_cmake_build_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.build_files.cmake_build PROPERTIES LABELS "cli"
                     SKIP_RETURN_CODE 77)
# One findings stage for every command (issue 12): NOLINT and .hipwright.yaml
# decide port --fix's fix-its as they decide lint's findings; a rule pattern
# that names no rule is exit 2 with the closest ids.
add_test(NAME cli.findings_stage
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/findings_stage_cli_test.sh
                 $<TARGET_FILE:hipwright>)
# The result cache and --shard/merge (issue 15): byte-identical outputs cold,
# warm, --no-cache and merged; edited headers miss; damaged entries rebuilt;
# two processes sharing a cache.
add_test(NAME cli.cache_shard
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/cache_shard_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.cache_shard PROPERTIES LABELS "cli")
# Sharding never costs a source (issue 30): stale merges refused with
# nothing written, --shard-out onto an input refused, abandoned cache
# temporaries swept.
add_test(NAME cli.shard_safety
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/shard_safety_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.shard_safety PROPERTIES LABELS "cli")
# Every option that takes a value, given an input file or directory, leaves
# every input as it was; the options that write refuse (exit 2).
add_test(NAME cli.outputs_not_inputs
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/outputs_not_inputs_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.outputs_not_inputs PROPERTIES LABELS "cli")
# The precompiled CUDA prelude (issue 15): lint, port and --fix over the whole
# test_corpus byte-identical with and without it; a damaged stored PCH is
# ignored and rebuilt.
add_test(NAME cli.pch
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/pch_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.pch PROPERTIES LABELS "cli")
# port --fix=native keeps a ballot whole where it rewrites and the lane-mask
# analyzer's narrowing fix-its apply only where it refuses.
add_test(NAME cli.native_masks
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/native_masks_cli_test.sh
                 $<TARGET_FILE:hipwright>)
set_tests_properties(cli.native_masks PROPERTIES LABELS "cli")
