"""X-Ray (S.T.A.L.K.E.R.) OGF v4 skinned model: bind pose, bone hierarchy, vertices and weights.

Facts relied on (from OpenXRay's engine sources: src/xrCore/FMesh.hpp chunk ids, the loaders named below):
* Chunks: 1 HEADER, 9 CHILDREN (one complete OGF per sub-mesh, ids 0, 1, ...), 3 VERTICES, 13 S_BONE_NAMES,
  16 S_IKDATA.  The skinned sub-meshes are the children, in chunk order.
* S_BONE_NAMES: `u32 n`, then per bone `stringZ name, stringZ parent ("" for the root), 60-byte OBB`.  The engine
  (`CKinematics::Load`, SkeletonCustom.cpp) lower-cases names and resolves parents by name after reading all bones.
* S_IKDATA: one record per bone, in S_BONE_NAMES order: `u32 version; stringZ material; 112-byte shape;
  u32 joint type; 3 x 16-byte limits; f32 spring, damping; u32 flags; f32 break force, torque;
  [f32 friction if version > 0]; vec3 bind_rotate; vec3 bind_translate; f32 mass; vec3 centre of mass`.
* Bind local matrix (engine `bind_transform.setXYZi(rot); translate_over(trn)`), in column-vector form on raw
  X-Ray coordinates: `L = T(t) @ Ry(ry) @ Rx(rx) @ Rz(rz)`; `G = G_parent @ L`.
* Skinned vertex layouts (`CSkeletonX::_Load`, SkeletonX.cpp; structs in Bone.hpp, packed to 2 bytes):
    1 link  (code 1 or 0x12071980, 60 B): P, N, T, B, u, v, u32 bone   (old 36 B form: P, N, u, v, u32 bone)
    2 links (code 2 or 0x240E3300, 64 B): u16 b0, b1; P, N, T, B; f32 w; u, v     -> b0: 1-w, b1: w
    3 links (code 3 or 4*0x12071980, 70 B, no padding): u16 b[3]; P, N, T, B; f32 w[2]; u, v
    4 links (code 4 or 5*0x12071980, 76 B): u16 b[4]; P, N, T, B; f32 w[3]; u, v
  with the last bone taking 1 - sum of the stored weights.  Positions are in model (bind) space, so a vertex
  moves by G_anim(bone) @ inverse(G_bind(bone)) (engine: mRenderTransform = mTransform * m2b_transform).
  Repeated bone indices in one vertex are merged; zero weights are dropped.
"""
import numpy

from . import Model, _binary, _transforms

HEADER, VERTICES, CHILDREN, S_BONE_NAMES, S_IKDATA = 1, 3, 9, 13, 16
SOC_1L = 0x12071980

# vertex code -> (links, bytes per vertex)
LAYOUTS = {1: (1, 60), SOC_1L: (1, 60), 2: (2, 64), 2 * SOC_1L: (2, 64), 3: (3, 70), 4 * SOC_1L: (3, 70),
           4: (4, 76), 5 * SOC_1L: (4, 76)}


def read_vertices(payload):
    """(positions (n, 3), influences [[(bone index, weight)]]) of an OGF_VERTICES chunk of a skinned mesh."""
    r = _binary.Reader(payload)
    code, count = r.u32(), r.u32()
    if code not in LAYOUTS:
        raise ValueError("unknown skinned vertex format 0x%08x" % code)
    links, size = LAYOUTS[code]
    if links == 1 and count * 36 == r.remaining():
        size = 36  # early v4 one-link vertices without tangent and binormal
    raw = numpy.frombuffer(r.take(count * size), dtype=numpy.uint8).reshape(count, size)
    idx_bytes = 0 if links == 1 else 2 * links
    positions = raw[:, idx_bytes:idx_bytes + 12].copy().view("<f4").reshape(count, 3).astype(numpy.float64)
    if links == 1:
        bones = raw[:, size - 4:].copy().view("<u4").reshape(count, 1)
        weights = numpy.ones((count, 1))
    else:
        bones = raw[:, :idx_bytes].copy().view("<u2").reshape(count, links)
        w_start = idx_bytes + 48
        stored = raw[:, w_start:w_start + 4 * (links - 1)].copy().view("<f4").reshape(count, links - 1)
        stored = stored.astype(numpy.float64)
        if links == 2:
            weights = numpy.hstack([1.0 - stored, stored])
        else:
            weights = numpy.hstack([stored, 1.0 - stored.sum(axis=1, keepdims=True)])
    influences = []
    for b_row, w_row in zip(bones.tolist(), weights.tolist()):
        merged = {}
        for b, w in zip(b_row, w_row):
            merged[b] = merged.get(b, 0.0) + w
        influences.append([(b, w) for b, w in merged.items() if w != 0.0])
    return positions, influences


def read_bone_names(payload):
    """[(name, parent name or None)] in file order, lower-cased as the engine does."""
    r = _binary.Reader(payload)
    out = []
    for _ in range(r.u32()):
        name, parent = r.string_z().lower(), r.string_z().lower()
        r.take(60)  # OBB
        out.append((name, parent or None))
    return out


def read_ik_bind(payload, count):
    """[(bind_rotate, bind_translate)] for `count` bones from S_IKDATA."""
    r = _binary.Reader(payload)
    out = []
    for _ in range(count):
        version = r.u32()
        r.string_z()  # game material
        r.take(112 + 4 + 48 + 8 + 4 + 8)  # shape, joint type, limits, spring/damping, flags, break force/torque
        if version & 0xFFFF > 0:  # the engine reads the version as u16 (SJointIKData::Import)
            r.f32()  # friction
        rotate, translate = r.vec3(), r.vec3()
        r.take(4 + 12)  # mass, centre of mass
        out.append((rotate, translate))
    return out


def bind_local(rotate, translate):
    """Engine setXYZi + translate_over: T(t) @ Ry(y) @ Rx(x) @ Rz(z) (src/xrCore/_matrix.h)."""
    rx, ry, rz = rotate
    return _transforms.translation(translate) @ _transforms.rot_y(ry) @ _transforms.rot_x(rx) @ _transforms.rot_z(rz)


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    top = _binary.chunks(data)
    header = _binary.find_chunk(top, HEADER)
    if header is None or header[0] != 4:
        raise ValueError("%s: not an OGF v4" % path)
    bones = read_bone_names(_binary.find_chunk(top, S_BONE_NAMES))
    binds = read_ik_bind(_binary.find_chunk(top, S_IKDATA), len(bones))
    names = [name for name, _ in bones]
    parents = {name: parent for name, parent in bones}
    bind_locals = {name: bind_local(rot, trn) for name, (rot, trn) in zip(names, binds)}
    bind_globals = _transforms.compose_globals(bind_locals, parents)

    positions, influences = [], []
    children = _binary.find_chunk(top, CHILDREN)
    for _, child in _binary.chunks(children):
        vertices = _binary.find_chunk(_binary.chunks(child), VERTICES)
        if vertices is None:
            continue
        p, inf = read_vertices(vertices)
        positions.append(p)
        influences.extend([[(names[b], w) for b, w in vertex] for vertex in inf])
    return Model(numpy.vstack(positions), influences, bind_globals, parents, bind_locals, source=path)
