"""Legend of Grimrock ANIM version 1 animation (.animation): one TRS key per frame for named nodes.

Facts relied on (from the decompiled Grimrock 1 engine "LibreGrimrock":
Animation.cpp loader and `AnimationController::sample`):
* `"ANIM"; i32 version (1); String name; f32 frames per second; i32 frame count; i32 item count`; an item is
  `String node name; i32 key count; keys (vec3 position; quat x, y, z, w; vec3 scale)`.  Items bind to model
  nodes by name.  Keys are indexed directly by frame number.
* A sampled key replaces the node's whole local matrix: `T(position) @ R(q) @ S(scale)` with the textbook
  quaternion matrix (the engine builds x = R e_x sx, y = R e_y sy, z = R e_z sz, pos = p).
* Between frames: frame = fps * time, f0 = trunc(frame), f1 = f0 + 1; position and scale lerp; rotation nlerp
  (second quaternion negated when the dot product is negative, then normalised).  A looping clip wraps modulo
  the frame count (the last frame blends into frame 0), a non-looping one clamps to the last frame.
  `locals(frame)` takes a frame number, fractional allowed; `looping` defaults to True.
* The motion is named by the file's animation name, or by the file's stem when that is empty (as in the
  skeleton_warrior_axe animations).
"""
import math
import os

import numpy

from . import Motion, _binary, _transforms


class GrimrockAnimation(Motion):
    def __init__(self, name, fps, frame_count, items, model, looping=True):
        self.name, self.fps, self.frame_count = name, fps, frame_count
        self.items = items  # {node name: (positions (K, 3), quats (K, 4) xyzw, scales (K, 3))}
        self.model = model
        self.looping = looping

    def _index(self, f, count):
        return f % count if self.looping else min(f, count - 1)

    def locals(self, frame):
        f0 = int(math.floor(frame))
        u = frame - f0
        out = dict(self.model.bind_locals)
        for node, (pos, quat, scale) in self.items.items():
            k0, k1 = self._index(f0, len(pos)), self._index(f0 + 1, len(pos))
            q0, q1 = quat[k0], quat[k1]
            if numpy.dot(q0, q1) < 0.0:
                q1 = -q1
            q = q0 + (q1 - q0) * u
            q = q / numpy.linalg.norm(q)
            t = pos[k0] + (pos[k1] - pos[k0]) * u
            s = scale[k0] + (scale[k1] - scale[k0]) * u
            out[node] = _transforms.trs(t, _transforms.quaternion_matrix(q), s)
        return out


def load(path, model, looping=True):
    with open(path, "rb") as f:
        r = _binary.Reader(f.read())
    if r.take(4) != b"ANIM":
        raise ValueError("%s: not an ANIM file" % path)
    version = r.s32()
    if version != 1:
        raise ValueError("%s: ANIM version %d, only Grimrock's version 1 is read" % (path, version))
    name, fps, frames = r.string_len32(), r.f32(), r.s32()
    items = {}
    for _ in range(r.s32()):
        node, count = r.string_len32(), r.s32()
        keys = r.array("<f4", 10 * count).reshape(count, 10).astype(numpy.float64)
        if node in model.parents:
            items[node] = (keys[:, 0:3], keys[:, 3:7], keys[:, 7:10])
    name = name or os.path.splitext(os.path.basename(path))[0]
    return [GrimrockAnimation(name, fps, frames, items, model, looping)]
