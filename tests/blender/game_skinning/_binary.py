"""Little-endian byte reading shared by the format modules, and the X-Ray chunk container.

All the formats read here are little-endian (X-Ray: OpenXRay's src/xrCore reader; Grimrock: the "LibreGrimrock"
decompiled loader; Overgrowth: skeletonasset.cpp and animation.cpp, files written with fread on x86).

X-Ray chunk container (engine `IReader::find_chunk` / `open_chunk` in OpenXRay's src/xrCore/FS_impl.h and
src/xrCore/FS.cpp): a run of `u32 id; u32 size; size bytes`, where bit 31 of the id marks an LZHUF-compressed
payload.  A lookup takes the first chunk whose id (bit 31 masked off) matches.  None of the chunks this package
needs (OGF, OMF, .object, .skl) is compressed in files the SDK writes, so a compressed chunk is refused rather
than decoded.
"""
import struct

import numpy

COMPRESSED = 0x80000000


class Reader:
    """A cursor over bytes: typed reads that advance, and fail loudly when the data runs out."""

    def __init__(self, data, offset=0, end=None):
        self.data = data
        self.pos = offset
        self.end = len(data) if end is None else end

    def remaining(self):
        return self.end - self.pos

    def take(self, count):
        if count < 0 or self.pos + count > self.end:
            raise ValueError("truncated data: need %d bytes at offset %d, have %d"
                             % (count, self.pos, self.remaining()))
        start = self.pos
        self.pos += count
        return self.data[start:self.pos]

    def unpack(self, fmt):
        values = struct.unpack("<" + fmt, self.take(struct.calcsize("<" + fmt)))
        return values[0] if len(values) == 1 else values

    def u8(self):
        return self.unpack("B")

    def u16(self):
        return self.unpack("H")

    def s16(self):
        return self.unpack("h")

    def u32(self):
        return self.unpack("I")

    def s32(self):
        return self.unpack("i")

    def f32(self):
        return self.unpack("f")

    def vec3(self):
        return numpy.array(self.unpack("3f"), dtype=numpy.float64)

    def array(self, dtype, count):
        """`count` values of a numpy dtype (little-endian), as a fresh array."""
        dtype = numpy.dtype(dtype).newbyteorder("<")
        raw = self.take(dtype.itemsize * count)
        return numpy.frombuffer(raw, dtype=dtype, count=count).copy()

    def string_z(self, encoding="cp1251"):
        """X-Ray stringZ: bytes up to a NUL, which is consumed (the engine's strings are Windows-1251)."""
        stop = self.data.find(b"\0", self.pos, self.end)
        if stop < 0:
            raise ValueError("unterminated string at offset %d" % self.pos)
        text = self.data[self.pos:stop].decode(encoding, errors="replace")
        self.pos = stop + 1
        return text

    def string_crlf(self, encoding="cp1251"):
        """X-Ray `r_string`: text up to CR or LF, then every following CR/LF byte is skipped (OpenXRay
        `IReader::r_string`; motion marks use it)."""
        start = self.pos
        while self.pos < self.end and self.data[self.pos] not in (0x0D, 0x0A):
            self.pos += 1
        text = self.data[start:self.pos].decode(encoding, errors="replace")
        while self.pos < self.end and self.data[self.pos] in (0x0D, 0x0A):
            self.pos += 1
        return text

    def string_len32(self, encoding="latin-1"):
        """A string stored as `int32 length` + bytes, no NUL (LibreGrimrock `InputStream::readString`)."""
        return self.take(self.s32()).decode(encoding, errors="replace")


def chunks(data, offset=0, end=None):
    """[(id as stored, payload bytes)] of an X-Ray chunk list, in file order.

    A compressed chunk keeps bit 31 in its id and its raw payload, so that find_chunk fails clearly on it instead
    of parsing LZHUF data as plain data (and skips it when another id is asked for).
    """
    reader = Reader(data, offset, end)
    out = []
    while reader.remaining() >= 8:
        ident, size = reader.unpack("II")
        size = min(size, reader.remaining())  # a chunk running past its parent is cut, as a tolerant reader does
        payload = reader.take(size)
        out.append((ident, payload))
    return out


def find_chunk(chunk_list, ident):
    """Payload of the first chunk with this id, as the engine's find_chunk returns it; None when absent."""
    for chunk_id, payload in chunk_list:
        if chunk_id == ident:
            return payload
        if chunk_id == ident | COMPRESSED:
            raise ValueError("chunk 0x%x is LZHUF-compressed; this reader does not decode it" % ident)
    return None
