// Every format in the registry carries the duties docs/adding-a-format.md lists: fuzz seeds (which make its
// fuzz target), an input for the truncation and byte-flip sweeps, tests tagged with its id, and a benchmark
// named after it. A format added without one of them fails here, naming the format and what it lacks; so does
// a handler factory written in adapters/src that the registry (format_handlers.hpp) does not list.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// The names of the handler factories defined in the .cpp files below `folder`
// (`std::unique_ptr<FormatHandler> make_x_handler() {`).
std::set<std::string> handler_factories_in(const std::filesystem::path& folder) {
  static const std::regex definition(R"(std::unique_ptr<FormatHandler>\s+(make_\w+_handler)\s*\(\s*\)\s*\{)");
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".cpp") continue;
    const std::string text = read_text(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), definition), end; it != end; ++it)
      names.insert((*it)[1].str());
  }
  return names;
}

}  // namespace

TEST_CASE("Every registered format has fuzz seeds, a sweep input, tagged tests and a benchmark",
          "[coverage]") {
  const auto source = test::source_dir();
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
    CHECK(std::find(swept.begin(), swept.end(), handler) != swept.end());  // tests/support/sweep_inputs.cpp
    CHECK(any_contains(tests, "[" + id + "]"));                            // a TEST_CASE tag
    CHECK(any_contains(benchmarks, "->Name(\"" + id + "/"));               // BENCHMARK(...)->Name("<id>/...")
    // A format that imports and exports says what its way back from glTF keeps and what an edit changes
    // (the way-back tests hold it to FormatDescription::way_back).
    if (handler->description().can_import && handler->description().can_export)
      CHECK_FALSE(handler->description().way_back_note.empty());
  }
}

TEST_CASE("Every handler factory written in adapters/src is registered", "[coverage]") {
  const auto source = test::source_dir();
  const auto factories = handler_factories_in(source / "adapters" / "src");
  const std::string registry = read_text(source / "adapters" / "src" / "core" / "format_handlers.hpp");
  const auto list = registry.find("kHandlerFactories");
  REQUIRE(list != std::string::npos);
  for (const auto& name : factories) {
    INFO("factory " << name);
    CHECK(registry.find("::" + name + ",", list) != std::string::npos);  // `&family::make_x_handler,`
  }
  // One factory per registered format: none is registered without being found here.
  CHECK(factories.size() == format_handlers().size());
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

  // A factory in a file of its own is found; a declaration is not a definition.
  test::TempDir dir;
  std::ofstream(dir.path() / "new_handler.cpp")
      << "std::unique_ptr<FormatHandler> make_new_handler();\n"
         "std::unique_ptr<FormatHandler> make_new_thing_handler() {\n  return nullptr;\n}\n";
  CHECK(handler_factories_in(dir.path()) == std::set<std::string>{"make_new_thing_handler"});
}
