// What stream-K (stream-k=true) cannot compile: each is an error at the
// matmul that says why, with a non-zero exit and no output file.
// RUN: rm -f %t.out %t.hsaco %t.manifest.json
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="stream-k=true compute-units=6" --gemm-tile-workgroups -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
//
// Options that conflict: the split tail and stream-K both divide the grid's
// tail, and stream-K shares the tiled kernel's tiles.
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="stream-k=true split-tail=3 compute-units=6" -o %t.out 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not test -e %t.out
// SPLIT: stream-k-errors.mlir:{{[0-9]+}}:3: error: 'linalg.batch_matmul' op cannot be compiled with stream-k=true and split-tail=3: both divide the grid's tail; give one
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="stream-k=true kernel=skinny" -o %t.out 2>&1 | FileCheck %s --check-prefix=SKINNY
// RUN: not test -e %t.out
// SKINNY: stream-k-errors.mlir:{{[0-9]+}}:3: error: 'linalg.batch_matmul' op cannot be compiled with stream-k=true and kernel=skinny: stream-K shares the tiled kernel's tiles
// The pipeline stops at the same error and writes neither file.
// RUN: not gemm-opt %s --split-input-file --gemm-rdna3-pipeline="stream-k=true split-tail=2 hsaco=%t.hsaco" -o %t.out 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not test -e %t.out
// RUN: not test -e %t.hsaco
// RUN: not test -e %t.manifest.json
// PIPELINE: error: 'linalg.batch_matmul' op cannot be compiled with stream-k=true and split-tail=2
// A configuration written by hand with both is refused where it is used.
// RUN: gemm-opt %s --split-input-file --gemm-select-config="split-tail=3 compute-units=6" | sed 's/split_tail = 3,/split_tail = 3, stream_k = true,/' | not gemm-opt --split-input-file --gemm-tile-workgroups -o %t.out 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not test -e %t.out
// BOTH: error: 'linalg.matmul' op cannot be tiled with stream_k and split_tail=3: both divide the grid's tail; give one

// A batch is not an error (2 x 16 tiles on 6 CUs); the conflicting options
// above are, here first.
// CHECK-NOT: error: 'linalg.batch_matmul'
func.func @batch(%A: memref<2x512x256xf32>, %B: memref<2x256x512xf32>, %C: memref<2x512x512xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x512x256xf32>, memref<2x256x512xf32>)
                      outs(%C : memref<2x512x512xf32>)
  return
}

// -----

// The epilogue is applied to whole tiles and to the summed parts, whose
// sums start at +0.0: a -0.0 fill would lose the sign of an all -0.0 sum.
// CHECK: stream-k-errors.mlir:[[# @LINE + 5]]:3: error: 'linalg.matmul' op cannot be tiled with stream_k: stream-K cannot share the tail: its sums start at -0.0 (the fill of the epilogue's temporary), and its parts' sums at +0.0
func.func @epilogue_negative_zero(%A: memref<512x256xf32>, %B: memref<256x512xf32>, %C: memref<512x512xf32>, %alpha: f32, %beta: f32) {
  %zero = arith.constant -0.0 : f32
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

// -----

// Not an error: a grid of whole rounds has no tail, and is the
// data-parallel kernel's.
// CHECK: stream-k-errors.mlir:[[# @LINE + 2]]:3: remark: stream-K has no tail to share: its 24 tiles are whole rounds of 6 workgroups; the data-parallel kernel computes it
func.func @whole_rounds(%A: memref<700x256xf32>, %B: memref<256x512xf32>, %C: memref<700x512xf32>) {
  linalg.matmul ins(%A, %B : memref<700x256xf32>, memref<256x512xf32>)
                outs(%C : memref<700x512xf32>)
  return
}

// -----

// CHECK: stream-k-errors.mlir:[[# @LINE + 2]]:3: error: 'linalg.matmul' op cannot be tiled with stream_k: stream-K cannot share the tail: its sizes are not all static
func.func @dynamic(%A: memref<?x256xf32>, %B: memref<256x512xf32>, %C: memref<?x512xf32>) {
  linalg.matmul ins(%A, %B : memref<?x256xf32>, memref<256x512xf32>)
                outs(%C : memref<?x512xf32>)
  return
}
