// RUN: gemm-opt %s --split-input-file --gemm-check-input --verify-diagnostics | FileCheck %s

// The shape and the operand argument indices are recorded on the function,
// wherever the operands sit in the argument list.
// CHECK-LABEL: func.func @records_shape
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 64, n = 16, k = 32, batch = 1, a = 2, b = 0, c = 1, transpose_a = false, transpose_b = false, lda = 32, ldb = 16, ldc = 16, alpha = 1.000000e+00, beta = 1.000000e+00>
func.func @records_shape(%B: memref<32x16xf32>, %C: memref<64x16xf32>,
                         %A: memref<64x32xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @f16(%A: memref<64x32xf16>, %B: memref<32x16xf16>, %C: memref<64x16xf32>) {
  // expected-error @below {{'linalg.matmul' op has element types (A: 'f16', B: 'f16', C: 'f32'); gemm-opt supports f32 A, B and C only (f16, bf16, integer and mixed types are not supported)}}
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x16xf16>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

// Sizes known only at run time are recorded as -1; a size static in one
// operand (K in B) is static.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = ?, n = ?, k = 32, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = ?, ldb = ?, ldc = ?, alpha = 1.000000e+00, beta = 1.000000e+00>
func.func @dynamic(%A: memref<?x?xf32>, %B: memref<32x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<32x?xf32>)
                outs(%C : memref<?x?xf32>)
  return
}

// -----

func.func @tensors(%A: tensor<64x32xf32>, %B: tensor<32x16xf32>, %C: tensor<64x16xf32>) -> tensor<64x16xf32> {
  // expected-error @below {{on tensors is not supported: gemm-opt compiles linalg.matmul on memrefs (bufferize first)}}
  %0 = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%C : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %0 : tensor<64x16xf32>
}

// -----

// expected-error @below {{no linalg.matmul to compile: gemm-opt expects a func.func containing one f32 linalg.matmul or linalg.batch_matmul on memrefs}}
module {
  func.func @empty() {
    return
  }
}

// -----

func.func @two(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  // expected-note @below {{first matmul is here}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  // expected-error @below {{is a second matmul in the module: gemm-opt compiles one linalg.matmul or linalg.batch_matmul per module, into one kernel}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// Transposes through the indexing maps; leading dimensions through strided
// layouts. A is stored K x M here, B N x K.
// CHECK-LABEL: func.func @transposed_strided
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 64, n = 16, k = 32, batch = 1, a = 0, b = 1, c = 2, transpose_a = true, transpose_b = true, lda = 80, ldb = 32, ldc = 20, alpha = 1.000000e+00, beta = 1.000000e+00>
func.func @transposed_strided(%A: memref<32x64xf32, strided<[80, 1]>>, %B: memref<16x32xf32>,
                              %C: memref<64x16xf32, strided<[20, 1]>>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<32x64xf32, strided<[80, 1]>>, memref<16x32xf32>)
                outs(%C : memref<64x16xf32, strided<[20, 1]>>)
  return
}

// -----

func.func @transposed_c(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<16x64xf32>) {
  // expected-error @below {{'linalg.matmul' op has indexing maps gemm-opt does not support: A must be M x K or K x M (transposed), B K x N or N x K (transposed) and C M x N}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (n, m)>]
                ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<16x64xf32>)
  return
}

// -----

