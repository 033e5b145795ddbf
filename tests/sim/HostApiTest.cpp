//===- HostApiTest.cpp - the simulated cuda*/hip* host API ----------------===//
#include "hwsim/hwsim.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

__constant__ float c_table[4];
__device__ int d_counter;

TEST_CASE("host api: one device whose warpSize is the run's wave width") {
  int count = 0;
  REQUIRE(cudaGetDeviceCount(&count) == cudaSuccess);
  CHECK(count == 1);
  REQUIRE(hipGetDeviceCount(&count) == hipSuccess);
  CHECK(count == 1);
  CHECK(cudaSetDevice(0) == cudaSuccess);
  CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  for (int width : {32, 64}) {
    hwsim::setWaveWidth(width);
    cudaDeviceProp prop;
    REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
    CHECK(prop.warpSize == width);
    CHECK(prop.totalGlobalMem == (size_t(16) << 30));
    CHECK(prop.maxThreadsPerBlock == 1024);
    CHECK(prop.multiProcessorCount >= 1);
    CHECK(std::string(prop.name).find("wave" + std::to_string(width)) !=
          std::string::npos);
    hipDeviceProp_t hprop;
    REQUIRE(hipGetDeviceProperties(&hprop, 0) == hipSuccess);
    CHECK(hprop.warpSize == width);
    CHECK(std::string(hprop.gcnArchName) ==
          (width == 64 ? "gfx942" : "gfx1100"));
    int attr = 0;
    REQUIRE(cudaDeviceGetAttribute(&attr, cudaDevAttrWarpSize, 0) ==
            cudaSuccess);
    CHECK(attr == width);
    REQUIRE(hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0) ==
            hipSuccess);
    CHECK(attr == width);
  }
  hwsim::setWaveWidth(32);
  int v = 0;
  CHECK(cudaRuntimeGetVersion(&v) == cudaSuccess);
  CHECK(v == CUDART_VERSION);
  CHECK(hipRuntimeGetVersion(&v) == hipSuccess);
  CHECK(v == HIP_VERSION);
}

TEST_CASE("host api: malloc, copy, set and free round-trip") {
  std::vector<int> host(1000), back(1000, -1);
  for (int i = 0; i < 1000; ++i)
    host[i] = i * 3;
  int *dev = nullptr;
  REQUIRE(cudaMalloc(&dev, host.size() * sizeof(int)) == cudaSuccess);
  CHECK(reinterpret_cast<uintptr_t>(dev) % 256 == 0);
  REQUIRE(cudaMemcpy(dev, host.data(), 4000, cudaMemcpyHostToDevice) ==
          cudaSuccess);
  REQUIRE(cudaMemcpy(back.data(), dev, 4000, cudaMemcpyDeviceToHost) ==
          cudaSuccess);
  CHECK(back == host);
  REQUIRE(hipMemset(dev, 0, 4000) == hipSuccess);
  REQUIRE(hipMemcpy(back.data(), dev, 4000, hipMemcpyDeviceToHost) ==
          hipSuccess);
  CHECK(back == std::vector<int>(1000, 0));
  REQUIRE(hipMemsetD32(dev, 0x01020304, 1000) == hipSuccess);
  CHECK(dev[999] == 0x01020304);
  CHECK(cudaFree(dev) == cudaSuccess);
  CHECK(cudaFree(nullptr) == cudaSuccess);
}

TEST_CASE("host api: an impossible allocation fails and the runtime stays "
          "usable") {
  (void)cudaGetLastError();
  void *huge = reinterpret_cast<void *>(1);
  CHECK(cudaMalloc(&huge, size_t(1) << 60) == cudaErrorMemoryAllocation);
  CHECK(huge == nullptr);
  // One slot for both spellings: HIP sees the CUDA call's error.
  CHECK(hipPeekAtLastError() == hipErrorOutOfMemory);
  CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
  CHECK(cudaGetLastError() == cudaSuccess); // cleared by the read
  CHECK(hipMalloc(&huge, (size_t(16) << 30) + 1) == hipErrorOutOfMemory);
  CHECK(static_cast<int>(hipErrorOutOfMemory) == 2);
  CHECK(hipGetLastError() == hipErrorOutOfMemory);

  size_t freeBefore = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&freeBefore, &total) == cudaSuccess);
  CHECK(total == (size_t(16) << 30));
  void *p = nullptr;
  REQUIRE(cudaMalloc(&p, 1000) == cudaSuccess);
  size_t freeAfter = 0;
  REQUIRE(hipMemGetInfo(&freeAfter, &total) == hipSuccess);
  CHECK(freeBefore - freeAfter == 1024); // rounded to 256 bytes
  CHECK(cudaFree(p) == cudaSuccess);
  REQUIRE(cudaMemGetInfo(&freeAfter, &total) == cudaSuccess);
  CHECK(freeAfter == freeBefore);
}

