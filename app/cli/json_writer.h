// The CLI's name for the services library's JSON writer (app/services/json_writer.h).
#pragma once

#include "services/json_writer.h"

namespace presisi::cli {
using services::JsonWriter;
}  // namespace presisi::cli
