//===- vopd-rules-check.cpp - Query the VOPD rules from lit tests ---------===//
//
// Reads one query per line from stdin and prints the rules' verdict, so the
// rules in VOPDRules.h are unit-tested by FileCheck on concrete registers:
//
//   dsts DSTX DSTY                        -> legal | illegal
//   slot SRCX SRCY                        -> bank B/B legal|illegal,
//   hazard|safe swaps DX S0X S1X DY S0Y S1Y           -> swapX=0|1 swapY=0|1 |
//   illegal
//   halves S0X S1X SWAPPABLEX S0Y S1Y SWAPPABLEY -> as swaps; a source '-' is
//   not a VGPR (a constant, an SGPR, no vsrc1); SWAPPABLE is 0 or 1
//
// Lines starting with '#' or '/' (lit's RUN and CHECK lines) are skipped.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/VOPDRules.h"

#include <iostream>
#include <optional>
#include <sstream>
#include <string>

using namespace gemm::vopd;

/// A VGPR number, or '-' for an operand that is not a VGPR.
static bool readSource(std::istream &in, std::optional<unsigned> &reg) {
  std::string word;
  if (!(in >> word))
    return false;
  if (word == "-") {
    reg.reset();
    return true;
  }
  if (word.empty() || word.size() > 3 ||
      word.find_first_not_of("0123456789") != std::string::npos)
    return false;
  reg = std::stoul(word);
  return true;
}

static void printSwaps(std::optional<std::pair<bool, bool>> swaps) {
  if (swaps)
    std::cout << "swapX=" << swaps->first << " swapY=" << swaps->second << "\n";
  else
    std::cout << "illegal\n";
}

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
        printSwaps(getParitySafeSwaps(x, y));
        continue;
      }
    } else if (query == "halves") {
      HalfSources x, y;
      if (readSource(in, x.src0) && readSource(in, x.vsrc1) &&
          in >> x.swappable && readSource(in, y.src0) &&
          readSource(in, y.vsrc1) && in >> y.swappable) {
        printSwaps(getParitySafeSwaps(x, y));
        continue;
      }
    }
    std::cout << "\n";
    std::cerr << "vopd-rules-check: line " << lineNo
              << ": expected 'dsts X Y', 'slot X Y', 'swaps DX S0X S1X DY "
                 "S0Y S1Y' or 'halves S0X S1X SWX S0Y S1Y SWY'\n";
    return 2;
  }
  return 0;
}
