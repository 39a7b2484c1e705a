/* Text meshes parsed in C: the vertex coordinates of an ASCII STL (stl_vertices), the lines of an
   OBJ (obj_scan), an ASCII PLY in the layout scanners write (ply_mesh) and the numbers of any
   other ASCII PLY body (text_numbers). This first part: ASCII STL, and the number rules all share.

   scaninbox.scans.stl_ascii calls stl_vertices() on the file's bytes (bytes, mmap, memoryview;
   anything with the buffer protocol), possibly on two threads for two halves of the file; the GIL
   is released while the bytes are read. The numbers are decoded exactly as the numpy path in
   text_numbers.py decodes them, so both give the same float32 bit for bit:

     - a token is a run of bytes above 32 (space); every byte <= 32 separates tokens;
     - a leading '+' or '-' counts as a leading '0' digit (as the numpy path's byte tricks do);
     - the mantissa's digits (dot removed) are read in two groups: the first 16, then up to 8
       more, each right-padded with zeros; value = (double)first16 + (double)next8 * 1e-8;
     - the decimal exponent (digits before the dot - 16 + the written exponent of 1-3 digits)
       must be at most 22 in size, so that the power of ten is an exact double; the value is
       one multiplication or division by it, then negated for a '-', then rounded to float32.

   A token this does not accept (longer than 24 bytes, "nan", "inf", garbage, an exponent that
   would need an inexact power) is not guessed at: its slot and byte offsets are handed back, and
   Python reads it with float() or names its line in the error, exactly as the numpy path does.

   Which tokens are coordinates: the three tokens after each keyword "vertex" (any case), as in the
   numpy path. A "vertex" between "solid"/"endsolid" and the next "facet" is part of a solid's
   name, not a keyword; one that stands where a coordinate should is a bad number, not a keyword.
   Facet normals are skipped (the app computes its own).

   Memory: the output grows as vertices are found (it never trusts a count the file claims). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <pythread.h>
#include <stdint.h>
#include <string.h>

/* Two builds of this file: the portable one (_text_native, any CPU the compiler targets) and
   _text_native_v2.c, which includes this file compiled for x86-64-v2 (SSSE3, SSE4.1, POPCNT; every
   x86-64 CPU since about 2009, but not all of them). Code that needs those instructions sits under
   `#if defined(__SSE4_1__)` with a portable path beside it; text_numbers.load_text_native() asks
   the portable build whether this CPU has them (v2_supported) before it imports the other. */
#if defined(TEXT_NATIVE_V2)
#define MODULE_NAME "scaninbox.scans._text_native_v2"
#define MODULE_INIT PyInit__text_native_v2
#else
#define MODULE_NAME "scaninbox.scans._text_native"
#define MODULE_INIT PyInit__text_native
#endif

#if defined(__SSE4_1__) && defined(__SSSE3__) && defined(__POPCNT__)
#define BUILD_NAME "x86-64-v2"
#else
#define BUILD_NAME "portable"
#endif

/* mantissa + rest * 1e-8 must round twice, as numpy's two array operations do: a fused
   multiply-add (which compilers may use by default, e.g. GCC on arm64) would change the last bit. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

/* Powers of ten up to 1e22 are exact doubles. */
static const double POW10[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};
static const uint64_t POW10_INT[17] = {
    1ULL,
    10ULL,
    100ULL,
    1000ULL,
    10000ULL,
    100000ULL,
    1000000ULL,
    10000000ULL,
    100000000ULL,
    1000000000ULL,
    10000000000ULL,
    100000000000ULL,
    1000000000000ULL,
    10000000000000ULL,
    100000000000000ULL,
    1000000000000000ULL,
    10000000000000000ULL,
};

#define MAX_TOKEN 24

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

static inline uint64_t load8(const unsigned char *p) {
    uint64_t w;
    memcpy(&w, p, 8); /* little-endian: the first byte is the lowest */
    return w;
}

/* The high bit of the first byte <= 0x20 (blank) is set; bytes after it may be flagged too. */
static inline uint64_t blank_bytes(uint64_t w) { return (w - 0x21 * ONES) & ~w & HIGHS; }

/* The high bit of the first zero byte is set (later ones may be flagged too). */
static inline uint64_t zero_bytes(uint64_t w) { return (w - ONES) & ~w & HIGHS; }

static inline unsigned first_flag(uint64_t flags) { return (unsigned)__builtin_ctzll(flags) >> 3; }

/* Bytes 0..n-1 of a word (n may be below 0 or above 8). */
static inline uint64_t below(long n) {
    return n <= 0 ? 0 : n >= 8 ? ~0ULL : (1ULL << (8 * n)) - 1;
}

/* -value when negative, without a branch (exactly what negation does: the sign bit flips). */
static inline double with_sign(double value, int negative) {
    uint64_t bits;
    memcpy(&bits, &value, 8);
    bits ^= (uint64_t)negative << 63;
    memcpy(&value, &bits, 8);
    return value;
}

/* Eight digit values 0-9 (the first in the lowest byte) as one integer. */
static inline uint64_t eight_digits(uint64_t v) {
    v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;
    v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;
    return (v * 10000 + (v >> 32)) & 0xFFFFFFFFULL;
}

/* The common shape, [sign] digits '.' digits in fewer than 24 bytes, eight bytes at a time.
   Needs 24 readable bytes at p. Returns the token's length, or 0 for any other shape (which
   the byte-wise reader below then takes). Same digit groups and arithmetic as parse_number. */
static inline size_t parse_plain(const unsigned char *p, double *out) {
    uint64_t w[3] = {load8(p), load8(p + 8), load8(p + 16)};
    uint64_t flags;
    long length;
    if ((flags = blank_bytes(w[0])))
        length = first_flag(flags);
    else if ((flags = blank_bytes(w[1])))
        length = 8 + first_flag(flags);
    else if ((flags = blank_bytes(w[2])))
        length = 16 + first_flag(flags);
    else
        return 0;
    unsigned char head = (unsigned char)w[0];
    int negative = head == '-';
    int sign = negative || head == '+';
    /* The sign reads as a leading zero. Signs are random in a scan: no branches on them. */
    uint64_t sign_byte = 0xFFULL & (0 - (uint64_t)sign);
    w[0] = (w[0] & ~sign_byte) | ('0' & sign_byte);
    long dot = -1;
    for (int k = 0; k < 3 && dot < 0; k++) {
        if ((flags = zero_bytes(w[k] ^ ('.' * ONES)))) dot = 8 * k + first_flag(flags);
    }
    long n_digits = length - 1;
    if (dot < 0 || dot >= length || n_digits - sign < 1) return 0;
    /* Close the gap of the dot: the bytes after it move down one place. */
    uint64_t moved[3] = {(w[0] >> 8) | (w[1] << 56), (w[1] >> 8) | (w[2] << 56), w[2] >> 8};
    uint64_t bad = 0;
    uint64_t group[3];
    for (int k = 0; k < 3; k++) {
        uint64_t keep = below(dot - 8 * k);
        uint64_t digits = (w[k] & keep) | (moved[k] & ~keep);
        uint64_t used = below(n_digits - 8 * k); /* the rest reads as padding zeros */
        uint64_t v = (digits ^ ('0' * ONES)) & used;
        bad |= (v | (v + 0x76 * ONES)) & HIGHS & used;
        group[k] = eight_digits(v);
    }
    if (bad) return 0;
    uint64_t first = group[0] * 100000000ULL + group[1];
    double mantissa = (double)first;
    if (group[2]) mantissa += (double)group[2] * 1e-8;
    long exponent = dot - 16;
    double value = exponent >= 0 ? mantissa * POW10[exponent] : mantissa / POW10[-exponent];
    *out = with_sign(value, negative);
    return (size_t)length;
}

/* Bits 0..n-1 of a word, n = 0..63. */
#define BELOW_BITS(n) ((1ULL << (n)) - 1)

/* The number written from p on, as the numpy path computes it. *stop is set to the token's end
   (the first byte <= 32, or end). Returns 0 when the token is not accepted. */
static inline int parse_number(const unsigned char *p, const unsigned char *end,
                               const unsigned char **stop, double *out) {
    if (end - p >= 24) {
        size_t length = parse_plain(p, out);
        if (length) {
            *stop = p + length;
            return 1;
        }
    }
    /* A whole number of 1-7 digits (PLY colours and face lists), tried after the decimals'
       fast path: the numpy path computes (n * 10^(16-k)) / 10^(16-k) (or the same with 8 for
       16), whose numerator (below 1e16, a multiple of 2^9) is an exact double: exactly n. */
    {
        const unsigned char *q = p + (*p == '-' || *p == '+');
        uint32_t n = 0;
        int k = 0;
        while (q < end && k < 8 && (unsigned)*q - '0' <= 9) n = n * 10 + (uint32_t)(*q++ - '0'), k++;
        if (k >= 1 && k <= 7 && (q >= end || *q <= 32)) {
            *stop = q;
            *out = with_sign((double)n, *p == '-');
            return 1;
        }
    }
    const unsigned char *s = p;
    int negative = *p == '-';
    int sign = negative || *p == '+';
    /* The sign counts as a leading '0' digit: in the first group it adds nothing. */
    size_t k = (size_t)sign;
    uint64_t first = 0, rest = 0;
    const unsigned char *dot = NULL;
    p += sign;
    /* One pass: digits, at most one dot, then an exponent or the end of the token. */
    for (; p < end; p++) {
        unsigned d = (unsigned)*p - '0';
        if (d <= 9) {
            if (k < 16)
                first = first * 10 + d;
            else if (k < MAX_TOKEN)
                rest = rest * 10 + d;
            k++;
        } else if (*p == '.' && !dot) {
            dot = p;
        } else {
            break;
        }
    }
    long exponent = (long)((dot ? dot : p) - s) - 16; /* digits before the dot, then 16 */
    int ok = (long)k - sign >= 1;
    if (p < end && *p > 32) {
        if ((*p | 0x20) == 'e') {
            p++;
            int exp_negative = 0;
            if (p < end && (*p == '-' || *p == '+')) {
                exp_negative = *p == '-';
                p++;
            }
            const unsigned char *digits = p;
            long power = 0;
            for (; p < end; p++) {
                unsigned d = (unsigned)*p - '0';
                if (d > 9) break;
                if (power < 1000) power = power * 10 + (long)d; /* more digits: refused below */
            }
            long count = (long)(p - digits);
            ok = ok && count >= 1 && count <= 3;
            exponent += exp_negative ? -power : power;
        }
        if (p < end && *p > 32) { /* anything else in the token: not a number we accept */
            ok = 0;
            while (p < end && *p > 32) p++;
        }
    }
    *stop = p;
    if (!ok || p - s > MAX_TOKEN || exponent > 22 || exponent < -22) return 0;
    if (k < 16) {
        first *= POW10_INT[16 - k];
    } else {
        rest *= POW10_INT[MAX_TOKEN - k]; /* k <= 24: the token has at most 24 bytes */
    }
    double mantissa = (double)first;
    if (rest) mantissa += (double)rest * 1e-8;
    double value = exponent >= 0 ? mantissa * POW10[exponent] : mantissa / POW10[-exponent];
    *out = negative ? -value : value;
    return 1;
}

/* ------------------------------------------------------------------------------------------
   Lines as lists of tokens (the OBJ and ASCII PLY fast paths).

   A line's tokens are found from bit masks of its bytes (one bit per byte: above 32, or '\n'),
   16 bytes per SSE2 step on x86-64 (a plain loop elsewhere); the tokens' places then come from
   the masks with bit operations, so the numbers of a line are parsed independently of each
   other rather than each waiting for the previous one's end. */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define LINE_WINDOW 128 /* longer lines take the token-by-token path */
#define LINE_TOKENS 16
#define LINE_MARGIN (LINE_WINDOW + 16) /* bytes a fast line needs readable from its start */

/* One bit per byte of p[0:64]: above 32 (*text), or '\n' (*newlines). */
static inline void byte_masks(const unsigned char *p, uint64_t *text, uint64_t *newlines) {
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x21), newline = _mm_set1_epi8('\n');
    uint64_t t = 0, n = 0;
    for (int k = 0; k < 4; k++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        /* unsigned b >= 0x21 exactly when max(b, 0x21) == b */
        uint64_t above = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(b, space), b));
        uint64_t lf = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline));
        t |= above << (16 * k);
        n |= lf << (16 * k);
    }
    *text = t;
    *newlines = n;
#else
    uint64_t t = 0, n = 0;
    for (int i = 0; i < 64; i++) {
        t |= (uint64_t)(p[i] > 32) << i;
        n |= (uint64_t)(p[i] == '\n') << i;
    }
    *text = t;
    *newlines = n;
#endif
}

/* byte_masks of p[0:64] up to the 16 bytes holding the first '\n' (later bytes: no bits). A
   line longer than 64 bytes (a PLY row with normals and colours, some 75 bytes) usually ends
   in the first 16 of its second block: 99.6 -> 95.6 ns such a row, 78 -> 74 a 66-byte one. */
static inline void byte_masks_to_line_end(const unsigned char *p, uint64_t *text,
                                          uint64_t *newlines) {
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x21), newline = _mm_set1_epi8('\n');
    uint64_t t = 0, n = 0;
    for (int k = 0; k < 4 && !n; k++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        uint64_t above = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(b, space), b));
        uint64_t lf = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline));
        t |= above << (16 * k);
        n |= lf << (16 * k);
    }
    *text = t;
    *newlines = n;
#else
    byte_masks(p, text, newlines);
#endif
}

typedef struct {
    unsigned count;               /* tokens on the line */
    unsigned next;                /* offset of the next line's first byte */
    uint8_t start[LINE_TOKENS];   /* offsets from the line's start */
    uint8_t length[LINE_TOKENS];
} LineTokens;

/* The tokens of a line from its masks (bit i: byte i is above 32), the line ending at stop. */
static inline int tokens_from_masks(uint64_t text0, uint64_t text1, unsigned stop,
                                    LineTokens *line) {
    /* A token starts where text follows a blank, and ends where a blank follows text. */
    if (!text1) { /* a line within 64 bytes (nearly all): starts and ends taken together */
        uint64_t starts = text0 & ~(text0 << 1), ends = text0 & ~(text0 >> 1);
        unsigned count = 0;
        while (starts) {
            if (count == LINE_TOKENS) return 0;
            unsigned start = (unsigned)__builtin_ctzll(starts);
            line->start[count] = (uint8_t)start;
            line->length[count++] = (uint8_t)((unsigned)__builtin_ctzll(ends) + 1 - start);
            starts &= starts - 1;
            ends &= ends - 1;
        }
        line->count = count;
        line->next = stop + 1;
        return count != 0;
    }
    uint64_t starts[2] = {text0 & ~(text0 << 1), text1 & ~((text1 << 1) | (text0 >> 63))};
    uint64_t ends[2] = {text0 & ~((text0 >> 1) | (text1 << 63)), text1 & ~(text1 >> 1)};
    /* Counted as they are taken (a popcount is a libgcc call without -mpopcnt). */
    unsigned count = 0;
    for (int k = 0; k < 2; k++) {
        while (starts[k]) {
            if (count == LINE_TOKENS) return 0;
            line->start[count++] = (uint8_t)(64 * k + (unsigned)__builtin_ctzll(starts[k]));
            starts[k] &= starts[k] - 1;
        }
    }
    if (count == 0) return 0;
    unsigned i = 0;
    for (int k = 0; k < 2; k++) {
        while (ends[k]) {
            unsigned last = 64 * (unsigned)k + (unsigned)__builtin_ctzll(ends[k]);
            line->length[i] = (uint8_t)(last + 1 - line->start[i]);
            i++;
            ends[k] &= ends[k] - 1;
        }
    }
    line->count = count;
    line->next = stop + 1;
    return 1;
}

