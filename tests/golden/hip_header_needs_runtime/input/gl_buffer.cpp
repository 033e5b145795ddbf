// OpenGL interop in CUDA's usual order: the interop header first.
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

void registerBuffer(cudaGraphicsResource_t *res, unsigned int vbo) {
  cudaGraphicsGLRegisterBuffer(res, vbo, cudaGraphicsRegisterFlagsWriteDiscard);
}

// As cuda-samples do: a map flag given as the register flag of that value.
void registerForWriting(cudaGraphicsResource_t *res, unsigned int vbo) {
  cudaGraphicsGLRegisterBuffer(res, vbo, cudaGraphicsMapFlagsWriteDiscard);
}
