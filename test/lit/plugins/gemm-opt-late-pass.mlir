// gemm-opt links the late pass: the code generation inside
// gpu-module-to-binary runs it on the kernel. The tiled kernel's K loop holds
// 8 K steps x 8 x 16 FMAs per lane; the simple kernel's loop one
// multiply-add per step, so no FMA block.
//
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline --gemm-amdgpu-vopd-report -o /dev/null 2>&1 | FileCheck %s
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline=tile=false --gemm-amdgpu-vopd-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIMPLE
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline --gemm-amdgpu-vopd=0 --gemm-amdgpu-vopd-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
//
// CHECK: gemm-amdgpu-vopd: sgemm_kernel: FMA block %bb.{{[0-9]+}}: 1024 FMAs, {{[0-9]+}} in VOPD ({{[0-9]+}}%), {{[0-9]+}} VOPD instructions
// SIMPLE: gemm-amdgpu-vopd: sgemm_kernel: no FMA block (innermost loop block with at least 8 FMAs)
// OFF-NOT: gemm-amdgpu-vopd:
