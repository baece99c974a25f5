// gemm-wgp-mode on its own: the kernels gemm-tile-skinny listed on their
// host function get their module's ROCDL features with -cumode in place of
// +cumode; the other kernels keep the module's.
//
// RUN: gemm-opt %s --split-input-file --verify-diagnostics --gemm-wgp-mode | FileCheck %s

// CHECK-LABEL: gpu.module @f_skinny_kernel
// CHECK: gpu.func @f_skinny_kernel() kernel attributes {target_features = #llvm.target_features<["+wavefrontsize32", "-cumode"]>}
// CHECK-LABEL: gpu.module @f_skinny_sum_kernel
// CHECK: gpu.func @f_skinny_sum_kernel() kernel {
// CHECK: func.func @f() {
module attributes {gpu.container_module} {
  gpu.module @f_skinny_kernel [#rocdl.target<chip = "gfx1101", features = "+cumode,+wavefrontsize32">] {
    gpu.func @f_skinny_kernel() kernel {
      gpu.return
    }
  }
  gpu.module @f_skinny_sum_kernel [#rocdl.target<chip = "gfx1101", features = "+cumode">] {
    gpu.func @f_skinny_sum_kernel() kernel {
      gpu.return
    }
  }
  func.func @f() attributes {gemm.wgp_mode_kernels = [@f_skinny_kernel]} {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_skinny_kernel::@f_skinny_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @f_skinny_sum_kernel::@f_skinny_sum_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A listed kernel the function does not launch.
module attributes {gpu.container_module} {
  gpu.module @f_skinny_kernel [#rocdl.target<chip = "gfx1101", features = "+cumode">] {
    gpu.func @f_skinny_kernel() kernel {
      gpu.return
    }
  }
  // expected-error @+1 {{'func.func' op lists kernel @g_skinny_kernel for WGP mode, but launches no such kernel}}
  func.func @f() attributes {gemm.wgp_mode_kernels = [@g_skinny_kernel]} {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_skinny_kernel::@f_skinny_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// expected-error @+1 {{'gemm.wgp_mode_kernels' must be an array of kernel symbols}}
func.func @h() attributes {gemm.wgp_mode_kernels = ["h_skinny_kernel"]} {
  return
}
