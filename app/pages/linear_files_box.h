// LinearFilesBox: the Linear lab's "Your tensors" group — Load x / W / b… from .npy files, the names, shapes and
// dtypes loaded, Clear, and Save outputs… — and the files it holds.
#pragma once

#include <QGroupBox>
#include <QString>
#include <optional>

#include "engine/linear_files.h"

class QLabel;
class QPushButton;

namespace presisi {

class LinearFilesBox : public QGroupBox {
    Q_OBJECT
public:
    explicit LinearFilesBox(QWidget* parent = nullptr);

    // The roles a file plays.
    enum class Role { X, Weight, Bias };
    // Reads `path`'s header and holds it for `role`; false (nothing changed, the reason in *why) when the
    // header cannot be read or its dtype or shape cannot serve, alone or with the other files held.
    bool load(Role role, const QString& path, QString* why = nullptr);
    void clear();  // back to the seeded tensors (filesChanged() if any was held)
    LinearFileNames files() const;
    // What the held files fix: in (x or W), out (W or b), batch (x's leading dimensions).
    std::optional<int> fixedIn() const;
    std::optional<int> fixedOut() const;
    std::optional<int> fixedBatch() const;
    // "x: acts.npy (2, 3, 40) float16 · W: w.npy (24, 40) bfloat16 · no bias", or empty with none held.
    QString summary() const;
    // The same for the sources of a result.
    static QString summaryOf(const LinearSources& sources);
    // Whether Save outputs… can be offered (a result is on screen).
    void setSaveEnabled(bool enabled);
    void copyFrom(const LinearFilesBox& other);  // without signals

signals:
    void filesChanged();
    void saveClicked();

private:
    struct Held {
        QString path;
        LinearTensorFile header;  // path, dtype, shape
    };
    void chooseFile(Role role);
    void showFiles();
    std::optional<Held>& slot(Role role);

    std::optional<Held> m_x, m_weight, m_bias;
    QLabel* m_names = nullptr;
    QPushButton* m_clear = nullptr;
    QPushButton* m_save = nullptr;
};

}  // namespace presisi
