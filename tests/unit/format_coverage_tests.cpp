// Every format in the registry carries the duties docs/adding-a-format.md lists: fuzz seeds (which make its
// fuzz target), an input for the truncation and byte-flip sweeps, tests tagged with its id, and a benchmark
// named after it. A format added without one of them fails here, naming the format and what it lacks.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "exercise.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "sweep_inputs.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The texts of the files below `folder` whose names end with `suffix`.
std::vector<std::string> texts_of(const std::filesystem::path& folder, const std::string& suffix) {
  std::vector<std::string> texts;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const auto name = entry.path().filename().string();
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      texts.push_back(read_text(entry.path()));
  }
  return texts;
}

bool any_contains(const std::vector<std::string>& texts, const std::string& needle) {
  return std::any_of(texts.begin(), texts.end(),
                     [&](const std::string& text) { return text.find(needle) != std::string::npos; });
}

bool has_seed_file(const std::string& id) {
  const auto folder = test::source_dir() / "fuzz" / "seeds" / id;
  if (!std::filesystem::is_directory(folder)) return false;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.is_regular_file() && entry.file_size() > 0) return true;
  return false;
}

}  // namespace

TEST_CASE("Every registered format has fuzz seeds, a sweep input, tagged tests and a benchmark",
          "[coverage]") {
  const auto source = test::source_dir();
  const auto exercised = exercise::input_ids();
  std::vector<const FormatHandler*> swept;
  for (const auto& input : test::sweep_inputs()) swept.push_back(find_handler(input.name, input.bytes));
  auto tests = texts_of(source / "tests" / "unit", ".cpp");
  const auto assimp_tests = texts_of(source / "assimp_importers" / "tests", ".cpp");
  tests.insert(tests.end(), assimp_tests.begin(), assimp_tests.end());
  const auto corpus_tests = texts_of(source / "tests" / "corpus", ".cpp");
  tests.insert(tests.end(), corpus_tests.begin(), corpus_tests.end());
  const auto benchmarks = texts_of(source / "bench", "_benchmarks.cpp");

  REQUIRE(format_handlers().size() >= 27);
  for (const FormatHandler* handler : format_handlers()) {
    const std::string id = handler->description().id;
    INFO("format " << id);
    CHECK(has_seed_file(id));  // fuzz/seeds/<id>/: its seeds, and a fuzz target (fuzz/CMakeLists.txt)
    CHECK(std::find(exercised.begin(), exercised.end(), id) != exercised.end());
    CHECK(std::find(swept.begin(), swept.end(), handler) != swept.end());  // tests/support/sweep_inputs.cpp
    CHECK(any_contains(tests, "[" + id + "]"));                            // a TEST_CASE tag
    CHECK(any_contains(benchmarks, "->Name(\"" + id + "/"));               // BENCHMARK(...)->Name("<id>/...")
    // A format that imports and exports says what its way back from glTF keeps and what an edit changes
    // (the way-back tests hold it to FormatDescription::way_back).
    if (handler->description().can_import && handler->description().can_export)
      CHECK_FALSE(handler->description().way_back_note.empty());
  }
}

TEST_CASE("The coverage check sees what a file lacks", "[coverage]") {
  // The helpers above on texts made here: a tag or a name that is only close does not count.
  const std::vector<std::string> texts = {R"(TEST_CASE("x", "[xray][xray-hom]"))",
                                          R"(BENCHMARK(BM_X)->Name("xray-hom/read");)"};
  CHECK(any_contains(texts, "[xray-hom]"));
  CHECK_FALSE(any_contains(texts, "[xray-som]"));
  CHECK(any_contains(texts, "->Name(\"xray-hom/"));
  CHECK_FALSE(any_contains(texts, "->Name(\"xray-ho/"));
  CHECK_FALSE(has_seed_file("no-such-format"));
}
