"""Checks that the add-on's own action building gives the poses Blender's glTF importer gives.

blender -b --factory-startup -noaudio --python-exit-code 1 --python animation_pose_check.py -- \
    ADDON_ZIP SCRATCH_DIR [--expect=WHAT[,WHAT]] FILE.glb [[--expect=...] FILE.glb ...]

The add-on is installed from its zip and enabled (run with BLENDER_USER_SCRIPTS pointing at a throw-away folder).
Each file is imported twice into an emptied scene: by Blender's glTF importer alone, and by the add-on
(gamefmt_blender.gltf_import.import_glb, which must build the actions itself for a file with animations). For every
animation (NLA track name) both imports must have the same tracks on the same objects and shape keys, the same
fcurves (data path, index, key count, interpolation, key frames and values within 1e-5), the same active action,
and at frames spread over the action (whole and in-between frames) the same world-space head and tail of every pose
bone, world matrix of every object and value of every shape key, within 1e-5. The action of the object an animation moves most must be named after
the animation (when one object has more fcurves than any other). The state right after the import (no frame
changed yet) must be the same too. Each file with rotation keys is checked a second time as a copy written into
SCRATCH_DIR whose every other rotation key is negated (the same rotation) and which lists an extension unknown to
the add-on: both must then make the keys take the shortest way alike. Files with few animations are also checked as a copy whose samplers are CUBICSPLINE (Bezier
keys) and as one whose key data is stored as normalized integers, strided and sparse accessors. Prints "GAMEFMT_POSES {json}" per file and exits 1 on any difference.

Every glTF animation must be one NLA track of that name (the add-on stashes one action per animated ID on it).
--expect= names what the next file must hold, so that the comparison cannot pass on less than it is meant to
cover: "shape-keys" (an animation moves shape keys), "constant" (keys with CONSTANT interpolation, from STEP
samplers).
"""
import json
import os
import sys

import bpy
import numpy

ADDON = "gamefmt_blender"
TOLERANCE = 1e-5
SAMPLES = 9  # frames per animation, from its first to its last frame
FEW_ANIMATIONS = 8  # files with no more are also checked as CUBICSPLINE and re-encoded copies (not the X-Ray dog)


def clear_scene():
    """Nothing left of the previous import, and the frame both imports start at."""
    bpy.context.scene.frame_current = bpy.context.scene.frame_start
    for collection in (bpy.data.objects, bpy.data.meshes, bpy.data.armatures, bpy.data.actions, bpy.data.materials,
                       bpy.data.images, bpy.data.cameras, bpy.data.lights, bpy.data.textures):
        for block in list(collection):
            collection.remove(block)
    bpy.data.orphans_purge(do_recursive=True)


def animated_ids():
    """{label: ID} for every object and shape-key block that has animation data."""
    out = {}
    for obj in bpy.data.objects:
        if obj.animation_data:
            out["object " + obj.name] = obj
        if obj.type == "MESH" and obj.data.shape_keys and obj.data.shape_keys.animation_data:
            out["shape keys of " + obj.name] = obj.data.shape_keys
    return out


def fcurve_summary(action):
    interpolations = []
    for fcurve in action.fcurves:
        kinds = sorted({k.interpolation for k in fcurve.keyframe_points})
        interpolations.append((fcurve.data_path, fcurve.array_index, len(fcurve.keyframe_points), kinds))
    return sorted(interpolations)


def fcurve_keys(action):
    """{(data path, index): (frame, value) of every key}"""
    out = {}
    for fcurve in action.fcurves:
        keys = numpy.zeros(2 * len(fcurve.keyframe_points), dtype=numpy.float32)
        fcurve.keyframe_points.foreach_get("co", keys)
        out[(fcurve.data_path, fcurve.array_index)] = keys
    return out


def pose_sample():
    """Flat arrays of what the animation moves: bone heads/tails, object matrices, shape key values."""
    points, matrices, weights = [], [], []
    for obj in sorted(bpy.data.objects, key=lambda o: o.name):
        matrices.append(numpy.array(obj.matrix_world))
        if obj.type == "ARMATURE":
            for bone in obj.pose.bones:
                points.append(numpy.array(obj.matrix_world @ bone.head))
                points.append(numpy.array(obj.matrix_world @ bone.tail))
        if obj.type == "MESH" and obj.data.shape_keys:
            weights += [block.value for block in obj.data.shape_keys.key_blocks]
    return (numpy.array(points).reshape(-1, 3), numpy.array(matrices).reshape(-1, 4, 4), numpy.array(weights))


