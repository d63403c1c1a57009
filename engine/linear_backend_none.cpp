// A build without the CUDA backend: the linear lab has no GPU backend (cudaStatus() says why). No Qt here.
#include "linear_backend.h"

namespace presisi {

const LinearBackend* cudaLinearBackend() { return nullptr; }

}  // namespace presisi
