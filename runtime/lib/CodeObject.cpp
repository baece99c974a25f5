//===- CodeObject.cpp - AMDGPU code object (ELF) reader -------------------===//

#include "gemm-runtime/CodeObject.h"

#include "gemm-runtime/Backend.h"

#include "gemm-opt/CodeObject/CodeObjectInfo.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

uint32_t KernelInfo::explicitArgsSize() const {
  uint32_t End = 0;
  for (const KernelArg &A : Args)
    if (!StringRef(A.ValueKind).starts_with("hidden_"))
      // Each fits 32 bits: loading checks it.
      End = std::max<uint32_t>(End, A.Offset + A.Size);
  return End;
}

Expected<std::unique_ptr<CodeObject>> CodeObject::loadFile(StringRef Path) {
  auto BufOrErr = readInputFile(Path, MaxCodeObjectBytes);
  if (!BufOrErr)
    return makeError("cannot read code object '" + Path +
                     "': " + toString(BufOrErr.takeError()));
  gemm::noteInputFile(Path, "code object");
  return load(std::move(*BufOrErr));
}

Expected<std::unique_ptr<CodeObject>>
CodeObject::load(std::unique_ptr<MemoryBuffer> Buffer) {
  std::unique_ptr<CodeObject> CO(new CodeObject());
  CO->Buffer = std::move(Buffer);
  if (Error E = CO->parse())
    return std::move(E);
  return std::move(CO);
}

Expected<const KernelInfo &> CodeObject::kernel(StringRef Name) const {
  std::string Names;
  for (const KernelInfo &K : Kernels) {
    if (K.Name == Name)
      return K;
    Names += (Names.empty() ? "" : ", ") + K.Name;
  }
  return makeError("kernel '" + Name + "' not found in code object (has: " +
                   (Names.empty() ? std::string("none") : Names) + ")");
}

Expected<ArrayRef<uint8_t>> CodeObject::codeAt(uint64_t Address,
                                               uint64_t &SectionBase) const {
  for (const Section &S : Sections)
    if (S.Executable && Address >= S.Address &&
        Address < S.Address + S.Bytes.size()) {
      SectionBase = S.Address;
      return S.Bytes.drop_front(Address - S.Address);
    }
  return makeError(
      formatv("no executable section holds address {0:x}", Address));
}

