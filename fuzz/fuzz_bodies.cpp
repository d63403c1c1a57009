// The fuzz targets' bodies: feed one input to the code under test, classify the outcome, and check the
// promises the code makes about what it accepts (values read back the same, documents that parse).
#include "fuzz_bodies.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRect>
#include <QSettings>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "../app/cli/args.h"
#include "../app/cli/commands.h"
#include "../app/services/scenario_file.h"
#include "../app/services/settings_check.h"
#include "../engine/device.h"
#include "../engine/error.h"
#include "../engine/format.h"
#include "../engine/training/memory_estimate.h"
#include "../engine/training/npy.h"
#include "../engine/training/scenario.h"

namespace presisi::fuzz {

namespace {

// Bounds the work per input: a line-oriented input with thousands of lines teaches nothing more.
constexpr std::size_t kMaxArgs = 64;
// The longest .npy refusal expected: a 64-character quote of header text or an abbreviated shape, the
// scratch file's path, and the sentence around them.
constexpr std::size_t kMaxNpyMessage = 400;

Result rejected(const char* what) {
    if (what == nullptr || *what == '\0') throw InvariantViolation("an input was refused with an empty message");
    return {Outcome::Rejected, what};
}

// The reader's promise: header text quoted in a message is escaped and cut, long shapes abbreviated,
// so a refusal is one short line of printable ASCII (the names used here are ASCII).
Result rejectedNpy(const char* what) {
    Result r = rejected(what);
    for (char c : r.message)
        if (c < 0x20 || c > 0x7e) throw InvariantViolation("a .npy refusal with an unprintable byte: " + r.message);
    if (r.message.size() > kMaxNpyMessage) throw InvariantViolation("a .npy refusal of " + std::to_string(r.message.size()) + " characters: " + r.message);
    return r;
}

// One of the .npy readers on the input: its value, or nothing and the refusal in `refusal`.
template <typename Read>
auto attemptNpy(Read read, Result& refusal) -> std::optional<decltype(read())> {
    try {
        return read();
    } catch (const Error& e) {
        refusal = rejectedNpy(e.what());
        return std::nullopt;
    }
}

// The command line's promise: a bad argument is one line naming it. (Arguments here never hold a
// newline: the input is split at them.)
Result rejectedOneLine(const char* what) {
    Result r = rejected(what);
    if (r.message.find('\n') != std::string::npos) throw InvariantViolation("a refusal of more than one line: " + r.message);
    return r;
}

// One argument per line; a final newline ends the last line rather than adding an empty argument.
std::vector<std::string> lines(std::string_view bytes) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < bytes.size() && out.size() < kMaxArgs) {
        const std::size_t nl = bytes.find('\n', start);
        if (nl == std::string_view::npos) {
            out.emplace_back(bytes.substr(start));
            break;
        }
        out.emplace_back(bytes.substr(start, nl - start));
        start = nl + 1;
    }
    return out;
}

