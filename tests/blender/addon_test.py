"""Headless test of the gamefmt Blender add-on, installed from its zip like a user would.

blender -b --factory-startup -noaudio --python-exit-code 1 --python addon_test.py -- \
    GAMEFMT_BINARY ADDON_ZIP SAMPLES_DIR OUTPUT_DIR

A gamefmt found first on PATH must be the given one (the script checks the PATH lookup, then the preference).
For every format `gamefmt formats --json` lists, the add-on must offer operators with the format's companions and
options. Every sample under SAMPLES_DIR that a listed format reads is imported through the add-on's operator and
compared with what gamefmt itself writes for it (meshes, triangles, bones, animations); formats gamefmt writes
are exported back through the add-on and read back by gamefmt. A .solid gets vertices moved in Blender, and the
exported file must hold the moved positions. The File menus must hold one submenu per game, the import file browser
must show the companions' files, and Import Motions must leave every motion out (fuzz/seeds files; the X-Ray dog
and its motion reference with GAMEFMT_CORPUS). Prints "GAMEFMT_ADDON ..." lines; exits 1 on any failure.
"""
import ctypes
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import types

import bpy
import numpy

ADDON = "gamefmt_blender"
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
failures = []


def log(message):
    print("GAMEFMT_ADDON " + message, flush=True)


def check(condition, message):
    if not condition:
        failures.append(message)
        log("FAIL " + message)
    return condition


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def run_gamefmt(gamefmt, *arguments):
    return subprocess.run([gamefmt, *arguments], capture_output=True, text=True, check=False)


# ---- reading gamefmt's .glb output without Blender ----------------------------------------------------------

