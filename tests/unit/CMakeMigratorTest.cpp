//===- CMakeMigratorTest.cpp - CMake files of CUDA builds, for HIP --------===//
#include "buildfiles/CMakeMigrator.h"
#include "edit/EditSet.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
struct Migrated {
  std::string Text;
  std::vector<BuildNote> Notes;
  std::string Error;
  bool noteContains(llvm::StringRef S, unsigned Line = 0) const {
    for (const BuildNote &N : Notes)
      if (llvm::StringRef(N.Message).contains(S) && (!Line || N.Line == Line))
        return true;
    return false;
  }
};

/// Migrates \p Text alone (its own packages), as `port` does for a tree of
/// one CMake file.
Migrated migrate(llvm::StringRef Text,
                 std::vector<std::string> Archs = {"gfx942", "gfx950"}) {
  const BuildRuleTable &Rules = BuildRuleTable::builtin();
  std::set<std::string> Needed, Found;
  collectCMakePackages(Text, Rules, Needed, Found);
  CMakeMigrationContext Ctx;
  Ctx.Rules = &Rules;
  Ctx.Architectures = std::move(Archs);
  for (const std::string &P : Needed)
    if (!Found.count(P))
      Ctx.Packages.insert(P);
  CMakeMigration M = migrateCMake("CMakeLists.txt", Text, Ctx);
  Migrated Out;
  Out.Error = M.Error;
  Out.Notes = M.Notes;
  Out.Text = applyEdits(Text, M.Edits);
  return Out;
}

/// Migrating the output again must change nothing.
void requireIdempotent(const std::string &Once) {
  Migrated Twice = migrate(Once);
  REQUIRE(Twice.Text == Once);
}
} // namespace

TEST_CASE("languages become HIP and CMake 3.21 is required",
          "[cmake-migrate]") {
  Migrated M = migrate("cmake_minimum_required(VERSION 3.18...3.28)\n"
                       "project(p LANGUAGES CXX CUDA)\n"
                       "enable_language(CUDA)\n"
                       "check_language(CUDA)\n"
                       "set_source_files_properties(k.cpp PROPERTIES "
                       "LANGUAGE CUDA)\n");
  CHECK(M.Text == "cmake_minimum_required(VERSION 3.21...3.28)\n"
                  "project(p LANGUAGES CXX HIP)\n"
                  "enable_language(HIP)\n"
                  "check_language(HIP)\n"
                  "set_source_files_properties(k.cpp PROPERTIES "
                  "LANGUAGE HIP)\n");
  CHECK(M.noteContains("raised from 3.18 to 3.21", 1));
  requireIdempotent(M.Text);
  // A project named CUDA is not a language.
  CHECK(migrate("project(CUDA CXX)\n").Text == "project(CUDA CXX)\n");
  // A newer minimum stays.
  CHECK(
      migrate("cmake_minimum_required(VERSION 3.25)\nproject(p CUDA)\n").Text ==
      "cmake_minimum_required(VERSION 3.25)\nproject(p HIP)\n");
}

TEST_CASE("find_package(CUDAToolkit) finds hip and the libraries the "
          "tree links",
          "[cmake-migrate]") {
  Migrated M = migrate("find_package(CUDAToolkit 11.0 REQUIRED)\n"
                       "target_link_libraries(a CUDA::cublas CUDA::curand "
                       "CUDA::cudart)\n");
  CHECK(M.Text == "find_package(hip REQUIRED)\n"
                  "find_package(hipblas REQUIRED)\n"
                  "find_package(hiprand REQUIRED)\n"
                  "target_link_libraries(a roc::hipblas hip::hiprand "
                  "hip::host)\n");
  requireIdempotent(M.Text);
  // FindCUDA's module, QUIET kept; a package found already is not added.
  CHECK(migrate("if(1)\n  find_package(CUDA QUIET)\nendif()\n"
                "find_package(hipblas)\nlink_libraries(CUDA::cublas)\n")
            .Text == "if(1)\n  find_package(hip QUIET)\nendif()\n"
                     "find_package(hipblas)\nlink_libraries(roc::hipblas)\n");
}

