# The training lab's engine sources and the numerics core they use (included by engine/CMakeLists.txt).
target_sources(presisi_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/scenario.cpp
  ${CMAKE_CURRENT_LIST_DIR}/npy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dataset.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memory_estimate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cpu_lane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/batch_sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/micro_batches.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lane_factory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench_train.cpp
  ${CMAKE_CURRENT_LIST_DIR}/range_stats.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nonfinite.cpp
  ${CMAKE_CURRENT_LIST_DIR}/convergence.cpp
  ${CMAKE_CURRENT_LIST_DIR}/doctor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/moments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/torch_dispatch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/loss_scale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/activation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/torch_gelu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/optimizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/policy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/norm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/grad_histogram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/grad_counts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../numerics/scaled_format.cpp
)
