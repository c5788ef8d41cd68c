#pragma once
#include <filesystem>
#include <span>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt {

// Every game format gamefmt knows, in a stable order.
const std::vector<const FormatHandler*>& format_handlers();

const FormatHandler* find_handler_by_id(std::string_view id);
// Formats whose extension (case-insensitive, longest match) or well-known file name fits, in registry order.
std::vector<const FormatHandler*> handlers_for_name(const std::filesystem::path& path);
// The first of handlers_for_name, or null: for output files, where there is no content to look at.
const FormatHandler* find_handler_by_name(const std::filesystem::path& path);
// By name; among formats sharing the name, and for unknown names, by content (`head` is the start of the
// file).
const FormatHandler* find_handler(const std::filesystem::path& path, std::span<const std::byte> head);

}  // namespace gamefmt
