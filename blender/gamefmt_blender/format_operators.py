"""Import and export operators made at run time, one pair per format that `gamefmt formats --json` lists.

Import: gamefmt converts the game file (and its companions) to a temporary .glb; Blender's glTF importer reads it,
the add-on builds the animations' actions itself (gltf_import).
Export: Blender's glTF exporter writes the selection to a temporary .glb; gamefmt converts it to the game format.
"""
import os
import re
import tempfile

import bpy
from bpy.props import BoolProperty, CollectionProperty, EnumProperty, StringProperty
from bpy.types import Operator, OperatorFileListElement
from bpy_extras.io_utils import ExportHelper, ImportHelper

from . import gamefmt_cli, glb_animations, gltf_import


def identifier(text):
    """Lower-case letters, digits and underscores only: usable in operator ids and property names."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


def _extensions_label(description):
    return ", ".join("." + ext for ext in description.get("extensions", [])) or ", ".join(description.get("file_names", []))


def _filter_glob(extensions, file_names=()):
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


def _companion_property(spec):
    """A path for one companion file (or folder); several paths separated by ';' when the role takes many."""
    role = spec["role"]
    extensions = spec.get("extensions") or []
    description = spec.get("description", "")
    if extensions:
        description += f" ({', '.join('.' + e for e in extensions)})"
    if spec.get("multiple"):
        return StringProperty(name=role.replace("_", " ").capitalize(),
                              description=description + "; several paths separated by ';'")
    subtype = "FILE_PATH" if extensions else "DIR_PATH"
    return StringProperty(name=role.replace("_", " ").capitalize(), description=description, subtype=subtype)


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
    from . import preferences
    program = gamefmt_cli.find_program(preferences.configured_path(context))
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


def _named_companions(operator):
    paths = []
    for prop, spec in operator.gamefmt_companions:
        value = getattr(operator, prop).strip()
        if not value:
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
    companions = _named_companions(self) + selected_companions
    options = _chosen_options(self)
    from . import preferences
    gamedata = bpy.path.abspath(self.gamedata) if self.gamedata else preferences.configured_gamedata(context)
    if gamedata:
        options.append(("gamedata", gamedata))
    imported = 0
    for primary in primaries:
        with tempfile.TemporaryDirectory(prefix="gamefmt-import-") as temp_dir:
            glb = os.path.join(temp_dir, os.path.splitext(os.path.basename(primary))[0] + ".glb")
            try:
                gamefmt_cli.convert(program, [primary, *companions], glb, options)
            except gamefmt_cli.GamefmtError as error:
                self.report({"ERROR"}, str(error))
                return {"CANCELLED"}
            images_before = {image.name for image in bpy.data.images}
            try:
                result = gltf_import.import_glb(glb)
            except gltf_import.action_builder.BuildError as error:
                self.report({"ERROR"}, f"{primary}: the scene was imported but not its animations: {error}")
                return {"CANCELLED"}
            if not result.finished:
                self.report({"ERROR"}, f"{primary}: Blender's glTF importer failed on gamefmt's output")
                return {"CANCELLED"}
            _repoint_images(images_before, temp_dir, os.path.dirname(primary))
        imported += 1
    self.report({"INFO"}, f"Imported {imported} {self.gamefmt_name} file(s) with gamefmt")
    return {"FINISHED"}


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
        result = bpy.ops.export_scene.gltf(filepath=glb, export_format="GLB", use_selection=self.use_selection,
                                           export_extras=True, export_yup=True, export_apply=self.apply_modifiers,
                                           export_animations=True, export_skins=True, export_morph=True)
        if "FINISHED" not in result or not os.path.isfile(glb):
            self.report({"ERROR"}, "Blender's glTF exporter wrote nothing")
            return {"CANCELLED"}
        glb_animations.merge_same_name_animations(glb)
        try:
            completed = gamefmt_cli.convert(program, [glb], output, _chosen_options(self))
        except gamefmt_cli.GamefmtError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
    # What gamefmt filled in (a material without its game record gets the format's defaults).
    for warning in gamefmt_cli.warnings_of(completed):
        self.report({"WARNING"}, warning)
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
    annotations.update({
        "gamedata": StringProperty(
            name="Game Data Folder",
            description="Where the model's textures (and X-Ray motion references) are found: X-Ray's gamedata, "
                        "or the folder holding Grimrock's mod_assets. Empty: the folder set in the add-on's "
                        "preferences, else found by walking up from the file",
            subtype="DIR_PATH"),
        "filter_glob": StringProperty(default=_filter_glob(extensions, description.get("file_names", [])),
                                      options={"HIDDEN"}),
        "files": CollectionProperty(type=OperatorFileListElement, options={"HIDDEN", "SKIP_SAVE"}),
        "directory": StringProperty(subtype="DIR_PATH", options={"HIDDEN", "SKIP_SAVE"}),
    })
    label = f"{description['name']} ({_extensions_label(description)})"
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
        "gamefmt_menu_label": label,
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
    label = f"{description['name']} ({_extensions_label(description)})"
    return type(f"EXPORT_SCENE_OT_gamefmt_{slug}", (Operator, ExportHelper), {
        "bl_idname": f"export_scene.gamefmt_{slug}",
        "bl_label": f"Export {description['name']}",
        "bl_description": f"Export the selection as a {description['name']} with gamefmt",
        "bl_options": {"REGISTER", "PRESET"},
        "__annotations__": annotations,
        "filename_ext": "." + extensions[0],
        "gamefmt_id": description["id"],
        "gamefmt_name": description["name"],
        "gamefmt_extensions": extensions,
        "gamefmt_options": option_map,
        "gamefmt_menu_label": label,
        "check": _export_check,
        "execute": _export_execute,
    })
