// cuBLAS loaded at run time, in every CUDA build: the entry points the engine calls are defined in
// cublas_dlopen.cpp and forward to libcublas.so.<major> found with dlopen on first use, so the program
// has no link-time dependency on the toolkit's cuBLAS (a Debian package installs and starts without it,
// and a command that never touches the GPU never maps its ~200 MB).
// Without the library each entry point returns CUBLAS_STATUS_NOT_INITIALIZED. No Qt here.
#pragma once

#include <string>
#include <vector>

namespace presisi::cuda {

// The outcome of one attempt to load cuBLAS: `handle` from dlopen (null when none of the candidates
// loaded or a needed symbol is missing); `loadedFrom` the candidate that loaded; `error` one line naming
// every candidate tried and why each failed.
struct CublasLibrary {
    void* handle = nullptr;
    std::string loadedFrom;
    std::string error;
};

// The file names tried, in order: $PRESISI_CUBLAS_LIBRARY alone when set; else libcublas.so.<major>
// through the dynamic linker's search (ld.so.cache, LD_LIBRARY_PATH), then the same name in the toolkit's
// library directory seen at configure time and in /usr/local/cuda/lib64.
std::vector<std::string> cublasCandidates();
// Loads the first candidate that opens and exports every entry point the engine uses.
CublasLibrary loadCublas(const std::vector<std::string>& candidates);
// The process-wide library, loaded once on first use (thread-safe).
const CublasLibrary& cublasLibrary();

}  // namespace presisi::cuda
