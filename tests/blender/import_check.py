"""Imports glTF files into headless Blender and checks what arrived.

blender -b --factory-startup -noaudio --python-exit-code 1 --python import_check.py -- \
    FILE.glb [--min-vertices N] [--bones N] [--actions N] [--min-actions N] [--animations N] [--meshes N]

Prints one line "GAMEFMT_BLENDER {json}" per file and exits non-zero when an expectation fails.
"""
import json
import sys

import bpy
import numpy

# Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool


def summarize(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.gltf(filepath=path)
    if "FINISHED" not in result:
        raise RuntimeError(f"{path}: glTF import did not finish: {result}")
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    return {
        "file": path,
        "objects": len(bpy.data.objects),
        "meshes": len(meshes),
        "vertices": sum(len(o.data.vertices) for o in meshes),
        "polygons": sum(len(o.data.polygons) for o in meshes),
        "armatures": len(armatures),
        "bones": sum(len(a.data.bones) for a in armatures),
        "actions": {a.name: [a.frame_range[0], a.frame_range[1]] for a in bpy.data.actions},
        # Keyframes of each action: the most any of its curves has.
        "action_keys": {a.name: max((len(c.keyframe_points) for c in a.fcurves), default=0) for a in bpy.data.actions},
        "fps": bpy.context.scene.render.fps / bpy.context.scene.render.fps_base,
        # One NLA track name per glTF animation, whichever objects it animates.
        "animations": sorted({t.name for o in bpy.data.objects if o.animation_data for t in o.animation_data.nla_tracks}),
    }


def main(argv):
    files, expect = [], {}
    i = 0
    while i < len(argv):
        if argv[i].startswith("--"):
            expect.setdefault(argv[i][2:], []).append(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    failures = []
    for path in files:
        summary = summarize(path)
        print("GAMEFMT_BLENDER " + json.dumps(summary), flush=True)
        # A file of animations alone (an X-Ray motion or path, a clip without its model) brings animated empties.
        if summary["meshes"] == 0 and summary["armatures"] == 0 and not summary["actions"]:
            failures.append(f"{path}: nothing was imported")
        for value in expect.get("min-vertices", []):
            if summary["vertices"] < int(value):
                failures.append(f"{path}: {summary['vertices']} vertices, expected at least {value}")
        for value in expect.get("bones", []):
            if summary["bones"] != int(value):
                failures.append(f"{path}: {summary['bones']} bones, expected {value}")
        for value in expect.get("meshes", []):
            if summary["meshes"] != int(value):
                failures.append(f"{path}: {summary['meshes']} mesh objects, expected {value}")
        for value in expect.get("animations", []):
            if len(summary["animations"]) != int(value):
                failures.append(f"{path}: {len(summary['animations'])} animations, expected {value}")
        for value in expect.get("actions", []):
            if len(summary["actions"]) != int(value):
                failures.append(f"{path}: {len(summary['actions'])} actions, expected {value}")
        for value in expect.get("min-actions", []):
            if len(summary["actions"]) < int(value):
                failures.append(f"{path}: {len(summary['actions'])} actions, expected at least {value}")
    for failure in failures:
        print("GAMEFMT_BLENDER_FAIL " + failure, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    sys.exit(main(args))
