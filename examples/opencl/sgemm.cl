// Tiled SGEMM with LDS, C[M][N] += A[M][K] x B[K][N] (row-major, static
// sizes), in the argument layout gemm-run expects: (A, B, C).
// Workgroup 16x16, 64x64 output tile, each lane a 4x4 register tile, K slices
// of 16 staged in LDS (A transposed, padded). clang -O3 for gfx1100 pairs the
// FMAs of the inner product into v_dual_fmac_f32.
// Compile with -DGEMM_M=... -DGEMM_N=... -DGEMM_K=... (multiples of 64/64/16);
// -DGEMM_BROKEN drops the last K step of every slice (a wrong kernel that must
// fail verification).
#include "ocl-builtins.h"

#ifndef GEMM_M
#define GEMM_M 256
#endif
#ifndef GEMM_N
#define GEMM_N 256
#endif
#ifndef GEMM_K
#define GEMM_K 256
#endif
#define TS 64
#define BK 16
#define WPT 4
#ifdef GEMM_BROKEN
#define KSTEPS (BK - 1)
#else
#define KSTEPS BK
#endif

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void
sgemm(__global const float *A, __global const float *B, __global float *C) {
  __local float As[BK][TS + 4];
  __local float Bs[BK][TS];
  const int N = GEMM_N, K = GEMM_K;
  int tx = get_local_id(0), ty = get_local_id(1);
  int row0 = get_group_id(1) * TS, col0 = get_group_id(0) * TS;
  float acc[WPT][WPT];
  for (int i = 0; i < WPT; ++i)
    for (int j = 0; j < WPT; ++j)
      acc[i][j] = 0.0f;
  int tid = ty * 16 + tx;
  for (int k0 = 0; k0 < K; k0 += BK) {
    // 64x16 slice of A and 16x64 slice of B: 1024 elements each, 4 per lane.
    for (int l = 0; l < 4; ++l) {
      int e = tid + l * 256;
      int ar = e / BK, ac = e % BK;
      As[ac][ar] = A[(row0 + ar) * K + k0 + ac];
      int br = e / TS, bc = e % TS;
      Bs[br][bc] = B[(k0 + br) * N + col0 + bc];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < KSTEPS; ++k) {
      float a[WPT], b[WPT];
      for (int i = 0; i < WPT; ++i)
        a[i] = As[k][ty * WPT + i];
      for (int j = 0; j < WPT; ++j)
        b[j] = Bs[k][tx * WPT + j];
      for (int i = 0; i < WPT; ++i)
        for (int j = 0; j < WPT; ++j)
          acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int i = 0; i < WPT; ++i)
    for (int j = 0; j < WPT; ++j)
      C[(row0 + ty * WPT + i) * N + col0 + tx * WPT + j] += acc[i][j];
}
