// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-select-config,gemm-tile-workgroups,gemm-stage-lds,gemm-tile-lanes,gemm-prefetch,fold-memref-alias-ops))" | gemm-opt --gemm-buffer-addressing --canonicalize --cse | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-select-config,gemm-tile-workgroups,gemm-stage-lds,gemm-tile-lanes,gemm-prefetch,fold-memref-alias-ops))" | gemm-opt --gemm-buffer-addressing | FileCheck %s --check-prefix=COUNT
// RUN: gemm-opt %s --gemm-tile-rdna3=addressing=global | gemm-opt --gemm-buffer-addressing | FileCheck %s --check-prefix=GLOBAL
// RUN: gemm-opt %S/Inputs/dynamic.mlir --pass-pipeline="builtin.module(func.func(gemm-select-config,gemm-tile-workgroups,gemm-stage-lds,gemm-tile-lanes,gemm-prefetch,fold-memref-alias-ops))" | gemm-opt --gemm-buffer-addressing --canonicalize --cse | FileCheck %s --check-prefix=DYN
// RUN: gemm-opt %S/Inputs/huge-32768.mlir --gemm-tile-rdna3 2>&1 >%t.huge.mlir | FileCheck %s --check-prefix=HUGE
// RUN: not grep raw_buffer_load %t.huge.mlir

// Each load of A and B becomes a raw buffer load. The lane's part of the
// index (the workgroup's row or column plus the lane's, loop-invariant) is the
// VGPR offset; the uniform part (the K step, the load's row) is the SGPR
// offset in elements: for A (256 columns) the K slice's column plus 16 rows of
// 256 per load; for B, loaded 4 consecutive floats at a time, the K slice's
// row times 256 plus 4 rows per load.
// CHECK-LABEL: func.func @sgemm
// The loop counts in i32 and the clamp of the next slice is an i32 min, so
// the loop control and the SGPR offsets stay scalar (SALU has no 64-bit
// unsigned compare).
// CHECK: scf.for %[[K:[^ ]*]] = %c0_i32 to %c256_i32 step %c8_i32 iter_args
// CHECK-SAME: : i32 {
// CHECK: gpu.barrier
// CHECK: %[[K8:.*]] = arith.addi %[[K]], %c8_i32 : i32
// CHECK: %[[NEXT32:.*]] = arith.minui %[[K8]], %c248_i32 : i32
// CHECK: amdgpu.raw_buffer_load %arg0[%[[AROW:.*]], %[[ACOL:.*]]] sgprOffset %[[NEXT32]] : memref<256x256xf32>, i32, i32 -> f32
// CHECK: %[[S1:.*]] = arith.addi %[[NEXT32]], %c4096_i32
// CHECK: amdgpu.raw_buffer_load %arg0[%[[AROW]], %[[ACOL]]] sgprOffset %[[S1]]
// CHECK: %[[BROW:.*]] = arith.muli %[[NEXT32]], %c256_i32
// CHECK: amdgpu.raw_buffer_load %arg1[%{{.*}}, %{{.*}}] sgprOffset %[[BROW]] : memref<256x256xf32>, i32, i32 -> vector<4xf32>
// CHECK: %[[B1:.*]] = arith.addi %[[BROW]], %c1024_i32
// CHECK: amdgpu.raw_buffer_load %arg1[%{{.*}}, %{{.*}}] sgprOffset %[[B1]] : memref<256x256xf32>, i32, i32 -> vector<4xf32>
// CHECK: vector.fma
// CHECK: scf.yield
//
// The 10 loads before the loop (8 of A, 2 of B) and the 10 in it; no
// memref.load or vector.load of global memory is left, the stores of C stay
// vector stores.
// COUNT-COUNT-10: amdgpu.raw_buffer_load
// COUNT: scf.for
// COUNT-COUNT-10: amdgpu.raw_buffer_load
// COUNT-NOT: amdgpu.raw_buffer_load
// COUNT-NOT: memref.load
// COUNT-NOT: vector.load %arg{{[01]}}[
// COUNT: vector.store

// A launch whose #gemm.config says addressing = global keeps its global loads.
// GLOBAL-NOT: amdgpu.raw_buffer_load
// GLOBAL: memref.load %arg0
// GLOBAL-NOT: amdgpu.raw_buffer_load
// GLOBAL: addressing = global
func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// Dynamic sizes (Inputs/dynamic.mlir): a raw buffer addresses 4 GiB, so the
// host guard of gemm-tile-workgroups also requires each matrix it reads with
// scalar loads (A and B; C is read 16 bytes at a time) to span fewer than
// 2^30 elements (rows x ld); larger ones run the fallback. The strides
// are read in the kernel (here CSE'd with the guard's) and multiply the
// uniform part; a row 16 further down A is 16 x lda elements further on.
// The K tail's counter (an scf.while) is uniform too: its row of B is an
// SGPR offset.
// DYN-LABEL: func.func @dynamic(
// DYN-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>, %[[C:[^:]*]]: memref<?x?xf32>)
// DYN: %[[M:.*]] = memref.dim %[[A]], %c0
// DYN: arith.cmpi uge, %{{.*}}, %c16
// DYN-NEXT: %[[SIZES_OK:.*]] = arith.andi
// DYN: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[A_STRIDES:.*]]:2 = memref.extract_strided_metadata %[[A]]
// DYN: %[[K:.*]] = memref.dim %[[B]], %c0
// DYN: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[B_STRIDES:.*]]:2 = memref.extract_strided_metadata %[[B]]
// DYN: %[[A_SPAN:.*]] = arith.muli %[[M]], %[[A_STRIDES]]#0
// DYN: %[[A_FITS:.*]] = arith.cmpi ult, %[[A_SPAN]], %c1073741824
// DYN: %[[OK_A:.*]] = arith.andi %[[SIZES_OK]], %[[A_FITS]]
// DYN: %[[B_SPAN:.*]] = arith.muli %[[K]], %[[B_STRIDES]]#0
// DYN: arith.cmpi ult, %[[B_SPAN]], %c1073741824
// DYN: %[[OK:.*]] = arith.andi
// DYN: scf.if %[[OK]] {
// DYN: gpu.launch
// DYN: %[[LDB:.*]] = arith.index_cast %[[B_STRIDES]]#0 : index to i32
// DYN: %[[LDA:.*]] = arith.index_cast %[[A_STRIDES]]#0 : index to i32
// DYN: amdgpu.raw_buffer_load %[[A]][%[[ROW:.*]], %[[COL:.*]]] : memref<?x?xf32>, i32, i32 -> f32
// DYN: %[[ROWS16:.*]] = arith.muli %[[LDA]], %c16_i32 : i32
// DYN: amdgpu.raw_buffer_load %[[A]][%[[ROW]], %[[COL]]] sgprOffset %[[ROWS16]]
// DYN: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c8_i32
// DYN: scf.while
// DYN: %[[TAIL_K:.*]] = arith.select %{{.*}} : i32
// DYN: %[[TAIL_ROW:.*]] = arith.muli %[[TAIL_K]], %[[LDB]] : i32
// DYN: amdgpu.raw_buffer_load %[[B]][%c0_i32, %{{.*}}] sgprOffset %[[TAIL_ROW]]

// A static matrix of 4 GiB or more does not fit one raw buffer: the launch
// keeps its global loads, with a remark.
// HUGE: huge-32768.mlir:4:3: remark: gemm-buffer-addressing keeps global loads: memref<32768x32768xf32> spans 1073741824 elements; a raw buffer addresses fewer than 1073741824 (4 GiB)
