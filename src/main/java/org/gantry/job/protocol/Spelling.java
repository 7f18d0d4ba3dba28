package org.gantry.job.protocol;

import java.util.Locale;
import java.util.Optional;

/** Finds the name a misspelled one most likely meant; the linter measures commands with it too. */
public final class Spelling {

    private Spelling() {
    }

    /**
     * The candidate closest to {@code word} by Damerau-Levenshtein distance (optimal string
     * alignment, case ignored), if close enough to be a slip: one edit for words of up to
     * four letters, two up to eight, three beyond. Ties go to the earlier candidate.
     */
    static Optional<String> closest(String word, Iterable<String> candidates) {
        String lower = word.toLowerCase(Locale.ROOT);
        int allowed = lower.length() <= 4 ? 1 : lower.length() <= 8 ? 2 : 3;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            if (Math.abs(candidate.length() - lower.length()) > allowed) {
                continue;
            }
            int distance = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (distance <= allowed && distance < bestDistance && !candidate.equals(word)) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions, swaps. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }
}