/* The masks of the last 64 bytes looked at: short lines (an OBJ face, a PLY face row) share
   them, three or four to a block, instead of each computing its own. */
typedef struct {
    const unsigned char *at; /* NULL: none yet */
    uint64_t text, newlines;
} Masks;

/* The tokens of the line at p (LINE_MARGIN bytes readable). 0 when the line is longer than
   LINE_WINDOW, has more than LINE_TOKENS tokens or is empty: the caller then takes the slow path. */
static inline int line_tokens(const unsigned char *p, LineTokens *line, Masks *masks) {
    if (masks->at && p >= masks->at && p - masks->at < 64) {
        unsigned shift = (unsigned)(p - masks->at);
        uint64_t newlines = masks->newlines >> shift;
        if (newlines) { /* the whole line lies in the block already looked at */
            unsigned stop = (unsigned)__builtin_ctzll(newlines);
            return tokens_from_masks((masks->text >> shift) & BELOW_BITS(stop), 0, stop, line);
        }
    }
    uint64_t text, newlines, text1 = 0, newlines1;
    byte_masks(p, &text, &newlines);
    masks->at = p;
    masks->text = text;
    masks->newlines = newlines;
    if (newlines) {
        unsigned stop = (unsigned)__builtin_ctzll(newlines);
        return tokens_from_masks(text & BELOW_BITS(stop), 0, stop, line);
    }
    byte_masks_to_line_end(p + 64, &text1, &newlines1);
    if (!newlines1) return 0;
    unsigned stop = 64 + (unsigned)__builtin_ctzll(newlines1);
    return tokens_from_masks(text, text1 & BELOW_BITS(stop - 64), stop, line);
}

/* A number token of known length n (1-17 bytes): [sign] digits [. digits], at most 16 digit
   slots (a sign counts as one, as in parse_plain). Returns 0 for any other shape (parse_number
   then reads it, or refuses it).

   The value is M / 10^f, M the integer of all the digits and f the number after the dot: the
   same double as parse_plain's first / 10^(16 - dot), first = M * 10^q right-padded to 16
   slots. Both divide exact operands, correctly rounded, and the quotients are the same real
   number: for q >= 1, M * 10^q < 10^16 makes M * 5^q < 2^53 (an exact double), and for q = 0
   the operations are the same. Plain loops over the bytes measured faster here than the
   eight-byte steps of parse_plain (9.5 against 12-13 ns a number: the length is known). */
static inline int parse_known(const unsigned char *p, unsigned n, double *out) {
    int negative = p[0] == '-';
    unsigned i = (unsigned)(negative | (p[0] == '+'));
    unsigned first = i;
    uint64_t m = 0;
    unsigned d;
    /* Two loops, the digits before the dot and those after it: the second runs a fixed count
       in a file written with a fixed format ("%.6f"), so only the first loop's end is hard to
       predict (16 % faster here than one loop that also looks for the dot). */
    while (i < n && (d = (unsigned)p[i] - '0') <= 9) {
        m = m * 10 + d;
        i++;
    }
    unsigned f = 0, has_dot = 0;
    if (i < n) {
        if (p[i] != '.') return 0;
        has_dot = 1;
        f = n - i - 1;
        for (i++; i < n; i++) {
            d = (unsigned)p[i] - '0';
            if (d > 9) return 0;
            m = m * 10 + d;
        }
    }
    unsigned slots = n - has_dot; /* the sign's included */
    if (slots - first < 1 || slots > 16) return 0;
    double value = (double)m;
    if (f) value /= POW10[f]; /* a whole number needs no division (by 1: the same bits) */
    *out = with_sign(value, negative);
    return 1;
}

#if defined(__SSE4_1__)
#include <smmintrin.h>

/* GATHER[n][dot]: pshufb indices that right-align the digit slots of a token of n bytes whose
   dot is at byte dot (dot = n: no dot), leaving the dot out: lane 15 takes the last digit, lanes
   before the first slot read 0 (index 0x80). Filled by the module's first initialisation (with
   the GIL held, before any scan can run); a later one (another interpreter) leaves it alone, so
   it is never written while a scan reads it. */
static uint8_t GATHER[17][17][16] __attribute__((aligned(16)));
static int gather_ready;

static void gather_init(void) {
    if (gather_ready) return;
    gather_ready = 1;
    for (int n = 0; n <= 16; n++) {
        for (int dot = 0; dot <= n; dot++) {
            int slots = n - (dot < n);
            for (int lane = 0; lane < 16; lane++) {
                int slot = lane - (16 - slots); /* below 0: a leading zero */
                GATHER[n][dot][lane] = slot < 0 ? 0x80 : (uint8_t)(slot < dot ? slot : slot + 1);
            }
        }
    }
}

/* parse_known's digits of a token of 1-16 bytes without a branch on them (16 bytes readable at
   p): *mantissa M and *fraction f (the value is M / 10^f, the sign aside), or 0 for any shape
   parse_known refuses. The loops of parse_known mispredict where the count of digits before
   the dot varies from number to number (and after it, in %g-style files); here the bytes are
   checked with one compare each way, gathered right-aligned with one shuffle (the sign and the
   padding read 0) and summed by three multiply-adds. A "v x y z" line (%.6f, one thread):
   48 -> 37 ns; shuffle indices built from broadcasts of the length and the dot instead of the
   table: 38 ns (and 79 against 71 for a colour line). */
static inline int short_digits(const unsigned char *p, unsigned n, int64_t *mantissa,
                               unsigned *fraction) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    unsigned inside = (1u << n) - 1;
    unsigned dots = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))) & inside;
    unsigned sign = (unsigned)(p[0] == '-' || p[0] == '+');
    __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d); /* unsigned d <= 9 */
    unsigned digits = (unsigned)_mm_movemask_epi8(is_digit) & inside;
    /* only digits, at most one dot, a sign first, and one digit at least */
    if ((digits | dots | sign) != inside || !digits || (dots & (dots - 1))) return 0;
    unsigned dot = dots ? (unsigned)__builtin_ctz(dots) : n;
    __m128i at = _mm_load_si128((const __m128i *)GATHER[n][dot]);
    __m128i gathered = _mm_shuffle_epi8(_mm_and_si128(d, is_digit), at);
    /* pairs, then fours, then eights of digits: two 8-digit halves in lanes 0 and 1 */
    __m128i t = _mm_maddubs_epi16(gathered, _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1,
                                                          10, 1, 10, 1));
    t = _mm_madd_epi16(t, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
    t = _mm_packus_epi32(t, t);
    t = _mm_madd_epi16(t, _mm_setr_epi16(10000, 1, 10000, 1, 10000, 1, 10000, 1));
    uint64_t high = (uint32_t)_mm_cvtsi128_si32(t), low = (uint32_t)_mm_extract_epi32(t, 1);
    *mantissa = (int64_t)(high * 100000000ULL + low); /* below 10^16 */
    *fraction = n - dot - (dots != 0);
    return 1;
}

static inline int64_t digits_known(const unsigned char *p, unsigned n);

/* The values of count tokens of a line (LineTokens entries first...), each with 16 bytes
   readable from its start, as parse_known reads them; 0 when one is longer than 16 bytes or
   not of parse_known's shapes. The divisions go two to a divpd: IEEE division of each lane,
   the same bits as parse_known's divsd, at half the instructions (a "v x y z r g b" line has
   six, and a third of its samples sat right after them): 71 -> 64 ns that line. Three numbers
   go one by one (staged like this, a "v x y z" line took 38.7 against 35.8 ns). Bit i of
   ``wholes``: token i is most likely a whole number of 1-8 digits (a PLY colour declared as
   an integer), tried first as one (digits_known: one load, the value exactly; 73 -> 64 ns an
   "x y z r g b a" row), and read as any other number when it is not. */
static inline int short_numbers(const unsigned char *p, const LineTokens *line, unsigned first,
                                unsigned count, double *values, uint32_t wholes) {
    int ok = 1;
    if (count <= 3) {
        for (unsigned i = 0; i < count; i++) {
            const unsigned char *t = p + line->start[first + i];
            unsigned n = line->length[first + i];
            int64_t m = 0;
            unsigned f = 0;
            ok &= n <= 16 && short_digits(t, n, &m, &f);
            values[i] = with_sign((double)m / POW10[f], t[0] == '-');
        }
        return ok;
    }
    int64_t mantissa[LINE_TOKENS + 1];
    unsigned fraction[LINE_TOKENS + 1];
    int64_t negative[LINE_TOKENS + 1];
    for (unsigned i = 0; i < count; i++) {
        const unsigned char *t = p + line->start[first + i];
        unsigned n = line->length[first + i];
        int64_t whole = (wholes >> i) & 1 ? digits_known(t, n) : -1;
        if (whole >= 0) {
            mantissa[i] = whole; /* below 10^8 */
            fraction[i] = 0;
        } else {
            ok &= n <= 16 && short_digits(t, n, &mantissa[i], &fraction[i]);
        }
        negative[i] = (int64_t)((uint64_t)(t[0] == '-') << 63);
    }
    if (!ok) return 0;
    mantissa[count] = 0; /* an odd count's last pair: 0 / 1 in its second lane */
    fraction[count] = 0;
    negative[count] = 0;
    for (unsigned i = 0; i < count; i += 2) {
        __m128d q = _mm_div_pd(_mm_set_pd((double)mantissa[i + 1], (double)mantissa[i]),
                               _mm_set_pd(POW10[fraction[i + 1]], POW10[fraction[i]]));
        q = _mm_xor_pd(q, _mm_castsi128_pd(_mm_set_epi64x(negative[i + 1], negative[i])));
        _mm_storeu_pd(values + i, q); /* values has room for count + 1 */
    }
    return 1;
}
#endif

/* The values of count tokens of a line (LineTokens entries first...) as parse_known reads them,
   into values (room for count + 1); 0 when one is not of its shapes. ``margin``: every token
   has 16 bytes readable from its start (a line from line_tokens: LINE_MARGIN bytes from the
   line's start, tokens starting within its LINE_WINDOW). ``wholes``: see short_numbers. */
static inline int known_numbers(const unsigned char *p, const LineTokens *line, unsigned first,
                                unsigned count, double *values, int margin, uint32_t wholes) {
#if defined(__SSE4_1__)
    if (margin && short_numbers(p, line, first, count, values, wholes)) return 1;
#else
    (void)margin;
    (void)wholes;
#endif
    int ok = 1;
    for (unsigned i = 0; i < count; i++)
        ok &= parse_known(p + line->start[first + i], line->length[first + i], &values[i]);
    return ok;
}

static const uint64_t BYTES_BELOW[9] = {
    0, 0xFFULL, 0xFFFFULL, 0xFFFFFFULL, 0xFFFFFFFFULL, 0xFFFFFFFFFFULL, 0xFFFFFFFFFFFFULL,
    0xFFFFFFFFFFFFFFULL, ~0ULL,
}; /* bytes 0..n-1 of a word */

/* A token of 1-8 digits and nothing else (8 bytes readable at p): its value, from one load and
   three multiplications (30 % faster than a loop on face corners, whose lengths vary); -1 for
   anything else. */
static inline int64_t digits_known(const unsigned char *p, unsigned n) {
    if (n - 1 >= 8) return -1;
    uint64_t v = (load8(p) ^ ('0' * ONES)) & BYTES_BELOW[n];
    if ((v | (v + 0x76 * ONES)) & HIGHS) return -1;
    return (int64_t)eight_digits(v << (8 * (8 - n))); /* moved up: the first bytes read 0 */
}

/* A face corner of known length n (8 bytes readable at p): 1-9 digits, then the token's end or
   '/' (texture and normal indices follow; not needed). Returns the index (>= 1), or -1 for any
   other shape (signs, 0 and longer numbers take the slow path, which knows their rules). */
static inline int64_t corner_known(const unsigned char *p, unsigned n) {
    int64_t value = digits_known(p, n);
    if (value < 0) { /* "12/5/7", or not an index */
        value = 0;
        unsigned i = 0;
        for (; i < n; i++) {
            unsigned d = (unsigned)p[i] - '0';
            if (d > 9) break;
            value = value * 10 + d;
        }
        if (i == 0 || i > 9 || (i < n && p[i] != '/')) return -1;
    }
    return value >= 1 ? value : -1;
}

/* ------------------------------------------------------------------------------------------
   Face lines in runs: an OBJ "f a b c" or a PLY "3 a b c" whose three indices are plain numbers
   of 1-8 digits (in an OBJ, corners "v/vt", "v//vn", "v/vt/vn" too), read without the LineTokens
   machinery. Scanners write their triangles one after the other, so a run of such lines is
   read in a loop of its own that knows the line's shape.

   Why: through line_tokens and corner_known an OBJ face line cost 21.5 ns (100k OBJ, one
   thread). Taking parts away, one at a time: without the corners' parsing 14 ns, without the
   size and continuation checks 1 ns less: the rest was the generic tokenizer (tokens stored to
   arrays and read back) and the loop around it. Here one look at the line's first FACE_WINDOW
   bytes gives three masks (digits, digits or blanks, '\n'); the line is taken when every byte
   after the keyword is a digit or a blank and the digits form exactly three runs of at most 8.
   The corners' places come from the masks (bit operations, no loop over tokens), each corner is
   one load, and the three are turned into numbers together (SSE2: the digit pairs, fours and
   eights of all three at once). The range of the indices is checked once a run, not once a
   line (a run with one out of range is read again, stopping there). 100k OBJ face lines, one
   thread: 21.5 -> 15.1 ns with masks and an eight_digits per corner (8.8 without parsing the
   corners at all), -> 11.2 with the three together, -> 9.8 (x86-64-v2 build: 9.3) with the
   range checked once a run. Tried and dropped: the masks of a 64-byte block shared by the
   lines in it (15.8 ns: how many lines end in a block varies, and the branch that leaves the
   block's loop is mispredicted).

   Anything else (a quad, a comment, a sign, 9 or more digits, a line longer than the window, a
   keyword after blanks, the last FACE_MARGIN bytes of the text) is not a run's line: the
   caller's general path reads it, and its rules decide. So is an index out of the caller's
   range (OBJ 0, PLY beyond the vertices): the general path refuses it in its own words. A run's
   line cannot end in a line continuation: its last byte before the blanks is a digit. */

/* SSE2 (every x86-64 CPU) or nothing: elsewhere the general path reads every face line (a
   portable version of the masks, a loop over the bytes, measured 68 ns a line: slower than the
   general path's 21). */
#if defined(__SSE2__)
#define FACE_RUNS 1

#if defined(__SSSE3__)
#include <tmmintrin.h> /* the x86-64-v2 build: pmaddubsw */
#endif
#if defined(__SSE4_1__)
#include <smmintrin.h> /* pmaxsd */
#endif

/* The face runs stay functions of their own: inlined into obj_scan_text they made the "v"
   lines' code around them 2-25 % slower (x86-64-v2 build: 84 -> 108 ns a colour line). */
