// The translation unit that builds a precompiled header of the suites (tests/CMakeLists.txt).
