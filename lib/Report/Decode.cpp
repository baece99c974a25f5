//===- Decode.cpp - Find and disassemble the kernels of an input ----------===//
//
// Code objects are read with libObject and the project's metadata reader;
// kernels are found through the metadata and their `<name>.kd` descriptors.
// Assembly files are assembled in memory into an ELF relocatable object and
// then take the same path, so both inputs are decoded by the same
// disassembler and print the same way.
//
//===----------------------------------------------------------------------===//

#include "ReportInternal.h"

#include "gemm-opt/CodeObject/AMDGPUMCLayer.h"
#include "gemm-opt/Support/Files.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

using namespace llvm;

namespace gemm {
namespace report {

/// The most gemm-report reads of a code object or an assembly file: the
/// SGEMM kernels' are tens of KiB.
static constexpr uint64_t kMaxInputBytes = uint64_t(64) << 20;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

namespace {

/// The AMDGPU MC layer for gfx1100 wave32, with decoding and assembling.
struct MCLayer : AMDGPUMCLayer {
  Error init();
  std::vector<Instruction> decode(ArrayRef<uint8_t> bytes, uint64_t address,
                                  bool stopAtEndpgm);
  Expected<std::unique_ptr<MemoryBuffer>> assemble(StringRef path);
};

} // namespace

Error MCLayer::init() { return AMDGPUMCLayer::init("gfx1100"); }

std::vector<Instruction> MCLayer::decode(ArrayRef<uint8_t> bytes,
                                         uint64_t address, bool stopAtEndpgm) {
  std::vector<Instruction> code;
  for (uint64_t offset = 0; offset + 4 <= bytes.size();) {
    Instruction inst;
    inst.address = address + offset;
    MCInst mi;
    uint64_t size = 0;
    if (Disasm->getInstruction(mi, size, bytes.slice(offset), inst.address,
                               nulls()) != MCDisassembler::Success ||
        size == 0) {
      // Keep going: one bad word must not hide the rest of the kernel.
      inst.size = 4;
      inst.text = inst.mnemonic = "<undecodable>";
    } else {
      inst.size = size;
      std::string text;
      raw_string_ostream os(text);
      Printer->printInst(&mi, inst.address, "", *STI, os);
      std::replace(text.begin(), text.end(), '\t', ' ');
      inst.text = StringRef(text).trim().str();
      inst.mnemonic = StringRef(inst.text).split(' ').first.str();
      // SOPP branches hold a signed word offset from the next instruction.
      StringRef m = inst.mnemonic;
      if ((m == "s_branch" || m.starts_with("s_cbranch_")) &&
          mi.getNumOperands() > 0 && mi.getOperand(0).isImm()) {
        inst.hasTarget = true;
        inst.target = inst.address + 4 +
                      static_cast<int64_t>(
                          static_cast<int16_t>(mi.getOperand(0).getImm())) *
                          4;
      }
    }
    offset += inst.size;
    code.push_back(std::move(inst));
    if (stopAtEndpgm && code.back().mnemonic == "s_endpgm")
      break;
  }
  return code;
}

Expected<std::unique_ptr<MemoryBuffer>> MCLayer::assemble(StringRef path) {
  Expected<std::unique_ptr<MemoryBuffer>> source =
      readInputFile(path, kMaxInputBytes, /*allowStdin=*/true);
  if (!source)
    return makeError(path + ": " + toString(source.takeError()));

  SourceMgr srcMgr;
  srcMgr.AddNewSourceBuffer(std::move(*source), SMLoc());
  MCContext asmCtx(TT, MAI.get(), MRI.get(), STI.get(), &srcMgr, &Options);
  std::unique_ptr<MCObjectFileInfo> mofi(
      TheTarget->createMCObjectFileInfo(asmCtx, /*PIC=*/false));
  asmCtx.setObjectFileInfo(mofi.get());

  SmallString<0> object;
  raw_svector_ostream objectStream(object);
  std::unique_ptr<MCAsmBackend> backend(
      TheTarget->createMCAsmBackend(*STI, *MRI, Options));
  std::unique_ptr<MCCodeEmitter> emitter(
      TheTarget->createMCCodeEmitter(*MII, asmCtx));
  if (!backend || !emitter)
    return makeError("cannot create LLVM's AMDGPU assembler");
  std::unique_ptr<MCObjectWriter> writer =
      backend->createObjectWriter(objectStream);
  std::unique_ptr<MCStreamer> streamer(TheTarget->createMCObjectStreamer(
      TT, asmCtx, std::move(backend), std::move(writer), std::move(emitter),
      *STI));
  std::unique_ptr<MCAsmParser> parser(
      createMCAsmParser(srcMgr, asmCtx, *streamer, *MAI));
  std::unique_ptr<MCTargetAsmParser> targetParser(
      TheTarget->createMCAsmParser(*STI, *parser, *MII, Options));
  if (!targetParser)
    return makeError("cannot create LLVM's AMDGPU assembly parser");
  parser->setTargetParser(*targetParser);
  // The parser prints each error at its source line.
  if (parser->Run(/*NoInitialTextSection=*/false))
    return makeError(path + ": cannot assemble it for gfx1100");
  return MemoryBuffer::getMemBufferCopy(object, path);
}

/// The bytes of `size` bytes at `symbol`'s address, or an empty ref.
static ArrayRef<uint8_t> symbolBytes(const object::ELFSymbolRef &symbol,
                                     uint64_t size) {
  Expected<object::section_iterator> section = symbol.getSection();
  Expected<uint64_t> address = symbol.getAddress();
  if (!section || !address) {
    consumeError(section.takeError());
    consumeError(address.takeError());
    return {};
  }
  if (*section == symbol.getObject()->section_end())
    return {};
  Expected<StringRef> contents = (*section)->getContents();
  if (!contents) {
    consumeError(contents.takeError());
    return {};
  }
  uint64_t offset = *address - (*section)->getAddress();
  if (offset > contents->size() || contents->size() - offset < size)
    return {};
  return arrayRefFromStringRef(contents->substr(offset, size));
}

static std::optional<object::ELFSymbolRef>
findSymbol(const object::ELFObjectFileBase &obj, StringRef name) {
  for (object::ELFSymbolRef symbol : obj.symbols()) {
    Expected<StringRef> symbolName = symbol.getName();
    if (!symbolName) {
      consumeError(symbolName.takeError());
      continue;
    }
    if (*symbolName == name)
      return symbol;
  }
  return std::nullopt;
}

/// The executable section holding `address` and its contents.
static std::optional<std::pair<uint64_t, StringRef>>
findCode(const object::ELFObjectFileBase &obj, uint64_t address) {
  for (const object::SectionRef &section : obj.sections()) {
    if (!section.isText())
      continue;
    uint64_t begin = section.getAddress();
    if (address < begin || address >= begin + section.getSize())
      continue;
    Expected<StringRef> contents = section.getContents();
    if (!contents) {
      consumeError(contents.takeError());
      return std::nullopt;
    }
    return std::make_pair(begin, *contents);
  }
  return std::nullopt;
}

// Kernel descriptor fields (AMDHSA ABI, llvm/Support/AMDHSAKernelDescriptor.h).
static constexpr uint64_t kdSize = 64;
static constexpr uint64_t kdEntryOffset = 16;
static constexpr uint64_t kdRsrc1Offset = 48;
static constexpr uint32_t rsrc1WgpMode = 1u << 29; // gfx10+

static Expected<KernelCode> decodeKernel(MCLayer &mc,
                                         const object::ELFObjectFileBase &obj,
                                         const KernelInfo &info,
                                         StringRef path) {
  KernelCode kernel;
  kernel.name = info.Name;
  kernel.info = info;
  std::string kdName = info.Symbol.empty() ? info.Name + ".kd" : info.Symbol;
  std::optional<object::ELFSymbolRef> kd = findSymbol(obj, kdName);
  if (!kd)
    return makeError(path + ": kernel '" + info.Name +
                     "' has no kernel descriptor symbol '" + kdName + "'");
  ArrayRef<uint8_t> kdBytes = symbolBytes(*kd, kdSize);
  if (kdBytes.empty())
    return makeError(path + ": cannot read the kernel descriptor '" + kdName +
                     "'");
  kernel.wgpMode =
      support::endian::read32le(kdBytes.data() + kdRsrc1Offset) & rsrc1WgpMode;

  // In a linked code object the descriptor locates the code; in a relocatable
  // object (an assembled .s) that field is a relocation, so use the function
  // symbol the descriptor is named after.
  std::optional<object::ELFSymbolRef> function;
  if (obj.getEType() == ELF::ET_REL) {
    function = findSymbol(obj, StringRef(kdName).drop_back(3));
    if (!function)
      return makeError(path + ": no code symbol for kernel '" + info.Name +
                       "'");
    Expected<uint64_t> address = function->getAddress();
    if (!address)
      return address.takeError();
    kernel.entry = *address;
  } else {
    Expected<uint64_t> kdAddress = kd->getAddress();
    if (!kdAddress)
      return kdAddress.takeError();
    int64_t entryOffset = static_cast<int64_t>(
        support::endian::read64le(kdBytes.data() + kdEntryOffset));
    kernel.entry = *kdAddress + entryOffset;
    for (object::ELFSymbolRef symbol : obj.symbols()) {
      Expected<uint64_t> address = symbol.getAddress();
      if (!address) {
        consumeError(address.takeError());
        continue;
      }
      if (*address == kernel.entry && symbol.getELFType() == ELF::STT_FUNC &&
          symbol.getSize() != 0) {
        function = symbol;
        break;
      }
    }
  }

  std::optional<std::pair<uint64_t, StringRef>> code =
      findCode(obj, kernel.entry);
  if (!code)
    return makeError(path + ": kernel '" + info.Name + "' entry 0x" +
                     utohexstr(kernel.entry) +
                     " is not in an executable section");
  auto [sectionAddress, contents] = *code;
  uint64_t offset = kernel.entry - sectionAddress;
  // Decode the function symbol's extent when known, else to s_endpgm.
  uint64_t size = contents.size() - offset;
  bool stopAtEndpgm = true;
  if (function && function->getSize() != 0 && function->getSize() <= size) {
    size = function->getSize();
    stopAtEndpgm = false;
  }
  kernel.code = mc.decode(arrayRefFromStringRef(contents.substr(offset, size)),
                          kernel.entry, stopAtEndpgm);
  return kernel;
}

Expected<DecodedInput> decodeInput(StringRef path, StringRef kernelFilter) {
  MCLayer mc;
  if (Error error = mc.init())
    return std::move(error);

  StringRef extension = sys::path::extension(path);
  bool isAssembly = extension == ".s" || extension == ".S";
  std::unique_ptr<MemoryBuffer> buffer;
  if (isAssembly) {
    Expected<std::unique_ptr<MemoryBuffer>> object = mc.assemble(path);
    if (!object)
      return object.takeError();
    buffer = std::move(*object);
  } else {
    Expected<std::unique_ptr<MemoryBuffer>> file =
        readInputFile(path, kMaxInputBytes, /*allowStdin=*/true);
    if (!file)
      return makeError(path + ": " + toString(file.takeError()));
    buffer = std::move(*file);
    if (!buffer->getBuffer().starts_with("\x7f"
                                         "ELF"))
      return makeError(path +
                       ": not an ELF file (expected a .hsaco code object or "
                       "a .s assembly file)");
  }

  Expected<std::unique_ptr<object::ObjectFile>> objectOrError =
      object::ObjectFile::createObjectFile(buffer->getMemBufferRef());
  if (!objectOrError)
    return makeError(path + ": " + toString(objectOrError.takeError()));
  auto *obj = dyn_cast<object::ELFObjectFileBase>(objectOrError->get());
  if (!obj || obj->getArch() != Triple::amdgcn)
    return makeError(path + ": not an AMDGPU (amdgcn) ELF file");

  DecodedInput input;
  Expected<CodeObjectInfo> info = readCodeObjectInfo(buffer->getBuffer());
  if (!info) {
    if (!isAssembly)
      return makeError(path + ": " + toString(info.takeError()));
    // A plain instruction list: every executable section, in order.
    consumeError(info.takeError());
    KernelCode kernel;
    kernel.name = sys::path::filename(path).str();
    kernel.plainList = true;
    for (const object::SectionRef &section : obj->sections()) {
      if (!section.isText())
        continue;
      Expected<StringRef> contents = section.getContents();
      if (!contents)
        return contents.takeError();
      std::vector<Instruction> code =
          mc.decode(arrayRefFromStringRef(*contents), section.getAddress(),
                    /*stopAtEndpgm=*/false);
      kernel.code.insert(kernel.code.end(), code.begin(), code.end());
    }
    if (kernel.code.empty())
      return makeError(path + ": no instructions");
    input.target = "amdgcn-amd-amdhsa--gfx1100 (assumed)";
    input.kernels.push_back(std::move(kernel));
    return input;
  }

  input.target = info->Target;
  if (!StringRef(info->Target).contains("gfx11"))
    return makeError(path + ": target '" + info->Target +
                     "' is not gfx11; the report models RDNA3 only");
  for (const KernelInfo &kernelInfo : info->Kernels) {
    if (!kernelFilter.empty() && kernelInfo.Name != kernelFilter &&
        kernelInfo.Symbol != kernelFilter)
      continue;
    Expected<KernelCode> kernel = decodeKernel(mc, *obj, kernelInfo, path);
    if (!kernel)
      return kernel.takeError();
    input.kernels.push_back(std::move(*kernel));
  }
  if (input.kernels.empty()) {
    std::string names;
    for (const KernelInfo &kernelInfo : info->Kernels)
      names += (names.empty() ? "" : ", ") + kernelInfo.Name;
    if (!kernelFilter.empty())
      return makeError(path + ": no kernel named '" + kernelFilter +
                       "' (kernels: " + (names.empty() ? "none" : names) + ")");
    return makeError(path + ": the code object has no kernels");
  }
  return input;
}

} // namespace report
} // namespace gemm
