// A bad argument or an output that cannot be created: the error type the command line answers with
// "presisi: <message>" and exit status 2 (the services throw it too, e.g. AtomicFile). Qt-free.
#pragma once

#include <stdexcept>
#include <string>

namespace presisi::services {

class UsageError : public std::runtime_error {
public:
    explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace presisi::services
