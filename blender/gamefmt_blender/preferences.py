"""The add-on's preferences: where the gamefmt program is, and a button to ask it again for its formats."""
import bpy
from bpy.props import StringProperty

from . import format_registry
from .settings import configured_path


def _path_changed(self, context):
    format_registry.load(configured_path(context))


class GAMEFMT_OT_reload_formats(bpy.types.Operator):
    """Ask gamefmt again which formats it reads and writes, and rebuild the menus"""
    bl_idname = "preferences.gamefmt_reload_formats"
    bl_label = "Reload gamefmt Formats"

    def execute(self, context):
        error = format_registry.load(configured_path(context))
        if error:
            self.report({"ERROR"}, error)
            return {"CANCELLED"}
        self.report({"INFO"}, f"gamefmt: {format_registry.status['formats']} formats")
        return {"FINISHED"}


class GamefmtPreferences(bpy.types.AddonPreferences):
    bl_idname = __package__

    gamefmt_path: StringProperty(
        name="gamefmt Program",
        description="Path of the gamefmt executable; empty: the gamefmt found on PATH",
        subtype="FILE_PATH",
        update=_path_changed,
    )
    gamedata_path: StringProperty(
        name="Game Data Folder",
        description="Default folder for textures and motion references when an import does not name one "
                    "(X-Ray's gamedata, or the folder holding Grimrock's mod_assets); empty: found by walking "
                    "up from each imported file",
        subtype="DIR_PATH",
    )

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "gamefmt_path")
        layout.prop(self, "gamedata_path")
        status = format_registry.status
        row = layout.row()
        if status["error"]:
            row.label(text=status["error"], icon="ERROR")
        else:
            row.label(text=f"{status['program']}: {status['formats']} formats "
                           f"({len(format_registry.import_operators())} import, "
                           f"{len(format_registry.export_operators())} export)", icon="CHECKMARK")
        row.operator(GAMEFMT_OT_reload_formats.bl_idname, text="Reload", icon="FILE_REFRESH")
        for message in status["skipped"]:
            layout.label(text=f"Format skipped: {message}", icon="ERROR")
