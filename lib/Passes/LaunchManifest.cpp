//===- LaunchManifest.cpp - The launch manifest of lowered IR -------------===//
//
// The manifest's size expressions and conditions are read back from the host
// IR that chooses and launches the kernels: the gpu.launch_func operands, the
// grid sizes and the scf.if conditions around each launch, as formulas of the
// matrices' sizes (docs/manifest.md). getCompiledKernel (Pipeline.h) is here
// too: it returns what gemm-emit-hsaco writes, from the same getOutputs.
//
//===----------------------------------------------------------------------===//

#include "LaunchManifest.h"
#include "ErrorCollector.h"
#include "KernelTile.h"
#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Manifest/ManifestSchema.h"
#include "gemm-opt/Passes/Passes.h"
#include "gemm-opt/Passes/Pipeline.h"
#include "gemm-opt/Target/Target.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::gemm;
namespace key = ::gemm::manifest::key;

/// Dimension `dim` of matrix `role` (of type `type`) as a manifest size
/// expression: its size, or with `stride` its stride, as a number where the
/// type or the record knows it, else its name; a dynamic stride of the
/// identity layout is the product of the later sizes.
static std::string describeMatrixDim(MatmulRecordAttr record, StringRef role,
                                     MemRefType type, unsigned dim,
                                     bool stride) {
  unsigned rank = type.getRank();
  if (!stride && !type.isDynamicDim(dim))
    return std::to_string(type.getDimSize(dim));
  std::string name = getMatrixDimName(record, role, rank, dim, stride);
  if (std::optional<int64_t> known = record.getStaticSize(name))
    return std::to_string(*known);
  if (!stride || !type.getLayout().isIdentity())
    return name;
  std::string product = describeMatrixDim(record, role, type, rank - 1, false);
  for (unsigned later = rank - 2; later > dim; --later)
    product =
        describeMatrixDim(record, role, type, later, false) + "*" + product;
  return product;
}

/// A host index value as a manifest size expression (docs/manifest.md):
/// an integer, a problem size or stride name ("m", "lda", ...), or
/// `+`, `-`, `*`, `ceil(x/y)` and `floor(x/y)` of those. Failure for
/// anything else.
static FailureOr<std::string> describeSize(Value value,
                                           MatmulRecordAttr record) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return std::to_string(*constant);
  // A dimension of one of the matrices.
  auto nameOf = [&](Value memref, int64_t dim,
                    bool stride) -> FailureOr<std::string> {
    auto arg = dyn_cast<BlockArgument>(memref);
    StringRef role = arg ? record.getRole(arg.getArgNumber()) : "";
    if (role.empty())
      return failure();
    return describeMatrixDim(record, role, cast<MemRefType>(memref.getType()),
                             dim, stride);
  };
  if (auto dim = value.getDefiningOp<memref::DimOp>()) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      return failure();
    return nameOf(dim.getSource(), *index, /*stride=*/false);
  }
  if (auto extract = value.getDefiningOp<memref::ExtractStridedMetadataOp>()) {
    for (auto [dim, size] : llvm::enumerate(extract.getSizes()))
      if (size == value)
        return nameOf(extract.getSource(), dim, /*stride=*/false);
    for (auto [dim, stride] : llvm::enumerate(extract.getStrides()))
      if (stride == value)
        return nameOf(extract.getSource(), dim, /*stride=*/true);
    return failure();
  }
  auto binary = [&](Value lhs, Value rhs,
                    StringRef format) -> FailureOr<std::string> {
    FailureOr<std::string> l = describeSize(lhs, record);
    FailureOr<std::string> r = describeSize(rhs, record);
    if (failed(l) || failed(r))
      return failure();
    return llvm::formatv(format.data(), *l, *r).str();
  };
  if (auto op = value.getDefiningOp<arith::AddIOp>())
    return binary(op.getLhs(), op.getRhs(), "({0}+{1})");
  if (auto op = value.getDefiningOp<arith::SubIOp>())
    return binary(op.getLhs(), op.getRhs(), "({0}-{1})");
  if (auto op = value.getDefiningOp<arith::MulIOp>())
    return binary(op.getLhs(), op.getRhs(), "{0}*{1}");
  if (auto op = value.getDefiningOp<arith::CeilDivUIOp>())
    return binary(op.getLhs(), op.getRhs(), "ceil({0}/{1})");
  if (auto op = value.getDefiningOp<arith::CeilDivSIOp>())
    return binary(op.getLhs(), op.getRhs(), "ceil({0}/{1})");
  if (auto op = value.getDefiningOp<arith::DivUIOp>())
    return binary(op.getLhs(), op.getRhs(), "floor({0}/{1})");
  if (auto apply = value.getDefiningOp<affine::AffineApplyOp>()) {
    SmallVector<std::string> operands;
    for (Value operand : apply.getMapOperands()) {
      FailureOr<std::string> described = describeSize(operand, record);
      if (failed(described))
        return failure();
      operands.push_back(*described);
    }
    unsigned numDims = apply.getAffineMap().getNumDims();
    std::function<FailureOr<std::string>(AffineExpr)> print =
        [&](AffineExpr expr) -> FailureOr<std::string> {
      if (auto constant = dyn_cast<AffineConstantExpr>(expr))
        return std::to_string(constant.getValue());
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        return operands[dim.getPosition()];
      if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
        return operands[numDims + symbol.getPosition()];
      auto op = cast<AffineBinaryOpExpr>(expr);
      FailureOr<std::string> l = print(op.getLHS()), r = print(op.getRHS());
      if (failed(l) || failed(r))
        return failure();
      switch (op.getKind()) {
      case AffineExprKind::Add:
        return "(" + *l + "+" + *r + ")";
      case AffineExprKind::Mul:
        return *l + "*" + *r;
      case AffineExprKind::CeilDiv:
        return "ceil(" + *l + "/" + *r + ")";
      case AffineExprKind::FloorDiv:
        return "floor(" + *l + "/" + *r + ")";
      default:
        return failure();
      }
    };
    return print(apply.getAffineMap().getResult(0));
  }
  return failure();
}

