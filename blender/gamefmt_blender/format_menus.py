"""The File > Import and File > Export submenus: one per game ("S.T.A.L.K.E.R. (X-Ray)", "Lugaru", ...) holding
that game's formats, rebuilt with the operators (format_registry.load)."""
import re

import bpy


# [(game name, menu class)] per direction, in the order the File menus show them.
_menus = {"import": [], "export": []}


def _game_menu(direction, key, name, entries):
    """A Menu class labelled with the game's name, listing entries [(label, operator id)]."""
    def draw(self, context):
        for label, operator_id in entries:
            self.layout.operator(operator_id, text=label)
    idname = f"TOPBAR_MT_gamefmt_{direction}_{re.sub(r'[^a-z0-9]+', '_', key.lower())}"
    return type(idname, (bpy.types.Menu,), {"bl_idname": idname, "bl_label": name, "draw": draw})


def unload():
    for menus in _menus.values():
        for _, cls in menus:
            bpy.utils.unregister_class(cls)
        menus.clear()


def load(direction, operators):
    """Registers one submenu per game for the operator classes of one direction ("import" or "export"), each of
    which names its game (gamefmt_game_name, games.game_of), the game's key (gamefmt_game, games.game_key: the
    submenu's id) and its entry (gamefmt_menu_label)."""
    by_game = {}
    for cls in operators:
        by_game.setdefault((cls.gamefmt_game, cls.gamefmt_game_name), []).append((cls.gamefmt_menu_label,
                                                                                   cls.bl_idname))
    names_per_key = {}
    for key, name in by_game:
        names_per_key[key] = names_per_key.get(key, 0) + 1
    for (key, name), entries in by_game.items():
        # Two games under one key (formats of one family naming different games) get a submenu each.
        menu_key = key if names_per_key[key] == 1 else f"{key}_{name}"
        cls = _game_menu(direction, menu_key, name, sorted(entries))
        bpy.utils.register_class(cls)
        _menus[direction].append((cls.bl_label, cls))
    _menus[direction].sort(key=lambda item: item[0].lower())


def game_menus(direction):
    """The registered game submenu classes of one direction, in menu order."""
    return [cls for _, cls in _menus[direction]]


def draw_file_menu(layout, direction, fallback_idname):
    """The game submenus in File > Import or Export; the fallback submenu (which says why) when there are none."""
    layout.separator()
    menus = game_menus(direction)
    if not menus:
        layout.menu(fallback_idname)
    for cls in menus:
        layout.menu(cls.bl_idname)
