// RUN: gemm-opt %s --split-input-file --gemm-check-input --verify-diagnostics | FileCheck %s

// The shape and the operand argument indices are recorded on the function,
// wherever the operands sit in the argument list.
// CHECK-LABEL: func.func @records_shape
// CHECK-SAME: gemm.matmul = {a = 2 : i64, b = 0 : i64, c = 1 : i64, k = 32 : i64, m = 64 : i64, n = 16 : i64}
func.func @records_shape(%B: memref<32x16xf32>, %C: memref<64x16xf32>,
                         %A: memref<64x32xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @f16(%A: memref<64x32xf16>, %B: memref<32x16xf16>, %C: memref<64x16xf32>) {
  // expected-error @below {{'linalg.matmul' op has element types (A: 'f16', B: 'f16', C: 'f32'); gemm-opt supports f32 A, B and C only}}
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x16xf16>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @dynamic(%A: memref<?x32xf32>, %B: memref<32x16xf32>, %C: memref<?x16xf32>) {
  // expected-error @below {{operand A has dynamic shape 'memref<?x32xf32>'; gemm-opt supports static shapes only for now}}
  linalg.matmul ins(%A, %B : memref<?x32xf32>, memref<32x16xf32>)
                outs(%C : memref<?x16xf32>)
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

// expected-error @below {{no linalg.matmul to compile: gemm-opt expects a func.func containing one f32 linalg.matmul on memrefs}}
module {
  func.func @empty() {
    return
  }
}

// -----

func.func @two(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  // expected-note @below {{first matmul is here}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  // expected-error @below {{is a second matmul in the module: gemm-opt compiles one linalg.matmul per module, into one kernel}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @transposed(%A: memref<32x64xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{with user-defined indexing_maps (transposed operands) is not supported yet}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<32x64xf32>, memref<32x16xf32>)
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

func.func @strided(%A: memref<64x32xf32, strided<[64, 1]>>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error @below {{operand A has a non-identity layout}}
  linalg.matmul ins(%A, %B : memref<64x32xf32, strided<[64, 1]>>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return
}

// -----

func.func @batched(%A: memref<2x64x32xf32>, %B: memref<2x32x16xf32>, %C: memref<2x64x16xf32>) {
  // expected-error @below {{'linalg.batch_matmul' op is not supported yet: gemm-opt compiles linalg.matmul}}
  linalg.batch_matmul ins(%A, %B : memref<2x64x32xf32>, memref<2x32x16xf32>)
                      outs(%C : memref<2x64x16xf32>)
  return
}
