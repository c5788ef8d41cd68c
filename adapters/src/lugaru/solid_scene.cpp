#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>

#include "lugaru/solid_scene.hpp"
#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kWindingKey = "lugaru.winding";

aiMatrix4x4 upright_transform(SolidWinding winding) {
  aiMatrix4x4 m;
  const float angle = winding == SolidWinding::clockwise ? float(AI_MATH_PI) : float(AI_MATH_HALF_PI);
  aiMatrix4x4::RotationX(angle, m);
  // Rotations by 90 and 180 degrees are exact: drop the cos/sin rounding noise so positions stay exact.
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) m[r][c] = std::round(m[r][c]);
  return m;
}

aiVector3D to_vector(const std::array<float, 3>& p) { return {p[0], p[1], p[2]}; }

// UVs: the engine flips V of clockwise (character) models at load time and not of world objects; Assimp's
// V points up like OpenGL's.
float engine_v_to_assimp(float v, SolidWinding winding) { return winding == SolidWinding::clockwise ? 1.0f - v : v; }
float assimp_v_to_engine(float v, SolidWinding winding) { return winding == SolidWinding::clockwise ? 1.0f - v : v; }

bool nearly_identity(const aiMatrix4x4& m) {
  const aiMatrix4x4 identity;
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      if (std::fabs(m[r][c] - identity[r][c]) > 1e-6f) return false;
  return true;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

std::optional<SolidWinding> solid_winding_from_name(std::string_view file_name) {
  const auto slash = file_name.find_last_of("/\\");
  const std::string base = lower(slash == std::string_view::npos ? file_name : file_name.substr(slash + 1));
  for (const char* prefix : {"body", "wolf", "rabbit", "belt", "staff", "sword", "throwingknife"})
    if (base.rfind(prefix, 0) == 0) return SolidWinding::clockwise;
  return std::nullopt;
}

SolidWinding guess_solid_winding(const lugaru::SolidModel& model, std::string_view file_name) {
  if (const auto by_name = solid_winding_from_name(file_name)) return *by_name;
  double volume = 0;
  for (const auto& t : model.triangles) {
    const aiVector3D a = to_vector(model.positions[t.corner(0)]);
    const aiVector3D b = to_vector(model.positions[t.corner(1)]);
    const aiVector3D c = to_vector(model.positions[t.corner(2)]);
    volume += static_cast<double>(a * (b ^ c));
  }
  return volume < 0 ? SolidWinding::clockwise : SolidWinding::counter_clockwise;
}

std::unique_ptr<aiScene> solid_to_scene(const lugaru::SolidModel& model, SolidWinding winding, std::string_view name) {
  const std::size_t position_count = model.positions.size();
  // Corner order in the output: counter-clockwise seen from the front.
  const std::array<int, 3> order =
      winding == SolidWinding::clockwise ? std::array<int, 3>{0, 2, 1} : std::array<int, 3>{0, 1, 2};

  // Vertex i < position_count is position i with the UV of its first use; other UVs of a position
  // (texture seams) get vertices appended after them.
  std::vector<aiVector3D> uvs(position_count);
  std::vector<bool> used(position_count, false);
  std::vector<unsigned int> position_of_vertex(position_count);
  for (std::size_t i = 0; i < position_count; ++i) position_of_vertex[i] = static_cast<unsigned int>(i);
  struct SeamKey {
    std::uint32_t position, u, v;
    bool operator==(const SeamKey&) const = default;
  };
  struct SeamHash {
    std::size_t operator()(const SeamKey& k) const noexcept {
      return (std::size_t(k.position) * 0x9E3779B97F4A7C15ull) ^ (std::size_t(k.u) << 21) ^ k.v;
    }
  };
  std::unordered_map<SeamKey, unsigned int, SeamHash> seam_vertices;
  std::vector<std::array<unsigned int, 3>> faces(model.triangles.size());

  for (std::size_t t = 0; t < model.triangles.size(); ++t) {
    const auto& tri = model.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const int corner = order[k];
      const auto position = static_cast<unsigned int>(tri.corner(corner));
      const aiVector3D uv(tri.u[corner], engine_v_to_assimp(tri.v[corner], winding), 0);
      unsigned int vertex = position;
      if (!used[position]) {
        used[position] = true;
        uvs[position] = uv;
      } else if (std::memcmp(&uvs[position], &uv, sizeof uv) != 0) {
        SeamKey key{position, std::bit_cast<std::uint32_t>(uv.x), std::bit_cast<std::uint32_t>(uv.y)};
        auto [it, inserted] = seam_vertices.emplace(key, static_cast<unsigned int>(uvs.size()));
        if (inserted) {
          uvs.push_back(uv);
          position_of_vertex.push_back(position);
        }
        vertex = it->second;
      }
      faces[t][k] = vertex;
    }
  }

  // Area-weighted normals per position, shared across seams so UV splits do not show as creases.
  std::vector<aiVector3D> position_normals(position_count, aiVector3D(0, 0, 0));
  for (const auto& f : faces) {
    const aiVector3D a = to_vector(model.positions[position_of_vertex[f[0]]]);
    const aiVector3D b = to_vector(model.positions[position_of_vertex[f[1]]]);
    const aiVector3D c = to_vector(model.positions[position_of_vertex[f[2]]]);
    const aiVector3D n = (b - a) ^ (c - a);
    for (unsigned int v : f) position_normals[position_of_vertex[v]] += n;
  }

  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = aiString(std::string(name));
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  const auto vertex_count = static_cast<unsigned int>(uvs.size());
  mesh->mNumVertices = vertex_count;
  mesh->mVertices = new aiVector3D[vertex_count];
  mesh->mNormals = new aiVector3D[vertex_count];
  mesh->mTextureCoords[0] = new aiVector3D[vertex_count];
  mesh->mNumUVComponents[0] = 2;
  for (unsigned int v = 0; v < vertex_count; ++v) {
    const unsigned int p = position_of_vertex[v];
    mesh->mVertices[v] = to_vector(model.positions[p]);
    aiVector3D n = position_normals[p];
    const float length = n.Length();
    mesh->mNormals[v] = length > 0 ? n / length : aiVector3D(0, 1, 0);
    mesh->mTextureCoords[0][v] = uvs[v];
  }
  mesh->mNumFaces = static_cast<unsigned int>(faces.size());
  mesh->mFaces = new aiFace[faces.size()];
  for (std::size_t t = 0; t < faces.size(); ++t) {
    mesh->mFaces[t].mNumIndices = 3;
    mesh->mFaces[t].mIndices = new unsigned int[3]{faces[t][0], faces[t][1], faces[t][2]};
  }

  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node(name);
  root->mTransformation = upright_transform(winding);
  add_metadata(root->mMetaData, kWindingKey,
               aiString(std::string(winding == SolidWinding::clockwise ? "cw" : "ccw")));
  scene->mRootNode = root;
  if (!faces.empty()) {
    set_meshes(*root, {0});
    std::vector<std::unique_ptr<aiMesh>> meshes;
    meshes.push_back(std::move(mesh));
    scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  } else {
    scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  }
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(make_material(name, aiColor4D(0.8f, 0.8f, 0.8f, 1.0f)));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  return scene;
}

