# Ports test_corpus/ (plain and with --fix) and compiles every ported program
# for sm_90 with nvcc through the HIP-on-NVIDIA mapping header that
# `hipwright query --nvidia-mapping-header` generates (the verify matrix's
# port-build-nvidia cell). Programs listed in
# tests/compile/nvidia_known_failures.txt must still FAIL, so the list cannot
# silently go stale. Without nvcc the compile tests are not added.

set(_nvmap_dir "${PROJECT_BINARY_DIR}/nvidia-mapping")
set(_nvmap_header "${_nvmap_dir}/hipwright_nvidia.h")
# Stand-ins for the HIP headers, passed as --include as well: the compile
# check skips a file whose library header (hipblas/hipblas.h ...) is not on
# an include path, and on NVIDIA the stand-in is that header.
set(_nvmap_standins "${_nvmap_dir}/include")
set(_nvmap_known "${PROJECT_SOURCE_DIR}/tests/compile/nvidia_known_failures.txt")

find_program(HIPWRIGHT_NVMAP_NVCC nvcc HINTS /usr/local/cuda/bin
             ENV CUDA_PATH PATH_SUFFIXES bin)
if(NOT HIPWRIGHT_NVMAP_NVCC)
  message(STATUS "nvidia_mapping: nvcc not found, sm_90 compile tests not added")
  hipwright_missing_tool_test(nvidia_mapping "nvcc not found at configure time (CUDA toolkit at /usr/local/cuda)" "")
  return()
endif()

add_test(NAME nvidia_mapping.header
         COMMAND bash -c [[
set -e
rm -rf "$1" "$3" && mkdir -p "$3"
"$0" query --nvidia-mapping-header >"$1"
sed -n 's|^// hipwright-nvidia-shim: \([^ ]*\) \([A-Za-z0-9_]*\)$|\1 \2|p' "$1" |
while read -r path macro; do
  mkdir -p "$3/$(dirname "$path")"
  printf '#pragma once\n#define %s 1\n#include "%s"\n' "$macro" "$1" >"$3/$path"
done
test -s "$3/hip/hip_runtime.h"
]] $<TARGET_FILE:hipwright> "${_nvmap_header}" "${_nvmap_dir}"
           "${_nvmap_standins}")
# Only the header and the stand-ins are removed: the port steps below write
# under the same directory and may run at the same time (ctest -j).
set_tests_properties(nvidia_mapping.header PROPERTIES
  FIXTURES_SETUP nvidia_mapping_header)

set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_nvmap_known}")
file(STRINGS "${_nvmap_known}" _nvmap_xfail REGEX "^[^#]")
file(GLOB _nvmap_programs CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/test_corpus/*.cu")

# hipwright_nvidia_port(VARIANT [PORT_ARGS...]): VARIANT is "plain" or
# "fixed"; one port of test_corpus/ and one sm_90 compile per program.
function(hipwright_nvidia_port variant)
  set(out "${PROJECT_BINARY_DIR}/nvidia-mapping/hip-${variant}")
  add_test(NAME nvidia_mapping.port.${variant}
           COMMAND bash -c "rm -rf '${out}' && exec \"$0\" port '${PROJECT_SOURCE_DIR}/test_corpus' --out-root '${out}' ${ARGN}"
                   $<TARGET_FILE:hipwright>)
  set_tests_properties(nvidia_mapping.port.${variant} PROPERTIES
    FIXTURES_SETUP nvidia_mapping_${variant})
  foreach(prog IN LISTS _nvmap_programs)
    get_filename_component(name "${prog}" NAME)
    get_filename_component(stem "${prog}" NAME_WE)
    set(expect --exit 0 --match "^PASS sm_90 ")
    # Lines: <program.cu> <plain|fixed|both> <reason>
    foreach(line IN LISTS _nvmap_xfail)
      if(line MATCHES "^${name} (${variant}|both) ")
        set(expect --exit 1 --match "^FAIL sm_90 ")
      endif()
    endforeach()
    add_test(NAME nvidia_mapping.compile.${variant}.${stem}
             COMMAND bash "${PROJECT_SOURCE_DIR}/tests/compile/expect.sh"
                     ${expect} --
                     bash "${PROJECT_SOURCE_DIR}/tests/compile/hip_compile_check.sh"
                     --targets sm_90
                     --nvidia-mapping-header "${_nvmap_header}"
                     --include "${_nvmap_standins}"
                     --work "${PROJECT_BINARY_DIR}/nvidia-mapping/check"
                     "${out}/${name}")
    set_tests_properties(nvidia_mapping.compile.${variant}.${stem} PROPERTIES
      FIXTURES_REQUIRED "nvidia_mapping_header;nvidia_mapping_${variant}"
      SKIP_RETURN_CODE 77
      LABELS "compile-check;nvidia"
      ENVIRONMENT "HIPWRIGHT_NVCC=${HIPWRIGHT_NVMAP_NVCC};HIPWRIGHT=$<TARGET_FILE:hipwright>")
  endforeach()
endfunction()

hipwright_nvidia_port(plain)
hipwright_nvidia_port(fixed --fix)
