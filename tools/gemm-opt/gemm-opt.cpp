//===- gemm-opt.cpp - The gemm-opt driver ---------------------------------===//
//
// mlir-opt with gemm-opt's passes and pipeline, and with the late AMDGPU pass
// linked in, so that code generation inside gpu-module-to-binary runs it.
//
// --help shows gemm-opt's own passes and options; MLIR's and LLVM's own are
// behind --help-hidden.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"
#include "gemm-opt/Support/Files.h"
#include "gemm-opt/TransformOps/GemmTransformOps.h"
#include "gemm-opt/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::OptionCategory gemmCategory("gemm-opt options");

// mlir::parseCLIOptions's, with the input and -o in the gemm-opt category.
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                                      cl::init("-"), cl::cat(gemmCategory));
static cl::opt<std::string> outputFile("o", cl::desc("Output filename"),
                                       cl::value_desc("filename"),
                                       cl::init("-"), cl::cat(gemmCategory));

/// The options of the MLIR driver that --help shows beside gemm-opt's own.
static constexpr StringLiteral kDriverOptions[] = {
    "pass-pipeline",           "split-input-file",
    "verify-diagnostics",      "mlir-print-op-on-diagnostic",
    "mlir-print-ir-after-all", "mlir-timing",
};

namespace {

/// Upstream's passes that run a transform script of the gemm transform ops
/// (docs/transform-ops.md), listed in --help with gemm-opt's own.
static constexpr StringLiteral kTransformPasses[] = {
    "transform-preload-library",
    "transform-interpreter",
};

/// The gemm-opt passes and pipelines with their options, in --help. Upstream
/// prints them in the one option listing every MLIR pass, which --help hides.
/// Only a help entry: its name starts with a space, which sorts it first and
/// no one types.
class GemmPassesHelp : public cl::Option {
public:
  GemmPassesHelp() : Option(cl::Optional, cl::NotHidden) {
    setArgStr(" gemm-opt passes");
    addCategory(gemmCategory);
    for (StringRef name : llvm::make_first_range(cl::getRegisteredOptions())) {
      if (!name.starts_with("gemm-"))
        continue;
      if (const mlir::PassInfo *pass = mlir::PassInfo::lookup(name))
        passes.push_back(pass);
      else if (auto *pipeline = mlir::PassPipelineInfo::lookup(name))
        pipelines.push_back(pipeline);
    }
    auto byName = [](const mlir::PassRegistryEntry *lhs,
                     const mlir::PassRegistryEntry *rhs) {
      return lhs->getPassArgument() < rhs->getPassArgument();
    };
    llvm::sort(passes, byName);
    llvm::sort(pipelines, byName);
    for (StringRef name : kTransformPasses)
      if (const mlir::PassInfo *pass = mlir::PassInfo::lookup(name))
        transformPasses.push_back(pass);
    addArgument();
  }

private:
  bool handleOccurrence(unsigned, StringRef, StringRef) override {
    return error("is not an option");
  }
  enum cl::ValueExpected getValueExpectedFlagDefault() const override {
    return cl::ValueDisallowed;
  }
  size_t getOptionWidth() const override {
    size_t width = 0;
    for (const mlir::PassRegistryEntry *entry :
         llvm::concat<const mlir::PassRegistryEntry *const>(passes, pipelines,
                                                            transformPasses))
      width = std::max(width, entry->getOptionWidth() + 4);
    return width;
  }
  void printOptionInfo(size_t globalWidth) const override {
    outs() << "  Passes (MLIR's own are listed by --help-hidden):\n";
    for (const mlir::PassInfo *pass : passes)
      pass->printHelpStr(/*indent=*/4, globalWidth);
    outs() << "  Pass pipelines:\n";
    for (const mlir::PassPipelineInfo *pipeline : pipelines)
      pipeline->printHelpStr(/*indent=*/4, globalWidth);
    outs() << "  Transform scripts of the gemm transform ops "
              "(docs/transform-ops.md):\n";
    for (const mlir::PassInfo *pass : transformPasses)
      pass->printHelpStr(/*indent=*/4, globalWidth);
  }
  void printOptionValue(size_t, bool) const override {}
  void setDefault() override {}

