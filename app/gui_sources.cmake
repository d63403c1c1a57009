# Sources of the window (presisi_app): main window, pages, run controller.
target_sources(presisi_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/main_window.cpp
  ${CMAKE_CURRENT_LIST_DIR}/main_window_menus.cpp
  ${CMAKE_CURRENT_LIST_DIR}/main_window_exports.cpp
  ${CMAKE_CURRENT_LIST_DIR}/main_window_language.cpp
  ${CMAKE_CURRENT_LIST_DIR}/window_host.cpp
  ${CMAKE_CURRENT_LIST_DIR}/experiment_files.cpp
  ${CMAKE_CURRENT_LIST_DIR}/presentation_mode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run_controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/record_store.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/responsiveness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/page_exports.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/linear_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/linear_form.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/linear_page_results.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_form.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_handover.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/moment_timeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_moments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/formats_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/preset_texts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/convergence_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/doctor_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/fault_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/gradient_ranges.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/training_diagnostics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/speed_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages/speed_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tour/guided_tour.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tour/tour_steps.cpp
)
set_target_properties(presisi_app PROPERTIES AUTOMOC ON)
