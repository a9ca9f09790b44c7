#include "panels/instances/search_bar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>

namespace tracelane {

SearchBar::SearchBar(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_listAll(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(new QLabel(tr("Find:"), this));
    m_edit->setPlaceholderText(tr("Regular expression over event names"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    layout->addWidget(m_edit, 1);
    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_status->setMinimumWidth(140);
    layout->addWidget(m_status);
    auto *prev = new QToolButton(this);
    prev->setText(tr("Previous"));
    prev->setToolTip(tr("Previous match (Shift+Enter)"));
    connect(prev, &QToolButton::clicked, this, &SearchBar::previous);
    layout->addWidget(prev);
    auto *nextButton = new QToolButton(this);
    nextButton->setText(tr("Next"));
    nextButton->setToolTip(tr("Next match (Enter)"));
    connect(nextButton, &QToolButton::clicked, this, &SearchBar::next);
    layout->addWidget(nextButton);
    m_listAll->setObjectName(QStringLiteral("searchListAll"));
    m_listAll->setText(tr("List All"));
    m_listAll->setToolTip(tr("List every match in the Instances panel (Alt+Enter)"));
    connect(m_listAll, &QToolButton::clicked, this, &SearchBar::listAll);
    layout->addWidget(m_listAll);
    auto *close = new QToolButton(this);
    close->setText(tr("Close"));
    close->setToolTip(tr("Close the search bar (Esc)"));
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        emit closed();
    });
    layout->addWidget(close);

    // Typing waits a moment before searching, so a big trace is not searched per key.
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(150);
    connect(debounce, &QTimer::timeout, this, &SearchBar::search);
    connect(m_edit, &QLineEdit::textEdited, debounce, qOverload<>(&QTimer::start));
    updateStatus();
}

void SearchBar::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    search();
}

void SearchBar::activate()
{
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

void SearchBar::setPattern(const QString &pattern)
{
    m_edit->setText(pattern);
    search();
}

void SearchBar::search()
{
    m_searched = m_edit->text();
    m_result = m_trace ? EventSearch::run(*m_trace, m_searched) : SearchResult{};
    m_current = -1;
    updateStatus();
}

void SearchBar::next()
{
    step(1);
}

void SearchBar::previous()
{
    step(-1);
}

void SearchBar::listAll()
{
    if (m_edit->text() != m_searched) // typed faster than the debounce
        search();
    if (!m_result.matches.empty())
        emit allMatchesListed(m_searched, m_result.matches);
}

void SearchBar::step(int delta)
{
    const int count = int(m_result.matches.size());
    if (count == 0)
        return;
    m_current = m_current < 0 ? (delta > 0 ? 0 : count - 1) : (m_current + delta + count) % count;
    updateStatus();
    emit matchActivated(m_result.matches[std::size_t(m_current)]);
}

QString SearchBar::statusText() const
{
    return m_status->text();
}

void SearchBar::updateStatus()
{
    if (!m_result.ok())
        m_status->setText(m_result.error);
    else if (m_edit->text().isEmpty())
        m_status->clear();
    else if (m_result.matches.empty())
        m_status->setText(tr("No matches"));
    else if (m_current < 0)
        m_status->setText(tr("%n match(es)", nullptr, int(m_result.matches.size())));
    else
        m_status->setText(tr("%1 of %2").arg(m_current + 1).arg(m_result.matches.size()));
}

bool SearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::AltModifier) {
                listAll();
                return true;
            }
            if (m_edit->text() != m_searched) // typed faster than the debounce
                search();
            (key->modifiers() & Qt::ShiftModifier) ? previous() : next();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            emit closed();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace tracelane
