// Precompiled header of the window's suites (Qt Widgets and Charts linked): the Core suites' header and
// Qt's widget, chart and SVG modules, parsed once per build (tests/CMakeLists.txt, presisi_add_test).
#pragma once

#include "pch_core.h"

#include <QtCharts>
#include <QtSvg>
#include <QtWidgets>
