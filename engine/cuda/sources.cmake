# CUDA sources of presisi_engine beyond the lead's two (included by engine/CMakeLists.txt when
# PRESISI_HAVE_CUDA). Device arithmetic is not contracted into FMAs, like the host code
# (-ffp-contract=off), so element-wise kernels give the CPU lanes' bits.
target_sources(presisi_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cuda_buffer.cu
  ${CMAKE_CURRENT_LIST_DIR}/cuda_context.cu
  ${CMAKE_CURRENT_LIST_DIR}/cuda_blas.cu
  ${CMAKE_CURRENT_LIST_DIR}/cuda_training.cu
  ${CMAKE_CURRENT_LIST_DIR}/cuda_lane.cpp
)
target_compile_options(presisi_engine PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false>)