TEST_CASE("host api: bad frees and copies are errors, not crashes") {
  (void)cudaGetLastError();
  int local = 0;
  CHECK(cudaFree(&local) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  char *dev = nullptr;
  REQUIRE(cudaMalloc(&dev, 64) == cudaSuccess);
  CHECK(cudaFree(dev + 8) == cudaErrorInvalidValue); // not a base address
  CHECK(cudaFreeHost(dev) == cudaErrorInvalidValue); // wrong kind
  char buf[128] = {};
  CHECK(cudaMemcpy(dev, buf, 128, cudaMemcpyHostToDevice) ==
        cudaErrorInvalidValue); // past the end of the allocation
  CHECK(cudaMemcpy(dev + 32, buf, 32, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy(dev, buf, 8, static_cast<cudaMemcpyKind>(7)) ==
        cudaErrorInvalidMemcpyDirection);
  CHECK(cudaMemset(dev + 60, 0, 8) == cudaErrorInvalidValue);
  CHECK(cudaFree(dev) == cudaSuccess);
  CHECK(cudaFree(dev) == cudaErrorInvalidValue); // double free
  CHECK(hipFree(&local) == hipErrorInvalidValue);
}

TEST_CASE("host api: pinned, managed and pitched memory") {
  float *pinned = nullptr, *managed = nullptr;
  REQUIRE(cudaMallocHost(&pinned, 256 * sizeof(float)) == cudaSuccess);
  REQUIRE(cudaMallocManaged(&managed, 256 * sizeof(float)) == cudaSuccess);
  cudaPointerAttributes attr;
  REQUIRE(cudaPointerGetAttributes(&attr, pinned + 3) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeHost);
  REQUIRE(cudaPointerGetAttributes(&attr, managed) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeManaged);
  int stackVar = 0;
  REQUIRE(cudaPointerGetAttributes(&attr, &stackVar) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeUnregistered);
  CHECK(cudaMemPrefetchAsync(managed, 1024, 0) == cudaSuccess);
  CHECK(cudaMemPrefetchAsync(managed, 1024,
                             cudaMemLocation{cudaMemLocationTypeDevice, 0},
                             0) == cudaSuccess);
  CHECK(cudaMemAdvise(managed, 1024, cudaMemAdviseSetReadMostly, 0) ==
        cudaSuccess);
  CHECK(cudaFree(pinned) == cudaErrorInvalidValue); // pinned needs FreeHost
  CHECK(cudaFreeHost(pinned) == cudaSuccess);
  CHECK(cudaFree(managed) == cudaSuccess);

  void *h = nullptr;
  REQUIRE(hipHostMalloc(&h, 100) == hipSuccess);
  CHECK(hipHostFree(h) == hipSuccess);
  REQUIRE(hipMallocManaged(&h, 100) == hipSuccess);
  CHECK(hipFree(h) == hipSuccess);

  char *pitched = nullptr;
  size_t pitch = 0;
  REQUIRE(cudaMallocPitch(&pitched, &pitch, 100, 4) == cudaSuccess);
  CHECK(pitch >= 100);
  char src[4][100];
  for (int r = 0; r < 4; ++r)
    std::memset(src[r], 'a' + r, 100);
  REQUIRE(cudaMemcpy2D(pitched, pitch, src, 100, 100, 4,
                       cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(pitched[3 * pitch + 99] == 'd');
  CHECK(cudaMemcpy2D(pitched, 50, src, 100, 100, 4, cudaMemcpyHostToDevice) ==
        cudaErrorInvalidPitchValue);
  CHECK(cudaFree(pitched) == cudaSuccess);
}

TEST_CASE("host api: symbols copy with offsets and refuse overruns") {
  const float values[4] = {1.5f, 2.5f, 3.5f, 4.5f};
  REQUIRE(cudaMemcpyToSymbol(c_table, values, sizeof(values)) == cudaSuccess);
  CHECK(c_table[3] == 4.5f);
  const float nine = 9.0f;
  REQUIRE(hipMemcpyToSymbol(HIP_SYMBOL(c_table), &nine, sizeof(float),
                            2 * sizeof(float)) == hipSuccess);
  CHECK(c_table[2] == 9.0f);
  float out[2] = {};
  REQUIRE(cudaMemcpyFromSymbol(out, c_table, sizeof(out), sizeof(float)) ==
          cudaSuccess);
  CHECK(out[0] == 2.5f);
  CHECK(out[1] == 9.0f);
  CHECK(cudaMemcpyToSymbol(c_table, values, sizeof(values), 4) ==
        cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  void *addr = nullptr;
  REQUIRE(cudaGetSymbolAddress(&addr, d_counter) == cudaSuccess);
  CHECK(addr == &d_counter);
  size_t size = 0;
  REQUIRE(hipGetSymbolSize(&size, c_table) == hipSuccess);
  CHECK(size == sizeof(c_table));
  const int seven = 7;
  REQUIRE(cudaMemcpyToSymbolAsync(d_counter, &seven, sizeof(int), 0,
                                  cudaMemcpyHostToDevice, 0) == cudaSuccess);
  CHECK(d_counter == 7);
}

TEST_CASE("host api: streams and events run synchronously") {
  (void)cudaGetLastError();
  cudaStream_t stream;
  REQUIRE(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) ==
          cudaSuccess);
  cudaEvent_t start, stop, never, untimed;
  REQUIRE(cudaEventCreate(&start) == cudaSuccess);
  REQUIRE(cudaEventCreate(&stop) == cudaSuccess);
  REQUIRE(cudaEventCreate(&never) == cudaSuccess);
  REQUIRE(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming) ==
          cudaSuccess);
  REQUIRE(cudaEventRecord(start, stream) == cudaSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  REQUIRE(cudaEventRecord(stop, stream) == cudaSuccess);
  REQUIRE(cudaEventRecord(untimed) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(stream, stop, 0) == cudaSuccess);
  CHECK(cudaStreamSynchronize(stream) == cudaSuccess);
  CHECK(cudaEventSynchronize(stop) == cudaSuccess);
  CHECK(cudaEventQuery(stop) == cudaSuccess);
  CHECK(cudaStreamQuery(stream) == cudaSuccess);
  float ms = -1.0f;
  REQUIRE(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
  CHECK(ms >= 4.0f);
  CHECK(cudaEventElapsedTime(&ms, start, never) ==
        cudaErrorInvalidResourceHandle);
  CHECK(cudaEventElapsedTime(&ms, start, untimed) ==
        cudaErrorInvalidResourceHandle);
  CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);

  int x = 0, y = 0;
  REQUIRE(cudaMemcpyAsync(&y, &x, sizeof(int), cudaMemcpyHostToHost, stream) ==
          cudaSuccess);
  int calls = 0;
  REQUIRE(cudaLaunchHostFunc(
              stream, [](void *p) { ++*static_cast<int *>(p); }, &calls) ==
          cudaSuccess);
  CHECK(calls == 1);
  CHECK(cudaStreamDestroy(stream) == cudaSuccess);
  CHECK(cudaMemcpyAsync(&y, &x, sizeof(int), cudaMemcpyHostToHost, stream) ==
        cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamSynchronize(cudaStreamPerThread) == cudaSuccess);
  for (cudaEvent_t e : {start, stop, never, untimed})
    CHECK(cudaEventDestroy(e) == cudaSuccess);
  CHECK(cudaEventDestroy(start) == cudaErrorInvalidResourceHandle);

  hipStream_t hs;
  hipEvent_t a, b;
  REQUIRE(hipStreamCreate(&hs) == hipSuccess);
  REQUIRE(hipEventCreate(&a) == hipSuccess);
  REQUIRE(hipEventCreateWithFlags(&b, hipEventDefault) == hipSuccess);
  CHECK(hipEventElapsedTime(&ms, a, b) == hipErrorInvalidHandle);
  REQUIRE(hipEventRecord(a, hs) == hipSuccess);
  REQUIRE(hipEventRecord(b, hs) == hipSuccess);
  REQUIRE(hipEventElapsedTime(&ms, a, b) == hipSuccess);
  CHECK(ms >= 0.0f);
  CHECK(hipEventDestroy(a) == hipSuccess);
  CHECK(hipEventDestroy(b) == hipSuccess);
  CHECK(hipStreamDestroy(hs) == hipSuccess);
}

TEST_CASE("host api: error names and strings in both spellings") {
  CHECK(std::string(cudaGetErrorName(cudaErrorMemoryAllocation)) ==
        "cudaErrorMemoryAllocation");
  CHECK(std::string(cudaGetErrorString(cudaErrorMemoryAllocation)) ==
        "out of memory");
  CHECK(std::string(hipGetErrorName(hipErrorOutOfMemory)) ==
        "hipErrorOutOfMemory");
  CHECK(std::string(hipGetErrorName(hipErrorInvalidHandle)) ==
        "hipErrorInvalidHandle");
  CHECK(std::string(cudaGetErrorName(cudaErrorIllegalAddress)) ==
        "cudaErrorIllegalAddress");
  CHECK(std::string(cudaGetErrorName(cudaSuccess)) == "cudaSuccess");
  CHECK(std::string(cudaGetErrorString(static_cast<cudaError_t>(12345))) ==
        "unrecognized error code");
  const char *name = nullptr;
  CHECK(hipDrvGetErrorName(hipErrorInvalidValue, &name) == hipSuccess);
  CHECK(std::string(name) == "hipErrorInvalidValue");
}

static void addKernel(int *out, int a, float b) {
  atomicAdd(out, a + static_cast<int>(b));
}

TEST_CASE("host api: refused launches set the last error; cudaLaunchKernel "
          "runs a kernel") {
  (void)cudaGetLastError();
  int hits = 0;
  hwsim::launch("tooWide", hwsim::LaunchConfig(dim3(1), dim3(2048)),
                [&] { ++hits; });
  CHECK(hits == 0);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
  hwsim::launch(
      "tooMuchShared",
      hwsim::LaunchConfig(dim3(1), dim3(32), hwsim::kMaxDynamicSharedBytes + 1),
      [&] { ++hits; });
  CHECK(hits == 0);
  CHECK(hipGetLastError() == hipErrorInvalidValue);

  int total = 0;
  int *out = &total;
  int a = 2;
  float b = 3.0f;
  void *args[] = {&out, &a, &b};
  CHECK(cudaLaunchKernel(addKernel, dim3(2), dim3(64), args) == cudaSuccess);
  CHECK(total == 2 * 64 * 5);
  CHECK(hipLaunchKernel(addKernel, dim3(1), dim3(4096), args) ==
        hipErrorInvalidConfiguration);
  CHECK(total == 2 * 64 * 5);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
}

TEST_CASE("host api: kernel attributes, occupancy, limits, reset") {
  CHECK(cudaFuncSetAttribute(addKernel,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             96 * 1024) == cudaSuccess);
  cudaFuncAttributes fa;
  REQUIRE(cudaFuncGetAttributes(&fa, addKernel) == cudaSuccess);
  CHECK(fa.maxDynamicSharedSizeBytes == 96 * 1024);
  CHECK(fa.maxThreadsPerBlock == 1024);
  CHECK(hipFuncSetAttribute(reinterpret_cast<const void *>(&addKernel),
                            hipFuncAttributeMaxDynamicSharedMemorySize,
                            1 << 30) == hipErrorInvalidValue);
  int blocks = 0;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, addKernel, 256,
                                                        0) == cudaSuccess);
  CHECK(blocks == 8);
  int minGrid = 0, blockSize = 0;
  REQUIRE(hipOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, addKernel) ==
          hipSuccess);
  CHECK(blockSize == 1024);
  CHECK(minGrid >= 1);
  size_t limit = 0;
  REQUIRE(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24) == cudaSuccess);
  REQUIRE(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize) == cudaSuccess);
  CHECK(limit == (1u << 24));

  void *p = nullptr;
  REQUIRE(cudaMalloc(&p, 1 << 20) == cudaSuccess);
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  REQUIRE(cudaDeviceReset() == cudaSuccess);
  size_t freeBytes = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&freeBytes, &total) == cudaSuccess);
  CHECK(freeBytes == total);
  CHECK(cudaStreamQuery(s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaFree(p) == cudaErrorInvalidValue);
}
