// The Training lab page's play logic and form: Play after a pause resumes the same setup and restarts a
// changed one (records in strict step order throughout), the "products and GELU" box through the
// controls and the preset JSON, the "follows" box, AdamW's weight decay and its arrows, the thumbnails after a reset.
#include "app_support.h"
#include "pages/scale_cast_view.h"
#include "widgets/boundary_view.h"
#include "widgets/number_field.h"

#include <QAbstractSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <map>

using namespace presisi;
using namespace presisi::apptest;

class TestTrainingPage : public QObject {
    Q_OBJECT
private slots:
    // Play after a pause goes on with the paused run only while the controls describe its setup: with
    // the same controls the steps continue (the records go on from the next step), after a change of
    // activation, optimizer, scaler, policy or products the run restarts from step 0 with it.
    void playAfterAChangeWhilePausedRestartsWithTheNewSetup_data() {
        QTest::addColumn<QString>("change");
        // (The loss is tied to the dataset, whose change the old comparison already caught.)
        for (const char* c : {"activation", "optimizer", "scaler", "policy", "products"}) QTest::newRow(c) << c;
    }
    void playAfterAChangeWhilePausedRestartsWithTheNewSetup() {
        QFETCH(QString, change);
        TrainingPage page;
        Scenario s = fourLanes(1000000);
        s.sizes = {2, 8, 3};
        s.pace = 0;
        page.setScenario(s);
        QSignalSpy started(page.controller(), &RunController::runStarted);
        QSignalSpy batches(page.controller(), &RunController::recordsReady);
        auto pauseAfter = [&](std::int64_t steps) {
            QVERIFY(waitFor([&] { return page.lastStepShown() >= steps; }, 60000));
            page.playPause();
            QVERIFY(waitFor([&] { return page.controller()->state() == RunState::Paused; }, 10000));
        };
        page.playPause();
        pauseAfter(5);
        // Unchanged controls: Play resumes (no new run) and the records go on from the next step.
        page.playPause();
        pauseAfter(page.lastStepShown() + 5);
        QCOMPARE(started.count(), 1);
        std::vector<RecordBatch> received;
        for (const auto& args : batches) received.push_back(args.at(0).value<RecordBatch>());
        QVERIFY(stepsInStrictOrder(received, 4, 0, static_cast<std::int64_t>(page.controller()->records().size() / 4)));

        Scenario changed = s;
        if (change == "activation") changed.activation = Activation::Tanh;
        if (change == "optimizer") changed.optimizer.kind = OptimizerSpec::Kind::Adam;
        if (change == "scaler") changed.scaler.growthFactor = 4.0;
        if (change == "policy") changed.opOverrides = {{OpKind::Softmax, OpPolicy::Low}};
        if (change == "products") changed.backwardAccumulation = BackwardAccumulation::Storage;
        QVERIFY(!(changed == s));
        page.setScenario(changed);
        batches.clear();
        page.playPause();
        QVERIFY(waitFor([&] { return started.count() == 2 && page.lastStepShown() >= 2; }, 60000));
        const Scenario& running = page.controller()->scenario();
        QCOMPARE(running.activation, changed.activation);
        QCOMPARE(running.optimizer.kind, changed.optimizer.kind);
        QCOMPARE(running.scaler.growthFactor, changed.scaler.growthFactor);
        QCOMPARE(running.backwardAccumulation, changed.backwardAccumulation);
        QCOMPARE(running.policyFor(LaneSpec{Device::Cpu, Format::BF16}).get(OpKind::Softmax),
                 changed.policyFor(LaneSpec{Device::Cpu, Format::BF16}).get(OpKind::Softmax));
        page.playPause();
        QVERIFY(waitFor([&] { return !page.controller()->busy(); }, 10000));
        // The new run's records start again at step 0.
        QVERIFY(!batches.isEmpty());
        const RecordBatch first = batches.first().at(0).value<RecordBatch>();
        QVERIFY(!first.records.empty());
        QCOMPARE(first.records.front().step, std::int64_t(0));
    }

