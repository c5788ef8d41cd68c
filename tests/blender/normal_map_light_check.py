"""Renders converted X-Ray bump maps in Blender to see which side they are lit from: for each case, the .glb
(a flat quad whose normal texture tilts its normals one way) is imported by Blender's glTF importer and
rendered with Cycles from straight above, lit by a sun 45 degrees off the quad's normal, once from the side
TOWARD names and once from the opposite side. A normal tilted toward that side is brighter lit from it.

blender -b --factory-startup -noaudio --python-exit-code 1 --python normal_map_light_check.py -- \
    OUT_DIR QUAD_NORMAL_JSON CASES_JSON

Directions are in glTF axes ([x, y, z]); CASES_JSON: [{"name": ..., "glb": ..., "toward": [x, y, z]}].
Prints "NORMAL_LIGHT_CHECK {json}": per case the mean rendered brightness lit from "toward" and from "away".
"""
import json
import os
import sys

import bpy
import numpy
from mathutils import Vector

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed
    numpy.bool = bool


def blender_axes(v):
    """glTF (Y up) -> Blender (Z up), as Blender's glTF importer converts."""
    return Vector((v[0], -v[2], v[1])).normalized()


def aim(obj, direction):
    """Points the object's -Z axis (where cameras look and suns shine) along `direction`."""
    obj.rotation_mode = "QUATERNION"
    obj.rotation_quaternion = direction.to_track_quat("-Z", "Y")


def brightness(out_dir, name):
    path = os.path.join(out_dir, name + ".png")
    bpy.context.scene.render.filepath = path
    bpy.ops.render.render(write_still=True)
    image = bpy.data.images.load(path)
    pixels = numpy.array(image.pixels[:]).reshape(-1, 4)
    return float(pixels[:, :3].mean())


def render_case(out_dir, normal, case):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=case["glb"])
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 16
    scene.cycles.use_denoising = False
    scene.render.resolution_x = scene.render.resolution_y = 8
    scene.render.image_settings.file_format = "PNG"
    scene.view_settings.view_transform = "Raw"  # linear values: brightness proportional to light
    scene.world = bpy.data.worlds.new("dark")
    scene.world.color = (0, 0, 0)

    camera = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    camera.data.type = "ORTHO"
    camera.data.ortho_scale = 1.0  # inside the 2 m quad: every pixel sees it
    camera.location = normal * 5
    aim(camera, -normal)
    scene.collection.objects.link(camera)
    scene.camera = camera

    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
    sun.data.energy = 2
    scene.collection.objects.link(sun)
    toward = blender_axes(case["toward"])
    result = {}
    for side, sign in (("toward", 1), ("away", -1)):
        from_light = (normal + sign * toward).normalized()  # where the light comes from
        aim(sun, -from_light)
        result[side] = brightness(out_dir, case["name"] + "_" + side)
    return result


def main():
    argv = sys.argv[sys.argv.index("--") + 1:]
    out_dir = argv[0]
    normal = blender_axes(json.loads(argv[1]))
    results = {case["name"]: render_case(out_dir, normal, case) for case in json.loads(argv[2])}
    print("NORMAL_LIGHT_CHECK " + json.dumps(results))


main()
