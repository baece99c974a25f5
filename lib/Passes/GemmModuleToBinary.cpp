//===- GemmModuleToBinary.cpp - gpu-module-to-binary, trusted ld.lld ------===//
//
// gpu-module-to-binary executes <toolkit>/llvm/bin/ld.lld with the compiling
// user's rights, so the toolkit must be as trusted as gemm-opt itself: the
// user's option, the tree the running binary belongs to, or a directory this
// pass creates for the link. Never a fixed path in the temporary directory,
// which any local user could have created first.
//
// The temporary toolkit lives exactly as long as the link: it is created and
// removed inside runOnOperation, around a nested run of gpu-module-to-binary.
// A pass manager that is kept and run again, or never run, leaves nothing
// behind, which an owner tied to the pipeline's construction could not promise.
//
// gpu-module-to-binary stops at the ISA and this pass assembles and links it
// (as upstream's format=bin does), so that a failing linker is reported with
// its path, exit status and messages instead of "lld invocation failed".
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/ROCDL/Utils.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"

#include <dlfcn.h>
#include <link.h>
#include <optional>
#include <stdlib.h>

#ifndef GEMM_OPT_BUILD_TOOLKIT_DIR
#define GEMM_OPT_BUILD_TOOLKIT_DIR ""
#endif
#ifndef GEMM_OPT_BUILD_BIN_DIR
#define GEMM_OPT_BUILD_BIN_DIR ""
#endif
#ifndef GEMM_OPT_BUILD_LIB_DIR
#define GEMM_OPT_BUILD_LIB_DIR ""
#endif
#ifndef GEMM_OPT_TOOLKIT_FROM_BINDIR
#define GEMM_OPT_TOOLKIT_FROM_BINDIR "../share/gemm-opt/toolkit"
#endif
#ifndef GEMM_OPT_TOOLKIT_FROM_LIBDIR
#define GEMM_OPT_TOOLKIT_FROM_LIBDIR "../share/gemm-opt/toolkit"
#endif
#ifndef GEMM_OPT_LLD_PATH
#define GEMM_OPT_LLD_PATH "/usr/lib/llvm-22/bin/ld.lld"
#endif

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMMODULETOBINARY
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {
/// The real directory of the executable or shared library (the MLIR plugin)
/// this code was loaded from, and whether it is the executable.
struct OwnLocation {
  llvm::SmallString<256> dir;
  bool isExecutable;
};
} // namespace

/// Returns <toolkit>/llvm/bin/ld.lld, the path gpu-module-to-binary runs.
static std::string getLldPath(llvm::StringRef toolkit) {
  llvm::SmallString<256> lld(toolkit);
  llvm::sys::path::append(lld, "llvm", "bin", "ld.lld");
  return std::string(lld);
}

/// Any object of this file: its address tells dladdr which loaded file holds
/// the code running now.
static const char kAnchor = 0;

/// Finds where the code running now was loaded from.
static std::optional<OwnLocation> findOwnLocation() {
  Dl_info info;
  link_map *own = nullptr;
  if (!dladdr1(&kAnchor, &info, reinterpret_cast<void **>(&own),
               RTLD_DL_LINKMAP) ||
      !own)
    return std::nullopt;
  link_map *executable = nullptr;
  if (void *self = dlopen(nullptr, RTLD_LAZY | RTLD_NOLOAD)) {
    if (dlinfo(self, RTLD_DI_LINKMAP, &executable) != 0)
      executable = nullptr;
    dlclose(self);
  }
  bool isExecutable = own == executable;
  // The executable's entry has no path; a library's is the one it was opened
  // with (resolved against the current directory if relative, which the
  // host has not changed since loading the plugin).
  std::string path = isExecutable
                         ? llvm::sys::fs::getMainExecutable(nullptr, nullptr)
                         : std::string(own->l_name ? own->l_name : "");
  OwnLocation location{{}, isExecutable};
  if (path.empty() || llvm::sys::fs::real_path(path, location.dir))
    return std::nullopt;
  llvm::sys::path::remove_filename(location.dir);
  return location;
}

/// Returns true when `dir` and `buildDir` name the same existing directory.
static bool isSameDir(llvm::StringRef dir, llvm::StringRef buildDir) {
  llvm::SmallString<256> real;
  return !buildDir.empty() && !llvm::sys::fs::real_path(buildDir, real) &&
         real == dir;
}

