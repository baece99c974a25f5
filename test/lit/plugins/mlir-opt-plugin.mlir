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
// As a dialect plugin it lets mlir-opt parse the gemm dialect's attributes:
// the tiling passes' IR round-trips.
// RUN: mlir-opt --load-dialect-plugin=%mlir_plugin --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --pass-pipeline="builtin.module(func.func(gemm-select-config{bm=64},gemm-tile-workgroups))" -o %t/tiled.mlir
// RUN: mlir-opt --load-dialect-plugin=%mlir_plugin %t/tiled.mlir | FileCheck %s --check-prefix=DIALECT
//
// The dialect plugin also registers the gemm transform ops: the pipeline as a
// transform script gives, in the stock mlir-opt, gemm-opt's code object.
// RUN: sed 's|emit_binary %%targeted :|emit_binary %%targeted with options = "hsaco=%t/script.hsaco" :|' %examples/transform/rdna3-lowering.mlir > %t/script.mlir
// RUN: grep -q 'hsaco=%t/script.hsaco' %t/script.mlir
// RUN: mlir-opt --load-dialect-plugin=%mlir_plugin --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --transform-preload-library=transform-library-paths=%t/script.mlir --transform-interpreter -o /dev/null
// RUN: cmp %t/script.hsaco %t/driver.hsaco
//
// Errors come out of the plugin as they do out of gemm-opt.
// RUN: not mlir-opt --load-pass-plugin=%mlir_plugin %examples/sgemm_256.mlir --pass-pipeline="builtin.module(gemm-rdna3-pipeline{chip=gfx90a})" 2>&1 | FileCheck %s --check-prefix=ERROR
//
// CHECKED: gemm.matmul = #gemm.matmul<m = 256, n = 256, k = 256, batch = 1, a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, lda = 256, ldb = 256, ldc = 256, alpha = 1.000000e+00, beta = 1.000000e+00>
// DIALECT: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>, gemm.problem = #gemm.problem<m = 256, n = 256, k = 256>
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
// MANIFEST: "kernel": "sgemm_kernel",
// HELP: --gemm-check-input
// HELP: --gemm-emit-hsaco
// HELP: --gemm-rdna3-pipeline
// ERROR: sgemm_256.mlir:2:1: error: unknown chip 'gfx90a'
