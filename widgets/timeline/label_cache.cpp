#include "timeline/label_cache.h"

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QPainter>

namespace tracelane {
namespace {

QStaticText prepared(const QString &text, const QFont &font)
{
    QStaticText st(text);
    // Names such as "void k<float, 512>(...)" must never be read as rich text.
    st.setTextFormat(Qt::PlainText);
    st.prepare(QTransform(), font);
    return st;
}

} // namespace

void LabelCache::setSource(const void *source)
{
    if (source != m_source)
        m_names.clear();
    m_source = source;
}

QFont LabelCache::painterFont(const QPainter &painter)
{
    return painter.font();
}

const QStaticText &LabelCache::addName(NameKey whole, const QString &text, int width)
{
    makeRoom();
    Entry entry{prepared(text, whole.font), QFontMetricsF(whole.font).horizontalAdvance(text)};
    const NameKey fitted{whole.id, width, whole.font};
    const Entry &added = *m_names.insert(std::move(whole), std::move(entry));
    return fittedName(added, fitted);
}

// A name that fits is drawn whole; only those that do not are elided per width,
// so zooming in (boxes growing past their names) creates no new entries.
const QStaticText &LabelCache::fittedName(const Entry &whole, NameKey key)
{
    if (whole.advance <= key.width)
        return whole.text;
    if (const auto it = m_names.constFind(key); it != m_names.cend())
        return it->text;
    const QString text = whole.text.text(); // `whole` may move when the hash grows
    makeRoom();
    const QString shown = QFontMetrics(key.font).elidedText(text, Qt::ElideRight, key.width);
    Entry entry{prepared(shown, key.font), 0};
    return m_names.insert(std::move(key), std::move(entry))->text;
}

const QStaticText &LabelCache::text(QPainter &painter, const QString &text, int width)
{
    TextKey key{text, width, painterFont(painter)};
    if (const auto it = m_texts.constFind(key); it != m_texts.cend())
        return *it;
    makeRoom();
    const QString shown = width < 0 ? text : QFontMetrics(key.font).elidedText(text, Qt::ElideRight, width);
    QStaticText st = prepared(shown, key.font);
    return *m_texts.insert(std::move(key), std::move(st));
}

void LabelCache::drawLeftCentred(QPainter &painter, const QRect &rect, const QStaticText &text)
{
    // QPainter::drawText centres the line box (ascent + descent) in the rectangle.
    const qreal lineHeight = QFontMetricsF(painter.font()).height();
    painter.drawStaticText(QPointF(rect.left(), rect.top() + (rect.height() - lineHeight) / 2), text);
}

void LabelCache::makeRoom()
{
    if (size() >= kMaxEntries)
        clear();
}

void LabelCache::clear()
{
    m_names.clear();
    m_texts.clear();
}

} // namespace tracelane
