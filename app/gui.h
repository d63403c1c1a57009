// Starts the window (or the headless --screenshot mode) and runs the event loop.
#pragma once

namespace presisi {
int runGui(int argc, char** argv);
}
