"""X-Ray SDK skeletal motions: .skl (one motion), .skls (a list), and the motions an .object embeds.

Facts relied on (from the SDK's CSMotion::Load in motion.cpp and
CalculateAnimation in the editor sources):
* .skl = chunk 0x1200 holding one motion; .skls = `u32 n` then n motions back to back, no chunk; an .object's
  chunk 0x0916 holds the same `u32 n` + motions.
* A motion: `stringZ name; s32 frame_start; s32 frame_end (inclusive); f32 fps; u16 version`; versions 6/7:
  `u8 flags; u16 bone_or_part; f32 speed, accrue, falloff, power; u16 bones`, per bone `stringZ name;
  u8 flags; 6 envelopes (layout 2)` (7 then adds marks, which do not move bones); version 5: `u32 flags;
  u32 bone_or_part; 4 f32; u32 bones`, per bone `stringZ name; u32 flags; 6 envelopes (layout 1)`; version 4:
  `u32 bone_or_part; u8 fx; u8 stop_at_end; 4 f32; u32 bones`, per bone `u32 flags; 6 envelopes (layout 1)`,
  bones named by index.
* Channels: 0-2 translation x, y, z; 3 heading H (about Y), 4 pitch P (about X), 5 bank B (about Z), in the
  parent's space like the rest pose (not a delta).  Local matrix: `T(x, y, z) @ Ry(H) @ Rx(P) @ Rz(B)`.
  Bone flag bit 0 (flWorldOrient): the rotation part of the bone's world matrix is R itself, only the parent's
  translation is inherited.  Motion bones are matched to the skeleton by lower-cased name.
* Frame i (0 .. frame_end - frame_start) is at time (frame_start + i) / fps seconds, computed in f32 as the SDK's
  bake (`CExportSkeleton::ExportMotionKeys`) does.  Envelopes are evaluated exactly as the engine does at ANY
  time (xray_envelope.py), not only at key times; `locals` accepts fractional frames.
"""
import os

import numpy

from . import Motion, _binary, _transforms, xray_envelope, xray_object

SKL_CHUNK, OBJECT_MOTIONS = 0x1200, 0x0916
WORLD_ORIENT = 1


class SklMotion(Motion):
    def __init__(self, name, frame_start, frame_end, fps, bones, model):
        self.name = name
        self.frame_start, self.frame_end = frame_start, frame_end
        self.fps = fps
        self.frame_count = frame_end - frame_start + 1
        self.bones = bones  # {model bone name: (flags, [6 envelopes])}
        self.model = model

    @property
    def times(self):
        frames = numpy.arange(self.frame_start, self.frame_end + 1, dtype=numpy.float32)
        return (frames / numpy.float32(self.fps)).astype(numpy.float64)

    def channel_local(self, envelopes, t):
        x, y, z, h, p, b = (e(t) for e in envelopes)
        return (_transforms.translation((x, y, z)) @ _transforms.rot_y(h) @ _transforms.rot_x(p)
                @ _transforms.rot_z(b))

    def locals(self, frame):
        t = float(numpy.float32(self.frame_start + frame) / numpy.float32(self.fps))
        out = dict(self.model.bind_locals)
        oriented = []
        for bone, (flags, envelopes) in self.bones.items():
            out[bone] = self.channel_local(envelopes, t)
            if flags & WORLD_ORIENT:
                oriented.append(bone)
        for bone in sorted(oriented, key=self.depth):  # parents first: a child sees its parent's final world
            parent = self.model.parents.get(bone)
            if parent is None:
                continue
            g = _transforms.compose_globals(out, self.model.parents)[parent]
            world = out[bone].copy()  # world rotation = the channel rotation, translation follows the parent
            world[:3, 3] = (g @ numpy.append(out[bone][:3, 3], 1.0))[:3]
            out[bone] = numpy.linalg.inv(g) @ world
        return out

    def depth(self, bone):
        d = 0
        while self.model.parents.get(bone) is not None:
            bone, d = self.model.parents[bone], d + 1
        return d


def read_motion(r, model):
    name = r.string_z()
    frame_start, frame_end, fps, version = r.s32(), r.s32(), r.f32(), r.u16()
    if version >= 6:
        r.u8(), r.u16(), r.unpack("4f")
        count, layout = r.u16(), 2
    elif version == 5:
        r.u32(), r.u32(), r.unpack("4f")
        count, layout = r.u32(), 1
    elif version == 4:
        r.u32(), r.u8(), r.u8(), r.unpack("4f")
        count, layout = r.u32(), 1
    else:
        raise ValueError("skeletal motion version %d" % version)
    known = {b.lower(): b for b in model.parents}
    order = list(model.parents)
    bones = {}
    for i in range(count):
        bone_name = r.string_z().lower() if version >= 5 else str(i)
        flags = r.u8() if version >= 6 else r.u32() & 0xFF
        envelopes = [xray_envelope.read(r, layout) for _ in range(6)]
        target = known.get(bone_name)
        if target is None and version == 4 and i < len(order):
            target = order[i]
        if target is not None:
            bones[target] = (flags, envelopes)
    if version >= 7:
        for _ in range(r.u32()):
            r.string_crlf()
            r.take(8 * r.u32())
    return SklMotion(name, frame_start, frame_end, fps, bones, model)


def load(path, model):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".object":
        payload = _binary.find_chunk(xray_object.read_body(path), OBJECT_MOTIONS) or b"\0\0\0\0"
        r = _binary.Reader(payload)
        return [read_motion(r, model) for _ in range(r.u32())]
    with open(path, "rb") as f:
        data = f.read()
    if ext == ".skl":
        return [read_motion(_binary.Reader(_binary.find_chunk(_binary.chunks(data), SKL_CHUNK)), model)]
    r = _binary.Reader(data)
    return [read_motion(r, model) for _ in range(r.u32())]
