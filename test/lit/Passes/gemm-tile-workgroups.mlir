// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// The tiled kernel's workgroups (kernel=tiled: gemm-select-config would give
// the 60-row matmuls below the skinny kernel, gemm-tile-skinny.mlir).
// RUN: gemm-opt %s --split-input-file --gemm-select-config="bm=128 bn=128 kernel=tiled" --gemm-tile-workgroups --verify-diagnostics | FileCheck %s
// RUN: gemm-opt %s --split-input-file --gemm-select-config="bm=64 bn=64 waves-m=2 waves-n=2 kernel=tiled" --gemm-tile-workgroups --verify-diagnostics | FileCheck %s --check-prefix=GRID
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled waves-n=3" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled waves-m=0" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVES
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 bk=3" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=BK
// Sizes whose products overflow 64 bits (found by fuzz.py under UBSan; the
// first was a division by zero, SIGFPE).
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled waves-m=4611686018427387904 waves-n=2" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGEWAVES
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled waves-n=9223372036854775807" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGEWAVESN
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled waves-m=8 waves-n=8" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVES64
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled bm=4611686018427387904" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGEBM
// RUN: gemm-opt %S/Inputs/dynamic.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups | FileCheck %s --check-prefix=DYN
// RUN: not gemm-opt %s --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG

// One workgroup per 128 x 128 tile of C: grid x along N (384 / 128), y along M
// (256 / 128); 4 waves of 32 lanes; a K loop of step 8 over a matmul of the
// tile's slices; the tile recorded on the launch.
// CHECK-LABEL: func.func @rect
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C3]], %{{.*}} = %[[C2]], %{{.*}} = %{{.*}}) threads({{.*}}) in (%{{.*}} = %[[C128]],
// CHECK: %[[ROW:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK: %[[CT:.*]] = memref.subview %arg2[%[[ROW]], %[[COL]]] [128, 128] [1, 1]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[AT:.*]] = memref.subview %arg0[%[[ROW]], %[[K]]] [128, 8] [1, 1]
// CHECK-NEXT: %[[BT:.*]] = memref.subview %arg1[%[[K]], %[[COL]]] [8, 128] [1, 1]
// CHECK-NEXT: linalg.matmul ins(%[[AT]], %[[BT]] : {{.*}}) outs(%[[CT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = 256, n = 384, k = 64>}
//
// A 2 x 2 wave grid on 64 x 64 tiles: still 128 lanes, a 6 x 4 grid.
// GRID-LABEL: func.func @rect
// GRID: gpu.launch blocks({{.*}}) in (%{{.*}} = %c6, %{{.*}} = %c4, %{{.*}} = %c1{{.*}}) threads({{.*}}) in (%{{.*}} = %c128,
// GRID: memref.subview %arg0[%{{.*}}, %{{.*}}] [64, 8] [1, 1]
// GRID: gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = 256, n = 384, k = 64>
//
// BN: error: 'linalg.matmul' op cannot be tiled with bn=128: with 3 wave(s) along N, bn must be a multiple of 96 (waves x 8 lanes x 4-column sub-tiles)
// Each side of the wave grid is checked with the options, their product here.
// WAVES: error: waves-m=0 is not in 1..32: a workgroup holds 1 to 32 waves of 32 lanes
// HUGEWAVES: error: waves-m=4611686018427387904 is not in 1..32: a workgroup holds 1 to 32 waves of 32 lanes
// HUGEWAVESN: error: waves-n=9223372036854775807 is not in 1..32: a workgroup holds 1 to 32 waves of 32 lanes
// WAVES64: error: 'linalg.matmul' op cannot be tiled with a 8 x 8 wave grid: a workgroup holds 1 to 32 waves of 32 lanes
// NOCONFIG: error: 'linalg.matmul' op has no #gemm.config to be tiled with; run gemm-select-config first
// HUGEBM: error: 'linalg.matmul' op cannot be tiled with bm=4611686018427387904: a workgroup tile side holds at most 16384 floats, all of the 65536-byte LDS
// BK: error: 'linalg.matmul' op cannot be tiled with bk=3: A is copied bk lanes per row, so bk must divide the workgroup's 128 lanes
func.func @rect(%A: memref<256x64xf32>, %B: memref<64x384xf32>, %C: memref<256x384xf32>) {
  linalg.matmul ins(%A, %B : memref<256x64xf32>, memref<64x384xf32>)
                outs(%C : memref<256x384xf32>)
  return
}

// -----

// Smaller than one tile: no full tile to shift the edge tile against, so it
// is left for the simple lowering, with a remark.
// CHECK-LABEL: func.func @small
// CHECK-NOT: gpu.launch
// CHECK: linalg.matmul ins
func.func @small(%A: memref<60x64xf32>, %B: memref<64x128xf32>, %C: memref<60x128xf32>) {
  // expected-remark @below {{not tiled for RDNA3: 60x128 is smaller than the}}
  linalg.matmul ins(%A, %B : memref<60x64xf32>, memref<64x128xf32>)
                outs(%C : memref<60x128xf32>)
  return
}

// -----

// A single K step: nothing to overlap, left for the simple lowering.
// CHECK-LABEL: func.func @short_k
// CHECK-NOT: gpu.launch
// CHECK: linalg.matmul
func.func @short_k(%A: memref<256x15xf32>, %B: memref<15x384xf32>, %C: memref<256x384xf32>) {
  // expected-remark @below {{not tiled for RDNA3: k=15 is less than two K steps of bk=8; the simple lowering compiles it}}
  linalg.matmul ins(%A, %B : memref<256x15xf32>, memref<15x384xf32>)
                outs(%C : memref<256x384xf32>)
  return
}

// -----

// Edge tiles: a grid of ceil(300/128) x ceil(200/128) workgroups; the last
// row and column of them own what is left of C (dynamic sizes,
// min(extent - start, 128), upstream's affine.min lowered to arith), so the
// IR stays exact; the K loop covers the 9 whole slices (72) and a matmul
// after it, the peeled tail, the other 5.
// CHECK-LABEL: func.func @edges
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C3]], %{{.*}} = %{{.*}})
// CHECK: %[[ROW:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK: %[[LEFT_M:.*]] = arith.subi %c300, %[[ROW]]
// CHECK: %[[ROWS:.*]] = arith.minui %[[LEFT_M]], %c128
// CHECK: %[[LEFT_N:.*]] = arith.subi %c200, %[[COL]]
// CHECK: %[[COLS:.*]] = arith.minui %[[LEFT_N]], %c128
// CHECK: %[[CT:.*]] = memref.subview %arg2[%[[ROW]], %[[COL]]] [%[[ROWS]], %[[COLS]]] [1, 1]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c72{{.*}} step %c8{{.*}} {
// CHECK-NEXT: %[[AT:.*]] = memref.subview %arg0[%[[ROW]], %[[K]]] [%[[ROWS]], 8] [1, 1]
// CHECK-NEXT: %[[BT:.*]] = memref.subview %arg1[%[[K]], %[[COL]]] [8, %[[COLS]]] [1, 1]
// CHECK-NEXT: linalg.matmul ins(%[[AT]], %[[BT]] : {{.*}}) outs(%[[CT]] : {{.*}})
// CHECK-NEXT: }
// CHECK: %[[ATAIL:.*]] = memref.subview %arg0[%[[ROW]], 72] [%[[ROWS]], 5] [1, 1]
// CHECK-NEXT: %[[BTAIL:.*]] = memref.subview %arg1[72, %[[COL]]] [5, %[[COLS]]] [1, 1]
// CHECK-NEXT: linalg.matmul ins(%[[ATAIL]], %[[BTAIL]] : {{.*}}) outs(%[[CT]] : {{.*}})
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = 300, n = 200, k = 77>}
func.func @edges(%A: memref<300x77xf32>, %B: memref<77x200xf32>, %C: memref<300x200xf32>) {
  linalg.matmul ins(%A, %B : memref<300x77xf32>, memref<77x200xf32>)
                outs(%C : memref<300x200xf32>)
  return
}