#if defined(__GNUC__)
#define FACE_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define FACE_NOINLINE __declspec(noinline)
#else
#define FACE_NOINLINE
#endif

/* A line's '\n' must be among the first FACE_WINDOW bytes ("f " and three 8-digit corners with
   single blanks: 29 bytes and '\n'), or FACE_WINDOW_SLASHES for corners with texture or normal
   indices ("f 12345/12345/12345 ..." is 55 bytes and '\n'; with 6-digit indices "v/vt" corners
   fit, "v/vt/vn" ones, 64 bytes and '\n', go to the general path). The wider window costs every
   line two more loads and a mask more: it is used only for runs of such lines (100k OBJ faces
   written "f a/a b/b c/c": 28.4 -> 15.7 ns a line). */
#define FACE_WINDOW 32
#define FACE_WINDOW_SLASHES 64
/* Bytes a run's line needs readable from its start: the window, and a corner's 8-byte load
   from at most byte window - 2 (the '\n' is at window - 1 at the latest). */
#define FACE_MARGIN (FACE_WINDOW + 8)
#define FACE_MARGIN_SLASHES (FACE_WINDOW_SLASHES + 8)

/* One bit per byte of p[0:32]: a digit (*digits), a digit or a byte <= 32 (*allowed), '\n'. */
static inline void face_masks(const unsigned char *p, uint32_t *digits, uint32_t *allowed,
                              uint32_t *newlines) {
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9), space = _mm_set1_epi8(32),
                  newline = _mm_set1_epi8('\n');
    uint32_t d = 0, a = 0, n = 0;
    for (int k = 0; k < 2; k++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i v = _mm_sub_epi8(b, zero);
        /* unsigned x <= y exactly when min(x, y) == x */
        __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(v, nine), v);
        __m128i blank = _mm_cmpeq_epi8(_mm_min_epu8(b, space), b);
        d |= (uint32_t)_mm_movemask_epi8(digit) << (16 * k);
        a |= (uint32_t)_mm_movemask_epi8(_mm_or_si128(digit, blank)) << (16 * k);
        n |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline)) << (16 * k);
    }
    *digits = d;
    *allowed = a;
    *newlines = n;
}

/* One bit per byte of p[0:64]: a digit (*digits), a digit or '/' (*text), text or a byte <= 32
   (*allowed), '\n'. */
static inline void face_masks_slashes(const unsigned char *p, uint64_t *digits, uint64_t *text,
                                      uint64_t *allowed, uint64_t *newlines) {
    uint64_t d = 0, t = 0, a = 0, n = 0;
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9), space = _mm_set1_epi8(32),
                  newline = _mm_set1_epi8('\n'), slash = _mm_set1_epi8('/');
    for (int k = 0; k < 4; k++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i v = _mm_sub_epi8(b, zero);
        __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(v, nine), v); /* as in face_masks */
        __m128i blank = _mm_cmpeq_epi8(_mm_min_epu8(b, space), b);
        __m128i word = _mm_or_si128(digit, _mm_cmpeq_epi8(b, slash));
        d |= (uint64_t)(uint32_t)_mm_movemask_epi8(digit) << (16 * k);
        t |= (uint64_t)(uint32_t)_mm_movemask_epi8(word) << (16 * k);
        a |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_or_si128(word, blank)) << (16 * k);
        n |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline)) << (16 * k);
    }
    *digits = d;
    *text = t;
    *allowed = a;
    *newlines = n;
}

/* The run of n digits (1-8) at p (8 bytes readable) as digit values 0-9, the last in the top
   byte: moved up so that the bytes after the run fall out of the word and the first bytes read
   as leading zeros (eight_digits' layout). */
static inline uint64_t digit_word(const unsigned char *p, unsigned n) {
    return (load8(p) ^ ('0' * ONES)) << (8 * (8 - n));
}

/* A face line at p (FACE_MARGIN bytes readable; p[0] is the keyword, already checked): its
   three corners as digit_words in word[0..2]; returns the offset of the next line's first
   byte, or 0 when the line is not a run's line (see above). */
static inline unsigned face_line_plain(const unsigned char *p, uint64_t word[3]) {
    uint32_t digits, allowed, newlines;
    face_masks(p, &digits, &allowed, &newlines);
    if (!newlines) return 0; /* longer than the window */
    unsigned stop = (unsigned)__builtin_ctz(newlines);
    uint32_t body = ((1u << stop) - 1) & ~1u; /* the bytes after the keyword (stop <= 31) */
    digits &= body;                           /* a PLY row's keyword "3" is a digit too */
    uint32_t starts = digits & ~(digits << 1), ends = digits & ~(digits >> 1);
    uint32_t third = starts & (starts - 1);
    third &= third - 1; /* the third run's start and any after it */
    /* The keyword a token of its own (byte 1 a blank), nothing but digits and blanks after it,
       exactly three runs of digits. */
    if (((body & ~allowed) | (digits & 2)) || !third || (third & (third - 1))) return 0;
    unsigned s0 = (unsigned)__builtin_ctz(starts), e0 = (unsigned)__builtin_ctz(ends);
    starts &= starts - 1;
    ends &= ends - 1;
    unsigned s1 = (unsigned)__builtin_ctz(starts), e1 = (unsigned)__builtin_ctz(ends);
    unsigned s2 = (unsigned)__builtin_ctz(third), e2 = 31 - (unsigned)__builtin_clz(ends);
    if (((e0 - s0) | (e1 - s1) | (e2 - s2)) >= 8) return 0; /* 9 digits or more */
    word[0] = digit_word(p + s0, e0 - s0 + 1);
    word[1] = digit_word(p + s1, e1 - s1 + 1);
    word[2] = digit_word(p + s2, e2 - s2 + 1);
    return stop + 1;
}

/* A face line whose corners may go on after their digits with '/' and more digits and '/'
   ("v/vt", "v//vn", "v/vt/vn"; only the vertex index is read, as obj_face does), in the wider
   window (FACE_MARGIN_SLASHES bytes readable at p): as face_line_plain. A function of its own
   rather than a flag of face_line_plain: its wider masks made plain lines 5 % slower. */
static inline unsigned face_line_slashes(const unsigned char *p, uint64_t word[3]) {
    uint64_t digits, text, allowed, newlines;
    face_masks_slashes(p, &digits, &text, &allowed, &newlines);
    if (!newlines) return 0; /* longer than the window */
    unsigned stop = (unsigned)__builtin_ctzll(newlines);
    uint64_t body = ((1ULL << stop) - 1) & ~1ULL; /* the bytes after the keyword (stop <= 63) */
    digits &= body;
    text &= body;
    uint64_t starts = text & ~(text << 1); /* the corners' first bytes */
    /* The byte after each corner's first digits: adding a corner's start bit to its run of
       digit bits carries through the run (runs of digits after a '/' are not added to). */
    uint64_t after = (digits + starts) & ~digits;
    uint64_t third = starts & (starts - 1);
    third &= third - 1; /* the third corner's start and any after it */
    /* The keyword a token of its own (byte 1 a blank), nothing but text and blanks after it,
       exactly three corners. One starting with '/' has no digits before its "after" (the
       start bit is not added to a run): the length check below refuses it. */
    if (((body & ~allowed) | (text & 2)) || !third || (third & (third - 1))) return 0;
    unsigned s0 = (unsigned)__builtin_ctzll(starts), a0 = (unsigned)__builtin_ctzll(after);
    starts &= starts - 1;
    after &= after - 1;
    unsigned s1 = (unsigned)__builtin_ctzll(starts), a1 = (unsigned)__builtin_ctzll(after);
    unsigned s2 = (unsigned)__builtin_ctzll(third), a2 = 63 - (unsigned)__builtin_clzll(after);
    if (((a0 - s0 - 1) | (a1 - s1 - 1) | (a2 - s2 - 1)) >= 8) return 0; /* 9 digits or more */
    word[0] = digit_word(p + s0, a0 - s0);
    word[1] = digit_word(p + s1, a1 - s1);
    word[2] = digit_word(p + s2, a2 - s2);
    return stop + 1;
}

/* eight_digits of three words at once: lanes 0-2 of the result (lane 3 is 0). Each step joins
   neighbours: digit pairs (x 10), fours (x 100), eights (x 10000; the fours, at most 9999, fit
   the 16-bit lanes the multiply-adds take). */
static inline __m128i three_numbers(const uint64_t word[3]) {
    const __m128i hundreds = _mm_set1_epi32(0x00010064); /* 16-bit 100, 1 */
    __m128i x = _mm_set_epi64x((long long)word[1], (long long)word[0]);
    __m128i y = _mm_cvtsi64_si128((long long)word[2]);
#if defined(__SSSE3__)
    const __m128i tens = _mm_set1_epi16(0x010A); /* bytes 10, 1: the first digit is the tens */
    x = _mm_madd_epi16(_mm_maddubs_epi16(x, tens), hundreds);
    y = _mm_madd_epi16(_mm_maddubs_epi16(y, tens), hundreds);
#else
    /* No byte multiply-add: the digits widened to 16 bits, pairs joined by pmaddwd, packed. */
    const __m128i tens = _mm_set1_epi32(0x0001000A), zero = _mm_setzero_si128(); /* 10, 1 */
    __m128i a = _mm_madd_epi16(_mm_unpacklo_epi8(x, zero), tens);
    __m128i b = _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), tens);
    __m128i c = _mm_madd_epi16(_mm_unpacklo_epi8(y, zero), tens);
    x = _mm_madd_epi16(_mm_packs_epi32(a, b), hundreds);
    y = _mm_madd_epi16(_mm_packs_epi32(c, zero), hundreds);
#endif
    return _mm_madd_epi16(_mm_packs_epi32(x, y), _mm_set1_epi32(0x00012710)); /* 10000, 1 */
}

/* The lines of a run (see face_run). careful: stop before a line with a number out of range;
   else such numbers are stored and only *refused is set (the caller then reads again with
   care: the range is checked once a run, not once a line). */
static inline size_t face_lines(const unsigned char **at, const unsigned char *end,
                                unsigned char keyword, uint32_t low, uint32_t span, int32_t *out,
                                size_t max_lines, uint32_t *top, int slashes, int careful,
                                int *refused) {
    const unsigned char *p = *at;
    const long margin = slashes ? FACE_MARGIN_SLASHES : FACE_MARGIN;
    *refused = 0;
    if (end - p < margin) return 0;
    const unsigned char *last = end - margin; /* the last start a line may have */
    const int32_t *out_end = out + 3 * max_lines;
    int32_t *first = out;
    const __m128i lows = _mm_set1_epi32((int32_t)low), spans = _mm_set1_epi32((int32_t)span),
                  zero = _mm_setzero_si128();
    __m128i largest = zero, outside = zero; /* lane 3 (0 - low) is not looked at */
    while (out < out_end && p <= last && *p == keyword) {
        uint64_t word[3];
        unsigned next = slashes ? face_line_slashes(p, word) : face_line_plain(p, word);
        if (!next) break;
        __m128i v = _mm_sub_epi32(three_numbers(word), lows); /* at most 10^8: signed compares */
        __m128i out_of_range = _mm_or_si128(_mm_cmpgt_epi32(zero, v), _mm_cmpgt_epi32(v, spans));
        if (careful && (_mm_movemask_epi8(out_of_range) & 0xFFF)) break;
        outside = _mm_or_si128(outside, out_of_range);
        _mm_storel_epi64((__m128i *)out, v); /* 12 bytes: the array ends with the last face */
        out[2] = _mm_cvtsi128_si32(_mm_unpackhi_epi64(v, v));
        if (top) {
#if defined(__SSE4_1__)
            largest = _mm_max_epi32(largest, v);
#else
            __m128i above = _mm_cmpgt_epi32(v, largest);
            largest = _mm_or_si128(_mm_and_si128(above, v), _mm_andnot_si128(above, largest));
#endif
        }
        out += 3;
        p += next;
    }
    *refused = (_mm_movemask_epi8(outside) & 0xFFF) != 0;
    size_t lines = (size_t)(out - first) / 3;
    if (top && lines && !*refused) {
        int32_t lanes[4];
        _mm_storeu_si128((__m128i *)lanes, largest);
        int32_t high = lanes[0] > lanes[1] ? lanes[0] : lanes[1];
        high = high > lanes[2] ? high : lanes[2];
        uint32_t number = (uint32_t)high + low;
        *top = number > *top ? number : *top;
    }
    *at = p;
    return lines;
}

/* The run of face lines from *at: lines starting with `keyword`, read by face_line_plain (or
   face_line_slashes), whose three numbers lie in low..low + span (span <= INT32_MAX), at most
   max_lines of them. Each line's numbers minus low go to out (3 a line); *top (when not NULL)
   is raised to the largest number. Returns the lines read; *at is moved past them. */
static inline size_t face_run(const unsigned char **at, const unsigned char *end,
                              unsigned char keyword, uint32_t low, uint32_t span, int32_t *out,
                              size_t max_lines, uint32_t *top, int slashes) {
    const unsigned char *start = *at;
    int refused;
    size_t lines =
        face_lines(at, end, keyword, low, span, out, max_lines, top, slashes, 0, &refused);
    if (refused) { /* a number out of range (an error): again, stopping at its line */
        *at = start;
        lines = face_lines(at, end, keyword, low, span, out, max_lines, top, slashes, 1, &refused);
    }
    return lines;
}

/* Where runs are tried. A line that starts like a run's but is not one (a quad, a corner of 9
   digits) costs a try, measured at 7-10 ns on top of the general path's 28 ns: in a file of
   quads that was 28 -> 37-40 ns a line. They come together, so after FACE_MISSES tries in a
   row that read fewer than two lines, the next FACE_SKIP bytes are left to the general path.
   A try that reads one line counts as a miss too: with quads and triangles taking turns, each
   triangle was a run of its own (a run set up for one line) and each quad a failed try, 25 ->
   35 ns a line (now 26). 8 misses rather than 4: with 10 % quads among triangles at random,
   4 (a quad, a lone triangle, a quad, a lone triangle) came often enough to cost 16 -> 18 ns a
   line in skipped runs. Files of quads: 28.3 -> 28.9 ns a line. */
#define FACE_MISSES 8
#define FACE_SKIP 4096

typedef struct {
    const unsigned char *from; /* no tries before here */
    unsigned misses;           /* tries in a row that read fewer than two lines */
} FaceTries;

static inline void face_tried(FaceTries *tries, const unsigned char *p, const unsigned char *end,
                              size_t lines) {
    if (lines >= 2) {
        tries->misses = 0;
    } else if (++tries->misses == FACE_MISSES) {
        tries->misses = 0;
        tries->from = end - p > FACE_SKIP ? p + FACE_SKIP : end;
    }
}

/* Whether p[0:64] holds a '/' (FACE_MARGIN_SLASHES bytes readable): a line the plain run did
   not take is tried with slashes only then (a quad would otherwise cost two failed tries). */
static inline int has_slash(const unsigned char *p) {
    const __m128i slash = _mm_set1_epi8('/');
    __m128i found = _mm_setzero_si128();
    for (int k = 0; k < 4; k++)
        found = _mm_or_si128(
            found, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * k)), slash));
    return _mm_movemask_epi8(found) != 0;
}

#endif /* __SSE2__: FACE_RUNS */

