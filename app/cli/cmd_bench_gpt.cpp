// `presisi bench train --model gpt`: the tiny transformer's training steps per second, each lane alone on one
// thread, statistics off, the best of several timed repeats after a warm-up (docs/BENCHMARKS.md compares it
// with scripts/bench_torch_gpt.py, the same model and step in torch 2.x).
#include <chrono>
#include <iomanip>
#include <random>

#include "../../engine/error.h"
#include "../../engine/training/gpt/gpt_run.h"
#include "../../engine/training/gpt/token_tasks.h"
#include "args.h"
#include "commands.h"
#include "json_writer.h"

namespace presisi::cli {

namespace {

// The sort task's sequences (11 tokens); another block length takes random tokens below 3, each targeting the
// next, as the torch script does.
TokenData benchData(int block) {
    if (block == 11) return makeTokenData(parseTokenTask("sort", 3), 2000, 7, false);
    TokenData d;
    d.rows = 2000;
    d.tokens = block;
    std::mt19937 gen(1);
    for (Index i = 0; i < d.rows * block; ++i) d.ids.push_back(static_cast<std::int32_t>(gen() % 3));
    for (Index r = 0; r < d.rows; ++r)
        for (int t = 0; t < block; ++t)
            d.targets.push_back(d.ids[static_cast<std::size_t>(r * block + (t + 1) % block)]);
    return d;
}

}  // namespace

int benchTrainGptCmd(CommandArgs args, std::ostream& out) {
    const OptionSpec opts[] = {{"model", true}, {"layers", true}, {"heads", true}, {"embd", true},
                               {"block", true}, {"batch", true},  {"steps", true}, {"repeats", true},
                               {"lanes", true}, {"json", false}};
    const ParsedArgs a = parseArgs(args, opts);
    if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals().front() + "'");
    GptConfig c;
    c.layers = static_cast<int>(a.integer("layers", 3, 1, 64));
    c.heads = static_cast<int>(a.integer("heads", 3, 1, 64));
    c.embd = static_cast<int>(a.integer("embd", 48, 1, 4096));
    c.block = static_cast<int>(a.integer("block", 11, 2, 4096));
    GptTrainSettings t;
    t.batch = a.integer("batch", 64, 1, 65536);
    const std::int64_t steps = a.integer("steps", 300, 1, 10000000);
    const int repeats = static_cast<int>(a.integer("repeats", 3, 1, 100));
    std::vector<Lane> lanes;
    try {
        for (const std::string& l : a.list("lanes", "cpu:f32,cpu:bf16,cpu:f16+scaler")) lanes.push_back(parseLane(l));
        checkGptLanes(lanes);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    if (c.embd % c.heads != 0) throw UsageError("--embd " + std::to_string(c.embd) + " is not divisible by --heads " + std::to_string(c.heads));
    c.vocab = 3;
    const TokenData data = benchData(c.block);
    using Clock = std::chrono::steady_clock;
    std::vector<double> best(lanes.size(), 0.0);
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        GptRun run(c, t, {lanes[l]}, data, TokenData{});
        for (int k = 0; k < 20; ++k) run.step(0);  // warm-up: caches, oneDNN's primitives
        for (int r = 0; r < repeats; ++r) {
            const auto t0 = Clock::now();
            for (std::int64_t k = 0; k < steps; ++k) run.step(0);
            const double s = std::chrono::duration<double>(Clock::now() - t0).count();
            best[l] = std::max(best[l], static_cast<double>(steps) / s);
        }
    }
    if (a.has("json")) {
        JsonWriter j(out);
        j.beginObject().field("model", "gpt").field("layers", c.layers).field("heads", c.heads).field("embd", c.embd)
            .field("block", c.block).field("batch", t.batch).field("steps", steps).field("repeats", repeats);
        j.key("lanes").beginArray();
        for (std::size_t l = 0; l < lanes.size(); ++l)
            j.beginObject().field("lane", lanes[l].label()).field("steps_per_second", best[l]).endObject();
        j.endArray().endObject();
        out << '\n';
        return 0;
    }
    out << "gpt: " << c.layers << " layers, " << c.heads << " heads, embd " << c.embd << ", T " << c.block << ", batch "
        << t.batch << "; best of " << repeats << " x " << steps << " steps after 20, one thread, statistics off\n";
    for (std::size_t l = 0; l < lanes.size(); ++l)
        out << "  " << std::setw(18) << std::left << lanes[l].label() << std::right << std::setw(10) << std::fixed
            << std::setprecision(1) << best[l] << " steps/s\n";
    return 0;
}

}  // namespace presisi::cli
