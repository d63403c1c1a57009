# The window's suites (included by tests/CMakeLists.txt): widgets and exports, and the application
# (run controller, pages, --screenshot). Off-screen; no display needed.
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_widgets SOURCES tst_widgets.cpp LIBS presisi_widgets Qt6::Svg LABELS gui)
  presisi_add_test(tst_app SOURCES tst_app.cpp LIBS presisi_app LABELS gui TIMEOUT 900)
  # The Linear lab on your own tensors: NumPy's files in every dtype, outputs equal to torch 2.x's, --save whole
  # or not at all, bad files in one line, the window's Load x / W / b… and Save outputs….
  presisi_add_test(tst_linear_files SOURCES tst_linear_files.cpp LIBS presisi_app presisi_cli LABELS gui TIMEOUT 300)
  target_compile_definitions(tst_app PRIVATE PRESISI_EXE="$<TARGET_FILE:presisi>")
  add_dependencies(tst_app presisi)
  # The Training lab's play logic (resume or restart after a change) and its products and GELU box.
  presisi_add_test(tst_training_page SOURCES tst_training_page.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  # Ordinary keys, fast: regression tests for crashes and freezes, and a seeded random stress run
  # (PRESISI_STRESS_SECONDS long, 20 s by default; the sanitizer run in CI sets 60).
  presisi_add_test(tst_reliability SOURCES tst_reliability.cpp LIBS presisi_app LABELS gui TIMEOUT 900)
  # The window's controls and views: preset values through the fields, text scale, layout at 1280x800,
  # the accumulation preset, scrubbing (split from tst_reliability).
  presisi_add_test(tst_window_views SOURCES tst_window_views.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  # The Speed page on a tiny setup: memory bars, the sweep's limit, a data-bound step, cancel, fallback note.
  presisi_add_test(tst_speed_page SOURCES tst_speed_page.cpp LIBS presisi_app LABELS gui TIMEOUT 300)
  # The one engine worker: every page's job on one thread, a Speed measurement holds a live run, one cancellation rule.
  presisi_add_test(tst_engine_worker SOURCES tst_engine_worker.cpp LIBS presisi_app LABELS gui TIMEOUT 300)
  # The diagnostics in the window: convergence page (verdicts, check JSON keys, cancel), NaN doctor on
  # overflow-nan (sentence, remedy rerun), per-layer range chart (f16 limits, bars, pixels).
  presisi_add_test(tst_diagnostics_window SOURCES tst_diagnostics_window.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  # Help > Guided tour: each step's setup, pointer and claim; fast Next/Back; Esc.
  presisi_add_test(tst_guided_tour SOURCES tst_guided_tour.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  # Key moments: a paced preset run pauses at each with its caption, N to the next, the timeline's marks.
  presisi_add_test(tst_moments_window SOURCES tst_moments_window.cpp LIBS presisi_app LABELS gui TIMEOUT 300)
  # Preset titles and explanations: in the generated translatable list, and translated in the Presets menu.
  presisi_add_test(tst_preset_texts SOURCES tst_preset_texts.cpp LIBS presisi_app LABELS gui TIMEOUT 120)
  # The Training lab's tooltips: every control, chart and tile number (the NaN doctor open).
  presisi_add_test(tst_tooltips_b SOURCES tst_tooltips_b.cpp LIBS presisi_app LABELS gui TIMEOUT 120)
  # The Formats page's formats of 8 bits and below: value rows, number line, block view (FP8.md's worked blocks), exports.
  presisi_add_test(tst_formats_page SOURCES tst_formats_page.cpp LIBS presisi_app LABELS gui TIMEOUT 120)
  # The rooms a lecture is given in: no chart's text elided at 1024x768 to 1920x1080 and 2x text, a chart
  # alone filling the window, presentation mode; again at QT_SCALE_FACTOR=2 (a 2560x1600 screen), in
  # Indonesian, and in Indonesian at QT_SCALE_FACTOR=2.
  presisi_add_test(tst_rooms SOURCES tst_rooms.cpp LIBS presisi_app LABELS gui TIMEOUT 600)
  add_test(NAME tst_rooms_hidpi COMMAND tst_rooms --hidpi noChartElidesItsTextInAnyRoom)
  set_tests_properties(tst_rooms_hidpi PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300 LABELS gui)
  add_test(NAME tst_rooms_id COMMAND tst_rooms --lang id noChartElidesItsTextInAnyRoom)
  set_tests_properties(tst_rooms_id PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300 LABELS gui)
  add_test(NAME tst_rooms_id_hidpi COMMAND tst_rooms --hidpi --lang id noChartElidesItsTextInAnyRoom)
  set_tests_properties(tst_rooms_id_hidpi PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300 LABELS gui)
endif()
# The NaN doctor's and the scaler's sentences in the window: the engine's English word for word, translated.
if(PRESISI_BUILD_GUI)
  presisi_add_test(tst_fault_text SOURCES tst_fault_text.cpp LIBS presisi_app LABELS gui TIMEOUT 60)
endif()
