"""Imports a .gltf with Overgrowth ragdoll proxies into headless Blender and checks that each volume object
("fzx..." nodes) sits where the glTF puts it: world matrices composed from the file's nodes, converted to Blender's
Z-up, against the objects' world matrices in the rest pose (animations removed).

blender -b --factory-startup -noaudio --python-exit-code 1 --python phoenix_ragdoll_check.py -- FILE.gltf COUNT

Prints "PHOENIX_RAGDOLL {json}" and exits non-zero when an object is missing or off by more than 1e-4.
"""
import json
import sys

import bpy
import numpy
from mathutils import Matrix, Quaternion, Vector

# Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool


def local_matrix(node):
    if "matrix" in node:
        return Matrix([node["matrix"][i::4] for i in range(4)])
    r = node.get("rotation", [0, 0, 0, 1])
    s = node.get("scale", [1, 1, 1])
    return (Matrix.Translation(Vector(node.get("translation", [0, 0, 0])))
            @ Quaternion((r[3], r[0], r[1], r[2])).to_matrix().to_4x4()
            @ Matrix.Diagonal((s[0], s[1], s[2], 1)))


def main(path, expected_count):
    nodes = json.load(open(path))["nodes"]
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}

    def world(i):
        m = local_matrix(nodes[i])
        return world(parent[i]) @ m if i in parent else m

    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=path)
    for o in bpy.data.objects:
        if o.animation_data:
            o.animation_data.action = None
        if o.type == "ARMATURE":
            for b in o.pose.bones:
                b.matrix_basis = Matrix.Identity(4)
    bpy.context.view_layer.update()
    # glTF Y-up -> Blender Z-up, for the object's own axes too (the importer converts both).
    c = Matrix(((1, 0, 0, 0), (0, 0, -1, 0), (0, 1, 0, 0), (0, 0, 0, 1)))
    worst, checked, missing = 0.0, 0, []
    for i, n in enumerate(nodes):
        if not n.get("name", "").startswith("fzx"):
            continue
        obj = bpy.data.objects.get(n["name"])
        if obj is None:
            missing.append(n["name"])
            continue
        want = c @ world(i) @ c.inverted()
        got = obj.matrix_world
        worst = max(worst, (want.translation - got.translation).length,
                    *((want.col[k].xyz - got.col[k].xyz).length for k in range(3)))
        checked += 1
    print("PHOENIX_RAGDOLL " + json.dumps({"checked": checked, "missing": missing, "worst": worst}), flush=True)
    return 0 if not missing and checked == expected_count and worst < 1e-4 else 1


if __name__ == "__main__":
    args = sys.argv[sys.argv.index("--") + 1:]
    sys.exit(main(args[0], int(args[1])))