static int same_word(const unsigned char *t, size_t n, const char *lower, size_t size) {
    if (n != size) return 0;
    for (size_t i = 0; i < n; i++) {
        if ((t[i] | 0x20) != (unsigned char)lower[i]) return 0;
    }
    return 1;
}

typedef struct {
    Py_ssize_t slot, start, end;
} Bad;

typedef struct {
    float *coords; /* 3 per vertex keyword */
    size_t n_coords, cap_coords;
    Bad *bad;
    size_t n_bad, cap_bad;
    size_t missing; /* coordinates the last keywords still wait for when the text ends */
    int outside;    /* in a solid's name (after "solid"/"endsolid", before "facet") */
    int no_memory;
} Result;

/* ------------------------------------------------------------------------------------------
   Output memory: the arrays the readers fill, handed to Python as Blocks.

   The first touch of fresh memory costs a page fault per 4 KiB page, and on the 2-core KVM
   machine the benchmarks run on that is 1.8 us a page (4 MiB written page by page: 1.87 ms;
   populated by mmap: 1.31 ms). The app fixes the C heap's mmap threshold at 1 MiB
   (qt/viewer/heap.py), so every array of 1 MiB or more was a fresh mapping: a 100k OBJ's read
   took ~960 faults (its arrays, the helper thread's half of them, the copy that joins them), and
   its first drawable 4.9 ms in the app's heap against 3.5 ms in Python's default one.
   (Transparent huge pages were tried: 0.13 ms for those 4 MiB alone, but right after other
   work freed memory, as pyvista.read does, a 100k OBJ's scan went from 3.8 to 8.7 ms: a huge
   page fresh from the guest's free memory is backed by the host 4 KiB at a time.)

   So an array that reaches OUT_BIG bytes gets a mapping of its own (Linux), and a freed one is
   kept for the next arrays, its pages still in place: up to OUT_POOL mappings holding up to
   OUT_POOL_BYTES together (the largest are let go first). The helper's half, freed as soon as it
   is joined, serves the next read's; a scan's arrays, once its mesh is dropped, serve the next
   scan's. Memory kept that way is bounded and the process's own, as the C heap's would be.
   Smaller arrays and other systems use PyMem_Raw memory (thread-safe without the GIL, like
   mmap). Every array starts with an OutHeader, OUT_HEADER bytes before the data, saying which
   kind of memory it is, so out_free and out_realloc need no other record. */

#if defined(__linux__)
#include <pthread.h>
#include <sys/mman.h>
#endif

#define OUT_HEADER 64 /* the data stays 64-byte aligned */
#define OUT_BIG ((size_t)1 << 20)
#define OUT_UNIT ((size_t)1 << 16) /* mappings are made in 64 KiB units (fewer sizes to reuse) */
#define OUT_POOL 8
#define OUT_POOL_BYTES ((size_t)32 << 20)
#define OUT_HUGE ((size_t)4 << 20) /* see out_map */

typedef struct {
    size_t mapped; /* bytes mapped from the header on (0: PyMem_Raw memory) */
    size_t bytes;  /* bytes of data it has room for */
} OutHeader;

static inline OutHeader *out_header(void *data) {
    return (OutHeader *)((char *)data - OUT_HEADER);
}

static inline void *out_data(OutHeader *header) {
    return (char *)header + OUT_HEADER;
}

#if defined(__linux__)
/* Freed mappings kept for reuse; `pool_lock` guards them (made at import, with the GIL; taken
   by threads that may not hold it). */
static struct {
    OutHeader *kept[OUT_POOL];
    int count;
    size_t bytes;
} pool;
static PyThread_type_lock pool_lock;

/* A child made by fork() keeps no mappings: the lock may have been held by a thread the child
   does not have. Its arrays are unmapped when freed, and what the pool held stays as the fork
   left it (shared with the parent until written, and it is not written). */
static void pool_after_fork(void) {
    pool_lock = NULL;
}

/* A mapping with room for `need` bytes (header included): the smallest kept one that is large
   enough, else a new one. NULL when the system has none to give. `whole`: the caller writes it
   all at once (an array made at its final size): a new mapping of OUT_HUGE or more then asks
   for transparent huge pages, as numpy does for its arrays from 4 MiB, a fault every 2 MiB
   instead of every 4 KiB (a 600k STL's 22 MB soup: 5,300 faults, ~9 ms, when the pool could
   not keep it). Growing arrays (out_realloc) do not: they are written a little at a time, and
   a huge page fresh from the guest's memory was measured slower there (see above). */
static OutHeader *out_map(size_t need, int whole) {
    size_t size = (need + OUT_UNIT - 1) & ~(OUT_UNIT - 1);
    if (size < need) return NULL;
    OutHeader *found = NULL;
    if (pool_lock && PyThread_acquire_lock(pool_lock, WAIT_LOCK)) {
        int best = -1;
        for (int i = 0; i < pool.count; i++) {
            size_t has = pool.kept[i]->mapped;
            if (has >= size && (best < 0 || has < pool.kept[best]->mapped)) best = i;
        }
        if (best >= 0) {
            found = pool.kept[best];
            pool.bytes -= found->mapped;
            pool.kept[best] = pool.kept[--pool.count];
        }
        PyThread_release_lock(pool_lock);
    }
    if (found) return found;
    void *base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
#if defined(MADV_HUGEPAGE)
    if (whole && size >= OUT_HUGE) (void)madvise(base, size, MADV_HUGEPAGE); /* only advice */
#endif
    OutHeader *header = (OutHeader *)base;
    header->mapped = size;
    header->bytes = size - OUT_HEADER;
    return header;
}

/* A mapping no longer used: kept for reuse when the pool has room for it, else unmapped. */
static void out_unmap(OutHeader *header) {
    size_t size = header->mapped;
    header->bytes = size - OUT_HEADER; /* room again for whatever takes it */
    if (pool_lock && size <= OUT_POOL_BYTES && PyThread_acquire_lock(pool_lock, WAIT_LOCK)) {
        /* Room is made by letting the largest go: many small reads reuse more than one big. */
        while (pool.count && (pool.count == OUT_POOL || pool.bytes + size > OUT_POOL_BYTES)) {
            int largest = 0;
            for (int i = 1; i < pool.count; i++)
                if (pool.kept[i]->mapped > pool.kept[largest]->mapped) largest = i;
            OutHeader *gone = pool.kept[largest];
            if (gone->mapped < size) break; /* the new one is the largest: it goes */
            pool.bytes -= gone->mapped;
            pool.kept[largest] = pool.kept[--pool.count];
            munmap(gone, gone->mapped);
        }
        int kept = pool.count < OUT_POOL && pool.bytes + size <= OUT_POOL_BYTES;
        if (kept) {
            pool.kept[pool.count++] = header;
            pool.bytes += size;
        }
        PyThread_release_lock(pool_lock);
        if (kept) return;
    }
    munmap(header, size);
}
#endif

/* `data` (NULL, or from out_realloc) with room for `bytes`, its contents kept; NULL when there
   is no memory for it (then `data` is left as it was). */
static void *out_realloc(void *data, size_t bytes) {
    OutHeader *old = data ? out_header(data) : NULL;
    if (old && bytes <= old->bytes) return data;
    if (bytes > PY_SSIZE_T_MAX - 2 * OUT_UNIT) return NULL;
    size_t need = bytes + OUT_HEADER;
#if defined(__linux__)
    /* A mapping of any size (from KEPT_FROM when made at its final size) grows into a larger
       mapping: its pages move, not bytes; the C heap must never be handed one. */
    if (old && old->mapped) {
        size_t size = (need + OUT_UNIT - 1) & ~(OUT_UNIT - 1);
        void *moved = mremap(old, old->mapped, size, MREMAP_MAYMOVE);
        if (moved == MAP_FAILED) return NULL;
        OutHeader *header = (OutHeader *)moved;
        header->mapped = size;
        header->bytes = size - OUT_HEADER;
        return out_data(header);
    }
    if (need >= OUT_BIG) {
        OutHeader *header = out_map(need, 0);
        if (header) {
            if (old) {
                memcpy(out_data(header), data, old->bytes);
                PyMem_RawFree(old);
            }
            return out_data(header);
        }
        /* No mapping to be had: the C heap may still have room. */
    }
#endif
    OutHeader *header = (OutHeader *)PyMem_RawRealloc(old, need);
    if (!header) return NULL;
    header->mapped = 0;
    header->bytes = bytes;
    return out_data(header);
}

static void out_free(void *data) {
    if (!data) return;
    OutHeader *header = out_header(data);
#if defined(__linux__)
    if (header->mapped) {
        out_unmap(header);
        return;
    }
#endif
    PyMem_RawFree(header);
}

/* `data` (from out_realloc, holding `bytes`) with the heap's room beyond `bytes` given back, as
   the C heap's realloc would; a mapping is kept as it is (its untouched pages cost nothing). */
static void *out_fit(void *data, size_t bytes) {
    OutHeader *header = out_header(data);
    if (header->mapped || header->bytes <= bytes) return data;
    OutHeader *fitted = (OutHeader *)PyMem_RawRealloc(header, bytes + OUT_HEADER);
    if (!fitted) return data; /* keeps its room */
    fitted->bytes = bytes;
    return out_data(fitted);
}

#define KEPT_FROM ((size_t)1 << 16) /* smaller: C heap memory (the module's KEPT_FROM) */

/* Memory for `bytes` bytes that are all written before they are read (a file read, an array
   the caller fills): from KEPT_FROM a mapping (a kept one when the pool has one large enough),
   which goes back to the pool when freed; the C heap would hand a few hundred KB fresh pages
   every time (its top is given back to the system), a page fault per 4 KiB. */
static void *out_kept(size_t bytes) {
#if defined(__linux__)
    if (bytes >= KEPT_FROM && bytes <= PY_SSIZE_T_MAX - 2 * OUT_UNIT) {
        OutHeader *header = out_map(bytes + OUT_HEADER, 1);
        if (header) return out_data(header);
    }
#endif
    return out_realloc(NULL, bytes);
}

/* Room for `need` items of `size` bytes in *items (an out_realloc array of *cap items), at
   least doubling; the room a mapping has beyond that counts too. 0: no memory (*items kept). */
static int grow(void **items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    size_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need) cap2 *= 2;
    if (cap2 > (size_t)PY_SSIZE_T_MAX / size) return 0;
    void *grown = out_realloc(*items, cap2 * size);
    if (!grown) return 0;
    *items = grown;
    *cap = out_header(grown)->bytes / size;
    return 1;
}

/* Index of the first byte <= 32 in p[0:end-p] (end - p when there is none). */
static inline const unsigned char *token_end(const unsigned char *p, const unsigned char *end) {
    while (end - p >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        /* High bit of each byte that is <= 0x20 (bytes >= 0x80 are never flagged: they are not
           blank): (w - 0x21..) borrows into the high bit exactly for bytes below 0x21. Only the
           lowest flagged byte is exact, which is the one we want. */
        uint64_t blank = (w - 0x2121212121212121ULL) & ~w & 0x8080808080808080ULL;
        if (blank) {
            return p + (__builtin_ctzll(blank) >> 3);
        }
        p += 8;
    }
    while (p < end && *p > 32) p++;
    return p;
}

static int keep_bad(Result *r, size_t slot, Py_ssize_t start, Py_ssize_t end) {
    if (!grow((void **)&r->bad, &r->cap_bad, r->n_bad + 1, sizeof(Bad))) return 0;
    Bad *b = &r->bad[r->n_bad++];
    b->slot = (Py_ssize_t)slot;
    b->start = start;
    b->end = end;
    return 1;
}

/* "solid"/"endsolid" start a solid's name, "facet" ends it (any case). */
static void follow_names(Result *r, const unsigned char *t, size_t n) {
    if (same_word(t, n, "facet", 5))
        r->outside = 0;
    else if (same_word(t, n, "solid", 5) || same_word(t, n, "endsolid", 8))
        r->outside = 1;
}

static void scan(const unsigned char *base, Py_ssize_t from, Py_ssize_t to, Result *r) {
    const unsigned char *p = base + from;
    const unsigned char *end = base + to;
    size_t wanted = 0; /* numbers the last "vertex" still takes; they go to r->coords[slot…] */
    size_t slot = 0;
    while (p < end) {
        while (p < end && *p <= 32) p++;
        if (p >= end) break;
        const unsigned char *t = p;
        if (wanted) {
            /* A coordinate; whatever it says ("vertex" included), it is read as a number. */
            double value = 0.0;
            if (parse_number(t, end, &p, &value)) {
                r->coords[slot] = (float)value;
            } else {
                r->coords[slot] = 0.0f;
                if (!keep_bad(r, slot, t - base, p - base)) {
                    r->no_memory = 1;
                    return;
                }
                follow_names(r, t, (size_t)(p - t)); /* as the numpy reader marks every token */
            }
            slot++;
            wanted--;
            continue;
        }
        p = token_end(p, end);
        size_t n = (size_t)(p - t);
        if ((t[0] | 0x20) == 'v') {
            if (!r->outside && same_word(t, n, "vertex", 6)) {
                if (!grow((void **)&r->coords, &r->cap_coords, r->n_coords + 3, sizeof(float))) {
                    r->no_memory = 1;
                    return;
                }
                slot = r->n_coords;
                wanted = 3;
                r->n_coords += 3;
            }
        } else {
            follow_names(r, t, n);
        }
    }
    r->missing = wanted;
    for (; wanted; wanted--) r->coords[slot++] = 0.0f;
}

/* The arguments every entry point starts with: (data, start, stop, ...), ``count`` in all. On
   success the buffer is held in *view (the caller releases it) and start/stop lie within it;
   else a Python error is set and nothing is held. */
static int take_window(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t count, const char *name,
                       Py_buffer *view, Py_ssize_t *from, Py_ssize_t *to) {
    if (nargs != count) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments", name, count);
        return 0;
    }
    *from = PyLong_AsSsize_t(args[1]);
    if (*from == -1 && PyErr_Occurred()) return 0;
    *to = PyLong_AsSsize_t(args[2]);
    if (*to == -1 && PyErr_Occurred()) return 0;
    if (PyObject_GetBuffer(args[0], view, PyBUF_SIMPLE) < 0) return 0;
    if (*from < 0 || *to > view->len || *from > *to) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s: start/stop outside the buffer", name);
        return 0;
    }
    return 1;
}

/* ``n`` flat values as a list of ``width``-tuples (the tokens a scan did not accept); ``shift`` is
   added to each tuple's last two values, which are offsets in the text. NULL with an error set
   when Python runs out of memory. */
static PyObject *tuples_list(const Py_ssize_t *flat, size_t n, size_t width, Py_ssize_t shift) {
    PyObject *list = PyList_New((Py_ssize_t)(n / width));
    if (!list) return NULL;
    for (size_t i = 0; i < n; i += width) {
        PyObject *item = PyTuple_New((Py_ssize_t)width);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)(i / width), item);
        for (size_t k = 0; k < width; k++) {
            PyObject *value = PyLong_FromSsize_t(flat[i + k] + (k + 2 >= width ? shift : 0));
            if (!value) {
                Py_DECREF(list);
                return NULL;
            }
            PyTuple_SET_ITEM(item, (Py_ssize_t)k, value);
        }
    }
    return list;
}

static PyObject *block_of(void **data, size_t n_a, const void *b, size_t n_b, size_t size);

