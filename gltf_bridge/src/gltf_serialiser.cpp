#include "gltf_serialiser.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "json_values.hpp"
#include "tinygltf_elements.hpp"

namespace gamefmt::gltf {
namespace {

// The text nlohmann::json::dump() gives (how tinygltf prints every value).
template <class Integer>
void append_integer(std::string& out, Integer value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

void append_real(std::string& out, double value) {
  out += nlohmann::json(value).dump();
}

// Printable ASCII without quote or backslash is the only text nlohmann::json prints unchanged.
constexpr std::array<bool, 256> plain_characters() {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c <= 0x7E; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}

void append_string(std::string& out, const std::string& text) {
  static constexpr auto plain = plain_characters();
  // Four characters a step, without early exits (the kept bytes' texts run to megabytes).
  std::size_t i = 0;
  bool all_plain = true;
  const auto* c = reinterpret_cast<const unsigned char*>(text.data());
  for (; i + 4 <= text.size(); i += 4)
    all_plain &= plain[c[i]] & plain[c[i + 1]] & plain[c[i + 2]] & plain[c[i + 3]];
  for (; i < text.size(); ++i) all_plain &= plain[c[i]];
  if (!all_plain) {
    out += nlohmann::json(text).dump();
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

// The members of one JSON object, given in key order as nlohmann::json (a std::map) prints them.
class ObjectText {
 public:
  explicit ObjectText(std::string& out) : out_(out) { out_ += '{'; }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;
  ~ObjectText() { out_ += '}'; }

  std::string& key(std::string_view name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += name;
    out_ += "\":";
    return out_;
  }

 private:
  std::string& out_;
  bool first_ = true;
};

// A JSON array of items, each appended by `append(out, item)`; `null` when empty, as tinygltf leaves an array
// it never pushed to.
template <class Items, class Append>
void append_array(std::string& out, const Items& items, Append append) {
  if (items.empty()) {
    out += "null";
    return;
  }
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    append(out, items[i]);
  }
  out += ']';
}

// What tinygltf prints for to_value(value) (json_values.cpp: nulls, non-finite numbers and empty arrays and
// objects are dropped, numbers that are whole and fit 32 bits are integers) through ValueToJson (which leaves
// dropped items out of arrays, and prints an array left with none as null). False, with nothing appended,
// when to_value gives null.
bool append_value(std::string& out, const nlohmann::json& value);

bool append_members(std::string& out, const nlohmann::json& object, const char* added_key,
                    const nlohmann::json* added_value) {
  const std::size_t start = out.size();
  out += '{';
  bool any = false, added = added_key == nullptr;
  const auto member = [&](const std::string& key, const nlohmann::json& item) {
    const std::size_t before = out.size();
    if (any) out += ',';
    append_string(out, key);
    out += ':';
    if (append_value(out, item)) {
      any = true;
    } else {
      out.resize(before);
    }
  };
  if (object.is_object())
    for (auto it = object.begin(); it != object.end(); ++it) {
      if (!added && it.key() >= added_key) {
        member(added_key, *added_value);
        added = true;
        if (it.key() == added_key) continue;  // replaced, as extras[added_key] = ... does
      }
      member(it.key(), it.value());
    }
  if (!added) member(added_key, *added_value);
  if (!any) {
    out.resize(start);
    return false;
  }
  out += '}';
  return true;
}

bool append_value(std::string& out, const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      return true;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float: {
      const double d = value.get<double>();
      if (!std::isfinite(d)) return false;
      if (d == std::floor(d) && std::fabs(d) <= std::numeric_limits<std::int32_t>::max())
        append_integer(out, static_cast<int>(d));
      else
        append_real(out, d);
      return true;
    }
    case nlohmann::json::value_t::string:
      append_string(out, value.get_ref<const std::string&>());
      return true;
    case nlohmann::json::value_t::array: {
      if (value.empty()) return false;
      const std::size_t start = out.size();
      out += '[';
      bool any = false;
      for (const auto& item : value) {
        const std::size_t before = out.size();
        if (any) out += ',';
        if (append_value(out, item))
          any = true;
        else
          out.resize(before);
      }
      if (any)
        out += ']';
      else
        out.resize(start), out += "null";
      return true;
    }
    case nlohmann::json::value_t::object:
      return append_members(out, value, nullptr, nullptr);
    default:
      return false;
  }
}

// The placeholder of printed extras number `index`, as a JSON string's text and as its printed form.
constexpr std::string_view kPlaceholderStart = "@gamefmt-printed-extras:";

std::string placeholder(std::size_t index) {
  return std::string(kPlaceholderStart) + std::to_string(index) + "@";
}

bool has_extras(const tinygltf::Value& extras) {
  return extras.Type() != tinygltf::NULL_TYPE;
}

const char* accessor_type_name(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return "SCALAR";
    case TINYGLTF_TYPE_VEC2:
      return "VEC2";
    case TINYGLTF_TYPE_VEC3:
      return "VEC3";
    case TINYGLTF_TYPE_VEC4:
      return "VEC4";
    case TINYGLTF_TYPE_MAT2:
      return "MAT2";
    case TINYGLTF_TYPE_MAT3:
      return "MAT3";
    case TINYGLTF_TYPE_MAT4:
      return "MAT4";
    default:
      return "";
  }
}

// tinygltf::SerializeGltfAccessor for accessors without name, extras or sparse storage.
void append_accessor(std::string& out, const tinygltf::Accessor& accessor) {
  if (!accessor.name.empty() || has_extras(accessor.extras) || accessor.sparse.isSparse) {
    out += tinygltf_json(accessor);
    return;
  }
  const bool real = accessor.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ||
                    accessor.componentType == TINYGLTF_COMPONENT_TYPE_DOUBLE;
  auto bounds = [&](const std::vector<double>& values) {
    append_array(out, values, [real](std::string& text, double value) {
      if (real)
        append_real(text, value);
      else
        append_integer(text, static_cast<int>(value));  // tinygltf's issue #301: integer bounds as integers
    });
  };
  ObjectText object(out);
  if (accessor.bufferView >= 0) append_integer(object.key("bufferView"), accessor.bufferView);
  if (accessor.byteOffset != 0)
    append_integer(object.key("byteOffset"), static_cast<int>(accessor.byteOffset));
  append_integer(object.key("componentType"), accessor.componentType);
  append_integer(object.key("count"), accessor.count);
  if (!accessor.maxValues.empty()) {
    object.key("max");
    bounds(accessor.maxValues);
  }
  if (!accessor.minValues.empty()) {
    object.key("min");
    bounds(accessor.minValues);
  }
  if (accessor.normalized) object.key("normalized") += "true";
  append_string(object.key("type"), accessor_type_name(accessor.type));
}

// tinygltf::SerializeGltfBufferView for views without name or extras.
void append_buffer_view(std::string& out, const tinygltf::BufferView& view) {
  if (!view.name.empty() || has_extras(view.extras)) {
    out += tinygltf_json(view);
    return;
  }
  ObjectText object(out);
  append_integer(object.key("buffer"), view.buffer);
  append_integer(object.key("byteLength"), view.byteLength);
  if (view.byteOffset > 0) append_integer(object.key("byteOffset"), view.byteOffset);
  if (view.byteStride >= 4) append_integer(object.key("byteStride"), view.byteStride);
  if (view.target == TINYGLTF_TARGET_ARRAY_BUFFER || view.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER)
    append_integer(object.key("target"), view.target);
}

bool is_plain(const tinygltf::Animation& animation) {
  if (has_extras(animation.extras) || !animation.extensions.empty()) return false;
  for (const auto& channel : animation.channels)
    if (has_extras(channel.extras) || !channel.extensions.empty() || !channel.target_extensions.empty())
      return false;
  for (const auto& sampler : animation.samplers)
    if (has_extras(sampler.extras)) return false;
  return true;
}

// tinygltf::SerializeGltfAnimation for animations without extras or extensions anywhere in them.
void append_animation(std::string& out, const tinygltf::Animation& animation) {
  if (!is_plain(animation)) {
    out += tinygltf_json(animation);
    return;
  }
  ObjectText object(out);
  append_array(object.key("channels"), animation.channels,
               [](std::string& text, const tinygltf::AnimationChannel& channel) {
                 ObjectText members(text);
                 append_integer(members.key("sampler"), channel.sampler);
                 ObjectText target(members.key("target"));
                 append_integer(target.key("node"), channel.target_node);
                 append_string(target.key("path"), channel.target_path);
               });
  if (!animation.name.empty()) append_string(object.key("name"), animation.name);
  append_array(object.key("samplers"), animation.samplers,
               [](std::string& text, const tinygltf::AnimationSampler& sampler) {
                 ObjectText members(text);
                 append_integer(members.key("input"), sampler.input);
                 append_string(members.key("interpolation"), sampler.interpolation);
                 append_integer(members.key("output"), sampler.output);
               });
}

// tinygltf leaves an animation without channels out of the document.
std::vector<const tinygltf::Animation*> written_animations(
    const std::vector<tinygltf::Animation>& animations) {
  std::vector<const tinygltf::Animation*> out;
  for (const auto& animation : animations)
    if (!animation.channels.empty()) out.push_back(&animation);
  return out;
}

void append_uint32(std::vector<std::byte>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<std::byte>((value >> shift) & 0xFF));
}

void append_bytes(std::vector<std::byte>& out, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const std::byte*>(data);
  out.insert(out.end(), bytes, bytes + size);
}

// tinygltf's WriteBinaryGltfStream: the JSON chunk padded with spaces, the BIN chunk (when not empty) with
// zeros, to multiples of 4.
std::vector<std::byte> glb_container(const std::string& json, const std::vector<unsigned char>& binary) {
  const std::size_t json_padding = (4 - json.size() % 4) % 4, binary_padding = (4 - binary.size() % 4) % 4;
  const std::size_t length =
      12 + 8 + json.size() + json_padding + (binary.empty() ? 0 : 8 + binary.size() + binary_padding);
  std::vector<std::byte> out;
  out.reserve(length);
  append_bytes(out, "glTF", 4);
  append_uint32(out, 2);
  append_uint32(out, static_cast<std::uint32_t>(length));
  append_uint32(out, static_cast<std::uint32_t>(json.size() + json_padding));
  append_uint32(out, 0x4E4F534A);  // "JSON"
  append_bytes(out, json.data(), json.size());
  out.insert(out.end(), json_padding, std::byte{' '});
  if (!binary.empty()) {
    append_uint32(out, static_cast<std::uint32_t>(binary.size() + binary_padding));
    append_uint32(out, 0x004E4942);  // "BIN\0"
    append_bytes(out, binary.data(), binary.size());
    out.insert(out.end(), binary_padding, std::byte{0});
  }
  return out;
}

std::vector<std::byte> bytes_of(const std::string& text) {
  const auto* bytes = reinterpret_cast<const std::byte*>(text.data());
  return {bytes, bytes + text.size()};
}

// The buffer a .glb carries in its BIN chunk as tinygltf writes it: one buffer without URI, whose JSON is
// nothing but its byte length.
bool has_plain_glb_buffer(const tinygltf::Model& model) {
  return model.buffers.size() == 1 && model.buffers[0].uri.empty() && model.buffers[0].name.empty() &&
         !has_extras(model.buffers[0].extras);
}

}  // namespace

