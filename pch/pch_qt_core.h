// Precompiled for the libraries on Qt Core (the services, the command line): Qt Core's, Eigen's and the
// standard library's headers, parsed once per build instead of once per source file. Nothing of Presisi's
// own: a change to a project header rebuilds only what includes it. CMAKE_DISABLE_PRECOMPILE_HEADERS=ON
// builds without it.
#pragma once

#include <QtCore>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
