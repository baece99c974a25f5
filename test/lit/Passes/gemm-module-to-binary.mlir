// gemm-module-to-binary runs gpu-module-to-binary{format=bin} with a linker
// from a trusted place (the places themselves: pipeline/toolkit.test).
//
// RUN: gemm-opt %s --gemm-module-to-binary | FileCheck %s
// RUN: gemm-opt %s --gemm-module-to-binary="toolkit=%toolkit" | FileCheck %s
// CHECK: gpu.binary @kernels [#gpu.object<#rocdl.target<chip = "gfx1100", flags = {no_wave64}>, bin = "\7FELF
//
// A toolkit given without llvm/bin/ld.lld is an error that names it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not gemm-opt %s --gemm-module-to-binary="toolkit=%t" 2>&1 | FileCheck %s --check-prefix=NO-LLD
// NO-LLD: gemm-module-to-binary.mlir:[[@LINE+1]]:1: error: toolkit '{{.*}}' has no llvm/bin/ld.lld
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1100", flags = {no_wave64}>] {
    llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}
