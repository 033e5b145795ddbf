#include "sim/SimLowering.h"

#include "llvm/ADT/StringRef.h"

#include <catch2/catch.hpp>

using hipwright::sim::lowerForSimulation;

namespace {

std::string lower(llvm::StringRef Src) {
  auto Out = lowerForSimulation(Src, "t.cu");
  if (!Out) {
    std::string Msg = llvm::toString(Out.takeError());
    FAIL("lowering failed: " << Msg);
    return "";
  }
  return *Out;
}

std::string lowerError(llvm::StringRef Src) {
  auto Out = lowerForSimulation(Src, "t.cu");
  if (Out) {
    FAIL("expected an error, got: " << *Out);
    return "";
  }
  return llvm::toString(Out.takeError());
}

size_t lines(llvm::StringRef S) { return S.count('\n'); }

} // namespace

TEST_CASE("launch with grid and block", "[sim-lowering]") {
  CHECK(lower("  k<<<g, b>>>(x, n);\n") ==
        "  ::hwsim::launch(\"k\", ::hwsim::LaunchConfig(g, b), [&]() { k(x, "
        "n); });\n");
}

TEST_CASE("launch with shared bytes and stream", "[sim-lowering]") {
  CHECK(lower("k<<<g, b, 64 * sizeof(float), streams[s]>>>(p);") ==
        "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(g, b, 64 * "
        "sizeof(float), streams[s]), [&]() { k(p); });");
}

TEST_CASE("qualified and template callees", "[sim-lowering]") {
  CHECK(lower("ns::k<float, 4><<<1, 32>>>(a);") ==
        "::hwsim::launch(\"ns::k<float, 4>\", ::hwsim::LaunchConfig(1, 32), "
        "[&]() { ns::k<float, 4>(a); });");
  CHECK(lower("::k<vec<int>><<<1, 32>>>();") ==
        "::hwsim::launch(\"::k<vec<int>>\", ::hwsim::LaunchConfig(1, 32), "
        "[&]() { ::k<vec<int>>(); });");
  CHECK(lower("(ns::k<T>)<<<1, 2>>>(a);") ==
        "::hwsim::launch(\"ns::k<T>\", ::hwsim::LaunchConfig(1, 2), [&]() { "
        "(ns::k<T>)(a); });");
  CHECK(lower("A<int>::template k<2><<<1, 2>>>();") ==
        "::hwsim::launch(\"A<int>::template k<2>\", ::hwsim::LaunchConfig(1, "
        "2), [&]() { A<int>::template k<2>(); });");
}

TEST_CASE("nested brackets, strings and lambdas in config and arguments",
          "[sim-lowering]") {
  llvm::StringRef Src = "k<<<dim3((n + 1) / 2, f(a, b)), {32, 1, 1}>>>(v[i], "
                        "[&](int x) { return g(x, \">>>)\"); }, S{1, 2});";
  CHECK(lower(Src) ==
        "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(dim3((n + 1) / 2, f(a, "
        "b)), {32, 1, 1}), [&]() { k(v[i], [&](int x) { return g(x, "
        "\">>>)\"); }, S{1, 2}); });");
}

TEST_CASE("a launch inside a launch's lambda argument is lowered too",
          "[sim-lowering]") {
  CHECK(lower("run([&] { k<<<1, 1>>>(); });") ==
        "run([&] { ::hwsim::launch(\"k\", ::hwsim::LaunchConfig(1, 1), [&]() "
        "{ k(); }); });");
}

TEST_CASE("multi-line launches keep every line on its number",
          "[sim-lowering]") {
  llvm::StringRef Src = "void f() {\n"
                        "  k\n"
                        "    <<<grid,\n"
                        "       block>>>\n"
                        "    (a,\n"
                        "     b);\n"
                        "  after();\n"
                        "}\n";
  std::string Out = lower(Src);
  CHECK(lines(Out) == lines(Src));
  CHECK(Out == "void f() {\n"
               "  ::hwsim::launch(\"k\", ::hwsim::LaunchConfig(\n"
               "grid,\n"
               "       block), [&]() { k(\n"
               "a,\n"
               "     b); });\n"
               "  after();\n"
               "}\n");
}

TEST_CASE("a launch in a #define body is lowered with continuations",
          "[sim-lowering]") {
  llvm::StringRef Src = "#define LAUNCH(kern, n) \\\n"
                        "  kern<<<(n + 255) / 256, 256>>>( \\\n"
                        "      p, n)\n"
                        "#define RUN k2<<<1, 1>>>()\n"
                        "LAUNCH(k, 10);\n";
  std::string Out = lower(Src);
  CHECK(lines(Out) == lines(Src));
  CHECK(Out == "#define LAUNCH(kern, n) \\\n"
               "  ::hwsim::launch(#kern, ::hwsim::LaunchConfig((n + 255) / "
               "256, 256), [&]() { kern( \\\n"
               "      p, n); })\n"
               "#define RUN ::hwsim::launch(\"k2\", ::hwsim::LaunchConfig(1, "
               "1), [&]() { k2(); })\n"
               "LAUNCH(k, 10);\n");
}

