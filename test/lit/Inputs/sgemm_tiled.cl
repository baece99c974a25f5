// A register-tiled SGEMM in OpenCL C (C += A x B, row-major, N x N, N a
// multiple of 64): 64x64 tile per 64-lane workgroup, 8x8 outputs per lane,
// K-slices of 8 staged in LDS. Compiled by stock clang-22 for gfx1100 it has
// an FMA-heavy inner loop, which the late pass's tests examine.
//
// -nogpulib leaves get_local_id, barrier & co. undefined; use the builtins.
#define LID_X __builtin_amdgcn_workitem_id_x()
#define GID_X __builtin_amdgcn_workgroup_id_x()
#define GID_Y __builtin_amdgcn_workgroup_id_y()
#define LDS_BARRIER()                                                          \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                     \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                     \
  } while (0)

#define TILE 64
#define BK 8
#define TM 8
#define TN 8

__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void sgemm_tiled(__global const float *restrict A,
                          __global const float *restrict B,
                          __global float *restrict C, int N) {
  __local float As[BK][TILE];
  __local float Bs[BK][TILE];
  int lane = LID_X;
  int row0 = GID_Y * TILE + (lane / 8) * TM;
  int col0 = GID_X * TILE + (lane % 8) * TN;
  float acc[TM][TN];
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      acc[i][j] = 0.0f;

  for (int k0 = 0; k0 < N; k0 += BK) {
    for (int e = lane; e < BK * TILE; e += 64) {
      int kk = e / TILE, mm = e % TILE;
      As[kk][mm] = A[(GID_Y * TILE + mm) * N + k0 + kk];
      Bs[kk][mm] = B[(k0 + kk) * N + GID_X * TILE + mm];
    }
    LDS_BARRIER();
    for (int kk = 0; kk < BK; ++kk) {
      float a[TM], b[TN];
      for (int i = 0; i < TM; ++i)
        a[i] = As[kk][(lane / 8) * TM + i];
      for (int j = 0; j < TN; ++j)
        b[j] = Bs[kk][(lane % 8) * TN + j];
      for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
          acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    LDS_BARRIER();
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      C[(row0 + i) * N + col0 + j] += acc[i][j];
}
