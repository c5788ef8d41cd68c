"""Assembles a scene from game models in Blender as a user does, and exports each model on its own: all are
imported in order with the gamefmt add-on (from the source tree), so Blender renames a model's materials whose
names an earlier model's have ("<name>.001"), and the scene's custom properties are the last model's; then each
model's objects are selected and exported with the add-on's exporters to every output format given.

blender -b --factory-startup -noaudio --python-exit-code 1 --python material_clash.py -- \
    GAMEFMT_BINARY OUTPUT_DIR IMPORT_FORMAT_ID EXPORT_FORMAT_ID:EXTENSION[,...] MODEL...

Writes OUTPUT_DIR/<i>.<extension> for the i-th model (from 0) and each export format. Then the first model's
materials are replaced by a new one, "fresh", that carries no game record, and it is exported again with the
first export format to OUTPUT_DIR/fresh.<extension> (the add-on reports gamefmt's warning on Blender's console).
Prints "MATERIAL_CLASH {json}": for each model, the names of its materials in Blender and the files written.
"""
import json
import os
import sys

import bpy
import numpy

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed
    numpy.bool = bool

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "blender"))
import gamefmt_blender  # noqa: E402
from gamefmt_blender.format_operators import identifier  # noqa: E402


def import_model(format_id, path):
    """The objects the add-on's import of `path` added to the scene."""
    before = set(bpy.data.objects)
    result = getattr(bpy.ops.import_scene, "gamefmt_" + identifier(format_id))(filepath=os.path.abspath(path))
    if "FINISHED" not in result:
        raise RuntimeError(f"importing {path} gave {result}")
    return [o for o in bpy.data.objects if o not in before]


def material_names(objects):
    return sorted({slot.material.name for o in objects for slot in o.material_slots if slot.material})


def export_model(objects, format_id, path):
    bpy.ops.object.select_all(action="DESELECT")
    for o in objects:
        o.select_set(True)
    bpy.context.view_layer.objects.active = objects[0]
    result = getattr(bpy.ops.export_scene, "gamefmt_" + identifier(format_id))(filepath=path, use_selection=True)
    if "FINISHED" not in result or not os.path.isfile(path):
        raise RuntimeError(f"exporting {path} gave {result}")


def main(gamefmt, output_dir, format_id, exports, *paths):
    os.environ["PATH"] = os.path.dirname(os.path.abspath(gamefmt)) + os.pathsep + os.environ["PATH"]
    # A sanitizer build of gamefmt reports the format handlers it keeps for the whole program as leaks.
    os.environ["ASAN_OPTIONS"] = "detect_leaks=0"
    bpy.ops.wm.read_factory_settings(use_empty=True)
    gamefmt_blender.register()
    models = [import_model(format_id, path) for path in paths]
    summary = []
    for index, objects in enumerate(models):
        written = []
        for export in exports.split(","):
            export_id, extension = export.split(":")
            path = os.path.join(os.path.abspath(output_dir), f"{index}.{extension}")
            export_model(objects, export_id, path)
            written.append(path)
        summary.append({"materials": material_names(objects), "written": written})
    fresh = bpy.data.materials.new("fresh")
    for o in models[0]:
        for slot in o.material_slots:
            slot.material = fresh
    export_id, extension = exports.split(",")[0].split(":")
    export_model(models[0], export_id, os.path.join(os.path.abspath(output_dir), "fresh." + extension))
    gamefmt_blender.unregister()
    print("MATERIAL_CLASH " + json.dumps(summary), flush=True)


if __name__ == "__main__":
    main(*sys.argv[sys.argv.index("--") + 1:])
