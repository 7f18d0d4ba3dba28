package org.gantry.job;

import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * The SQL of one job list query: what a viewer may see, narrowed by a filter. Every value is
 * a bind parameter; only the fixed column expressions of {@link JobSort} are spliced in.
 */
final class JobListSql {

    static final String FROM = " from job j join app_user u on u.id = j.owner_id";

    static final String COLUMNS = "select j.id, u.username, j.name, j.virtual_cluster, j.state, j.submitted_at,"
            + " j.started_at, j.completed_at, j.retries, j.exit_code,"
            + " array(select t.tag from job_tag t where t.job_id = j.id order by t.tag) as tags,"
            + " exists(select 1 from job_star s where s.job_id = j.id and s.user_id = (select v.id from app_user v"
            + " where v.username = :viewer)) as starred";

    private final StringBuilder where = new StringBuilder(" where true");
    private final MapSqlParameterSource params = new MapSqlParameterSource();

    JobListSql(ViewerScope scope, JobFilter filter) {
        params.addValue("viewer", scope.username());
        restrictTo(scope);
        if (!filter.owner().isEmpty()) {
            // Through the owner's id, so that PostgreSQL walks job_owner_submitted.
            and("j.owner_id = (select o.id from app_user o where o.username = :owner)", "owner", filter.owner());
        }
        if (!filter.virtualCluster().isEmpty()) {
            and("j.virtual_cluster = :vc", "vc", filter.virtualCluster());
        }
        if (!filter.states().isEmpty()) {
            and("j.state in (:states)", "states", filter.states().stream().map(Enum::name).sorted().toList());
        }
        if (!filter.tag().isEmpty()) {
            and("exists(select 1 from job_tag t where t.job_id = j.id and t.tag = :tag)", "tag", filter.tag());
        }
        if (!filter.keyword().isEmpty()) {
            // Each alternative can use an index (trigram for the texts), so PostgreSQL can OR bitmaps.
            and("(j.name ilike :keyword escape '\\' or j.virtual_cluster ilike :keyword escape '\\'"
                    + " or j.owner_id = any(array(select o.id from app_user o where o.username ilike :keyword"
                    + " escape '\\')))", "keyword", "%" + escapeLike(filter.keyword()) + "%");
        }
        if (filter.starredOnly()) {
            and("j.id in (select s.job_id from job_star s join app_user v on v.id = s.user_id"
                    + " where v.username = :viewer)");
        }
    }

    private void restrictTo(ViewerScope scope) {
        switch (scope.visibility()) {
            case ALL -> {
            }
            case OWN -> and("u.username = :viewer");
            case VIRTUAL_CLUSTER -> {
                if (scope.virtualClusters().isEmpty()) {
                    and("u.username = :viewer");
                } else {
                    and("(u.username = :viewer or j.virtual_cluster in (:viewerClusters))", "viewerClusters",
                            List.copyOf(scope.virtualClusters()));
                }
            }
        }
    }

    JobListSql andIdIn(Set<Long> ids) {
        and("j.id in (:ids)", "ids", List.copyOf(ids));
        return this;
    }

    JobListSql andIs(String owner, String name) {
        and("u.username = :jobOwner and j.name = :jobName");
        params.addValue("jobOwner", owner).addValue("jobName", name);
        return this;
    }

    JobListSql andIdIs(long id) {
        and("j.id = :id", "id", id);
        return this;
    }

    String select(JobSort sort, boolean ascending) {
        String direction = ascending ? " asc" : " desc";
        // Ties in submission order (ids grow with it), in the same direction: one index per column serves both.
        return COLUMNS + FROM + where + " order by " + sort.sql + direction + ", j.id" + direction
                + " offset :offset limit :limit";
    }

    String selectAll() {
        return COLUMNS + FROM + where;
    }

    /** Counts at most {@code :cap} rows, so that a huge match costs no more than the cap. */
    String countAtMost() {
        return "select count(*) from (select 1" + FROM + where + " limit :cap) c";
    }

    /** Ids of matching jobs in no particular order, at most {@code :cap}. */
    String ids() {
        return "select j.id" + FROM + where + " limit :cap";
    }

    String exists() {
        return "select exists(select 1" + FROM + where + ")";
    }

    MapSqlParameterSource params() {
        return params;
    }

    private void and(String condition) {
        where.append(" and ").append(condition);
    }

    private void and(String condition, String name, Object value) {
        and(condition);
        params.addValue(name, value);
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
