#include "welcome_panel.h"

#include "recent_files.h"

#include <QCommandLinkButton>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tracelane {

WelcomePanel::WelcomePanel(QWidget *covered)
    : QWidget(covered)
    , m_recentBox(new QWidget(this))
    , m_recentLayout(new QVBoxLayout(m_recentBox))
{
    setObjectName(QStringLiteral("welcomePanel"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);

    auto *column = new QWidget(this);
    column->setMaximumWidth(560);
    auto *layout = new QVBoxLayout(column);
    auto *title = new QLabel(tr("No trace open"), column);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    title->setFont(titleFont);
    layout->addWidget(title);
    auto *hint = new QLabel(
        tr("Open a trace with %1 (File > Open), drop a trace file on this window, or start Tracelane with the "
           "file: <code>tracelane trace.json.gz</code>.<br>PyTorch Profiler and Chrome trace JSON (.json, .json.gz), "
           "Nsight Systems exports (.sqlite, .json) and nvprof files (.nvvp) open directly.")
            .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)),
        column);
    hint->setObjectName(QStringLiteral("welcomeHint"));
    hint->setWordWrap(true);
    hint->setTextFormat(Qt::RichText);
    layout->addWidget(hint);
    auto *open = new QPushButton(tr("Open Trace…"), column);
    connect(open, &QPushButton::clicked, this, &WelcomePanel::chooseRequested);
    layout->addWidget(open, 0, Qt::AlignLeft);
    layout->addSpacing(12);
    m_recentLayout->setContentsMargins(0, 0, 0, 0);
    m_recentLayout->setSpacing(0);
    layout->addWidget(m_recentBox);

    // Centred, up to its maximum width: a word-wrapped label needs a definite width to size its height.
    column->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(column, 100);
    row->addStretch(1);
    auto *outer = new QVBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);

    covered->installEventFilter(this);
    setGeometry(covered->rect());
    refresh();
}

void WelcomePanel::refresh()
{
    while (QLayoutItem *item = m_recentLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList files = RecentFiles::load();
    m_recentBox->setVisible(!files.isEmpty());
    if (files.isEmpty())
        return;
    auto *heading = new QLabel(tr("Recent traces"), m_recentBox);
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    m_recentLayout->addWidget(heading);
    for (const QString &path : files) {
        const QFileInfo info(path);
        auto *entry = new QCommandLinkButton(info.fileName(), QDir::toNativeSeparators(info.absolutePath()), m_recentBox);
        entry->setObjectName(QStringLiteral("recentTrace"));
        entry->setToolTip(QDir::toNativeSeparators(path));
        connect(entry, &QCommandLinkButton::clicked, this, [this, path] { emit openRequested(path); });
        m_recentLayout->addWidget(entry);
    }
}

bool WelcomePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parent() && event->type() == QEvent::Resize)
        setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

void WelcomePanel::showEvent(QShowEvent *event)
{
    refresh();
    raise();
    QWidget::showEvent(event);
}

} // namespace tracelane