/// A host i1 value as a manifest condition (docs/manifest.md): comparisons
/// of size expressions, `&&`, `||` and `!`. Failure for anything else.
static FailureOr<std::string> describeCondition(Value value,
                                                MatmulRecordAttr record) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return std::string(*constant ? "1" : "0");
  auto binary = [&](Value lhs, Value rhs, StringRef format,
                    bool sizes) -> FailureOr<std::string> {
    FailureOr<std::string> l =
        sizes ? describeSize(lhs, record) : describeCondition(lhs, record);
    FailureOr<std::string> r =
        sizes ? describeSize(rhs, record) : describeCondition(rhs, record);
    if (failed(l) || failed(r))
      return failure();
    return llvm::formatv(format.data(), *l, *r).str();
  };
  if (auto cmp = value.getDefiningOp<arith::CmpIOp>()) {
    StringRef format;
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq:
      format = "{0}=={1}";
      break;
    case arith::CmpIPredicate::ne:
      format = "{0}!={1}";
      break;
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::slt:
      format = "{0}<{1}";
      break;
    case arith::CmpIPredicate::ule:
    case arith::CmpIPredicate::sle:
      format = "{0}<={1}";
      break;
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::sgt:
      format = "{0}>{1}";
      break;
    case arith::CmpIPredicate::uge:
    case arith::CmpIPredicate::sge:
      format = "{0}>={1}";
      break;
    }
    return binary(cmp.getLhs(), cmp.getRhs(), format, /*sizes=*/true);
  }
  if (auto op = value.getDefiningOp<arith::AndIOp>())
    return binary(op.getLhs(), op.getRhs(), "{0} && {1}", /*sizes=*/false);
  if (auto op = value.getDefiningOp<arith::OrIOp>())
    return binary(op.getLhs(), op.getRhs(), "({0} || {1})", /*sizes=*/false);
  if (auto op = value.getDefiningOp<arith::XOrIOp>())
    if (isConstantIntValue(op.getRhs(), -1) ||
        isConstantIntValue(op.getRhs(), 1)) {
      FailureOr<std::string> operand = describeCondition(op.getLhs(), record);
      if (failed(operand))
        return failure();
      return "!(" + *operand + ")";
    }
  return failure();
}