    // The "products and GELU" choice: each of its five entries, picked in the box, gives the scenario fields
    // it names (expected values written by hand from the entries' texts: Scenario's backwardAccumulation /
    // dispatch / torchCpu), is shown again for that scenario, and goes through the preset JSON unchanged.
    // The "follows" box beside it picks the PyTorch version, and the PyTorch entries name it.
    // Ctrl+R takes a run back to step 0 of the same runner (no new run starts): the tiles it makes anew
    // still draw the run's data in their thumbnails, before and after the next step.
    void resetKeepsTheThumbnailsData() {
        TrainingPage page;
        Scenario s = fourLanes(5);
        s.pace = 0;
        page.setScenario(s);
        page.run();
        page.controller()->waitForIdle();
        const auto thumbnails = [&page] { return page.findChildren<BoundaryView*>(); };
        QCOMPARE(thumbnails().size(), 4);
        const int samples = thumbnails().front()->samples();
        QVERIFY(samples > 0);
        page.resetRun();
        page.controller()->waitForIdle();
        for (BoundaryView* b : thumbnails()) QCOMPARE(b->samples(), samples);
        page.stepOnce();
        page.controller()->waitForIdle();
        for (BoundaryView* b : thumbnails()) {
            QCOMPARE(b->samples(), samples);
            QVERIFY(b->hasPrediction());
        }
    }

