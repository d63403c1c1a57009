// EngineWorker: one queue, one thread, jobs in submission order; EngineChannel: a page's jobs on it.
#include "engine_worker.h"

#include <algorithm>

#ifdef __linux__
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace presisi {

std::shared_ptr<EngineWorker> EngineWorker::shared() {
    // Made and handed out on the GUI thread only (pages and the run controller are built there).
    static std::weak_ptr<EngineWorker> current;
    if (auto w = current.lock()) return w;
    std::shared_ptr<EngineWorker> w(new EngineWorker());
    current = w;
    return w;
}

EngineWorker::EngineWorker() {
    m_thread = std::thread([this] {
#ifdef __linux__
        pthread_setname_np(pthread_self(), "presisi-engine");
        m_systemThreadId = static_cast<int>(::gettid());
        // The engine yields to the window when the cores are busy: a nice value of 5 on this thread only
        // (Linux nice values are per thread). With a free core the engine runs at full speed anyway.
        setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 5);
#endif
        loop();
    });
}

EngineWorker::~EngineWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_queue.clear();
        m_waiting = 0;
        if (m_runningToken) *m_runningToken = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

JobKind EngineWorker::firstWaitingKind() const {
    std::lock_guard lock(m_mutex);
    return m_queue.empty() ? JobKind::Training : m_queue.front().kind;
}

void EngineWorker::waitIdle() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_queue.empty() && m_runningChannel == 0; });
}

std::uint64_t EngineWorker::newChannelId() {
    std::lock_guard lock(m_mutex);
    return ++m_lastChannel;
}

void EngineWorker::enqueue(Job job, bool replace) {
    {
        std::lock_guard lock(m_mutex);
        if (m_quit) return;
        if (replace) {
            std::erase_if(m_queue, [&](const Job& j) { return j.channel == job.channel; });
            if (m_runningChannel == job.channel && m_runningToken) *m_runningToken = true;
        }
        m_queue.push_back(std::move(job));
        m_waiting = static_cast<int>(m_queue.size());
    }
    m_wake.notify_one();
}

void EngineWorker::drop(std::uint64_t channel) {
    {
        std::lock_guard lock(m_mutex);
        std::erase_if(m_queue, [&](const Job& j) { return j.channel == channel; });
        m_waiting = static_cast<int>(m_queue.size());
        if (m_runningChannel == channel && m_runningToken) *m_runningToken = true;
    }
    m_idle.notify_all();
}

void EngineWorker::waitChannel(std::uint64_t channel) {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [&] {
        return m_runningChannel != channel &&
               std::none_of(m_queue.begin(), m_queue.end(), [&](const Job& j) { return j.channel == channel; });
    });
}

void EngineWorker::loop() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_quit || !m_queue.empty(); });
            if (m_quit) break;
            job = std::move(m_queue.front());
            m_queue.pop_front();
            m_waiting = static_cast<int>(m_queue.size());
            m_runningChannel = job.channel;
            m_runningToken = job.token;
        }
        job.work(*job.token);  // a job catches its own exceptions (EngineChannel::submit, the run controller)
        {
            std::lock_guard lock(m_mutex);
            m_runningChannel = 0;
            m_runningToken.reset();
        }
        m_idle.notify_all();
    }
    std::lock_guard lock(m_mutex);
    m_runningChannel = 0;
    m_idle.notify_all();
}

EngineChannel::EngineChannel(JobKind kind, std::shared_ptr<EngineWorker> worker)
    : m_worker(std::move(worker)), m_id(m_worker->newChannelId()), m_kind(kind) {}

EngineChannel::~EngineChannel() {
    ++*m_generation;
    m_worker->drop(m_id);
    m_worker->waitChannel(m_id);
}

void EngineChannel::replace(EngineWorker::Work work) {
    m_worker->enqueue({m_id, m_kind, std::move(work), std::make_shared<EngineWorker::Token>(false)}, true);
}

void EngineChannel::append(EngineWorker::Work work) {
    m_worker->enqueue({m_id, m_kind, std::move(work), std::make_shared<EngineWorker::Token>(false)}, false);
}

void EngineChannel::cancel() {
    ++*m_generation;
    m_worker->drop(m_id);
}

void EngineChannel::waitIdle() { m_worker->waitChannel(m_id); }

std::function<void(std::function<void()>)> EngineChannel::poster(QObject* receiver, std::uint64_t generation) const {
    QPointer<QObject> target(receiver);
    std::weak_ptr<std::atomic<std::uint64_t>> current = m_generation;
    return [target, current, generation](std::function<void()> f) {
        QObject* context = target.data();
        if (!context) return;
        // The queued call runs on the receiver's (GUI) thread; Qt drops it if the receiver dies first.
        QMetaObject::invokeMethod(context, [target, current, generation, f = std::move(f)] {
            const auto g = current.lock();
            if (!target || !g || g->load() != generation) return;
            f();
        }, Qt::QueuedConnection);
    };
}

}  // namespace presisi
