// RecordStore: a write buffer in memory, everything before it in an unlinked temporary file read back
// with pread (so reading never disturbs the append position).
#include "record_store.h"

#include <QCoreApplication>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <unistd.h>

namespace presisi {

// Records go to the file as their bytes: the file lives and dies with this process.
static_assert(std::is_trivially_copyable_v<StepRecord>);

namespace {

// A failed read or write in the window's language, with errno's reason (taken first: translating may set errno).
std::string ioError(const char* text) {
    const QString reason = QString::fromLocal8Bit(std::strerror(errno));
    return QCoreApplication::translate("RecordStore", text).arg(reason).toStdString();
}

// An unnamed file in $TMPDIR (or /tmp): created, then unlinked at once.
int makeTempFile(std::string* why) {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir && *dir ? dir : "/tmp") + "/presisi-records-XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd < 0) {
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));  // before anything else sets errno
        *why = QCoreApplication::translate("RecordStore", "cannot create a temporary file in %1: %2")
                   .arg(QString::fromStdString(path.substr(0, path.rfind('/'))), reason)
                   .toStdString();
        return -1;
    }
    ::unlink(path.c_str());
    return fd;
}

// All `bytes` through pread or pwrite at `offset`, resumed after short transfers and signals.
template <typename Buffer, typename Transfer>
bool transferAll(Buffer* data, std::size_t bytes, off_t offset, Transfer transfer) {
    while (bytes > 0) {
        const ssize_t n = transfer(data, bytes, offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        bytes -= static_cast<std::size_t>(n);
        offset += n;
    }
    return true;
}

bool writeAll(int fd, const void* data, std::size_t bytes, off_t offset) {
    return transferAll(static_cast<const char*>(data), bytes, offset,
                       [fd](const char* p, std::size_t n, off_t at) { return ::pwrite(fd, p, n, at); });
}

bool readAll(int fd, void* data, std::size_t bytes, off_t offset) {
    return transferAll(static_cast<char*>(data), bytes, offset,
                       [fd](char* p, std::size_t n, off_t at) { return ::pread(fd, p, n, at); });
}

}  // namespace

RecordStore::RecordStore(std::size_t bufferRecords) : m_bufferRecords(std::max<std::size_t>(1, bufferRecords)) {
    m_buffer.reserve(m_bufferRecords);
}

RecordStore::~RecordStore() {
    if (m_fd >= 0) ::close(m_fd);
}

void RecordStore::append(std::span<const StepRecord> records) {
    for (const StepRecord& r : records) {
        m_buffer.push_back(r);
        if (m_buffer.size() >= m_bufferRecords && m_fallback.empty()) spill();
    }
}

void RecordStore::spill() {
    if (m_fd < 0) m_fd = makeTempFile(&m_fallback);
    const std::size_t bytes = m_buffer.size() * sizeof(StepRecord);
    if (m_fd >= 0 && writeAll(m_fd, m_buffer.data(), bytes, static_cast<off_t>(m_onDisk * sizeof(StepRecord)))) {
        m_onDisk += m_buffer.size();
        m_buffer.clear();
        return;
    }
    // Nothing is lost: the records stay in memory, and the store says why.
    if (m_fallback.empty()) m_fallback = ioError(QT_TRANSLATE_NOOP("RecordStore", "cannot write the temporary record file: %1"));
}

void RecordStore::clear() {
    m_buffer.clear();
    m_buffer.shrink_to_fit();
    m_buffer.reserve(m_bufferRecords);
    m_onDisk = 0;
    m_fallback.clear();
    if (m_fd >= 0 && ::ftruncate(m_fd, 0) != 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

StepRecord RecordStore::at(std::size_t i) const {
    if (i >= size()) throw std::out_of_range("RecordStore::at");
    if (i >= m_onDisk) return m_buffer[i - m_onDisk];
    StepRecord r;
    if (!readAll(m_fd, &r, sizeof r, static_cast<off_t>(i * sizeof(StepRecord))))
        throw std::runtime_error(ioError(QT_TRANSLATE_NOOP("RecordStore", "cannot read the temporary record file: %1")));
    return r;
}

void RecordStore::forEach(const std::function<void(const StepRecord&)>& visit) const { forEach(0, size(), visit); }

void RecordStore::forEach(std::size_t begin, std::size_t end, const std::function<void(const StepRecord&)>& visit) const {
    end = std::min(end, size());
    const std::size_t diskEnd = std::min(end, m_onDisk);
    std::vector<StepRecord> chunk(begin < diskEnd ? std::min(diskEnd - begin, m_bufferRecords) : 0);
    for (std::size_t i = begin; i < diskEnd; i += chunk.size()) {
        const std::size_t n = std::min(chunk.size(), diskEnd - i);
        if (!readAll(m_fd, chunk.data(), n * sizeof(StepRecord), static_cast<off_t>(i * sizeof(StepRecord))))
            throw std::runtime_error(ioError(QT_TRANSLATE_NOOP("RecordStore", "cannot read the temporary record file: %1")));
        for (std::size_t k = 0; k < n; ++k) visit(chunk[k]);
    }
    for (std::size_t i = std::max(begin, m_onDisk); i < end; ++i) visit(m_buffer[i - m_onDisk]);
}

std::size_t RecordStore::firstAtStep(std::int64_t step) const {
    std::size_t lo = 0, hi = size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (at(mid).step < step) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

std::vector<StepRecord> RecordStore::toVector() const {
    std::vector<StepRecord> out;
    out.reserve(size());
    forEach([&out](const StepRecord& r) { out.push_back(r); });
    return out;
}

std::size_t RecordStore::memoryBytes() const { return m_buffer.capacity() * sizeof(StepRecord); }

}  // namespace presisi
