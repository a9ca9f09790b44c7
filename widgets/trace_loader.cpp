#include "trace_loader.h"

#include "import/importer.h"
#include "timeline/timeline_model.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent>

#include <atomic>
#include <new>

namespace tracelane {

struct TraceLoader::Job
{
    QString path;
    std::atomic<std::uint64_t> done{0}, total{0};
    ImportControl control{[this](std::uint64_t d, std::uint64_t t) {
        done.store(d, std::memory_order_relaxed);
        total.store(t, std::memory_order_relaxed);
    }};
    std::shared_ptr<TimelineModel> model; // written by the worker, read after it finished
    QString error;
    bool wasCancelled = false;
    QFutureWatcher<void> watcher;
};

TraceLoader::TraceLoader(QObject *parent)
    : QObject(parent)
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (!m_job)
            return;
        const std::uint64_t total = m_job->total.load(std::memory_order_relaxed);
        if (total)
            emit progressChanged(int(1000.0 * double(m_job->done.load(std::memory_order_relaxed)) / double(total)));
    });
}

TraceLoader::~TraceLoader()
{
    if (m_job) {
        m_job->control.cancel();
        m_job->watcher.waitForFinished();
    }
}

void TraceLoader::load(const QString &path)
{
    if (m_job) {
        // The old job finishes on its own; its result is dropped.
        m_job->control.cancel();
        m_job->watcher.disconnect(this);
        m_job->watcher.waitForFinished();
    }
    auto job = std::make_shared<Job>();
    job->path = path;
    m_job = job;
    connect(&job->watcher, &QFutureWatcher<void>::finished, this, [this, job] { finish(job); });
    job->watcher.setFuture(QtConcurrent::run([job] {
        ImportResult result = loadTrace(job->path.toStdString(), job->control);
        if (result.cancelled || job->control.isCancelled()) {
            job->wasCancelled = true;
            return;
        }
        if (!result.ok()) {
            job->error = QString::fromStdString(result.error);
            return;
        }
        // loadTrace() never throws; building the timeline's indexes may still
        // run out of memory, which must end as a failed load, not an abort.
        try {
            job->model = std::make_shared<TimelineModel>(result.trace);
        } catch (const std::bad_alloc &) {
            job->error = tr("'%1' needs more memory than is available").arg(job->path);
        } catch (const std::exception &e) {
            job->error = tr("'%1' could not be shown: %2").arg(job->path, QString::fromLocal8Bit(e.what()));
        }
    }));
    m_poll->start();
    emit progressChanged(0);
}

void TraceLoader::cancel()
{
    if (m_job)
        m_job->control.cancel();
}

void TraceLoader::finish(const std::shared_ptr<Job> &job)
{
    if (job != m_job)
        return;
    m_job.reset();
    m_poll->stop();
    if (job->wasCancelled)
        emit cancelled(job->path);
    else if (job->model)
        emit loaded(job->model, job->path);
    else
        emit failed(job->error, job->path);
}

} // namespace tracelane