TEST_CASE("imported targets come from rules/build/cmake.tsv",
          "[cmake-migrate]") {
  Migrated M = migrate("target_link_libraries(a PRIVATE CCCL::CCCL "
                       "Threads::Threads \"CUDA::cufft\" CUDA::nvml "
                       "CUDA::notAThing)\n");
  // A linked target with no ROCm counterpart must not stop the generate
  // step of the whole tree: it links only where CMake has it.
  CHECK(M.Text == "target_link_libraries(a PRIVATE hip::hipcub;roc::rocthrust "
                  "Threads::Threads \"hip::hipfft\" "
                  "$<TARGET_NAME_IF_EXISTS:CUDA::nvml> "
                  "$<TARGET_NAME_IF_EXISTS:CUDA::notAThing>)\n");
  CHECK(M.noteContains("CUDA::nvml left out of the link when CMake has no "
                       "such target ($<TARGET_NAME_IF_EXISTS:...>): device "
                       "management",
                       1));
  CHECK(M.noteContains("CUDA::notAThing left out of the link when CMake has "
                       "no such target ($<TARGET_NAME_IF_EXISTS:...>): no HIP "
                       "target",
                       1));
  // Elsewhere (a variable) the name stays as written.
  Migrated V = migrate("set(LIBS CUDA::nvml)\n");
  CHECK(V.Text == "set(LIBS CUDA::nvml)\n");
  CHECK(V.noteContains("CUDA::nvml left as written: device management", 1));
}

TEST_CASE("architectures become the AMD targets", "[cmake-migrate]") {
  Migrated M =
      migrate("set(CMAKE_CUDA_ARCHITECTURES 80 86 CACHE STRING \"archs\")\n"
              "set_target_properties(a PROPERTIES CUDA_ARCHITECTURES \"80;90\" "
              "CUDA_STANDARD 17)\n"
              "set_property(TARGET b PROPERTY CUDA_ARCHITECTURES ${ARCHS})\n"
              "if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)\nendif()\n",
              {"gfx90a"});
  CHECK(M.Text ==
        "set(CMAKE_HIP_ARCHITECTURES gfx90a CACHE STRING \"archs\")\n"
        "set_target_properties(a PROPERTIES HIP_ARCHITECTURES \"gfx90a\" "
        "HIP_STANDARD 17)\n"
        "set_property(TARGET b PROPERTY HIP_ARCHITECTURES gfx90a)\n"
        "if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)\nendif()\n");
  CHECK(M.noteContains("CUDA architectures from ${ARCHS} replaced", 3));
  requireIdempotent(migrate(M.Text).Text);
}

TEST_CASE("CUDA variables, library variables and generator expressions",
          "[cmake-migrate]") {
  Migrated M = migrate(
      "string(APPEND CMAKE_CUDA_FLAGS_RELEASE \" -O3\")\n"
      "message(STATUS \"${CMAKE_CUDA_COMPILER} for CUDA\")\n"
      "target_link_libraries(a ${CUDA_LIBRARIES} ${CUDA_CUBLAS_LIBRARIES})\n"
      "target_compile_definitions(a PRIVATE "
      "$<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:NV=1> "
      "$<$<COMPILE_LANGUAGE:CXX,CUDA>:BOTH=1>)\n"
      "set(CMAKE_CUDA_HOST_COMPILER g++)\n"
      "find_program(NVCC nvcc)\n");
  CHECK(M.Text == "string(APPEND CMAKE_HIP_FLAGS_RELEASE \" -O3\")\n"
                  "message(STATUS \"${CMAKE_HIP_COMPILER} for CUDA\")\n"
                  "target_link_libraries(a hip::host roc::hipblas)\n"
                  "target_compile_definitions(a PRIVATE "
                  "$<$<COMPILE_LANG_AND_ID:HIP,Clang>:NV=1> "
                  "$<$<COMPILE_LANGUAGE:CXX,HIP>:BOTH=1>)\n"
                  "set(CMAKE_CUDA_HOST_COMPILER g++)\n"
                  "find_program(NVCC nvcc)\n");
  CHECK(M.noteContains("CMAKE_CUDA_HOST_COMPILER left as written: clang "
                       "compiles both sides",
                       5));
  CHECK(M.noteContains("nvcc left as written", 6));
  CHECK_FALSE(M.noteContains("CUDA left as written", 2)); // message text
  requireIdempotent(M.Text);
}

