/* nonet's C API (C99): solve, count, check, rate, hint and generate puzzles
 * of every variant and size, over the C++ library.
 *
 * Conventions
 *   - Every function returns an int: NONET_OK (0) or a negative NONET_E*
 *     code. After a failure, nonet_last_error() gives the message, in the
 *     CLI's words; for a malformed puzzle that is "<string>:LINE:COL: reason".
 *   - Text results go into the caller's buffer: `out` of `out_size` bytes.
 *     `*required` (when `required` is not NULL) is always set to the bytes the
 *     result needs, its terminating NUL included; when out_size is smaller
 *     (or out is NULL) the call returns NONET_EBUFFER and leaves out alone,
 *     so a caller can ask for the size first with out = NULL, out_size = 0.
 *   - A puzzle is a string in any format the CLI reads (one line of N*N
 *     cells, a grid block, JSON). `variant` is "classic", "diagonal",
 *     "windoku" or "jigsaw" (NULL: classic); `regions` is a jigsaw's region
 *     map of N*N labels (NULL otherwise). The size comes from the puzzle.
 *   - Thread-safe: any thread may call at any time; the last error is per
 *     thread. Each geometry (variant, size, regions) is built once and shared,
 *     so a call on one classic line costs about what the C++ API's does.
 *   - Calls that run logic (rate, hint, explain) and generate take time
 *     limits: the *_with calls and nonet_generate_options.time_limit; the
 *     plain calls use the CLI's defaults (60 seconds, 100,000,000 nodes).
 */
#ifndef NONET_NONET_H
#define NONET_NONET_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define NONET_C_API __attribute__((visibility("default")))
#else
#define NONET_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define NONET_OK 0
#define NONET_EMALFORMED (-1)  /* the text is not a puzzle (message: line:column) */
#define NONET_EINVALID (-2)    /* the givens clash (message: the digit, house and cells) */
#define NONET_ENOSOLUTION (-3) /* consistent givens, but no grid completes them */
#define NONET_EMULTIPLE (-4)   /* more than one solution where one is needed (rate, hint) */
#define NONET_EGAVEUP (-5)     /* the search passed its node or time limit */
#define NONET_EBUFFER (-6)     /* out_size too small: *required says how much is needed */
#define NONET_EARGUMENT (-7)   /* a bad argument: NULL, unknown variant, scale, level, symmetry */
#define NONET_EGENERATE (-8)   /* generation options that cannot be met */
#define NONET_ENOHINT (-9)     /* no technique applies, or the puzzle is already solved */
#define NONET_EINTERNAL (-10)  /* anything else (out of memory) */

/* Verdicts of nonet_check and nonet_solve. */
#define NONET_UNIQUE 0
#define NONET_MULTIPLE 1

/* The library's version, "0.2.0". */
NONET_C_API const char* nonet_version(void);

/* The message of this thread's last failed call ("" if none). Valid until
 * this thread's next nonet call. */
NONET_C_API const char* nonet_last_error(void);

/* One solution as a line of N*N digits: the only one, or, with *verdict
 * NONET_MULTIPLE, the first found (verdict may be NULL). */
NONET_C_API int nonet_solve(const char* puzzle, const char* variant, const char* regions, char* out,
                            size_t out_size, size_t* required, int* verdict);

/* The number of solutions, counting up to `limit` (0: 2). A puzzle with no
 * solution counts 0 (NONET_OK). */
NONET_C_API int nonet_count(const char* puzzle, const char* variant, const char* regions, uint64_t limit,
                            uint64_t* count);

/* NONET_OK with *verdict NONET_UNIQUE or NONET_MULTIPLE; otherwise the error
 * says what is wrong (malformed, invalid, no solution, gave up). */
NONET_C_API int nonet_check(const char* puzzle, const char* variant, const char* regions, int* verdict);

/* A Sudoku Explainer style rating. */
typedef struct nonet_rating {
  double er;          /* the hardest step */
  double ep;          /* the hardest step up to the first placement */
  double ed;          /* the first step */
  int solved;         /* 0 where logic alone could not finish */
  char hardest[64];   /* the hardest step's technique, NUL-terminated */
} nonet_rating;

/* Rates a unique puzzle on `scale`: "se" (Sudoku Explainer 1.2.1; NULL) or
 * "sukaku". */
