#pragma once
// Laid-out text kept across frames. Shaping and eliding a name costs far more
// than filling its box, and the same names, track titles and ruler labels are
// drawn frame after frame, so each is shaped once and then blitted from its
// QStaticText. Output matches QFontMetrics::elidedText + QPainter::drawText.
//
// Event names are keyed by string id, which only means something within one
// trace: setSource() forgets them when the trace changes. Other text is keyed
// by its content. Entries also depend on the width elided to and the font.
// Past a bound the cache forgets everything; a frame rebuilds what it uses.

#include "model/string_table.h"

#include <QFont>
#include <QHash>
#include <QStaticText>

#include <cstdint>

class QPainter;
class QRect;

namespace tracelane {

class LabelCache
{
public:
    void setSource(const void *source);

    // The name with string id `name`, elided on the right to `width` pixels in
    // the painter's font. `makeName()` gives its text; it runs once per name.
    template<typename MakeName>
    const QStaticText &name(QPainter &painter, StringId name, int width, MakeName &&makeName)
    {
        const QFont font = painterFont(painter);
        const auto whole = m_names.constFind(NameKey{name, kWhole, font});
        if (whole == m_names.cend())
            return addName(NameKey{name, kWhole, font}, makeName(), width);
        return fittedName(*whole, NameKey{name, width, font});
    }
    // `text` elided on the right to `width` pixels, or whole when `width` < 0.
    const QStaticText &text(QPainter &painter, const QString &text, int width = -1);

    // Draws `text` where QPainter::drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, text) would.
    static void drawLeftCentred(QPainter &painter, const QRect &rect, const QStaticText &text);

    int size() const { return int(m_names.size() + m_texts.size()); }
    void clear();

private:
    static constexpr int kWhole = -1; // the key of a name not elided
    static constexpr int kMaxEntries = 8192;

    struct Entry
    {
        QStaticText text;
        qreal advance = 0; // of the whole text, in pixels
    };
    struct NameKey
    {
        StringId id;
        int width;
        QFont font;
        bool operator==(const NameKey &) const = default;
    };
    struct TextKey
    {
        QString text;
        int width;
        QFont font;
        bool operator==(const TextKey &) const = default;
    };
    friend size_t qHash(const NameKey &key, size_t seed) noexcept { return qHashMulti(seed, key.id, key.width); }
    friend size_t qHash(const TextKey &key, size_t seed) noexcept { return qHashMulti(seed, key.text, key.width); }

    static QFont painterFont(const QPainter &painter);
    const QStaticText &addName(NameKey whole, const QString &text, int width);
    const QStaticText &fittedName(const Entry &whole, NameKey key);
    void makeRoom();

    const void *m_source = nullptr;
    QHash<NameKey, Entry> m_names;
    QHash<TextKey, QStaticText> m_texts;
};

} // namespace tracelane
