package org.gantry.marketplace;

import java.util.List;
import java.util.Map;

/** One page of search results, how many match in all, and the facet counts of all that match. */
public record MarketPage(List<MarketItem> items, long total, Map<String, Map<String, Long>> facets) {
}
