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

using namespace presisi;

namespace {

QString describe(const QWidget* w) {
    QString text;
    if (auto* b = qobject_cast<const QAbstractButton*>(w)) text = b->text();
    else if (auto* l = qobject_cast<const QLabel*>(w)) text = l->text().left(60);
    else if (auto* c = qobject_cast<const QComboBox*>(w)) text = c->currentText();
    return QString("%1 \"%2\" in %3").arg(w->metaObject()->className(), text,
                                         w->parentWidget() ? w->parentWidget()->metaObject()->className() : "-");
}

// Fields, checkboxes, combos, sliders, progress bars, tables and charts: what a person reads or sets.
QList<QWidget*> readable(QWidget* page) {
    QList<QWidget*> out;
    for (QWidget* w : page->findChildren<QWidget*>()) {
        const bool field = qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QLineEdit*>(w) ||
                           qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w) ||
                           qobject_cast<QProgressBar*>(w) || qobject_cast<QSlider*>(w) ||
                           qobject_cast<QTableWidget*>(w);
        const bool chart = qobject_cast<QChartView*>(w) || qobject_cast<RangeChart*>(w);
        const bool part = qobject_cast<QLineEdit*>(w) && (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
                                                          qobject_cast<QComboBox*>(w->parentWidget()));
        if ((field || chart) && !part) out << w;
    }
    return out;
}

}  // namespace

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
