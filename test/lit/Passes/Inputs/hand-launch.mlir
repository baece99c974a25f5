// A launch written by hand whose #gemm.config has a tile side no workgroup can
// stage (2^62 rows): the tiling passes take it for none of theirs and leave
// it alone, instead of overflowing its sizes (gemm-stage-lds.mlir runs it).
func.func @f(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    scf.for %k = %c1 to %c1 step %c1 {
      linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
    }
    gpu.terminator
  } {gemm.config = #gemm.config<bm = 4611686018427387904, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = 256, n = 256, k = 256>}
  return
}
