#pragma once
// Companion files an importer finds for its primary input without the user naming them, and the rule that a
// file goes into a conversion once however it was reached (named, found beside the file, or found through the
// game's own references to it).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/text_encoding.hpp"  // lower_case_extension

namespace gamefmt {

// The files in the primary input's folder named after it: `<stem><extension>` for each extension, or with
// `suffixed`, `<stem>_<anything><extension>`; letter case ignored, in name order. Files the request already
// holds (is_given) are left out. Nothing when the request has no file source or it cannot list folders.
std::vector<InputFile> files_named_after(const ImportRequest& request,
                                         std::span<const std::string_view> extensions, bool suffixed = false);

// Whether the request already holds this file, or `found` does (files found for it before): the primary or a
// companion at the same path (after resolving it on disk), or with the same bytes.
bool is_given(const ImportRequest& request, const std::string& path, std::span<const std::byte> bytes,
              std::span<const InputFile> found = {});

}  // namespace gamefmt
