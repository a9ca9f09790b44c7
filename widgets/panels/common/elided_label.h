#pragma once
// A one-line label and a flat link button that never widen their panel: the
// text is elided to the width they are given (in the middle, so a kernel
// name keeps its start and its template arguments' end), and the tooltip
// holds the full text whenever part of it is hidden.

#include <QLabel>
#include <QPushButton>

namespace tracelane {

class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    QString fullText() const { return m_fullText; }
    bool isElided() const { return text() != m_fullText; }
    // The full text as tooltip even when it fits (a name people hover to read).
    void setFullTextTip(bool always);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_fullText;
    bool m_tipAlways = false;
};

class ElidedButton : public QPushButton
{
    Q_OBJECT

public:
    explicit ElidedButton(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    QString fullText() const { return m_fullText; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_fullText;
};

} // namespace tracelane