bool sameValue(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

void checkSameArrays(const NpyArray& a, const NpyArray& b, const char* what) {
    if (a.dtype != b.dtype || a.shape != b.shape || a.values.size() != b.values.size())
        throw InvariantViolation(std::string(what) + ": dtype, shape or element count differ");
    for (std::size_t i = 0; i < a.values.size(); ++i)
        if (!sameValue(a.values[i], b.values[i]))
            throw InvariantViolation(std::string(what) + ": element " + std::to_string(i) + " differs");
}

// The input written to a file once per call, so readNpy (the path the command line takes) sees the
// same bytes as parseNpy. One file per process, removed at exit. In /dev/shm where there is one: on
// ext4, closing a file that was truncated and rewritten waits for its data to reach the disk (about
// 3 ms here), which made the target ten times slower.
class ScratchFile {
public:
    ScratchFile() {
        for (const std::filesystem::path dir : {std::filesystem::path("/dev/shm"), std::filesystem::temp_directory_path()}) {
            const std::string pattern = (dir / "presisi-fuzz-XXXXXX").string();
            std::vector<char> buf(pattern.begin(), pattern.end());
            buf.push_back('\0');
            const int fd = ::mkstemp(buf.data());
            if (fd < 0) continue;
            ::close(fd);
            m_path = buf.data();
            return;
        }
        throw std::runtime_error("fuzz: cannot create a scratch file in /dev/shm or the temporary directory");
    }
    ~ScratchFile() { std::remove(m_path.c_str()); }
    const std::string& write(std::string_view bytes) {
        std::ofstream f(m_path, std::ios::binary | std::ios::trunc);
        f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        f.close();
        if (!f) throw std::runtime_error("fuzz: cannot write the scratch file " + m_path);
        return m_path;
    }

    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

// What the reader accepted, the writer writes so that the reader reads it back the same.
void checkScenarioRoundTrip(const Scenario& s) {
    const QJsonObject once = services::scenarioToJson(s);
    Scenario back;
    try {
        back = services::scenarioFromJson(once, "round trip");
    } catch (const Error& e) {
        throw InvariantViolation(std::string("a scenario the reader accepted was written so that it refuses it: ") + e.what());
    }
    if (services::scenarioToJson(back) != once)
        throw InvariantViolation("a scenario read back from its own JSON differs: " +
                                 QJsonDocument(once).toJson(QJsonDocument::Compact).toStdString());
}

// A name parser and its printer agree: whatever is accepted prints as a name that parses to the same value.
template <typename Parse, typename Name>
void checkName(const std::string& text, Parse parse, Name name, const char* what) {
    const auto v = parse(text);
    if (!v) return;
    const auto again = parse(std::string(name(*v)));
    if (!again || *again != *v) throw InvariantViolation(std::string(what) + ": '" + text + "' does not print back to itself");
}

void checkNames(const std::string& text) {
    try {
        const LaneSpec lane = parseLane(text);
        const LaneSpec again = parseLane(lane.label());
        if (!(again == lane)) throw InvariantViolation("parseLane: '" + text + "' reads back as '" + again.label() + "'");
    } catch (const Error& e) {
        rejected(e.what());
    }
    checkName(text, parseOpKind, opKindName, "parseOpKind");
    checkName(text, parseOpPolicy, opPolicyName, "parseOpPolicy");
    checkName(text, parseFormat, [](Format f) { return traits(f).name; }, "parseFormat");
    checkName(text, parseDevice, deviceName, "parseDevice");
    checkName(text, parseActivation, activationName, "parseActivation");
    checkName(text, parseLoss, lossName, "parseLoss");
    checkName(text, parseDataset, datasetName, "parseDataset");
    checkName(text, parseOptimizer, optimizerName, "parseOptimizer");
    checkName(text, parseWorkload, workloadName, "parseWorkload");
    checkName(text, parseBackwardAccumulation, backwardAccumulationName, "parseBackwardAccumulation");
    const std::vector<std::string> items = cli::splitList(text);
    std::string joined;
    for (std::size_t i = 0; i < items.size(); ++i) joined += (i ? "," : "") + items[i];
    if (joined != text) throw InvariantViolation("splitList: '" + text + "' does not join back to itself");
}

// A JSON number, or the contract's "nan", "inf", "-inf" strings.
std::optional<double> jsonReal(const QJsonValue& v) {
    if (v.isDouble()) return v.toDouble();
    if (v.toString() == "nan") return std::nan("");
    if (v.toString() == "inf") return HUGE_VAL;
    if (v.toString() == "-inf") return -HUGE_VAL;
    return std::nullopt;
}

// `inspect --json`: a document that parses, one entry per value, and in each format a value that its
// own bits spell.
void checkInspectJson(const std::string& text) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
    if (!doc.isObject()) throw InvariantViolation("inspect --json wrote invalid JSON: " + err.errorString().toStdString());
    const QJsonArray values = doc.object()["values"].toArray();
    if (values.isEmpty()) throw InvariantViolation("inspect --json: no values");
    for (const QJsonValue& v : values) {
        const QJsonObject entry = v.toObject();
        if (!cli::parseReal(entry["input"].toString().toStdString()))
            throw InvariantViolation("inspect --json: input '" + entry["input"].toString().toStdString() + "' is not a number");
        const QJsonArray formats = entry["formats"].toArray();
        if (formats.isEmpty()) throw InvariantViolation("inspect --json: no formats");
        for (const QJsonValue& fv : formats) {
            const QJsonObject f = fv.toObject();
            const auto format = parseFormat(f["format"].toString().toStdString());
            const auto stored = jsonReal(f["value"]);
            const std::string bits = f["bits"].toString().toStdString();
            if (!format || !stored || bits.size() < 3)
                throw InvariantViolation("inspect --json: an entry without format, value or bits");
            const auto pattern = static_cast<std::uint32_t>(std::strtoul(bits.c_str(), nullptr, 16));
            if (!sameValue(fromBits(*format, pattern), *stored) && !(*stored == 0 && fromBits(*format, pattern) == 0))
                throw InvariantViolation("inspect --json: " + f["format"].toString().toStdString() + " value and bits " + bits +
                                         " disagree for input " + entry["input"].toString().toStdString());
        }
    }
}

}  // namespace

