// The way back from glTF on every fuzz seed of every format that imports and exports: the seeds are small
// hand-made and real files (also of formats the corpus lacks: Overgrowth, X-Ray occluders), and each must
// come back as its format promises (FormatDescription::way_back; way_back_checks.hpp has the rule).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_registry.hpp"
#include "test_support.hpp"
#include "way_back_checks.hpp"

using namespace gamefmt;

TEST_CASE("Every format's fuzz seeds come back from glTF as the format promises", "[way-back]") {
  std::map<std::string, test::WayBackTally> tallies;
  test::TempDir temp;
  for (const auto* handler : format_handlers()) {
    const auto& format = handler->description();
    if (!format.can_import || !format.can_export) continue;
    std::vector<std::filesystem::path> seeds;
    for (const auto& entry :
         std::filesystem::directory_iterator(test::source_dir() / "fuzz" / "seeds" / format.id))
      // A seed folder may hold a companion the seed needs (X-Ray's level.geom): it is another format's file.
      if (entry.is_regular_file() && find_handler(entry.path(), test::read_bytes(entry.path())) == handler)
        seeds.push_back(entry.path());
    std::sort(seeds.begin(), seeds.end());
    for (const auto& seed : seeds) test::check_way_back(seed, *handler, temp.path(), tallies);
    CHECK(tallies[format.id].files > 0);
  }
  test::print_way_back_tallies(tallies);
}
