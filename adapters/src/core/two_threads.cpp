#include "core/two_threads.hpp"

#include <atomic>
#include <exception>
#include <thread>

namespace gamefmt {

void for_each_on_two_threads(std::size_t count, bool worth_a_thread,
                             const std::function<void(std::size_t)>& item) {
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) item(i);
  };
  if (!worth_a_thread || count < 2 || std::thread::hardware_concurrency() < 2) return work();
  std::exception_ptr failed_there, failed_here;
  std::thread other([&] {
    try {
      work();
    } catch (...) {
      failed_there = std::current_exception();
    }
  });
  try {
    work();
  } catch (...) {
    failed_here = std::current_exception();
  }
  other.join();
  if (failed_here) std::rethrow_exception(failed_here);
  if (failed_there) std::rethrow_exception(failed_there);
}

}  // namespace gamefmt
