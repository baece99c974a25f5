// The MLIR pass plugin in the stock mlir-opt of LLVM 22: our passes and the
// named pipeline are there, and the pipeline's code object is the one
// gemm-opt produces.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: mlir-opt --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --pass-pipeline="builtin.module(gemm-check-input)" | FileCheck %s --check-prefix=CHECKED
// RUN: mlir-opt --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --pass-pipeline="builtin.module(gemm-rdna3-pipeline{hsaco=%t/plugin.hsaco})" -o %t/plugin.mlir
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline="hsaco=%t/driver.hsaco" -o %t/driver.mlir
// RUN: cmp %t/plugin.hsaco %t/driver.hsaco
// RUN: llvm-readelf --notes %t/plugin.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/plugin.manifest.json
// RUN: mlir-opt --load-pass-plugin=%mlir_plugin --help | FileCheck %s --check-prefix=HELP
//
// Errors come out of the plugin as they do out of gemm-opt.
// RUN: not mlir-opt --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --pass-pipeline="builtin.module(gemm-rdna3-pipeline{chip=gfx90a})" 2>&1 | FileCheck %s --check-prefix=ERROR
//
// CHECKED: gemm.matmul = {a = 0 : i64, alpha = 1.000000e+00 : f32, b = 1 : i64, batch = 1 : i64, beta = 1.000000e+00 : f32, c = 2 : i64, k = 256 : i64, lda = 256 : i64, ldb = 256 : i64, ldc = 256 : i64, m = 256 : i64, n = 256 : i64, transpose_a = false, transpose_b = false}
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
// MANIFEST: "kernel": "sgemm_kernel",
// HELP: --gemm-check-input
// HELP: --gemm-emit-hsaco
// HELP: --gemm-rdna3-pipeline
// ERROR: sgemm_256.mlir:2:1: error: unknown chip 'gfx90a'
