// LinearFilesBox: choosing a person's own x, W and b (.npy) for the Linear lab, and the button that saves its outputs.
#include "linear_files_box.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "engine/error.h"
#include "engine/training/npy.h"
#include "widgets/qs.h"

namespace presisi {

namespace {

// "acts.npy (2, 3, 40) float16": the file's name (the whole path is in the tooltip), shape and dtype.
// Long names keep their start and end ("activations_lay…_step40.npy"), so the side panel keeps its width.
QString describe(const LinearTensorFile& f) {
    QString name = QFileInfo(qs(f.path)).fileName();
    constexpr int kLongest = 24;
    if (name.size() > kLongest) name = name.left(kLongest / 2) + QChar(0x2026) + name.right(kLongest / 2 - 1);
    return QStringLiteral("%1 %2 %3").arg(name, qs(npyShapeText(f.shape)), qs(std::string(tensorFileDTypeName(f.dtype))));
}

}  // namespace

LinearFilesBox::LinearFilesBox(QWidget* parent) : QGroupBox(tr("Your tensors"), parent) {
    setToolTip(tr("Your own x, W and b as .npy files instead of the seeded ones: float32, float16, or bfloat16 "
                  "stored as uint16 bits (t.view(torch.int16).numpy().view(np.uint16)). x is (..., in), its leading "
                  "dimensions the batch; W is (out, in) as nn.Linear stores it; b is (out,). W without b: no bias."));
    auto* v = new QVBoxLayout(this);
    auto* buttons = new QGridLayout();
    const auto button = [this](const QString& text, const QString& tip) {
        auto* b = new QPushButton(text);
        b->setToolTip(tip);
        return b;
    };
    auto* loadX = button(tr("Load x…"), tr("x from a .npy file, shape (..., in)"));
    auto* loadW = button(tr("Load W…"), tr("W from a .npy file, shape (out, in) as nn.Linear stores it"));
    auto* loadB = button(tr("Load b…"), tr("b from a .npy file, shape (out,)"));
    m_clear = button(tr("Seeded"), tr("Back to the seeded x, W and b (torch.manual_seed(seed))"));
    buttons->addWidget(loadX, 0, 0);
    buttons->addWidget(loadW, 0, 1);
    buttons->addWidget(loadB, 1, 0);
    buttons->addWidget(m_clear, 1, 1);
    v->addLayout(buttons);
    m_names = new QLabel();
    m_names->setWordWrap(true);
    m_names->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_names);
    m_save = button(tr("Save outputs…"), tr("Every lane's output as <lane>.npy (float32) with a manifest.json, into a "
                                            "new or empty folder; the x, W and b each lane multiplied beside them"));
    v->addWidget(m_save);
    connect(loadX, &QPushButton::clicked, this, [this] { chooseFile(Role::X); });
    connect(loadW, &QPushButton::clicked, this, [this] { chooseFile(Role::Weight); });
    connect(loadB, &QPushButton::clicked, this, [this] { chooseFile(Role::Bias); });
    connect(m_clear, &QPushButton::clicked, this, &LinearFilesBox::clear);
    connect(m_save, &QPushButton::clicked, this, &LinearFilesBox::saveClicked);
    showFiles();
}

std::optional<LinearFilesBox::Held>& LinearFilesBox::slot(Role role) {
    return role == Role::X ? m_x : role == Role::Weight ? m_weight : m_bias;
}

bool LinearFilesBox::load(Role role, const QString& path, QString* why) {
    LinearFileNames names = files();
    const std::string p = path.toStdString();
    (role == Role::X ? names.x : role == Role::Weight ? names.weight : names.bias) = p;
    try {
        // Headers only (a few hundred bytes each): the data is read on the engine worker when the lab computes.
        const LinearFileShapes shapes = inspectLinearFiles(names, {});
        const auto& file = role == Role::X ? shapes.sources.x : role == Role::Weight ? shapes.sources.weight : shapes.sources.bias;
        slot(role) = Held{path, *file};
    } catch (const std::exception& e) {
        if (why) *why = QString::fromUtf8(e.what());
        return false;
    }
    showFiles();
    emit filesChanged();
    return true;
}

