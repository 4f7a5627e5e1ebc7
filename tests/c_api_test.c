/* The C API from C (compiled as C99): every call on known answers. */
#define _POSIX_C_SOURCE 200809L
#include <nonet/nonet.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                     \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                        \
    }                                                                    \
  } while (0)

#define EXPECT_CONTAINS(text, part)                                                                 \
  do {                                                                                              \
    if (!strstr((text), (part))) {                                                                  \
      fprintf(stderr, "%s:%d: failed: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, (text), \
              (part));                                                                              \
      ++failures;                                                                                   \
    }                                                                                               \
  } while (0)

static const char* const kWikipedia =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char* const kCbg000 =
    "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
static const char* const kPointing =
    "..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....";

/* Every row, column and box (box_rows x box_columns) of an n x n grid of
 * digits 1-n holds each digit once. */
static int houses_hold_every_digit(const char* grid, int n, int box_rows, int box_columns) {
  if ((int)strlen(grid) != n * n) return 0;
  for (int i = 0; i < n * n; ++i)
    if (grid[i] < '1' || grid[i] > '0' + n) return 0;
  const int all = (1 << n) - 1, boxes_across = n / box_columns;
  for (int unit = 0; unit < n; ++unit) {
    int row = 0, column = 0, box = 0;
    for (int k = 0; k < n; ++k) {
      row |= 1 << (grid[unit * n + k] - '1');
      column |= 1 << (grid[k * n + unit] - '1');
      box |= 1 << (grid[(unit / boxes_across * box_rows + k / box_columns) * n + unit % boxes_across * box_columns +
                        k % box_columns] - '1');
    }
    if (row != all || column != all || box != all) return 0;
  }
  return 1;
}

/* A 9x9 grid of digits that keeps the givens and holds 1-9 once in every row,
 * column and box. */
static int solves(const char* puzzle, const char* grid) {
  if (!houses_hold_every_digit(grid, 9, 3, 3)) return 0;
  for (int i = 0; i < 81; ++i)
    if (puzzle[i] != '.' && puzzle[i] != grid[i]) return 0;
  return 1;
}

static void test_solve(void) {
  char out[128];
  size_t required = 0;
  int verdict = -1;
  EXPECT(nonet_solve(kWikipedia, NULL, NULL, out, sizeof out, &required, &verdict) == NONET_OK);
  EXPECT(required == 82);
  EXPECT(verdict == NONET_UNIQUE);
  EXPECT(solves(kWikipedia, out));
  EXPECT(strcmp(out, "534678912672195348198342567859761423426853791713924856961537284287419635345286179") == 0);
  EXPECT(strcmp(nonet_last_error(), "") == 0);

  /* A diagonal puzzle: the answer also holds 1-9 on both diagonals. */
  const char* diagonal = "..........7.2849......5..4..9..7........4............8..68......14..7.39....1....";
  EXPECT(nonet_solve(diagonal, "diagonal", NULL, out, sizeof out, NULL, &verdict) == NONET_OK);
  EXPECT(solves(diagonal, out));
  int main_diagonal = 0, anti_diagonal = 0;
  for (int i = 0; i < 9; ++i) {
    main_diagonal |= 1 << (out[i * 10] - '1');
    anti_diagonal |= 1 << (out[i * 8 + 8] - '1');
  }
  EXPECT(main_diagonal == 511 && anti_diagonal == 511);

  /* A jigsaw with its region map (examples/jigsaw.txt). */
  const char* regions = "111122333111222333112222663445555633444455666444555666777899999778889889777788899";
  EXPECT(nonet_solve("....6.....2.4389.........6..9.7.....8...9..7........2.........8413..2..7.........", "jigsaw",
                     regions, out, sizeof out, NULL, &verdict) == NONET_OK);
  EXPECT(strcmp(out, "945361782726438951182975364598724136861293475374516829237159648413682597659847213") == 0);
  EXPECT(verdict == NONET_UNIQUE);

  /* Several solutions: one of them, and the verdict says so. */
  char empty[82];
  memset(empty, '.', 81);
  empty[81] = '\0';
  EXPECT(nonet_solve(empty, NULL, NULL, out, sizeof out, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_MULTIPLE);
  EXPECT(solves(empty, out));
}

static void test_buffer_too_small(void) {
  char out[10];
  memset(out, 'x', sizeof out);
  size_t required = 0;
  EXPECT(nonet_solve(kWikipedia, NULL, NULL, out, sizeof out, &required, NULL) == NONET_EBUFFER);
  EXPECT(required == 82);
  EXPECT(out[0] == 'x'); /* left alone */
  EXPECT_CONTAINS(nonet_last_error(), "buffer too small: 82 bytes needed, 10 given");
  /* Asking for the size first. */
  required = 0;
  EXPECT(nonet_solve(kWikipedia, NULL, NULL, NULL, 0, &required, NULL) == NONET_EBUFFER);
  EXPECT(required == 82);
  char* exact = malloc(required);
  EXPECT(exact && nonet_solve(kWikipedia, NULL, NULL, exact, required, &required, NULL) == NONET_OK);
  EXPECT(exact && strlen(exact) == 81);
  free(exact);
}

static void test_count_and_check(void) {
  uint64_t count = 0;
  EXPECT(nonet_count("................", NULL, NULL, 1000, &count) == NONET_OK);
  EXPECT(count == 288);
  EXPECT(nonet_count(kWikipedia, NULL, NULL, 0, &count) == NONET_OK);
  EXPECT(count == 1);
  int verdict = -1;
  EXPECT(nonet_check(kWikipedia, NULL, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_UNIQUE);
  EXPECT(nonet_check("................", NULL, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_MULTIPLE);
}

static void test_errors(void) {
  char out[128];
  /* 80 cells: the reader's message, with line and column as the CLI gives it. */
  EXPECT(nonet_solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7", NULL, NULL,
                     out, sizeof out, NULL, NULL) == NONET_EMALFORMED);
  EXPECT_CONTAINS(nonet_last_error(), ":1:81: wrong length: 80 cells, expected 81 (9x9)");
  EXPECT(nonet_solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x", NULL, NULL,
                     out, sizeof out, NULL, NULL) == NONET_EMALFORMED);
  EXPECT_CONTAINS(nonet_last_error(), ":1:81: 'x' is not a digit of a 9x9 puzzle");
  int verdict;
  EXPECT(nonet_check("53..7..5.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", NULL, NULL,
                     &verdict) == NONET_EINVALID);
  EXPECT_CONTAINS(nonet_last_error(), ":1:8: digit 5 twice in row 1 (r1c1, r1c8)");
  EXPECT(nonet_solve(kWikipedia, "samurai", NULL, out, sizeof out, NULL, NULL) == NONET_EARGUMENT);
  EXPECT_CONTAINS(nonet_last_error(), "unknown variant 'samurai'");
  EXPECT(nonet_solve(kWikipedia, "jigsaw", NULL, out, sizeof out, NULL, NULL) == NONET_EARGUMENT);
  EXPECT(nonet_solve(NULL, NULL, NULL, out, sizeof out, NULL, NULL) == NONET_EARGUMENT);
  nonet_rating rating;
  EXPECT(nonet_rate(kWikipedia, NULL, NULL, "hodoku", &rating) == NONET_EARGUMENT);
  EXPECT(nonet_rate("................", NULL, NULL, NULL, &rating) == NONET_EMULTIPLE);
  /* A success clears the message. */
  EXPECT(nonet_check(kWikipedia, NULL, NULL, &verdict) == NONET_OK);
  EXPECT(strcmp(nonet_last_error(), "") == 0);
}

/* examples/killer.txt: a 6x6 killer in ISS text, its cages as sums over
 * cells (0-based, row * 6 + column). */
static const char* const kKiller =
    ".Shape~6x6.Cage~3~R6C5~R6C6.Cage~10~R5C3~R6C3~R6C4.Cage~14~R1C6~R2C6~R3C6~R4C6.Cage~7~R1C5~R2C5"
    ".Cage~5~R1C2~R1C3.Cage~10~R4C2~R4C3.Cage~15~R4C1~R5C1~R5C2~R6C1.Cage~14~R2C1~R2C2~R3C1~R3C2"
    ".Cage~12~R2C3~R3C3~R3C4.Cage~9~R5C5~R5C6.Cage~11~R3C5~R4C4~R4C5.Cage~5~R1C4~R2C4.Cage~4~R6C2"
    ".Cage~6~R5C4.Cage~1~R1C1";
static const int kKillerCages[][5] = {
    /* sum, then up to four cells (-1: none) */
    {3, 34, 35, -1, -1},  {10, 26, 32, 33, -1}, {14, 5, 11, 17, 23}, {7, 4, 10, -1, -1},   {5, 1, 2, -1, -1},
    {10, 19, 20, -1, -1}, {15, 18, 24, 25, 30}, {14, 6, 7, 12, 13},  {12, 8, 14, 15, -1},  {9, 28, 29, -1, -1},
    {11, 16, 21, 22, -1}, {5, 3, 9, -1, -1},    {4, 31, -1, -1, -1}, {6, 27, -1, -1, -1},  {1, 0, -1, -1, -1}};

/* The grid is a 6x6 sudoku (2x3 boxes) whose cages add up to their sums, no digit twice in a cage. */
static int solves_killer(const char* grid) {
  if (!houses_hold_every_digit(grid, 6, 2, 3)) return 0;
  for (size_t i = 0; i < sizeof kKillerCages / sizeof kKillerCages[0]; ++i) {
    int sum = 0, seen = 0;
    for (int k = 1; k < 5 && kKillerCages[i][k] >= 0; ++k) {
      const int digit = grid[kKillerCages[i][k]] - '0';
      if (seen & (1 << digit)) return 0;
      seen |= 1 << digit;
      sum += digit;
    }
    if (sum != kKillerCages[i][0]) return 0;
  }
  return 1;
}

/* Variant records: a killer is read, solved, counted and checked with its
 * cages, and rated, hinted and explained by the logic over them. */
static void test_killer(void) {
  char out[4096];
  int verdict = -1;
  EXPECT(nonet_solve(kKiller, NULL, NULL, out, sizeof out, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_UNIQUE);
  EXPECT(solves_killer(out));
  EXPECT(strcmp(out, "123456456123231564564231312645645312") == 0);
  /* The same cages in nonet's JSON. */
  EXPECT(nonet_solve("{\"puzzle\": \"....................................\", \"constraints\": ["
                     "{\"kind\": \"killer-cage\", \"cells\": [\"r1c1\"], \"value\": 1}]}",
                     NULL, NULL, out, sizeof out, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_MULTIPLE);
  EXPECT(out[0] == '1');
  uint64_t count = 0;
  EXPECT(nonet_count(kKiller, NULL, NULL, 10, &count) == NONET_OK);
  EXPECT(count == 1);
  EXPECT(nonet_check(kKiller, NULL, NULL, &verdict) == NONET_OK);
  EXPECT(verdict == NONET_UNIQUE);
  /* The logic reads the cages too. */
  nonet_rating rating;
  EXPECT(nonet_rate(kKiller, NULL, NULL, NULL, &rating) == NONET_OK);
  EXPECT(nonet_hint(kKiller, NULL, NULL, 3, 0, out, sizeof out, NULL) == NONET_OK);
  EXPECT_CONTAINS(out, "Hint: ");
  /* A killer's explanation runs past 4 KB: sized by the call itself. */
  nonet_options options;
  nonet_options_init(&options);
  size_t required = 0;
  EXPECT(nonet_explain(kKiller, &options, 0, NULL, 0, &required) == NONET_EBUFFER);
  char* explanation = malloc(required);
  EXPECT(explanation != NULL);
  if (!explanation) return;
  EXPECT(nonet_explain(kKiller, &options, 0, explanation, required, NULL) == NONET_OK);
  EXPECT_CONTAINS(explanation, "killer-cage");
  free(explanation);
}

static void test_rate(void) {
  nonet_rating rating;
  EXPECT(nonet_rate(kCbg000, NULL, NULL, "se", &rating) == NONET_OK);
  EXPECT(rating.er > 3.15 && rating.er < 3.25); /* the published ER 3.2 */
  EXPECT(rating.ep > 1.15 && rating.ep < 1.25);
  EXPECT(rating.solved == 1);
  EXPECT(strcmp(rating.hardest, "X-Wing") == 0);
  EXPECT(nonet_rate(kCbg000, NULL, NULL, "sukaku", &rating) == NONET_OK);
  EXPECT(rating.solved == 1);
}

static void test_hint(void) {
  char out[4096];
  EXPECT(nonet_hint(kPointing, NULL, NULL, 1, 0, out, sizeof out, NULL) == NONET_OK);
  EXPECT(strcmp(out, "Hint: Pointing in box 8, column 5\n") == 0);
  EXPECT(nonet_hint(kPointing, NULL, NULL, 3, 0, out, sizeof out, NULL) == NONET_OK);
  EXPECT(strcmp(out,
                "Hint: Pointing in box 8, column 5; look at r8c5,r9c5\n"
                "Pointing: 4 in box 8 only in column 5 \xe2\x86\x92 r2c5<>4, r3c5<>4 (2.6)\n") == 0);
  EXPECT(nonet_hint(kPointing, NULL, NULL, 2, 1, out, sizeof out, NULL) == NONET_OK);
  EXPECT(strcmp(out,
                "{\"status\":\"hint\",\"level\":2,\"text\":\"Hint: Pointing in box 8, column 5; look at r8c5,r9c5\","
                "\"technique\":\"Pointing\",\"houses\":[\"box 8\",\"column 5\"],\"cells\":[\"r8c5\",\"r9c5\"]}") == 0);
  EXPECT(nonet_hint(kPointing, NULL, NULL, 3, 1, out, sizeof out, NULL) == NONET_OK);
  EXPECT_CONTAINS(out, "\"cells\":[\"r8c5\",\"r9c5\"],\"step\":{");
  EXPECT_CONTAINS(out, "\"technique\":\"Pointing\"");
  /* A pencil-mark position (81 groups of 9 candidates): r1c1 may be anything,
   * every other cell has no candidate left, so no grid fits the marks. */
  char marks[730];
  memset(marks, '.', 729);
  marks[729] = '\0';
  memcpy(marks, "123456789", 9);
  EXPECT(nonet_hint(marks, NULL, NULL, 1, 0, out, sizeof out, NULL) == NONET_ENOSOLUTION);
  EXPECT_CONTAINS(nonet_last_error(), "no grid fits these entries and pencil marks");
  EXPECT(nonet_hint(kPointing, NULL, NULL, 4, 0, out, sizeof out, NULL) == NONET_EARGUMENT);
  EXPECT(nonet_hint("534678912672195348198342567859761423426853791713924856961537284287419635345286179", NULL, NULL, 1,
                    0, out, sizeof out, NULL) == NONET_ENOHINT);
}

/* Easter Monster: nested forcing chains (SE 11.9), seconds of logic. */
static const char* const kEasterMonster =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

static void test_several_solutions(void) {
  char out[4096];
  char empty[82];
  memset(empty, '.', 81);
  empty[81] = '\0';
  /* As documented: a hint needs one solution where logic can take no step. */
  EXPECT(nonet_hint(empty, NULL, NULL, 1, 0, out, sizeof out, NULL) == NONET_EMULTIPLE);
  EXPECT_CONTAINS(nonet_last_error(), "more than one solution");
  nonet_rating rating;
  EXPECT(nonet_rate(empty, NULL, NULL, NULL, &rating) == NONET_EMULTIPLE);
}

static void test_limits(void) {
  nonet_options options;
  nonet_options_init(&options);
  EXPECT(options.time_limit == 60 && options.max_nodes == 100000000u && options.max_rating == 0);
  nonet_rating rating;
  EXPECT(nonet_rate_with(kCbg000, &options, &rating) == NONET_OK);
  EXPECT(rating.er > 3.15 && rating.er < 3.25);
  /* Bounded: a hundredth of a second is not enough for Easter Monster. */
  options.time_limit = 0.01;
  EXPECT(nonet_rate_with(kEasterMonster, &options, &rating) == NONET_EGAVEUP);
  EXPECT_CONTAINS(nonet_last_error(), "time limit");
  char out[8192];
  EXPECT(nonet_explain(kEasterMonster, &options, 0, out, sizeof out, NULL) == NONET_EGAVEUP);
  /* A hint with no step in time offers a cell to reveal, its digit at level 3, as `nonet hint`
   * (a forum-hardest puzzle whose first step is a nested chain of seconds). */
  static const char* const kHardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.";
  options.time_limit = 0.2;
  EXPECT(nonet_hint_with(kHardest, &options, 1, 0, out, sizeof out, NULL) == NONET_EGAVEUP);
  EXPECT_CONTAINS(nonet_last_error(), "; a cell to reveal: r");
  EXPECT(nonet_hint_with(kHardest, &options, 3, 0, out, sizeof out, NULL) == NONET_EGAVEUP);
  EXPECT_CONTAINS(nonet_last_error(), "; revealed: r");
  options.time_limit = 0.0 / 0.0; /* NaN is refused, never taken as "no limit" */
  EXPECT(nonet_rate_with(kCbg000, &options, &rating) == NONET_EARGUMENT);
  options.time_limit = 60;
  options.scale = "richter";
  EXPECT(nonet_hint_with(kPointing, &options, 1, 0, out, sizeof out, NULL) == NONET_EARGUMENT);
  EXPECT(nonet_rate_with(kCbg000, NULL, &rating) == NONET_EARGUMENT);
}

static void test_explain(void) {
  nonet_options options;
  nonet_options_init(&options);
  static char out[1 << 16];
  size_t required = 0;
  EXPECT(nonet_explain(kCbg000, &options, 0, out, sizeof out, &required) == NONET_OK);
  EXPECT(required == strlen(out) + 1);
  EXPECT_CONTAINS(out, "1. Hidden single");
  EXPECT_CONTAINS(out, "X-Wing");
  EXPECT_CONTAINS(out, "Solved in ");
  EXPECT_CONTAINS(out, "123456789456789123798132564215374896637598241849621375372965418564817932981243657");
  EXPECT(nonet_explain(kCbg000, &options, 1, out, sizeof out, NULL) == NONET_OK);
  EXPECT(strncmp(out, "{\"status\":\"solved\",\"solved\":true,\"rating\":{\"er\":3.2,", 47) == 0);
  /* A ceiling below the X-Wing: logic stops there and says which step is next. */
  options.max_rating = 3.0;
  EXPECT(nonet_explain(kCbg000, &options, 1, out, sizeof out, NULL) == NONET_OK);
  EXPECT_CONTAINS(out, "\"status\":\"above-limit\"");
  EXPECT_CONTAINS(out, "\"stopped\":\"the next step needs X-Wing (3.2), above the limit 3.0\"");
  EXPECT(nonet_explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75", &options, 0,
                       out, sizeof out, NULL) == NONET_EINVALID);
}

static void test_candidates(void) {
  char out[1024];
  EXPECT(nonet_candidates(kWikipedia, NULL, NULL, out, sizeof out, NULL) == NONET_OK);
  EXPECT(strlen(out) == 729);
  EXPECT(strncmp(out, "....5....", 9) == 0);       /* r1c1 holds the given 5 */
  EXPECT(strncmp(out + 18, "12.4.....", 9) == 0);  /* r1c3: 1, 2 or 4 */
  /* The marks are a position nonet_hint reads. */
  char hint[256];
  EXPECT(nonet_hint(out, NULL, NULL, 1, 0, hint, sizeof hint, NULL) == NONET_OK);
  EXPECT(strcmp(hint, "Hint: Hidden single in box 2\n") == 0);
}

static const char* const kJigsawRegions =
    "111122333111222333112222663445555633444455666444555666777899999778889889777788899";

static void test_generate(void) {
  const char* regions = kJigsawRegions;
  nonet_generate_options options;
  nonet_generate_init(&options);
  options.seed = 7;
  char first[128], second[128], other[128];
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_OK);
  EXPECT(nonet_generate(&options, second, sizeof second, NULL) == NONET_OK);
  EXPECT(strcmp(first, second) == 0);
  EXPECT(strlen(first) == 81);
  int verdict = -1;
  EXPECT(nonet_check(first, NULL, NULL, &verdict) == NONET_OK && verdict == NONET_UNIQUE);
  options.seed = 8;
  EXPECT(nonet_generate(&options, other, sizeof other, NULL) == NONET_OK);
  EXPECT(strcmp(first, other) != 0);

  /* A level, a symmetry, another variant and size. */
  nonet_generate_init(&options);
  options.seed = 3;
  options.level = "easy";
  options.symmetry = "rot180";
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_OK);
  for (int i = 0; i < 81; ++i) EXPECT((first[i] == '.') == (first[80 - i] == '.'));
  nonet_rating rating;
  EXPECT(nonet_rate(first, NULL, NULL, NULL, &rating) == NONET_OK);
  EXPECT(rating.er >= 1.6 - 1e-9 && rating.er <= 2.5 + 1e-9); /* easy: SE 1.6-2.5 */

  nonet_generate_init(&options);
  options.seed = 5;
  options.min_rating = 2.6;
  options.max_rating = 3.4;
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_OK);
  EXPECT(nonet_rate(first, NULL, NULL, NULL, &rating) == NONET_OK);
  EXPECT(rating.er >= 2.6 - 1e-9 && rating.er <= 3.4 + 1e-9);

  nonet_generate_init(&options);
  options.variant = "diagonal";
  options.size = 6;
  options.seed = 1;
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_OK);
  EXPECT(strlen(first) == 36);
  EXPECT(nonet_check(first, "diagonal", NULL, &verdict) == NONET_OK && verdict == NONET_UNIQUE);

  /* A jigsaw: the size comes from the region map. */
  nonet_generate_init(&options);
  options.variant = "jigsaw";
  options.regions = regions;
  options.seed = 2;
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_OK);
  EXPECT(strlen(first) == 81);
  EXPECT(nonet_check(first, "jigsaw", regions, &verdict) == NONET_OK && verdict == NONET_UNIQUE);

  nonet_generate_init(&options);
  options.symmetry = "spiral";
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_EARGUMENT);
  nonet_generate_init(&options);
  options.level = "impossible";
  EXPECT(nonet_generate(&options, first, sizeof first, NULL) == NONET_EARGUMENT);
  nonet_generate_init(&options);
  EXPECT(nonet_generate(&options, first, 5, NULL) == NONET_EBUFFER);
}

