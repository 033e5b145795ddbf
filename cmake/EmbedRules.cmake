# Compiles the CUDA->HIP tables in rules/ into the binary: each rules/*.tsv
# becomes a raw string literal in a generated source file, so the tool never
# looks for data files at run time.
file(GLOB HIPWRIGHT_RULE_FILES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/rules/*.tsv")
list(SORT HIPWRIGHT_RULE_FILES)
# A ;-list would be split by the shell; pass it |-separated.
string(REPLACE ";" "|" HIPWRIGHT_RULE_FILES_ARG "${HIPWRIGHT_RULE_FILES}")
set(HIPWRIGHT_EMBEDDED_RULES_CPP "${PROJECT_BINARY_DIR}/generated/EmbeddedRules.cpp")
add_custom_command(
  OUTPUT "${HIPWRIGHT_EMBEDDED_RULES_CPP}"
  COMMAND ${CMAKE_COMMAND} "-DOUT=${HIPWRIGHT_EMBEDDED_RULES_CPP}"
          "-DFILES=${HIPWRIGHT_RULE_FILES_ARG}"
          -P "${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedRules.cmake"
  DEPENDS ${HIPWRIGHT_RULE_FILES} "${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedRules.cmake"
  COMMENT "Embedding rules/*.tsv"
  VERBATIM)
