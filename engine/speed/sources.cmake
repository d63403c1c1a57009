# The Speed lab's engine sources (included by engine/CMakeLists.txt).
target_sources(presisi_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/memory_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/step_harness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/batch_sweep.cpp
  ${CMAKE_CURRENT_LIST_DIR}/step_breakdown.cpp
)
