#pragma once
// Edit > Preferences: theme, time unit, iteration pattern, recent files, language.

#include "preferences.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tracelane {

class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(const Preferences &current, QWidget *parent = nullptr);

    Preferences preferences() const;

private:
    void display(const Preferences &p);
    void validatePattern();

    QComboBox *m_language;
    QComboBox *m_theme;
    QComboBox *m_timeUnit;
    QLineEdit *m_pattern;
    QLabel *m_patternError;
    QSpinBox *m_recentCount;
    QDialogButtonBox *m_buttons;
};

} // namespace tracelane