void LinearFilesBox::chooseFile(Role role) {
    const QString start = slot(role) ? slot(role)->path : (m_x ? m_x->path : QString());
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a tensor"), start, tr("NumPy arrays (*.npy);;All files (*)"));
    if (path.isEmpty()) return;
    QString why;
    if (!load(role, path, &why)) QMessageBox::warning(this, tr("Cannot use this file"), why);
}

void LinearFilesBox::clear() {
    if (!m_x && !m_weight && !m_bias) return;
    m_x.reset();
    m_weight.reset();
    m_bias.reset();
    showFiles();
    emit filesChanged();
}

LinearFileNames LinearFilesBox::files() const {
    return {m_x ? m_x->path.toStdString() : std::string(), m_weight ? m_weight->path.toStdString() : std::string(),
            m_bias ? m_bias->path.toStdString() : std::string()};
}

std::optional<int> LinearFilesBox::fixedIn() const {
    if (m_x) return static_cast<int>(m_x->header.shape.back());
    if (m_weight) return static_cast<int>(m_weight->header.shape[1]);
    return std::nullopt;
}

std::optional<int> LinearFilesBox::fixedOut() const {
    if (m_weight) return static_cast<int>(m_weight->header.shape[0]);
    if (m_bias) return static_cast<int>(m_bias->header.shape[0]);
    return std::nullopt;
}

std::optional<int> LinearFilesBox::fixedBatch() const {
    if (!m_x) return std::nullopt;
    std::int64_t batch = 1;
    for (std::size_t i = 0; i + 1 < m_x->header.shape.size(); ++i) batch *= m_x->header.shape[i];
    return static_cast<int>(batch);
}

QString LinearFilesBox::summary() const {
    LinearSources sources;
    if (m_x) sources.x = m_x->header;
    if (m_weight) sources.weight = m_weight->header;
    if (m_bias) sources.bias = m_bias->header;
    return summaryOf(sources);
}

QString LinearFilesBox::summaryOf(const LinearSources& s) {
    QStringList parts;
    if (s.x) parts << tr("x: %1").arg(describe(*s.x));
    if (s.weight) parts << tr("W: %1").arg(describe(*s.weight));
    if (s.bias) parts << tr("b: %1").arg(describe(*s.bias));
    else if (s.weight) parts << tr("no bias");
    return parts.join(QStringLiteral(" · "));
}

void LinearFilesBox::setSaveEnabled(bool enabled) { m_save->setEnabled(enabled); }

void LinearFilesBox::copyFrom(const LinearFilesBox& other) {
    m_x = other.m_x;
    m_weight = other.m_weight;
    m_bias = other.m_bias;
    m_save->setEnabled(other.m_save->isEnabled());
    showFiles();
}

void LinearFilesBox::showFiles() {
    const bool any = m_x || m_weight || m_bias;
    m_clear->setEnabled(any);
    QStringList lines;
    const auto line = [&](const QString& role, const std::optional<Held>& h) {
        lines << (h ? tr("%1: %2").arg(role, describe(h->header)) : tr("%1: seeded").arg(role));
    };
    line(QStringLiteral("x"), m_x);
    line(QStringLiteral("W"), m_weight);
    if (m_weight && !m_bias) lines << tr("b: none (F.linear(x, W))");
    else line(QStringLiteral("b"), m_bias);
    m_names->setText(lines.join(QLatin1Char('\n')));
    QStringList paths;
    for (const auto* h : {&m_x, &m_weight, &m_bias})
        if (*h) paths << (*h)->path;
    m_names->setToolTip(paths.join(QLatin1Char('\n')));
}

}  // namespace presisi
