// The NaN doctor's checked pass: an observer of the CPU ops (ops/op_observer.h) that stops the pass at the
// first value that is inf/NaN or would round to inf in its op's format, and keeps where it was: the op,
// its layer, the tensor, the value before rounding (float32; inf when float32 itself overflowed) and the
// format it was rounded to. No Qt here.
#pragma once

#include <cmath>

#include "../numerics/scaled_format.h"
#include "ops/op_observer.h"

namespace presisi {

class FirstFault final : public ops::OpObserver {
public:
    bool hit = false;
    int layer = 0;
    FaultOp op = FaultOp::ForwardLinear;
    TensorKind tensor = TensorKind::Activation;
    double value = 0;
    Format format = Format::F32;
    ops::OpSite site;  // where, whole (the transformer names its ops from it)

    bool result(const ops::OpSite& site, std::span<const float> values) override {
        const float limit = static_cast<float>(traits(site.format).overflowThreshold);
        for (const float v : values)
            if (!std::isfinite(v) || (site.format != Format::F32 && std::fabs(v) >= limit)) {
                keep(site, v, site.format);
                return true;
            }
        return false;
    }
    // A cast of 8 bits and below made inf/NaN of a finite value: that value times the scale, in the element format.
    bool cast(const ops::OpSite& site, const CastRecord& record, std::span<const float> source,
              std::span<const float> dequantised) override {
        for (std::size_t i = 0; i < source.size(); ++i)
            if (std::isfinite(source[i]) && !std::isfinite(dequantised[i])) {
                keep(site, static_cast<double>(source[i]) * record.scale, traits(record.format).element);
                return true;
            }
        return false;
    }
    void explainedBy(double statistic) override { value = statistic; }

private:
    void keep(const ops::OpSite& site, double v, Format f) {
        hit = true;
        this->site = site;
        layer = site.layer;
        op = site.op;
        tensor = site.tensor;
        value = v;
        format = f;
    }
};

}  // namespace presisi
