"""Which game each format belongs to, and how its entry in that game's File > Import / Export submenu reads.
No Blender API here.

A user looks for the game, not the engine family: `gamefmt formats --json` names it in each format's "game" (the
handler's FormatDescription::game, the one place the names are written). MagicaVoxel's `.vox` is in the Westwood
family, since it converts to and from `.vxl`, and its game is MagicaVoxel's own. A format without a game (none
gamefmt lists) is shown under its family's name.
"""
import re


def _words(text):
    """Lower-case letters and digits of each word: "X-Ray" -> "xray"."""
    return [re.sub(r"[^a-z0-9]", "", word) for word in text.lower().split()]


def _product(description):
    return str(description.get("id", "")).split("-", 1)[0].lower()


def game_of(description):
    """The name of the format's game: the description's "game", else its family's name, tidied."""
    game = description.get("game")
    if isinstance(game, str) and game.strip():
        return game.strip()
    family = str(description.get("family") or _product(description) or "other")
    return family.replace("_", " ").replace("-", " ").title()


def game_key(description):
    """An identifier for the format's game (its submenu's): the game's name in lower-case words joined by "_",
    "Legend of Grimrock / Druidstone" -> "legend_of_grimrock_druidstone"."""
    return "_".join(word for word in _words(game_of(description)) if word) or "other"


def _file_kinds(description):
    return ["." + ext for ext in description.get("extensions", [])] or list(description.get("file_names", []))


def entry_label(description):
    """The format's name without what its game submenu already says, then its extensions unless the name names
    them: "X-Ray model" -> "Model (.ogf)", "Shinobi model (Legend of Grimrock, Druidstone)" -> "Model (.model)",
    "X-Ray SDK object/camera path (.anm)" -> "SDK object/camera path (.anm)"."""
    key = game_key(description)
    game_words = set(_words(game_of(description))) | {key, str(description.get("family", "")).lower(), _product(description)}
    name = str(description.get("name") or description.get("id", "?"))

    def repeats_game(match):
        words = [w for w in _words(match.group(1).replace(",", " ").replace("/", " ")) if w]
        return "" if words and set(words) <= game_words else match.group(0)

    name = re.sub(r"\s*\(([^()]*)\)", repeats_game, name).strip()
    words = name.split()
    if len(words) > 1 and _words(words[0])[0] in game_words:
        name = " ".join(words[1:])
    name = name[:1].upper() + name[1:]
    kinds = [kind for kind in _file_kinds(description) if kind.lower() not in name.lower()]
    if not kinds:
        return name
    listed = ", ".join(kinds)
    if name.endswith(")"):  # one pair of parentheses: "BigFile archive (FUEL PC, .dpc)"
        return f"{name[:-1]}, {listed})"
    return f"{name} ({listed})"
