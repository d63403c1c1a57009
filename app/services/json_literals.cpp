// integerLiterals and firstDuplicateMember: a scanner over already-valid JSON that remembers where it is (the path of members)
// and copies the literal of each number at a wanted key. Iterative over a stack of containers, so a
// deeply nested document costs memory in proportion, not native stack.
#include "json_literals.h"

#include <vector>

namespace presisi::services {

namespace {

constexpr std::size_t kMaxDepth = 1024;  // QJsonDocument refuses deeper documents

struct Frame {
    bool array = false;
    int index = 0;             // array: the element's index
    std::string key;           // object: the member being read
    std::size_t pathSize = 0;  // the path's length before this container
    std::set<std::string> names;  // object: the members read so far
};

class Scanner {
public:
    Scanner(const QByteArray& text, const std::set<std::string>& keys) : m_s(text), m_keys(keys) {}

    // The path of the first member whose name its object already had ("/scenario/lr"), or empty; after run().
    const std::string& duplicate() const { return m_duplicate; }

    std::map<std::string, std::string> run() {
        skipSpace();
        value();
        while (!m_stack.empty() && m_i < m_s.size()) {
            skipSpace();
            if (m_i >= m_s.size()) break;
            const char c = m_s[m_i];
            Frame& f = m_stack.back();
            if (c == ',') {
                ++m_i;
                skipSpace();
                if (f.array) ++f.index;
                else if (!member()) break;
                value();
            } else if (c == ']' || c == '}') {
                ++m_i;
                m_path.resize(f.pathSize);
                m_stack.pop_back();
            } else {
                break;  // not valid JSON: stop
            }
        }
        return m_out;
    }

private:
    void skipSpace() {
        while (m_i < m_s.size() && (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\n' || m_s[m_i] == '\r')) ++m_i;
    }
    // A string's contents, escapes kept as written (member names here are plain ASCII).
    std::string string() {
        std::string out;
        ++m_i;  // the opening quote
        while (m_i < m_s.size() && m_s[m_i] != '"') {
            if (m_s[m_i] == '\\' && m_i + 1 < m_s.size()) out += m_s[m_i++];
            out += m_s[m_i++];
        }
        ++m_i;  // the closing quote
        return out;
    }
    // `"name" :` inside an object; false when the text is not that.
    bool member() {
        if (m_i >= m_s.size() || m_s[m_i] != '"') return false;
        Frame& f = m_stack.back();
        f.key = string();
        if (!f.names.insert(f.key).second && m_duplicate.empty()) m_duplicate = m_path + "/" + f.key;
        skipSpace();
        if (m_i >= m_s.size() || m_s[m_i] != ':') return false;
        ++m_i;
        skipSpace();
        return true;
    }
    std::string here() const {
        const Frame& f = m_stack.back();
        return m_path + "/" + (f.array ? std::to_string(f.index) : f.key);
    }
    void value() {
        if (m_i >= m_s.size()) return;
        const char c = m_s[m_i];
        if (c == '{' || c == '[') {
            ++m_i;
            if (m_stack.size() >= kMaxDepth) {
                m_i = m_s.size();  // stop
                return;
            }
            const std::string path = m_stack.empty() ? std::string() : here();
            m_stack.push_back(Frame{c == '[', 0, {}, m_path.size(), {}});
            m_path = path;
            skipSpace();
            if (m_i < m_s.size() && (m_s[m_i] == ']' || m_s[m_i] == '}')) return;  // empty: run() closes it
            if (c == '{' && !member()) {
                m_i = m_s.size();
                return;
            }
            value();
            return;
        }
        if (c == '"') {
            string();
            return;
        }
        const std::size_t start = m_i;
        while (m_i < m_s.size() && m_s[m_i] != ',' && m_s[m_i] != ']' && m_s[m_i] != '}' && m_s[m_i] != ' ' &&
               m_s[m_i] != '\n' && m_s[m_i] != '\r' && m_s[m_i] != '\t')
            ++m_i;
        if (!m_stack.empty() && !m_stack.back().array && m_keys.count(m_stack.back().key) && (c == '-' || (c >= '0' && c <= '9')))
            m_out[here()] = std::string(m_s.constData() + start, m_i - start);
    }

    const QByteArray& m_s;
    const std::set<std::string>& m_keys;
    std::size_t m_i = 0;
    std::vector<Frame> m_stack;
    std::string m_path;
    std::map<std::string, std::string> m_out;
    std::string m_duplicate;
};

}  // namespace

std::map<std::string, std::string> integerLiterals(const QByteArray& text, const std::set<std::string>& keys) {
    return Scanner(text, keys).run();
}

std::string firstDuplicateMember(const QByteArray& text) {
    const std::set<std::string> none;
    Scanner scanner(text, none);
    scanner.run();
    return scanner.duplicate();
}

}  // namespace presisi::services
