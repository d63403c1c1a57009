// Output files that appear whole or not at all: written to a temporary file beside the target and
// renamed into place only when complete and flushed to disk. Every write is checked. Qt-free.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace presisi::services {

// Why `path` cannot be written, as a short phrase ("is a directory", "directory '/x' does not
// exist", "permission denied"), or empty when a file there can probably be created. Checks the
// path, not the disk's free space: that shows up when writing.
std::string outputPathProblem(const std::string& path);

// Text of errno as a short phrase ("No space left on device").
std::string errnoText(int error);

// A stream buffer over a file descriptor that remembers why its first write failed: an ofstream
// only sets failbit, and by the time the failure is reported errno says something else (or nothing:
// "write error" where the disk was full).
class FdStreamBuf : public std::streambuf {
public:
    FdStreamBuf();
    void attach(int fd) { m_fd = fd; }
    int fd() const { return m_fd; }
    int error() const { return m_error; }  // the errno of the first failed write, 0 if none
    bool flushAll();                        // false when a write has failed (now or before)

protected:
    int_type overflow(int_type c) override;
    int sync() override { return flushAll() ? 0 : -1; }

private:
    int m_fd = -1;
    int m_error = 0;
    std::vector<char> m_buffer;
};

// A file written to `<dir>/.<name>.XXXXXX` and renamed onto `path` by commit(). Until then, and
// when the object is destroyed without commit (an error, an exception), the file at `path` (if
// any) is untouched and the temporary is removed. A target that exists and is not a regular file
// (a character device such as /dev/stdout or /dev/full, a FIFO) cannot be replaced atomically:
// it is written directly, and every write is still checked. A symlink is followed: the file it
// points to is replaced. Throws UsageError("<option>: cannot write '<path>': <why>") when the
// file cannot be created, and std::runtime_error with the same text when a write or the commit fails.
class AtomicFile {
public:
    AtomicFile(std::string path, std::string option);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::ostream& stream() { return m_stream; }
    const std::string& path() const { return m_path; }
    // Flushes, checks every write, syncs and renames into place. Throws on failure (the target is
    // then untouched and the temporary removed).
    void commit();
    // Throws if a write has failed so far (for long streams: stop early instead of at the end).
    void check();

private:
    [[noreturn]] void fail(const std::string& why);
    void discard();

    std::string m_path;     // what the user named
    std::string m_target;   // the file rename() replaces (m_path with a symlink resolved)
    std::string m_temp;     // empty when writing directly
    std::string m_option;   // "--json", for messages
    FdStreamBuf m_buf;
    std::ostream m_stream{&m_buf};
    bool m_done = false;
    void closeFd();         // closes the descriptor; false in `m_closeError` when close failed
    int m_closeError = 0;
    // The reason a write failed: the first failed write's errno, else `fallback`'s.
    std::string why(int fallback) const;
};

}  // namespace presisi::services
