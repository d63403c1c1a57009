// RegularFile: stat-free type checks on the open descriptor (fstat after an O_NONBLOCK open), so the
// check and the read are about the same file, and nothing waits for a writer that never comes.
#include "regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "byte_size.h"
#include "error.h"

namespace presisi {

namespace {

const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a plain file";
}

}  // namespace

RegularFile::RegularFile(const std::string& given) : m_path(printableText(given)) {
    // The name as messages show it (control bytes escaped); a NUL inside would make open() see a
    // shorter name, another file.
    const std::string& path = m_path;
    if (given.find('\0') != std::string::npos) throw Error(path + ": cannot open file: the name holds a NUL byte");
    m_fd = ::open(given.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (m_fd < 0) {
        const int e = errno;
        if (e == ELOOP) throw Error(path + ": cannot open file: a loop of symbolic links");
        if (e == ENOENT) throw Error(path + ": cannot open file: no such file");
        if (e == EISDIR) throw Error(path + ": cannot open file: it is a directory");
        throw Error(path + ": cannot open file: " + std::strerror(e));
    }
    struct stat st {};
    if (::fstat(m_fd, &st) != 0) {
        const int e = errno;
        ::close(m_fd);
        throw Error(path + ": cannot open file: " + std::strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(m_fd);
        m_fd = -1;
        if (S_ISDIR(st.st_mode)) throw Error(path + ": cannot open file: it is a directory");
        throw Error(path + ": cannot open file: " + kindOf(st.st_mode) + ", not a regular file");
    }
    m_size = static_cast<std::uint64_t>(st.st_size);
}

RegularFile::~RegularFile() {
    if (m_fd >= 0) ::close(m_fd);
}

std::size_t RegularFile::read(char* data, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::read(m_fd, data + got, n - got);
        if (r < 0) {
            if (errno == EINTR) continue;
            throw Error(m_path + ": read error: " + std::strerror(errno));
        }
        if (r == 0) break;
        got += static_cast<std::size_t>(r);
    }
    return got;
}

std::string RegularFile::readAll(std::uint64_t limit) {
    std::string text(static_cast<std::size_t>(m_size), '\0');
    std::size_t got = read(text.data(), text.size());
    text.resize(got);
    // The file may have grown since fstat: read on, but never past the limit.
    char more[4096];
    while (const std::size_t r = read(more, sizeof more)) {
        if (text.size() + r > limit)
            throw Error(m_path + ": cannot read: it grew past " + formatBytes(static_cast<double>(limit)) + " while it was read");
        text.append(more, r);
    }
    return text;
}

std::string readRegularFile(const std::string& path, std::uint64_t limit, const std::string& what) {
    RegularFile f(path);
    if (f.size() > limit)
        throw Error(printableText(path) + ": cannot read: " + formatBytes(static_cast<double>(f.size())) + ", larger than the " + formatBytes(static_cast<double>(limit)) + " " +
                    what + " may have");
    return f.readAll(limit);
}

}  // namespace presisi
