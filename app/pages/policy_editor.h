// PolicyEditor: the Training lab's "Autocast policy (every lane)" section — each op kind's format under
// autocast (edited by hand, or PyTorch's CPU or CUDA defaults), how the lanes' products and GELU are
// computed, and the PyTorch whose numerics the lanes follow.
#pragma once

#include <QGroupBox>

#include "engine/training/scenario.h"

class QComboBox;
class QTableWidget;

namespace presisi {

class PolicyEditor : public QGroupBox {
    Q_OBJECT
public:
    explicit PolicyEditor(QWidget* parent = nullptr);

    QTableWidget* table() const;  // one row per op kind, a format box in each
    // The scenario's policy (as its bf16 CPU lane has it), products mode and PyTorch version; not edited.
    void showScenario(const Scenario& scenario);
    // The controls into `scenario`: an edited table as overrides of every op kind, the products mode, the
    // version.
    void applyTo(Scenario& scenario) const;
    bool edited() const { return m_edited; }  // the table was changed by hand since showScenario

private:
    void showPolicy(const AutocastPolicy& policy);
    void nameProductsVersion();  // the products box's PyTorch entries name the version the "follows" box picks

    QTableWidget* m_table = nullptr;
    QComboBox* m_products = nullptr;      // products and GELU: accumulation / dispatch / torch CPU class
    QComboBox* m_torchVersion = nullptr;  // the PyTorch followed (Scenario::torchVersion)
    bool m_edited = false;
};

}  // namespace presisi
