// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// What upstream MLIR gives for gemm-stage-lds' job, on the
// K step gemm-tile-workgroups builds (256^3, 128 x 128 tiles, K step 8).
// linalg's promotion (transform.structured.promote with workgroup memory)
// stages each operand's tile as it is: A's 128 x 8 slice untransposed and
// unpadded, in allocations outside the launch (not the launch's workgroup
// memory), copied by a memref.copy that every lane would run whole, between
// barriers. The fast kernel needs A transposed into As[bk][bm + pad] (so
// that a lane's rows at one k are 16 contiguous bytes, and the stores do not
// conflict), the copy shared out among the lanes with coalesced loads, and
// the tiles in the launch's workgroup memory; gemm-stage-lds builds that.
//
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups | gemm-opt --transform-interpreter --canonicalize | FileCheck %s --check-prefix=UPSTREAM
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --canonicalize | FileCheck %s --check-prefix=OURS

// UPSTREAM: func.func @sgemm
// UPSTREAM-DAG: %[[BS:.*]] = memref.alloc() : memref<8x128xf32, #gpu.address_space<workgroup>>
// UPSTREAM-DAG: %[[AS:.*]] = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
// UPSTREAM: gpu.launch
// UPSTREAM: scf.for
// UPSTREAM: gpu.barrier
// UPSTREAM-NEXT: memref.copy %{{.*}}, %[[AS]] : memref<128x8xf32, strided<[256, 1], offset: ?>> to memref<128x8xf32, #gpu.address_space<workgroup>>
// UPSTREAM-NEXT: gpu.barrier
// UPSTREAM-NEXT: memref.copy %{{.*}}, %[[BS]] : memref<8x128xf32, strided<[256, 1], offset: ?>> to memref<8x128xf32, #gpu.address_space<workgroup>>
// UPSTREAM-NEXT: gpu.barrier
// UPSTREAM-NEXT: linalg.matmul ins(%[[AS]], %[[BS]] :

// The launch's workgroup memory: A transposed and padded to 8 x 132, B 8 x
// 128; each of the 128 lanes loads 8 floats of each slice (B's 4 at a time)
// and stores them.
// OURS: gpu.launch {{.*}} workgroup(%[[AS:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<8x128xf32, #gpu.address_space<workgroup>>)
// OURS-NOT: memref.alloc
// OURS-NOT: memref.copy
// OURS: scf.for
// OURS-COUNT-8: memref.load %arg0
// OURS-COUNT-2: vector.load %arg1
// OURS-COUNT-8: memref.store %{{.*}}, %[[AS]]
// OURS-COUNT-8: memref.store %{{.*}}, %[[BS]]
// OURS: gpu.barrier
// OURS: linalg.matmul {{.*}} ins(%{{.*}}, %[[BS]] :
// OURS: gpu.barrier

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %promoted = transform.structured.promote %mm { operands_to_promote = [0, 1], mapping = [#gpu.memory_space<workgroup>] } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
