#include "timeline/fill_batches.h"

#include <unordered_map>

namespace tracelane {
namespace {

struct Piece
{
    std::uint32_t batch;
    QRect rect;
};

// The visible part of each item of a band, joined with its left neighbour when
// they touch and share a colour.
void addBandPieces(const std::vector<DrawItem> &all, const DrawBand &band,
                   std::unordered_map<QRgb, std::uint32_t> &batchOf, std::vector<FillBatch> &batches,
                   std::vector<Piece> &pieces)
{
    const DrawItem *items = all.data() + band.firstItem;
    const std::size_t bandStart = pieces.size();
    for (std::uint32_t i = 0; i < band.itemCount; ++i) {
        QRect rect = items[i].rect;
        if (i + 1 < band.itemCount) {
            const int nextLeft = items[i + 1].rect.left();
            if (nextLeft <= rect.left())
                continue; // the next box covers this one's only pixel
            rect.setRight(std::min(rect.right(), nextLeft - 1));
        }
        if (rect.isEmpty())
            continue;
        const auto [it, added] = batchOf.try_emplace(items[i].color, std::uint32_t(batches.size()));
        if (added)
            batches.push_back(FillBatch{items[i].color, 0, 0});
        if (pieces.size() > bandStart) {
            Piece &last = pieces.back();
            if (last.batch == it->second && last.rect.right() + 1 == rect.left() && last.rect.top() == rect.top()
                && last.rect.height() == rect.height()) {
                last.rect.setRight(rect.right());
                continue;
            }
        }
        pieces.push_back(Piece{it->second, rect});
        ++batches[it->second].count;
    }
}

} // namespace

void batchFills(const std::vector<DrawBand> &bands, const std::vector<DrawItem> &items, std::vector<FillBatch> &fills,
                std::vector<QRect> &rects)
{
    fills.clear();
    rects.clear();
    std::unordered_map<QRgb, std::uint32_t> batchOf;
    std::vector<Piece> pieces;
    pieces.reserve(items.size());
    for (const DrawBand &band : bands)
        addBandPieces(items, band, batchOf, fills, pieces);
    // Counting sort by batch: each colour's rectangles end up contiguous.
    std::uint32_t offset = 0;
    for (FillBatch &batch : fills) {
        batch.first = offset;
        offset += batch.count;
        batch.count = 0;
    }
    rects.resize(pieces.size());
    for (const Piece &piece : pieces) {
        FillBatch &batch = fills[piece.batch];
        rects[batch.first + batch.count++] = piece.rect;
    }
}

} // namespace tracelane
