"""Hands the add-on the state of Blender's glTF importer at the moment it would build the actions.

Blender's glTF importer (io_scene_gltf2) instantiates `glTF2ImportUserExtension` of every enabled add-on module that
defines it and calls its hooks during an import. The add-on's package exports this class under that name. It stays
inert for every glTF import but the ones the add-on arms: for those, the `gather_import_animations` hook (called
after the objects, armatures and meshes exist, before any action is made) keeps the importer's node tree (its
"vnodes": Blender objects and bones, axis and bone-orientation corrections), the track name of every animation and
the shape key names, then empties the animation list so the importer builds no action itself.
"""

_armed = {"capture": None}


class Capture:
    """What one armed import saw: the importer's state object, the animation track names, whether the hook ran."""

    def __init__(self):
        self.gltf = None
        self.track_names = []
        self.ran = False


class armed:
    """Context manager: the glTF imports run inside it are captured into the Capture it returns."""

    def __enter__(self):
        _armed["capture"] = Capture()
        return _armed["capture"]

    def __exit__(self, *exc):
        _armed["capture"] = None
        return False


class GltfImportCapture:
    """The user extension Blender's glTF importer instantiates for each import (see the module docstring)."""

    def __init__(self):
        # Bound at import start, so a capture armed later (or a user's plain glTF import) is never touched.
        self.capture = _armed["capture"]

    def gather_import_animations(self, gltf_animations, animation_options, gltf):
        capture = self.capture
        if capture is None:
            return
        capture.gltf = gltf
        capture.track_names = [animation.track_name for animation in gltf_animations or []]
        capture.ran = True
        if gltf_animations:
            # The importer tests this same list before building actions; emptied, it builds none.
            gltf_animations.clear()
        animation_options.restore_first_anim = False
