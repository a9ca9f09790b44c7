#pragma once
// Base of every chart: a QCustomPlot with a title, an optional row of
// controls above it and an optional side panel, and export of the plot (not
// the controls) to PNG, PDF or SVG. qcustomplot.h stays out of this header.

#include <QColor>
#include <QHash>
#include <QSize>
#include <QStringList>
#include <QWidget>

#include <map>

#include <tuple>

class QCPAxis;
class QCPTextElement;
class QCustomPlot;
class QHBoxLayout;
class QSplitter;

namespace tracelane::charts {

class ChartView : public QWidget
{
    Q_OBJECT

public:
    explicit ChartView(QWidget *parent = nullptr);
    ~ChartView() override;

    QString title() const { return m_title; }
    // The caption's parts on one line, joined by " · "; empty without a caption.
    QString caption() const;

    // Format by suffix: .png (raster), .pdf and .svg (vector). `size` in
    // pixels (PNG) or points (PDF, SVG); an empty size uses the widget's, at
    // least 960x540.
    bool exportTo(const QString &path, QSize size = {}, QString *error = nullptr);
    static QStringList exportSuffixes();
    // Asks for a file name (the format follows the chosen filter), then exports;
    // what the plot's context menu and File > Export do.
    void chooseExportFile();
    // Asks for a PNG, PDF or SVG file name; the suffix follows the chosen
    // filter when the name has none. Empty when the user cancels.
    static QString askExportPath(QWidget *parent, const QString &caption);

    QCustomPlot *plot() const { return m_plot; }

signals:
    void chartChanged(); // new data or settings were drawn

protected:
    void setTitle(const QString &title);
    QHBoxLayout *controls() const { return m_controls; }
    void setSidePanel(QWidget *panel);
    // Moves the legend under the plot, in as many columns (up to maxColumns) as fit its width.
    void placeLegendBelow(int maxColumns);
    // Whether the chart wants its legend; it is still hidden while the plot is too short for it.
    void setLegendShown(bool shown);
    // Whether a legend of these entries, below a plot of this size, would be
    // shown (in up to maxColumns columns), rather than hidden for want of height.
    bool legendFits(const QStringList &names, int maxColumns, QSize size) const;
    // A small grey note under the plot (what whiskers or symbols mean). Its parts
    // go on one line where the width allows, else on as many lines as needed;
    // it is hidden while it would take more than a fifth of the plot's height.
    void setCaption(const QStringList &parts);
    // The side panel's width for its content (names whole): the splitter gives
    // it that much, up to seven tenths of the chart, at every resize.
    void setSidePanelWanted(int pixels);
    // The plot is about to be drawn this wide (its own width, or an export's):
    // for what must shrink with it, such as elided axis labels. Draw nothing here.
    virtual void fitToWidth(int width) { Q_UNUSED(width) }
    // The plot is about to be drawn this size, before its legend is fitted: a
    // chart may merge series here so that its legend fits (see legendFits).
    virtual void fitSeriesTo(QSize size) { Q_UNUSED(size) }
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showToolTip(const QPoint &plotPos, const QString &text);

private:
    void fitTitleTo(int width);
    void fitLegendTo(QSize size);
    int legendColumns(const QStringList &names, int maxColumns, int width) const;
    int legendHeight(int entries, int columns) const;
    void dropLegendIfCramped(); // after a layout that left the axes too little height
    void setLegendInLayout(bool in);
    void fitCaptionTo(QSize size);
    bool captionInLayout() const;
    void setCaptionInLayout(bool in);
    void fitAllTo(QSize size);
    void fitSidePanel();
    void fitValueTicks();
    void fitAxisTitles(); // elided where centring would run them off the plot
    // Background, axes, text, legend and notes in the palette's colours (the theme).
    void applyColors();

    QCustomPlot *m_plot = nullptr;
    int m_legendMaxColumns = 0; // 0: the legend is not below the plot
    bool m_legendShown = false;
    QSize m_legendCrampedAt; // the plot size at which the legend left the axes too little height
    QHBoxLayout *m_controls = nullptr;
    QHBoxLayout *m_body = nullptr;
    QSplitter *m_splitter = nullptr; // the plot and the side panel, if there is one
    int m_sidePanelWanted = 0;
    QString m_title;
    QCPTextElement *m_caption = nullptr;
    QStringList m_captionParts;
    QHash<QCPAxis *, std::tuple<int, double, double>> m_valueTicksFitted; // axis length and range
    QColor m_textColor; // what applyColors() gave the notes last
    struct AxisTitle
    {
        QString full;  // as the chart set it
        QString shown; // as fitAxisTitles() left it
    };
    std::map<QCPAxis *, AxisTitle> m_fullAxisTitles;
};

} // namespace tracelane::charts
