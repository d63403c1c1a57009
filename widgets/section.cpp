// Section: a checkable tool button as the header; the body's visibility follows it.
#include "section.h"

#include <QToolButton>
#include <QVBoxLayout>

namespace presisi {

Section::Section(const QString& title, QWidget* body, bool expanded, QWidget* parent) : QWidget(parent), m_body(body) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    m_header = new QToolButton();
    m_header->setText(title);
    m_header->setCheckable(true);
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont f = m_header->font();
    f.setBold(true);
    m_header->setFont(f);
    v->addWidget(m_header);
    v->addWidget(body);
    connect(m_header, &QToolButton::toggled, this, [this](bool on) {
        m_header->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        m_body->setVisible(on);
        emit expandedChanged(on);
    });
    m_header->setChecked(expanded);
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

void Section::setExpanded(bool expanded) { m_header->setChecked(expanded); }

bool Section::isExpanded() const { return m_header->isChecked(); }

}  // namespace presisi
