// Number fields that show any value a scenario can hold exactly as it is: a real field in shortest
// round-trip notation (1e-05, 50, 3.4e+38), and an unsigned 64-bit integer field for seeds.
#pragma once

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <cstdint>

namespace presisi {

// A QDoubleSpinBox that neither rounds to a fixed number of decimals nor pads with zeros: the value
// set is the value read back, bit for bit. Accepts "0,1" as 0.1 and scientific notation; refuses what
// parseLocaleReal refuses (two marks, "2,500" in English), keeping its value and saying why in a tooltip. The wheel
// changes the value only while the field has keyboard focus (otherwise it scrolls the panel).
class RealField : public QDoubleSpinBox {
    Q_OBJECT
public:
    // `logarithmic`: the arrows walk 1-2-5 steps per decade (0.01, 0.02, 0.05, 0.1…) instead of adding.
    RealField(double min, double max, bool logarithmic = false, QWidget* parent = nullptr);

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;
    void stepBy(int steps) override;
    // Why the last text typed was refused (empty if none was).
    QString refusal() const { return m_refusal; }

protected:
    void wheelEvent(QWheelEvent* event) override;

private:
    bool m_log = false;
    mutable QString m_refusal;  // set in fixup(), which Qt declares const
};

// A seed: every unsigned 64-bit integer, typed in decimal.
class SeedField : public QLineEdit {
    Q_OBJECT
public:
    explicit SeedField(QWidget* parent = nullptr);
    void setSeed(std::uint64_t seed);
    // The seed typed, or nullopt-like false in `ok` when the text is not one.
    std::uint64_t seed(bool* ok = nullptr) const;
};

// Parses a real number as the fields and the command line write it ("1e-5", "0,1", " 50 "); false
// when the text is not one whole finite number.
bool parseReal(const QString& text, double* value);

}  // namespace presisi
