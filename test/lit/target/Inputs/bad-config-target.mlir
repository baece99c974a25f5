// An input of errors.test: a #gemm.config whose target is an ISA, not a
// product.
func.func @f() attributes {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, target = "gfx1100">} {
  return
}
