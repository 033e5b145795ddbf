# Command-line behaviour of hipwright (exit codes, outputs, -p, --jobs).
hipwright_cli_script_test(cli.port port_cli_test.sh)
hipwright_cli_script_test(cli.lint lint_cli_test.sh)
# A file that crashes the parser fails alone; the rest of the run is written.
hipwright_cli_script_test(cli.port.crash port_crash_cli_test.sh)
# What hipwright may do to files around it: backups, outputs over inputs,
# owner/mode/links for --in-place, leftover temporaries, failed writes.
hipwright_cli_script_test(cli.output-safety output_safety_cli_test.sh)
# Empty, comment-only, BOM and CRLF files through port, lint, report, --diff.
hipwright_cli_script_test(cli.edge_input edge_input_cli_test.sh)

# Build-file migration (issue 11): tests/build_files/cuda_project's CMake
# files against tests/build_files/expected, idempotence, --jobs, modes.
hipwright_cli_script_test(cli.build_files build_files_cli_test.sh LABELS "cli")
# ...and the migrated project configures and builds with CMake's HIP language
# against real ROCm 7.2 (cmake/rocm/hipwright-rocm.cmake).
hipwright_cli_script_test(cli.build_files.cmake_build build_files_cmake_build_test.sh LABELS "cli")
set_tests_properties(cli.build_files.cmake_build PROPERTIES SKIP_RETURN_CODE 77)
hipwright_cli_script_test(cli.build_files.make_build build_files_make_build_test.sh LABELS "cli")
set_tests_properties(cli.build_files.make_build PROPERTIES SKIP_RETURN_CODE 77)
# One findings stage for every command (issue 12): NOLINT and .hipwright.yaml
# decide port --fix's fix-its as they decide lint's findings; a rule pattern
# that names no rule is exit 2 with the closest ids.
hipwright_cli_script_test(cli.findings_stage findings_stage_cli_test.sh)
# The result cache and --shard/merge (issue 15): byte-identical outputs cold,
# warm, --no-cache and merged; edited headers miss; damaged entries rebuilt;
# two processes sharing a cache.
hipwright_cli_script_test(cli.cache_shard cache_shard_cli_test.sh LABELS "cli")
# Sharding never costs a source (issue 30): stale merges refused with
# nothing written, --shard-out onto an input refused, abandoned cache
# temporaries swept.
hipwright_cli_script_test(cli.shard_safety shard_safety_cli_test.sh LABELS "cli")
# Every option that takes a value, given an input file or directory, leaves
# every input as it was; the options that write refuse (exit 2).
hipwright_cli_script_test(cli.outputs_not_inputs outputs_not_inputs_cli_test.sh LABELS "cli")
# The precompiled CUDA prelude (issue 15): lint, port and --fix over the whole
# test_corpus byte-identical with and without it; a damaged stored PCH is
# ignored and rebuilt.
hipwright_cli_script_test(cli.pch pch_cli_test.sh LABELS "cli")
# The speed-ups of issue 28 (the PCH of the #include lines TUs share, system
# headers' bodies skipped, the walk limited to code outside them) each leave
# lint, port, --fix and stderr byte-identical.
hipwright_cli_script_test(cli.prefix_pch prefix_pch_cli_test.sh LABELS "cli")
# A header's warp-width macro: one finding with every file's uses (issue 27).
hipwright_cli_script_test(cli.macro_fold macro_fold_cli_test.sh LABELS "cli")
# port --fix=native keeps a ballot whole where it rewrites and the lane-mask
# analyzer's narrowing fix-its apply only where it refuses.
hipwright_cli_script_test(cli.native_masks native_masks_cli_test.sh LABELS "cli")
# hipwright_cuda_compat.h: written beside the files calling CUDA-only
# functions (out-root, in-place, merge), never over a user's file of that
# name, nothing written by stdout/--diff.
hipwright_cli_script_test(cli.compat_header compat_header_cli_test.sh LABELS "cli")
# scripts/fetch-rocm.sh's errors name the package, version and suite (a
# failed download, a checksum mismatch, a malformed or empty lock), offline:
# a stand-in apt-get plays the archive.
add_test(NAME cli.fetch_rocm_errors
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/fetch_rocm_errors_test.sh
                 ${PROJECT_SOURCE_DIR}/scripts/fetch-rocm.sh)
set_tests_properties(cli.fetch_rocm_errors PROPERTIES LABELS "cli")
