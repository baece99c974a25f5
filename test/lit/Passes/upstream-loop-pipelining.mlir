// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// What upstream MLIR gives for gemm-prefetch's job. On the
// staged K loop (load the slice, store it to LDS, barrier, the lanes' FMAs
// from LDS, barrier), upstream's software pipeliner (scf::pipelineForLoop,
// transform.loop.pipeline) schedules only the loop's reads ahead and refuses
// this loop: its stores and barriers must stay between the reads and the
// FMAs. memref::multiBuffer, the other half of upstream's recipe, expands
// memref.alloc buffers, and the tiles here are the launch's workgroup memory
// (gpu.launch attributions), so it has nothing to act on. gemm-prefetch
// instead loads the first slice before the loop and carries each next slice
// through the loop in registers (prefetch=registers, the default), or gives
// the LDS tiles two stages (prefetch=lds).
//
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes | not gemm-opt --transform-interpreter -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --gemm-stage-lds --gemm-tile-lanes --gemm-prefetch --canonicalize | FileCheck %s --check-prefix=OURS

// UPSTREAM: error: operation scheduled before its operands
// UPSTREAM: error: transform.loop.pipeline failed to apply

// The first slice's loads before the loop (8 of A, B's 8 floats in 2),
// waited for there; the loop carries the 8 accumulators and the two
// prefetched slices, stores the slice the previous step loaded, and loads
// the next one after the barrier.
// OURS: gpu.launch
// OURS-COUNT-8: memref.load %arg0
// OURS-COUNT-2: vector.load %arg1
// OURS: amdgpu.memory_counter_wait load(0)
// OURS: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<8xf32>, vector<8xf32>)
// OURS-COUNT-16: memref.store
// OURS: gpu.barrier
// OURS-COUNT-8: memref.load %arg0
// OURS-COUNT-2: vector.load %arg1
// OURS: scf.yield

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loops = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %pipelined = transform.loop.pipeline %loops {iteration_interval = 1, read_latency = 10} : (!transform.op<"scf.for">) -> !transform.any_op
    transform.yield
  }
}
