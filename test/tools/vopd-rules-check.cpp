//===- vopd-rules-check.cpp - Query the VOPD rules from lit tests ---------===//
//
// Reads one query per line from stdin and prints the rules' verdict, so the
// rules in VOPDRules.h are unit-tested by FileCheck on concrete registers:
//
//   dsts DSTX DSTY                        -> legal | illegal
//   slot SRCX SRCY                        -> bank B/B legal|illegal,
//   hazard|safe swaps DX S0X S1X DY S0Y S1Y           -> swapX=0|1 swapY=0|1 |
//   illegal
//
// Lines starting with '#' or '/' (lit's RUN and CHECK lines) are skipped.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/VOPDRules.h"

#include <iostream>
#include <sstream>
#include <string>

using namespace gemm::vopd;

int main() {
  std::string line;
  unsigned lineNo = 0;
  while (std::getline(std::cin, line)) {
    ++lineNo;
    if (line.empty() || line[0] == '#' || line[0] == '/')
      continue;
    std::istringstream in(line);
    std::string query;
    in >> query;
    std::cout << line << " -> ";
    if (query == "dsts") {
      unsigned x, y;
      if (in >> x >> y) {
        std::cout << (areLegalDestinations(x, y) ? "legal" : "illegal") << "\n";
        continue;
      }
    } else if (query == "slot") {
      unsigned x, y;
      if (in >> x >> y) {
        std::cout << "bank " << bankOf(x) << "/" << bankOf(y) << " "
                  << (isSlotBankLegal(x, y) ? "legal" : "illegal") << ", "
                  << (hasParityHazard(x, y) ? "hazard" : "safe") << "\n";
        continue;
      }
    } else if (query == "swaps") {
      FMACRegs x, y;
      if (in >> x.dst >> x.src0 >> x.vsrc1 >> y.dst >> y.src0 >> y.vsrc1) {
        if (auto swaps = getParitySafeSwaps(x, y))
          std::cout << "swapX=" << swaps->first << " swapY=" << swaps->second
                    << "\n";
        else
          std::cout << "illegal\n";
        continue;
      }
    }
    std::cout << "\n";
    std::cerr << "vopd-rules-check: line " << lineNo
              << ": expected 'dsts X Y', 'slot X Y' or 'swaps DX S0X S1X DY "
                 "S0Y S1Y'\n";
    return 2;
  }
  return 0;
}