def record():
    """Everything the comparison needs from the current scene."""
    ids = animated_ids()
    tracks = {label: {t.name: t.strips[0].action for t in block.animation_data.nla_tracks if t.strips}
              for label, block in ids.items()}
    active = {}
    for label, block in ids.items():
        action = block.animation_data.action
        active[label] = next((name for name, a in tracks[label].items() if a == action), None)
    summary = {label: {name: fcurve_summary(a) for name, a in by_name.items()} for label, by_name in tracks.items()}
    keys = {label: {name: fcurve_keys(a) for name, a in by_name.items()} for label, by_name in tracks.items()}
    names = {label: {name: a.name for name, a in by_name.items()} for label, by_name in tracks.items()}
    counts = {label: {name: len(a.fcurves) for name, a in by_name.items()} for label, by_name in tracks.items()}
    scene = bpy.context.scene
    poses = {"(as imported)": [pose_sample()]}
    for track in sorted({name for by_name in tracks.values() for name in by_name}):
        ranges = []
        for label, block in ids.items():
            action = tracks[label].get(track)
            block.animation_data.action = action
            if action is not None:
                ranges.append(tuple(action.frame_range))
        first, last = min(r[0] for r in ranges), max(r[1] for r in ranges)
        samples = []
        for frame in numpy.linspace(first, last, SAMPLES) + numpy.linspace(0, 0.37, SAMPLES) * (last > first):
            frame = min(frame, last)
            scene.frame_set(int(frame), subframe=float(frame - int(frame)))
            samples.append(pose_sample())
        poses[track] = samples
    return {"summary": summary, "keys": keys, "names": names, "counts": counts, "active": active, "poses": poses}


def compare(path, stock, addon, failures):
    def fail(message):
        failures.append(f"{path}: {message}")

    if stock["summary"].keys() != addon["summary"].keys():
        fail(f"animated IDs differ: {sorted(stock['summary'])} vs {sorted(addon['summary'])}")
        return 0.0
    for label, by_track in stock["summary"].items():
        if by_track.keys() != addon["summary"][label].keys():
            fail(f"{label}: tracks {sorted(by_track)} vs {sorted(addon['summary'][label])}")
            continue
        for track, curves in by_track.items():
            if curves != addon["summary"][label][track]:
                difference = [c for c in curves if c not in addon["summary"][label][track]][:3]
                fail(f"{label} {track}: fcurves differ, e.g. {difference}")
                continue
            # Key values in the pose bone's (or object's) own space: conversion and quaternion signs alike.
            for curve, expected in stock["keys"][label][track].items():
                actual = addon["keys"][label][track][curve]
                if len(expected) and float(numpy.max(numpy.abs(expected - actual))) > TOLERANCE:
                    fail(f"{label} {track} {curve}: keys off by {float(numpy.max(numpy.abs(expected - actual))):.3g}")
    if stock["active"] != addon["active"]:
        fail(f"active actions differ: {stock['active']} vs {addon['active']}")
    tracks = {t for by_track in addon["counts"].values() for t in by_track}
    for track in tracks:
        owners = {label: by_track[track] for label, by_track in addon["counts"].items() if track in by_track}
        objects = sorted((count, label) for label, count in owners.items() if label.startswith("object "))
        if objects and (len(objects) == 1 or objects[-1][0] > objects[-2][0]):
            main = objects[-1][1]
            if addon["names"][main][track] != track:
                fail(f"{track}: the action of {main} is named {addon['names'][main][track]!r}")
    worst = 0.0
    for track, samples in stock["poses"].items():
        for i, (expected, actual) in enumerate(zip(samples, addon["poses"].get(track, []))):
            for what, a, b in zip(("bone head/tail", "object matrix", "shape key value"), expected, actual):
                if a.shape != b.shape:
                    fail(f"{track} sample {i}: {what} count differs")
                    continue
                difference = float(numpy.max(numpy.abs(a - b))) if a.size else 0.0
                worst = max(worst, difference)
                if difference > TOLERANCE:
                    fail(f"{track} sample {i}: {what} off by {difference:.3g}")
    return worst


