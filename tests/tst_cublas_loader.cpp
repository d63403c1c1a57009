// Tests of the run-time cuBLAS loader (engine/cuda/cublas_dlopen.h), which lets the Debian package start
// without the CUDA toolkit. No GPU needed: dlopen of libcublas and cublasGetVersion work without a driver.
// Expected values: the version macro CUBLAS_VERSION of the toolkit's own header, and dlopen's own rules.
#include <QtTest>

#include <cublas_v2.h>

#include "engine/cuda/cublas_dlopen.h"

using presisi::cuda::cublasCandidates;
using presisi::cuda::cublasLibrary;
using presisi::cuda::loadCublas;

class TestCublasLoader : public QObject {
    Q_OBJECT

    static bool libraryAbsent() { return !qEnvironmentVariableIsEmpty("PRESISI_CUBLAS_LIBRARY"); }

private slots:
    // The toolkit this build was configured with is on this machine: some candidate loads and exports
    // every forwarded entry point.
    void toolkitLibraryLoads() {
        if (libraryAbsent()) QSKIP("PRESISI_CUBLAS_LIBRARY points elsewhere");
        const auto lib = loadCublas(cublasCandidates());
        QVERIFY2(lib.handle, lib.error.c_str());
        QVERIFY(QString::fromStdString(lib.loadedFrom).contains("libcublas.so." + QString::number(CUBLAS_VER_MAJOR)));
    }
    // A path that does not exist: no handle, and the one-line error names the path.
    void missingLibraryIsNamed() {
        const auto lib = loadCublas({"/nonexistent/libcublas.so.13"});
        QVERIFY(!lib.handle);
        QVERIFY2(QString::fromStdString(lib.error).startsWith("cuBLAS not loaded: "), lib.error.c_str());
        QVERIFY2(QString::fromStdString(lib.error).contains("/nonexistent/libcublas.so.13"), lib.error.c_str());
        QVERIFY(!lib.error.empty() && lib.error.find('\n') == std::string::npos);
    }
    // A library that opens but is not cuBLAS (the C maths library) is refused, naming what it lacks.
    void libraryWithoutTheEntryPointsIsRefused() {
        const auto lib = loadCublas({"libm.so.6"});
        QVERIFY(!lib.handle);
        QVERIFY2(QString::fromStdString(lib.error).contains("libm.so.6 lacks cublasCreate_v2"), lib.error.c_str());
    }
    // The first candidate failing does not stop the search.
    void laterCandidateIsTried() {
        if (libraryAbsent()) QSKIP("PRESISI_CUBLAS_LIBRARY points elsewhere");
        std::vector<std::string> c{"/nonexistent/libcublas.so.13"};
        for (const auto& s : cublasCandidates()) c.push_back(s);
        const auto lib = loadCublas(c);
        QVERIFY2(lib.handle, lib.error.c_str());
        QVERIFY(lib.error.empty());
    }
    // The forwarders reach the loaded library: cublasGetVersion needs no handle or device and answers the
    // header's CUBLAS_VERSION; with PRESISI_CUBLAS_LIBRARY pointing nowhere (tst_cublas_loader_absent)
    // the process-wide load fails and every forwarder answers NOT_INITIALIZED.
    void forwardersReachTheLibrary() {
        int version = -1;
        const cublasStatus_t st = cublasGetVersion_v2(nullptr, &version);
        if (libraryAbsent()) {
            QVERIFY(!cublasLibrary().handle);
            QCOMPARE(int(st), int(CUBLAS_STATUS_NOT_INITIALIZED));
            QCOMPARE(version, -1);
            cublasHandle_t h = nullptr;
            QCOMPARE(int(cublasCreate_v2(&h)), int(CUBLAS_STATUS_NOT_INITIALIZED));
            QCOMPARE(int(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH)), int(CUBLAS_STATUS_NOT_INITIALIZED));
            QCOMPARE(int(cublasDestroy_v2(h)), int(CUBLAS_STATUS_NOT_INITIALIZED));
            return;
        }
        QVERIFY2(cublasLibrary().handle, cublasLibrary().error.c_str());
        QCOMPARE(int(st), int(CUBLAS_STATUS_SUCCESS));
        QCOMPARE(version, CUBLAS_VERSION);
    }
};

QTEST_GUILESS_MAIN(TestCublasLoader)
#include "tst_cublas_loader.moc"