TEST_CASE("separable compilation becomes -fgpu-rdc", "[cmake-migrate]") {
  Migrated M = migrate(
      "set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)\n"
      "  set_target_properties(a b PROPERTIES CUDA_SEPARABLE_COMPILATION "
      "TRUE)\n"
      "set_target_properties(c PROPERTIES\n"
      "  CUDA_SEPARABLE_COMPILATION ON\n"
      "  POSITION_INDEPENDENT_CODE ON) # pic\n"
      "set_property(TARGET d PROPERTY CUDA_SEPARABLE_COMPILATION ON)\n"
      "set_target_properties(e PROPERTIES CUDA_SEPARABLE_COMPILATION OFF)\n");
  const char *Rdc = "PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n";
  const char *Link =
      "PUBLIC \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n";
  std::string Want =
      std::string("add_compile_options($<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
                  "add_link_options(\"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;"
                  "--hip-link>\")\n") +
      "  target_compile_options(a " + Rdc + "  target_link_options(a " + Link +
      "  target_compile_options(b " + Rdc + "  target_link_options(b " + Link +
      "set_target_properties(c PROPERTIES\n"
      "  POSITION_INDEPENDENT_CODE ON) # pic\n"
      "target_compile_options(c " +
      Rdc + "target_link_options(c " + Link + "target_compile_options(d " +
      Rdc + "target_link_options(d " + Link +
      "set_target_properties(e PROPERTIES CUDA_SEPARABLE_COMPILATION OFF)\n";
  CHECK(M.Text == Want);
  CHECK(M.noteContains("CUDA_SEPARABLE_COMPILATION OFF left as written", 7));
  requireIdempotent(M.Text);
}

TEST_CASE("nvcc flags are translated or dropped with a note",
          "[cmake-migrate]") {
  Migrated M = migrate(
      "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -gencode "
      "arch=compute_80,code=sm_80 -Xcompiler -fopenmp,-Wall -O3\")\n"
      "target_compile_options(a PRIVATE\n"
      "  $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr;-lineinfo>\n"
      "  --default-stream per-thread\n"
      "  -maxrregcount=64\n"
      "  -rdc=true -O2)\n"
      "target_compile_options(b PRIVATE \"--use_fast_math\")\n");
  CHECK(M.Text ==
        "set(CMAKE_HIP_FLAGS \"${CMAKE_HIP_FLAGS} -fopenmp -Wall -O3\")\n"
        "target_compile_options(a PRIVATE\n"
        "  $<$<COMPILE_LANGUAGE:HIP>:-gline-tables-only>\n"
        "  -fgpu-default-stream=per-thread\n"
        "  -fgpu-rdc -O2)\n"
        "target_compile_options(b PRIVATE "
        "\"-fgpu-flush-denormals-to-zero;-fno-hip-fp32-correctly-rounded-"
        "divide-sqrt;-ffp-contract=fast\")\n");
  CHECK(M.noteContains("'-gencode arch=compute_80,code=sm_80' dropped: "
                       "architectures come from HIP_ARCHITECTURES",
                       1));
  CHECK(M.noteContains("'--expt-relaxed-constexpr' dropped", 3));
  CHECK(M.noteContains("'-maxrregcount=64' dropped", 5));
  CHECK(M.noteContains("'--use_fast_math' became", 7));
  requireIdempotent(M.Text);
}

