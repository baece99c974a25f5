//===- GemmEmitHsaco.cpp - Write the code object and launch manifest ------===//
//
// gpu-module-to-binary leaves the code object inside the IR, where a runtime
// cannot use it, and nothing upstream records which kernel argument is which
// matrix. This pass writes both out: the ELF and a JSON manifest
// (docs/manifest.md) built from the IR and the code object's own metadata.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMEMITHSACO
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

/// What the manifest says about one explicit kernel argument.
struct ManifestArg {
  StringRef role; // "A", "B" or "C".
  MemRefType type;
  const ::gemm::KernelArgInfo *info;
};

struct GemmEmitHsacoPass
    : public mlir::gemm::impl::GemmEmitHsacoBase<GemmEmitHsacoPass> {
  using Base::Base;

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

/// Returns the constant values of a launch dimension triple, or failure.
static FailureOr<std::array<int64_t, 3>> getConstantDims(gpu::KernelDim3 dims) {
  std::array<int64_t, 3> result;
  Value values[] = {dims.x, dims.y, dims.z};
  for (auto [i, value] : llvm::enumerate(values)) {
    std::optional<int64_t> constant = getConstantIntValue(value);
    if (!constant)
      return failure();
    result[i] = *constant;
  }
  return result;
}

void GemmEmitHsacoPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (hsacoPath.empty()) {
    emitError(module.getLoc())
        << "gemm-emit-hsaco needs its 'hsaco' option: the path "
           "of the code object to write";
    return signalPassFailure();
  }

  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1) {
    emitError(module.getLoc())
        << "gemm-emit-hsaco expects exactly one gpu.binary "
           "(run gpu-module-to-binary first), found "
        << binaries.size();
    return signalPassFailure();
  }
  gpu::BinaryOp binary = binaries.front();

  gpu::ObjectAttr object;
  for (Attribute attr : binary.getObjects()) {
    auto candidate = dyn_cast<gpu::ObjectAttr>(attr);
    if (candidate && candidate.getFormat() == gpu::CompilationTarget::Binary)
      object = candidate;
  }
  if (!object) {
    emitError(binary.getLoc())
        << "gpu.binary @" << binary.getSymName()
        << " holds no ELF code object: run gpu-module-to-binary "
           "with format=bin";
    return signalPassFailure();
  }
  StringRef elf = object.getObject().getValue();

  SmallVector<gpu::LaunchFuncOp> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() == binary.getSymName())
      launches.push_back(launch);
  });
  if (launches.size() != 1) {
    emitError(binary.getLoc())
        << "gpu.binary @" << binary.getSymName()
        << " must be launched by exactly one gpu.launch_func to "
           "describe its arguments, found "
        << launches.size();
    return signalPassFailure();
  }
  gpu::LaunchFuncOp launch = launches.front();

  auto hostFunc = launch->getParentOfType<func::FuncOp>();
  auto record = hostFunc
                    ? hostFunc->getAttrOfType<DictionaryAttr>(kMatmulAttrName)
                    : DictionaryAttr();
  if (!record) {
    launch.emitError() << "is not in a function with the '" << kMatmulAttrName
                       << "' attribute: run gemm-check-input before lowering";
    return signalPassFailure();
  }
  auto recordInt = [&](StringRef key) -> int64_t {
    auto attr = record.getAs<IntegerAttr>(key);
    return attr ? attr.getInt() : -1;
  };
  auto recordBool = [&](StringRef key) {
    auto attr = record.getAs<BoolAttr>(key);
    return attr && attr.getValue();
  };

  FailureOr<std::array<int64_t, 3>> grid =
      getConstantDims(launch.getGridSizeOperandValues());
  FailureOr<std::array<int64_t, 3>> block =
      getConstantDims(launch.getBlockSizeOperandValues());
  if (failed(grid) || failed(block)) {
    launch.emitError() << "has non-constant grid or block sizes; the manifest "
                          "describes static launches only";
    return signalPassFailure();
  }

  llvm::Expected<::gemm::CodeObjectInfo> info = ::gemm::readCodeObjectInfo(elf);
  if (!info) {
    emitError(binary.getLoc()) << llvm::toString(info.takeError());
    return signalPassFailure();
  }
  StringRef kernelName = launch.getKernelName().getValue();
  const ::gemm::KernelInfo *kernel = info->findKernel(kernelName);
  if (!kernel) {
    emitError(binary.getLoc())
        << "code object has no kernel '" << kernelName << "'";
    return signalPassFailure();
  }

  SmallVector<const ::gemm::KernelArgInfo *> explicitArgs;
  for (const ::gemm::KernelArgInfo &arg : kernel->args)
    if (!StringRef(arg.valueKind).starts_with("hidden_"))
      explicitArgs.push_back(&arg);
  if (explicitArgs.size() != launch.getNumKernelOperands()) {
    launch.emitError() << "passes " << launch.getNumKernelOperands()
                       << " operands but the kernel has " << explicitArgs.size()
                       << " explicit arguments; memrefs must be lowered with "
                          "the bare-pointer calling convention";
    return signalPassFailure();
  }

  SmallVector<ManifestArg> args;
  for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
    auto blockArg = dyn_cast<BlockArgument>(operand);
    StringRef role;
    if (blockArg && blockArg.getOwner() == &hostFunc.getBody().front()) {
      int64_t argNumber = blockArg.getArgNumber();
      if (argNumber == recordInt("a"))
        role = "A";
      else if (argNumber == recordInt("b"))
        role = "B";
      else if (argNumber == recordInt("c"))
        role = "C";
      else if (argNumber == recordInt("alpha_arg"))
        role = "alpha";
      else if (argNumber == recordInt("beta_arg"))
        role = "beta";
    }
    auto type = dyn_cast<MemRefType>(operand.getType());
    bool isScalar = role == "alpha" || role == "beta";
    if (role.empty() || isScalar != !type) {
      launch.emitError() << "kernel operand #" << index
                         << " is not one of the matmul's A, B, C, alpha or "
                            "beta";
      return signalPassFailure();
    }
    args.push_back({role, type, explicitArgs[index]});
  }

  std::string manifestFile =
      manifestPath.empty() ? defaultManifestPath(hsacoPath) : manifestPath;
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> hsacoOut =
      openOutputFile(hsacoPath, &errorMessage);
  if (!hsacoOut) {
    emitError(module.getLoc()) << "cannot write code object: " << errorMessage;
    return signalPassFailure();
  }
  std::unique_ptr<llvm::ToolOutputFile> manifestOut =
      openOutputFile(manifestFile, &errorMessage);
  if (!manifestOut) {
    emitError(module.getLoc()) << "cannot write manifest: " << errorMessage;
    return signalPassFailure();
  }

  hsacoOut->os() << elf;
  {
    llvm::json::OStream json(manifestOut->os(), /*IndentSize=*/2);
    json.object([&] {
      json.attribute("format", "gemm-opt-manifest-1");
      json.attribute("code_object",
                     codeObjectReference(hsacoPath, manifestFile));
      json.attribute("kernel", kernelName);
      StringRef target = info->target;
      json.attribute("chip", target.rsplit("--").second);
      json.attribute("code_object_version", info->codeObjectVersion);
      json.attributeObject("problem", [&] {
        json.attribute("m", recordInt("m"));
        json.attribute("n", recordInt("n"));
        json.attribute("k", recordInt("k"));
        json.attribute("batch", recordInt("batch"));
        json.attribute("transpose_a", recordBool("transpose_a"));
        json.attribute("transpose_b", recordBool("transpose_b"));
        json.attribute("element_type", "f32");
        // C = alpha * op(A) x op(B) + beta * C; a factor that is a kernel
        // argument is absent here and has an argument of its name.
        auto recordFloat = [&](StringRef key) -> std::optional<double> {
          if (auto attr = record.getAs<FloatAttr>(key))
            return attr.getValueAsDouble();
          return std::nullopt;
        };
        std::optional<double> alpha = recordFloat("alpha"),
                              beta = recordFloat("beta");
        if (alpha)
          json.attribute("alpha", *alpha);
        if (beta)
          json.attribute("beta", *beta);
        json.attribute("accumulate", alpha == 1.0 && beta == 1.0);
      });
      json.attributeArray("args", [&] {
        for (auto [index, arg] : llvm::enumerate(args)) {
          json.object([&] {
            json.attribute("index", static_cast<int64_t>(index));
            json.attribute("role", arg.role);
            json.attribute("kind", arg.info->valueKind);
            json.attribute("offset", arg.info->offset);
            json.attribute("size", arg.info->size);
            if (!arg.type)
              return;
            // The matrix as stored: A is K x M when transposed, B N x K.
            int64_t rank = arg.type.getRank();
            std::string lower = arg.role.lower();
            json.attribute("rows", arg.type.getDimSize(rank - 2));
            json.attribute("cols", arg.type.getDimSize(rank - 1));
            json.attribute("ld", recordInt("ld" + lower));
            if (rank == 3)
              json.attribute("batch_stride",
                             recordInt("batch_stride_" + lower));
          });
        }
      });
      json.attribute("kernarg_size", kernel->kernargSegmentSize);
      json.attributeArray("workgroup_size", [&] {
        for (int64_t size : *block)
          json.value(size);
      });
      json.attributeArray("grid", [&] {
        for (int64_t size : *grid)
          json.value(size);
      });
      json.attribute("lds_bytes", kernel->groupSegmentSize);
      json.attribute("vgpr_count", kernel->vgprCount);
      json.attribute("sgpr_count", kernel->sgprCount);
      json.attribute("scratch_bytes", kernel->privateSegmentSize);
    });
  }
  manifestOut->os() << "\n";

  if (hsacoOut->os().has_error() || manifestOut->os().has_error()) {
    emitError(module.getLoc())
        << "error writing '" << hsacoPath << "' or '" << manifestFile << "'";
    hsacoOut->os().clear_error();
    manifestOut->os().clear_error();
    return signalPassFailure();
  }
  hsacoOut->keep();
  manifestOut->keep();
}