  SmallVector<const mlir::PassInfo *> passes;
  SmallVector<const mlir::PassPipelineInfo *> pipelines;
  SmallVector<const mlir::PassInfo *> transformPasses;
};

} // namespace

/// Puts gemm-opt's options (its passes, the late pass's `gemm-*` options and
/// the few driver options above) in the gemm-opt category and hides all
/// others behind --help-hidden. Not cl::HideUnrelatedOptions: it makes them
/// ReallyHidden, which --help-hidden does not show either.
static void categorizeOptions() {
  static GemmPassesHelp passesHelp;
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    bool isPass =
        mlir::PassInfo::lookup(name) || mlir::PassPipelineInfo::lookup(name);
    if ((name.starts_with("gemm-") && !isPass) ||
        llvm::is_contained(kDriverOptions, name))
      option->addCategory(gemmCategory);
  }
  for (cl::Option *option :
       llvm::make_second_range(cl::getRegisteredOptions())) {
    bool keep = llvm::any_of(option->Categories, [](cl::OptionCategory *cat) {
      return cat == &gemmCategory || cat->getName() == "Generic Options";
    });
    if (!keep && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
}

/// Errors are one line each by default: upstream attaches the generic form of
/// the failing operation (thousands of lines for a gpu.module) to every
/// diagnostic. --mlir-print-op-on-diagnostic brings it back.
static void setDiagnosticDefaults() {
  auto &options = cl::getRegisteredOptions();
  auto it = options.find("mlir-print-op-on-diagnostic");
  if (it != options.end())
    static_cast<cl::opt<bool> *>(it->second)->setInitialValue(false);
}

static int reportError(const Twine &message) {
  WithColor::error(errs(), "gemm-opt") << message << "\n";
  return 1;
}

/// MlirOptMain on the input and -o, with -o, the code object and the
/// manifest written as one run: all of them in full when the run succeeds,
/// none when it fails (a diagnostic, an output that cannot be written,
/// /dev/full), and none over an input of the run.
static int runGemmOpt(mlir::DialectRegistry &registry,
                      const mlir::MlirOptMainConfig &config) {
  std::string message;
  std::unique_ptr<MemoryBuffer> input =
      mlir::openInputFile(inputFile, &message);
  if (!input)
    return reportError(message);
  gemm::beginRun();
  gemm::noteInputFile(inputFile, "input file");
  // So that the code object and manifest never overwrite them.
  mlir::gemm::setDriverFiles(inputFile, outputFile);
  Expected<std::unique_ptr<gemm::OutputFile>> output =
      gemm::OutputFile::open(outputFile, "output file");
  if (!output) {
    consumeError(gemm::endRun(/*commit=*/false));
    return reportError(toString(output.takeError()));
  }
  LogicalResult result =
      mlir::MlirOptMain((*output)->os(), std::move(input), registry, config);
  if (succeeded(result))
    gemm::commitAtEndOfRun(std::move(*output));
  else
    (*output)->discard();
  if (Error error = gemm::endRun(succeeded(result)))
    return reportError(toString(std::move(error)));
  return mlir::asMainReturnCode(result);
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::registerAllPasses();
  mlir::gemm::registerGemmOptPasses();
  gemm::registerLatePass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::gemm::GemmDialect>();
  mlir::gemm::registerTransformDialectExtension(registry);
  // gpu-module-to-binary translates gpu.module to LLVM IR: without these it
  // fails on the first ROCDL op.
  mlir::registerAllGPUToLLVMIRTranslations(registry);

  std::string helpHeader = mlir::registerCLIOptions(
      "gemm-opt: compiles f32 linalg.matmul to AMD RDNA3 (gfx11) code "
      "objects.\n"
      "  gemm-opt in.mlir --gemm-rdna3-pipeline=\"hsaco=out.hsaco\" -o "
      "out.mlir\n",
      registry);
  setDiagnosticDefaults();
  categorizeOptions();
  gemm::setVersionPrinter("gemm-opt");
  cl::ParseCommandLineOptions(argc, argv, helpHeader);

  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), outs(), ",");
    outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    mlir::printRegisteredPasses();
    return 0;
  }
  return runGemmOpt(registry, config);
}
