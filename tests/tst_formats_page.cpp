// The Formats page's formats of 8 bits and below: the value rows (OCP overflow against saturating), the number
// line's rounding intervals, the block view against FP8.md's worked examples (torchao's to_mx FLOOR and
// Transformer Engine's RCEIL), bad block input, keyboard entry, and the page's exports. Expected numbers by
// hand from the OCP specs and ml_dtypes (see ../shared/FP8.md).
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "main_window.h"
#include "pages/formats_page.h"
#include "pages/training_page.h"
#include "run_controller.h"
#include "widgets/block_table.h"
#include "widgets/block_view.h"
#include "widgets/number_line_view.h"

using namespace presisi;

namespace {

int indexOf(Format f) { return int(std::find(std::begin(kEveryFormat), std::end(kEveryFormat), f) - std::begin(kEveryFormat)); }

// 32 values: `head` then zeros (zeros stay zero and are not counted as "became zero").
QString block(const QList<double>& head) {
    QStringList words;
    for (int i = 0; i < BlockView::kValues; ++i) words << QString::number(i < head.size() ? head[i] : 0.0, 'g', 9);
    return words.join(", ");
}

}  // namespace

class TestFormatsPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void valuesInTheNewFormats_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("format");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QString>("bits");
        QTest::addRow("e4m3 500 ocp") << "500" << int(Format::E4M3) << false << "NaN" << "0x7f";
        QTest::addRow("e4m3 500 saturate") << "500" << int(Format::E4M3) << true << "448" << "0x7e (0.1111.110)";
        QTest::addRow("e4m3 464 ties to 448") << "464" << int(Format::E4M3) << false << "448" << "0x7e";
        QTest::addRow("e5m2 61440 ocp") << "61440" << int(Format::E5M2) << false << "inf" << "0x7c";
        QTest::addRow("e5m2 61440 saturate") << "61440" << int(Format::E5M2) << true << "57344" << "0x7b";
        QTest::addRow("e2m1 0.3") << "0.3" << int(Format::E2M1) << false << "0.5" << "0x1 (0.00.1)";
        QTest::addRow("e2m1 100 saturates anyway") << "100" << int(Format::E2M1) << false << "6" << "0x7";
        QTest::addRow("e3m2 -0.1") << "-0.1" << int(Format::E3M2) << false << "-0.125" << "0x22";
        QTest::addRow("e2m3 1e9") << "1e9" << int(Format::E2M3) << false << "7.5" << "0x1f";
        QTest::addRow("e8m0 3 ties up") << "3" << int(Format::E8M0) << false << "4" << "0x81 (10000001)";
        QTest::addRow("e8m0 0") << "0" << int(Format::E8M0) << false << "NaN" << "0xff";
    }
    void valuesInTheNewFormats() {
        QFETCH(QString, typed);
        QFETCH(int, format);
        QFETCH(bool, saturate);
        QFETCH(QString, stored);
        QFETCH(QString, bits);
        FormatsPage page;
        page.setSaturate(saturate);
        page.setValueText(typed);
        const QString s = page.summary(indexOf(Format(format)));
        QVERIFY2(s.startsWith("stored <b>" + stored + "</b>"), qPrintable(s));
        QVERIFY2(s.contains("bits " + bits), qPrintable(s));
    }

    // The OCP conversion and the saturating one side by side: each row says what the other would give.
    void overflowNamesTheOtherConvention() {
        FormatsPage page;
        page.setValueText("500");
        QVERIFY2(page.summary(indexOf(Format::E4M3)).contains("saturating gives 448"), qPrintable(page.summary(3)));
        page.setSaturate(true);
        QVERIFY2(page.summary(indexOf(Format::E4M3)).contains("the OCP conversion gives NaN"), qPrintable(page.summary(3)));
        page.setValueText("65520");
        QVERIFY(page.summary(indexOf(Format::F16)).startsWith("stored <b>65504</b>"));
        page.setSaturate(false);
        QVERIFY(page.summary(indexOf(Format::F16)).startsWith("stored <b>inf</b>"));
        page.setValueText("-1");
        QVERIFY2(page.summary(indexOf(Format::E8M0)).contains("no zero and no sign"), qPrintable(page.summary(8)));
    }

    // 65520 is the tie at f16's top as 0x1p-25 is the one at its foot: both are worked out, neighbours named.
    void tiesAtBothEndsAreWorkedOut() {
        FormatsPage page;
        page.setValueText("65520");
        const QString top = page.summary(indexOf(Format::F16));
        QVERIFY2(top.contains("exactly halfway between the largest value 65504 and 65536 = 2^16") &&
                     top.contains("a tie, rounded to the even neighbour") && top.contains("65536, which f16 cannot hold: inf"),
                 qPrintable(top));
        page.setSaturate(true);
        QVERIFY2(page.summary(indexOf(Format::F16)).contains("saturated to ±65504"), qPrintable(page.summary(indexOf(Format::F16))));
        page.setSaturate(false);
        page.setValueText("0x1p-25");
        QVERIFY(page.summary(indexOf(Format::F16)).contains("a tie, rounded to the even neighbour, 0"));
        page.setValueText("464");  // e4m3's max 448 ends in a 0 bit: the tie stays in range
        const QString e4m3 = page.summary(indexOf(Format::E4M3));
        QVERIFY2(e4m3.contains("between the largest value 448 and 480") && e4m3.contains("rounded to the even neighbour, 448"),
                 qPrintable(e4m3));
    }

    // In Indonesian a row's max reads as its values do (65504, not 65.504 beside them), and the page takes
    // the 0,1 its explanation suggests; 12.345 (twelve, or twelve thousand?) is refused with the reason.
    void numbersInTheWindowsLanguage() {
        QLocale::setDefault(QLocale(QLocale::Indonesian, QLocale::Indonesia));
        {
            FormatsPage page;
            QStringList titles;
            for (QGroupBox* b : page.findChildren<QGroupBox*>()) titles << b->title();
            const QString all = titles.join("\n");
            QVERIFY2(all.contains("max 65504") && !all.contains("65.504"), qPrintable(all));
            page.setValueText("0,1");
            QVERIFY2(page.summary(indexOf(Format::F16)).startsWith("stored <b>0,09997558594</b>"),
                     qPrintable(page.summary(indexOf(Format::F16))));
            page.setValueText("12.345");
            bool refused = false;
            for (QLabel* l : page.findChildren<QLabel*>()) refused = refused || l->text().contains("12345");
            QVERIFY(refused);
            page.setValueText("0x1p-25");
            QVERIFY(page.summary(indexOf(Format::F16)).contains("a tie"));
        }
        QLocale::setDefault(QLocale::c());
    }

    void groupChoosesTheRows() {
        FormatsPage page;
        QCOMPARE(page.group(), FormatsPage::Group::Compute);
        QVERIFY(page.rowShown(0) && !page.rowShown(indexOf(Format::E4M3)));
        page.setGroup(FormatsPage::Group::Mini);
        QVERIFY(!page.rowShown(0) && page.rowShown(indexOf(Format::E4M3)) && page.rowShown(indexOf(Format::E8M0)));
        page.setGroup(FormatsPage::Group::All);
        for (int i = 0; i < 9; ++i) QVERIFY(page.rowShown(i));
    }

    void roundingIntervals_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<double>("stored");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<double>("lo");
        QTest::addColumn<bool>("loIn");
        QTest::addColumn<double>("hi");
        QTest::addColumn<bool>("hiIn");
        const double inf = INFINITY;
        // 0.5 is code 1 (odd): both ties, 0.25 and 0.75, go to its even neighbours 0 and 1.
        QTest::addRow("e2m1 0.5") << int(Format::E2M1) << 0.5 << false << 0.25 << false << 0.75 << false;
        QTest::addRow("e2m1 1") << int(Format::E2M1) << 1.0 << false << 0.75 << true << 1.25 << true;
        QTest::addRow("e2m1 -4") << int(Format::E2M1) << -4.0 << false << -5.0 << true << -3.5 << true;
        QTest::addRow("e2m1 6 saturates") << int(Format::E2M1) << 6.0 << false << 5.0 << false << inf << true;
        QTest::addRow("e4m3 448 ocp") << int(Format::E4M3) << 448.0 << false << 432.0 << true << 464.0 << true;
        QTest::addRow("e4m3 448 saturate") << int(Format::E4M3) << 448.0 << true << 432.0 << true << inf << true;
        QTest::addRow("e4m3 0") << int(Format::E4M3) << 0.0 << false << 0.0 << true << std::ldexp(1.0, -10) << true;
        QTest::addRow("e5m2 inf") << int(Format::E5M2) << inf << false << 61440.0 << true << inf << true;
        QTest::addRow("e8m0 4 ties up") << int(Format::E8M0) << 4.0 << false << 3.0 << true << 6.0 << false;
        QTest::addRow("e8m0 smallest") << int(Format::E8M0) << std::ldexp(1.0, -127) << false << 0.0 << false
                                       << 1.5 * std::ldexp(1.0, -127) << false;
    }
    void roundingIntervals() {
        QFETCH(int, format);
        QFETCH(double, stored);
        QFETCH(bool, saturate);
        QFETCH(double, lo);
        QFETCH(bool, loIn);
        QFETCH(double, hi);
        QFETCH(bool, hiIn);
        const RoundingInterval r =
            roundingInterval(Format(format), float(stored), saturate ? Overflow::Saturate : Overflow::Ocp);
        QVERIFY(r.exists);
        QCOMPARE(r.lo, lo);
        QCOMPARE(r.loIncluded, loIn);
        QCOMPARE(r.hi, hi);
        QCOMPARE(r.hiIncluded, hiIn);
    }

    void numberLineFollowsTheValue() {
        FormatsPage page;
        page.setNumberLineFormat(Format::E2M1);
        page.setValueText("0.3");
        QCOMPARE(page.numberLine()->stored(), 0.5f);
        QVERIFY(!page.numberLine()->logAxis());
        QVERIFY2(page.numberLineText().contains("(0.25, 0.75)") && page.numberLineText().contains("neither end"),
                 qPrintable(page.numberLineText()));
        page.setNumberLineFormat(Format::E4M3);
        page.setValueText("500");
        QVERIFY(page.numberLine()->logAxis());
        QVERIFY2(page.numberLineText().contains("above 464"), qPrintable(page.numberLineText()));
        page.setSaturate(true);
        QCOMPARE(page.numberLine()->stored(), 448.0f);
        QVERIFY2(page.numberLineText().contains("[432, inf]"), qPrintable(page.numberLineText()));
        // No input reaches e5m2's inf code when saturating.
        QVERIFY(!roundingInterval(Format::E5M2, INFINITY, Overflow::Saturate).exists);
    }

    // FP8.md's worked examples: e4m3 amax 500 → FLOOR 2^0 (500 saturates to 448), RCEIL 2^1 (500 → 512);
    // amax 255 → FLOOR 2^-1 (510 clamps to 448: 224), RCEIL 2^0.
    void blockScalesOfTheWorkedExamples() {
        FormatsPage page;
        BlockView* b = page.blockView();
        b->setFormat(ScaledFormat::Mxfp8);
        b->setModes(ScaleMode::Floor, ScaleMode::Rceil);
        b->setText(block({500, 1, -2, 0.001}));
        QVERIFY2(b->valid(), qPrintable(b->errorText()));
        QCOMPARE(b->left()->blocks.at(0).scaleCode, std::uint8_t(127));
        QCOMPARE(b->right()->blocks.at(0).scaleCode, std::uint8_t(128));
        QVERIFY2(b->summary(false).contains("2^0") && b->summary(false).contains("0x7f"), qPrintable(b->summary(false)));
        QVERIFY2(b->summary(true).contains("2^1") && b->summary(true).contains("0x80"), qPrintable(b->summary(true)));
        QVERIFY2(b->summary(false).contains("1 saturated"), qPrintable(b->summary(false)));
        QVERIFY2(b->summary(true).contains("0 saturated"), qPrintable(b->summary(true)));
        // The table: element 0 is 448 under FLOOR (code 0x7e, marked saturated), 512 under RCEIL.
        QCOMPARE(b->table()->cellText(0, 2), QString("0x7e"));
        QCOMPARE(b->table()->cellText(0, 3), QString("448 ▲"));
        QCOMPARE(b->table()->cellText(0, 6), QString("512"));
        b->setText(block({255, 1}));
        QCOMPARE(int(b->left()->blocks.at(0).scaleCode) - 127, -1);
        QCOMPARE(b->left()->dequantised.at(0), 224.0f);
        QCOMPARE(int(b->right()->blocks.at(0).scaleCode) - 127, 0);
    }

    void blockFp4ElementsFloorAgainstRceil() {
        FormatsPage page;
        BlockView* b = page.blockView();
        b->setFormat(ScaledFormat::Mxfp4);
        b->setModes(ScaleMode::Floor, ScaleMode::Rceil);
        b->setText(block({5, 7, 0.25, 0.75, 3}));
        QVERIFY2(b->valid(), qPrintable(b->errorText()));
        const QList<float> floorWant{4, 6, 0, 1, 3}, rceilWant{4, 8, 0, 1, 3};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(b->left()->dequantised.at(i), floorWant[i]);
            QCOMPARE(b->right()->dequantised.at(i), rceilWant[i]);
        }
        QCOMPARE(b->table()->cellText(2, 3), QString("0 ○"));  // 0.25 became zero
        QCOMPARE(b->table()->cellText(1, 3), QString("6 ▲"));  // 7 saturated under FLOOR
        QCOMPARE(b->table()->cellText(1, 6), QString("8"));
        QCOMPARE(b->table()->cellText(1, 2), QString("0x7"));  // e2m1 codes are one hex digit
        QVERIFY(b->summary(false).contains("1 became zero"));
    }

    void blockNvfp4HasTwoBlocksAndNoSecondMode() {
        FormatsPage page;
        BlockView* b = page.blockView();
        b->setFormat(ScaledFormat::Nvfp4);
        QVERIFY2(b->valid(), qPrintable(b->errorText()));
        QCOMPARE(b->left()->blocks.size(), std::size_t(2));
        QVERIFY(!b->right().has_value());
        QVERIFY2(b->summary(false).contains("tensor scale") && b->summary(false).contains("block 2"),
                 qPrintable(b->summary(false)));
        QVERIFY(b->table()->isColumnHidden(5));
    }

    void badBlockInputSaysWhat() {
        FormatsPage page;
        BlockView* b = page.blockView();
        b->setText("1 2 abc 4");
        QVERIFY(!b->valid());
        QVERIFY2(b->errorText().contains("'abc' (number 3) is not a number"), qPrintable(b->errorText()));
        QCOMPARE(b->table()->rowCount(), 0);
        // Fewer than 32: the rest are zeros, and a note says so (the worked example needs no 27 zeros).
        b->setText("1, 2; 3\n4");
        QVERIFY2(b->valid() && b->errorText().isEmpty(), qPrintable(b->errorText()));
        QCOMPARE(b->noteText(), QString("4 numbers given: the other 28 of the block are 0"));
        QCOMPARE(b->values().size(), std::size_t{32});
        QCOMPARE(b->values().at(3), 4.0f);
        QCOMPARE(b->values().at(31), 0.0f);
        b->setText(QString("1 ").repeated(33));
        QVERIFY2(b->errorText().contains("32 numbers: 33 given"), qPrintable(b->errorText()));
        QCOMPARE(b->table()->rowCount(), 0);
        b->setText(block({0x1p-3, 1}).replace("0.125", "0x1p-3"));
        QVERIFY2(b->valid() && b->errorText().isEmpty(), qPrintable(b->errorText()));
        QCOMPARE(b->values().at(0), 0.125f);
    }

    void randomBlockIsSeededAndHasAnOutlier() {
        QCOMPARE(BlockView::randomValues(5), BlockView::randomValues(5));
        QVERIFY(BlockView::randomValues(5) != BlockView::randomValues(6));
        for (int seed : {1, 2, 3, 4, 5}) {
            std::vector<float> v = BlockView::randomValues(seed);
            std::sort(v.begin(), v.end(), [](float a, float b) { return std::fabs(a) > std::fabs(b); });
            QVERIFY2(std::fabs(v[0]) >= 30 && std::fabs(v[1]) < 6, qPrintable(QString("seed %1: %2, %3").arg(seed).arg(v[0]).arg(v[1])));
        }
        FormatsPage page;
        BlockView* b = page.blockView();
        const int seed = b->seed();
        b->findChild<QPushButton*>()->click();
        QCOMPARE(b->seed(), seed + 1);
        QCOMPARE(b->values(), BlockView::randomValues(seed + 1));
    }

    // Keys typed into the block field on the shown page, and the scale mode switched with the keyboard.
    void blockTypedWithTheKeyboard() {
        FormatsPage page;
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.setTab(FormatsPage::BlockTab);
        auto* field = page.blockView()->findChild<QPlainTextEdit*>();
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        field->selectAll();
        QTest::keyClicks(field, "1 2 x");
        QVERIFY(page.blockView()->errorText().contains("'x'"));
        field->clear();
        QTest::keyClicks(field, block({500, 3}));
        QVERIFY2(page.blockView()->valid(), qPrintable(page.blockView()->errorText()));
        QTest::keyClick(field, Qt::Key_Tab);  // Tab leaves the field for the format
        QTRY_VERIFY(qobject_cast<QComboBox*>(QApplication::focusWidget()));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);  // the first scale mode
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_End);  // RCEIL
        QCOMPARE(int(page.blockView()->left()->blocks.at(0).scaleCode), 128);
    }

    // The same through the whole window, keys entering as a person's do (QWindow: the shortcut map sees them
    // first): a space between the numbers is text, not Play; '.' is a decimal point, not Single step.
    void blockTypedInTheWindowKeepsItsKeys() {
        MainWindow w(false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.setPage(MainWindow::FormatsIndex);
        FormatsPage* page = w.formatsPage();
        page->setTab(FormatsPage::BlockTab);
        auto* field = page->blockView()->findChild<QPlainTextEdit*>();
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        field->selectAll();
        for (const char c : std::string("5, 7 0.25")) QTest::keyClick(w.windowHandle(), c);
        QCOMPARE(field->toPlainText(), QString("5, 7 0.25"));
        QCOMPARE(w.page(), int(MainWindow::FormatsIndex));
        QVERIFY(w.trainingPage()->controller()->records().empty());
    }

    void exportsHoldTheNewRowsAndTheBlock() {
        FormatsPage page;
        page.setValueText("500");
        page.blockView()->setFormat(ScaledFormat::Mxfp4);
        page.blockView()->setText(block({5, 7, 0.25, 0.75, 3}));
        QTemporaryDir dir;
        QVERIFY(page.exportCsv(dir.filePath("f.csv")));
        QVERIFY(page.exportJson(dir.filePath("f.json")));
        QFile csv(dir.filePath("f.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray text = csv.readAll();
        QVERIFY2(text.contains("500,e4m3,NaN,nan,7f,"), text.constData());
        QVERIFY(text.contains("500,e8m0,512,"));
        QVERIFY(text.contains("block_format,scale_mode,element,input,code,dequantised,error,saturated,became_zero"));
        QVERIFY2(text.contains("mxfp4,floor,1,7,0x7,6,-1,1,0,1,0x7f"), text.constData());
        QVERIFY(text.contains("mxfp4,rceil,1,7,0x6,8,1,0,0,2,0x80"));
        QFile json(dir.filePath("f.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        const QJsonArray formats = o["formats"].toArray();
        QCOMPARE(formats.size(), 9);
        QCOMPARE(formats[3].toObject()["format"].toString(), QString("e4m3"));
        QCOMPARE(formats[3].toObject()["stored"].toString(), QString("NaN"));
        QCOMPARE(o["overflow"].toString(), QString("ocp"));
        QCOMPARE(formats[7].toObject()["rounds_from"].toObject()["low"].toString(), QString("5"));
        const QJsonObject b = o["block"].toObject();
        QCOMPARE(b["format"].toString(), QString("mxfp4"));
        QCOMPARE(b["modes"].toArray().size(), 2);
        const QJsonObject rceil = b["modes"].toArray()[1].toObject();
        QCOMPARE(rceil["scale_mode"].toString(), QString("rceil"));
        QCOMPARE(rceil["blocks"].toArray()[0].toObject()["scale_code"].toString(), QString("0x80"));
        QCOMPARE(rceil["elements"].toArray()[1].toObject()["dequantised"].toString(), QString("8"));
        page.setSaturate(true);
        QVERIFY(page.exportJson(dir.filePath("s.json")));
        QFile sat(dir.filePath("s.json"));
        QVERIFY(sat.open(QIODevice::ReadOnly));
        const QJsonObject s = QJsonDocument::fromJson(sat.readAll()).object();
        QCOMPARE(s["formats"].toArray()[3].toObject()["stored"].toString(), QString("448"));
    }
};

QTEST_MAIN(TestFormatsPage)
#include "tst_formats_page.moc"