// -----

// Transposed A (stored K x M) and B (N x K): the slices are subviews of the
// stored matrices, and the matmuls keep the transposing indexing maps.
// CHECK: #[[MAPAT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK: #[[MAPBT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transposed
// CHECK: %[[ROW:.*]] = arith.muli
// CHECK: %[[COL:.*]] = arith.muli
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c72{{.*}} step %c8{{.*}} {
// CHECK-NEXT: %[[AT:.*]] = memref.subview %arg0[%[[K]], %[[ROW]]] [8, 128] [1, 1]
// CHECK-NEXT: %[[BT:.*]] = memref.subview %arg1[%[[COL]], %[[K]]] [128, 8] [1, 1]
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[MAPAT]], #[[MAPBT]], #{{.*}}] ins(%[[AT]], %[[BT]] : {{.*}})
// CHECK-NEXT: }
// CHECK: %[[ATAIL:.*]] = memref.subview %arg0[72, %[[ROW]]] [5, 128] [1, 1]
// CHECK-NEXT: %[[BTAIL:.*]] = memref.subview %arg1[%[[COL]], 72] [128, 5] [1, 1]
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[MAPAT]], #[[MAPBT]], #{{.*}}] ins(%[[ATAIL]], %[[BTAIL]] : {{.*}})
func.func @transposed(%A: memref<77x256xf32>, %B: memref<384x77xf32>, %C: memref<256x384xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<77x256xf32>, memref<384x77xf32>)
                outs(%C : memref<256x384xf32>)
  return
}

// -----

