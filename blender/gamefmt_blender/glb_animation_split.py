"""Splits a glTF document into what Blender's glTF importer should build (everything but the animation data) and
the animation channels the add-on builds itself. No Blender API here.

Why a split: the importer's time on animated characters goes into parsing every animation accessor into Python
objects and into building fcurves one key at a time. The document handed to it keeps:
- every animation, by name, so it picks the same track names (it makes names unique) — but without samplers;
- of their channels, only those aimed at nodes with a mesh, each pointing at one tiny placeholder sampler: whether a
  mesh node is animated decides where the importer puts a skinned mesh and whether instances may share a mesh with
  shape keys, so the importer must still see them. The add-on empties the animation list before the importer would
  read a sampler (see importer_capture);
- only the accessors and buffer views something else uses, renumbered, when every extension the file uses is one
  whose references are known (otherwise all accessors stay, and only the animations lose their samplers).
Buffer views keep their offsets; the BIN chunk may end after the last one kept (its new length is the GLB buffer's
byteLength).
"""
from . import glb_accessors

PATHS = ("translation", "rotation", "scale", "weights")

# Extensions that refer to no accessor or buffer view, or whose references renumber_references rewrites.
_KNOWN_EXTENSION_PREFIXES = ("KHR_materials_", "KHR_texture_transform", "KHR_lights_punctual", "KHR_mesh_quantization",
                             "KHR_texture_basisu", "EXT_texture_webp", "KHR_physics_", "OMI_", "EXT_mesh_gpu_instancing")


class Channel:
    """One animation channel the add-on builds: target node, path, interpolation and its decoded key data."""

    __slots__ = ("animation", "node", "path", "interpolation", "times", "values")

    def __init__(self, animation, node, path, interpolation, times, values):
        self.animation, self.node, self.path = animation, node, path
        self.interpolation, self.times, self.values = interpolation, times, values


def _accessors_outside_animations(document):
    used = set()
    for mesh in document.get("meshes", []):
        for primitive in mesh.get("primitives", []):
            used.update(primitive.get("attributes", {}).values())
            if "indices" in primitive:
                used.add(primitive["indices"])
            for target in primitive.get("targets", []):
                used.update(target.values())
    for skin in document.get("skins", []):
        if "inverseBindMatrices" in skin:
            used.add(skin["inverseBindMatrices"])
    for node in document.get("nodes", []):
        used.update(node.get("extensions", {}).get("EXT_mesh_gpu_instancing", {}).get("attributes", {}).values())
    return used


def _buffer_views_of(accessors, document):
    views = set()
    for accessor in accessors:
        views.add(accessor.get("bufferView"))
        sparse = accessor.get("sparse")
        if sparse:
            views.update((sparse["indices"].get("bufferView"), sparse["values"].get("bufferView")))
    views.update(image.get("bufferView") for image in document.get("images", []))
    views.discard(None)
    return views


