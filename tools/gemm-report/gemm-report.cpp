//===- gemm-report.cpp - Static ISA report for gfx11 SGEMM kernels --------===//
//
// Thin driver over lib/Report. Exit codes: 0 report printed, 1 bad input or
// options (the message names the problem).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Report/Report.h"
#include "gemm-opt/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::OptionCategory category("gemm-report options");

static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input.hsaco | input.s>"),
                                      cl::cat(category));

static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Report only this kernel (its name or its .kd "
                        "symbol); default: every kernel"),
               cl::value_desc("name"), cl::cat(category));

static cl::opt<bool> emitJSON("json",
                              cl::desc("Print the report as JSON (format "
                                       "gemm-report-1, see docs/report.md)"),
                              cl::cat(category));

static cl::opt<bool>
    bankTrace("bank-trace",
              cl::desc("Print the bank model's row for every VALU "
                       "instruction of the loop (the walkthrough's notation)"),
              cl::cat(category));

static cl::opt<bool> coldCache(
    "cold-cache",
    cl::desc("Score the loop once from empty operand caches instead of in "
             "steady state (the walkthrough's tables start cold)"),
    cl::cat(category));

static cl::opt<bool>
    vopdWholeKernel("vopd-whole-kernel",
                    cl::desc("Check every v_dual_* of the kernel, not only "
                             "the loop's"),
                    cl::cat(category));

static cl::opt<unsigned> maxViolations(
    "max-violations",
    cl::desc("VOPD violations listed in the text report (0: all; default 10)"),
    cl::init(10), cl::cat(category));

static cl::opt<std::string>
    targetName("target",
               cl::desc("The RDNA3 product whose register file, LDS, CUs and "
                        "clock the occupancy and ceiling are for; its ISA "
                        "must be the code object's (default rx7900xtx; "
                        "docs/targets.md)"),
               cl::value_desc("name"), cl::init(gemm::getDefaultTarget().name),
               cl::cat(category));

static cl::opt<unsigned>
    computeUnits("compute-units",
                 cl::desc("CUs of the GPU the TFLOP/s ceiling is for "
                          "(default: the target's)"),
                 cl::cat(category));

static cl::opt<double>
    clockGHz("clock-ghz",
             cl::desc("Shader clock of the ceiling in GHz (default: the "
                      "target's boost clock)"),
             cl::cat(category));

/// gemm-report --help's overview.
static constexpr char kOverview[] =
    "gemm-report: static ISA report for AMD RDNA3 (gfx1100) SGEMM kernels\n"
    "\n"
    "Reads a code object (.hsaco, an AMDGPU ELF) or an assembly file (.s;\n"
    "a plain instruction list without a kernel descriptor is one loop\n"
    "iteration) and reports per kernel: resources and occupancy; the\n"
    "steady-state path (the innermost loop with the most FMAs, head to its\n"
    "farthest back-edge; inside an outer loop, one outer iteration with the\n"
    "inner loop times its trip count when the code states it) and its\n"
    "instruction mix; VOPD rule violations (LLVM's gfx11 checks and the\n"
    "gfx11 parity hazard); a VGPR bank/operand-cache model; issue cycles\n"
    "per iteration (a model estimate) and the TFLOP/s ceiling they imply:\n"
    "no latency or wave scheduling, not a prediction (gemm-run\n"
    "--backend=sim predicts). The models are described in docs/report.md.\n"
    "Exit code 0 when the report is printed, 2 on bad usage or input.\n";

/// Exit codes: 0 the report is printed, 2 bad usage or input (nothing is
/// printed on stdout).
enum ExitCode { kReported = 0, kBadInput = 2 };

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  gemm::setVersionPrinter("gemm-report");
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &errs()))
    return kBadInput;
  const gemm::TargetInfo *target = gemm::lookupTarget(targetName);
  if (!target) {
    WithColor::error(errs(), "gemm-report")
        << "--target: unknown target '" << targetName << "': expected one of "
        << gemm::getTargetNames() << "\n";
    return kBadInput;
  }
  if (!computeUnits.getNumOccurrences())
    computeUnits = target->computeUnits;
  if (!clockGHz.getNumOccurrences())
    clockGHz = target->boostClockGHz;
  if (computeUnits == 0 || !(clockGHz > 0)) {
    WithColor::error(errs(), "gemm-report")
        << "--compute-units and --clock-ghz must be positive\n";
    return kBadInput;
  }

  gemm::report::ReportOptions options;
  options.kernel = kernelName;
  options.keepBankTrace = bankTrace;
  options.coldCache = coldCache;
  options.vopdWholeKernel = vopdWholeKernel;
  options.maxViolations = maxViolations;
  options.machine.target = target;
  options.machine.computeUnits = computeUnits;
  options.machine.clockGHz = clockGHz;

  Expected<gemm::report::Report> report =
      gemm::report::analyzeFile(inputPath, options);
  if (!report) {
    WithColor::error(errs(), "gemm-report")
        << toString(report.takeError()) << "\n";
    return kBadInput;
  }
  // Occupancy follows the target's register file: it must be the GPU the
  // code object is for.
  // An assembly file without a target directive has none ("gfx1100
  // (assumed)").
  StringRef isa = gemm::getTargetIdIsa(report->target);
  if (!isa.empty() && !isa.contains(' ') && isa != target->isa) {
    WithColor::error(errs(), "gemm-report")
        << "the code object is for " << isa << ", but --target=" << target->name
        << " is a " << target->isa << ": name a target of " << isa << "\n";
    return kBadInput;
  }
  if (emitJSON)
    outs() << formatv("{0:2}", gemm::report::toJSON(*report)) << "\n";
  else
    gemm::report::printReport(*report, options, outs());
  return kReported;
}
