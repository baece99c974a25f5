// The gemm transform ops run gemm-opt's steps on the ops a script matches:
// only the matched function of a larger program changes, a step's options are
// its pass's, and a function step given a module runs on its functions.
// RUN: gemm-opt %s --split-input-file --transform-interpreter | FileCheck %s
// Bad options, payloads of the wrong kind and failing steps are errors at the
// op, and the step's own errors keep their source locations.
// RUN: gemm-opt %S/Inputs/transform-ops-errors.mlir --split-input-file \
// RUN:   --transform-interpreter --verify-diagnostics

// CHECK-LABEL: func.func @helper
// CHECK-NOT: gemm.config
// CHECK-LABEL: func.func @untouched
// CHECK: linalg.matmul ins
// CHECK-NOT: gemm.config
// CHECK-LABEL: func.func @sgemm
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: linalg.matmul
// CHECK: gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8
module {
  func.func @helper(%x: f32) -> f32 {
    %y = arith.addf %x, %x : f32
    return %y : f32
  }
  func.func @untouched(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                       %C: memref<256x256xf32>) {
    linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                  outs(%C : memref<256x256xf32>)
    return
  }
  func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                   %C: memref<256x256xf32>) attributes {lower} {
    linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                  outs(%C : memref<256x256xf32>)
    return
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]}
        attributes{lower} in %root : (!transform.any_op) -> !transform.any_op
    %g = transform.gemm.select_config %f
        with options = "kernel=tiled bm=64 bn=64" : !transform.any_op
    %h = transform.gemm.tile_to_workgroups %g : !transform.any_op
    transform.yield
  }
}

// -----

// A function step on a module runs on each of its functions.
// CHECK-LABEL: func.func @first
// CHECK: linalg.matmul {gemm.config = #gemm.config<bm = 32, bn = 128
// CHECK-LABEL: func.func @second
// CHECK: linalg.matmul {gemm.config = #gemm.config<bm = 32, bn = 128
module {
  module {
    func.func @first(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                     %C: memref<64x64xf32>) {
      linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                    outs(%C : memref<64x64xf32>)
      return
    }
    func.func @second(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                      %C: memref<64x64xf32>) {
      linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                    outs(%C : memref<64x64xf32>)
      return
    }
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(
        %root: !transform.any_op {transform.readonly}) {
      %funcs = transform.structured.match ops{["func.func"]} in %root
          : (!transform.any_op) -> !transform.any_op
      %module = transform.get_parent_op %funcs
          {op_name = "builtin.module", deduplicate}
          : (!transform.any_op) -> !transform.any_op
      %configured = transform.gemm.select_config %module
          with options = "kernel=tiled bm=32 waves-m=2" : !transform.any_op
      transform.yield
    }
  }
}
