// Precompiled header of the suites that link Qt Core only: Qt Test, Qt Core, Eigen and the standard library,
// parsed once per build instead of once per suite (tests/CMakeLists.txt, presisi_add_test).
#pragma once

#include <QtCore>
#include <QtTest>

#include <Eigen/Dense>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
