// The window's text size for a room: one factor (1x to 2x) applied to every font, in widgets and in
// charts, to what exists now and to what is built later (tiles, axes).
#pragma once

class QChart;
class QFont;
class QObject;
class QWidget;

namespace presisi {

inline constexpr double kMinUiScale = 1.0;
inline constexpr double kMaxUiScale = 2.0;

double uiScale();
// Sets the factor (clamped to 1..2) and the application's default font; call applyUiScale on the
// windows afterwards.
void setUiScale(double scale);
// Re-sizes every explicitly sized font under `root` (root included) and every chart's fonts to
// their base size times the factor. A font's base size is remembered the first time it is seen, so
// calling this again (or after new widgets appear) never compounds.
void applyUiScale(QWidget* root);
// The same for one chart (title, legend, axis labels and titles).
void applyUiScale(QChart* chart);
// One chart's text at `factor` times its base sizes instead of the window's factor (a chart shown alone,
// for the back row), kept through later applyUiScale calls; factor 0: the window's factor again.
void applyTextFactor(QChart* chart, double factor);
// `font` at `points` times the factor; `owner` remembers `points` as the base (for later rescaling).
void setScaledPointSize(QObject* owner, const char* role, QFont& font, double points);

}  // namespace presisi