def sign_flipped_copy(glb_container, path, scratch):
    """A copy of the GLB whose odd-numbered rotation keys are negated, or None when it has no rotation keys (or
    keys this simple rewrite does not handle: not tightly packed floats). It also lists an unknown extension."""
    document, binary = glb_container.read_glb(path)
    data = bytearray(binary)
    flipped = set()
    for animation in document.get("animations", []):
        for channel in animation["channels"]:
            output = animation["samplers"][channel["sampler"]]["output"]
            accessor = document["accessors"][output]
            if channel["target"]["path"] != "rotation" or output in flipped or accessor["componentType"] != 5126:
                continue
            view = document["bufferViews"][accessor["bufferView"]]
            if view.get("byteStride", 16) != 16 or "sparse" in accessor:
                continue
            start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
            keys = numpy.frombuffer(data, numpy.float32, accessor["count"] * 4, start).reshape(-1, 4).copy()
            keys[1::2] *= -1
            data[start:start + keys.nbytes] = keys.tobytes()
            flipped.add(output)
    if not flipped:
        return None
    # An extension the add-on does not know: the copy it hands the importer must then keep every accessor.
    document.setdefault("extensionsUsed", []).append("EXT_gamefmt_test_unknown")
    copy = os.path.join(scratch, "sign_flipped_" + os.path.basename(path))
    glb_container.write_glb(copy, document, data)
    return copy


def cubic_copy(glb_container, path, scratch):
    """A copy of the GLB whose samplers are CUBICSPLINE with zero tangents around the same key values (Blender's
    importer turns them into Bezier keys with automatic handles), or None when it has no animation."""
    document, binary = glb_container.read_glb(path)
    if not document.get("animations"):
        return None
    data = bytearray(binary)
    for animation in document["animations"]:
        for sampler in animation["samplers"]:
            accessor = dict(document["accessors"][sampler["output"]])
            view = document["bufferViews"][accessor["bufferView"]]
            width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[accessor["type"]]
            start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
            values = numpy.frombuffer(binary, numpy.float32, accessor["count"] * width, start)
            keys = document["accessors"][sampler["input"]]["count"]
            per_key = values.reshape(keys, -1)
            tripled = numpy.zeros((keys, 3, per_key.shape[1]), dtype=numpy.float32)
            tripled[:, 1] = per_key
            data += bytes(-len(data) % 4)
            document["bufferViews"].append({"buffer": 0, "byteOffset": len(data), "byteLength": tripled.nbytes})
            data += tripled.tobytes()
            accessor.update(bufferView=len(document["bufferViews"]) - 1, count=accessor["count"] * 3)
            accessor.pop("byteOffset", None)
            document["accessors"].append(accessor)
            sampler.update(output=len(document["accessors"]) - 1, interpolation="CUBICSPLINE")
    document["buffers"][0]["byteLength"] = len(data)
    copy = os.path.join(scratch, "cubic_" + os.path.basename(path))
    glb_container.write_glb(copy, document, data)
    return copy


def encoded_copy(glb_container, path, scratch):
    """A copy of the GLB whose animation outputs are stored the other ways glTF allows: rotations as normalized
    16-bit integers, translations with a byte stride (padding after each key), scales and morph weights as sparse
    accessors without a buffer view (every key a sparse value). The importer and the add-on decode them alike."""
    document, binary = glb_container.read_glb(path)
    data = bytearray(binary)

    def append(array, stride=None):
        data.extend(bytes(-len(data) % 4))
        view = {"buffer": 0, "byteOffset": len(data), "byteLength": array.nbytes}
        if stride:
            view["byteStride"] = stride
        document["bufferViews"].append(view)
        data.extend(array.tobytes())
        return len(document["bufferViews"]) - 1

    done = {}
    for animation in document.get("animations", []):
        for channel in animation["channels"]:
            sampler = animation["samplers"][channel["sampler"]]
            if sampler["output"] in done:
                sampler["output"] = done[sampler["output"]]
                continue
            accessor = document["accessors"][sampler["output"]]
            width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[accessor["type"]]
            start = document["bufferViews"][accessor["bufferView"]].get("byteOffset", 0) + accessor.get("byteOffset", 0)
            values = numpy.frombuffer(binary, numpy.float32, accessor["count"] * width, start).reshape(-1, width)
            path_kind = channel["target"]["path"]
            if path_kind == "rotation":
                encoded = numpy.round(numpy.clip(values, -1, 1) * 32767).astype(numpy.int16)
                new = {"bufferView": append(encoded), "componentType": 5122, "normalized": True}
            elif path_kind == "translation":
                padded = numpy.zeros((len(values), 4), dtype=numpy.float32)
                padded[:, :3] = values
                new = {"bufferView": append(padded, stride=16), "componentType": 5126}
            else:
                indices = numpy.arange(len(values), dtype=numpy.uint32)
                new = {"componentType": 5126, "sparse": {
                    "count": len(values), "indices": {"bufferView": append(indices), "componentType": 5125},
                    "values": {"bufferView": append(values.astype(numpy.float32))}}}
            new.update(count=accessor["count"], type=accessor["type"])
            document["accessors"].append(new)
            done[sampler["output"]] = sampler["output"] = len(document["accessors"]) - 1
    document["buffers"][0]["byteLength"] = len(data)
    copy = os.path.join(scratch, "encoded_" + os.path.basename(path))
    glb_container.write_glb(copy, document, data)
    return copy


