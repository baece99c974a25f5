//===- SimCommandLine.h - The timing model's options ----------*- C++ -*-===//
//
// gemm-run and emu-run take the same timing-model options (--backend=sim):
// declared, checked and turned into SimOptions here, once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_SIMCOMMANDLINE_H
#define GEMM_RUNTIME_SIMCOMMANDLINE_H

#include "gemm-runtime/Simulator.h"

#include "llvm/Support/CommandLine.h"

#include <string>

namespace gemm {
namespace rt {

/// The options, registered when the tool constructs its one (static)
/// instance. Numbers are read as strings so that a bad value is the tool's
/// error (exit 2) with the accepted range, not the parser's.
struct SimCommandLine {
  // cl::OptionCategory and cl::desc keep only a StringRef: the composed texts
  // live here, declared before the options that point into them.
  std::string CategoryName, TargetDesc, ComputeUnitsDesc;
  llvm::cl::OptionCategory Category;
  llvm::cl::opt<std::string> Target, ComputeUnits, ClockGHz, MemoryGBps;
  llvm::cl::opt<uint64_t> Budget;
  llvm::cl::opt<bool> Full;
  llvm::cl::list<std::string> Params;
  llvm::cl::opt<std::string> Timeline;
  llvm::cl::opt<uint64_t> TimelineCycles;
  llvm::cl::opt<bool> Json;

  /// `Tool` names the category ("TOOL timing model options");
  /// `OneComputeUnit`: --compute-units defaults to 1 (a tool for small test
  /// grids), else to the target's count.
  SimCommandLine(llvm::StringRef Tool, bool OneComputeUnit);

  /// The options as SimOptions: the target's figures (--target, else
  /// `RecordedTarget`, the product the manifest records, else the default
  /// product), with --compute-units, --clock-ghz and --memory-gbps over
  /// them. A --target other than `RecordedTarget`, or whose ISA is not
  /// `CodeObjectIsa` (when known), is an error. With another backend
  /// (`IsSim` false) any timing-model option given is an error ("--json
  /// needs --backend=sim").
  llvm::Expected<SimOptions>
  getSimOptions(bool IsSim, llvm::StringRef RecordedTarget = "",
                llvm::StringRef CodeObjectIsa = "") const;

  /// Prints the prediction to `OS` (as JSON with --json) and writes the
  /// timeline file of --sim-timeline. `Flops` is 0 when unknown.
  llvm::Error report(llvm::raw_ostream &OS, const SimResult &Result,
                     double Flops) const;
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_SIMCOMMANDLINE_H
