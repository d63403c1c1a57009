# Tooltips of the Linear lab, Formats, Speed and Convergence pages (included by tests/CMakeLists.txt):
# every chart, tile number, checkbox, combo and field has one; the correlation tile explains its 1.0.
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_tooltips_a SOURCES tst_tooltips_a.cpp LIBS presisi_app LABELS gui TIMEOUT 300)
endif()
