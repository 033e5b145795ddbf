//===- MakeMigratorTest.cpp - GNU Makefiles of CUDA builds, for HIP -------===//
#include "buildfiles/MakeMigrator.h"
#include "edit/EditSet.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
struct Migrated {
  std::string Text;
  std::vector<BuildNote> Notes;
  bool noteContains(llvm::StringRef S, unsigned Line) const {
    for (const BuildNote &N : Notes)
      if (llvm::StringRef(N.Message).contains(S) && N.Line == Line)
        return true;
    return false;
  }
};

Migrated migrate(llvm::StringRef Text) {
  MakeMigrationContext Ctx;
  Ctx.Architectures = {"gfx942", "gfx950"};
  Ctx.Rules = &BuildRuleTable::builtin();
  CMakeMigration M = migrateMake("Makefile", Text, Ctx);
  REQUIRE(M.Error.empty());
  return {applyEdits(Text, M.Edits), M.Notes};
}

const char *Defs = "ROCM_PATH ?= /opt/rocm\n"
                   "HIPCXX ?= $(ROCM_PATH)/llvm/bin/clang++\n";
} // namespace

TEST_CASE("nvcc becomes clang++ in HIP mode, compiles and links",
          "[make-migrate]") {
  Migrated M =
      migrate("# CUDA build\n"
              "CUDA_PATH ?= /usr/local/cuda\n"
              "NVCC := $(CUDA_PATH)/bin/nvcc\n"
              "NVCCFLAGS = -O3 -gencode arch=compute_80,code=sm_80 \\\n"
              "            -gencode arch=compute_90,code=sm_90 -rdc=true "
              "--expt-relaxed-constexpr\n"
              "LDLIBS = -L$(CUDA_PATH)/lib64 -lcudart -lcublas -lnvToolsExt\n"
              "%.o: %.cu\n"
              "\t$(NVCC) $(NVCCFLAGS) -Xcompiler -fPIC -c $< -o $@\n"
              "app: main.o k.o\n"
              "\t$(NVCC) $(NVCCFLAGS) $^ -o $@ $(LDLIBS)\n"
              "tool: tool.cu\n"
              "\tnvcc -arch=sm_80 tool.cu -o tool # one step\n");
  CHECK(M.Text ==
        std::string("# CUDA build\n") + Defs +
            "CUDA_PATH ?= /usr/local/cuda\n"
            "NVCC := $(HIPCXX)\n"
            "NVCCFLAGS = -O3 --offload-arch=gfx942 --offload-arch=gfx950 \\\n"
            "            -fgpu-rdc\n"
            "LDLIBS = -L$(ROCM_PATH)/lib -lamdhip64 -lhipblas -lnvToolsExt\n"
            "%.o: %.cu\n"
            "\t$(NVCC) -x hip $(NVCCFLAGS) -fPIC -c $< -o $@\n"
            "app: main.o k.o\n"
            "\t$(NVCC) --hip-link $(NVCCFLAGS) $^ -o $@ $(LDLIBS)\n"
            "tool: tool.cu\n"
            "\t$(HIPCXX) -x hip --offload-arch=gfx942 --offload-arch=gfx950 "
            "tool.cu -o tool # one step\n");
  CHECK(M.noteContains("CUDA_PATH is no longer used", 2));
  CHECK(M.noteContains("'--expt-relaxed-constexpr' dropped", 5));
  CHECK(M.noteContains("-lnvToolsExt left as written: ROCm's markers", 6));
  // Porting the result again changes nothing.
  CHECK(migrate(M.Text).Text == M.Text);
}

TEST_CASE("Makefiles without nvcc are left alone", "[make-migrate]") {
  llvm::StringRef In = "CXX = g++\nall: a\n\t$(CXX) a.cpp -o a # -lcudart\n";
  Migrated M = migrate(In);
  CHECK(M.Text == In);
  CHECK(M.Notes.empty());
}

TEST_CASE("an nvcc device-link step is reported", "[make-migrate]") {
  Migrated M = migrate("dlink.o: a.o\n\tnvcc -dlink a.o -o dlink.o\n");
  CHECK(M.Text == std::string(Defs) +
                      "dlink.o: a.o\n\t$(HIPCXX) -dlink a.o -o dlink.o\n");
  CHECK(M.noteContains("device-link step (-dlink)", 2));
}