TEST_CASE("comments, strings and other directives are untouched",
          "[sim-lowering]") {
  llvm::StringRef Src = "// k<<<1, 1>>>(); __shared__ int a;\n"
                        "/* extern __shared__ float s[]; */\n"
                        "const char *m = \"k<<<1,1>>>() __shared__\";\n"
                        "char c = '<';\n"
                        "#if defined(__shared__)\n"
                        "#endif\n"
                        "int my__shared__x, hipLaunchKernelGGLx;\n";
  CHECK(lower(Src) == Src.str());
}

TEST_CASE("__shared__ becomes per-block static thread_local",
          "[sim-lowering]") {
  CHECK(lower("__global__ void k() { __shared__ float t[32][33]; }") ==
        "__global__ void k() { static thread_local float t[32][33]; }");
  CHECK(lower("void k() { static __shared__ int n; }") ==
        "void k() { static thread_local int n; }");
  CHECK(lower("void k() { __shared__ static volatile int n; }") ==
        "void k() { thread_local static volatile int n; }");
  CHECK(lower("void k() { volatile __shared__ int a, b; }") ==
        "void k() { volatile static thread_local int a, b; }");
}

TEST_CASE("extern __shared__ at function scope", "[sim-lowering]") {
  CHECK(lower("__global__ void k() {\n"
              "  extern __shared__ __align__(16) unsigned char smem[];\n"
              "}\n") ==
        "__global__ void k() {\n"
        "  unsigned char *const smem = ::hwsim::dynamicShared<unsigned "
        "char>();\n"
        "}\n");
  CHECK(lower("template <class T> __device__ T *get() const noexcept {\n"
              "  if (1) { extern __shared__ alignas(8) volatile T s[]; }\n"
              "}\n") ==
        "template <class T> __device__ T *get() const noexcept {\n"
        "  if (1) { volatile T *const s = "
        "::hwsim::dynamicShared<volatile T>(); }\n"
        "}\n");
  CHECK(lower("auto f() -> int { extern __shared__ ns::X<int> s[]; }") ==
        "auto f() -> int { ns::X<int> *const s = "
        "::hwsim::dynamicShared<ns::X<int> >(); }");
  CHECK(lower("auto l = [] { extern __shared__ float2 s[]; };") ==
        "auto l = [] { float2 *const s = ::hwsim::dynamicShared<float2>(); };");
}

TEST_CASE("extern __shared__ at namespace scope", "[sim-lowering]") {
  CHECK(lower("extern __shared__ __align__(16) unsigned char smem[];\n") ==
        "static ::hwsim::DynamicShared<unsigned char> smem;\n");
  CHECK(lower("namespace a { struct S { int x; };\n"
              "extern \"C\" { extern __shared__ float s[]; } }") ==
        "namespace a { struct S { int x; };\n"
        "extern \"C\" { static ::hwsim::DynamicShared<float> s; } }");
  // After a function body closes, the scope is the namespace again.
  CHECK(lower("void f() { }\nextern __shared__ int s[];") ==
        "void f() { }\nstatic ::hwsim::DynamicShared<int> s;");
}

TEST_CASE("extern __shared__ in a #define body is function scope",
          "[sim-lowering]") {
  CHECK(lower("#define SMEM(T) extern __shared__ T smem[];\n") ==
        "#define SMEM(T) T *const smem = ::hwsim::dynamicShared<T>();\n");
}

TEST_CASE("extern __shared__ over several lines keeps its lines",
          "[sim-lowering]") {
  llvm::StringRef Src = "void k() {\n"
                        "  extern __shared__\n"
                        "      float s[];\n"
                        "  use(s);\n"
                        "}\n";
  std::string Out = lower(Src);
  CHECK(lines(Out) == lines(Src));
  CHECK(Out == "void k() {\n"
               "  float *const s = ::hwsim::dynamicShared<float>()\n"
               ";\n"
               "  use(s);\n"
               "}\n");
}

