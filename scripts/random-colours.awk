# A random exact-cover problem with coloured secondary items, in Knuth's format (colours are one
# letter, as DLX6 wants). Variables: seed, np (primary items), ns (secondary items), no (random
# options). Four planted solutions (the primary items cut into random groups of 1 to 3, each group's
# secondary items all of one colour per solution) guarantee solutions; the other options are random.
# Used by scripts/counting-report.sh and scripts/startup-vs-dlx6.sh:
#   awk -v seed=1 -v np=16 -v ns=6 -v no=40 -f scripts/random-colours.awk
BEGIN {
  srand(seed);
  printf "| random colour problem, seed %d\n", seed;
  for (i = 0; i < np; i++) printf "p%d ", i;
  printf "|";
  for (i = 0; i < ns; i++) printf " s%d", i;
  printf "\n";
  for (k = 0; k < 4; k++) {
    for (i = 0; i < np; i++) perm[i] = i;
    for (i = np - 1; i > 0; i--) { j = int(rand() * (i + 1)); t = perm[i]; perm[i] = perm[j]; perm[j] = t }
    colour = substr("abc", 1 + k % 3, 1);
    for (i = 0; i < np; ) {
      size = 1 + int(rand() * 3); line = "";
      for (j = 0; j < size && i < np; j++) line = line " p" perm[i++];
      for (j = 0; j < ns; j++) if (rand() < 0.3) line = line " s" j ":" colour;
      print substr(line, 2);
    }
  }
  for (o = 0; o < no; o++) {
    line = ""; any = 0;
    for (i = 0; i < np; i++) if (rand() < 0.25) { line = line " p" i; any = 1 }
    if (!any) line = " p" int(rand() * np);
    for (i = 0; i < ns; i++) {
      r = rand();
      if (r < 0.15) line = line " s" i;
      else if (r < 0.45) line = line " s" i ":" substr("abc", 1 + int(rand() * 3), 1);
    }
    print substr(line, 2);
  }
}