Error CodeObject::parse() {
  auto ObjOrErr =
      object::ObjectFile::createObjectFile(Buffer->getMemBufferRef());
  if (!ObjOrErr)
    return makeError("not an ELF code object: " +
                     toString(ObjOrErr.takeError()));
  auto *Obj = dyn_cast<object::ELF64LEObjectFile>(ObjOrErr->get());
  if (!Obj || Obj->getELFFile().getHeader().e_machine != ELF::EM_AMDGPU)
    return makeError("not an AMDGPU ELF64 code object");
  const auto &EF = Obj->getELFFile();

  for (const object::SectionRef &S : Obj->sections()) {
    if (!S.isText() && !S.isData() && !S.isBSS())
      continue;
    if (S.isBSS() || S.getSize() == 0)
      continue;
    Expected<StringRef> Contents = S.getContents();
    if (!Contents)
      return Contents.takeError();
    Sections.push_back(
        {S.getAddress(),
         ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Contents->data()),
                           Contents->size()),
         S.isText()});
  }
  // Read-only data (.rodata holds the kernel descriptors) is not "data" for
  // SectionRef; add every allocated PROGBITS section.
  auto SecsOrErr = EF.sections();
  if (!SecsOrErr)
    return SecsOrErr.takeError();
  for (const auto &Shdr : *SecsOrErr) {
    if (Shdr.sh_type != ELF::SHT_PROGBITS || !(Shdr.sh_flags & ELF::SHF_ALLOC))
      continue;
    bool Known = false;
    for (const Section &S : Sections)
      Known |= S.Address == Shdr.sh_addr && S.Bytes.size() == Shdr.sh_size;
    if (Known)
      continue;
    auto DataOrErr = EF.getSectionContents(Shdr);
    if (!DataOrErr)
      return DataOrErr.takeError();
    Sections.push_back({Shdr.sh_addr, *DataOrErr,
                        static_cast<bool>(Shdr.sh_flags & ELF::SHF_EXECINSTR)});
  }

  // Metadata note: the reader gemm-opt's manifest writer uses too.
  Expected<::gemm::CodeObjectInfo> Info =
      ::gemm::readCodeObjectInfo(Buffer->getBuffer());
  if (!Info)
    return Info.takeError();
  Target = Info->Target;
  for (const ::gemm::KernelInfo &Meta : Info->Kernels) {
    if (Meta.Name.empty())
      return makeError("metadata: kernel without .name");
    KernelInfo K;
    static_cast<::gemm::KernelInfo &>(K) = Meta;
    // The launchers compute with these in 32 bits.
    for (auto [Field, Value] :
         {std::pair(".kernarg_segment_size", Meta.KernargSegmentSize),
          std::pair(".group_segment_fixed_size", Meta.GroupSegmentSize),
          std::pair(".private_segment_fixed_size", Meta.PrivateSegmentSize),
          std::pair(".sgpr_count", Meta.SgprCount),
          std::pair(".vgpr_count", Meta.VgprCount),
          std::pair(".wavefront_size", Meta.WavefrontSize),
          std::pair(".max_flat_workgroup_size", Meta.MaxFlatWorkgroupSize),
          std::pair(
              ".reqd_workgroup_size",
              std::max({Meta.ReqdWorkgroupSize[0], Meta.ReqdWorkgroupSize[1],
                        Meta.ReqdWorkgroupSize[2]}))})
      if (Value > UINT32_MAX)
        return makeError(formatv("metadata: kernel '{0}' has {1} {2}, beyond "
                                 "32 bits",
                                 Meta.Name, Field, Value));
    if (!K.KernargSegmentAlign)
      K.KernargSegmentAlign = 8;
    for (const KernelArg &A : K.Args)
      if (A.Offset > UINT32_MAX || A.Size > UINT32_MAX - A.Offset)
        return makeError(formatv("metadata: kernel '{0}': argument '{1}' "
                                 "(offset {2}, size {3}) ends beyond 32 bits",
                                 Meta.Name, A.Name, A.Offset, A.Size));
    Kernels.push_back(std::move(K));
  }

  // Kernel descriptors: `<name>.kd` symbols.
  for (KernelInfo &K : Kernels) {
    std::string KDName = K.Name + ".kd";
    bool Found = false;
    for (const object::SymbolRef &Sym : Obj->symbols()) {
      // A name that cannot be read means a corrupt symbol table: stop at the
      // first one, since a table whose size was corrupted can claim hundreds
      // of millions of entries, each failing in turn (found by
      // scripts/fuzz.py).
      Expected<StringRef> NameOrErr = Sym.getName();
      if (!NameOrErr)
        return makeError("symbol table: " + toString(NameOrErr.takeError()));
      if (*NameOrErr != KDName)
        continue;
      Expected<uint64_t> AddrOrErr = Sym.getAddress();
      if (!AddrOrErr)
        return AddrOrErr.takeError();
      K.DescriptorAddress = *AddrOrErr;
      Found = true;
      break;
    }
    if (!Found)
      return makeError("kernel descriptor symbol '" + KDName + "' not found");
    const uint8_t *KD = nullptr;
    for (const Section &S : Sections)
      if (K.DescriptorAddress >= S.Address &&
          K.DescriptorAddress + 64 <= S.Address + S.Bytes.size())
        KD = S.Bytes.data() + (K.DescriptorAddress - S.Address);
    if (!KD)
      return makeError("kernel descriptor '" + KDName +
                       "' is outside the loadable sections");
    using namespace support::endian;
    KernelDescriptor &D = K.KD;
    D.GroupSegmentFixedSize = read32le(KD + 0);
    D.PrivateSegmentFixedSize = read32le(KD + 4);
    D.KernargSize = read32le(KD + 8);
    D.KernelCodeEntryByteOffset = static_cast<int64_t>(read64le(KD + 16));
    D.ComputePgmRsrc3 = read32le(KD + 44);
    D.ComputePgmRsrc1 = read32le(KD + 48);
    D.ComputePgmRsrc2 = read32le(KD + 52);
    D.KernelCodeProperties = read16le(KD + 56);
    D.KernargPreload = read16le(KD + 58);
    K.EntryAddress = K.DescriptorAddress + D.KernelCodeEntryByteOffset;
    if (!K.KernargSegmentSize)
      K.KernargSegmentSize = D.KernargSize;
    if (!K.GroupSegmentSize)
      K.GroupSegmentSize = D.GroupSegmentFixedSize;
    // The launchers size their kernarg buffers by the explicit arguments.
    if (K.explicitArgsSize() > K.KernargSegmentSize)
      return makeError(formatv("metadata: kernel '{0}': its explicit "
                               "arguments end at byte {1}, past its kernarg "
                               "segment of {2} bytes",
                               K.Name, K.explicitArgsSize(),
                               K.KernargSegmentSize));
  }
  return Error::success();
}