TEST_CASE("hipLaunchKernelGGL", "[sim-lowering]") {
  CHECK(lower("hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, x, f(y, z));") ==
        "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(dim3(g), dim3(b), 0, "
        "0), [&]() { k(x, f(y, z)); });");
  CHECK(lower("hipLaunchKernelGGL(HIP_KERNEL_NAME(k<a, b>), g, b, sh, st, "
              "p);") ==
        "::hwsim::launch(\"k<a, b>\", ::hwsim::LaunchConfig(g, b, sh, st), "
        "[&]() { k<a, b>(p); });");
  CHECK(lower("hipLaunchKernelGGL(k, g, b, 0, nullptr);") ==
        "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(g, b, 0, nullptr), "
        "[&]() { k(); });");
  llvm::StringRef Multi = "hipLaunchKernelGGL(k,\n"
                          "  g, b, 0, 0,\n"
                          "  x);\n";
  std::string Out = lower(Multi);
  CHECK(lines(Out) == lines(Multi));
  CHECK(Out == "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(\n"
               "  g, b, 0, 0), [&]() { k(\n"
               "  x); });\n");
}

TEST_CASE("kernel names are escaped string literals", "[sim-lowering]") {
  CHECK(lower("k<'\"'><<<1, 1>>>();") ==
        "::hwsim::launch(\"k<'\\\"'>\", ::hwsim::LaunchConfig(1, 1), [&]() { "
        "k<'\"'>(); });");
}

TEST_CASE("malformed launches are errors with line and column",
          "[sim-lowering]") {
  CHECK(lowerError("void f() {\n  k<<<1, 2(a);\n}\n") ==
        "t.cu:2:4: error: unterminated kernel launch: no '>>>' closes this "
        "'<<<'");
  CHECK(lowerError("k<<<1, 2>>>;") ==
        "t.cu:1:12: error: expected '(' with the kernel's arguments after "
        "'>>>'");
  CHECK(lowerError("x = <<<1, 2>>>();") ==
        "t.cu:1:5: error: cannot find the kernel this '<<<' launches");
  CHECK(lowerError("\n  k<<<1, 2>>>(a, b;\n") ==
        "t.cu:2:14: error: unterminated kernel launch: no ')' closes the "
        "kernel's arguments");
  CHECK(lowerError("hipLaunchKernelGGL(k, g, b, 0);") ==
        "t.cu:1:1: error: hipLaunchKernelGGL needs a kernel, grid, block, "
        "shared-memory size and stream");
  CHECK(lowerError("void f() {\n extern __shared__ float s[4];\n}") ==
        "t.cu:2:2: error: cannot lower this extern __shared__ declaration; "
        "expected 'extern __shared__ T name[];'");
}

TEST_CASE("directives inside a launch's arguments stay as written",
          "[sim-lowering]") {
  llvm::StringRef Src = "k<<<1, 2>>>(a,\n"
                        "#ifdef X\n"
                        "  b(1)\n"
                        "#else\n"
                        "  c(2)\n"
                        "#endif\n"
                        "  );\n";
  CHECK(lower(Src) == "::hwsim::launch(\"k\", ::hwsim::LaunchConfig(1, 2), "
                      "[&]() { k(a,\n"
                      "#ifdef X\n"
                      "  b(1)\n"
                      "#else\n"
                      "  c(2)\n"
                      "#endif\n"
                      "  ); });\n");
}

// Shapes from the CUDA samples: the type between extern and __shared__
// (threadFenceReduction), a member function of a class specialization
// (simpleTemplates' SharedMemory<T>).
TEST_CASE("extern T __shared__ and member functions of specializations",
          "[sim-lowering]") {
  CHECK(lower("__global__ void k() {\n"
              "  __shared__ bool last;\n"
              "  extern float __shared__ smem[];\n"
              "}\n") ==
        "__global__ void k() {\n"
        "  static thread_local bool last;\n"
        "  float *const smem = ::hwsim::dynamicShared<float>();\n"
        "}\n");
  CHECK(lower("template <> struct SharedMemory<int>\n"
              "{\n"
              "    __device__ int *getPointer()\n"
              "    {\n"
              "        extern __shared__ int s_int[];\n"
              "        return s_int;\n"
              "    }\n"
              "};\n") ==
        "template <> struct SharedMemory<int>\n"
        "{\n"
        "    __device__ int *getPointer()\n"
        "    {\n"
        "        int *const s_int = ::hwsim::dynamicShared<int>();\n"
        "        return s_int;\n"
        "    }\n"
        "};\n");
}

// `//****` is a line comment: lexed as `/` then `/*` it would hide the rest
// of the file from the lowering (the CUDA samples' sharedmem.cuh).
TEST_CASE("a line comment of slashes and stars hides nothing",
          "[sim-lowering]") {
  CHECK(lower("//****************\n"
              "// extern \"C\" and so on\n"
              "__global__ void k() { __shared__ int s; }\n"
              "int main() { k<<<1, 1>>>(); }\n") ==
        "//****************\n"
        "// extern \"C\" and so on\n"
        "__global__ void k() { static thread_local int s; }\n"
        "int main() { ::hwsim::launch(\"k\", ::hwsim::LaunchConfig(1, 1), "
        "[&]() { k(); }); }\n");
}

