"""X-Ray SDK editable object (.object): the skinned mesh points, their bone weights and the bones' rest pose.

Facts relied on (from GSC's SDK editor sources EditObjectIO.cpp, EditMeshIO.cpp,
Bone.cpp as published in OpenXRay/xray-16 @ ecac0697):
* The file is one chunk 0x7777 holding the body chunks: 0x0910 meshes (children 0, 1, ...; each with 0x1005 points
  `u32 n; n x vec3`, 0x1006 faces `u32 n; n x (point, vmref) x 3`, 0x1008 vmrefs `u32 n; n x (u8 k; k x
  (u32 vmap, u32 entry))`, and 0x1012 vmaps `u32 n; n x (stringZ name; u8 dim; u8 polymap; u8 type; u32 size;
  size*dim f32; size u32 point; [size u32 face if polymap])` or the older 0x1011 without the index arrays),
  0x0921 bones (children 0, 1, ...; each 0x0001 u16 version, 0x0002 `stringZ name, parent, wmap` (the first DEF
  chunk counts), 0x0003 `vec3 rest_offset; vec3 rest_rotate; f32 length`), or the legacy 0x0913 flat bone list.
* Weights (SDK `CEditableMesh::GenerateSVertices`, EditMesh.cpp, and `st_VertexWB::prepare_weights`,
  EditMesh.h): per face corner, every entry of the corner's vmref that points into a weight vmap (type 1) adds
  (bone whose wmap is the vmap's name, `GetBoneIndexByWMap`; weight); the list is sorted by weight, cut to the
  export's influence count (at most 4 in the CS/CoP SDK, 2 in SoC's) and divided by its sum.  This package
  cuts at 4.
* Names are lower-cased on load.  Bone file version 1 (and the legacy list) stores rest_rotate with x and y
  swapped (SDK Load_1 / Load_0).
* Rest local matrix: `T(rest_offset) @ Ry(y) @ Rx(x) @ Rz(z)` with (x, y, z) = rest_rotate (setXYZi);
  world = parent world @ local.  Points are in object space = the bind pose.  The object's own placement
  (chunk 0x0920) is not part of the skin and is not applied.
* Positions are the mesh points (meshes in file order, points in index order) that some face uses, once per
  distinct weight list among the point's corners (normally once); points no face uses are never drawn and are
  left out.  A corner with no weight at all cannot be skinned by the SDK (its editor reads the first bone of the
  empty list; its OGF export VERIFYs at least one): such corners are left out too and counted in `model.notes`
  (blender-xray's test_fmt_armature.object has one).
"""
import numpy

from . import Model, _binary, _transforms, xray_ogf

BODY, MESHES, BONES, BONES_LEGACY = 0x7777, 0x0910, 0x0921, 0x0913
MESH_VERTS, MESH_FACES, MESH_VMREFS, MESH_VMAPS1, MESH_VMAPS2 = 0x1005, 0x1006, 0x1008, 0x1011, 0x1012
BONE_VERSION, BONE_DEF, BONE_BIND = 0x0001, 0x0002, 0x0003
WEIGHT = 1
MAX_INFLUENCES = 4


def read_vmaps(payload, with_indices):
    """[(name, type, values)] of a mesh's vmaps (values: (size, dim) floats)."""
    r = _binary.Reader(payload)
    out = []
    for _ in range(r.u32()):
        name = r.string_z().lower()
        dim = r.u8() & 3
        polymap = r.u8() & 1 if with_indices else 0
        kind = r.u8() & 3
        size = r.u32()
        values = r.array("<f4", size * dim).reshape(size, dim).astype(numpy.float64)
        if with_indices:
            r.take(4 * size)  # point of each entry
            if polymap:
                r.take(4 * size)  # face of each entry
        out.append((name, kind, values))
    return out


def read_vmrefs(payload):
    r = _binary.Reader(payload)
    refs = []
    for _ in range(r.u32()):
        refs.append([r.unpack("II") for _ in range(r.u8())])
    return refs


