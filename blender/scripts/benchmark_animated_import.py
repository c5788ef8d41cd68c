"""Times File > Import of an animated X-Ray character in Blender: the gamefmt add-on against blender-xray.

Run it with a plain Python; it starts one Blender per importer (each: a warm-up import, then RUNS timed imports into
an emptied scene) and prints the medians and their ratio:

    python3 blender/scripts/benchmark_animated_import.py [--blender blender] [--runs 7] [--xray-seconds S] \\
        build/bin/gamefmt $GAMEFMT_CORPUS/xray/rad_dog_red_big_dead.ogf $GAMEFMT_CORPUS/xray/rad_dog_big_animation.omf

--xray-seconds S: blender-xray's median measured elsewhere (issue 17 recorded 0.36 s), for a ratio printed as such
when blender-xray is not installed in this Blender.
Run it with the Python whose python3 comes first on PATH for Blender too: Blender's own Python takes its library
folder from the python3 found on PATH, so a PATH that starts with another installation (a pyenv shim) gives it a
library without NumPy, and the add-on cannot load.

Importers:
- blender-xray: its .ogf import, then its .omf import onto the armature. Skipped when the io_scene_xray add-on is not
  installed in the Blender that runs (install it in that Blender's user add-ons to compare).
- gamefmt add-on: the add-on's import operator for the .ogf with the .omf as companion (gamefmt convert, Blender's
  glTF importer for the scene, the actions built by the add-on), from this checkout's blender/gamefmt_blender.
- gamefmt + glTF importer alone: gamefmt convert, then Blender's glTF importer builds everything (the add-on's path
  before it built the actions itself).
- and the add-on's two steps apart: gamefmt convert alone; the .glb import alone (gltf_import.import_glb).
Each import is timed until the scene is evaluated (the pose and NLA ready to show), in wall time and in CPU time
(Blender's and gamefmt's; steadier on a busy machine). The ratios printed are add-on / blender-xray (below 1: the
add-on is faster) and add-on / glTF importer alone.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

MARK = "GAMEFMT_BENCH "
ADDON_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)


# ---- inside Blender ------------------------------------------------------------------------------------------

def _clear_scene(bpy):
    for collection in (bpy.data.objects, bpy.data.meshes, bpy.data.armatures, bpy.data.actions,
                       bpy.data.materials, bpy.data.images, bpy.data.textures):
        for block in list(collection):
            collection.remove(block)
    bpy.data.orphans_purge(do_recursive=True)


def _enable_gamefmt_addon(bpy, gamefmt):
    import addon_utils
    sys.path.insert(0, os.path.abspath(ADDON_SOURCE))
    addon_utils.enable("gamefmt_blender", default_set=True)
    bpy.context.preferences.addons["gamefmt_blender"].preferences.gamefmt_path = os.path.abspath(gamefmt)
    return sys.modules["gamefmt_blender"]


def _importers(bpy, mode, gamefmt, model, motions, scratch):
    """{name: function importing once} for the mode (one Blender per mode)."""
    if mode == "blender-xray":
        import addon_utils
        if not any(m.__name__ == "io_scene_xray" for m in addon_utils.modules()):
            return None
        addon_utils.enable("io_scene_xray", default_set=True)

        def xray():
            bpy.ops.xray_import.ogf(directory=os.path.dirname(model), files=[{"name": os.path.basename(model)}])
            armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
            bpy.context.view_layer.objects.active = armature
            bpy.ops.xray_import.omf(directory=os.path.dirname(motions), files=[{"name": os.path.basename(motions)}])
        return {"blender-xray": xray}
    addon = _enable_gamefmt_addon(bpy, gamefmt)
    cli, gltf_import = addon.gamefmt_cli, addon.gltf_import
    glb = os.path.join(scratch, "character.glb")
    if mode == "addon":
        operator = bpy.ops.import_scene.gamefmt_xray_ogf
        return {"gamefmt add-on": lambda: operator(filepath=model, companion_motions=motions)}
    if mode == "gltf-importer":
        def stock():
            cli.convert(cli.find_program(gamefmt), [model, motions], glb, [])
            addon.gltf_compat.ensure_numpy_bool()
            bpy.ops.import_scene.gltf(filepath=glb)
        return {"gamefmt + glTF importer alone": stock}
    if mode == "steps":
        cli.convert(cli.find_program(gamefmt), [model, motions], glb, [])
        return {"  step: gamefmt convert": lambda: cli.convert(cli.find_program(gamefmt), [model, motions], glb, []),
                "  step: .glb import with the add-on's actions": lambda: gltf_import.import_glb(glb)}
    raise ValueError(mode)


def _cpu_seconds():
    """CPU time of Blender and of the programs it ran (gamefmt): steadier than wall time on a busy machine."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def run_inside_blender(argv):
    import bpy
    mode, gamefmt, model, motions, runs = argv[0], argv[1], argv[2], argv[3], int(argv[4])
    with tempfile.TemporaryDirectory(prefix="gamefmt-bench-") as scratch:
        importers = _importers(bpy, mode, gamefmt, model, motions, scratch)
        if importers is None:
            print(MARK + json.dumps({"mode": mode, "skipped": "the io_scene_xray add-on is not installed"}),
                  flush=True)
            return 0
        for name, function in importers.items():
            times, cpu_times = [], []
            for run in range(runs + 1):
                _clear_scene(bpy)
                start, cpu_start = time.perf_counter(), _cpu_seconds()
                function()
                # Until the scene is ready to show: Blender evaluates it (the armature's pose, the NLA).
                bpy.context.view_layer.update()
                elapsed, cpu = time.perf_counter() - start, _cpu_seconds() - cpu_start
                if run > 0:  # the first import loads modules and warms caches
                    times.append(elapsed)
                    cpu_times.append(cpu)
            summary = {"mode": mode, "name": name, "times": times, "cpu_times": cpu_times,
                       "actions": len(bpy.data.actions), "bones": sum(len(a.bones) for a in bpy.data.armatures)}
            print(MARK + json.dumps(summary), flush=True)
    return 0


