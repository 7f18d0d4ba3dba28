package org.gantry.marketplace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.gantry.job.JobService;
import org.gantry.job.JobSummary;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.SecretRedaction;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Job templates in use: a job submitted from a template version (through the job feature's
 * own submission) records {@code marketplace: {item, version}}; a job saved as a template
 * becomes a private item; a job's page asks whether its template has a newer version.
 */
@Service
public class TemplateUse {

    private final NamedParameterJdbcTemplate jdbc;
    private final MarketplaceService items;
    private final JobService jobs;

    TemplateUse(NamedParameterJdbcTemplate jdbc, MarketplaceService items, JobService jobs) {
        this.jdbc = jdbc;
        this.items = items;
        this.jobs = jobs;
    }

    /**
     * The document of a template version with the given parameter values and job name: what
     * the job editor opens prefilled and what {@link #submit} sends.
     */
    @Transactional(readOnly = true)
    public Prefill prefill(String ref, Optional<Integer> version, Map<String, Object> parameters,
                           Optional<String> jobName) {
        MarketItem item = items.get(ref);
        if (item.type() != ItemType.TEMPLATE) {
            throw MarketplaceException.invalid("Item " + item.name() + " is a " + item.type().json()
                    + ", not a job template.");
        }
        int v = version.orElse(item.publishedVersion().orElse(item.latestVersion()));
        MarketVersion chosen = items.version(ref, v);
        Map<String, Object> doc = load(chosen.content());
        Object declared = doc.get("parameters");
        Map<String, Object> values = new LinkedHashMap<>();
        if (declared instanceof Map<?, ?> map) {
            map.forEach((k, val) -> values.put(String.valueOf(k), val));
        }
        for (var entry : parameters.entrySet()) {
            if (!values.containsKey(entry.getKey())) {
                throw MarketplaceException.invalid("Template " + item.name() + " has no parameter " + entry.getKey()
                        + "; it has: " + String.join(", ", values.keySet()) + ".");
            }
            values.put(entry.getKey(), entry.getValue());
        }
        if (!values.isEmpty()) {
            doc.put("parameters", values);
        }
        String base = String.valueOf(doc.getOrDefault("name", item.name()));
        doc.put("name", jobName.orElse(base + "-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36)));
        return new Prefill(item, v, dump(doc));
    }

    /** Submits a job from a template version as the caller; the job records the item and version. */
    @Transactional
    public JobSummary submit(String ref, Optional<Integer> version, Map<String, Object> parameters,
                             Optional<String> jobName) {
        Prefill prefill = prefill(ref, version, parameters, jobName);
        return submitPrefilled(prefill.item().id(), prefill.version(), prefill.yaml());
    }

    /** Submits a (possibly edited) document that started from a template version, and records where it came from. */
    @Transactional
    public JobSummary submitPrefilled(long itemId, int version, String yaml) {
        Viewer viewer = items.viewer();
        JobSummary job = jobs.submit(viewer.username(), yaml);
        record(itemId, version, job.username(), job.name());
        return job;
    }

    /** Records that an already submitted job came from a template version, and counts the use. */
    @Transactional
    public void record(long itemId, int version, String owner, String jobName) {
        int rows = jdbc.update("insert into market_job (job_id, item_id, version) select j.id, :item, :v from job j"
                + " join app_user u on u.id = j.owner_id where u.username = :owner and j.name = :name"
                + " on conflict (job_id) do nothing", new MapSqlParameterSource("item", itemId).addValue("v", version)
                .addValue("owner", owner).addValue("name", jobName));
        if (rows > 0) {
            items.countUse(itemId);
        }
    }

    /** Where a job came from, if from a template the caller may see, and the newest version others see. */
    @Transactional(readOnly = true)
    public Optional<Origin> origin(String owner, String jobName) {
        List<long[]> rows = jdbc.query("select m.item_id, m.version from market_job m join job j on j.id = m.job_id"
                + " join app_user u on u.id = j.owner_id where u.username = :owner and j.name = :name",
                new MapSqlParameterSource("owner", owner).addValue("name", jobName),
                (rs, n) -> new long[] {rs.getLong(1), rs.getLong(2)});
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        int version = (int) rows.get(0)[1];
        return items.find(Long.toString(rows.get(0)[0])).map(item -> {
            int newest = item.publishedVersion().orElse(version);
            List<String> diff = List.of();
            if (newest > version) {
                String before = items.versions(item.name()).stream().filter(v -> v.version() == version)
                        .findFirst().map(MarketVersion::content).orElse("");
                diff = LineDiff.diff(before, items.version(item.name(), newest).content());
            }
            return new Origin(item, version, newest, diff);
        });
    }

    /**
     * Saves the caller's own job as a new private template: its document as submitted, with
     * the secrets' values taken out (expressions stay references, never values); parameters stay.
     */
    @Transactional
    public MarketItem saveAsTemplate(String owner, String jobName, String itemName, String displayName,
                                     String summary) {
        Viewer viewer = items.viewer();
        if (!viewer.username().equals(owner)) {
            throw MarketplaceException.forbidden("Only the owner of job " + owner + "~" + jobName
                    + " may save it as a template.");
        }
        String config = jobs.config(owner, jobName);
        String yaml = new ProtocolParser().parse(config).spec()
                .map(spec -> SecretRedaction.forOthers(config, spec)).orElse(config);
        MarketItem item = items.create(ItemDraft.of(itemName, displayName, ItemType.TEMPLATE, summary, "",
                yaml, List.of(), Visibility.PRIVATE), "job", Optional.empty(), Optional.empty());
        items.record(item.id(), viewer, "from-job", "saved from job " + owner + "~" + jobName);
        return item;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String yaml) {
        Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        if (!(doc instanceof Map<?, ?>)) {
            throw MarketplaceException.invalid("The template's document is not a YAML mapping.");
        }
        return new LinkedHashMap<>((Map<String, Object>) doc);
    }

    private static String dump(Map<String, Object> doc) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setWidth(120);
        return new Yaml(new SafeConstructor(new LoaderOptions()), new Representer(options), options).dump(doc);
    }

    /** A template version's document, ready for the editor or for submission. */
    public record Prefill(MarketItem item, int version, String yaml) {
    }

    /** The template version a job came from, the newest published one, and the content diff if newer. */
    public record Origin(MarketItem item, int version, int newestVersion, List<String> diff) {

        public boolean newerExists() {
            return newestVersion > version;
        }
    }
}
