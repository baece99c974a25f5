// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=COUNT
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | grep -c "vector.load .*#gpu.address_space<workgroup>>, vector<4xf32>" | FileCheck %s --check-prefix=LDS-READS
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | grep -c "vector.load %arg2" | FileCheck %s --check-prefix=C-READS
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 unroll=2" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=UNROLL
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=64 bn=64 waves-m=2 waves-n=2" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=GRID
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 unroll=3" --gemm-tile-workgroups --gemm-stage-lds | not gemm-opt --gemm-tile-lanes -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNROLL-ERR
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 bk=64 pad=0" --gemm-tile-workgroups --gemm-stage-lds | not gemm-opt --gemm-tile-lanes -o /dev/null 2>&1 | FileCheck %s --check-prefix=VGPR
// RUN: gemm-opt %S/Inputs/dynamic.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=DYN
// One wait per K step for its LDS fragments (batch_waits, the default), none
// with batch-waits=false.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | grep -c "amdgpu.memory_counter_wait ds(0)" | FileCheck %s --check-prefix=WAITS
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 batch-waits=false" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=NOWAIT
// With wave-priorities=true each K step's FMAs run at priority 1, between the
// step's wait and the next step's loads.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 wave-priorities=true" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=PRIO
// PRIO: amdgpu.memory_counter_wait ds(0)
// PRIO-NEXT: rocdl.s.setprio 1
// PRIO-NEXT: vector.extract
// PRIO-NOT: vector.load
// PRIO: rocdl.s.setprio 0
// PRIO-NEXT: arith.constant 1 : index
// PRIO-NEXT: vector.load
// PRIO: wave_priorities = true
// WAITS: {{^}}8{{$}}
// NOWAIT-NOT: amdgpu.memory_counter_wait
// NOWAIT: batch_waits = false

