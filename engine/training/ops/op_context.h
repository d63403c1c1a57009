// What every op of one pass shares: how products are computed (with the recipe's casts of a lane of 8 bits
// and below), how results are rounded, and the observer (nullptr: the plain pass). No Qt here.
#pragma once

#include "op_observer.h"
#include "op_rounding.h"
#include "product.h"

namespace presisi::ops {

struct OpContext {
    ProductSwitch products;
    OpRounding rounding;
    OpObserver* observer = nullptr;

    // The observer's look at an op's result before its rounding to site.format; true: stop the pass.
    template <typename M>
    bool stops(const OpSite& site, const M& values) const {
        return observer && observer->result(site, span(values.data(), values.size()));
    }
};

}  // namespace presisi::ops
