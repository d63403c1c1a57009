// Tooltips of the Linear lab, Formats, Speed and Convergence pages: every chart, tile number, checkbox,
// combo and field says what it measures (a walk over each page's widgets, naming the first without one),
// and the correlation tile explains its 1.0 with the lane's own numbers.
#include <QtTest>

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QChartView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QTableWidget>
#include <QToolTip>

#include "engine/training/scenario.h"
#include "pages/convergence_page.h"
#include "pages/formats_page.h"
#include "pages/linear_page.h"
#include "pages/speed_page.h"
#include "widgets/format_views.h"
#include "widgets/lane_tile.h"
#include "widgets/seed_chart.h"
#include "tooltip_walk.h"

using namespace presisi;
using presisi::testing::describe;
using presisi::testing::readable;

namespace {

void requireTips(const QList<QWidget*>& widgets) {
    for (QWidget* w : widgets)
        QVERIFY2(!w->toolTip().trimmed().isEmpty(), qPrintable("no tooltip: " + describe(w)));
}

// Every label of a lane tile that shows text (the lane's name, the three numbers and their captions,
// the details line) has a tooltip.
void requireTileTips(LaneTile* tile) {
    for (QLabel* l : tile->findChildren<QLabel*>())
        if (!l->text().isEmpty())
            QVERIFY2(!l->toolTip().trimmed().isEmpty(),
                     qPrintable(QString("no tooltip on tile %1: %2").arg(tile->lane(), describe(l))));
}

}  // namespace

class TestTooltipsA : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // English numbers with group separators ("16,384"), whatever the machine's locale.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void linearPage() {
        LinearPage page;
        QSignalSpy computed(&page, &LinearPage::computed);
        QVERIFY(computed.wait(60000));
        requireTips(readable(&page));
        for (QWidget* chart : page.charts()) QVERIFY2(!chart->toolTip().isEmpty(), qPrintable(describe(chart)));
        QVERIFY(page.tiles().size() >= 3);
        for (LaneTile* tile : page.tiles()) requireTileTips(tile);
    }

    void correlationTipExplainsOne() {
        // The tutorial's example (256, 256, 64, seed 0): the bf16 tile shows correlation 1.0, and its
        // tooltip gives the unrounded value and the relative L2 error that explain it. Expected numbers:
        // `presisi linear` (the CLI, the same engine) prints rel. L2 0.002771 for cpu:bf16, i.e. 0.28 %.
        LinearPage page;
        QSignalSpy computed(&page, &LinearPage::computed);
        QVERIFY(computed.wait(60000));
        LaneTile* bf16 = nullptr;
        for (LaneTile* t : page.tiles())
            if (t->lane() == "cpu:bf16") bf16 = t;
        QVERIFY(bf16);
        QCOMPARE(bf16->bigValueTexts().value(2), QString("1.0"));
        QString tip;
        for (QLabel* l : bf16->findChildren<QLabel*>())
            if (l->text() == "1.0") tip = l->toolTip();
        QVERIFY2(tip.contains("before rounding") && tip.contains("0.28%") && tip.contains("16,384"), qPrintable(tip));
        QVERIFY2(tip.contains("0.9999"), qPrintable(tip));  // the value itself, not yet rounded
    }

    void formatsPage() {
        FormatsPage page;
        requireTips(readable(&page));
        // One bit view per format (f32 down to e8m0), and the range strip.
        QCOMPARE(page.findChildren<BitsView*>().size(), qsizetype(9));
        QCOMPARE(page.findChildren<RangeView*>().size(), qsizetype(1));
        for (QLabel* l : page.findChildren<QLabel*>())
            if (l->text().startsWith("stored")) QVERIFY2(!l->toolTip().isEmpty(), qPrintable(describe(l)));
    }

    void speedPage() {
        SpeedPage page;
        page.setScenarioSource([] { return Scenario{}; });
        requireTips(readable(&page));
        for (QWidget* chart : page.charts()) QVERIFY2(!chart->toolTip().isEmpty(), qPrintable(describe(chart)));
        // The text under each of the four charts (speed-up, largest batch, knee, bottleneck) says how to read it.
        int tipped = 0;
        for (QLabel* l : page.findChildren<QLabel*>())
            if (l->textFormat() == Qt::RichText && !l->toolTip().isEmpty()) ++tipped;
        QVERIFY2(tipped >= 4, qPrintable(QString("%1 section texts with a tooltip").arg(tipped)));
    }

    void convergencePage() {
        ConvergencePage page;
        requireTips(readable(&page));
        QVERIFY(!page.chart()->toolTip().isEmpty());
        QTableWidget* table = page.verdictTable();
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY2(!table->horizontalHeaderItem(c)->toolTip().isEmpty(),
                     qPrintable(QString("column %1 (%2)").arg(c).arg(table->horizontalHeaderItem(c)->text())));
    }

    void longTipsWrap() {
        // A plain-text tooltip is drawn on one line by Qt: the pages' two-sentence tips are shown as a
        // wrapped paragraph instead (widgets/tool_tips.cpp), short ones as they are.
        FormatsPage page;
        page.resize(900, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* field = page.findChild<QLineEdit*>();
        QVERIFY(field && field->toolTip().size() > 70);
        QHelpEvent help(QEvent::ToolTip, QPoint(5, 5), field->mapToGlobal(QPoint(5, 5)));
        QApplication::sendEvent(field, &help);
        QVERIFY2(QToolTip::isVisible() && QToolTip::text().startsWith("<p>"), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains("0x1p-24"));
        QToolTip::hideText();
    }
};

QTEST_MAIN(TestTooltipsA)
#include "tst_tooltips_a.moc"
