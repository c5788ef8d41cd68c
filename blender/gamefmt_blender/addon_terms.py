"""gamefmt's messages in the add-on's own words. No Blender API here.

gamefmt writes its messages for its command line: they say what to do in its options ("give the game's data
folder (--gamedata DIR, ...)", "-O animations=0"). A Blender user sets those in the import and export panels,
so the add-on names the panel's field instead of the command-line spelling.
"""
import re

# Command-line spellings (regular expressions) and the import panel's words for them.
_IMPORT_TERMS = [
    (r"--gamedata DIR", "the Game Data Folder of the import (or the add-on preferences)"),
    (r"-O gamedata=\S+", "the Game Data Folder of the import (or the add-on preferences)"),
    (r"-O animations=0", "Import Motions off"),
    (r"-O textures=0", "a Textures option of 0"),
    (r"give the \.omf files with the model", "select the .omf files with the model, or name them under Motions"),
]
# What an export panel calls its options: "-O name=value" is the panel's option Name set to value.
_OPTION = re.compile(r"-O ([a-z_]+)=(\S+)")


def _option_label(match):
    name = match.group(1).replace("_", " ").capitalize()
    return f"the export option {name} set to {match.group(2)}"


def in_addon_terms(message, exporting=False):
    """The message with the command line's spellings replaced by the add-on's fields."""
    for pattern, words in _IMPORT_TERMS:
        message = re.sub(pattern, words, message)
    if exporting:
        message = _OPTION.sub(_option_label, message)
    return message