def read_glb(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, _, _ = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF":
        raise ValueError(f"{path}: not a GLB file")
    offset, document, binary = 12, None, b""
    while offset < len(data):
        length, kind = struct.unpack_from("<II", data, offset)
        chunk = data[offset + 8:offset + 8 + length]
        if kind == 0x4E4F534A:
            document = json.loads(chunk)
        elif kind == 0x004E4942:
            binary = chunk
        offset += 8 + length
    return document, binary


_COMPONENTS = {5120: "i1", 5121: "u1", 5122: "<i2", 5123: "<u2", 5125: "<u4", 5126: "<f4"}
_WIDTHS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def accessor_array(document, binary, index):
    accessor = document["accessors"][index]
    view = document["bufferViews"][accessor["bufferView"]]
    dtype = numpy.dtype(_COMPONENTS[accessor["componentType"]])
    width = _WIDTHS[accessor["type"]]
    stride = view.get("byteStride", dtype.itemsize * width)
    start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    rows = [numpy.frombuffer(binary, dtype, width, start + i * stride) for i in range(accessor["count"])]
    return numpy.array(rows).reshape(accessor["count"], width)


def node_matrix(node):
    if "matrix" in node:
        return numpy.array(node["matrix"], dtype=float).reshape(4, 4).T
    x, y, z, w = node.get("rotation", [0, 0, 0, 1])
    rotation = numpy.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
    m = numpy.identity(4)
    m[:3, :3] = rotation @ numpy.diag(node.get("scale", [1, 1, 1]))
    m[:3, 3] = node.get("translation", [0, 0, 0])
    return m


def scene_nodes(document):
    """(node index, world matrix) for every node reachable from the default scene."""
    scene = document.get("scenes", [{}])[document.get("scene", 0)]
    out, stack = [], [(i, numpy.identity(4)) for i in scene.get("nodes", [])]
    while stack:
        index, parent = stack.pop()
        world = parent @ node_matrix(document["nodes"][index])
        out.append((index, world))
        stack += [(child, world) for child in document["nodes"][index].get("children", [])]
    return out


def blender_bone_nodes(document):
    """The nodes Blender's glTF importer turns into bones: each joint and every node between it and the armature,
    the deepest common ancestor of the skin's joints (its parent when that ancestor is itself a joint)."""
    parent = {child: i for i, n in enumerate(document.get("nodes", [])) for child in n.get("children", [])}

    def ancestors(node):  # node itself first, up to the scene root
        chain = [node]
        while chain[-1] in parent:
            chain.append(parent[chain[-1]])
        return chain

    bones = set()
    for skin in document.get("skins", []):
        joints = list(skin["joints"]) + ([skin["skeleton"]] if "skeleton" in skin else [])
        common = set(ancestors(joints[0]))
        for joint in joints[1:]:
            common &= set(ancestors(joint))
        root = next((a for a in ancestors(joints[0]) if a in common), None)
        if root is not None and root in skin["joints"]:
            root = parent.get(root)
        for joint in skin["joints"]:
            for node in ancestors(joint):
                if node == root:
                    break
                bones.add(node)
    return bones


def level_collections(label, reference):
    """A compiled level's parts land in collections of their own (the portals and the collision hidden), and its
    dynamic lights are Blender lights."""
    document, _ = read_glb(reference)
    roles = {n["extras"]["gamefmt.role"] for n in document["nodes"] if "gamefmt.role" in n.get("extras", {})}
    collections = {c.name: c for c in bpy.data.collections}
    for role in roles - {"sector"}:
        found = [c for name, c in collections.items() if name.endswith(" " + role)]
        if check(len(found) == 1, f"{label}: no collection for its {role} (collections: {sorted(collections)})"):
            hidden = found[0].hide_viewport
            check(hidden == (role in ("portals", "collision", "occluders", "sound_occluders")),
                  f"{label}: the {role} collection is {'hidden' if hidden else 'shown'}")
    sectors = sum(1 for n in document["nodes"] if n.get("extras", {}).get("gamefmt.role") == "sector")
    check(sum(1 for name in collections if " sector_" in name) == sectors, f"{label}: not one collection per sector")
    lights = len(document.get("extensions", {}).get("KHR_lights_punctual", {}).get("lights", []))
    check(sum(1 for o in bpy.data.objects if o.type == "LIGHT") == lights, f"{label}: not {lights} Blender lights")
    log(f"LEVEL {label}: collections {sorted(collections)}, {lights} lights")


def glb_summary(path):
    """Counts Blender must reproduce, and world-space positions (glTF axes) of every mesh vertex."""
    document, binary = read_glb(path)
    meshes, triangles, positions = 0, 0, []
    skinned_meshes = {n.get("mesh") for n in document.get("nodes", []) if "skin" in n}
    for index, world in scene_nodes(document):
        node = document["nodes"][index]
        if "mesh" not in node:
            continue
        meshes += 1
        for primitive in document["meshes"][node["mesh"]]["primitives"]:
            if primitive.get("mode", 4) != 4:
                continue
            points = accessor_array(document, binary, primitive["attributes"]["POSITION"])
            if "indices" in primitive:
                corners = accessor_array(document, binary, primitive["indices"]).reshape(-1, 3)
            else:
                corners = numpy.arange(len(points)).reshape(-1, 3)
            # Blender drops triangles that repeat a corner.
            triangles += int(sum(1 for a, b, c in corners if a != b and b != c and a != c))
            matrix = numpy.identity(4) if node["mesh"] in skinned_meshes else world
            homogeneous = numpy.hstack([points.astype(float), numpy.ones((len(points), 1))])
            positions.append((homogeneous @ matrix.T)[:, :3])
    return {
        "meshes": meshes,
        "triangles": triangles,
        "bones": len(blender_bone_nodes(document)),
        "animations": len({a.get("name", str(i)) for i, a in enumerate(document.get("animations", []))}),
        "positions": numpy.vstack(positions) if positions else numpy.zeros((0, 3)),
    }


# ---- what Blender holds ---------------------------------------------------------------------------------------

def clear_scene():
    for collection in list(bpy.data.collections):
        bpy.data.collections.remove(collection)
    for collection in (bpy.data.objects, bpy.data.meshes, bpy.data.armatures, bpy.data.actions,
                       bpy.data.materials, bpy.data.images, bpy.data.cameras, bpy.data.lights):
        for block in list(collection):
            collection.remove(block)


def blender_summary():
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    owners = list(bpy.data.objects) + [m.shape_keys for m in bpy.data.meshes if m.shape_keys]
    tracks = {t.name for o in owners if o.animation_data for t in o.animation_data.nla_tracks}
    return {
        "meshes": len(meshes),
        "triangles": sum(len(o.data.polygons) for o in meshes),
        "bones": sum(len(a.data.bones) for a in armatures),
        "animations": len(tracks),
        "actions": len(bpy.data.actions),
    }


def blender_world_positions():
    """World positions of every mesh vertex, in glTF axes (Blender Z-up -> glTF Y-up)."""
    rows = []
    for o in bpy.data.objects:
        if o.type == "MESH":
            for v in o.data.vertices:
                p = o.matrix_world @ v.co
                rows.append((p.x, p.z, -p.y))
    return numpy.array(rows)


def same_point_sets(a, b, tolerance):
    """Every point of a has a point of b within tolerance, and the other way round."""
    if len(a) == 0 or len(b) == 0:
        return len(a) == len(b)
    def covered(p, q):
        return all(numpy.min(numpy.linalg.norm(q - point, axis=1)) <= tolerance for point in p)
    return covered(a, b) and covered(b, a)


def compare_counts(label, expected, actual):
    keys = ("meshes", "triangles", "bones", "animations")
    ok = all(expected[k] == actual[k] for k in keys)
    check(ok, f"{label}: expected {dict((k, expected[k]) for k in keys)}, Blender has "
              f"{dict((k, actual[k]) for k in keys)}")
    if expected["animations"]:
        check(actual["actions"] >= expected["animations"], f"{label}: {actual['actions']} actions for "
                                                           f"{expected['animations']} animations")
    return ok


# ---- the add-on -----------------------------------------------------------------------------------------------

def preferences():
    return bpy.context.preferences.addons[ADDON].preferences


def import_operator(description):
    return getattr(bpy.ops.import_scene, "gamefmt_" + slug(description["id"]))


def export_operator(description):
    return getattr(bpy.ops.export_scene, "gamefmt_" + slug(description["id"]))


def operator_registered(group, name):
    """bpy.ops answers any attribute name; only a registered operator has an RNA type."""
    try:
        getattr(getattr(bpy.ops, group), name).get_rna_type()
        return True
    except KeyError:
        return False


def operator_properties(operator):
    return {p.identifier: p for p in operator.get_rna_type().properties}


def install(zip_path, gamefmt):
    user_scripts = os.environ.get("BLENDER_USER_SCRIPTS", "")
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    bpy.ops.preferences.addon_enable(module=ADDON)
    module = sys.modules.get(ADDON)
    check(module is not None, "the add-on did not load")
    if user_scripts:
        check(os.path.realpath(module.__file__).startswith(os.path.realpath(user_scripts)),
              f"the add-on was loaded from {module.__file__}, not from the installed zip")
    # Found on PATH (the test runner puts the binary's folder first), with no preference set.
    check(preferences().gamefmt_path == "", "the gamefmt path preference starts set")
    check(operator_registered("import_scene", "gamefmt_lugaru_solid"),
          "with gamefmt on PATH and no preference, the add-on registered no Lugaru import operator")
    # A wrong path removes the entries and says why; the right one brings them back.
    preferences().gamefmt_path = os.path.join(os.path.dirname(zip_path), "no-such-gamefmt")
    status = sys.modules[ADDON + ".format_registry"].status
    check(status["error"] and "not found" in status["error"], f"a wrong gamefmt path gave status {status}")
    check(not operator_registered("import_scene", "gamefmt_lugaru_solid"), "a wrong gamefmt path left the operators")
    check(file_menu_submenus("import") == ["TOPBAR_MT_gamefmt_import"],
          f"with a wrong gamefmt path File > Import shows {file_menu_submenus('import')}, not the submenu saying why")
    preferences().gamefmt_path = gamefmt
    check(operator_registered("import_scene", "gamefmt_lugaru_solid"), "the right gamefmt path did not bring "
                                                                       "the operators back")
    check(status["error"] is None and os.path.samefile(status["program"], gamefmt),
          f"the gamefmt path preference gave status {status}")
    check(not status["skipped"], f"formats the add-on could not register: {status['skipped']}")


def check_operators(descriptions):
    """Every listed format has its entries, with the companion inputs and options gamefmt describes."""
    for d in descriptions:
        for wanted, group, operator, options_key in ((d.get("read"), "import_scene", import_operator, "import_options"),
                                                     (d.get("write") and d.get("extensions"), "export_scene",
                                                      export_operator, "export_options")):
            name = f"{group}.gamefmt_{slug(d['id'])}"
            present = operator_registered(group, "gamefmt_" + slug(d["id"]))
            if not check(bool(present) == bool(wanted), f"{name}: present={present}, gamefmt says {bool(wanted)}"):
                continue
            if not present:
                continue
            props = operator_properties(operator(d))
            for spec in d.get(options_key, []):
                prop = props.get("option_" + slug(spec["name"]))
                if check(prop is not None, f"{name}: no property for option {spec['name']}") and spec.get("choices"):
                    check([i.identifier for i in prop.enum_items] == spec["choices"],
                          f"{name}: option {spec['name']} offers {[i.identifier for i in prop.enum_items]}")
                    check(prop.default == spec["default"], f"{name}: option {spec['name']} default {prop.default}")
            if group == "import_scene":
                for spec in d.get("companions", []):
                    check("companion_" + slug(spec["role"]) in props, f"{name}: no property for companion {spec['role']}")
    for menu in ("TOPBAR_MT_gamefmt_import", "TOPBAR_MT_gamefmt_export"):
        check(hasattr(bpy.types, menu), f"menu {menu} is not registered")


SAMPLES_PER_FORMAT = 6  # keeps the test short; the CLI tests convert every sample


def sample_files(samples_dir, descriptions):
    """(format description, sample path) for the first samples (by name) of each format listed, recognised by
    extension or well-known file name."""
    out, per_format = [], {}
    for root, _, files in sorted(os.walk(samples_dir)):
        for name in sorted(files):
            base, ext = os.path.splitext(name)
            for d in descriptions:
                if d.get("read") and (ext[1:].lower() in d.get("extensions", []) or
                                      (not ext and base.lower() in d.get("file_names", []))):
                    per_format[d["id"]] = per_format.get(d["id"], 0) + 1
                    if per_format[d["id"]] <= SAMPLES_PER_FORMAT:
                        out.append((d, os.path.join(root, name)))
                    break
    return out


def companions_beside(description, sample):
    """Files beside the sample that fit one of the format's companion roles: {property name: value}."""
    values = {}
    folder = os.path.dirname(sample)
    for spec in description.get("companions", []):
        extensions = spec.get("extensions") or []
        matches = [os.path.join(folder, n) for n in sorted(os.listdir(folder))
                   if os.path.splitext(n)[1][1:].lower() in extensions and os.path.join(folder, n) != sample]
        if matches:
            values["companion_" + slug(spec["role"])] = ";".join(matches) if spec.get("multiple") else matches[0]
    return values


def output_name(sample):
    """family_file: sample names can repeat across families."""
    return os.path.basename(os.path.dirname(sample)) + "_" + os.path.basename(sample)


def run_operator(label, operator, **properties):
    """The operator's result, or {'ERROR'} after recording the report it raised."""
    try:
        return operator(**properties)
    except RuntimeError as error:
        check(False, f"{label}: {error}")
        return {"ERROR"}


def reference_glb(gamefmt, description, sample, out_dir):
    """gamefmt's own conversion of the sample (alone, else with the companions beside it), or None."""
    glb = os.path.join(out_dir, "reference", output_name(sample) + ".glb")
    os.makedirs(os.path.dirname(glb), exist_ok=True)
    if run_gamefmt(gamefmt, "convert", sample, "-o", glb).returncode == 0:
        return glb, {}
    companions = companions_beside(description, sample)
    paths = [p for value in companions.values() for p in value.split(";")]
    if paths and run_gamefmt(gamefmt, "convert", sample, *paths, "-o", glb).returncode == 0:
        return glb, companions
    return None, {}


def import_and_export(gamefmt, description, sample, samples_dir, out_dir):
    reference, companions = reference_glb(gamefmt, description, sample, out_dir)
    label = os.path.relpath(sample, os.path.dirname(os.path.dirname(sample)))
    if reference is None:
        log(f"SKIP {label}: gamefmt itself cannot convert it to glTF")
        return
    expected = glb_summary(reference)
    clear_scene()
    result = run_operator(f"{label} import", import_operator(description), filepath=sample, **companions)
    actual = blender_summary()
    log(f"IMPORT {label} {json.dumps(actual)}")
    check(result == {"FINISHED"}, f"{label}: import returned {result}")
    check(len(bpy.data.objects) > 0, f"{label}: nothing was imported")
    compare_counts(f"{label} import", expected, actual)
    if description["id"] == "xray-level":
        level_collections(label, reference)
    if not (description.get("write") and description.get("extensions")):
        return
    ext = description["extensions"][0]
    # Only what gamefmt itself can write back from its own glTF is expected of the add-on.
    cli_back = os.path.join(out_dir, "reference", output_name(sample) + ".back." + ext)
    if run_gamefmt(gamefmt, "convert", reference, "-o", cli_back).returncode != 0:
        log(f"SKIP {label} export: gamefmt itself cannot write it back from its glTF")
        return
    # The export replaces the sample in a copy of its family's folder, so that converting it back finds what
    # the sample's own conversion found beside it or through its game folder (a model OBJ, a mod's scripts).
    family = os.path.relpath(sample, samples_dir).split(os.sep)[0]
    game_copy = os.path.join(out_dir, "exported", output_name(sample))
    shutil.copytree(os.path.join(samples_dir, family), game_copy)
    exported = os.path.join(game_copy, os.path.relpath(sample, os.path.join(samples_dir, family)))
    os.remove(exported)  # only the export may put it there
    bpy.ops.object.select_all(action="SELECT")
    result = run_operator(f"{label} export", export_operator(description), filepath=exported)
    if not check(result == {"FINISHED"} and os.path.isfile(exported), f"{label}: export returned {result}"):
        return
    back = exported + ".glb"
    converted = run_gamefmt(gamefmt, "convert", exported, "-o", back)
    if not check(converted.returncode == 0, f"{label}: gamefmt cannot read the exported file: {converted.stderr}"):
        return
    read_back = glb_summary(back)
    log(f"EXPORT {label} " + json.dumps({k: read_back[k] for k in ("meshes", "triangles", "bones", "animations")}))
    for key in ("triangles", "bones", "animations"):
        check(read_back[key] == expected[key], f"{label}: exported file has {read_back[key]} {key}, "
                                               f"expected {expected[key]}")
    with open(sample, "rb") as a, open(exported, "rb") as b:
        identical = a.read() == b.read()
    log(f"EXPORT {label} byte-identical to the sample: {identical}")
    if description["id"] == "lugaru-solid":
        # Positions, UVs, winding and index pattern all survive Blender unchanged.
        check(identical, f"{label}: an unedited .solid did not come back byte-identical")


def moved_vertices(gamefmt, descriptions, samples_dir, out_dir):
    """Edit an imported .solid in Blender, export it, and find the moved positions in the written file."""
    solid = next((d for d in descriptions if d["id"] == "lugaru-solid"), None)
    sample = os.path.join(samples_dir, "lugaru", "Box.solid")
    if solid is None or not os.path.isfile(sample):
        check(False, "the Lugaru format or samples/lugaru/Box.solid is missing")
        return
    clear_scene()
    import_operator(solid)(filepath=sample)
    mesh_object = next(o for o in bpy.data.objects if o.type == "MESH")
    before = blender_world_positions()
    # Raise and widen the top of the box: a change no rigid transform of the file could explain.
    top = max(v.co.z for v in mesh_object.data.vertices)
    moved = 0
    for v in mesh_object.data.vertices:
        if abs(v.co.z - top) < 1e-4:
            v.co.z += 7.5
            v.co.x *= 1.5
            moved += 1
    mesh_object.data.update()
    after = blender_world_positions()
    check(moved > 0 and not same_point_sets(before, after, 1e-3), "moving vertices changed nothing")
    bpy.ops.object.select_all(action="DESELECT")
    mesh_object.select_set(True)
    edited = os.path.join(out_dir, "edited", "Box.solid")
    os.makedirs(os.path.dirname(edited), exist_ok=True)
    result = export_operator(solid)(filepath=edited)
    check(result == {"FINISHED"}, f"edited Box.solid: export returned {result}")
    back = edited + ".glb"
    converted = run_gamefmt(gamefmt, "convert", edited, "-o", back)
    if not check(converted.returncode == 0, f"edited Box.solid does not read back: {converted.stderr}"):
        return
    in_file = glb_summary(back)["positions"]
    original = glb_summary(reference_glb(gamefmt, solid, sample, out_dir)[0])["positions"]
    check(same_point_sets(in_file, after, 1e-3),
          f"edited Box.solid: positions {in_file.round(3).tolist()} are not the edited {after.round(3).tolist()}")
    check(not same_point_sets(in_file, original, 1e-3), "edited Box.solid still holds the original positions")
    log(f"EDIT Box.solid: {moved} vertices moved; {len(in_file)} positions in the written file match Blender")


def option_passed(gamefmt, descriptions, samples_dir, out_dir):
    """An import option chosen on the operator reaches gamefmt: Box.solid read as clockwise (a character model)
    stands upright differently from the default reading, exactly as `gamefmt convert -O winding=cw` has it."""
    solid = next(d for d in descriptions if d["id"] == "lugaru-solid")
    sample = os.path.join(samples_dir, "lugaru", "Box.solid")
    reference = os.path.join(out_dir, "reference", "Box.cw.glb")
    converted = run_gamefmt(gamefmt, "convert", sample, "-o", reference, "-O", "winding=cw")
    if not check(converted.returncode == 0, f"gamefmt -O winding=cw failed: {converted.stderr}"):
        return
    clear_scene()
    import_operator(solid)(filepath=sample)
    default = blender_world_positions()
    clear_scene()
    import_operator(solid)(filepath=sample, option_winding="cw")
    chosen = blender_world_positions()
    check(same_point_sets(chosen, glb_summary(reference)["positions"], 1e-3),
          "importing Box.solid with option_winding='cw' does not give gamefmt's -O winding=cw result")
    check(not same_point_sets(chosen, default, 1e-3), "option_winding='cw' changed nothing")


def animation_merge(out_dir):
    """Same-name animations (Blender's exporter splits an action so when exporting a selection) become one."""
    merge = sys.modules[ADDON + ".glb_animations"].merge_same_name_animations
    def channel(node, path, sampler):
        return {"sampler": sampler, "target": {"node": node, "path": path}}
    document = {"asset": {"version": "2.0"}, "animations": [
        {"name": "walk", "samplers": [{"input": 0, "output": 1}], "channels": [channel(2, "rotation", 0)]},
        {"name": "walk", "samplers": [{"input": 0, "output": 2}, {"input": 0, "output": 3}],
         "channels": [channel(2, "rotation", 0), channel(1, "translation", 1)]},
        {"name": "run", "samplers": [{"input": 0, "output": 4}], "channels": [channel(1, "rotation", 0)]}]}
    text = json.dumps(document).encode()
    text += b" " * (-len(text) % 4)
    binary = bytes(8)
    path = os.path.join(out_dir, "split_animations.glb")
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, 12 + 8 + len(text) + 8 + len(binary)))
        f.write(struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(binary), 0x004E4942) + binary)
    check(merge(path) == 1, "merge_same_name_animations did not report one merged animation")
    merged, merged_binary = read_glb(path)
    walk = merged["animations"][0]
    check([a["name"] for a in merged["animations"]] == ["walk", "run"], f"merged animations: {merged['animations']}")
    check([(c["target"]["node"], c["target"]["path"], walk["samplers"][c["sampler"]]["output"])
           for c in walk["channels"]] == [(2, "rotation", 1), (1, "translation", 3)], f"merged walk: {walk}")
    check(merged_binary == binary, "merging animations changed the binary chunk")