TEST_CASE(".cu sources are compiled as HIP", "[cmake-migrate]") {
  Migrated M = migrate("set(SRC a.cu \"b.cu\" c.cpp)  # sources\n"
                       "\tadd_executable(app main.cu ${SRC})\n"
                       "file(GLOB KERNELS CONFIGURE_DEPENDS *.cu)\n"
                       "file(GLOB_RECURSE MIXED *.cu *.cpp)\n"
                       "target_sources(app PRIVATE done.cu)\n"
                       "set_source_files_properties(done.cu PROPERTIES "
                       "LANGUAGE HIP)\n");
  CHECK(M.Text ==
        "set(SRC a.cu \"b.cu\" c.cpp)  # sources\n"
        "set_source_files_properties(a.cu \"b.cu\" PROPERTIES LANGUAGE HIP)\n"
        "\tadd_executable(app main.cu ${SRC})\n"
        "\tset_source_files_properties(main.cu PROPERTIES LANGUAGE HIP)\n"
        "file(GLOB KERNELS CONFIGURE_DEPENDS *.cu)\n"
        "set_source_files_properties(${KERNELS} PROPERTIES LANGUAGE HIP)\n"
        "file(GLOB_RECURSE MIXED *.cu *.cpp)\n"
        "target_sources(app PRIVATE done.cu)\n"
        "set_source_files_properties(done.cu PROPERTIES LANGUAGE HIP)\n");
  CHECK(M.noteContains("the glob MIXED mixes .cu files", 4));
  requireIdempotent(M.Text);
}

TEST_CASE("FindCUDA commands", "[cmake-migrate]") {
  Migrated M = migrate("cuda_add_executable(app main.cu)\n"
                       "cuda_add_library(lib k.cu OPTIONS -arch=sm_80)\n"
                       "cuda_include_directories(inc)\n"
                       "cuda_add_cublas_to_target(app)\n");
  CHECK(M.Text == "add_executable(app main.cu)\n"
                  "set_source_files_properties(main.cu PROPERTIES LANGUAGE "
                  "HIP)\n"
                  "cuda_add_library(lib k.cu OPTIONS -arch=sm_80)\n"
                  "set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)\n"
                  "include_directories(inc)\n"
                  "cuda_add_cublas_to_target(app)\n");
  CHECK(
      M.noteContains("cuda_add_library left as written: move its OPTIONS", 2));
  CHECK(M.noteContains("cuda_add_cublas_to_target left as written: link "
                       "roc::hipblas",
                       4));
}

TEST_CASE("comments, bracket arguments and CRLF survive", "[cmake-migrate]") {
  llvm::StringRef In =
      "# links CUDA::cublas and enable_language(CUDA)\r\n"
      "add_library(k k.cu) # CUDA::cudart in a comment\r\n"
      "set(DOC [[CUDA::cudart CMAKE_CUDA_FLAGS]])\r\n"
      "target_link_libraries(k CUDA::cudart #[[ CUDA::cublas ]])\r\n";
  Migrated M = migrate(In);
  CHECK(M.Text ==
        "# links CUDA::cublas and enable_language(CUDA)\r\n"
        "add_library(k k.cu) # CUDA::cudart in a comment\r\n"
        "set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)\r\n"
        "set(DOC [[CUDA::cudart CMAKE_CUDA_FLAGS]])\r\n"
        "target_link_libraries(k hip::host #[[ CUDA::cublas ]])\r\n");
  requireIdempotent(M.Text);
}

TEST_CASE("a file CMake cannot read is left alone with its error",
          "[cmake-migrate]") {
  Migrated M = migrate("project(p CUDA)\nset(A \"unterminated)\n");
  CHECK(M.Error == "CMakeLists.txt:2: error: unterminated quoted argument");
  CHECK(M.Text == "project(p CUDA)\nset(A \"unterminated)\n");
}

