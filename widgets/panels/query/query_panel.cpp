#include "panels/query/query_panel.h"

#include "panels/common/result_table_model.h"
#include "panels/query/query_examples.h"
#include "sql/event_id.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <mutex>
#include <stdexcept>

namespace tracelane {

// What the worker needs: the trace and its database, made by the first query
// (indexing the tracks reads every event once, so not on the GUI thread).
struct QueryPanel::Session
{
    explicit Session(std::shared_ptr<const Trace> t)
        : trace(std::move(t))
    {
    }

    SqlResult run(const std::string &sql)
    {
        TraceDatabase *db = nullptr;
        try {
            std::lock_guard lock(mutex);
            if (!database)
                database = std::make_unique<TraceDatabase>(trace);
            db = database.get();
        } catch (const std::exception &e) {
            SqlResult failed;
            failed.status = {SqlErrorKind::Failed, e.what()};
            return failed;
        }
        return db->query(sql, kMaxRows);
    }
    void interrupt()
    {
        std::lock_guard lock(mutex);
        if (database)
            database->interrupt();
    }

    std::shared_ptr<const Trace> trace;
    std::mutex mutex;
    std::unique_ptr<TraceDatabase> database;
};

QueryPanel::QueryPanel(QWidget *parent)
    : QWidget(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_examplesButton(new QToolButton(this))
    , m_examples(new QMenu(this))
    , m_message(new QLabel(this))
    , m_model(new ResultTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_watcher(new QFutureWatcher<SqlResult>(this))
{
    m_editor->setObjectName(QStringLiteral("queryEditor"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(QStringLiteral("SELECT name, count(*), sum(dur) FROM event WHERE kind = 'kernel' GROUP BY name"));
    m_editor->setTabChangesFocus(true);
    m_run->setObjectName(QStringLiteral("queryRun"));
    m_run->setToolTip(tr("Run the query (Ctrl+Enter)"));
    m_stop->setObjectName(QStringLiteral("queryStop"));
    m_examplesButton->setText(tr("Examples"));
    m_examplesButton->setPopupMode(QToolButton::InstantPopup);
    m_examplesButton->setMenu(m_examples);
    for (const QueryExample &example : queryExamples()) {
        const QString sql = example.sql;
        m_examples->addAction(example.title, this, [this, sql] { setQuery(sql); });
    }
    m_message->setObjectName(QStringLiteral("queryMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultTableModel::kSortRole);
    m_view->setObjectName(QStringLiteral("queryResults"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the query's own order until a header is clicked
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    connect(m_view, &QTableView::clicked, this, &QueryPanel::activate);

    for (const QKeySequence &keys : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, &QueryPanel::run);
    }
    connect(m_run, &QPushButton::clicked, this, &QueryPanel::run);
    connect(m_stop, &QPushButton::clicked, this, &QueryPanel::stop);
    connect(m_watcher, &QFutureWatcher<SqlResult>::finished, this, [this] {
        showResult(m_watcher->result(), QDateTime::currentMSecsSinceEpoch() - m_startedMs);
    });

    auto *editorBox = new QWidget(this);
    auto *editorLayout = new QVBoxLayout(editorBox);
    editorLayout->setContentsMargins(0, 0, 0, 0);
    editorLayout->addWidget(m_editor, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_examplesButton);
    buttons->addWidget(m_message, 1);
    editorLayout->addLayout(buttons);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(editorBox);
    splitter->addWidget(m_view);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    updateButtons();
}

QueryPanel::~QueryPanel()
{
    stop();
    m_watcher->waitForFinished();
}

void QueryPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    stop();
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    m_session = m_trace ? std::make_shared<Session>(m_trace) : nullptr;
    m_model->setTable({});
    m_eventIdColumns.clear();
    m_message->clear();
    updateButtons();
}

void QueryPanel::setQuery(const QString &sql)
{
    m_editor->setPlainText(sql);
}

QString QueryPanel::query() const
{
    return m_editor->toPlainText();
}

void QueryPanel::run()
{
    if (!m_session || isRunning())
        return;
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_message->setStyleSheet({});
    m_message->setText(tr("Running…"));
    m_watcher->setFuture(QtConcurrent::run([session = m_session, sql = query().toStdString()] { return session->run(sql); }));
    updateButtons();
}

void QueryPanel::stop()
{
    if (m_session && isRunning())
        m_session->interrupt();
}

void QueryPanel::updateButtons()
{
    m_run->setEnabled(m_session && !isRunning());
    m_stop->setEnabled(isRunning());
}

void QueryPanel::showResult(const SqlResult &result, qint64 elapsedMs)
{
    m_failed = !result.status.ok();
    m_eventIdColumns.clear();
    if (m_failed) {
        m_model->setTable({});
        m_message->setStyleSheet(QStringLiteral("color: #c0392b;"));
        m_message->setText(result.status.kind == SqlErrorKind::Interrupted
                               ? tr("Stopped.")
                               : tr("Error: %1").arg(QString::fromStdString(result.status.message)));
    } else {
        for (const SqlColumn &column : result.columns)
            m_eventIdColumns.push_back(column.eventId);
        m_view->sortByColumn(-1, Qt::AscendingOrder);
        m_model->setTable(result.toTable());
        const QString rows = result.truncated ? tr("first %L1 rows shown").arg(result.rows.size())
                                              : tr("%Ln row(s)", nullptr, int(result.rows.size()));
        m_message->setStyleSheet({});
        m_message->setText(tr("%1 in %L2 ms").arg(rows).arg(elapsedMs));
    }
    updateButtons();
    emit finished();
}

void QueryPanel::activate(const QModelIndex &index)
{
    if (!index.isValid() || !m_trace)
        return;
    // The clicked column when it holds event ids, else the row's first that does.
    int column = -1;
    if (std::size_t(index.column()) < m_eventIdColumns.size() && m_eventIdColumns[std::size_t(index.column())])
        column = index.column();
    for (std::size_t c = 0; column < 0 && c < m_eventIdColumns.size(); ++c)
        if (m_eventIdColumns[c])
            column = int(c);
    if (column < 0)
        return;
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(index.row(), column));
    const Table &table = m_model->table();
    if (std::size_t(source.row()) >= table.rows.size())
        return;
    const Cell &cell = table.rows[std::size_t(source.row())][std::size_t(column)];
    if (cell.type != Cell::Type::Int)
        return;
    if (const auto ref = eventRefFromSqlId(*m_trace, cell.i))
        emit eventRequested(*ref);
}

} // namespace tracelane
