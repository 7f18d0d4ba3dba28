package org.gantry.marketplace;

import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.postgresql.PGStatement;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.stereotype.Service;

/**
 * Searches the marketplace with PostgreSQL's full text: the stored, GIN-indexed
 * {@code market_item.search} vector (name > tags > summary > description), queried with
 * {@code websearch_to_tsquery}, ranked with {@code ts_rank}, matches marked by
 * {@code ts_headline}. As-you-type queries also match the last word as a prefix of a word or
 * of the display name. Only items the caller may see are ever counted or returned.
 *
 * <p>Every search reads a bounded number of rows, however many items match: it counts exactly
 * up to {@code gantry.marketplace.search.exact-up-to} (200 by default) and says when the total
 * is only a lower bound; relevance ranks the newest matches up to that bound (all of them when
 * fewer match); facets count the same candidates. Sorting by stars, use or age walks their
 * indexes and pages through every match. Why: docs/decisions/0046-bounded-marketplace-search.md.
 */
@Service
public class MarketSearch {

    /** Marks each match with characters removed from the text first ({@link MarketplaceService#markedHtml}). */
    private static final String HEADLINE_OPTIONS = "StartSel=" + MarketplaceService.MATCH_START + ", StopSel="
            + MarketplaceService.MATCH_END + ", MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=\" … \"";
    /** The two mark characters, as an SQL string. */
    private static final String MARKS = "'" + MarketplaceService.MATCH_START + MarketplaceService.MATCH_END + "'";
    private static final int FACET_SIZE = 20;
    /** A lexeme, the phrase operator, a distance, AND, or a parenthesis of a tsquery's text. */
    private static final Pattern TSQUERY_TOKEN = Pattern.compile("'([^']*)'|<->|<\\d+>|&|\\(|\\)");
    static final int DEFAULT_EXACT_UP_TO = 200;

    private final NamedParameterJdbcTemplate jdbc;
    private final NamedParameterJdbcTemplate planned;
    private final MarketplaceService items;
    private final int exactUpTo;

    MarketSearch(NamedParameterJdbcTemplate jdbc, MarketplaceService items,
                 @Value("${gantry.marketplace.search.exact-up-to:" + DEFAULT_EXACT_UP_TO + "}") int exactUpTo) {
        if (exactUpTo < 1) {
            throw new IllegalArgumentException("gantry.marketplace.search.exact-up-to must be at least 1");
        }
        this.jdbc = jdbc;
        this.planned = plannedPerExecution(jdbc);
        this.items = items;
        this.exactUpTo = exactUpTo;
    }

    /** One page of what matches, the total, and (when asked for) facet counts over all that match. */
    public MarketPage search(MarketQuery query, boolean withFacets) {
        if (query.offset() < 0 || query.limit() < 0 || query.limit() > MarketQuery.MAX_LIMIT) {
            throw MarketplaceException.invalid("offset must be ≥ 0 and limit between 0 and " + MarketQuery.MAX_LIMIT
                    + ".");
        }
        if (query.q().filter(q -> q.length() > MarketQuery.Q_MAX).isPresent()) {
            throw MarketplaceException.invalid("A search is at most " + MarketQuery.Q_MAX + " characters.");
        }
        Statements sql = statements(query, items.viewer(), exactUpTo, phrasePairs(query));
        if (sql.ranked()) {
            return ranked(query, sql, withFacets);
        }
        List<MarketItem> found = planned.query(sql.page(), sql.params(), MarketplaceService::item);
        long counted;
        if (query.offset() == 0 && query.limit() > 0 && found.size() < query.limit()) {
            counted = found.size(); // a short first page is all there is
        } else {
            counted = planned.queryForObject(sql.count(), sql.params(), Long.class);
        }
        boolean lowerBound = counted > exactUpTo;
        long total = lowerBound ? Math.max(exactUpTo, (long) query.offset() + found.size()) : counted;
        Map<String, Map<String, Long>> facets = withFacets ? facets(sql.candidates(), sql.params()) : Map.of();
        return new MarketPage(found, total, lowerBound, facets);
    }

