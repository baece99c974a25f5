// gemm-select-config's per-shape choices with the default options: a smaller
// tile for a matmul the 128 x 128 tile does not fit (from 2^24
// multiply-adds; below that the simple kernel stays faster in the timing
// model), and the split of the grid's tail (gemm-tile-workgroups-split-tail.mlir).
// A tile option given keeps the options' tile.
// RUN: gemm-opt %s --split-input-file --gemm-select-config | FileCheck %s
// RUN: gemm-opt %s --split-input-file --gemm-select-config=kernel=tiled | FileCheck %s --check-prefix=TILED
// RUN: gemm-opt %s --split-input-file --gemm-select-config=bn=128 | FileCheck %s --check-prefix=GIVEN
// RUN: gemm-opt %s --split-input-file --gemm-rdna3-pipeline=bm=128 -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE-GIVEN

// N = 64 (DeepBench): 14 tiles of 128 x 64 would leave most CUs idle, so the
// skinny kernel (gemm-tile-skinny.mlir); the tiled kernel gets 128 x 64 tiles.
// A tile option given asks for the tiled kernel.
// CHECK-LABEL: func.func @skinny_n
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @skinny_n
// TILED: gemm.config = #gemm.config<bm = 128, bn = 64, bk = 8, waves_m = 4, waves_n = 1,
// GIVEN-LABEL: func.func @skinny_n
// GIVEN: gemm.config = #gemm.config<bm = 128, bn = 128,
// PIPELINE-GIVEN: remark: not tiled for RDNA3: 1760x64 is smaller than the 128x128 workgroup tile; the simple lowering compiles it
func.func @skinny_n(%A: memref<1760x1760xf32>, %B: memref<1760x64xf32>, %C: memref<1760x64xf32>) {
  linalg.matmul ins(%A, %B : memref<1760x1760xf32>, memref<1760x64xf32>)
                outs(%C : memref<1760x64xf32>)
  return
}

// -----

// M = 64: the skinny kernel, as the 8 tiles of 64 x 128 (16 workgroups with
// their K parts) would leave most CUs idle (the timing model: 45 % of the
// roofline against 9 %); the tiled kernel gets 64 x 128 tiles.
// CHECK-LABEL: func.func @skinny_m
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @skinny_m
// TILED: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8,
// TILED-NOT: skinny
func.func @skinny_m(%A: memref<64x512xf32>, %B: memref<512x1024xf32>, %C: memref<64x1024xf32>) {
  linalg.matmul ins(%A, %B : memref<64x512xf32>, memref<512x1024xf32>)
                outs(%C : memref<64x1024xf32>)
  return
}

// -----

// N = 32: the skinny kernel (gemm-tile-skinny.mlir); the tiled kernel gets
// 128 x 32 tiles.
// CHECK-LABEL: func.func @thin
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @thin
// TILED: gemm.config = #gemm.config<bm = 128, bn = 32, bk = 8,
// TILED-NOT: skinny
func.func @thin(%A: memref<4096x2048xf32>, %B: memref<2048x32xf32>, %C: memref<4096x32xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x2048xf32>, memref<2048x32xf32>)
                outs(%C : memref<4096x32xf32>)
  return
}

// -----

// Small: the skinny kernel (up to 256 on the small side), where the tiled
// kernel would leave it to the simple one (the default tile, which does not
// fit; below 2^24 multiply-adds no smaller tile is taken).
// CHECK-LABEL: func.func @small
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @small
// TILED: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8,
// TILED-NOT: skinny
func.func @small(%A: memref<100x64xf32>, %B: memref<64x100xf32>, %C: memref<100x100xf32>) {
  linalg.matmul ins(%A, %B : memref<100x64xf32>, memref<64x100xf32>)
                outs(%C : memref<100x100xf32>)
  return
}

// -----

