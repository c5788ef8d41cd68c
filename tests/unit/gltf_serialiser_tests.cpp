// The glTF serialiser prints accessors, buffer views and animations itself: its bytes must be tinygltf's.
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "gltf_serialiser.hpp"
#include "tinygltf_elements.hpp"

namespace {

std::string text_of(const std::vector<std::byte>& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

tinygltf::Accessor accessor(int view, int component_type, int type, std::size_t count) {
  tinygltf::Accessor a;
  a.bufferView = view;
  a.componentType = component_type;
  a.type = type;
  a.count = count;
  return a;
}

tinygltf::BufferView buffer_view(std::size_t offset, std::size_t length, int target = 0) {
  tinygltf::BufferView v;
  v.buffer = 0;
  v.byteOffset = offset;
  v.byteLength = length;
  v.target = target;
  return v;
}

tinygltf::Animation animation(const std::string& name, int node, const std::string& interpolation) {
  tinygltf::Animation a;
  a.name = name;
  for (const char* path : {"translation", "rotation"}) {
    tinygltf::AnimationSampler sampler;
    sampler.input = 0;
    sampler.output = static_cast<int>(a.samplers.size()) + 1;
    sampler.interpolation = interpolation;
    a.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(a.samplers.size()) - 1;
    channel.target_node = node;
    channel.target_path = path;
    a.channels.push_back(channel);
  }
  return a;
}

tinygltf::Value object_value(const char* key, tinygltf::Value value) {
  return tinygltf::Value(tinygltf::Value::Object{{key, std::move(value)}});
}

// Every kind of accessor, buffer view and animation the serialiser prints itself, and the ones it hands to
// tinygltf (names, extras, extensions, sparse storage), around a document with the other parts glTF has.
tinygltf::Model varied_model() {
  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "gamefmt \"tests\"";
  model.buffers.emplace_back().data = std::vector<unsigned char>(803, 7);  // not a multiple of 4: padding
  model.bufferViews = {buffer_view(0, 48, TINYGLTF_TARGET_ARRAY_BUFFER),
                       buffer_view(48, 12, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER), buffer_view(60, 40)};
  model.bufferViews[2].byteStride = 20;
  model.bufferViews.push_back(buffer_view(100, 700));
  model.bufferViews.back().name = "named view";
  model.bufferViews.push_back(buffer_view(800, 3));
  model.bufferViews.back().extras = object_value("note", tinygltf::Value(std::string("extras")));

  auto positions = accessor(0, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 4);
  positions.minValues = {-0.1, 1e-7, -2.0};
  positions.maxValues = {12345678.9, 1e21, 0.30000000000000004};
  auto indices = accessor(1, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR, 6);
  indices.minValues = {0.0};
  indices.maxValues = {3.7};  // integer bounds of an integer accessor are printed as integers
  auto normalized = accessor(2, TINYGLTF_COMPONENT_TYPE_SHORT, TINYGLTF_TYPE_VEC4, 2);
  normalized.normalized = true;
  normalized.byteOffset = 4;
  auto matrices = accessor(3, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, 10);
  auto unknown_type = accessor(-1, TINYGLTF_COMPONENT_TYPE_FLOAT, 99, 1);
  auto named = accessor(3, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT3, 2);
  named.name = "named accessor";
  auto with_extras = accessor(3, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT2, 1);
  with_extras.extras = object_value("scale", tinygltf::Value(2.5));
  auto sparse = accessor(-1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, 3);
  sparse.sparse.isSparse = true;
  sparse.sparse.count = 1;
  sparse.sparse.indices = {0, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, 4};
  sparse.sparse.values = {0, 1};
  model.accessors = {positions, indices, normalized, matrices, unknown_type, named, with_extras, sparse};

  model.animations.push_back(animation("walk", 0, "LINEAR"));
  model.animations.push_back(animation("\"quoted\" \\ tab\t, \xc3\xa9t\xc3\xa9 \x7f", 1, "STEP"));
  model.animations.push_back(animation("", 0, "CUBICSPLINE"));
  model.animations.push_back(tinygltf::Animation());  // no channels: tinygltf leaves it out
  model.animations.push_back(animation("with extras", 0, "LINEAR"));
  model.animations.back().extras = object_value(
      "events", tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(1), tinygltf::Value(0.5)}));
  model.animations.push_back(animation("channel extras", 0, "LINEAR"));
  model.animations.back().channels[1].extras = object_value("a", tinygltf::Value(true));
  model.animations.push_back(animation("target extension", 1, "LINEAR"));
  model.animations.back().channels[0].target_extensions["KHR_animation_pointer"] =
      object_value("pointer", tinygltf::Value(std::string("/nodes/0/rotation")));
  model.animations.push_back(animation("sampler extras", 1, "LINEAR"));
  model.animations.back().samplers[0].extras = object_value("b", tinygltf::Value(3));
  model.animations.push_back(animation("extension", 1, "LINEAR"));
  model.animations.back().extensions["EXT_test"] = object_value("c", tinygltf::Value(4));