/// The toolkit of the tree the running code belongs to, if it has one: the
/// build tree's for the build tree's binaries, else the installed one beside
/// the prefix's bin or lib directory. Only these two: an installed binary
/// must not depend on (or trust) a build tree that may since have been
/// removed and re-created by someone else.
static std::optional<std::string> findTreeToolkit() {
  std::optional<OwnLocation> own = findOwnLocation();
  if (!own)
    return std::nullopt;
  llvm::SmallString<256> toolkit;
  if (isSameDir(own->dir, GEMM_OPT_BUILD_BIN_DIR) ||
      isSameDir(own->dir, GEMM_OPT_BUILD_LIB_DIR)) {
    toolkit = GEMM_OPT_BUILD_TOOLKIT_DIR;
  } else {
    toolkit = own->dir;
    llvm::sys::path::append(toolkit, own->isExecutable
                                         ? GEMM_OPT_TOOLKIT_FROM_BINDIR
                                         : GEMM_OPT_TOOLKIT_FROM_LIBDIR);
    llvm::sys::path::remove_dots(toolkit, /*remove_dot_dot=*/true);
  }
  if (toolkit.empty() || !llvm::sys::fs::exists(getLldPath(toolkit)))
    return std::nullopt;
  return std::string(toolkit);
}

namespace {

/// A toolkit for one link. mkdtemp makes a directory that did not exist, owned
/// by us, mode 0700: nobody else can have planted anything in it or add
/// anything later. It holds only llvm/bin/ld.lld, a symbolic link to LLVM's
/// ld.lld, and is removed on destruction.
class TempToolkit {
public:
  TempToolkit() = default;
  TempToolkit(const TempToolkit &) = delete;
  TempToolkit &operator=(const TempToolkit &) = delete;
  ~TempToolkit() { remove(); }

  llvm::Error create() {
    if (!llvm::sys::fs::exists(GEMM_OPT_LLD_PATH))
      return llvm::createStringError(
          llvm::Twine("no ld.lld at '") + GEMM_OPT_LLD_PATH +
          "' for a temporary toolkit: give toolkit=DIR, a directory holding "
          "llvm/bin/ld.lld");
    llvm::SmallString<256> parent;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, parent);
    llvm::SmallString<256> pattern(parent);
    llvm::sys::path::append(pattern, "gemm-opt-toolkit-XXXXXX");
    std::string made = pattern.str().str();
    if (!mkdtemp(made.data()))
      return makeError("cannot create a temporary toolkit directory in '" +
                           parent + "'",
                       llvm::errnoAsErrorCode());
    dir = made;
    llvm::SmallString<256> path(dir);
    for (llvm::StringRef name : {"llvm", "bin"}) {
      llvm::sys::path::append(path, name);
      if (std::error_code ec = llvm::sys::fs::create_directory(
              path, /*IgnoreExisting=*/false, llvm::sys::fs::owner_all))
        return makeError("cannot create '" + path + "'", ec);
    }
    llvm::sys::path::append(path, "ld.lld");
    if (std::error_code ec =
            llvm::sys::fs::create_link(GEMM_OPT_LLD_PATH, path))
      return makeError("cannot create '" + path + "'", ec);
    return llvm::Error::success();
  }

  llvm::StringRef getDir() const { return dir; }

private:
  static llvm::Error makeError(const llvm::Twine &what, std::error_code ec) {
    return llvm::createStringError(what + ": " + ec.message());
  }

  /// Removes what create() made, deepest first: nothing else can be there.
  void remove() {
    if (dir.empty())
      return;
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, "llvm", "bin", "ld.lld");
    for (int depth = 0; depth < 4; ++depth) {
      (void)llvm::sys::fs::remove(path);
      llvm::sys::path::remove_filename(path);
    }
    dir.clear();
  }

  llvm::SmallString<256> dir;
};

} // namespace

/// The linker's output as one line: its lines joined by "; ", cut short after
/// `limit` characters.
static std::string getOneLine(llvm::StringRef output, size_t limit = 1000) {
  std::string line;
  llvm::SmallVector<llvm::StringRef> lines;
  output.split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : lines) {
    part = part.trim();
    if (part.empty())
      continue;
    if (!line.empty())
      line += "; ";
    line += part;
  }
  if (line.size() > limit)
    line = line.substr(0, limit) + "...";
  return line;
}

