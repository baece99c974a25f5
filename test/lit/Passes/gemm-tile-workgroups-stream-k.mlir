// RUN: gemm-opt %s --gemm-select-config="stream-k=true compute-units=6 kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --canonicalize | FileCheck %s
// The later tiling passes find the K loop inside the segment loop.
// RUN: gemm-opt %s --gemm-tile-rdna3="stream-k=true compute-units=6 kernel=tiled bm=128 bn=128" | FileCheck %s --check-prefix=LATER

// 512 x 512 x 256 in 128 x 128 tiles: 16 tiles on 6 CUs are 12 whole
// (workgroups 0-11, a tile each over all of K) and a tail of 4 tiles of 32
// K steps of 8. Their 128 steps go to 6 stream-K workgroups (12-17), g
// taking [21 g + min(g, 2), 21 (g + 1) + min(g + 1, 2)): the ranges may span
// tiles. The workspace has 6 + 4 - 1 slots of 128 rows.
// CHECK-LABEL: func.func @tail
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C13:.*]] = arith.constant 13 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C21:.*]] = arith.constant 21 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C18:.*]] = arith.constant 18 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[WS:.*]] = memref.alloc() : memref<1152x128xf32>
// CHECK: gpu.launch blocks(%[[WG:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C18]], %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128,
// CHECK: %[[INSK:.*]] = arith.cmpi uge, %[[WG]], %[[C12]] : index
// CHECK: %[[G:.*]] = arith.subi %[[WG]], %[[C12]] : index
// The range [begin, end) of workgroup g (end: the next one's begin).
// CHECK: %[[LONG:.*]] = arith.minui %[[G]], %[[C2]] : index
// CHECK: %[[SHORT:.*]] = arith.muli %[[G]], %[[C21]] : index
// CHECK: %[[BEGIN:.*]] = arith.addi %[[SHORT]], %[[LONG]] : index
// CHECK: %[[G1:.*]] = arith.addi %[[WG]], %c-11 : index
// CHECK: %[[LONG1:.*]] = arith.minui %[[G1]], %[[C2]] : index
// CHECK: %[[SHORT1:.*]] = arith.muli %[[G1]], %[[C21]] : index
// CHECK: %[[END:.*]] = arith.addi %[[SHORT1]], %[[LONG1]] : index
// The tiles it touches: from its first iteration's to its last's.
// CHECK: %[[FIRST:.*]] = arith.divui %[[BEGIN]], %[[C32]] : index
// CHECK: %[[FIRSTTILE:.*]] = arith.addi %[[FIRST]], %[[C12]] : index
// CHECK: %[[LASTIT:.*]] = arith.subi %[[END]], %c1 : index
// CHECK: %[[LAST:.*]] = arith.divui %[[LASTIT]], %[[C32]] : index
// CHECK: %[[ENDTILE:.*]] = arith.addi %[[LAST]], %[[C13]] : index
// A data-parallel workgroup's one tile, its own.
// CHECK: %[[SEGLO:.*]] = arith.select %[[INSK]], %[[FIRSTTILE]], %[[WG]] : index
// CHECK: %[[NEXTWG:.*]] = arith.addi %[[WG]], %c1 : index
// CHECK: %[[SEGHI:.*]] = arith.select %[[INSK]], %[[ENDTILE]], %[[NEXTWG]] : index
// CHECK: scf.for %[[TILE:.*]] = %[[SEGLO]] to %[[SEGHI]] step %c1 {
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %c128 : index
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %c128 : index
// The segment: the range's steps of tail tile t, from its begin in the
// first segment, to its end or the tile's.
// CHECK: %[[T:.*]] = arith.subi %[[TILE]], %[[C12]] : index
// CHECK: %[[TBEGIN:.*]] = arith.muli %[[T]], %[[C32]] : index
// CHECK: %[[TEND:.*]] = arith.addi %[[TBEGIN]], %[[C32]] : index
// CHECK: %[[ISFIRST:.*]] = arith.cmpi eq, %[[TILE]], %[[SEGLO]] : index
// CHECK: %[[INTO:.*]] = arith.subi %[[BEGIN]], %[[TBEGIN]] : index
// CHECK: %[[SBEGIN:.*]] = arith.select %[[ISFIRST]], %[[INTO]], %c0 : index
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[END]], %[[TEND]] : index
// CHECK: %[[SEND:.*]] = arith.subi %[[CLAMPED]], %[[TBEGIN]] : index
// CHECK: %[[KB0:.*]] = arith.muli %[[SBEGIN]], %c8 : index
// CHECK: %[[KE0:.*]] = arith.muli %[[SEND]], %c8 : index
// CHECK: %[[KB:.*]] = arith.select %[[INSK]], %[[KB0]], %c0 : index
// CHECK: %[[KE:.*]] = arith.select %[[INSK]], %[[KE0]], %[[C256]] : index
// Out: workspace slot g + t, or the tile of C.
// CHECK: %[[CANY:.*]] = memref.cast %arg2 : memref<512x512xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[WSANY:.*]] = memref.cast %[[WS]] : memref<1152x128xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[OUT:.*]] = arith.select %[[INSK]], %[[WSANY]], %[[CANY]]
// CHECK: %[[SLOT:.*]] = arith.addi %[[G]], %[[T]] : index
// CHECK: %[[SLOTROW:.*]] = arith.muli %[[SLOT]], %c128 : index
// CHECK: %[[OUTROW:.*]] = arith.select %[[INSK]], %[[SLOTROW]], %[[ROW]] : index
// CHECK: %[[OUTCOL:.*]] = arith.select %[[INSK]], %c0, %[[COL]] : index
// CHECK: %[[OUTTILE:.*]] = memref.subview %[[OUT]][%[[OUTROW]], %[[OUTCOL]]] [128, 128] [1, 1]
// CHECK: scf.for %[[K:.*]] = %[[KB]] to %[[KE]] step %c8 {
// CHECK: memref.subview %arg0[%[[ROW]], %[[K]]] [128, 8]
// CHECK: memref.subview %arg1[%[[K]], %[[COL]]] [8, 128]
// CHECK: linalg.matmul ins({{.*}}) outs(%[[OUTTILE]] : memref<128x128xf32, strided<[?, 1], offset: ?>>)
// CHECK: }
// CHECK-NEXT: } {gemm.segments}
// CHECK-NEXT: gpu.terminator
// CHECK: } {gemm.config = #gemm.config<{{.*}}, stream_k = true, compute_units = 6>, gemm.problem = #gemm.problem<m = 512, n = 512, k = 256>}
//
// The fix-up: 4 tiles x 128 x 128 floats, 4 a lane, 64 lanes a workgroup.
// Tile t's partials are in slots g + t of the workgroups that own its first
// iteration (32 t) to its last (32 t + 31): C plus each of them in that
// order, each zeroed after its read.
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c64, {{.*}} function(@tail_stream_k_fixup_kernel)
// CHECK: %[[TT:.*]] = arith.divui %{{.*}}, %c16384 : index
// CHECK: %[[C:.*]] = vector.load %arg2[%[[CROW:.*]], %[[CCOL:.*]]] : memref<512x512xf32>, vector<4xf32>
// CHECK: %[[FIT:.*]] = arith.muli %[[TT]], %[[C32]] : index
// CHECK: %[[FINLONG:.*]] = arith.cmpi ult, %[[FIT]], %c44 : index
// CHECK: %[[FLONG:.*]] = arith.divui %[[FIT]], %c22 : index
// CHECK: %[[FSHORT0:.*]] = arith.subi %[[FIT]], %c44 : index
// CHECK: %[[FSHORT1:.*]] = arith.divui %[[FSHORT0]], %[[C21]] : index
// CHECK: %[[FSHORT:.*]] = arith.addi %[[FSHORT1]], %[[C2]] : index
// CHECK: %[[FIRSTOWNER:.*]] = arith.select %[[FINLONG]], %[[FLONG]], %[[FSHORT]] : index
// CHECK: %[[LASTOWNER:.*]] = arith.select
// CHECK: %[[OWNERSEND:.*]] = arith.addi %[[LASTOWNER]], %c1 : index
// CHECK: %[[SUM:.*]] = scf.for %[[OWNER:.*]] = %[[FIRSTOWNER]] to %[[OWNERSEND]] step %c1 iter_args(%[[ACC:.*]] = %[[C]]) -> (vector<4xf32>) {
// CHECK: %[[S:.*]] = arith.addi %[[OWNER]], %[[TT]] : index
// CHECK: %[[SROW:.*]] = arith.muli %[[S]], %c128 : index
// CHECK: %[[R:.*]] = arith.addi %[[SROW]], %{{.*}} : index
// CHECK: %[[P:.*]] = vector.load %[[WS]][%[[R]], %{{.*}}] : memref<1152x128xf32>, vector<4xf32>
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[P]] : vector<4xf32>
// CHECK: vector.store %cst, %[[WS]][%[[R]], %{{.*}}] : memref<1152x128xf32>, vector<4xf32>
// CHECK: scf.yield %[[NEXT]] : vector<4xf32>
// CHECK: vector.store %[[SUM]], %arg2[%[[CROW]], %[[CCOL]]] : memref<512x512xf32>, vector<4xf32>
// CHECK: memref.dealloc %[[WS]]

// After the later passes: the segment loop holds the K loop with its
// accumulators and prefetched slice (gemm-tile-lanes, gemm-prefetch), its
// counter in i32 (gemm-buffer-addressing), and the accumulators' store to the
// segment's output after it.
// LATER: gpu.launch
// LATER: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// LATER: amdgpu.raw_buffer_load %arg0
// LATER: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<16xf32>, {{.*}}) : i32 {
// LATER: gpu.barrier
// LATER: amdgpu.raw_buffer_load %arg0
// LATER: gpu.barrier
// LATER-NEXT: scf.yield
// LATER: vector.store
// LATER: } {gemm.segments}
// LATER-NEXT: gpu.terminator
func.func @tail(%A: memref<512x256xf32>, %B: memref<256x512xf32>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x256xf32>, memref<256x512xf32>)
                outs(%C : memref<512x512xf32>)
  return
}
