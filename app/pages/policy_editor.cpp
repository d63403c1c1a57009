// PolicyEditor: the autocast policy table (every op kind's format for every lane), PyTorch's CPU and
// CUDA defaults, and how the lanes' products and GELU are computed and which PyTorch they follow.
#include "policy_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QListView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <iterator>

#include "training_page_common.h"

namespace presisi {

using namespace trainingpage;

namespace {

const OpPolicy kPolicies[] = {OpPolicy::Low, OpPolicy::F32, OpPolicy::AsInput};

// The "products and GELU" choices: how the lanes' low-format matrix products and GELU are computed
// (Scenario::backwardAccumulation, dispatch, torchCpu). A choice leaves the fields it does not set as
// they were, so a preset shown and read back is the same scenario. The PyTorch entries name the version
// that the "follows" box (Scenario::torchVersion) picks: %1 is "2.x" or "1.13".
struct ProductsMode {
    const char* text;
    Dispatch dispatch;
    BackwardAccumulation accumulation;  // Dispatch::Presisi only
    TorchCpu cpu;                       // Dispatch::Torch only
};
const ProductsMode kProductsModes[] = {
    {QT_TRANSLATE_NOOP("presisi::PolicyEditor", "Presisi (backward f32 accumulation)"), Dispatch::Presisi, BackwardAccumulation::F32, TorchCpu::ThisCpu},
    {QT_TRANSLATE_NOOP("presisi::PolicyEditor", "Presisi (storage accumulation)"), Dispatch::Presisi, BackwardAccumulation::Storage, TorchCpu::ThisCpu},
    {QT_TRANSLATE_NOOP("presisi::PolicyEditor", "as PyTorch %1 on this CPU"), Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::ThisCpu},
    {QT_TRANSLATE_NOOP("presisi::PolicyEditor", "as PyTorch %1 with AVX-512"), Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::Avx512},
    {QT_TRANSLATE_NOOP("presisi::PolicyEditor", "as PyTorch %1 without AVX-512"), Dispatch::Torch, BackwardAccumulation::F32, TorchCpu::NoAvx512},
};

// The "follows" box's entries, in its order.
const TorchVersion kTorchVersions[] = {TorchVersion::V2, TorchVersion::V1_13};
QString torchVersionText(TorchVersion v) { return v == TorchVersion::V1_13 ? QStringLiteral("1.13") : QStringLiteral("2.x"); }

int productsModeIndex(const Scenario& s) {
    for (int i = 0; i < static_cast<int>(std::size(kProductsModes)); ++i) {
        const ProductsMode& m = kProductsModes[i];
        if (m.dispatch == s.dispatch &&
            (s.dispatch == Dispatch::Presisi ? m.accumulation == s.backwardAccumulation : m.cpu == s.torchCpu))
            return i;
    }
    return 0;
}

const char* const kProductsHelp = QT_TRANSLATE_NOOP("presisi::PolicyEditor",
    "How every lane's low-format matrix products and GELU are computed.\n"
    "Presisi (backward f32 accumulation): the backward products accumulate in float32, rounded once to the "
    "lane's format (the default).\n"
    "Presisi (storage accumulation): the backward products accumulate in the lane's format, every partial "
    "sum rounded.\n"
    "As PyTorch 2.x: every bf16 and f16 product accumulates in float32 and is rounded once; GELU is computed "
    "in float32 and rounded once (oneDNN's algorithm on CPUs with AVX-512, ATen's otherwise).\n"
    "As PyTorch 1.13: product by product as its CPU dispatch decides. With AVX-512, a bf16 product goes to "
    "oneDNN (float32 accumulation) only when m·n·k > 4096, otherwise to ATen's reference product (bf16 "
    "accumulation), and bf16 GELU is computed in float32 with one rounding; without AVX-512 every product "
    "takes the reference path and GELU is ATen's. 'On this CPU' reads this CPU's flags as torch does.");

const char* const kTorchVersionHelp = QT_TRANSLATE_NOOP("presisi::PolicyEditor",
    "The PyTorch whose numerics every lane follows: its optimizers (2.x updates Adam's moments with lerp), "
    "its GELU's rounding, and with the PyTorch entries above its products. Experiment files saved before "
    "this choice existed follow 1.13, so they rerun as they did.");

}  // namespace

PolicyEditor::PolicyEditor(QWidget* parent) : QGroupBox(parent) {
    auto* pv = new QVBoxLayout(this);
    m_table = new QTableWidget(5, 1);
    m_table->horizontalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < 5; ++r) {
        m_table->setVerticalHeaderItem(r, new QTableWidgetItem(qs(opKindName(kAllOpKinds[r]))));
        auto* combo = new QComboBox();
        for (OpPolicy p : kPolicies) combo->addItem(qs(opPolicyName(p)), static_cast<int>(p));
        combo->setToolTip(tr("low: the lane's format; f32: float32; as-input: whatever format arrives (no cast)."));
        m_table->setCellWidget(r, 0, combo);
        connect(combo, &QComboBox::activated, this, [this] { m_edited = true; });
    }
    m_table->setFixedHeight(5 * 30 + 6);
    m_table->setToolTip(tr("Which format each operation runs in under autocast, for every lane. linear: the matrix "
                            "products; reduction: the batch mean inside the loss."));
    pv->addWidget(m_table);
    auto* defaults = new QHBoxLayout();
    auto* cpuDefaults = new QPushButton(tr("CPU defaults"));
    cpuDefaults->setToolTip(tr("PyTorch's CPU autocast: linear low, loss f32, softmax, activation and reduction as-input."));
    auto* cudaDefaults = new QPushButton(tr("CUDA defaults"));
    cudaDefaults->setToolTip(tr("PyTorch's CUDA autocast: also softmax and the reduction in f32."));
    connect(cpuDefaults, &QPushButton::clicked, this, [this] {
        showPolicy(AutocastPolicy::cpu());
        m_edited = true;
    });
    connect(cudaDefaults, &QPushButton::clicked, this, [this] {
        showPolicy(AutocastPolicy::cuda());
        m_edited = true;
    });
    defaults->addWidget(cpuDefaults);
    defaults->addWidget(cudaDefaults);
    pv->addLayout(defaults);
    auto* productsRow = new QFormLayout();
    m_products = new QComboBox();
    for (std::size_t i = 0; i < std::size(kProductsModes); ++i) m_products->addItem(QString());
    m_products->setToolTip(tr(kProductsHelp));
    // The texts are longer than the panel: the closed box elides, the open list shows them whole.
    m_products->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_products->setMinimumContentsLength(8);
    m_products->view()->setMinimumWidth(m_products->view()->sizeHintForColumn(0) + 24);
    productsRow->addRow(tr("products and GELU"), m_products);
    m_torchVersion = new QComboBox();
    for (TorchVersion v : kTorchVersions) m_torchVersion->addItem(QStringLiteral("PyTorch ") + torchVersionText(v));
    m_torchVersion->setToolTip(tr(kTorchVersionHelp));
    connect(m_torchVersion, &QComboBox::currentIndexChanged, this, [this] { nameProductsVersion(); });
    productsRow->addRow(tr("follows"), m_torchVersion);
    productsRow->setRowWrapPolicy(QFormLayout::WrapAllRows);
    pv->addLayout(productsRow);
}

