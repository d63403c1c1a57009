// Saving the linear lab's outputs: .npy files and manifest.json written into a hidden directory beside the target,
// then renamed onto it in one step (an earlier save swapped out atomically with RENAME_EXCHANGE).
#include "linear_save.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "atomic_file.h"
#include "engine/error.h"
#include "engine/training/npy.h"
#include "json_writer.h"
#include "linear_json.h"
#include "usage_error.h"

namespace presisi::services {

namespace fs = std::filesystem;

namespace {

// What manifest.json says first, so a later save knows the directory as its own.
constexpr std::string_view kWrittenBy = "presisi linear --save";

// A directory an earlier save wrote: its manifest.json begins with the writer's name, as saveLinearOutputs writes it.
bool earlierSave(const fs::path& dir) {
    std::ifstream f(dir / "manifest.json", std::ios::binary);
    if (!f) return false;
    const std::string expected = "{\"written_by\":\"" + std::string(kWrittenBy) + "\"";
    std::string head(expected.size(), '\0');
    f.read(head.data(), static_cast<std::streamsize>(head.size()));
    return f.gcount() == static_cast<std::streamsize>(expected.size()) && head == expected;
}

bool emptyDirectory(const fs::path& dir) {
    std::error_code ec;
    return fs::is_empty(dir, ec) && !ec;
}

// The directory named, absolute, without a trailing '/' ("out/" is "out").
fs::path directoryPath(const std::string& dir) {
    std::error_code ec;
    fs::path p = fs::absolute(fs::path(dir), ec).lexically_normal();
    while (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();
    return p;
}

std::vector<float> values(const Matrix& m) { return {m.data(), m.data() + m.size()}; }
std::vector<float> values(const Vector& v) { return {v.data(), v.data() + v.size()}; }

// A hidden directory beside `target` that is removed unless kept.
class TempDir {
public:
    TempDir(const fs::path& target, const std::string& option) {
        // Appended piece by piece: GCC 12's -O3 sees a false overflow in "." + std::string (-Wstringop-overflow).
        std::string name = ".";
        name += target.filename().string();
        name += ".XXXXXX";
        std::string pattern = (target.parent_path() / name).string();
        if (!::mkdtemp(pattern.data()))
            throw UsageError(option + ": cannot write '" + target.string() + "': " + errnoText(errno));
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        if (!m_path.empty()) fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return m_path; }
    void release() { m_path.clear(); }

private:
    fs::path m_path;
};

void writeFile(const fs::path& path, const std::string& bytes, const std::string& option) {
    AtomicFile f(path.string(), option);
    f.stream() << bytes;
    f.commit();
}

// One saved array: its file, shape and the format its values lie in.
void writeArray(JsonWriter& j, const char* key, const std::string& file, const std::vector<std::int64_t>& shape,
                std::string_view valuesIn) {
    j.key(key).beginObject();
    j.field("file", file).field("dtype", "float32").field("values_in", valuesIn);
    writeShape(j, shape);
    j.endObject();
}

// The format a lane's saved values (its output and the operands it multiplied) are representable in: its own,
// or f32 for a scaled lane (dequantised operands, the bias not quantised, the product kept in float32) and a tf32
// lane (the operands as given; the tensor cores round them inside the product).
std::string_view valuesIn(const LinearLane& lane) { return traits(lane.scaled ? Format::F32 : lane.format).name; }

}  // namespace

std::string linearFileStem(const LinearLane& lane) {
    std::string s = lane.label();
    for (char& c : s)
        if (c == ':' || c == '/') c = '_';
    return s;
}

std::string linearSaveProblem(const std::string& dir) {
    if (dir.empty()) return "needs a directory";
    const fs::path p = directoryPath(dir);
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st)) return "'" + dir + "' exists and is not a directory";
        if (!emptyDirectory(p) && !earlierSave(p))
            return "'" + dir + "' holds other files; give a new or empty directory, or one an earlier --save wrote";
        if (::access(dir.c_str(), W_OK | X_OK) != 0) return "cannot write '" + dir + "': " + errnoText(errno);
    }
    const fs::path parent = p.parent_path();
    if (!fs::is_directory(parent, ec)) return "cannot write '" + dir + "': directory '" + parent.string() + "' does not exist";
    if (::access(parent.c_str(), W_OK | X_OK) != 0) return "cannot write '" + dir + "': " + errnoText(errno);
    return {};
}