namespace {

/// Removes a temporary file when it goes out of scope, and when an interrupt
/// (Ctrl-C, SIGTERM) ends the process before that: llvm::FileRemover alone
/// leaves the link's files in the temporary directory of an interrupted run.
class TemporaryFileRemover {
public:
  explicit TemporaryFileRemover(llvm::StringRef path, bool deleteIt)
      : path(deleteIt ? path.str() : std::string()) {
    if (!this->path.empty())
      llvm::sys::RemoveFileOnSignal(this->path);
  }
  ~TemporaryFileRemover() {
    if (path.empty())
      return;
    (void)llvm::sys::fs::remove(path);
    llvm::sys::DontRemoveFileOnSignal(path);
  }
  TemporaryFileRemover(const TemporaryFileRemover &) = delete;
  TemporaryFileRemover &operator=(const TemporaryFileRemover &) = delete;

private:
  std::string path;
};

} // namespace

/// Links the relocatable `object` into a code object with `lld`, the way
/// upstream's ROCDL target does (ld.lld -shared), but with the linker's
/// output captured for the diagnostic.
static FailureOr<SmallVector<char, 0>>
linkCodeObject(ArrayRef<char> object, StringRef lld,
               function_ref<InFlightDiagnostic()> emitError) {
  int objectFd;
  SmallString<128> objectPath, codeObjectPath, outputPath;
  std::error_code ec = llvm::sys::fs::createTemporaryFile(
      "gemm-opt-kernel", "o", objectFd, objectPath);
  TemporaryFileRemover removeObject(objectPath, /*deleteIt=*/!ec);
  if (!ec)
    ec = llvm::sys::fs::createTemporaryFile("gemm-opt-kernel", "hsaco",
                                            codeObjectPath);
  TemporaryFileRemover removeCodeObject(codeObjectPath, /*deleteIt=*/!ec);
  if (!ec)
    ec = llvm::sys::fs::createTemporaryFile("gemm-opt-lld", "txt", outputPath);
  TemporaryFileRemover removeOutput(outputPath, /*deleteIt=*/!ec);
  if (ec)
    return emitError() << "cannot create a temporary file for the link: "
                       << ec.message();
  {
    llvm::raw_fd_ostream os(objectFd, /*shouldClose=*/true);
    os << StringRef(object.data(), object.size());
    if (os.has_error())
      return emitError() << "cannot write '" << objectPath
                         << "': " << os.error().message();
  }

  StringRef args[] = {lld, "-shared", objectPath, "-o", codeObjectPath};
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outputPath),
                                          StringRef(outputPath)};
  std::string errorMessage;
  int status = llvm::sys::ExecuteAndWait(lld, args, /*Env=*/std::nullopt,
                                         redirects, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &errorMessage);
  if (status != 0) {
    InFlightDiagnostic diag = emitError() << "linker '" << lld << "' ";
    if (status == -1)
      return diag << "could not be run: " << errorMessage;
    if (status == -2)
      diag << "crashed: " << errorMessage;
    else
      diag << "exited with status " << status;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> output =
        llvm::MemoryBuffer::getFile(outputPath);
    std::string messages =
        output ? getOneLine((*output)->getBuffer()) : std::string();
    if (!messages.empty())
      diag << ": " << messages;
    return diag;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> codeObject =
      llvm::MemoryBuffer::getFile(codeObjectPath, /*IsText=*/false);
  if (!codeObject)
    return emitError() << "cannot read the code object linker '" << lld
                       << "' wrote: " << codeObject.getError().message();
  StringRef bytes = (*codeObject)->getBuffer();
  return SmallVector<char, 0>(bytes.begin(), bytes.end());
}