/// Sets a manifest size from its size expression: the integer when it is
/// one, else the expression.
static void setSize(StringRef size, int64_t &value, std::string &expr) {
  if (size.getAsInteger(10, value))
    expr = size.str();
}

namespace {
/// What the manifest is built from: the one gpu.binary, its ELF, the launches
/// of its kernels and the host function's gemm-check-input record.
struct EmitSource {
  gpu::BinaryOp binary;
  StringRef elf;
  SmallVector<gpu::LaunchFuncOp> launches;
  func::FuncOp hostFunc;
  MatmulRecordAttr record;
  // An epilogue beyond alpha/beta, if any.
  EpilogueRecordAttr epilogue;
};
} // namespace

/// Finds the module's one gpu.binary and its ELF object; `user` names what
/// needs them in the error.
FailureOr<CodeObjectSource> mlir::gemm::findCodeObject(ModuleOp module,
                                                       StringRef user) {
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return emitError(module.getLoc())
           << user
           << " expects exactly one gpu.binary "
              "(run gpu-module-to-binary first), found "
           << binaries.size();
  CodeObjectSource found{binaries.front(), {}};
  for (Attribute attr : found.binary.getObjects()) {
    auto candidate = dyn_cast<gpu::ObjectAttr>(attr);
    if (candidate && candidate.getFormat() == gpu::CompilationTarget::Binary)
      found.object = candidate;
  }
  if (!found.object)
    return emitError(found.binary.getLoc())
           << "gpu.binary @" << found.binary.getSymName()
           << " holds no ELF code object: run gpu-module-to-binary "
              "with format=bin";
  return found;
}

/// Finds the binary, its code object and the launches the manifest describes.
static FailureOr<EmitSource> findEmitSource(ModuleOp module, StringRef user) {
  FailureOr<CodeObjectSource> codeObject = findCodeObject(module, user);
  if (failed(codeObject))
    return failure();
  EmitSource source;
  source.binary = codeObject->binary;
  source.elf = codeObject->object.getObject().getValue();

  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() == source.binary.getSymName())
      source.launches.push_back(launch);
  });
  if (source.launches.empty())
    return emitError(source.binary.getLoc())
           << "gpu.binary @" << source.binary.getSymName()
           << " is not launched by any gpu.launch_func: nothing describes its "
              "arguments";

  source.hostFunc = source.launches.front()->getParentOfType<func::FuncOp>();
  source.record = source.hostFunc
                      ? source.hostFunc->getAttrOfType<MatmulRecordAttr>(
                            GemmDialect::getMatmulAttrName())
                      : MatmulRecordAttr();
  if (!source.record)
    return source.launches.front().emitError()
           << "is not in a function with the '"
           << GemmDialect::getMatmulAttrName()
           << "' attribute: run gemm-check-input before lowering";
  source.epilogue = source.hostFunc->getAttrOfType<EpilogueRecordAttr>(
      GemmDialect::getEpilogueAttrName());
  for (gpu::LaunchFuncOp launch : source.launches)
    if (launch->getParentOfType<func::FuncOp>() != source.hostFunc)
      return launch.emitError()
             << "launches a kernel of @" << source.binary.getSymName()
             << " from a second function; the manifest describes one matmul";
  return source;
}

/// Which branch of the host's choice by the run-time sizes `launch` is in,
/// as a manifest condition ("" for always).
static FailureOr<std::string>
describeLaunchCondition(gpu::LaunchFuncOp launch, const EmitSource &source) {
  SmallVector<std::string> conditions;
  for (Operation *op = launch; op != source.hostFunc; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    if (!ifOp)
      continue;
    FailureOr<std::string> condition =
        describeCondition(ifOp.getCondition(), source.record);
    if (failed(condition))
      return ifOp.emitError() << "chooses a kernel by a condition the "
                                 "manifest cannot describe: it must compare "
                                 "the matrices' sizes";
    bool inElse = op->getParentRegion() == &ifOp.getElseRegion();
    conditions.insert(conditions.begin(),
                      inElse ? "!(" + *condition + ")" : *condition);
  }
  return llvm::join(conditions, " && ");
}

