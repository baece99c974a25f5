// RUN: gemm-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(gemm-kernel-sizes))" --verify-diagnostics | FileCheck %s

// Each dynamic matrix is rebuilt in the launch from its base pointer and one
// host value per size: m from A, k static (recorded 32), n from B; C's
// identity strides follow from n.
// CHECK-LABEL: func.func @identity
// CHECK: %[[BASE_A:.*]], %{{.*}}, %[[SIZES_A:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[BASE_B:.*]], %{{.*}}, %[[SIZES_B:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %arg1
// CHECK: %[[BASE_C:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %arg2
// CHECK: gpu.launch
// CHECK-NEXT: %[[A:.*]] = memref.reinterpret_cast %[[BASE_A]] to offset: [0], sizes: [%[[SIZES_A]]#0, 32], strides: [32, 1] : memref<f32> to memref<?x32xf32>
// CHECK-NEXT: %[[B:.*]] = memref.reinterpret_cast %[[BASE_B]] to offset: [0], sizes: [32, %[[SIZES_B]]#1], strides: [%[[SIZES_B]]#1, 1] : memref<f32> to memref<?x?xf32>
// CHECK-NEXT: %[[C:.*]] = memref.reinterpret_cast %[[BASE_C]] to offset: [0], sizes: [%[[SIZES_A]]#0, %[[SIZES_B]]#1], strides: [%[[SIZES_B]]#1, 1] : memref<f32> to memref<?x?xf32>
// CHECK: memref.load %[[A]]
// CHECK: memref.load %[[B]]
// CHECK: memref.store %{{.*}}, %[[C]]
func.func @identity(%A: memref<?x32xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) attributes {gemm.matmul = #gemm.matmul<m = ?, n = ?, k = 32, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 32, ldb = ?, ldc = ?, alpha = 1.000000e+00, beta = 1.000000e+00>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %a = memref.load %A[%tx, %ty] : memref<?x32xf32>
    %b = memref.load %B[%tx, %ty] : memref<?x?xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %C[%tx, %ty] : memref<?x?xf32>
    gpu.terminator
  }
  return
}

// -----

// A dynamic leading dimension is a host value of its own (B's row stride);
// B's dynamic rows are K, static in A (8). Static matrices are left alone.
// CHECK-LABEL: func.func @strided
// CHECK: %[[BASE_B:.*]], %{{.*}}, %{{.*}}:2, %[[STRIDES_B:.*]]:2 = memref.extract_strided_metadata %arg1
// CHECK-NOT: memref.extract_strided_metadata %arg0
// CHECK: gpu.launch
// CHECK-NEXT: memref.reinterpret_cast %[[BASE_B]] to offset: [0], sizes: [8, 16], strides: [%[[STRIDES_B]]#0, 1] : memref<f32> to memref<?x16xf32, strided<[?, 1]>>
// CHECK: memref.load %arg0
func.func @strided(%A: memref<16x8xf32>, %B: memref<?x16xf32, strided<[?, 1]>>, %C: memref<16x16xf32>) attributes {gemm.matmul = #gemm.matmul<m = 16, n = 16, k = 8, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = ?, ldc = 16, alpha = 1.000000e+00, beta = 1.000000e+00>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %a = memref.load %A[%tx, %ty] : memref<16x8xf32>
    %b = memref.load %B[%tx, %ty] : memref<?x16xf32, strided<[?, 1]>>
    %s = arith.addf %a, %b : f32
    memref.store %s, %C[%tx, %ty] : memref<16x16xf32>
    gpu.terminator
  }
  return
}

// -----

// A batched identity layout's strides are products of the sizes: batch and
// m from A, n from B.
// CHECK-LABEL: func.func @batched
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES_A:.*]]:3, %{{.*}}:3 = memref.extract_strided_metadata %arg0
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES_B:.*]]:3, %{{.*}}:3 = memref.extract_strided_metadata %arg1
// CHECK: %[[BASE_C:.*]], %{{.*}}, %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %arg2
// CHECK: gpu.launch
// CHECK-NEXT: %[[STRIDE:.*]] = arith.muli %[[SIZES_B]]#2, %[[SIZES_A]]#1 : index
// CHECK-NEXT: memref.reinterpret_cast %[[BASE_C]] to offset: [0], sizes: [%[[SIZES_A]]#0, %[[SIZES_A]]#1, %[[SIZES_B]]#2], strides: [%[[STRIDE]], %[[SIZES_B]]#2, 1] : memref<f32> to memref<?x?x?xf32>
func.func @batched(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) attributes {gemm.matmul = #gemm.matmul<m = ?, n = ?, k = ?, batch = ?, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = ?, ldb = ?, ldc = ?, batch_stride_a = ?, batch_stride_b = ?, batch_stride_c = ?, alpha = 1.000000e+00, beta = 1.000000e+00>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %c = memref.load %C[%bx, %tx, %ty] : memref<?x?x?xf32>
    memref.store %c, %C[%bx, %ty, %tx] : memref<?x?x?xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @not_a_matrix(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %D: memref<?xf32>) attributes {gemm.matmul = #gemm.matmul<m = ?, n = ?, k = ?, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = ?, ldb = ?, ldc = ?, alpha = 1.000000e+00, beta = 1.000000e+00>} {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' op uses 'memref<?xf32>', which has a dynamic size or stride but is not one of the matmul's A, B and C arguments: only those can take their sizes as kernel arguments}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %d = memref.load %D[%tx] : memref<?xf32>
    memref.store %d, %C[%tx, %ty] : memref<?x?xf32>
    gpu.terminator
  }
  return
}

// -----

// The tiled launch and its fallback, chosen on the host by the sizes: both
// take their sizes as arguments, and they go into one gpu.module, the
// fallback named as such.
// CHECK-LABEL: func.func @tiled_and_fallback
// CHECK: scf.if
// CHECK: gpu.launch {{.*}} module(@tiled_and_fallback_kernels) {
// CHECK-NEXT: memref.reinterpret_cast
// CHECK: } else {
// CHECK: gpu.launch {{.*}} module(@tiled_and_fallback_kernels) function(@tiled_and_fallback_simple_kernel) {
// CHECK-NEXT: memref.reinterpret_cast
func.func @tiled_and_fallback(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %tiled: i1) attributes {gemm.matmul = #gemm.matmul<m = ?, n = ?, k = ?, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = ?, ldb = ?, ldc = ?, alpha = 1.000000e+00, beta = 1.000000e+00>} {
  %c1 = arith.constant 1 : index
  scf.if %tiled {
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
      %a = memref.load %A[%tx, %ty] : memref<?x?xf32>
      memref.store %a, %C[%tx, %ty] : memref<?x?xf32>
      gpu.terminator
    } {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = ?, n = ?, k = ?>}
  } else {
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
      %b = memref.load %B[%tx, %ty] : memref<?x?xf32>
      memref.store %b, %C[%tx, %ty] : memref<?x?xf32>
      gpu.terminator
    }
  }
  return
}
