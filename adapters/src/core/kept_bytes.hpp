#pragma once
// Stored bytes kept in a scene's extras for the way back from glTF (a whole file, a chunk, a motion's keys):
// one JSON string "<byte count>:<deflated base64 text>" (gamefmt/core/bytes_as_text.hpp). Every format that
// keeps bytes whose count the scene does not give keeps them so.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <vector>

namespace gamefmt {

nlohmann::json kept_bytes_json(std::span<const std::byte> bytes);
// The bytes of a kept_bytes_json value; nothing when `value` is not one (missing, edited, cut), so that the
// caller writes from the scene instead.
std::optional<std::vector<std::byte>> kept_bytes(const nlohmann::json& value);

}  // namespace gamefmt