NONET_C_API int nonet_rate(const char* puzzle, const char* variant, const char* regions, const char* scale,
                           nonet_rating* rating);

/* The next step as a hint: level 1 names the technique and house, 2 adds
 * the cells, 3 gives the whole step. As text (json 0: the CLI's lines) or as
 * one JSON object (json 1: the web API's answer). The puzzle may also be a
 * pencil-mark position (729-character candidate line or HoDoKu grid).
 * NONET_EMULTIPLE where the puzzle has several solutions and logic can take
 * no step; NONET_ENOHINT where it is solved or no technique applies (on a
 * puzzle with variant rules, also where none was found within 0.06 s: a hint
 * stops looking there and answers within 0.09 s, as `nonet hint` does). Where no
 * technique applies (or, NONET_EGAVEUP, none was found in time) on a puzzle
 * with one solution, nonet_last_error ends as `nonet hint` does with a cell to
 * reveal ("; a cell to reveal: r1c5 ..."; at level 3 "; revealed: r1c5=5"). */
NONET_C_API int nonet_hint(const char* puzzle, const char* variant, const char* regions, int level, int json,
                           char* out, size_t out_size, size_t* required);

/* The options of the calls that run logic, with their limits, so that an
 * application can bound every call. nonet_options_init fills the defaults:
 * classic, the "se" scale, 60 seconds and 100,000,000 search nodes (as the
 * CLI), no technique ceiling, no extra techniques. */
typedef struct nonet_options {
  const char* variant;  /* NULL: classic */
  const char* regions;  /* jigsaw region map */
  const char* scale;    /* "se" (NULL) or "sukaku" */
  double time_limit;    /* seconds for the whole call, exact check and logic (0: none); past it NONET_EGAVEUP */
  uint64_t max_nodes;   /* exact search nodes (0: none); past them NONET_EGAVEUP */
  double max_rating;    /* explain: use no step rated above this (0: no ceiling) */
  int extras;           /* explain: also the techniques no SE scale rates (hints always use them) */
} nonet_options;

NONET_C_API void nonet_options_init(nonet_options* options);

/* nonet_rate and nonet_hint within the options' limits. */
NONET_C_API int nonet_rate_with(const char* puzzle, const nonet_options* options, nonet_rating* rating);
NONET_C_API int nonet_hint_with(const char* puzzle, const nonet_options* options, int level, int json, char* out,
                                size_t out_size, size_t* required);

/* Every step to the solution, as `nonet explain` writes it: text (json 0) or
 * one JSON object (json 1: "status", "solved", "rating", "steps", and where
 * logic stopped short "stopped" and "candidates"). NONET_OK also where logic
 * stops short (the status says why: stuck, above-limit, multiple); the
 * puzzle's failures (malformed, invalid, no solution, gave up) are errors. */
NONET_C_API int nonet_explain(const char* puzzle, const nonet_options* options, int json, char* out,
                              size_t out_size, size_t* required);

/* The pencil marks of the givens (each empty cell: every digit its peers
 * allow; a given: its digit) as N*N groups of N characters, each the digit of
 * its place or '.': the form nonet_hint reads. */
NONET_C_API int nonet_candidates(const char* puzzle, const char* variant, const char* regions, char* out,
                                 size_t out_size, size_t* required);

/* What nonet_generate makes. nonet_generate_init fills the defaults. */
typedef struct nonet_generate_options {
  const char* variant;  /* NULL: classic */
  const char* regions;  /* jigsaw region map */
  int size;             /* 0: 9 */
  const char* level;    /* simple, easy, intermediate, expert, master, extreme; NULL: any */
  double min_rating;    /* SE rating range, used when max_rating > 0 and level is NULL */
  double max_rating;
  const char* symmetry; /* none (NULL), rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral */
  uint64_t seed;        /* same seed and options, same puzzle */
  uint64_t index;       /* the puzzle's position in the seed's stream, as `nonet generate` numbers them */
  double time_limit;    /* seconds the puzzle may take (0: none; the default 60); past it NONET_EGAVEUP */
} nonet_generate_options;

NONET_C_API void nonet_generate_init(nonet_generate_options* options);

/* One puzzle with exactly one solution, as a line of N*N cells. */
NONET_C_API int nonet_generate(const nonet_generate_options* options, char* out, size_t out_size,
                               size_t* required);

#ifdef __cplusplus
}
#endif

#endif /* NONET_NONET_H */
