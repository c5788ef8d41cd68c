#pragma once
// Work shared between this thread and one more, for the places where a conversion holds a character's worth
// of independent items (a model's motions, the files the way back patches).
#include <cstddef>
#include <functional>

namespace gamefmt {

// Calls `item(i)` once for every i < count: on this thread alone when `worth_a_thread` is false or the
// machine has one core, else on this thread and one more, each taking the next item in turn. Each call must
// write only its own place, so the result does not depend on which thread did what. An exception from either
// thread is rethrown here, after both have stopped.
void for_each_on_two_threads(std::size_t count, bool worth_a_thread,
                             const std::function<void(std::size_t)>& item);

}  // namespace gamefmt
