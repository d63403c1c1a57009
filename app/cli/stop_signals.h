// SIGINT, SIGTERM and SIGHUP for the commands that work long or write files (`train`, `check`, `linear`,
// `quantize`): one helper, so all stop the same way.
#pragma once

#include <atomic>
#include <csignal>
#include <ostream>

namespace presisi::cli {

// While one lives, SIGINT, SIGTERM and SIGHUP (a closed terminal) only record the signal and raise stopFlag() (the runner's or the
// check's cancel flag, polled by the work); the command then ends as it documents. SA_RESETHAND: a
// second signal ends the program at once. The previous handlers come back when it goes. One at a time.
class StopSignals {
public:
    StopSignals();   // clears the flag and the recorded signal
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    static std::atomic<bool>& stopFlag();  // also raised by the command itself (a closed output)
    static int signal();                   // the signal received (SIGINT, SIGTERM, SIGHUP), 0 when none
    static const char* name(int signal);   // "SIGINT", "SIGTERM", "SIGHUP" (SIGINT for 0)
    // 128 + the signal received (130, 143, 129): the shell's status for a command a signal ended.
    static int status() { return 128 + (signal() ? signal() : SIGINT); }
    // For the commands that write nothing when stopped: "presisi <command>: interrupted (SIGTERM); nothing written"
    // on `err`, and status().
    static int nothingWritten(std::ostream& err, const char* command);

private:
    struct sigaction m_oldInt {}, m_oldTerm {}, m_oldHup {};
};

}  // namespace presisi::cli
