#include "blender_round_trip.hpp"

#include <catch2/catch.hpp>

#include "gamefmt/conversion.hpp"

namespace gamefmt::test {

void reexport_in_blender(const std::filesystem::path& glb, const std::filesystem::path& out,
                         const std::vector<std::string>& options) {
  std::vector<std::string> arguments = {glb.string(), out.string()};
  arguments.insert(arguments.end(), options.begin(), options.end());
  const auto blender = run_blender_script("reexport.py", arguments);
  INFO(blender.output);
  REQUIRE(blender.exit_code == 0);
}

std::vector<std::string> convert_through_blender(const std::vector<std::filesystem::path>& inputs,
                                                 const std::filesystem::path& output, const TempDir& dir,
                                                 const std::vector<std::string>& options) {
  convert_files(inputs, dir / "a.glb", {{"way_back", "full"}});
  reexport_in_blender(dir / "a.glb", dir / "blender.glb", options);
  return convert_files({dir / "blender.glb"}, output, {});
}

}  // namespace gamefmt::test
