#include "compare_choice_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tracelane {

CompareChoiceDialog::CompareChoiceDialog(const QStringList &traces, QWidget *parent)
    : QDialog(parent)
    , m_traces(traces)
    , m_control(new QComboBox(this))
    , m_test(new QComboBox(this))
{
    setWindowTitle(tr("Compare Traces"));
    m_control->setObjectName(QStringLiteral("compareControl"));
    m_test->setObjectName(QStringLiteral("compareTest"));
    m_control->addItems(traces);
    offerTests();
    connect(m_control, &QComboBox::currentIndexChanged, this, &CompareChoiceDialog::offerTests);

    auto *explanation = new QLabel(tr("This window holds %n traces. Choose the control, and the trace to compare "
                                      "with it: the diff counts each on its own.",
                                      nullptr, int(traces.size())),
                                   this);
    explanation->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Control:"), m_control);
    form->addRow(tr("Test:"), m_test);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void CompareChoiceDialog::offerTests()
{
    const int control = controlTrace();
    m_test->clear();
    for (int i = 0; i < m_traces.size(); ++i)
        if (i != control)
            m_test->addItem(m_traces[i], i);
    m_test->addItem(tr("Another trace file…"), -1);
}

int CompareChoiceDialog::controlTrace() const
{
    return m_control->currentIndex();
}

int CompareChoiceDialog::testTrace() const
{
    return m_test->currentData().toInt();
}

} // namespace tracelane
