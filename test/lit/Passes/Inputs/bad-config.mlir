// Malformed gemm dialect attributes: each is a parse or verify error with its
// location (gemm-select-config.mlir runs this file).

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: 'gemm.config' must be a #gemm.config
func.func @not_a_config() attributes {gemm.config = 4 : i64} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: 'gemm.problem' must be a #gemm.problem
func.func @not_a_problem() attributes {gemm.problem = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none, addressing = buffer>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: a problem size is at least 0, or ?
func.func @negative() attributes {gemm.problem = #gemm.problem<m = -3, n = 4, k = 4>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: expected ::mlir::gemm::PrefetchMode to be one of: none, registers, lds
func.func @bad_prefetch() attributes {gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = twice, addressing = buffer>} {
  return
}

// -----

// A missing parameter (here addressing).
// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: struct is missing required parameter: addressing
func.func @missing() attributes {gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: unknown #gemm.matmul field 'q'
func.func @unknown_field() attributes {gemm.matmul = #gemm.matmul<m = 1, q = 2>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: #gemm.matmul field 'm' given twice
func.func @twice() attributes {gemm.matmul = #gemm.matmul<m = 1, m = 2>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: #gemm.matmul has no 'beta'
func.func @no_beta() attributes {gemm.matmul = #gemm.matmul<m = 8, n = 8, k = 8, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 8, ldc = 8, alpha = 1.0>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: #gemm.matmul's a, b and c are distinct arguments
func.func @same_args() attributes {gemm.matmul = #gemm.matmul<m = 8, n = 8, k = 8, batch = 1, a = 0, b = 0, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 8, ldc = 8, alpha = 1.0, beta = 1.0>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: #gemm.matmul has all three batch strides or none
func.func @one_stride() attributes {gemm.matmul = #gemm.matmul<m = 8, n = 8, k = 8, batch = 2, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 8, ldc = 8, batch_stride_a = 64, alpha = 1.0, beta = 1.0>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: #gemm.matmul sizes and strides are positive, or ?
func.func @zero_size() attributes {gemm.matmul = #gemm.matmul<m = 0, n = 8, k = 8, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 8, ldc = 8, alpha = 1.0, beta = 1.0>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: expected a float or argN
func.func @bad_factor() attributes {gemm.matmul = #gemm.matmul<m = 8, n = 8, k = 8, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 8, ldc = 8, alpha = one, beta = 1.0>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: 'gemm.matmul' must be a #gemm.matmul
func.func @old_dictionary() attributes {gemm.matmul = {a = 0 : i64}} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: a skinny plan is for kernel = skinny only
func.func @plan_of_tiled() attributes {gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none, addressing = buffer, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1>>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: invalid skinny plan: rows_per_lane=16 x cols_per_group=8 is not 1 to 96 sums a lane
func.func @plan_sums() attributes {gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none, addressing = buffer, kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 16, cols_per_group = 8, waves = 1, unroll = 1>>} {
  return
}

// -----

// CHECK: bad-config.mlir:[[@LINE+1]]:{{.*}} error: invalid skinny plan: lanes_k=8 x lanes_l=8 are not the 32 lanes of a wave
func.func @plan_lanes() attributes {gemm.config = #gemm.skinny_plan<lanes_k = 8, lanes_l = 8, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1>} {
  return
}