  for (const char* name : {"root", "child"}) {
    tinygltf::Node node;
    node.name = name;
    node.translation = {0.5, 0, -1};
    node.extras = object_value("gamefmt", tinygltf::Value(std::string("node")));
    model.nodes.push_back(node);
  }
  model.nodes[0].children = {1};
  tinygltf::Mesh mesh;
  tinygltf::Primitive primitive;
  primitive.attributes["POSITION"] = 0;
  primitive.indices = 1;
  mesh.primitives.push_back(primitive);
  model.meshes.push_back(mesh);
  model.nodes[1].mesh = 0;
  tinygltf::Image image;
  image.bufferView = 4;
  image.mimeType = "image/png";
  model.images.push_back(image);
  model.textures.emplace_back().source = 0;
  model.materials.emplace_back().name = "material";
  tinygltf::Scene scene;
  scene.nodes = {0};
  scene.extras = object_value("gamefmt.warnings", tinygltf::Value(std::string("none")));
  model.scenes.push_back(scene);
  model.defaultScene = 0;
  model.extensionsUsed = {"EXT_test"};
  return model;
}

void check_same_as_tinygltf(const tinygltf::Model& model) {
  for (const bool binary : {true, false}) {
    INFO((binary ? ".glb" : ".gltf"));
    const std::string expected = gamefmt::gltf::tinygltf_document(model, binary);
    REQUIRE_FALSE(expected.empty());
    CHECK(text_of(gamefmt::gltf::serialise_gltf(model, binary)) == expected);
  }
}

}  // namespace

TEST_CASE("glTF serialiser: the same bytes as tinygltf for every kind of accessor, view and animation",
          "[gltf]") {
  const tinygltf::Model model = varied_model();
  check_same_as_tinygltf(model);
  // And the text really holds what it printed itself and what it handed on.
  const std::string text = text_of(gamefmt::gltf::serialise_gltf(model, false));
  CHECK(text.find("\"max\":[12345678.9,1e+21,0.30000000000000004]") != std::string::npos);
  CHECK(text.find("\"max\":[3],\"min\":[0]") != std::string::npos);
  CHECK(text.find("\"extras\":{\"events\":[1,0.5]}") != std::string::npos);
}

TEST_CASE(
    "glTF serialiser: documents without buffers, animations or accessors, and with only empty animations",
    "[gltf]") {
  const std::vector<std::pair<const char*, std::function<void(tinygltf::Model&)>>> variants = {
      {"no animations", [](auto& model) { model.animations.clear(); }},
      {"only animations without channels",
       [](auto& model) { model.animations.assign(2, tinygltf::Animation()); }},
      {"animations with channels but no samplers", [](auto& model) { model.animations[0].samplers.clear(); }},
      {"no accessors or views",
       [](auto& model) {
         model.accessors.clear();
         model.bufferViews.clear();
         model.images.clear();
       }},
      {"no buffer", [](auto& model) { model.buffers.clear(); }},
      {"an empty buffer", [](auto& model) { model.buffers[0].data.clear(); }},
      {"a named buffer", [](auto& model) { model.buffers[0].name = "named"; }},
      {"two buffers",
       [](auto& model) {
         model.buffers.emplace_back().data = {1, 2, 3};
       }},
      {"a buffer with a URI", [](auto& model) { model.buffers[0].uri = "data.bin"; }},
      {"nothing but the asset", [](auto& model) { model = tinygltf::Model(); }}};
  for (const auto& [name, change] : variants) {
    INFO(name);
    tinygltf::Model model = varied_model();
    change(model);
    check_same_as_tinygltf(model);
  }
}

TEST_CASE("glTF serialiser: text that is not UTF-8 is refused as tinygltf refuses it", "[gltf]") {
  tinygltf::Model model = varied_model();
  model.animations[0].name = "bad \xff name";
  CHECK_THROWS_AS(gamefmt::gltf::tinygltf_document(model, true), nlohmann::json::type_error);
  CHECK_THROWS_AS(gamefmt::gltf::serialise_gltf(model, true), nlohmann::json::type_error);
}
