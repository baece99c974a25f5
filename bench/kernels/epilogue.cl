// The second kernel of an unfused epilogue: what a framework launches after
// a GEMM that does not fuse its bias and activation. In place on C (M x N,
// row-major), four floats per lane: C = gelu(C + bias[col]) with GELU in
// its tanh form, written as x * sigmoid(2u) = x / (1 + exp(-2u)) (the
// hardware reciprocal: the kernel is bound by memory, not by its math),
// u = sqrt(2/pi) (x + 0.044715 x^3); with RESIDUAL defined, C = C +
// bias[col] + R instead (a residual add). bench/epilogue.py predicts it
// beside the GEMM with the fused epilogue.
#include "ocl-builtins.h"

__kernel void epilogue(__global float4 *c, __global const float4 *bias,
                       __global const float4 *r, uint cols4, uint n4) {
  uint i = get_global_id(0);
  if (i >= n4)
    return;
  float4 x = c[i] + bias[i % cols4];
#ifdef RESIDUAL
  c[i] = x + r[i];
#else
  float4 u = 0.7978845608f * (x + 0.044715f * x * x * x);
  float4 e = 1.0f + (float4)(__builtin_expf(-2.0f * u.x),
                             __builtin_expf(-2.0f * u.y),
                             __builtin_expf(-2.0f * u.z),
                             __builtin_expf(-2.0f * u.w));
  c[i] = x * (float4)(__builtin_amdgcn_rcpf(e.x), __builtin_amdgcn_rcpf(e.y),
                      __builtin_amdgcn_rcpf(e.z), __builtin_amdgcn_rcpf(e.w));
#endif
}
