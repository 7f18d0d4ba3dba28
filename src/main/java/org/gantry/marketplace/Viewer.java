package org.gantry.marketplace;

/** Who is asking: their user id, name, and whether they are an administrator. */
record Viewer(long id, String username, boolean admin) {

    static final String VISIBLE = "(i.author_id = :uid or :admin or (i.published_version is not null"
            + " and (i.visibility = 'public' or (i.visibility = 'groups' and exists (select 1 from market_item_group g"
            + " join user_group ug on ug.group_id = g.group_id where g.item_id = i.id and ug.user_id = :uid)))))";
}