/* Threads at once: each gets its own answers and its own last error. */
static void* worker(void* arg) {
  const int id = *(const int*)arg;
  int* ok = malloc(sizeof *ok);
  *ok = 1;
  for (int round = 0; round < 20; ++round) {
    char out[128];
    if (id % 2 == 0) {
      *ok &= nonet_solve(kWikipedia, NULL, NULL, out, sizeof out, NULL, NULL) == NONET_OK;
      *ok &= solves(kWikipedia, out);
      *ok &= strcmp(nonet_last_error(), "") == 0;
    } else {
      *ok &= nonet_solve("123", NULL, NULL, out, sizeof out, NULL, NULL) == NONET_EMALFORMED;
      *ok &= strstr(nonet_last_error(), "not a puzzle: 3 cells") != NULL;
    }
  }
  return ok;
}

static void test_threads(void) {
  pthread_t threads[4];
  int ids[4];
  for (int i = 0; i < 4; ++i) {
    ids[i] = i;
    EXPECT(pthread_create(&threads[i], NULL, worker, &ids[i]) == 0);
  }
  for (int i = 0; i < 4; ++i) {
    void* result = NULL;
    EXPECT(pthread_join(threads[i], &result) == 0);
    EXPECT(result && *(int*)result == 1);
    free(result);
  }
}

int main(void) {
  EXPECT(strcmp(nonet_version(), NONET_EXPECTED_VERSION) == 0);
  test_solve();
  test_buffer_too_small();
  test_count_and_check();
  test_killer();
  test_errors();
  test_rate();
  test_hint();
  test_several_solutions();
  test_limits();
  test_explain();
  test_candidates();
  test_generate();
  test_threads();
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("c_api_test: all passed (nonet %s)\n", nonet_version());
  return 0;
}