/// Assembles and links each object of the ISA format in `module`'s binaries,
/// in place: what gpu-module-to-binary's format=bin would have made.
static LogicalResult linkBinaries(ModuleOp module, StringRef lld) {
  WalkResult result = module.walk([&](gpu::BinaryOp binary) {
    auto emitError = [&] { return binary.emitError(); };
    SmallVector<Attribute> objects;
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      auto target = object
                        ? dyn_cast<ROCDL::ROCDLTargetAttr>(object.getTarget())
                        : nullptr;
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly) {
        objects.push_back(attr);
        continue;
      }
      FailureOr<SmallVector<char, 0>> relocatable =
          ROCDL::assembleIsa(object.getObject().getValue(), target.getTriple(),
                             target.getChip(), target.getFeatures(), emitError);
      if (failed(relocatable))
        return WalkResult::interrupt();
      FailureOr<SmallVector<char, 0>> codeObject =
          linkCodeObject(*relocatable, lld, emitError);
      if (failed(codeObject))
        return WalkResult::interrupt();
      objects.push_back(gpu::ObjectAttr::get(
          binary.getContext(), target, gpu::CompilationTarget::Binary,
          StringAttr::get(binary.getContext(),
                          StringRef(codeObject->data(), codeObject->size())),
          object.getProperties(), object.getKernels()));
    }
    binary.setObjectsAttr(ArrayAttr::get(binary.getContext(), objects));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

namespace {

/// LLVM's pre-RA machine scheduler turned off while it lives, by setting
/// `-enable-misched=false` as the command line would (the option is global:
/// there is no per-function switch), and restored afterwards. A value the
/// user gave on the command line is left as it is.
///
/// Why off by default: the tiling passes emit each K step's LDS fragment
/// loads as one batch before its FMAs and the next K-slice's global loads at
/// the top of the loop, the order of the walkthrough's kernel 8. LLVM's
/// GCN scheduler, working on the loop body as one region, sinks the global
/// loads to the loop's end (no cover before the wait at the barrier) and
/// interleaves the fragment loads with the FMAs behind many more waits, and
/// the registers it then needs (208 against 184 for the default 4096^3
/// kernel) cost two waves per SIMD. bench/predict.py predicts both.
class MachineSchedulerOff {
public:
  MachineSchedulerOff() {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("enable-misched");
    if (it == options.end())
      return;
    if (it->second->getNumOccurrences()) {
      found = true;
      return;
    }
    if (it->second->addOccurrence(/*pos=*/0, "enable-misched", "false"))
      return;
    option = it->second;
    found = true;
  }
  ~MachineSchedulerOff() {
    if (option)
      option->reset();
  }
  MachineSchedulerOff(const MachineSchedulerOff &) = delete;
  MachineSchedulerOff &operator=(const MachineSchedulerOff &) = delete;

  /// False when this LLVM has no -enable-misched to set: the kernels then
  /// get LLVM's scheduler.
  bool isInEffect() const { return found; }

private:
  llvm::cl::Option *option = nullptr; // Set by us, to reset.
  bool found = false;
};

// The options are declared in CodegenOptions, shared with the pipeline.
struct GemmModuleToBinaryPass
    : public mlir::gemm::CodegenOptions<
          mlir::gemm::impl::GemmModuleToBinaryBase<GemmModuleToBinaryPass>> {
  GemmModuleToBinaryPass() = default;
  explicit GemmModuleToBinaryPass(const mlir::gemm::CodegenConfig &config) {
    setCodegenConfig(config);
  }

  void runOnOperation() override {
    Location loc = getOperation().getLoc();
    TempToolkit temp;
    std::string dir = toolkit;
    if (!dir.empty()) {
      if (!llvm::sys::fs::exists(getLldPath(dir))) {
        emitError(loc) << "toolkit '" << dir << "' has no llvm/bin/ld.lld";
        return signalPassFailure();
      }
    } else if (std::optional<std::string> tree = findTreeToolkit()) {
      dir = *tree;
    } else if (llvm::Error err = temp.create()) {
      emitError(loc) << llvm::toString(std::move(err));
      return signalPassFailure();
    } else {
      dir = temp.getDir().str();
    }

    GpuModuleToBinaryPassOptions options;
    options.compilationTarget = "isa";
    options.toolkitPath = dir;
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createGpuModuleToBinaryPass(options));
    // Without a kernel configuration to resolve it against, auto is tiling.
    std::optional<MachineSchedulerOff> schedulerOff;
    if (scheduler != mlir::gemm::KernelScheduler::Llvm) {
      schedulerOff.emplace();
      if (!schedulerOff->isInEffect())
        emitWarning(loc) << "this LLVM has no -enable-misched option: the "
                            "kernels keep LLVM's instruction order, not "
                            "scheduler=tiling's";
    }
    if (failed(runPipeline(pm, getOperation())) ||
        failed(linkBinaries(getOperation(), getLldPath(dir))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass>
mlir::gemm::createGemmModuleToBinary(const mlir::gemm::CodegenConfig &codegen) {
  return std::make_unique<GemmModuleToBinaryPass>(codegen);
}
