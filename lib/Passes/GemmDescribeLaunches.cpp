//===- GemmDescribeLaunches.cpp - Keep the manifest with the code object --===//
//
// The launch manifest (docs/manifest.md) is built from gemm-check-input's
// #gemm.matmul record on the host function, but upstream mlir-opt and
// mlir-translate cannot even parse a module that still holds gemm
// attributes. gemm-describe-launches, the pipeline's last step, builds the
// manifest while the record is there (LaunchManifest.h), keeps its JSON text
// in the gpu.binary's object properties, where upstream lowering ignores it,
// and then removes every gemm attribute, so that the host code lowers with
// the stock tools (docs/embedding.md).
//
//===----------------------------------------------------------------------===//

#include "LaunchManifest.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMDESCRIBELAUNCHES
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {
struct GemmDescribeLaunchesPass
    : public mlir::gemm::impl::GemmDescribeLaunchesBase<
          GemmDescribeLaunchesPass> {
  GemmDescribeLaunchesPass() = default;
  explicit GemmDescribeLaunchesPass(StringRef target) : target(target.str()) {}

  void runOnOperation() override;

private:
  /// The product the manifest records; empty: none.
  std::string target;
};
} // namespace

/// Removes the gemm dialect's attributes, by name or by value: upstream
/// tools, which do not know the dialect, cannot parse them.
static void dropGemmAttributes(ModuleOp module) {
  module->walk([](Operation *op) {
    SmallVector<StringAttr> names;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().getValue().starts_with(
              (GemmDialect::getDialectNamespace() + ".").str()) ||
          isa<GemmDialect>(attr.getValue().getDialect()))
        names.push_back(attr.getName());
    for (StringAttr name : names)
      op->removeDiscardableAttr(name);
  });
}

void GemmDescribeLaunchesPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  // Several binaries are gemm-emit-hsaco's error; a described one is kept as
  // it is (the pipeline run twice).
  if (binaries.size() == 1) {
    FailureOr<CodeObjectSource> found = findCodeObject(module, getArgument());
    if (failed(found))
      return signalPassFailure();
    if (!getManifestProperty(found->object)) {
      FailureOr<::gemm::Manifest> manifest =
          describeModule(module, target, getArgument());
      if (failed(manifest))
        return signalPassFailure();
      std::string text;
      llvm::raw_string_ostream os(text);
      ::gemm::writeManifest(os, *manifest);
      MLIRContext *ctx = module.getContext();
      NamedAttrList properties(found->object.getProperties());
      properties.set(kManifestProperty, StringAttr::get(ctx, text));
      SmallVector<Attribute> objects;
      for (Attribute attr : found->binary.getObjects())
        objects.push_back(
            attr == found->object
                ? gpu::ObjectAttr::get(
                      ctx, found->object.getTarget(), found->object.getFormat(),
                      found->object.getObject(), properties.getDictionary(ctx),
                      found->object.getKernels())
                : attr);
      found->binary.setObjectsAttr(ArrayAttr::get(ctx, objects));
    }
  }
  dropGemmAttributes(module);
}

std::unique_ptr<Pass> mlir::gemm::createGemmDescribeLaunches(StringRef target) {
  return std::make_unique<GemmDescribeLaunchesPass>(target);
}
