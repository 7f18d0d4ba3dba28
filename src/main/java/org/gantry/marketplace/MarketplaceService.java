package org.gantry.marketplace;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gantry.security.CurrentUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.util.HtmlUtils;

/**
 * Marketplace items: create, revise (every change a new immutable version), review, star,
 * follow, and their history. Every read goes through {@link Viewer#VISIBLE}: private and group
 * items never reach anyone who may not see them. Only the author or an administrator edits.
 */
@Service
public class MarketplaceService {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0," + (ItemDraft.NAME_MAX - 1) + "}");
    /**
     * What {@link #item} reads: every column of the item but its search vector, which no caller
     * reads (about 600 bytes of lexemes and positions per row, printed by PostgreSQL and decoded
     * by the driver for nothing). From {@code market_item i} and {@link #ITEM_JOINS}.
     */
    static final String ITEM_COLUMNS = "i.id, i.name, i.display_name, i.type, i.author_id, i.visibility, i.status,"
            + " i.status_reason, i.summary, i.description, i.content, i.tags, i.categories, i.source, i.git_url,"
            + " i.git_ref, i.latest_version, i.published_version, i.star_number, i.use_number, i.download_number,"
            + " i.created_at, i.updated_at, u.username as author_name,"
            + " vs.item_id is not null as starred, vf.item_id is not null as following,"
            + " array(select ag.name from market_item_group g join app_group ag on ag.id = g.group_id"
            + " where g.item_id = i.id order by ag.name) as group_names";
    /**
     * The author, and the viewer's star and follow of the item (each at most one row: their keys
     * are the user and the item). Joins rather than {@code exists} sub-selects: with those,
     * PostgreSQL's plan cache priced its generic plan of a 10-row page above a plan made anew,
     * and planned the page's rows at every search as you type (0.4–0.5 ms each;
     * docs/decisions/0102-marketplace-search-without-per-row-probes.md).
     */
    static final String ITEM_JOINS = " join app_user u on u.id = i.author_id"
            + " left join market_star vs on vs.item_id = i.id and vs.user_id = :uid"
            + " left join market_follow vf on vf.item_id = i.id and vf.user_id = :uid";

    private final NamedParameterJdbcTemplate jdbc;
    private final CurrentUser currentUser;
    private final ItemFileStore files;
    private final Clock clock;

    MarketplaceService(NamedParameterJdbcTemplate jdbc, CurrentUser currentUser, ItemFileStore files, Clock clock) {
        this.jdbc = jdbc;
        this.currentUser = currentUser;
        this.files = files;
        this.clock = clock;
    }

    /** Creates an item typed in the portal. */
    @Transactional
    public MarketItem create(ItemDraft draft) {
        return create(draft, "portal", Optional.empty(), Optional.empty());
    }

    /** Creates an item, its first version and its history's first line. */
    @Transactional
    public MarketItem create(ItemDraft draft, String source, Optional<String> gitUrl, Optional<String> gitRef) {
        Viewer viewer = viewer();
        String name = draft.name().orElseThrow(() -> MarketplaceException.invalid("An item needs a name."));
        if (!NAME.matcher(name).matches()) {
            throw MarketplaceException.invalid("An item's name is 1 to " + ItemDraft.NAME_MAX
                    + " lower-case letters, digits and '-', starting with a letter or digit.");
        }
        ItemType type = draft.type().orElseThrow(() -> MarketplaceException.invalid(
                "An item needs a type: template, image, data, file, code, example or plugin."));
        Visibility visibility = draft.visibility().orElse(Visibility.PRIVATE);
        Fields fields = Fields.of(draft.displayName().orElse(name), draft.summary().orElse(""),
                draft.description().orElse(""), draft.content().orElse(""), draft.tags().orElse(List.of()),
                draft.changelog());
        if (jdbc.queryForObject("select count(*) from market_item where name = :name",
                new MapSqlParameterSource("name", name), Long.class) > 0) {
            throw new MarketplaceException(MarketplaceException.Kind.CONFLICT, "An item named " + name
                    + " already exists; choose another name.");
        }
        ReviewStatus status = statusOfNewVersion(viewer, visibility, draft.submit());
        var params = fields.params().addValue("name", name).addValue("type", type.json())
                .addValue("author", viewer.id()).addValue("visibility", visibility.json())
                .addValue("status", status.json()).addValue("source", source)
                .addValue("gitUrl", gitUrl.orElse(null)).addValue("gitRef", gitRef.orElse(null))
                .addValue("published", status == ReviewStatus.APPROVED ? 1 : null)
                .addValue("now", now());
        long id = jdbc.queryForObject("insert into market_item (name, display_name, type, author_id, visibility, status,"
                + " summary, description, content, tags, source, git_url, git_ref, latest_version, published_version,"
                + " created_at, updated_at) values (:name, :displayName, :type, :author, :visibility, :status, :summary,"
                + " :description, :content, string_to_array(:tags, E'\\n'), :source, :gitUrl, :gitRef, 1, :published,"
                + " :now, :now) returning id", params, Long.class);
        insertVersion(id, 1, fields, status, viewer);
        setGroups(id, visibility, draft.groups().orElse(List.of()));
        record(id, viewer, "create", "version 1, " + visibility.json() + ", " + status.json());
        return get(Long.toString(id));
    }

    /** Writes a new version with the changed fields; a public item's goes to review. */
    @Transactional
    public MarketItem update(String ref, ItemDraft draft) {
        Viewer viewer = viewer();
        MarketItem item = requireEditable(ref, viewer);
        MarketVersion latest = version(item.id(), item.latestVersion());
        if (draft.type().filter(t -> t != item.type()).isPresent() || draft.name().filter(n -> !n.equals(item.name()))
                .isPresent()) {
            throw MarketplaceException.invalid("An item's name and type never change; create a new item instead.");
        }
        Fields fields = Fields.of(draft.displayName().orElse(latest.displayName()),
                draft.summary().orElse(latest.summary()), draft.description().orElse(latest.description()),
                draft.content().orElse(latest.content()), draft.tags().orElse(latest.tags()), draft.changelog());
        if (fields.changelog().isBlank()) {
            throw MarketplaceException.invalid("A new version needs a changelog line saying what changed.");
        }
        Visibility visibility = draft.visibility().orElse(item.visibility());
        ReviewStatus status = statusOfNewVersion(viewer, visibility, draft.submit());
        int version = item.latestVersion() + 1;
        insertVersion(item.id(), version, fields, status, viewer);
        boolean stillPublic = item.visibility() == Visibility.PUBLIC && item.publishedVersion().isPresent();
        var params = fields.params().addValue("id", item.id()).addValue("v", version)
                .addValue("status", status.json()).addValue("visibility", visibility.json()).addValue("now", now());
        if (status == ReviewStatus.APPROVED) {
            jdbc.update("update market_item set display_name = :displayName, summary = :summary,"
                    + " description = :description, content = :content, tags = string_to_array(:tags, E'\\n'),"
                    + " visibility = :visibility, status = 'approved', status_reason = '', latest_version = :v,"
                    + " published_version = :v, updated_at = :now where id = :id", params);
        } else if (stillPublic) {
            // The approved version stays what others see until this one is approved.
            jdbc.update("update market_item set status = :status, status_reason = '', latest_version = :v,"
                    + " updated_at = :now where id = :id", params);
        } else {
            jdbc.update("update market_item set display_name = :displayName, summary = :summary,"
                    + " description = :description, content = :content, tags = string_to_array(:tags, E'\\n'),"
                    + " visibility = :visibility, status = :status, status_reason = '', latest_version = :v,"
                    + " published_version = null, updated_at = :now where id = :id", params);
        }
        draft.groups().ifPresent(groups -> setGroups(item.id(), visibility, groups));
        record(item.id(), viewer, "version", "version " + version + ": " + fields.changelog() + " (" + status.json()
                + ")");
        return get(Long.toString(item.id()));
    }

    /**
     * Review: administrators approve or reject the latest version (with a reason the author
     * sees) or take an item back to draft (unpublish); the author sends a draft or rejected
     * version to review ({@code pending}) or withdraws it ({@code draft}).
     */
    @Transactional
    public MarketItem setStatus(String ref, ReviewStatus status, String reason) {
        Viewer viewer = viewer();
        MarketItem item = requireEditable(ref, viewer);
        int v = item.latestVersion();
        var params = new MapSqlParameterSource("id", item.id()).addValue("v", v).addValue("status", status.json())
                .addValue("reason", reason == null ? "" : truncate(reason, 2048)).addValue("now", now());
        switch (status) {
            case APPROVED -> {
                requireAdmin(viewer, "approve");
                jdbc.update("update market_version set status = 'approved', status_reason = '' where item_id = :id"
                        + " and version = :v", params);
                jdbc.update("update market_item i set display_name = v.display_name, summary = v.summary,"
                        + " description = v.description, content = v.content, tags = v.tags, status = 'approved',"
                        + " status_reason = '', published_version = v.version, updated_at = :now"
                        + " from market_version v where i.id = :id and v.item_id = i.id and v.version = :v", params);
            }
            case REJECTED -> {
                requireAdmin(viewer, "reject");
                if (params.getValue("reason").toString().isBlank()) {
                    throw MarketplaceException.invalid("Say why the item is rejected: the author reads the reason.");
                }
                jdbc.update("update market_version set status = 'rejected', status_reason = :reason"
                        + " where item_id = :id and version = :v", params);
                jdbc.update("update market_item set status = 'rejected', status_reason = :reason, updated_at = :now"
                        + " where id = :id", params);
            }
            case PENDING, DRAFT -> {
                if (status == ReviewStatus.DRAFT && viewer.admin() && item.publishedVersion().isPresent()
                        && item.visibility() == Visibility.PUBLIC) {
                    jdbc.update("update market_item set published_version = null where id = :id", params);
                }
                if (item.visibility() != Visibility.PUBLIC && status == ReviewStatus.PENDING) {
                    throw MarketplaceException.invalid("Only public items are reviewed; private and group items are"
                            + " published as they are saved.");
                }
                jdbc.update("update market_version set status = :status, status_reason = ''"
                        + " where item_id = :id and version = :v", params);
                jdbc.update("update market_item set status = :status, status_reason = '', updated_at = :now"
                        + " where id = :id", params);
            }
        }
        record(item.id(), viewer, status.json(), "version " + v + (reason == null || reason.isBlank() ? ""
                : ": " + reason));
        return get(Long.toString(item.id()));
    }

    @Transactional
    public void delete(String ref) {
        Viewer viewer = viewer();
        MarketItem item = requireEditable(ref, viewer);
        jdbc.update("delete from market_item where id = :id", new MapSqlParameterSource("id", item.id()));
        try {
            files.deleteItem(item.id());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        audit.info("marketplace delete item={} name={} by={}", item.id(), item.name(), viewer.username());
    }

    /** The item if the caller may see it. {@code ref} is its id or its name. */
    @Transactional(readOnly = true)
    public Optional<MarketItem> find(String ref) {
        Viewer viewer = viewer();
        var params = viewerParams(viewer);
        String where = ref.chars().allMatch(Character::isDigit) && !ref.isEmpty() && ref.length() < 19
                ? "i.id = cast(:ref as bigint)" : "i.name = :ref";
        params.addValue("ref", ref);
        return jdbc.query("select " + ITEM_COLUMNS + " from market_item i" + ITEM_JOINS
                + " where " + where + " and " + Viewer.VISIBLE, params, MarketplaceService::item).stream().findFirst();
    }

    @Transactional(readOnly = true)
    public MarketItem get(String ref) {
        return find(ref).orElseThrow(() -> MarketplaceException.notFound(ref));
    }

    /** The versions the caller may see, newest first: all for the author and admins, published ones for others. */
    @Transactional(readOnly = true)
    public List<MarketVersion> versions(String ref) {
        Viewer viewer = viewer();
        MarketItem item = get(ref);
        boolean all = viewer.admin() || item.author().equals(viewer.username());
        return jdbc.query("select v.*, u.username as creator from market_version v left join app_user u"
                        + " on u.id = v.created_by where v.item_id = :id and (:all or (v.version <= :published"
                        + " and v.status = 'approved')) order by v.version desc",
                new MapSqlParameterSource("id", item.id()).addValue("all", all)
                        .addValue("published", item.publishedVersion().orElse(0)), MarketplaceService::version);
    }

    @Transactional(readOnly = true)
    public MarketVersion version(String ref, int version) {
        return versions(ref).stream().filter(v -> v.version() == version).findFirst()
                .orElseThrow(() -> new MarketplaceException(MarketplaceException.Kind.NOT_FOUND, "Version " + version
                        + " of marketplace item " + ref + " is not found."));
    }

    /** Stars or unstars; idempotent. */
    @Transactional
    public MarketItem setStarred(String ref, boolean starred) {
        Viewer viewer = viewer();
        MarketItem item = get(ref);
        var params = new MapSqlParameterSource("uid", viewer.id()).addValue("id", item.id()).addValue("now", now());
        int changed = starred
                ? jdbc.update("insert into market_star (user_id, item_id, created_at) values (:uid, :id, :now)"
                        + " on conflict do nothing", params)
                : jdbc.update("delete from market_star where user_id = :uid and item_id = :id", params);
        if (changed > 0) {
            jdbc.update("update market_item set star_number = star_number + " + (starred ? 1 : -1)
                    + " where id = :id", params);
        }
        return get(ref);
    }

    /** Follows (marking the versions published so far as seen) or stops following. */
    @Transactional
    public MarketItem setFollowing(String ref, boolean following) {
        Viewer viewer = viewer();
        MarketItem item = get(ref);
        var params = new MapSqlParameterSource("uid", viewer.id()).addValue("id", item.id()).addValue("now", now())
                .addValue("seen", item.publishedVersion().orElse(0));
        if (following) {
            jdbc.update("insert into market_follow (user_id, item_id, seen_version, created_at)"
                    + " values (:uid, :id, :seen, :now) on conflict (user_id, item_id) do update set seen_version = :seen",
                    params);
        } else {
            jdbc.update("delete from market_follow where user_id = :uid and item_id = :id", params);
        }
        return get(ref);
    }

    /** Followed items with a version published since the caller last marked them seen. */
    @Transactional(readOnly = true)
    public List<MarketItem> followedUpdates() {
        Viewer viewer = viewer();
        return jdbc.query("select " + ITEM_COLUMNS + " from market_item i" + ITEM_JOINS
                + " join market_follow f on f.item_id = i.id and f.user_id = :uid"
                + " where i.published_version > f.seen_version and " + Viewer.VISIBLE + " order by i.updated_at desc",
                viewerParams(viewer), MarketplaceService::item);
    }

    /** A follower has now seen the item's published version: it leaves their updates. No-op when not following. */
    @Transactional
    public void markSeen(String ref) {
        Viewer viewer = viewer();
        MarketItem item = get(ref);
        item.publishedVersion().ifPresent(v -> jdbc.update("update market_follow set seen_version = :v"
                + " where user_id = :uid and item_id = :id and seen_version < :v",
                new MapSqlParameterSource("uid", viewer.id()).addValue("id", item.id()).addValue("v", v)));
    }

    /** Admins: sets the item's categories ("official" among them). */
    @Transactional
    public MarketItem setCategories(String ref, List<String> categories) {
        Viewer viewer = viewer();
        requireAdmin(viewer, "categorize");
        MarketItem item = get(ref);
        List<String> known = categories();
        for (String c : categories) {
            if (!known.contains(c)) {
                throw MarketplaceException.invalid("There is no category " + c + "; an administrator creates it first.");
            }
        }
        jdbc.update("update market_item set categories = string_to_array(:c, E'\\n') where id = :id",
                new MapSqlParameterSource("c", String.join("\n", new LinkedHashSet<>(categories)))
                        .addValue("id", item.id()));
        record(item.id(), viewer, "categories", String.join(", ", categories));
        return get(ref);
    }

    @Transactional(readOnly = true)
    public List<String> categories() {
        return jdbc.queryForList("select name from market_category order by name = 'official' desc, name",
                new MapSqlParameterSource(), String.class);
    }

    @Transactional
    public void addCategory(String name) {
        requireAdmin(viewer(), "manage categories");
        if (name == null || !NAME.matcher(name).matches()) {
            throw MarketplaceException.invalid("A category is lower-case letters, digits and '-'.");
        }
        jdbc.update("insert into market_category (name) values (:n) on conflict do nothing",
                new MapSqlParameterSource("n", name));
    }

    @Transactional
    public void removeCategory(String name) {
        requireAdmin(viewer(), "manage categories");
        if (MarketItem.OFFICIAL.equals(name)) {
            throw MarketplaceException.invalid("The official category is built in and stays.");
        }
        var params = new MapSqlParameterSource("n", name);
        jdbc.update("update market_item set categories = array_remove(categories, :n) where :n = any(categories)",
                params);
        jdbc.update("delete from market_category where name = :n", params);
    }

    /** The item's history, newest first: its author and administrators only. */
    @Transactional(readOnly = true)
    public List<AuditEntry> history(String ref) {
        MarketItem item = requireEditable(ref, viewer());
        return jdbc.query("select actor, action, detail, at from market_audit where item_id = :id order by at desc, id desc",
                new MapSqlParameterSource("id", item.id()), (rs, n) -> new AuditEntry(rs.getString("actor"),
                        rs.getString("action"), rs.getString("detail"), rs.getTimestamp("at").toInstant()));
    }

    /** Admins: items whose latest version waits for review, each with its diff against the last approved one. */
    @Transactional(readOnly = true)
    public List<Review> reviewQueue() {
        Viewer viewer = viewer();
        requireAdmin(viewer, "review");
        List<MarketItem> pending = jdbc.query("select " + ITEM_COLUMNS + " from market_item i" + ITEM_JOINS
                + " where i.status = 'pending' order by i.updated_at", viewerParams(viewer),
                MarketplaceService::item);
        List<Review> reviews = new ArrayList<>();
        for (MarketItem item : pending) {
            MarketVersion latest = version(item.id(), item.latestVersion());
            Optional<MarketVersion> approved = jdbc.query("select v.*, u.username as creator from market_version v"
                    + " left join app_user u on u.id = v.created_by where v.item_id = :id and v.status = 'approved'"
                    + " order by v.version desc limit 1", new MapSqlParameterSource("id", item.id()),
                    MarketplaceService::version).stream().findFirst();
            String before = approved.map(LineDiff::text).orElse("");
            reviews.add(new Review(item, latest, approved.map(MarketVersion::version),
                    LineDiff.diff(before, LineDiff.text(latest))));
        }
        return reviews;
    }

    /** Counts one more use (a job from it) or download. */
    @Transactional
    public void countUse(long itemId) {
        jdbc.update("update market_item set use_number = use_number + 1 where id = :id",
                new MapSqlParameterSource("id", itemId));
    }

    @Transactional
    public void countDownload(long itemId) {
        jdbc.update("update market_item set download_number = download_number + 1 where id = :id",
                new MapSqlParameterSource("id", itemId));
    }

    /** The caller, as a viewer; fails when nobody is signed in. */
    Viewer viewer() {
        String username = currentUser.require();
        return jdbc.queryForObject("select u.id, array(select ug.group_id from user_group ug where ug.user_id = u.id)"
                + " as gids from app_user u where u.username = :u", new MapSqlParameterSource("u", username),
                (rs, n) -> new Viewer(rs.getLong("id"), username, currentUser.isAdmin(), longs(rs.getArray("gids"))));
    }

    MarketItem requireEditable(String ref, Viewer viewer) {
        MarketItem item = find(ref).orElseThrow(() -> MarketplaceException.notFound(ref));
        if (!viewer.admin() && !item.author().equals(viewer.username())) {
            throw MarketplaceException.forbidden("Only the author of " + item.name() + " or an administrator may change"
                    + " it.");
        }
        return item;
    }

    void record(long itemId, Viewer viewer, String action, String detail) {
        jdbc.update("insert into market_audit (item_id, actor, action, detail, at) values (:id, :actor, :action,"
                + " :detail, :now)", new MapSqlParameterSource("id", itemId).addValue("actor", viewer.username())
                .addValue("action", action).addValue("detail", truncate(detail, 2048)).addValue("now", now()));
        audit.info("marketplace {} item={} by={} {}", action, itemId, viewer.username(), detail);
    }

    static MapSqlParameterSource viewerParams(Viewer viewer) {
        return new MapSqlParameterSource("uid", viewer.id()).addValue("admin", viewer.admin())
                .addValue("gids", viewer.groupArray());
    }

    private MarketVersion version(long itemId, int version) {
        return jdbc.queryForObject("select v.*, u.username as creator from market_version v left join app_user u"
                + " on u.id = v.created_by where v.item_id = :id and v.version = :v",
                new MapSqlParameterSource("id", itemId).addValue("v", version), MarketplaceService::version);
    }

    private static ReviewStatus statusOfNewVersion(Viewer viewer, Visibility visibility, boolean submit) {
        if (visibility != Visibility.PUBLIC || viewer.admin()) {
            return ReviewStatus.APPROVED;
        }
        return submit ? ReviewStatus.PENDING : ReviewStatus.DRAFT;
    }

    private void insertVersion(long id, int version, Fields fields, ReviewStatus status, Viewer viewer) {
        jdbc.update("insert into market_version (item_id, version, display_name, summary, description, content, tags,"
                + " changelog, status, created_by, created_at) values (:id, :v, :displayName, :summary, :description,"
                + " :content, string_to_array(:tags, E'\\n'), :changelog, :status, :by, :now)",
                fields.params().addValue("id", id).addValue("v", version).addValue("status", status.json())
                        .addValue("by", viewer.id()).addValue("now", now()));
    }

    private void setGroups(long id, Visibility visibility, List<String> groups) {
        var params = new MapSqlParameterSource("id", id);
        jdbc.update("delete from market_item_group where item_id = :id", params);
        if (visibility != Visibility.GROUPS) {
            return;
        }
        if (groups.isEmpty()) {
            throw MarketplaceException.invalid("An item shared with groups names at least one group.");
        }
        for (String group : groups) {
            int added = jdbc.update("insert into market_item_group (item_id, group_id) select :id, g.id from app_group g"
                    + " where g.name = :g", params.addValue("g", group));
            if (added == 0) {
                throw MarketplaceException.invalid("There is no group " + group + ".");
            }
        }
    }

    private static void requireAdmin(Viewer viewer, String what) {
        if (!viewer.admin()) {
            throw MarketplaceException.forbidden("Only an administrator may " + what + " marketplace items.");
        }
    }

    private Timestamp now() {
        return Timestamp.from(clock.instant());
    }

    private static String truncate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }

    static MarketItem item(ResultSet rs, int row) throws SQLException {
        int published = rs.getInt("published_version");
        Optional<Integer> publishedVersion = rs.wasNull() ? Optional.empty() : Optional.of(published);
        String highlight = hasColumn(rs, "highlight") ? rs.getString("highlight") : null;
        return new MarketItem(rs.getLong("id"), rs.getString("name"), rs.getString("display_name"),
                ItemType.parse(rs.getString("type")).orElseThrow(), rs.getString("author_name"),
                Visibility.parse(rs.getString("visibility")).orElseThrow(),
                ReviewStatus.parse(rs.getString("status")).orElseThrow(), rs.getString("status_reason"),
                rs.getString("summary"), rs.getString("description"), rs.getString("content"),
                strings(rs.getArray("tags")), strings(rs.getArray("categories")), strings(rs.getArray("group_names")),
                rs.getString("source"), Optional.ofNullable(rs.getString("git_url")),
                Optional.ofNullable(rs.getString("git_ref")), rs.getInt("latest_version"), publishedVersion,
                rs.getInt("star_number"), rs.getInt("use_number"), rs.getInt("download_number"),
                rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant(),
                rs.getBoolean("starred"), rs.getBoolean("following"),
                Optional.ofNullable(highlight).map(MarketplaceService::markedHtml));
    }

    static MarketVersion version(ResultSet rs, int row) throws SQLException {
        return new MarketVersion(rs.getLong("item_id"), rs.getInt("version"), rs.getString("display_name"),
                rs.getString("summary"), rs.getString("description"), rs.getString("content"),
                strings(rs.getArray("tags")), rs.getString("changelog"),
                ReviewStatus.parse(rs.getString("status")).orElseThrow(), rs.getString("status_reason"),
                Optional.ofNullable(rs.getString("creator")).orElse(""), rs.getTimestamp("created_at").toInstant());
    }

    /**
     * A search's headline as HTML: ts_headline puts {@link #MATCH_START} and {@link #MATCH_END}
     * around each match in the raw user text (from which the search removed both characters
     * first); the text is escaped, and the marks become {@code <mark>} elements, always in pairs.
     */
    static String markedHtml(String headline) {
        return HtmlUtils.htmlEscape(headline, "UTF-8").replace(String.valueOf(MATCH_START), "<mark>")
                .replace(String.valueOf(MATCH_END), "</mark>");
    }

    /** Where ts_headline begins and ends a match: control characters, removed from the text beforehand. */
    static final char MATCH_START = '\u0002';
    static final char MATCH_END = '\u0003';

    private static boolean hasColumn(ResultSet rs, String name) throws SQLException {
        var meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            if (meta.getColumnLabel(i).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    private static List<Long> longs(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((Long[]) array.getArray());
    }

    /** A pending version, the version it replaces (if one was approved) and the diff between them. */
    public record Review(MarketItem item, MarketVersion pending, Optional<Integer> approvedVersion,
                         List<String> diff) {
    }

    /** One line of an item's history. */
    public record AuditEntry(String actor, String action, String detail, java.time.Instant at) {
    }

    /** A version's fields, checked. */
    private record Fields(String displayName, String summary, String description, String content, List<String> tags,
                          String changelog) {

        static Fields of(String displayName, String summary, String description, String content, List<String> tags,
                         String changelog) {
            check(displayName != null && !displayName.isBlank() && displayName.length() <= ItemDraft.DISPLAY_NAME_MAX,
                    "A display name is 1 to " + ItemDraft.DISPLAY_NAME_MAX + " characters.");
            check(summary.length() <= ItemDraft.SUMMARY_MAX, "A summary is at most " + ItemDraft.SUMMARY_MAX
                    + " characters.");
            check(description.length() <= ItemDraft.DESCRIPTION_MAX, "A description is at most "
                    + ItemDraft.DESCRIPTION_MAX + " characters.");
            check(content.length() <= ItemDraft.CONTENT_MAX, "An item's content is at most " + ItemDraft.CONTENT_MAX
                    + " characters.");
            String log = changelog == null ? "" : changelog.strip();
            check(log.length() <= ItemDraft.CHANGELOG_MAX && log.indexOf('\n') < 0, "A changelog is one line of at most "
                    + ItemDraft.CHANGELOG_MAX + " characters.");
            List<String> cleanTags = tags.stream().map(String::strip).filter(t -> !t.isEmpty()).distinct().toList();
            check(cleanTags.size() <= ItemDraft.TAGS_MAX, "An item has at most " + ItemDraft.TAGS_MAX + " tags.");
            for (String tag : cleanTags) {
                check(tag.length() <= ItemDraft.TAG_MAX && tag.chars().noneMatch(Character::isISOControl),
                        "A tag is 1 to " + ItemDraft.TAG_MAX + " characters without control characters.");
            }
            for (String text : List.of(displayName, summary, description, content)) {
                check(text.indexOf('\0') < 0, "Text may not contain NUL characters.");
            }
            return new Fields(displayName.strip(), summary, description, content, cleanTags, log);
        }

        MapSqlParameterSource params() {
            return new MapSqlParameterSource("displayName", displayName).addValue("summary", summary)
                    .addValue("description", description).addValue("content", content)
                    .addValue("tags", String.join("\n", tags)).addValue("changelog", changelog);
        }

        private static void check(boolean ok, String message) {
            if (!ok) {
                throw MarketplaceException.invalid(message);
            }
        }
    }
}
