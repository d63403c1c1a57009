// SIGINT and SIGTERM for the long commands (`train`, `check`): one helper, so both stop the same way.
#pragma once

#include <atomic>
#include <csignal>

namespace presisi::cli {

// While one lives, SIGINT and SIGTERM only record the signal and raise stopFlag() (the runner's or the
// check's cancel flag, polled by the work); the command then ends as it documents. SA_RESETHAND: a
// second signal ends the program at once. The previous handlers come back when it goes. One at a time.
class StopSignals {
public:
    StopSignals();   // clears the flag and the recorded signal
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    static std::atomic<bool>& stopFlag();  // also raised by the command itself (a closed output)
    static int signal();                   // the signal received (SIGINT, SIGTERM), 0 when none

private:
    struct sigaction m_oldInt {}, m_oldTerm {};
};

}  // namespace presisi::cli
