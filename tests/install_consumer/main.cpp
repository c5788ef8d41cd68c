// A game file (with the companions beside it) or a whole folder to glTF, as `gamefmt convert` does it; then
// the file's scene in memory. Run: app Wolf.solid Wolf.glb   or   app GAME_FOLDER OUTPUT_FOLDER
#include <filesystem>
#include <gamefmt/conversion.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: app GAME_FILE OUTPUT.glb | app GAME_FOLDER OUTPUT_FOLDER\n";
    return 2;
  }
  try {
    if (std::filesystem::is_directory(argv[1])) {
      const gamefmt::FolderPlan plan = gamefmt::plan_folder_conversion(argv[1], argv[2], "glb", {});
      const auto results = gamefmt::convert_folder(plan);  // one thread per core
      std::size_t failed = 0;
      for (const auto& result : results) {
        if (!result.error) continue;
        std::cerr << result.error->what() << '\n';
        ++failed;
      }
      std::cout << results.size() - failed << " of " << results.size() << " files converted\n";
      return failed == 0 ? 0 : 1;
    }
    const gamefmt::ConversionPlan plan = gamefmt::plan_conversion({argv[1]}, argv[2], {});
    for (const auto& warning : gamefmt::convert(plan)) std::cerr << "warning: " << warning << '\n';

    const gamefmt::scene::Scene scene = gamefmt::load_scene({argv[1]}, {});
    std::cout << (plan.input_format ? plan.input_format->description().name : "glTF or Assimp") << ": "
              << scene.meshes.size() << " meshes, " << scene.animations.size() << " animations\n";
  } catch (const gamefmt::UsageError& error) {  // the request itself is wrong (an unknown option...)
    std::cerr << error.what() << '\n';
    return 2;
  } catch (const gamefmt::FormatError& error) {  // file, offset, field and problem
    std::cerr << error.what() << '\n';
    return 1;
  }
  return 0;
}
