"""Checks an Overgrowth rig converted to glTF in headless Blender: the armature has the rig's bone count and, at
every key time of every animation, each joint's world transform equals the expected model-space matrix.

blender -b --factory-startup -noaudio --python-exit-code 1 --python phoenix_pose_check.py -- OUT.glb EXPECTED.json

EXPECTED.json (written by the test from the .phxbn/.anm readers, not from the glTF):
  {"bind": {joint: [16 floats, column-major]}, "tolerance": 1e-4,
   "animations": {name: {"times": [seconds...], "matrices": {joint: [[16 floats] per time]}}}}
Matrices are in glTF space (Y up). Blender's importer turns axes to Z up and may re-orient bones (bone_heuristic);
the re-orientation is measured per bone in the rest pose, so the check holds for any heuristic.
Prints "PHOENIX_POSE {json}" and exits non-zero on any mismatch.
"""
import json
import sys

import bpy
import numpy
from mathutils import Matrix

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer uses numpy.bool, removed in numpy 1.24
    numpy.bool = bool

Y_UP_TO_Z_UP = Matrix(((1, 0, 0, 0), (0, 0, -1, 0), (0, 1, 0, 0), (0, 0, 0, 1)))


def from_column_major(m):
    return Matrix([[m[r + 4 * c] for c in range(4)] for r in range(4)])


def max_difference(a, b):
    return max(abs(a[r][c] - b[r][c]) for r in range(4) for c in range(4))


def main(glb, expected_path):
    with open(expected_path) as f:
        expected = json.load(f)
    tolerance = expected.get("tolerance", 1e-4)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    if "FINISHED" not in bpy.ops.import_scene.gltf(filepath=glb):
        raise RuntimeError("glTF import did not finish")
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    failures = []
    if len(armatures) != 1:
        failures.append(f"{len(armatures)} armatures, expected 1")
        return report({}, failures)
    arm = armatures[0]
    bind = {name: from_column_major(m) for name, m in expected["bind"].items()}
    if len(arm.data.bones) != len(bind):
        failures.append(f"{len(arm.data.bones)} bones, expected {len(bind)}")
    # Per bone: Blender's rest matrix = C * bind * C^-1 * correction.
    correction = {}
    for name, b in bind.items():
        bone = arm.data.bones.get(name)
        if bone is None:
            failures.append(f"no bone {name}")
            continue
        rest = arm.matrix_world @ bone.matrix_local
        correction[name] = (Y_UP_TO_Z_UP @ b @ Y_UP_TO_Z_UP.inverted()).inverted() @ rest
        if max_difference(rest, Y_UP_TO_Z_UP @ b @ Y_UP_TO_Z_UP.inverted() @ correction[name]) > tolerance:
            failures.append(f"{name}: rest pose differs from the bind matrix")
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    if arm.animation_data is None:
        arm.animation_data_create()
    for track in arm.animation_data.nla_tracks:
        track.mute = True
    checked, worst = 0, 0.0
    for anim_name, anim in expected["animations"].items():
        actions = [a for a in bpy.data.actions if a.name == anim_name or a.name.startswith(anim_name + "_")]
        if not actions:
            failures.append(f"no action for animation {anim_name}")
            continue
        action = actions[0]
        arm.animation_data.action = action
        first = action.frame_range[0]
        for i, t in enumerate(anim["times"]):
            frame = first + t * fps
            scene.frame_set(int(frame), subframe=frame - int(frame))
            for name, matrices in anim["matrices"].items():
                pose_bone = arm.pose.bones.get(name)
                if pose_bone is None or name not in correction:
                    continue
                world = arm.matrix_world @ pose_bone.matrix @ correction[name].inverted()
                gltf_world = Y_UP_TO_Z_UP.inverted() @ world @ Y_UP_TO_Z_UP
                difference = max_difference(gltf_world, from_column_major(matrices[i]))
                worst = max(worst, difference)
                checked += 1
                if difference > tolerance:
                    failures.append(f"{anim_name} t={t:.3f}s {name}: off by {difference:.6f}")
    return report({"bones": len(arm.data.bones), "checked": checked, "worst": worst}, failures)


def report(summary, failures):
    summary["failures"] = failures[:20]
    print("PHOENIX_POSE " + json.dumps(summary), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    args = sys.argv[sys.argv.index("--") + 1:]
    sys.exit(main(args[0], args[1]))
