//===- MakeModelTest.cpp - where a Makefile's values go -------------------===//
#include "buildfiles/MakeModel.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
std::vector<std::string> names(llvm::StringRef T, bool Escaped = false) {
  std::vector<std::string> Out;
  for (const MakeReference &R : makeReferences(T, 0, T.size(), Escaped))
    Out.push_back(R.Name + (R.PassedThrough ? "(host)" : "") +
                  (R.Substitution ? "(subst" + R.SubstitutedSuffix + ")" : ""));
  return Out;
}
} // namespace

TEST_CASE("references: plain, substituted, automatic, inside functions",
          "[make-model]") {
  CHECK(names("$(CC) ${CFLAGS} $@ $<") ==
        std::vector<std::string>{"CC", "CFLAGS", "@", "<"});
  CHECK(names("$(source:.cu=.o)") ==
        std::vector<std::string>{"source(subst.o)"});
  // What -Xcompiler passes on is the host compiler's, not nvcc's.
  CHECK(names("$(addprefix -Xcompiler ,$(CCFLAGS)) $(addprefix -I,$(INC))") ==
        std::vector<std::string>{"CCFLAGS(host)", "INC"});
  CHECK(names("$(foreach sm,$(SMS),$(eval G += -gencode "
              "arch=compute_$(sm),code=sm_$(sm)))") ==
        std::vector<std::string>{"SMS", "sm", "sm"}); // G is assigned
  CHECK(names("$(call tmpl,$(X))") == std::vector<std::string>{"tmpl", "X"});
  CHECK(names("$($(ARCH)_FLAGS)") == std::vector<std::string>{"ARCH"});
  CHECK(names("$$(NVCC) $$HOME $(shell nvcc --version)").empty());
  CHECK(names("$$(NVCC) $$(FLAGS)", /*Escaped=*/true) ==
        std::vector<std::string>{"NVCC", "FLAGS"});
}

TEST_CASE("the one-template Makefile: CFLAGS and ARCH reach nvcc",
          "[make-model]") {
  MakeModel M("CC = nvcc\n"
              "ARCH = sm_60\n"
              "source = main.cu\n"
              "obj = $(source:.cu=.o)\n"
              "CFLAGS := $(EXTRA_CFLAGS) -std=c++17 -Xcompiler -Wall "
              "-arch=$(ARCH)\n"
              "ifeq ($(DEBUG),yes)\n"
              "  CFLAGS += -g -G\n"
              "endif\n"
              "main: $(obj)\n"
              "\t$(CC) $(CFLAGS) $(obj) -o $@ $(LDFLAGS)\n"
              "%.o: %.cu\n"
              "\t$(CC) $(CFLAGS) -c $< -o $@\n"
              "clean:\n"
              "\trm -rf main $(obj)\n");
  CHECK(M.CompilerVars == std::set<std::string>{"CC"});
  CHECK(M.reach("CFLAGS") == MakeReach::Nvcc);
  CHECK(M.reach("ARCH") == MakeReach::Nvcc);
  CHECK(M.reach("LDFLAGS") == MakeReach::Nvcc);
  CHECK(M.reach("obj") == MakeReach::Nvcc);
  CHECK(M.reach("DEBUG") == MakeReach::None); // a directive reads it
  CHECK(M.assignmentsOf("CFLAGS").size() == 2);
  REQUIRE(M.Commands.size() == 3);
  CHECK(M.isNvccCommand(M.Commands[0]));
  CHECK(!M.isNvccCommand(M.Commands[2]));
  // The link reads main.o (a substitution), the compile $< of %.cu.
  CHECK(!M.mayNameCuFile(M.Commands[0].Words[2].Text, M.Commands[0].Rule));
  CHECK(M.mayNameCuFile(M.Commands[1].Words[3].Text, M.Commands[1].Rule));
}

