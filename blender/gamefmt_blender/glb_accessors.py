"""Decodes glTF accessors of a GLB's BIN chunk into NumPy arrays, as Blender's glTF importer decodes them
(byte stride, sparse substitution, normalized integers). No Blender API here."""
import numpy

_COMPONENT_TYPES = {5120: "<i1", 5121: "<u1", 5122: "<i2", 5123: "<u2", 5125: "<u4", 5126: "<f4"}
_WIDTHS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
# The divisors of normalized integers, with the lower bound the glTF specification clamps signed values to.
_NORMALIZED = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}


class AccessorError(ValueError):
    """An accessor this module cannot decode (outside the BIN chunk, an unknown type, out of bounds)."""


def _view_rows(document, binary, view_index, byte_offset, dtype, width, count):
    """count rows of width components of dtype, read from a buffer view of the GLB's own buffer."""
    try:
        view = document["bufferViews"][view_index]
    except (IndexError, KeyError, TypeError) as error:
        raise AccessorError(f"buffer view {view_index} does not exist") from error
    if view.get("buffer", 0) != 0 or "uri" in document["buffers"][0]:
        raise AccessorError("the data is not in the GLB's BIN chunk")
    item = dtype.itemsize
    stride = view.get("byteStride") or item * width
    start = view.get("byteOffset", 0) + byte_offset
    needed = (count - 1) * stride + item * width if count else 0
    if start < 0 or start + needed > len(binary) or stride % item:
        raise AccessorError(f"buffer view {view_index} lies outside the BIN chunk")
    if count == 0:
        return numpy.zeros((0, width), dtype)
    if stride == item * width:  # tightly packed: the common case, and much cheaper than as_strided
        return numpy.frombuffer(binary, dtype, count * width, start).reshape(count, width)
    return numpy.lib.stride_tricks.as_strided(numpy.frombuffer(binary, dtype, (needed // item), start),
                                              shape=(count, width), strides=(stride, item))


class Accessors:
    """Decodes the accessors of one GLB, each once (animations often share their time accessors).

    A character has thousands of them, most tightly packed float32 in the BIN chunk: those are slices of one
    float32 view of the chunk, the same values decode() gives without its per-accessor checks and dictionary
    look-ups."""

    def __init__(self, document, binary):
        self._document, self._binary, self._decoded = document, binary, {}
        self._floats = numpy.frombuffer(binary, numpy.float32, len(binary) // 4)
        self._packed_views = None  # buffer view index -> byte offset, for tightly packed views of the BIN chunk

    def _packed_float_rows(self, accessor):
        """The accessor's rows as a slice of the float32 view, or None when it is not a plain float accessor of
        a tightly packed view at a 4-byte boundary of the BIN chunk."""
        if self._packed_views is None:
            buffers = self._document.get("buffers") or [{}]
            own = isinstance(buffers[0], dict) and "uri" not in buffers[0]
            views = self._document.get("bufferViews", []) if own else []
            self._packed_views = {i: view.get("byteOffset", 0) for i, view in enumerate(views)
                                  if isinstance(view, dict) and view.get("buffer", 0) == 0 and "byteStride" not in view}
        if accessor.get("componentType") != 5126 or "sparse" in accessor or accessor.get("normalized"):
            return None
        start = self._packed_views.get(accessor.get("bufferView"))
        width, count, offset = _WIDTHS.get(accessor.get("type")), accessor.get("count"), accessor.get("byteOffset", 0)
        if not all(isinstance(number, int) for number in (start, count, offset)) or width is None:
            return None
        start += offset
        if start < 0 or start % 4 or count <= 0 or start + 4 * width * count > len(self._binary):
            return None
        return self._floats[start // 4:start // 4 + width * count].reshape(count, width)

    def decode(self, index):
        """decode(document, binary, index) of this GLB."""
        rows = self._decoded.get(index)
        if rows is None:
            accessors = self._document.get("accessors", [])
            accessor = accessors[index] if isinstance(index, int) and 0 <= index < len(accessors) else None
            rows = self._packed_float_rows(accessor) if isinstance(accessor, dict) else None
            if rows is None:
                rows = decode(self._document, self._binary, index)
            self._decoded[index] = rows
        return rows


def decode(document, binary, index):
    """The accessor's values as a float array (float32 when stored as floats) of shape (count, components)."""
    try:
        accessor = document["accessors"][index]
        component_type = accessor["componentType"]
        dtype = numpy.dtype(_COMPONENT_TYPES[component_type])
        width = _WIDTHS[accessor["type"]]
        count = int(accessor["count"])
    except (IndexError, KeyError, TypeError) as error:
        raise AccessorError(f"accessor {index} is missing or of an unknown type") from error
    if "bufferView" in accessor:
        rows = _view_rows(document, binary, accessor["bufferView"], accessor.get("byteOffset", 0), dtype, width,
                          count)
        if component_type != 5126 or "sparse" in accessor:
            rows = rows.astype(numpy.float64)
    else:
        rows = numpy.zeros((count, width))
    sparse = accessor.get("sparse")
    if sparse:
        indices_part, values_part = sparse["indices"], sparse["values"]
        index_type = numpy.dtype(_COMPONENT_TYPES[indices_part["componentType"]])
        where = _view_rows(document, binary, indices_part["bufferView"], indices_part.get("byteOffset", 0),
                           index_type, 1, sparse["count"]).reshape(-1).astype(numpy.int64)
        if len(where) and (where.min() < 0 or where.max() >= count):
            raise AccessorError(f"accessor {index}: sparse index out of range")
        rows[where] = _view_rows(document, binary, values_part["bufferView"], values_part.get("byteOffset", 0),
                                 dtype, width, sparse["count"])
    if accessor.get("normalized") and component_type in _NORMALIZED:
        rows = numpy.maximum(-1.0, rows / _NORMALIZED[component_type])
    return rows
