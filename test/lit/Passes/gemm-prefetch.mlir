// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | gemm-opt --gemm-prefetch | FileCheck %s
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 prefetch=lds" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | gemm-opt --gemm-prefetch | FileCheck %s --check-prefix=LDS
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 prefetch=none" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | gemm-opt --gemm-prefetch | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %S/Inputs/dynamic.mlir --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | gemm-opt --gemm-prefetch | FileCheck %s --check-prefix=DYN
// The passes between also canonicalized: the slices are single loads then,
// of a float (A's) or of 4 consecutive floats (B's).
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --canonicalize --gemm-tile-lanes | gemm-opt --gemm-prefetch | FileCheck %s --check-prefix=CANON
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 bk=32 prefetch=lds" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | not gemm-opt --gemm-prefetch -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS-ERR
// RUN: not gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 prefetch=twice" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODE-ERR

// prefetch=registers: the first slice is loaded before the loop and carried;
// each step stores the carried slice, synchronizes, loads the next slice
// (clamped to the last, so the body stays one block) and multiplies.
// CHECK-LABEL: func.func @sgemm
// CHECK: %[[FA:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: %[[FB:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: scf.for %[[K:[^ ]*]] = {{.*}} iter_args({{.*}}, %[[SA:[^ ]*]] = %[[FA]], %[[SB:[^ ]*]] = %[[FB]]) -> ({{.*}}, vector<8xf32>, vector<8xf32>) {
// CHECK: vector.extract %[[SA]][0]
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK: %[[K8:.*]] = arith.addi %[[K]], %c8
// CHECK: %[[NEXT:.*]] = arith.minui %[[K8]], %c248
// CHECK: arith.addi %[[NEXT]], %{{.*}} : index
// CHECK: memref.load %arg0
// CHECK: %[[NA:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: %[[NB:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: vector.fma
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield {{.*}}, %[[NA]], %[[NB]] : {{.*}}, vector<8xf32>, vector<8xf32>
//
// prefetch=lds: two stages; the first slice is stored into stage 0 before
// the loop; step k loads slice k + 8, multiplies stage (k / 8) % 2, stores
// into the other stage and synchronizes once.
// LDS-LABEL: func.func @sgemm
// LDS: workgroup(%[[AS:.*]] : memref<2x8x132xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<2x8x128xf32, #gpu.address_space<workgroup>>)
// LDS: memref.store {{.*}}, %[[AS]][%c0{{.*}}, %{{.*}}, %{{.*}}]
// LDS: gpu.barrier
// LDS-NEXT: scf.for %[[K:[^ ]*]] =
// LDS: %[[STEP:.*]] = arith.divui %[[K]], %c8
// LDS: %[[STAGE:.*]] = arith.remui %[[STEP]], %c2
// LDS: %[[STEP1:.*]] = arith.addi %[[STEP]], %c1
// LDS: %[[OTHER:.*]] = arith.remui %[[STEP1]], %c2
// LDS: arith.minui
// LDS: memref.load %arg0
// LDS: vector.load %[[AS]][%[[STAGE]], %c0{{.*}}, %{{.*}}] : memref<2x8x132xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// LDS: vector.fma
// LDS: memref.store {{.*}}, %[[AS]][%[[OTHER]], %{{.*}}, %{{.*}}]
// LDS-COUNT-8: memref.store {{.*}}, %[[BS]][%[[OTHER]], %{{.*}}, %{{.*}}]
// LDS-NEXT: gpu.barrier
// LDS-NEXT: scf.yield
// LDS-NOT: gpu.barrier
//
// NONE: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// NONE: memref.load %arg0
// NONE: gpu.barrier
// NONE: gpu.barrier
// NONE-NEXT: scf.yield
//
// CANON: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, f32, f32, f32, f32, f32, f32, f32, f32, vector<4xf32>, vector<4xf32>) {
// CANON: gpu.barrier
// CANON: arith.minui
//
// LDS-ERR: error: 'scf.for' op needs 66560 bytes of LDS with bk=32 and 2 stage(s); the limit is 65536
// MODE-ERR: for the --prefetch option: Cannot find option named 'twice'!
func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// Dynamic sizes (Inputs/dynamic.mlir): the next slice is clamped to the last
// one the loop reaches, k - k % bk - bk.
// DYN-LABEL: func.func @dynamic(
// DYN: %[[TAIL:.*]] = arith.remui %[[K:.*]], %c8
// DYN-NEXT: %[[K_END:.*]] = arith.subi %[[K]], %[[TAIL]] : index
// DYN: scf.for %[[KI:.*]] = %{{.*}} to %[[K_END]] step
// DYN: %[[LAST:.*]] = arith.subi %[[K_END]], %c8
// DYN: %[[NEXT:.*]] = arith.addi %[[KI]], %c8
// DYN-NEXT: arith.minui %[[NEXT]], %[[LAST]]