QTableWidget* PolicyEditor::table() const { return m_table; }

void PolicyEditor::showPolicy(const AutocastPolicy& policy) {
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto* combo = static_cast<QComboBox*>(m_table->cellWidget(r, 0));
        combo->setCurrentIndex(combo->findData(static_cast<int>(policy.get(kAllOpKinds[r]))));
    }
}

void PolicyEditor::showScenario(const Scenario& s) {
    showPolicy(s.policyFor(LaneSpec{Device::Cpu, Format::BF16}));
    m_edited = false;
    m_products->setCurrentIndex(productsModeIndex(s));
    const auto version = std::find(std::begin(kTorchVersions), std::end(kTorchVersions), s.torchVersion);
    m_torchVersion->setCurrentIndex(static_cast<int>(version - std::begin(kTorchVersions)));
    nameProductsVersion();
}

void PolicyEditor::applyTo(Scenario& s) const {
    // An edited table becomes overrides of every op kind over the CPU defaults; untouched, the
    // scenario's own policy stays.
    if (m_edited) {
        s.policyBase = PolicyBase::Cpu;
        s.opOverrides.clear();
        for (int r = 0; r < m_table->rowCount(); ++r) {
            auto* combo = static_cast<QComboBox*>(m_table->cellWidget(r, 0));
            s.opOverrides.emplace_back(kAllOpKinds[r], static_cast<OpPolicy>(combo->currentData().toInt()));
        }
    }
    const ProductsMode& mode = kProductsModes[std::max(0, m_products->currentIndex())];
    s.dispatch = mode.dispatch;
    if (mode.dispatch == Dispatch::Presisi) s.backwardAccumulation = mode.accumulation;
    else s.torchCpu = mode.cpu;
    s.torchVersion = kTorchVersions[std::max(0, m_torchVersion->currentIndex())];
}

void PolicyEditor::nameProductsVersion() {
    const TorchVersion v = kTorchVersions[std::max(0, m_torchVersion->currentIndex())];
    for (int i = 0; i < static_cast<int>(std::size(kProductsModes)); ++i) {
        const QString text = tr(kProductsModes[i].text);
        m_products->setItemText(i, text.contains(QLatin1String("%1")) ? text.arg(torchVersionText(v)) : text);
    }
}

}  // namespace presisi
