package org.gantry.usage;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.gantry.security.CurrentUser;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Behaviour analysis of one user's recent jobs (the last {@link #WINDOW}, at most
 * {@link #MAX_JOBS} of them): how many jobs used each tool and image, and the recommendations
 * that follow. Users see their own; administrators anyone's.
 */
@Service
public class BehaviourService {

    public static final Duration WINDOW = Duration.ofDays(30);
    public static final int MAX_JOBS = 2_000;
    /** A habit is worth advice once it shows in this many jobs. */
    static final int HABIT = 3;

    /** Counts of jobs per tool and per image, over {@code jobs} jobs. */
    public record Profile(long jobs, Map<Behaviour.Tool, Long> tools, Map<String, Long> images,
                          Map<String, Long> frameworks, List<Recommendation> recommendations) {
    }

    private final JdbcTemplate jdbc;
    private final CurrentUser currentUser;
    private final Clock clock;

    BehaviourService(JdbcTemplate jdbc, CurrentUser currentUser, Clock clock) {
        this.jdbc = jdbc;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public Profile profile(String username) {
        currentUser.checkIsSelfOrAdmin(username);
        Instant now = clock.instant();
        return profile(username, now.minus(WINDOW), now);
    }

    /**
     * The profile of {@code username}'s jobs submitted in {@code [from, to)} (at most
     * {@link #MAX_JOBS}, newest first), with the advice from their habits and from diagnoses
     * that repeat. Callers check who is asking.
     */
    Profile profile(String username, Instant from, Instant to) {
        List<String> documents = jdbc.queryForList("select j.resolved_text from job j join app_user u on u.id = j.owner_id"
                + " where u.username = ? and j.submitted_at >= ? and j.submitted_at < ?"
                + " order by j.submitted_at desc limit ?", String.class,
                username, Timestamp.from(from), Timestamp.from(to), MAX_JOBS);
        Profile habits = profile(documents);
        List<Recommendation> advice = new ArrayList<>(habits.recommendations());
        advice.addAll(recommend(diagnoses(username, from, to, 10)));
        return new Profile(habits.jobs(), habits.tools(), habits.images(), habits.frameworks(), List.copyOf(advice));
    }

    /** How many of a user's jobs got one diagnosis, with the catalogue's solution and link as stored with it. */
    public record DiagnosisCount(String phrase, long jobs, String solution, String link) {
    }

    /**
     * The diagnoses of {@code username}'s failed jobs submitted in {@code [from, to)}, most
     * frequent first (then by phrase), at most {@code limit}. Callers check who is asking.
     */
    List<DiagnosisCount> diagnoses(String username, Instant from, Instant to, int limit) {
        return jdbc.query("select d.phrase, count(distinct d.job_id) as jobs,"
                + " max(d.body::jsonb ->> 'solution') as solution, max(d.body::jsonb ->> 'link') as link"
                + " from job_diagnosis d join job j on j.id = d.job_id join app_user u on u.id = j.owner_id"
                + " where u.username = ? and j.submitted_at >= ? and j.submitted_at < ?"
                + " and coalesce((d.body::jsonb ->> 'failure')::boolean, true)"
                + " group by d.phrase order by jobs desc, d.phrase limit ?",
                (rs, i) -> new DiagnosisCount(rs.getString("phrase"), rs.getLong("jobs"),
                        rs.getString("solution") == null ? "" : rs.getString("solution"),
                        rs.getString("link") == null ? "" : rs.getString("link")),
                username, Timestamp.from(from), Timestamp.from(to), limit);
    }

    /** Many failed jobs with the same diagnosis: its solution, and its docs or marketplace link. */
    static List<Recommendation> recommend(List<DiagnosisCount> diagnoses) {
        List<Recommendation> advice = new ArrayList<>();
        for (DiagnosisCount d : diagnoses) {
            if (d.jobs() < HABIT) {
                continue;
            }
            String then = Recommendation.safe(d.link()).map(link -> " Read how to avoid it: " + link + ".")
                    .orElse(" Open one of them for the full diagnosis.");
            advice.add(new Recommendation("diagnosis:" + d.phrase(), "Fix what keeps failing: " + d.phrase(),
                    d.jobs() + " of your jobs failed with the same diagnosis, " + d.phrase() + "."
                            + (d.solution().isBlank() ? "" : " " + d.solution().strip()) + then, d.jobs(),
                    Recommendation.safe(d.link()).orElse("")));
        }
        return advice;
    }

    /** Whose jobs a profile covers: a group's members' or a virtual cluster's. */
    public enum Scope { EVERYONE, GROUP, VIRTUAL_CLUSTER }

    /**
     * The profile of everyone's, a group's members' or a virtual cluster's jobs in the last
     * {@link #WINDOW} (at most {@link #MAX_JOBS}, newest first); administrators only.
     */
    @Transactional(readOnly = true)
    public Profile profile(Scope scope, String name) {
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators see the behaviour of a group or virtual cluster");
        }
        Instant since = clock.instant().minus(WINDOW);
        String where = switch (scope) {
            case GROUP -> "j.owner_id in (select ug.user_id from user_group ug join app_group g on g.id = ug.group_id"
                    + " where g.name = ?)";
            case VIRTUAL_CLUSTER -> "j.virtual_cluster = ?";
            case EVERYONE -> "? = ?";
        };
        Object[] args = scope == Scope.EVERYONE ? new Object[] {1, 1, Timestamp.from(since), MAX_JOBS}
                : new Object[] {name, Timestamp.from(since), MAX_JOBS};
        return profile(jdbc.queryForList("select j.resolved_text from job j where " + where
                + " and j.submitted_at >= ? order by j.submitted_at desc limit ?", String.class, args));
    }

    /**
     * Jobs per week (UTC, from Monday) that used each tool, over {@code weeks} weeks up to now,
     * of everyone or one group or virtual cluster; administrators only. Weeks without jobs are
     * left out.
     */
    @Transactional(readOnly = true)
    public Map<LocalDate, Map<Behaviour.Tool, Long>> toolsPerWeek(int weeks, Scope scope, String name) {
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators see behaviour over time");
        }
        Instant since = clock.instant().minus(Duration.ofDays(7L * weeks));
        Optional<Scope> narrowed = Optional.of(scope).filter(s -> s != Scope.EVERYONE);
        String where = narrowed.map(s -> s == Scope.GROUP
                ? " and j.owner_id in (select ug.user_id from user_group ug join app_group g on g.id = ug.group_id"
                        + " where g.name = ?)"
                : " and j.virtual_cluster = ?").orElse("");
        List<Object> args = new ArrayList<>();
        narrowed.ifPresent(s -> args.add(name));
        args.add(Timestamp.from(since));
        args.add(MAX_JOBS * 5);
        Map<LocalDate, Map<Behaviour.Tool, Long>> weeksSeen = new java.util.TreeMap<>();
        jdbc.query("select j.submitted_at, j.resolved_text from job j where true" + where
                + " and j.submitted_at >= ? order by j.submitted_at desc limit ?", rs -> {
            LocalDate day = rs.getTimestamp(1).toInstant().atZone(ZoneOffset.UTC).toLocalDate();
            LocalDate monday = day.minusDays(day.getDayOfWeek().getValue() - 1L);
            Map<Behaviour.Tool, Long> counts = weeksSeen.computeIfAbsent(monday,
                    m -> new EnumMap<>(Behaviour.Tool.class));
            Behaviour.of(rs.getString(2)).tools().forEach(t -> counts.merge(t, 1L, Long::sum));
        }, args.toArray());
        return weeksSeen;
    }

    /** The groups' names, for choosing whose behaviour to show. */
    @Transactional(readOnly = true)
    public List<String> groups() {
        return jdbc.queryForList("select name from app_group order by name", String.class);
    }

    static Profile profile(List<String> documents) {
        Map<Behaviour.Tool, Long> tools = new EnumMap<>(Behaviour.Tool.class);
        Map<String, Long> images = new LinkedHashMap<>();
        Map<String, Long> frameworks = new LinkedHashMap<>();
        for (String text : documents) {
            Behaviour b = Behaviour.of(text);
            b.tools().forEach(t -> tools.merge(t, 1L, Long::sum));
            b.images().forEach(i -> images.merge(i, 1L, Long::sum));
            b.frameworks().forEach(f -> frameworks.merge(f, 1L, Long::sum));
        }
        return new Profile(documents.size(), tools, top(images), top(frameworks), recommend(tools));
    }

    static List<Recommendation> recommend(Map<Behaviour.Tool, Long> tools) {
        List<Recommendation> advice = new ArrayList<>();
        long pip = tools.getOrDefault(Behaviour.Tool.PIP_INSTALL, 0L);
        if (pip >= HABIT) {
            advice.add(new Recommendation("pip-install-in-commands", "Let deps.pip install your packages",
                    pip + " of your jobs run pip install in their commands. List the packages under deps.pip instead:"
                            + " Gantry caches the environment, so later jobs skip the install.", pip));
        }
        long hdfs = tools.getOrDefault(Behaviour.Tool.HDFS, 0L);
        if (hdfs >= HABIT) {
            advice.add(new Recommendation("hdfs-copy", "Mount a storage instead of copying from HDFS",
                    hdfs + " of your jobs copy data with hdfs dfs. A storage of your group is mounted into every task;"
                            + " reading it there saves the copy.", hdfs));
        }
        long downloads = tools.getOrDefault(Behaviour.Tool.WGET, 0L) + tools.getOrDefault(Behaviour.Tool.CURL, 0L);
        if (downloads >= HABIT) {
            advice.add(new Recommendation("downloads", "Keep downloaded data in a storage",
                    "Your jobs downloaded with wget or curl " + downloads + " times. Download once into a storage and"
                            + " read it from there.", downloads));
        }
        long git = tools.getOrDefault(Behaviour.Tool.GIT, 0L);
        if (git >= HABIT) {
            advice.add(new Recommendation("git-clone", "Pin the code you clone",
                    git + " of your jobs clone or pull with git. Check out a tag or commit so that a rerun runs the"
                            + " same code.", git));
        }
        return advice;
    }

    private static Map<String, Long> top(Map<String, Long> counts) {
        Map<String, Long> top = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey())).limit(10).forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }
}