def error_report(descriptions, out_dir):
    """gamefmt's error text reaches Blender's report (a RuntimeError for a script caller)."""
    solid = next(d for d in descriptions if d["id"] == "lugaru-solid")
    broken = os.path.join(out_dir, "broken", "Broken.solid")
    os.makedirs(os.path.dirname(broken), exist_ok=True)
    with open(broken, "wb") as f:
        f.write(b"\x00\x00\x00\x08\x00\x00\x00\x0c\x00\x00")
    try:
        import_operator(solid)(filepath=broken)
        check(False, "importing a broken .solid succeeded")
    except RuntimeError as error:
        message = str(error)
        log("ERROR REPORT " + message.replace("\n", " | "))
        check("Broken.solid" in message and "offset 0x" in message,
              f"the report does not carry gamefmt's error: {message}")


def console_output(action):
    """What Blender prints on its console (operator reports included) while `action` runs, and its result."""
    libc = ctypes.CDLL(None)
    sys.stdout.flush()
    libc.fflush(None)
    saved = os.dup(1)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 1)
        try:
            result = action()
        finally:
            sys.stdout.flush()
            libc.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        captured.seek(0)
        return captured.read().decode(errors="replace"), result


def import_warning_report(descriptions, samples_dir, out_dir):
    """A warning gamefmt prints while importing (here: bytes after a .solid's last triangle, which Lugaru ignores)
    reaches Blender's report, and the import still succeeds."""
    solid = next(d for d in descriptions if d["id"] == "lugaru-solid")
    padded = os.path.join(out_dir, "warning", "Padded.solid")
    os.makedirs(os.path.dirname(padded), exist_ok=True)
    with open(os.path.join(samples_dir, "lugaru", "Box.solid"), "rb") as source, open(padded, "wb") as target:
        target.write(source.read() + b"\x00\x01\x02")
    output, result = console_output(lambda: import_operator(solid)(filepath=padded))
    log("IMPORT WARNING " + " | ".join(line for line in output.splitlines() if "Warning" in line))
    check("FINISHED" in result, f"importing a .solid with trailing bytes failed: {result}")
    check(re.search(r"Warning: .*Padded\.solid.*3 bytes after the last triangle", output) is not None,
          f"gamefmt's warning did not reach Blender's report: {output!r}")


