# Compiles data into the binary so the tool never looks for files at run
# time: the CUDA->HIP tables rules/*.tsv and the rule docs docs/rules/*.md
# each become raw string literals in a generated source file.
function(hipwright_embed out symbol)
  set(files ${ARGN})
  list(SORT files)
  # A ;-list would be split by the shell; pass it |-separated.
  string(REPLACE ";" "|" files_arg "${files}")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} "-DOUT=${out}" "-DFILES=${files_arg}"
            "-DSYMBOL=${symbol}"
            -P "${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedRules.cmake"
    DEPENDS ${files} "${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedRules.cmake"
    COMMENT "Embedding ${symbol}"
    VERBATIM)
endfunction()

file(GLOB HIPWRIGHT_RULE_FILES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/rules/*.tsv")
file(GLOB HIPWRIGHT_RULE_DOC_FILES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/docs/rules/*.md")
# The build-file migration's tables live one level down so the API-table
# parser never sees them.
file(GLOB HIPWRIGHT_BUILD_RULE_FILES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/rules/build/*.tsv")
set(HIPWRIGHT_EMBEDDED_BUILD_RULES_CPP
    "${PROJECT_BINARY_DIR}/generated/EmbeddedBuildRules.cpp")
hipwright_embed("${HIPWRIGHT_EMBEDDED_BUILD_RULES_CPP}" kEmbeddedBuildRules
                ${HIPWRIGHT_BUILD_RULE_FILES})
# The report's library table (rules/report/libraries.tsv): data for the
# dependency inventory and the file classification, not API renames.
file(GLOB HIPWRIGHT_REPORT_RULE_FILES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/rules/report/*.tsv")
set(HIPWRIGHT_EMBEDDED_REPORT_RULES_CPP
    "${PROJECT_BINARY_DIR}/generated/EmbeddedReportRules.cpp")
hipwright_embed("${HIPWRIGHT_EMBEDDED_REPORT_RULES_CPP}" kEmbeddedReportRules
                ${HIPWRIGHT_REPORT_RULE_FILES})
set(HIPWRIGHT_EMBEDDED_RULES_CPP "${PROJECT_BINARY_DIR}/generated/EmbeddedRules.cpp")
set(HIPWRIGHT_EMBEDDED_DOCS_CPP "${PROJECT_BINARY_DIR}/generated/EmbeddedRuleDocs.cpp")
hipwright_embed("${HIPWRIGHT_EMBEDDED_RULES_CPP}" kEmbeddedRuleFiles
                ${HIPWRIGHT_RULE_FILES})
hipwright_embed("${HIPWRIGHT_EMBEDDED_DOCS_CPP}" kEmbeddedRuleDocs
                ${HIPWRIGHT_RULE_DOC_FILES})
# hipwright's own equivalents of CUDA functions ROCm lacks: the header the
# port writes next to the files that call them.
set(HIPWRIGHT_EMBEDDED_COMPAT_CPP
    "${PROJECT_BINARY_DIR}/generated/EmbeddedCompatHeaders.cpp")
hipwright_embed("${HIPWRIGHT_EMBEDDED_COMPAT_CPP}" kEmbeddedCompatHeaders
                "${PROJECT_SOURCE_DIR}/include/hipwright/compat/hipwright_cuda_compat.h")
