// RecordStore: every StepRecord of a run, at a bounded memory cost whatever the run's length. The
// newest records wait in a small buffer; the rest live in an unnamed temporary file (deleted by the
// system when the store closes). Exports and views read them back in order. Qt-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/training/record.h"

namespace presisi {

class RecordStore {
public:
    // `bufferRecords`: how many records wait in memory before they are written out (and the most
    // a read holds at once).
    explicit RecordStore(std::size_t bufferRecords = 8192);
    ~RecordStore();
    RecordStore(const RecordStore&) = delete;
    RecordStore& operator=(const RecordStore&) = delete;

    void append(std::span<const StepRecord> records);
    void clear();
    std::size_t size() const { return m_onDisk + m_buffer.size(); }
    bool empty() const { return size() == 0; }
    // Record i in append order.
    StepRecord at(std::size_t i) const;
    // Every record in append order, read in chunks of at most bufferRecords.
    void forEach(const std::function<void(const StepRecord&)>& visit) const;
    // Records [begin, end) in append order, read the same way (end clamped to size()).
    void forEach(std::size_t begin, std::size_t end, const std::function<void(const StepRecord&)>& visit) const;
    // The index of the first record whose step is at least `step` (size() when none): records arrive
    // in step order, every lane once per step, so a step range is one contiguous run of records.
    std::size_t firstAtStep(std::int64_t step) const;
    std::vector<StepRecord> toVector() const;
    // Bytes of memory the store holds (the buffer and, when the file failed, what stayed in memory).
    std::size_t memoryBytes() const;
    // Why records stay in memory instead (no temporary file could be made or written); empty normally.
    const std::string& fallbackReason() const { return m_fallback; }

private:
    void spill();

    std::size_t m_bufferRecords;
    std::vector<StepRecord> m_buffer;
    std::size_t m_onDisk = 0;
    int m_fd = -1;
    std::string m_fallback;
};

}  // namespace presisi
