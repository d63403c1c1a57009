// The transformer's token tasks (token_tasks.h).
#include "token_tasks.h"

#include <algorithm>
#include <random>

#include "../../error.h"

namespace presisi {

namespace {

// splitmix64's finaliser: a well-mixed hash of the problem and the seed.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t power(std::uint64_t base, int e) {
    std::uint64_t r = 1;
    for (int i = 0; i < e; ++i) r *= base;
    return r;
}

// Problem p as its full sequence (inputs then answer), L + L or N + N + (N + 1) tokens.
std::vector<std::int32_t> sequenceOf(const TokenTask& t, std::uint64_t p) {
    std::vector<std::int32_t> s;
    if (t.kind == TokenTask::Kind::Sort) {
        for (int i = 0; i < t.digits; ++i) {
            s.insert(s.begin(), static_cast<std::int32_t>(p % static_cast<std::uint64_t>(t.vocab)));
            p /= static_cast<std::uint64_t>(t.vocab);
        }
        std::vector<std::int32_t> sorted = s;
        std::sort(sorted.begin(), sorted.end());
        s.insert(s.end(), sorted.begin(), sorted.end());
        return s;
    }
    const std::uint64_t scale = power(10, t.digits);
    const std::uint64_t a = p / scale, b = p % scale;
    const auto digitsOf = [&s](std::uint64_t v, int n) {
        for (int i = n - 1; i >= 0; --i) s.push_back(static_cast<std::int32_t>(v / power(10, i) % 10));
    };
    digitsOf(a, t.digits);
    digitsOf(b, t.digits);
    std::uint64_t sum = a + b;
    for (int i = 0; i <= t.digits; ++i) {  // the sum's N + 1 digits, least significant first
        s.push_back(static_cast<std::int32_t>(sum % 10));
        sum /= 10;
    }
    return s;
}

// The position of the first target in the input row: the answer's first token is predicted from the last
// input token.
int firstTarget(const TokenTask& t) { return t.kind == TokenTask::Kind::Sort ? t.digits - 1 : 2 * t.digits - 1; }

}  // namespace

std::uint64_t TokenTask::problems() const {
    return kind == Kind::Sort ? power(static_cast<std::uint64_t>(vocab), digits) : power(10, 2 * digits);
}

std::string TokenTask::name() const { return kind == Kind::Sort ? "sort" : "add:" + std::to_string(digits); }

TokenTask parseTokenTask(const std::string& text, int sortVocab) {
    TokenTask t;
    if (text == "sort") {
        if (sortVocab < 2 || sortVocab > 10) throw Error("--vocab " + std::to_string(sortVocab) + ": the sort task takes 2 to 10 digits");
        t.kind = TokenTask::Kind::Sort;
        t.digits = 6;
        t.vocab = sortVocab;
        return t;
    }
    if (text == "add" || text.rfind("add:", 0) == 0) {
        t.kind = TokenTask::Kind::Add;
        t.vocab = 10;
        t.digits = 2;
        if (text.size() > 4) {
            const std::string n = text.substr(4);
            if (n.size() != 1 || n[0] < '1' || n[0] > '9') throw Error("--task " + text + ": add:N takes N from 1 to 9");
            t.digits = n[0] - '0';
        }
        return t;
    }
    throw Error("--task " + text + ": the tasks are sort and add[:N]");
}

bool isHeldOut(std::uint64_t problem, std::uint64_t dataSeed) { return mix(problem ^ mix(dataSeed)) % 5 == 0; }

TokenData makeTokenData(const TokenTask& task, std::int64_t count, std::uint64_t dataSeed, bool heldOut) {
    const int T = task.tokens();
    TokenData d;
    d.rows = count;
    d.tokens = T;
    d.ids.reserve(static_cast<std::size_t>(count * T));
    d.targets.reserve(static_cast<std::size_t>(count * T));
    std::mt19937_64 gen(mix(dataSeed) ^ (heldOut ? 0x5eed0fe7a1ull : 0x7a11ull));
    std::uniform_int_distribution<std::uint64_t> pick(0, task.problems() - 1);
    const int first = firstTarget(task);
    for (std::int64_t n = 0; n < count; ++n) {
        std::uint64_t p = pick(gen);
        for (int tries = 0; isHeldOut(p, dataSeed) != heldOut; ++tries) {
            // One problem in five is held out: a long run of the other kind means the split is empty.
            if (tries > 100000) throw Error("--task " + task.name() + ": too few problems to hold some out");
            p = pick(gen);
        }
        const std::vector<std::int32_t> s = sequenceOf(task, p);
        // Input: the sequence but its last token; target at position i: token i + 1, from `first` on.
        for (int i = 0; i < T; ++i) {
            d.ids.push_back(s[static_cast<std::size_t>(i)]);
            d.targets.push_back(i >= first ? s[static_cast<std::size_t>(i) + 1] : -1);
        }
    }
    return d;
}

}  // namespace presisi
