/* Solve and rate a puzzle with nonet's C API. */
#include <nonet/nonet.h>
#include <stdio.h>

int main(int argc, char** argv) {
  const char* puzzle = argc > 1 ? argv[1]
                                : "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
  char solution[1024]; /* N*N + 1 bytes: 82 for 9x9 */
  size_t required = 0;
  nonet_rating rating;
  if (nonet_solve(puzzle, NULL, NULL, solution, sizeof solution, &required, NULL) != NONET_OK ||
      nonet_rate(puzzle, NULL, NULL, "se", &rating) != NONET_OK) {
    fprintf(stderr, "%s\n", nonet_last_error()); /* <string>:1:81: wrong length: ... */
    return 1;
  }
  printf("%s ER %.1f %s (nonet %s)\n", solution, rating.er, rating.hardest, nonet_version());
  return 0;
}