# ---- outside Blender -----------------------------------------------------------------------------------------

def run_blender(blender, mode, arguments):
    command = [blender, "-b", "--factory-startup", "-noaudio", "--python-exit-code", "1", "--python",
               os.path.abspath(__file__), "--", mode, *arguments]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = [json.loads(line[len(MARK):]) for line in completed.stdout.splitlines() if line.startswith(MARK)]
    if completed.returncode != 0 or not lines:
        tail = "\n".join((completed.stdout + completed.stderr).splitlines()[-30:])
        raise SystemExit(f"Blender failed for {mode} (exit {completed.returncode}):\n{tail}")
    return lines


def main(argv):
    blender, runs, xray_seconds = "blender", 7, None
    positional = []
    i = 0
    while i < len(argv):
        if argv[i] in ("--blender", "--runs", "--xray-seconds"):
            if argv[i] == "--blender":
                blender = argv[i + 1]
            elif argv[i] == "--runs":
                runs = int(argv[i + 1])
            else:
                xray_seconds = float(argv[i + 1])
            i += 2
        else:
            positional.append(argv[i])
            i += 1
    if len(positional) != 3:
        print(__doc__)
        return 2
    gamefmt, model, motions = (os.path.abspath(p) for p in positional)
    medians, cpu_medians = {}, {}
    for mode in ("blender-xray", "addon", "gltf-importer", "steps"):
        for line in run_blender(blender, mode, [gamefmt, model, motions, str(runs)]):
            if "skipped" in line:
                print(f"{mode}: skipped ({line['skipped']})")
                continue
            medians[line["name"]] = statistics.median(line["times"])
            cpu_medians[line["name"]] = statistics.median(line["cpu_times"])
            print(f"{line['name']:<46} median {medians[line['name']]:.3f} s wall, {cpu_medians[line['name']]:.3f} s "
                  f"CPU over {len(line['times'])} imports (wall min {min(line['times']):.3f}, max "
                  f"{max(line['times']):.3f}; {line['bones']} bones, {line['actions']} actions)")
    for reference in ("blender-xray", "gamefmt + glTF importer alone"):
        if reference in medians and "gamefmt add-on" in medians:
            print(f"ratio gamefmt add-on / {reference}: {medians['gamefmt add-on'] / medians[reference]:.2f} wall, "
                  f"{cpu_medians['gamefmt add-on'] / cpu_medians[reference]:.2f} CPU")
        elif reference == "blender-xray":
            print("ratio gamefmt add-on / blender-xray: not measured (blender-xray is not installed)")
            if xray_seconds and "gamefmt add-on" in medians:
                print(f"ratio gamefmt add-on / blender-xray's recorded {xray_seconds:.3f} s (measured elsewhere, not "
                      f"in this run): {medians['gamefmt add-on'] / xray_seconds:.2f} wall")
    return 0


if __name__ == "__main__":
    if "--" in sys.argv and "bpy" in sys.modules:
        sys.exit(run_inside_blender(sys.argv[sys.argv.index("--") + 1:]))
    sys.exit(main(sys.argv[1:]))
