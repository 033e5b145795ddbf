# `hipwright verify` on test_corpus/: the whole matrix (nvcc build, gfx942 and
# gfx950 builds, the NVIDIA build through the generated mapping header, runs
# on the CPU SIMT runtime at 32 and 64 lanes), checked cell by cell against
# the expectations written in the programs (tests/verify/check_matrix.py).
set(verify_out "${PROJECT_BINARY_DIR}/verify")
add_test(NAME verify.test_corpus
         COMMAND bash -c "rm -rf '${verify_out}' && mkdir -p '${verify_out}' && \"$0\" verify '${PROJECT_SOURCE_DIR}/test_corpus' -q -j2 --work '${verify_out}/work' --format json -o '${verify_out}/matrix.json'; rc=$?; [ $rc -le 1 ] || exit $rc; python3 '${PROJECT_SOURCE_DIR}/tests/verify/check_matrix.py' '${verify_out}/matrix.json' --amd-known '${PROJECT_SOURCE_DIR}/tests/compile/corpus_known_failures.txt' --nvidia-known '${PROJECT_SOURCE_DIR}/tests/compile/nvidia_known_failures.txt'"
                 $<TARGET_FILE:hipwright>)
set_tests_properties(verify.test_corpus PROPERTIES
  LABELS "verify" TIMEOUT 3000 RUN_SERIAL TRUE
  ENVIRONMENT "HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}")

add_test(NAME verify.cli
         COMMAND bash "${PROJECT_SOURCE_DIR}/tests/cli/verify_cli_test.sh"
                 $<TARGET_FILE:hipwright>)
set_tests_properties(verify.cli PROPERTIES LABELS "verify;cli")
