//===- Passes.td - gemm-opt MLIR passes --------------------*- tablegen -*-===//
//
// The MLIR passes of gemm-opt. Each pass lives in its own file in lib/Passes and
// has its own lit test in test/lit/Passes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_TD
#define GEMM_OPT_PASSES_TD

include "mlir/Pass/PassBase.td"

def GemmBufferize : Pass<"gemm-bufferize", "ModuleOp"> {
  let summary = "Bufferize a matmul program on tensors into the memref form, "
                "results becoming arguments";
  let description = [{
    The first pass of `gemm-rdna3-pipeline`, for the programs DL compilers
    hand over: functions whose arguments and results are tensors, in
    destination-passing style. A module without tensors is left as it is.

    First, a `linalg.transpose` that swaps the two matrix dimensions of a
    `linalg.matmul` or `linalg.batch_matmul` input (permutation `[1, 0]`, or
    `[0, 2, 1]` batched) is folded into that input's indexing map, and the
    matmul reads the transpose's input: torch-mlir lowers `nn.Linear` so,
    its weight being stored out x in. Named elementwise ops (`linalg.add`,
    `linalg.max`, `linalg.broadcast`, ... and the fills no contraction
    reads) become `linalg.generic` by upstream's generalization. Then chains
    of elementwise generics (a bias add, then an activation, each its own
    op as frameworks emit them) are fused into one by upstream's
    elementwise fusion, on tensors, so that one epilogue follows the matmul.
    An op that only writes its init gets its own `tensor.empty`: with one
    shared by the matmul's init and the epilogue, bufferization would put
    the epilogue's result in the matmul's buffer.

    Then the whole module is bufferized with upstream one-shot
    bufferization, function boundaries included, arguments with the
    identity layout. Then each function's results become arguments:
    - a result that is an argument's buffer (a `linalg.matmul` whose outs is
      a function argument, updated in place) is dropped;
    - a result that is a new buffer (a `tensor.empty`, possibly filled)
      becomes a new last argument that replaces the allocation.

    Anything else returned (an input, a view of an argument) is an error at
    the `func.return`. Upstream's `drop-equivalent-buffer-results` and
    `buffer-results-to-out-params` do these steps but leave public
    functions alone, whose signature they would change; the kernel entry
    is public and its signature is the one gemm-opt defines, so this pass
    applies them to every function.

    Example, `Y = X x W^T` with a zero-filled new result:

    ```mlir
    func.func @linear(%X: tensor<1024x512xf32>, %W: tensor<768x512xf32>)
        -> tensor<1024x768xf32> {
      %zero = arith.constant 0.0 : f32
      %empty = tensor.empty() : tensor<1024x768xf32>
      %init = linalg.fill ins(%zero : f32)
          outs(%empty : tensor<1024x768xf32>) -> tensor<1024x768xf32>
      %Y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                          affine_map<(m, n, k) -> (n, k)>,
                                          affine_map<(m, n, k) -> (m, n)>]
          ins(%X, %W : tensor<1024x512xf32>, tensor<768x512xf32>)
          outs(%init : tensor<1024x768xf32>) -> tensor<1024x768xf32>
      return %Y : tensor<1024x768xf32>
    }
    ```

    becomes

    ```mlir
    func.func @linear(%X: memref<1024x512xf32>, %W: memref<768x512xf32>,
                      %Y: memref<1024x768xf32>) {
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%Y : memref<1024x768xf32>)
      linalg.matmul indexing_maps = [...]
          ins(%X, %W : memref<1024x512xf32>, memref<768x512xf32>)
          outs(%Y : memref<1024x768xf32>)
      return
    }
    ```
  }];
  let dependentDialects = ["bufferization::BufferizationDialect",
                           "memref::MemRefDialect"];
}

