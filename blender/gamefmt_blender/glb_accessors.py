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
