// C = 2 A x B + C with every size known only at run time.
func.func @dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %alpha = arith.constant 2.0 : f32
  %T = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%T : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%t: f32, %c: f32):
    %s = arith.mulf %alpha, %t : f32
    %r = arith.addf %s, %c : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<?x?xf32>
  return
}
