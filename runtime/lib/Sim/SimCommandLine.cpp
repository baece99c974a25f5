//===- SimCommandLine.cpp - The timing model's command-line options -------===//

#include "gemm-runtime/SimCommandLine.h"

#include "gemm-opt/Support/Files.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

SimCommandLine::SimCommandLine(StringRef Tool, bool OneComputeUnit)
    : CategoryName((Tool + " timing model options (--backend=sim)").str()),
      TargetDesc(formatv("The RDNA3 product whose figures the model takes: "
                         "{0} (default: the one the manifest records, else "
                         "{1}; docs/targets.md)",
                         gemm::getTargetNames(), gemm::getDefaultTarget().name)
                     .str()),
      ComputeUnitsDesc(
          OneComputeUnit
              ? "CUs of the GPU, 1..1024 (default 1: one CU or WGP runs every "
                "workgroup of a small test grid)"
              : "CUs of the GPU, 1..1024 (default: the target's)"),
      Category(CategoryName), Target("target", cl::value_desc("NAME"),
                                     cl::desc(TargetDesc), cl::cat(Category)),
      ComputeUnits(
          "compute-units", cl::init(OneComputeUnit ? std::string("1") : ""),
          cl::value_desc("N"), cl::desc(ComputeUnitsDesc), cl::cat(Category)),
      ClockGHz("clock-ghz", cl::value_desc("GHZ"),
               cl::desc("Shader clock in GHz, in (0, 10] (default: the "
                        "target's boost clock)"),
               cl::cat(Category)),
      MemoryGBps("memory-gbps", cl::value_desc("GB/S"),
                 cl::desc("DRAM bandwidth in GB/s, in (0, 1000000] "
                          "(default: the target's)"),
                 cl::cat(Category)),
      Budget("sim-budget", cl::init(SimOptions().MaxWaveInstructions),
             cl::desc("Wave instructions simulated cycle by cycle before the "
                      "rest of the CU's workgroups are extrapolated from the "
                      "steady rate (default 60000000)"),
             cl::cat(Category)),
      Full("sim-full",
           cl::desc("Simulate every workgroup of the CU, whatever the budget"),
           cl::cat(Category)),
      Params("sim-param", cl::value_desc("NAME=VALUE"),
             cl::desc("Override one model parameter, for calibration "
                      "(repeatable; names as in SimParams, "
                      "docs/timing-model.md)"),
             cl::cat(Category)),
      Timeline("sim-timeline", cl::value_desc("FILE"),
               cl::desc("Write the instructions SIMD 0 issues during "
                        "--sim-timeline-cycles cycles, from the first "
                        "workgroup's end, as JSON to FILE (bench/timeline.py "
                        "draws it)"),
               cl::cat(Category)),
      TimelineCycles("sim-timeline-cycles", cl::init(3000),
                     cl::desc("Cycles --sim-timeline records, 1..1000000 "
                              "(default 3000)"),
                     cl::cat(Category)),
      Json("json", cl::desc("Print the prediction as JSON"),
           cl::cat(Category)) {}

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<SimOptions>
SimCommandLine::getSimOptions(bool IsSim, StringRef RecordedTarget,
                              StringRef CodeObjectIsa) const {
  SimOptions O;
  if (!IsSim) {
    // cl::list's operator& gives its vector.
    const cl::Option *SimOnly[] = {
        &Target, &ComputeUnits,          &ClockGHz, &MemoryGBps,     &Budget,
        &Full,   std::addressof(Params), &Timeline, &TimelineCycles, &Json};
    for (const cl::Option *Opt : SimOnly)
      if (Opt->getNumOccurrences())
        return makeError("--" + Opt->ArgStr + " needs --backend=sim");
    return O;
  }
  StringRef Name =
      Target.getNumOccurrences() ? StringRef(Target) : RecordedTarget;
  if (Name.empty() && !Target.getNumOccurrences())
    Name = gemm::getDefaultTarget().name;
  const gemm::TargetInfo *Info = gemm::lookupTarget(Name);
  if (!Info)
    return makeError("--target: unknown target '" + Name +
                     "': expected one of " + gemm::getTargetNames());
  // The kernel was chosen and built for one product: predicting it on
  // another's figures would answer a question nobody asked.
  if (!RecordedTarget.empty() && Name != RecordedTarget)
    return makeError("--target=" + Name +
                     ", but the manifest's kernel was "
                     "compiled for target " +
                     RecordedTarget + " (compile it with target=" + Name + ")");
  if (!CodeObjectIsa.empty() && CodeObjectIsa != Info->isa)
    return makeError("--target=" + Name + " is a " + Info->isa +
                     ", but the code object is for " + CodeObjectIsa);
  O.Params.setTarget(*Info);
  if (ComputeUnits.getNumOccurrences() || !ComputeUnits.empty()) {
    unsigned CUs;
    if (StringRef(ComputeUnits).getAsInteger(10, CUs) || CUs == 0 || CUs > 1024)
      return makeError("--compute-units must be an integer in 1..1024, not '" +
                       ComputeUnits + "'");
    O.Params.ComputeUnits = CUs;
  }
  // A number given replaces the target's figure; it must lie in (Min, Max]:
  // a figure near 0 would make a line's DRAM time overflow the model's
  // cycle counts.
  auto Override = [](const cl::opt<std::string> &Opt, double Min, double Max,
                     StringRef Range, double &Figure) -> Error {
    if (!Opt.getNumOccurrences())
      return Error::success();
    double V;
    if (StringRef(Opt).getAsDouble(V) || !(V > Min) || !(V <= Max))
      return makeError("--" + Opt.ArgStr + " must be a number in " + Range +
                       ", not '" + Opt + "'");
    Figure = V;
    return Error::success();
  };
  if (Error E = Override(ClockGHz, 0, 10, "(0, 10]", O.Params.ClockGHz))
    return std::move(E);
  if (Error E = Override(MemoryGBps, 1, 1e6, "(1, 1000000]", O.Params.DramGBps))
    return std::move(E);
  O.MaxWaveInstructions = Budget;
  O.Full = Full;
  if (!Timeline.empty()) {
    if (TimelineCycles == 0 || TimelineCycles > 1000000)
      return makeError("--sim-timeline-cycles must be 1..1000000");
    O.TimelineCycles = TimelineCycles;
  }
  for (const std::string &A : Params)
    if (Error E = setSimParam(O.Params, A))
      return std::move(E);
  return O;
}

Error SimCommandLine::report(raw_ostream &OS, const SimResult &Result,
                             double Flops) const {
  if (!Timeline.empty()) {
    auto File = gemm::OutputFile::open(Timeline, "--sim-timeline file");
    if (!File)
      return File.takeError();
    (*File)->os() << formatv("{0:2}\n", timelineToJSON(Result));
    if (Error E = (*File)->commit())
      return E;
  }
  if (Json)
    OS << formatv("{0:2}\n", toJSON(Result, Flops));
  else
    printSimResult(OS, Result, Flops);
  return Error::success();
}
