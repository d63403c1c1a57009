// The observer an op pass reports to between ops: each op's result before its rounding, each cast of 8 bits
// and below with its source. The NaN doctor's checked pass is one (FirstFault, first_fault.h); an observer
// that answers true stops the pass there. No Qt here.
#pragma once

#include <span>

#include "../../format.h"
#include "../record.h"

namespace presisi::ops {

// Where a tensor was made: the op, its layer (0-based linear layer), what the tensor is, and the format the
// op rounds it to next (or holds it in, where the op rounds inside).
struct OpSite {
    int layer = 0;
    FaultOp op = FaultOp::ForwardLinear;
    TensorKind tensor = TensorKind::Activation;
    Format format = Format::F32;
    // The transformer's attention, which FaultOp does not name: the op ("attention logits", "attention output")
    // and the head; nullptr and −1 elsewhere.
    const char* name = nullptr;
    int head = -1;
};

class OpObserver {
public:
    virtual ~OpObserver() = default;
    // An op's result, float32, before it is rounded to site.format. true: the pass stops here.
    virtual bool result(const OpSite& site, std::span<const float> values) = 0;
    // A cast of 8 bits and below: `source` (float32) and its dequantised values, `record` its scale and
    // element format. true: the pass stops here.
    virtual bool cast(const OpSite& site, const CastRecord& record, std::span<const float> source,
                      std::span<const float> dequantised) = 0;
    // After result() stopped a normalisation's pass: its smallest variance denominator, when at or below 0
    // (the statistic that made the inf/NaN, named instead of the value).
    virtual void explainedBy(double statistic) { (void)statistic; }
};

}  // namespace presisi::ops