    void theProductsChoiceRoundTripsThroughControlsAndJson() {
        struct Mode { const char* text; Dispatch dispatch; BackwardAccumulation accumulation; TorchCpu cpu; };
        const Mode modes[] = {
            {"Presisi (backward f32 accumulation)", Dispatch::Presisi, BackwardAccumulation::F32, TorchCpu::ThisCpu},
            {"Presisi (storage accumulation)", Dispatch::Presisi, BackwardAccumulation::Storage, TorchCpu::ThisCpu},
            {"as PyTorch 2.x on this CPU", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::ThisCpu},
            {"as PyTorch 2.x with AVX-512", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::Avx512},
            {"as PyTorch 2.x without AVX-512", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::NoAvx512}};
        TrainingPage page;
        QComboBox* box = nullptr;
        QComboBox* follows = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>()) {
            if (c->findText(modes[0].text) >= 0) box = c;
            if (c->findText("PyTorch 1.13") >= 0) follows = c;
        }
        QVERIFY(box);
        QVERIFY(follows);
        QCOMPARE(box->count(), 5);
        for (const TorchVersion version : {TorchVersion::V2, TorchVersion::V1_13}) {
            for (const Mode& m : modes) {
                // From the defaults (Presisi, f32, this CPU, PyTorch 2.x), the boxes alone set the mode.
                page.setScenario(fourLanes(10));
                QCOMPARE(follows->currentText(), QString("PyTorch 2.x"));
                follows->setCurrentIndex(follows->findText(version == TorchVersion::V2 ? "PyTorch 2.x" : "PyTorch 1.13"));
                QString text = m.text;
                if (version == TorchVersion::V1_13) text.replace("2.x", "1.13");
                QVERIFY2(box->findText(text) >= 0, qPrintable(text));
                box->setCurrentIndex(box->findText(text));
                const Scenario back = page.scenarioFromControls();
                QCOMPARE(back.dispatch, m.dispatch);
                QCOMPARE(back.torchVersion, version);
                if (m.dispatch == Dispatch::Presisi) QCOMPARE(back.backwardAccumulation, m.accumulation);
                else QCOMPARE(back.torchCpu, m.cpu);
                // The scenario shows the same entries again.
                page.setScenario(fourLanes(10));
                page.setScenario(back);
                QCOMPARE(box->currentText(), text);
                const Scenario json = services::scenarioFromJson(services::scenarioToJson(back), "round trip");
                QCOMPARE(json.dispatch, back.dispatch);
                QCOMPARE(json.backwardAccumulation, back.backwardAccumulation);
                QCOMPARE(json.torchCpu, back.torchCpu);
                QCOMPARE(json.torchVersion, back.torchVersion);
            }
        }
    }

    // The casts chart's "amax against the scale": two series per lane of 8 bits and below (its amax, and the amax its
    // scale fits, max ÷ scale, as a band) for the chosen layer. On amax-spike, current scaling's amax is its band at
    // every step; delayed scaling's rises above its band on the spike step and the band stays far above the amax for
    // the steps after it. Another layer draws other values; another statistic goes back to one series per lane.
    void castsChartDrawsAmaxAgainstTheScale() {
        TrainingPage page;
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        Scenario s = services::loadPreset("amax-spike");
        s.steps = 48;
        s.pace = 0;
        page.setScenario(s);
        page.setPace(0);
        page.run();
        QVERIFY(waitFor([&] { return page.controller()->state() == RunState::Finished; }, 120000));
        ScaleCastView* cell = page.scaleCastView();
        QVERIFY(cell->showingCasts());
        cell->setOperand(numerics::GemmOperand::Input);
        cell->setLayer(0);
        cell->setStatistic(ScaleCastView::Statistic::AmaxAgainstScale);
        LiveChart* casts = cell->casts();
        QCOMPARE(casts->lanes(), (QStringList{"cpu:fp8 max/scale", "cpu:fp8+delayed+sat max/scale", "cpu:fp8",
                                               "cpu:fp8+delayed+sat"}));
        // The bands have no legend entry (the title names them); the lanes' lines have theirs.
        const auto entries = [&] {
            QStringList shown;
            for (QLegendMarker* m : casts->chart()->legend()->markers())
                if (m->isVisible()) shown << m->label();
            return shown;
        };
        QTRY_COMPARE(entries(), (QStringList{"cpu:fp8", "cpu:fp8+delayed+sat"}));  // once laid out
        // A click on a lane's entry hides its band with its line, and shows both again; the bands keep no entry.
        const auto seriesNamed = [&](const QString& name) {
            for (QAbstractSeries* s : casts->chart()->series())
                if (s->name() == name) return s;
            return static_cast<QAbstractSeries*>(nullptr);
        };
        QAbstractSeries* delayedLine = seriesNamed("cpu:fp8+delayed+sat");
        QAbstractSeries* delayedBandSeries = seriesNamed("cpu:fp8+delayed+sat max/scale");
        QVERIFY(delayedLine && delayedBandSeries);
        for (const bool shown : {false, true}) {
            emit casts->chart()->legend()->markers(delayedLine).front()->clicked();
            QCOMPARE(delayedLine->isVisible(), shown);
            QCOMPARE(delayedBandSeries->isVisible(), shown);
            QVERIFY(seriesNamed("cpu:fp8 max/scale")->isVisible());
            QCOMPARE(entries(), (QStringList{"cpu:fp8", "cpu:fp8+delayed+sat"}));
        }
        const auto byStep = [&](int series) {
            std::map<int, double> m;
            for (const QPointF& p : casts->points(series)) m[int(p.x())] = p.y();
            return m;
        };
        const auto band = byStep(0), delayedBand = byStep(1), amax = byStep(2), delayedAmax = byStep(3);
        QCOMPARE(int(amax.size()), 48);
        for (const auto& [step, a] : amax) QVERIFY2(std::fabs(band.at(step) / a - 1) < 1e-5, qPrintable(QString::number(step)));
        QVERIFY(amax.at(31) > 40 && amax.at(30) < 2);  // the outlier's step
        QVERIFY2(delayedAmax.at(31) > 30 * delayedBand.at(31), qPrintable(QString::number(delayedAmax.at(31) / delayedBand.at(31))));
        for (int k = 32; k < 48; ++k) QVERIFY2(delayedBand.at(k) > 30 * delayedAmax.at(k), qPrintable(QString::number(k)));
        cell->setLayer(1);
        QVERIFY(byStep(2).at(0) != amax.at(0));
        cell->setStatistic(ScaleCastView::Statistic::Saturated);
        QCOMPARE(casts->lanes(), (QStringList{"cpu:fp8", "cpu:fp8+delayed+sat"}));
        QCOMPARE(int(byStep(1).size()), 48);
    }

    // AdamW chosen where no weight decay is set takes PyTorch's default, 0.01, as the command line does;
    // the field keeps a weight decay already set, and it goes into the scenario.
    // A long run zoomed in is drawn from the record store at the view's own resolution: 6,000 steps
    // of four lanes keep the charts in buckets of 4 steps; zoomed into steps 0-800, every lane's
    // loss and underflow are drawn as the lowest and highest record of each of the view's columns
    // (at most 3 steps wide). Switching "underflow of" redraws the whole run counting the new kind.
    void aZoomedLongRunIsDrawnFromTheRecordStore() {
        TrainingPage page;
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        Scenario s = fourLanes(6000);
        s.sizes = {2, 8, 3};
        s.batch = 16;
        s.pace = 0;
        page.setScenario(s);
        page.setPace(0);
        page.run();
        QVERIFY(waitFor([&] { return page.controller()->state() == RunState::Finished; }, 120000));
        const RecordStore& store = page.controller()->records();
        QCOMPARE(store.size(), std::size_t(6000 * 4));
        LiveChart* loss = page.lossChart();
        QVERIFY(loss->bucketSteps() >= 4);
        const QStringList lanes = loss->lanes();
        auto drawn = [](LiveChart* chart, const QString& name) {
            for (QAbstractSeries* s : chart->chart()->series())
                if (auto* line = qobject_cast<QLineSeries*>(s); line && line->name() == name) return line->points();
            return QList<QPointF>();
        };
        // The view's buckets, from the store: each must have its lowest and highest record drawn.
        auto check = [&](LiveChart* chart, const std::function<double(const StepRecord&)>& value, const char* what) {
            const qint64 w = chart->viewBucketSteps();
            QVERIFY2(w <= 3 && w < chart->bucketSteps(), qPrintable(QString("%1: view buckets of %2 steps").arg(what).arg(w)));
            for (int lane = 0; lane < lanes.size(); ++lane) {
                const QList<QPointF> line = drawn(chart, lanes[lane]);
                std::map<qint64, std::pair<QPointF, QPointF>> buckets;  // bucket -> (lowest, highest)
                const qint64 end = (801 / w) * w;                        // the whole buckets in steps 1-800
                store.forEach([&](const StepRecord& r) {
                    const double y = value(r);
                    if (r.lane != lane || r.step < 1 || r.step >= end || !std::isfinite(y)) return;
                    const QPointF p(double(r.step), y);
                    auto [it, fresh] = buckets.try_emplace(r.step / w, p, p);
                    if (!fresh && y < it->second.first.y()) it->second.first = p;
                    if (!fresh && y > it->second.second.y()) it->second.second = p;
                });
                QVERIFY(buckets.size() >= 800 / 3);
                for (const auto& [b, extremes] : buckets)
                    for (QPointF p : {extremes.first, extremes.second})
                        QVERIFY2(line.contains(p), qPrintable(QString("%1 %2: step %3 (%4) not drawn")
                                                                  .arg(what, lanes[lane]).arg(p.x()).arg(p.y())));
            }
        };
        loss->zoomToSteps(0, 800);
        check(loss, [](const StepRecord& r) { return r.loss > 0 ? std::log10(r.loss) : qQNaN(); }, "loss");
        LiveChart* under = page.underflowChart();
        under->zoomToSteps(0, 800);
        check(under, [](const StepRecord& r) { return 100.0 * r.weightGradUnderflow; }, "weight-gradient underflow");
        // "underflow of": activation gradients. The chart now counts them over the whole run.
        auto* kind = page.findChild<QComboBox*>("underflowKind");
        QVERIFY(kind);
        kind->setCurrentIndex(0);
        QVERIFY(!under->isZoomed());
        under->zoomToSteps(0, 800);
        check(under, [](const StepRecord& r) { return 100.0 * r.actGradUnderflow; }, "activation-gradient underflow");
    }

    void adamwTakesTorchsDefaultWeightDecay() {
        TrainingPage page;
        page.setScenario(fourLanes(10));
        QComboBox* optimizer = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>())
            if (c->findText("adamw") >= 0) optimizer = c;
        QVERIFY(optimizer);
        QCOMPARE(page.scenarioFromControls().optimizer.weightDecay, 0.0);
        optimizer->setCurrentIndex(optimizer->findText("adamw"));
        emit optimizer->activated(optimizer->currentIndex());
        const Scenario s = page.scenarioFromControls();
        QCOMPARE(s.optimizer.kind, OptimizerSpec::Kind::AdamW);
        QCOMPARE(s.optimizer.weightDecay, kAdamWDefaultWeightDecay);
        // Its arrows walk the 1-2-5 ladder, as the learning rate's do: 0.01 -> 0.02 -> 0.05.
        RealField* decay = nullptr;
        for (RealField* f : page.findChildren<RealField*>())
            if (f->toolTip().startsWith("Weight decay")) decay = f;
        QVERIFY(decay);
        decay->stepBy(1);
        QCOMPARE(decay->value(), 0.02);
        decay->stepBy(1);
        QCOMPARE(page.scenarioFromControls().optimizer.weightDecay, 0.05);
        Scenario decayed = fourLanes(10);
        decayed.optimizer.weightDecay = 0.25;
        page.setScenario(decayed);
        optimizer->setCurrentIndex(optimizer->findText("adamw"));
        emit optimizer->activated(optimizer->currentIndex());
        QCOMPARE(page.scenarioFromControls().optimizer.weightDecay, 0.25);
    }
};

QTEST_MAIN(TestTrainingPage)
#include "tst_training_page.moc"
