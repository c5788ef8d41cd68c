"""gamefmt for Blender: File > Import and File > Export for every game format the gamefmt program handles.

The formats, their companion files and their options come from `gamefmt formats --json` when the add-on is
enabled (or the gamefmt path changes), so formats added to gamefmt appear here without changing the add-on.
"""

bl_info = {
    "name": "gamefmt: classic game formats",
    "author": "gamefmt developers",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import / Export > one submenu per game (S.T.A.L.K.E.R. (X-Ray), Lugaru, ...)",
    "description": "Import and export classic game assets through the gamefmt converter and glTF",
    "doc_url": "https://github.com/gamefmt/gamefmt/blob/main/docs/blender-addon.md",
    "category": "Import-Export",
}

import bpy

from . import format_registry, preferences, settings
# Blender's glTF importer calls this class's hooks on every enabled add-on that defines it; it only acts on the
# imports the add-on itself starts (see importer_capture and gltf_import).
from .importer_capture import GltfImportCapture as glTF2ImportUserExtension
# Blender's glTF exporter calls this class's hooks likewise; it only acts on the exports the add-on starts (see
# export_animations).
from .export_animations import ActionFilter as glTF2ExportUserExtension

_classes = (
    preferences.GAMEFMT_OT_reload_formats,
    preferences.GamefmtPreferences,
    format_registry.TOPBAR_MT_gamefmt_import,
    format_registry.TOPBAR_MT_gamefmt_export,
)


def register():
    for cls in _classes:
        bpy.utils.register_class(cls)
    error = format_registry.load(settings.configured_path(bpy.context))
    if error:
        print(f"gamefmt add-on: {error}; set the program in the add-on preferences")
    bpy.types.TOPBAR_MT_file_import.append(format_registry.draw_import_menu)
    bpy.types.TOPBAR_MT_file_export.append(format_registry.draw_export_menu)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(format_registry.draw_export_menu)
    bpy.types.TOPBAR_MT_file_import.remove(format_registry.draw_import_menu)
    format_registry.unload()
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
