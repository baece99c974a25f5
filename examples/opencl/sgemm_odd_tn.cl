// An SGEMM whose lanes own an odd number of columns (TN = 5 by default), for
// the late pass: kernel 5's 2 x 2 pairing of FMAs {a0, a1} x {b0, b1} leaves
// one column of every lane's tile without a partner column. C += A x B,
// row-major, sizes fixed at compile time (-DM, -DN, -DK: M a multiple of
// 128, N of 8 TN, K of 16).
//
// - 128 lanes = 4 wave32 waves; output tile 128 x (8 TN) per workgroup;
//   BK = 16, so that each lane copies TN elements of B (B_LOADS = TN).
// - Wave tile 32 (M) x 8 TN (N); lanes in a wave 4 (M) x 8 (N); each lane
//   owns 8 rows (2 float4 of A, 16 rows apart, as in kernel 5) x TN
//   adjacent columns (scalar reads of B).
// - LDS: As[16][128 + 4] (A transposed, padded), Bs[16][8 TN]; one K slice
//   at a time (no prefetch), so the K loop body is a single block.
#include "ocl-builtins.h"

#ifndef M
#define M 256
#endif
#ifndef N
#define N 280
#endif
#ifndef K
#define K 64
#endif
#ifndef TN
#define TN 5
#endif

#define BM 128
#define BN (8 * TN)
#define BK 16
#define PAD 4
#define LANES 128
#define WM 32
#define LANES_N 8
#define TM 8
#define A_LOADS (BM * BK / LANES)
#define B_LOADS (BN * BK / LANES)

__attribute__((reqd_work_group_size(LANES, 1, 1))) __kernel void
sgemm_odd_tn(__global const float *restrict A, __global const float *restrict B,
             __global float *restrict C) {
  __local float As[BK][BM + PAD];
  __local float Bs[BK][BN];

  const int tid = get_local_id(0);
  const int blockRow = get_group_id(1) * BM;
  const int blockCol = get_group_id(0) * BN;
  const int wave = tid / 32, lane = tid % 32;
  const int laneM = lane / LANES_N, laneN = lane % LANES_N;
  const int rowBase = wave * WM + laneM * 4;
  const int colBase = laneN * TN;
  const int aCol = tid % BK, aRow = tid / BK; // rows aRow + 8 i
  const int bRow = tid / 8, bCol = (tid % 8) * TN;

  float acc[TM][TN];
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      acc[i][j] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = 0; i < A_LOADS; ++i)
      As[aCol][aRow + 8 * i] = A[(blockRow + aRow + 8 * i) * K + k0 + aCol];
    // Lane tid copies TN adjacent elements of row tid / 8 (shifts, not a
    // division by BN).
    for (int j = 0; j < B_LOADS; ++j)
      Bs[bRow][bCol + j] = B[(k0 + bRow) * N + blockCol + bCol + j];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
      for (int im = 0; im < 2; ++im) {
        float4 v = *(__local const float4 *)&As[k][rowBase + 16 * im];
        a[im * 4 + 0] = v.x;
        a[im * 4 + 1] = v.y;
        a[im * 4 + 2] = v.z;
        a[im * 4 + 3] = v.w;
      }
      for (int j = 0; j < TN; ++j)
        b[j] = Bs[k][colBase + j];
      for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
          acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  for (int i = 0; i < TM; ++i) {
    const int row = blockRow + rowBase + 16 * (i / 4) + i % 4;
    for (int j = 0; j < TN; ++j)
      C[row * N + blockCol + colBase + j] += acc[i][j];
  }
}
