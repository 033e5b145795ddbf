// OpenGL interop in CUDA's usual order: the interop header first.
#include <hip/hip_runtime.h>
#include <hip/hip_gl_interop.h>
#include <hip/hip_runtime.h>

void registerBuffer(hipGraphicsResource_t *res, unsigned int vbo) {
  hipGraphicsGLRegisterBuffer(res, vbo, hipGraphicsRegisterFlagsWriteDiscard);
}

// As cuda-samples do: a map flag given as the register flag of that value.
void registerForWriting(hipGraphicsResource_t *res, unsigned int vbo) {
  hipGraphicsGLRegisterBuffer(res, vbo, hipGraphicsRegisterFlagsWriteDiscard);
}
