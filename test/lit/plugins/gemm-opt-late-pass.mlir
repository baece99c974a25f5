// gemm-opt links the late pass: the code generation inside
// gpu-module-to-binary runs it on the kernel. The simple kernel's loop has one
// multiply-add per step, so it holds no FMA block.
//
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline --gemm-amdgpu-vopd-report -o /dev/null 2>&1 | FileCheck %s
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline --gemm-amdgpu-vopd=0 --gemm-amdgpu-vopd-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
//
// CHECK: gemm-amdgpu-vopd: sgemm_kernel: no FMA block (innermost loop block with at least 8 FMAs)
// OFF-NOT: gemm-amdgpu-vopd:
