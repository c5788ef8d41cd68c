"""The modder's edit loop, through the gamefmt add-on as installed from its zip: import a skinned game model with its
motions, export it back (unedited, then with one vertex and one bone head moved), and play the game's own motion
files on the result. The skinning is the test's own (tests/blender/game_skinning, written from docs/formats/,
not gamefmt's code).

blender -b --factory-startup -noaudio --python-exit-code 1 --python edit_loop_test.py -- \
    ADDON_ZIP OUTPUT_DIR CASE [CASE ...]
CASE is "[exact:]MODEL[,COMPANION...][;MOTION_FILE...]": the files the import is given (the model first), then the
motion files the check plays (default: the companions); "exact:" requires the unedited export to be the original
file byte for byte. gamefmt must be on PATH.

For every case and each of Blender's bone directions (BLENDER, TEMPERANCE, FORTUNE, the add-on's Bone Dir):
- unedited: the export is the original file byte for byte (required for "exact:" cases), or every motion deforms
  every vertex of the export within TOLERANCE of the original at every frame;
- its motion file (the first companion) exported back from the same import: the original bytes, or its motions
  pose the original model within TOLERANCE of the original motions at every frame;
- edited (one vertex of the skinned mesh moved by 2 cm, one bone's head by 2 cm): every vertex that is not the
  moved one and that the moved bone does not influence deforms within TOLERANCE of the original, at every frame of
  every motion; the moved vertex is 2 cm from where it was; the moved bone's head is 2 cm from where it was.
Prints "GAMEFMT_EDIT_LOOP ..." lines (with the export times); exits 1 on any failure.
"""
import os
import shutil
import sys
import time

import bpy
import numpy
from mathutils import Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import game_skinning  # noqa: E402  (the path above)

ADDON = "gamefmt_blender"
BONE_DIRECTIONS = ("BLENDER", "TEMPERANCE", "FORTUNE")
TOLERANCE = 1e-4  # metres
MOVE = 0.02  # metres
TINY = 10  # vertices: a model this small may have none that the edits leave alone
OPERATORS = {".ogf": "xray_ogf", ".object": "xray_object", ".model": "shinobi_model", ".phxbn": "phoenix_phxbn",
             ".omf": "xray_omf", ".skls": "xray_skls", ".skl": "xray_skl", ".animation": "shinobi_animation",
             ".anm": "phoenix_anm"}
failures = []


def log(message):
    print("GAMEFMT_EDIT_LOOP " + message, flush=True)


def check(condition, message):
    if not condition:
        failures.append(message)
        log("FAIL " + message)
    return condition


def clear_scene():
    """An empty scene, without the custom properties an earlier import put on it (the glTF scene extras)."""
    for collection in (bpy.data.objects, bpy.data.meshes, bpy.data.armatures, bpy.data.actions,
                       bpy.data.materials, bpy.data.images):
        for block in list(collection):
            collection.remove(block)
    for key in list(bpy.context.scene.keys()):
        del bpy.context.scene[key]


def parse_case(text):
    """(inputs, motion files, whether the unedited export must be the original byte for byte)."""
    exact = text.startswith("exact:")
    files, _, motions = text[len("exact:"):].partition(";") if exact else text.partition(";")
    inputs = [os.path.abspath(p) for p in files.split(",") if p]
    motion_files = [os.path.abspath(p) for p in motions.split(",") if p] or inputs[1:]
    return inputs, motion_files, exact


def import_with_addon(inputs, bone_dir):
    model = inputs[0]
    operator = getattr(bpy.ops.import_scene, "gamefmt_" + OPERATORS[os.path.splitext(model)[1].lower()])
    directory = os.path.dirname(model)
    files = [{"name": os.path.relpath(p, directory)} for p in inputs]
    return operator(filepath=model, directory=directory, files=files, bone_dir=bone_dir)


def export_with_addon(path, **options):
    operator = getattr(bpy.ops.export_scene, "gamefmt_" + OPERATORS[os.path.splitext(path)[1].lower()])
    start = time.perf_counter()
    result = operator(filepath=path, use_selection=False, **options)
    return result, time.perf_counter() - start


def skinned_objects():
    return [o for o in bpy.data.objects
            if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers) and o.vertex_groups]


def move_one_vertex():
    """Moves the first weighted vertex of the first skinned mesh by MOVE along the mesh's Z."""
    mesh_object = skinned_objects()[0]
    vertex = next(v for v in mesh_object.data.vertices if any(g.weight > 0 for g in v.groups))
    vertex.co.z += MOVE
    mesh_object.data.update()