std::optional<SolidWinding> solid_winding_from_scene(const aiScene& scene) {
  std::optional<SolidWinding> found;
  auto visit = [&](auto& self, const aiNode& node) -> void {
    std::string value;
    if (!found && find_metadata_string(node.mMetaData, kWindingKey, value)) {
      if (value == "cw") found = SolidWinding::clockwise;
      if (value == "ccw") found = SolidWinding::counter_clockwise;
    }
    for (unsigned int i = 0; i < node.mNumChildren; ++i) self(self, *node.mChildren[i]);
  };
  if (scene.mRootNode != nullptr) visit(visit, *scene.mRootNode);
  return found;
}

lugaru::SolidModel scene_to_solid(const aiScene& scene, SolidWinding winding, std::string_view output_name) {
  const std::string file(output_name);
  lugaru::SolidModel model;
  aiMatrix4x4 to_model = upright_transform(winding);
  to_model.Inverse();

  struct PositionKey {
    std::array<std::uint32_t, 3> bits;
    bool operator==(const PositionKey&) const = default;
  };
  struct PositionHash {
    std::size_t operator()(const PositionKey& k) const noexcept {
      return (std::size_t(k.bits[0]) * 0x9E3779B97F4A7C15ull) ^ (std::size_t(k.bits[1]) << 17) ^ k.bits[2];
    }
  };
  std::unordered_map<PositionKey, std::int16_t, PositionHash> position_index;
  const std::array<int, 3> order =
      winding == SolidWinding::clockwise ? std::array<int, 3>{0, 2, 1} : std::array<int, 3>{0, 1, 2};

  auto visit = [&](auto& self, const aiNode& node) -> void {
    const aiMatrix4x4 to_file = to_model * global_transform(node);
    const bool exact = nearly_identity(to_file);
    for (unsigned int m = 0; m < node.mNumMeshes; ++m) {
      const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
      std::vector<std::int16_t> vertex_to_position(mesh.mNumVertices);
      for (unsigned int v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D p = exact ? mesh.mVertices[v] : to_file * mesh.mVertices[v];
        const std::array<float, 3> xyz = {p.x, p.y, p.z};
        PositionKey key{{std::bit_cast<std::uint32_t>(xyz[0]), std::bit_cast<std::uint32_t>(xyz[1]),
                         std::bit_cast<std::uint32_t>(xyz[2])}};
        auto [it, inserted] = position_index.emplace(key, std::int16_t{0});
        if (inserted) {
          if (model.positions.size() >= lugaru::kSolidMaxCount)
            throw FormatError(file, std::nullopt, "positions",
                              "the scene has more than 32767 distinct vertex positions; a .solid holds at most 32767");
          it->second = static_cast<std::int16_t>(model.positions.size());
          model.positions.push_back(xyz);
        }
        vertex_to_position[v] = it->second;
      }
      const aiVector3D* uv = mesh.mTextureCoords[0];
      for (unsigned int f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace& face = mesh.mFaces[f];
        for (unsigned int k = 2; k < face.mNumIndices; ++k) {  // fans faces with more than 3 corners
          if (model.triangles.size() >= lugaru::kSolidMaxCount)
            throw FormatError(file, std::nullopt, "triangles",
                              "the scene has more than 32767 triangles; a .solid holds at most 32767");
          const std::array<unsigned int, 3> fan = {face.mIndices[0], face.mIndices[k - 1], face.mIndices[k]};
          std::array<std::int16_t, 3> corners{};
          std::array<float, 3> u{}, v{};
          for (int c = 0; c < 3; ++c) {
            const unsigned int vertex = fan[order[c]];
            corners[c] = vertex_to_position[vertex];
            if (uv != nullptr) {
              u[c] = uv[vertex].x;
              v[c] = assimp_v_to_engine(uv[vertex].y, winding);
            }
          }
          model.triangles.push_back(lugaru::SolidTriangle::from_corners(corners, u, v));
        }
      }
    }
    for (unsigned int i = 0; i < node.mNumChildren; ++i) self(self, *node.mChildren[i]);
  };
  if (scene.mRootNode != nullptr) visit(visit, *scene.mRootNode);
  return model;
}

}  // namespace gamefmt::assimp
