"""Imports a glTF into headless Blender and exports it again as .glb with its extras (a user's round trip).

blender -b --factory-startup -noaudio --python-exit-code 1 --python reexport.py -- IN.glb OUT.glb
"""
import sys

import bpy
import numpy

# Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

args = sys.argv[sys.argv.index("--") + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=args[0])
bpy.ops.export_scene.gltf(filepath=args[1], export_format="GLB", export_extras=True, export_animations=True)
