//===- Launch.h - A checked launch, ready to start waves ---------*- C++
//-*-===//
//
// What Emulator::prepare derives once per launch: the decoded program, the
// user SGPRs of the ABI, the wave count and the LDS size; initWave puts a
// wave of a workgroup in its initial state. Shared by the functional run and
// the timing model.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_LAUNCH_H
#define GEMM_RUNTIME_EMULATOR_LAUNCH_H

#include "Wave.h"

#include "gemm-runtime/Emulator.h"

#include <array>
#include <vector>

namespace gemm {
namespace rt {

struct LaunchSetup {
  struct UserSgpr {
    bool Enabled;
    unsigned Count;
    uint64_t Value;
  };
  EmuLaunch Launch;
  const DecodedProgram *Program = nullptr;
  std::vector<UserSgpr> User; // in the order of the AMDHSA ABI
  uint64_t Lanes = 0;         // per workgroup
  unsigned NumWaves = 0;      // per workgroup
  size_t LdsBytes = 0;
  int32_t Entry = 0; // instruction index

  void initWave(emu::Wave &W, unsigned WaveInGroup,
                const std::array<uint32_t, 3> &WorkgroupId) const;
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_LAUNCH_H
