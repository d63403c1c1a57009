// JobWorker: a waiting slot of one job, a token per job, and a thread that lives as long as the worker.
#include "job_worker.h"

#ifdef __linux__
#include <pthread.h>
#endif

namespace presisi {

JobWorker::JobWorker(const char* threadName) {
    m_thread = std::thread([this, threadName] {
#ifdef __linux__
        pthread_setname_np(pthread_self(), threadName);
#endif
        loop();
    });
}

JobWorker::~JobWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_pending = nullptr;
        if (m_current) *m_current = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void JobWorker::submit(Job job) {
    {
        std::lock_guard lock(m_mutex);
        m_pending = std::move(job);
        if (m_current) *m_current = true;
    }
    m_wake.notify_one();
}

void JobWorker::cancel() {
    std::lock_guard lock(m_mutex);
    m_pending = nullptr;
    if (m_current) *m_current = true;
}

void JobWorker::waitIdle() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return !m_pending && !m_running; });
}

void JobWorker::loop() {
    for (;;) {
        Job job;
        std::shared_ptr<std::atomic<bool>> token;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_quit || m_pending; });
            if (m_quit) break;
            job = std::move(m_pending);
            m_pending = nullptr;
            token = std::make_shared<std::atomic<bool>>(false);
            m_current = token;
            m_running = true;
        }
        job(*token);  // a job catches its own exceptions
        {
            std::lock_guard lock(m_mutex);
            m_running = false;
            m_current.reset();
        }
        m_idle.notify_all();
    }
    std::lock_guard lock(m_mutex);
    m_running = false;
    m_idle.notify_all();
}

}  // namespace presisi