# ---- menus, file browser, Import Motions -----------------------------------------------------------------------

class LayoutRecorder:
    """Stands in for a UILayout: records what a menu or panel draws, and whether each property is editable."""

    def __init__(self, calls, parent=None):
        self.calls, self.parent, self.enabled = calls, parent, True

    def editable(self):
        return self.enabled and (self.parent is None or self.parent.editable())

    def _child(self, *args, **kwargs):
        return LayoutRecorder(self.calls, self)

    box = column = row = split = _child

    def separator(self, *args, **kwargs):
        pass

    def label(self, text="", icon="NONE"):
        self.calls.append(("label", text))

    def prop(self, data, name, **kwargs):
        self.calls.append(("prop", name, self.editable()))

    def operator(self, idname, text="", **kwargs):
        self.calls.append(("operator", idname, text))

    def menu(self, idname, **kwargs):
        self.calls.append(("menu", idname))


def file_menu_submenus(direction):
    """The submenus the add-on draws into File > Import (or Export)."""
    calls = []
    menu = getattr(bpy.types, f"TOPBAR_MT_file_{direction}")
    for draw in menu.draw._draw_funcs:
        if draw.__module__.startswith(ADDON):
            draw(types.SimpleNamespace(layout=LayoutRecorder(calls)), bpy.context)
    return [call[1] for call in calls if call[0] == "menu"]


