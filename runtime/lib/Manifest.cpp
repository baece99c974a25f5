//===- Manifest.cpp - gemm-opt launch manifest reader ---------------------===//
//
// Reads a manifest with gemm-opt's parser (gemm-opt/Manifest/Manifest.h) and
// binds the sizes a kernel for dynamic sizes takes at run time.
//
//===----------------------------------------------------------------------===//

#include "gemm-runtime/Manifest.h"
#include "gemm-runtime/CodeObject.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gemm::rt;

const ManifestArg *Manifest::arg(StringRef Role) const {
  for (const ManifestArg &A : Args)
    if (A.hasRole(Role))
      return &A;
  // A kernel that writes only a workspace leaves C to the kernels after it
  // (the skinny kernel's K parts and their sum).
  for (const ::gemm::ManifestKernel &K : Then)
    for (const ManifestArg &A : K.Args)
      if (A.hasRole(Role))
        return &A;
  return nullptr;
}

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

namespace {
/// Recursive descent over the size expression grammar of evaluateSize.
struct SizeParser {
  StringRef Text;
  const StringMap<int64_t> &Values;
  std::string Error;
  unsigned Depth = 0; // of factor(), which recurses per '(' and '!'

  bool consume(StringRef Token) {
    Text = Text.ltrim();
    return Text.consume_front(Token);
  }
  std::optional<int64_t> fail(const Twine &Msg) {
    if (Error.empty())
      Error = Msg.str();
    return std::nullopt;
  }
  /// \p V, or a failure when an operation overflowed (std::nullopt).
  std::optional<int64_t> checked(std::optional<int64_t> V, StringRef Op) {
    return V ? V : fail("'" + Op + "' overflows 64 bits");
  }
  std::optional<int64_t> either() {
    std::optional<int64_t> V = both();
    while (V && consume("||")) {
      std::optional<int64_t> R = both();
      V = R ? std::optional<int64_t>(*V || *R) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> both() {
    std::optional<int64_t> V = comparison();
    while (V && consume("&&")) {
      std::optional<int64_t> R = comparison();
      V = R ? std::optional<int64_t>(*V && *R) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> comparison() {
    std::optional<int64_t> V = expr();
    if (!V)
      return V;
    // Two-character operators first.
    static const std::pair<StringRef, bool (*)(int64_t, int64_t)> Ops[] = {
        {"<=", [](int64_t L, int64_t R) { return L <= R; }},
        {">=", [](int64_t L, int64_t R) { return L >= R; }},
        {"==", [](int64_t L, int64_t R) { return L == R; }},
        {"!=", [](int64_t L, int64_t R) { return L != R; }},
        {"<", [](int64_t L, int64_t R) { return L < R; }},
        {">", [](int64_t L, int64_t R) { return L > R; }}};
    for (auto [Token, Compare] : Ops) {
      if (!consume(Token))
        continue;
      std::optional<int64_t> R = expr();
      return R ? std::optional<int64_t>(Compare(*V, *R)) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> expr() {
    std::optional<int64_t> V = term();
    while (V) {
      if (consume("+")) {
        std::optional<int64_t> R = term();
        V = R ? checked(checkedAdd(*V, *R), "+") : std::nullopt;
      } else if (consume("-")) {
        std::optional<int64_t> R = term();
        V = R ? checked(checkedSub(*V, *R), "-") : std::nullopt;
      } else {
        break;
      }
    }
    return V;
  }
  std::optional<int64_t> term() {
    std::optional<int64_t> V = factor();
    while (V && consume("*")) {
      std::optional<int64_t> R = factor();
      V = R ? checked(checkedMul(*V, *R), "*") : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> factor() {
    if (Depth >= MaxManifestDepth)
      return fail("nested deeper than " + Twine(MaxManifestDepth) + " levels");
    ++Depth;
    std::optional<int64_t> V = nested();
    --Depth;
    return V;
  }
  std::optional<int64_t> nested() {
    for (bool Ceil : {true, false}) {
      if (!consume(Ceil ? "ceil(" : "floor("))
        continue;
      std::optional<int64_t> N = expr();
      if (!N || !consume("/"))
        return fail("expected 'x/y' in ceil() or floor()");
      std::optional<int64_t> D = expr();
      if (!D || !consume(")"))
        return fail("expected ')'");
      if (*D <= 0)
        return fail("division by a non-positive value");
      int64_t Q = *N / *D, R = *N % *D;
      return Q + (Ceil && R > 0 ? 1 : 0) - (!Ceil && R < 0 ? 1 : 0);
    }
    if (consume("!")) {
      std::optional<int64_t> V = factor();
      return V ? std::optional<int64_t>(!*V) : std::nullopt;
    }
    if (consume("(")) {
      std::optional<int64_t> V = either();
      if (!V || !consume(")"))
        return fail("expected ')'");
      return V;
    }
    Text = Text.ltrim();
    size_t Len =
        Text.find_if_not([](char C) { return llvm::isAlnum(C) || C == '_'; });
    StringRef Token = Text.take_front(Len);
    Text = Text.drop_front(Token.size());
    int64_t V;
    if (Token.empty())
      return fail("expected a number or a name");
    if (!Token.getAsInteger(10, V))
      return V;
    if (isDigit(Token.front()))
      return fail("'" + Token + "' is not a 64-bit integer");
    auto It = Values.find(Token);
    if (It == Values.end())
      return fail("unknown size '" + Token + "'");
    return It->second;
  }
};
} // namespace

Expected<int64_t> gemm::rt::evaluateSize(StringRef Expr,
                                         const StringMap<int64_t> &Values) {
  SizeParser P{Expr, Values, {}};
  std::optional<int64_t> V = P.either();
  if (V && !P.Text.trim().empty())
    P.fail("unexpected '" + P.Text.trim() + "'");
  if (!P.Error.empty())
    return makeError("size expression '" + Expr + "': " + P.Error);
  return *V;
}

std::vector<std::string> Manifest::dynamicSizes() const {
  std::vector<std::string> Names;
  for (const ManifestKernel &Kernel : Kernels)
    for (const ManifestArg &A : Kernel.Args)
      if (A.isSize() && !llvm::is_contained(Names, A.Role))
        Names.push_back(A.Role);
  return Names;
}

Error Manifest::bindSizes(const StringMap<int64_t> &Values) {
  const ManifestKernel *Chosen = nullptr;
  for (const ManifestKernel &Kernel : Kernels) {
    if (Kernel.When.empty()) {
      Chosen = &Kernel;
      break;
    }
    Expected<int64_t> Holds = evaluateSize(Kernel.When, Values);
    if (!Holds)
      return Holds.takeError();
    if (*Holds) {
      Chosen = &Kernel;
      break;
    }
  }
  if (!Chosen)
    return makeError("no kernel of the manifest is for these sizes");
  static_cast<ManifestKernel &>(*this) = *Chosen;
  auto Bind = [&](const std::string &Expr, int64_t &Out) -> Error {
    if (Expr.empty())
      return Error::success();
    Expected<int64_t> V = evaluateSize(Expr, Values);
    if (!V)
      return V.takeError();
    Out = *V;
    return Error::success();
  };
  for (auto [Name, Out] :
       {std::pair("m", &Problem.M), std::pair("n", &Problem.N),
        std::pair("k", &Problem.K), std::pair("batch", &Problem.Batch)})
    if (*Out == 0)
      if (Error E = Bind(Name, *Out))
        return E;
  for (ManifestArg &A : Args)
    for (auto [Expr, Out] :
         {std::pair(&A.RowsExpr, &A.Rows), std::pair(&A.ColsExpr, &A.Cols),
          std::pair(&A.LDExpr, &A.LD),
          std::pair(&A.BatchStrideExpr, &A.BatchStride)})
      if (Error E = Bind(*Expr, *Out))
        return E;
  for (unsigned I = 0; I < 3; ++I) {
    if (Error E = Bind(GridExpr[I], Grid[I]))
      return E;
    if (Grid[I] <= 0 || Grid[I] > 0xffffffffll)
      return makeError("grid dimension " + GridExpr[I] + " = " +
                       Twine(Grid[I]) + " is out of range");
  }
  return Error::success();
}

Expected<Manifest> gemm::rt::readManifest(StringRef Path) {
  auto BufOrErr = readInputFile(Path, MaxManifestBytes);
  if (!BufOrErr)
    return makeError("cannot read manifest '" + Path +
                     "': " + toString(BufOrErr.takeError()));
  gemm::noteInputFile(Path, "manifest");
  Expected<::gemm::Manifest> Parsed =
      parseManifest((*BufOrErr)->getBuffer(), Path);
  if (!Parsed)
    return Parsed.takeError();
  Manifest M;
  static_cast<::gemm::Manifest &>(M) = std::move(*Parsed);
  M.Path = Path.str();
  SmallString<256> CO(M.CodeObject);
  if (sys::path::is_relative(CO)) {
    SmallString<256> Dir(sys::path::parent_path(Path));
    sys::path::append(Dir, CO);
    CO = Dir;
  }
  M.CodeObjectPath = std::string(CO);
  // The first until bindSizes picks one: the matrices' shapes are the same
  // in all.
  static_cast<ManifestKernel &>(M) = M.Kernels.front();
  return M;
}
