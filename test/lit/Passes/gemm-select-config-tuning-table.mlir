// gemm-select-config with a gemm-tune table (docs/tuning-table.md): a matmul
// of a shape the table lists gets the entry's configuration, over the
// options' values; explicit kernel, tile or split-tail options win, and a
// matmul with an epilogue, dynamic sizes or another layout is chosen as
// without a table.
// RUN: gemm-opt %s --split-input-file --gemm-select-config=tuning-table=%S/Inputs/tuning-table.json | FileCheck %s
// RUN: gemm-opt %s --split-input-file --gemm-select-config="tuning-table=%S/Inputs/tuning-table.json bm=128 bn=128" | FileCheck %s --check-prefix=GIVEN
// RUN: gemm-opt %s --split-input-file --gemm-select-config="tuning-table=%S/Inputs/tuning-table.json prefetch=lds" | FileCheck %s --check-prefix=OVER
// Bad tables: an error that names the table and the entry, at the first
// function, and no output. The table is checked whole when it is read; an
// entry is checked again against the options it is applied over (with 4
// CUs, the 16 tiles of 512x512x512 are whole rounds, with no tail to split).
// RUN: rm -f %t.out
// RUN: not gemm-opt %s --split-input-file --gemm-rdna3-pipeline="tuning-table=%S/../tune/Inputs/bad-config.json" -o %t.out 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ls %t.out
// BAD: tuning-table.mlir:{{[0-9]+}}:1: error: tuning table '{{.*}}bad-config.json': entry 0 (256x256x256:nn) has options "kernel=tiled bm=60" that name no configuration for it: it cannot be tiled with bm=60: with 4 wave(s) along M, bm must be a multiple of 64 (waves x 4 lanes x 4-row sub-tiles)
// RUN: not gemm-opt %s --gemm-select-config="tuning-table=%S/../tune/Inputs/malformed.json" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: error: tuning table '{{.*}}malformed.json': not valid JSON: [2:13, byte=58]: Expected object key
// MALFORMED-NOT: error:
// RUN: not gemm-opt %s --gemm-select-config="tuning-table=%t.missing.json" 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read tuning table '{{.*}}missing.json': No such file or directory
// RUN: not gemm-opt %s --split-input-file --gemm-select-config="tuning-table=%S/Inputs/tuning-table.json compute-units=4" 2>&1 | FileCheck %s --check-prefix=UNITS
// UNITS: error: tuning table '{{.*}}tuning-table.json': the entry for 512x512x512:nn (options "kernel=tiled split-tail=2") cannot compile this matmul: the tail cannot be split: its 16 tiles are whole rounds of 4 workgroups

// The pipeline passes the option on.
// RUN: gemm-opt %s --split-input-file --gemm-rdna3-pipeline="tuning-table=%S/Inputs/tuning-table.json" -o /dev/null --mlir-print-ir-after=gemm-select-config 2>&1 | FileCheck %s

// The entry for 128x768x768:nt.
// CHECK-LABEL: func.func @listed_nt
// CHECK: gemm.config = #gemm.config<{{.*}}, kernel = skinny, plan = <{{[^>]*}}>>
// GIVEN-LABEL: func.func @listed_nt
// GIVEN: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, split_tail = {{[0-9]+}}>
func.func @listed_nt(%A: memref<128x768xf32>, %B: memref<768x768xf32>, %C: memref<128x768xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x768xf32>, memref<768x768xf32>) outs(%C : memref<128x768xf32>)
  return
}

// -----

// Not listed: the 256x256x256 entry's sizes with A transposed get the
// choice without a table.
// CHECK-LABEL: func.func @unlisted_layout
// CHECK: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1,
func.func @unlisted_layout(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// The entry's tile and wave grid; the options it does not name keep the
// options' values (prefetch).
// CHECK-LABEL: func.func @listed_tile
// CHECK: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8, waves_m = 2, waves_n = 2, pad = 4, unroll = 0, prefetch = registers, addressing = buffer
// OVER-LABEL: func.func @listed_tile
// OVER: gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8, waves_m = 2, waves_n = 2, pad = 4, unroll = 0, prefetch = lds, addressing = buffer
func.func @listed_tile(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// The entry's split of the tail.
// CHECK-LABEL: func.func @listed_split
// CHECK: gemm.config = #gemm.config<bm = 128, bn = 128, {{.*}}, split_tail = 2>
func.func @listed_split(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// A listed shape with an epilogue (C = 2 A x B): the table is for C += A x B,
// so the choice without a table.
// CHECK-LABEL: func.func @listed_epilogue
// CHECK: gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1,
func.func @listed_epilogue(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %T = memref.alloc() : memref<256x256xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<256x256xf32>)
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%T : memref<256x256xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<256x256xf32>) outs(%C : memref<256x256xf32>) {
  ^bb0(%t: f32, %c: f32):
    %r = arith.mulf %t, %two : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<256x256xf32>
  return
}
