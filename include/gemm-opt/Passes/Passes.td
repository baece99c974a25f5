//===- Passes.td - gemm-opt MLIR passes --------------------*- tablegen -*-===//
//
// The MLIR passes of gemm-opt. Each pass lives in its own file in lib/Passes and
// has its own lit test in test/lit/Passes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_TD
#define GEMM_OPT_PASSES_TD

include "mlir/Pass/PassBase.td"

def GemmCheckInput : Pass<"gemm-check-input", "ModuleOp"> {
  let summary = "Check that the module holds one f32 linalg.matmul gemm-opt "
                "can compile, and record its shape and operands";
  let description = [{
    The first pass of `gemm-rdna3-pipeline`. It rejects, with a diagnostic at the
    offending operation, everything the later passes cannot compile: no or more
    than one `linalg.matmul`, matmuls on tensors, element types other than f32,
    dynamic shapes, non-identity layouts, user-defined indexing maps
    (transposes), operands that are not arguments of the enclosing function,
    chips that are not RDNA3 and code object versions other than 4, 5 and 6.

    On success it records the problem on the enclosing `func.func` as the
    `gemm.matmul` attribute: sizes `m`, `n`, `k` and the argument index of each
    operand. `gemm-emit-hsaco` reads it back to describe the kernel's arguments
    in the launch manifest after outlining has replaced the matmul.

    Example:

    ```mlir
    func.func @sgemm(%A: memref<64x32xf32>, %B: memref<32x16xf32>,
                     %C: memref<64x16xf32>) {
      linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                    outs(%C : memref<64x16xf32>)
      return
    }
    ```

    becomes, after `gemm-opt --gemm-check-input`:

    ```mlir
    func.func @sgemm(...) attributes {gemm.matmul = {a = 0 : i64, b = 1 : i64,
        c = 2 : i64, k = 32 : i64, m = 64 : i64, n = 16 : i64}} { ... }
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx1100\"",
           "Target chip; must be an RDNA3 (gfx11) chip">,
    Option<"codeObjectVersion", "code-object-version", "unsigned",
           /*default=*/"5", "AMDHSA code object version; must be 4, 5 or 6">,
  ];
  let dependentDialects = ["func::FuncDialect", "linalg::LinalgDialect"];
}

def GemmEmitHsaco : Pass<"gemm-emit-hsaco", "ModuleOp"> {
  let summary = "Write the kernel's code object and its launch manifest to files";
  let description = [{
    The last pass of `gemm-rdna3-pipeline` when its `hsaco` option is set. It
    takes the `gpu.binary` produced by `gpu-module-to-binary{format=bin}`, writes
    the ELF code object to `hsaco`, and beside it a JSON launch manifest
    (docs/manifest.md): kernel symbol, explicit arguments with their roles (A, B,
    C), sizes and kernarg offsets, workgroup size, grid in workgroups, and the
    LDS, VGPR, SGPR and scratch figures read back from the code object's
    metadata note. Both files are written only if everything succeeds.

    Example:

    ```
    gemm-opt sgemm.mlir --gemm-rdna3-pipeline -o lowered.mlir
    gemm-opt lowered.mlir --gemm-emit-hsaco="hsaco=sgemm.hsaco"
    # writes sgemm.hsaco and sgemm.manifest.json
    ```
  }];
  let options = [
    Option<"hsacoPath", "hsaco", "std::string", /*default=*/"",
           "Path of the code object to write (required)">,
    Option<"manifestPath", "manifest", "std::string", /*default=*/"",
           "Path of the JSON launch manifest (default: the hsaco path with "
           "'.hsaco' replaced by '.manifest.json')">,
  ];
  let dependentDialects = ["gpu::GPUDialect"];
}

#endif // GEMM_OPT_PASSES_TD