Result fuzzNpy(std::string_view bytes) {
    static ScratchFile scratch;
    const std::string data(bytes);
    const std::string& path = scratch.write(bytes);
    Result memoryResult, fileResult, headerResult, fileHeaderResult;
    const auto memory = attemptNpy([&] { return parseNpy(data, "fuzz.npy"); }, memoryResult);
    const auto file = attemptNpy([&] { return readNpy(path); }, fileResult);
    const auto header = attemptNpy([&] { return parseNpyHeader(bytes, "fuzz.npy"); }, headerResult);
    const auto fileHeader = attemptNpy([&] { return readNpyHeader(path); }, fileHeaderResult);
    if (memoryResult.outcome != fileResult.outcome)
        throw InvariantViolation("parseNpy and readNpy disagree: " + (memory ? fileResult.message : memoryResult.message));
    if (headerResult.outcome != fileHeaderResult.outcome)
        throw InvariantViolation("parseNpyHeader and readNpyHeader disagree: " +
                                 (header ? fileHeaderResult.message : headerResult.message));
    if (memory && !header) throw InvariantViolation("parseNpy accepted what parseNpyHeader refuses: " + headerResult.message);
    if (!memory) return memoryResult;

    const NpyArray& a = *memory;
    checkSameArrays(a, *file, "parseNpy and readNpy");
    // The header alone announces what the whole file holds.
    for (const NpyHeader* h : {&*header, &*fileHeader})
        if (h->dtype != a.dtype || h->shape != a.shape || h->count != a.values.size() ||
            h->dataOffset + h->dataBytes != bytes.size())
            throw InvariantViolation("the header announces another array than the file holds");
    if (static_cast<std::int64_t>(a.values.size()) != a.size()) throw InvariantViolation("element count differs from the shape");
    for (auto d : a.shape)
        if (d < 0) throw InvariantViolation("a negative dimension was accepted");
    // The writers used by the tests read back to the same array.
    if (a.dtype == NpyArray::DType::F32) {
        std::vector<float> v(a.values.begin(), a.values.end());
        checkSameArrays(a, parseNpy(npyBytesF32(a.shape, v), "rewritten.npy"), "npyBytesF32 round trip");
    } else if (a.dtype == NpyArray::DType::I64) {
        std::vector<std::int64_t> v(a.values.begin(), a.values.end());
        checkSameArrays(a, parseNpy(npyBytesI64(a.shape, v), "rewritten.npy"), "npyBytesI64 round trip");
    } else if (a.dtype == NpyArray::DType::U16) {
        std::vector<std::uint16_t> v(a.values.begin(), a.values.end());
        checkSameArrays(a, parseNpy(npyBytesU16(a.shape, v), "rewritten.npy"), "npyBytesU16 round trip");
    } else if (a.dtype == NpyArray::DType::F16) {
        // Every float16 widens exactly: its bits come back from the widened value (a NaN as a NaN).
        std::vector<std::uint16_t> v(a.values.size());
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = toF16Bits(static_cast<float>(a.values[i]));
        checkSameArrays(a, parseNpy(npyBytesF16(a.shape, v), "rewritten.npy"), "npyBytesF16 round trip");
    }
    return {};
}

// The experiment-file reader on the input as a file: the path `train --scenario` and File > Open take.
// Within its limit the file says what its text says; one byte over, it is refused for its size. The
// limit is the file's own size (every input), and the real 64 MiB (inputs that begin with two spaces,
// padded with trailing spaces, still the same JSON, to exactly the limit or, when the third byte is
// odd, one byte past it; in the regression suite only, see g_underLibFuzzer).
void checkExperimentFile(std::string_view bytes) {
    static ScratchFile scratch;
    std::string text(bytes);
    std::uint64_t limit = text.size();
    bool over = false;
    if (!g_underLibFuzzer && text.size() >= 3 && text[0] == ' ' && text[1] == ' ' && text.size() < services::kMaxExperimentFileBytes) {
        over = (static_cast<unsigned char>(text[2]) & 1) != 0;
        text.resize(services::kMaxExperimentFileBytes + (over ? 1 : 0), ' ');
        limit = services::kMaxExperimentFileBytes;
    }
    const std::string& path = scratch.write(text);
    auto read = [&](std::uint64_t max) {
        Result r;
        try {
            checkScenarioRoundTrip(services::readExperimentFile(path, max));
        } catch (const Error& e) {
            r = rejectedOneLine(e.what());
        }
        return r;
    };
    auto refusedForSize = [](const Result& r) {
        return r.outcome == Outcome::Rejected && r.message.find("an experiment file may have") != std::string::npos;
    };
    if (limit > 0 && !refusedForSize(read(over ? limit : limit - 1)))
        throw InvariantViolation("a file one byte over its limit was not refused for its size");
    if (over) return;
    const Result fromFile = read(limit);
    Result fromText;
    try {
        validate(services::experimentFromJson(QByteArray::fromStdString(text), path));
    } catch (const Error& e) {
        fromText = rejected(e.what());
    }
    if (fromFile.outcome != fromText.outcome) throw InvariantViolation("the file and its text disagree: " + fromFile.message + fromText.message);
}

