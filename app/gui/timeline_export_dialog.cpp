#include "timeline_export_dialog.h"

#include "timeline/timeline_export.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>

namespace tracelane {

TimelineExportDialog::TimelineExportDialog(int defaultWidth, int lanesHeight, bool png, QWidget *parent)
    : QDialog(parent)
    , m_width(new QSpinBox(this))
    , m_scale(new QComboBox(this))
    , m_size(new QLabel(this))
    , m_lanesHeight(lanesHeight)
{
    setWindowTitle(tr("Export Timeline"));
    auto *form = new QFormLayout(this);
    m_width->setObjectName(QStringLiteral("exportWidth"));
    m_width->setRange(TimelineExport::kMinWidth, TimelineExport::kMaxSide);
    m_width->setSuffix(tr(" px"));
    m_width->setValue(std::clamp(defaultWidth, TimelineExport::kMinWidth, TimelineExport::kMaxSide));
    form->addRow(tr("Width:"), m_width);
    m_scale->addItem(tr("1× (screen)"), 1.0);
    m_scale->addItem(tr("2× (high density)"), 2.0);
    m_scale->setEnabled(png);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(tr("Size:"), m_size);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    connect(m_width, &QSpinBox::valueChanged, this, &TimelineExportDialog::updateSizeText);
    connect(m_scale, &QComboBox::currentIndexChanged, this, &TimelineExportDialog::updateSizeText);
    updateSizeText();
}

int TimelineExportDialog::width() const
{
    return m_width->value();
}

qreal TimelineExportDialog::scale() const
{
    return m_scale->currentData().toReal();
}

void TimelineExportDialog::updateSizeText()
{
    const int height = std::clamp(m_lanesHeight, 100, TimelineExport::kMaxSide);
    const qreal s = scale();
    QString text = tr("%1 × %2 px").arg(int(width() * s)).arg(int(height * s));
    if (m_lanesHeight > TimelineExport::kMaxSide)
        text += tr(" (lanes below are cut off)");
    m_size->setText(text);
}

} // namespace tracelane
