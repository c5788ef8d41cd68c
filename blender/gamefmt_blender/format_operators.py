"""Import and export operators made at run time, one pair per format that `gamefmt formats --json` lists.

Import: gamefmt converts the game file (and its companions) to a temporary .glb; Blender's glTF importer reads it,
the add-on builds the animations' actions itself (gltf_import). The file browser shows the format's files and its
companions' files; companions selected with the file, or named in the panel, go with it; Import Motions
(motion_toggle) leaves motions out, Keep Way Back off the records only the exact way back needs.
Export: Blender's glTF exporter writes the selection to a temporary .glb; gamefmt converts it to the game format.
"""
import os
import re
import tempfile

import bpy
from bpy.props import BoolProperty, CollectionProperty, EnumProperty, StringProperty
from bpy.types import Operator, OperatorFileListElement
from bpy_extras.io_utils import ExportHelper, ImportHelper

from . import (addon_terms, export_animations, gamefmt_cli, games, glb_animations, gltf_import, motion_toggle,
               role_collections,
               settings)

# Keep Way Back (formats listing "way_back_records" in `gamefmt formats --json`): on, the records whose only use is
# writing the game's file back byte for byte are kept whole ("full"), since Blender's glTF exporter writes the
# meshes anew (the CLI's default "compact" patches hold only against the glTF gamefmt wrote); off, they are left
# out.
WHOLE_WAY_BACK = ("way_back", "full")
NO_WAY_BACK = ("way_back", "off")

# Blender's glTF importer gives glTF joints (which have no tails) bone directions by its "Bone Dir" setting
# (bone_heuristic). "BLENDER" keeps each joint's own axes: the bones are the game's, as its animations expect.
# The others turn bones to point at a child; gamefmt's export turns them back to the game's frames either way.
BONE_DIRECTIONS = [
    ("BLENDER", "Game's Axes", "Keep every bone's axes as the game has them (Blender's glTF 'Blender' bone "
                               "direction): bones may point sideways, the game's animations play as they are"),
    ("TEMPERANCE", "Temperance", "Point each bone at a child, along the nearest axis (Blender's glTF default); "
                                 "the export turns the bones back to the game's frames"),
    ("FORTUNE", "Fortune", "Point each bone exactly at a child; the export turns the bones back to the game's "
                           "frames"),
]


