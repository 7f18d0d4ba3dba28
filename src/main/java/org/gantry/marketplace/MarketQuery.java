package org.gantry.marketplace;

import java.util.Optional;

/**
 * A search of the marketplace. Empty fields do not filter. {@code q} is a web search
 * ({@code websearch_to_tsquery}); {@code prefix} true also matches its last word as the
 * start of a word, for results as you type; {@code highlight} true marks the matches in each
 * item's summary and description ({@code ts_headline}: two thirds of the PostgreSQL time of the
 * statement that reads the page's rows).
 */
public record MarketQuery(Optional<String> q, Optional<ItemType> type, Optional<String> tag,
                          Optional<String> category, Optional<String> author, boolean official, boolean starred,
                          boolean mine, Sort sort, int offset, int limit, boolean prefix,
                          Optional<Visibility> visibility, boolean highlight) {

    public static final int MAX_LIMIT = 200;
    public static final int Q_MAX = 256;

    public enum Sort { RELEVANCE, STARS, USE, NEWEST }

    public static MarketQuery all() {
        return new MarketQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), false, false, false, Sort.RELEVANCE, 0, 20, false, Optional.empty(), true);
    }

    public MarketQuery withQ(String text) {
        return new MarketQuery(Optional.ofNullable(text).filter(t -> !t.isBlank()), type, tag, category, author,
                official, starred, mine, sort, offset, limit, prefix, visibility, highlight);
    }

    public MarketQuery withPrefix(boolean asYouType) {
        return new MarketQuery(q, type, tag, category, author, official, starred, mine, sort, offset,
                limit, asYouType, visibility, highlight);
    }

    public MarketQuery withType(Optional<ItemType> t) {
        return new MarketQuery(q, t, tag, category, author, official, starred, mine, sort, offset,
                limit, prefix, visibility, highlight);
    }

    public MarketQuery withTag(Optional<String> t) {
        return new MarketQuery(q, type, t, category, author, official, starred, mine, sort, offset,
                limit, prefix, visibility, highlight);
    }

    public MarketQuery withCategory(Optional<String> c) {
        return new MarketQuery(q, type, tag, c, author, official, starred, mine, sort, offset,
                limit, prefix, visibility, highlight);
    }

    public MarketQuery withAuthor(Optional<String> a) {
        return new MarketQuery(q, type, tag, category, a, official, starred, mine, sort, offset,
                limit, prefix, visibility, highlight);
    }

    public MarketQuery withViews(boolean officialOnly, boolean starredOnly, boolean mineOnly) {
        return new MarketQuery(q, type, tag, category, author, officialOnly, starredOnly, mineOnly, sort, offset,
                limit, prefix, visibility, highlight);
    }

    public MarketQuery withSort(Sort s) {
        return new MarketQuery(q, type, tag, category, author, official, starred, mine, s, offset,
                limit, prefix, visibility, highlight);
    }

    /** Only items with this visibility: with {@code mine}, the "my public" and "my private" views. */
    public MarketQuery withVisibility(Optional<Visibility> v) {
        return new MarketQuery(q, type, tag, category, author, official, starred, mine, sort, offset, limit, prefix, v,
                highlight);
    }

    /** Whether the matches are marked in each item's summary and description (the view shows them; REST asks). */
    public MarketQuery withHighlight(boolean marked) {
        return new MarketQuery(q, type, tag, category, author, official, starred, mine, sort, offset, limit, prefix,
                visibility, marked);
    }

    public MarketQuery withPage(int from, int size) {
        return new MarketQuery(q, type, tag, category, author, official, starred, mine, sort, from,
                size, prefix, visibility, highlight);
    }
}