    /**
     * Statements that run as the driver's unnamed statement, which PostgreSQL plans for the
     * values it is given each time. A statement the driver has prepared on the server (after a few
     * executions) may get a generic plan made without the words, which cannot tell a rare word
     * from one in every item and walks the wrong index for both: searches of 9 ms took seconds
     * (docs/decisions/0098-marketplace-search-plans-per-query.md). Only statements whose plan
     * depends on the words go through here; the page's rows by id keep their prepared plan.
     */
    private static NamedParameterJdbcTemplate plannedPerExecution(NamedParameterJdbcTemplate jdbc) {
        return new NamedParameterJdbcTemplate(jdbc.getJdbcTemplate()) {
            @Override
            protected PreparedStatementCreator getPreparedStatementCreator(String sql, SqlParameterSource params) {
                PreparedStatementCreator creator = super.getPreparedStatementCreator(sql, params);
                return connection -> {
                    PreparedStatement statement = creator.createPreparedStatement(connection);
                    statement.unwrap(PGStatement.class).setPrepareThreshold(0);
                    return statement;
                };
            }
        };
    }

    /**
     * A search ranked by relevance: the candidates' rank and the columns the facets count come
     * back together (at most bound + 1 rows, planned for the words), the page is chosen from them
     * here, and only the page's rows are read in full, with headlines, by id (a plan that does not
     * depend on the words). Before decision 0068 the facets walked the candidates a second time.
     */
    private MarketPage ranked(MarketQuery query, Statements sql, boolean withFacets) {
        List<Candidate> candidates = withFacets
                ? planned.query(sql.rankedCandidates(), sql.params(), (rs, n) -> new Candidate(rs.getLong("id"),
                        rs.getString("type"), MarketplaceService.strings(rs.getArray("categories")),
                        MarketplaceService.strings(rs.getArray("tags")), rs.getLong("author_id"),
                        rs.getInt("star_number"), rs.getFloat("rank")))
                : planned.query(sql.rankedOnly(), sql.params(), (rs, n) -> new Candidate(rs.getLong("id"), null,
                        List.of(), List.of(), 0, rs.getInt("star_number"), rs.getFloat("rank")));
        List<Long> pageIds = candidates.stream()
                .sorted(Comparator.comparingDouble(Candidate::rank).reversed()
                        .thenComparing(Comparator.comparingInt(Candidate::stars).reversed())
                        .thenComparing(Comparator.comparingLong(Candidate::id).reversed()))
                .skip(query.offset()).limit(query.limit()).map(Candidate::id).toList();
        Map<Long, MarketItem> rows = new HashMap<>();
        if (!pageIds.isEmpty()) {
            String ids = pageIds.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
            jdbc.query(sql.rows(), new MapSqlParameterSource(sql.params().getValues()).addValue("ids", ids), rs -> {
                MarketItem item = MarketplaceService.item(rs, 0);
                rows.put(item.id(), item);
            });
        }
        boolean lowerBound = candidates.size() > exactUpTo;
        long total = lowerBound ? Math.max(exactUpTo, (long) query.offset() + pageIds.size()) : candidates.size();
        return new MarketPage(pageIds.stream().map(rows::get).filter(Objects::nonNull).toList(), total, lowerBound,
                withFacets ? facets(candidates.subList(0, Math.min(candidates.size(), exactUpTo))) : Map.of());
    }

    /** A candidate of a ranked search: what ranks it and, when facets are asked for, what they count. */
    private record Candidate(long id, String type, List<String> categories, List<String> tags, long authorId,
                             int stars, float rank) {
    }

