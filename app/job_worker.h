// JobWorker: one long-lived thread for a page's computations, so none runs on the GUI thread. One job
// at a time; a new job cancels the running one (through its token) and replaces one still waiting.
// Jobs hand their results to the GUI thread themselves (queued calls on a QPointer-guarded object).
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace presisi {

class JobWorker {
public:
    // `cancelled` turns true when a newer job arrives, on cancel(), and on destruction.
    using Job = std::function<void(const std::atomic<bool>& cancelled)>;

    explicit JobWorker(const char* threadName);
    ~JobWorker();  // cancels and joins
    JobWorker(const JobWorker&) = delete;
    JobWorker& operator=(const JobWorker&) = delete;

    void submit(Job job);
    void cancel();
    // Blocks until no job is waiting or running (tests, shutdown).
    void waitIdle();

private:
    void loop();

    std::mutex m_mutex;
    std::condition_variable m_wake, m_idle;
    Job m_pending;
    std::shared_ptr<std::atomic<bool>> m_current;  // the running job's token
    bool m_running = false;
    bool m_quit = false;
    std::thread m_thread;
};

}  // namespace presisi
