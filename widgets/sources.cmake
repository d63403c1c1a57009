# Sources of presisi_widgets beyond lane_style (charts, tiles, exports, format views).
target_sources(presisi_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/chart_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svg_clip_device.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chart_data.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export_dialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/live_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/step_points.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chart_marks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/step_axes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/step_buckets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chart_style.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chart_legend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/histogram_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lane_tile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/format_views.cpp ${CMAKE_CURRENT_LIST_DIR}/number_line_view.cpp ${CMAKE_CURRENT_LIST_DIR}/format_property_table.cpp ${CMAKE_CURRENT_LIST_DIR}/block_view.cpp ${CMAKE_CURRENT_LIST_DIR}/block_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scatter_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/boundary_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/number_field.cpp
  ${CMAKE_CURRENT_LIST_DIR}/locale_number.cpp
  ${CMAKE_CURRENT_LIST_DIR}/input_guard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text_scale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/section.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scaling_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stacked_bar_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/range_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/seed_chart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tool_tips.cpp
)
set_target_properties(presisi_widgets PROPERTIES AUTOMOC ON)
