#pragma once
// The base of every handler under adapters/src: what all formats do alike, so that a handler holds only what
// is particular to its format.
//
// Contract:
// - A handler derives from HandlerBase<> (one that reads and writes through another route than its format
//   struct) or LosslessHandlerBase<&read_x, &write_x> (rewrite through the format struct: LosslessHandler).
// - Its constructor calls describe(id, name, family-and-game, extensions) once, and sets the rest of the
//   returned FormatDescription (can_import, companions, options...) there. description() then returns it; it
//   does not change after construction.
// - An import names its scene scene_name(request) (the primary file's stem) and puts what the format's
//   reader tolerated in front of the scene's warnings: with_reader_warnings(x_to_scene(...), x.warnings), or
//   add_reader_warnings where the scene is finished in several steps.
// - It registers its factory in format_handlers.hpp (tests/unit/format_coverage_tests.cpp checks that each
//   factory written is registered, and that each registered format names its game).
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/format_handlers.hpp"
#include "core/reader_warnings.hpp"
#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt {

// A format's engine family and the game a user looks for it under (FormatDescription::family and ::game), one
// pair per family, so that the two are written once.
struct FamilyAndGame {
  const char* family;
  const char* game;
};
inline constexpr FamilyAndGame kLugaru{"lugaru", "Lugaru"};
inline constexpr FamilyAndGame kOvergrowth{"phoenix", "Overgrowth"};
inline constexpr FamilyAndGame kGrimrock{"shinobi", "Legend of Grimrock / Druidstone"};
inline constexpr FamilyAndGame kWestwood{"westwood", "Tiberian Sun / Red Alert 2"};
inline constexpr FamilyAndGame kMagicaVoxel{"westwood", "MagicaVoxel"};  // .vox converts to and from .vxl
inline constexpr FamilyAndGame kXray{"xray", "S.T.A.L.K.E.R. (X-Ray)"};
inline constexpr FamilyAndGame kFuel{"asobo", "FUEL (Asobo)"};

template <class Base = FormatHandler>
class HandlerBase : public Base {
 public:
  const FormatDescription& description() const final { return description_; }

 protected:
  // Fills in what every format names, and gives the description for the rest to be set.
  FormatDescription& describe(std::string id, std::string name, const FamilyAndGame& family,
                              std::vector<std::string> extensions) {
    description_.id = std::move(id);
    description_.name = std::move(name);
    description_.family = family.family;
    description_.game = family.game;
    description_.extensions = std::move(extensions);
    return description_;
  }

  // The name of an imported scene: the primary file's stem ("stalker" for "meshes/stalker.ogf").
  static std::string scene_name(const ImportRequest& request) {
    return std::filesystem::path(request.primary.path).stem().string();
  }

  // `scene` with what the reader tolerated put in front of its own warnings (reader_warnings.hpp).
  static scene::Scene with_reader_warnings(scene::Scene scene, const Warnings& warnings) {
    add_reader_warnings(scene, warnings);
    return scene;
  }

 private:
  FormatDescription description_;
};

template <auto Read, auto Write>
using LosslessHandlerBase = HandlerBase<LosslessHandler<Read, Write>>;

}  // namespace gamefmt