tinygltf::Value PrintedExtras::add(const nlohmann::json& extras, const char* added_key,
                                   const nlohmann::json* added_value) {
  std::string text;
  if (added_key != nullptr ? !append_members(text, extras, added_key, added_value)
                           : !append_value(text, extras))
    return {};
  texts_.push_back(std::move(text));
  return tinygltf::Value(placeholder(texts_.size() - 1));
}

std::size_t PrintedExtras::printed_size() const {
  std::size_t size = 0;
  for (const auto& text : texts_) size += text.size();
  return size;
}

void PrintedExtras::append_resolved(std::string& out, std::string_view document) const {
  const std::string quoted_start = '"' + std::string(kPlaceholderStart);
  std::size_t from = 0;
  for (std::size_t at = texts_.empty() ? std::string_view::npos : document.find(quoted_start);
       at != std::string_view::npos; at = document.find(quoted_start, from)) {
    const std::size_t digits = at + quoted_start.size();
    std::size_t index = 0, end = digits;
    while (end < document.size() && document[end] >= '0' && document[end] <= '9')
      index = index * 10 + std::size_t(document[end++] - '0');
    if (end == digits || index >= texts_.size() || document.compare(end, 2, "@\"") != 0) {
      out.append(document, from, digits - from);  // not a placeholder: a string that starts alike
      from = digits;
      continue;
    }
    out.append(document, from, at - from);
    out += texts_[index];
    from = end + 2;
  }
  out.append(document, from, std::string_view::npos);
}

