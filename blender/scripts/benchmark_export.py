"""Times File > Export of a game model in Blender through the gamefmt add-on (installed from its zip), as a modder
exports a character imported with its motions: the add-on hands Blender's glTF exporter only the actions the game
file holds (an .ogf or .model none of a companion's 79 motions), so the export costs the mesh and skeleton only.

    blender -b --factory-startup -noaudio --python blender/scripts/benchmark_export.py -- \\
        ADDON_ZIP [--runs 5] [--all-actions] MODEL [COMPANION...]

gamefmt must be on PATH. Prints the median wall time of RUNS exports (after a warm-up export) and the number of
actions in the scene. --all-actions times the same export with every action handed to the exporter (what the add-on
did before), for comparison.
"""
import os
import statistics
import sys
import tempfile
import time

import bpy


def main(argv):
    runs, all_actions = 5, False
    if "--runs" in argv:
        index = argv.index("--runs")
        runs = int(argv[index + 1])
        del argv[index:index + 2]
    if "--all-actions" in argv:
        argv.remove("--all-actions")
        all_actions = True
    zip_path, model, companions = argv[0], os.path.abspath(argv[1]), [os.path.abspath(p) for p in argv[2:]]
    bpy.ops.preferences.addon_install(filepath=os.path.abspath(zip_path), overwrite=True)
    bpy.ops.preferences.addon_enable(module="gamefmt_blender")
    from gamefmt_blender import export_animations  # noqa: E402 (installed just now)
    ext = os.path.splitext(model)[1][1:].lower()
    slug = {"ogf": "xray_ogf", "object": "xray_object", "model": "shinobi_model", "phxbn": "phoenix_phxbn"}[ext]
    directory = os.path.dirname(model)
    getattr(bpy.ops.import_scene, "gamefmt_" + slug)(
        filepath=model, directory=directory, files=[{"name": os.path.relpath(p, directory)} for p in [model, *companions]])
    export = getattr(bpy.ops.export_scene, "gamefmt_" + slug)
    if all_actions:  # every action to the exporter: the add-on's export before it chose them
        export_animations.chosen_actions = lambda *args: export_animations.ALL
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs + 1):
            start = time.perf_counter()
            result = export(filepath=os.path.join(folder, f"out.{ext}"), use_selection=False)
            if "FINISHED" not in result:
                raise RuntimeError(f"export failed: {result}")
            if run > 0:
                times.append(time.perf_counter() - start)
    print(f"GAMEFMT_BENCH export {os.path.basename(model)} with {len(bpy.data.actions)} actions"
          f"{' (all handed to the exporter)' if all_actions else ''}: median {statistics.median(times):.3f} s "
          f"of {runs} (min {min(times):.3f}, max {max(times):.3f})", flush=True)


if __name__ == "__main__":
    main(sys.argv[sys.argv.index("--") + 1:])
