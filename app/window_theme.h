// The window's light and dark themes: the application's palette, readable placeholder texts in the fields
// that exist already, and the charts' colours. Window only.
#pragma once

class QWidget;

namespace presisi {

// Sets the application's palette for `dark` and re-colours what `window` holds now (fields showing a
// placeholder, every chart); the lane colours that follow the background are the pages' to redraw.
void applyTheme(QWidget* window, bool dark);

}  // namespace presisi
