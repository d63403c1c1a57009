// The NaN doctor's finding, the scaler's warning and the doctor's numbers in the window's language, built
// from the engine's structured records (the engine's English sentences are for the command line; the
// English built here is word for word the same, which tst_fault_text checks).
#pragma once

#include <QString>

#include "engine/training/record.h"

namespace presisi {

// "f16 weight gradient overflowed: 76676.6 > 65504 in layer 3, backward, step 0" (numbers in the
// window's locale).
QString faultSentence(const FirstNonFinite& fault);
// "the scaler skipped 11 steps in a row: the gradients overflow f16 at every scale tried so far; …", or
// its end: "since step 17 the scaler trains again: …".
QString scalerWarningSentence(const ScalerWarning& warning);
// A number in the doctor's lead-up table and remedy verdicts: three significant digits in the window's
// locale; "NaN", "inf" or "-inf" where it has none.
QString doctorNumber(double v);

}  // namespace presisi
