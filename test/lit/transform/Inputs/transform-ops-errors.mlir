// Errors of the gemm transform ops, checked by gemm-transform-ops.mlir.

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{options: no such option bogus}}
    %g = transform.gemm.select_config %f with options = "bogus=1"
        : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{unknown target 'rx9999'}}
    %m = transform.gemm.emit_binary %root with options = "target=rx9999"
        : !transform.any_op
    transform.yield
  }
}

// -----

// expected-note @below {{payload op}}
func.func @sgemm(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                 %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{runs on 'gpu.module' ops, not on 'func.func'}}
    %g = transform.gemm.expand_math %f : !transform.any_op
    transform.yield
  }
}

// -----

func.func @sgemm(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                 %C: memref<64x64xf32>) {
  // expected-error @below {{has no #gemm.config to be tiled with}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %g = transform.gemm.tile_to_workgroups %f : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{cannot run on an op that holds the transform script}}
    %m = transform.gemm.check_input %root : !transform.any_op
    transform.yield
  }
}
