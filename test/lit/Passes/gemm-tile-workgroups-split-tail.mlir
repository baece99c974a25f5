// RUN: gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=6" --gemm-tile-workgroups --canonicalize --verify-diagnostics | FileCheck %s
// gemm-select-config's choice (split-tail=0, the default) per matmul.
// RUN: gemm-opt %s --split-input-file --gemm-select-config | FileCheck %s --check-prefix=AUTO
// RUN: gemm-opt %s --split-input-file --gemm-select-config=kernel=tiled | FileCheck %s --check-prefix=TILED
// RUN: gemm-opt %s --split-input-file --gemm-select-config=compute-units=128 | FileCheck %s --check-prefix=AUTO128
// RUN: not gemm-opt %S/Inputs/split-tail-errors.mlir --split-input-file --gemm-select-config="split-tail=3 compute-units=6" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %S/Inputs/split-tail-errors.mlir
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="split-tail=65 compute-units=6" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARTS
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=-1" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNITS
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=1025" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNITS-MAX
// A configuration written by hand is checked again where it is used.
// RUN: gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=6" | sed 's/compute_units = 6/compute_units = 2000/' | not gemm-opt --split-input-file --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILE-UNITS
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=8" --gemm-tile-workgroups -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE

// 512 x 512 x 256 in 128 x 128 tiles: 16 tiles on 6 CUs are 2 whole rounds
// (tiles 0-11, a workgroup each) and a tail of 4 tiles, each split into 3 K
// parts of 11, 11 and 10 steps of 8 (workgroups 12-23). One launch of 24
// workgroups; the tail's parts go to a zeroed workspace of 4 x 3 x 128 rows.
// CHECK-LABEL: func.func @tail
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C88:.*]] = arith.constant 88 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[WS:.*]] = memref.alloc() : memref<1536x128xf32>
// CHECK: gpu.launch blocks(%[[WG:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C24]], %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128,
// CHECK: %[[INTAIL:.*]] = arith.cmpi uge, %[[WG]], %[[C12]] : index
// CHECK: %[[S:.*]] = arith.subi %[[WG]], %[[C12]] : index
// CHECK: %[[TAILTILE:.*]] = arith.divui %[[S]], %[[C3]] : index
// CHECK: %[[TAILIDX:.*]] = arith.addi %[[TAILTILE]], %[[C12]] : index
// CHECK: %[[TILE:.*]] = arith.select %[[INTAIL]], %[[TAILIDX]], %[[WG]] : index
// CHECK: %[[PART:.*]] = arith.remui %[[S]], %[[C3]] : index
// CHECK: %[[PARTBEGIN:.*]] = arith.muli %[[PART]], %[[C88]] : index
// CHECK: %[[PARTNEXT:.*]] = arith.addi %[[PARTBEGIN]], %[[C88]] : index
// CHECK: %[[PARTEND:.*]] = arith.minui %[[PARTNEXT]], %[[C256]] : index
// CHECK: %[[KB:.*]] = arith.select %[[INTAIL]], %[[PARTBEGIN]], %c0 : index
// CHECK: %[[KE:.*]] = arith.select %[[INTAIL]], %[[PARTEND]], %[[C256]] : index
// CHECK: %[[CANY:.*]] = memref.cast %arg2 : memref<512x512xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[WSANY:.*]] = memref.cast %[[WS]] : memref<1536x128xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[OUT:.*]] = arith.select %[[INTAIL]], %[[WSANY]], %[[CANY]]
// CHECK: %[[OUTROW:.*]] = arith.select %[[INTAIL]]
// CHECK: %[[OUTCOL:.*]] = arith.select %[[INTAIL]], %c0,
// CHECK: %[[OUTTILE:.*]] = memref.subview %[[OUT]][%[[OUTROW]], %[[OUTCOL]]] [128, 128] [1, 1]
// CHECK: scf.for %[[K:.*]] = %[[KB]] to %[[KE]] step %c8 {
// CHECK: linalg.matmul ins({{.*}}) outs(%[[OUTTILE]] : memref<128x128xf32, strided<[?, 1], offset: ?>>)
// CHECK: gpu.terminator
// CHECK: } {gemm.config = #gemm.config<{{.*}}, split_tail = 3, compute_units = 6>, gemm.problem = #gemm.problem<m = 512, n = 512, k = 256>}
// The reduction: 4 tiles x 128 x 128 floats, 4 a lane, 64 lanes a
// workgroup. C, then every part loaded, fenced from the sum that adds them
// in order; the parts zeroed after all their reads.
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c64,
// CHECK: %[[SUM0:.*]] = vector.load %arg2[%[[CROW:.*]], %[[CCOL:.*]]] : memref<512x512xf32>, vector<4xf32>
// CHECK: %[[P0:.*]] = vector.load %[[WS]][%[[R0:.*]], %[[WCOL:.*]]] : memref<1536x128xf32>, vector<4xf32>
// CHECK-NOT: vector.store
// CHECK: %[[P1:.*]] = vector.load %[[WS]][%[[R1:.*]], %[[WCOL]]]
// CHECK-NOT: vector.store
// CHECK: %[[P2:.*]] = vector.load %[[WS]][%[[R2:.*]], %[[WCOL]]]
// CHECK-NEXT: amdgpu.sched_barrier allow = <none>
// CHECK-NEXT: %[[SUM1:.*]] = arith.addf %[[SUM0]], %[[P0]] : vector<4xf32>
// CHECK-NEXT: %[[SUM2:.*]] = arith.addf %[[SUM1]], %[[P1]] : vector<4xf32>
// CHECK-NEXT: %[[SUM3:.*]] = arith.addf %[[SUM2]], %[[P2]] : vector<4xf32>
// CHECK-NEXT: vector.store %{{.*}}, %[[WS]][%[[R0]], %[[WCOL]]]
// CHECK-NEXT: vector.store %{{.*}}, %[[WS]][%[[R1]], %[[WCOL]]]
// CHECK-NEXT: vector.store %{{.*}}, %[[WS]][%[[R2]], %[[WCOL]]]
// CHECK: vector.store %[[SUM3]], %arg2[%[[CROW]], %[[CCOL]]] : memref<512x512xf32>, vector<4xf32>
// CHECK: memref.dealloc %[[WS]]
// 16 tiles on 96 CUs, all tail, but 32 K steps: parts of at least 32 steps
// leave nothing to split.
// AUTO-LABEL: func.func @tail
// AUTO-NOT: split_tail
// AUTO: return
// PARTS: error: 'linalg.matmul' op cannot be tiled with split_tail=65: the tail cannot be split: split_tail=65 must be 1 (none) or 2..64 parts of at least two K steps each (k=256 has 32 steps of bk=8)
// UNITS: error: compute-units=-1 is not in 1..1024 (or 0, the target's)
// UNITS-MAX: error: compute-units=1025 is not in 1..1024 (or 0, the target's)
// TILE-UNITS: error: compute-units=2000 is not in 1..1024 (or 0, the target's)
// WHOLE: error: 'linalg.matmul' op cannot be tiled with split_tail=3: the tail cannot be split: its 16 tiles are whole rounds of 8 workgroups
func.func @tail(%A: memref<512x256xf32>, %B: memref<256x512xf32>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x256xf32>, memref<256x512xf32>)
                outs(%C : memref<512x512xf32>)
  return
}

