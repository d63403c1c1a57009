// Long plain-text tooltips shown wrapped: Qt draws a plain-text tooltip on one line, so a two-sentence
// explanation would run off a 1280-pixel screen; as rich text it wraps to a readable paragraph.
#pragma once

namespace presisi {

// Installs (once) an application-wide filter that shows every plain-text tooltip of 70 characters or
// more as a wrapped paragraph. Widgets that answer tooltip events themselves (the range chart) keep theirs.
void wrapLongToolTips();

}  // namespace presisi
