//===- CodeObjectInfo.cpp - Read AMDGPU code object metadata --------------===//

#include "gemm-opt/CodeObject/CodeObjectInfo.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/BinaryFormat/MsgPackReader.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace llvm;

namespace gemm {

const KernelInfo *CodeObjectInfo::findKernel(StringRef name) const {
  for (const KernelInfo &kernel : Kernels)
    if (kernel.Name == name)
      return &kernel;
  return nullptr;
}

static Error metadataError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           "code object metadata: " + message);
}

static uint64_t getUInt(msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return 0;
  msgpack::DocNode &node = it->second;
  if (node.getKind() == msgpack::Type::UInt)
    return node.getUInt();
  if (node.getKind() == msgpack::Type::Int)
    return static_cast<uint64_t>(node.getInt());
  return 0;
}

static std::string getString(msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end() || it->second.getKind() != msgpack::Type::String)
    return {};
  return it->second.getString().str();
}

/// msgpack::Document::readFromBlob orders map keys with DocNode's operator<,
/// which reaches llvm_unreachable on a key that is an array, a map or an
/// extension (a corrupt note: SIGILL in a release build; found by
/// scripts/fuzz.py). Walks the blob with the low-level reader first, without
/// recursion, and refuses such keys.
static Error checkMapKeys(StringRef blob) {
  struct Open {
    uint64_t left; // objects still to read in this container
    bool isMap;    // then the objects alternate key, value
  };
  SmallVector<Open, 16> stack{{1, false}};
  msgpack::Reader reader(blob);
  msgpack::Object obj;
  while (!stack.empty()) {
    if (stack.back().left == 0) {
      stack.pop_back();
      continue;
    }
    bool isKey = stack.back().isMap && stack.back().left % 2 == 0;
    --stack.back().left;
    Expected<bool> got = reader.read(obj);
    if (!got)
      return metadataError(
          "the NT_AMDGPU_METADATA note is not valid msgpack: " +
          toString(got.takeError()));
    if (!*got)
      return metadataError("the NT_AMDGPU_METADATA note is truncated");
    bool container =
        obj.Kind == msgpack::Type::Array || obj.Kind == msgpack::Type::Map;
    if (isKey && (container || obj.Kind == msgpack::Type::Extension))
      return metadataError("a map key in the NT_AMDGPU_METADATA note is not "
                           "a scalar");
    if (container)
      stack.push_back({obj.Kind == msgpack::Type::Map ? 2 * uint64_t(obj.Length)
                                                      : uint64_t(obj.Length),
                       obj.Kind == msgpack::Type::Map});
  }
  return Error::success();
}

