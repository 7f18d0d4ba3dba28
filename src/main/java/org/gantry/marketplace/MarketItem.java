package org.gantry.marketplace;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An item as one viewer sees it: its published fields, counters, and the viewer's own star
 * and follow. {@code highlight} holds the search's marked-up excerpt when it came from a query.
 */
public record MarketItem(long id, String name, String displayName, ItemType type, String author,
                         Visibility visibility, ReviewStatus status, String statusReason, String summary,
                         String description, String content, List<String> tags, List<String> categories,
                         List<String> groups, String source, Optional<String> gitUrl, Optional<String> gitRef,
                         int latestVersion, Optional<Integer> publishedVersion, int starNumber, int useNumber,
                         int downloadNumber, Instant createdAt, Instant updatedAt, boolean starred,
                         boolean following, Optional<String> highlight) {

    public static final String OFFICIAL = "official";

    public boolean official() {
        return categories.contains(OFFICIAL);
    }
}
