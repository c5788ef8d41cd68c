#pragma once
#include <filesystem>
#include <span>
#include <vector>

#include "gamefmt/assimp/format_handler.hpp"

namespace gamefmt::assimp {

// Every game format gamefmt knows, in a stable order.
const std::vector<const FormatHandler*>& format_handlers();

const FormatHandler* find_handler_by_id(std::string_view id);
// By extension (case-insensitive), then by well-known file name.
const FormatHandler* find_handler_by_name(const std::filesystem::path& path);
// By name, then by content (`head` is the start of the file).
const FormatHandler* find_handler(const std::filesystem::path& path, std::span<const std::byte> head);

}  // namespace gamefmt::assimp