// Each lane of the 4 x 1 wave grid owns 8 x 16 outputs: 8 vector<16xf32>
// accumulators carried by the K loop. Lane l of wave w starts at row
// w * 32 + (l / 8) * 4 and column (l % 8) * 4; per K step it reads 2 A
// fragments (rows 16 apart) and 4 B fragments (columns 32 apart), 16 bytes
// each, and issues eight 16-wide FMAs. C is updated once, after the loop.
// CHECK-LABEL: func.func @sgemm
// CHECK: gpu.launch {{.*}} threads(%[[TID:[^,]*]],
// CHECK-DAG: %[[WAVE:.*]] = arith.divui %[[TID]], %c32
// CHECK-DAG: %[[LANE:.*]] = arith.remui %[[TID]], %c32
// CHECK-DAG: %[[WROW:.*]] = arith.muli %[[WAVE]], %c32
// CHECK-DAG: %[[LROW:.*]] = arith.divui %[[LANE]], %c8
// CHECK-DAG: %[[LROW4:.*]] = arith.muli %[[LROW]], %c4
// CHECK-DAG: %[[ROWBASE:.*]] = arith.addi %[[WROW]], %[[LROW4]]
// CHECK-DAG: %[[LCOL:.*]] = arith.remui %[[LANE]], %c8
// CHECK-DAG: %[[COLBASE:.*]] = arith.muli %[[LCOL]], %c4
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[ACC:.*]]:8 = scf.for {{.*}} iter_args(%[[ACC0:[^ ]*]] = %[[ZERO]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK: gpu.barrier
// CHECK: %[[FA:.*]] = vector.load %{{.*}}[%c0{{.*}}, %[[ROWBASE]]] : memref<8x132xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[FB:.*]] = vector.load %{{.*}}[%c0{{.*}}, %[[COLBASE]]] : memref<8x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[BROW:.*]] = vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: amdgpu.memory_counter_wait ds(0)
// CHECK-NEXT: %[[A0:.*]] = vector.extract %[[FA]][0]
// CHECK-NEXT: %[[A0S:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK-NEXT: vector.fma %[[A0S]], %[[BROW]], %[[ACC0]] : vector<16xf32>
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK: vector.load %arg2[{{.*}}] : memref<256x256xf32>, vector<4xf32>
// CHECK: vector.shuffle %[[ACC]]#0, %[[ACC]]#0 [0, 1, 2, 3]
// CHECK: vector.store {{.*}}, %arg2[{{.*}}] : memref<256x256xf32>, vector<4xf32>
// CHECK-NOT: linalg.matmul
//
// Per K step 8 x (2 + 4) = 48 16-byte LDS reads and 8 x 8 = 64 16-wide FMAs;
// after the loop 32 reads and 32 writes of 16 bytes of C.
// COUNT-LABEL: func.func @sgemm
// COUNT: scf.for
// COUNT-COUNT-64: vector.fma
// COUNT-NOT: vector.fma
// COUNT: scf.yield
// COUNT-COUNT-32: vector.store
// COUNT-NOT: vector.store
// COUNT-NOT: memref.subview
// LDS-READS: 48
// C-READS: 32
//
// With unroll=2 the K step keeps an inner loop of 4 iterations, 2 steps each.
// UNROLL: scf.for {{.*}} iter_args
// UNROLL: gpu.barrier
// UNROLL: scf.for %[[KK:.*]] = %c0{{.*}} to %c8{{.*}} step %c2{{.*}} iter_args
// UNROLL: vector.load %{{.*}}[%[[KK]], %{{.*}}] : memref<8x132xf32
// UNROLL: %[[KK1:.*]] = arith.addi %[[KK]], %c1
// UNROLL: vector.load %{{.*}}[%[[KK1]], %{{.*}}] : memref<8x132xf32
// UNROLL: scf.yield
// UNROLL: gpu.barrier
//
// A 2 x 2 wave grid on a 64 x 64 tile: TM = 64 / (2 x 4) = 8 rows of
// TN = 64 / (2 x 8) = 4 per lane; the wave's row and column come from the
// wave index.
// GRID-DAG: %[[WAVE:.*]] = arith.divui %{{.*}}, %c32
// GRID-DAG: arith.divui %[[WAVE]], %c2
// GRID-DAG: arith.remui %[[WAVE]], %c2
// GRID: scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
//
// UNROLL-ERR: error: 'linalg.matmul' op cannot be tiled with unroll=3: the unroll factor must divide bk=8
// VGPR: error: 'linalg.matmul' op needs at least 280 VGPRs per lane with bk=64; the limit is 256
// C = alpha T + beta C fused into the store: each 16-byte sub-tile of C is
// loaded, scaled by beta, added to alpha times the accumulators and stored;
// a scheduling barrier after each row keeps the backend from hoisting all
// of C's loads (which spilled). The temporary T is gone.
// EPILOGUE-LABEL: func.func @sgemm
// EPILOGUE-NOT: memref.alloc
// EPILOGUE: %[[ACC:.*]]:8 = scf.for
// EPILOGUE: %[[OLD:.*]] = vector.load %arg2[%[[ROW:.*]], %[[COL:.*]]] : memref<256x256xf32>, vector<4xf32>
// EPILOGUE-NEXT: %[[T:.*]] = vector.shuffle %[[ACC]]#0, %[[ACC]]#0 [0, 1, 2, 3]
// EPILOGUE-NEXT: %[[ALPHA:.*]] = vector.broadcast %arg3 : f32 to vector<4xf32>
// EPILOGUE-NEXT: %[[AT:.*]] = arith.mulf %[[ALPHA]], %[[T]] : vector<4xf32>
// EPILOGUE-NEXT: %[[BETA:.*]] = vector.broadcast %arg4 : f32 to vector<4xf32>
// EPILOGUE-NEXT: %[[BC:.*]] = arith.mulf %[[OLD]], %[[BETA]] : vector<4xf32>
// EPILOGUE-NEXT: %[[R:.*]] = arith.addf %[[AT]], %[[BC]] : vector<4xf32>
// EPILOGUE-NEXT: vector.store %[[R]], %arg2[%[[ROW]], %[[COL]]]
// EPILOGUE-COUNT-3: vector.store
// EPILOGUE-NEXT: amdgpu.sched_barrier allow = <none>
// EPILOGUE-NOT: linalg.generic
// EPILOGUE-NOT: memref.dealloc
//
// Without a C term (beta = 0) C is never read.
// NO-C-LABEL: func.func @sgemm
// NO-C-NOT: vector.load %arg2
// NO-C: vector.store {{.*}} %arg2
// NO-C-NOT: vector.load %arg2

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// Edge tiles and a K tail (300 x 200 x 77, run separately from the above).
// RUN: gemm-opt %S/Inputs/edges-300x200x77.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes --canonicalize --cse | FileCheck %s --check-prefix=EDGE
// RUN: gemm-opt %S/Inputs/alpha-beta-256.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=EPILOGUE
// RUN: sed -e 's/%bc = arith.mulf %c, %beta : f32/%bc = arith.mulf %at, %alpha : f32/' %S/Inputs/alpha-beta-256.mlir | gemm-opt --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes | FileCheck %s --check-prefix=NO-C
// The tile starts are shifted back to end at m and n (min(start, 300 - 128),
// min(start, 200 - 128)); the K loop runs the 9 whole slices and a loop of 5
// steps after it multiplies the tail from global memory, one row of B
// (vector<16>) and one element of A per accumulator row and step.
// The shifted starts are computed once, before the K loop.
// EDGE: %[[ROW0:.*]] = arith.minui %[[OWNED_ROW:.*]], %c172 : index
// EDGE-NEXT: %[[COL0:.*]] = arith.minui %[[OWNED_COL:.*]], %c72 : index
// EDGE: %[[K_LOOP:.*]]:8 = scf.for %{{.*}} = %c0 to %c72 step %c8 iter_args
// EDGE-NOT: arith.minui
// EDGE: scf.yield
// EDGE-NEXT: }
// EDGE-NEXT: %[[TAIL:.*]]:8 = scf.for %[[KK:.*]] = %c72 to %c77 step %c1 iter_args(%[[ACC0:[^ ]*]] = %[[K_LOOP]]#0,
// EDGE-NEXT: %[[COL:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// EDGE-NEXT: memref.load %arg1[%[[KK]], %[[COL]]] : memref<77x200xf32>
// EDGE-COUNT-15: memref.load %arg1[%[[KK]], %{{.*}}] : memref<77x200xf32>
// EDGE: %[[BROW:.*]] = vector.from_elements {{.*}} : vector<16xf32>
// EDGE: %[[A0:.*]] = memref.load %arg0[%{{.*}}, %[[KK]]] : memref<300x77xf32>
// EDGE: %[[A0S:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// EDGE: vector.fma %[[A0S]], %[[BROW]], %[[ACC0]] : vector<16xf32>
// EDGE: scf.yield
// The epilogue loads C without a guard (the shifted tile lies inside C) and
// stores only what this workgroup owns: rows from the owned start (row
// guard), whole 16-byte sub-tiles past the owned column start, and the
// sub-tile straddling it element by element. (128 x 128 tiles take their
// sub-tiles one by one; 64 x 64 tiles, below, take them in batches.)
// EDGE: %[[OLD:.*]] = vector.load %arg2[%[[ROW:.*]], %[[COL:.*]]] : memref<300x200xf32>, vector<4xf32>
// EDGE-NEXT: vector.shuffle
// EDGE-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : vector<4xf32>
// EDGE-NEXT: %[[ROW_OK:.*]] = arith.cmpi uge, %[[ROW]], %[[OWNED_ROW]] : index
// EDGE-NEXT: scf.if %[[ROW_OK]] {
// EDGE-NEXT: %[[SUB_OK:.*]] = arith.cmpi uge, %[[COL]], %[[OWNED_COL]] : index
// EDGE-NEXT: scf.if %[[SUB_OK]] {
// EDGE-NEXT: vector.store %[[NEW]], %arg2[%[[ROW]], %[[COL]]]
// EDGE-NEXT: } else {
// EDGE-NEXT: %[[COL1:.*]] = arith.addi %[[COL]], %c1 : index
// EDGE-NEXT: %[[EL_OK:.*]] = arith.cmpi uge, %[[COL1]], %[[OWNED_COL]] : index
// EDGE-NEXT: scf.if %[[EL_OK]] {
// EDGE-NEXT: %[[E1:.*]] = vector.extract %[[NEW]][1]
// EDGE-NEXT: memref.store %[[E1]], %arg2[%[[ROW]], %[[COL1]]]
//
// 64 x 64 tiles (4 x 8 sums a lane): the C loads of 8 sub-tiles (the whole
// lane tile) are issued before their stores, so that they are in flight
// together.
// RUN: gemm-opt %S/Inputs/edges-300x200x77.mlir --gemm-select-config="kernel=tiled bm=64 bn=64" --gemm-tile-workgroups --gemm-stage-lds | gemm-opt --gemm-tile-lanes --canonicalize --cse | FileCheck %s --check-prefix=BATCH
// BATCH: scf.for
// BATCH-COUNT-8: vector.load %arg2[{{.*}}] : memref<300x200xf32>, vector<4xf32>
// BATCH-NOT: vector.load %arg2
// BATCH: vector.store
// BATCH-NOT: vector.load %arg2

// Dynamic sizes: the K tail, possibly empty, is a loop that runs at least
// once: a step past the tail reads the K loop's last column and multiplies
// zeros. The epilogue guards rows and columns against both shifted edges.
// DYN-LABEL: func.func @dynamic(
// DYN-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>
// (The tail's depth is k - k_end, as the peeled K loop's bounds give it.)
// DYN: %[[REM:.*]] = arith.remui %[[K:.*]], %c8
// DYN-NEXT: %[[K_END:.*]] = arith.subi %[[K]], %[[REM]] : index
// DYN-NEXT: %[[TAIL:.*]] = arith.subi %[[K]], %[[K_END]] : index
// DYN: %[[ACC:.*]]:8 = scf.for %{{.*}} = %c0{{.*}} to %[[K_END]] step %c8
// DYN: %[[TAIL_END:.*]] = arith.addi %[[K_END]], %[[TAIL]]
// DYN: %[[LAST:.*]] = arith.subi %[[K_END]], %c1
// DYN: scf.while (%[[KI:.*]] = %[[K_END]], %{{.*}} = %[[ACC]]#0,
// DYN: %[[IN_TAIL:.*]] = arith.cmpi ult, %[[KI]], %[[TAIL_END]]
// DYN: %[[LOAD_K:.*]] = arith.select %[[IN_TAIL]], %[[KI]], %[[LAST]]
// DYN: %[[NEXT:.*]] = arith.addi %[[KI]], %c1
// DYN: %[[B0:.*]] = memref.load %[[B]][%[[LOAD_K]], %{{.*}}]
// DYN: arith.select %[[IN_TAIL]], %[[B0]], %cst
// DYN: %[[A0:.*]] = memref.load %[[A]][%{{.*}}, %[[LOAD_K]]]
// DYN: arith.select %[[IN_TAIL]], %[[A0]], %cst
// DYN: vector.fma
// DYN: %[[MORE:.*]] = arith.cmpi ult, %[[NEXT]], %[[TAIL_END]]
// DYN: scf.condition(%[[MORE]]) %[[NEXT]],
// DYN: } do {
// DYN: scf.if
