//===- ParityUnionFind.h - Two-colouring by union-find ----------*- C++ -*-===//

#ifndef GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H
#define GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H

#include "llvm/ADT/DenseMap.h"

#include <utility>
#include <vector>

namespace gemm {

/// Union-find with the parity of each element relative to its root: the
/// two-colouring of a graph, which is bipartite while no union conflicts.
class ParityUnionFind {
public:
  unsigned add() {
    Parent.push_back(Parent.size());
    ParityToParent.push_back(false);
    return Parent.size() - 1;
  }
  std::pair<unsigned, bool> find(unsigned X) {
    bool Parity = false;
    unsigned Root = X;
    while (Parent[Root] != Root) {
      Parity ^= ParityToParent[Root];
      Root = Parent[Root];
    }
    // Path compression keeps the parities right.
    bool P = Parity;
    while (Parent[X] != X) {
      unsigned Next = Parent[X];
      bool NextParity = P ^ ParityToParent[X];
      Parent[X] = Root;
      ParityToParent[X] = P;
      X = Next;
      P = NextParity;
    }
    return {Root, Parity};
  }
  /// Puts `A` and `B` on opposite sides; false when they are on the same one.
  bool unionOpposite(unsigned A, unsigned B) {
    auto [RootA, ParityA] = find(A);
    auto [RootB, ParityB] = find(B);
    if (RootA == RootB)
      return ParityA != ParityB;
    Parent[RootB] = RootA;
    ParityToParent[RootB] = !(ParityA ^ ParityB);
    return true;
  }

private:
  std::vector<unsigned> Parent;
  std::vector<bool> ParityToParent;
};

/// ParityUnionFind over keys (values, VGPR groups), each given an element on
/// first use.
class KeyedParityUnionFind {
public:
  std::pair<unsigned, bool> find(unsigned Key) { return Sides.find(of(Key)); }
  bool unionOpposite(unsigned A, unsigned B) {
    return Sides.unionOpposite(of(A), of(B));
  }
  /// The keys seen so far, with their elements.
  const llvm::DenseMap<unsigned, unsigned> &keys() const { return Elements; }

private:
  unsigned of(unsigned Key) {
    auto [It, Inserted] = Elements.try_emplace(Key, 0);
    if (Inserted)
      It->second = Sides.add();
    return It->second;
  }

  ParityUnionFind Sides;
  llvm::DenseMap<unsigned, unsigned> Elements;
};

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_PARITYUNIONFIND_H
