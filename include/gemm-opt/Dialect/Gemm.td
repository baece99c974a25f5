//===- Gemm.td - The gemm dialect: kernel configuration ---*- tablegen -*-===//
//
// The gemm dialect has no ops: it holds the attributes in which the tiling
// passes pass their decisions on, so that each decision is made once (in
// gemm-select-config) and read, typed, by every later pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMM_TD
#define GEMM_OPT_DIALECT_GEMM_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/DialectBase.td"
include "mlir/IR/EnumAttr.td"

def Gemm_Dialect : Dialect {
  let name = "gemm";
  let cppNamespace = "::mlir::gemm";
  let summary = "The kernel configuration of gemm-opt's RDNA3 SGEMM passes";
  let description = [{
    Attributes only. `#gemm.matmul` is the problem `gemm-check-input` found
    (sizes, operands, layout, alpha and beta). `#gemm.config` is the kernel
    configuration `gemm-select-config` chooses for a matmul (workgroup tile,
    wave grid, LDS padding, unroll, prefetch, addressing, waits and wave
    priorities); `gemm-tile-workgroups` moves it onto the `gpu.launch` it
    builds, beside a `#gemm.problem` with the problem sizes, and every later
    tiling pass reads it from there.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The discardable attribute holding a #gemm.config: on a matmul from
    /// gemm-select-config, on its launch from gemm-tile-workgroups.
    static constexpr ::llvm::StringLiteral getConfigAttrName() {
      return "gemm.config";
    }
    /// The discardable attribute holding gemm-check-input's #gemm.matmul,
    /// on the function of the matmul.
    static constexpr ::llvm::StringLiteral getMatmulAttrName() {
      return "gemm.matmul";
    }
    /// The discardable attribute holding gemm-check-input's #gemm.epilogue,
    /// on the function of a matmul whose epilogue is not alpha/beta.
    static constexpr ::llvm::StringLiteral getEpilogueAttrName() {
      return "gemm.epilogue";
    }
    /// The discardable attribute holding a launch's #gemm.problem.
    static constexpr ::llvm::StringLiteral getProblemAttrName() {
      return "gemm.problem";
    }
    /// The unit attribute that marks a stream-K launch's loop over the
    /// tiles a workgroup's K range touches, so that the later tiling passes
    /// find the K loop inside it.
    static constexpr ::llvm::StringLiteral getSegmentsAttrName() {
      return "gemm.segments";
    }
    /// The discardable attribute, on the function that launches them, that
    /// lists the kernels (symbol references) to compile in WGP mode; read by
    /// gemm-wgp-mode after outlining, which keeps the function but not the
    /// launch's attributes.
    static constexpr ::llvm::StringLiteral getWgpModeKernelsAttrName() {
      return "gemm.wgp_mode_kernels";
    }
  }];
}

def Gemm_PrefetchMode : I32EnumAttr<"PrefetchMode",
    "how the next K-slice is fetched while the current one is multiplied", [
  // Load, store to LDS, multiply: global latency is exposed.
  I32EnumAttrCase<"None", 0, "none">,
  // Next slice in VGPRs during the multiply (walkthrough kernel 4).
  I32EnumAttrCase<"Registers", 1, "registers">,
  // Two LDS stages: one barrier per K step instead of two.
  I32EnumAttrCase<"Lds", 2, "lds">]> {
  let cppNamespace = "::mlir::gemm";
  let genSpecializedAttr = 0;
}

def Gemm_Addressing : I32EnumAttr<"Addressing",
    "how the kernel reads A and B from global memory", [
  // global_load with a 64-bit VGPR address per load.
  I32EnumAttrCase<"Global", 0, "global">,
  // Raw buffer loads (gemm-buffer-addressing).
  I32EnumAttrCase<"Buffer", 1, "buffer">]> {
  let cppNamespace = "::mlir::gemm";
  let genSpecializedAttr = 0;
}

def Gemm_KernelKind : I32EnumAttr<"KernelKind",
    "which kernel a matmul is compiled to", [
  // gemm-select-config chooses per shape (an option value only).
  I32EnumAttrCase<"Auto", 0, "auto">,
  // Workgroup, wave and lane tiles of C, K-slices staged in LDS.
  I32EnumAttrCase<"Tiled", 1, "tiled">,
  // For a small M or N: lanes split K and reduce across lanes (gemm-tile-skinny).
  I32EnumAttrCase<"Skinny", 2, "skinny">]> {
  let cppNamespace = "::mlir::gemm";
  let genSpecializedAttr = 0;
}