    /** The facet counts of the candidates, as {@link #facetSql} gives them: by count descending, then key. */
    private Map<String, Map<String, Long>> facets(List<Candidate> candidates) {
        Map<String, Long> types = new HashMap<>();
        Map<String, Long> categories = new HashMap<>();
        Map<String, Long> tags = new HashMap<>();
        Map<Long, Long> authors = new HashMap<>();
        for (Candidate c : candidates) {
            types.merge(c.type(), 1L, Long::sum);
            c.categories().forEach(x -> categories.merge(x, 1L, Long::sum));
            c.tags().forEach(x -> tags.merge(x, 1L, Long::sum));
            authors.merge(c.authorId(), 1L, Long::sum);
        }
        Map<String, Long> authorNames = new HashMap<>();
        if (!authors.isEmpty()) {
            jdbc.query("select id, username from app_user where id in (:ids)", new MapSqlParameterSource("ids",
                    authors.keySet()), rs -> {
                authorNames.put(rs.getString("username"), authors.get(rs.getLong("id")));
            });
        }
        Map<String, Map<String, Long>> facets = new LinkedHashMap<>();
        facets.put("type", topCounts(types, Integer.MAX_VALUE));
        facets.put("category", topCounts(categories, Integer.MAX_VALUE));
        facets.put("tag", topCounts(tags, FACET_SIZE));
        facets.put("author", topCounts(authorNames, FACET_SIZE));
        return facets;
    }

    private static Map<String, Long> topCounts(Map<String, Long> counts, int size) {
        Map<String, Long> top = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(size).forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }

    /**
     * A search's SQL: the page (when ranked, the ranked candidates, from which the page is chosen),
     * the count alone (capped), the bounded candidates with the columns facets count (id, type,
     * categories, tags, author_id), the ranked candidates (the same with star_number and rank), the
     * ranked candidates without the facets' columns (id, star_number, rank: two text arrays fewer
     * per candidate for PostgreSQL to print and the driver to parse), a page's rows by id
     * ({@code :ids}, with headlines), and their parameters.
     */
    record Statements(String page, String count, String candidates, String rankedCandidates, String rankedOnly,
                      String rows, boolean ranked, MapSqlParameterSource params) {
    }

    /** The statements {@link #search} runs, for {@code EXPLAIN} in the benchmark. */
    static Statements statements(MarketQuery query, Viewer viewer, int exactUpTo, Optional<String> pairs) {
        MapSqlParameterSource params = MarketplaceService.viewerParams(viewer);
        String where = where(query, params);
        // The items holding the phrase's pairs, through their GIN index, newest first: the items'
        // rows are then read in that order, the phrase and the rest of the query checked on each,
        // until the bound is reached. Rows past the bound are never read, however many hold the
        // pairs (decision 0068).
        String pairsSource = "";
        if (pairs.isPresent() && params.hasValue("q") && !params.hasValue("pq")) {
            params.addValue("pairs", pairs.get());
            // Items only their author may see are passed over here, without reading their rows (V0481).
            pairsSource = "(select p.item_id from market_item_pairs p where p.pairs @@ cast(:pairs as tsquery)"
                    + " and (p.owner_only is null or p.owner_only = :uid or :admin) order by p.item_id desc) pi join ";
        }
        boolean ranked = params.hasValue("q") && query.sort() == MarketQuery.Sort.RELEVANCE;
        params.addValue("offset", query.offset()).addValue("limit", query.limit()).addValue("cap", exactUpTo + 1)
                .addValue("bound", exactUpTo);
        String headline = params.hasValue("q") && query.highlight()
                ? "ts_headline('english', translate(i.summary || ' ' || left(i.description, 4000), " + MARKS + ", ''), "
                        + tsquery(params) + ", '" + HEADLINE_OPTIONS.replace("'", "''") + "')"
                : "null";
        // The author's name is needed only to filter by it: no join per match otherwise.
        String from = pairsSource + (pairsSource.isEmpty() ? "market_item i" : "market_item i on i.id = pi.item_id")
                + (query.author().isPresent() ? " join app_user u on u.id = i.author_id" : "");
        // The newest matches up to the bound: through the primary key when matches are many,
        // through the GIN index when they are few. Ranking and counting take one more, to know
        // whether there are more.
        String candidates = "select i.id, i.type, i.categories, i.tags, i.author_id from " + from + " where " + where
                + " order by i.id desc limit :bound";
        String count = "select count(*) from (select 1 from " + from + " where " + where + " limit :cap) c";
        String rank = "ts_rank('{0.1, 0.2, 0.4, 1.0}', i.search, " + tsquery(params) + ")";
        String ranking = "i.star_number, " + rank + " as rank from " + from + " where " + where
                + " order by i.id desc limit :cap";
        String rankedCandidates = "select i.id, i.type, i.categories, i.tags, i.author_id, " + ranking;
        String rankedOnly = "select i.id, " + ranking;
        // The page's rows by id; visibility is tested again, as the item may have changed since.
        String rows = "select " + MarketplaceService.ITEM_COLUMNS + ", " + headline + " as highlight"
                + " from market_item i" + MarketplaceService.ITEM_JOINS + " where i.id = any(cast(:ids as bigint[]))"
                + " and " + Viewer.VISIBLE;
        String page;
        if (ranked) {
            page = rankedCandidates; // the page is chosen from them in MarketSearch.ranked
        } else {
            String order = switch (query.sort()) {
                case STARS -> "i.star_number desc, i.id desc";
                case USE -> "i.use_number desc, i.id desc";
                case RELEVANCE, NEWEST -> "i.created_at desc, i.id desc";
            };
            // An index walk in the sort's order that stops at the page's end; counted apart, capped.
            page = "with page as (select i.id from " + from + " where " + where + " order by " + order
                    + " offset :offset limit :limit)"
                    + " select " + MarketplaceService.ITEM_COLUMNS + ", " + headline + " as highlight"
                    + " from page join market_item i on i.id = page.id" + MarketplaceService.ITEM_JOINS
                    + " order by " + order;
        }
        return new Statements(page, count, candidates, rankedCandidates, rankedOnly, rows, ranked, params);
    }

