"""What the user set in the add-on's preferences (the gamefmt program, the game data folder), read from Blender's
context. Imports nothing of the add-on, so the operators and the preferences can both use it without an import
circle (preferences -> format_registry -> format_operators -> settings)."""
import bpy


def _preference(context, name):
    addon = context.preferences.addons.get(__package__)
    path = getattr(addon.preferences, name, "") if addon is not None and addon.preferences is not None else ""
    return bpy.path.abspath(path) if path.startswith("//") else path


def configured_path(context):
    """The gamefmt path set in the preferences ("" when unset), with Blender's "//" prefix resolved."""
    return _preference(context, "gamefmt_path")


def configured_gamedata(context):
    """The game data folder set in the preferences ("" when unset), with Blender's "//" prefix resolved."""
    return _preference(context, "gamedata_path")
