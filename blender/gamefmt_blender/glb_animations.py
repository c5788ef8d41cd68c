"""Merges the animations of a GLB that share a name.

Blender 3.4's glTF exporter, asked for the selection only, can split one action across several glTF animations of
the same name (the channels of a root object in one, those of its children in another). gamefmt sees two
animations where the user has one; merging them by name restores what the user sees in Blender.
"""
import json

from .glb_container import JSON_CHUNK, encode_json_chunk, read_chunks, write_chunks


def _merged(animations):
    """Animations with one entry per name; channels already targeted by an earlier one of that name are dropped."""
    by_name, out = {}, []
    for animation in animations:
        name = animation.get("name")
        if name is None or name not in by_name:
            if name is not None:
                by_name[name] = animation
            out.append(animation)
            continue
        target = by_name[name]
        taken = {(c["target"].get("node"), c["target"]["path"]) for c in target["channels"]}
        for channel in animation["channels"]:
            key = (channel["target"].get("node"), channel["target"]["path"])
            if key in taken:
                continue
            target["samplers"].append(animation["samplers"][channel["sampler"]])
            target["channels"].append(dict(channel, sampler=len(target["samplers"]) - 1))
            taken.add(key)
    return out


def merge_same_name_animations(path):
    """Rewrites the GLB at path when two of its animations share a name; returns how many were merged away."""
    with open(path, "rb") as f:
        data = f.read()
    version, chunks = read_chunks(data)
    json_chunk = next(c for c in chunks if c[0] == JSON_CHUNK)
    document = json.loads(json_chunk[1])
    animations = document.get("animations", [])
    merged = _merged(animations)
    if len(merged) == len(animations):
        return 0
    document["animations"] = merged
    json_chunk[1] = encode_json_chunk(document)
    write_chunks(path, version, chunks)
    return len(animations) - len(merged)
