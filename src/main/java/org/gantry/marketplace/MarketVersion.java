package org.gantry.marketplace;

import java.time.Instant;
import java.util.List;

/** One immutable version of an item; only its review status changes after it is written. */
public record MarketVersion(long itemId, int version, String displayName, String summary, String description,
                            String content, List<String> tags, String changelog, ReviewStatus status,
                            String statusReason, String createdBy, Instant createdAt) {
}