def bone_to_move(model):
    """The file's bone that weights the fewest vertices of the model (so that most stay in the check), a child
    before the root when they weight as many."""
    counts = {}
    for influences in model.influences:
        for name, weight in influences:
            if weight > 0:
                counts[name] = counts.get(name, 0) + 1
    return min((count, model.parents[name] is None, name) for name, count in counts.items())[2]


def blender_bone(armature, file_bone, ext):
    """The Blender bone of a bone as game_skinning names it: Overgrowth bones have no names, only indices (the
    import records each in the bone's custom property "phoenix.bone_index"); X-Ray names ignore letter case."""
    for bone in armature.data.bones:
        if ext == ".phxbn":
            if "bone_%d" % int(bone.get("phoenix.bone_index", -1)) == file_bone:
                return bone.name
        elif (bone.name.lower() if ext in (".ogf", ".object") else bone.name) == file_bone:
            return bone.name
    raise KeyError(f"no Blender bone for {file_bone}")


def move_bone_head(armature, name):
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    bone = armature.data.edit_bones[name]
    bone.use_connect = False
    bone.head += Vector((MOVE, 0.0, 0.0))
    bpy.ops.object.mode_set(mode="OBJECT")


def model_for_check(path, original_model):
    """The model at `path` for game_skinning; an Overgrowth skeleton takes the original's .obj beside it (the
    export writes the skeleton and its weights, not the mesh)."""
    if path.lower().endswith(".phxbn"):
        obj = os.path.splitext(original_model)[0] + ".obj"
        if os.path.isfile(obj):
            shutil.copyfile(obj, os.path.splitext(path)[0] + ".obj")
    return game_skinning.load_model(path)


def influenced_by(model, bones):
    return numpy.array([any(name in bones and w > 0 for name, w in inf) for inf in model.influences])


def descendants(model, bone):
    out, added = {bone}, True
    while added:
        children = {name for name, parent in model.parents.items() if parent in out} - out
        out |= children
        added = bool(children)
    return out - {bone}


def bones_the_move_carries(original, exported, motion_files, bone):
    """The moved bone, and those of its descendants the game poses elsewhere after the move: a bone a motion
    leaves at its rest keeps its offset from its parent, which the move changed (in the game as in Blender)."""
    carried = {bone}
    below = descendants(original, bone)
    for path in motion_files:
        for before, after in zip(game_skinning.load_motions(path, original),
                                 game_skinning.load_motions(path, exported)):
            for frame in range(before.frame_count):
                a = game_skinning.globals_for(original, before.locals(frame))
                b = game_skinning.globals_for(exported, after.locals(frame))
                carried |= {name for name in below if numpy.abs(a[name] - b[name]).max() > 1e-6}
    return carried


def distances_to(points, others, chunk=64):
    """For each point, its distance to every one of `others`, a chunk of points at a time: yields (first row,
    distances of the chunk's points)."""
    for start in range(0, len(points), chunk):
        block = points[start:start + chunk]
        yield start, numpy.sqrt(((block[:, None, :] - others[None, :, :]) ** 2).sum(axis=2))


def nearest_distance(points, others):
    """The distance of each point to the nearest of `others` (infinity when there are none)."""
    out = numpy.full(len(points), numpy.inf)
    if len(others):
        for start, d in distances_to(points, others):
            out[start:start + len(d)] = d.min(axis=1)
    return out


def matches(original, exported, skip):
    """For each original vertex not skipped, the exported vertex at its rest position (within 1e-5) with the
    most similar influences; -1 where none is there."""
    out = numpy.full(len(original.positions), -1)
    rows = numpy.nonzero(~skip)[0]
    for start, d in distances_to(original.positions[rows], exported.positions):
        for k, near in enumerate(d < 1e-5):
            near = numpy.nonzero(near)[0]
            i = rows[start + k]
            if len(near) <= 1:
                out[i] = near[0] if len(near) else -1
                continue
            want = dict(original.influences[i])

            def mismatch(j):
                have = dict(exported.influences[j])
                return sum(abs(want.get(b, 0) - have.get(b, 0)) for b in set(want) | set(have))

            out[i] = min(near, key=mismatch)
    return out