Result fuzzScenarioJson(std::string_view bytes) {
    checkExperimentFile(bytes);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())), &err);
    if (doc.isNull()) return rejected(("invalid JSON: " + err.errorString().toStdString()).c_str());
    if (!doc.isObject()) return rejected("not a JSON object");
    Scenario s;
    try {
        s = services::scenarioFromJson(doc.object(), "fuzz");
    } catch (const Error& e) {
        return rejected(e.what());
    }
    checkScenarioRoundTrip(s);
    try {
        validate(s);
    } catch (const Error& e) {
        return rejected(e.what());
    }
    return {};
}

Result fuzzTrainArgs(std::string_view bytes) {
    const std::vector<std::string> args = lines(bytes);
    for (const auto& a : args) checkNames(a);
    Scenario s;
    try {
        s = cli::trainScenarioFromArgs(args);
        validate(s);
    } catch (const cli::UsageError& e) {
        return rejectedOneLine(e.what());
    } catch (const Error& e) {
        return rejectedOneLine(e.what());
    }
    checkScenarioRoundTrip(s);
    // What `train` checks next, before it allocates: the memory estimate (built-in data; .npy rows come
    // from files, which this target does not read).
    if (s.data.kind != DatasetKind::Npy) {
        const MemoryEstimate e = estimateTrainingMemory(s, s.data.samples, s.data.evalSamples);
        if (!(e.bytes > 0) || !std::isfinite(e.bytes) || e.summary.empty())
            throw InvariantViolation("a memory estimate of " + std::to_string(e.bytes) + " bytes");
    }
    return {};
}

Result fuzzInspect(std::string_view bytes) {
    const std::vector<std::string> args = lines(bytes);
    std::ostringstream out, err;
    try {
        cli::cmdInspect(args, out, err);
    } catch (const cli::UsageError& e) {
        return rejectedOneLine(e.what());
    } catch (const Error& e) {
        return rejectedOneLine(e.what());
    }
    if (out.str().empty()) throw InvariantViolation("inspect succeeded and printed nothing");
    bool json = false, help = false;
    for (const auto& a : args) {
        json = json || a == "--json";
        help = help || a == "--help";
    }
    if (json && !help) checkInspectJson(out.str());
    return {};
}

Result fuzzSettings(std::string_view bytes) {
    // A fresh name per input: QSettings caches a file's contents by name within a process.
    static ScratchFile scratch;
    static int serial = 0;
    const std::string path = scratch.path() + "." + std::to_string(++serial) + ".ini";
    {
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    QStringList problems;
    {
        QSettings s(QString::fromStdString(path), QSettings::IniFormat);
        services::SettingsReader r(s);
        // The keys and ranges the window reads through the reader (MainWindow's constructor).
        const double scale = r.real("window/textScale", 1.0, 1.0, 2.0);
        const int page = r.integer("window/page", 0, 0, 4);
        r.boolean("window/dark", false);
        if (!(std::isfinite(scale) && scale >= 1 && scale <= 2) || page < 0 || page > 4)
            throw InvariantViolation("a setting outside its range was used");
        problems = r.problems();
    }
    std::remove(path.c_str());
    // The window's frame from the input's bytes, placed on a screen: inside it, never larger.
    auto word = [&](std::size_t i) -> int {
        std::uint32_t v = 0;
        for (std::size_t b = 0; b < 4 && i * 4 + b < bytes.size(); ++b) v = v << 8 | static_cast<unsigned char>(bytes[i * 4 + b]);
        return static_cast<int>(v % 2000001) - 1000000;  // ±10^6: any saved geometry, no int overflow in QRect
    };
    const QRect available(word(0) % 5000, word(1) % 5000, 1 + std::abs(word(2)) % 8000, 1 + std::abs(word(3)) % 8000);
    const QRect frame(word(4), word(5), 1 + std::abs(word(6)), 1 + std::abs(word(7)));
    const QRect fitted = services::fitOnScreen(frame, available);
    if (!available.contains(fitted) || fitted.width() > frame.width() || fitted.height() > frame.height())
        throw InvariantViolation("fitOnScreen left the window outside the screen or made it larger");
    if (available.contains(frame) && fitted != frame) throw InvariantViolation("fitOnScreen moved a window that fitted");
    for (const QString& p : problems)
        if (p.contains('\n') || p.size() > 300) throw InvariantViolation("a settings problem of more than one short line");
    if (!problems.isEmpty()) return {Outcome::Rejected, problems.join("; ").toStdString()};
    return {};
}

std::span<const Target> targets() {
    static const Target kTargets[] = {
        {"npy", fuzzNpy},
        {"scenario_json", fuzzScenarioJson},
        {"train_args", fuzzTrainArgs},
        {"inspect", fuzzInspect},
        {"settings", fuzzSettings},
    };
    return kTargets;
}

}  // namespace presisi::fuzz
