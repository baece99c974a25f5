//===- GemmTransformOps.td - gemm-opt's steps as transform ops -*- tablegen -*-===//
//
// Each step of gemm-rdna3-pipeline as an op of the transform dialect's gemm
// extension, so that a transform script applies them to the ops it matches in
// a larger program. An op runs the pass the pipeline adds for its step (the
// same factory and options), so a script and the pipeline cannot diverge.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORM_OPS_TD
#define GEMM_OPT_TRANSFORM_OPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

/// A step of the pipeline on the payload ops of `target`. `anchor` is the op
/// the step's passes run on; `addPasses` the body of addStepPasses, which
/// appends them to `pm` (anchored there) as the op's options say.
class GemmStepOp<string mnemonic, string anchor, code addPasses,
                 string stepSummary, string stepDescription>
    : Op<Transform_Dialect, "gemm." # mnemonic,
         [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
          DeclareOpInterfaceMethods<TransformOpInterface>,
          AllTypesMatch<["target", "result"]>]> {
  let summary = stepSummary;
  let description = stepDescription # [{

    The payload ops of `target` must be `}] # anchor # [{` ops}] #
    !if(!eq(anchor, "func.func"),
        [{, or `builtin.module` ops, on whose functions it then runs}],
        "") # [{. `options` are the step's
    options, in the syntax of its command-line option (`key=value` pairs
    separated by spaces); the op's verifier parses them, so a bad option is
    an error at the op. When the step fails on a payload op, its
    diagnostics are reported and the transform fails.

    The target handle is consumed (the step may rewrite anything inside its
    payload ops); the result is a new handle to the same ops.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$options);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target (`with` `options` `=` $options^)? attr-dict `:` type($target)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The op name the step's passes are anchored on.
    static ::llvm::StringRef getAnchorName() { return "}] # anchor # [{"; }
    /// Appends the step's passes, configured by the op's options, to `pm`
    /// (anchored on getAnchorName()); fails, with `emitError`, on options
    /// that do not parse.
    ::llvm::LogicalResult addStepPasses(
        ::mlir::OpPassManager &pm,
        ::llvm::function_ref<::llvm::LogicalResult(const ::llvm::Twine &)>
            emitError);
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::addStepPasses(
        ::mlir::OpPassManager &pm,
        ::llvm::function_ref<::llvm::LogicalResult(const ::llvm::Twine &)>
            emitError) {
      ::llvm::StringRef options = getOptions().value_or("");
      }] # addPasses # [{
    }
    ::mlir::DiagnosedSilenceableFailure
    $cppClass::apply(::mlir::transform::TransformRewriter &,
                     ::mlir::transform::TransformResults &results,
                     ::mlir::transform::TransformState &state) {
      return ::mlir::gemm::applyStep(*this, state, results);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::gemm::verifyStep(*this);
    }
  }];
}

/// A step that is one gemm-opt pass, `create` # passName # `()`, with its
/// own options.
class GemmPassStepOp<string mnemonic, string anchor, string passName,
                     string passArgument, string summary, string description>
    : GemmStepOp<mnemonic, anchor,
                 "return ::mlir::gemm::addPassStep(pm, ::mlir::gemm::create" #
                   passName # "(), options, emitError);",
                 summary,
                 description # [{

    It runs the pass `}] # passArgument # [{` (docs/passes.md).}]>;

def GemmBufferizeOp : GemmPassStepOp<"bufferize", "builtin.module",
    "GemmBufferize", "gemm-bufferize",
    "Bufferize a matmul program on tensors, results becoming arguments", [{
    The first step of the lowering: linalg on tensors (the form DL compilers
    hand over) becomes the memref form the other steps take.

    ```mlir
    %m = transform.gemm.bufferize %module : !transform.any_op
    ```
  }]>;

def GemmSpecializeGenericOp : GemmPassStepOp<"specialize_generic",
    "func.func", "GemmSpecializeGeneric", "gemm-specialize-generic",
    "Turn matmuls written as linalg.generic into linalg.matmul", [{
    ```mlir
    %m = transform.gemm.specialize_generic %module : !transform.any_op
    ```
  }]>;

def GemmCheckInputOp : GemmPassStepOp<"check_input", "builtin.module",
    "GemmCheckInput", "gemm-check-input",
    "Check that a module is input gemm-opt compiles, and record each matmul",
    [{
    Options: `chip`, `code-object-version`, `opt-level`.

    ```mlir
    %m = transform.gemm.check_input %module with options = "chip=gfx1100"
        : !transform.any_op
    ```
  }]>;