def menu_entries(idname):
    """(label, [(operator id, text)]) of a registered menu."""
    cls = getattr(bpy.types, idname)
    calls = []
    cls.draw(types.SimpleNamespace(layout=LayoutRecorder(calls)), bpy.context)
    return cls.bl_label, [(call[1], call[2]) for call in calls if call[0] == "operator"]


# The game a user looks for, per format (the list); a format gamefmt adds later must name a known game too.
EXPECTED_GAMES = {
    "xray-ogf": "S.T.A.L.K.E.R. (X-Ray)", "xray-anm": "S.T.A.L.K.E.R. (X-Ray)",
    "shinobi-model": "Legend of Grimrock / Druidstone", "shinobi-animation": "Legend of Grimrock / Druidstone",
    "lugaru-solid": "Lugaru", "phoenix-phxbn": "Overgrowth", "phoenix-anm": "Overgrowth",
    "westwood-vxl": "Tiberian Sun / Red Alert 2", "magicavoxel-vox": "MagicaVoxel", "asobo-bigfile": "FUEL (Asobo)",
}


def grouped_menus(descriptions):
    """File > Import and Export hold one submenu per game, each format exactly once, in its game's submenu, labelled
    without the engine's name and with each extension once."""
    for direction, wanted, group in (("import", lambda d: d.get("read"), "import_scene"),
                                     ("export", lambda d: d.get("write") and d.get("extensions"), "export_scene")):
        submenus = file_menu_submenus(direction)
        games = {}
        for idname in submenus:
            game, entries = menu_entries(idname)
            check(game not in games, f"{direction}: two submenus for {game}")
            games[game] = entries
            labels = [text for _, text in entries]
            check(len(labels) == len(set(labels)), f"{direction} > {game}: repeated labels {labels}")
        log(f"MENU {direction}: " + json.dumps({game: [text for _, text in e] for game, e in games.items()}))
        where = {}
        for game, entries in games.items():
            for operator_id, text in entries:
                where.setdefault(operator_id, []).append((game, text))
        for d in descriptions:
            operator_id = f"{group}.gamefmt_{slug(d['id'])}"
            found = where.get(operator_id, [])
            if not wanted(d):
                check(not found, f"{direction}: {d['id']} is in the menu although gamefmt cannot do that")
                continue
            if not check(len(found) == 1, f"{direction}: {d['id']} is in {len(found)} game submenus: {found}"):
                continue
            game, text = found[0]
            if d["id"] in EXPECTED_GAMES:
                check(game == EXPECTED_GAMES[d["id"]], f"{direction}: {d['id']} is under {game}")
            else:
                check(game in EXPECTED_GAMES.values(), f"{direction}: {d['id']} is under an unknown game {game}")
            for ext in d.get("extensions", []):
                check(text.lower().count("." + ext) <= 1, f"{direction}: '{text}' repeats .{ext}")
            check(not re.match(r"(x-ray|shinobi|overgrowth|lugaru|westwood|asobo|magicavoxel)\b", text.lower()),
                  f"{direction}: '{text}' under {game} repeats the engine's name")
        expected_games = {EXPECTED_GAMES.get(d["id"]) for d in descriptions if wanted(d)} - {None}
        check(expected_games <= set(games), f"{direction}: game submenus {sorted(games)}, missing "
                                            f"{sorted(expected_games - set(games))}")
    xray_anm = dict(menu_entries("TOPBAR_MT_gamefmt_import_stalker_xray")[1]).get("import_scene.gamefmt_xray_anm")
    check(xray_anm == "SDK object/camera path (.anm)", f"the X-Ray .anm entry reads '{xray_anm}'")


