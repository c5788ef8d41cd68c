# Loads glTF files that Godot 3.2's editor imported into this project and checks what arrived.
#
# godot3-server --path PROJECT -s import_check.gd -- FILE.glb [--min-vertices N] [--bones N] [--animations N]
#     [--meshes N] [--textured 1] [--min-colours N] [FILE.glb ...]
#
# Expectations apply to the file before them. --textured 1: every mesh surface has a material whose albedo is
# a texture; --min-colours N: the albedo texels at the surfaces' UVs hold at least N different colours (what
# Godot shows, read from the texture it imported). Besides them, every file must arrive with as many vertices
# and the same animation names as its glTF holds. Prints one line "GAMEFMT_GODOT {json}" per file and
# "GAMEFMT_GODOT_FAIL <what>" per failed expectation; the exit status is 1 when one failed.
extends SceneTree


# The colours of the albedo texture of a surface at its vertices' UVs, added to `colours` (a set as a
# dictionary); false when the surface has no albedo texture.
func sample_albedo(material, arrays, colours):
	if not (material is SpatialMaterial) or material.albedo_texture == null:
		return false
	var image = material.albedo_texture.get_data()
	if image == null:
		return true
	if image.is_compressed():
		image.decompress()
	var uvs = arrays[Mesh.ARRAY_TEX_UV]
	if uvs == null:
		return true
	image.lock()
	var w = image.get_width()
	var h = image.get_height()
	for uv in uvs:
		var x = int(clamp(floor(uv.x * w), 0, w - 1))
		var y = int(clamp(floor(uv.y * h), 0, h - 1))
		colours[image.get_pixel(x, y).to_html(false)] = true
	image.unlock()
	return true


func summarize(node, summary):
	if node is MeshInstance and node.mesh != null:
		summary.meshes += 1
		for surface in range(node.mesh.get_surface_count()):
			var arrays = node.mesh.surface_get_arrays(surface)
			summary.vertices += arrays[Mesh.ARRAY_VERTEX].size()
			summary.surfaces += 1
			var material = node.get_surface_material(surface)
			if material == null:
				material = node.mesh.surface_get_material(surface)
			if sample_albedo(material, arrays, summary.colours):
				summary.textured_surfaces += 1
	if node is Skeleton:
		summary.bones += node.get_bone_count()
	if node is AnimationPlayer:
		for name in node.get_animation_list():
			summary.animations.append(name)
			summary.animation_tracks += node.get_animation(name).get_track_count()
	for child in node.get_children():
		summarize(child, summary)


# The JSON chunk of a .glb: {"vertices": POSITION count of every primitive, "animations": names, sorted}.
func gltf_contents(file):
	var f = File.new()
	if f.open("res://" + file, File.READ) != OK:
		return null
	f.get_32()  # magic
	f.get_32()  # version
	f.get_32()  # length
	var json_length = f.get_32()
	f.get_32()  # chunk type JSON
	var gltf = parse_json(f.get_buffer(json_length).get_string_from_utf8())
	f.close()
	var vertices = 0
	for mesh in gltf.get("meshes", []):
		for primitive in mesh.primitives:
			vertices += int(gltf.accessors[int(primitive.attributes.POSITION)].count)
	var animations = []
	for animation in gltf.get("animations", []):
		animations.append(animation.name)
	animations.sort()
	return {"vertices": vertices, "animations": animations}


func check(file, expect, failures):
	var packed = load("res://" + file)
	if packed == null:
		failures.append(file + ": Godot did not import it")
		return
	var root = packed.instance()
	var summary = {"file": file, "meshes": 0, "vertices": 0, "bones": 0, "animations": [], "animation_tracks": 0,
		"surfaces": 0, "textured_surfaces": 0, "colours": {}}
	summarize(root, summary)
	root.free()
	summary.colours = summary.colours.size()
	print("GAMEFMT_GODOT " + to_json(summary))
	if summary.meshes == 0 and summary.bones == 0:
		failures.append(file + ": nothing was imported")
	var stored = gltf_contents(file)
	if stored == null:
		failures.append(file + ": cannot read the file's glTF")
		return
	if summary.vertices != stored.vertices:
		failures.append("%s: %d vertices, the file holds %d" % [file, summary.vertices, stored.vertices])
	var names = summary.animations.duplicate()
	names.sort()
	if names != stored.animations:
		failures.append("%s: animations %s, the file holds %s" % [file, names, stored.animations])
	for key in expect:
		var value = int(expect[key])
		if key == "min-vertices" and summary.vertices < value:
			failures.append("%s: %d vertices, expected at least %d" % [file, summary.vertices, value])
		elif key == "bones" and summary.bones != value:
			failures.append("%s: %d bones, expected %d" % [file, summary.bones, value])
		elif key == "meshes" and summary.meshes != value:
			failures.append("%s: %d meshes, expected %d" % [file, summary.meshes, value])
		elif key == "animations" and summary.animations.size() != value:
			failures.append("%s: %d animations, expected %d" % [file, summary.animations.size(), value])
		elif key == "textured" and value == 1 and summary.textured_surfaces != summary.surfaces:
			failures.append("%s: %d of %d surfaces have an albedo texture" % [file, summary.textured_surfaces,
				summary.surfaces])
		elif key == "min-colours" and summary.colours < value:
			failures.append("%s: %d colours at the UVs, expected at least %d" % [file, summary.colours, value])


func _init():
	var args = Array(OS.get_cmdline_args())
	var files = []
	var expectations = []
	var i = args.find("--") + 1
	while i > 0 and i < args.size():
		if args[i].begins_with("--"):
			expectations[-1][args[i].substr(2, args[i].length())] = args[i + 1]
			i += 2
		else:
			files.append(args[i])
			expectations.append({})
			i += 1
	var failures = []
	for n in range(files.size()):
		check(files[n], expectations[n], failures)
	if files.empty():
		failures.append("no file given")
	for failure in failures:
		print("GAMEFMT_GODOT_FAIL " + failure)
	OS.exit_code = 1 if failures.size() > 0 else 0
	quit()
