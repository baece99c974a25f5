// gemm-describe-launches on its own: it keeps the launch manifest in the
// gpu.binary's object properties and removes every gemm attribute, so that
// upstream tools can parse the module.
//
// RUN: rm -rf %t && split-file --leading-lines %s %t
// DEFINE: %{exit} = %python %S/../runtime/Inputs/exit-code.py
//
// The module the pass gets in the pipeline: one gpu.binary, without
// properties, and gemm-check-input's record on the host function.
// RUN: gemm-opt %t/matmul.mlir --gemm-rdna3-pipeline --mlir-print-ir-before=gemm-describe-launches -o /dev/null 2> %t/binary.mlir
// RUN: FileCheck %s --check-prefix=BEFORE < %t/binary.mlir
// RUN: not FileCheck %s --check-prefix=NOGEMM < %t/binary.mlir
// BEFORE: func.func @b_first({{.*}}) attributes {gemm.matmul = #gemm.matmul<m = 32, n = 16, k = 8,
// BEFORE: gpu.binary @b_first_skinny_kernel  [#gpu.object<#rocdl.target<{{[^>]*}}>, bin = "\7FELF
//
// RUN: gemm-opt %t/binary.mlir --gemm-describe-launches -o %t/described.mlir
// RUN: FileCheck %s < %t/described.mlir
// RUN: FileCheck %s --check-prefix=NOGEMM < %t/described.mlir
// NOGEMM-NOT: {{#gemm\.|gemm\.[a-z_]+ = }}
//
// The manifest's code object path is empty: gemm-emit-hsaco fills it in.
// The kernel takes C, A, B in the order the launch passes them, not the
// function's B, A, C; N = 16 gives it the skinny kernel.
// CHECK: func.func @b_first(%arg0: memref<8x16xf32>, %arg1: memref<32x8xf32>, %arg2: memref<32x16xf32>) {
// CHECK: gpu.launch_func  @b_first_skinny_kernel::@b_first_skinny_kernel blocks in (%{{.*}}) threads in (%{{.*}})  args(%arg2 : memref<32x16xf32>, %arg1 : memref<32x8xf32>, %arg0 : memref<8x16xf32>)
// CHECK: gpu.binary @b_first_skinny_kernel  [#gpu.object<#rocdl.target<{{.*}}>, properties = {manifest = "{\0A  \22format\22: \22gemm-opt-manifest-1\22,\0A  \22code_object\22: \22\22,\0A  \22kernel\22: \22b_first_skinny_kernel\22,\0A  \22chip\22: \22gfx1100\22,
// CHECK-SAME: \22problem\22: {\0A    \22m\22: 32,\0A    \22n\22: 16,\0A    \22k\22: 8,
// CHECK-SAME: \22args\22: [\0A    {\0A      \22index\22: 0,\0A      \22role\22: \22C\22,\0A      \22kind\22: \22global_buffer\22,\0A      \22offset\22: 0,
// CHECK-SAME: {\0A      \22index\22: 1,\0A      \22role\22: \22A\22,\0A      \22kind\22: \22global_buffer\22,\0A      \22offset\22: 8,
// CHECK-SAME: {\0A      \22index\22: 2,\0A      \22role\22: \22B\22,\0A      \22kind\22: \22global_buffer\22,\0A      \22offset\22: 16,
// CHECK-SAME: \22workgroup_size\22: [\0A    32,\0A    1,\0A    1\0A  ],\0A  \22grid\22: [\0A    16,\0A    1,\0A    1\0A  ],
// CHECK-SAME: \22scratch_bytes\22: 0\0A}\0A"}, bin = "\7FELF
//
// The recorded manifest is the one gemm-emit-hsaco builds from the IR
// without it, and the code object is unchanged.
// RUN: gemm-opt %t/binary.mlir --gemm-emit-hsaco="hsaco=%t/ir.hsaco" -o /dev/null
// RUN: gemm-opt %t/described.mlir --gemm-emit-hsaco="hsaco=%t/recorded.hsaco" -o /dev/null
// RUN: sed 's/ir\.hsaco/recorded.hsaco/' %t/ir.manifest.json | cmp - %t/recorded.manifest.json
// RUN: cmp %t/ir.hsaco %t/recorded.hsaco
//
// A binary already described is left as it is: the record it was described
// from is gone, so describing it again would fail.
// RUN: gemm-opt %t/described.mlir --gemm-describe-launches -o %t/twice.mlir
// RUN: cmp %t/described.mlir %t/twice.mlir
//
// Without a gpu.binary the pass only removes the gemm attributes: those
// named gemm.* and those whose value is a gemm attribute.
// RUN: gemm-opt %t/no-binary.mlir --gemm-describe-launches | FileCheck %s --check-prefix=NOBINARY
// RUN: gemm-opt %t/no-binary.mlir --gemm-describe-launches | FileCheck %s --check-prefix=NOGEMM
// NOBINARY: module attributes {keep.module = 1 : i64} {
// NOBINARY-NEXT: func.func @f(%arg0: memref<4xf32>) attributes {keep.func = "kept"} {
// NOBINARY-NEXT: arith.constant 0 : index
// NOBINARY-NEXT: arith.constant 1.000000e+00 : f32
// NOBINARY-NEXT: memref.store %{{.*}}, %arg0[%{{.*}}] {keep.op = 2 : i64} : memref<4xf32>
// NOBINARY-NEXT: return
//
// Several binaries are gemm-emit-hsaco's error, not this pass's: none is
// described, and the attributes go.
// RUN: gemm-opt %t/two-binaries.mlir --gemm-describe-launches -o %t/two.mlir
// RUN: FileCheck %s --check-prefix=TWO < %t/two.mlir
// RUN: FileCheck %s --check-prefix=NOGEMM < %t/two.mlir
// TWO: gpu.binary @first  [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "first">]
// TWO-NEXT: gpu.binary @second  [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "second">]
// TWO-NEXT: func.func @f() {
//
// Errors name the binary or the launch, and the exit code is 1.
// RUN: %{exit} gemm-opt %t/no-elf.mlir --gemm-describe-launches -o %t/no-elf.out.mlir | FileCheck %s --check-prefix=NOELF
// RUN: test ! -e %t/no-elf.out.mlir
// NOELF: no-elf.mlir:[[@LINE+37]]:3: error: gpu.binary @kernels holds no ELF code object: run gpu-module-to-binary with format=bin
// NOELF: exit=1
// RUN: %{exit} gemm-opt %t/no-record.mlir --gemm-describe-launches -o /dev/null | FileCheck %s --check-prefix=NORECORD
// NORECORD: no-record.mlir:[[@LINE+42]]:5: error: is not in a function with the 'gemm.matmul' attribute: run gemm-check-input before lowering
// NORECORD: exit=1
// RUN: %{exit} gemm-opt %t/not-launched.mlir --gemm-describe-launches -o /dev/null | FileCheck %s --check-prefix=NOTLAUNCHED
// NOTLAUNCHED: not-launched.mlir:[[@LINE+46]]:3: error: gpu.binary @kernels is not launched by any gpu.launch_func: nothing describes its arguments
// NOTLAUNCHED: exit=1

