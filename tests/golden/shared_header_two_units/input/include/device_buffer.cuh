#pragma once
#include <cuda_runtime.h>
#include <cstddef>

#define DB_CHECK(expr)                                                       \
  do {                                                                       \
    if ((expr) != cudaSuccess)                                               \
      throw std::runtime_error(cudaGetErrorString(cudaGetLastError()));      \
  } while (0)

#include <stdexcept>

// An owning device allocation.
template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    DB_CHECK(cudaMalloc(&ptr_, n * sizeof(T)));
  }
  ~DeviceBuffer() { cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  void upload(const T *src, cudaStream_t s = 0) {
    DB_CHECK(cudaMemcpyAsync(ptr_, src, n_ * sizeof(T),
                             cudaMemcpyHostToDevice, s));
  }
  void download(T *dst, cudaStream_t s = 0) const {
    DB_CHECK(cudaMemcpyAsync(dst, ptr_, n_ * sizeof(T),
                             cudaMemcpyDeviceToHost, s));
  }
  T *get() const { return ptr_; }
  std::size_t size() const { return n_; }

private:
  T *ptr_ = nullptr;
  std::size_t n_;
};
