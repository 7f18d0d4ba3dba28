package org.gantry.marketplace;

/** Who is asking: their user id, name, and whether they are an administrator. */
record Viewer(long id, String username, boolean admin) {

    /**
     * Whether the viewer may see item {@code i}. A group item's groups are tested per row
     * against the viewer's groups (two primary-key probes). The {@code offset 0} keeps PostgreSQL
     * from turning the {@code exists} into a hashed subplan, which read and hashed every group
     * item of the marketplace once per query (about 20 ms with 30,000 group items) however few
     * rows the query then looked at: docs/decisions/0056-marketplace-search-in-milliseconds.md.
     */
    static final String VISIBLE = "(i.author_id = :uid or :admin or (i.published_version is not null"
            + " and (i.visibility = 'public' or (i.visibility = 'groups' and exists (select 1 from market_item_group g"
            + " join user_group ug on ug.group_id = g.group_id where g.item_id = i.id and ug.user_id = :uid"
            + " offset 0)))))";
}