def companion_filter(descriptions):
    """The import file browser shows the format's files and its companions' files; each companion is a file (or
    folder) picker; Import Motions exists exactly where a companion role carries motions."""
    for d in descriptions:
        if not d.get("read"):
            continue
        name = f"import_scene.gamefmt_{slug(d['id'])}"
        props = operator_properties(import_operator(d))
        shown = {pattern.lower() for pattern in props["filter_glob"].default.split(";")}
        wanted = {f"*.{ext}" for ext in d.get("extensions", [])}
        wanted |= {f"*.{ext}" for spec in d.get("companions", []) for ext in spec.get("extensions", [])}
        wanted |= {n.lower() for n in d.get("file_names", [])}
        check(shown == wanted, f"{name}: the file browser shows {sorted(shown)}, expected {sorted(wanted)}")
        for spec in d.get("companions", []):
            prop = props.get("companion_" + slug(spec["role"]))
            subtype = "FILE_PATH" if spec.get("extensions") else "DIR_PATH"
            check(prop is not None and prop.subtype == subtype,
                  f"{name}: companion {spec['role']} is not a {subtype} picker")
        motions = any(spec["role"] in ("motions", "animations") for spec in d.get("companions", []))
        check(("import_motions" in props) == motions, f"{name}: Import Motions offered: {'import_motions' in props}")
        way_back = bool(d.get("way_back_records"))
        check(("keep_way_back" in props) == way_back, f"{name}: Keep Way Back offered: {'keep_way_back' in props}")
    ogf = next((d for d in descriptions if d["id"] == "xray-ogf"), None)
    if check(ogf is not None, "gamefmt lists no xray-ogf"):
        shown = operator_properties(import_operator(ogf))["filter_glob"].default.split(";")
        check({"*.ogf", "*.omf", "*.skl", "*.skls"} <= set(shown), f"the .ogf file browser shows {shown}")