def read_mesh(payload, wmap_to_bone):
    """(positions, influences) of one mesh: the points some face uses, with their normalised weights."""
    chunks = _binary.chunks(payload)
    r = _binary.Reader(_binary.find_chunk(chunks, MESH_VERTS))
    points = r.array("<f4", 3 * r.u32()).reshape(-1, 3).astype(numpy.float64)
    r = _binary.Reader(_binary.find_chunk(chunks, MESH_FACES))
    faces = r.array("<u4", 6 * r.u32()).reshape(-1, 3, 2)
    refs = read_vmrefs(_binary.find_chunk(chunks, MESH_VMREFS))
    vmaps_raw = _binary.find_chunk(chunks, MESH_VMAPS2)
    vmaps = read_vmaps(vmaps_raw, True) if vmaps_raw is not None else \
        read_vmaps(_binary.find_chunk(chunks, MESH_VMAPS1), False)
    per_point = {}  # point -> distinct influence lists of its corners, in face order
    unweighted = 0
    for face in faces:
        for point, ref in face:
            found = []  # the SDK's st_VertexWB: one entry per weight-vmap reference of the corner
            for vmap, entry in refs[ref]:
                name, kind, values = vmaps[vmap]
                if kind == WEIGHT:
                    if name not in wmap_to_bone:
                        raise ValueError("weight map %r names no bone" % name)
                    found.append((wmap_to_bone[name], float(values[entry, 0])))
            ranked = sorted(found, key=lambda bw: -bw[1])[:MAX_INFLUENCES]  # prepare_weights
            total = sum(w for _, w in ranked)
            if not ranked or total <= 0.0:
                unweighted += 1
                continue
            merged = {}
            for bone, w in ranked:
                merged[bone] = merged.get(bone, 0.0) + w / total
            lists = per_point.setdefault(int(point), [])
            if list(merged.items()) not in lists:
                lists.append(list(merged.items()))
    used, influences = [], []
    for point in sorted(per_point):
        for inf in per_point[point]:
            used.append(point)
            influences.append(inf)
    return points[used], influences, unweighted


def read_bones(body):
    """[(name, parent or None, wmap, rest_offset, rest_rotate)] from BONES2 or the legacy list."""
    out = []
    bones = _binary.find_chunk(body, BONES)
    if bones is not None:
        for _, payload in _binary.chunks(bones):
            chunks = _binary.chunks(payload)
            version = _binary.Reader(_binary.find_chunk(chunks, BONE_VERSION)).u16()
            r = _binary.Reader(_binary.find_chunk(chunks, BONE_DEF))
            name, parent, wmap = r.string_z().lower(), r.string_z().lower(), r.string_z().lower()
            r = _binary.Reader(_binary.find_chunk(chunks, BONE_BIND))
            offset, rotate = r.vec3(), r.vec3()
            if version == 1:
                rotate[[0, 1]] = rotate[[1, 0]]
            out.append((name, parent or None, wmap, offset, rotate))
        return out
    legacy = _binary.find_chunk(body, BONES_LEGACY)
    r = _binary.Reader(legacy or b"\0\0\0\0")
    for _ in range(r.u32()):
        name, parent, wmap = r.string_z().lower(), r.string_z().lower(), r.string_z().lower()
        offset, rotate = r.vec3(), r.vec3()
        r.f32()  # length
        rotate[[0, 1]] = rotate[[1, 0]]
        out.append((name, parent or None, wmap, offset, rotate))
    return out


def read_body(path):
    with open(path, "rb") as f:
        data = f.read()
    body = _binary.find_chunk(_binary.chunks(data), BODY)
    if body is None:
        raise ValueError("%s: no object body chunk 0x7777" % path)
    return _binary.chunks(body)


def load(path):
    body = read_body(path)
    bones = read_bones(body)
    if not bones:
        raise ValueError("%s has no bones" % path)
    parents = {name: parent for name, parent, _, _, _ in bones}
    wmap_to_bone = {wmap or name: name for name, _, wmap, _, _ in bones}
    bind_locals = {name: xray_ogf.bind_local(rotate, offset) for name, _, _, offset, rotate in bones}
    bind_globals = _transforms.compose_globals(bind_locals, parents)
    positions, influences, notes = [], [], []
    for i, (_, mesh) in enumerate(_binary.chunks(_binary.find_chunk(body, MESHES))):
        p, inf, unweighted = read_mesh(mesh, wmap_to_bone)
        positions.append(p)
        influences.extend(inf)
        if unweighted:
            notes.append("mesh %d: %d face corner(s) with no bone weight left out (the SDK cannot skin them)"
                         % (i, unweighted))
    model = Model(numpy.vstack(positions), influences, bind_globals, parents, bind_locals, source=path)
    model.notes = notes
    return model