def Gemm_SkinnyPlanAttr : AttrDef<Gemm_Dialect, "SkinnyPlan"> {
  let mnemonic = "skinny_plan";
  let summary = "How the skinny kernel lays out a matmul with a small side";
  let description = [{
    The plan of `gemm-tile-skinny`'s kernel, chosen by `gemm-select-config`
    and built as given. S is the small side (N, or M when M < N), L the long
    one; X is the operand along L, Y the one along S. Each lane multiplies
    4 consecutive K values (a step) of `rows_per_lane` rows of X by
    `cols_per_group` columns of Y; `lanes_k` x `lanes_l` lanes of a wave
    lie along K and L, and `waves` waves of a workgroup take interleaved
    K steps of the same rows and columns. A loop iteration loads `unroll`
    steps before it multiplies. With `parts` > 1 the workgroups also split
    K into that many parts, whose sums a second kernel adds into C in part
    order. `stage_y` stages each wave's Y in an LDS tile (Y stored along
    S); `scalar_y` keeps Y in SGPRs (X stored along L: the 32 lanes of a
    wave lie along L). `wgp_mode` compiles the kernel in WGP mode, where the
    two CUs of a WGP take workgroups as one unit (the rest of the pipeline
    compiles in CU mode). The verifier holds the limits that apply to any
    problem (a wave's 32 lanes, at most 96 sums a lane, 8 waves, 16 parts,
    the register and LDS budgets); `gemm-tile-skinny` checks the plan
    against its matmul's sizes and layout.

    Example:

    ```mlir
    #gemm.skinny_plan<lanes_k = 16, lanes_l = 2, rows_per_lane = 1,
                      cols_per_group = 8, waves = 3, unroll = 2,
                      stage_y = true>
    ```
  }];
  let parameters = (ins "int64_t":$lanes_k, "int64_t":$lanes_l,
                        "int64_t":$rows_per_lane, "int64_t":$cols_per_group,
                        "int64_t":$waves, "int64_t":$unroll,
                        DefaultValuedParameter<"int64_t", "1">:$parts,
                        DefaultValuedParameter<"bool", "false">:$stage_y,
                        DefaultValuedParameter<"bool", "false">:$scalar_y,
                        DefaultValuedParameter<"bool", "false">:$wgp_mode);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Gemm_KernelConfigAttr : AttrDef<Gemm_Dialect, "KernelConfig"> {
  let mnemonic = "config";
  let summary = "How one matmul is compiled to an RDNA3 kernel";
  let description = [{
    The choices of the tiled kernel: the `bm` x `bn` tile of C per workgroup and
    its K step `bk`, the `waves_m` x `waves_n` grid of wave32 waves (which fixes
    each lane's TM x TN register tile), the floats of `pad` after each row of a
    transposed LDS tile (A's, and B's where B is stored N x K), the K steps
    unrolled per LDS loop iteration (`unroll`, 0 for all of `bk`), how the next
    K-slice is prefetched, how A and B are addressed, whether each K step waits
    once for all its LDS fragment loads (`batch_waits`, printed only when
    false), whether a wave raises its priority for a K step's FMAs
    (`wave_priorities`, printed only when true), and into how many K parts the
    tiles left over after whole rounds of `compute_units` workgroups are split
    (`split_tail`, printed only when not 1; `compute_units`,
    printed only when it overrides the target's count), whether those
    tiles' K steps are shared instead by one stream-K workgroup per CU
    (`stream_k`, printed only when true), which kernel it is
    (`kernel`: `tiled`, the default, printed only when not; `skinny`,
    gemm-tile-skinny's kernel for a small M or N, which reads only its
    `plan`, a `#gemm.skinny_plan` given with `kernel = skinny` alone), and
    the RDNA3 product whose figures the choice and the cost estimates used
    (`target`, a name of docs/targets.md, printed only when not the default
    `rx7900xtx`). The passes that use a value check it
    and name the limit it breaks.

    Example:

    ```mlir
    #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1,
                 pad = 4, unroll = 0, prefetch = registers,
                 addressing = buffer>
    ```
  }];
  let parameters = (ins "int64_t":$bm, "int64_t":$bn, "int64_t":$bk,
                        "int64_t":$waves_m, "int64_t":$waves_n,
                        "int64_t":$pad, "int64_t":$unroll,
                        EnumParameter<Gemm_PrefetchMode>:$prefetch,
                        EnumParameter<Gemm_Addressing>:$addressing,
                        DefaultValuedParameter<"bool", "true">:$batch_waits,
                        DefaultValuedParameter<"bool", "false">
                            :$wave_priorities,
                        DefaultValuedParameter<"int64_t", "1">:$split_tail,
                        DefaultValuedParameter<"bool", "false">:$stream_k,
                        DefaultValuedParameter<"int64_t", "0">
                            :$compute_units,
                        DefaultValuedParameter<"::mlir::gemm::KernelKind",
                            "::mlir::gemm::KernelKind::Tiled">:$kernel,
                        OptionalParameter<"SkinnyPlanAttr">:$plan,
                        StringRefParameter<"the product",
                            "::gemm::getDefaultTarget().name">:$target);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Gemm_ProblemAttr : AttrDef<Gemm_Dialect, "Problem"> {
  let mnemonic = "problem";
  let summary = "The M x N x K sizes a tiled launch computes";
  let description = [{
    `?` marks a size known only at run time (the kernel takes it as an
    argument).

    Example: `#gemm.problem<m = 256, n = ?, k = 64>`
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k);
  let assemblyFormat = [{
    `<` `m` `=` custom<ProblemSize>($m) `,` `n` `=` custom<ProblemSize>($n)
    `,` `k` `=` custom<ProblemSize>($k) `>`
  }];
}

def Gemm_MatmulRecordAttr : AttrDef<Gemm_Dialect, "MatmulRecord"> {
  let mnemonic = "matmul";
  let summary = "The problem gemm-check-input found: sizes, operands, layout";
  let description = [{
    Recorded by `gemm-check-input` on the function that holds the matmul, as
    its `gemm.matmul` attribute, and read after outlining (which replaces the
    matmul) by `gemm-kernel-sizes` and `gemm-emit-hsaco`: the problem sizes
    `m`, `n`, `k`, `batch`; the function arguments `a`, `b`, `c` that hold A,
    B and C; whether A and B are transposed; the leading dimensions and, for
    a batch matmul, the batch strides; and C = alpha op(A) x op(B) + beta C,
    each factor a value or (`arg3`) a function argument. `?` marks a size or
    stride known only at run time.

    Example:

    ```mlir
    #gemm.matmul<m = 256, n = ?, k = 64, batch = 1, a = 0, b = 1, c = 2,
                 transpose_a = false, transpose_b = true, lda = 64, ldb = 64,
                 ldc = ?, alpha = 1.000000e+00, beta = arg3>
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        "int64_t":$batch,
                        "unsigned":$a, "unsigned":$b, "unsigned":$c,
                        "bool":$transpose_a, "bool":$transpose_b,
                        "int64_t":$lda, "int64_t":$ldb, "int64_t":$ldc,
                        "std::optional<int64_t>":$batch_stride_a,
                        "std::optional<int64_t>":$batch_stride_b,
                        "std::optional<int64_t>":$batch_stride_c,
                        OptionalParameter<"FloatAttr">:$alpha,
                        "std::optional<unsigned>":$alpha_arg,
                        OptionalParameter<"FloatAttr">:$beta,
                        "std::optional<unsigned>":$beta_arg);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// "A", "B" or "C" for the function argument that holds it, else "".
    ::llvm::StringRef getRole(unsigned argNumber) const;
    /// Whether operand `role` ("A" or "B") is stored transposed.
    bool isTransposed(::llvm::StringRef role) const;
    /// alpha or beta as a value, unless it is a function argument.
    std::optional<double> getAlphaValue() const {
      return getAlpha() ? std::optional(getAlpha().getValueAsDouble())
                        : std::nullopt;
    }
    std::optional<double> getBetaValue() const {
      return getBeta() ? std::optional(getBeta().getValueAsDouble())
                       : std::nullopt;
    }
    /// The value of size or stride `name` ("m", "lda", "batch_stride_a",
    /// ...) when it is known at compile time.
    std::optional<int64_t> getStaticSize(::llvm::StringRef name) const;
  }];
}

def Gemm_EpilogueRecordAttr : AttrDef<Gemm_Dialect, "EpilogueRecord"> {
  let mnemonic = "epilogue";
  let summary = "An elementwise epilogue beyond alpha/beta, as the kernel "
                "applies it";
  let description = [{
    Recorded by `gemm-check-input` beside the `gemm.matmul` record when the
    matmul's epilogue reads operands besides its result T and C, or computes
    more than `alpha * t + beta * c`, and read by the manifest's writer,
    which describes the extra kernel arguments and the body to the runtime.
    `operands` are the function arguments the epilogue reads (E0, E1, ...),
    `dims` the loops each keeps (`"batch"`, `"m"`, `"n"`, in order; none for
    a scalar), and `body` the epilogue's operations in order, one per
    string, on the names `T` (the sum of products), `C` (C's old value),
    `E0`, `E1`, ... (the operands' elements) and `%0`, `%1`, ... (earlier
    results), ending with `yield`.

    Example, C = max(A x B + bias(n), 0):

    ```mlir
    #gemm.epilogue<operands = [3], dims = [["n"]],
                   body = ["%0 = arith.addf T, E0",
                           "%1 = arith.constant 0.000000000e+00",
                           "%2 = arith.maximumf %0, %1", "yield %2"]>
    ```
  }];
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$operands,
                        "ArrayAttr":$dims, "ArrayAttr":$body);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // GEMM_OPT_DIALECT_GEMM_TD
