"""Small 4x4 matrix helpers, all in column-vector form (M @ [x, y, z, 1]) and in double precision.

Rx, Ry, Rz are the ordinary right-hand-rule rotation matrices, used as plain formulas on each file's raw
coordinates (X-Ray's row-vector `Fmatrix`, src/xrCore/_matrix.h, is written here transposed, in this form).
"""
import math

import numpy


def translation(t):
    m = numpy.eye(4)
    m[:3, 3] = t
    return m


def rot_x(a):
    c, s = math.cos(a), math.sin(a)
    m = numpy.eye(4)
    m[1, 1], m[1, 2], m[2, 1], m[2, 2] = c, -s, s, c
    return m


def rot_y(a):
    c, s = math.cos(a), math.sin(a)
    m = numpy.eye(4)
    m[0, 0], m[0, 2], m[2, 0], m[2, 2] = c, s, -s, c
    return m


def rot_z(a):
    c, s = math.cos(a), math.sin(a)
    m = numpy.eye(4)
    m[0, 0], m[0, 1], m[1, 0], m[1, 1] = c, -s, s, c
    return m


def quaternion_matrix(q, unit=True):
    """3x3 rotation of the Hamilton quaternion q = (x, y, z, w), textbook formula 1 - 2(yy + zz), ...

    With unit=False the formula is applied to q as it is, without dividing by |q|^2: that is what X-Ray's
    `Fmatrix::mk_xform` does with a dequantised key (see xray_omf.py), so the result then carries the key's
    small scale error.
    """
    x, y, z, w = (float(v) for v in q)
    s = 2.0
    if unit:
        n = x * x + y * y + z * z + w * w
        s = 2.0 / n if n > 0.0 else 0.0
    return numpy.array([
        [1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y)],
        [s * (x * y + w * z), 1 - s * (x * x + z * z), s * (y * z - w * x)],
        [s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y)],
    ])


def trs(t=(0.0, 0.0, 0.0), rotation3=None, scale=(1.0, 1.0, 1.0)):
    """T @ R @ S as one 4x4 matrix; rotation3 is a 3x3 matrix (identity when None)."""
    m = numpy.eye(4)
    r = numpy.eye(3) if rotation3 is None else numpy.asarray(rotation3, dtype=numpy.float64)
    m[:3, :3] = r * numpy.asarray(scale, dtype=numpy.float64)[None, :]
    m[:3, 3] = t
    return m


def compose_globals(locals_, parents):
    """{name: global} from {name: local} and {name: parent or None}: G = G_parent @ L, roots G = L."""
    out = {}

    def visit(name, depth=0):
        if name in out:
            return out[name]
        if depth > len(parents):
            raise ValueError("bone hierarchy has a cycle at %r" % name)
        parent = parents.get(name)
        g = locals_[name] if parent is None else visit(parent, depth + 1) @ locals_[name]
        out[name] = g
        return g

    for name in parents:
        visit(name)
    return out


def local_from_globals(globals_, parents):
    """{name: local} with L = inverse(G_parent) @ G (roots: L = G)."""
    out = {}
    for name, g in globals_.items():
        parent = parents.get(name)
        out[name] = g.copy() if parent is None else numpy.linalg.inv(globals_[parent]) @ g
    return out
