#pragma once
// What a format cannot do, in the user's words: shared by the handlers' defaults and `gamefmt convert`.
#include <string>
#include <string_view>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt {

// Why a file of `target`'s format cannot be written from `source` ("a .glb", "a scene"): written only from
// one other format (its export_note), only rewritten, or not written at all.
std::string not_written_problem(const FormatDescription& target, std::string_view source);

}  // namespace gamefmt