func.func @broadcast(%A: memref<32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{has indexing maps gemm-opt does not support}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @local_buffer(%A: memref<64x32xf32>, %B: memref<32x16xf32>) {
  %C = memref.alloc() : memref<64x16xf32>
  // expected-error @below {{operand C must be an argument of the enclosing function, so that the kernel can take it as a buffer argument}}
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

// rows x ld beyond 64 bits: the batches overlap (the product overflowed).
func.func @overflowing_batch(%A: memref<2x4611686018427387904x4xf32, strided<[4, 4, 1]>>, %B: memref<2x4x4xf32>, %C: memref<2x4611686018427387904x4xf32>) {
  // expected-error @below {{operand A has layout strided<[4, 4, 1]>; gemm-opt supports row-major memrefs}}
  linalg.batch_matmul ins(%A, %B : memref<2x4611686018427387904x4xf32, strided<[4, 4, 1]>>, memref<2x4x4xf32>)
                      outs(%C : memref<2x4611686018427387904x4xf32>)
  return
}

// -----

func.func @overlapping_rows(%A: memref<64x32xf32, strided<[16, 1]>>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{operand A has layout strided<[16, 1]>; gemm-opt supports row-major memrefs with offset 0: the identity layout, or a leading dimension (strided<[ld, 1]>, ld >= columns; batched: strided<[batch stride, ld, 1]>, batch stride >= rows x ld), static or `?` (a kernel argument)}}
  linalg.matmul ins(%A, %B : memref<64x32xf32, strided<[16, 1]>>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @offset(%A: memref<64x32xf32>, %B: memref<32x16xf32, strided<[16, 1], offset: 4>>, %C: memref<64x16xf32>) {
  // expected-error @below {{operand B has layout strided<[16, 1], offset: 4>}}
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32, strided<[16, 1], offset: 4>>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @column_major(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32, strided<[1, 64]>>) {
  // expected-error @below {{operand C has layout strided<[1, 64]>}}
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32, strided<[1, 64]>>)
  return
}

// -----

// A leading dimension given at run time, with a dynamic batch.
// CHECK-LABEL: func.func @dynamic_ld
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 16, n = 16, k = 32, batch = ?, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = ?, ldb = 16, ldc = 16, batch_stride_a = ?, batch_stride_b = 512, batch_stride_c = 512, alpha = 1.000000e+00, beta = 1.000000e+00>
func.func @dynamic_ld(%A: memref<?x16x32xf32, strided<[?, ?, 1]>>, %B: memref<?x32x16xf32>, %C: memref<?x16x16xf32, strided<[512, 16, 1]>>) {
  linalg.batch_matmul ins(%A, %B : memref<?x16x32xf32, strided<[?, ?, 1]>>, memref<?x32x16xf32>)
                      outs(%C : memref<?x16x16xf32, strided<[512, 16, 1]>>)
  return
}

// -----

func.func @dynamic_offset(%A: memref<?x?xf32, strided<[?, 1], offset: ?>>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  // expected-error @below {{operand A has layout strided<[?, 1], offset: ?>}}
  linalg.matmul ins(%A, %B : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32>)
                outs(%C : memref<?x?xf32>)
  return
}

// -----

// A batch of 2 with transposed A; the batch stride of C leaves a gap.
// CHECK-LABEL: func.func @batched
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 64, n = 16, k = 32, batch = 2, a = 0, b = 1, c = 2, transpose_a = true, transpose_b = false, lda = 64, ldb = 16, ldc = 16, batch_stride_a = 2048, batch_stride_b = 512, batch_stride_c = 1100, alpha = 1.000000e+00, beta = 1.000000e+00>
func.func @batched(%A: memref<2x32x64xf32>, %B: memref<2x32x16xf32>, %C: memref<2x64x16xf32, strided<[1100, 16, 1]>>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>,
                                       affine_map<(b, m, n, k) -> (b, k, n)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
                      ins(%A, %B : memref<2x32x64xf32>, memref<2x32x16xf32>)
                      outs(%C : memref<2x64x16xf32, strided<[1100, 16, 1]>>)
  return
}

// -----

func.func @overlapping_batches(%A: memref<2x64x32xf32, strided<[1000, 32, 1]>>, %B: memref<2x32x16xf32>, %C: memref<2x64x16xf32>) {
  // expected-error @below {{'linalg.batch_matmul' op operand A has layout strided<[1000, 32, 1]>}}
  linalg.batch_matmul ins(%A, %B : memref<2x64x32xf32, strided<[1000, 32, 1]>>, memref<2x32x16xf32>)
                      outs(%C : memref<2x64x16xf32>)
  return
}

// -----

func.func @broadcast_batch(%A: memref<64x32xf32>, %B: memref<2x32x16xf32>, %C: memref<2x64x16xf32>) {
  // expected-error @below {{'linalg.batch_matmul' op has indexing maps gemm-opt does not support: A must be M x K or K x M (transposed), B K x N or N x K (transposed) and C M x N, each batched over the first loop}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>,
                                       affine_map<(b, m, n, k) -> (b, k, n)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
                      ins(%A, %B : memref<64x32xf32>, memref<2x32x16xf32>)
                      outs(%C : memref<2x64x16xf32>)
  return
}

// -----

func.func @matvec(%A: memref<64x32xf32>, %x: memref<32xf32>, %y: memref<64xf32>) {
  // expected-error @below {{'linalg.matvec' op is not supported: gemm-opt compiles linalg.matmul and linalg.batch_matmul (transposes through their indexing_maps), and linalg.generic or linalg.contract ops that compute one}}
  linalg.matvec ins(%A, %x : memref<64x32xf32>, memref<32xf32>) outs(%y : memref<64xf32>)
  return
}

// -----

// A matmul as a linalg.generic is for gemm-specialize-generic (the pipeline
// runs it first).
func.func @generic_matmul(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{'linalg.generic' op is a matmul written as linalg.generic: run gemm-specialize-generic first (gemm-rdna3-pipeline does)}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Generics with a reduction that are not a matmul say why.
func.func @generic_c_transposed(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<16x64xf32>) {
  // expected-error @below {{'linalg.generic' op is a contraction gemm-opt cannot compile as a matmul: it indexes its operands in a layout gemm-opt does not support: A must be M x K or K x M (transposed), B K x N or N x K (transposed) and C M x N, with the batch loop, if any, first in each}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (n, m)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @generic_not_mul_add(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{'linalg.generic' op is a contraction gemm-opt cannot compile as a matmul: it does not compute c + a * b: its body must be one arith.mulf of the two input elements and one arith.addf of the product and the output element, yielded}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = math.fma %a, %b, %c : f32
    linalg.yield %p : f32
  }
  return
}

// -----

// Two reduction loops (a matmul of 3-D A and B over two K dimensions).
func.func @generic_two_reductions(%A: memref<64x4x8xf32>, %B: memref<4x8x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{'linalg.generic' op is a contraction gemm-opt cannot compile as a matmul: it is not a matmul over its loops: it must have one reduction loop k of A and B, one loop m of A and C, one loop n of B and C and at most one batch loop of all three, each operand indexed by its loops alone}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k, l) -> (m, k, l)>,
                                   affine_map<(m, n, k, l) -> (k, l, n)>,
                                   affine_map<(m, n, k, l) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : memref<64x4x8xf32>, memref<4x8x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A reduction of one input (a row sum) is not a matmul either.
func.func @generic_row_sum(%A: memref<64x32xf32>, %y: memref<64xf32>) {
  // expected-error @below {{'linalg.generic' op is a contraction gemm-opt cannot compile as a matmul: it has 1 input and 1 output, where a matmul has 2 (A, B) and 1 (C)}}
  linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>,
                                   affine_map<(m, k) -> (m)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<64x32xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %s, %a : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// C = alpha * A x B + beta * C: the matmul writes a zero-filled temporary and
// a linalg.generic right after it combines the two. alpha and beta here are
// arguments of the function (kernel arguments), recorded by index.
// CHECK-LABEL: func.func @alpha_beta_args
// CHECK-SAME: gemm.matmul = #gemm.matmul<{{.*}}, k = 32, batch = 1, a = 0, b = 1, c = 2, {{.*}}, alpha = arg3, beta = arg4>
func.func @alpha_beta_args(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>,
                           %alpha: f32, %beta: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %bc = arith.mulf %c, %beta : f32
    %r = arith.addf %bc, %at : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<64x16xf32>
  return
}

// -----

// Constants; no C term is beta = 0.
// CHECK-LABEL: func.func @alpha_only
// CHECK-SAME: gemm.matmul = #gemm.matmul<{{.*}}, batch = 1, a = 0, b = 1, c = 2, {{.*}}, alpha = 2.500000e+00, beta = 0.000000e+00>
func.func @alpha_only(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %alpha = arith.constant 2.5 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %r = arith.mulf %t, %alpha : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @fill_not_zero(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %one = arith.constant 1.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  // expected-error @below {{'linalg.fill' op fills the matmul's temporary with something other than the constant 0.0; gemm-opt fuses C = alpha * A x B + beta * C only from a zero-filled temporary}}
  linalg.fill ins(%one : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %r = arith.addf %t, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @not_fusable(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    // expected-error @below {{'math.sin' op is not an operation gemm-opt fuses into the matmul's store (an epilogue's body may hold arith.addf, subf, mulf, divf, maximumf, minimumf, maxnumf, minnumf, negf, cmpf, select and constant; math.exp, tanh, erf, absf, sqrt, rsqrt and fma, on f32 values and i1 conditions)}}
    %s = math.sin %t : f32
    %r = arith.subf %s, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @epilogue_integer(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    // expected-error @below {{'arith.constant' op computes on 'i32'; gemm-opt fuses epilogues on f32 values and i1 conditions}}
    %one = arith.constant 1 : i32
    %p = arith.cmpf ogt, %t, %c : f32
    %r = arith.select %p, %t, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @epilogue_outside_value(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %s: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    // expected-error @below {{'arith.maximumf' op uses a value from outside the epilogue's body that is not a constant; pass it as an operand of the linalg.generic (a 0-d memref for a scalar)}}
    %r = arith.maximumf %t, %s : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @epilogue_reduction(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %y: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  // expected-error @below {{'linalg.generic' op is a contraction gemm-opt cannot compile as a matmul: it has 1 input and 1 output, where a matmul has 2 (A, B) and 1 (C)}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%T : memref<64x16xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%t: f32, %s: f32):
    %r = arith.addf %t, %s : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @epilogue_transpose_op(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  // expected-error @below {{'linalg.transpose' op reads the matmul's result but is not an elementwise linalg.generic directly after the matmul, the one epilogue gemm-opt fuses; it would drop this op}}
  linalg.transpose ins(%T : memref<64x16xf32>) outs(%C : memref<16x64xf32>) permutation = [1, 0]
  return
}

// -----

func.func @epilogue_operand_not_argument(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  %bias = memref.alloc() : memref<16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  // expected-error @below {{'linalg.generic' op reads operand #1, which is not an argument of the enclosing function; the kernel takes an epilogue's operands as buffer arguments}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T, %bias : memref<64x16xf32>, memref<16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %b: f32, %c: f32):
    %r = arith.addf %t, %b : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @epilogue_operand_layout(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %bias: memref<16xf32, strided<[2]>>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  // expected-error @below {{'linalg.generic' op reads operand #1 of type 'memref<16xf32, strided<[2]>>'; gemm-opt fuses epilogue operands that are f32 memrefs of static shape, identity layout and default memory space, whose sizes are those of the loops they are read along}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T, %bias : memref<64x16xf32>, memref<16xf32, strided<[2]>>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %b: f32, %c: f32):
    %r = arith.addf %t, %b : f32
    linalg.yield %r : f32
  }
  return
}

// -----

func.func @temporary_without_epilogue(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  // expected-error @below {{'memref.copy' op reads the matmul's result but is not an elementwise linalg.generic directly after the matmul, the one epilogue gemm-opt fuses; it would drop this op}}
  memref.copy %T, %C : memref<64x16xf32> to memref<64x16xf32>
  return
}

// -----

// An empty problem is refused, naming the dimension.
func.func @zero_m(%A: memref<0x16xf32>, %B: memref<16x16xf32>, %C: memref<0x16xf32>) {
  // expected-error @below {{'linalg.matmul' op has a zero-sized dimension: m = 0; gemm-opt compiles sizes of at least 1}}
  linalg.matmul ins(%A, %B : memref<0x16xf32>, memref<16x16xf32>) outs(%C : memref<0x16xf32>)
  return
}

// -----

func.func @zero_k(%A: memref<16x0xf32>, %B: memref<0x16xf32>, %C: memref<16x16xf32>) {
  // expected-error @below {{'linalg.matmul' op has a zero-sized dimension: k = 0; gemm-opt compiles sizes of at least 1}}
  linalg.matmul ins(%A, %B : memref<16x0xf32>, memref<0x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

func.func @zero_batch(%A: memref<0x16x16xf32>, %B: memref<0x16x16xf32>, %C: memref<0x16x16xf32>) {
  // expected-error @below {{'linalg.batch_matmul' op has a zero-sized dimension: batch = 0; gemm-opt compiles sizes of at least 1}}
  linalg.batch_matmul ins(%A, %B : memref<0x16x16xf32>, memref<0x16x16xf32>) outs(%C : memref<0x16x16xf32>)
  return
}

// -----

// 2^63 - 1 rows: A's 16 x (2^63 - 1) elements overflow 64-bit offsets.
func.func @huge_m(%A: memref<9223372036854775807x16xf32>, %B: memref<16x16xf32>, %C: memref<9223372036854775807x16xf32>) {
  // expected-error @below {{'linalg.matmul' op operand A ('memref<9223372036854775807x16xf32>') spans more bytes than a signed 64-bit offset holds}}
  linalg.matmul ins(%A, %B : memref<9223372036854775807x16xf32>, memref<16x16xf32>) outs(%C : memref<9223372036854775807x16xf32>)
  return
}

// -----

// The elements fit but their bytes do not.
func.func @huge_bytes(%A: memref<4611686018427387904x1xf32>, %B: memref<1x1xf32>, %C: memref<4611686018427387904x1xf32>) {
  // expected-error @below {{'linalg.matmul' op operand A ('memref<4611686018427387904x1xf32>') spans more bytes than a signed 64-bit offset holds}}
  linalg.matmul ins(%A, %B : memref<4611686018427387904x1xf32>, memref<1x1xf32>) outs(%C : memref<4611686018427387904x1xf32>)
  return
}

// -----

// The kernel runs the matmul once and nothing else, so
// whatever it would not run is refused. A linalg.fill of C with 0.0 directly
// before the matmul is C = A x B: it becomes the beta = 0 epilogue (the
// matmul writes a zero-filled temporary that a generic copies to C), which
// the kernel stores without reading C.
// CHECK-LABEL: func.func @zero_fill_c
// CHECK-SAME: gemm.matmul = #gemm.matmul<{{.*}}, batch = 1, a = 0, b = 1, c = 2, {{.*}}, alpha = 1.000000e+00, beta = 0.000000e+00>
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK-NEXT: %[[T:.*]] = memref.alloc() : memref<64x16xf32>
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[T]] : memref<64x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<64x32xf32>, memref<32x16xf32>) outs(%[[T]] : memref<64x16xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[T]] : memref<64x16xf32>) outs(%arg2 : memref<64x16xf32, strided<[20, 1]>>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: memref.dealloc %[[T]] : memref<64x16xf32>
// CHECK-NEXT: return
func.func @zero_fill_c(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32, strided<[20, 1]>>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32, strided<[20, 1]>>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32, strided<[20, 1]>>)
  return
}

// -----

// The temporary takes C's dynamic sizes; batched as well.
// CHECK-LABEL: func.func @zero_fill_c_dynamic
// CHECK-SAME: beta = 0.000000e+00>
// CHECK: %[[B:.*]] = memref.dim %arg2, %c0
// CHECK: %[[M:.*]] = memref.dim %arg2, %c1
// CHECK: %[[N:.*]] = memref.dim %arg2, %c2
// CHECK-NEXT: %[[T:.*]] = memref.alloc(%[[B]], %[[M]], %[[N]]) : memref<?x?x?xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<?x?x?xf32>)
// CHECK-NEXT: linalg.batch_matmul ins(%arg0, %arg1 : memref<?x?x32xf32>, memref<?x32x?xf32>) outs(%[[T]] : memref<?x?x?xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[T]] : memref<?x?x?xf32>) outs(%arg2 : memref<?x?x?xf32>)
func.func @zero_fill_c_dynamic(%A: memref<?x?x32xf32>, %B: memref<?x32x?xf32>, %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.batch_matmul ins(%A, %B : memref<?x?x32xf32>, memref<?x32x?xf32>) outs(%C : memref<?x?x?xf32>)
  return
}

// -----

// Ops without side effects may sit between the fill and the matmul.
// CHECK-LABEL: func.func @zero_fill_c_pure_between
// CHECK-SAME: beta = 0.000000e+00>
func.func @zero_fill_c_pure_between(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32>)
  %unused = arith.constant 1 : index
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @fill_c_one(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-error @below {{'linalg.fill' op writes C (argument 2) before the matmul; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op (a linalg.fill of C with the constant 0.0 directly before the matmul is compiled, as C = A x B: beta = 0)}}
  linalg.fill ins(%one : f32) outs(%C : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

// A fill of 0.0 that something with side effects separates from the matmul.
func.func @fill_c_not_directly_before(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %D: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{'linalg.fill' op writes C (argument 2) before the matmul; gemm-opt compiles only a lone linalg.matmul per function}}
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32>)
  memref.copy %D, %A : memref<64x32xf32> to memref<64x32xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @fill_c_after(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  // expected-error @below {{'linalg.fill' op writes C (argument 2) after the matmul; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32>)
  return
}

// -----

// With an epilogue the fill of C is not beta = 0: the epilogue reads C.
func.func @fill_c_with_epilogue(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  // expected-error @below {{'linalg.fill' op writes C (argument 2) before the matmul; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32>)
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %r = arith.addf %t, %c : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<64x16xf32>
  return
}

// -----

func.func @in_loop(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @below {{'scf.for' is here}}
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @below {{'linalg.matmul' op is inside 'scf.for'; gemm-opt compiles a lone linalg.matmul per function, run once per launch, and would drop the 'scf.for' around it}}
    linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  }
  return
}

// -----

func.func @in_condition(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %p: i1) {
  // expected-note @below {{'scf.if' is here}}
  scf.if %p {
    // expected-error @below {{'linalg.matmul' op is inside 'scf.if'; gemm-opt compiles a lone linalg.matmul per function, run once per launch, and would drop the 'scf.if' around it}}
    linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  }
  return
}

// -----

func.func @branches(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %p: i1) {
  cf.cond_br %p, ^run, ^done
^run:
  // expected-error @below {{'linalg.matmul' op is in a function of 3 blocks; gemm-opt compiles a lone linalg.matmul per function, run once per launch, and would drop the control flow around it}}
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  cf.br ^done
^done:
  return
}

// -----

// Reads and writes through a view are of the viewed argument.
func.func @store_to_b_view(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  %v = memref.subview %B[0, 0] [8, 8] [1, 1] : memref<32x16xf32> to memref<8x8xf32, strided<[16, 1]>>
  // expected-error @below {{'memref.store' op writes B (argument 1) after the matmul; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  memref.store %one, %v[%c0, %c0] : memref<8x8xf32, strided<[16, 1]>>
  return
}

// -----

func.func @copy_c_out(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %D: memref<64x16xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  // expected-error @below {{'memref.copy' op reads C (argument 2) after the matmul; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  memref.copy %C, %D : memref<64x16xf32> to memref<64x16xf32>
  return
}

// -----

func.func private @external(memref<64x16xf32>)

func.func @call(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  // expected-error @below {{'func.call' op has side effects gemm-opt cannot see (it may read or write A, B or C); gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  func.call @external(%C) : (memref<64x16xf32>) -> ()
  return
}

// -----

// Side effects on other memory are dropped just the same.
func.func @store_elsewhere(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %D: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @below {{'memref.store' op has side effects; gemm-opt compiles only a lone linalg.matmul per function (with its elementwise epilogue) and would drop this op}}
  memref.store %one, %D[%c0] : memref<4xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @returns_value(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) -> f32 {
  %one = arith.constant 1.0 : f32
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  // expected-error @below {{'func.return' op returns a value; gemm-opt compiles the function into a kernel, which returns nothing, and would drop it}}
  return %one : f32
}

// -----

func.func @sgemm(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// expected-error @below {{'func.func' op @caller has a body but no matmul; gemm-opt compiles the function holding the matmul into a kernel and would drop this one (declarations are fine)}}
func.func @caller(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  func.call @sgemm(%A, %B, %C) : (memref<64x32xf32>, memref<32x16xf32>, memref<64x16xf32>) -> ()
  return
}

// -----

// An epilogue beyond alpha/beta (here C = max(A x B + bias(n), 0)) is
// recorded as #gemm.epilogue: the bias is function argument 3, read along n,
// and the body is written as steps on T, C and E0 (the bias's element).
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME: gemm.epilogue = #gemm.epilogue<operands = [3], dims = {{\[\[}}"n"]], body = ["%0 = arith.addf T, E0", "%1 = arith.constant 0.000000000e+00", "%2 = arith.maximumf %0, %1", "yield %2"]>
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 64, n = 16, k = 32, {{.*}} alpha = 1.000000e+00, beta = 0.000000e+00>
func.func @bias_relu(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %bias: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T, %bias : memref<64x16xf32>, memref<16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%t: f32, %b: f32, %c: f32):
    %s = arith.addf %t, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<64x16xf32>
  return
}

// -----

// The matmul's temporary need not be the generic's first input: the inputs,
// their maps and the body's arguments are permuted so that it is, and the
// bias (written first) becomes E0.
// CHECK-LABEL: func.func @bias_first
// CHECK-SAME: gemm.epilogue = #gemm.epilogue<operands = [3], dims = {{\[\[}}"n"]], body = ["%0 = arith.subf T, E0", "yield %0"]>
// CHECK: linalg.matmul
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[T:.*]], %arg3 : memref<64x16xf32>, memref<16xf32>) outs(%arg2 : memref<64x16xf32>)
// CHECK-NEXT: ^bb0(%[[TV:.*]]: f32, %[[BV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.subf %[[TV]], %[[BV]] : f32
func.func @bias_first(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %bias: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%T : memref<64x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%bias, %T : memref<16xf32>, memref<64x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%b: f32, %t: f32, %c: f32):
    %r = arith.subf %t, %b : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<64x16xf32>
  return
}
