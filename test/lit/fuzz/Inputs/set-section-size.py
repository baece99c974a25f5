"""set-section-size.py IN OUT SECTION SIZE: copies the ELF64 file IN to OUT with
the sh_size of section SECTION (by name) set to SIZE, as a bit flip in the
section header table would."""
import struct
import sys

src, dst, name, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4], 0)
data = bytearray(open(src, "rb").read())
shoff = struct.unpack_from("<Q", data, 0x28)[0]
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
stroff = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)[0]
for i in range(shnum):
    hdr = shoff + i * shentsize
    off = stroff + struct.unpack_from("<I", data, hdr)[0]
    if data[off:data.index(b"\0", off)].decode() == name:
        struct.pack_into("<Q", data, hdr + 0x20, size)
        open(dst, "wb").write(data)
        sys.exit(0)
sys.exit("no section " + name)
