#pragma once
// Loads a trace on a worker thread: import, then the timeline's per-depth index
// and arrangement, so the GUI thread only swaps the finished model in. Progress
// is polled from atomics (no signal per chunk), Cancel reaches the importer
// through its ImportControl.

#include <QObject>
#include <QString>

#include <QStringList>

#include <functional>
#include <memory>

class QTimer;

namespace tracelane {

class TimelineModel;

class TraceLoader : public QObject
{
    Q_OBJECT

public:
    explicit TraceLoader(QObject *parent = nullptr);
    ~TraceLoader() override; // cancels and waits: the worker never outlives its loader

    void load(const QString &path); // cancels a load still running
    // Several files as one trace (trace_group.h), one after another; `alignment`
    // is a TimeAlignment. Ends with loaded(model, title).
    void loadGroup(const QStringList &paths, int alignment, const QString &title);
    void cancel();
    bool isLoading() const { return m_job != nullptr; }

signals:
    void progressChanged(int permille); // of the whole load; for a group, of all its files
    void fileChanged(int index, int count, const QString &path); // a group's file now loading
    void loaded(std::shared_ptr<tracelane::TimelineModel> model, const QString &path);
    void failed(const QString &message, const QString &path);
    void cancelled(const QString &path);

private:
    struct Job;
    void start(std::shared_ptr<Job> job, std::function<void(Job &)> work);
    void finish(const std::shared_ptr<Job> &job);

    std::shared_ptr<Job> m_job;
    QTimer *m_poll;
};

} // namespace tracelane