def _renumbered(document, keep_accessors):
    """document (shallow-copied where changed) with only keep_accessors (old indices) and the buffer views they and
    the images use, every reference rewritten."""
    accessor_map = {old: new for new, old in enumerate(sorted(keep_accessors))}
    accessors = [dict(document["accessors"][old]) for old in sorted(keep_accessors)]
    view_map = {old: new for new, old in enumerate(sorted(_buffer_views_of(accessors, document)))}
    for accessor in accessors:
        if "bufferView" in accessor:
            accessor["bufferView"] = view_map[accessor["bufferView"]]
        sparse = accessor.get("sparse")
        if sparse:
            accessor["sparse"] = dict(sparse, indices=dict(sparse["indices"]), values=dict(sparse["values"]))
            for part in ("indices", "values"):
                accessor["sparse"][part]["bufferView"] = view_map[sparse[part]["bufferView"]]
    out = dict(document, accessors=accessors,
               bufferViews=[document["bufferViews"][old] for old in sorted(view_map)])
    if "images" in document:
        out["images"] = [dict(image, bufferView=view_map[image["bufferView"]]) if "bufferView" in image else image
                         for image in document["images"]]
    meshes = []
    for mesh in document.get("meshes", []):
        primitives = []
        for primitive in mesh.get("primitives", []):
            primitive = dict(primitive)
            primitive["attributes"] = {k: accessor_map[v] for k, v in primitive.get("attributes", {}).items()}
            if "indices" in primitive:
                primitive["indices"] = accessor_map[primitive["indices"]]
            if "targets" in primitive:
                primitive["targets"] = [{k: accessor_map[v] for k, v in t.items()} for t in primitive["targets"]]
            primitives.append(primitive)
        meshes.append(dict(mesh, primitives=primitives))
    if "meshes" in document:
        out["meshes"] = meshes
    if "skins" in document:
        out["skins"] = [dict(s, inverseBindMatrices=accessor_map[s["inverseBindMatrices"]])
                        if "inverseBindMatrices" in s else s for s in document["skins"]]
    if "nodes" in document:
        nodes = []
        for node in document["nodes"]:
            instancing = node.get("extensions", {}).get("EXT_mesh_gpu_instancing")
            if instancing and "attributes" in instancing:
                attributes = {k: accessor_map[v] for k, v in instancing["attributes"].items()}
                node = dict(node, extensions=dict(node["extensions"],
                                                  EXT_mesh_gpu_instancing=dict(instancing, attributes=attributes)))
            nodes.append(node)
        out["nodes"] = nodes
    return out


def _compactable(document):
    return all(name.startswith(_KNOWN_EXTENSION_PREFIXES) for name in document.get("extensionsUsed", []))


def animation_channels(document, binary):
    """Every channel Blender's importer would animate (TRS and morph weights of an existing node), decoded, in the
    order of the file. Raises glb_accessors.AccessorError when a sampler's data cannot be read."""
    nodes = document.get("nodes", [])
    channels, data = [], glb_accessors.Accessors(document, binary).decode

    for animation_index, animation in enumerate(document.get("animations", [])):
        samplers = animation.get("samplers", [])
        for channel in animation.get("channels", []):
            target = channel.get("target", {})
            node, path = target.get("node"), target.get("path")
            if not isinstance(node, int) or not 0 <= node < len(nodes) or path not in PATHS:
                continue
            sampler = samplers[channel["sampler"]]
            times = data(sampler["input"])[:, 0]
            values = data(sampler["output"])
            channels.append(Channel(animation_index, node, path, sampler.get("interpolation", "LINEAR"), times,
                                    values))
    return channels


def scene_document(document):
    """The document Blender's importer gets (see the module docstring)."""
    nodes = document.get("nodes", [])
    mesh_nodes = {i for i, node in enumerate(nodes) if "mesh" in node}
    placeholder = None
    if _compactable(document):
        keep = _accessors_outside_animations(document)
        out = _renumbered(document, keep)
        buffers = document.get("buffers", [])
        if buffers and "uri" not in buffers[0]:
            # The kept views usually lie before the key data: the BIN chunk can end with the last of them.
            end = max((v.get("byteOffset", 0) + v["byteLength"] for v in out["bufferViews"] if v.get("buffer", 0) == 0),
                      default=0)
            out["buffers"] = [dict(buffers[0], byteLength=min(buffers[0]["byteLength"], end + (-end % 4)))] + \
                buffers[1:]
    else:
        out = dict(document, accessors=list(document.get("accessors", [])))
    animations = []
    for animation in document.get("animations", []):
        kept, seen = [], set()
        for channel in animation.get("channels", []):
            target = channel.get("target", {})
            key = (target.get("node"), target.get("path"))
            if key[0] in mesh_nodes and key not in seen:
                seen.add(key)
                kept.append({"sampler": 0, "target": {"node": key[0], "path": key[1]}})
        if kept and placeholder is None:
            placeholder = len(out["accessors"])
            out["accessors"].append({"componentType": 5126, "count": 1, "type": "SCALAR"})
        stub = {"channels": kept, "samplers": [{"input": placeholder, "output": placeholder}] if kept else []}
        if "name" in animation:
            stub["name"] = animation["name"]
        animations.append(stub)
    if animations:
        out["animations"] = animations
    return out
