"""Overgrowth skeleton (.phxbn) with the model OBJ beside it: bind pose, bone hierarchy, per-corner weights.

Facts relied on (from Overgrowth's engine sources:
Source/Asset/Asset/skeletonasset.cpp `SkeletonAsset::Load`, Physics/bulletworld.cpp `GetBoneMat`,
Graphics/model.cpp `Model::SimpleLoadTriangleCutObj` / `LoadObj` / `CenterModel`, Objects/riggedobject.cpp):
* Read order: `i32 first` (>= 6: it is the version and `i32 rigging stage` follows; else version 5 and it is the
  stage; stage 2 is read as 1); `i32 n; vec3 points[n]`; v8+: `i32 point_parents[n]`; `i32 m; i32 ends[m][2]`;
  v8+: `i32 bone_parents[m]`; v6+: `f32 mass[m]`; v7+: `vec3 com[m]`; v9+: `f32 mat[m][16]` (discarded by the
  engine); then, when the stage is 1: v11+: `i32 corner count`; `vec4 weights[P]`, then `vec4 ids[P]` (bone
  indices stored as floats), `i32 hier_parents[m]` (-1 = root) and the physics joints, not needed here.
* P = the OBJ's triangle corners: faces in file order, a quad `a b c d` split into (a, b, c) then (d, a, c);
  only the first four vertices of a face count.  The engine loads the OBJ centred: it subtracts the middle of the
  corners' bounding box, (min + max) / 2.  Points, weights and animations live in that centred space
  (Y up, right-handed, metres; no axis conversion).
* Bind matrix of bone i (`GetBoneMat(points[e0], points[e1])`): columns right, up, dir and the bone's midpoint,
  with dir = normalize(p1 - p0), up = (0, 0, 1) unless |dot(up, dir)| > 0.95 (then (1, 0, 0)),
  right = normalize(cross(up, dir)), up = normalize(cross(dir, right)).
* Weights: at most 4 per corner; the engine's fallback when they sum to less than 0.99 is weight 1 on the closest
  bone (capsule distance) in slot 0 without clearing the other slots; this package then divides by the sum.
  Repeated ids in one corner are merged and zero weights dropped.
* Bones have no names in the file; they are called "bone_<index>".  Parents are `hier_parents`.  The runtime
  drops bones without vertices and re-parents past them; the skinned result is the same because animations hold
  model-space matrices (overgrowth_anm.py).
* After the weights: `i32 hier_parents[m]`; `i32 joint count`, per joint `i32 type` (0 hinge: `f32 stop[2]`,
  1 amotor: `f32 stop[6]`, 2 fixed: none), `i32 bone[2]`, hinge: `vec3 axis`; v10+: `i32 n`, per IK bone
  `i32 bone; i32 chain length; i32 len; chars`.  The hip bone is 2 up the bone_parents chain from the `torso` IK
  bone; `model.hip_point` = its first point, which overgrowth_anm.py places animations by.
* Positions are the triangle corners (3 per triangle, in file order), the vertices the weights belong to.
"""
import os

import numpy

from . import Model, _binary


def read_obj_corners(path):
    """(3T, 3) raw positions of an OBJ's triangle corners, quads split as the engine splits them."""
    verts, corners = [], []
    with open(path, "r", encoding="latin-1") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "v":
                verts.append([float(v) for v in parts[1:4]])
            elif parts[0] == "f":
                idx = [int(p.split("/")[0]) - 1 for p in parts[1:5]]
                if len(idx) == 3:
                    corners.extend(idx)
                elif len(idx) == 4:
                    a, b, c, d = idx
                    corners.extend([a, b, c, d, a, c])
    return numpy.asarray(verts, dtype=numpy.float64)[corners]


def bone_matrix(start, end):
    """The engine's GetBoneMat: columns right, up, bone direction, midpoint."""
    direction = (end - start) / numpy.linalg.norm(end - start)
    up = numpy.array([0.0, 0.0, 1.0])
    if abs(numpy.dot(up, direction)) > 0.95:
        up = numpy.array([1.0, 0.0, 0.0])
    right = numpy.cross(up, direction)
    right /= numpy.linalg.norm(right)
    up = numpy.cross(direction, right)
    up /= numpy.linalg.norm(up)
    m = numpy.eye(4)
    m[:3, 0], m[:3, 1], m[:3, 2], m[:3, 3] = right, up, direction, (start + end) / 2.0
    return m


