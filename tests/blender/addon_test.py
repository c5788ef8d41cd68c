"""Headless test of the gamefmt Blender add-on, installed from its zip like a user would.

blender -b --factory-startup -noaudio --python-exit-code 1 --python addon_test.py -- \
    GAMEFMT_BINARY ADDON_ZIP SAMPLES_DIR OUTPUT_DIR

A gamefmt found first on PATH must be the given one (the script checks the PATH lookup, then the preference).
For every format `gamefmt formats --json` lists, the add-on must offer operators with the format's companions and
options. Every sample under SAMPLES_DIR that a listed format reads is imported through the add-on's operator and
compared with what gamefmt itself writes for it (meshes, triangles, bones, animations); formats gamefmt writes
are exported back through the add-on and read back by gamefmt. A .solid gets vertices moved in Blender, and the
exported file must hold the moved positions. Prints "GAMEFMT_ADDON ..." lines; exits 1 on any failure.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys

import bpy
import numpy

ADDON = "gamefmt_blender"
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


def import_and_export(gamefmt, description, sample, out_dir):
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
    if not (description.get("write") and description.get("extensions")):
        return
    ext = description["extensions"][0]
    # Only what gamefmt itself can write back from its own glTF is expected of the add-on.
    cli_back = os.path.join(out_dir, "reference", output_name(sample) + ".back." + ext)
    if run_gamefmt(gamefmt, "convert", reference, "-o", cli_back).returncode != 0:
        log(f"SKIP {label} export: gamefmt itself cannot write it back from its glTF")
        return
    exported = os.path.join(out_dir, "exported", output_name(sample))
    os.makedirs(os.path.dirname(exported), exist_ok=True)
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
        import_and_export(gamefmt, description, sample, out_dir)
    moved_vertices(gamefmt, descriptions, samples_dir, out_dir)
    option_passed(gamefmt, descriptions, samples_dir, out_dir)
    animation_merge(out_dir)
    error_report(descriptions, out_dir)
    log(f"{len(descriptions)} formats, {len(samples)} samples, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []))