PyDoc_STRVAR(stl_vertices_doc,
             "stl_vertices(data, start, stop, outside, /)\n--\n\n"
             "The coordinates after every 'vertex' keyword in data[start:stop], as float32.\n\n"
             "``outside``: whether the text starts in a solid's name (True at a file's start).\n"
             "Returns (coords, missing, outside, bad): coords a Block of float32, 3 per keyword;\n"
             "missing the coordinates the last keywords lack at the end (0: complete); outside\n"
             "the state at the end; bad a list of (slot, start, end) for tokens not accepted\n"
             "(their slots hold 0).");

static PyObject *stl_vertices(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view;
    Py_ssize_t from, to;
    if (!take_window(args, nargs, 4, "stl_vertices", &view, &from, &to)) return NULL;
    int outside = PyObject_IsTrue(args[3]);
    if (outside < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Result r;
    memset(&r, 0, sizeof r);
    r.outside = outside;
    /* A first guess (a vertex line takes some 40-60 bytes); the arrays grow when it is low. */
    size_t guess = (size_t)(to - from) / 48 * 3 + 48;
    if (!grow((void **)&r.coords, &r.cap_coords, guess, sizeof(float))) r.no_memory = 1;

    if (!r.no_memory) {
        Py_BEGIN_ALLOW_THREADS
        scan((const unsigned char *)view.buf, from, to, &r);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&view);

    PyObject *result = NULL;
    if (r.no_memory) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *coords = block_of((void **)&r.coords, r.n_coords, NULL, 0, sizeof(float));
    if (!coords) goto done;
    PyObject *bad = PyList_New((Py_ssize_t)r.n_bad);
    if (!bad) {
        Py_DECREF(coords);
        goto done;
    }
    for (size_t i = 0; i < r.n_bad; i++) {
        PyObject *item = Py_BuildValue("(nnn)", r.bad[i].slot, r.bad[i].start, r.bad[i].end);
        if (!item) {
            Py_DECREF(coords);
            Py_DECREF(bad);
            goto done;
        }
        PyList_SET_ITEM(bad, (Py_ssize_t)i, item);
    }
    result = Py_BuildValue("(NnON)", coords, (Py_ssize_t)r.missing,
                           r.outside ? Py_True : Py_False, bad);
done:
    out_free(r.coords);
    out_free(r.bad);
    return result;
}

/* ------------------------------------------------------------------------------------------
   OBJ: the numbers of the "v" lines and the corners of the "f" lines (scaninbox.scans.obj).

   A line's first token decides: "v" (x y z, then an optional w or r g b [a]; every token on the
   line must be a number, read with parse_number), "f" (corners "v", "v/vt", "v//vn", "v/vt/vn";
   only the vertex index is read: [sign] 1-10 digits, then '/' or the token's end), anything else
   is skipped to the end of its line. A token starting with '#' ends the line (a comment). Bytes
   <= 32 but '\n' separate tokens. Polygons become fans (first, i, i+1); a negative index counts
   back from the vertices read so far. Positive indices are checked against the vertex count
   after the whole file (a face may name a vertex defined further down).

   Problems that need words (a face of two corners, index 0, an index that is not a whole number,
   a negative index before the first vertex, a "v" with fewer than three numbers, an index
   beyond the last vertex) are not described here: the scan stops and returns None, and Python
   reads the file with the numpy path, which names the line. So does a line continuation (a
   backslash ending a line, before '\n' or "\r\n"): Python joins such lines and scans the joined
   text. Number tokens parse_number does not accept come back by position, as for STL ("which":
   0 a coordinate, 1 a colour, 2 a value that is checked, then dropped). Everything else that
   comes back was checked as the numpy path checks it, finiteness included: a number read here
   has at most 16 digits times 10^22, below 1e38, and float32 ends at 3.4e38 (anything larger
   is handed back). */

typedef struct {
    float *points; /* 3 per "v" */
    size_t n_points, cap_points;
    double *colours; /* 3 per "v" with at least six numbers (only when asked for: keep) */
    size_t n_colours, cap_colours;
    /* The same colours as uint8 both ways obj.py's _colours may take them, made while they are
       read (on both threads) rather than in a pass over the float64 values afterwards: times
       255 and rounded (0-1 colours), rounded only (0-255). high: the largest value. */
    unsigned char *scaled, *plain;
    size_t cap_scaled, cap_plain;
    double high;
    int keep;
    int32_t *faces; /* 3 per triangle */
    size_t n_faces, cap_faces;
    Py_ssize_t *bad; /* (which, slot, start, end) per token parse_number did not accept */
    size_t n_bad, cap_bad;
    int relative; /* a negative index was met (it counts back from the vertices read here) */
    int64_t top;  /* the largest 0-based vertex index a face names, plus one (0: none yet) */
    int problem;
    int no_memory;
} ObjResult;

static inline const unsigned char *skip_inline_blanks(const unsigned char *p,
                                                      const unsigned char *end) {
    while (p < end && *p <= 32 && *p != '\n') p++;
    return p;
}

static int obj_keep_bad(ObjResult *r, Py_ssize_t which, size_t slot, Py_ssize_t start,
                        Py_ssize_t stop) {
    if (!grow((void **)&r->bad, &r->cap_bad, r->n_bad + 4, sizeof(Py_ssize_t))) return 0;
    Py_ssize_t *b = &r->bad[r->n_bad];
    b[0] = which;
    b[1] = (Py_ssize_t)slot;
    b[2] = start;
    b[3] = stop;
    r->n_bad += 4;
    return 1;
}

/* A backslash right before the '\n' at newline, or before its "\r\n": the line goes on on the
   next one (obj.py joins such lines before reading). */
static inline int continues(const unsigned char *base, const unsigned char *newline) {
    const unsigned char *q = newline - 1;
    if (q > base && *q == '\r') q--;
    return q >= base && *q == '\\';
}

static inline uint8_t channel(double value);

/* A vertex's r, g, b (finite: every number the scan reads is) stored as uint8 both ways, and as
   float64 when asked for. 0 when out of memory. */
static int obj_colour(ObjResult *r, const double *rgb) {
    size_t n = r->n_colours;
    if (r->keep) {
        if (!grow((void **)&r->colours, &r->cap_colours, n + 3, sizeof(double))) return 0;
        memcpy(r->colours + n, rgb, 3 * sizeof(double));
    }
    if (!grow((void **)&r->scaled, &r->cap_scaled, n + 3, 1) ||
        !grow((void **)&r->plain, &r->cap_plain, n + 3, 1))
        return 0;
    for (int i = 0; i < 3; i++) {
        double value = rgb[i];
        r->high = value > r->high ? value : r->high;
        r->scaled[n + i] = channel(value * 255);
        r->plain[n + i] = channel(value);
    }
    r->n_colours = n + 3;
    return 1;
}

/* One "v" line from p (after the keyword); returns where the line's tokens end. */
static const unsigned char *obj_vertex(ObjResult *r, const unsigned char *base,
                                       const unsigned char *p, const unsigned char *end) {
    double values[6] = {0, 0, 0, 0, 0, 0};
    size_t count = 0;
    size_t first_bad = r->n_bad;
    for (;;) {
        p = skip_inline_blanks(p, end);
        if (p >= end || *p == '\n' || *p == '#') break;
        const unsigned char *t = p;
        double value = 0.0;
        if (parse_number(t, end, &p, &value)) {
            if (count < 6) values[count] = value;
        } else {
            Py_ssize_t which = count < 3 ? 0 : count < 6 ? 1 : 2;
            size_t slot = count < 3 ? r->n_points + count
                          : count < 6 ? r->n_colours + count - 3
                                      : 0;
            if (!obj_keep_bad(r, which, slot, t - base, p - base)) {
                r->no_memory = 1;
                return end;
            }
        }
        count++;
    }
    if (count < 3) {
        r->problem = 1;
        return end;
    }
    if (!grow((void **)&r->points, &r->cap_points, r->n_points + 3, sizeof(float))) {
        r->no_memory = 1;
        return end;
    }
    for (int i = 0; i < 3; i++) r->points[r->n_points++] = (float)values[i];
    if (count >= 6) {
        if (!obj_colour(r, values + 3)) {
            r->no_memory = 1;
            return end;
        }
    } else {
        /* Four or five numbers: w (and whatever follows) is checked, then dropped. */
        for (size_t i = first_bad; i < r->n_bad; i += 4) {
            if (r->bad[i] == 1) r->bad[i] = 2;
        }
    }
    return p;
}

/* One "f" line from p (after the keyword); returns where the line's tokens end. */
static const unsigned char *obj_face(ObjResult *r, const unsigned char *p,
                                     const unsigned char *end) {
    int64_t n_vertices = (int64_t)(r->n_points / 3);
    int32_t first = 0, previous = 0;
    size_t corners = 0;
    for (;;) {
        p = skip_inline_blanks(p, end);
        if (p >= end || *p == '\n' || *p == '#') break;
        int negative = *p == '-';
        if (*p == '-' || *p == '+') p++;
        int64_t value = 0;
        int digits = 0;
        for (; p < end; p++) {
            unsigned d = (unsigned)*p - '0';
            if (d > 9) break;
            if (++digits > 10) break;
            value = value * 10 + d;
        }
        if (digits < 1 || digits > 10 || value == 0 || value > INT32_MAX) {
            r->problem = 1;
            return end;
        }
        if (p < end && *p > 32) {
            if (*p != '/') {
                r->problem = 1;
                return end;
            }
            p = token_end(p, end); /* texture and normal indices: not needed */
        }
        r->relative |= negative;
        int64_t index = negative ? n_vertices - value : value - 1;
        if (index < 0) {
            r->problem = 1;
            return end;
        }
        if (index >= r->top) r->top = index + 1;
        if (corners == 0) {
            first = (int32_t)index;
        } else if (corners >= 2) {
            if (!grow((void **)&r->faces, &r->cap_faces, r->n_faces + 3, sizeof(int32_t))) {
                r->no_memory = 1;
                return end;
            }
            r->faces[r->n_faces++] = first;
            r->faces[r->n_faces++] = previous;
            r->faces[r->n_faces++] = (int32_t)index;
        }
        previous = (int32_t)index;
        corners++;
    }
    if (corners < 3) r->problem = 1;
    return p;
}

/* A "v" line whose tokens line_tokens found, all numbers parse_known reads: stored as
   obj_vertex would store it. 0 (nothing stored) for anything else: obj_vertex then reads it. */
static int obj_vertex_fast(ObjResult *r, const unsigned char *p, const LineTokens *line) {
    double values[LINE_TOKENS + 1];
    unsigned count = line->count - 1;
    if (count < 3 || !known_numbers(p, line, 1, count, values, 1, 0)) return 0;
    if (!grow((void **)&r->points, &r->cap_points, r->n_points + 3, sizeof(float))) {
        r->no_memory = 1;
        return 0;
    }
    float *point = r->points + r->n_points;
    point[0] = (float)values[0];
    point[1] = (float)values[1];
    point[2] = (float)values[2];
    r->n_points += 3;
    if (count >= 6 && !obj_colour(r, values + 3)) {
        r->no_memory = 1;
        return 0;
    }
    return 1;
}

/* An "f" line whose corners corner_known reads (three or more): its fan stored as obj_face
   would store it. 0 (nothing stored) for anything else: obj_face then reads it. */
static int obj_face_fast(ObjResult *r, const unsigned char *p, const LineTokens *line) {
    unsigned corners = line->count - 1;
    if (corners < 3) return 0;
    int32_t index[LINE_TOKENS];
    int ok = 1;
    int64_t top = r->top;
    for (unsigned i = 0; i < corners; i++) {
        int64_t value = corner_known(p + line->start[i + 1], line->length[i + 1]);
        ok &= value >= 1;
        index[i] = (int32_t)(value - 1);
        top = value > top ? value : top;
    }
    /* corner_known does not read past a corner's '/': "3/3\\" may end a continued line. */
    if (!ok || continues(p, p + line->next - 1)) return 0;
    r->top = top;
    size_t added = 3 * (size_t)(corners - 2);
    if (!grow((void **)&r->faces, &r->cap_faces, r->n_faces + added, sizeof(int32_t))) {
        r->no_memory = 1;
        return 0;
    }
    int32_t *out = r->faces + r->n_faces;
    for (unsigned i = 1; i + 1 < corners; i++, out += 3) {
        out[0] = index[0];
        out[1] = index[i];
        out[2] = index[i + 1];
    }
    r->n_faces += added;
    return 1;
}

#if defined(FACE_RUNS)
/* Room for this many more triangles is made before a run goes on (not a check a line). */
#define FACE_BATCH 4096

/* The run of OBJ face lines from p (see face_run): stored as obj_face would store them.
   Returns where the run stopped (p itself when its first line is not one of them). */
static inline const unsigned char *obj_faces(ObjResult *r, const unsigned char *p,
                                             const unsigned char *end, int slashes) {
    uint32_t top = (uint32_t)r->top; /* at most 2^31: obj_face refuses larger indices */
    for (;;) {
        size_t room = r->n_faces + 3 * FACE_BATCH;
        if (!grow((void **)&r->faces, &r->cap_faces, room, sizeof(int32_t))) {
            r->no_memory = 1;
            break;
        }
        /* 1-based indices, stored 0-based; 0 is an error (obj_face names it) */
        int32_t *out = r->faces + r->n_faces;
        size_t lines = face_run(&p, end, 'f', 1, INT32_MAX - 1, out, FACE_BATCH, &top, slashes);
        r->n_faces += 3 * lines;
        if (lines < FACE_BATCH) break;
    }
    r->top = top;
    return p;
}

/* Plain corners; then, when that reads nothing and the line has a '/', corners with texture
   or normal indices (the wider window). Two functions: with the check for a '/' in the same
   one, the plain lines measured 9.8 -> 10.1 ns. */
FACE_NOINLINE static const unsigned char *obj_face_run(ObjResult *r, const unsigned char *p,
                                                       const unsigned char *end) {
    return obj_faces(r, p, end, 0);
}

FACE_NOINLINE static const unsigned char *obj_face_run_slashes(ObjResult *r,
                                                               const unsigned char *p,
                                                               const unsigned char *end) {
    if (end - p < FACE_MARGIN_SLASHES || !has_slash(p)) return p;
    return obj_faces(r, p, end, 1);
}
#endif

static void obj_scan_text(const unsigned char *base, Py_ssize_t from, Py_ssize_t to,
                          ObjResult *r) {
    const unsigned char *p = base + from;
    const unsigned char *end = base + to;
    Masks masks = {NULL, 0, 0};
#if defined(FACE_RUNS)
    FaceTries tries = {p, 0};
#endif
    while (p < end && !r->problem && !r->no_memory) {
#if defined(FACE_RUNS)
        /* triangles come in runs: see face_run */
        if (*p == 'f' && p >= tries.from && end - p >= FACE_MARGIN) {
            size_t before = r->n_faces;
            const unsigned char *after = obj_face_run(r, p, end);
            if (after == p && !r->no_memory) after = obj_face_run_slashes(r, p, end);
            face_tried(&tries, p, end, (r->n_faces - before) / 3);
            if (after != p) {
                p = after;
                continue;
            }
            if (r->no_memory) break;
        }
#endif
        /* The common lines ("v x y z [r g b]", "f a b c" at a line's start): in one go. */
        if (end - p >= LINE_MARGIN && (*p == 'v' || *p == 'f')) {
            LineTokens line;
            if (line_tokens(p, &line, &masks) && line.start[0] == 0 && line.length[0] == 1) {
                int done = *p == 'v' ? obj_vertex_fast(r, p, &line) : obj_face_fast(r, p, &line);
                if (done) {
                    p += line.next;
                    continue;
                }
                if (r->no_memory) break;
            }
        }
        p = skip_inline_blanks(p, end);
        if (p >= end) break;
        if (*p != '\n') {
            const unsigned char *t = p;
            p = token_end(p, end);
            if (p - t == 1 && *t == 'v')
                p = obj_vertex(r, base, p, end);
            else if (p - t == 1 && *t == 'f')
                p = obj_face(r, p, end);
        }
        const unsigned char *line_end = memchr(p, '\n', (size_t)(end - p));
        if (line_end && continues(base, line_end)) r->problem = 1;
        p = line_end ? line_end + 1 : end;
    }
}

/* np.clip(np.rint(value), 0, 255) as uint8 (value finite). Between 0 and 255, adding and taking
   away 1.5 * 2^52 rounds to a whole number half to even (the default rounding mode, np.rint's):
   the same result as nearbyint, which is a libm call that saves and restores the FPU state. */
static inline uint8_t channel(double value) {
    if (value <= 0) return 0;
    if (value >= 255) return 255;
    double shifted = value + 0x1.8p52; /* not folded away: no -ffast-math, IEEE order kept */
    return (uint8_t)(shifted - 0x1.8p52);
}

/* ------------------------------------------------------------------------------------------
   Block: memory a scan filled, handed to Python as it is (the buffer protocol; numpy's
   frombuffer views it) instead of copied into a bytearray: a 100k OBJ's arrays are 3 MB, and
   the copy with its fresh pages cost about as much as reading the faces. */

typedef struct {
    PyObject_HEAD
    void *data;
    Py_ssize_t size;
} Block;

static int block_getbuffer(PyObject *self, Py_buffer *view, int flags) {
    Block *block = (Block *)self;
    return PyBuffer_FillInfo(view, self, block->data, block->size, 0, flags);
}

static void block_dealloc(PyObject *self) {
    out_free(((Block *)self)->data);
    Py_TYPE(self)->tp_free(self);
}

static PyBufferProcs block_buffer = {block_getbuffer, NULL};

static Py_ssize_t block_length(PyObject *self) {
    return ((Block *)self)->size;
}

static PySequenceMethods block_sequence = {.sq_length = block_length};

static PyTypeObject BlockType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = MODULE_NAME ".Block",
    .tp_basicsize = sizeof(Block),
    .tp_dealloc = block_dealloc,
    .tp_as_buffer = &block_buffer,
    .tp_as_sequence = &block_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Memory a scan filled (the buffer protocol gives it to numpy without a copy; len()\n"
              "is its size in bytes).",
};

/* A Block owning `memory` (out_realloc memory holding `size` bytes), or NULL with an error set
   and the memory freed. */
static PyObject *block_owning(void *memory, size_t size) {
    Block *block = PyObject_New(Block, &BlockType);
    if (!block) {
        out_free(memory);
        return NULL;
    }
    block->data = memory;
    block->size = (Py_ssize_t)size;
    return (PyObject *)block;
}

/* A Block of `bytes` bytes, not yet filled (NULL, with an error set, when there is no memory). */
static PyObject *block_new(size_t bytes) {
    void *memory = out_kept(bytes);
    return memory ? block_owning(memory, bytes) : PyErr_NoMemory();
}

/* *data (n_a items of size bytes, out_realloc memory) extended by b's n_b items, as a Block that
   owns it: *data is taken (set to NULL) even when this fails (NULL, with an error set). */
static PyObject *block_of(void **data, size_t n_a, const void *b, size_t n_b, size_t size) {
    size_t total = (n_a + n_b) * size;
    void *memory = *data;
    *data = NULL;
    if (n_b) {
        void *grown = out_realloc(memory, total);
        if (!grown) {
            out_free(memory);
            return PyErr_NoMemory();
        }
        memory = grown;
        memcpy((char *)memory + n_a * size, b, n_b * size);
    }
    if (memory) memory = out_fit(memory, total);
    return block_owning(memory, total);
}

/* ------------------------------------------------------------------------------------------
   Two threads: the caller's and a helper (CPython's portable thread API). One helper thread is
   kept waiting between calls: starting a thread for each call cost 10-15 us more of a 0.3 ms
   scan (the real 12k OBJ; 70 KB: 79 against 70 us at best, and more on a busy machine, where a
   new thread waits longer for its first run). A call that finds the kept helper busy (another
   Python thread reading at the same time) starts a thread of its own, as before.

   The helper's state belongs to the process that made it: a child made by fork() has no such
   thread (and may have copied a lock mid-call), so it makes its own on its first call. */

#if defined(_WIN32)
#include <process.h>
#define process_id() ((long)_getpid())
#else
#include <unistd.h>
#define process_id() ((long)getpid())
#endif

typedef struct {
    void (*run)(void *);
    void *arg;
    PyThread_type_lock finished;
} Helper;

static void helper_main(void *data) {
    Helper *helper = (Helper *)data;
    helper->run(helper->arg);
    PyThread_release_lock(helper->finished);
}

/* The kept helper: `go` released hands it (run, arg); it releases `finished` when done. `busy`
   is held by the call using it. Made and checked with the GIL held (kept_helper_ready). */
static struct {
    long owner; /* the process that made it; 0: none yet */
    PyThread_type_lock go, busy;
    Helper job;
} kept;

static void kept_main(void *unused) {
    (void)unused;
    for (;;) {
        PyThread_acquire_lock(kept.go, WAIT_LOCK);
        kept.job.run(kept.job.arg);
        PyThread_release_lock(kept.job.finished);
    }
}

/* Called with the GIL held (so two calls never make it at once): the kept helper of this
   process, started if there is none yet. 0 when it cannot be (run_two then starts a thread). */
static int kept_helper_ready(void) {
    long me = process_id();
    if (kept.owner == me) return 1;
    /* None yet, or inherited through fork() without its thread: the old locks are left alone
       (they may be held), new ones made. */
    PyThread_type_lock go = PyThread_allocate_lock(), busy = PyThread_allocate_lock();
    PyThread_type_lock finished = PyThread_allocate_lock();
    if (!go || !busy || !finished || !PyThread_acquire_lock(go, WAIT_LOCK) ||
        !PyThread_acquire_lock(finished, WAIT_LOCK)) {
        goto failed;
    }
    kept.go = go;
    kept.busy = busy;
    kept.job.finished = finished;
    if (PyThread_start_new_thread(kept_main, NULL) == PYTHREAD_INVALID_THREAD_ID) goto failed;
    kept.owner = me;
    return 1;
failed:
    kept.owner = 0;
    kept.go = kept.busy = kept.job.finished = NULL;
    if (go) PyThread_free_lock(go);
    if (busy) PyThread_free_lock(busy);
    if (finished) PyThread_free_lock(finished);
    return 0;
}

/* first(a) on this thread and second(b) on the kept helper (or on a thread started for the
   call), at the same time; both here, one after the other, when no thread can be had. Called
   without the GIL, after kept_helper_ready (its result: `kept_ready`). */
static void run_two(int kept_ready, void (*first)(void *), void *a, void (*second)(void *),
                    void *b) {
    if (kept_ready && PyThread_acquire_lock(kept.busy, NOWAIT_LOCK)) {
        kept.job.run = second;
        kept.job.arg = b;
        PyThread_release_lock(kept.go);
        first(a);
        PyThread_acquire_lock(kept.job.finished, WAIT_LOCK); /* the helper has finished */
        PyThread_release_lock(kept.busy);
        return;
    }
    Helper helper = {second, b, PyThread_allocate_lock()};
    int started = 0;
    if (helper.finished && PyThread_acquire_lock(helper.finished, WAIT_LOCK)) {
        started = PyThread_start_new_thread(helper_main, &helper) != PYTHREAD_INVALID_THREAD_ID;
        if (!started) PyThread_release_lock(helper.finished);
    }
    first(a);
    if (started) {
        PyThread_acquire_lock(helper.finished, WAIT_LOCK); /* the helper has finished */
        PyThread_release_lock(helper.finished);
    } else {
        second(b);
    }
    if (helper.finished) PyThread_free_lock(helper.finished);
}

/* The start of the first line after offset at (from < at < to), or -1 (no '\n' near there). */
static Py_ssize_t line_start_after(const unsigned char *base, Py_ssize_t at, Py_ssize_t to) {
    Py_ssize_t window = to - at < 65536 ? to - at : 65536;
    const unsigned char *found = memchr(base + at, '\n', (size_t)window);
    return found && found + 1 < base + to ? found + 1 - base : -1;
}

typedef struct {
    const unsigned char *base;
    Py_ssize_t from, to;
    Py_ssize_t room; /* bytes of text its arrays are first sized for (0: from..to) */
    ObjResult result;
} ObjPart;

static void obj_part(void *data) {
    ObjPart *part = (ObjPart *)data;
    ObjResult *r = &part->result;
    /* First sizes from the byte count (a scan's "v" line takes some 30-60 bytes, an "f" line
       15-25): fewer copies as the arrays grow. Untouched memory costs nothing. */
    size_t bytes = (size_t)(part->room ? part->room : part->to - part->from);
    if (!grow((void **)&r->points, &r->cap_points, bytes / 48 * 3 + 48, sizeof(float)) ||
        !grow((void **)&r->faces, &r->cap_faces, bytes / 24 * 3 + 48, sizeof(int32_t))) {
        r->no_memory = 1;
        return;
    }
    obj_scan_text(part->base, part->from, part->to, r);
}

static void obj_free(ObjResult *r) {
    out_free(r->points);
    out_free(r->colours);
    out_free(r->scaled);
    out_free(r->plain);
    out_free(r->faces);
    out_free(r->bad);
    memset(r, 0, sizeof *r);
}

/* Where to cut a text for two threads of equal work when its lines of one kind come first and
   cost `weight` times as much a byte as the rest (the first line of the rest: `rest`). That line
   is found by bisection on line starts (a text where the kinds mix just gets a less even cut,
   never a wrong result), and the cut put where the weighted bytes before and after it are
   equal. -1: no line start near there. */
static Py_ssize_t weighted_cut(const unsigned char *base, Py_ssize_t from, Py_ssize_t to,
                               double weight, int (*rest)(const unsigned char *, const unsigned char *)) {
    Py_ssize_t lo = from, hi = to;
    while (hi - lo > 4096) {
        Py_ssize_t line = line_start_after(base, lo + (hi - lo) / 2, to);
        if (line < 0 || line >= hi) break; /* lines longer than the interval: close enough */
        if (rest(base + line, base + to))
            hi = line;
        else
            lo = line;
    }
    double first = (double)(lo - from), second = (double)(to - lo);
    double half = (weight * first + second) / 2;
    Py_ssize_t at = half <= weight * first ? from + (Py_ssize_t)(half / weight)
                                           : lo + (Py_ssize_t)(half - weight * first);
    if (at <= from || at >= to) at = from + (to - from) / 2;
    return line_start_after(base, at, to);
}

/* OBJ: exporters write the vertices first; a byte of a "v" line costs about OBJ_V_WEIGHT times a
   byte of an "f" line (decimals against short whole numbers). 50 % of the bytes left the first
   half 45 % slower than the second on the 100k real scan. The weight was 1.4 while the scan kept
   float64 colours; with the uint8 colours made as they are read, each half's own CPU time
   (CLOCK_THREAD_CPUTIME_ID, 40 scans) with 1.4 / 1.3 / 1.2 was: 100k OBJ 3.26+3.48 / 3.34+3.39
   / 3.36+3.30 ms, real 12k OBJs 0.250+0.283 / 0.259+0.275 / 0.257+0.267 ms and 0.241+0.281 /
   0.249+0.270 / 0.253+0.259.
   Face lines then became twice as fast (face runs) and vertex lines a third faster: each half's
   CPU is even at about 2.4 (benchmarks/README.md), but the second half starts later (the kept
   helper is woken), so the fastest wall time lies a little below. read_mesh on the quiet
   machine, x86-64-v2 build, min / median of 40 (200 for 12k) taking turns, weights 1.2 / 2.0 /
   2.2 / 2.4: 100k OBJ 3.16/3.21, 2.77-2.85/2.85-2.90, 2.77-2.78/2.83-2.85, 2.79-2.84/2.86-2.87
   ms; real 12k OBJ 0.337/0.346, 0.293-0.297/0.300-0.308, 0.299-0.305/0.313, 0.309-0.315/
   0.316-0.322 ms. */
#define OBJ_V_WEIGHT 2.2

static int obj_face_line(const unsigned char *p, const unsigned char *end) {
    (void)end;
    return *p == 'f';
}

static Py_ssize_t obj_cut(const unsigned char *base, Py_ssize_t from, Py_ssize_t to) {
    return weighted_cut(base, from, to, OBJ_V_WEIGHT, obj_face_line);
}

#define OBJ_SPLIT_FROM 65536 /* smaller texts: a second thread costs more than it saves */

PyDoc_STRVAR(obj_scan_doc,
             "obj_scan(data, start, stop, threads, colours=False, /)\n--\n\n"
             "The vertices, colours and triangles of the OBJ lines in data[start:stop] (obj.py).\n\n"
             "``threads`` 2: a text of 64 KiB or more is read in two halves (cut at a line start)\n"
             "at the same time; a negative index in the second half, or a problem, and it is read\n"
             "again in one piece. Returns None when the text has a problem that needs words (the\n"
             "numpy reader then names it) or a line continuation (Python joins the lines first),\n"
             "else (points, colours, faces, bad, rgb): points a Block (a buffer) of float32, 3 per\n"
             "'v'; colours a Block of float64, 3 per 'v' with six\n"
             "numbers or more (None unless ``colours``); faces a Block of int32, 3 per triangle,\n"
             "0-based; bad a list of (which, slot, start, end) for number tokens not accepted\n"
             "(their slots hold 0), offsets in data; rgb the colours as uint8 (a Block), scaled to\n"
             "0-255 when none is above 1 (None when a token was not accepted).");

static PyObject *obj_scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view;
    Py_ssize_t from, to;
    if (!take_window(args, nargs, nargs == 5 ? 5 : 4, "obj_scan", &view, &from, &to)) return NULL;
    long threads = PyLong_AsLong(args[3]);
    int keep = nargs == 5 ? PyObject_IsTrue(args[4]) : 0;
    if ((threads == -1 || keep < 0) && PyErr_Occurred()) {
        PyBuffer_Release(&view);
        return NULL;
    }
    const unsigned char *base = (const unsigned char *)view.buf;
    ObjPart parts[2];
    memset(parts, 0, sizeof parts);
    parts[0].base = parts[1].base = base;
    parts[0].result.keep = parts[1].result.keep = keep;
    parts[0].from = from;
    /* The first half's arrays are sized for the whole text: the second half's are copied in
       after them without moving them first (a realloc that moved 1.1 MB of the 100k OBJ's
       arrays into fresh pages). 100k OBJ first drawable, separate processes taking turns with
       pyvista and trimesh, three pairs, min/median: 3.80/4.24, 3.42/3.61, 4.19/4.36 ms
       before, 3.29/3.59, 3.29/3.51, 3.53/3.95 after. Untouched room costs no memory. */
    parts[0].room = to - from;
    parts[1].to = to;
    int split = threads >= 2 && to - from >= OBJ_SPLIT_FROM;
    int kept_ready = split && kept_helper_ready();
    Py_BEGIN_ALLOW_THREADS
    Py_ssize_t cut = split ? obj_cut(base, from, to) : -1;
    if (cut > 0) {
        parts[0].to = parts[1].from = cut;
        run_two(kept_ready, obj_part, &parts[0], obj_part, &parts[1]);
        ObjResult *second = &parts[1].result;
        if (parts[0].result.problem || parts[0].result.no_memory || second->problem ||
            second->no_memory || second->relative) {
            /* A negative index counts back from vertices the second half did not see. */
            obj_free(&parts[0].result);
            obj_free(second);
            parts[0].result.keep = keep;
            cut = -1;
        }
    }
    if (cut <= 0) {
        parts[0].to = to;
        obj_part(&parts[0]);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);

    ObjResult *r0 = &parts[0].result, *r1 = &parts[1].result;
    PyObject *result = NULL, *bad = NULL, *points = NULL, *colours = NULL, *faces = NULL;
    PyObject *rgb = NULL;
    if (r0->no_memory || r1->no_memory) {
        PyErr_NoMemory();
        goto done;
    }
    /* Every index is checked once the vertex count is known (a negative one counted back from
       vertices already read, so it is in range). */
    int64_t n_vertices = (int64_t)((r0->n_points + r1->n_points) / 3);
    if (r0->problem || r1->problem || r0->top > n_vertices || r1->top > n_vertices) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    /* The second half's slots follow the first half's. */
    for (size_t i = 0; i < r1->n_bad; i += 4) {
        Py_ssize_t which = r1->bad[i];
        r1->bad[i + 1] += which == 0 ? (Py_ssize_t)r0->n_points
                          : which == 1 ? (Py_ssize_t)r0->n_colours
                                       : 0;
    }
    bad = tuples_list(r0->bad, r0->n_bad, 4, 0);
    PyObject *bad_second = bad ? tuples_list(r1->bad, r1->n_bad, 4, 0) : NULL;
    if (!bad_second || PyList_SetSlice(bad, PyList_GET_SIZE(bad), PyList_GET_SIZE(bad), bad_second)) {
        Py_XDECREF(bad_second);
        goto done;
    }
    Py_DECREF(bad_second);
    points = block_of((void **)&r0->points, r0->n_points, r1->points, r1->n_points, sizeof(float));
    colours = keep ? block_of((void **)&r0->colours, r0->n_colours, r1->colours, r1->n_colours,
                              sizeof(double))
                   : Py_NewRef(Py_None);
    faces = block_of((void **)&r0->faces, r0->n_faces, r1->faces, r1->n_faces, sizeof(int32_t));
    if (PyList_GET_SIZE(bad)) {
        rgb = Py_NewRef(Py_None); /* float() reads the tokens handed back: Python makes rgb */
    } else if (r0->high <= 1 && r1->high <= 1) { /* none above 1 (or none at all): 0-1 */
        rgb = block_of((void **)&r0->scaled, r0->n_colours, r1->scaled, r1->n_colours, 1);
    } else {
        rgb = block_of((void **)&r0->plain, r0->n_colours, r1->plain, r1->n_colours, 1);
    }
    if (points && colours && faces && rgb) result = PyTuple_Pack(5, points, colours, faces, bad, rgb);
done:
    Py_XDECREF(points);
    Py_XDECREF(colours);
    Py_XDECREF(faces);
    Py_XDECREF(bad);
    Py_XDECREF(rgb);
    obj_free(r0);
    obj_free(r1);
    return result;
}

