"""Which formats the add-on offers: asks gamefmt, registers one import and one export operator per format and
lists them in File > Import and File > Export, one submenu per game (format_menus). Reloaded when the gamefmt path
changes."""
import bpy

from . import format_menus, format_operators, gamefmt_cli

_import_operators = []
_export_operators = []
status = {"program": None, "formats": 0, "error": None, "skipped": []}


def import_operators():
    return list(_import_operators)


def export_operators():
    return list(_export_operators)


def unload():
    format_menus.unload()
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
    format_menus.load("import", _import_operators)
    format_menus.load("export", _export_operators)
    status.update(program=program, formats=len(descriptions), error=None, skipped=skipped)
    return None


class TOPBAR_MT_gamefmt_import(bpy.types.Menu):
    """Stands in for the game submenus when gamefmt offers no format to import, and says why."""
    bl_idname = "TOPBAR_MT_gamefmt_import"
    bl_label = "Game Formats (gamefmt)"

    def draw(self, context):
        self.layout.label(text=status["error"] or "gamefmt lists no formats it reads", icon="ERROR")


class TOPBAR_MT_gamefmt_export(bpy.types.Menu):
    """Stands in for the game submenus when gamefmt offers no format to export, and says why."""
    bl_idname = "TOPBAR_MT_gamefmt_export"
    bl_label = "Game Formats (gamefmt)"

    def draw(self, context):
        self.layout.label(text=status["error"] or "gamefmt lists no formats it writes", icon="ERROR")


def draw_import_menu(self, context):
    format_menus.draw_file_menu(self.layout, "import", TOPBAR_MT_gamefmt_import.bl_idname)


def draw_export_menu(self, context):
    format_menus.draw_file_menu(self.layout, "export", TOPBAR_MT_gamefmt_export.bl_idname)
