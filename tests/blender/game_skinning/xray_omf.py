"""X-Ray OMF skeletal motions (also the motions an OGF embeds in chunks 14/15): baked per-frame bone keys.

Facts relied on (engine: OpenXRay src/xrCore/Animation/SkeletonMotions.cpp
`motions_value::load`, src/Layers/xrRender/AnimationKeyCalculate.h, SkeletonAnimated.cpp):
* Chunk 15 (S_SMPARAMS): `u16 version; u16 part count`, per part `stringZ name; u16 n; n x (stringZ bone, u32 index)`
  (versions 3 and 4).  `index` is the position of that bone's block inside every motion; the bone is found in the
  model by name (the engine compares with lower-cased model names).  The number of blocks per motion is the sum
  of the part sizes.  Motion parameters follow; they do not change the pose and are not read.
* Chunk 14 (S_MOTIONS): sub-chunk 0 = `u32 count`; sub-chunk k = motion k-1: `stringZ name; u32 frames L`; then one
  block per bone, in index order: `u8 flags` (1: translation keys present, 2: rotation constant,
  4: translation keys are s16 instead of s8); rotation = one `s16 x, y, z, w` when constant, else
  `u32 crc; L x (s16 x, y, z, w)`; translation = `u32 crc; L keys (s8 or s16 x3); vec3 size; vec3 init` when
  present, else `vec3 init`.
* Decoding (`QR2Quat`, `QT8_2T`, `QT16_2T`): q = key / 32767 (not renormalised); T = key * size + init.
* A key is the bone's whole local transform, it replaces the bind local (`LL_BoneMatrixBuild`:
  `mk_xform(Q, T)` then `mul_43(parent, ...)`).  `mk_xform` writes the textbook matrix of q from the components
  as they are (`1 - 2(yy + zz)`, ... with no division by |q|^2) and the engine applies it to row vectors, so in
  column-vector form the local matrix is `T(t) @ transpose(R(q))`.  By default this package does exactly that,
  so a key whose quantised |q| is not 1 carries the engine's small scale error (up to 2.5e-4 m on the corpus
  dog at key frames); with `unit_quaternions=True` q is normalised first (what a glTF consumer does).
* Time: 30 keys per second (`SAMPLE_FPS`).  Between keys the engine (`Dequantize`) takes frame = floor(t * 30),
  slerps key frame % L to key (frame + 1) % L (so the last key blends back into key 0) and lerps translations.
  Its slerp (`_quaternion::slerp`, _quaternion.h) uses a polynomial acos and flips the second key's sign when the
  dot product is negative; that is reproduced for fractional frames.  With the approximate angle the slerped
  quaternion is not unit, and mk_xform turns that into a scale of up to about 1 % (1 cm on the dog half-way
  between keys); `unit_quaternions=True` removes that too.
* An OGF with embedded motions has the same two chunks at its top level, so this reader takes .ogf files too.
"""
import math

import numpy

from . import Motion, _binary, _transforms

S_MOTIONS, S_SMPARAMS = 14, 15
T_PRESENT, R_ABSENT, T_16BIT = 1, 2, 4
KEY_QUANT = 32767.0
SAMPLE_FPS = 30.0


def read_partitions(payload):
    """{block index: bone name} from S_SMPARAMS (versions 3 and 4: name + u32 index per bone)."""
    r = _binary.Reader(payload)
    version = r.u16()
    if version not in (3, 4):
        raise ValueError("S_SMPARAMS version %d: only 3 (SoC) and 4 (CS/CoP) carry bone names" % version)
    blocks = {}
    for _ in range(r.u16()):
        r.string_z()  # part name
        for _ in range(r.u16()):
            name = r.string_z().lower()
            blocks[r.u32()] = name
    return blocks


class BoneTrack:
    """One bone's keys in one motion: quaternions (K, 4) as stored / 32767 and translations (K, 3)."""

    def __init__(self, quats, translations):
        self.quats = quats
        self.translations = translations

    def key(self, i):
        return self.quats[min(i, len(self.quats) - 1)], self.translations[min(i, len(self.translations) - 1)]


