// Tooltips of the Training lab: every chart, tile number, checkbox, combo and field of the page (side panel,
// the autocast policy's combos, the range view, the NaN doctor once it has opened on overflow-nan) says what
// it measures (a walk over the page's widgets, naming the first without one).
#include <QtTest>

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSlider>
#include <QTableWidget>

#include "pages/doctor_panel.h"
#include "pages/gradient_ranges.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/lane_tile.h"
#include "widgets/range_chart.h"
#include "tooltip_walk.h"

using namespace presisi;
using presisi::testing::describe;
using presisi::testing::readable;

class TestTooltipsB : public QObject {
    Q_OBJECT
private slots:
    void everyControlChartAndTileNumberHasATooltip() {
        TrainingPage page;
        page.resize(1280, 760);
        QVERIFY(page.loadPreset("overflow-nan", false));
        page.setPace(0);
        page.run();
        QVERIFY(QTest::qWaitFor([&] { return page.doctorPanel()->hasFault(); }, 60000));
        page.controller()->stop();
        page.controller()->waitForIdle();
        QVERIFY(page.doctorPanel()->isOpen());
        const QList<QWidget*> widgets = readable(&page);
        QVERIFY(widgets.size() > 30);
        for (QWidget* w : widgets) QVERIFY2(!w->toolTip().trimmed().isEmpty(), qPrintable("no tooltip: " + describe(w)));
        // Every tile's numbers: the three captions and values carry what they measure.
        const QList<LaneTile*> tiles = page.findChildren<LaneTile*>();
        QCOMPARE(tiles.size(), 4);
        for (LaneTile* t : tiles) {
            int tipped = 0;
            for (QLabel* l : t->findChildren<QLabel*>())
                if (t->bigValueTexts().contains(l->text()) && !l->toolTip().isEmpty()) ++tipped;
            QVERIFY2(tipped >= 3, qPrintable(t->lane()));
        }
    }
};

QTEST_MAIN(TestTooltipsB)
#include "tst_tooltips_b.moc"
