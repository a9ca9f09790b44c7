#pragma once
// File > Compare With… in a window that holds several traces: which of them is
// the control, and what it is compared with — another trace of the window
// (rank against rank) or a file. Comparing the merged traces as one control
// doubled every count.

#include <QDialog>
#include <QStringList>

class QComboBox;

namespace tracelane {

class CompareChoiceDialog : public QDialog
{
    Q_OBJECT

public:
    // `traces`: the window's traces, as their lane groups are titled.
    explicit CompareChoiceDialog(const QStringList &traces, QWidget *parent = nullptr);

    int controlTrace() const;
    // The window's trace chosen as the test, or -1 for another file.
    int testTrace() const;

    QComboBox *controlBox() const { return m_control; }
    QComboBox *testBox() const { return m_test; }

private:
    void offerTests(); // every trace but the control, then "Another trace file…"

    QStringList m_traces;
    QComboBox *m_control;
    QComboBox *m_test;
};

} // namespace tracelane
