//===- GemmBufferize.cpp - Accept matmul programs on tensors --------------===//
//
// DL compilers hand over linalg on tensors in destination-passing style:
// functions that take and return tensors. The pipeline compiles the memref
// form, where the kernel's arguments are A, B and C and nothing is returned.
// Upstream one-shot bufferization does the conversion; what it leaves is a
// function that returns buffers, and upstream's passes that turn returned
// buffers into arguments skip public functions (whose signature they would
// change), while the function is exactly the kernel entry whose signature
// gemm-opt defines. This pass runs the upstream functions on every function
// of the module, public or not.
//
// Before that, a linalg.transpose that swaps the matrix dimensions of a
// matmul operand is folded into the matmul's indexing map: torch-mlir lowers
// nn.Linear's weight (out x in) that way, and the transpose would otherwise
// be a copy that the kernel cannot do.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMBUFFERIZE
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {
struct GemmBufferizePass
    : public mlir::gemm::impl::GemmBufferizeBase<GemmBufferizePass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    GemmBufferizeBase::getDependentDialects(registry);
    // The ops of the accepted programs; an embedder's registry need not
    // have these registered.
    arith::registerBufferizableOpInterfaceExternalModels(registry);
    bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
        registry);
    linalg::registerBufferizableOpInterfaceExternalModels(registry);
    tensor::registerBufferizableOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override;
};
} // namespace

static bool isTensor(Type type) { return isa<TensorType>(type); }

static bool holdsTensors(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (llvm::any_of(func.getArgumentTypes(), isTensor) ||
          llvm::any_of(func.getResultTypes(), isTensor))
        return WalkResult::interrupt();
    if (llvm::any_of(op->getResultTypes(), isTensor))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `permutation` swaps the last two dimensions and keeps the others.
static bool swapsMatrixDims(ArrayRef<int64_t> permutation) {
  int64_t rank = permutation.size();
  if (rank < 2)
    return false;
  for (int64_t dim = 0; dim < rank - 2; ++dim)
    if (permutation[dim] != dim)
      return false;
  return permutation[rank - 2] == rank - 1 && permutation[rank - 1] == rank - 2;
}

/// Reads A or B through the transpose's input, with the map's two matrix
/// results swapped; the transpose goes when nothing else reads it.
template <typename MatmulOp>
static void foldOperandTransposes(MatmulOp matmul) {
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  bool changed = false;
  for (unsigned index = 0; index < 2; ++index) {
    auto transpose =
        matmul->getOperand(index).template getDefiningOp<linalg::TransposeOp>();
    if (!transpose || !swapsMatrixDims(transpose.getPermutation()))
      continue;
    SmallVector<AffineExpr> results(maps[index].getResults());
    std::swap(results[results.size() - 2], results.back());
    maps[index] = AffineMap::get(maps[index].getNumDims(), 0, results,
                                 matmul.getContext());
    matmul->setOperand(index, transpose.getInput());
    changed = true;
    if (transpose->use_empty())
      transpose->erase();
  }
  if (changed)
    matmul.setIndexingMapsAttr(
        Builder(matmul.getContext()).getAffineMapArrayAttr(maps));
}

/// Fuses chains of elementwise linalg.generic ops into one, with upstream's
/// elementwise fusion: frameworks emit a bias add, an activation and a
/// residual add as one generic each, and gemm-opt fuses the one generic
/// that follows the matmul into its store. Only generics are fused (not a
/// fill into its consumer), on tensors, where the fusion is exact.
static LogicalResult fuseElementwiseChains(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *fused) {
    Operation *producer = fused->get().getDefiningOp();
    return isa_and_nonnull<linalg::GenericOp>(producer) &&
           isa<linalg::GenericOp>(fused->getOwner()) && producer->hasOneUse();
  });
  return applyPatternsGreedily(module, std::move(patterns));
}

/// Gives each linalg op that only writes its init its own tensor.empty.
/// Programs share one tensor.empty among the matmul's init fill and the
/// elementwise ops after it; one-shot bufferization then puts the
/// epilogue's result in the matmul's buffer (an in-place update of C), while
/// the kernels write C once, through the epilogue, from the matmul's
/// temporary.
static void unshareEmptyInits(ModuleOp module) {
  SmallVector<OpOperand *> shared;
  module.walk([&](linalg::LinalgOp op) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto empty = init.get().getDefiningOp<tensor::EmptyOp>();
      if (empty && !empty->hasOneUse() &&
          !op.payloadUsesValueFromOperand(&init))
        shared.push_back(&init);
    }
  });
  for (OpOperand *init : shared) {
    OpBuilder b(init->getOwner());
    init->set(b.clone(*init->get().getDefiningOp())->getResult(0));
  }
}

static Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Drops the results that are argument buffers (the destination-passing
/// matmul's outs, updated in place); upstream's function keeps those of
/// public functions, so they are made private for its run.
static LogicalResult dropArgumentResults(ModuleOp module) {
  SmallVector<func::FuncOp> publicFuncs;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal()) {
      publicFuncs.push_back(func);
      func.setPrivate();
    }
  LogicalResult result = bufferization::dropEquivalentBufferResults(module);
  for (func::FuncOp func : publicFuncs)
    func.setPublic();
  return result;
}

/// What is still returned must be a new buffer (a tensor.empty), which
/// becomes an argument; anything else (an input, a view of one) would be a
/// copy on the host that the kernel cannot do.
static LogicalResult checkReturnedBuffers(ModuleOp module) {
  bool failed = false;
  module.walk([&](func::ReturnOp ret) {
    for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
      if (!isa<BaseMemRefType>(value.getType()))
        continue;
      if (stripCasts(value).getDefiningOp<memref::AllocOp>())
        continue;
      InFlightDiagnostic diag = ret.emitError()
                                << "result " << index
                                << " is neither a tensor argument the "
                                   "function updates in place nor a new "
                                   "tensor (tensor.empty)";
      diag << "; gemm-opt compiles a function whose results are the "
              "matmul's output, in destination-passing style";
      failed = true;
    }
  });
  return failure(failed);
}

void GemmBufferizePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (!holdsTensors(module))
    return;
  module.walk([](Operation *op) {
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op))
      foldOperandTransposes(matmul);
    else if (auto batchMatmul = dyn_cast<linalg::BatchMatmulOp>(op))
      foldOperandTransposes(batchMatmul);
  });
  mlir::gemm::generalizeElementwiseOps(module);
  if (failed(fuseElementwiseChains(module)))
    return signalPassFailure();
  unshareEmptyInits(module);

  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  // Kernel arguments are row-major with offset 0 (docs/accepted-input.md).
  options.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  bufferization::BufferizationState state;
  if (failed(bufferization::runOneShotModuleBufferize(module, options, state)))
    return signalPassFailure();

  if (failed(dropArgumentResults(module)) ||
      failed(checkReturnedBuffers(module)))
    return signalPassFailure();

  bufferization::BufferResultsToOutParamsOpts outParams;
  outParams.hoistStaticAllocs = true;
  outParams.hoistDynamicAllocs = true;
  outParams.modifyPublicFunctions = true;
  if (failed(bufferization::promoteBufferResultsToOutParams(module, outParams)))
    return signalPassFailure();
}
