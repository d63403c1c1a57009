# The training lab's suites (included by tests/CMakeLists.txt).
presisi_add_test(tst_training_torch SOURCES tst_training_torch.cpp LABELS engine training)
presisi_add_test(tst_torch2 SOURCES tst_torch2.cpp LABELS engine training)
presisi_add_test(tst_training SOURCES tst_training.cpp LIBS presisi_cli LABELS engine training)
presisi_add_test(tst_training_scaler SOURCES tst_training_scaler.cpp LIBS presisi_cli LABELS engine training)
presisi_add_test(tst_presets SOURCES tst_presets.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_presets_ops SOURCES tst_presets_ops.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_training_data SOURCES tst_training_data.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_cli_outputs SOURCES tst_cli_outputs.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_speed SOURCES tst_speed.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_diagnostics SOURCES tst_diagnostics.cpp LIBS presisi_cli LABELS engine training)
presisi_add_test(tst_diagnostics_runs SOURCES tst_diagnostics_runs.cpp LIBS presisi_cli LABELS engine training)
presisi_add_test(tst_convergence SOURCES tst_convergence.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_native SOURCES tst_native.cpp LIBS presisi_cli LABELS engine training cli)
presisi_add_test(tst_grad_counts SOURCES tst_grad_counts.cpp LABELS engine training)
presisi_add_test(tst_moments SOURCES tst_moments.cpp LIBS presisi_cli LABELS engine training cli)
# The executable as a process: signals, full disks, screenshots (needs the presisi target).
if(TARGET presisi)
  presisi_add_test(tst_cli_process SOURCES tst_cli_process.cpp LABELS cli TIMEOUT 300)
  target_compile_definitions(tst_cli_process PRIVATE PRESISI_EXE="$<TARGET_FILE:presisi>")
  add_dependencies(tst_cli_process presisi)
endif()
# The screenshot and responsiveness cases start the window's code, whose Qt Charts allocations
# LeakSanitizer reports at exit (see tests/CMakeLists.txt): its exit status would hide theirs.
if(PRESISI_SANITIZE AND TARGET tst_cli_process)
  set_property(TEST tst_cli_process APPEND PROPERTY ENVIRONMENT
               "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1")
endif()
