/* The vertex coordinates of an ASCII STL, tokenised and parsed in C.

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

#include <stdint.h>
#include <string.h>

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

static int grow(void **items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    size_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need) cap2 *= 2;
    void *grown = PyMem_RawRealloc(*items, cap2 * size);
    if (!grown) return 0;
    *items = grown;
    *cap = cap2;
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

PyDoc_STRVAR(stl_vertices_doc,
             "stl_vertices(data, start, stop, outside, /)\n--\n\n"
             "The coordinates after every 'vertex' keyword in data[start:stop], as float32.\n\n"
             "``outside``: whether the text starts in a solid's name (True at a file's start).\n"
             "Returns (coords, missing, outside, bad): coords a bytearray of float32, 3 per keyword;\n"
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
    PyObject *coords =
        PyByteArray_FromStringAndSize((const char *)r.coords, (Py_ssize_t)(r.n_coords * sizeof(float)));
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
    PyMem_RawFree(r.coords);
    PyMem_RawFree(r.bad);
    return result;
}

/* ------------------------------------------------------------------------------------------
   OBJ: the numbers of the "v" lines and the corners of the "f" lines (scaninbox.scans.obj).

   A line's first token decides: "v" (x y z, then an optional w or r g b [a]; every token on the
   line must be a number, read with parse_number), "f" (corners "v", "v/vt", "v//vn", "v/vt/vn";
   only the vertex index is read: [sign] 1-10 digits, then '/' or the token's end), anything else
   is skipped to the end of its line. A token starting with '#' ends the line (a comment). Bytes
   <= 32 but '\n' separate tokens. Polygons become fans (first, i, i+1); a negative index counts
   back from the vertices read so far. Positive indices are checked against the vertex count in
   Python, after the whole file (a face may name a vertex defined further down).

   Problems that need words (a face of two corners, index 0, an index that is not a whole number,
   a negative index before the first vertex, a "v" with fewer than three numbers) are not
   described here: the scan stops and returns None, and Python reads the file with the numpy
   path, which names the line. Number tokens parse_number does not accept come back by position,
   as for STL ("which": 0 a coordinate, 1 a colour, 2 a value that is checked, then dropped). */

typedef struct {
    float *points; /* 3 per "v" */
    size_t n_points, cap_points;
    double *colours; /* 3 per "v" with at least six numbers */
    size_t n_colours, cap_colours;
    int32_t *faces; /* 3 per triangle */
    size_t n_faces, cap_faces;
    Py_ssize_t *bad; /* (which, slot, start, end) per token parse_number did not accept */
    size_t n_bad, cap_bad;
    int relative; /* a negative index was met (it counts back from the vertices read here) */
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
        if (!grow((void **)&r->colours, &r->cap_colours, r->n_colours + 3, sizeof(double))) {
            r->no_memory = 1;
            return end;
        }
        for (int i = 3; i < 6; i++) r->colours[r->n_colours++] = values[i];
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

static void obj_scan_text(const unsigned char *base, Py_ssize_t from, Py_ssize_t to,
                          ObjResult *r) {
    const unsigned char *p = base + from;
    const unsigned char *end = base + to;
    while (p < end && !r->problem && !r->no_memory) {
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
        p = line_end ? line_end + 1 : end;
    }
}

PyDoc_STRVAR(obj_scan_doc,
             "obj_scan(data, start, stop, /)\n--\n\n"
             "The vertices, colours and triangles of the OBJ lines in data[start:stop] (obj.py).\n\n"
             "Returns None when the text has a problem that needs words (the numpy reader then\n"
             "names it), else (points, colours, faces, bad, relative): points a bytearray of\n"
             "float32, 3 per 'v'; colours a bytearray of float64, 3 per 'v' with six numbers or\n"
             "more; faces a bytearray of int32, 3 per triangle, 0-based; bad a list of (which,\n"
             "slot, start, end) for number tokens not accepted (their slots hold 0), offsets in\n"
             "data; relative whether a negative index was met (counted from start's vertices).");

static PyObject *obj_scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view;
    Py_ssize_t from, to;
    if (!take_window(args, nargs, 3, "obj_scan", &view, &from, &to)) return NULL;
    ObjResult r;
    memset(&r, 0, sizeof r);
    Py_BEGIN_ALLOW_THREADS
    obj_scan_text((const unsigned char *)view.buf, from, to, &r);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);

    PyObject *result = NULL;
    if (r.no_memory) {
        PyErr_NoMemory();
        goto done;
    }
    if (r.problem) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    PyObject *bad = tuples_list(r.bad, r.n_bad, 4, 0);
    if (!bad) goto done;
    PyObject *points =
        PyByteArray_FromStringAndSize((const char *)r.points, (Py_ssize_t)(r.n_points * sizeof(float)));
    PyObject *colours = PyByteArray_FromStringAndSize((const char *)r.colours,
                                                      (Py_ssize_t)(r.n_colours * sizeof(double)));
    PyObject *faces = PyByteArray_FromStringAndSize((const char *)r.faces,
                                                    (Py_ssize_t)(r.n_faces * sizeof(int32_t)));
    if (points && colours && faces)
        result = PyTuple_Pack(5, points, colours, faces, bad, r.relative ? Py_True : Py_False);
    Py_XDECREF(points);
    Py_XDECREF(colours);
    Py_XDECREF(faces);
    Py_DECREF(bad);
done:
    PyMem_RawFree(r.points);
    PyMem_RawFree(r.colours);
    PyMem_RawFree(r.faces);
    PyMem_RawFree(r.bad);
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
    PyMem_RawFree(r.values);
    PyMem_RawFree(r.bad);
    return result;
}

static PyMethodDef methods[] = {
    {"stl_vertices", (PyCFunction)(void (*)(void))stl_vertices, METH_FASTCALL, stl_vertices_doc},
    {"obj_scan", (PyCFunction)(void (*)(void))obj_scan, METH_FASTCALL, obj_scan_doc},
    {"text_numbers", (PyCFunction)(void (*)(void))text_numbers, METH_FASTCALL, text_numbers_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "scaninbox.scans._text_native",
    "Text meshes parsed in C (ASCII STL, OBJ, ASCII PLY numbers); optional, numpy is the fallback.",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__text_native(void) { return PyModule_Create(&module); }
