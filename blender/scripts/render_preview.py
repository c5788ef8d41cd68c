"""Renders the picture of an imported asset for the docs, headless: a .solid through the add-on itself, or a
converted .glb through Blender's glTF importer, shown with its own textures.

blender -b --factory-startup -noaudio --python-exit-code 1 --python blender/scripts/render_preview.py -- \
    GAMEFMT_BINARY INPUT_FILE OUTPUT.png [ENGINE]

ENGINE is BLENDER_WORKBENCH (default) or CYCLES (CPU, for machines where Workbench has no OpenGL).
"""
import math
import os
import sys

import bpy
from mathutils import Vector

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gamefmt_blender  # noqa: E402  (the add-on, straight from the source tree)


def frame_camera(objects):
    corners = [o.matrix_world @ Vector(c) for o in objects for c in o.bound_box]
    low = Vector(min(c[i] for c in corners) for i in range(3))
    high = Vector(max(c[i] for c in corners) for i in range(3))
    centre, size = (low + high) / 2, max(high - low)
    camera = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
    bpy.context.scene.collection.objects.link(camera)
    direction = Vector((math.sin(math.radians(35)), -math.cos(math.radians(35)), 0.35)).normalized()
    camera.location = centre + direction * size * 1.9
    camera.rotation_euler = (centre - camera.location).to_track_quat("-Z", "Y").to_euler()
    camera.data.lens = 50
    bpy.context.scene.camera = camera


def main(gamefmt, source, output, engine="BLENDER_WORKBENCH"):
    os.environ["PATH"] = os.path.dirname(os.path.abspath(gamefmt)) + os.pathsep + os.environ["PATH"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    gamefmt_blender.register()
    textured = source.lower().endswith(".glb")
    if textured:
        import numpy
        numpy.bool = bool  # Blender 3.4's glTF importer still uses the alias NumPy removed
        bpy.ops.import_scene.gltf(filepath=os.path.abspath(source))
    else:
        operator_name = "gamefmt_" + gamefmt_blender.format_operators.identifier("lugaru-solid")
        getattr(bpy.ops.import_scene, operator_name)(filepath=os.path.abspath(source))
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    for o in meshes:
        for polygon in o.data.polygons:
            polygon.use_smooth = True
    frame_camera(meshes)
    scene = bpy.context.scene
    scene.render.engine = engine
    scene.render.resolution_x, scene.render.resolution_y = 400, 500
    scene.render.film_transparent = False
    scene.view_settings.view_transform = "Standard"
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    if engine == "BLENDER_WORKBENCH":
        shading = scene.display.shading
        shading.light, shading.color_type = "STUDIO", "TEXTURE" if textured else "SINGLE"
        shading.single_color = (0.85, 0.5, 0.28)
        shading.show_cavity, shading.show_shadows = True, True
        scene.world = bpy.data.worlds.new("World")
        scene.world.color = (0.18, 0.2, 0.24)
    else:
        scene.cycles.device, scene.cycles.samples = "CPU", 16
        scene.world = bpy.data.worlds.new("World")
        scene.world.use_nodes = True
        scene.world.node_tree.nodes["Background"].inputs[0].default_value = (0.3, 0.33, 0.4, 1)
        sun = bpy.data.objects.new("Sun", bpy.data.lights.new("Sun", "SUN"))
        sun.rotation_euler = (math.radians(40), math.radians(10), math.radians(30))
        scene.collection.objects.link(sun)
    scene.render.filepath = os.path.abspath(output)
    bpy.ops.render.render(write_still=True)
    gamefmt_blender.unregister()


if __name__ == "__main__":
    main(*sys.argv[sys.argv.index("--") + 1:])
