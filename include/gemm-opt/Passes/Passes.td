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

def GemmTileRDNA3 : Pass<"gemm-tile-rdna3", "func::FuncOp"> {
  let summary = "Rewrite linalg.matmul into the RDNA3 SGEMM kernel: workgroup, "
                "wave and lane tiles, padded LDS, register prefetch, unrolled "
                "K step";
  let description = [{
    Replaces each static f32 `linalg.matmul` on memrefs whose sizes are
    multiples of the tile with a `gpu.launch` that has the structure of the
    RDNA3 walkthrough's kernel 5 (DESIGN.md section 2):

    - 128 lanes (4 wave32 waves stacked along M) compute a `bm` x `bn` tile of
      C; with the default 128 x 128 each lane holds 8 x 16 accumulators as
      2 x 4 sub-tiles of 4 x 4 (`bm`/16 x `bn`/8 in general), strided so that
      neighbouring lanes read neighbouring 16 bytes of LDS;
    - per K step of `bk`, A's slice is stored transposed in LDS as
      `As[bk][bm + pad]` and B's as `Bs[bk][bn]`, between two barriers;
    - the next slice is loaded from global memory into registers while the
      current one is multiplied (`prefetch=registers`, the default); with
      `prefetch=lds` the tiles get two stages, the next slice is stored into
      the other stage after the multiply, and one barrier per K step remains;
      `prefetch=none` loads, stores and multiplies in turn;
    - the `bk` loop is unrolled into `vector.load`s of 4 floats and
      `vector.fma`s on 16-wide rows, which the backend turns into
      `ds_load_b128` and `v_fmac_f32` pairs it can fuse into VOPD.

    Matmuls whose sizes are not multiples of the tile are left alone with a
    remark, for the simple lowering that follows in `gemm-rdna3-pipeline`.
    Options that cannot work (LDS over 64 KiB, more than 256 VGPRs per lane,
    a `bk` that does not divide the 128 lanes) are errors naming the limit.

    Example: `gemm-opt --gemm-tile-rdna3` on

    ```mlir
    linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                  outs(%C : memref<256x256xf32>)
    ```

    gives

    ```mlir
    gpu.launch blocks(...) in (%x = %c2, %y = %c2, %z = %c1)
               threads(...) in (%tx = %c128, %ty = %c1, %tz = %c1)
               workgroup(%As : memref<8x132xf32, #gpu.address_space<workgroup>>,
                         %Bs : memref<8x128xf32, #gpu.address_space<workgroup>>) {
      %acc:10 = scf.for %k = %c0 to %c256 step %c8 iter_args(...) {
        memref.store ... %As ...  gpu.barrier  memref.load %A ...
        vector.load %As ... : vector<4xf32>  vector.fma ... : vector<16xf32>
        ...  gpu.barrier  scf.yield ...
      }
      vector.store ... %C ...
    }
    ```
  }];
  let options = [
    Option<"bm", "bm", "int64_t", /*default=*/"128",
           "Rows of C per workgroup: 64 or 128 (4 or 8 rows per lane)">,
    Option<"bn", "bn", "int64_t", /*default=*/"128",
           "Columns of C per workgroup: 32, 64 or 128 (4, 8 or 16 columns "
           "per lane)">,
    Option<"bk", "bk", "int64_t", /*default=*/"8",
           "K step: columns of A and rows of B staged in LDS per step">,
    Option<"pad", "pad", "int64_t", /*default=*/"4",
           "Floats of padding after each row of A's transposed LDS tile "
           "(a multiple of 4); 4 removes A's LDS store bank conflicts">,
    Option<"prefetch", "prefetch", "std::string", /*default=*/"\"registers\"",
           "How the next K-slice is fetched during the multiply: none, "
           "registers (in VGPRs, two barriers per step) or lds (two LDS "
           "stages, one barrier per step)">,
    Option<"addressing", "addressing", "std::string", /*default=*/"\"global\"",
           "How A and B are read from global memory: global (global_load "
           "with 64-bit VGPR addresses) or buffer (raw buffer loads: SGPR "
           "base and offsets, a loop-invariant 32-bit VGPR offset, no VALU "
           "address arithmetic in the loop)">,
  ];
  let dependentDialects = ["amdgpu::AMDGPUDialect", "arith::ArithDialect",
                           "gpu::GPUDialect", "memref::MemRefDialect",
                           "scf::SCFDialect", "vector::VectorDialect"];
}

def GemmCheckBinary : Pass<"gemm-check-binary", "ModuleOp"> {
  let summary = "Reject code objects that spill to scratch";
  let description = [{
    Runs after `gpu-module-to-binary` and reads each `gpu.binary`'s code
    object metadata. A kernel with private segment (scratch) bytes has run
    out of VGPRs: its tile options ask for more than the 256 VGPRs a wave32
    lane can have, and the backend spilled to memory, which costs far more
    than any tiling wins. Rather than deliver such a kernel silently, the pass
    fails with an error that names the kernel, its VGPR count and the scratch
    bytes. Static checks in `gemm-tile-rdna3` catch what a lower bound can
    predict; this one catches the rest (for example `bk=16`, where the
    unrolled K step keeps more values live than the bound counts).

    Example: `gemm-opt k.mlir --gemm-rdna3-pipeline="bk=16"` on a problem
    where the backend spills reports

    ```
    error: kernel 'sgemm_kernel' spills 32 bytes per lane to scratch with
    256 VGPRs: the tile options need more registers than a lane has; use a
    smaller bk, or prefetch=registers
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect"];
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
