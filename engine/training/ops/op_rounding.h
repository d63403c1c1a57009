// How the CPU ops keep a low format in float32 storage: round a result in place or into a cast buffer,
// under the lane's subnormal rule (engine/format.h). Every op's rounding goes through here. No Qt here.
#pragma once

#include "../../format.h"
#include "../../numerics/policy.h"
#include "../../tensor.h"

namespace presisi::ops {

struct OpRounding {
    Subnormals subnormals = Subnormals::Keep;

    // Whether rounding to f changes any float32 value (not for float32 itself).
    bool changes(Format f) const { return FormatRounding{f, subnormals}.changes(); }
    float one(Format f, float v) const { return FormatRounding{f, subnormals}(v); }
    // A cast from `from` to `to` changes values only when it narrows (numerics::castNarrows).
    static bool narrows(Format from, Format to) { return numerics::castNarrows(from, to); }
    void inPlace(Format f, float* p, Index n) const {
        if (changes(f)) roundSpan(f, span(p, n), span(p, n), subnormals);
    }
    template <typename M>
    void inPlace(Format f, M& m) const {
        inPlace(f, m.data(), m.size());
    }
    // out's first in.size() elements = in rounded to f (out may be larger: buffers are sized for the
    // largest batch).
    template <typename In, typename Out>
    void into(Format f, const In& in, Out& out) const {
        roundSpan(f, span(in), span(out.data(), in.size()), subnormals);
    }
};

}  // namespace presisi::ops
