// `presisi inspect VALUE…`: how each value is stored in f32, bf16, f16 and the formats of 8 bits and below
// (e4m3, e5m2, e3m2, e2m3, e2m1, e8m0), rounded from the decimal or through float32.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "../../engine/format.h"
#include "args.h"
#include "cli_text.h"
#include "commands.h"
#include "json_writer.h"
#include "services/number_text.h"
#include "services/printable_text.h"

namespace presisi::cli {

using services::DecimalRange;
using services::decimalRange;

namespace {

const OptionSpec kInspectOptions[] = {{"formats", true}, {"from", true}, {"saturate", false}, {"json", false},
                                      {"help", false}};

const char* kInspectHelp = QT_TRANSLATE_NOOP(
    "cli",
    "usage: presisi inspect VALUE... [--formats f32,bf16,f16] [--from decimal|f32] [--saturate] [--json]\n\n"
    "Shows, per format, the value stored for each VALUE (rounded to nearest, ties to even), its\n"
    "bits (hex and sign/exponent/mantissa), its class, the rounding error and the neighbouring\n"
    "representable values (\"none\" where there is none). Negative values are values:\n"
    "presisi inspect -0.1 -0 1e-8 65520\n"
    "--formats: f32, bf16, f16 and the formats of 8 bits and below: e4m3 and e5m2 (FP8), e3m2 and\n"
    "e2m3 (FP6), e2m1 (FP4), e8m0 (the MX block scale: powers of two, no sign, no zero); the dtype\n"
    "names (float8_e4m3fn, float8_e5m2, float6_e3m2fn, float6_e2m3fn, float4_e2m1fn, float8_e8m0fnu)\n"
    "work too. Beyond the largest finite value the default follows ml_dtypes (the OCP conversion):\n"
    "e4m3 gives NaN, e5m2 and f32/bf16/f16 give inf, FP6/FP4 saturate to their largest value.\n"
    "--saturate: every format gives +-max instead (torch's eager e4m3 cast, Transformer Engine's\n"
    "satfinite, torchao's clamp before the cast). NaN into FP6/FP4 (which have no NaN) gives the\n"
    "zero of the opposite sign, as ml_dtypes does; zero and negatives into e8m0 give its NaN.\n"
    "--from decimal (the default): the decimal VALUE is read exactly (as a double) and rounded once to\n"
    "each format. --from f32: it is rounded to float32 first and then to the format, as a float32\n"
    "tensor cast to bf16 or f16 is (torch.tensor(VALUE).to(torch.bfloat16)); the two differ where the\n"
    "first rounding lands on a tie of the second. The error is always against the decimal VALUE.\n");

std::string shortest(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    // Stored values are float32 values: their shortest float32 spelling is the honest one.
    const float f = static_cast<float>(v);
    if (static_cast<double>(f) == v) {
        auto r = std::to_chars(buf, buf + sizeof buf, f);
        return std::string(buf, r.ptr);
    }
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string hexBits(Format f, std::uint32_t bits) {
    char buf[16];
    // Two hex digits for the formats of 8 bits and below (FP6/FP4 codes right-aligned: 0x3f, 0x0f).
    const int bitsWide = traits(f).bits;
    std::snprintf(buf, sizeof buf, bitsWide == 32 ? "0x%08x" : bitsWide == 16 ? "0x%04x" : "0x%02x", bits);
    return buf;
}

// A neighbour that does not exist (beyond e4m3's 448, below e8m0's 2^-127, of NaN) comes back as NaN.
std::string neighbour(float v) { return std::isnan(v) ? u8(QCoreApplication::translate("cli", "none")) : shortest(v); }

std::string bitField(std::uint32_t bits, int from, int count) {
    std::string s;
    for (int i = count - 1; i >= 0; --i) s += ((bits >> (from + i)) & 1u) ? '1' : '0';
    return s;
}

struct Inspection {
    Format format;
    float stored;
    std::uint32_t bits;
    ValueClass cls;
    double absError, relError;
    float nextDown, nextUp;
};

// What a VALUE is rounded from: the decimal itself (one rounding), or its float32 rounding (two).
enum class RoundFrom { Decimal, F32 };

Inspection inspect(Format f, double input, RoundFrom from, Overflow overflow) {
    Inspection r;
    r.format = f;
    r.stored = from == RoundFrom::F32 ? roundTo(f, static_cast<float>(input), Subnormals::Keep, overflow)
                                      : roundFromDouble(f, input, Subnormals::Keep, overflow);
    // A stored NaN keeps its sign in the code (e4m3's 0xff for -NaN); the rest are representable.
    r.bits = isMiniFormat(f) ? encode(f, r.stored, overflow) : bitsOf(f, r.stored);
    r.cls = classify(f, r.stored);
    if (std::isnan(input) || std::isnan(r.stored)) {
        r.absError = r.relError = std::nan("");
    } else if (std::isinf(input) && std::isinf(r.stored)) {
        r.absError = r.relError = 0;  // inf stored as inf: nothing lost
    } else if (std::isinf(input)) {
        // --saturate: inf stored as ±max. The error is infinite; a relative error has no meaning
        // (inf/inf), shown as nan rather than the "-nan" the division would print.
        r.absError = std::numeric_limits<double>::infinity();
        r.relError = std::nan("");
    } else {
        r.absError = std::fabs(static_cast<double>(r.stored) - input);
        r.relError = input != 0 ? r.absError / std::fabs(input) : 0.0;
    }
    r.nextDown = nextDown(f, r.stored);
    r.nextUp = nextUp(f, r.stored);
    return r;
}

}  // namespace

int cmdInspect(CommandArgs args, std::ostream& out, std::ostream&) {
    const ParsedArgs a = parseArgs(args, kInspectOptions);
    if (a.has("help")) {
        out << trCli(kInspectHelp);
        return 0;
    }
    std::vector<Format> formats;
    for (const std::string& name : a.list("formats", "f32,bf16,f16")) {
        const auto f = parseFormat(name);
        if (!f) {
            QStringList known;
            for (Format k : kEveryFormat) known << QString::fromLatin1(traits(k).name.data(), traits(k).name.size());
            throw UsageError("--formats: " + u8(QCoreApplication::translate("cli", "unknown format '%1' (known: %2)").arg(qs(name), known.join(", "))));
        }
        formats.push_back(*f);
    }
    const std::string fromName = a.text("from", "decimal");
    if (fromName != "decimal" && fromName != "f32")
        throw UsageError("--from: " + u8(QCoreApplication::translate("cli", "unknown value '%1' (%2)").arg(qs(fromName), QStringLiteral("decimal, f32"))));
    const RoundFrom from = fromName == "f32" ? RoundFrom::F32 : RoundFrom::Decimal;
    const Overflow overflow = a.has("saturate") ? Overflow::Saturate : Overflow::Ocp;
    if (a.positionals().empty()) throw UsageError(u8(QCoreApplication::translate("cli", "give at least one VALUE to inspect")));
    std::vector<double> values;
    for (const std::string& p : a.positionals()) {
        const auto v = parseReal(p);
        if (!v) throw UsageError(u8(QCoreApplication::translate("cli", "not a number: '%1'").arg(qs(p))));
        values.push_back(*v);
    }

    if (a.has("json")) {
        JsonWriter j(out);
        j.beginObject().field("from", fromName).field("saturate", overflow == Overflow::Saturate);
        j.key("values").beginArray();
        for (std::size_t i = 0; i < values.size(); ++i) {
            j.beginObject().field("input", a.positionals()[i]);
            // "overflow" / "underflow": the decimal is beyond float64, read as inf / a subnormal or 0 (docs/CLI.md).
            const DecimalRange range = decimalRange(a.positionals()[i]);
            j.key("input_range").value(range == DecimalRange::Overflow ? "overflow" : range == DecimalRange::Underflow ? "underflow" : "within");
            j.key("formats").beginArray();
            for (Format f : formats) {
                const Inspection r = inspect(f, values[i], from, overflow);
                const FormatTraits& t = traits(f);
                j.beginObject();
                j.field("format", t.name).field("value", r.stored).field("bits", hexBits(f, r.bits));
                j.field("sign", bitField(r.bits, t.bits - 1, t.hasSign ? 1 : 0));  // e8m0: "" (no sign)
                j.field("exponent", bitField(r.bits, t.mantissaBits, t.exponentBits));
                j.field("mantissa", bitField(r.bits, 0, t.mantissaBits));
                j.field("class", className(r.cls));
                j.field("abs_error", r.absError).field("rel_error", r.relError);
                // No neighbour: null.
                j.key("next_down");
                std::isnan(r.nextDown) ? j.null() : j.value(r.nextDown);
                j.key("next_up");
                std::isnan(r.nextUp) ? j.null() : j.value(r.nextUp);
                j.endObject();
            }
            j.endArray().endObject();
        }
        j.endArray().endObject();
        out << '\n';
        return 0;
    }

    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out << '\n';
        out << services::printableText(a.positionals()[i]) << '\n';
        const DecimalRange range = decimalRange(a.positionals()[i]);
        if (range == DecimalRange::Overflow)
            out << "  " << u8(QCoreApplication::translate("cli", "(this decimal is beyond float64's range, which ends at 1.7976931348623157e308: it is read as %1, and the errors below are against that, not against the number typed)")
                                  .arg(values[i] > 0 ? QStringLiteral("inf") : QStringLiteral("-inf")))
                << '\n';
        else if (range == DecimalRange::Underflow)
            out << "  " << u8(QCoreApplication::translate("cli", "(this decimal is below float64's smallest normal 2.2250738585072014e-308: it is read as %1, and the errors below are against that, not against the number typed)")
                                  .arg(qs(services::shortestNumber(values[i]))))
                << '\n';
        for (Format f : formats) {
            const Inspection r = inspect(f, values[i], from, overflow);
            const FormatTraits& t = traits(f);
            char line[512];
            // e8m0 has no sign bit: its field is blank ("-" would read as a bit).
            std::snprintf(line, sizeof line, "  %-5s %-16s %-10s %s %s %s  %-9s", std::string(t.name).c_str(),
                          shortest(r.stored).c_str(), hexBits(f, r.bits).c_str(),
                          t.hasSign ? bitField(r.bits, t.bits - 1, 1).c_str() : " ",
                          bitField(r.bits, t.mantissaBits, t.exponentBits).c_str(),
                          bitField(r.bits, 0, t.mantissaBits).c_str(), std::string(className(r.cls)).c_str());
            out << line;
            char err[160];
            // The numbers in the C locale (%.3g), the words in the chosen language.
            char abs[40], rel[40];
            std::snprintf(abs, sizeof abs, "%.3g", r.absError);
            std::snprintf(rel, sizeof rel, "%.3g", r.relError);
            out << "  " << u8(QCoreApplication::translate("cli", "error %1 (rel %2)  neighbours %3 .. %4")
                                  .arg(QString::fromLatin1(abs), QString::fromLatin1(rel), qs(neighbour(r.nextDown)),
                                       qs(neighbour(r.nextUp))))
                << '\n';
        }
    }
    return 0;
}

}  // namespace presisi::cli