def GemmSpecializeGeneric : Pass<"gemm-specialize-generic", "func::FuncOp"> {
  let summary = "Turn a linalg.generic or linalg.contract that is a matmul "
                "into linalg.matmul or linalg.batch_matmul with indexing_maps";
  let description = [{
    Runs in `gemm-rdna3-pipeline` after `gemm-bufferize`, so that the other
    passes only meet the named ops. It rewrites every `linalg.generic` and
    `linalg.contract` that computes `C += op(A) x op(B)`, batched over at
    most one loop:
    - two inputs (A, B) and one output (C);
    - a body of one `arith.mulf` of the input elements and one `arith.addf`
      of the product and the output element (either operand order), yielded;
    - one reduction loop k of A and B, a loop m of A and C, a loop n of B
      and C and optionally a batch loop of all three, in any order, each
      operand indexed by its loops alone;
    - A indexed M x K or K x M, B K x N or N x K, C M x N, the batch loop
      first.

    The named op has the same operands, location and results, and
    indexing_maps with the loops renamed to the order (batch,) m, n, k.
    Every other op is left as it is; `gemm-check-input` then says why such
    a contraction cannot be compiled. A named elementwise op (`linalg.add`,
    `linalg.max`, `linalg.exp`, ...) that reads a matmul's output buffer
    becomes a `linalg.generic` (upstream's generalization), the one form of
    epilogue `gemm-check-input` takes. Upstream's
    `linalg-specialize-generic-ops` is not used because in LLVM 22 it gets
    transposed layouts wrong.

    Example, a matmul with B transposed and the loops written k, m, n:

    ```mlir
    linalg.generic {
        indexing_maps = [affine_map<(k, m, n) -> (m, k)>,
                         affine_map<(k, m, n) -> (n, k)>,
                         affine_map<(k, m, n) -> (m, n)>],
        iterator_types = ["reduction", "parallel", "parallel"]}
        ins(%A, %B : memref<64x32xf32>, memref<16x32xf32>)
        outs(%C : memref<64x16xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    }
    ```

    becomes

    ```mlir
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                   affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%A, %B : memref<64x32xf32>, memref<16x32xf32>)
        outs(%C : memref<64x16xf32>)
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def GemmCheckInput : Pass<"gemm-check-input", "ModuleOp"> {
  let summary = "Check that the module holds one f32 linalg.matmul gemm-opt "
                "can compile, and record its shape and operands";
  let description = [{
    Runs in `gemm-rdna3-pipeline` after `gemm-specialize-generic`. It
    rejects, with a diagnostic at the offending operation, everything the
    later passes cannot compile: no or more than one `linalg.matmul` /
    `linalg.batch_matmul`, other contractions (for a `linalg.generic` or
    `linalg.contract`, the diagnostic says why it is not a matmul),
    matmuls on tensors, element types other than f32, layouts other than
    row-major with offset 0 (identity, or `strided<[ld, 1]>` with a static
    or dynamic ld),
    indexing maps other than A and/or B transposed, operands that are not
    arguments of the enclosing function, an epilogue that is not
    elementwise or holds an op it does not fuse (each a located error that
    names the op),
    chips that are not RDNA3, an unknown `target` of the pipeline or a chip
    that is not its ISA (docs/targets.md), code object versions other than
    4, 5 and 6, and optimization levels above 3.
    It also refuses what the kernel would not run, which the pipeline would
    otherwise drop silently: a matmul inside a loop, a condition or a
    function of several blocks, any other op with memory side effects in
    the function (a write or read of A, B or C, a call, ...), a returned
    value, and other functions with a body.

    Accepted: `C += op(A) x op(B)` (the indexing maps choose `op`), batched
    or not; and `C = alpha op(A) x op(B) + beta C`, written as the matmul into
    a zero-filled temporary followed directly by an elementwise
    `linalg.generic` (ins the temporary, outs C) whose body computes
    `alpha * t + beta * c` (either factor or the C term may be left out),
    with alpha and beta f32 constants or f32 function arguments. Beyond
    alpha/beta, the generic may read further operands after the temporary
    (static f32 function arguments read along some of the loops: a bias
    along N or M, a residual, a 0-d scalar) and its body may be any
    elementwise arith/math arithmetic of the fused set (add, sub, mul, div,
    max/min, neg, cmpf, select, constants; exp, tanh, erf, abs, sqrt,
    rsqrt, fma); it is recorded beside the matmul as the function's
    `gemm.epilogue`, a `#gemm.epilogue` naming the operands, the loops each
    is read along and the body as steps, which the manifest carries to
    `gemm-run`'s reference. A
    `linalg.fill` of C with the constant 0.0 directly before the matmul is
    `C = op(A) x op(B)`: the pass rewrites it into that epilogue form with
    beta = 0 (a temporary, and a generic that copies it to C), so that the
    kernel does not read C.

    On success it records the problem on the enclosing `func.func` as its
    `gemm.matmul` attribute, a typed `#gemm.matmul`: sizes `m`, `n`, `k`,
    `batch`; argument indices `a`, `b`, `c`; `transpose_a`, `transpose_b`;
    leading dimensions `lda`, `ldb`, `ldc` (and `batch_stride_*`); `?` for a
    size or stride known only at run time (a size static in any operand is
    static); `alpha` and `beta` as values, or `argN` for a function
    argument. `gemm-emit-hsaco` reads it back to
    describe the kernel's arguments in the launch manifest after outlining
    has replaced the matmul.

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
    func.func @sgemm(...) attributes {gemm.matmul = #gemm.matmul<m = 64,
        n = 16, k = 32, batch = 1, a = 0, b = 1, c = 2, transpose_a = false,
        transpose_b = false, lda = 32, ldb = 16, ldc = 16,
        alpha = 1.000000e+00, beta = 1.000000e+00>} { ... }
    ```
  }];
  let dependentDialects = ["func::FuncDialect", "gemm::GemmDialect",
                           "linalg::LinalgDialect"];
}

def GemmSelectConfig : Pass<"gemm-select-config", "func::FuncOp"> {
  let summary = "Choose each matmul's kernel configuration and record it as "
                "a #gemm.config";
  let description = [{
    The one place where a matmul's kernel configuration is decided: the
    workgroup tile (`bm`, `bn`, `bk`), the wave grid (`waves-m`, `waves-n`), the
    LDS tiles' padding (`pad`), the K steps unrolled per LDS loop iteration
    (`unroll`), the prefetch mode (`prefetch`, when not given: that of the
    tile's cost row with the fewer cycles per K step), the addressing of A and
    B, whether each K step waits once for its LDS loads (`batch-waits`), whether
    its FMAs run at raised wave priority (`wave-priorities`), and the split of
    the grid's tail (`split-tail`, `compute-units`) or its sharing by stream-K
    workgroups (`stream-k`, which takes the tiled kernel and no split tail; with
    `split-tail` > 1 or `kernel=skinny` it is an error at the matmul), and the
    RDNA3 product compiled for (`target`, docs/targets.md), whose figures every
    choice and estimate below reads.
    Each `linalg.matmul` and `linalg.batch_matmul` on memrefs outside a
    `gpu.launch` gets the options' values as its `gemm.config` attribute,
    replacing any it had; `split-tail=0` (the default) is chosen per
    matmul: for a 2-D matmul of static layout (with or without an
    alpha/beta epilogue whose temporary is filled with +0.0) whose tiles
    leave a last, partial
    round of `compute-units` workgroups (all of them, for fewer tiles than
    CUs: split-K), of no split and the part counts whose parts have at
    least 32 K steps, the one with the shortest estimate: for the tiles
    of the tiled kernel's cost table (docs/kernel-design.md), the busiest
    CU's workgroups at the costs fitted to the timing model; for other
    tiles, the busiest CU's K steps at the target's peak rate per CU with
    its drain; either plus the reduction kernel's bytes at the DRAM
    bandwidth and its launch gap. The
    tiling passes that follow read it:
    `gemm-tile-workgroups` moves it onto the launch it builds, and
    `gemm-stage-lds`, `gemm-tile-lanes`, `gemm-prefetch` and
    `gemm-buffer-addressing` take their parameters from the launch. Values
    out of the ranges any problem allows (a tile side below 1, a wave grid
    side outside 1..32, a negative or misaligned pad, a negative unroll or
    split-tail) are refused here; the rest is checked by the pass that uses
    it, against the problem, with an error that names the limit.

    With `kernel=auto` (the default) it also chooses the kernel per static
    matmul: gemm-tile-skinny's for a small side of at most 32, or where
    the tiled kernel would need tiles of fewer than 64 rows, or up to 256
    (below 2^28 multiply-adds, only where the long side is at least twice
    the small one) where its plan's estimate, weighed for its kind of
    plan (the timing model's time over it, fitted per kind), is shorter
    than the tiled kernel's (its tile and split; for a tile without a cost, where the
    tiled grid gives fewer than 2.5 workgroups per CU); else the tiled
    one. Unless a tile option is given, a matmul the 128 x 128 tile does
    not fit gets a smaller tile (below 64 rows, with `kernel=tiled`,
    32-row tiles of a 2 x 1 wave grid); one it fits, from 2^28
    multiply-adds and K = 32, the tile of the cost table (128 x 128, 64 x
    128 of a 2 x 2 wave grid, 64 x 64, 64 x 64 and 32 x 64 of a 2 x 1 wave
    grid, and, unless `wave-priorities` is given, those two and 32 x 32 of
    one wave with raised wave priorities, each a tile of its own) whose
    estimate, with its best split, is the shortest on the target's CUs;
    and a K of fewer than two default K steps gets K steps of 4 (K >= 8) or 2
    (K >= 4), from 2^24 multiply-adds, so that the tiled kernel takes it.
    A matmul that gets the skinny kernel also gets its plan, the
    `#gemm.skinny_plan` of fewest estimated cycles on the target
    (gemm-tile-skinny), recorded as the config's `plan`: the plan is
    searched once, here, and a matmul it cannot take is an error here.

    `tuning-table=FILE` reads a table written by `gemm-tune`
    (docs/tuning-table.md): a matmul of a shape it lists, without an
    epilogue, gets its entry's options over the pass's, unless a `kernel`,
    tile or `split-tail` option is given. The table is checked whole when it
    is read (readable JSON, the format tag, each entry's shape, options that
    name a configuration that compiles that shape, no shape twice), with an
    error that names the entry.

    Its options are those of `gemm-tile-rdna3` and `gemm-rdna3-pipeline`,
    which run it first; they are declared once (KernelConfigOptions in
    Passes.h), with the defaults of KernelConfig (Dialect/Gemm.h).

    Example: `gemm-opt --gemm-select-config=bm=64` gives

    ```mlir
    linalg.matmul {gemm.config = #gemm.config<bm = 64, bn = 128, bk = 8,
                     waves_m = 4, waves_n = 1, pad = 4, unroll = 0,
                     prefetch = registers, addressing = buffer>}
                  ins(%A, %B : ...) outs(%C : ...)
    ```
  }];
  let dependentDialects = ["gemm::GemmDialect"];
}

def GemmTileSkinny : Pass<"gemm-tile-skinny", "func::FuncOp"> {
  let summary = "Compile a matmul with a small M or N to a kernel whose "
                "lanes split K and add their sums with DPP";
  let description = [{
    For each f32 `linalg.matmul` or `linalg.batch_matmul` on memrefs whose
    `gemm.config` says `kernel = skinny` (`gemm-select-config` chooses it
    for a static matmul whose M or N is small, where it is predicted faster
    than the tiled kernel; option `kernel=skinny` forces it): a `gpu.launch`
    that streams the big operand once, laid out as the config's `plan` (a
    `#gemm.skinny_plan`) says. With S the small side (N, or M when M < N,
    at most 256) and L the other:

    - each lane multiplies 4 consecutive K values (one 16-byte load) of
      1-12 rows of L by up to 16 columns of S (at most 96 sums), into sums
      in registers; the grid splits L into groups of rows and S into groups
      of columns. `gemm-select-config` chooses the plan: of six such
      shapes, each with the small operand staged in LDS or not (below), the
      one with the fewest estimated cycles of the CU's vector memory
      address path, the LDS, the L2 and DRAM (the calibrated timing model's
      bounds for this kernel);
    - the lanes of a wave split K: 8 lanes along K when the big operand is
      stored with K contiguous (8 lanes read 128 contiguous bytes of a row;
      16 or 32 of them, a row of 256 or 512 bytes, where one row per lane
      still gives fewer than 2 workgroups per CU), 4 when it is stored with
      L contiguous (then a lane's rows come in chunks of 4, the 8 lanes'
      chunks side by side, so that a load reads 128 contiguous bytes of a K
      row); the waves of a workgroup split K further, enough for about 8
      waves per CU (32 for a plan with the small operand in SGPRs, whose
      waves keep few VGPRs);
    - the lanes along L of a wave take the same K steps: where the small
      operand is stored along S, a plan may stage its values per wave in
      LDS (each wave loads its steps' values once, 16 bytes a lane, into a
      tile padded against bank conflicts, between two wave barriers) for
      its lanes to read;
    - where the big operand is stored with L contiguous, a plan may instead
      put all 32 lanes of a wave along L (a load of one K value reads 512
      contiguous bytes) and the small operand in SGPRs: its addresses are
      then the wave's own (the wave index is read from the first lane), so
      LLVM loads it with `s_load`, no lane loads it again and no DPP is
      needed; the waves share adding up their partial sums and issue their
      C loads together before their stores;
    - where a lane keeps at most 4 sums after the DPP step, C's old values
      at them are loaded before the K loop, their latency hidden behind it;
    - after the K loop, the sums are added over each wave's K lanes with
      DPP, lane k of a K group keeping sums k, k + lanesK, ...: with 4 or 8
      lanes along K each group of lanesK sums is halved at every step (the
      lane keeps one half, adds its partner's copy of it, and sends the
      other: `row_half_mirror`, then `quad_perm` to lane k xor 2 and k xor
      1), lanesK - 1 adds a lane, with few values live at once; with 16 or
      32 lanes each sum is added over the group by
      `gpu.subgroup_reduce ... cluster(size = 16 or 32)`, lowered here by
      upstream's DPP patterns (`quad_perm`, `row_half_mirror`, `row_mirror`,
      `v_permlanex16`), and the lane's are picked; then the sums are added
      over the waves through LDS by the first wave, always in the same
      order, so the result does not depend on timing; the epilogue (alpha,
      beta) is applied to the sum, and each lane stores its share of the
      results.

    Edges: a lane's chunk (a workgroup) whose rows (columns) run past L (S) is shifted
    back to end there, so that its loads stay inside the matrices, and stores
    only the results it owns. The K values after the last whole step of 4
    (K mod 4) are one more, shorter step after the loop, of one lane slot
    per workgroup (of the last K part), loaded exactly; K must be at least 4.
    A plan that does not fit its matmul (lanes its loads of X do not take,
    Y staged where it is stored along K, K parts that do not divide its
    steps, waves that would get fewer than two loop iterations, rows or
    columns beyond its sides), or a skinny config without a plan, is an
    error that says why. Matmuls with another kernel are left alone.

    Example: `gemm-opt --gemm-select-config=kernel=skinny --gemm-tile-skinny`
    on a 512 x 8 x 4096 matmul gives a launch of 256 workgroups of 3 waves
    (2 rows of A each, 16 lanes along K per row, its 8 columns of B), whose
    K loop loads, per lane and step, one `vector<4xf32>` of A and eight of B
    (B is stored 4096 x 8, so one `vector<8xf32>` per K value, here from the
    wave's tile in LDS), and 8 sums per lane added with DPP:

    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c256, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%x1 = %c96, %y1 = %c1, %z1 = %c1) {
      %sums = scf.for %i = %c0 to %c20 step %c2 iter_args(%acc = %zero)
          -> (vector<8xf32>) {
        %a = vector.load %A[%row, %k] : memref<512x4096xf32>, vector<4xf32>
        %b0 = vector.load %tiles[%wave, %c0, %lanek, %c0]
            : memref<3x2x64x12xf32, #gpu.address_space<workgroup>>, vector<8xf32>
        ...
        %acc1 = vector.fma %a0, %b0, %acc : vector<8xf32>
        ...
      }
      %s0 = vector.extract %sums[0] : f32 from vector<8xf32>
      %p0 = amdgpu.dpp %s0 %s0 quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32])
      ...
    } {gpu.known_block_size = ...}
    ```
  }];
  let dependentDialects = ["amdgpu::AMDGPUDialect", "arith::ArithDialect",
                           "gpu::GPUDialect", "LLVM::LLVMDialect",
                           "memref::MemRefDialect", "ROCDL::ROCDLDialect",
                           "scf::SCFDialect", "vector::VectorDialect"];
}

def GemmTileWorkgroups : Pass<"gemm-tile-workgroups", "func::FuncOp"> {
  let summary = "Map an f32 linalg.matmul onto a grid of workgroups, "
                "one BM x BN tile of C each, with a K loop of step BK";
  let description = [{
    The first of the RDNA3 tiling passes (`gemm-tile-rdna3` runs them all).
    Replaces each f32 `linalg.matmul` on memrefs, as its `gemm.config`
    (from `gemm-select-config`; a matmul without one is an error) says, with
    a `gpu.launch`: one workgroup per `bm` x `bn` tile of C (grid x along N, y
    along M, rounded up), `waves-m` x `waves-n` wave32 waves per workgroup,
    and in it an `scf.for` over the whole K slices of step `bk` around a
    `linalg.matmul` of the tile's slices. The launch carries the matmul's
    `gemm.config` and, as `gemm.problem`, its M x N x K sizes, for the
    passes that follow. The tiling is upstream's `scf::tileUsingSCF` (an
    `scf.forall` of the tiles mapped to GPU blocks, then the `scf.for` of K,
    its tail peeled off), the forall then rewritten into the launch.

    Edges: when M (N) is not a multiple of `bm` (`bn`), the last row (column)
    of workgroups owns what is left, and its subviews have dynamic sizes
    (`min(bm, M - start)`), so the IR stays exact. The later passes shift
    that tile back to end at M (N): it loads only elements inside A and B,
    runs the same K loop as full tiles, and stores only what it owns. When K
    is not a multiple of `bk`, a second `linalg.matmul` after the loop
    covers the K tail.

    Layouts: the slices are subviews of A and B as stored (K x M for a
    transposed A, N x K for a transposed B) and the matmuls keep the
    transposing indexing maps. A `linalg.batch_matmul` runs one batch per
    grid z index, on rank-reduced views of its matrices. An epilogue (the
    matmul writes a zero-filled temporary T, an elementwise `linalg.generic`
    combines T, C and its other operands) moves into the launch as a generic
    on the tiles of T and C, and of each other operand along the loops it
    is read along (a batch's view first where it keeps the batch), after
    the K loop; `gemm-tile-lanes` fuses it into the store.

    The wave grid fixes each lane's register tile (docs/design.md): a
    wave is 4 lanes along M by 8 along N, each lane holding 4 x 4 sub-tiles,
    so TM = `bm` / (`waves-m` x 4) and TN = `bn` / (`waves-n` x 8), both
    multiples of 4. Tiles that do not fit the grid are errors that name the
    numbers. Matmuls smaller than one tile (M < `bm` or N < `bn`) or with
    fewer than two K steps (K < 2 x `bk`) are left alone with a remark, for
    the simple lowering of `gemm-rdna3-pipeline`.

    Split tail (`split_tail` = S > 1): a grid of T tiles on U CUs
    (`compute_units`) runs T / U whole rounds and a last round of
    L = T % U tiles, during which U - L CUs idle for a whole tile's time.
    The launch then has a 1-D grid of (T - L) + L S workgroups: the first
    T - L multiply tiles 0 .. T - L - 1 over all of K, as above; the others
    multiply each tail tile in S K parts of ceil(K / (S bk)) steps (the
    last part shorter), into a zeroed workspace (a `memref.alloc` of
    L S bm rows by bn, a kernel argument) instead of C. One K loop, with
    bounds and output selected by the workgroup id, serves both. A second
    `gpu.launch` after it adds each tail tile's parts into C in part order
    (so the result does not depend on which part finished first) and
    zeroes them again. Edge tiles are shifted back inside A, B and C as in
    the data-parallel kernel; a part's workspace rows hold the whole shifted
    tile, and the reduction adds only the elements the tile owns. The K
    values after the last whole step (K mod `bk`) are a tail matmul after
    the loop of the workgroups whose K range ends at K (the whole rounds'
    and the last parts), empty for the others. It covers static 2-D matmuls
    of at least one tile; anything else is an error that says why. With an
    epilogue, a whole round's tile stores through it into C and a
    part its sum unchanged (a select by the workgroup id in the epilogue
    after the K loop); the reduction applies it to the summed parts.

    Stream-K (`stream_k`, the `stream-k=true` option): the T - L tiles of
    the whole rounds keep a workgroup each, over all of K; the L S K steps
    of the tail tiles (S = K / `bk` steps a tile, counted tile by tile) are
    shared by G = min(U, L S / 2) stream-K workgroups in contiguous ranges
    of floor(L S / G) steps, the first L S mod G of them one step longer.
    A range may span tiles: its workgroup runs an `scf.for` (marked
    `gemm.segments`) over the tiles it touches, at most two, and in it, per
    tile, the K loop of its part of that tile into its own workspace slot
    (g + t for workgroup g and tail tile t: (G + L - 1) `bm` rows by `bn`).
    A data-parallel workgroup's segment loop runs once, into C. The later
    passes find the K loop inside the segment loop. A second `gpu.launch`,
    the fix-up, adds each tail tile's partials into C in the order of the
    workgroups that computed them (the order of K) and zeroes them. The
    segment that ends a tile takes the K tail; edge tiles are shifted as in
    the split tail. A batch's tiles are numbered matrix by matrix, so the
    whole rounds and the ranges may span matrices; a segment multiplies
    2-D views of its matrix. It covers static matmuls and batch matmuls,
    with an epilogue as the split tail does (the fix-up applies
    it to the summed partials), and excludes `split_tail` > 1; a grid
    of whole rounds is the data-parallel kernel (a remark says so);
    anything else is an error that says why.

    Dynamic sizes: the same bounds are checked at run time. The launch goes
    into the then-branch of an `scf.if` on the host (`m >= bm`, `n >= bn`,
    `k >= 2 bk`, for the sizes that are dynamic), and the matmul with its
    epilogue moves into the else-branch for the simple lowering. The grid is
    `ceildivui` of the sizes, the K loop ends at `k - k % bk`, and the tail
    matmul is always there, `k % bk` deep (possibly 0). The problem attribute
    records a dynamic size as `?`. A matmul whose sizes are static but whose
    strides are not gets a guard too, `true` for now: `gemm-buffer-addressing`
    adds the matrices' spans to it.

    Example: `gemm-opt --gemm-select-config --gemm-tile-workgroups` on a
    256 x 256 x 256 matmul
    gives

    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c2, %y = %c2, %z = %c1)
               threads(%tx, %ty, %tz) in (%x1 = %c128, %y1 = %c1, %z1 = %c1) {
      %row = arith.muli %by, %c128 : index
      %col = arith.muli %bx, %c128 : index
      %Ct = memref.subview %C[%row, %col] [128, 128] [1, 1]
      scf.for %k = %c0 to %c256 step %c8 {
        %At = memref.subview %A[%row, %k] [128, 8] [1, 1]
        %Bt = memref.subview %B[%k, %col] [8, 128] [1, 1]
        linalg.matmul ins(%At, %Bt : ...) outs(%Ct : ...)
      }
      gpu.terminator
    } {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4,
                   waves_n = 1, pad = 4, unroll = 0, prefetch = registers,
                   addressing = buffer>,
       gemm.problem = #gemm.problem<m = 256, n = 256, k = 256>}
    ```

    Example, stream-K: `gemm-opt --gemm-select-config="stream-k=true
    compute-units=6" --gemm-tile-workgroups --canonicalize` on a
    512 x 512 x 256 matmul (12 whole tiles, a tail of 4 tiles of 32 K steps
    shared by 6 workgroups in ranges of 22, 22, 21, 21, 21 and 21 steps)
    gives

    ```mlir
    %ws = memref.alloc() : memref<1152x128xf32>
    gpu.launch blocks(%wg, %by, %bz) in (%x = %c18, %y = %c1, %z = %c1) ... {
      %inSK = arith.cmpi uge, %wg, %c12 : index
      // The range [%begin, %end) of stream-K workgroup %g = %wg - 12, and
      // the tiles from its first iteration's to its last's.
      scf.for %tile = %first to %last step %c1 {
        // The segment's K range in the tile (%c0 to %c256 for a
        // data-parallel workgroup), and its output: workspace slot %g + %t
        // or the tile of C.
        %out = memref.subview %any[%outRow, %outCol] [128, 128] [1, 1]
        scf.for %k = %kBegin to %kEnd step %c8 {
          %At = memref.subview %A[%row, %k] [128, 8] [1, 1]
          %Bt = memref.subview %B[%k, %col] [8, 128] [1, 1]
          linalg.matmul ins(%At, %Bt : ...) outs(%out : ...)
        }
      } {gemm.segments}
      gpu.terminator
    }
    gpu.launch blocks(...) in (%x = %c256, ...) threads(...) in (%x1 = %c64, ...)
        function(@sgemm_stream_k_fixup_kernel) {
      // C + the slots of the workgroups that own the tile's first to last
      // iteration, in that order, each zeroed after its read.
      %old = vector.load %C[%cRow, %cCol] : memref<512x512xf32>, vector<4xf32>
      %sum = scf.for %g = %firstOwner to %lastOwner1 step %c1
          iter_args(%acc = %old) -> (vector<4xf32>) { ... }
      vector.store %sum, %C[%cRow, %cCol] : memref<512x512xf32>, vector<4xf32>
      gpu.terminator
    }
    ```
  }];
  let dependentDialects = ["affine::AffineDialect", "amdgpu::AMDGPUDialect",
                           "arith::ArithDialect",
                           "gemm::GemmDialect",
                           "gpu::GPUDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

def GemmStageLds : Pass<"gemm-stage-lds", "func::FuncOp"> {
  let summary = "Stage each K step's slices of A and B in LDS, A transposed "
                "and padded, with coalesced global loads";
  let description = [{
    Runs on the launches of `gemm-tile-workgroups`. Each K step, the
    workgroup's lanes copy A's `bm` x `bk` slice into the workgroup
    attribution `As[bk][bm + pad]` (transposed, so that a lane's rows of A at
    one k are contiguous and read 16 bytes at a time) and B's slice into
    `Bs[bk][bn]` (`Bs[bk][bn + pad]` where B is stored N x K), then
    synchronize; the matmul reads only LDS, and a second
    barrier keeps the next step from overwriting tiles still being read.
    `pad` is the launch's `gemm.config`'s.

    Each lane copies `bm` x `bk` / lanes floats of A and `bk` x `bn` / lanes
    of B; consecutive lanes read consecutive addresses (A along K first, `bk`
    lanes per row; B along a row), and each lane's values are gathered in a
    `vector.from_elements`, the form `gemm-prefetch` recognises. Along a row
    of M or N, with the launch's `addressing=buffer` (the default), a lane
    reads 4 consecutive floats with one `vector.load` (one 16-byte buffer
    load, which the address path takes in the time of a 4-byte one), where
    the row divides into such vectors among the lanes; along K, and with
    `addressing=global`, one float per load. The padding
    (a multiple of 4 floats) shifts the rows of a tile stored transposed
    across LDS banks so that the stores do not conflict: A's, and B's where
    B is stored N x K (the timing model has a 64 x 64 tile of 1576 x 384 x
    1536 with B stored N x K at 0.082 ms padded, 0.096 ms without: its 8 K
    rows per wave all fell in one bank). Options the workgroup cannot copy, or
    tiles over 64 KiB of LDS, are errors naming the limit.

    Transposed operands keep the loads coalesced: a transposed A (stored
    K x M) is copied like B, along a row of M, straight into `As`; a transposed B (stored N x K) like A, `bk` lanes along K, stored
    transposed into its padded `Bs`. The LDS matmul reads the same [k][m]
    and [k][n] views for every layout, so the K loop is the same too.

    Example: after `gemm-tile-workgroups`, `gemm-opt --gemm-stage-lds` gives

    ```mlir
    gpu.launch ... workgroup(%As : memref<8x132xf32, #gpu.address_space<workgroup>>,
                             %Bs : memref<8x128xf32, #gpu.address_space<workgroup>>) {
      scf.for %k = %c0 to %c256 step %c8 {
        %a0 = memref.load %A[...] : memref<256x256xf32>   // 8 of A
        %sa = vector.from_elements %a0, ... : vector<8xf32>
        %b0 = vector.load %B[...] : memref<256x256xf32>, vector<4xf32>  // 2
        %sb = vector.from_elements %b00, ... : vector<8xf32>
        memref.store %e0, %As[...]                         // 16 stores
        gpu.barrier
        %At = memref.subview %As[0, 0] [8, 128] [1, 1]
        linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, ...]
                      ins(%At, %Bs : ...) outs(%Ct : ...)
        gpu.barrier
      }
    }
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "linalg::LinalgDialect", "memref::MemRefDialect",
                           "vector::VectorDialect"];
}

def GemmTileLanes : Pass<"gemm-tile-lanes", "func::FuncOp"> {
  let summary = "Give each lane a TM x TN register tile of the LDS matmul, "
                "accumulated across the K loop, with the K step unrolled";
  let description = [{
    Runs after `gemm-stage-lds`. Replaces the LDS matmul with each lane's
    share of it: TM `vector<TN x f32>` accumulators carried by the K loop
    (so they stay in VGPRs for the whole loop), read from and added to C
    once after it. A wave is 4 lanes along M by 8 along N; each lane owns
    TM/4 x TN/4 sub-tiles of 4 x 4, 16 rows and 32 columns apart, so that a
    lane's fragments are 16-byte LDS reads (`ds_load_b128`) and neighbouring
    lanes read neighbouring 16 bytes. Per K step a lane reads TM/4 fragments
    of A and TN/4 of B and issues TM `vector.fma`s on TN-wide rows: TM x TN
    `v_fmac_f32` the backend can pair into VOPD, each accumulator keeping its
    K order.

    The K tail that `gemm-tile-workgroups` leaves after the loop (K mod
    `bk` steps) becomes a loop that reads the lane's elements of A and B
    straight from global memory: too short to pay for LDS. With a dynamic K
    it may be empty: it is then an `scf.while` that always runs its first
    step (reading the K loop's last column and multiplying zeros when the
    tail is empty), since as a loop that may run zero times its
    accumulators lost their registers and the kernel spilled. An edge tile,
    shifted back to end at M (N), adds to C only the elements it owns (row
    and column guards; whole 16-byte sub-tiles where they are owned, element
    by element for the one straddling the neighbour's edge); it reads C
    without guards, since the shifted tile lies inside C. Up to 8 16-byte
    sub-tiles' C loads are issued before their stores, so that a lane's C
    round trips overlap; one at a time with an epilogue, and for
    lane tiles of over 32 sums, whose VGPRs would cross an occupancy step.

    The K step is unrolled the launch's `gemm.config` `unroll` times (0:
    all of `bk`, one straight-line loop body); a smaller factor keeps an
    inner loop. TM and TN follow from the tile and the wave grid. A lower
    bound of the VGPRs the tile needs
    (accumulators, one step's fragments, a K-slice in flight) above 256 is
    an error. With the configuration's `batch_waits` (the default) each K
    step's fragment loads are followed by one `amdgpu.memory_counter_wait
    ds(0)`, so that its FMAs run back to back, as in the walkthrough's
    kernel 8; with `wave_priorities` the FMAs run between
    `rocdl.s.setprio 1` and `rocdl.s.setprio 0`.

    Where the busiest CU holds too few waves for the others to hide a
    step's LDS latency (at most 6 waves per SIMD, from the launch's static
    grid) and the lane tile has at most 64 sums, each step's fragments are
    loaded before the previous step's FMAs instead, into a second set of
    VGPRs, and LLVM's waits, before the first use of each load, leave them
    in flight under those FMAs. The timing model has a 64 x 64 tile of 2 x 1
    waves at 512 x 512 x 2048 with A stored K x M at 0.076 ms, against
    0.103 ms; at a higher occupancy the 16 more VGPRs cost more waves than
    the latency did, and a 128 x 128 tile is slower at every size.

    An epilogue generic after the loop (`gemm-tile-workgroups` moves it
    there) is fused into the update of C: its body is applied to the
    accumulators, C's old values and its other operands' elements as 4-wide
    vectors (an operand read along the columns as a 16-byte load, one read
    along the rows only or a scalar as one load broadcast, at the sub-tile's
    place in the operand, shifted back inside it as C's edge tile is), C is
    loaded only if the body reads it (beta != 0), and the temporary it read
    is erased. A
    scheduling barrier (`amdgpu.sched_barrier`) after each row of that update
    keeps the backend from hoisting all of C's loads above the arithmetic,
    which spilled a 128 x 128 tile.

    Example: after `gemm-stage-lds`, `gemm-opt --gemm-tile-lanes` gives

    ```mlir
    %acc:8 = scf.for %k = %c0 to %c256 step %c8
        iter_args(%a0 = %zero, ...) -> (vector<16xf32>, ...) {
      ... stores to LDS, gpu.barrier ...
      %fa = vector.load %As[%c0, %row] : memref<8x132xf32, 3>, vector<4xf32>
      %fb = vector.load %Bs[%c0, %col] : memref<8x128xf32, 3>, vector<4xf32>
      ...
      %n0 = vector.fma %sa0, %b, %a0 : vector<16xf32>   // 8 per K step
      ...
      gpu.barrier
      scf.yield %n0, ... : vector<16xf32>, ...
    }
    %c = vector.load %C[...] : memref<256x256xf32>, vector<4xf32>
    vector.store %sum, %C[...] : memref<256x256xf32>, vector<4xf32>
    ```
  }];
  let dependentDialects = ["amdgpu::AMDGPUDialect", "arith::ArithDialect",
                           "ROCDL::ROCDLDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

def GemmPrefetch : Pass<"gemm-prefetch", "func::FuncOp"> {
  let summary = "Double-buffer the K loop: fetch the next K-slice during the "
                "multiply, in registers or in a second LDS stage";
  let description = [{
    Runs after `gemm-tile-lanes` on the staged K loop (load slice, store to
    LDS, barrier, multiply, barrier), as the launch's `gemm.config` says:

    - `prefetch=registers` (walkthrough kernel 4): the first slice is loaded
      before the loop (and, with `batch_waits`, waited for there, so that
      the loop's stores need no wait of their own); each step stores the
      slice the previous step loaded, synchronizes, loads the next slice
      into VGPRs and multiplies while the loads are in flight;
    - `prefetch=lds`: the LDS tiles get two stages; the first slice is stored
      before the loop, and step i loads slice i + 1, multiplies stage i % 2,
      stores into the other stage and synchronizes once: one barrier per K
      step instead of two;
    - `prefetch=none` leaves the loop as it is.

    The last step reloads its own slice instead of branching, so the loop
    body stays one block. A problem with a single K step is left as it is.
    Two stages over 64 KiB of LDS are an error naming the numbers.

    Example: with `gemm-select-config=prefetch=lds` before the tiling
    passes, `gemm-opt --gemm-prefetch` turns the loop into

    ```mlir
    ... first slice stored to %As[0, ...], %Bs[0, ...]; gpu.barrier
    scf.for %k = %c0 to %c256 step %c8 iter_args(...) {
      %next = arith.minui %k_plus_8, %c248 : index
      ... global loads of slice %next ...
      ... vector.load %As[%stage, ...], vector.fma ...
      memref.store %e, %As[%other_stage, ...]
      gpu.barrier
      scf.yield ...
    }
    ```
  }];
  let dependentDialects = ["amdgpu::AMDGPUDialect", "arith::ArithDialect",
                           "gpu::GPUDialect",
                           "scf::SCFDialect"];
}

def GemmBufferAddressing : Pass<"gemm-buffer-addressing", "func::FuncOp"> {
  let summary = "Read A and B with raw buffer loads: SGPR base and uniform "
                "offset, a loop-invariant VGPR offset per lane";
  let description = [{
    Rewrites the tiled kernel's `memref.load`s of global memory into
    `amdgpu.raw_buffer_load`, in the launches whose `gemm.config` says
    `addressing = buffer`. Each index, a sum, is split: the terms that
    depend on the lane or the workgroup stay in the VGPR indices, which do
    not change across the K loop; the uniform terms (the K loop's induction
    variable and what is computed from it, constants) become one SGPR offset
    in elements. The backend then emits `buffer_load_b32 v, v_off, s[rsrc],
    s_off offen` with one scalar offset update per load per step, instead of
    a 64-bit VGPR address and two VALU adds per load (walkthrough kernel 8).

    The uniform offsets are computed in i32 (a min of i32 values, not a cast
    of an index min), and loops with uniform bounds (the K loop) count in
    i32: SALU has no 64-bit unsigned compare, so index-typed (64-bit) loop
    tests and clamps would each cost a `v_cmp_gt_u64` per iteration. i32 is
    exact because a buffer spans at most 4 GiB. A dynamic stride (a leading
    dimension, or the columns of a dynamic identity layout) is read in the
    kernel with `memref.extract_strided_metadata` and multiplies the uniform
    part in i32; the counter of a dynamic K tail is uniform too.

    A raw buffer addresses fewer than 4 GiB (2^30 f32). A launch reading a
    static matrix that large keeps its global loads, with a remark; for a
    dynamic one, `rows x ld < 2^30` joins the condition of the host `scf.if`
    around the launch (`gemm-tile-workgroups`), so that larger matrices run
    the fallback.

    Example: `gemm-opt --gemm-buffer-addressing` turns

    ```mlir
    %r = arith.addi %row0, %c16 : index       // %row0 depends on the lane
    %c = arith.addi %k, %lane_k : index
    %v = memref.load %A[%r, %c] : memref<256x256xf32>
    ```

    into

    ```mlir
    %vr = arith.index_cast %row0 : index to i32
    %vc = arith.index_cast %lane_k : index to i32
    %s = arith.addi %k_i32, %c4096_i32 : i32  // k + 16 x 256
    %v = amdgpu.raw_buffer_load %A[%vr, %vc] sgprOffset %s
           : memref<256x256xf32>, i32, i32 -> f32
    ```
  }];
  let dependentDialects = ["amdgpu::AMDGPUDialect", "arith::ArithDialect"];
}

def GemmExpandMath : Pass<"gemm-expand-math"> {
  let summary = "Rewrite the math ops a fused epilogue may hold into f32 "
                "arithmetic the kernel runs without a device library";
  let description = [{
    Runs in `gemm-rdna3-pipeline` on the kernels' `gpu.module`, before the
    ROCDL lowering. That lowering turns `math.tanh`, `math.erf` and
    `math.rsqrt` on f32 into calls to the ROCm device library
    (`__ocml_tanh_f32`, ...), which gemm-opt does not link: the code object
    would hold unresolved calls. This pass rewrites them first. A sum
    `1 + tanh(u)` (GELU's tanh form) becomes `2 / (1 + exp(-2u))`, the same
    value in about 9 instructions (exp's range guard included) instead of
    tanh's polynomial (about 20), without
    the cancellation where tanh(u) nears -1; a constant factor of u takes
    the -2, which is exact. Then, with upstream's patterns: `math.tanh` and `math.erf` by their f32 polynomial
    approximations (scalars and vectors), and `math.rsqrt` into one division
    by `math.sqrt`. The divisions these expansions make (a quotient of two
    polynomials, the reciprocal) get the `afn` and `arcp` flags, so that the
    backend takes the hardware reciprocal (2 instructions, 1 ulp) rather
    than the IEEE division (11): their own error is larger. The program's
    divisions keep IEEE rounding. `math.exp`, `math.sqrt`, `math.absf` and
    `math.fma`
    lower to LLVM intrinsics that the AMDGPU backend compiles itself and are
    left alone. Nothing else changes.

    Example: `gemm-opt --gemm-expand-math` turns

    ```mlir
    %y = math.tanh %x : vector<4xf32>
    ```

    into a clamp of `%x`, two polynomials in `%x * %x` (`math.fma` chains)
    and their quotient, with `%x` itself returned where `|x|` is below
    0.0004 (where tanh(x) rounds to x).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def GemmLowerSimple : Pass<"gemm-lower-simple", "func::FuncOp"> {
  let summary = "Lower the matmuls the RDNA3 tiling left to one parallel "
                "loop over C with the K sum in a register and the epilogue "
                "fused";
  let description = [{
    The simple kernel of `gemm-rdna3-pipeline`, for what
    `gemm-tile-workgroups` does not tile (`tile=false`, matrices smaller
    than one workgroup tile, fewer than two K steps). Each `linalg.matmul`
    or `linalg.batch_matmul` on memrefs outside a `gpu.launch` becomes an
    `scf.parallel` over M, N (and the batch) whose body sums over K in a
    register, then stores `C + sum`, or, for the epilogue form (a matmul
    into a zero-filled temporary T and a `linalg.generic` computing C from T
    and C), the generic's body applied to the sum and C; T, its fill and
    deallocation are erased. The indexing maps (transposes) and layouts
    (leading dimensions) carry over to the loads; dynamic sizes become loop
    bounds from `memref.dim` of the operands. The pipeline then tiles
    the loop into 16 x 16 workgroups and maps it to the GPU.

    Example: `gemm-opt --gemm-lower-simple` turns

    ```mlir
    linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>)
                  outs(%C : memref<8x8xf32>)
    ```

    into

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%s = %zero) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<8x4xf32>
        %b = memref.load %B[%k, %j] : memref<4x8xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      %c = memref.load %C[%i, %j] : memref<8x8xf32>
      %r = arith.addf %c, %sum : f32
      memref.store %r, %C[%i, %j] : memref<8x8xf32>
    }
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def GemmKernelSizes : Pass<"gemm-kernel-sizes", "func::FuncOp"> {
  let summary = "Pass the matrices' dynamic sizes and leading dimensions to "
                "the kernel as one index argument each";
  let description = [{
    Runs just before `gpu-kernel-outlining`, on a function that
    `gemm-check-input` recorded. The pipeline lowers kernels with the
    bare-pointer calling convention (one pointer per matrix), which cannot
    pass a memref with a dynamic size or stride. For each such A, B or C a
    `gpu.launch` uses, the pass takes the base pointer on the host
    (`memref.extract_strided_metadata`, a `memref<f32>`) and rebuilds the
    matrix at the top of the launch with a `memref.reinterpret_cast` whose
    sizes and strides are host values: one per problem size (m, n, k,
    batch) and per dynamic stride of a strided layout (lda, batch_stride_a,
    ...), shared by all matrices, so that the outlined kernel takes each
    size once. The identity layout's strides are computed in the kernel
    from the sizes. Static matrices are left alone.

    A function with several launches (the tiled kernel and its fallback for
    dynamic sizes, in the branches of an `scf.if`) gets one `gpu.module`
    for them (`<func>_kernels`, through the launches' `module` attribute),
    so that one code object holds both; the launch without a `gemm.tile` is
    named `<func>_simple_kernel`.

    Example: with `%A : memref<?x?xf32>` (M x K) and
    `%B : memref<?x?xf32>` (K x N), a launch that uses them gets

    ```mlir
    %baseA, %offA, %sizesA:2, %stridesA:2 =
        memref.extract_strided_metadata %A : memref<?x?xf32> -> ...
    ...
    gpu.launch ... {
      %a = memref.reinterpret_cast %baseA to offset: [0],
          sizes: [%sizesA#0, %sizesA#1], strides: [%sizesA#1, 1]
          : memref<f32> to memref<?x?xf32>
      %b = memref.reinterpret_cast %baseB to offset: [0],
          sizes: [%sizesA#1, %sizesB#1], strides: [%sizesB#1, 1] ...
    ```

    and outlining makes `%sizesA#0` (m), `%sizesA#1` (k) and `%sizesB#1`
    (n) kernel arguments, which `gemm-emit-hsaco` names in the manifest.
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def GemmWgpMode : Pass<"gemm-wgp-mode", "ModuleOp"> {
  let summary = "Compile in WGP mode the kernels whose plan asks for it";
  let description = [{
    Runs after `gpu-kernel-outlining` and `rocdl-attach-target`. The
    pipeline compiles in CU mode (its `cumode` option), where each CU of a
    WGP takes workgroups on its own with its half of the LDS; a skinny plan
    with `wgp_mode` (`#gemm.skinny_plan`) asks for WGP mode instead, where
    the two CUs take workgroups as one unit: a grid a little larger than
    the CUs then spreads 3 workgroups over a WGP rather than 2 over one CU.
    `gemm-tile-skinny` lists such kernels in the `gemm.wgp_mode_kernels`
    attribute of the function that launches them, since outlining drops a
    `gpu.launch`'s attributes. For each listed kernel this pass sets the
    outlined `gpu.func`'s `target_features` to its module's ROCDL features
    with `-cumode` in place of `+cumode`: LLVM reads a function's features in
    place of the target machine's, and the backend sets the kernel
    descriptor's `WGP_MODE` bit from them. The attribute is removed; a
    listed kernel that the function does not launch is an error.

    Example: with `func.func @f() attributes {gemm.wgp_mode_kernels =
    [@f_skinny_kernel]}` launching `@f_skinny_kernel::@f_skinny_kernel` in a
    module whose target has `features = "+cumode"`, the kernel becomes

    ```mlir
    gpu.func @f_skinny_kernel(...) kernel attributes {
        target_features = #llvm.target_features<["-cumode"]>}
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GemmModuleToBinary : Pass<"gemm-module-to-binary", "ModuleOp"> {
  let summary = "Compile each gpu.module to a code object (gpu.binary), "
                "linked by an ld.lld from a trusted place";
  let description = [{
    `gpu-module-to-binary` links each code object with
    `<toolkit>/llvm/bin/ld.lld`, which runs with the compiling user's rights.
    This pass chooses the toolkit, then runs `gpu-module-to-binary{format=isa}`
    and assembles and links the ISA itself, as `format=bin` does (the same
    bytes), so that a failing linker is reported with its path, its exit
    status and what it printed, on one line. The toolkit is, in order:

    1. the `toolkit` option;
    2. when the running gemm-opt (or MLIR plugin) is the build tree's, the
       build tree's `toolkit`;
    3. `<prefix>/share/gemm-opt/toolkit` of the prefix the running binary or
       plugin is installed in, found from the binary's own path at run time
       (so an install under another prefix than the configured one works);
    4. when none of these exists, a toolkit made for this one link: a new
       directory created by `mkdtemp` in `$TMPDIR` (mode 0700, so nobody else
       can own it or put anything in it) holding only the symbolic link
       `llvm/bin/ld.lld` to LLVM 22's `ld.lld`, removed when the link is done.

    No other directory is searched, and no existing temporary directory is
    ever reused.

    With `scheduler=tiling` (what `auto`, the default, means here) LLVM's
    pre-RA machine scheduler is off while the kernels are compiled, so that
    the code keeps the order the tiling passes gave it: each K step's LDS
    fragment loads in one batch before its FMAs, and the next K-slice's
    global loads at the top of the loop, with the whole multiply to cover
    them. LLVM's GCN scheduler sinks those loads to the end of the loop and
    interleaves the fragment loads with the FMAs behind more waits and more
    registers; `scheduler=llvm` keeps it. The switch is LLVM's global
    `-enable-misched` option, set for the duration of the pass; a value given
    on the command line wins. `gemm-rdna3-pipeline` resolves `auto` from the
    kernel configuration (see its `scheduler` option).

    Example: `gemm-opt k.mlir --gemm-module-to-binary=scheduler=llvm`.
  }];
  let dependentDialects = ["gpu::GPUDialect"];
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
    bytes. Static checks in the tiling passes catch what a lower bound can
    predict; this one catches the rest (for example `bk=16` with
    `addressing=global`, where the unrolled K step and the 64-bit addresses
    keep more values live than the bound counts).

    Example: `gemm-opt k.mlir --gemm-rdna3-pipeline="bk=16 addressing=global"`
    on a problem where the backend spills reports

    ```
    error: kernel 'sgemm_kernel' spills 32 bytes per lane to scratch with
    256 VGPRs: the tile options need more registers than a lane has; use a
    smaller bk, or prefetch=registers
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

def GemmDescribeLaunches : Pass<"gemm-describe-launches", "ModuleOp"> {
  let summary = "Record the launch manifest with the code object and drop "
                "the gemm attributes";
  let description = [{
    Runs after `gpu-module-to-binary`. It builds the launch manifest
    (docs/manifest.md) of the one `gpu.binary` from the host IR, the
    `#gemm.matmul` record of `gemm-check-input` and the code object's
    metadata, and keeps its JSON text in the binary's object properties
    (`properties = {manifest = "..."}`, with an empty `code_object`: the
    path is known only when the code object is written). Then it removes
    every `gemm.*` attribute from the module, so that upstream `mlir-opt`,
    which does not know the gemm dialect, can lower the host code
    (docs/embedding.md). `gemm-emit-hsaco` and the in-memory compile of the
    C++ API take the manifest from the properties.

    A module without a `gpu.binary` only loses its attributes; a binary
    that already holds a manifest keeps it.
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
    metadata note. Both files are written only if everything succeeds. The
    manifest is the one `gemm-describe-launches` recorded in the binary's
    properties, with the code object's path filled in; without one, the pass
    builds it from the IR as `gemm-describe-launches` does.

    When several `gpu.launch_func`s of one function use the code object (a
    tiled kernel and its fallback for dynamic sizes), the manifest lists
    each under `kernels`, with `when`: the conditions of the host `scf.if`s
    around its launch (negated in an else-branch), written as a formula of
    the sizes, such as `m>=128 && n>=128 && k>=16`.

    Example:

    ```
    gemm-opt sgemm.mlir --gemm-rdna3-pipeline -o lowered.mlir
    gemm-opt lowered.mlir --gemm-emit-hsaco="hsaco=sgemm.hsaco"
    # writes sgemm.hsaco and sgemm.manifest.json
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

#endif // GEMM_OPT_PASSES_TD
