# The `gpu` suites: GPU lanes against the CPU lanes of the same format. They build in every
# configuration and QSKIP with cudaStatus().reason where no device is usable (or the build has no
# CUDA backend). The checks themselves live in tools/device_check/gpu_checks.cpp, shared with the
# Qt-free presisi_device_check that scripts/device_check.sh runs on GPU machines.
# The tolerances (judge.cpp) need neither CUDA nor a device: the rehearsal feeds them emulated GPU
# results in every configuration, so it carries no `gpu` label and runs in CI.
add_library(presisi_check_judge STATIC ${PROJECT_SOURCE_DIR}/tools/device_check/judge.cpp
                                      ${PROJECT_SOURCE_DIR}/tools/device_check/judge_emulate.cpp
                                      ${PROJECT_SOURCE_DIR}/tools/device_check/judge_runs.cpp)
target_link_libraries(presisi_check_judge PUBLIC presisi_engine)
add_library(presisi_gpu_checks STATIC ${PROJECT_SOURCE_DIR}/tools/device_check/gpu_checks.cpp
                                      ${PROJECT_SOURCE_DIR}/tools/device_check/kernel_checks.cpp
                                      ${PROJECT_SOURCE_DIR}/tools/device_check/run_checks.cpp)
target_link_libraries(presisi_gpu_checks PUBLIC presisi_check_judge)

presisi_add_test(tst_gpu_linear SOURCES tst_gpu_linear.cpp LIBS presisi_gpu_checks LABELS gpu)
presisi_add_test(tst_gpu_training SOURCES tst_gpu_training.cpp LIBS presisi_gpu_checks LABELS gpu TIMEOUT 1200)
presisi_add_test(tst_device_rehearsal SOURCES tst_device_rehearsal.cpp LIBS presisi_check_judge LABELS engine)
presisi_add_test(tst_device_acc16 SOURCES tst_device_acc16.cpp LIBS presisi_check_judge LABELS engine)
