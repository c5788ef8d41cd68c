"""The import's Import Motions switch. No Blender API here.

A format offers it when one of its companion roles carries motions (role "motions" or "animations" in
`gamefmt formats --json`: X-Ray .omf/.skl/.skls, Grimrock .animation, Overgrowth .anm, Westwood .hva). Switched
off, no motion companion goes to gamefmt, and gamefmt is asked for no animations (`-O animations=0`): it then
looks up no motion files (an X-Ray model's motion references, same-name files beside the model) and warns about
none, and leaves out those embedded in the model.
"""

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


# The conversion option that leaves every animation out (`gamefmt formats --json`, "conversion_options").
NO_ANIMATIONS = ("animations", "0")
