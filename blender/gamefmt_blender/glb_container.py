"""Reads and writes the binary glTF container (GLB): a 12-byte header, a JSON chunk and an optional BIN chunk.
No Blender API here, so the test scripts can use it too."""
import json
import struct

JSON_CHUNK = 0x4E4F534A
BIN_CHUNK = 0x004E4942


class GlbError(ValueError):
    """The file is not a GLB this module can read."""


def read_chunks(data):
    """(version, [[kind, bytes], ...]) of a GLB held in memory."""
    if len(data) < 12:
        raise GlbError("shorter than a GLB header")
    magic, version, _ = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF":
        raise GlbError("not a GLB file")
    chunks, offset = [], 12
    while offset + 8 <= len(data):
        length, kind = struct.unpack_from("<II", data, offset)
        if offset + 8 + length > len(data):
            raise GlbError(f"chunk at offset {offset} runs past the end of the file")
        chunks.append([kind, data[offset + 8:offset + 8 + length]])
        offset += 8 + length
    return version, chunks


def _read_json_chunk(f, parse=True):
    """The parsed JSON chunk (its length when parse is False) of the GLB open as f at its start; f is left at the
    chunk after it."""
    header = f.read(20)
    if len(header) < 20:
        raise GlbError("shorter than a GLB header")
    magic, _, _, length, kind = struct.unpack("<4sIIII", header)
    if magic != b"glTF":
        raise GlbError("not a GLB file")
    if kind != JSON_CHUNK:
        raise GlbError("the first chunk is not JSON")
    if not parse:
        f.seek(length, 1)
        return length
    text = f.read(length)
    if len(text) < length:
        raise GlbError("the JSON chunk runs past the end of the file")
    document = json.loads(text)
    if not isinstance(document, dict):
        raise GlbError("the JSON chunk is not an object")
    return document


def _read_bin_chunk(f):
    """The BIN chunk at f's position (a memoryview; empty when there is none)."""
    header = f.read(8)
    if len(header) < 8:
        return memoryview(b"")
    length, kind = struct.unpack("<II", header)
    if kind != BIN_CHUNK:
        return memoryview(b"")
    binary = f.read(length)
    if len(binary) < length:
        raise GlbError("the BIN chunk runs past the end of the file")
    return memoryview(binary)


def read_document(path):
    """The parsed JSON chunk only."""
    with open(path, "rb") as f:
        return _read_json_chunk(f)


def read_binary(path):
    """The BIN chunk only (a memoryview; empty when absent)."""
    with open(path, "rb") as f:
        _read_json_chunk(f, parse=False)
        return _read_bin_chunk(f)


def read_glb(path):
    """(document, binary): the parsed JSON chunk and the BIN chunk after it."""
    with open(path, "rb") as f:
        document = _read_json_chunk(f)
        return document, _read_bin_chunk(f)


def encode_json_chunk(document):
    """The JSON chunk's bytes, padded with spaces to a multiple of 4 as the GLB layout requires."""
    text = json.dumps(document, separators=(",", ":")).encode("utf-8")
    return text + b" " * (-len(text) % 4)


def write_chunks(path, version, chunks):
    total = 12 + sum(8 + len(chunk) for _, chunk in chunks)
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", version, total))
        for kind, chunk in chunks:
            f.write(struct.pack("<II", len(chunk), kind))
            f.write(chunk)


def write_glb(path, document, binary):
    """A GLB with document as its JSON chunk and binary (bytes-like; padded with zeros to a multiple of 4 as the GLB
    layout requires) as its BIN chunk."""
    chunks = [[JSON_CHUNK, encode_json_chunk(document)]]
    if len(binary):
        chunks.append([BIN_CHUNK, bytes(binary) + bytes(-len(binary) % 4) if len(binary) % 4 else binary])
    write_chunks(path, 2, chunks)
