// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups | gemm-opt --gemm-stage-lds | FileCheck %s
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 pad=0" --gemm-tile-workgroups | gemm-opt --gemm-stage-lds | FileCheck %s --check-prefix=PAD0
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 pad=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 pad=4611686018427387904" --gemm-tile-workgroups | not gemm-opt --gemm-stage-lds -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGEPAD
// RUN: gemm-opt %S/Inputs/transposed-256.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups | gemm-opt --gemm-stage-lds | FileCheck %s --check-prefix=TRANS
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 bk=128" --gemm-tile-workgroups | not gemm-opt --gemm-stage-lds -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: gemm-opt %S/Inputs/dynamic.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups | gemm-opt --gemm-stage-lds | FileCheck %s --check-prefix=DYN
// RUN: gemm-opt %S/Inputs/hand-launch.mlir --gemm-stage-lds --gemm-tile-lanes --gemm-prefetch --gemm-buffer-addressing | FileCheck %s --check-prefix=HAND
// HAND: gpu.launch blocks
// HAND-NOT: workgroup(
// HAND: linalg.matmul ins(%arg0, %arg1
// HAND: bm = 4611686018427387904

// A's 128 x 8 slice goes to LDS transposed with 4 floats of padding per row
// (8 x 132), B's 8 x 128 slice as it is. Each of the 128 lanes loads 8 floats
// of A (8 lanes per row, rows 16 apart) and 8 of B in two loads of 4
// consecutive floats (32 lanes per row, rows 4 apart), gathers them, and
// stores them to LDS; a barrier publishes the tiles, the
// matmul reads A through its transposed tile, and a second barrier protects
// the tiles from the next step's stores.
// CHECK: #[[MAPA:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @sgemm
// CHECK: gpu.launch {{.*}} threads(%[[TID:[^,]*]], {{.*}} workgroup(%[[AS:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<8x128xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[ROW:.*]] = arith.muli
// CHECK: %[[CT:.*]] = memref.subview %arg2
// CHECK: scf.for %[[K:.*]] = {{.*}} {
// CHECK: %[[LK:.*]] = arith.remui %[[TID]], %c8
// CHECK: %[[ACOL:.*]] = arith.addi %[[K]], %[[LK]]
// CHECK: %[[LR:.*]] = arith.divui %[[TID]], %c8
// CHECK: %[[AROW:.*]] = arith.addi %[[ROW]], %[[LR]]
// CHECK: %[[A0:.*]] = memref.load %arg0[%[[AROW]], %[[ACOL]]] : memref<256x256xf32>
// CHECK: %[[AROW1:.*]] = arith.addi %[[AROW]], %c16
// CHECK: memref.load %arg0[%[[AROW1]], %[[ACOL]]]
// CHECK-COUNT-6: memref.load %arg0
// CHECK: %[[SA:.*]] = vector.from_elements %[[A0]], {{.*}} : vector<8xf32>
// CHECK: %[[BK:.*]] = arith.divui %[[TID]], %c32
// CHECK: %[[BKI:.*]] = arith.addi %[[K]], %[[BK]]
// CHECK: %[[BL:.*]] = arith.remui %[[TID]], %c32
// CHECK: %[[BN:.*]] = arith.muli %[[BL]], %c4
// CHECK: %[[BNI:.*]] = arith.addi %{{.*}}, %[[BN]]
// CHECK: %[[B0:.*]] = vector.load %arg1[%[[BKI]], %[[BNI]]] : memref<256x256xf32>, vector<4xf32>
// CHECK: %[[BKI1:.*]] = arith.addi %[[BKI]], %c4
// CHECK: %[[B1:.*]] = vector.load %arg1[%[[BKI1]], %[[BNI]]] : memref<256x256xf32>, vector<4xf32>
// CHECK-NOT: memref.load %arg1
// CHECK-COUNT-4: vector.extract %[[B0]]
// CHECK-COUNT-4: vector.extract %[[B1]]
// CHECK: %[[SB:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[SA]][0]
// CHECK: memref.store %[[E0]], %[[AS]][%{{.*}}, %{{.*}}] : memref<8x132xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-7: memref.store {{.*}}, %[[AS]]
// CHECK: %[[F0:.*]] = vector.extract %[[SB]][0]
// CHECK: memref.store %[[F0]], %[[BS]][%[[BK]], %[[BN]]]
// CHECK: %[[BN1:.*]] = arith.addi %[[BN]], %c1
// CHECK: memref.store %{{.*}}, %[[BS]][%[[BK]], %[[BN1]]]
// CHECK-COUNT-2: memref.store {{.*}}, %[[BS]]
// CHECK: %[[BK4:.*]] = arith.addi %[[BK]], %c4
// CHECK: memref.store %{{.*}}, %[[BS]][%[[BK4]], %[[BN]]]
// CHECK-COUNT-3: memref.store {{.*}}, %[[BS]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[AT:.*]] = memref.subview %[[AS]][0, 0] [8, 128] [1, 1]
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[MAPA]], #{{.*}}, #{{.*}}] ins(%[[AT]], %[[BS]] : {{.*}}) outs(%[[CT]] : {{.*}})
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
//
// Transposed A (stored K x M) is copied like B: 32 lanes along a row of M,
// 4 consecutive floats per load, rows 4 apart, straight into its [k][m] LDS
// tile. Transposed B
// (stored N x K) is copied like A: 8 lanes along K, rows of N 16 apart, and
// stored transposed into its [k][n] tile, padded like A's so that the 8 K
// rows a wave writes fall in distinct banks. The LDS matmul reads both tiles
// without their pad.
// TRANS-LABEL: func.func @sgemm
// TRANS: gpu.launch {{.*}} threads(%[[TID:[^,]*]], {{.*}} workgroup(%[[AS:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>)
// TRANS: %[[ROW:.*]] = arith.muli
// TRANS: %[[COL:.*]] = arith.muli
// TRANS: scf.for %[[K:.*]] = {{.*}} {
// TRANS: %[[AK:.*]] = arith.divui %[[TID]], %c32
// TRANS: %[[AKI:.*]] = arith.addi %[[K]], %[[AK]]
// TRANS: %[[AL:.*]] = arith.remui %[[TID]], %c32
// TRANS: %[[AM:.*]] = arith.muli %[[AL]], %c4
// TRANS: %[[AMI:.*]] = arith.addi %[[ROW]], %[[AM]]
// TRANS: vector.load %arg0[%[[AKI]], %[[AMI]]] : memref<256x256xf32>, vector<4xf32>
// TRANS: %[[AKI1:.*]] = arith.addi %[[AKI]], %c4
// TRANS: vector.load %arg0[%[[AKI1]], %[[AMI]]] : memref<256x256xf32>, vector<4xf32>
// TRANS: %[[BK:.*]] = arith.remui %[[TID]], %c8
// TRANS: %[[BKI:.*]] = arith.addi %[[K]], %[[BK]]
// TRANS: %[[BN:.*]] = arith.divui %[[TID]], %c8
// TRANS: %[[BNI:.*]] = arith.addi %[[COL]], %[[BN]]
// TRANS: memref.load %arg1[%[[BNI]], %[[BKI]]]
// TRANS: %[[BNI1:.*]] = arith.addi %[[BNI]], %c16
// TRANS: memref.load %arg1[%[[BNI1]], %[[BKI]]]
// TRANS: memref.store %{{.*}}, %[[AS]][%[[AK]], %[[AM]]]
// TRANS: memref.store %{{.*}}, %[[BS]][%[[BK]], %[[BN]]]
// TRANS: gpu.barrier
// TRANS-NEXT: %[[AT:.*]] = memref.subview %[[AS]][0, 0] [8, 128] [1, 1]
// TRANS-NEXT: %[[BT:.*]] = memref.subview %[[BS]][0, 0] [8, 128] [1, 1]
// TRANS-NEXT: linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%[[AT]], %[[BT]] : {{.*}})
//
// PAD0: workgroup(%{{.*}} : memref<8x128xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<8x128xf32, #gpu.address_space<workgroup>>)
// HUGEPAD: error: 'linalg.matmul' op needs more than 65536 bytes of LDS with bk=8 pad=4611686018427387904; the limit is 65536
// PAD: error: pad=2 is not a non-negative multiple of 4 floats, which keeps 16-byte LDS reads aligned
// LDS: error: 'linalg.matmul' op needs 133120 bytes of LDS with bk=128 pad=4 and 1 stage(s); the limit is 65536
func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// Dynamic sizes: the tile start is shifted back to end at the run-time
// extent of A (rows) and B (columns), which the launch guard keeps at least
// one tile.
// DYN-LABEL: func.func @dynamic(
// DYN-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>
// DYN: gpu.launch
// DYN: %[[ROW:.*]] = arith.muli %{{.*}}, %c128
// DYN: %[[COL:.*]] = arith.muli %{{.*}}, %c128
// DYN: %[[M:.*]] = memref.dim %[[A]], %c0
// DYN: %[[LAST_ROW:.*]] = arith.subi %[[M]], %c128
// DYN: arith.minui %[[ROW]], %[[LAST_ROW]]
// DYN: %[[N:.*]] = memref.dim %[[B]], %c1
// DYN: %[[LAST_COL:.*]] = arith.subi %[[N]], %c128
// DYN: arith.minui %[[COL]], %[[LAST_COL]]
// DYN: scf.for