    /**
     * The facet counts of the candidates, in one statement: the candidates are read once
     * (materialized) and grouped four ways, instead of one full candidate search per facet.
     */
    private Map<String, Map<String, Long>> facets(String candidates, MapSqlParameterSource params) {
        Map<String, Map<String, Long>> facets = new LinkedHashMap<>();
        for (String facet : List.of("type", "category", "tag", "author")) {
            facets.put(facet, new LinkedHashMap<>());
        }
        planned.query(facetSql(candidates), params, rs -> {
            facets.get(rs.getString("f")).put(rs.getString("k"), rs.getLong("n"));
        });
        return facets;
    }

    /** Rows (facet, key, count), each facet's rows by count descending, then key. */
    static String facetSql(String candidates) {
        return "with c as materialized (" + candidates + ")"
                + " select * from ("
                + " (select 'type' as f, c.type as k, count(*) as n from c group by 2)"
                + " union all (select 'category', x, count(*) from c cross join unnest(c.categories) x group by 2)"
                + " union all (select 'tag', x, count(*) from c cross join unnest(c.tags) x group by 2"
                + " order by 3 desc, 2 limit " + FACET_SIZE + ")"
                + " union all (select 'author', u.username, count(*) from c join app_user u on u.id = c.author_id"
                + " group by 2 order by 3 desc, 2 limit " + FACET_SIZE + ")"
                + ") f order by f, n desc, k";
    }

    private static String where(MarketQuery query, MapSqlParameterSource params) {
        List<String> clauses = new ArrayList<>();
        clauses.add(Viewer.VISIBLE);
        query.q().map(String::strip).filter(q -> !q.isEmpty()).ifPresent(q -> {
            params.addValue("q", q);
            Optional<String> prefix = query.prefix() ? prefixQuery(q) : Optional.empty();
            if (prefix.isPresent()) {
                String pq = prefix.get();
                int cut = pq.lastIndexOf(" & ");
                params.addValue("pq", pq).addValue("like", likePrefix(q))
                        .addValue("pql", cut < 0 ? pq : pq.substring(cut + 3));
                if (cut >= 0) {
                    params.addValue("pqh", pq.substring(0, cut));
                }
                clauses.add("(i.search @@ " + tsquery(params) + " or i.display_lower like :like)");
            } else {
                clauses.add("i.search @@ websearch_to_tsquery('english', :q)");
            }
        });
        query.type().ifPresent(t -> {
            params.addValue("type", t.json());
            clauses.add("i.type = :type");
        });
        query.tag().ifPresent(t -> {
            params.addValue("tag", t);
            clauses.add("i.tags @> array[cast(:tag as text)]");
        });
        query.category().ifPresent(c -> {
            params.addValue("category", c);
            clauses.add("i.categories @> array[cast(:category as text)]");
        });
        if (query.official()) {
            clauses.add("i.categories @> array['" + MarketItem.OFFICIAL + "']");
        }
        query.author().ifPresent(a -> {
            params.addValue("author", a);
            clauses.add("u.username = :author");
        });
        if (query.starred()) {
            clauses.add("exists (select 1 from market_star s where s.item_id = i.id and s.user_id = :uid)");
        }
        query.visibility().ifPresent(v -> {
            params.addValue("visibility", v.json());
            clauses.add("i.visibility = :visibility");
        });
        if (query.mine()) {
            clauses.add("i.author_id = :uid");
        }
        return String.join(" and ", clauses);
    }