// A batch of 3 on grid z: each workgroup takes rank-reduced views of its
// batch's matrices (with their leading dimensions) and tiles them as a
// matmul.
// CHECK-LABEL: func.func @batched
// CHECK: %[[GX:.*]] = arith.constant 3 : index
// CHECK: %[[GY:.*]] = arith.constant 2 : index
// CHECK: %[[GZ:.*]] = arith.constant 3 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %[[BZ:.*]]) in (%{{.*}} = %[[GX]], %{{.*}} = %[[GY]], %{{.*}} = %[[GZ]])
// CHECK: %[[A:.*]] = memref.subview %arg0[%[[BZ]], 0, 0] [1, 256, 64] [1, 1, 1] : memref<3x256x64xf32, strided<[20000, 70, 1]>> to memref<256x64xf32, strided<[70, 1], offset: ?>>
// CHECK: %[[B:.*]] = memref.subview %arg1[%[[BZ]], 0, 0] [1, 64, 384] [1, 1, 1] : memref<3x64x384xf32> to memref<64x384xf32, strided<[384, 1], offset: ?>>
// CHECK: %[[C:.*]] = memref.subview %arg2[%[[BZ]], 0, 0] [1, 256, 384] [1, 1, 1]
// CHECK: memref.subview %[[C]][
// CHECK: scf.for %[[K:.*]] =
// CHECK-NEXT: memref.subview %[[A]][
// CHECK-NEXT: memref.subview %[[B]][
// CHECK-NEXT: linalg.matmul
func.func @batched(%A: memref<3x256x64xf32, strided<[20000, 70, 1]>>, %B: memref<3x64x384xf32>, %C: memref<3x256x384xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<3x256x64xf32, strided<[20000, 70, 1]>>, memref<3x64x384xf32>)
                      outs(%C : memref<3x256x384xf32>)
  return
}

// -----

// Dynamic sizes (Inputs/dynamic.mlir, C = 2 A x B + C): the launch runs
// when the run-time sizes allow the tiled kernel (m >= bm, n >= bn,
// k >= 2 bk); its grid is computed from them, its K loop stops at
// k - k % bk (upstream's peeling, its signed k mod bk made unsigned) and the
// tail matmul, possibly empty, covers the rest, k - (k - k % bk). The else
// branch keeps the matmul and its epilogue for the simple lowering.
// DYN-LABEL: func.func @dynamic(
// DYN-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>, %[[C:[^:]*]]: memref<?x?xf32>)
// DYN: %[[T:.*]] = memref.alloc(
// DYN: %[[M:.*]] = memref.dim %[[A]], %c0
// DYN: %[[K:.*]] = memref.dim %[[A]], %c1
// DYN: %[[N:.*]] = memref.dim %[[B]], %c1
// DYN: %[[M_OK:.*]] = arith.cmpi uge, %[[M]], %c128
// DYN: %[[N_OK:.*]] = arith.cmpi uge, %[[N]], %c128
// DYN: %[[MN_OK:.*]] = arith.andi %[[M_OK]], %[[N_OK]]
// DYN: %[[K_OK:.*]] = arith.cmpi uge, %[[K]], %c16
// DYN: %[[OK:.*]] = arith.andi %[[MN_OK]], %[[K_OK]]
// DYN: scf.if %[[OK]] {
// DYN: %[[GRID_X:.*]] = arith.ceildivui %[[N]], %c128
// DYN: %[[GRID_Y:.*]] = arith.ceildivui %[[M]], %c128
// DYN: gpu.launch blocks({{.*}}) in ({{.*}} = %[[GRID_X]], {{.*}} = %[[GRID_Y]],
// DYN: %[[REM:.*]] = arith.remui %[[K]], %c8
// DYN-NEXT: %[[K_END:.*]] = arith.subi %[[K]], %[[REM]]
// DYN-NEXT: %[[TAIL:.*]] = arith.subi %[[K]], %[[K_END]]
// DYN: scf.for %{{.*}} = %{{.*}} to %[[K_END]] step %c8
// DYN: linalg.matmul
// DYN: memref.subview %[[A]][%{{.*}}, %[[K_END]]] [%{{.*}}, %[[TAIL]]]
// DYN: memref.subview %[[B]][%[[K_END]], %{{.*}}] [%[[TAIL]], %{{.*}}]
// DYN: linalg.matmul
// DYN: linalg.generic
// DYN: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = ?, n = ?, k = ?>
// DYN: } else {
// DYN-NEXT: linalg.fill {{.*}} outs(%[[T]] :
// DYN-NEXT: linalg.matmul ins(%[[A]], %[[B]] : {{.*}} outs(%[[T]] :
// DYN-NEXT: linalg.generic {{.*}} ins(%[[T]] : {{.*}} outs(%[[C]] :
// DYN: memref.dealloc %[[T]]
