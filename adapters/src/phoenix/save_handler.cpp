// Overgrowth saves (savefile.sav3; .sav2 and .sav are loaded the same way by the engine): lossless rewrite,
// `info` prints the whole save as JSON (save_json.hpp), and `convert save.json -o savefile.sav3` writes one.
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/save.hpp"
#include "phoenix/save_json.hpp"

namespace gamefmt::phoenix {
namespace {

class SaveHandler final : public LosslessHandlerBase<&read_save, &write_save> {
 public:
  SaveHandler() {
    auto& d = describe(kSaveFormatId, "Overgrowth save", kOvergrowth, {"sav3", "sav2", "sav"});
    d.can_rewrite = true;
    d.role_note = "a saved game: `gamefmt info savefile.sav3 --json` dumps it as JSON";
    d.export_note = "only from its JSON dump: `gamefmt convert save.json -o savefile.sav3`";
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_save(head); }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto save = read_save(request.primary.bytes, request.primary.path);
    auto json = save_to_json(save);
    if (!save.warnings.empty()) json["warnings"] = save.warnings;  // not part of the dump that converts back
    return json;
  }

  // save.json (a dump made by `info --json`) -> a save file.
  std::optional<std::vector<std::byte>> convert_from(const ImportRequest& request,
                                                     const FormatHandler* source,
                                                     const ExportRequest& output) const override {
    const std::string_view output_name = output.output_name;
    if (source != nullptr) return std::nullopt;
    const auto& bytes = request.primary.bytes;
    const auto json =
        nlohmann::json::parse(reinterpret_cast<const char*>(bytes.data()),
                              reinterpret_cast<const char*>(bytes.data()) + bytes.size(), nullptr, false);
    if (json.is_discarded())
      throw FormatError(request.primary.path, std::nullopt, "",
                        "not JSON; an Overgrowth save is written from a `gamefmt info --json` dump");
    return write_save(save_from_json(json, request.primary.path), output_name);
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_phoenix_save_handler() {
  return std::make_unique<SaveHandler>();
}

}  // namespace gamefmt::phoenix