// Loops that can poll become lockstep regions for the 64-lane runs
// (hwsim/lockstep.h): a block around the statement, opened after the token
// before it, carrying the loop keyword's line and column.
TEST_CASE("each loop that can poll is wrapped in a loop region",
          "[sim-lowering]") {
  CHECK(lower("void f(int *p) {\n"
              "  while (atomicAdd(p, 0) == 0) {}\n"
              "}\n") ==
        "void f(int *p) { { ::hwsim::LoopRegion hwsim_loop_(2, 3);\n"
        "  while (atomicAdd(p, 0) == 0) {} }\n"
        "}\n");
  // Nested loops ending at one token close twice; a loop starting where
  // another ends closes that one first.
  CHECK(lower("void f(int *p) {\n"
              "  for (int i = 0; i < 2; ++i) for (;;) atomicCAS(p, 0, 1);\n"
              "  do { __nanosleep(8); } while (h());\n"
              "}\n") ==
        "void f(int *p) { { ::hwsim::LoopRegion hwsim_loop_(2, 3);\n"
        "  for (int i = 0; i < 2; ++i) { ::hwsim::LoopRegion "
        "hwsim_loop_(2, 31); for (;;) atomicCAS(p, 0, 1); } } { "
        "::hwsim::LoopRegion hwsim_loop_(3, 3);\n"
        "  do { __nanosleep(8); } while (h()); }\n"
        "}\n");
}

TEST_CASE("a loop calling a function that polls is a region, others are not",
          "[sim-lowering]") {
  // tryLock polls; spin calls it; the loop in main calls neither.
  CHECK(lower("__device__ bool tryLock(int *l) { return atomicCAS(l, 0, 1) "
              "== 0; }\n"
              "__device__ void spin(int *l) {\n"
              "  while (!tryLock(l)) {}\n"
              "}\n"
              "__device__ void lockAll(int *l, int n) {\n"
              "  for (int i = 0; i < n; ++i) spin(l + i);\n"
              "}\n"
              "int main() { for (int i = 0; i < 3; ++i) {} }\n") ==
        "__device__ bool tryLock(int *l) { return atomicCAS(l, 0, 1) "
        "== 0; }\n"
        "__device__ void spin(int *l) { { ::hwsim::LoopRegion "
        "hwsim_loop_(3, 3);\n"
        "  while (!tryLock(l)) {} }\n"
        "}\n"
        "__device__ void lockAll(int *l, int n) { { ::hwsim::LoopRegion "
        "hwsim_loop_(6, 3);\n"
        "  for (int i = 0; i < n; ++i) spin(l + i); }\n"
        "}\n"
        "int main() { for (int i = 0; i < 3; ++i) {} }\n");
}

TEST_CASE("a loop region keeps #pragma unroll next to its loop",
          "[sim-lowering]") {
  CHECK(lower("void f(int *a) {\n"
              "#pragma unroll\n"
              "  for (int i = 0; i < 4; ++i) { if (a[i] > 0) atomicOr(a, 1); "
              "else a[i] = 1; }\n"
              "}\n") ==
        "void f(int *a) { { ::hwsim::LoopRegion hwsim_loop_(3, 3);\n"
        "#pragma unroll\n"
        "  for (int i = 0; i < 4; ++i) { if (a[i] > 0) atomicOr(a, 1); "
        "else a[i] = 1; } }\n"
        "}\n");
}

TEST_CASE("loops the token walk cannot bound stay as written",
          "[sim-lowering]") {
  // An #if inside the loop: the walk would see both branches' brackets.
  std::string Split = "void f(int *p) {\n"
                      "  while (atomicAdd(p, 0))\n"
                      "#if A\n"
                      "    --*p;\n"
                      "#else\n"
                      "    *p -= 2;\n"
                      "#endif\n"
                      "}\n";
  CHECK(lower(Split) == Split);
  // Loops in #define bodies: their uses need not be statements.
  std::string Macro = "#define SPIN(x) while (atomicAdd(x, 0)) {}\n"
                      "void f(int *p) { SPIN(p); }\n";
  CHECK(lower(Macro) == Macro);
  // A label as the loop body.
  std::string Label =
      "void f(int *p) { while (atomicAdd(p, 0)) again: --*p; }\n";
  CHECK(lower(Label) == Label);
}
