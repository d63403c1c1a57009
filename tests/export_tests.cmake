# Export suites (included by tests/CMakeLists.txt): figure size and DPR, caption wrap, SVG clipping,
# default names and the data behind every chart. Off-screen; no display needed.
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_exports SOURCES tst_exports.cpp LIBS presisi_widgets Qt6::Svg LABELS gui)
endif()
