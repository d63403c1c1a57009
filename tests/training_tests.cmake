# The training lab's suites (included by tests/CMakeLists.txt).
presisi_add_test(tst_training_torch SOURCES tst_training_torch.cpp LABELS engine training)
