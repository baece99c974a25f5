// A port of the RDNA3 walkthrough's kernel 5 (reference/004, "LDS utilization
// optimization") to OpenCL C, as the stock-compiler reference the late pass
// and the benchmarks measure against. C += A x B, row-major, N x N, N a
// multiple of 128, fixed at compile time (-DN=...).
//
// - 128 lanes = 4 wave32 waves; output tile 128 x 128 per workgroup; BK = 8.
// - Wave tile 32 (M) x 128 (N); lanes in a wave 4 (M) x 8 (N); each lane owns
//   8 x 16 accumulators as 2 x 4 sub-tiles of 4 x 4, strided by 16 rows and
//   32 columns, so LDS reads are 16-byte vectors (rows of As are 528 bytes,
//   a multiple of 16, so the float4 reads are aligned).
// - LDS: As[8][128 + 4] (A transposed, padded), Bs[8][128].
// - Global loads of the next K-slice go to registers while the current one
//   is computed (kernel 4's double buffering); launch bounds of 128 lanes.
#include "ocl-builtins.h"

#ifndef N
#define N 256
#endif
#ifndef LAUNCH_BOUNDS
#define LAUNCH_BOUNDS 1
#endif

#define BM 128
#define BN 128
#define BK 8
#define PAD 4
#define LANES 128
#define WM 32
#define LANES_M 4
#define LANES_N 8
#define ITER_M 2 // WM / (LANES_M * 4)
#define ITER_N 4 // BN / (LANES_N * 4)
#define LOADS 8  // (BM * BK) / LANES, the same for B

#if LAUNCH_BOUNDS
__attribute__((reqd_work_group_size(LANES, 1, 1)))
#endif
__kernel void
sgemm_kernel5(__global const float *restrict A, __global const float *restrict B,
              __global float *restrict C) {
  __local float As[BK][BM + PAD];
  __local float Bs[BK][BN];

  const int tid = get_local_id(0);
  const int blockRow = get_group_id(1) * BM;
  const int blockCol = get_group_id(0) * BN;
  const int wave = tid / 32, lane = tid % 32;
  const int laneM = lane / LANES_N, laneN = lane % LANES_N;
  const int rowBase = wave * WM + laneM * 4;
  const int colBase = laneN * 4;

  // Coalesced global loads: A row-wise (8 lanes cover one row's K-slice),
  // B along its rows (128 lanes cover one row of the tile).
  const int aCol = tid % BK, aRow = tid / BK; // aRow + 16 * i, i < 8
  const int bCol = tid;                       // row i, i < 8

  float acc[ITER_M * 4][ITER_N * 4];
  for (int i = 0; i < ITER_M * 4; ++i)
    for (int j = 0; j < ITER_N * 4; ++j)
      acc[i][j] = 0.0f;

  float aNext[LOADS], bNext[LOADS];
  for (int i = 0; i < LOADS; ++i) {
    aNext[i] = A[(blockRow + aRow + 16 * i) * N + aCol];
    bNext[i] = B[i * N + blockCol + bCol];
  }

  for (int k0 = 0; k0 < N; k0 += BK) {
    for (int i = 0; i < LOADS; ++i) {
      As[aCol][aRow + 16 * i] = aNext[i];
      Bs[i][bCol] = bNext[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (k0 + BK < N) {
      for (int i = 0; i < LOADS; ++i) {
        aNext[i] = A[(blockRow + aRow + 16 * i) * N + k0 + BK + aCol];
        bNext[i] = B[(k0 + BK + i) * N + blockCol + bCol];
      }
    }

    for (int k = 0; k < BK; ++k) {
      float a[ITER_M * 4], b[ITER_N * 4];
      for (int im = 0; im < ITER_M; ++im) {
        float4 v = *(__local const float4 *)&As[k][rowBase + 16 * im];
        a[im * 4 + 0] = v.x;
        a[im * 4 + 1] = v.y;
        a[im * 4 + 2] = v.z;
        a[im * 4 + 3] = v.w;
      }
      for (int in = 0; in < ITER_N; ++in) {
        float4 v = *(__local const float4 *)&Bs[k][colBase + 32 * in];
        b[in * 4 + 0] = v.x;
        b[in * 4 + 1] = v.y;
        b[in * 4 + 2] = v.z;
        b[in * 4 + 3] = v.w;
      }
      for (int i = 0; i < ITER_M * 4; ++i)
        for (int j = 0; j < ITER_N * 4; ++j)
          acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  for (int i = 0; i < ITER_M * 4; ++i) {
    const int row = blockRow + rowBase + 16 * (i / 4) + i % 4;
    for (int j = 0; j < ITER_N * 4; ++j) {
      const int col = blockCol + colBase + 32 * (j / 4) + j % 4;
      C[row * N + col] += acc[i][j];
    }
  }
}
