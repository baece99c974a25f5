//===- Simulator.cpp - Cycle-level timing model of RDNA3 (gfx1100) --------===//
//
// The timing model's entry: the launch prepared as for the emulator, then run
// on one unit (UnitModel.h). docs/timing-model.md documents the rules.
//
//===----------------------------------------------------------------------===//

#include "UnitModel.h"

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::sim;

Error Emulator::simulate(const CodeObject &CO, const EmuLaunch &L,
                         const SimOptions &Options, SimResult &Result) {
  Expected<LaunchSetup> Setup = prepare(CO, L);
  if (!Setup)
    return Setup.takeError();
  Result = SimResult();
  UnitModel Model(*I, Memory, *Setup, Options, Result);
  return Model.run();
}