TEST_CASE("shared, host-only and passed-through variables", "[make-model]") {
  MakeModel M("HOST_COMPILER ?= g++\n"
              "NVCC := $(CUDA_PATH)/bin/nvcc -ccbin $(HOST_COMPILER)\n"
              "COMMON := -O2 -Iinc\n"
              "CXXFLAGS := -Wall\n"
              "CCFLAGS := -fno-strict-aliasing\n"
              "ALL := $(COMMON) $(addprefix -Xcompiler ,$(CCFLAGS))\n"
              "k.o: k.cu\n"
              "\t$(EXEC) $(NVCC) $(ALL) -c $< -o $@\n"
              "h.o: h.cpp\n"
              "\t$(CXX) $(COMMON) $(CXXFLAGS) -c $< -o $@\n");
  CHECK(M.CompilerVars == std::set<std::string>{"NVCC"});
  CHECK(M.reach("ALL") == MakeReach::Nvcc);
  CHECK(M.reach("COMMON") == MakeReach::Both);
  CHECK(M.reach("CXXFLAGS") == MakeReach::Host);
  // -Xcompiler's list holds host options: never nvcc flags.
  CHECK(M.reach("CCFLAGS") == MakeReach::Host);
  CHECK(M.reach("HOST_COMPILER") == MakeReach::Nvcc);
  CHECK(M.Commands[1].HostCompiler);
}

TEST_CASE("eval in foreach, target-specific values, define templates",
          "[make-model]") {
  MakeModel M("SMS ?= 70 80\n"
              "$(foreach sm,$(SMS),$(eval GENCODE += -gencode "
              "arch=compute_$(sm),code=sm_$(sm)))\n"
              "k.o: NVFLAGS += -Xptxas -v\n"
              "define rule_for\n"
              "$(1).o: $(1).cu\n"
              "\t$$(NVCC) $$(NVFLAGS) $$(GENCODE) -c $$< -o $$@\n"
              "endef\n"
              "$(foreach k,a b,$(eval $(call rule_for,$(k))))\n"
              "NVCC = nvcc\n");
  CHECK(M.CompilerVars == std::set<std::string>{"NVCC"});
  std::vector<const MakeAssignment *> G = M.assignmentsOf("GENCODE");
  REQUIRE(G.size() == 1);
  CHECK(G[0]->Eval);
  CHECK(G[0]->ForeachVar == "sm");
  CHECK(M.Text.slice(G[0]->ForeachListBegin, G[0]->ForeachListEnd) == "$(SMS)");
  // The template's recipe runs nvcc once expanded: what it reads is nvcc's.
  CHECK(M.reach("GENCODE") == MakeReach::Nvcc);
  CHECK(M.reach("NVFLAGS") == MakeReach::Nvcc);
  std::vector<const MakeAssignment *> D = M.assignmentsOf("rule_for");
  REQUIRE(D.size() == 1);
  CHECK(D[0]->Define);
  CHECK(M.assignmentsOf("NVFLAGS").size() == 1); // the target-specific one
}

TEST_CASE("mayNameCuFile follows variables, not what functions make of them",
          "[make-model]") {
  MakeModel M("SRC = main.cu util.cu\n"
              "OBJ = $(addsuffix .o,$(basename $(SRC)))\n"
              "ALL = $(wildcard *.cu)\n"
              "a: $(SRC)\n"
              "\tnvcc $^ -o $@\n"
              "b: $(OBJ)\n"
              "\tnvcc $(OBJ) -o $@\n"
              "c:\n"
              "\tnvcc $(ALL) -o $@\n");
  REQUIRE(M.Commands.size() == 3);
  CHECK(M.mayNameCuFile(M.Commands[0].Words[1].Text, M.Commands[0].Rule));
  CHECK(!M.mayNameCuFile(M.Commands[1].Words[1].Text, M.Commands[1].Rule));
  CHECK(M.mayNameCuFile(M.Commands[2].Words[1].Text, M.Commands[2].Rule));
}
