// The guided tour's steps: the tutorial's points in its order (two precisions and their roles; bf16
// against f16 range and the scaler; autocast on the CPU; the training loop; accumulating operations kept in
// f32; the NaN symptom; the honest comparison across seeds), then what eight bits add (a scale per tensor, e5m2
// for gradients). Every claim a step makes is asserted by
// tests/tst_guided_tour.cpp on the window the step sets up.
#include "guided_tour.h"

#include <QLocale>
#include <QTableWidget>

#include "main_window.h"
#include "pages/convergence_page.h"
#include "pages/doctor_panel.h"
#include "pages/linear_page.h"
#include "pages/scale_cast_view.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/lane_tile.h"
#include "widgets/live_chart.h"
#include "widgets/section.h"

namespace presisi {

namespace {

// Numbers in the sentences are written in the window's locale (Indonesian 0,001253 and 10.000).
QString n(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }
QString n(int v) { return QLocale().toString(v); }

void training(MainWindow& w, const char* preset, bool start) {
    w.setPage(MainWindow::TrainingIndex);
    w.loadPreset(preset, start);
}

QWidget* bf16Tile(MainWindow& w) {
    for (LaneTile* t : w.linearPage()->tiles())
        if (t->lane() == "cpu:bf16") return t;
    return w.linearPage();
}

QList<TourStep> makeSteps() {
    QList<TourStep> s;
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "Two precisions, two roles"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "float32 is the safe standard: its range keeps accumulated gradients intact, but its "
                                "operations cost the most. bfloat16 and float16 make the large matrix products fast and "
                                "halve the memory of activations. Mixed precision splits the roles, as this autocast "
                                "policy shows: linear (the matrix products) runs in the lane's low format, the loss in "
                                "float32."),
              {},
              [](MainWindow& w) {
                  training(w, "underflow", false);
                  // The policy sits in a folded section of the side panel: unfold it.
                  for (QWidget* p = w.trainingPage()->policyTable(); p; p = p->parentWidget())
                      if (auto* section = qobject_cast<Section*>(p)) {
                          section->setExpanded(true);
                          break;
                      }
              },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->policyTable(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "bfloat16 or float16: range and the loss scaler"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "bfloat16 has float32's exponent range and needs no special care; float16's range is "
                                "narrow (smallest subnormal 2^-24, about 6e-8; largest %1). Here small gradients sink "
                                "to zero in cpu:f16, whose underflow climbs to 100% while cpu:bf16's stays near zero. "
                                "The loss scaler multiplies the loss by %2 before the backward pass, and cpu:f16+scaler's "
                                "gradients fit again."),
              [] { return QStringList{n(65504), n(65536)}; },
              [](MainWindow& w) { training(w, "underflow", true); },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->underflowChart(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "autocast on the CPU: the tutorial's example"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "nn.Linear(256, 256) on a batch of 64 inputs, seed 0, computed in float32 and under "
                                "autocast with bfloat16, as in the tutorial. The output is bfloat16, its mean |diff| "
                                "from float32 is %1 and the direction correlation %2: the signal is intact at the "
                                "precision training uses. On a GPU the calls are the same, with the device changed."),
              [] { return QStringList{n(0.001253, 6), n(1.0, 1)}; },
              [](MainWindow& w) {
                  w.setPage(MainWindow::LinearIndex);
                  // The tutorial's lanes and float32 accumulation, whatever was chosen before: the card's
                  // numbers are those of this setup.
                  w.linearPage()->resetPage();
                  w.linearPage()->setConfig(LinearConfig{});  // 256, 256, 64, seed 0
                  w.linearPage()->computeNow();  // a result cancelled earlier is computed again
              },
              bf16Tile});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "The training loop"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "Each lane runs the forward pass and the loss inside autocast, the backward pass outside "
                                "it; master weights and the optimizer stay in float32, and the final evaluation runs in "
                                "float32 without gradients. With float16 the loss scaler wraps backward and step: a "
                                "step whose scaled gradients overflow is skipped (marked on this chart) and the scale "
                                "halved, and after %1 clean steps it doubles. bfloat16 needs no scaler."),
              [] { return QStringList{n(50)}; },
              [](MainWindow& w) { training(w, "scaler-growth", true); },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->scaleChart(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "Accumulate in float32"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "The risk lies in accumulating operations. %1 values below 1 are summed one by one: "
                                "float32 reaches about %2, bfloat16 stalls near 256 (its values there lie 2 apart, so "
                                "adding less than 1 rounds back) and float16 near %3. Loss sums over large batches, "
                                "long gradient accumulation and batch-norm statistics therefore stay in float32; "
                                "autocast does most of this by default."),
              [] { return QStringList{n(10000), n(5000), n(2048)}; },
              [](MainWindow& w) { training(w, "accumulation", true); },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->lossChart(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "Sensitive operations forced into the low format"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "This run overrides autocast: log_softmax, the loss and its batch mean run in the "
                                "lane's format. The %1 per-sample losses, each near %2, summed in bfloat16 stall at "
                                "512, so cpu:bf16 reports %3 instead of %2 from the first step. That is why autocast "
                                "keeps losses (and on CUDA softmax and sums) in float32."),
              [] { return QStringList{n(2048), n(1.6, 1), n(0.25, 2)}; },
              [](MainWindow& w) { training(w, "sensitive-ops", true); },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->lossChart(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "The symptom: NaN in the first steps"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "Watch for a loss that turns NaN in the first steps. Here float16's gradients exceed %1 "
                                "in the first backward pass, the update writes NaN into the weights, and the NaN doctor "
                                "names the layer and pass where the first inf appeared. The first remedies: a lower "
                                "learning rate, or bfloat16, whose range is safer (cpu:bf16 trains on)."),
              [] { return QStringList{n(65504)}; },
              [](MainWindow& w) { training(w, "overflow-nan", true); },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->doctorPanel(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "An honest comparison across seeds"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "One run proves little: the Convergence check (Ctrl+5) trains every lane from several "
                                "model seeds on the same data and evaluates each in float32. A lane is safe when its "
                                "mean shift from float32 is within twice the larger of float32's seed-to-seed spread "
                                "and its evaluation noise; a larger shift calls for an audit of the sensitive "
                                "operations. Each verdict names the term that decided: on the underflow setup the "
                                "seeds agree so closely that the evaluation noise sets the threshold; cpu:bf16 and "
                                "cpu:f16+scaler safe, cpu:f16 audit."),
              {},
              [](MainWindow& w) {
                  training(w, "underflow", false);
                  w.setPage(MainWindow::ConvergenceIndex);
                  w.convergencePage()->setSeeds(5);
                  w.convergencePage()->runCheck();
              },
              [](MainWindow& w) -> QWidget* { return w.convergencePage()->verdictTable(); }});
    s.append({QT_TRANSLATE_NOOP("GuidedTour", "Eight bits: a scale per tensor, e5m2 for gradients"),
              QT_TRANSLATE_NOOP("GuidedTour",
                                "FP8 holds too few binades for raw values, so every tensor is multiplied by a scale that "
                                "puts its largest value at the format's max (%1 for e4m3) before the cast. Gradients "
                                "span more than e4m3 holds: cast to e4m3 (cpu:e4m3), about a quarter of the output "
                                "gradients' non-zero elements become zero in the worst layer, while e5m2, the gradient "
                                "format of the usual FP8 recipe (cpu:fp8), loses under 3%."),
              [] { return QStringList{n(448)}; },
              [](MainWindow& w) {
                  training(w, "e4m3-gradients", true);
                  ScaleCastView* cell = w.trainingPage()->scaleCastView();
                  cell->setShowingCasts(true);
                  cell->setStatistic(ScaleCastView::Statistic::Underflowed);
                  cell->setOperand(numerics::GemmOperand::OutputGradient);
              },
              [](MainWindow& w) -> QWidget* { return w.trainingPage()->castChart(); }});
    return s;
}

}  // namespace

const QList<TourStep>& tourSteps() {
    static const QList<TourStep> steps = makeSteps();
    return steps;
}

void stopTourWork(MainWindow& w) {
    if (w.convergencePage()->running()) w.convergencePage()->cancel();
    w.trainingPage()->doctorPanel()->cancelRemedy();
    if (w.trainingPage()->controller()->busy()) w.trainingPage()->controller()->stop();
}

}  // namespace presisi
