package org.gantry.marketplace;

import java.util.ArrayList;
import java.util.List;

/** A line diff (longest common subsequence) for reviewers: lines prefixed "- ", "+ " or "  ". */
public final class LineDiff {

    /** Texts longer than this in lines are compared as a whole, not line by line. */
    private static final int MAX_LINES = 4000;

    private LineDiff() {
    }

    public static List<String> diff(String before, String after) {
        String[] a = before.split("\n", -1);
        String[] b = after.split("\n", -1);
        if ((long) a.length * b.length > (long) MAX_LINES * MAX_LINES / 4) {
            List<String> whole = new ArrayList<>();
            for (String line : a) {
                whole.add("- " + line);
            }
            for (String line : b) {
                whole.add("+ " + line);
            }
            return whole;
        }
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (a[i].equals(b[j])) {
                out.add("  " + a[i++]);
                j++;
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.add("- " + a[i++]);
            } else {
                out.add("+ " + b[j++]);
            }
        }
        while (i < a.length) {
            out.add("- " + a[i++]);
        }
        while (j < b.length) {
            out.add("+ " + b[j++]);
        }
        return out;
    }

    /** A version as the text reviewers compare: its fields, then its content. */
    public static String text(MarketVersion v) {
        return "name: " + v.displayName() + "\nsummary: " + v.summary() + "\ntags: " + String.join(", ", v.tags())
                + "\n--- description\n" + v.description() + "\n--- content\n" + v.content();
    }
}
