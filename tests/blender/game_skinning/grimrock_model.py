"""Legend of Grimrock MDL1 version 2 model (.model): node hierarchy, skinned meshes, bone lists.

Facts relied on (from the decompiled Grimrock 1 engine "LibreGrimrock":
Model.cpp `meshLoader`, Mesh.cpp `loadMesh`, RenderEntity.cpp `Skeleton::computeSkinningMatrices`):
* `"MDL1"; i32 version (2); i32 node count`; a node is `String name; Mat4x3 local; i32 parent (-1: none);
  i32 type` (0 mesh, 1 light, -1 nothing), followed by its entity: a mesh entity is `MeshData; i32 bone count;
  bones (i32 node index; Mat4x3 inverse rest); vec3 emissive; u8 cast shadow`, a light entity
  `i32 kind; vec3 colour; f32 range, spot angle, spot sharpness; u8 cast shadow`.
  String = `i32 length` + bytes.  Mat4x3 = 12 floats: the x, y and z basis vectors, then the translation: in
  column-vector form they are the columns.  A node's world matrix is parent world @ local.
* MeshData: `"MESH"; i32 version (2); i32 vertex count`; 15 vertex arrays `i32 type (0 u8, 1 i16, 2 i32,
  3 f32); i32 dim; i32 stride; count * stride bytes`, slot 0 = position, 13 = bone indices, 14 = bone weights;
  then indices, segments and bounds (not needed here).
* Skinning: the engine's skin matrix of bone i is `inverse(W_mesh) @ W_bone_node @ invRest_i`, applied to the
  vertex as stored, and the result is drawn with the mesh node's world matrix W_mesh; the two W_mesh cancel, so
  a vertex lands at `W_bone_node @ invRest_i @ v` in the model's root space, whatever node holds the mesh.
  Vertex bone indices index the mesh's own bone list.
So this module keeps positions as stored (they are root-space positions: at rest, where W_bone_node =
inverse(invRest), a vertex stays at v) and takes bind_globals = inverse(invRest), so that
G_anim @ inverse(G_bind) @ position is exactly the engine's `W_bone_node @ invRest @ v`.  (In
skeleton_warrior_axe.model the great_axe mesh node is a child of hand_r, yet its vertices are stored in root
space like the body's and its invRest equals the body's.)  A bone whose invRest differs between two meshes
cannot be one bind_globals entry and is refused.  bind_locals are the nodes' own file matrices (what an
animation leaves alone); every node is in `parents`, skinned or not, because animations move any node by name.
The weights are taken as stored (floats); the renderer's rounding of them to bytes for the GPU is not reproduced.
"""
import numpy

from . import Model, _binary, _transforms

POSITION, BONE_INDEX, BONE_WEIGHT = 0, 13, 14
ARRAY_TYPES = {0: "<u1", 1: "<i2", 2: "<i4", 3: "<f4"}


def read_mat4x3(r):
    """A Mat4x3 as a 4x4 column-vector matrix (basis vectors and translation as columns)."""
    m = numpy.eye(4)
    m[:3, :4] = r.array("<f4", 12).reshape(4, 3).T
    return m


# The key under which read_mesh_data gives which vertices a segment's triangles use (not an array slot).
DRAWN = "drawn"


def read_mesh_data(r):
    """{slot: (count, dim) array} of the vertex arrays that are present."""
    if r.take(4) != b"MESH" or r.s32() != 2:
        raise ValueError("not a MESH v2 block")
    count = r.s32()
    arrays = {}
    for slot in range(15):
        kind, dim, stride = r.s32(), r.s32(), r.s32()
        if stride == 0:
            continue
        raw = r.take(count * stride)
        item = numpy.dtype(ARRAY_TYPES[kind])
        rows = numpy.frombuffer(raw, dtype=numpy.uint8).reshape(count, stride)[:, :item.itemsize * dim]
        arrays[slot] = rows.copy().view(item).reshape(count, dim)
    indices = numpy.frombuffer(r.take(4 * r.s32()), dtype="<i4")
    drawn = numpy.zeros(count, bool)
    for _ in range(r.s32()):  # segments: material, primitive type, first index, triangle count
        r.string_len32()
        _, first, triangles = (int(v) for v in numpy.frombuffer(r.take(12), dtype="<i4"))
        corners = indices[first:first + 3 * triangles]
        drawn[corners[(corners >= 0) & (corners < count)]] = True
    r.take(12 + 4 + 12 + 12)  # bound centre, radius, min, max
    arrays[DRAWN] = drawn
    return arrays


def read_nodes(data):
    """[(name, local 4x4, parent index, mesh or None)]; mesh = (arrays, [(bone node, inverse rest)])."""
    r = _binary.Reader(data)
    if r.take(4) != b"MDL1":
        raise ValueError("not an MDL1 model")
    version = r.s32()
    if version != 2:
        raise ValueError("MDL1 version %d: only Grimrock's version 2 is read" % version)
    nodes = []
    for _ in range(r.s32()):
        name = r.string_len32()
        local = read_mat4x3(r)
        parent, kind = r.s32(), r.s32()
        mesh = None
        if kind == 0:
            arrays = read_mesh_data(r)
            bones = [(r.s32(), read_mat4x3(r)) for _ in range(r.s32())]
            r.take(12 + 1)  # emissive colour, cast shadow
            mesh = (arrays, bones)
        elif kind == 1:
            r.take(4 + 12 + 12 + 1)
        nodes.append((name, local, parent, mesh))
    return nodes


def load(path):
    with open(path, "rb") as f:
        nodes = read_nodes(f.read())
    names = [name for name, _, _, _ in nodes]
    if len(set(names)) != len(names):
        raise ValueError("%s: node names repeat; animations bind to nodes by name" % path)
    parents = {name: (names[p] if p >= 0 else None) for name, _, p, _ in nodes}
    bind_locals = {name: local for name, local, _, _ in nodes}
    rest_world = _transforms.compose_globals(bind_locals, parents)
    bind_globals = dict(rest_world)
    skinned_bones = {}
    positions, influences, drawn = [], [], []
    for name, _, _, mesh in nodes:
        if mesh is None or not mesh[1] or BONE_INDEX not in mesh[0]:
            continue
        arrays, bones = mesh
        bone_names = []
        for node_index, inv_rest in bones:
            bone = names[node_index]
            g = numpy.linalg.inv(inv_rest)
            if bone in skinned_bones and not numpy.allclose(skinned_bones[bone], g, atol=1e-6):
                raise ValueError("%s: bone %r has two different inverse rest matrices" % (path, bone))
            skinned_bones[bone] = g
            bone_names.append(bone)
        positions.append(arrays[POSITION][:, :3].astype(numpy.float64))
        drawn.append(arrays[DRAWN])
        for idx, wts in zip(arrays[BONE_INDEX].tolist(), arrays[BONE_WEIGHT].astype(numpy.float64).tolist()):
            merged = {}
            for b, w in zip(idx, wts):
                if w != 0.0:
                    merged[bone_names[b]] = merged.get(bone_names[b], 0.0) + w
            influences.append(list(merged.items()))
    bind_globals.update(skinned_bones)
    model = Model(numpy.vstack(positions), influences, bind_globals, parents, bind_locals, source=path)
    model.drawn = numpy.concatenate(drawn)
    return model