/// The grid and workgroup sizes of `launch`; the grid is a formula of the
/// sizes when they are dynamic, the workgroup is static.
static LogicalResult describeLaunchDims(gpu::LaunchFuncOp launch,
                                        const EmitSource &source,
                                        ::gemm::ManifestKernel &described) {
  SmallVector<std::string> grid, block;
  for (auto [dims, out] :
       {std::pair(launch.getGridSizeOperandValues(), &grid),
        std::pair(launch.getBlockSizeOperandValues(), &block)}) {
    for (Value value : {dims.x, dims.y, dims.z}) {
      FailureOr<std::string> size = describeSize(value, source.record);
      if (failed(size))
        return launch.emitError() << "has a grid or block size the manifest "
                                     "cannot describe: it must be constant or "
                                     "computed from the matrices' sizes";
      out->push_back(*size);
    }
  }
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (StringRef(block[dim]).getAsInteger(10, described.WorkgroupSize[dim]))
      return launch.emitError() << "has a dynamic workgroup size; the manifest "
                                   "describes static workgroups only";
    setSize(grid[dim], described.Grid[dim], described.GridExpr[dim]);
  }
  return success();
}

/// Matrix `arg`'s sizes and strides as stored (A is K x M when transposed, B
/// N x K), as expressions of the dynamic ones.
static void describeMatrix(MatmulRecordAttr record, MemRefType type,
                           ::gemm::ManifestArg &arg) {
  unsigned rank = type.getRank();
  auto set = [&](unsigned dim, bool stride, int64_t &value, std::string &expr) {
    setSize(describeMatrixDim(record, arg.Role, type, dim, stride), value,
            expr);
  };
  set(rank - 2, /*stride=*/false, arg.Rows, arg.RowsExpr);
  set(rank - 1, /*stride=*/false, arg.Cols, arg.ColsExpr);
  set(rank - 2, /*stride=*/true, arg.LD, arg.LDExpr);
  arg.Batched = rank == 3;
  if (arg.Batched)
    set(0, /*stride=*/true, arg.BatchStride, arg.BatchStrideExpr);
}

/// The role of each kernel operand of `launch` (a matrix, alpha, beta or a
/// size), matched with the kernel's explicit arguments.
static LogicalResult describeKernelOperands(gpu::LaunchFuncOp launch,
                                            const EmitSource &source,
                                            const ::gemm::KernelInfo &kernel,
                                            ::gemm::ManifestKernel &described) {
  SmallVector<const ::gemm::KernelArgInfo *> explicitArgs;
  for (const ::gemm::KernelArgInfo &arg : kernel.Args)
    if (!StringRef(arg.ValueKind).starts_with("hidden_"))
      explicitArgs.push_back(&arg);
  if (explicitArgs.size() != launch.getNumKernelOperands())
    return launch.emitError()
           << "passes " << launch.getNumKernelOperands()
           << " operands but the kernel has " << explicitArgs.size()
           << " explicit arguments; memrefs must be lowered with the "
              "bare-pointer calling convention";

  for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
    // A dynamic matrix is passed as its base pointer (gemm-kernel-sizes).
    Value value = operand;
    if (auto extract =
            operand.getDefiningOp<memref::ExtractStridedMetadataOp>())
      if (operand == extract.getBaseBuffer())
        value = extract.getSource();
    auto blockArg = dyn_cast<BlockArgument>(value);
    std::string role, also;
    if (blockArg && blockArg.getOwner()->getParentOp() == source.hostFunc &&
        blockArg.getOwner()->isEntryBlock()) {
      int64_t argNumber = blockArg.getArgNumber();
      role = source.record.getRole(argNumber);
      // One value the program passes twice is one kernel argument.
      if (role == "A" && argNumber == source.record.getB())
        also = "B";
      if (argNumber == source.record.getAlphaArg()) {
        role = "alpha";
        if (argNumber == source.record.getBetaArg())
          also = "beta";
      } else if (argNumber == source.record.getBetaArg()) {
        role = "beta";
      }
      if (source.epilogue)
        for (auto [index, operand] :
             llvm::enumerate(source.epilogue.getOperands().asArrayRef()))
          if (operand == argNumber && role.empty())
            role = "E" + std::to_string(index);
    }
    // A size or stride: it must be a name (gemm-kernel-sizes passes each
    // once), not a formula.
    if (role.empty() && operand.getType().isIndex()) {
      FailureOr<std::string> size = describeSize(operand, source.record);
      if (succeeded(size) && llvm::all_of(*size, [](char c) {
            return llvm::isAlpha(c) || c == '_';
          }))
        role = *size;
    }
    // A split tail's workspace: allocated on the host, static.
    auto alloc = value.getDefiningOp<memref::AllocOp>();
    if (role.empty() && alloc && alloc->getParentOp() == source.hostFunc &&
        alloc.getType().getRank() == 2 && alloc.getType().hasStaticShape() &&
        alloc.getType().getElementType().isF32())
      role = "workspace";
    auto type = dyn_cast<MemRefType>(value.getType());
    bool isEpilogueOperand = StringRef(role).starts_with("E");
    bool isBuffer = role == "A" || role == "B" || role == "C" ||
                    role == "workspace" || isEpilogueOperand;
    if (role.empty() || isBuffer != bool(type))
      return launch.emitError()
             << "kernel operand #" << index
             << " is not one of the matmul's A, B, C, alpha, beta, sizes or "
                "epilogue operands, or a workspace";
    ::gemm::ManifestArg &arg = described.Args.emplace_back();
    arg.Index = index;
    arg.Role = role;
    arg.Also = also;
    arg.Kind = explicitArgs[index]->ValueKind;
    arg.Offset = explicitArgs[index]->Offset;
    arg.Size = explicitArgs[index]->Size;
    if (arg.isWorkspace()) {
      arg.Rows = type.getDimSize(0);
      arg.Cols = type.getDimSize(1);
    } else if (type && !isEpilogueOperand) {
      describeMatrix(source.record, type, arg);
    }
  }
  return success();
}