def panel_calls(description, **values):
    """What the import operator's side panel draws for these property values (the others at their defaults)."""
    registry = sys.modules[ADDON + ".format_registry"]
    cls = next(c for c in registry.import_operators() if c.gamefmt_id == description["id"])
    state = {name: getattr(p, "default", None) for name, p in operator_properties(import_operator(description)).items()}
    state.update({k: getattr(cls, k) for k in ("gamefmt_companions", "gamefmt_extensions", "gamefmt_options")})
    state.update(values)
    calls = []
    state.update(layout=LayoutRecorder(calls))
    operator = types.SimpleNamespace(**state)
    cls.draw(operator, bpy.context)
    return calls


def import_panel(descriptions):
    """The side panel offers the companion pickers, Import Motions, options and the game data folder; motion pickers
    are greyed out while Import Motions is off."""
    for format_id, motion_role in (("xray-ogf", "companion_motions"), ("phoenix-phxbn", "companion_animations")):
        d = next(d for d in descriptions if d["id"] == format_id)
        on = {call[1]: call[2] for call in panel_calls(d) if call[0] == "prop"}
        off = {call[1]: call[2] for call in panel_calls(d, import_motions=False) if call[0] == "prop"}
        wanted = {"import_motions", "keep_way_back", "gamedata", "bone_dir", "frame_rate"}
        wanted |= {"companion_" + slug(s["role"]) for s in d["companions"]}
        wanted |= {"option_" + slug(o["name"]) for o in d.get("import_options", [])}
        check(set(on) == wanted, f"{format_id}: the panel draws {sorted(on)}, expected {sorted(wanted)}")
        check(on.get(motion_role) is True and off.get(motion_role) is False,
              f"{format_id}: {motion_role} editable with motions on/off: {on.get(motion_role)}/{off.get(motion_role)}")
        others = [p for p in on if p.startswith("companion_") and p != motion_role]
        check(all(off[p] for p in others), f"{format_id}: Import Motions off greys out {others}")


def way_back_toggle(descriptions):
    """Keep Way Back (on by default) keeps the file's bytes in the scene's custom properties; off leaves them out
    and imports the same model."""
    ogf = import_operator(next(d for d in descriptions if d["id"] == "xray-ogf"))
    sample = os.path.join(REPOSITORY, "samples", "xray", "bx_test_fmt_ogf_st.ogf")
    kept = import_counts(ogf, filepath=sample)
    kept_record = "xray.ogf.file" in bpy.context.scene.keys()
    if kept_record:  # clear_scene leaves the scene's own custom properties
        del bpy.context.scene["xray.ogf.file"]
    viewed = import_counts(ogf, filepath=sample, keep_way_back=False)
    viewed_record = "xray.ogf.file" in bpy.context.scene.keys()
    log(f"WAY BACK kept {kept} ({kept_record}), left out {viewed} ({viewed_record})")
    check(kept["result"] == viewed["result"] == {"FINISHED"} and kept["meshes"] == viewed["meshes"] > 0 and
          kept["triangles"] == viewed["triangles"], f"Keep Way Back on/off: {kept} / {viewed}")
    check(kept_record and not viewed_record,
          f"the kept .ogf in the scene's custom properties with Keep Way Back on/off: {kept_record}/{viewed_record}")


def import_counts(operator, **properties):
    clear_scene()
    result = run_operator(f"import {properties}", operator, **properties)
    summary = blender_summary()
    summary.update(result=result, objects=len(bpy.data.objects))
    return summary