static Error parseMetadata(StringRef blob, CodeObjectInfo &info) {
  if (Error err = checkMapKeys(blob))
    return err;
  msgpack::Document doc;
  if (!doc.readFromBlob(blob, /*Multi=*/false))
    return metadataError("the NT_AMDGPU_METADATA note is not valid msgpack");
  if (!doc.getRoot().isMap())
    return metadataError("the metadata root is not a map");
  msgpack::MapDocNode &root = doc.getRoot().getMap();
  info.Target = getString(root, "amdhsa.target");

  auto kernelsIt = root.find("amdhsa.kernels");
  if (kernelsIt == root.end() || !kernelsIt->second.isArray())
    return metadataError("no amdhsa.kernels list");
  for (msgpack::DocNode &kernelNode : kernelsIt->second.getArray()) {
    if (!kernelNode.isMap())
      return metadataError("an amdhsa.kernels entry is not a map");
    msgpack::MapDocNode &kernelMap = kernelNode.getMap();
    KernelInfo kernel;
    kernel.Name = getString(kernelMap, ".name");
    kernel.Symbol = getString(kernelMap, ".symbol");
    kernel.GroupSegmentSize = getUInt(kernelMap, ".group_segment_fixed_size");
    kernel.PrivateSegmentSize =
        getUInt(kernelMap, ".private_segment_fixed_size");
    kernel.KernargSegmentSize = getUInt(kernelMap, ".kernarg_segment_size");
    kernel.KernargSegmentAlign = getUInt(kernelMap, ".kernarg_segment_align");
    kernel.VgprCount = getUInt(kernelMap, ".vgpr_count");
    kernel.SgprCount = getUInt(kernelMap, ".sgpr_count");
    kernel.VgprSpillCount = getUInt(kernelMap, ".vgpr_spill_count");
    kernel.SgprSpillCount = getUInt(kernelMap, ".sgpr_spill_count");
    kernel.WavefrontSize = getUInt(kernelMap, ".wavefront_size");
    kernel.MaxFlatWorkgroupSize =
        getUInt(kernelMap, ".max_flat_workgroup_size");
    auto reqdIt = kernelMap.find(".reqd_workgroup_size");
    if (reqdIt != kernelMap.end() && reqdIt->second.isArray()) {
      msgpack::ArrayDocNode &sizes = reqdIt->second.getArray();
      for (unsigned dim = 0; dim < 3 && dim < sizes.size(); ++dim)
        if (sizes[dim].getKind() == msgpack::Type::UInt)
          kernel.ReqdWorkgroupSize[dim] = sizes[dim].getUInt();
    }
    auto argsIt = kernelMap.find(".args");
    if (argsIt != kernelMap.end() && argsIt->second.isArray()) {
      for (msgpack::DocNode &argNode : argsIt->second.getArray()) {
        if (!argNode.isMap())
          return metadataError("an .args entry of kernel '" + kernel.Name +
                               "' is not a map");
        msgpack::MapDocNode &argMap = argNode.getMap();
        KernelArgInfo arg;
        arg.Name = getString(argMap, ".name");
        arg.ValueKind = getString(argMap, ".value_kind");
        arg.AddressSpace = getString(argMap, ".address_space");
        arg.Offset = getUInt(argMap, ".offset");
        arg.Size = getUInt(argMap, ".size");
        kernel.Args.push_back(std::move(arg));
      }
    }
    info.Kernels.push_back(std::move(kernel));
  }
  return Error::success();
}

Expected<CodeObjectInfo> readCodeObjectInfo(StringRef bytes) {
  auto elfOrErr = object::ELF64LEFile::create(bytes);
  if (!elfOrErr)
    return createStringError(inconvertibleErrorCode(),
                             "not a 64-bit little-endian ELF file: " +
                                 toString(elfOrErr.takeError()));
  const object::ELF64LEFile &elf = *elfOrErr;
  if (elf.getHeader().e_machine != ELF::EM_AMDGPU)
    return createStringError(inconvertibleErrorCode(),
                             "not an AMDGPU ELF file (e_machine is not "
                             "EM_AMDGPU)");

  CodeObjectInfo info;
  switch (elf.getHeader().e_ident[ELF::EI_ABIVERSION]) {
  case ELF::ELFABIVERSION_AMDGPU_HSA_V4:
    info.CodeObjectVersion = 4;
    break;
  case ELF::ELFABIVERSION_AMDGPU_HSA_V5:
    info.CodeObjectVersion = 5;
    break;
  case ELF::ELFABIVERSION_AMDGPU_HSA_V6:
    info.CodeObjectVersion = 6;
    break;
  default:
    return createStringError(
        inconvertibleErrorCode(),
        "unsupported AMDHSA code object ABI version " +
            Twine(elf.getHeader().e_ident[ELF::EI_ABIVERSION]));
  }

  auto sections = elf.sections();
  if (!sections)
    return sections.takeError();
  for (const object::ELF64LE::Shdr &section : *sections) {
    if (section.sh_type != ELF::SHT_NOTE)
      continue;
    Error err = Error::success();
    for (const object::ELF64LE::Note &note : elf.notes(section, err)) {
      if (note.getName() != "AMDGPU" ||
          note.getType() != ELF::NT_AMDGPU_METADATA)
        continue;
      ArrayRef<uint8_t> desc = note.getDesc(section.sh_addralign);
      if (Error parseErr = parseMetadata(
              StringRef(reinterpret_cast<const char *>(desc.data()),
                        desc.size()),
              info))
        return std::move(parseErr);
      if (err)
        return std::move(err);
      return info;
    }
    if (err)
      return std::move(err);
  }
  return createStringError(inconvertibleErrorCode(),
                           "no NT_AMDGPU_METADATA note in the code object");
}

} // namespace gemm
