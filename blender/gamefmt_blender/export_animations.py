"""Which actions an export hands to Blender's glTF exporter: only those the game file will hold.

Blender's glTF exporter samples every action of an armature (with one armature in the scene, even those on no NLA
track), which for a character with 79 actions takes most of a minute; an .ogf or .model export then throws them
all away. `gamefmt formats --json` says per format which animations it writes ("animations"): "none", "all", or
"own" (the model's own: the names listed in the scene's custom properties at the JSON pointer "own_animations",
where the import put the glTF scene extras; all when the scene has no such list). A format's option "motions"
overrides that as the X-Ray .ogf export does: "none" writes none, "embedded" writes all.

The exporter instantiates `glTF2ExportUserExtension` of every enabled add-on for each export and calls its
`gather_actions_hook` with the actions it is about to sample; the add-on's package exports ActionFilter under that
name. It stays inert for every export but the ones the add-on arms.
"""

ALL = None  # no filter: every action

_armed = {"names": ALL}


def _pointer_parts(pointer):
    """The reference tokens of a JSON pointer ("/xray.ogf/embedded_motions")."""
    if not pointer or not pointer.startswith("/"):
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer[1:].split("/")]


def _plain(value):
    """An ID property (group or array) as plain Python values."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if hasattr(value, "to_list"):
        return value.to_list()
    return value


def own_animation_names(scene_properties, pointer):
    """The names at `pointer` in the scene's custom properties, or None when the scene does not list them. The
    list missing from an object that is there is empty: glTF writers leave empty arrays out of extras."""
    parts = _pointer_parts(pointer)
    if not parts:
        return None
    value = scene_properties
    for index, part in enumerate(parts):
        container = _plain(value) if index > 0 else value
        try:
            value = container[part]
        except (KeyError, TypeError, IndexError):
            return set() if index == len(parts) - 1 and isinstance(container, dict) else None
    value = _plain(value)
    if not isinstance(value, (list, tuple)) or not all(isinstance(name, str) for name in value):
        return None
    return set(value)


def chosen_actions(description, options, scene_properties):
    """What the export of `description` (a format of `gamefmt formats --json`) with the chosen options
    [(name, value)] writes: "none", ALL, or a set of animation names."""
    written = description.get("animations") or "all"
    motions = dict(options).get("motions")
    if motions == "none":
        return "none"
    if motions == "embedded" or written == "all":
        return ALL
    if written == "none":
        return "none"
    names = own_animation_names(scene_properties, description.get("own_animations", ""))
    return ALL if names is None else names


class armed:
    """Context manager: glTF exports run inside it hand the exporter only the actions named (ALL: every one)."""

    def __init__(self, names):
        self.names = names

    def __enter__(self):
        _armed["names"] = self.names
        return self

    def __exit__(self, *exc):
        _armed["names"] = ALL
        return False


class ActionFilter:
    """The user extension Blender's glTF exporter instantiates for each export (see the module docstring)."""

    def __init__(self):
        # Bound at export start, so an export armed later (or a user's plain glTF export) is never touched.
        self.names = _armed["names"]

    def gather_actions_hook(self, blender_object, params, export_settings):
        if self.names is ALL:
            return
        # An animation is named after its NLA track, else after its action.
        params.blender_actions = [action for action in params.blender_actions
                                  if action.name in self.names
                                  or params.blender_tracks.get(action.name) in self.names]
