# hipwright_cuda_compat.h, the equivalents of CUDA-only device functions a
# port writes (lib/port/CompatHeader.h): their semantics, run on the host.
# Device builds for gfx942/gfx950 are golden.compat_simd_intrinsics.compile.
add_test(NAME compat.semantics
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/compat/run_compat_test.sh
                 ${CMAKE_BINARY_DIR}/compat-semantics)
set_tests_properties(compat.semantics PROPERTIES LABELS compat
  SKIP_RETURN_CODE 77
  ENVIRONMENT "HIPWRIGHT=$<TARGET_FILE:hipwright>;HIPWRIGHT_LLVM_BIN=${LLVM_TOOLS_BINARY_DIR}")
