// Reading a file that is named by a person or a file: regular files only, opened without ever
// blocking (a FIFO, /dev/zero, /dev/urandom, a socket or a terminal is refused before a byte is
// read), bounded in size before its contents are read. No Qt here.
#pragma once

#include <cstdint>
#include <string>

namespace presisi {

// An open regular file, read sequentially. The constructor refuses, with one line naming `path`,
// whatever is not a regular file: "f.npy: cannot open file: a FIFO (named pipe), not a regular file".
// The open is O_NONBLOCK, so a FIFO without a writer never blocks it; regular files never block.
class RegularFile {
public:
    explicit RegularFile(const std::string& path);  // refuses a name holding a NUL byte
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    // The size when it was opened, in bytes.
    std::uint64_t size() const { return m_size; }
    // Reads up to `n` bytes; fewer only at the end of the file. Throws Error on a read error.
    std::size_t read(char* data, std::size_t n);
    // The whole rest of the file, or Error when the file has grown past `limit` bytes meanwhile.
    std::string readAll(std::uint64_t limit);

private:
    std::string m_path;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

// Reads the whole regular file `path`, at most `limit` bytes: a larger file is refused before it is
// read, naming both sizes ("run.json: cannot read: 9.3 GiB, larger than the 64.0 MiB an experiment
// file may have"). `what` names the kind of file in that sentence ("an experiment file").
std::string readRegularFile(const std::string& path, std::uint64_t limit, const std::string& what);

}  // namespace presisi
