// Shared by the gpu suites: turns a device-check case (tools/device_check) into Qt Test rows and a
// Qt Test verdict, so the suites and presisi_device_check run the very same checks.
#pragma once

#include <QtTest>

#include <string>
#include <vector>

#include "../tools/device_check/gpu_checks.h"

namespace presisi::gpucheck {

// One data row per case, carrying the case's index.
inline void addCaseRows(const std::vector<CheckCase>& cases) {
    QTest::addColumn<int>("index");
    for (int i = 0; i < static_cast<int>(cases.size()); ++i)
        QTest::newRow(cases[static_cast<std::size_t>(i)].name.c_str()) << i;
}

}  // namespace presisi::gpucheck

// Runs one shared check and turns its verdict into the test's (a macro: QSKIP and QFAIL return
// from the calling test function).
#define PRESISI_RUN_CHECK(c)                                                                          \
    do {                                                                                              \
        const ::presisi::gpucheck::Check r_ = (c).run();                                              \
        const QByteArray d_ = QByteArray::fromStdString(r_.detail);                                   \
        if (r_.outcome == ::presisi::gpucheck::Outcome::Skip) QSKIP(d_.constData());                  \
        if (r_.outcome == ::presisi::gpucheck::Outcome::Fail) QFAIL(d_.constData());                  \
        qInfo("%s: %s", std::string(::presisi::gpucheck::outcomeName(r_.outcome)).c_str(), d_.constData()); \
    } while (false)
