//===- LaunchManifest.h - The launch manifest of lowered IR -----*- C++ -*-===//
//
// Nothing upstream records which kernel argument of a code object is which
// matrix, so a runtime could not launch it. The launch manifest
// (docs/manifest.md) says so, built from the host IR, gemm-check-input's
// record and the code object's metadata. gemm-describe-launches builds it
// and keeps its JSON text in the gpu.binary's object properties;
// gemm-emit-hsaco and getCompiledKernel (Pipeline.h) take it from there, or
// build it themselves when the binary holds none.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PASSES_LAUNCHMANIFEST_H
#define GEMM_OPT_LIB_PASSES_LAUNCHMANIFEST_H

#include "gemm-opt/Manifest/Manifest.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::gemm {

/// The key of the manifest's JSON text in the gpu.binary's object
/// properties (gemm-describe-launches).
inline constexpr StringLiteral kManifestProperty = "manifest";

/// The module's one gpu.binary and its ELF code object.
struct CodeObjectSource {
  gpu::BinaryOp binary;
  gpu::ObjectAttr object;
};

/// Finds the module's one gpu.binary and its ELF object; `user` names what
/// needs them in the error.
FailureOr<CodeObjectSource> findCodeObject(ModuleOp module, StringRef user);

/// The manifest of the module's launches, built from the IR, recording
/// `target` (empty: none); its code object path is left empty. `user` names
/// what needs it in the errors.
FailureOr<::gemm::Manifest> describeModule(ModuleOp module, StringRef target,
                                           StringRef user);

/// The manifest's JSON text that gemm-describe-launches kept in `object`'s
/// properties; null without one.
StringAttr getManifestProperty(gpu::ObjectAttr object);

/// The two outputs of a compile: the code object, which stays in the IR, and
/// the manifest's JSON text.
struct CompileOutputs {
  StringRef codeObject;
  std::string manifest;
};

/// The code object and its manifest with `codeObjectPath` as its code object
/// path: what gemm-emit-hsaco writes and getCompiledKernel returns. The
/// manifest is gemm-describe-launches' when the binary holds one, else built
/// from the IR.
FailureOr<CompileOutputs> getOutputs(ModuleOp module, StringRef codeObjectPath,
                                     StringRef user);

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_LAUNCHMANIFEST_H
