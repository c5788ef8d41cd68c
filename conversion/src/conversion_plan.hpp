#pragma once
// The parts of planning a conversion (gamefmt/conversion.hpp) that the conversion itself and the folder
// conversion share.
#include <filesystem>
#include <vector>

#include "gamefmt/conversion.hpp"

namespace gamefmt {

struct InputPlan {
  InputKind kind = InputKind::unknown;
  const FormatHandler* format = nullptr;
};

// What reads `path` (an existing file), by the input rule of gamefmt/conversion.hpp.
InputPlan plan_input(const std::filesystem::path& path);

// Throws FormatError when `path` is not there, UsageError ("<path>: is a folder; " + `folder_advice`) when it
// is a folder.
void require_input_file(const std::filesystem::path& path, const std::string& folder_advice);

// Whether `format` writes scenes (the output rule's second group, and the writers of a scene).
bool writes_scenes(const FormatHandler* format);

// The input half of a plan (no output yet): for reading a scene or describing a file.
ConversionPlan plan_reading(const std::vector<std::filesystem::path>& inputs, const Options& options);

// The output half of a plan: kind, formats in the order they are asked (`input` first when it is one of
// them), Assimp's exporter. Throws UsageError when the output has no extension or nothing writes it.
void plan_output(const std::filesystem::path& output, const FormatHandler* input, ConversionPlan& plan);

// Throws UsageError when `options` names an option that neither the conversion nor any of the formats takes
// (import options of `inputs`, export options of `outputs`); the message lists the known names, the closest
// first.
void check_option_names(const Options& options, const std::vector<const FormatHandler*>& inputs,
                        const std::vector<const FormatHandler*>& outputs);

}  // namespace gamefmt
