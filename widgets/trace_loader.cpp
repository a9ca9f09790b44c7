#include "trace_loader.h"

#include "analysis/ranks/trace_group.h"
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
    QStringList files;               // a group's files; empty for one trace
    // A group loads two files at a time: each file's share done (per mille),
    // and the latest file started, which the status bar names.
    std::unique_ptr<std::atomic<int>[]> filePermille;
    std::atomic<int> file{-1};
    int shownFile = -1;              // the last one announced (GUI thread)
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
        double part = total ? double(m_job->done.load(std::memory_order_relaxed)) / double(total) : 0.0;
        if (!m_job->files.isEmpty()) {
            const int file = m_job->file.load(std::memory_order_relaxed);
            if (file < 0)
                return;
            if (file != m_job->shownFile) {
                m_job->shownFile = file;
                emit fileChanged(file, int(m_job->files.size()), m_job->files[file]);
            }
            double permille = 0.0;
            for (qsizetype i = 0; i < m_job->files.size(); ++i)
                permille += m_job->filePermille[std::size_t(i)].load(std::memory_order_relaxed);
            part = permille / (1000.0 * double(m_job->files.size()));
        } else if (!total) {
            return;
        }
        emit progressChanged(int(1000.0 * part));
    });
}

TraceLoader::~TraceLoader()
{
    if (m_job) {
        m_job->control.cancel();
        m_job->watcher.waitForFinished();
    }
}

namespace {

// Building the timeline's indexes may run out of memory, which must end as a
// failed load, not an abort.
template<typename Job>
void buildModel(Job &job, std::shared_ptr<const Trace> trace)
{
    try {
        job.model = std::make_shared<TimelineModel>(std::move(trace));
    } catch (const std::bad_alloc &) {
        job.error = TraceLoader::tr("'%1' needs more memory than is available").arg(job.path);
    } catch (const std::exception &e) {
        job.error = TraceLoader::tr("'%1' could not be shown: %2").arg(job.path, QString::fromLocal8Bit(e.what()));
    }
}

} // namespace

void TraceLoader::load(const QString &path)
{
    auto job = std::make_shared<Job>();
    job->path = path;
    start(job, [](Job &job) {
        ImportResult result = loadTrace(job.path.toStdString(), job.control);
        if (result.cancelled || job.control.isCancelled()) {
            job.wasCancelled = true;
            return;
        }
        if (!result.ok()) {
            job.error = QString::fromStdString(result.error);
            return;
        }
        buildModel(job, std::move(result.trace)); // loadTrace() never throws
    });
}

void TraceLoader::loadGroup(const QStringList &paths, int alignment, const QString &title)
{
    auto job = std::make_shared<Job>();
    job->path = title;
    job->files = paths;
    job->filePermille = std::make_unique<std::atomic<int>[]>(std::size_t(paths.size()));
    start(job, [alignment](Job &job) {
        std::vector<std::string> files;
        for (const QString &file : job.files)
            files.push_back(file.toStdString());
        TraceGroupObserver observer;
        observer.progress = [&job](std::size_t file, std::uint64_t done, std::uint64_t total) {
            // Already thinned out by the file's own ImportControl.
            if (total)
                job.filePermille[file].store(int(1000.0 * double(done) / double(total)), std::memory_order_relaxed);
            int latest = job.file.load(std::memory_order_relaxed);
            while (int(file) > latest && !job.file.compare_exchange_weak(latest, int(file)))
                ;
        };
        observer.cancelled = [&job] { return job.control.isCancelled(); };
        TraceGroup group;
        try {
            group = loadTraceGroup(files, TimeAlignment(alignment), job.path.toStdString(), observer);
        } catch (const std::bad_alloc &) {
            job.error = tr("These %n traces need more memory than is available", nullptr, int(files.size()));
            return;
        }
        if (group.cancelled || job.control.isCancelled()) {
            job.wasCancelled = true;
            return;
        }
        if (!group.trace) {
            job.error = QString::fromStdString(group.error);
            return;
        }
        buildModel(job, group.trace);
        if (job.model)
            job.model->setRanks(std::move(group.ranks));
    });
}

void TraceLoader::start(std::shared_ptr<Job> job, std::function<void(Job &)> work)
{
    if (m_job) {
        // The old job finishes on its own; its result is dropped.
        m_job->control.cancel();
        m_job->watcher.disconnect(this);
        m_job->watcher.waitForFinished();
    }
    m_job = job;
    connect(&job->watcher, &QFutureWatcher<void>::finished, this, [this, job] { finish(job); });
    job->watcher.setFuture(QtConcurrent::run([job, work = std::move(work)] { work(*job); }));
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