std::vector<std::string> saveLinearOutputs(const LinearResult& result, const std::string& dir,
                                           const LinearSaveOptions& options, const std::string& option) {
    if (const std::string why = linearSaveProblem(dir); !why.empty()) throw UsageError(option + ": " + why);
    std::error_code ec;
    fs::path target = directoryPath(dir);
    if (fs::is_symlink(fs::symlink_status(target, ec))) target = fs::canonical(target, ec);  // the directory it names
    TempDir temp(target, option);
    const auto stopped = [&] { return options.stop && options.stop->load(); };

    const LinearConfig& c = result.config;
    const std::vector<std::int64_t> outShape = linearOutputShape(result.sources, c.batch, c.out);
    const std::vector<std::int64_t> xShape =
        result.sources.xShape.empty() ? std::vector<std::int64_t>{c.batch, c.in} : result.sources.xShape;
    const std::vector<std::int64_t> wShape{c.out, c.in}, bShape{c.out};
    const bool hasBias = result.inputs.bias.size() != 0;

    std::vector<std::string> files;
    std::ostringstream manifest;
    JsonWriter j(manifest);
    j.beginObject();
    j.field("written_by", kWrittenBy);
    j.field("in", static_cast<std::int64_t>(c.in)).field("out", static_cast<std::int64_t>(c.out));
    j.field("batch", static_cast<std::int64_t>(c.batch));
    j.key("seed").seed(c.seed);
    j.key("inputs");
    writeLinearSources(j, result.sources);
    j.key("lanes").beginArray();
    for (const LinearLaneResult& l : result.lanes) {
        if (stopped()) throw Cancelled();
        const std::string stem = linearFileStem(l.lane);
        j.beginObject();
        writeLinearLaneSettings(j, l);
        writeArray(j, "output", stem + ".npy", outShape, valuesIn(l.lane));
        writeFile(temp.path() / (stem + ".npy"), npyBytesF32(outShape, values(l.output)), option);
        files.push_back(stem + ".npy");
        if (options.inputs) {
            const LinearInputs used = linearOperands(l.lane, result.inputs);
            const std::string_view in = valuesIn(l.lane);
            writeArray(j, "x", stem + ".x.npy", xShape, in);
            writeFile(temp.path() / (stem + ".x.npy"), npyBytesF32(xShape, values(used.x)), option);
            writeArray(j, "weight", stem + ".weight.npy", wShape, in);
            writeFile(temp.path() / (stem + ".weight.npy"), npyBytesF32(wShape, values(used.weight)), option);
            files.push_back(stem + ".x.npy");
            files.push_back(stem + ".weight.npy");
            if (hasBias) {
                writeArray(j, "bias", stem + ".bias.npy", bShape, in);
                writeFile(temp.path() / (stem + ".bias.npy"), npyBytesF32(bShape, values(used.bias)), option);
                files.push_back(stem + ".bias.npy");
            }
        }
        j.endObject();
    }
    j.endArray();
    writeLinearNotes(j, result.notes);
    j.endObject();
    manifest << '\n';
    writeFile(temp.path() / "manifest.json", manifest.str(), option);
    files.push_back("manifest.json");
    if (stopped()) throw Cancelled();

    // Into place in one step: onto a missing or empty directory a rename; an earlier save swapped with the new
    // one atomically (the old one then lies in the temporary directory and goes with it).
    if (::rename(temp.path().c_str(), target.c_str()) == 0) {
        temp.release();
        return files;
    }
    if (errno != ENOTEMPTY && errno != EEXIST)
        throw std::runtime_error(option + ": cannot write '" + dir + "': " + errnoText(errno));
    if (!earlierSave(target))
        throw UsageError(option + ": '" + dir + "' holds other files; give a new or empty directory, or one an earlier --save wrote");
    if (::renameat2(AT_FDCWD, temp.path().c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0) {
        // A file system without RENAME_EXCHANGE: the old save moved aside, the new one in, the old one removed.
        const fs::path aside = temp.path().string() + ".old";
        if (::rename(target.c_str(), aside.c_str()) != 0)
            throw std::runtime_error(option + ": cannot replace '" + dir + "': " + errnoText(errno));
        if (::rename(temp.path().c_str(), target.c_str()) != 0) {
            const int error = errno;
            ::rename(aside.c_str(), target.c_str());  // the earlier save back
            throw std::runtime_error(option + ": cannot replace '" + dir + "': " + errnoText(error));
        }
        temp.release();
        fs::remove_all(aside, ec);
        return files;
    }
    return files;  // the temporary directory now holds the earlier save and is removed with `temp`
}

}  // namespace presisi::services
