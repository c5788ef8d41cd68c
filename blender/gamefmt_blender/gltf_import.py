"""Opens gamefmt's .glb in Blender: Blender's glTF importer builds the scene (meshes, materials, armatures, shape
keys), the add-on builds the actions with NumPy (action_builder), which for characters with many animations is
several times faster than the importer's key-by-key fcurves and gives the same poses.

How: the importer gets a copy of the .glb whose animations have no key data (glb_animation_split), in the same
folder so that relative texture paths still resolve; the add-on's importer extension (importer_capture) hands over
the importer's node tree when the scene exists, and the add-on reads the key data from the original .glb.
Where that cannot be done (an importer version whose internals were not verified, the add-on not enabled, a file
the add-on cannot read) the importer reads the original .glb alone, as before.
"""
import gc
import os
import sys
import tempfile

import bpy
import numpy

from . import (action_builder, glb_accessors, glb_animation_split, glb_container, gltf_compat, importer_capture,
               key_rate)

# (major, minor) of Blender's glTF add-on (io_scene_gltf2) whose animation import action_builder reproduces, as
# checked by tests/blender/animation_pose_check.py. Other versions use the importer alone.
VERIFIED_IMPORTER_VERSIONS = {(3, 4)}


class ImportResult:
    """finished: the importer finished; actions_by_addon: the add-on built the actions; note: why (not);
    rate_change: (old, new) when the scene's frame rate was set to the keys' rate, else None."""

    def __init__(self, finished, actions_by_addon, note, rate_change=None):
        self.finished, self.actions_by_addon, self.note = finished, actions_by_addon, note
        self.rate_change = rate_change


def _set_scene_rate(rate):
    """The scene's frame rate set to `rate` (None: left as it is), before the importer places keys on frames;
    (old, new) when it changed."""
    render = bpy.context.scene.render
    if rate is None or (render.fps == rate and render.fps_base == 1.0):
        return None
    old = render.fps / render.fps_base
    render.fps, render.fps_base = rate, 1.0
    return old, rate


def fast_path_unavailable():
    """Why the add-on cannot build the actions itself in this Blender, or None when it can."""
    importer = sys.modules.get("io_scene_gltf2")
    version = tuple(getattr(importer, "bl_info", {}).get("version", ())[:2])
    if version not in VERIFIED_IMPORTER_VERSIONS:
        return f"Blender's glTF importer {'.'.join(map(str, version)) or '(not loaded)'} is not one the add-on " \
               f"was verified with"
    package = sys.modules.get(__package__)
    # The importer calls the extensions of enabled add-ons only.
    if __package__ not in bpy.context.preferences.addons or not hasattr(package, "glTF2ImportUserExtension"):
        return f"the {__package__} add-on is not enabled"
    return None


def _stock_import(path, note, bone_heuristic, rate):
    rate_change = _set_scene_rate(rate)
    result = bpy.ops.import_scene.gltf(filepath=path, bone_heuristic=bone_heuristic)
    return ImportResult("FINISHED" in result, False, note, rate_change)


def import_glb(path, build_actions=True, bone_heuristic="BLENDER", match_key_rate=False):
    """Imports the .glb at path into the current scene, with the importer's "Bone Dir" setting bone_heuristic
    (BLENDER, TEMPERANCE, FORTUNE); with match_key_rate, the scene's frame rate first becomes the rate of the
    file's animation keys (key_rate), so that they sit on whole frames. build_actions=False (or an unsupported
    setting, see fast_path_unavailable) leaves everything to Blender's glTF importer."""
    # The JSON document and the importer's objects are hundreds of thousands of Python objects that live for the
    # whole import; without the cyclic garbage collector scanning them again and again it is ~10% faster.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _import_glb(path, build_actions, bone_heuristic, match_key_rate)
    finally:
        if collecting:
            gc.enable()


def _import_glb(path, build_actions, bone_heuristic, match_key_rate):
    gltf_compat.ensure_numpy_bool()
    reason = None if build_actions else "asked for Blender's glTF importer alone"
    reason = reason or fast_path_unavailable()
    rate = None
    if reason is None:
        try:
            # The JSON chunk first: a model without animations (a whole level, say) needs no more reading.
            document = glb_container.read_document(path)
            if document.get("animations"):
                binary = glb_container.read_binary(path)
                channels = glb_animation_split.animation_channels(document, binary)
                scene = glb_animation_split.scene_document(document)
                if match_key_rate and channels:
                    rate = key_rate.rate_of_times(numpy.concatenate([channel.times for channel in channels]))
            else:
                reason, match_key_rate = "no animations", False
        except (glb_container.GlbError, glb_accessors.AccessorError, OSError, ValueError, KeyError, IndexError,
                TypeError) as error:
            reason = f"the add-on cannot read the animations ({error})"
    if reason is not None:
        return _stock_import(path, reason, bone_heuristic, key_rate.glb_key_rate(path) if match_key_rate else None)
    try:
        handle, scene_path = tempfile.mkstemp(prefix=".gamefmt-scene-", suffix=".glb",
                                              dir=os.path.dirname(os.path.abspath(path)))
        os.close(handle)
    except OSError as error:
        return _stock_import(path, f"no room for the scene copy beside the file ({error.strerror})",
                             bone_heuristic, rate)
    rate_change = _set_scene_rate(rate)
    try:
        scene_binary = binary[:scene["buffers"][0]["byteLength"]] if scene.get("buffers") else binary
        glb_container.write_glb(scene_path, scene, scene_binary)
        with importer_capture.armed() as capture:
            result = bpy.ops.import_scene.gltf(filepath=scene_path, bone_heuristic=bone_heuristic)
    finally:
        os.remove(scene_path)
    if "FINISHED" not in result:
        return ImportResult(False, True, "Blender's glTF importer did not finish")
    if not capture.ran:
        raise action_builder.BuildError("Blender's glTF importer did not call the add-on's importer extension")
    made = action_builder.build(capture.gltf, capture.track_names, channels)
    # Blender evaluates the scene when the importer's operator ends, which writes the active actions' values into
    # the animated properties; the same here, so that the scene is in the state the importer alone leaves.
    bpy.context.view_layer.update()
    return ImportResult(True, True, f"{made} actions built by the add-on", rate_change)
