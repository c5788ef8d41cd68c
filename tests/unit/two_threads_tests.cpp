// core/two_threads.hpp: items shared between two threads, each done once, exceptions brought back.
#include <algorithm>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "core/two_threads.hpp"

using namespace gamefmt;

TEST_CASE("Work on two threads does every item once and rethrows what an item throws", "[threads]") {
  for (const bool worth_a_thread : {false, true}) {
    std::vector<int> done(10000, 0);
    for_each_on_two_threads(done.size(), worth_a_thread, [&](std::size_t i) { done[i] += 1; });
    CHECK(std::all_of(done.begin(), done.end(), [](int n) { return n == 1; }));
    // Whichever thread meets the failing item, the caller gets its exception once both have stopped.
    CHECK_THROWS_WITH(for_each_on_two_threads(1000, worth_a_thread,
                                              [](std::size_t i) {
                                                if (i == 777) throw std::runtime_error("item 777");
                                              }),
                      "item 777");
  }
}