/* ------------------------------------------------------------------------------------------
   Every whitespace-separated token of a text as a number (the body of an ASCII PLY): the same
   tokens as text_numbers.whitespace_tokens and the same values as parse_decimal_tokens. */

typedef struct {
    double *values;
    size_t n_values, cap_values;
    Py_ssize_t *bad; /* (slot, start, end) per token parse_number did not accept */
    size_t n_bad, cap_bad;
    int no_memory;
} NumbersResult;

static void numbers_scan(const unsigned char *base, Py_ssize_t size, NumbersResult *r) {
    const unsigned char *p = base;
    const unsigned char *end = base + size;
    for (;;) {
        while (p < end && *p <= 32) p++;
        if (p >= end) break;
        if (!grow((void **)&r->values, &r->cap_values, r->n_values + 1, sizeof(double))) {
            r->no_memory = 1;
            return;
        }
        const unsigned char *t = p;
        double value = 0.0;
        if (!parse_number(t, end, &p, &value)) {
            if (!grow((void **)&r->bad, &r->cap_bad, r->n_bad + 3, sizeof(Py_ssize_t))) {
                r->no_memory = 1;
                return;
            }
            r->bad[r->n_bad++] = (Py_ssize_t)r->n_values;
            r->bad[r->n_bad++] = t - base;
            r->bad[r->n_bad++] = p - base;
        }
        r->values[r->n_values++] = value;
    }
}

