#pragma once
// JSON (the scene model's extras and extensions) <-> tinygltf::Value (what tinygltf reads and writes).
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

namespace gamefmt::gltf {

// Numbers that are whole and fit in 32 bits are written as integers (2.0 becomes 2), other finite numbers as
// reals; a non-finite number, an empty object or an empty array becomes null, which an object leaves out.
tinygltf::Value to_value(const nlohmann::json& json);
// Reals that are whole and fit in 32 bits come back as integers, the same rule as to_value.
nlohmann::json to_json(const tinygltf::Value& value);

}  // namespace gamefmt::gltf
