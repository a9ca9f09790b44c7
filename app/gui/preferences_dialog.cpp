#include "preferences_dialog.h"

#include "language.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

namespace tracelane {
namespace {

// Selects the entry whose data equals `value` (the first one if none does).
void selectData(QComboBox *box, const QVariant &value)
{
    box->setCurrentIndex(std::max(0, box->findData(value)));
}

} // namespace

PreferencesDialog::PreferencesDialog(const Preferences &current, QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_timeUnit(new QComboBox(this))
    , m_pattern(new QLineEdit(this))
    , m_patternError(new QLabel(this))
    , m_recentCount(new QSpinBox(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel
                                         | QDialogButtonBox::RestoreDefaults,
                                     this))
{
    setWindowTitle(tr("Preferences"));

    m_language->addItem(tr("System language"), QString());
    for (const LanguageChoice &choice : availableLanguages())
        m_language->addItem(choice.nativeName, choice.code);
    m_theme->addItem(tr("Same as the system"), int(Preferences::Theme::System));
    m_theme->addItem(tr("Light"), int(Preferences::Theme::Light));
    m_theme->addItem(tr("Dark"), int(Preferences::Theme::Dark));
    m_timeUnit->addItem(tr("Automatic"), int(Preferences::TimeUnit::Automatic));
    m_timeUnit->addItem(tr("Nanoseconds (ns)"), int(Preferences::TimeUnit::Nanoseconds));
    m_timeUnit->addItem(tr("Microseconds (µs)"), int(Preferences::TimeUnit::Microseconds));
    m_timeUnit->addItem(tr("Milliseconds (ms)"), int(Preferences::TimeUnit::Milliseconds));
    m_timeUnit->addItem(tr("Seconds (s)"), int(Preferences::TimeUnit::Seconds));
    m_pattern->setToolTip(tr("A regular expression for the names of the ranges that mark iterations; "
                             "the first captured number is the iteration number."));
    m_patternError->setWordWrap(true);
    m_patternError->hide();
    m_recentCount->setRange(Preferences::kMinRecentFiles, Preferences::kMaxRecentFiles);

    auto *languageNote = new QLabel(tr("A new language is used after Tracelane is restarted."), this);
    languageNote->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), languageNote);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("T&ime unit:"), m_timeUnit);
    form->addRow(tr("Iteration &pattern:"), m_pattern);
    form->addRow(QString(), m_patternError);
    form->addRow(tr("&Recent files:"), m_recentCount);
    form->addRow(m_buttons);

    connect(m_pattern, &QLineEdit::textChanged, this, &PreferencesDialog::validatePattern);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { display(Preferences{}); });
    display(current);
}

void PreferencesDialog::display(const Preferences &p)
{
    selectData(m_language, p.language);
    selectData(m_theme, int(p.theme));
    selectData(m_timeUnit, int(p.timeUnit));
    m_pattern->setText(p.iterationPattern);
    m_recentCount->setValue(p.recentFileCount);
    validatePattern();
}

void PreferencesDialog::validatePattern()
{
    const QRegularExpression regex(m_pattern->text());
    const bool valid = !m_pattern->text().isEmpty() && regex.isValid();
    m_patternError->setVisible(!valid);
    if (!valid) {
        m_patternError->setText(m_pattern->text().isEmpty()
                                    ? tr("Enter a pattern.")
                                    : tr("Not a valid regular expression: %1").arg(regex.errorString()));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(valid);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.language = m_language->currentData().toString();
    p.theme = Preferences::Theme(m_theme->currentData().toInt());
    p.timeUnit = Preferences::TimeUnit(m_timeUnit->currentData().toInt());
    p.iterationPattern = m_pattern->text();
    p.recentFileCount = m_recentCount->value();
    return p;
}

} // namespace tracelane
