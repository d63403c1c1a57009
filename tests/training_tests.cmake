# The training lab's suites (included by tests/CMakeLists.txt).
presisi_add_test(tst_training_torch SOURCES tst_training_torch.cpp LABELS engine training)
presisi_add_test(tst_training SOURCES tst_training.cpp LIBS presisi_cli LABELS engine training)
presisi_add_test(tst_training_data SOURCES tst_training_data.cpp LIBS presisi_cli LABELS engine training cli)
