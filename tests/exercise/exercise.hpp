#pragma once
// What the fuzzers and the sweep tests do with one input: every path a user's file can take through gamefmt.
// Only FormatError may come out; anything else (a crash, a sanitizer report, another exception, a hang, a
// huge allocation) is a finding. One implementation, so that the fuzzers and the tests check the same thing.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt {
class FormatHandler;
}

namespace gamefmt::exercise {

// The lossless rewrite, the import, the glTF write of the scene and, for formats that write, the way back to
// the format. `name` is the file name the input goes by (its extension or well-known name).
void format_input(const FormatHandler& handler, std::span<const std::byte> bytes, const std::string& name);
// A glTF (.glb or .gltf) read and written again.
void gltf_input(std::span<const std::byte> bytes);
// A texture: sniffed as PNG/JPEG, read as DDS, its top level decoded and written as PNG (whose header must
// give the decoded size back: a std::logic_error when it does not).
void image_input(std::span<const std::byte> bytes);
// A Grimrock material script run in the sandbox (small limits, the same mechanisms).
void material_script_input(std::span<const std::byte> bytes);
// A Grimrock mod's scripts: the bytes split at lines "--8<--" into init.lua and up to three scripts it
// imports (mod_assets/scripts/s1.lua ...), written into a temporary mod folder and read as a mod (small
// limits). What comes out must be valid UTF-8 with bounded warnings (a std::logic_error when not).
void mod_scripts_input(std::span<const std::byte> bytes);

// Kept bytes as a glTF file's extras carry them ("<count>:<deflated base64>", core/kept_bytes.hpp), decoded:
// the bytes that come back are exactly the count claimed, which the text's allowance bounds
// (most_bytes_from), and encode to a text that decodes to them again (a std::logic_error when not).
void kept_bytes_input(std::span<const std::byte> bytes);

// By the id of a fuzz target and of its seed folder: a format id (`gamefmt formats`), "gltf", "dds",
// "grimrock-scripts", "grimrock-mod", "kept-bytes" or "reference-patch". Returns false for an id that names
// none of them.
bool input_for(std::string_view id, std::span<const std::byte> bytes);
// The ids input_for knows, format ids included.
std::vector<std::string> input_ids();

}  // namespace gamefmt::exercise