TEST_CASE("flags split over quoted arguments and compiler ids",
          "[cmake-migrate]") {
  Migrated M = migrate("target_compile_options(a PRIVATE \"-Xcompiler\" "
                       "\"-fPIC\")\n"
                       "target_compile_definitions(a PRIVATE "
                       "$<$<COMPILE_LANG_AND_ID:CXX,NVIDIA>:NVHPC=1>)\n");
  CHECK(M.Text == "target_compile_options(a PRIVATE \"-fPIC\")\n"
                  "target_compile_definitions(a PRIVATE "
                  "$<$<COMPILE_LANG_AND_ID:CXX,NVIDIA>:NVHPC=1>)\n");
  requireIdempotent(M.Text);
}

TEST_CASE("find_library of a CUDA library: ROCm's, or linked only when found",
          "[cmake-migrate]") {
  Migrated M = migrate("find_library(BLAS_LIB NAMES cublas PATHS /x)\n"
                       "find_library(JIT_LIB NAME nvJitLink PATHS /x)\n"
                       "target_link_libraries(app PRIVATE ${BLAS_LIB} "
                       "${JIT_LIB})\n");
  CHECK(M.Text == "find_library(BLAS_LIB NAMES hipblas PATHS /x)\n"
                  "find_library(JIT_LIB NAME nvJitLink PATHS /x)\n"
                  "target_link_libraries(app PRIVATE ${BLAS_LIB} "
                  "$<$<BOOL:${JIT_LIB}>:${JIT_LIB}>)\n");
  CHECK(M.noteContains("nvJitLink has no ROCm library", 2));
  CHECK(M.noteContains("${JIT_LIB} is linked only when found", 3));
}

TEST_CASE("C++ sources beside .cu files get hip::host", "[cmake-migrate]") {
  Migrated M = migrate("add_executable(sortit sort.cu main.cpp)\n"
                       "add_executable(linked k.cu host.cpp)\n"
                       "target_link_libraries(linked CUDA::cudart)\n"
                       "add_executable(pure k2.cu)\n");
  CHECK(M.Text ==
        "add_executable(sortit sort.cu main.cpp)\n"
        "set_property(TARGET sortit APPEND PROPERTY LINK_LIBRARIES "
        "$<TARGET_NAME_IF_EXISTS:hip::host>)\n"
        "set_source_files_properties(sort.cu PROPERTIES LANGUAGE HIP)\n"
        "add_executable(linked k.cu host.cpp)\n"
        "set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)\n"
        "target_link_libraries(linked hip::host)\n"
        "add_executable(pure k2.cu)\n"
        "set_source_files_properties(k2.cu PROPERTIES LANGUAGE HIP)\n");
  CHECK(M.noteContains("sortit compiles C++ sources beside its .cu files", 1));
}

