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
