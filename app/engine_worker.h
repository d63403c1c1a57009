// EngineWorker: the window's one engine thread. Every computation a page starts (a training segment, a
// Linear-lab product, a convergence check, a doctor rerun, a Speed measurement, an experiment-file read)
// runs on it as a job, one at a time, in the order submitted; pages reach it through an EngineChannel.
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>

#include "engine/error.h"

namespace presisi {

// What a job is, for the worker's one arbitration rule (a training segment yields to every other kind)
// and for the window's status bar.
enum class JobKind { Training, Linear, Doctor, Check, Speed, Files };

// Threads. One thread ("presisi-engine") lives as long as the last holder of the worker (the pages and
// the run controller of every window; a language switch hands them over, so the thread goes on).
//   Under m_mutex: m_queue, m_runningToken, m_runningChannel, m_lastChannel, m_quit.
//   Atomics:       m_waiting (jobs in m_queue; read by a running job between its steps), m_systemThreadId.
//   A job's token (shared with its channel): set by the channel (cancel, newer job), read by the job.
class EngineWorker {
public:
    using Token = std::atomic<bool>;
    using Work = std::function<void(const Token& cancelled)>;

    // The process's worker: made on first use, ended (its thread joined) when the last holder lets go.
    static std::shared_ptr<EngineWorker> shared();

    ~EngineWorker();  // drops what waits, cancels what runs, joins
    EngineWorker(const EngineWorker&) = delete;
    EngineWorker& operator=(const EngineWorker&) = delete;

    // A job waits behind the running one: a long job of kind Training ends its segment at the next step.
    bool othersWaiting() const { return m_waiting.load() > 0; }
    // The kind of the job waiting first (Training when none waits): what a yielding run yields to.
    JobKind firstWaitingKind() const;
    // Blocks until nothing waits or runs (tests, shutdown).
    void waitIdle();
    // The engine thread's id (tests: that a job ran there and not on the GUI thread).
    std::thread::id threadId() const { return m_thread.get_id(); }
    // Its id in /proc/self/task (Linux; 0 elsewhere, or before the thread has begun).
    int systemThreadId() const { return m_systemThreadId.load(); }

private:
    friend class EngineChannel;
    struct Job {
        std::uint64_t channel = 0;
        JobKind kind = JobKind::Training;
        Work work;
        std::shared_ptr<Token> token;
    };
    EngineWorker();
    void loop();
    // Channel side (each takes m_mutex).
    std::uint64_t newChannelId();
    void enqueue(Job job, bool replace);  // replace: drop the channel's waiting jobs and cancel its running one
    void drop(std::uint64_t channel);     // drop waiting, cancel running
    void waitChannel(std::uint64_t channel);

    mutable std::mutex m_mutex;
    std::condition_variable m_wake, m_idle;
    std::deque<Job> m_queue;
    std::shared_ptr<Token> m_runningToken;
    std::uint64_t m_runningChannel = 0;  // 0: nothing runs
    std::uint64_t m_lastChannel = 0;
    bool m_quit = false;
    std::atomic<int> m_waiting{0};
    std::atomic<int> m_systemThreadId{0};
    std::thread m_thread;  // last: started after every member above exists
};

// What a job running for a page sees: its cancellation and a way to post to the page that holds only
// while the job is still the channel's latest (progress reports).
class JobContext {
public:
    JobContext(const EngineWorker::Token& cancelled, std::function<void(std::function<void()>)> post)
        : m_cancelled(cancelled), m_post(std::move(post)) {}
    bool cancelled() const { return m_cancelled.load(); }
    const EngineWorker::Token& token() const { return m_cancelled; }
    // Runs f on the GUI thread, if the receiver lives and no newer job (or cancel) came meanwhile.
    void post(std::function<void()> f) const { m_post(std::move(f)); }

private:
    const EngineWorker::Token& m_cancelled;
    std::function<void(std::function<void()>)> m_post;
};

// One owner's jobs on the engine worker, with the one cancellation rule: a newer job cancels the
// channel's running job (its token turns true) and replaces the one waiting; cancel() does both and
// ignores whatever the cancelled job still posts. Destroying the channel cancels and waits for its job,
// so no job outlives the object it reports to.
class EngineChannel {
public:
    explicit EngineChannel(JobKind kind, std::shared_ptr<EngineWorker> worker = EngineWorker::shared());
    ~EngineChannel();
    EngineChannel(const EngineChannel&) = delete;
    EngineChannel& operator=(const EngineChannel&) = delete;

    // Runs work(context) on the engine thread and posts its result to receiver on the GUI thread:
    // onDone(result) (onDone() for void work), or onError(message) when it throws. A Cancelled exception,
    // a newer submit, cancel() or a deleted receiver posts nothing.
    template <class Work, class Done>
    void submit(QObject* receiver, Work work, Done onDone, std::function<void(const QString&)> onError = {});
    // Drops the waiting job, cancels the running one; their answers are ignored.
    void cancel();
    // Blocks until this channel's job is neither waiting nor running.
    void waitIdle();
    // Appends a job without cancelling anything (the run controller's command pump, which keeps its own
    // order and cancellation).
    void append(EngineWorker::Work work);
    EngineWorker& worker() const { return *m_worker; }

private:
    // The answer-posting rule: on the GUI thread, only if receiver lives and generation is still current.
    std::function<void(std::function<void()>)> poster(QObject* receiver, std::uint64_t generation) const;

    std::shared_ptr<EngineWorker> m_worker;
    std::uint64_t m_id;
    JobKind m_kind;
    std::shared_ptr<std::atomic<std::uint64_t>> m_generation = std::make_shared<std::atomic<std::uint64_t>>(0);
    void replace(EngineWorker::Work work);
};

template <class Work, class Done>
void EngineChannel::submit(QObject* receiver, Work work, Done onDone, std::function<void(const QString&)> onError) {
    const std::uint64_t generation = ++*m_generation;
    auto post = poster(receiver, generation);
    replace([post, work = std::move(work), onDone = std::move(onDone), onError = std::move(onError)](
                const EngineWorker::Token& cancelled) mutable {
        JobContext context(cancelled, post);
        using Result = std::invoke_result_t<Work&, JobContext&>;
        try {
            if constexpr (std::is_void_v<Result>) {
                work(context);
                post([onDone] { onDone(); });
            } else {
                auto result = work(context);
                post([onDone, result = std::move(result)] { onDone(result); });
            }
        } catch (const Cancelled&) {
        } catch (const std::exception& e) {
            if (onError) post([onError, message = QString::fromUtf8(e.what())] { onError(message); });
        } catch (...) {
            if (onError) post([onError] { onError(QStringLiteral("unknown engine failure")); });
        }
    });
}

}  // namespace presisi
