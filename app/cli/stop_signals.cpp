// SIGINT, SIGTERM and SIGHUP for the long commands: the handler records the signal and raises the stop flag.
#include "stop_signals.h"

#include "cli_text.h"

namespace presisi::cli {

namespace {

static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores to this flag");
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;

extern "C" void onStopSignal(int signal) {
    g_signal = signal;
    g_stop.store(true);
}

}  // namespace

StopSignals::StopSignals() {
    g_signal = 0;
    g_stop.store(false);
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &m_oldInt);
    sigaction(SIGTERM, &sa, &m_oldTerm);
    sigaction(SIGHUP, &sa, &m_oldHup);
}

StopSignals::~StopSignals() {
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
    sigaction(SIGHUP, &m_oldHup, nullptr);
}

std::atomic<bool>& StopSignals::stopFlag() { return g_stop; }
int StopSignals::signal() { return g_signal; }

int StopSignals::nothingWritten(std::ostream& err, const char* command) {
    err << "presisi " << command << ": "
        << u8(QCoreApplication::translate("cli", "interrupted (%1); nothing written").arg(QLatin1String(name(signal()))))
        << '\n';
    return status();
}

const char* StopSignals::name(int signal) {
    switch (signal) {
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "SIGINT";
    }
}

}  // namespace presisi::cli