    /**
     * The query as a tsquery expression. As you type, the last word is a prefix both stemmed and
     * as typed: English stemming turns a partial word into another one ({@code zqczfny} into
     * {@code zqczfni}, which no longer begins {@code zqczfnyk}), while a whole word typed
     * ({@code studies}) only matches its stem ({@code studi}). The words before it are tested
     * once, ahead of both forms ({@code 'deep' & ('lea':* | 'lea':*)}): most items lack one of
     * them, and an OR of two whole queries tested them twice on every such item.
     */
    private static String tsquery(MapSqlParameterSource params) {
        if (!params.hasValue("pq")) {
            return "websearch_to_tsquery('english', :q)";
        }
        String last = "(to_tsquery('english', :pql) || to_tsquery('simple', :pql))";
        return params.hasValue("pqh") ? "(to_tsquery('english', :pqh) && " + last + ")" : last;
    }

    /**
     * For a query with a quoted phrase, the adjacent lexeme pairs every match must hold (see
     * {@link #pairQuery}); empty otherwise. One more round trip, for phrases only: PostgreSQL
     * stems the words.
     */
    private Optional<String> phrasePairs(MarketQuery query) {
        Optional<String> q = query.q().map(String::strip).filter(t -> !t.isEmpty() && t.indexOf('"') >= 0);
        if (q.isEmpty() || query.prefix()) {
            return Optional.empty();
        }
        String tsquery = jdbc.queryForObject("select cast(websearch_to_tsquery('english', :q) as text)",
                new MapSqlParameterSource("q", q.get()), String.class);
        return pairQuery(tsquery == null ? "" : tsquery);
    }

    /**
     * {@code 'tensorflow' <-> 'loader' & 'vision'} → {@code 'tensorflow loader'}: the pairs of
     * lexemes that a phrase puts next to each other, as a query on {@code market_item_pairs}
     * (migration V0420). Only for a query of AND and phrases: under OR or NOT a phrase need not
     * match, so any {@code |} or {@code !} gives none; so does a lexeme with a quote, backslash
     * or colon (escapes we do not reproduce). A match of the query always holds all the pairs,
     * so adding them never drops a match.
     */
    static Optional<String> pairQuery(String tsquery) {
        if (tsquery.isEmpty() || tsquery.matches("(?s).*[|!\\\\:].*") || tsquery.contains("''")) {
            return Optional.empty();
        }
        List<String> tokens = new ArrayList<>();
        Matcher m = TSQUERY_TOKEN.matcher(tsquery);
        while (m.find()) {
            tokens.add(m.group());
        }
        Set<String> pairs = new LinkedHashSet<>();
        for (int i = 0; i + 2 < tokens.size(); i++) {
            String a = tokens.get(i);
            String b = tokens.get(i + 2);
            if (a.startsWith("'") && tokens.get(i + 1).equals("<->") && b.startsWith("'")) {
                pairs.add("'" + a.substring(1, a.length() - 1) + " " + b.substring(1, b.length() - 1) + "'");
            }
        }
        return pairs.isEmpty() ? Optional.empty() : Optional.of(String.join(" & ", pairs));
    }

    /** {@code deep lea} → {@code deep & lea:*}: every word, the last one as a prefix. */
    static Optional<String> prefixQuery(String q) {
        List<String> words = new ArrayList<>();
        for (String word : q.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        if (words.isEmpty()) {
            return Optional.empty();
        }
        int last = words.size() - 1;
        words.set(last, words.get(last) + ":*");
        return Optional.of(String.join(" & ", words));
    }

    private static String likePrefix(String q) {
        return q.toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