// N = 16: the skinny kernel. For the tiled kernel it fits no tile of the
// 4 x 1 wave grid: the default tile, and the simple kernel.
// CHECK-LABEL: func.func @matvec_like
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @matvec_like
// TILED: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8,
// TILED-NOT: skinny
func.func @matvec_like(%A: memref<4096x4096xf32>, %B: memref<4096x16xf32>, %C: memref<4096x16xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x16xf32>)
                outs(%C : memref<4096x16xf32>)
  return
}

// -----

// The default tile fits, but its 16 tiles (edges along N) would fill at most
// half of the 96 CUs: for the tiled kernel 64 x 64 tiles (ResNet-50's
// classifier at batch 256; predicted 15.9 % of the roofline against 7.6 %),
// but their 64 workgroups still leave CUs idle, and the skinny kernel's
// (M = 256, N four times that) is faster (27 % against 19 % with B not
// transposed). A tile option keeps the tiled kernel and its tile.
// CHECK-LABEL: func.func @few_tiles
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// TILED-LABEL: func.func @few_tiles
// TILED: gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8,
// TILED-NOT: skinny
// GIVEN-LABEL: func.func @few_tiles
// GIVEN: gemm.config = #gemm.config<bm = 128, bn = 128,
func.func @few_tiles(%A: memref<256x2048xf32>, %B: memref<2048x1000xf32>, %C: memref<256x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<256x2048xf32>, memref<2048x1000xf32>)
                outs(%C : memref<256x1000xf32>)
  return
}


// -----

// 144 default tiles (1.5 rounds of 96 CUs): the estimate (TiledEstimate.cpp,
// unittests/Passes/TiledEstimateTest.cpp) ranks 64 x 128 tiles of a 2 x 2
// wave grid first, 288 of them, 3 rounds (GPT-2's c_attn; gemm-tune's table:
// 1.14x as fast). A tile option keeps the default.
// CHECK-LABEL: func.func @two_rounds
// CHECK: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8, waves_m = 2, waves_n = 2,
// GIVEN-LABEL: func.func @two_rounds
// GIVEN: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1,
func.func @two_rounds(%A: memref<1024x768xf32>, %B: memref<768x2304xf32>, %C: memref<1024x2304xf32>) {
  linalg.matmul ins(%A, %B : memref<1024x768xf32>, memref<768x2304xf32>)
                outs(%C : memref<1024x2304xf32>)
  return
}

// -----

// The same with B stored N x K, where the 64 x 128 tile costs more a step
// but still ranks first (predicted 0.113 ms, against 0.131 for the default
// tile in its best split).
// CHECK-LABEL: func.func @two_rounds_nt
// CHECK: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8, waves_m = 2, waves_n = 2,
func.func @two_rounds_nt(%A: memref<1024x768xf32>, %B: memref<2304x768xf32>, %C: memref<1024x2304xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1024x768xf32>, memref<2304x768xf32>) outs(%C : memref<1024x2304xf32>)
  return
}

// -----

// M = 59: the skinny kernel; asked for the tiled kernel, 32 x 64 tiles of a
// 2 x 1 wave grid rather than the simple lowering; a tile option given
// keeps its tile.
// CHECK-LABEL: func.func @two_wave_tile
// CHECK: gemm.config = #gemm.config<{{.*}}kernel = skinny
// TILED-LABEL: func.func @two_wave_tile
// TILED: gemm.config = #gemm.config<bm = 32, bn = 64, bk = 8, waves_m = 2, waves_n = 1,
// GIVEN-LABEL: func.func @two_wave_tile
// GIVEN: gemm.config = #gemm.config<bm = 128, bn = 128,
func.func @two_wave_tile(%A: memref<59x2570xf32>, %B: memref<2570x7714xf32>, %C: memref<59x7714xf32>) {
  linalg.matmul ins(%A, %B : memref<59x2570xf32>, memref<2570x7714xf32>)
                outs(%C : memref<59x7714xf32>)
  return
}