PyDoc_STRVAR(text_numbers_doc,
             "text_numbers(data, start, stop, /)\n--\n\n"
             "Every whitespace-separated token of data[start:stop] as a float64.\n\n"
             "Returns (values, bad): values a bytearray of float64, one per token; bad a list of\n"
             "(slot, start, end) for tokens not accepted (their slots hold 0), offsets in data.");

static PyObject *text_numbers(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view;
    Py_ssize_t from, to;
    if (!take_window(args, nargs, 3, "text_numbers", &view, &from, &to)) return NULL;
    NumbersResult r;
    memset(&r, 0, sizeof r);
    Py_BEGIN_ALLOW_THREADS
    /* Offsets are reported from the buffer's start: scan from there with the window cut off. */
    numbers_scan((const unsigned char *)view.buf + from, to - from, &r);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);

    PyObject *result = NULL;
    if (r.no_memory) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *bad = tuples_list(r.bad, r.n_bad, 3, from);
    if (!bad) goto done;
    result = Py_BuildValue(
        "(NN)",
        PyByteArray_FromStringAndSize((const char *)r.values,
                                      (Py_ssize_t)(r.n_values * sizeof(double))),
        bad);
done:
    out_free(r.values);
    out_free(r.bad);
    return result;
}

/* ------------------------------------------------------------------------------------------
   An ASCII PLY mesh straight into its arrays (scaninbox.scans.ply_text): the common layout only,
   a "vertex" element of k numbers per row, then a "face" element of triangles ("3 a b c"), one
   row per line, nothing but blanks after the last face. Anything else (another layout, a blank
   line, a token parse_number does not accept, an index that is not a whole number below the
   vertex count, a coordinate or colour that is not finite) returns None and the general reader
   (text_numbers, then numpy) reads the file, or names its problem.

   Each vertex column has a role: 0 read and dropped; 1-3 x, y, z; 4-7 colour channel (declared
   as an integer: rounded); 8-11 the same declared as a float (times 255, then rounded); 12-14
   nx, ny, nz. Colours are rounded half to even and clipped to 0-255, as numpy's rint and clip;
   normals with a value that is not finite are all dropped (the app computes its own).

   Two threads: the body is cut at a line start near its middle; the second thread counts the
   lines before the cut (rows, one per line) and so knows which row it starts at; both write
   straight into the same arrays. The first thread must end exactly at the cut with exactly that
   many rows, else the body is read again in one piece. */

enum { ROLE_DROP = 0, ROLE_X = 1, ROLE_COLOUR = 4, ROLE_COLOUR_FLOAT = 8, ROLE_NORMAL = 12 };

typedef struct {
    const unsigned char *base;
    Py_ssize_t from, to;
    size_t first_row; /* the row at from */
    /* layout */
    const unsigned char *roles;
    unsigned width, n_channels;
    size_t n_vertices, n_faces;
    /* output (shared by both threads, each row written by one) */
    float *points, *normals;
    unsigned char *colours;
    int32_t *faces;
    /* what happened */
    size_t rows;         /* rows read */
    int failed;          /* not the common layout: the general reader takes over */
    int normals_finite;  /* every normal value finite */
} PlyPart;

/* The tokens of the line at p, without reading past end (the last lines of a text). */
static int line_tokens_tail(const unsigned char *p, const unsigned char *end, LineTokens *line) {
    unsigned i = 0, count = 0;
    unsigned limit = end - p < LINE_WINDOW ? (unsigned)(end - p) : LINE_WINDOW;
    while (i < limit && p[i] != '\n') {
        if (p[i] <= 32) {
            i++;
            continue;
        }
        if (count == LINE_TOKENS) return 0;
        unsigned start = i;
        while (i < limit && p[i] > 32) i++;
        line->start[count] = (uint8_t)start;
        line->length[count] = (uint8_t)(i - start);
        count++;
    }
    if (i == limit && i < (unsigned)(end - p)) return 0; /* longer than the window */
    if (count == 0) return 0;
    line->count = count;
    line->next = i + 1; /* past the '\n' (or past the end: the caller stops there) */
    return 1;
}

/* A number token as parse_number reads it (parse_known first: the common shapes). */
static inline int ply_number(const unsigned char *t, unsigned n, double *out) {
    if (parse_known(t, n, out)) return 1;
    const unsigned char *stop;
    return parse_number(t, t + n, &stop, out) && stop == t + n;
}

#if defined(FACE_RUNS)
/* The run of face rows ("3 a b c", see face_run) from p, the row at p being *row (a face's):
   stored as the token path below stores them; *row is advanced past them. Returns where the
   run stopped (p itself when its first row is not one of them). */
FACE_NOINLINE static const unsigned char *ply_face_run(PlyPart *part, const unsigned char *p,
                                         const unsigned char *end, size_t *row) {
    if (part->n_vertices == 0) return p; /* no index is in range */
    size_t face = *row - part->n_vertices;
    /* indices below the vertex count (the token path refuses others; ply_mesh: below 2^31) */
    *row += face_run(&p, end, '3', 0, (uint32_t)(part->n_vertices - 1), part->faces + 3 * face,
                     part->n_faces - face, NULL, 0);
    return p;
}
#endif

static void ply_part(void *data) {
    PlyPart *part = (PlyPart *)data;
    const unsigned char *p = part->base + part->from, *end = part->base + part->to;
    size_t row = part->first_row, total = part->n_vertices + part->n_faces;
    LineTokens line;
    Masks masks = {NULL, 0, 0};
    double values[LINE_TOKENS + 1]; /* known_numbers may write one more */
    uint32_t wholes = 0; /* colours declared as integers: whole numbers, nearly always */
    for (unsigned i = 0; i < part->width; i++)
        wholes |= (uint32_t)(part->roles[i] >= ROLE_COLOUR && part->roles[i] < ROLE_COLOUR_FLOAT) << i;
    /* The layout scanners write, x y z then the colour channels in order (as integers, or as
       floats times 255), is stored without the loop over roles: 64 -> 61 ns an "x y z r g b a"
       row, 76 -> 66 with float colours and alpha. Its columns: first_colour (4 or 8) onwards. */
    unsigned first_colour = part->width > 3 ? part->roles[3] : ROLE_COLOUR;
    int plain_layout = part->width >= 3 && part->width <= 7 &&
                       (first_colour == ROLE_COLOUR || first_colour == ROLE_COLOUR_FLOAT);
    for (unsigned i = 0; i < part->width && plain_layout; i++)
        plain_layout = part->roles[i] == (i < 3 ? ROLE_X + i : first_colour + i - 3);
    double colour_scale = first_colour == ROLE_COLOUR_FLOAT ? 255 : 1;
#if defined(FACE_RUNS)
    FaceTries tries = {p, 0};
#endif
    while (p < end && row < total) {
#if defined(FACE_RUNS)
        if (row >= part->n_vertices && p >= tries.from) { /* triangles come in runs: face_run */
            size_t before = row;
            const unsigned char *after = ply_face_run(part, p, end, &row);
            face_tried(&tries, p, end, row - before);
            if (after != p) {
                p = after;
                continue;
            }
        }
#endif
        int found = end - p >= LINE_MARGIN ? line_tokens(p, &line, &masks)
                                           : line_tokens_tail(p, end, &line);
        if (!found) break;
        if (row < part->n_vertices) {
            if (line.count != part->width) break;
            int ok = known_numbers(p, &line, 0, line.count, values, end - p >= LINE_MARGIN, wholes);
            if (!ok) { /* a longer token, or one parse_known does not take */
                ok = 1;
                for (unsigned i = 0; i < line.count; i++)
                    ok &= ply_number(p + line.start[i], line.length[i], &values[i]);
                if (!ok) break;
            }
            if (plain_layout) {
                float x = (float)values[0], y = (float)values[1], z = (float)values[2];
                ok = isfinite(x) && isfinite(y) && isfinite(z);
                float *point = part->points + 3 * row;
                point[0] = x;
                point[1] = y;
                point[2] = z;
                unsigned char *colour = part->colours + part->n_channels * row;
                for (unsigned i = 3; i < line.count; i++) {
                    double value = values[i] * colour_scale; /* by 1: the same value */
                    ok &= isfinite(value) != 0;
                    colour[i - 3] = channel(value);
                }
                if (!ok) break;
                row++;
                p += line.next;
                continue;
            }
            for (unsigned i = 0; i < line.count; i++) {
                unsigned role = part->roles[i];
                double value = values[i];
                if (role >= ROLE_NORMAL) {
                    float f = (float)value;
                    part->normals[3 * row + role - ROLE_NORMAL] = f;
                    part->normals_finite &= isfinite(f) != 0;
                } else if (role >= ROLE_COLOUR) {
                    if (role >= ROLE_COLOUR_FLOAT) value *= 255;
                    ok &= isfinite(value) != 0;
                    part->colours[part->n_channels * row + (role - ROLE_COLOUR) % 4] = channel(value);
                } else if (role >= ROLE_X) {
                    float f = (float)value;
                    ok &= isfinite(f) != 0;
                    part->points[3 * row + role - ROLE_X] = f;
                }
            }
            if (!ok) break;
        } else {
            if (line.count != 4 || line.length[0] != 1 || p[line.start[0]] != '3') break;
            int32_t *face = part->faces + 3 * (row - part->n_vertices);
            int ok = 1;
            for (unsigned i = 0; i < 3; i++) {
                const unsigned char *t = p + line.start[i + 1];
                unsigned n = line.length[i + 1];
                int64_t fast = end - t >= 8 ? digits_known(t, n) : -1;
                uint64_t index = (uint64_t)fast;
                if (fast < 0) { /* near the end, longer, or not digits */
                    index = 0;
                    for (unsigned k = 0; k < n; k++) {
                        unsigned d = (unsigned)t[k] - '0';
                        ok &= d <= 9;
                        index = index * 10 + d;
                    }
                    ok &= n <= 10;
                }
                ok &= index < part->n_vertices;
                face[i] = (int32_t)index;
            }
            if (!ok) break;
        }
        row++;
        p += line.next;
    }
    part->rows = row - part->first_row;
    if (row == total) { /* only blanks may follow the last face */
        while (p < end && *p <= 32) p++;
    }
    part->failed = p < end; /* a line it could not take */
    if (p > end) p = end;   /* the last line had no '\n' */
    part->from = p - part->base; /* where it stopped */
}

