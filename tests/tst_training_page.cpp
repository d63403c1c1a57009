// The Training lab page's play logic and form: Play after a pause resumes the same setup and restarts a
// changed one (records in strict step order throughout), the "products and GELU" box through the
// controls and the preset JSON.
#include "app_support.h"

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
    void theProductsChoiceRoundTripsThroughControlsAndJson() {
        struct Mode { const char* text; Dispatch dispatch; BackwardAccumulation accumulation; TorchCpu cpu; };
        const Mode modes[] = {
            {"Presisi (backward f32 accumulation)", Dispatch::Presisi, BackwardAccumulation::F32, TorchCpu::ThisCpu},
            {"Presisi (storage accumulation)", Dispatch::Presisi, BackwardAccumulation::Storage, TorchCpu::ThisCpu},
            {"as PyTorch 1.13 on this CPU", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::ThisCpu},
            {"as PyTorch 1.13 with AVX-512", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::Avx512},
            {"as PyTorch 1.13 without AVX-512", Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::NoAvx512}};
        TrainingPage page;
        QComboBox* box = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>())
            if (c->findText(modes[0].text) >= 0) box = c;
        QVERIFY(box);
        QCOMPARE(box->count(), 5);
        for (const Mode& m : modes) {
            // From the defaults (Presisi, f32, this CPU), the box alone sets the mode.
            page.setScenario(fourLanes(10));
            box->setCurrentIndex(box->findText(m.text));
            const Scenario back = page.scenarioFromControls();
            QCOMPARE(back.dispatch, m.dispatch);
            if (m.dispatch == Dispatch::Presisi) QCOMPARE(back.backwardAccumulation, m.accumulation);
            else QCOMPARE(back.torchCpu, m.cpu);
            // The scenario shows the same entry again.
            page.setScenario(fourLanes(10));
            page.setScenario(back);
            QCOMPARE(box->currentText(), QString(m.text));
            const Scenario json = cli::scenarioFromJson(cli::scenarioToJson(back), "round trip");
            QCOMPARE(json.dispatch, back.dispatch);
            QCOMPARE(json.backwardAccumulation, back.backwardAccumulation);
            QCOMPARE(json.torchCpu, back.torchCpu);
        }
    }
};

QTEST_MAIN(TestTrainingPage)
#include "tst_training_page.moc"
