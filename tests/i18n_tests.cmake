# Bahasa Indonesia (included by tests/CMakeLists.txt): translations complete (lupdate through
# scripts/translations.sh check), the window walked in Indonesian, the CLI's --lang, locale numbers.
if(PRESISI_BUILD_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Xml)
  presisi_add_test(tst_i18n SOURCES tst_i18n.cpp LIBS presisi_app Qt6::Xml LABELS gui TIMEOUT 600)
  target_compile_definitions(tst_i18n PRIVATE PRESISI_EXE="$<TARGET_FILE:presisi>")
  add_dependencies(tst_i18n presisi)
  # View > Language keeps every page's state (runs, results, settings), each shown in the new language.
  presisi_add_test(tst_language_switch SOURCES tst_language_switch.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
endif()
