"""Checks that a converted model shows its texture in Blender: imported by Blender's glTF importer from a .glb,
and by the gamefmt add-on (from the source tree) from the game file, every material named in EXPECTED has its
Principled BSDF's Base Color fed by an Image Texture node whose image has the expected size and pixels.

blender -b --factory-startup -noaudio --python-exit-code 1 --python texture_check.py -- \
    GAMEFMT_BINARY FILE.glb GAME_FILE FORMAT_ID EXPECTED_JSON [GAMEDATA]

GAMEDATA is given to the add-on's import as its Game Data Folder.

EXPECTED_JSON: {"<material>": [width, height, [r, g, b, a] of the top-left pixel in 0..255]}.
Prints "TEXTURE_CHECK {json}" with what each way gave; exits 1 when one differs.
"""
import json
import os
import sys

import bpy
import numpy

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed
    numpy.bool = bool

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "blender"))
import gamefmt_blender  # noqa: E402


def base_colour_images():
    found = {}
    for material in bpy.data.materials:
        if not material.use_nodes:
            continue
        for node in material.node_tree.nodes:
            if node.type != "BSDF_PRINCIPLED":
                continue
            for link in node.inputs["Base Color"].links:
                source = link.from_node
                if source.type == "TEX_IMAGE" and source.image is not None:
                    image = source.image
                    width, height = image.size
                    pixels = list(image.pixels[:]) if width and height else []
                    # Blender's pixel rows start at the bottom: the file's top-left pixel is the last row's first.
                    top_left = pixels[(height - 1) * width * 4:(height - 1) * width * 4 + 4]
                    found[material.name] = [width, height, [round(v * 255) for v in top_left]]
    return found


def main(gamefmt, glb, game_file, format_id, expected_json, gamedata=""):
    expected = json.loads(expected_json)
    os.environ["PATH"] = os.path.dirname(os.path.abspath(gamefmt)) + os.pathsep + os.environ["PATH"]
    results = {}
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=os.path.abspath(glb))
    results["gltf_importer"] = base_colour_images()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    gamefmt_blender.register()
    operator = "gamefmt_" + gamefmt_blender.format_operators.identifier(format_id)
    getattr(bpy.ops.import_scene, operator)(filepath=os.path.abspath(game_file), gamedata=gamedata)
    results["addon"] = base_colour_images()
    gamefmt_blender.unregister()
    print("TEXTURE_CHECK " + json.dumps(results), flush=True)
    failed = [way for way, found in results.items()
              if any(found.get(name) != value for name, value in expected.items())]
    if failed:
        print("TEXTURE_CHECK differs for " + ", ".join(failed), flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main(*sys.argv[sys.argv.index("--") + 1:])