TEST_CASE("flags are nvcc's by where they go, not by their variable's name",
          "[make-migrate]") {
  Migrated M = migrate("CC = nvcc\n"
                       "ARCH = sm_60\n"
                       "CFLAGS := -std=c++17 -Xcompiler -Wall -arch=$(ARCH)\n"
                       "ifeq ($(DEBUG),yes)\n"
                       "  CFLAGS += -g -G\n"
                       "endif\n"
                       "main: main.o\n"
                       "\t$(CC) $(CFLAGS) main.o -o $@\n"
                       "%.o: %.cu\n"
                       "\t$(CC) $(CFLAGS) -c $< -o $@\n");
  CHECK(M.Text == std::string(Defs) +
                      "CC = $(HIPCXX)\n"
                      "ARCH = sm_60\n"
                      "CFLAGS := -std=c++17 -Wall --offload-arch=gfx942 "
                      "--offload-arch=gfx950\n"
                      "ifeq ($(DEBUG),yes)\n"
                      "  CFLAGS += -g\n"
                      "endif\n"
                      "main: main.o\n"
                      "\t$(CC) --hip-link $(CFLAGS) main.o -o $@\n"
                      "%.o: %.cu\n"
                      "\t$(CC) -x hip $(CFLAGS) -c $< -o $@\n");
  CHECK(M.noteContains("ARCH (sm_60) names NVIDIA architectures", 2));
  CHECK(M.noteContains("'-G' dropped", 5));
  CHECK(migrate(M.Text).Text == M.Text);
}

TEST_CASE("a variable g++ also reads keeps nvcc's flags out",
          "[make-migrate]") {
  Migrated M = migrate("COMMON := -O2\n"
                       "ifeq ($(DEBUG),1)\n"
                       "  COMMON += -g -lineinfo\n"
                       "endif\n"
                       "k.o: k.cu\n"
                       "\tnvcc $(COMMON) -c $< -o $@\n"
                       "h.o: h.cpp\n"
                       "\tg++ $(COMMON) -c $< -o $@\n");
  CHECK(M.Text == std::string(Defs) +
                      "COMMON := -O2\n"
                      "ifeq ($(DEBUG),1)\n"
                      "  COMMON += -g\n"
                      "  COMMON_HIP += -gline-tables-only\n"
                      "endif\n"
                      "k.o: k.cu\n"
                      "\t$(HIPCXX) -x hip $(COMMON) $(COMMON_HIP) -c $< -o $@\n"
                      "h.o: h.cpp\n"
                      "\tg++ $(COMMON) -c $< -o $@\n");
  CHECK(M.noteContains("which a host compiler also reads", 3));
}

TEST_CASE("old cuda-samples: -ccbin, addprefix -Xcompiler, SMS in foreach",
          "[make-migrate]") {
  Migrated M = migrate(
      "NVCC := $(CUDA_PATH)/bin/nvcc -ccbin $(HOST_COMPILER)\n"
      "ALL_CCFLAGS := -m64 $(addprefix -Xcompiler ,$(CCFLAGS))\n"
      "ALL_LDFLAGS := $(ALL_CCFLAGS) $(addprefix -Xlinker ,$(LDFLAGS))\n"
      "SMS ?= 80 90\n"
      "$(foreach sm,$(SMS),$(eval GENCODE_FLAGS += -gencode "
      "arch=compute_$(sm),code=sm_$(sm)))\n"
      "a.o: a.cu\n"
      "\t$(EXEC) $(NVCC) $(ALL_CCFLAGS) $(GENCODE_FLAGS) -o $@ -c $<\n"
      "a: a.o\n"
      "\t$(EXEC) $(NVCC) $(ALL_LDFLAGS) $(GENCODE_FLAGS) -o $@ $+\n");
  CHECK(M.Text ==
        std::string(Defs) +
            "NVCC := $(HIPCXX)\n"
            "ALL_CCFLAGS := -m64 $(CCFLAGS)\n"
            "ALL_LDFLAGS := $(ALL_CCFLAGS) $(addprefix -Xlinker ,$(LDFLAGS))\n"
            "SMS ?= 80 90\n"
            "$(foreach sm,$(SMS),$(eval GENCODE_FLAGS += "
            "--offload-arch=gfx942 --offload-arch=gfx950))\n"
            "a.o: a.cu\n"
            "\t$(EXEC) $(NVCC) -x hip $(ALL_CCFLAGS) $(GENCODE_FLAGS) -o $@ "
            "-c $<\n"
            "a: a.o\n"
            "\t$(EXEC) $(NVCC) --hip-link $(ALL_LDFLAGS) $(GENCODE_FLAGS) -o "
            "$@ $+\n");
  CHECK(M.noteContains("SMS (80 90) names NVIDIA architectures", 4));
  CHECK(M.noteContains("'-ccbin $(HOST_COMPILER)' dropped", 1));
}

TEST_CASE("CUDA's static helper library is taken out of a link",
          "[make-migrate]") {
  Migrated M = migrate("app: app.cu\n"
                       "\tnvcc -o app app.cu -lcufft_static -lculibos -lm\n");
  CHECK(M.Text.find("-lculibos") == std::string::npos);
  CHECK(M.Text.find(" -lm") != std::string::npos);
  CHECK(M.Text.find("nvcc") == std::string::npos);
}