std::optional<tinygltf::Value> PrintedExtras::value_of(const tinygltf::Value& value) const {
  if (texts_.empty() || !value.IsString()) return std::nullopt;
  const std::string& text = value.Get<std::string>();
  if (text.rfind(kPlaceholderStart, 0) != 0 || text.size() < kPlaceholderStart.size() + 2)
    return std::nullopt;
  const std::size_t index = std::stoul(text.substr(kPlaceholderStart.size()));
  if (index >= texts_.size()) return std::nullopt;
  return to_value(nlohmann::json::parse(texts_[index]));
}

void PrintedExtras::restore(tinygltf::Model& model) const {
  if (texts_.empty()) return;
  const auto restore_one = [&](tinygltf::Value& extras) {
    if (auto printed = value_of(extras)) extras = std::move(*printed);
  };
  for (auto& scene : model.scenes) restore_one(scene.extras);
  for (auto& node : model.nodes) restore_one(node.extras);
  for (auto& material : model.materials) restore_one(material.extras);
}

std::vector<std::byte> serialise_gltf(tinygltf::Model model, bool binary, const PrintedExtras* printed) {
  const auto whole_document = [&](tinygltf::Model& whole) {
    if (printed != nullptr) printed->restore(whole);
    return bytes_of(tinygltf_document(whole, binary));
  };
  if (binary && !model.buffers.empty() && !has_plain_glb_buffer(model)) return whole_document(model);
  // tinygltf prints the rest: the document without the accessors, animations, buffer views (and a .glb's
  // buffer), whose first member is then the asset (members come in key order, and only "accessors" and
  // "animations" come before "asset"). Those are put back into its text at their places in key order.
  auto accessors = std::move(model.accessors);
  auto animations = std::move(model.animations);
  auto views = std::move(model.bufferViews);
  std::vector<unsigned char> glb_binary;
  const bool glb_buffer = binary && !model.buffers.empty();
  if (glb_buffer) {
    glb_binary = std::move(model.buffers[0].data);
    model.buffers.clear();
  }
  // With the extras' placeholders: they are put in as the text is joined.
  const std::string rest = tinygltf_document(model, false);
  if (rest.empty()) return {};
  // Its text mode writes the document and a line end.
  const std::string asset = tinygltf_json(model.asset), asset_member = "{\"asset\":" + asset, end = "}\n";
  if (rest.size() < asset_member.size() + end.size() ||
      rest.compare(0, asset_member.size(), asset_member) != 0 ||
      rest.compare(rest.size() - end.size(), end.size(), end) != 0) {
    // Another tinygltf than the one this was written for: let it write the whole model.
    model.accessors = std::move(accessors);
    model.animations = std::move(animations);
    model.bufferViews = std::move(views);
    if (glb_buffer) model.buffers.emplace_back().data = std::move(glb_binary);
    return whole_document(model);
  }

  std::string json;
  json.reserve(rest.size() + (printed != nullptr ? printed->printed_size() : 0) +
               128 * (accessors.size() + views.size()) + 2048 * animations.size());
  {
    ObjectText document(json);
    if (!accessors.empty()) append_array(document.key("accessors"), accessors, append_accessor);
    if (!animations.empty())
      append_array(
          document.key("animations"), written_animations(animations),
          [](std::string& out, const tinygltf::Animation* animation) { append_animation(out, *animation); });
    document.key("asset") += asset;
    if (!views.empty()) append_array(document.key("bufferViews"), views, append_buffer_view);
    if (glb_buffer) {
      append_integer(document.key("buffers") += "[{\"byteLength\":", glb_binary.size());
      json += "}]";
    }
    // The members after the asset ("," and a member each), without the closing brace.
    const std::string_view after_asset =
        std::string_view(rest).substr(asset_member.size(), rest.size() - asset_member.size() - end.size());
    if (printed != nullptr)
      printed->append_resolved(json, after_asset);
    else
      json += after_asset;
  }
  if (binary) return glb_container(json, glb_binary);
  return bytes_of(json += '\n');
}

}  // namespace gamefmt::gltf
