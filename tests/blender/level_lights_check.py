"""Imports a .glb with Blender's glTF importer (its default settings) and prints its lights:
LEVEL_LIGHTS {"<name>": {"type": "POINT"|"SPOT"|"SUN"|"AREA", "color": [r, g, b], "location": [x, y, z]}}.

blender -b --factory-startup -noaudio --python-exit-code 1 --python level_lights_check.py -- FILE.glb
"""
import json
import sys

import bpy
import numpy

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed
    numpy.bool = bool

glb = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
lights = {}
for obj in bpy.data.objects:
    if obj.type != "LIGHT":
        continue
    # The importer names the light object after the node; the glTF light itself may sit on a child.
    name = obj.name if obj.name.startswith("light_") else (obj.parent.name if obj.parent else obj.name)
    location = obj.matrix_world.to_translation()
    lights[name] = {"type": obj.data.type, "color": list(obj.data.color), "location": list(location)}
print("LEVEL_LIGHTS " + json.dumps(lights))
