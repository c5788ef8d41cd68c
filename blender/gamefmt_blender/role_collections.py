"""Parts of a converted scene in collections of their own. gamefmt marks the group nodes of scenes that gather
several kinds of content (a compiled X-Ray level: its sectors, portals, lights, glows, LOD billboards, collision,
details and occluders) with the node extra "gamefmt.role", which Blender's glTF importer keeps as the object's
custom property. Each such object and everything below it moves into a collection named after the role (one per
sector), inside a collection named after the imported file; what the game does not draw (portals, collision,
occluders) is hidden. Objects of a role below another role's object (the LOD billboards inside a sector) go to
the deeper role's collection.
"""
import bpy

ROLE_KEY = "gamefmt.role"
# Roles whose collections are hidden in the viewport and in renders: the game does not draw them.
HIDDEN_ROLES = {"portals", "collision", "occluders", "sound_occluders"}


def _depth(obj):
    depth = 0
    while obj.parent is not None:
        obj, depth = obj.parent, depth + 1
    return depth


def _collection(parent, name, hidden):
    collection = bpy.data.collections.new(name)
    parent.children.link(collection)
    collection.hide_viewport = hidden
    collection.hide_render = hidden
    return collection


def organise(new_objects, file_name):
    """Moves the role objects among `new_objects` (the objects an import added) and their descendants into
    role collections under a collection named `file_name`. Returns {collection name: object count}; nothing
    happens (and {} is returned) when no object has a role."""
    marked = sorted((obj for obj in new_objects if ROLE_KEY in obj.keys()), key=_depth)
    if not marked:
        return {}
    top = _collection(bpy.context.scene.collection, file_name, False)
    moved = {}
    for obj in marked:  # shallow first, so that a deeper role wins for its own subtree
        role = str(obj[ROLE_KEY])
        name = f"{file_name} {obj.name}" if role == "sector" else f"{file_name} {role}"
        collection = bpy.data.collections.get(name) if name in top.children else None
        if collection is None:
            collection = _collection(top, name, role in HIDDEN_ROLES)
        for member in [obj, *obj.children_recursive]:
            for old in list(member.users_collection):
                old.objects.unlink(member)
            collection.objects.link(member)
        moved[collection.name] = len(collection.objects)
    return moved
