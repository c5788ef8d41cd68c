#pragma once
// An Overgrowth save as JSON, the form `gamefmt info --json` prints and `gamefmt convert save.json -o x.sav3`
// reads back: {"format": "phoenix-sav", "version", "levels": [{"campaign_id", "save_category", "save_name",
// "md5" (32 hex digits), "values": [[key, value], ...], "array_values": [[key, [item, ...]], ...],
// "int_values": [[key, n], ...]}]}. Pairs keep the file's order, so the round trip is exact. A string that is
// not UTF-8 (JSON cannot hold it) is written as {"hex": "..."}.
#include <nlohmann/json.hpp>
#include <string_view>

#include "gamefmt/phoenix/save.hpp"

namespace gamefmt::phoenix {

inline constexpr const char* kSaveFormatId = "phoenix-sav";

nlohmann::json save_to_json(const SaveFile& save);
// Throws FormatError (field = JSON path) for anything that is not such a dump.
SaveFile save_from_json(const nlohmann::json& json, std::string_view file_name);

}  // namespace gamefmt::phoenix