def read_track(r, frames):
    flags = r.u8()
    if flags & R_ABSENT:
        quats = r.array("<i2", 4).reshape(1, 4)
    else:
        r.u32()  # crc
        quats = r.array("<i2", 4 * frames).reshape(frames, 4)
    quats = quats.astype(numpy.float32) * numpy.float32(1.0 / KEY_QUANT)  # KEY_QuantI, in float as the engine
    if flags & T_PRESENT:
        r.u32()  # crc
        keys = r.array("<i2" if flags & T_16BIT else "<i1", 3 * frames).reshape(frames, 3)
        size = r.array("<f4", 3)
        init = r.array("<f4", 3)
        translations = keys.astype(numpy.float32) * size + init
    else:
        translations = r.array("<f4", 3).reshape(1, 3)
    return BoneTrack(quats.astype(numpy.float64), translations.astype(numpy.float64))


def engine_slerp(q0, q1, t):
    """X-Ray `_quaternion::slerp`: shortest arc by sign, polynomial acos, linear when nearly equal."""
    cosom = float(numpy.dot(q0, q1))
    sign = 1.0
    if cosom < 0.0:
        cosom, sign = -cosom, -1.0
    if 1.0 - cosom > 1e-5:  # EPS, xrCore _types.h
        x2 = cosom * cosom
        asin = cosom * (0.892399 + x2 * (1.693204 + x2 * (-3.853735 + x2 * 2.838933)))
        omega = math.pi / 2 - asin
        s0 = math.sin(omega - t * omega) / math.sin(omega)
        s1 = math.sin(t * omega) / math.sin(omega)
    else:
        s0, s1 = 1.0 - t, t
    return s0 * numpy.asarray(q0) + sign * s1 * numpy.asarray(q1)


class OmfMotion(Motion):
    fps = SAMPLE_FPS

    def __init__(self, name, frame_count, tracks, model, unit_quaternions=False):
        self.name = name
        self.frame_count = frame_count
        self.tracks = tracks  # {bone name: BoneTrack}
        self.model = model
        self.unit_quaternions = unit_quaternions

    def key_local(self, q, t):
        m = numpy.eye(4)
        m[:3, :3] = _transforms.quaternion_matrix(q, unit=self.unit_quaternions).T
        m[:3, 3] = t
        return m

    def locals(self, frame):
        """Local matrices at `frame` (keys are at integer frames; a fractional frame interpolates as the engine)."""
        base = int(math.floor(frame))
        delta = frame - base
        out = dict(self.model.bind_locals)
        for bone, track in self.tracks.items():
            if delta == 0.0:
                q, t = track.key(base % self.frame_count)
            else:
                q0, t0 = track.key(base % self.frame_count)
                q1, t1 = track.key((base + 1) % self.frame_count)
                q, t = engine_slerp(q0, q1, delta), t0 + (t1 - t0) * delta
            out[bone] = self.key_local(q, t)
        return out


def read_motions(keys_payload, blocks, model, unit_quaternions=False):
    sub = _binary.chunks(keys_payload)
    count = _binary.Reader(_binary.find_chunk(sub, 0)).u32()
    known = {name.lower(): name for name in model.parents}
    motions = []
    for k in range(1, count + 1):
        r = _binary.Reader(_binary.find_chunk(sub, k))
        name, frames = r.string_z(), r.u32()
        tracks = {}
        for i in range(len(blocks)):
            track = read_track(r, frames)
            bone = known.get(blocks[i])
            if bone is not None:
                tracks[bone] = track
        motions.append(OmfMotion(name, frames, tracks, model, unit_quaternions))
    return motions


def load(path, model, unit_quaternions=False):
    with open(path, "rb") as f:
        data = f.read()
    top = _binary.chunks(data)
    if _binary.find_chunk(top, S_MOTIONS) is None or _binary.find_chunk(top, S_SMPARAMS) is None:
        raise ValueError("%s holds no motions (chunks 14 and 15)" % path)
    blocks = read_partitions(_binary.find_chunk(top, S_SMPARAMS))
    missing = sorted(set(blocks.values()) - {n.lower() for n in model.parents})
    if missing:
        raise ValueError("%s animates bones the model lacks: %s" % (path, ", ".join(missing)))
    return read_motions(_binary.find_chunk(top, S_MOTIONS), blocks, model, unit_quaternions)
