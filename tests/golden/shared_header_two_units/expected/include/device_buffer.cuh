#pragma once
#include <hip/hip_runtime.h>
#include <cstddef>

#define DB_CHECK(expr)                                                       \
  do {                                                                       \
    if ((expr) != hipSuccess)                                                \
      throw std::runtime_error(hipGetErrorString(hipGetLastError()));        \
  } while (0)

#include <stdexcept>

// An owning device allocation.
template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    DB_CHECK(hipMalloc(&ptr_, n * sizeof(T)));
  }
  ~DeviceBuffer() { hipFree(ptr_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  void upload(const T *src, hipStream_t s = 0) {
    DB_CHECK(hipMemcpyAsync(ptr_, src, n_ * sizeof(T),
                             hipMemcpyHostToDevice, s));
  }
  void download(T *dst, hipStream_t s = 0) const {
    DB_CHECK(hipMemcpyAsync(dst, ptr_, n_ * sizeof(T),
                             hipMemcpyDeviceToHost, s));
  }
  T *get() const { return ptr_; }
  std::size_t size() const { return n_; }

private:
  T *ptr_ = nullptr;
  std::size_t n_;
};
