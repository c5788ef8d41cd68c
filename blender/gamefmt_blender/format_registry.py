"""Which formats the add-on offers: asks gamefmt, registers one import and one export operator per format and
lists them in the File > Import and File > Export submenus. Reloaded when the gamefmt path changes."""
import bpy

from . import format_operators, gamefmt_cli

_import_operators = []
_export_operators = []
status = {"program": None, "formats": 0, "error": None, "skipped": []}


def import_operators():
    return list(_import_operators)


def export_operators():
    return list(_export_operators)


def unload():
    for cls in _import_operators + _export_operators:
        bpy.utils.unregister_class(cls)
    _import_operators.clear()
    _export_operators.clear()
    status.update(program=None, formats=0, error=None, skipped=[])


def load(configured_path):
    """(Re)registers the operators for the formats of the gamefmt found at configured_path or on PATH.
    Returns an error message, or None."""
    unload()
    program = gamefmt_cli.find_program(configured_path)
    if program is None:
        where = f"at {configured_path}" if configured_path else "on PATH"
        status["error"] = f"gamefmt program not found {where}"
        return status["error"]
    try:
        document = gamefmt_cli.list_formats(program)
    except gamefmt_cli.GamefmtError as error:
        status["error"] = str(error)
        return status["error"]
    descriptions = sorted(document["formats"], key=lambda d: (str(d.get("name", "")), str(d.get("id", ""))))
    skipped = []
    for description in descriptions:
        for make, registered in ((format_operators.make_import_operator, _import_operators),
                                 (format_operators.make_export_operator, _export_operators)):
            # One odd description must not cost the user every other format.
            try:
                cls = make(description)
                if cls is not None:
                    bpy.utils.register_class(cls)
                    registered.append(cls)
            except (KeyError, TypeError, ValueError, RuntimeError) as error:
                skipped.append(f"{description.get('id', '?')}: {error}")
    for message in skipped:
        print(f"gamefmt add-on: format skipped: {message}")
    status.update(program=program, formats=len(descriptions), error=None, skipped=skipped)
    return None


class TOPBAR_MT_gamefmt_import(bpy.types.Menu):
    bl_idname = "TOPBAR_MT_gamefmt_import"
    bl_label = "Game Formats (gamefmt)"

    def draw(self, context):
        if not _import_operators:
            self.layout.label(text=status["error"] or "gamefmt lists no formats it reads", icon="ERROR")
        for cls in _import_operators:
            self.layout.operator(cls.bl_idname, text=cls.gamefmt_menu_label)


class TOPBAR_MT_gamefmt_export(bpy.types.Menu):
    bl_idname = "TOPBAR_MT_gamefmt_export"
    bl_label = "Game Formats (gamefmt)"

    def draw(self, context):
        if not _export_operators:
            self.layout.label(text=status["error"] or "gamefmt lists no formats it writes", icon="ERROR")
        for cls in _export_operators:
            self.layout.operator(cls.bl_idname, text=cls.gamefmt_menu_label)


def draw_import_menu(self, context):
    self.layout.menu(TOPBAR_MT_gamefmt_import.bl_idname)


def draw_export_menu(self, context):
    self.layout.menu(TOPBAR_MT_gamefmt_export.bl_idname)
