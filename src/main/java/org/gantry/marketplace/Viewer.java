package org.gantry.marketplace;

import java.util.List;
import java.util.stream.Collectors;

/** Who is asking: their user id, name, whether they are an administrator, and their groups' ids. */
record Viewer(long id, String username, boolean admin, List<Long> groupIds) {

    /**
     * Whether the viewer may see item {@code i}. A group item's groups are on its row
     * ({@code market_item.group_ids}, kept equal to {@code market_item_group} by triggers, V0630)
     * and compared with the viewer's ({@code :gids}, read once per request): no probe per row.
     * Before, every group item a search walked cost two primary-key probes
     * (docs/decisions/0102-marketplace-search-without-per-row-probes.md).
     */
    static final String VISIBLE = "(i.author_id = :uid or :admin or (i.published_version is not null"
            + " and (i.visibility = 'public' or (i.visibility = 'groups'"
            + " and i.group_ids && cast(:gids as bigint[])))))";

    Viewer {
        groupIds = List.copyOf(groupIds);
    }

    /** The groups' ids as an SQL array literal, for {@code cast(:gids as bigint[])}. */
    String groupArray() {
        return groupIds.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
    }
}