def worst_deformation(original, exported, motion_files, skip):
    """The largest distance between original and exported vertices (not skipped) over every frame of every
    motion, and how many vertices were compared. Vertices no triangle uses are not drawn, so not compared."""
    skip = skip | ~original.drawn
    pairs = matches(original, exported, skip)
    compared = numpy.nonzero(pairs >= 0)[0]
    check(len(compared) == int((~skip).sum()),
          f"{len(compared)} of {int((~skip).sum())} vertices of the original are in the export")
    worst = 0.0
    if len(compared) == 0:
        return worst, 0
    for path in motion_files:
        for before, after in zip(game_skinning.load_motions(path, original),
                                 game_skinning.load_motions(path, exported)):
            for frame in range(before.frame_count):
                a = game_skinning.deform(original, before, frame)[compared]
                b = game_skinning.deform(exported, after, frame)[pairs[compared]]
                worst = max(worst, float(numpy.abs(a - b).max()))
    return worst, len(compared)


def unedited(label, inputs, motion_files, out_dir, bone_dir, exact):
    model = inputs[0]
    ext = os.path.splitext(model)[1].lower()
    path = os.path.join(out_dir, f"unedited_{bone_dir.lower()}{ext}")
    result, seconds = export_with_addon(path)
    log(f"{label} {bone_dir} unedited export: {result} in {seconds:.2f} s")
    if not check("FINISHED" in result and os.path.isfile(path), f"{label} {bone_dir}: unedited export failed"):
        return None
    with open(model, "rb") as a, open(path, "rb") as b:
        same = a.read() == b.read()
    log(f"{label} {bone_dir} unedited: byte for byte {same}")
    if exact:
        check(same, f"{label} {bone_dir}: the unedited export is not the original file")
        return path
    if same:
        return path
    original = game_skinning.load_model(model)
    exported = model_for_check(path, model)
    worst, compared = worst_deformation(original, exported, motion_files, numpy.zeros(len(original.positions), bool))
    log(f"{label} {bone_dir} unedited: {compared} vertices, largest difference under the game's motions {worst:.2e} m")
    check(worst <= TOLERANCE, f"{label} {bone_dir}: unedited, the game's motions move vertices {worst:.2e} m away")
    return path


def motions_back(label, model, motion_file, out_dir, bone_dir):
    """The motion file exported back from the unedited import (the game's frames restored by gamefmt whatever Bone
    Dir turned): the original bytes, or each of its motions poses the original model as the original motion does,
    within TOLERANCE at every frame."""
    ext = os.path.splitext(motion_file)[1].lower()
    path = os.path.join(out_dir, f"motions_{bone_dir.lower()}{ext}")
    original_model = game_skinning.load_model(model)
    originals = game_skinning.load_motions(motion_file, original_model)
    # A Grimrock .animation holds one animation: the one named after the file.
    options = {"option_animation": os.path.splitext(os.path.basename(motion_file))[0]} if ext == ".animation" else {}
    result, seconds = export_with_addon(path, **options)
    log(f"{label} {bone_dir} motions export {os.path.basename(path)}: {result} in {seconds:.2f} s")
    if not check("FINISHED" in result and os.path.isfile(path), f"{label} {bone_dir}: motions export failed"):
        return
    with open(motion_file, "rb") as a, open(path, "rb") as b:
        if a.read() == b.read():
            log(f"{label} {bone_dir} motions: byte for byte True")
            return
    exported = {m.name: m for m in game_skinning.load_motions(path, original_model)}
    worst = 0.0
    for motion in originals:
        back = exported.get(motion.name)
        if back is None and len(exported) == 1:  # a file of one motion, named otherwise on the way back
            back = next(iter(exported.values()))
        if not check(back is not None, f"{label} {bone_dir}: motion {motion.name!r} is not in the exported file"):
            continue
        check(back.frame_count >= motion.frame_count,
              f"{label} {bone_dir}: motion {motion.name!r} has {back.frame_count} frames, was {motion.frame_count}")
        for frame in range(min(motion.frame_count, back.frame_count)):
            a = game_skinning.deform(original_model, motion, frame)
            b = game_skinning.deform(original_model, back, frame)
            worst = max(worst, float(numpy.abs(a - b).max()))
    log(f"{label} {bone_dir} motions: byte for byte False; {len(originals)} motions pose the model within "
        f"{worst:.2e} m of the original's")
    check(worst <= TOLERANCE, f"{label} {bone_dir}: the exported motions move vertices {worst:.2e} m away")