def segment_distance(p, a, b):
    ab = b - a
    t = numpy.clip(numpy.dot(p - a, ab) / max(numpy.dot(ab, ab), 1e-30), 0.0, 1.0)
    return numpy.linalg.norm(p - (a + t * ab))


def read_skeleton(data, corner_count):
    """dict: version, points (n, 3), ends (m, 2), weights (P, 4), ids (P, 4), parents (m,)."""
    r = _binary.Reader(data)
    first = r.s32()
    version, stage = (first, r.s32()) if first >= 6 else (5, first)
    if stage == 2:
        stage = 1
    points = r.array("<f4", 3 * r.s32()).reshape(-1, 3).astype(numpy.float64)
    if version >= 8:
        r.take(4 * len(points))
    ends = r.array("<i4", 2 * r.s32()).reshape(-1, 2)
    m = len(ends)
    bone_parents = r.array("<i4", m) if version >= 8 else None
    if version >= 6:
        r.take(4 * m)
    if version >= 7:
        r.take(12 * m)
    if version >= 9:
        r.take(64 * m)
    if stage != 1:
        raise ValueError("phxbn rigging stage %d has no weights" % stage)
    if version >= 11:
        stored = r.s32()
        if stored != corner_count:
            raise ValueError("phxbn has %d weighted corners, the OBJ %d" % (stored, corner_count))
    weights = r.array("<f4", 4 * corner_count).reshape(-1, 4).astype(numpy.float64)
    ids = r.array("<f4", 4 * corner_count).reshape(-1, 4)
    parents = r.array("<i4", m)
    for _ in range(r.s32()):  # physics joints: type 0 hinge, 1 amotor, 2 fixed
        kind = r.s32()
        r.take({0: 8, 1: 24}.get(kind, 0) + 8 + (12 if kind == 0 else 0))
    ik = {}
    if version >= 10:
        for _ in range(r.s32()):
            bone, length = r.s32(), r.s32()
            ik[r.take(r.s32()).split(b"\0")[0].decode("latin-1")] = (bone, length)
    return {"version": version, "points": points, "ends": ends, "weights": weights, "ids": ids,
            "parents": parents, "bone_parents": bone_parents if bone_parents is not None else parents, "ik": ik}


def load(path):
    obj_path = os.path.splitext(path)[0] + ".obj"
    corners = read_obj_corners(obj_path)
    corners = corners - (corners.min(axis=0) + corners.max(axis=0)) / 2.0
    with open(path, "rb") as f:
        skel = read_skeleton(f.read(), len(corners))
    points, ends = skel["points"], skel["ends"]
    names = ["bone_%d" % i for i in range(len(ends))]
    parents = {names[i]: (names[p] if p >= 0 else None) for i, p in enumerate(skel["parents"].tolist())}
    bind_globals = {names[i]: bone_matrix(points[a], points[b]) for i, (a, b) in enumerate(ends.tolist())}
    influences = []
    for corner, w_row, id_row in zip(corners, skel["weights"].tolist(), skel["ids"].tolist()):
        ids = [int(v + 0.5) for v in id_row]
        if sum(w_row) < 0.99:
            ids[0] = min(range(len(ends)), key=lambda i: segment_distance(corner, points[ends[i][0]],
                                                                          points[ends[i][1]]))
            w_row = [1.0] + w_row[1:]
        total = sum(w_row)
        merged = {}
        for b, w in zip(ids, w_row):
            if w != 0.0:
                merged[names[b]] = merged.get(names[b], 0.0) + w / total
        influences.append(list(merged.items()))
    model = Model(corners, influences, bind_globals, parents, source=path)
    model.points, model.bone_ends, model.ik_bones = points, ends, skel["ik"]
    model.hip_point = None
    if "torso" in skel["ik"]:
        up = skel["bone_parents"]
        hip = up[up[skel["ik"]["torso"][0]]]
        model.hip_point = points[ends[hip][0]]
    else:
        model.notes.append("no 'torso' IK bone: the hip point animations are placed by is unknown")
    return model