def GemmSelectConfigOp : GemmPassStepOp<"select_config", "func.func",
    "GemmSelectConfig", "gemm-select-config",
    "Choose each matmul's kernel configuration (#gemm.config)", [{
    Options: those of `gemm-rdna3-pipeline` that choose the kernel
    (`target`, `kernel`, `bm`, `bn`, `bk`, `split-tail`, `tuning-table`,
    ...).

    ```mlir
    %f = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %g = transform.gemm.select_config %f with options = "bm=64 bn=64"
        : !transform.any_op
    ```
  }]>;

def GemmTileSkinnyOp : GemmPassStepOp<"tile_skinny", "func.func",
    "GemmTileSkinny", "gemm-tile-skinny",
    "Build the skinny kernel of the matmuls configured for it", [{
    ```mlir
    %g = transform.gemm.tile_skinny %f : !transform.any_op
    ```
  }]>;

def GemmTileToWorkgroupsOp : GemmPassStepOp<"tile_to_workgroups",
    "func.func", "GemmTileWorkgroups", "gemm-tile-workgroups",
    "Tile each configured matmul into a grid of workgroup tiles", [{
    ```mlir
    %g = transform.gemm.tile_to_workgroups %f : !transform.any_op
    ```
  }]>;

def GemmStageInLdsOp : GemmPassStepOp<"stage_in_lds", "func.func",
    "GemmStageLds", "gemm-stage-lds",
    "Stage each K step's slices of A and B in LDS", [{
    ```mlir
    %g = transform.gemm.stage_in_lds %f : !transform.any_op
    ```
  }]>;

def GemmTileLanesOp : GemmPassStepOp<"tile_lanes", "func.func",
    "GemmTileLanes", "gemm-tile-lanes",
    "Tile each workgroup's matmul into wave and lane tiles", [{
    ```mlir
    %g = transform.gemm.tile_lanes %f : !transform.any_op
    ```
  }]>;

def GemmPrefetchOp : GemmPassStepOp<"prefetch", "func.func",
    "GemmPrefetch", "gemm-prefetch",
    "Load the next K step's slices while the current one computes", [{
    ```mlir
    %g = transform.gemm.prefetch %f : !transform.any_op
    ```
  }]>;

def GemmBufferAddressingOp : GemmPassStepOp<"buffer_addressing",
    "func.func", "GemmBufferAddressing", "gemm-buffer-addressing",
    "Address A and B through buffer resources", [{
    ```mlir
    %g = transform.gemm.buffer_addressing %f : !transform.any_op
    ```
  }]>;

def GemmLowerSimpleOp : GemmPassStepOp<"lower_simple", "func.func",
    "GemmLowerSimple", "gemm-lower-simple",
    "Lower what the tiling left to one output element per lane", [{
    ```mlir
    %g = transform.gemm.lower_simple %f : !transform.any_op
    ```
  }]>;

def GemmKernelSizesOp : GemmPassStepOp<"kernel_sizes", "func.func",
    "GemmKernelSizes", "gemm-kernel-sizes",
    "Pass a launch's dynamic sizes to its kernel as arguments", [{
    ```mlir
    %g = transform.gemm.kernel_sizes %f : !transform.any_op
    ```
  }]>;

def GemmExpandMathOp : GemmPassStepOp<"expand_math", "gpu.module",
    "GemmExpandMath", "gemm-expand-math",
    "Replace the epilogue's tanh, erf and rsqrt by polynomials", [{
    ```mlir
    %k = transform.structured.match ops{["gpu.module"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %l = transform.gemm.expand_math %k : !transform.any_op
    ```
  }]>;

def GemmEmitBinaryOp : GemmStepOp<"emit_binary", "builtin.module",
    "return ::mlir::gemm::addEmitBinaryStep(pm, options, emitError);",
    "Compile the module's gpu.modules to a code object and describe its "
    "launches", [{
    The last step of the lowering, as `gemm-rdna3-pipeline` ends:
    `gemm-module-to-binary` (the code object, with the late AMDGPU pass),
    `gemm-check-binary`, `gemm-describe-launches` (the launch manifest, and
    no gemm attribute left on the host) and, with `hsaco=FILE`,
    `gemm-emit-hsaco` (the files). Options: `hsaco`, `manifest`, `toolkit`,
    `scheduler` (`auto` is `tiling` here, as in `gemm-module-to-binary`:
    the kernel's configuration is gone by then) and `target`, the product
    recorded in the manifest.

    ```mlir
    %m = transform.gemm.emit_binary %module
        with options = "hsaco=sgemm.hsaco" : !transform.any_op
    ```
  }]>;

#endif // GEMM_OPT_TRANSFORM_OPS_TD
