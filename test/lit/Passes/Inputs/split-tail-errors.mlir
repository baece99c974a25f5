// What gemm-tile-workgroups cannot split (split-tail=3 compute-units=6; each
// of these has a tail on 6 CUs). The messages name why.

// CHECK: error: 'linalg.batch_matmul' op cannot be tiled with split_tail=3: the tail cannot be split: it covers 2-D matmuls (no batch)
func.func @batch(%A: memref<2x512x256xf32>, %B: memref<2x256x512xf32>, %C: memref<2x512x512xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x512x256xf32>, memref<2x256x512xf32>)
                      outs(%C : memref<2x512x512xf32>)
  return
}

// -----

// CHECK: error: 'linalg.matmul' op cannot be tiled with split_tail=3: the tail cannot be split: its sums start at -0.0 (the fill of the epilogue's temporary), and its parts' sums at +0.0
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

// CHECK: error: 'linalg.matmul' op cannot be tiled with split_tail=3: the tail cannot be split: its 24 tiles are whole rounds of 6 workgroups
func.func @whole_rounds(%A: memref<700x256xf32>, %B: memref<256x512xf32>, %C: memref<700x512xf32>) {
  linalg.matmul ins(%A, %B : memref<700x256xf32>, memref<256x512xf32>)
                outs(%C : memref<700x512xf32>)
  return
}

// -----

// CHECK: error: 'linalg.matmul' op cannot be tiled with split_tail=3: the tail cannot be split: split_tail=3 must be 1 (none) or 2..64 parts of at least two K steps each (k=32 has 4 steps of bk=8)
func.func @short(%A: memref<512x32xf32>, %B: memref<32x512xf32>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x32xf32>, memref<32x512xf32>)
                outs(%C : memref<512x512xf32>)
  return
}

// -----

// CHECK: error: 'linalg.matmul' op cannot be tiled with split_tail=3: the tail cannot be split: its sizes are not all static
func.func @dynamic(%A: memref<?x256xf32>, %B: memref<256x512xf32>, %C: memref<?x512xf32>) {
  linalg.matmul ins(%A, %B : memref<?x256xf32>, memref<256x512xf32>)
                outs(%C : memref<?x512xf32>)
  return
}
