// A split tail's tile epilogue chooses, by the workgroup, between the
// sum unchanged (a part, into its workspace slot) and the epilogue's result
// (a whole tile, into C): gemm-tile-lanes builds it as a branch on that
// uniform condition around each sub-tile's arithmetic, so that the parts
// skip the epilogue rather than compute it and throw it away.
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 split-tail=3 compute-units=6" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | FileCheck %s
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128 split-tail=3 compute-units=6" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | grep -c "scf.if %[[0-9]*]* -> (vector<4xf32>)" | FileCheck %s --check-prefix=COUNT

// CHECK-LABEL: func.func @epilogue
// CHECK: %[[PART:.*]] = arith.cmpi uge, %{{.*}}, %c12 : index
// CHECK: scf.for
// CHECK: %[[OLD:.*]] = vector.load %{{.*}} : memref<?x?xf32, {{.*}}>, vector<4xf32>
// CHECK: %[[SUM:.*]] = vector.shuffle
// CHECK: %[[OUT:.*]] = scf.if %[[PART]] -> (vector<4xf32>) {
// CHECK-NEXT: scf.yield %[[SUM]] : vector<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ALPHA:.*]] = vector.broadcast %arg3 : f32 to vector<4xf32>
// CHECK-NEXT: %[[AT:.*]] = arith.mulf %[[ALPHA]], %[[SUM]] : vector<4xf32>
// CHECK-NEXT: %[[BETA:.*]] = vector.broadcast %arg4 : f32 to vector<4xf32>
// CHECK-NEXT: %[[BC:.*]] = arith.mulf %[[OLD]], %[[BETA]] : vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[AT]], %[[BC]] : vector<4xf32>
// CHECK-NEXT: scf.yield %[[R]] : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: vector.store %[[OUT]]
// CHECK-NOT: arith.select %[[PART]]
// CHECK: gpu.terminator
// One branch per 4-float sub-tile of the lane's 8 x 16 sums.
// COUNT: 32
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
