//===- ParityUnionFind.h - Two-colouring by union-find ----------*- C++ -*-===//

#ifndef GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H
#define GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H

#include <utility>
#include <vector>

namespace gemm {

/// Union-find with the parity of each element relative to its root: the
/// two-colouring of a graph, which is bipartite while no union conflicts.
class ParityUnionFind {
public:
  unsigned add() {
    parent.push_back(parent.size());
    parityToParent.push_back(false);
    return parent.size() - 1;
  }
  std::pair<unsigned, bool> find(unsigned x) {
    bool parity = false;
    unsigned root = x;
    while (parent[root] != root) {
      parity ^= parityToParent[root];
      root = parent[root];
    }
    // Path compression keeps the parities right.
    bool p = parity;
    while (parent[x] != x) {
      unsigned next = parent[x];
      bool nextParity = p ^ parityToParent[x];
      parent[x] = root;
      parityToParent[x] = p;
      x = next;
      p = nextParity;
    }
    return {root, parity};
  }
  /// Puts `a` and `b` on opposite sides; false when they are on the same one.
  bool unionOpposite(unsigned a, unsigned b) {
    auto [ra, pa] = find(a);
    auto [rb, pb] = find(b);
    if (ra == rb)
      return pa != pb;
    parent[rb] = ra;
    parityToParent[rb] = !(pa ^ pb);
    return true;
  }

private:
  std::vector<unsigned> parent;
  std::vector<bool> parityToParent;
};

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H
