"""Imports a glTF into headless Blender and exports it again as .glb with its extras (a user's round trip).

blender -b --factory-startup -noaudio --python-exit-code 1 --python reexport.py -- IN.glb OUT.glb [options]
  --tangents        export tangents too (export_tangents=True)
  --fps N           the scene's frame rate before the import (Blender places keys at time x fps and samples
                    them again at whole frames on export)
  --bone-dir NAME   the importer's bone heuristic (BLENDER keeps every joint's own axes, so the exported joint
                    transforms and keys are the glTF's; the default TEMPERANCE turns joints to point at a child)
"""
import argparse
import sys

import bpy
import numpy

# Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

parser = argparse.ArgumentParser()
parser.add_argument("input")
parser.add_argument("output")
parser.add_argument("--tangents", action="store_true")
parser.add_argument("--fps", type=int)
parser.add_argument("--bone-dir")
args = parser.parse_args(sys.argv[sys.argv.index("--") + 1:])
bpy.ops.wm.read_factory_settings(use_empty=True)
if args.fps:
    bpy.context.scene.render.fps = args.fps
import_options = {"bone_heuristic": args.bone_dir} if args.bone_dir else {}
bpy.ops.import_scene.gltf(filepath=args.input, **import_options)
bpy.ops.export_scene.gltf(filepath=args.output, export_format="GLB", export_extras=True, export_animations=True,
                          export_tangents=args.tangents)
