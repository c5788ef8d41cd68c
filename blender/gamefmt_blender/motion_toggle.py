"""The import's Import Motions switch. No Blender API here.

A format offers it when one of its companion roles carries motions (role "motions" or "animations" in
`gamefmt formats --json`: X-Ray .omf/.skl/.skls, Grimrock .animation, Overgrowth .anm, Westwood .hva). Switched
off, no motion companion goes to gamefmt, and the animations gamefmt still finds by itself are dropped from its .glb
before Blender reads it: those embedded in the model, the motion references an X-Ray model names (loaded from the
game-data folder) and a same-name companion beside the file (a .vxl's .hva). `gamefmt convert` has no import option
that leaves them out (its `-O motions=` only chooses what an .ogf export embeds).
"""
from .glb_container import read_glb, write_glb

MOTION_ROLES = ("motions", "animations")


def is_motion_role(spec):
    return spec.get("role") in MOTION_ROLES


def offers_toggle(companion_specs):
    return any(is_motion_role(spec) for spec in companion_specs)


def motion_only_extensions(companion_specs):
    """Extensions that only motion roles take: a selected file with one of these is a motion companion."""
    motion = {ext for spec in companion_specs if is_motion_role(spec) for ext in spec.get("extensions", [])}
    other = {ext for spec in companion_specs if not is_motion_role(spec) for ext in spec.get("extensions", [])}
    return motion - other


def drop_animations(path):
    """Rewrites the GLB at path without its animations (their key data stays in the BIN chunk, unreferenced);
    returns how many were dropped."""
    document, binary = read_glb(path)
    animations = document.pop("animations", [])
    if animations:
        write_glb(path, document, binary)
    return len(animations)
