#pragma once
// Shinobi MDL1 model <-> scene model. The engine's left-handed Y-up space becomes the scene's right-handed
// Y-up space by mirroring Z (positions, normals, matrices) and reversing the triangle winding
// (shinobi_space.hpp).
//
// Node extras written by model_to_scene and read back by model_from_scene:
//   shinobi.node            (int)    the node's place in the file
//   shinobi.transform       (string) the file's transform: x, y, z, position (12 floats, 9 digits each)
//   shinobi.scale           (string) version 4: the node's scale
//   shinobi.name            (string) a name the file gives several nodes (glTF makes it unique)
//   shinobi.mesh            (object) the mesh entity's record (mesh_record.hpp)
//   shinobi.cast_shadow     (int)    the mesh entity's trailing byte (castShadow / _unused)
//   shinobi.light.type, .r, .g, .b, .range, .spot_angle, .spot_sharpness, .cast_shadow: a version-2 light
//   shinobi.parent          (string) on skinned mesh nodes: the parent in the file, since glTF moves
//                                    skinned mesh nodes to the scene root
//   shinobi.synthetic_root  (bool)   the node holds several file roots and is not part of the file
//   shinobi.skeleton_root   (bool)   on the file's root node of a skinned model (so glTF keeps it as the
//                                    joints' root)
// Material extras: shinobi.material_name (string): the name the model gives the material, which the game
// looks up in its material definitions; written back when the material is still so named or is Blender's
// "<name>.001" copy of it. (grimrock_textures.hpp adds shinobi.material.)
// Scene extras: shinobi.model_version (int), shinobi.root_name (string: the file's one root node, if it has
// one) and, when the scene stands for that root, its shinobi.node, .transform and .scale; those of the
// animations (animation_scene.hpp).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi {

// An ANIM file that comes with the model: its tracks bind to the model's nodes by name.
struct CompanionAnimation {
  Animation animation;
  std::string name;  // the scene animation's name (made unique when taken)
  std::string file;  // names errors
};

// One scene mesh per mesh segment that has triangles (the vertices that segment uses, its material named
// after the segment's material; materials in order of first use, one grey "default" material when no segment
// names one), listed by the node that owns the mesh entity. Bones become bone bindings on every segment of
// their entity, in the entity's order, with the model-to-bone matrices as inverse binds. Nodes named by the
// tracks of `animations` that are not bones of a skinned entity join its skin as weightless joints at their
// rest pose (extras shinobi.bone_count keep the entity's own count, so the way back drops them again); the
// animations are then added by add_animation_to_scene.
//
// Roots: several file roots hang under a synthetic root named `scene_name` (scene.name too). One file root
// names the scene; it is left out of the nodes (its children become the roots) when it is only a container:
// identity transform, no entity, no skin in the model, no animation track naming it.
//
// Throws FormatError (naming `file`) for what cannot become a scene: indices outside the vertices, segments
// outside the indices or not triangle lists, parent loops or a tree deeper than 1000 levels, bones naming no
// node or a node twice, bone indices outside the entity's bones, weights that are not finite.
scene::Scene model_to_scene(const Model& model, std::span<const CompanionAnimation> animations,
                            std::string_view scene_name, std::string_view file);

// Every node of the scene becomes a model node, depth-first from the roots (names made unique as in
// unique_node_names), except synthetic roots and the "<name>_skinned" roots that the glTF writer adds to
// carry the skinned meshes of node <name>. The scene itself becomes the file's one root node, above the
// scene's roots, when scene.name is the recorded shinobi.root_name (glTF names its scene after a root it
// leaves out) or when the scene has no roots. Nodes then take their recorded places (shinobi.node; a node
// without one follows the node before it), their recorded names (shinobi.name, without the ".N" a reader
// added), and their recorded transforms while the scene's is that one within round-off (1e-5 of each column's
// size); skinned nodes go back to the parent and transform recorded in their extras. The meshes of a node
// become one mesh entity with a segment per mesh (its triangles; the segment's material is the material's
// name, see shinobi.material_name above, and a warning in `warnings`, when given, for a name left ending like
// Blender's copies; a mesh without material names the segment "DefaultMaterial"); with its record
// (mesh_record.hpp) the vertices take their file places and each stored array comes back as stored while the
// scene still holds what the importer made of it (stored_arrays.hpp), else from the scene: normals as they
// are, tangents and bitangents as the engine computes them (tangent_vectors.hpp; for meshes that had them, or
// all with normals and UVs when nothing is recorded), the four strongest bone weights of each vertex
// normalised, bounds as the engine computes them. Bones: those the vertices are weighted to
// (model_from_scene.cpp, entity_bones). `version` is 2 or 4. Throws FormatError naming `output_name`
// (ErrorKind::cannot_write for a bone on a node that is not part of the file).
Model model_from_scene(const scene::Scene& scene, std::int32_t version, std::string_view output_name,
                       std::vector<std::string>* warnings = nullptr);

// The model version recorded by model_to_scene, or 0.
std::int32_t model_version_of_scene(const scene::Scene& scene);

}  // namespace gamefmt::shinobi
