// Output files that appear whole or not at all (temporary beside the target, then rename), with
// every write checked.
#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "usage_error.h"

namespace presisi::services {

namespace {

std::string directoryOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

mode_t newFileMode() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

}  // namespace

std::string errnoText(int error) {
    if (error == 0) return "write error";
    std::string s = std::strerror(error);
    return s;
}

std::string outputPathProblem(const std::string& path) {
    if (path.empty()) return "empty file name";
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return "is a directory";
        if (::access(path.c_str(), W_OK) != 0) return errnoText(errno);
        if (!S_ISREG(st.st_mode)) return "";  // a device or FIFO: written directly
    } else if (errno == ELOOP) {
        return "too many levels of symbolic links";
    } else if (errno != ENOENT && errno != ENOTDIR) {
        return errnoText(errno);
    }
    const std::string dir = directoryOf(path);
    struct stat ds {};
    if (::stat(dir.c_str(), &ds) != 0) return "directory '" + dir + "' does not exist";
    if (!S_ISDIR(ds.st_mode)) return "'" + dir + "' is not a directory";
    if (::access(dir.c_str(), W_OK | X_OK) != 0) return "cannot create files in '" + dir + "': " + errnoText(errno);
    return "";
}

FdStreamBuf::FdStreamBuf() : m_buffer(1 << 16) { setp(m_buffer.data(), m_buffer.data() + m_buffer.size()); }

bool FdStreamBuf::flushAll() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && m_error == 0) {
        const ssize_t w = ::write(m_fd, p, left);
        if (w < 0) {
            if (errno == EINTR) continue;
            m_error = errno;
            break;
        }
        p += w;
        left -= static_cast<std::size_t>(w);
    }
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());  // what could not be written is dropped
    return m_error == 0;
}

FdStreamBuf::int_type FdStreamBuf::overflow(int_type c) {
    if (!flushAll()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

namespace {

// An existing device or FIFO opened for writing. Without blocking: a FIFO that no process reads would
// otherwise hold the command in open() for ever (ENXIO then says so); once open, writes block as usual,
// so a slow reader is waited for.
int openForWrite(const std::string& path, bool truncate) {
    int fd;
    do fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK | (truncate ? O_TRUNC : 0));
    while (fd < 0 && errno == EINTR);
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string option) : m_path(std::move(path)), m_option(std::move(option)) {
    if (const std::string problem = outputPathProblem(m_path); !problem.empty())
        throw UsageError(m_option + ": cannot write '" + m_path + "': " + problem);
    m_target = m_path;
    struct stat st {};
    if (::lstat(m_path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        std::vector<char> buf(PATH_MAX + 1);
        if (::realpath(m_path.c_str(), buf.data())) m_target = buf.data();
    }
    mode_t mode = newFileMode();
    if (::stat(m_target.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            const int fd = openForWrite(m_target, true);
            if (fd < 0 && errno == ENXIO && S_ISFIFO(st.st_mode))
                throw UsageError(m_option + ": cannot write '" + m_path + "': a FIFO (named pipe) that no process is reading");
            if (fd < 0) throw UsageError(m_option + ": cannot write '" + m_path + "': " + errnoText(errno));
            m_buf.attach(fd);
            return;
        }
        mode = st.st_mode & 07777;
    }
    std::string pattern = directoryOf(m_target) + "/." + baseName(m_target) + ".XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0) throw UsageError(m_option + ": cannot write '" + m_path + "': " + errnoText(errno));
    m_temp = name.data();
    ::fchmod(fd, mode);
    m_buf.attach(fd);
}

AtomicFile::~AtomicFile() {
    if (!m_done) discard();
}

void AtomicFile::closeFd() {
    if (m_buf.fd() < 0) return;
    if (::close(m_buf.fd()) != 0 && m_closeError == 0) m_closeError = errno;
    m_buf.attach(-1);
}

void AtomicFile::discard() {
    closeFd();
    if (!m_temp.empty()) ::unlink(m_temp.c_str());
    m_temp.clear();
    m_done = true;
}

std::string AtomicFile::why(int fallback) const { return errnoText(m_buf.error() ? m_buf.error() : fallback); }

void AtomicFile::fail(const std::string& reason) {
    discard();
    throw std::runtime_error(m_option + ": cannot write '" + m_path + "': " + reason);
}

void AtomicFile::check() {
    if (m_done) return;
    if (!m_stream || m_buf.error()) fail(why(0));
}

void AtomicFile::commit() {
    if (m_done) return;
    m_stream.flush();
    if (!m_stream || m_buf.error()) fail(why(0));
    const int fd = m_buf.fd();
    // A file renamed into place is on the disk first (fsync); a device or FIFO written directly is not synced.
    if (!m_temp.empty() && ::fsync(fd) != 0) fail(errnoText(errno));
    closeFd();
    if (m_closeError) fail(errnoText(m_closeError));
    if (m_temp.empty()) {  // written directly
        m_done = true;
        return;
    }
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0) fail(errnoText(errno));
    m_temp.clear();
    m_done = true;
}

}  // namespace presisi::services
