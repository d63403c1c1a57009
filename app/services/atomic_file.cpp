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

AtomicFile::AtomicFile(std::string path, std::string option) : m_path(std::move(path)), m_option(std::move(option)) {
    if (const std::string why = outputPathProblem(m_path); !why.empty())
        throw UsageError(m_option + ": cannot write '" + m_path + "': " + why);
    m_target = m_path;
    struct stat st {};
    if (::lstat(m_path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        std::vector<char> buf(PATH_MAX + 1);
        if (::realpath(m_path.c_str(), buf.data())) m_target = buf.data();
    }
    mode_t mode = newFileMode();
    if (::stat(m_target.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            m_stream.open(m_target, std::ios::binary | std::ios::trunc);
            if (!m_stream) throw UsageError(m_option + ": cannot write '" + m_path + "': " + errnoText(errno));
            return;
        }
        mode = st.st_mode & 07777;
    }
    std::string pattern = directoryOf(m_target) + "/." + baseName(m_target) + ".XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) throw UsageError(m_option + ": cannot write '" + m_path + "': " + errnoText(errno));
    m_temp = name.data();
    ::fchmod(fd, mode);
    ::close(fd);
    m_stream.open(m_temp, std::ios::binary | std::ios::trunc);
    if (!m_stream) {
        const int e = errno;
        discard();
        throw UsageError(m_option + ": cannot write '" + m_path + "': " + errnoText(e));
    }
}

AtomicFile::~AtomicFile() {
    if (!m_done) discard();
}

void AtomicFile::discard() {
    if (m_stream.is_open()) m_stream.close();
    if (!m_temp.empty()) ::unlink(m_temp.c_str());
    m_temp.clear();
    m_done = true;
}

void AtomicFile::fail(const std::string& why) {
    discard();
    throw std::runtime_error(m_option + ": cannot write '" + m_path + "': " + why);
}

void AtomicFile::check() {
    if (m_done) return;
    if (!m_stream) fail(errnoText(errno));
}

void AtomicFile::commit() {
    if (m_done) return;
    errno = 0;
    m_stream.flush();
    if (!m_stream) fail(errnoText(errno));
    m_stream.close();
    if (m_stream.fail()) fail(errnoText(errno));
    if (m_temp.empty()) {  // written directly
        m_done = true;
        return;
    }
    const int fd = ::open(m_temp.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
        const int e = errno;
        if (fd >= 0) ::close(fd);
        fail(errnoText(e));
    }
    ::close(fd);
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0) fail(errnoText(errno));
    m_temp.clear();
    m_done = true;
}

}  // namespace presisi::services
