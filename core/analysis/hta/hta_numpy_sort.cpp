#include "hta_numpy_sort.h"

#include <utility>

namespace tracelane {
namespace {

constexpr std::ptrdiff_t kSmallQuicksort = 15; // numpy's SMALL_QUICKSORT
constexpr int kStackSize = 128;                // numpy's PYA_QS_STACK (2 * bits of npy_intp)

int mostSignificantBit(std::size_t n)
{
    int bit = 0;
    while (n >>= 1)
        ++bit;
    return bit;
}

// numpy's aheapsort on the index range [first, first + n).
void heapSort(const double *v, std::uint32_t *first, std::ptrdiff_t n)
{
    std::uint32_t *a = first - 1; // 1-based, as numpy indexes its heap
    for (std::ptrdiff_t l = n >> 1; l > 0; --l) {
        const std::uint32_t tmp = a[l];
        std::ptrdiff_t i = l;
        for (std::ptrdiff_t j = l << 1; j <= n;) {
            if (j < n && v[a[j]] < v[a[j + 1]])
                j += 1;
            if (v[tmp] < v[a[j]]) {
                a[i] = a[j];
                i = j;
                j += j;
            } else
                break;
        }
        a[i] = tmp;
    }
    for (; n > 1;) {
        const std::uint32_t tmp = a[n];
        a[n] = a[1];
        n -= 1;
        std::ptrdiff_t i = 1;
        for (std::ptrdiff_t j = 2; j <= n;) {
            if (j < n && v[a[j]] < v[a[j + 1]])
                j++;
            if (v[tmp] < v[a[j]]) {
                a[i] = a[j];
                i = j;
                j += j;
            } else
                break;
        }
        a[i] = tmp;
    }
}

} // namespace

std::vector<std::uint32_t> numpyQuicksortOrder(std::span<const double> keys)
{
    std::vector<std::uint32_t> order(keys.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    if (keys.size() < 2)
        return order;
    const double *v = keys.data();
    std::uint32_t *pl = order.data();
    std::uint32_t *pr = order.data() + order.size() - 1;
    std::uint32_t *stack[kStackSize];
    std::uint32_t **sptr = stack;
    int depth[kStackSize];
    int *psdepth = depth;
    int cdepth = mostSignificantBit(keys.size()) * 2;

    for (;;) {
        if (cdepth < 0) {
            heapSort(v, pl, pr - pl + 1);
        } else {
            while ((pr - pl) > kSmallQuicksort) {
                std::uint32_t *pm = pl + ((pr - pl) >> 1);
                if (v[*pm] < v[*pl])
                    std::swap(*pm, *pl);
                if (v[*pr] < v[*pm])
                    std::swap(*pr, *pm);
                if (v[*pm] < v[*pl])
                    std::swap(*pm, *pl);
                const double vp = v[*pm];
                std::uint32_t *pi = pl;
                std::uint32_t *pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do
                        ++pi;
                    while (v[*pi] < vp);
                    do
                        --pj;
                    while (vp < v[*pj]);
                    if (pi >= pj)
                        break;
                    std::swap(*pi, *pj);
                }
                std::uint32_t *pk = pr - 1;
                std::swap(*pi, *pk);
                // the larger part waits on the stack
                if (pi - pl < pr - pi) {
                    *sptr++ = pi + 1;
                    *sptr++ = pr;
                    pr = pi - 1;
                } else {
                    *sptr++ = pl;
                    *sptr++ = pi - 1;
                    pl = pi + 1;
                }
                *psdepth++ = --cdepth;
            }
            // insertion sort of the small rest
            for (std::uint32_t *pi = pl + 1; pi <= pr; ++pi) {
                const std::uint32_t vi = *pi;
                const double vp = v[vi];
                std::uint32_t *pj = pi;
                std::uint32_t *pk = pi - 1;
                while (pj > pl && vp < v[*pk])
                    *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (sptr == stack)
            break;
        pr = *(--sptr);
        pl = *(--sptr);
        cdepth = *(--psdepth);
    }
    return order;
}

} // namespace tracelane