//--- matmul.mlir
func.func @b_first(%B: memref<8x16xf32>, %A: memref<32x8xf32>, %C: memref<32x16xf32>) {
  linalg.matmul ins(%A, %B : memref<32x8xf32>, memref<8x16xf32>)
                outs(%C : memref<32x16xf32>)
  return
}

//--- no-binary.mlir
module attributes {gemm.note = "dropped", keep.module = 1 : i64} {
  func.func @f(%A: memref<4xf32>) attributes {gemm.matmul = #gemm.matmul<m = 32, n = 16, k = 8, batch = 1, a = 1, b = 0, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 16, ldc = 16, alpha = 1.000000e+00, beta = 1.000000e+00>, keep.func = "kept"} {
    %c0 = arith.constant 0 : index
    %x = arith.constant 1.0 : f32
    memref.store %x, %A[%c0] {keep.op = 2 : i64, sizes = #gemm.problem<m = 1, n = 2, k = 3>} : memref<4xf32>
    return
  }
}

//--- two-binaries.mlir
module attributes {gpu.container_module} {
  gpu.binary @first [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "first">]
  gpu.binary @second [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "second">]
  func.func @f() attributes {gemm.matmul = #gemm.matmul<m = 32, n = 16, k = 8, batch = 1, a = 1, b = 0, c = 2, transpose_a = false, transpose_b = false, lda = 8, ldb = 16, ldc = 16, alpha = 1.000000e+00, beta = 1.000000e+00>} {
    return
  }
}

//--- no-elf.mlir
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#rocdl.target<chip = "gfx1100">, assembly = "s_endpgm">]
}

//--- no-record.mlir
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "not an ELF">]
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

//--- not-launched.mlir
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#rocdl.target<chip = "gfx1100">, bin = "not an ELF">]
}
