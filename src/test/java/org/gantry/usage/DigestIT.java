package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.gantry.security.CurrentUser;
import org.gantry.security.Role;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/** The monthly digest and its Atom feed on generated history, with a fixed clock. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DigestIT {

    private static final Instant JUNE = Instant.parse("2025-06-10T08:00:00Z");
    private static final Instant JULY = Instant.parse("2025-07-14T08:00:00Z");
    private static final Clock AUGUST = Clock.fixed(Instant.parse("2025-08-15T12:00:00Z"), ZoneOffset.UTC);
    private static final String PIP = "protocolVersion: 2\nname: fit\ntaskRoles:\n  main:\n    commands:\n"
            + "      - pip install torch\n      - python fit.py\n";

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    UsageService usage;
    @Autowired
    BillingService billing;
    @Autowired
    BehaviourService behaviour;

    @Test
    void a_month_of_jobs_gives_exact_figures_diagnoses_and_advice_and_the_feed_is_atom() throws Exception {
        UsageRows rows = new UsageRows(jdbc);
        String dora = rows.user("dora");
        String vc = pricedCluster();
        // June: one job, 2 cpu for an hour
        long june = rows.job(dora, "prep", vc, JUNE);
        rows.attempt(june, 1, "SUCCEEDED", 0, 2, 1_024, 0, JUNE.plusSeconds(60), JUNE.plusSeconds(3_660));
        // July: three jobs fail with the same diagnosis after 30 minutes on 1 cpu and 1 gpu; one succeeds in an hour
        for (int i = 0; i < 3; i++) {
            long failed = rows.job(dora, "fit-" + i, vc, JULY.plusSeconds(i * 7_200L));
            jdbc.update("update job set resolved_text = ?, state = 'FAILED' where id = ?", PIP, failed);
            rows.attempt(failed, 1, "FAILED", 1, 1, 1_024, 1, JULY.plusSeconds(i * 7_200L + 60),
                    JULY.plusSeconds(i * 7_200L + 60 + 1_800));
            diagnosis(failed, "ModuleNotFound & <friends>", "Add the module under deps.pip.",
                    "/marketplace/items/module-fix");
        }
        long fine = rows.job(dora, "fit-ok", vc, JULY.plusSeconds(30_000));
        rows.attempt(fine, 1, "SUCCEEDED", 0, 1, 1_024, 0, JULY.plusSeconds(30_060), JULY.plusSeconds(33_660));
        // August is not complete yet: not in the digest
        long now = rows.job(dora, "now", vc, AUGUST.instant().minusSeconds(7_200));
        rows.attempt(now, 1, "SUCCEEDED", 0, 8, 1_024, 0, AUGUST.instant().minusSeconds(7_000),
                AUGUST.instant().minusSeconds(3_400));

        List<DigestService.Month> months = TestSecurity.as(dora, Role.USER, () ->
                new DigestService(usage, billing, behaviour, new CurrentUser(), AUGUST).mine());

        assertThat(months).extracting(DigestService.Month::month)
                .containsExactly(YearMonth.of(2025, 7), YearMonth.of(2025, 6));
        DigestService.Month july = months.get(0);
        assertThat(july.jobs()).isEqualTo(4);
        assertThat(july.attempts()).isEqualTo(4);
        assertThat(july.succeeded()).isEqualTo(1);
        assertThat(july.successPercent()).isEqualTo(25);
        assertThat(july.cpuSeconds()).isEqualTo(3 * 1_800 + 3_600);
        assertThat(july.gpuSeconds()).isEqualTo(3 * 1_800);
        // per failed attempt: half an hour of (1 cpu × 100 + 1 gpu × 2,000) = 1,050; the hour of 1 cpu = 100
        assertThat(july.chargeMinor()).isEqualTo(3 * 1_050 + 100);
        assertThat(july.topDiagnoses()).containsExactly(new BehaviourService.DiagnosisCount(
                "ModuleNotFound & <friends>", 3, "Add the module under deps.pip.",
                "/marketplace/items/module-fix"));
        assertThat(july.recommendations()).extracting(Recommendation::code)
                .containsExactly("pip-install-in-commands", "diagnosis:ModuleNotFound & <friends>");
        assertThat(july.recommendations().get(1).link()).isEqualTo("/marketplace/items/module-fix");
        assertThat(months.get(1).chargeMinor()).isEqualTo(200);
        assertThat(months.get(1).recommendations()).isEmpty();

        StringWriter feed = new StringWriter();
        DigestFeed.write(dora, months, new Money("EUR", 2), "http://localhost/usage/digest", AUGUST.instant(), feed);
        Document atom = parse(feed.toString());
        Element root = atom.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo("http://www.w3.org/2005/Atom");
        assertThat(text(root, "id")).isEqualTo("urn:gantry:usage-digest:" + dora);
        assertThat(text(root, "updated")).isEqualTo("2025-08-01T00:00:00Z");
        Element entry = (Element) root.getElementsByTagNameNS("*", "entry").item(0);
        assertThat(root.getElementsByTagNameNS("*", "entry").getLength()).isEqualTo(2);
        assertThat(text(entry, "id")).isEqualTo("urn:gantry:usage-digest:" + dora + ":2025-07");
        assertThat(text(entry, "title")).isEqualTo("July 2025");
        assertThat(text(entry, "updated")).isEqualTo("2025-08-01T00:00:00Z");
        assertThat(((Element) entry.getElementsByTagNameNS("*", "link").item(0)).getAttribute("href"))
                .isEqualTo("http://localhost/usage/digest#2025-07");
        Element content = (Element) entry.getElementsByTagNameNS("*", "content").item(0);
        assertThat(content.getAttribute("type")).isEqualTo("html");
        assertThat(content.getTextContent()).isEqualTo("<p>4 jobs, 1 of 4 attempts succeeded (25 %), 2.50 CPU-hours,"
                + " 1.50 GPU-hours, charges EUR 32.50</p>"
                + "<h4>Diagnoses of failed jobs</h4><ul><li>ModuleNotFound &amp; &lt;friends&gt;: 3 jobs"
                + " (<a href=\"/marketplace/items/module-fix\">how to fix</a>)</li></ul>"
                + "<h4>Recommended for you</h4><ul><li><strong>Let deps.pip install your packages</strong>: 3 of your"
                + " jobs run pip install in their commands. List the packages under deps.pip instead: Gantry caches"
                + " the environment, so later jobs skip the install.</li>"
                + "<li><strong>Fix what keeps failing: ModuleNotFound &amp; &lt;friends&gt;</strong>: 3 of your jobs"
                + " failed with the same diagnosis, ModuleNotFound &amp; &lt;friends&gt;. Add the module under"
                + " deps.pip. Read how to avoid it: /marketplace/items/module-fix.</li></ul>");
        assertThat(feed.toString()).as("the html is escaped once more inside the XML")
                .contains("&lt;p&gt;4 jobs").contains("&amp;amp; &amp;lt;friends&amp;gt;");
    }

    @Test
    void the_feed_route_gives_the_callers_own_digest_and_no_one_elses() throws Exception {
        RestClient ann = RestClient.newUser(port, "ann");
        RestClient ben = RestClient.newUser(port, "ben");
        UsageRows rows = new UsageRows(jdbc);
        Instant lastMonth = YearMonth.now(ZoneOffset.UTC).minusMonths(1).atDay(10).atStartOfDay(ZoneOffset.UTC)
                .toInstant();
        long job = rows.job(ann.username(), "anns-job", "default", lastMonth);
        rows.attempt(job, 1, "SUCCEEDED", 0, 1, 512, 0, lastMonth.plusSeconds(60), lastMonth.plusSeconds(660));

        RestClient.Response anns = ann.get("/api/v2/usage/digest.atom");
        RestClient.Response bens = ben.get("/api/v2/usage/digest.atom?user=" + ann.username());

        assertThat(anns.status()).isEqualTo(200);
        assertThat(anns.contentType()).startsWith("application/atom+xml");
        Element annFeed = parse(anns.body()).getDocumentElement();
        assertThat(annFeed.getElementsByTagNameNS("*", "entry").getLength()).isEqualTo(1);
        assertThat(text(annFeed, "id")).endsWith(":" + ann.username());
        assertThat(bens.status()).isEqualTo(200);
        Element benFeed = parse(bens.body()).getDocumentElement();
        assertThat(text(benFeed, "id")).endsWith(":" + ben.username());
        assertThat(benFeed.getElementsByTagNameNS("*", "entry").getLength()).isZero();
        assertThat(bens.body()).doesNotContain(ann.username());
        assertThat(RestClient.anonymous(port).get("/api/v2/usage/digest.atom").status()).isEqualTo(401);
    }

    private String pricedCluster() {
        String vc = "digest-" + System.nanoTime() % 1_000_000;
        jdbc.update("insert into virtual_cluster (name) values (?)", vc);
        jdbc.update("insert into billing_price (virtual_cluster, effective_from, cpu_hour_minor, gpu_hour_minor,"
                + " memory_gb_hour_minor) values (?, ?, 100, 2000, 0)", vc, Timestamp.from(Instant.parse(
                        "2025-01-01T00:00:00Z")));
        return vc;
    }

    private void diagnosis(long jobId, String phrase, String solution, String link) {
        String body = "{\"code\":9001,\"phrase\":\"" + phrase.replace("\"", "\\\"") + "\",\"failure\":true,"
                + "\"solution\":\"" + solution + "\",\"link\":\"" + link + "\"}";
        jdbc.update("insert into job_diagnosis (job_id, job_attempt, phrase, summary, body, analysed_at)"
                + " values (?, 1, ?, ?, ?, ?)", jobId, phrase, solution, body, Timestamp.from(JULY));
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    private static String text(Element parent, String name) {
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getLocalName().equals(name)) {
                return e.getTextContent();
            }
        }
        throw new AssertionError("no " + name + " in " + parent.getLocalName());
    }
}
