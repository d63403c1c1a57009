// The engine's one exception type: what failed, where, the values involved, and a hint. No Qt here.
#pragma once

#include <stdexcept>
#include <string>

namespace presisi {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace presisi
