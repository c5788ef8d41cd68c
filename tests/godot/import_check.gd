# Loads glTF files that Godot 3.2's editor imported into this project and checks what arrived.
#
# godot3-server --path PROJECT -s import_check.gd -- FILE.glb [--min-vertices N] [--bones N] [--animations N]
#     [--meshes N] [FILE.glb ...]
#
# Expectations apply to the file before them. Besides them, every file must arrive with as many vertices and
# the same animation names as its glTF holds. Prints one line "GAMEFMT_GODOT {json}" per file and
# "GAMEFMT_GODOT_FAIL <what>" per failed expectation; the exit status is 1 when one failed.
extends SceneTree


func summarize(node, summary):
	if node is MeshInstance and node.mesh != null:
		summary.meshes += 1
		for surface in range(node.mesh.get_surface_count()):
			summary.vertices += node.mesh.surface_get_arrays(surface)[Mesh.ARRAY_VERTEX].size()
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
	var summary = {"file": file, "meshes": 0, "vertices": 0, "bones": 0, "animations": [], "animation_tracks": 0}
	summarize(root, summary)
	root.free()
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