/// One kernel's launch: when it runs, its grid, its arguments and, from the
/// code object's metadata, its resources.
static FailureOr<::gemm::ManifestKernel>
describeLaunch(gpu::LaunchFuncOp launch, const EmitSource &source,
               const ::gemm::CodeObjectInfo &info) {
  ::gemm::ManifestKernel described;
  FailureOr<std::string> when = describeLaunchCondition(launch, source);
  if (failed(when) || failed(describeLaunchDims(launch, source, described)))
    return failure();
  described.When = std::move(*when);
  described.Kernel = launch.getKernelName().getValue().str();
  const ::gemm::KernelInfo *kernel = info.findKernel(described.Kernel);
  if (!kernel)
    return emitError(gpu::BinaryOp(source.binary).getLoc())
           << "code object has no kernel '" << described.Kernel << "'";
  if (failed(describeKernelOperands(launch, source, *kernel, described)))
    return failure();
  described.KernargSize = kernel->KernargSegmentSize;
  described.LdsBytes = kernel->GroupSegmentSize;
  described.VgprCount = kernel->VgprCount;
  described.SgprCount = kernel->SgprCount;
  described.ScratchBytes = kernel->PrivateSegmentSize;
  return described;
}

/// The manifest's "problem": the sizes (0 when dynamic: null in the manifest
/// and a kernel argument of its name), the layout, and C = alpha * op(A) x
/// op(B) + beta * C, a factor that is a kernel argument being unset.
static ::gemm::ManifestProblem describeProblem(MatmulRecordAttr record,
                                               EpilogueRecordAttr epilogue) {
  ::gemm::ManifestProblem problem;
  for (auto [name, out] :
       {std::pair(key::M, &problem.M), std::pair(key::N, &problem.N),
        std::pair(key::K, &problem.K), std::pair(key::Batch, &problem.Batch)})
    *out = record.getStaticSize(name).value_or(0);
  problem.TransposeA = record.getTransposeA();
  problem.TransposeB = record.getTransposeB();
  problem.ElementType = "f32";
  problem.Alpha = record.getAlphaValue();
  problem.Beta = record.getBetaValue();
  problem.Accumulate = problem.Alpha == 1.0 && problem.Beta == 1.0;
  if (epilogue) {
    // The epilogue's body stands for alpha and beta.
    problem.Alpha = problem.Beta = std::nullopt;
    problem.Accumulate = false;
    for (Attribute dims : epilogue.getDims()) {
      std::vector<std::string> &names = problem.EpilogueOperands.emplace_back();
      for (StringRef dim : cast<ArrayAttr>(dims).getAsValueRange<StringAttr>())
        names.push_back(dim.str());
    }
    for (StringRef step : epilogue.getBody().getAsValueRange<StringAttr>())
      problem.EpilogueBody.push_back(step.str());
  }
  return problem;
}

