package org.gantry.marketplace;

import java.util.List;
import java.util.Map;

/**
 * One page of search results, how many match in all, and the facet counts of all that match.
 * A search counts exactly only up to a bound: past it, {@code total} is that bound (or the end
 * of the page, if further) and {@code totalIsLowerBound} is true; so are the facet counts.
 */
public record MarketPage(List<MarketItem> items, long total, boolean totalIsLowerBound,
                         Map<String, Map<String, Long>> facets) {

    /** "1 item", "12 items", "200+ items". */
    public String totalText() {
        if (totalIsLowerBound) {
            return String.format("%,d+ items", total);
        }
        return total == 1 ? "1 item" : String.format("%,d items", total);
    }
}
