#pragma once
// The Pivot tab of the Selection dock: the selected events (or the whole trace)
// grouped by up to three dimensions chosen in a row of combo boxes ("Group by",
// "then by", "then by"; Argument takes its key from the key box), shown as a
// tree with count, total, self, mean, min and max. Computed on a worker thread
// while the tab is visible; Export CSV writes the columns of `tracelane-cli
// pivot`. Double-clicking a group lists its longest event.

#include "analysis/pivot/pivot_table.h"

#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;

namespace tracelane {

class PivotModel;

class PivotView : public QWidget
{
    Q_OBJECT

public:
    explicit PivotView(QWidget *parent = nullptr);
    ~PivotView() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears; pivots the whole trace
    // Events starting in [from, to) (absolute ns) on `tracks` (empty: all lanes).
    void setSelection(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks);
    void clearSelection(); // the whole trace
    // Chooses the dimensions (at most three; an Arg's key goes to the key box).
    void setDimensions(const std::vector<PivotBy> &dimensions);
    std::vector<PivotBy> dimensions() const;
    void refreshTimes();

    bool isComputing() const { return m_pending; }
    const PivotResult &result() const;
    PivotModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; } // over a sorting proxy of model()
    // Writes the table `tracelane-cli pivot --format csv` prints; false when the file cannot be written.
    bool exportCsv(const QString &path) const;

signals:
    void ready(); // a result is shown
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void fillArgKeys();
    void optionsChanged();
    void recompute();
    void showStatus();
    void chooseExportFile();
    void activate(const QModelIndex &index);

    std::shared_ptr<const Trace> m_trace;
    PivotFilter m_filter;
    std::array<QComboBox *, 3> m_levels{};
    QComboBox *m_argKey;
    QPushButton *m_expand, *m_collapse, *m_export;
    QLabel *m_status;
    QTreeView *m_view;
    PivotModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QFutureWatcher<PivotResult> *m_watcher;
    bool m_pending = false;
    bool m_stale = true; // the shown result is not that of the current inputs
};

} // namespace tracelane
