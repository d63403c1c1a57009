# Experiment files (included by tests/CMakeLists.txt): the scenario's round trip, the file's errors, .npy
# paths, and the window's run rerun by `presisi train --scenario` bit for bit (the built executable).
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_experiments SOURCES tst_experiments.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  target_compile_definitions(tst_experiments PRIVATE PRESISI_EXE="$<TARGET_FILE:presisi>")
  add_dependencies(tst_experiments presisi)
endif()
