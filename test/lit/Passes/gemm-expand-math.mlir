// RUN: gemm-opt %s --split-input-file --gemm-expand-math | FileCheck %s

// tanh and erf become f32 polynomials (fma chains), on scalars and on the
// vectors of the tiled kernel's store, so that no call to the device
// library's __ocml_tanh_f32 or __ocml_erf_f32 is left for the ROCDL lowering.
// CHECK-LABEL: func.func @tanh_erf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: math.fma {{.*}} : vector<4xf32>
// CHECK: arith.divf {{.*}} fastmath<arcp,afn> : vector<4xf32>
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: return
func.func @tanh_erf(%x: vector<4xf32>, %y: f32) -> (vector<4xf32>, f32) {
  %t = math.tanh %x : vector<4xf32>
  %e = math.erf %y : f32
  return %t, %e : vector<4xf32>, f32
}

// -----

// rsqrt becomes one over sqrt, a quotient of the expansion: afn and arcp
// let the backend take the hardware reciprocal. The program's own division
// keeps IEEE rounding. exp, sqrt, absf and fma, which lower to LLVM
// intrinsics the AMDGPU backend compiles, stay.
// CHECK-LABEL: func.func @rsqrt_and_kept
// CHECK: %[[SQRT:.*]] = math.sqrt %arg0 : f32
// CHECK: arith.divf %{{.*}}, %[[SQRT]] fastmath<arcp,afn> : f32
// CHECK: math.exp
// CHECK: math.absf
// CHECK: math.fma
// CHECK: arith.divf %arg0, %{{.*}} : f32{{$}}
// CHECK-NOT: math.rsqrt
func.func @rsqrt_and_kept(%x: f32) -> f32 {
  %r = math.rsqrt %x : f32
  %e = math.exp %r : f32
  %a = math.absf %e : f32
  %f = math.fma %a, %a, %x : f32
  %q = arith.divf %x, %f : f32
  return %q : f32
}

// -----

// 1 + tanh(u), GELU's tanh form, becomes 2 / (1 + exp(-2u)), exactly: no
// tanh polynomial is left, the constant that scales u takes the -2 (here
// 0.7978845608 x -2), and the quotient is the hardware reciprocal's. tanh
// alone and a sum with another constant keep the polynomial.
// CHECK-LABEL: func.func @one_plus_tanh
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<-1.59576917> : vector<4xf32>
// CHECK: %[[S:.*]] = arith.mulf %arg0, %[[K]] : vector<4xf32>
// CHECK: %[[E:.*]] = math.exp %[[S]] fastmath<arcp,afn> : vector<4xf32>
// CHECK: %[[D:.*]] = arith.addf %[[E]], %[[ONE]] : vector<4xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[TWO]], %[[D]] fastmath<arcp,afn> : vector<4xf32>
// CHECK-NOT: math.tanh
// CHECK: math.fma
// CHECK: return %[[Q]]
func.func @one_plus_tanh(%x: vector<4xf32>, %y: f32)
    -> (vector<4xf32>, f32, f32) {
  %k0 = arith.constant dense<0.7978845608> : vector<4xf32>
  %one = arith.constant dense<1.0> : vector<4xf32>
  %u = arith.mulf %x, %k0 : vector<4xf32>
  %t = math.tanh %u : vector<4xf32>
  %v = arith.addf %one, %t : vector<4xf32>
  %alone = math.tanh %y : f32
  %c2 = arith.constant 2.0 : f32
  %ty = math.tanh %y : f32
  %w = arith.addf %ty, %c2 : f32
  return %v, %alone, %w : vector<4xf32>, f32, f32
}