/* '\n' bytes in p[0:n]. */
static size_t count_newlines(const unsigned char *p, size_t n) {
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    while (n - i >= 16 * 255) {
        __m128i sums = _mm_setzero_si128();
        for (int k = 0; k < 255; k++, i += 16) /* each match adds 1 to its byte lane (- (-1)) */
            sums = _mm_sub_epi8(sums, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), newline));
        __m128i total = _mm_sad_epu8(sums, _mm_setzero_si128());
        count += (size_t)_mm_cvtsi128_si32(total) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(total, 8));
    }
#endif
    for (; i < n; i++) count += p[i] == '\n';
    return count;
}

static void ply_second(void *data) {
    PlyPart *part = (PlyPart *)data;
    /* part->first_row holds the body's start here; the rows before the cut are its lines */
    size_t body = part->first_row;
    part->first_row = count_newlines(part->base + body, (size_t)part->from - body);
    ply_part(part);
}

#define PLY_SPLIT_FROM 65536

/* A face row ("3 a b c") rather than a vertex row; a vertex whose first column is exactly 3 may
   pass for one, which only makes the cut less even. Vertex rows come first, and a byte of one
   costs about PLY_V_WEIGHT times a byte of a face row: cut at the middle byte, the 100k real
   scan's halves took 3.70 and 2.65 ms of their threads' CPU (the second thread's count of the
   lines before the cut included). With the face runs (and faster vertex rows) the weight went
   from 1.45 to 2.2: read_mesh of the 100k ASCII PLY on the quiet machine, min / median of 40,
   weights 1.45 / 2.2 / 2.6 / 3.0: 2.83/2.86, 2.62-2.65/2.65-2.73, 2.70/2.73, 2.76-2.80/2.79-2.81
   ms (as for OBJ, a little below where each half's CPU is even). */
static int ply_face_row(const unsigned char *p, const unsigned char *end) {
    return end - p > 1 && p[0] == '3' && (p[1] == ' ' || p[1] == '\t');
}
#define PLY_V_WEIGHT 2.2

PyDoc_STRVAR(ply_mesh_doc,
             "ply_mesh(data, start, stop, roles, n_vertices, n_faces, threads, /)\n--\n\n"
             "The mesh of an ASCII PLY body data[start:stop] in the common layout (ply_text.py).\n\n"
             "``roles``: bytes, one per vertex column (0 drop, 1-3 xyz, 4-7 colour channels, 8-11\n"
             "the same declared float, 12-14 normals). Returns None when the body is not in the\n"
             "common layout, else (points, colours, normals, faces): Blocks (buffers) of float32\n"
             "(3 per vertex), uint8 (one per channel and vertex; None without colour roles), float32\n"
             "(None without normal roles or when one is not finite) and int32 (3 per triangle).");

static PyObject *ply_mesh(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view, roles;
    Py_ssize_t from, to;
    if (!take_window(args, nargs, 7, "ply_mesh", &view, &from, &to)) return NULL;
    size_t n_vertices = PyLong_AsSize_t(args[4]), n_faces = PyLong_AsSize_t(args[5]);
    long threads = PyLong_AsLong(args[6]);
    if (PyErr_Occurred() || PyObject_GetBuffer(args[3], &roles, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    PyObject *result = NULL, *points = NULL, *colours = NULL, *normals = NULL, *faces = NULL;
    const unsigned char *role = (const unsigned char *)roles.buf;
    unsigned width = (unsigned)roles.len, n_channels = 0, n_normals = 0, n_axes = 0;
    for (unsigned i = 0; i < width; i++) {
        n_axes += role[i] >= ROLE_X && role[i] < ROLE_COLOUR;
        n_channels += role[i] >= ROLE_COLOUR && role[i] < ROLE_NORMAL;
        n_normals += role[i] >= ROLE_NORMAL;
    }
    /* Each row needs two bytes per number at least: larger counts are claims the text cannot
       hold (the general reader names them), and memory follows the text, not the claims. */
    size_t body = (size_t)(to - from);
    if (width == 0 || width > LINE_TOKENS || n_axes != 3 || n_vertices > body / (2 * width) + 1 ||
        n_faces > body / 8 + 1 || n_vertices > (size_t)INT32_MAX) { /* int32 indices */
        result = Py_NewRef(Py_None);
        goto done;
    }
    points = block_new(12 * n_vertices);
    colours = block_new(n_channels * n_vertices);
    normals = block_new(n_normals ? 12 * n_vertices : 0);
    faces = block_new(12 * n_faces);
    if (!points || !colours || !normals || !faces) goto done;
    PlyPart parts[2];
    memset(parts, 0, sizeof parts);
    for (int k = 0; k < 2; k++) {
        PlyPart *part = &parts[k];
        part->base = (const unsigned char *)view.buf;
        part->roles = role;
        part->width = width;
        part->n_channels = n_channels;
        part->n_vertices = n_vertices;
        part->n_faces = n_faces;
        part->points = (float *)((Block *)points)->data;
        part->colours = (unsigned char *)((Block *)colours)->data;
        part->normals = (float *)((Block *)normals)->data;
        part->faces = (int32_t *)((Block *)faces)->data;
        part->normals_finite = 1;
    }
    int failed;
    int split = threads >= 2 && to - from >= PLY_SPLIT_FROM;
    int kept_ready = split && kept_helper_ready();
    Py_BEGIN_ALLOW_THREADS
    Py_ssize_t cut =
        split ? weighted_cut(parts[0].base, from, to, PLY_V_WEIGHT, ply_face_row) : -1;
    int whole = 1;
    if (cut > 0) {
        parts[0].from = from;
        parts[0].to = cut;
        parts[1].from = cut;
        parts[1].to = to;
        parts[1].first_row = (size_t)from; /* ply_second turns it into the row at the cut */
        run_two(kept_ready, ply_part, &parts[0], ply_second, &parts[1]);
        /* The first part must have stopped at the cut with its rows exactly those lines. */
        whole = parts[0].from != cut || parts[0].rows != parts[1].first_row || parts[1].failed ||
                parts[1].first_row + parts[1].rows != n_vertices + n_faces;
        if (!whole) parts[0].failed = 0;
    }
    if (whole) {
        parts[0].from = from;
        parts[0].to = to;
        parts[0].first_row = 0;
        parts[0].normals_finite = 1;
        ply_part(&parts[0]);
        parts[0].failed |= parts[0].rows != n_vertices + n_faces;
        parts[1].normals_finite = 1;
    }
    failed = parts[0].failed;
    Py_END_ALLOW_THREADS
    if (failed) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    int normals_kept = n_normals && parts[0].normals_finite && parts[1].normals_finite;
    result = PyTuple_Pack(4, points, n_channels ? colours : Py_None, normals_kept ? normals : Py_None,
                          faces);
done:
    Py_XDECREF(points);
    Py_XDECREF(colours);
    Py_XDECREF(normals);
    Py_XDECREF(faces);
    PyBuffer_Release(&roles);
    PyBuffer_Release(&view);
    return result;
}


PyDoc_STRVAR(join_blocks_doc,
             "join_blocks(first, second, /)\n--\n\n"
             "A new Block holding first's bytes, then second's (both left as they are).");

static PyObject *join_blocks(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !Py_IS_TYPE(args[0], &BlockType) || !Py_IS_TYPE(args[1], &BlockType)) {
        PyErr_SetString(PyExc_TypeError, "join_blocks takes two Blocks");
        return NULL;
    }
    Block *first = (Block *)args[0], *second = (Block *)args[1];
    size_t n_first = (size_t)first->size, n_second = (size_t)second->size;
    void *memory = out_realloc(NULL, n_first + n_second);
    if (!memory) return PyErr_NoMemory();
    memcpy(memory, first->data, n_first);
    memcpy((char *)memory + n_first, second->data, n_second);
    return block_owning(memory, n_first + n_second);
}

PyDoc_STRVAR(kept_block_doc,
             "kept_block(size, /)\n--\n\n"
             "A writable Block of `size` bytes, not cleared (it may hold an earlier array's bytes:\n"
             "fill all of it before reading it): on Linux, from 64 KiB, memory this module keeps\n"
             "between uses, its pages already in place.");

static PyObject *kept_block(PyObject *self, PyObject *arg) {
    (void)self;
    Py_ssize_t size = PyLong_AsSsize_t(arg);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "kept_block: a size cannot be negative");
        return NULL;
    }
    void *memory = out_kept((size_t)size);
    return memory ? block_owning(memory, (size_t)size) : PyErr_NoMemory();
}

/* ------------------------------------------------------------------------------------------
   A text file read into output memory. On Linux a large text is read into kept memory (see
   "Output memory") whose pages are already in place, the two halves by two threads at once:
   a mapping of the file instead faults its cached pages in 16 at a time on the parsing
   threads and costs a TLB flush on both cores when it is unmapped. */

#if !defined(_WIN32)
#include <errno.h>

#define READ_SPLIT_FROM ((Py_ssize_t)1 << 20) /* smaller files: one read on this thread */

typedef struct {
    int fd;
    unsigned char *into;
    Py_ssize_t at, want, got;
    int error; /* errno of a failed read; 0: none */
} ReadPart;

/* Reads until `want` bytes are in, the file ends early (it shrank) or a read fails. */
static void read_part(void *data) {
    ReadPart *part = (ReadPart *)data;
    while (part->got < part->want) {
        size_t chunk = (size_t)(part->want - part->got);
        ssize_t n = pread(part->fd, part->into + part->got, chunk, (off_t)(part->at + part->got));
        if (n < 0) {
            if (errno == EINTR) continue;
            part->error = errno;
            return;
        }
        if (n == 0) return;
        part->got += n;
    }
}

PyDoc_STRVAR(read_file_doc,
             "read_file(fd, size, /)\n--\n\n"
             "A Block of the open file's first `size` bytes (fewer when it ends sooner), read\n"
             "with pread (the file offset is not moved); from 1 MiB in two halves at once, the\n"
             "second on the helper thread. OSError when a read fails.");

static PyObject *read_file(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "read_file takes a file descriptor and a size");
        return NULL;
    }
    long fd = PyLong_AsLong(args[0]);
    if (fd == -1 && PyErr_Occurred()) return NULL;
    if (fd < 0 || fd > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "read_file: not a file descriptor");
        return NULL;
    }
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "read_file: a size cannot be negative");
        return NULL;
    }
    unsigned char *memory = out_kept((size_t)size);
    if (!memory) return PyErr_NoMemory();
    Py_ssize_t half = size >= READ_SPLIT_FROM ? size / 2 : size;
    ReadPart parts[2] = {{(int)fd, memory, 0, half, 0, 0},
                         {(int)fd, memory + half, half, size - half, 0, 0}};
    int kept_ready = half < size && kept_helper_ready();
    Py_BEGIN_ALLOW_THREADS
    if (half < size) {
        run_two(kept_ready, read_part, &parts[0], read_part, &parts[1]);
    } else {
        read_part(&parts[0]);
    }
    Py_END_ALLOW_THREADS
    int error = parts[0].error ? parts[0].error : parts[1].error;
    if (error) {
        out_free(memory);
        errno = error;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    /* A file that ended early (it shrank while read) keeps what came before the gap. */
    Py_ssize_t got = parts[0].got < half ? parts[0].got : half + parts[1].got;
    return block_owning(out_fit(memory, (size_t)got), (size_t)got);
}
#endif /* pread */

PyDoc_STRVAR(out_pool_doc,
             "out_pool()\n--\n\n"
             "(mappings, bytes): the freed output arrays this module keeps for the next ones\n"
             "(Linux; (0, 0) elsewhere and in a child made by fork()).");

/* What the pool keeps, as (mappings, bytes); with `clear`, given back to the system first. */
static PyObject *pool_state(int clear) {
    int count = 0;
    size_t bytes = 0;
#if defined(__linux__)
    if (pool_lock) {
        OutHeader *gone[OUT_POOL];
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(pool_lock, WAIT_LOCK);
        count = pool.count;
        bytes = pool.bytes;
        if (clear) {
            memcpy(gone, pool.kept, sizeof(OutHeader *) * (size_t)count);
            pool.count = 0;
            pool.bytes = 0;
        }
        PyThread_release_lock(pool_lock);
        for (int i = 0; clear && i < count; i++) munmap(gone[i], gone[i]->mapped);
        Py_END_ALLOW_THREADS
    }
#else
    (void)clear;
#endif
    return Py_BuildValue("(in)", count, (Py_ssize_t)bytes);
}

static PyObject *out_pool(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return pool_state(0);
}

PyDoc_STRVAR(out_pool_clear_doc,
             "out_pool_clear()\n--\n\n"
             "Give every kept mapping back to the system; (mappings, bytes) given back.");

static PyObject *out_pool_clear(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return pool_state(1);
}

PyDoc_STRVAR(v2_supported_doc,
             "v2_supported()\n--\n\n"
             "True when this CPU runs the x86-64-v2 build (SSSE3, SSE4.1 and POPCNT).");

static PyObject *v2_supported(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    int ok = __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1") &&
             __builtin_cpu_supports("popcnt");
    return PyBool_FromLong(ok);
#else
    Py_RETURN_FALSE;
#endif
}

static PyMethodDef methods[] = {
    {"stl_vertices", (PyCFunction)(void (*)(void))stl_vertices, METH_FASTCALL, stl_vertices_doc},
    {"obj_scan", (PyCFunction)(void (*)(void))obj_scan, METH_FASTCALL, obj_scan_doc},
    {"text_numbers", (PyCFunction)(void (*)(void))text_numbers, METH_FASTCALL, text_numbers_doc},
    {"ply_mesh", (PyCFunction)(void (*)(void))ply_mesh, METH_FASTCALL, ply_mesh_doc},
    {"v2_supported", v2_supported, METH_NOARGS, v2_supported_doc},
    {"out_pool", out_pool, METH_NOARGS, out_pool_doc},
    {"out_pool_clear", out_pool_clear, METH_NOARGS, out_pool_clear_doc},
    {"kept_block", kept_block, METH_O, kept_block_doc},
    {"join_blocks", (PyCFunction)(void (*)(void))join_blocks, METH_FASTCALL, join_blocks_doc},
#if !defined(_WIN32)
    {"read_file", (PyCFunction)(void (*)(void))read_file, METH_FASTCALL, read_file_doc},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    MODULE_NAME,
    "Text meshes parsed in C (ASCII STL, OBJ, ASCII PLY numbers); optional, numpy is the fallback.",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC MODULE_INIT(void) {
#if defined(__SSE4_1__)
    gather_init();
#endif
    if (PyType_Ready(&BlockType) < 0) return NULL;
#if defined(__linux__)
    if (!pool_lock) { /* none: mappings are not kept */
        pool_lock = PyThread_allocate_lock();
        if (pool_lock && pthread_atfork(NULL, NULL, pool_after_fork) != 0) {
            PyThread_free_lock(pool_lock);
            pool_lock = NULL;
        }
    }
#endif
    PyObject *created = PyModule_Create(&module);
    if (created && (PyModule_AddStringConstant(created, "BUILD", BUILD_NAME) < 0 ||
                    PyModule_AddIntConstant(created, "KEPT_FROM", (long)KEPT_FROM) < 0)) {
        Py_CLEAR(created);
    }
    return created;
}
