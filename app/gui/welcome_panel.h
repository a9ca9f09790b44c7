#pragma once
// What an empty window shows instead of a bare ruler: how to open a trace
// (Ctrl+O, drag and drop, the command line) and the recent traces, one click
// each. It covers the timeline until a trace is shown.

#include <QWidget>

class QVBoxLayout;

namespace tracelane {

class WelcomePanel : public QWidget
{
    Q_OBJECT

public:
    // Lies over `covered` and keeps its size.
    explicit WelcomePanel(QWidget *covered);

    void refresh(); // reads the recent files again

signals:
    void openRequested(const QString &path);
    void chooseRequested(); // the Open button

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    QWidget *m_recentBox;
    QVBoxLayout *m_recentLayout;
};

} // namespace tracelane
