// LinearForm: the Linear lab's side panel — the layer and input, the lanes (formats, devices,
// accumulation, flush-to-zero, native products), the lanes of 8 bits and below, the note under them and
// the Cancel button — and the configuration and lanes these controls describe.
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QWidget>
#include <vector>

#include "engine/linear_lab.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace presisi {

class LinearFilesBox;

class LinearForm : public QWidget {
    Q_OBJECT
public:
    explicit LinearForm(QWidget* parent = nullptr);

    // Sets the layer and input (one changed() after, not one per field).
    void setConfig(const LinearConfig& config);
    LinearConfig config() const;
    // The lanes the controls choose, in the order the tiles show them.
    std::vector<LinearLane> lanes() const;
    Accumulation accumulation() const;  // of the bf16 and f16 lanes
    // The person's own x, W and b (empty: seeded) and the box that chooses them; the sizes they fix are shown
    // in the spin boxes, which they disable.
    LinearFileNames files() const;
    LinearFilesBox* filesBox() const { return m_files; }
    // The sizes not fixed by a file (what loadLinearInputs takes beside the files), and the seed.
    LinearSizes freeSizes() const;
    // Every control back to its default (one changed() after).
    void reset();
    // Every control as `other` has it, without changed() (a window rebuilt in another language).
    void copyFrom(const LinearForm& other);
    // The width at text scale `scale` (the scroll area around it adds its scroll bar's room).
    void setScale(double scale);
    static int widthAt(double scale);

    // The line under the controls (progress, a failure, the lanes' notes) and the Cancel button.
    void setNote(const QString& text);
    void setCancelVisible(bool visible);
    bool cancelVisible() const;

signals:
    void changed();              // a control that changes the computation
    void accumulationChanged();  // the explanation describes the accumulation chosen
    void cancelClicked();

private:
    void emitChanged();
    void showConfig(const LinearConfig& config);  // the four fields, signals left to the caller
    void showFileSizes();  // the sizes the files fix, in disabled spin boxes; the others free again

    QSpinBox* m_in = nullptr;
    QSpinBox* m_out = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_seed = nullptr;
    LinearFilesBox* m_files = nullptr;
    QCheckBox* m_bf16 = nullptr;
    QCheckBox* m_f16 = nullptr;
    QCheckBox* m_cpu = nullptr;
    QCheckBox* m_gpu = nullptr;
    QComboBox* m_accumulation = nullptr;
    QCheckBox* m_ftz = nullptr;
    QCheckBox* m_native = nullptr;
    // The lanes of 8 bits and below (CPU only), their MX scale mode and the per-tensor lanes' saturation.
    QList<QPair<ScaledFormat, QCheckBox*>> m_scaled;
    QComboBox* m_scaleMode = nullptr;
    QCheckBox* m_saturate = nullptr;
    QLabel* m_note = nullptr;
    QPushButton* m_cancel = nullptr;  // shown when a computation takes longer than half a second
    QLabel* m_gpuReason = nullptr;    // why the GPU lanes are off, where they are
    bool m_quiet = false;             // setting several controls at once: one changed() after
};

}  // namespace presisi
