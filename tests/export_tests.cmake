# Export suites (included by tests/CMakeLists.txt): figure size and DPR, caption wrap, SVG clipping,
# default names and the data behind every chart. Off-screen; no display needed.
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_exports SOURCES tst_exports.cpp LIBS presisi_widgets Qt6::Svg LABELS gui)
endif()
if(PRESISI_BUILD_GUI)
  # The pages' export names, chart data and the training JSON's preset (and, with PRESISI_SHOTS_DIR,
  # every chart at 1920x1080 for docs/screenshots).
  presisi_add_test(tst_exports_window SOURCES tst_exports_window.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
endif()
# Under the sanitizers: the window suites' settings (tests/CMakeLists.txt explains why LeakSanitizer is off
# for suites that render charts for export at new sizes).
if(PRESISI_SANITIZE AND TARGET tst_exports)
  set_property(TEST tst_exports tst_exports_window APPEND PROPERTY ENVIRONMENT
               "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1")
endif()