def identifier(text):
    """Lower-case letters, digits and underscores only: usable in operator ids and property names."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


def _filter_glob(extensions, file_names=()):
    extensions = list(dict.fromkeys(extensions))
    patterns = [f"*.{ext}" for ext in extensions]
    patterns += [f"*.{ext.upper()}" for ext in extensions if ext.upper() != ext]
    patterns += list(file_names)
    return ";".join(patterns) or "*"


def _option_property(spec):
    """An EnumProperty for an option with choices, else a StringProperty (empty = gamefmt's default)."""
    name = spec["name"].replace("_", " ").replace("-", " ").capitalize()
    description = spec.get("description", "")
    choices = spec.get("choices") or []
    default = spec.get("default", "")
    if choices:
        items = [(choice, choice, "") for choice in choices]
        return EnumProperty(name=name, description=description, items=items,
                            default=default if default in choices else choices[0])
    return StringProperty(name=name, description=description, default=default)


def _companion_extensions(description):
    return [ext.lower() for spec in description.get("companions", []) for ext in spec.get("extensions", [])]


def _role_label(spec):
    return spec["role"].replace("_", " ").capitalize()


def _companion_property(spec):
    """A file picker for one companion file (a folder picker for a role without extensions); several paths
    separated by ';' when the role takes many."""
    extensions = spec.get("extensions") or []
    description = spec.get("description", "")
    if extensions:
        description += f" ({', '.join('.' + e for e in extensions)})"
    if spec.get("multiple"):
        description += "; several paths separated by ';', or select the files with the model in the file browser"
    subtype = "FILE_PATH" if extensions else "DIR_PATH"
    return StringProperty(name=_role_label(spec), description=description, subtype=subtype)


def _option_properties(specs):
    """[(property name, option name, default)] and the property annotations for a list of option specs."""
    mapping, annotations = [], {}
    for spec in specs:
        prop = "option_" + identifier(spec["name"])
        mapping.append((prop, spec["name"], spec.get("default", "")))
        annotations[prop] = _option_property(spec)
    return mapping, annotations


def _chosen_options(operator):
    """(name, value) for every option the user changed from gamefmt's default."""
    return [(name, getattr(operator, prop)) for prop, name, default in operator.gamefmt_options
            if getattr(operator, prop) != default and getattr(operator, prop) != ""]


def _program(operator, context):
    program = gamefmt_cli.find_program(settings.configured_path(context))
    if program is None:
        operator.report({"ERROR"}, "gamefmt program not found: put it on PATH or set its path in the "
                                   "preferences of the gamefmt add-on")
    return program


def _extension_of(path):
    return os.path.splitext(path)[1][1:].lower()


def _selected_paths(operator):
    """Every file chosen in the file browser (several when the user selected several), else filepath."""
    directory = bpy.path.abspath(operator.directory) if operator.directory else os.path.dirname(operator.filepath)
    names = [f.name for f in operator.files if f.name]
    if names:
        return [os.path.join(directory, name) for name in names]
    return [bpy.path.abspath(operator.filepath)]


def _split_primaries(operator, paths):
    """Files of the format itself are imported one by one; selected files that only fit a companion role go
    along with each of them as companions."""
    own = set(operator.gamefmt_extensions)
    companion_extensions = {ext for _, spec in operator.gamefmt_companions for ext in spec.get("extensions", [])}
    primaries = [p for p in paths if _extension_of(p) in own or _extension_of(p) not in companion_extensions]
    companions = [p for p in paths if p not in primaries]
    if not primaries and companions:
        primaries, companions = companions[:1], companions[1:]
    return primaries, companions


def _imports_motions(operator):
    return getattr(operator, "import_motions", True)


def _keeps_way_back(operator):
    return getattr(operator, "keep_way_back", True)


def _named_companions(operator):
    paths = []
    for prop, spec in operator.gamefmt_companions:
        value = getattr(operator, prop).strip()
        if not value or (motion_toggle.is_motion_role(spec) and not _imports_motions(operator)):
            continue
        parts = value.split(";") if spec.get("multiple") else [value]
        paths += [bpy.path.abspath(part.strip()) for part in parts if part.strip()]
    return paths


def _repoint_images(images_before, temp_dir, source_dir):
    """Texture files named by the game file live beside it, not beside the temporary .glb."""
    for image in bpy.data.images:
        if image.name in images_before or image.packed_file is not None:
            continue
        path = bpy.path.abspath(image.filepath)
        if path.startswith(temp_dir + os.sep):
            image.filepath = os.path.join(source_dir, os.path.relpath(path, temp_dir))
            if os.path.isfile(image.filepath):
                image.reload()


def _import_execute(self, context):
    program = _program(self, context)
    if program is None:
        return {"CANCELLED"}
    primaries, selected_companions = _split_primaries(self, _selected_paths(self))
    if not _imports_motions(self):
        motion_only = motion_toggle.motion_only_extensions([spec for _, spec in self.gamefmt_companions])
        selected_companions = [p for p in selected_companions if _extension_of(p) not in motion_only]
    companions = _named_companions(self) + selected_companions
    options = _chosen_options(self)
    if not _imports_motions(self):
        options.append(motion_toggle.NO_ANIMATIONS)
    options.append(WHOLE_WAY_BACK if _keeps_way_back(self) else NO_WAY_BACK)
    gamedata = bpy.path.abspath(self.gamedata) if self.gamedata else settings.configured_gamedata(context)
    if gamedata:
        options.append(("gamedata", gamedata))
    imported = 0
    for primary in primaries:
        with tempfile.TemporaryDirectory(prefix="gamefmt-import-") as temp_dir:
            glb = os.path.join(temp_dir, os.path.splitext(os.path.basename(primary))[0] + ".glb")
            try:
                completed = gamefmt_cli.convert(program, [primary, *companions], glb, options)
            except gamefmt_cli.GamefmtError as error:
                self.report({"ERROR"}, addon_terms.in_addon_terms(str(error)))
                return {"CANCELLED"}
            # What gamefmt worked around (a missing texture or motion file, bytes the game ignores...).
            for warning in gamefmt_cli.warnings_of(completed):
                self.report({"WARNING"}, addon_terms.in_addon_terms(warning))
            images_before = {image.name for image in bpy.data.images}
            objects_before = set(bpy.data.objects)
            try:
                result = gltf_import.import_glb(glb, bone_heuristic=self.bone_dir,
                                                match_key_rate=self.frame_rate == "GAME")
            except gltf_import.action_builder.BuildError as error:
                self.report({"ERROR"}, f"{primary}: the scene was imported but not its animations: {error}")
                return {"CANCELLED"}
            if not result.finished:
                self.report({"ERROR"}, f"{primary}: Blender's glTF importer failed on gamefmt's output")
                return {"CANCELLED"}
            if result.rate_change:
                old, new = result.rate_change
                self.report({"INFO"}, f"Scene frame rate set to {new} fps, the rate of the game's keys (was {old:g})")
            _repoint_images(images_before, temp_dir, os.path.dirname(primary))
            role_collections.organise([obj for obj in bpy.data.objects if obj not in objects_before],
                                      os.path.basename(primary))
        imported += 1
    self.report({"INFO"}, f"Imported {imported} {self.gamefmt_name} file(s) with gamefmt")
    return {"FINISHED"}


def _selected_in_browser(context):
    """Names of the files selected in the open file browser (the panel is drawn there), else none."""
    entries = getattr(context, "selected_files", None) or []
    return [getattr(entry, "relative_path", "") or entry.name for entry in entries]


def _import_draw(self, context):
    """The file browser's side panel: companion files (with Import Motions), the format's options, game data."""
    layout = self.layout
    if self.gamefmt_companions:
        specs = [spec for _, spec in self.gamefmt_companions]
        box = layout.box()
        box.label(text="Companion Files", icon="LINKED")
        if hasattr(self, "import_motions"):
            box.prop(self, "import_motions")
        role_of = {}  # extension -> the name of the first role that takes it
        for prop, spec in self.gamefmt_companions:
            name = _role_label(spec)
            column = box.column(align=True)
            column.enabled = _imports_motions(self) or not motion_toggle.is_motion_role(spec)
            column.label(text=name + ":")
            column.prop(self, prop, text="")
            for ext in spec.get("extensions", []):
                role_of.setdefault(ext.lower(), name)
        left_out = set() if _imports_motions(self) else motion_toggle.motion_only_extensions(specs)
        selected = [name for name in _selected_in_browser(context)
                    if _extension_of(name) in role_of and _extension_of(name) not in self.gamefmt_extensions]
        for name in selected:
            if _extension_of(name) in left_out:
                box.label(text=f"{name}: left out (Import Motions is off)", icon="X")
            else:
                box.label(text=f"{name}: {role_of[_extension_of(name)].lower()}", icon="CHECKMARK")
        if not selected:
            box.label(text="Or select them with the file", icon="INFO")
    if self.gamefmt_options:
        box = layout.box()
        box.label(text="Options", icon="PREFERENCES")
        for prop, _, _ in self.gamefmt_options:
            box.prop(self, prop)
    if hasattr(self, "keep_way_back"):
        layout.prop(self, "keep_way_back")
    box = layout.box()
    box.label(text="Armature", icon="ARMATURE_DATA")
    box.prop(self, "bone_dir")
    box.prop(self, "frame_rate")
    box = layout.box()
    box.label(text="Game Data Folder", icon="FILE_FOLDER")
    box.prop(self, "gamedata", text="")
    if not self.gamedata:
        default = settings.configured_gamedata(context)
        box.label(text=f"From the preferences: {default}" if default else "Found by walking up from the file")


def _export_check(self, context):
    """Keep any of the format's extensions the user typed; otherwise add the first one."""
    if _extension_of(self.filepath) in self.gamefmt_extensions or not os.path.basename(self.filepath):
        return False
    self.filepath = bpy.path.ensure_ext(os.path.splitext(self.filepath)[0], self.filename_ext)
    return True


def _export_execute(self, context):
    program = _program(self, context)
    if program is None:
        return {"CANCELLED"}
    if self.use_selection and not context.selected_objects:
        self.report({"ERROR"}, "Nothing is selected: select the objects to export, or untick 'Selected Only'")
        return {"CANCELLED"}
    output = bpy.path.abspath(self.filepath)
    if _extension_of(output) not in self.gamefmt_extensions:
        output += self.filename_ext
    with tempfile.TemporaryDirectory(prefix="gamefmt-export-") as temp_dir:
        glb = os.path.join(temp_dir, os.path.splitext(os.path.basename(output))[0] + ".glb")
        # Only the actions the game file will hold: Blender's exporter samples every action it is given.
        written = export_animations.chosen_actions(
            {"animations": self.gamefmt_animations, "own_animations": self.gamefmt_own_animations},
            _chosen_options(self), context.scene)
        with export_animations.armed(export_animations.ALL if written == "none" else written):
            result = bpy.ops.export_scene.gltf(filepath=glb, export_format="GLB", use_selection=self.use_selection,
                                               export_extras=True, export_yup=True,
                                               export_apply=self.apply_modifiers, export_animations=written != "none",
                                               export_skins=True, export_morph=True)
        if "FINISHED" not in result or not os.path.isfile(glb):
            self.report({"ERROR"}, "Blender's glTF exporter wrote nothing")
            return {"CANCELLED"}
        glb_animations.merge_same_name_animations(glb)
        try:
            completed = gamefmt_cli.convert(program, [glb], output, _chosen_options(self))
        except gamefmt_cli.GamefmtError as error:
            self.report({"ERROR"}, addon_terms.in_addon_terms(str(error), exporting=True))
            return {"CANCELLED"}
    # What gamefmt filled in (a material without its game record gets the format's defaults).
    for warning in gamefmt_cli.warnings_of(completed):
        self.report({"WARNING"}, addon_terms.in_addon_terms(warning, exporting=True))
    self.report({"INFO"}, f"Exported {os.path.basename(output)} with gamefmt")
    return {"FINISHED"}


def make_import_operator(description):
    """The File > Import operator class for one format description, or None when gamefmt cannot read it."""
    if not description.get("read"):
        return None
    slug = identifier(description["id"])
    extensions = [ext.lower() for ext in description.get("extensions", [])]
    option_map, annotations = _option_properties(description.get("import_options", []))
    companions = []
    for spec in description.get("companions", []):
        prop = "companion_" + identifier(spec["role"])
        companions.append((prop, spec))
        annotations[prop] = _companion_property(spec)
    if motion_toggle.offers_toggle([spec for _, spec in companions]):
        annotations["import_motions"] = BoolProperty(
            name="Import Motions",
            description="Import the model's animations: its own, the motion files selected or named here and those "
                        "gamefmt finds for it (X-Ray motion references in the game data, same-name files beside "
                        "it). Off: the model and its skeleton only",
            default=True)
    if description.get("way_back_records"):
        annotations["keep_way_back"] = BoolProperty(
            name="Keep Way Back",
            description="Keep in the scene's custom properties what writing the game's file back byte for byte "
                        "needs (the file's stored bytes, about a third of the import's size). Off: a lighter "
                        "scene for viewing; an export then writes the file from the scene, as after an edit, "
                        "no longer the same bytes",
            default=True)
    annotations.update({
        "bone_dir": EnumProperty(name="Bone Dir", items=BONE_DIRECTIONS, default="BLENDER",
                                 description="How Blender's glTF importer points the bones (glTF joints have no "
                                             "tails)"),
        "frame_rate": EnumProperty(
            name="Frame Rate", default="GAME",
            items=[("GAME", "Game's", "Set the scene's frame rate to the rate of the game's keys (30 fps for X-Ray "
                                      "motions): every key sits on a frame, and the export gives the keys back"),
                   ("KEEP", "Keep the Scene's", "Keep the scene's frame rate: keys made at another rate fall "
                                                "between frames, and an export samples them at the scene's rate")],
            description="The scene's frame rate for the imported animations"),
        "gamedata": StringProperty(
            name="Game Data Folder",
            description="Where the model's textures (and X-Ray motion references) are found: X-Ray's gamedata, "
                        "or the folder holding Grimrock's mod_assets. Empty: the folder set in the add-on's "
                        "preferences, else found by walking up from the file",
            subtype="DIR_PATH"),
        "filter_glob": StringProperty(default=_filter_glob(extensions + _companion_extensions(description),
                                                           description.get("file_names", [])),
                                      options={"HIDDEN"}),
        "files": CollectionProperty(type=OperatorFileListElement, options={"HIDDEN", "SKIP_SAVE"}),
        "directory": StringProperty(subtype="DIR_PATH", options={"HIDDEN", "SKIP_SAVE"}),
    })
    return type(f"IMPORT_SCENE_OT_gamefmt_{slug}", (Operator, ImportHelper), {
        "bl_idname": f"import_scene.gamefmt_{slug}",
        "bl_label": f"Import {description['name']}",
        "bl_description": f"Import a {description['name']} with gamefmt (companion files: see the options)",
        "bl_options": {"REGISTER", "UNDO", "PRESET"},
        "__annotations__": annotations,
        "gamefmt_id": description["id"],
        "gamefmt_name": description["name"],
        "gamefmt_extensions": extensions,
        "gamefmt_options": option_map,
        "gamefmt_companions": companions,
        "gamefmt_game": games.game_key(description),
        "gamefmt_game_name": games.game_of(description),
        "gamefmt_menu_label": games.entry_label(description),
        "draw": _import_draw,
        "execute": _import_execute,
    })


def make_export_operator(description):
    """The File > Export operator class for one format description, or None when gamefmt cannot write it."""
    extensions = [ext.lower() for ext in description.get("extensions", [])]
    if not description.get("write") or not extensions:
        return None
    slug = identifier(description["id"])
    option_map, annotations = _option_properties(description.get("export_options", []))
    annotations.update({
        "filter_glob": StringProperty(default=_filter_glob(extensions), options={"HIDDEN"}),
        "use_selection": BoolProperty(name="Selected Only", description="Export the selected objects only",
                                      default=True),
        "apply_modifiers": BoolProperty(name="Apply Modifiers", description="Export meshes with their modifiers "
                                        "applied (armature modifiers excepted)", default=False),
    })
    return type(f"EXPORT_SCENE_OT_gamefmt_{slug}", (Operator, ExportHelper), {
        "bl_idname": f"export_scene.gamefmt_{slug}",
        "bl_label": f"Export {description['name']}",
        "bl_description": f"Export the selection as a {description['name']} with gamefmt",
        "bl_options": {"REGISTER", "PRESET"},
        "__annotations__": annotations,
        "filename_ext": "." + extensions[0],
        "gamefmt_animations": description.get("animations") or "all",
        "gamefmt_own_animations": description.get("own_animations") or "",
        "gamefmt_id": description["id"],
        "gamefmt_name": description["name"],
        "gamefmt_extensions": extensions,
        "gamefmt_options": option_map,
        "gamefmt_game": games.game_key(description),
        "gamefmt_game_name": games.game_of(description),
        "gamefmt_menu_label": games.entry_label(description),
        "check": _export_check,
        "execute": _export_execute,
    })
