// Naive SGEMM, the baseline of bench/run.sh: C += A x B, row-major, N x N,
// N fixed at compile time (-DN=..., a multiple of 16). One output per lane,
// 16 x 16 workgroups, a grid of N/16 x N/16 workgroups; no LDS, no register
// tiling: each lane reads a row of A and a column of B straight from global
// memory. -DLAUNCH_BOUNDS=0 drops reqd_work_group_size.
//
//   clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mcumode \
//     -nogpulib -O3 -I examples/opencl -DN=4096 -c naive.cl -o naive.o
//   ld.lld -shared naive.o -o naive.hsaco
#include "ocl-builtins.h"

#ifndef N
#define N 256
#endif
#ifndef LAUNCH_BOUNDS
#define LAUNCH_BOUNDS 1
#endif

#if LAUNCH_BOUNDS
__attribute__((reqd_work_group_size(16, 16, 1)))
#endif
__kernel void
sgemm_naive(__global const float *restrict A, __global const float *restrict B,
            __global float *restrict C) {
  const int col = get_group_id(0) * 16 + get_local_id(0);
  const int row = get_group_id(1) * 16 + get_local_id(1);
  float acc = 0.0f;
  for (int k = 0; k < N; ++k)
    acc = fma(A[row * N + k], B[k * N + col], acc);
  C[row * N + col] += acc;
}
