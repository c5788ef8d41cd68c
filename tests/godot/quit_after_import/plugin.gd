# Godot 3.2's headless editor imports a project's files on start but never exits, not even with --quit (its
# shutdown hangs): once every glTF file of the project has its .import file (written when its import is over),
# print the marker and end the process.
tool
extends EditorPlugin

var idle_frames = 0


func all_imported():
	var dir = Directory.new()
	if dir.open("res://") != OK:
		return false
	var imported = true
	dir.list_dir_begin(true, true)
	var name = dir.get_next()
	while name != "":
		if name.get_extension() in ["glb", "gltf"] and not dir.file_exists(name + ".import"):
			imported = false
		name = dir.get_next()
	dir.list_dir_end()
	return imported


func _process(_delta):
	if get_editor_interface().get_resource_filesystem().is_scanning() or not all_imported():
		idle_frames = 0
		return
	idle_frames += 1
	if idle_frames > 10:
		print("GAMEFMT_GODOT_IMPORTED")
		OS.kill(OS.get_process_id())