/// The manifest of the module's launches, built from the IR; its code object
/// path is left empty.
FailureOr<::gemm::Manifest>
mlir::gemm::describeModule(ModuleOp module, StringRef target, StringRef user) {
  FailureOr<EmitSource> source = findEmitSource(module, user);
  if (failed(source))
    return failure();
  llvm::Expected<::gemm::CodeObjectInfo> info =
      ::gemm::readCodeObjectInfo(source->elf);
  if (!info)
    return emitError(source->binary.getLoc())
           << llvm::toString(info.takeError());
  ::gemm::Manifest manifest;
  for (gpu::LaunchFuncOp launch : source->launches) {
    FailureOr<::gemm::ManifestKernel> described =
        describeLaunch(launch, *source, *info);
    if (failed(described))
      return failure();
    manifest.Kernels.push_back(std::move(*described));
  }
  // Unconditional launches run one after the other (a split tail's
  // reduction after the GEMM); conditional ones are alternatives.
  if (manifest.Kernels.size() > 1 &&
      llvm::all_of(manifest.Kernels, [](const ::gemm::ManifestKernel &k) {
        return k.When.empty();
      })) {
    manifest.Then.assign(std::next(manifest.Kernels.begin()),
                         manifest.Kernels.end());
    manifest.Kernels.resize(1);
  }
  manifest.Chip = ::gemm::getTargetIdIsa(info->Target).str();
  manifest.Target = target.str();
  manifest.CodeObjectVersion = info->CodeObjectVersion;
  manifest.Problem = describeProblem(source->record, source->epilogue);
  return manifest;
}

StringAttr mlir::gemm::getManifestProperty(gpu::ObjectAttr object) {
  DictionaryAttr properties = object.getProperties();
  return properties ? properties.getAs<StringAttr>(kManifestProperty)
                    : StringAttr();
}

FailureOr<CompileOutputs> mlir::gemm::getOutputs(ModuleOp module,
                                                 StringRef codeObjectPath,
                                                 StringRef user) {
  FailureOr<CodeObjectSource> found = findCodeObject(module, user);
  if (failed(found))
    return failure();
  ::gemm::Manifest manifest;
  if (StringAttr text = getManifestProperty(found->object)) {
    std::string name =
        ("the manifest of gpu.binary @" + found->binary.getSymName()).str();
    llvm::Expected<::gemm::Manifest> parsed =
        ::gemm::parseManifest(text.getValue(), name);
    if (!parsed)
      return emitError(found->binary.getLoc())
             << llvm::toString(parsed.takeError());
    manifest = std::move(*parsed);
  } else {
    FailureOr<::gemm::Manifest> described =
        describeModule(module, /*target=*/"", user);
    if (failed(described))
      return failure();
    manifest = std::move(*described);
  }
  manifest.CodeObject = codeObjectPath.str();
  CompileOutputs outputs;
  outputs.codeObject = found->object.getObject().getValue();
  llvm::raw_string_ostream os(outputs.manifest);
  ::gemm::writeManifest(os, manifest);
  return outputs;
}

//===----------------------------------------------------------------------===//
// The in-memory outputs
//===----------------------------------------------------------------------===//

llvm::Expected<CompiledKernel>
mlir::gemm::getCompiledKernel(ModuleOp module, StringRef codeObjectPath) {
  if (!module)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "getCompiledKernel needs a module, not null");
  ErrorCollector errors(module.getContext());
  FailureOr<CompileOutputs> outputs =
      getOutputs(module, codeObjectPath, "getCompiledKernel");
  if (failed(outputs))
    return errors.takeError("getCompiledKernel failed");
  CompiledKernel compiled;
  compiled.codeObject.assign(outputs->codeObject.begin(),
                             outputs->codeObject.end());
  compiled.manifest = std::move(outputs->manifest);
  return compiled;
}
