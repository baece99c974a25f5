//===- GemmEmitHsaco.cpp - Write the code object and its launch manifest --===//
//
// gpu-module-to-binary leaves the code object inside the IR, where a runtime
// cannot use it. gemm-emit-hsaco writes it to a file, and beside it the
// launch manifest (docs/manifest.md) that gemm-describe-launches kept with it
// (or, without one, builds it from the IR: LaunchManifest.h), with the code
// object's path filled in. Both files are written in full or not at all.
//
//===----------------------------------------------------------------------===//

#include "LaunchManifest.h"
#include "gemm-opt/Passes/Passes.h"
#include "gemm-opt/Passes/Pipeline.h"
#include "gemm-opt/Support/Files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMEMITHSACO
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

// The options are declared in OutputOptions, shared with the pipeline.
struct GemmEmitHsacoPass
    : public OutputOptions<
          mlir::gemm::impl::GemmEmitHsacoBase<GemmEmitHsacoPass>> {
  GemmEmitHsacoPass() = default;
  explicit GemmEmitHsacoPass(const OutputConfig &output) {
    setOutputConfig(output);
  }

  void runOnOperation() override;
};

} // namespace

static std::string defaultManifestPath(StringRef hsacoPath) {
  SmallString<256> path(hsacoPath);
  if (llvm::sys::path::extension(path) == ".hsaco")
    llvm::sys::path::replace_extension(path, "");
  path += ".manifest.json";
  return std::string(path);
}

/// The gemm-opt driver's input and output files (setDriverFiles).
static std::string driverInput, driverOutput;

void mlir::gemm::setDriverFiles(StringRef input, StringRef output) {
  driverInput = input.str();
  driverOutput = output.str();
}

/// Checks before anything is written that the code object and manifest
/// paths are files of their own: neither the driver's input or output nor
/// each other, and no file derived from a device's name.
static LogicalResult checkOutputPaths(Location loc, StringRef hsacoPath,
                                      StringRef manifestPath,
                                      StringRef manifestFile) {
  llvm::sys::fs::file_status status;
  if (manifestPath.empty() &&
      (hsacoPath == "-" || (!llvm::sys::fs::status(hsacoPath, status) &&
                            !llvm::sys::fs::is_regular_file(status))))
    return emitError(loc) << "code object path '" << hsacoPath
                          << "' is not a regular file, so the manifest path "
                             "derived from it, '"
                          << manifestFile
                          << "', is not one to write: give manifest=PATH";
  if (::gemm::isSameOutputPath(hsacoPath, manifestFile))
    return emitError(loc) << "code object path '" << hsacoPath
                          << "' and manifest path '" << manifestFile
                          << "' name the same file";
  for (auto [kind, path] : {std::pair("code object", hsacoPath),
                            std::pair("manifest", manifestFile)}) {
    if (!driverInput.empty() && driverInput != "-" &&
        ::gemm::isSameOutputPath(path, driverInput))
      return emitError(loc) << kind << " path '" << path
                            << "' names the input file '" << driverInput << "'";
    if (!driverOutput.empty() && ::gemm::isSameOutputPath(path, driverOutput))
      return emitError(loc)
             << kind << " path '" << path << "' names the output file (-o) '"
             << driverOutput << "'";
  }
  return success();
}

/// The code object path as the manifest names it: relative to the manifest
/// when both sit in one directory, absolute otherwise.
static std::string codeObjectReference(StringRef hsacoPath,
                                       StringRef manifestPath) {
  SmallString<256> hsaco(hsacoPath), manifest(manifestPath);
  llvm::sys::fs::make_absolute(hsaco);
  llvm::sys::fs::make_absolute(manifest);
  if (llvm::sys::path::parent_path(hsaco) ==
      llvm::sys::path::parent_path(manifest))
    return llvm::sys::path::filename(hsaco).str();
  return std::string(hsaco);
}

void GemmEmitHsacoPass::runOnOperation() {
  ModuleOp module = getOperation();
  std::string hsacoPath = hsaco, manifestPath = manifest;
  if (hsacoPath.empty() && !manifestPath.empty()) {
    emitError(module.getLoc())
        << "manifest path '" << manifestPath
        << "' given without 'hsaco': the manifest describes the code object "
           "written to hsaco=PATH";
    return signalPassFailure();
  }
  if (hsacoPath.empty()) {
    emitError(module.getLoc())
        << "gemm-emit-hsaco needs its 'hsaco' option: the path "
           "of the code object to write";
    return signalPassFailure();
  }
  std::string manifestFile =
      manifestPath.empty() ? defaultManifestPath(hsacoPath) : manifestPath;
  if (failed(checkOutputPaths(module.getLoc(), hsacoPath, manifestPath,
                              manifestFile)))
    return signalPassFailure();

  FailureOr<CompileOutputs> outputs = getOutputs(
      module, codeObjectReference(hsacoPath, manifestFile), getArgument());
  if (failed(outputs))
    return signalPassFailure();

  // Both files are written in full or not at all: each goes to a temporary
  // file renamed over its path, by the driver at the end of its run (so that
  // a later failure leaves nothing) or here.
  auto fail = [&](llvm::Error error) {
    emitError(module.getLoc()) << llvm::toString(std::move(error));
    signalPassFailure();
  };
  auto hsacoOut = ::gemm::OutputFile::open(hsacoPath, "code object");
  if (!hsacoOut)
    return fail(hsacoOut.takeError());
  auto manifestOut = ::gemm::OutputFile::open(manifestFile, "manifest");
  if (!manifestOut)
    return fail(manifestOut.takeError());
  (*hsacoOut)->os() << outputs->codeObject;
  (*manifestOut)->os() << outputs->manifest;
  if (::gemm::isInRun()) {
    ::gemm::commitAtEndOfRun(std::move(*hsacoOut));
    ::gemm::commitAtEndOfRun(std::move(*manifestOut));
    return;
  }
  if (llvm::Error error = (*hsacoOut)->close())
    return fail(std::move(error));
  if (llvm::Error error = (*manifestOut)->close())
    return fail(std::move(error));
  if (llvm::Error error = (*hsacoOut)->commit())
    return fail(std::move(error));
  if (llvm::Error error = (*manifestOut)->commit())
    return fail(std::move(error));
}

std::unique_ptr<Pass>
mlir::gemm::createGemmEmitHsaco(const OutputConfig &output) {
  return std::make_unique<GemmEmitHsacoPass>(output);
}