TEST_CASE("custom commands that run nvcc run the HIP compiler",
          "[cmake-migrate]") {
  Migrated M = migrate(
      "project(p LANGUAGES CXX CUDA)\n"
      "set(GENCODE \"\")\n"
      "foreach(a 80 90)\n"
      "  list(APPEND GENCODE \"-gencode=arch=compute_${a},code=sm_${a}\")\n"
      "endforeach()\n"
      "set(KFLAGS -Xcompiler -fPIC -lineinfo)\n"
      "add_custom_command(OUTPUT k.fatbin\n"
      "  COMMAND ${CMAKE_CUDA_COMPILER} ${KFLAGS} ${GENCODE} -o k.fatbin "
      "-fatbin k.cu\n"
      "  COMMAND ${CMAKE_COMMAND} -E echo -fatbin\n"
      "  DEPENDS k.cu COMMENT \"nvcc builds k.fatbin\")\n"
      "add_custom_target(ptx ALL COMMAND nvcc -ptx -arch=sm_80 -o k.ptx k.cu)\n"
      "add_custom_command(OUTPUT other COMMAND my_tool -fatbin in)\n");
  const char *Prologue =
      "# CMake's HIP flags and AMD targets, for the HIP compile of the "
      "custom command below\n"
      "separate_arguments(hipwright_hip_flags NATIVE_COMMAND "
      "\"${CMAKE_HIP_FLAGS}\")\n"
      "list(TRANSFORM CMAKE_HIP_ARCHITECTURES PREPEND \"--offload-arch=\" "
      "OUTPUT_VARIABLE hipwright_offload_archs)\n";
  const char *Hip = "${CMAKE_HIP_COMPILER} -x hip "
                    "--rocm-path=${CMAKE_HIP_COMPILER_ROCM_ROOT} "
                    "${hipwright_hip_flags} ${hipwright_offload_archs}";
  CHECK(M.Text ==
        "project(p LANGUAGES CXX HIP)\n"
        "set(GENCODE \"\")\n"
        "foreach(a 80 90)\n"
        "  list(APPEND GENCODE \"-gencode=arch=compute_${a},code=sm_${a}\")\n"
        "endforeach()\n"
        "set(KFLAGS -fPIC -gline-tables-only)\n" +
            std::string(Prologue) +
            "add_custom_command(OUTPUT k.fatbin\n"
            "  COMMAND " +
            Hip +
            " ${KFLAGS} -o k.fatbin "
            "--cuda-device-only k.cu\n"
            "  COMMAND ${CMAKE_COMMAND} -E echo -fatbin\n"
            "  DEPENDS k.cu COMMENT \"nvcc builds k.fatbin\")\n" +
            Prologue + "add_custom_target(ptx ALL COMMAND " + Hip +
            " --cuda-device-only -o k.ptx k.cu)\n"
            "add_custom_command(OUTPUT other COMMAND my_tool -fatbin in)\n");
  CHECK(M.noteContains("GENCODE holds nvcc architecture flags only", 8));
  CHECK(M.noteContains("a custom command ran nvcc (nvcc)", 11));
  CHECK(!M.noteContains("nvcc left as written"));
  for (const BuildNote &N : M.Notes)
    CHECK(N.Kind != BuildNoteKind::NvccLeft);
  requireIdempotent(M.Text);

  // A comment inside the command: nothing spans it, the command is counted
  // as one that still runs nvcc.
  Migrated C = migrate("add_custom_command(OUTPUT k.fatbin # the module\n"
                       "  COMMAND nvcc -fatbin -o k.fatbin k.cu)\n");
  CHECK(C.Text.find("COMMAND nvcc -fatbin") != std::string::npos);
  bool Left = false;
  for (const BuildNote &N : C.Notes)
    Left |= N.Kind == BuildNoteKind::NvccLeft && N.Line == 2;
  CHECK(Left);
}

TEST_CASE("link items: plain CUDA library names, culibos, cuSOLVER's "
          "dependencies",
          "[cmake-migrate]") {
  Migrated M = migrate("find_package(CUDAToolkit REQUIRED)\n"
                       "target_link_libraries(a PRIVATE\n"
                       "    CUDA::cufft_static\n"
                       "    culibos\n"
                       "    m)\n"
                       "target_link_libraries(b PRIVATE cublas CUDA::culibos)\n"
                       "target_link_libraries(c PRIVATE CUDA::cusolver)\n");
  CHECK(M.Text == "find_package(hip REQUIRED)\n"
                  "find_package(hipblas REQUIRED)\n"
                  "find_package(hipfft REQUIRED)\n"
                  "find_package(hipsparse REQUIRED)\n"
                  "find_package(hipsolver REQUIRED)\n"
                  "target_link_libraries(a PRIVATE\n"
                  "    hip::hipfft\n"
                  "    m)\n"
                  "target_link_libraries(b PRIVATE roc::hipblas)\n"
                  "target_link_libraries(c PRIVATE "
                  "roc::hipsolver;roc::hipblas;roc::hipsparse)\n");
  CHECK(M.noteContains("culibos taken out of the link", 4));
  CHECK(M.noteContains("CUDA::culibos taken out of the link", 6));
  requireIdempotent(M.Text);
}