def edited(label, inputs, motion_files, out_dir, bone_dir, unedited_path):
    model = inputs[0]
    ext = os.path.splitext(model)[1].lower()
    original = game_skinning.load_model(model)
    before_edit = model_for_check(unedited_path, model)
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    bone = bone_to_move(original)
    move_bone_head(armature, blender_bone(armature, bone, ext))
    move_one_vertex()
    path = os.path.join(out_dir, f"edited_{bone_dir.lower()}{ext}")
    result, seconds = export_with_addon(path)
    log(f"{label} {bone_dir} edited export ({bone} moved): {result} in {seconds:.2f} s")
    if not check("FINISHED" in result and os.path.isfile(path), f"{label} {bone_dir}: edited export failed"):
        return
    exported = model_for_check(path, model)
    # The moved bone's head is where the edit put it. An Overgrowth bone is the segment between two points it
    # shares with its neighbours: its frame sits at its midpoint, and the export moves the point the head is.
    moved_by = numpy.linalg.norm(exported.bind_globals[bone][:3, 3] - original.bind_globals[bone][:3, 3])
    expected = MOVE / 2 if ext == ".phxbn" else MOVE
    check(abs(moved_by - expected) < 1e-4,
          f"{label} {bone_dir}: the moved bone's origin is {moved_by:.4f} m from where it was, not {expected}")
    carried = bones_the_move_carries(original, exported, motion_files, bone)
    skip = influenced_by(original, carried)
    carried_vertices = int(skip.sum())
    if ext != ".phxbn":  # an Overgrowth skeleton file holds no mesh
        # The moved vertex: exported vertices where the original has none, each MOVE from an original vertex
        # (Blender's axes and the file's differ by a turn, which keeps distances). Copies of the moved vertex that
        # Blender kept apart (seams) stay; an original vertex left with no exported vertex at its place must be
        # one that moved.
        def moved_by_move(points, others):
            """Whether each point lies MOVE from one of `others`."""
            found = numpy.zeros(len(points), bool)
            for start, d in distances_to(points, others):
                found[start:start + len(d)] = (abs(d - MOVE) < 1e-5).any(axis=1)
            return found

        # Against the unedited export: it also holds what the original's skinning leaves out (an SDK object's
        # corners without weights, which the import binds to the first bone).
        new = exported.positions[nearest_distance(exported.positions, before_edit.positions) > 1e-5]
        check(len(new) >= 1, f"{label} {bone_dir}: no vertex moved in the export")
        check(moved_by_move(new, before_edit.positions).all(),
              f"{label} {bone_dir}: a moved vertex is not {MOVE} m from where it was")
        gone = (nearest_distance(original.positions, exported.positions) > 1e-5) & original.drawn
        check(moved_by_move(original.positions[gone], new).all(),
              f"{label} {bone_dir}: a vertex that was not moved is missing from the export")
        skip |= gone
    worst, compared = worst_deformation(original, exported, motion_files, skip)
    log(f"{label} {bone_dir} edited: {compared} of {len(original.positions)} vertices compared (the moved vertex "
        f"and the {carried_vertices} that the moved bone and the {len(carried) - 1} "
        f"unkeyed bones it carries weight left out), largest difference under the game's motions {worst:.2e} m")
    check(worst <= TOLERANCE, f"{label} {bone_dir}: edited, the game's motions move other vertices {worst:.2e} m")
    # A model of a few vertices may have none left (the corpus's skinned SDK object: 3 vertices, 2 bones).
    check(compared >= 1 or len(original.positions) < TINY,
          f"{label} {bone_dir}: no vertex compared")


def run_case(text, out_dir):
    inputs, motion_files, exact = parse_case(text)
    label = os.path.basename(inputs[0])
    for bone_dir in BONE_DIRECTIONS:
        case_dir = os.path.join(out_dir, os.path.splitext(label)[0])
        os.makedirs(case_dir, exist_ok=True)
        clear_scene()
        result = import_with_addon(inputs, bone_dir)
        if not check("FINISHED" in result, f"{label} {bone_dir}: import failed: {result}"):
            continue
        log(f"{label} {bone_dir}: imported, {len(bpy.data.actions)} actions")
        unedited_path = unedited(label, inputs, motion_files, case_dir, bone_dir, exact)
        motion_companions = [p for p in inputs[1:] if os.path.splitext(p)[1].lower() in OPERATORS]
        if motion_companions:
            motions_back(label, inputs[0], motion_companions[0], case_dir, bone_dir)
        if unedited_path is not None:
            edited(label, inputs, motion_files, case_dir, bone_dir, unedited_path)


def main(argv):
    zip_path, out_dir, cases = os.path.abspath(argv[0]), os.path.abspath(argv[1]), argv[2:]
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    bpy.ops.preferences.addon_enable(module=ADDON)
    for case in cases:
        run_case(case, out_dir)
    log(f"{len(cases)} cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []))
