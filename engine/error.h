// The engine's exception types (an error, and a cancellation asked for): what failed, where, the values involved, and a hint. No Qt here.
#pragma once

#include <stdexcept>
#include <string>

namespace presisi {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Thrown out of long computations whose progress callback asked to stop; not a failure.
class Cancelled : public Error {
public:
    Cancelled() : Error("cancelled") {}
};

}  // namespace presisi
