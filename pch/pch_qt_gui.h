// Precompiled for the window's libraries (widgets/, app/): Qt Widgets', Charts' and Svg's headers over those
// of pch_qt_core.h, parsed once per build instead of once per source file (a page's own code is a few
// hundred lines over seconds of Qt headers). CMAKE_DISABLE_PRECOMPILE_HEADERS=ON builds without it.
#pragma once

#include "pch_qt_core.h"

#include <QtCharts>
#include <QtGui>
#include <QtSvg>
#include <QtWidgets>
