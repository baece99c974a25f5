// gemm-rdna3-pipeline with its default options, as a transform script: the
// gemm transform ops for gemm-opt's steps, transform.apply_registered_pass for
// upstream's. Applied to a program, it lowers each function holding a matmul
// to the same code object as the pipeline:
//
//   gemm-opt program.mlir \
//     --transform-preload-library=transform-library-paths=rdna3-lowering.mlir \
//     --transform-interpreter -o lowered.mlir
//
// To write the code object and its manifest to files, give the last step
// options: transform.gemm.emit_binary %m with options = "hsaco=out.hsaco".
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.consumed}) {
    // Tensors to memrefs, generic matmuls to named ones, then the input check
    // that records each matmul.
    %bufferized = transform.gemm.bufferize %root : !transform.any_op
    %specialized = transform.gemm.specialize_generic %bufferized
        : !transform.any_op
    %module = transform.gemm.check_input %specialized : !transform.any_op

    // The tiled kernel, in the functions that hold a matmul.
    %matmuls = transform.structured.match
        ops{["linalg.matmul", "linalg.batch_matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %funcs = transform.get_parent_op %matmuls
        {op_name = "func.func", deduplicate}
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.gemm.select_config %funcs : !transform.any_op
    %skinny = transform.gemm.tile_skinny %configured : !transform.any_op
    %tiled = transform.gemm.tile_to_workgroups %skinny : !transform.any_op
    %staged = transform.gemm.stage_in_lds %tiled : !transform.any_op
    %lanes = transform.gemm.tile_lanes %staged : !transform.any_op
    %prefetched = transform.gemm.prefetch %lanes : !transform.any_op
    // A batch's matrices are views of the 3-D arguments: their accesses
    // become the arguments' before the buffer addressing.
    %folded = transform.apply_registered_pass "fold-memref-alias-ops"
        to %prefetched : (!transform.any_op) -> !transform.any_op
    %addressed = transform.gemm.buffer_addressing %folded : !transform.any_op

    // What the tiling left (one output per lane), then the grid.
    %simple = transform.gemm.lower_simple %addressed : !transform.any_op
    %loops = transform.apply_registered_pass "scf-parallel-loop-tiling"
        with options = { "parallel-loop-tile-sizes" = [16, 16],
                         "no-min-max-bounds" = true }
        to %simple : (!transform.any_op) -> !transform.any_op
    %mapped = transform.apply_registered_pass "gpu-map-parallel-loops"
        with options = { "mapping-policy" = "innermost-first" }
        to %loops : (!transform.any_op) -> !transform.any_op
    %launches = transform.apply_registered_pass
        "convert-parallel-loops-to-gpu" to %mapped
        : (!transform.any_op) -> !transform.any_op
    %canonical = transform.apply_registered_pass "canonicalize" to %module
        : (!transform.any_op) -> !transform.any_op
    %sunk = transform.apply_registered_pass
        "gpu-launch-sink-index-computations" to %canonical
        : (!transform.any_op) -> !transform.any_op
    %sized = transform.gemm.kernel_sizes %sunk : !transform.any_op
    %outlined = transform.apply_registered_pass "gpu-kernel-outlining"
        to %sized : (!transform.any_op) -> !transform.any_op
    %targeted = transform.apply_registered_pass "rocdl-attach-target"
        with options = { chip = "gfx1100", abi = "500", O = 3 : i64,
                         wave64 = false, features = "+cumode" }
        to %outlined : (!transform.any_op) -> !transform.any_op

    // The kernels to ROCDL.
    %kernels = transform.structured.match ops{["gpu.module"]} in %targeted
        : (!transform.any_op) -> !transform.any_op
    %expanded = transform.gemm.expand_math %kernels : !transform.any_op
    %affine = transform.apply_registered_pass "lower-affine" to %expanded
        : (!transform.any_op) -> !transform.any_op
    %cf = transform.apply_registered_pass "convert-scf-to-cf" to %affine
        : (!transform.any_op) -> !transform.any_op
    %amdgpu = transform.apply_registered_pass "convert-amdgpu-to-rocdl"
        with options = { chipset = "gfx1100" }
        to %cf : (!transform.any_op) -> !transform.any_op
    %rocdl = transform.apply_registered_pass "convert-gpu-to-rocdl"
        with options = { chipset = "gfx1100",
                         "use-bare-ptr-memref-call-conv" = true,
                         runtime = "HIP" }
        to %amdgpu : (!transform.any_op) -> !transform.any_op
    %reconciled = transform.apply_registered_pass
        "reconcile-unrealized-casts" to %rocdl
        : (!transform.any_op) -> !transform.any_op

    // The code object, its check and its launch manifest.
    %binary = transform.gemm.emit_binary %targeted : !transform.any_op
    transform.yield
  }
}