// -----

// 4096^3: 1024 tiles on 96 CUs leave a tail of 64; 3 parts of 171, 171 and
// 170 K steps put 2 parts on the busiest CU (10.67 tiles' work instead of
// 11), which saves more than the reduction costs. On 128 CUs the tiles are
// 8 whole rounds: nothing to split.
// AUTO-LABEL: func.func @big
// AUTO: linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, split_tail = 3>}
// AUTO128-LABEL: func.func @big
// AUTO128: linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, compute_units = 128>}
// CHECK-LABEL: func.func @big
// CHECK: gpu.launch
func.func @big(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>)
                outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// A grid of fewer tiles than CUs is all tail: split-K. 256 x 256 x 4096 is 4
// tiles of 128 x 128; gemm-select-config's estimate ranks 32 x 32 tiles of
// one wave with raised priorities (64 of them) in 9 K parts of 57 steps
// first, 6 parts on each of 96 CUs (predicted 0.029 ms, against 0.033 in
// 32 x 64 tiles of 2 x 1 waves in 9 parts). With the kernel left to it too,
// the same, its estimate 1 % under the skinny kernel's: a miss, the skinny
// kernel predicted at 0.026 ms.
// AUTO-LABEL: func.func @split_k
// AUTO: #gemm.config<bm = 32, bn = 32, {{.*}}, waves_m = 1, waves_n = 1, {{.*}}, wave_priorities = true, split_tail = 9>
// TILED-LABEL: func.func @split_k
// TILED: #gemm.config<bm = 32, bn = 32, {{.*}}, waves_m = 1, waves_n = 1, {{.*}}, wave_priorities = true, split_tail = 9>
// With split-tail=3 compute-units=6 (the first RUN line) there is no whole
// round either: 4 x 3 workgroups, all of them parts.
// CHECK-LABEL: func.func @split_k
// CHECK: memref.alloc() : memref<1536x128xf32>
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c12, %{{.*}} = %c1, %{{.*}} = %c1)
func.func @split_k(%A: memref<256x4096xf32>, %B: memref<4096x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x4096xf32>, memref<4096x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// -----

// 256^3: 4 tiles of 32 K steps, too short to split.
// AUTO-LABEL: func.func @short_k
// AUTO-NOT: split_tail
// AUTO: return
func.func @short_k(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// -----

// C = alpha A x B + beta C (512 x 512 x 256, 12 whole tiles and 4 in the
// tail on 6 CUs): a whole tile's sum goes through the epilogue into C, a
// part's sum unchanged into the workspace (the generic after the K loop,
// which gemm-tile-lanes fuses into the store, selects by the workgroup);
// the reduction starts from zero, the temporary's fill, and applies the
// epilogue to the summed parts with C's old value. The temporary is gone.
// By default its 32 K steps are too short to split, as without an epilogue.
// AUTO-LABEL: func.func @epilogue
// AUTO-NOT: split_tail = {{[2-9]}}
// AUTO: return
// CHECK-LABEL: func.func @epilogue
// CHECK-NOT: memref.alloc() : memref<512x512xf32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NOT: memref.alloc() : memref<512x512xf32>
// CHECK: gpu.launch
// CHECK: %[[PART:.*]] = arith.cmpi uge, %{{.*}}, %c12 : index
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%[[SUM:.*]] : memref<128x128xf32, {{.*}}>) outs(%{{.*}} : memref<128x128xf32, {{.*}}>)
// CHECK-NEXT: ^bb0(%[[T:.*]]: f32, %[[OLD:.*]]: f32):
// CHECK-NEXT: %[[AT:.*]] = arith.mulf %arg3, %[[T]] : f32
// CHECK-NEXT: %[[BC:.*]] = arith.mulf %[[OLD]], %arg4 : f32
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[AT]], %[[BC]] : f32
// CHECK-NEXT: %[[OUT:.*]] = arith.select %[[PART]], %[[T]], %[[R]] : f32
// CHECK-NEXT: linalg.yield %[[OUT]] : f32
// CHECK: gpu.terminator
// CHECK: gpu.launch {{.*}} function(@epilogue_tail_sum_kernel)
// CHECK: %[[P0:.*]] = vector.load
// CHECK: %[[P1:.*]] = vector.load
// CHECK: %[[P2:.*]] = vector.load
// CHECK-NEXT: amdgpu.sched_barrier allow = <none>
// CHECK: %[[S0:.*]] = arith.addf %[[P0]], %[[ZERO]] : vector<4xf32>
// CHECK: %[[S1:.*]] = arith.addf %[[S0]], %[[P1]] : vector<4xf32>
// CHECK: %[[S2:.*]] = arith.addf %[[S1]], %[[P2]] : vector<4xf32>
// CHECK: %[[OLDC:.*]] = vector.load %arg2
// CHECK: %[[ALPHA:.*]] = vector.broadcast %arg3 : f32 to vector<4xf32>
// CHECK: arith.mulf %[[ALPHA]], %[[S2]] : vector<4xf32>
// CHECK: %[[BETA:.*]] = vector.broadcast %arg4 : f32 to vector<4xf32>
// CHECK: arith.mulf %[[OLDC]], %[[BETA]] : vector<4xf32>
// CHECK: vector.store %{{.*}}, %arg2
func.func @epilogue(%A: memref<512x256xf32>, %B: memref<256x512xf32>, %C: memref<512x512xf32>, %alpha: f32, %beta: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<512x512xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<512x512xf32>)
  linalg.matmul ins(%A, %B : memref<512x256xf32>, memref<256x512xf32>) outs(%T : memref<512x512xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<512x512xf32>) outs(%C : memref<512x512xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %bc = arith.mulf %c, %beta : f32
    %r = arith.addf %at, %bc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<512x512xf32>
  return
}