def install(zip_path):
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    bpy.ops.preferences.addon_enable(module=ADDON)
    return sys.modules[ADDON + ".gltf_import"]


def check_tracks(path, document, addon, failures):
    """One NLA track per glTF animation, named after it."""
    expected = sorted(animation.get("name") for animation in document.get("animations", []) if animation.get("channels"))
    tracks = sorted({track for by_track in addon["summary"].values() for track in by_track})
    if tracks != expected:
        failures.append(f"{path}: NLA tracks {tracks[:5]}... ({len(tracks)}) for the animations {expected[:5]}... "
                        f"({len(expected)})")


def check_expectations(path, expectations, addon, failures):
    """What --expect= asked for is in the add-on's import."""
    moved = {label: by_track for label, by_track in addon["summary"].items() if by_track}
    if "shape-keys" in expectations and not any(label.startswith("shape keys of ") for label in moved):
        failures.append(f"{path}: no animation moves shape keys")
    kinds = {kind for by_track in moved.values() for curves in by_track.values() for *_, found in curves
             for kind in found}
    if "constant" in expectations and "CONSTANT" not in kinds:
        failures.append(f"{path}: no CONSTANT keys (interpolations {sorted(kinds)})")
    unknown = expectations - {"shape-keys", "constant"}
    if unknown:
        failures.append(f"{path}: unknown --expect= {sorted(unknown)}")


BONE_HEURISTICS = ("BLENDER", "TEMPERANCE", "FORTUNE")


def files_and_expectations(arguments):
    """[(file, {what it must hold})] from FILE and --expect=WHAT,... FILE arguments."""
    out, expect = [], set()
    for argument in arguments:
        if argument.startswith("--expect="):
            expect = set(filter(None, argument[len("--expect="):].split(",")))
        else:
            out.append((argument, expect))
            expect = set()
    return out


def main(argv):
    gltf_import = install(argv[0])
    glb_container = sys.modules[ADDON + ".glb_container"]
    failures, paths, expectations = [], [], {}
    for path, expect in files_and_expectations(argv[2:]):
        expectations[path] = expect  # for the file itself, not its copies (a cubic copy has no CONSTANT keys)
        paths.append(path)
        copy = sign_flipped_copy(glb_container, path, argv[1])
        if copy:
            paths.append(copy)
        if 0 < len(glb_container.read_glb(path)[0].get("animations", [])) <= FEW_ANIMATIONS:
            paths.append(cubic_copy(glb_container, path, argv[1]))
            paths.append(encoded_copy(glb_container, path, argv[1]))
    # Every bone direction the add-on offers, each against the importer with the same setting.
    for path, bone_heuristic in [(p, h) for p in paths for h in BONE_HEURISTICS]:
        clear_scene()
        gltf_import.gltf_compat.ensure_numpy_bool()
        bpy.ops.import_scene.gltf(filepath=path, bone_heuristic=bone_heuristic)
        stock = record()
        clear_scene()
        result = gltf_import.import_glb(path, bone_heuristic=bone_heuristic)
        addon = record()
        clear_scene()
        animations = sum(len(by_track) for by_track in stock["summary"].values())
        if animations and not result.actions_by_addon:
            failures.append(f"{path}: the add-on left the actions to the importer: {result.note}")
        worst = compare(path, stock, addon, failures)
        check_tracks(path, glb_container.read_document(path), addon, failures)
        check_expectations(path, expectations.get(path, set()), addon, failures)
        tracks = sorted({t for by_track in stock["summary"].values() for t in by_track})
        print("GAMEFMT_POSES " + json.dumps({"file": path, "bone_heuristic": bone_heuristic, "tracks": len(tracks),
                                             "animated_ids":
                                             len(stock["summary"]), "note": result.note, "worst": worst}),
              flush=True)
    for failure in failures[:40]:
        print("GAMEFMT_POSES_FAIL " + failure, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[sys.argv.index("--") + 1:]))
