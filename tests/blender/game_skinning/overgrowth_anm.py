"""Overgrowth animation (.anm): keyframes of model-space bone matrices.

Facts relied on (from Overgrowth's Source/Asset/Asset/animation.cpp
`Animation::ReadFromFile` and `GetMatrices`, Source/Graphics/animationreader.cpp):
* `i32 version` (0..11); v10+: `u8 centered`; v1+: `u8 looping`; v1..v10: `i32 start`; `i32 end`;
  `i32 keyframe count`; per keyframe: `i32 time` (ms, minus start); v4+: `i32 n; f32 weights[n]`;
  `i32 n; f32 bone_mats[n][16]`; v7+: `i32 n`, per weapon `f32 mat[16]` (+ v8+: `i32 relative id;
  f32 relative weight`); v9+: `u8 use_mobility` (+ `f32 mat[16]`); v2+: events `i32 n`, per event
  `i32 bone; i32 len; chars`; v3+: IK bones `i32 n`, per entry `vec3; vec3; i32 len; i32 path[len]; i32 len;
  chars`; v5+: shape keys and v6+: status keys, `i32 n`, per key `f32 weight; i32 len; chars`;
  if centered: `f32 rotation; vec3 offset`.
* bone_mats are column-major 4x4 (entry i + 4 j = row i, column j), one per phxbn bone, in the skeleton's
  centred model space and in the same frame convention as the bind matrix (Z = bone direction, origin = bone
  midpoint).  The engine keeps only their rotation (QuaternionFromMat4) and translation, and makes them
  parent-relative (`inverse(A_parent) @ A_i`, roots as they are) before composing them back, so a bone is posed at
  A_i and a vertex moves by A_i @ inverse(Bind_i).  `locals(k)` returns those parent-relative matrices at
  keyframe k (integer keyframes only; the engine's Catmull-Rom blend between keyframes is not reproduced).
* Uncentred files (all up to v10, and v11 with centered = 0) play back as stored: the engine's centring at load
  is undone when a non-mobile clip is read.  (A clip with a mobility matrix moves the character by that root
  motion instead; this package keeps the pose as stored, root motion included.)  A centred file (v11 with
  centered = 1) is refused.
* Placement (`Retarget()`, which always runs): the root bones' origins get the authoring skeleton's hip point
  added (`points[ends[hip][0]]`, plus the OBJ centring offset, which only matters in the raw OBJ space), i.e.
  .anm matrices are relative to the hip joint.  In the phxbn's centred space that is `T(hip_point) @ A_i` for
  every bone (children follow their roots).  This package assumes the animation was made on this same rig (its
  entry in retarget.xml), so Retarget's leg-length ratio is 1 and its re-derivation of the bone offsets from the
  rig's bone lengths changes nothing for a consistent file; neither is applied, nor is the character script's
  world placement.  The result is the character's pose in the phxbn's centred space.
* The motion is named after the file's stem (the file stores no name); `times` are the keyframe times in seconds.
"""
import os

import numpy

from . import Motion, _binary, _transforms


def rotation_of(m):
    """The unit quaternion's rotation matrix of the 3x3 part (scale and shear dropped, as QuaternionFromMat4 and
    the normalisation after it leave only the rotation)."""
    a = m[:3, :3]
    trace = numpy.trace(a)
    if trace > 0.0:
        s = 2.0 * numpy.sqrt(trace + 1.0)
        q = [(a[2, 1] - a[1, 2]) / s, (a[0, 2] - a[2, 0]) / s, (a[1, 0] - a[0, 1]) / s, 0.25 * s]
    else:
        i = int(numpy.argmax(numpy.diag(a)))
        j, k = (i + 1) % 3, (i + 2) % 3
        s = 2.0 * numpy.sqrt(1.0 + a[i, i] - a[j, j] - a[k, k])
        q = [0.0, 0.0, 0.0, (a[k, j] - a[j, k]) / s]
        q[i] = 0.25 * s
        q[j] = (a[j, i] + a[i, j]) / s
        q[k] = (a[k, i] + a[i, k]) / s
    return _transforms.quaternion_matrix(q)


class AnmMotion(Motion):
    def __init__(self, name, key_times, key_mats, looping, model):
        self.name = name
        self.key_times = numpy.asarray(key_times, dtype=numpy.float64) / 1000.0
        self.key_mats = key_mats  # per keyframe: [4x4 model-space matrix per bone]
        self.frame_count = len(key_mats)
        self.looping = looping
        self.model = model

    @property
    def times(self):
        return self.key_times

    def globals_at(self, k):
        """{bone: model-space matrix} at keyframe k, placed at the rig's hip point."""
        bones = list(self.model.parents)
        mats = self.key_mats[k]
        if len(mats) != len(bones):
            raise ValueError("%s: %d bone matrices for %d bones" % (self.name, len(mats), len(bones)))
        if self.model.hip_point is None:
            raise ValueError("%s: the rig has no 'torso' IK bone, so no hip point to place the motion" % self.name)
        return {bone: _transforms.trs(m[:3, 3] + self.model.hip_point, rotation_of(m)) for bone, m in zip(bones, mats)}

    def locals(self, frame):
        if frame != int(frame):
            raise ValueError("Overgrowth motions are evaluated at keyframes only")
        g = self.globals_at(int(frame))
        return {bone: (g[bone] if parent is None else numpy.linalg.inv(g[parent]) @ g[bone])
                for bone, parent in self.model.parents.items()}


def _skip_string(r):
    r.take(r.s32())


def read(data):
    r = _binary.Reader(data)
    version = r.s32()
    if not 0 <= version <= 11:
        raise ValueError("anm version %d" % version)
    centered = bool(r.u8()) if version >= 10 else False
    if centered:
        raise ValueError("centred anm files (v11 with centered = 1) are not supported")
    looping = bool(r.u8()) if version >= 1 else True
    start = r.s32() if 1 <= version <= 10 else 0
    r.s32()  # end
    times, mats = [], []
    for _ in range(r.s32()):
        times.append(r.s32() - start)
        if version >= 4:
            r.take(4 * r.s32())
        count = r.s32()
        mats.append([m.T.copy() for m in r.array("<f4", 16 * count).reshape(count, 4, 4).astype(numpy.float64)])
        if version >= 7:
            for _ in range(r.s32()):
                r.take(64)
                if version >= 8:
                    r.take(8)
        if version >= 9 and r.u8():
            r.take(64)
        if version >= 2:
            for _ in range(r.s32()):
                r.s32()
                _skip_string(r)
        if version >= 3:
            for _ in range(r.s32()):
                r.take(24)
                r.take(4 * r.s32())
                _skip_string(r)
        for kind in (5, 6):
            if version >= kind:
                for _ in range(r.s32()):
                    r.f32()
                    _skip_string(r)
    return times, mats, looping


def load(path, model):
    with open(path, "rb") as f:
        times, mats, looping = read(f.read())
    name = os.path.splitext(os.path.basename(path))[0]
    return [AnmMotion(name, times, mats, looping, model)]
