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


def read_glb(path):
    """(document, binary): the parsed JSON chunk and the BIN chunk (a memoryview; empty when absent)."""
    with open(path, "rb") as f:
        data = f.read()
    _, chunks = read_chunks(data)
    document = next((json.loads(bytes(c[1])) for c in chunks if c[0] == JSON_CHUNK), None)
    if not isinstance(document, dict):
        raise GlbError("no JSON chunk")
    binary = next((c[1] for c in chunks if c[0] == BIN_CHUNK), b"")
    return document, memoryview(binary)


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
    """A GLB with document as its JSON chunk and binary (bytes-like, length a multiple of 4) as its BIN chunk."""
    chunks = [[JSON_CHUNK, encode_json_chunk(document)]]
    if len(binary):
        chunks.append([BIN_CHUNK, binary])
    write_chunks(path, 2, chunks)
