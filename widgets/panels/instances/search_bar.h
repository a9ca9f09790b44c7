#pragma once
// Ctrl+F: a regular expression over event names, the number of matches,
// Enter / Shift+Enter to step to the next / previous one, and Alt+Enter (or
// List All) to list every match.

#include "event_search.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QToolButton;

namespace tracelane {

class SearchBar : public QWidget
{
    Q_OBJECT

public:
    explicit SearchBar(QWidget *parent = nullptr);

    void setTrace(std::shared_ptr<const Trace> trace);
    void activate(); // show, focus and select the text
    void setPattern(const QString &pattern); // runs the search at once
    const SearchResult &result() const { return m_result; }
    int currentIndex() const { return m_current; }
    QString statusText() const;

public slots:
    void next();
    void previous();
    void listAll(); // emits allMatchesListed when there are matches

signals:
    void matchActivated(tracelane::EventRef ref);
    void allMatchesListed(const QString &pattern, const std::vector<tracelane::EventRef> &matches);
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void step(int delta);
    void updateStatus();

    std::shared_ptr<const Trace> m_trace;
    QLineEdit *m_edit;
    QLabel *m_status;
    QToolButton *m_listAll;
    SearchResult m_result;
    QString m_searched;
    int m_current = -1;
};

} // namespace tracelane