def motions_toggle(gamefmt, descriptions, out_dir):
    """Import Motions off leaves out the motion companions selected in the browser or named in the panel, and the
    animations gamefmt finds by itself; the model and skeleton stay."""
    folder = os.path.join(out_dir, "motions")
    os.makedirs(folder)
    seeds = os.path.join(REPOSITORY, "fuzz", "seeds")
    for source, name in (("phoenix-phxbn/biped_v11.phxbn", "biped.phxbn"), ("phoenix-anm/walk_v10.anm", "walk.anm"),
                         ("westwood-vxl/tiny.vxl", "tiny.vxl"), ("westwood-hva/tiny.hva", "tiny.hva")):
        shutil.copy(os.path.join(seeds, source), os.path.join(folder, name))
    with open(os.path.join(folder, "broken.anm"), "wb") as f:
        f.write(b"not an Overgrowth animation")
    by_id = {d["id"]: d for d in descriptions}
    phxbn, vxl = import_operator(by_id["phoenix-phxbn"]), import_operator(by_id["westwood-vxl"])
    skeleton = os.path.join(folder, "biped.phxbn")
    walk = os.path.join(folder, "walk.anm")
    reference = os.path.join(out_dir, "reference", "biped_walk.glb")
    os.makedirs(os.path.dirname(reference), exist_ok=True)
    converted = run_gamefmt(gamefmt, "convert", skeleton, walk, "-o", reference)
    if not check(converted.returncode == 0, f"gamefmt cannot convert the biped with its walk: {converted.stderr}"):
        return
    expected = glb_summary(reference)
    check(expected["animations"] > 0, "gamefmt's biped with its walk has no animation")
    selected = {"directory": folder, "files": [{"name": "biped.phxbn"}, {"name": "walk.anm"}]}
    named = {"filepath": skeleton, "companion_animations": walk}
    cases = (("selected in the browser", selected), ("named in the panel", named))
    for how, properties in cases:
        on = import_counts(phxbn, **properties)
        off = import_counts(phxbn, import_motions=False, **properties)
        log(f"MOTIONS biped + walk {how}: on {on}, off {off}")
        check(on["result"] == {"FINISHED"} and on["animations"] == expected["animations"] and on["actions"] > 0,
              f"biped + walk {how}, Import Motions on: {on}, gamefmt has {expected['animations']} animations")
        check(off["result"] == {"FINISHED"} and off["animations"] == 0 and off["actions"] == 0,
              f"biped + walk {how}, Import Motions off: {off}")
        # The seed rig has no model OBJ: its joints arrive as objects.
        check(off["objects"] == on["objects"] > 0, f"biped {how}: objects on {on['objects']}, off {off['objects']}")
    # A motion file that is left out is not read at all: a broken one fails the import only when motions are on.
    broken = {"directory": folder, "files": [{"name": "biped.phxbn"}, {"name": "broken.anm"}]}
    check(import_counts(phxbn, import_motions=False, **broken)["result"] == {"FINISHED"},
          "Import Motions off still passed a selected .anm to gamefmt")
    clear_scene()
    try:
        phxbn(**broken)
        check(False, "a broken .anm selected with Import Motions on did not fail the import")
    except RuntimeError as error:
        check("broken.anm" in str(error), f"the broken .anm's error does not name it: {error}")
    # gamefmt finds tiny.hva beside tiny.vxl by itself: its animation goes too.
    on = import_counts(vxl, filepath=os.path.join(folder, "tiny.vxl"))
    off = import_counts(vxl, filepath=os.path.join(folder, "tiny.vxl"), import_motions=False)
    log(f"MOTIONS tiny.vxl with tiny.hva beside: on {on}, off {off}")
    check(on["animations"] > 0 and off["animations"] == 0 and off["actions"] == 0 and off["meshes"] == on["meshes"],
          f"tiny.vxl with its .hva beside: on {on}, off {off}")
    corpus = os.environ.get("GAMEFMT_CORPUS", "")
    dog = os.path.join(corpus, "xray", "rad_dog_red_big_dead.ogf")
    if not corpus or not os.path.isfile(dog):
        log("SKIP Import Motions on an X-Ray model's motion reference: GAMEFMT_CORPUS is unset")
        return
    # The dog names monsters\dog_big_animation: a game-data folder that holds it.
    gamedata = os.path.join(folder, "gamedata")
    os.makedirs(os.path.join(gamedata, "meshes", "monsters"))
    shutil.copy(os.path.join(corpus, "xray", "rad_dog_big_animation.omf"),
                os.path.join(gamedata, "meshes", "monsters", "dog_big_animation.omf"))
    reference = os.path.join(out_dir, "reference", "dog_referenced.glb")
    converted = run_gamefmt(gamefmt, "convert", dog, "--gamedata", gamedata, "-o", reference)
    if not check(converted.returncode == 0, f"gamefmt cannot convert the dog: {converted.stderr}"):
        return
    expected = glb_summary(reference)
    ogf = import_operator(by_id["xray-ogf"])
    on = import_counts(ogf, filepath=dog, gamedata=gamedata)
    off = import_counts(ogf, filepath=dog, gamedata=gamedata, import_motions=False)
    log(f"MOTIONS X-Ray dog with its motion reference: on {on}, off {off}")
    check(expected["animations"] > 0 and on["animations"] == expected["animations"],
          f"the dog with its motion reference: {on['animations']} animations, gamefmt has {expected['animations']}")
    check(off["animations"] == 0 and off["actions"] == 0 and off["bones"] == on["bones"],
          f"the dog with Import Motions off: {off}")
    # Without the game data: Import Motions on says the reference is missing, in the add-on's words (its Game Data
    # Folder, not the command line's --gamedata); off, nothing is said about motions.
    elsewhere = os.path.join(out_dir, "dog_alone")
    os.makedirs(elsewhere, exist_ok=True)
    alone = shutil.copy(dog, elsewhere)
    clear_scene()
    said_on, _ = console_output(lambda: ogf(filepath=alone))
    clear_scene()
    said_off, _ = console_output(lambda: ogf(filepath=alone, import_motions=False))
    motion_lines = [line for line in said_on.splitlines() if "Warning" in line and "motion" in line]
    check(motion_lines and all("Game Data Folder" in line and "--gamedata" not in line for line in motion_lines),
          f"the missing motion reference is not told in the add-on's words: {motion_lines}")
    check(not any("motion" in line for line in said_off.splitlines() if "Warning" in line),
          f"Import Motions off still warns about motions: {said_off!r}")
    # The game-data folder kept in the add-on's preferences serves when the import names none.
    preferences().gamedata_path = gamedata
    by_preference = import_counts(ogf, filepath=dog)
    preferences().gamedata_path = ""
    check(by_preference["animations"] == expected["animations"],
          f"the dog with the game data in the preferences: {by_preference['animations']} animations")


def main(argv):
    gamefmt, zip_path, samples_dir, out_dir = (os.path.abspath(a) for a in argv[:4])
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    listed = run_gamefmt(gamefmt, "formats", "--json")
    check(listed.returncode == 0, f"gamefmt formats --json failed: {listed.stderr}")
    descriptions = json.loads(listed.stdout)["formats"]
    install(zip_path, gamefmt)
    check_operators(descriptions)
    samples = sample_files(samples_dir, descriptions)
    check(len(samples) > 0, f"no samples under {samples_dir}")
    for description, sample in samples:
        import_and_export(gamefmt, description, sample, samples_dir, out_dir)
    moved_vertices(gamefmt, descriptions, samples_dir, out_dir)
    option_passed(gamefmt, descriptions, samples_dir, out_dir)
    animation_merge(out_dir)
    error_report(descriptions, out_dir)
    import_warning_report(descriptions, samples_dir, out_dir)
    grouped_menus(descriptions)
    companion_filter(descriptions)
    import_panel(descriptions)
    motions_toggle(gamefmt, descriptions, out_dir)
    way_back_toggle(descriptions)
    log(f"{len(descriptions)} formats, {len(samples)} samples, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []))
