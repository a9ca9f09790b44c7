#include "panels/common/column_titles.h"

#include <QCoreApplication>
#include <QSet>

namespace tracelane {
namespace {

// Column names without their unit, as the reports in core/analysis write them.
constexpr const char *kNames[] = {
    QT_TRANSLATE_NOOP("ColumnTitles", "Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Total Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Instances"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Avg"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Med"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Min"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Max"),
    QT_TRANSLATE_NOOP("ColumnTitles", "StdDev"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Style"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Range"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Num Calls"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Name"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Op"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Calls"),
    QT_TRANSLATE_NOOP("ColumnTitles", "T2 Mean"),
    QT_TRANSLATE_NOOP("ColumnTitles", "T3 Mean"),
    QT_TRANSLATE_NOOP("ColumnTitles", "T5 Mean"),
    QT_TRANSLATE_NOOP("ColumnTitles", "T5 Total"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Launches"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Mean"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Std"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Total"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Device"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Stream"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Host Wait"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Kernel Wait"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Other"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Iteration"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Span"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Busy"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Idle"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Type"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Share"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Communication"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Overlapped"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Overlap"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Kind"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Count"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Statistic"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Median"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Start"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Duration"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Overhead"),
    QT_TRANSLATE_NOOP("ColumnTitles", "CPU Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "GPU Projected Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Op Instances"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Op Device Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Control Count"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Test Count"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Count Diff"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Control Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Test Time"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Time Diff"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Change"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Rank"),
    QT_TRANSLATE_NOOP("ColumnTitles", "File"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Iterations"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Iteration Median"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Iteration Max"),
    QT_TRANSLATE_NOOP("ColumnTitles", "GPU Busy"),
    QT_TRANSLATE_NOOP("ColumnTitles", "GPU Idle"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Overlap with Compute"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Straggler"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Ranks"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Last Rank"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Last File"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Last Start"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Lag"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Peak Allocated"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Peak At"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Peak Reserved"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Allocations"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Frees"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Never Freed"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Allocated"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Freed"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Self Increase"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Total Increase"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Address"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Size"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Allocated At"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Freed At"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Python Stack"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Tensor Cores"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Est. SM Efficiency"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Est. Occupancy"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Collective"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Collectives"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Process Group"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Transfer"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Wait"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Skew"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Algorithm BW"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Bus BW"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Index"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Found On"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Last Arrivals"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Wait Caused"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Deviation"),
    QT_TRANSLATE_NOOP("ColumnTitles", "Outlier"),
};

// Whole-cell words of the reports.
constexpr const char *kCellWords[] = {
    QT_TRANSLATE_NOOP("ColumnTitles", "Yes"),
    QT_TRANSLATE_NOOP("ColumnTitles", "No"),
};

} // namespace

QString cellText(const std::string &text)
{
    for (const char *word : kCellWords)
        if (text == word)
            return QCoreApplication::translate("ColumnTitles", word);
    return QString::fromStdString(text);
}

QString columnTitle(const std::string &column)
{
    static const QSet<QString> known = [] {
        QSet<QString> names;
        for (const char *name : kNames)
            names.insert(QString::fromLatin1(name));
        return names;
    }();
    const QString text = QString::fromStdString(column);
    // "Total Time (ns)": the name, then the unit in parentheses.
    const qsizetype unitAt = text.endsWith(QLatin1Char(')')) ? text.lastIndexOf(QLatin1String(" (")) : -1;
    const QString name = unitAt > 0 ? text.left(unitAt) : text;
    if (!known.contains(name))
        return text;
    const QByteArray key = name.toLatin1();
    return QCoreApplication::translate("ColumnTitles", key.constData()) + (unitAt > 0 ? text.mid(unitAt) : QString());
}

} // namespace tracelane
